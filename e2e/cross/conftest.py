"""Fixtures of the cross-engine suite: the built site, one browser per engine, and a
summary line per engine at the end of the run (engines run, paths passed, or why an
engine was skipped).

One browser (and one page) per engine serves every path in turn: WebKit takes ~10 s to
boot the app here, so the paths share a load where that changes nothing they check
(each path starts from the home screen through the UI; the reload and offline paths
reload on purpose).
"""

from __future__ import annotations

import contextlib
import os
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from selenium.webdriver.remote.webdriver import WebDriver

from e2e.cross import ui
from e2e.cross.engines import ENGINES, Found, find, launch, version, x_display
from e2e.cross.site import ProbedServer

#: The built site: _site/, or $NORDIC21_SITE (see e2e/conftest.py).
SITE = Path(os.environ.get("NORDIC21_SITE") or Path(__file__).resolve().parents[2] / "_site")


@dataclass
class Run:
    """One engine's browser and what its pages did."""

    engine: str
    driver: WebDriver
    version: str
    #: Errors the probe saw in documents already left.
    errors: list[str] = field(default_factory=list)
    #: How often a page's probe was read (so "no errors" is not an empty claim).
    probed: int = 0
    #: Firefox: console errors and uncaught errors from WebDriver BiDi (its thread
    #: appends and tells :attr:`heard`; harvest() takes them).
    console: list[str] = field(default_factory=list)
    heard: threading.Condition = field(default_factory=threading.Condition)

    def harvest(self) -> list[str]:
        """The current document's errors, added to the run's; returns them."""
        if ui.probe_loaded(self.driver):
            self.probed += 1
        found = ui.errors(self.driver)
        with self.heard:
            found += self.console
            self.console.clear()
        self.errors += found
        return found

    def hear(self, line: str) -> None:
        """Keep a line BiDi reported, and wake whoever waits for one."""
        with self.heard:
            self.console.append(line)
            self.heard.notify_all()

    def wait_console(self, found: Callable[[list[str]], bool], timeout: float) -> bool:
        """Wait until BiDi has reported lines that ``found`` accepts (no polling: its
        thread wakes this one); whether it did within ``timeout`` seconds."""
        with self.heard:
            return self.heard.wait_for(lambda: found(self.console), timeout=timeout)

    def listen(self) -> None:
        """Collect the console's errors through WebDriver BiDi (Firefox)."""

        def on_console(entry: Any) -> None:
            if getattr(entry, "level", "") == "error":
                self.hear(f"BiDi console error: {getattr(entry, 'text', entry)}")

        def on_error(entry: Any) -> None:
            self.hear(f"BiDi uncaught error: {getattr(entry, 'text', entry)}")

        self.driver.script.add_console_message_handler(on_console)
        self.driver.script.add_javascript_error_handler(on_error)


@pytest.fixture(scope="session")
def cross_site() -> Iterator[ProbedServer]:
    """The built site under /nordic21/, with the request log and the error probe."""
    if not (SITE / "index.html").is_file():
        pytest.fail("_site/ is not built: run `make site` (make test does it)")
    server = ProbedServer(SITE)
    server.start()
    yield server
    server.stop()


@pytest.fixture(scope="module", params=ENGINES)
def run(request: pytest.FixtureRequest) -> Iterator[Run]:
    """The engine's browser for every path of the module (skipped with the reason when
    the engine is not installed)."""
    engine = str(request.param)
    found = find(engine)
    if not isinstance(found, Found):
        SKIPPED[engine] = found
        pytest.skip(f"{engine}: {found}")
    with contextlib.ExitStack() as stack:
        display = stack.enter_context(x_display()) if engine == "webkit" else None
        driver = launch(found, display)
        stack.callback(driver.quit)
        current = Run(engine, driver, version(driver))
        if engine == "firefox":
            current.listen()
        VERSIONS[engine] = current.version
        yield current


#: Per engine: path -> outcome; versions of the engines that ran; skip reasons;
#: each test's path name (its docstring's first line).
RESULTS: dict[str, dict[str, str]] = {}
VERSIONS: dict[str, str] = {}
SKIPPED: dict[str, str] = {}
PATHS: dict[str, str] = {}


def pytest_configure(config: pytest.Config) -> None:
    """Selenium's WebKitGTK driver uses a deprecated argument of its own."""
    config.addinivalue_line(
        "filterwarnings", "ignore:setting remote_server_addr:DeprecationWarning"
    )


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Name each path by its test's docstring."""
    for item in items:
        doc = getattr(getattr(item, "function", None), "__doc__", None) or item.name
        PATHS[item.nodeid] = doc.strip().splitlines()[0]


def _engine_of(item_id: str) -> str | None:
    for engine in ENGINES:
        if f"[{engine}]" in item_id:
            return engine
    return None


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """Keep each path's outcome per engine (a failed setup or teardown counts)."""
    engine = _engine_of(report.nodeid)
    if engine is None:
        return
    name = PATHS.get(report.nodeid, report.nodeid)
    outcomes = RESULTS.setdefault(engine, {})
    if outcomes.get(name, "passed").startswith(("failed", "skipped")):
        return
    if report.skipped and isinstance(report.longrepr, tuple):
        outcomes[name] = f"skipped ({report.longrepr[2].removeprefix('Skipped: ')})"
    elif report.failed:
        outcomes[name] = "failed"
    elif report.when == "call":
        outcomes[name] = "passed"


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """One line per engine: which ran, which paths passed, why one was skipped."""
    if not RESULTS and not SKIPPED:
        return
    write = terminalreporter.write_line
    terminalreporter.section("cross-engine paths")
    for engine in ENGINES:
        if engine in SKIPPED:
            write(f"{engine}: skipped: {SKIPPED[engine]}")
            continue
        outcomes = RESULTS.get(engine, {})
        if not outcomes:
            continue
        passed = [n for n, o in outcomes.items() if o == "passed"]
        skipped = [
            f"{n} {o.removeprefix('skipped ')}"
            for n, o in outcomes.items()
            if o.startswith("skipped")
        ]
        failed = [n for n, o in outcomes.items() if o == "failed"]
        line = (
            f"{engine} ({VERSIONS.get(engine, '?')}): {len(passed)} of {len(outcomes)} paths passed"
        )
        if passed:
            line += f": {', '.join(passed)}"
        if skipped:
            line += f"; skipped: {', '.join(skipped)}"
        if failed:
            line += f"; FAILED: {', '.join(failed)}"
        write(line)
