"""The trimmed standard library holds what the page really imports (PyScript included),
and tracebacks of the app's own code still name its files and their lines in git."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

from playwright.sync_api import Page

from e2e.conftest import SITE, open_app
from e2e.server import SiteServer

ROOT = Path(__file__).resolve().parent.parent
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
    """A traceback names the app's own file as it is in the repository, at the line it
    has in git: a start-up module ships as bytecode only (so without the line's text),
    a game's module as its lean source (the line's text is shown, comments gone)."""
    open_app(page, site.url, "?lang=en")
    report = page.evaluate(
        IN_PYTHON,
        """
import json, traceback, web.setup
from pygame_core.twentyone import search
frames = []
for call in (lambda: web.setup.set_option(None, "x", "1"), lambda: search.choices(None, [])):
    try:
        call()
    except AttributeError as exc:
        frames.append(traceback.extract_tb(exc.__traceback__)[-1])
json.dumps([[f.filename, f.lineno, f.line] for f in frames])""",
    )
    (setup, setup_line, setup_text), (search, search_line, search_text) = json.loads(report)
    assert setup == "web/setup.py", setup
    assert "draft.fields" in (ROOT / setup).read_text("utf-8").splitlines()[setup_line - 1]
    assert not setup_text, "bytecode only: the line's number, not its text"
    assert search.endswith("/pygame_core/twentyone/search.py"), search
    in_git = (ROOT / "pygame_core/twentyone/search.py").read_text("utf-8").splitlines()
    assert search_text and search_text == in_git[search_line - 1].strip(), (search_line, in_git)
    assert "view.phase" in search_text
