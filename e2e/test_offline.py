"""Offline play: the service worker precaches the site; updates wait for the player."""

from __future__ import annotations

import contextlib
import shutil
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest
from playwright.sync_api import Browser, BrowserContext, BrowserType, Page, expect

from e2e.conftest import (
    CSP_PROBE,
    LOCAL_HOSTS,
    ROOT,
    SITE,
    Guard,
    check_guard,
    guard_context,
    open_app,
)
from e2e.helpers import button, open_setup
from e2e.server import SiteServer

CONTROLLED = "() => navigator.serviceWorker.controller !== null"


@pytest.fixture
def own_site(tmp_path: Path) -> Iterator[SiteServer]:
    """A private copy of the built site on its own server (tests stop or change it)."""
    root = tmp_path / "site-1"
    shutil.copytree(SITE, root)
    server = SiteServer(root).start()
    yield server
    with contextlib.suppress(OSError):  # a test may have stopped it already
        server.stop()


@pytest.fixture
def sw_context(browser: Browser, guard: Guard) -> Iterator[BrowserContext]:
    """A guarded context in which service workers run."""
    context = guard_context(browser.new_context(service_workers="allow"), guard)
    yield context
    check_guard(context, guard)
    context.close()


def start_saved_game(page: Page, url: str) -> None:
    """Start a 21 match against a bot and make one throw (so it is saved)."""
    open_setup(page, url, "21")
    button(page, "Start").click()
    button(page, "Roll").click()
    expect(page.locator(".log-list li")).not_to_have_count(0)


def continue_and_roll(page: Page) -> None:
    """Back in the saved match (a reload reopens it; from home: Continue), play on."""
    if page.locator(".stage").count() == 0:
        button(page, "Continue").first.click()
    expect(page.locator(".stage")).to_be_visible()
    if button(page, "Roll").is_enabled():
        button(page, "Roll").click()
    expect(page.locator(".log-list li")).not_to_have_count(0)


def test_reload_offline_plays_and_continues(
    sw_context: BrowserContext, own_site: SiteServer
) -> None:
    page = sw_context.new_page()
    start_saved_game(page, own_site.url)
    page.wait_for_function(CONTROLLED, timeout=60_000)
    sw_context.set_offline(True)
    page.reload()
    page.wait_for_selector("html[data-ready='1']", timeout=60_000)
    continue_and_roll(page)
    button(page, "Home").click()
    button(page, "21").click()
    button(page, "Start").click()
    button(page, "Roll").click()
    expect(page.locator(".total-value")).not_to_have_text("0")


def test_new_tab_with_the_server_stopped(sw_context: BrowserContext, own_site: SiteServer) -> None:
    page = sw_context.new_page()
    start_saved_game(page, own_site.url)
    page.wait_for_function(CONTROLLED, timeout=60_000)
    page.close()
    own_site.stop()
    fresh = sw_context.new_page()
    open_app(fresh, own_site.url, "?lang=en")
    continue_and_roll(fresh)


def rebuild_with_marker(source: Path, target: Path, marker: str) -> None:
    """A changed build: same site with a marker in index.html, and its own worker."""
    shutil.copytree(source, target)
    html = (target / "index.html").read_text()
    (target / "index.html").write_text(
        html.replace('data-ready="0"', f'data-ready="0" data-build="{marker}"')
    )
    subprocess.run(
        [
            sys.executable,
            str(ROOT / "scripts" / "build_site.py"),
            "--worker-only",
            "--out",
            str(target),
        ],
        check=True,
        capture_output=True,
    )


def test_update_is_offered_and_keeps_the_save(
    sw_context: BrowserContext, own_site: SiteServer, tmp_path: Path
) -> None:
    page = sw_context.new_page()
    start_saved_game(page, own_site.url)
    page.wait_for_function(CONTROLLED, timeout=60_000)
    before = page.locator(".log-list li").count()
    rebuild_with_marker(own_site.root, tmp_path / "site-2", "2")
    own_site.root = tmp_path / "site-2"
    page.reload()
    page.wait_for_selector("html[data-ready='1']", timeout=60_000)
    banner = page.locator("#update-banner")
    expect(banner).to_be_visible(timeout=60_000)
    assert page.locator("html").get_attribute("data-build") is None, (
        "no switch before the player says so"
    )
    page.get_by_role("button", name="Update and reload").click()
    page.wait_for_function("() => document.documentElement.dataset.build === '2'", timeout=60_000)
    page.wait_for_selector("html[data-ready='1']", timeout=60_000)
    continue_and_roll(page)
    assert page.locator(".log-list li").count() >= before


def site_file(request: str, prefix: str) -> str:
    """The site file a request line ("/nordic21/?lang=en") was for."""
    path = request.split("?")[0].split("#")[0][len(prefix) :]
    return path + "index.html" if path == "" or path.endswith("/") else path


def test_a_first_visit_downloads_each_file_once(
    browser_type: BrowserType,
    browser_type_launch_args: dict[str, Any],
    own_site: SiteServer,
    tmp_path: Path,
) -> None:
    """The page and the worker together download each file once, counted by the server:
    the worker precaches what the page already fetched from the HTTP cache
    (scripts/sw.js). A browser profile of its own, as a visitor has: Playwright's
    ordinary contexts keep their HTTP cache in memory, too small for the 10 MB wasm,
    and routing requests (the guard) turns the HTTP cache off, so the guard here
    listens instead."""
    context = browser_type.launch_persistent_context(
        tmp_path / "profile", **browser_type_launch_args, service_workers="allow"
    )
    guard = Guard()
    outside: list[str] = []
    context.on(
        "request",
        lambda request: (
            outside.append(request.url)
            if (urlparse(request.url).hostname or "") not in LOCAL_HOSTS
            and not request.url.startswith(("data:", "blob:"))
            else None
        ),
    )
    context.add_init_script(CSP_PROBE)
    context.on("page", guard.watch)
    try:
        page = context.new_page()
        start_saved_game(page, own_site.url)
        # The worker controls the page once it has activated, i.e. once all is precached.
        page.wait_for_function(CONTROLLED, timeout=60_000)
        downloads = Counter(
            site_file(path, own_site.prefix) for path, status in own_site.responses if status == 200
        )
        twice = {name: count for name, count in downloads.items() if count > 1}
        assert not twice, f"downloaded more than once: {twice}"
        site = {
            path.relative_to(own_site.root).as_posix()
            for path in own_site.root.rglob("*")
            if path.is_file() and not path.name.startswith(".")
        }
        assert set(downloads) == site, f"never downloaded: {sorted(site - set(downloads))}"
        # Offline, the whole site comes from the precache.
        context.set_offline(True)
        page.reload()
        page.wait_for_selector("html[data-ready='1']", timeout=60_000)
        continue_and_roll(page)
        assert outside == [], f"requests left the site: {outside}"
        check_guard(context, guard)
    finally:
        context.close()
