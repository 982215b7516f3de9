"""A shared deal in the real built site (#26): the review of a finished match shows its
deal as a code and a link; opened in a second browser context (another device: its own
storage) it deals the same first cards to the same seats; a broken code is answered on
the home screen in words and changes nothing."""

from __future__ import annotations

import json

from playwright.sync_api import Browser, Page, expect

from e2e.conftest import (
    READY,
    READY_TIMEOUT_MS,
    Guard,
    check_guard,
    guard_context,
    open_app,
    shoot,
)
from e2e.helpers import finished_match
from e2e.server import SiteServer
from pygame_core.review import Match, load_match

#: The person's cards in hand (Twenty One: a button per card, its name for the reader).
HAND_JS = """() => [...document.querySelectorAll('.card-button .sr-only')]
    .map((e) => e.textContent.trim())"""


def match_on_table(page: Page) -> Match:
    """The match in progress, from the page's own save (the history holds others)."""
    raw = page.evaluate(
        "() => Object.keys(localStorage).filter(k => k.startsWith('nordic21.game.'))"
        ".map(k => localStorage.getItem(k))"
    )
    assert len(raw) == 1, raw
    return load_match(json.loads(raw[0])["game"])


def first_hand(page: Page) -> list[str]:
    """Start the deal's setup on screen and read the person's first cards."""
    expect(page.locator(".deal-note")).to_be_visible()
    page.locator('#app [data-action="start-game"]').click()
    page.wait_for_function(f"({HAND_JS})().length > 0", timeout=READY_TIMEOUT_MS)
    hand: list[str] = page.evaluate(HAND_JS)
    return hand


def test_a_shared_deal_deals_the_same_first_cards_in_another_context(
    page: Page, site: SiteServer, browser: Browser
) -> None:
    saved_id, key, entry = finished_match("twentyone")
    page.add_init_script(f"localStorage.setItem({json.dumps(key)}, {json.dumps(entry)})")
    open_app(page, site.url, f"?lang=en#/review/{saved_id}")
    code_field = page.locator("#share-code")
    expect(code_field).to_be_visible()
    code = code_field.input_value()
    assert code.startswith("N21-") and len(code) <= 40, code  # the short form (issue 48)
    shoot(page, "review-share-deal")
    # this device: the review's own link opens the same deal
    page.get_by_role("link", name="Open this deal").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Twenty One")
    here = first_hand(page)
    here_match = match_on_table(page)

    guard = Guard()
    other = guard_context(browser.new_context(service_workers="block"), guard)
    try:
        there_page = other.new_page()
        there_page.goto(site.url + f"?lang=en#deal={code}")
        there_page.wait_for_selector(READY, timeout=READY_TIMEOUT_MS)
        there = first_hand(there_page)
        there_match = match_on_table(there_page)
        shoot(there_page, "shared-deal-second-device")
    finally:
        check_guard(other, guard)
        other.close()
    assert here and here == there, (here, there)
    assert (there_match.config, there_match.seed) == (here_match.config, here_match.seed)
    assert there_match.states[0] == here_match.states[0]


def test_a_broken_deal_link_is_answered_in_words(page: Page, site: SiteServer) -> None:
    open_app(page, site.url, "?lang=sv#deal=N21-1-twentyone-nope")
    expect(page.locator(".notice")).to_have_text(
        "Det här är ingen givkod från Nordic 21. Kontrollera att hela koden kom med."
    )
    expect(page.locator(".tiles")).to_be_visible()
    assert page.evaluate("location.hash") == ""
