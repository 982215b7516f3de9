"""Fixtures of the browser tests: the built site, Chromium, and guards on every page.

Every test gets a page whose context aborts (and records) any request to a host other
than this machine, and fails the test on a console error, an uncaught page error or a
Content-Security-Policy violation.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest
from playwright.sync_api import BrowserContext, Page, Route

from e2e.browser import CHROMIUM_ARGS, system_chromium
from e2e.server import SiteServer

# The browsers' own stderr reaches a failed test's report (see e2e/browser.py); set
# before Playwright's driver starts, which reads it once.
os.environ.setdefault("DEBUG", "pw:browser")

ROOT = Path(__file__).resolve().parent.parent
# The shared test doubles (scripts/doubles.py) are imported as ``doubles``, as in the
# unit tests and the bench: their folder is on the path (see that module's docstring).
if str(ROOT / "scripts") not in sys.path:
    sys.path.insert(0, str(ROOT / "scripts"))
#: The built site the tests serve: _site/ (``make site``), or $NORDIC21_SITE, a build of
#: its own (``make site SITE=/tmp/n21-site``) while another job rebuilds _site/.
SITE = Path(os.environ.get("NORDIC21_SITE") or ROOT / "_site")
ARTIFACTS = ROOT / "e2e" / "artifacts"
LOCAL_HOSTS = {"127.0.0.1", "localhost"}
READY = "html[data-ready='1']"
#: No browser test may hang a run: one still running after this long fails with where
#: it stood (pytest-timeout). Playwright's waits have timeouts, but ``page.evaluate`` of
#: a promise that never settles has none of its own.
TEST_TIMEOUT_S = 900
#: Python start-up in a cold headless Chromium on 2 cores takes a few seconds.
READY_TIMEOUT_MS = int(os.environ.get("NORDIC21_READY_TIMEOUT_MS", "60000"))

# Records CSP violations from the first moment of every document.
CSP_PROBE = """
window.__cspViolations = [];
document.addEventListener('securitypolicyviolation', (e) => {
  window.__cspViolations.push(e.violatedDirective + ' ' + e.blockedURI);
});
"""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every browser test without a timeout of its own gets :data:`TEST_TIMEOUT_S`."""
    for item in items:
        if item.get_closest_marker("timeout") is None:
            item.add_marker(pytest.mark.timeout(TEST_TIMEOUT_S))


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """Use the system Chromium with the flags it needs here."""
    args = {**browser_type_launch_args, "args": CHROMIUM_ARGS}
    path = system_chromium()
    if path:
        args["executable_path"] = path
    return args


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    """Service workers stay out of the tests that are not about them (test_offline.py
    opens its own contexts that allow them), so every other test starts cold and alike."""
    return {**browser_context_args, "service_workers": "block"}


@pytest.fixture(scope="session")
def site() -> Iterator[SiteServer]:
    """The built site served under /nordic21/ (as on GitHub Pages)."""
    if not (SITE / "index.html").is_file():
        pytest.fail("_site/ is not built: run `make site` (make test does it)")
    server = SiteServer(SITE).start()
    yield server
    server.stop()


class Guard:
    """What the page did that it must not."""

    def __init__(self) -> None:
        self.outside: list[str] = []
        self.errors: list[str] = []

    def route(self, route: Any) -> None:
        host = urlparse(route.request.url).hostname or ""
        if route.request.url.startswith(("data:", "blob:")) or host in LOCAL_HOSTS:
            route.continue_()
        else:
            self.outside.append(route.request.url)
            route.abort()

    def watch(self, page: Page) -> None:
        page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: self.errors.append(f"page error: {e}"))


@pytest.fixture
def guard() -> Guard:
    """The record of forbidden behaviour of this test's pages."""
    return Guard()


def guard_context(context: BrowserContext, guard: Guard) -> BrowserContext:
    """Make every page of ``context`` report to ``guard``."""
    context.route("**/*", guard.route)
    context.add_init_script(CSP_PROBE)
    context.on("page", guard.watch)
    return context


def check_guard(context: BrowserContext, guard: Guard) -> None:
    """No outside request, no console error, no CSP violation in any page."""
    violations: list[str] = []
    for p in context.pages:
        try:
            violations += p.evaluate("window.__cspViolations || []")
        except Exception:  # a page that is closing has nothing left to report
            continue
    assert guard.outside == [], f"requests left the site: {guard.outside}"
    assert guard.errors == [], f"console errors: {guard.errors}"
    assert violations == [], f"CSP violations: {violations}"


@pytest.fixture
def context(context: BrowserContext, guard: Guard) -> BrowserContext:
    """Every page of the context is guarded."""
    return guard_context(context, guard)


@pytest.fixture
def page(context: BrowserContext, guard: Guard) -> Iterator[Page]:
    """A guarded page; after the test: no outside request, no error, no CSP violation."""
    page = context.new_page()
    yield page
    check_guard(context, guard)


def open_app(page: Page, url: str, query: str = "") -> Page:
    """Load the app and wait until Python says it is ready."""
    page.goto(url + query)
    page.wait_for_selector(READY, timeout=READY_TIMEOUT_MS)
    return page


def shoot(page: Page, name: str) -> Path:
    """Keep a screenshot as a test artifact."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


class HeldZip:
    """Holds back the app zip, so Python cannot start until the test lets it."""

    def __init__(self, page: Page) -> None:
        self.routes: list[Route] = []
        self.released = False
        page.route("**/app/nordic21.zip*", self.hold)

    def hold(self, route: Route) -> None:
        if self.released:
            route.continue_()
        else:
            self.routes.append(route)

    def release(self) -> None:
        """Let the zip through, whether PyScript asked for it already or asks later."""
        self.released = True
        for route in self.routes:
            route.continue_()
        self.routes.clear()


@pytest.fixture
def held(page: Page) -> Iterator[HeldZip]:
    """The app zip held back until the test calls ``held.release()`` (or ends)."""
    hold = HeldZip(page)
    yield hold
    hold.release()
