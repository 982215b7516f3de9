// The trimmed standard library the site ships: only the modules the app's closure
// needs (scripts/stdlib_closure.mjs), each precompiled to bytecode by the vendored
// Pyodide itself, so the magic number always matches the interpreter that loads it.
//
// Usage: node scripts/stdlib_zip.mjs CLOSURE_JSON OUT_ZIP
//   CLOSURE_JSON: stdlib_closure.mjs's output ({"modules": {name: entry}}).
//   Writes OUT_ZIP with every entry as `<path>.pyc` in place of `<path>.py`; zipimport
//   loads a sourceless `.pyc` found where the `.py` would be. Prints a JSON summary.
//
// Why bytecode: most of Python's start-up in the page is compiling standard-library
// sources (RUNTIME.md, 2026-12-01: trimmed sources alone were no faster; precompiled,
// ready went to ~0.6x of the bare page). Why optimize=2 (no docstrings, no asserts,
// as `python -OO` runs the standard library): docstrings are a third of the bytecode
// and nothing the app runs reads a standard-library docstring (the closure script and
// the e2e suites run on this very zip). The pycs are unchecked-hash pycs: no file
// times inside, so the same sources give the same bytes.
import { readFileSync } from "node:fs";
import { dirname, resolve, basename } from "node:path";
import { loadPyodide } from "pyodide";

const [closureFile, outZip] = process.argv.slice(2);
if (!closureFile || !outZip) {
  console.error("usage: node scripts/stdlib_zip.mjs CLOSURE_JSON OUT_ZIP");
  process.exit(2);
}
const closure = JSON.parse(readFileSync(closureFile, "utf8"));
// No column ranges in the bytecode (PYTHONNODEBUGRANGES, as `python -X no_debug_ranges`):
// a traceback still names each line, without the ^^^ under the expression, and the
// location tables are a large part of every code object.
const pyodide = await loadPyodide({ env: { PYTHONNODEBUGRANGES: "1" } });
pyodide.mountNodeFS("/out", resolve(dirname(outZip)));
pyodide.globals.set("entries", JSON.stringify(Object.values(closure.modules)));
pyodide.globals.set("target", "/out/" + basename(outZip));
const summary = pyodide.runPython(`
import importlib.util, json, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

zip_path = next(p for p in sys.path if p.endswith(".zip"))
wanted = sorted(set(json.loads(entries)))
out_bytes = 0
with zipfile.ZipFile(zip_path) as full, zipfile.ZipFile(
    target, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9
) as out:
    for entry in wanted:
        if not entry.endswith(".py"):
            raise SystemExit(f"not a source module: {entry}")
        source = full.read(entry)
        # The file name tracebacks show: where the module lives in the page.
        code = compile(source, f"{zip_path}/{entry}", "exec", dont_inherit=True, optimize=2)
        data = _code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False)
        info = zipfile.ZipInfo(entry + "c", (2026, 1, 1, 0, 0, 0))
        info.compress_type = zipfile.ZIP_DEFLATED
        info.external_attr = 0o644 << 16
        out.writestr(info, bytes(data))
        out_bytes += len(data)
json.dumps({"modules": len(wanted), "bytecode_bytes": out_bytes})
`);
console.log(summary);
