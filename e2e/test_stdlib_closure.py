"""The trimmed standard library holds what the page really imports (PyScript included),
and tracebacks of the app's own code still name its files and lines."""

from __future__ import annotations

import json
import zipfile

from playwright.sync_api import Page

from e2e.conftest import SITE, open_app
from e2e.server import SiteServer

#: Evaluated in the page: Python's answer, through the interpreter web/runtime.mjs made.
IN_PYTHON = """async (code) => {
  const runtime = await import('./web/runtime.mjs');
  const pyodide = await runtime.startEarly();
  return pyodide.runPython(code);
}"""


def test_every_module_the_page_loaded_is_in_the_shipped_zip(page: Page, site: SiteServer) -> None:
    open_app(page, site.url, "?lang=en")
    loaded = page.evaluate(
        IN_PYTHON,
        """
import json, sys
root = next(p for p in sys.path if p.endswith(".zip")) + "/"
json.dumps(sorted(
    m.__file__[len(root):] for m in list(sys.modules.values())
    if (getattr(m, "__file__", None) or "").startswith(root)
    and getattr(m.__spec__, "origin", None) != "frozen"
))""",
    )
    shipped = set(zipfile.ZipFile(SITE / "vendor" / "pyodide" / "python_stdlib.zip").namelist())
    assert shipped, "the stdlib zip is empty"
    assert all(name.endswith(".pyc") for name in shipped), "the stdlib ships precompiled"
    names = json.loads(loaded)
    assert "asyncio/__init__.pyc" in names and "html/entities.pyc" in names, names
    assert set(names) <= shipped


def test_tracebacks_name_the_apps_own_files_and_lines(page: Page, site: SiteServer) -> None:
    """Whether a module was loaded from shipped bytecode or compiled in the page, a
    traceback shows its real file, line number and source line."""
    open_app(page, site.url, "?lang=en")
    report = page.evaluate(
        IN_PYTHON,
        """
import json, traceback, web.setup
try:
    web.setup.set_option(None, "x", "1")
except Exception as exc:
    frame = [f for f in traceback.extract_tb(exc.__traceback__) if "/web/" in f.filename][-1]
with open(frame.filename, encoding="utf-8") as source:
    real = source.read().splitlines()[frame.lineno - 1].strip()
json.dumps([frame.filename, frame.lineno, frame.line, real])""",
    )
    filename, lineno, shown, real = json.loads(report)
    assert filename.endswith("/web/setup.py"), filename
    assert shown and shown == real, (lineno, shown, real)
