"""Saves that survive Safari: the persistence request, the home-screen advice (once,
in the player's language) and the note when saves are gone."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from e2e.conftest import READY, Guard, check_guard, guard_context, open_app
from e2e.helpers import button, open_setup
from e2e.server import SiteServer

LOCALES = Path(__file__).resolve().parent.parent / "web" / "locales"
IPAD = (
    "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 "
    "(KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1"
)
#: Counts the app's persistence requests; the browser "grants" the first one.
PERSIST_SPY = """
window.__persistCalls = 0;
if (navigator.storage) {
  navigator.storage.persisted = () => Promise.resolve(false);
  navigator.storage.persist = () => { window.__persistCalls += 1; return Promise.resolve(true); };
}
"""


def text(lang: str, key: str) -> str:
    return str(json.loads((LOCALES / f"{lang}.json").read_text("utf-8"))[key])


@pytest.fixture
def ipad(browser: Browser, guard: Guard) -> Iterator[BrowserContext]:
    """A guarded context that says it is Safari on an iPad."""
    context = guard_context(
        browser.new_context(user_agent=IPAD, service_workers="block", has_touch=True), guard
    )
    yield context
    check_guard(context, guard)
    context.close()


def test_the_app_asks_for_persistent_storage_and_says_the_answer(
    page: Page, site: SiteServer
) -> None:
    page.add_init_script(PERSIST_SPY)
    open_app(page, site.url, "?lang=en")
    assert page.evaluate("window.__persistCalls") == 0, "nothing saved yet: nothing to ask for"
    expect(page.locator(".persist-status")).to_have_count(0)
    open_setup(page, site.url, "21")
    button(page, "Start").click()
    page.wait_for_function("window.__persistCalls === 1")
    button(page, "Home").click()
    expect(page.locator(".persist-status")).to_have_text(text("en", "persist.protected"))
    page.reload()
    page.wait_for_selector(READY)
    page.wait_for_function("window.__persistCalls === 1")  # saves exist: asked at start-up


def test_safari_advice_appears_once_in_the_players_language(
    ipad: BrowserContext, site: SiteServer
) -> None:
    page = ipad.new_page()
    open_app(page, site.url, "?lang=nb")
    advice = page.locator(".persist-advice")
    expect(advice).to_have_text(text("nb", "persist.advice.ios"))
    page.reload()
    page.wait_for_selector(READY)
    expect(page.get_by_role("heading", level=1)).to_have_text("Nordic 21")
    expect(advice).to_have_count(0)


def test_saves_gone_since_the_last_visit_are_explained(page: Page, site: SiteServer) -> None:
    open_app(page, site.url, "?lang=sv")
    expect(page.locator(".persist-lost")).to_have_count(0)
    # What eviction leaves: the marker that saves existed, and no saves.
    page.evaluate("localStorage.setItem('nordic21.saves.seen', '1')")
    page.reload()
    page.wait_for_selector(READY)
    expect(page.locator(".persist-lost")).to_have_text(text("sv", "persist.lost"))
    page.reload()
    page.wait_for_selector(READY)
    expect(page.locator(".persist-lost")).to_have_count(0)
