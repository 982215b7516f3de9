// Which standard-library modules the app needs: run every app code path
// (scripts/stdlib_closure.py) in the vendored Pyodide under Node, then read sys.modules.
//
// Usage: node scripts/stdlib_closure.mjs APP_DIR [STDLIB_ZIP]
//   APP_DIR holds pygame_core/ and web/ (the app zip's contents); STDLIB_ZIP is the
//   standard library to boot with (default: the vendored full one). With the trimmed
//   zip the build ships, any import the app would fail on in the field fails here.
// Prints one JSON line: {"modules": {name: zip entry}, "played": actions}. The
// entries are paths inside the stdlib zip of every module loaded from it, Pyodide's
// own bootstrap included (most of the closure: asyncio, zipfile, ...).
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const here = dirname(fileURLToPath(import.meta.url));
const [appDir, stdlib] = process.argv.slice(2);
if (!appDir) {
  console.error("usage: node scripts/stdlib_closure.mjs APP_DIR [STDLIB_ZIP]");
  process.exit(2);
}

// web/storage.py talks to window.localStorage; Node has none, so give it a plain one.
const items = new Map();
globalThis.localStorage = {
  getItem: (k) => (items.has(k) ? items.get(k) : null),
  setItem: (k, v) => void items.set(k, String(v)),
  removeItem: (k) => void items.delete(k),
  key: (i) => [...items.keys()][i] ?? null,
  get length() { return items.size; },
};

const pyodide = await loadPyodide(stdlib ? { stdLibURL: resolve(stdlib) } : {});
pyodide.setStdout({ batched: (line) => console.error(line) });
pyodide.mountNodeFS("/app", resolve(appDir));
pyodide.mountNodeFS("/closure", here);
let result;
try {
result = await pyodide.runPythonAsync(`
import json, sys
sys.dont_write_bytecode = True
sys.path[:0] = ["/app", "/closure"]
import stdlib_closure
played = await stdlib_closure.run()
# What PyScript's own start-up imports in the page besides the above (measured in
# Chromium, sys.modules after ready; e2e/test_stdlib_closure.py checks the page).
import html, html.entities, encodings.cp437
sys.path[:2] = []
zip_root = next(p for p in sys.path if p.endswith(".zip")) + "/"
modules = {}
for name, module in sorted(sys.modules.items()):
    origin = getattr(module, "__file__", None) or ""
    # Frozen modules (site, os, codecs...) are in the interpreter, not read from the zip,
    # though their __file__ names a path in it.
    spec = getattr(module, "__spec__", None)
    if origin.startswith(zip_root) and getattr(spec, "origin", None) != "frozen":
        modules[name] = origin[len(zip_root):]
json.dumps({"modules": modules, "played": played})
`);
} catch (error) {
  // A Python error's message is its traceback; the JS stack around it (minified
  // Pyodide source) would bury it.
  console.error(error.message ?? String(error));
  process.exit(1);
}
// The stdlib zip that was used, so a caller can check it booted the one it meant.
readFileSync(stdlib ? resolve(stdlib) : resolve(here, "../node_modules/pyodide/python_stdlib.zip"));
console.log(result);
