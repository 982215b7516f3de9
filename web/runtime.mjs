// The interpreter module PyScript loads (`interpreter` in pyscript.toml): the vendored
// Pyodide, started as early as the page allows.
//
// PyScript imports its interpreter only after its own chunks, pyscript.toml and the
// TOML parser have arrived, about 300 ms into a load. index.html also loads this module
// as an async script, which starts Pyodide as soon as the module arrives, so the
// runtime downloads, compiles and boots while PyScript gets ready; PyScript's
// loadPyodide() then picks up that same instance and connects its stdout/stderr to it.
// The module is shared (one URL, one instance). If the early start fails, PyScript
// gets the same failure when it asks, and reports it.
import { loadPyodide as load, version } from "../vendor/pyodide/pyodide.mjs";

export { version };

let early = null;

/** Start Pyodide (once); resolves to the interpreter. */
export function startEarly() {
  early ??= (performance.mark("nordic21:runtime-start"), load()).then((pyodide) => {
    performance.mark("nordic21:runtime-ready");
    return pyodide;
  });
  return early;
}

/**
 * What PyScript calls: the early interpreter, with PyScript's output handlers. PyScript
 * also passes `indexURL` (Pyodide finds its files next to pyodide.mjs anyway) and, only
 * when pyscript.toml lists packages, package options: the app has none, so a config
 * that asks for packages is refused here rather than silently ignored.
 */
export async function loadPyodide(options = {}) {
  performance.mark("nordic21:pyscript-asks");
  if (options.packages || options.lockFileURL || options.lockFileContents) {
    throw new Error("web/runtime.mjs starts Pyodide without packages: load them from Python");
  }
  const pyodide = await startEarly();
  if (options.stdout) pyodide.setStdout({ batched: options.stdout });
  if (options.stderr) pyodide.setStderr({ batched: options.stderr });
  return pyodide;
}

startEarly().catch(() => {});
