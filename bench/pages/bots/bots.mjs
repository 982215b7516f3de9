// Bench page: Pyodide plus the app zip plus bench/decisions.py; Playwright calls
// window.benchCall('{"fn": ..., "kwargs": {...}}') and gets JSON back.
import { loadPyodide } from "../app/vendor/pyodide/pyodide.mjs";

const indexURL = new URL("../app/vendor/pyodide/", import.meta.url).href;
const [pyodide, zip, source] = await Promise.all([
  loadPyodide({ indexURL }),
  fetch("../app/app/nordic21.zip").then((r) => r.arrayBuffer()),
  fetch("./decisions.py").then((r) => r.text()),
]);
pyodide.unpackArchive(zip, "zip", { extractDir: "/home/pyodide/app" });
pyodide.FS.mkdirTree("/home/pyodide/benchlib");
pyodide.FS.writeFile("/home/pyodide/benchlib/decisions.py", source);
pyodide.runPython("import sys\nsys.path[:0] = ['/home/pyodide/app', '/home/pyodide/benchlib']");
const decisions = pyodide.pyimport("decisions");
window.benchCall = (request) => decisions.call_json(request);
window.benchInfo = {
  pyodide: pyodide.version,
  crossOriginIsolated: self.crossOriginIsolated,
};
document.getElementById("status").textContent = "Ready";
window.__botsReady = true;
