// Precompile the Python that the app imports at start-up, for the Pyodide it ships with,
// so the browser loads bytecode instead of compiling those modules on every start.
// The compiler is the vendored Pyodide itself, run in Node, so the bytecode always
// matches the interpreter. The modules are found by importing the app's entry module
// here (importing runs no app code: `start()` is only called by web/main.py).
//
// Usage: node scripts/pyc.mjs DIR MODULE
//   DIR holds the packages (as they go into the zip); MODULE is the entry, e.g. web.app.
//   Writes DIR/**/<module>.pyc beside <module>.py for every module of DIR that MODULE
//   imports (the zip ships the .pyc in place of the source: Python imports a sourceless
//   .pyc found where the .py would be), and
//   prints on stdout, as JSON, {"pyc": their paths relative to DIR, "order": the
//   modules' names in the order their imports finished (each after what it imports,
//   but for import cycles): web/main.py imports them in that order, a few at a time.
import { resolve } from "node:path";
import { loadPyodide } from "pyodide";

const [dir, entry] = process.argv.slice(2);
if (!dir || !entry) {
  console.error("usage: node scripts/pyc.mjs DIR MODULE");
  process.exit(2);
}
// No column ranges in the bytecode (PYTHONNODEBUGRANGES, as `python -X no_debug_ranges`):
// a traceback still names each line, without the ^^^ under the expression, and the
// location tables are a large part of every code object.
const pyodide = await loadPyodide({ env: { PYTHONNODEBUGRANGES: "1" } });
pyodide.mountNodeFS("/src", resolve(dir));
pyodide.globals.set("entry", entry);
// Unchecked hash-based pycs (no file times inside: the same sources give the same bytes).
// Each names its module by its path in the repository (web/app.py): a traceback from the
// page gives that file and the line, which the lean sources kept (lean_source.py).
const written = pyodide.runPython(`
import importlib, importlib.machinery, importlib.util, json, py_compile, sys
from pathlib import Path

sys.dont_write_bytecode = True
sys.path.insert(0, "/src")
finished = []


class Recorder:
    """Finds the modules under /src as the path finder does, noting each one whose
    import has finished."""

    def find_spec(self, name, path=None, target=None):
        spec = importlib.machinery.PathFinder.find_spec(name, path, target)
        if spec is None or not (spec.origin or "").startswith("/src/"):
            return None
        run = spec.loader.exec_module

        def exec_module(module):
            run(module)
            finished.append(module.__name__)

        spec.loader.exec_module = exec_module
        return spec


sys.meta_path.insert(0, Recorder())
importlib.import_module(entry)
out = []
for name, module in sorted(sys.modules.items()):
    origin = getattr(module, "__file__", None) or ""
    if not origin.startswith("/src/") or not origin.endswith(".py"):
        continue
    target = origin + "c"
    py_compile.compile(
        origin, cfile=target, dfile=str(Path(origin).relative_to("/src")), doraise=True,
        invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH,
    )
    out.append(str(Path(target).relative_to("/src")))
json.dumps({"pyc": out, "order": finished})
`);
console.log(written);
