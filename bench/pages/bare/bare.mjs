// Bench floor: load the stock vendored Pyodide (npm's files as they are, the whole
// standard library; the app ships a trimmed one) with nothing else, run one line of
// Python, mark ready. Served at /bare/, the runtime at /pyodide/.
import { loadPyodide } from "../pyodide/pyodide.mjs";

const indexURL = new URL("../pyodide/", import.meta.url).href;
const pyodide = await loadPyodide({ indexURL });
const answer = pyodide.runPython("1 + 1");
document.getElementById("status").textContent = `Python says ${answer}`;
performance.mark("bench:ready");
document.documentElement.dataset.ready = "1";
