// Diagnostic page: what the app's own Python costs on top of the bare runtime.
// Phases (ms from navigation start) go to window.__benchPhases.
import { loadPyodide } from "../app/vendor/pyodide/pyodide.mjs";

const phases = { script: performance.now() };
const indexURL = new URL("../app/vendor/pyodide/", import.meta.url).href;
// Fetch the app zip while the runtime loads, as PyScript could.
const zip = fetch("../app/app/nordic21.zip").then((r) => r.arrayBuffer());
const pyodide = await loadPyodide({ indexURL });
phases.runtime = performance.now();
pyodide.unpackArchive(await zip, "zip", { extractDir: "/home/pyodide" });
phases.unpacked = performance.now();
pyodide.runPython(
  "import sys\nif '/home/pyodide' not in sys.path: sys.path.insert(0, '/home/pyodide')\nimport web.app"
);
phases.imported = performance.now();
pyodide.runPython("import web.main");  // start(): renders the home screen, sets data-ready
phases.started = performance.now();
window.__benchPhases = phases;
