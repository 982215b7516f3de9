// Bench floor: load the app's vendored Pyodide with nothing else, run one line of
// Python, mark ready. Served at /bare/ next to the app copy at /app/.
import { loadPyodide } from "../app/vendor/pyodide/pyodide.mjs";

const indexURL = new URL("../app/vendor/pyodide/", import.meta.url).href;
const pyodide = await loadPyodide({ indexURL });
const answer = pyodide.runPython("1 + 1");
document.getElementById("status").textContent = `Python says ${answer}`;
performance.mark("bench:ready");
document.documentElement.dataset.ready = "1";
