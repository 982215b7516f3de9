"""What a person must see without scrolling (issue 48): a round's end with its Continue
when the history was opened during the hand (a phone, Danish Tjugoett), and the coach's
advice with the kept dice beside the move buttons (21 on a phone, 41 at 768x1024).

The boxes are measured as the page lays them out; the test never scrolls. Screenshots
go to ``/tmp/n21-fold-shots/`` (or ``$NORDIC21_FOLD_SHOTS``).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from e2e.conftest import open_app
from e2e.helpers import (
    button,
    move_css,
    open_setup,
    patches,
    resize,
    set_seats,
    settle,
    tap,
    wait_patched,
    wait_turn,
)
from e2e.server import SiteServer
from e2e.shots import BANKER_MOVES

SHOTS = Path(os.environ.get("NORDIC21_FOLD_SHOTS", "/tmp/n21-fold-shots"))

#: Where each box of ``selector`` lies against the window: "inside" when wholly in the
#: window and seen there (the points near its corners and its centre hit it: not
#: clipped by a scrolled panel, not under another element).
IN_VIEW_JS = """(selector) => [...document.querySelectorAll(selector)].map(el => {
  const r = el.getBoundingClientRect();
  const inWindow = r.height > 0 && r.top >= 0 && r.left >= 0
    && r.bottom <= window.innerHeight && r.right <= window.innerWidth;
  const points = [[r.left + 2, r.top + 2], [r.right - 2, r.bottom - 2],
                  [(r.left + r.right) / 2, (r.top + r.bottom) / 2]];
  const seen = inWindow && points.every(([x, y]) => {
    const hit = document.elementFromPoint(x, y);
    return hit !== null && (el.contains(hit) || hit.contains(el));
  });
  return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, inside: seen};
})"""


def in_view(page: Page, selector: str) -> list[dict[str, object]]:
    boxes = page.evaluate(IN_VIEW_JS, selector)
    assert boxes, f"nothing on the page matches {selector}"
    return list(boxes)


def assert_in_view(page: Page, selector: str) -> None:
    boxes = in_view(page, selector)
    height = page.evaluate("() => window.innerHeight")
    assert all(box["inside"] for box in boxes), f"{selector} not in view (window {height}): {boxes}"


def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def test_a_round_end_shows_its_headline_and_continue_with_the_history_open(
    page: Page, site: SiteServer
) -> None:
    """390x844, Danish Tjugoett, a person and two bots: the person opens the history
    during the hand and plays on to the round's end; the moment's headline and its
    Continue are in the window, without the test scrolling."""
    page.set_viewport_size({"width": 390, "height": 844})
    page.add_init_script("try { localStorage.setItem('nordic21.speed', 'fast') } catch (e) {}")
    open_app(page, site.url, "?lang=da&seed=3")
    button(page, "Tjugoett").click()
    rows = page.locator(".seat-row")
    kinds = ["human", "medium", "easy"]
    while rows.count() > len(kinds):
        rows.last.get_by_role("button").last.click()
    for index, kind in enumerate(kinds):
        rows.nth(index).get_by_role("combobox").select_option(kind)
    button(page, "Start").click()
    opened = False
    for _ in range(40):
        state = wait_turn(page)
        if state == "moment":
            break
        assert state == "turn", state
        if not opened:
            page.locator(".history-summary").click()  # a native drawer: no redraw
            page.wait_for_function("() => document.querySelector('details.history').open")
            opened = True
        # Ann moves, then reads the history to its end while the bots play: her tap
        # is made where the page stands (the log in view), as if she scrolled down after
        page.locator(".history .log-list").evaluate("el => el.scrollIntoView(false)")
        move = next(
            page.locator(move_css(kind)).first
            for kind in BANKER_MOVES
            if page.locator(move_css(kind)).count()
        )
        before = patches(page)
        move.evaluate("el => el.click()")
        wait_patched(page, before)
    else:
        raise AssertionError("no round's end")
    assert opened, "the history was opened during the hand"
    settle(page)
    shot(page, "moment-history-390x844-da")
    assert_in_view(page, '[data-action="moment-seen"]')
    assert_in_view(page, ".moment-panel .turn-banner")


def start_dice(page: Page, site: SiteServer, game: str, width: int, height: int) -> None:
    """``game`` ("21" or "41") with the coach on, Ann against a bot, at this size."""
    page.set_viewport_size({"width": width, "height": height})
    page.add_init_script("try { localStorage.setItem('nordic21.coach', 'on') } catch (e) {}")
    open_setup(page, site.url, game, "?lang=en&seed=5")
    set_seats(page, [("Ann", "human"), ("Bo", "medium")])
    button(page, "Start").click()


@pytest.mark.parametrize("size", [(390, 844), (768, 1024), (1024, 768)])
def test_the_coach_is_in_view_with_the_move_buttons_in_21(
    page: Page, site: SiteServer, size: tuple[int, int]
) -> None:
    """21, coach on: at Ann's turn (her first throw made), the coach's advice and the
    move buttons are in the window together."""
    start_dice(page, site, "21", *size)
    assert wait_turn(page, through_moments=True) == "turn"
    tap(page, page.locator(move_css("Roll")))
    assert wait_turn(page, through_moments=True) == "turn"
    expect(page.locator(".coach .coach-say")).to_be_visible()
    settle(page)
    shot(page, f"coach-21-{size[0]}x{size[1]}")
    assert_in_view(page, ".coach")
    assert_in_view(page, move_css("Roll"))
    assert_in_view(page, move_css("Stop"))


@pytest.mark.parametrize("size", [(768, 1024), (390, 844), (1024, 768)])
def test_the_coach_and_the_kept_dice_are_in_view_in_41(
    page: Page, site: SiteServer, size: tuple[int, int]
) -> None:
    """41, coach on: once Ann has set a die aside, at her next choice the thrown dice,
    the coach's advice and the dice set aside are in the window together."""
    start_dice(page, site, "41", *size)
    assert wait_turn(page, through_moments=True) == "turn"
    tap(page, page.locator(".die-button:not([disabled])").first)
    assert wait_turn(page, through_moments=True) == "turn"
    expect(page.locator(".set-aside .dice.kept")).to_be_visible()
    expect(page.locator(".coach .coach-say")).to_be_visible()
    settle(page)
    shot(page, f"coach-41-{size[0]}x{size[1]}")
    assert_in_view(page, ".coach")
    assert_in_view(page, ".set-aside .dice.kept")
    assert_in_view(page, ".die-button:not([disabled])")


HAND_JS = """(sel) => [...document.querySelectorAll(sel)].map(el => el.dataset.key)"""


def test_after_a_swap_the_swapper_sees_the_new_cards_then_the_cover(
    page: Page, site: SiteServer
) -> None:
    """Twenty One, Ann and Bo at one device with a bot: after a swap the swapper's own
    frame shows the new cards with "Done"; only then the cover for the next person, and
    the cover holds no card."""
    page.set_viewport_size({"width": 1024, "height": 768})
    open_setup(page, site.url, "Twenty One", "?lang=en&seed=3")
    set_seats(page, [("Ann", "human"), ("Bo", "human"), ("Cy", "medium")])
    button(page, "Start").click()
    for _ in range(60):
        state = wait_turn(page)
        if state == "cover":
            tap(page, '[data-action="show-cards"]')
            continue
        if state == "moment":
            tap(page, '[data-action="moment-seen"]')
            continue
        assert state == "turn", state
        if page.locator(move_css("OpenExchange")).count():
            tap(page, page.locator(move_css("OpenExchange")))
            continue
        if not page.locator(move_css("Swap", enabled=False)).count():
            raise AssertionError("no swap came to a person")
        before = page.evaluate(HAND_JS, ".my-hand .card-button")
        tap(page, page.locator(".card-button:not([disabled])").first)
        tap(page, page.locator(move_css("Swap")).first)
        break
    else:
        raise AssertionError("no swap")
    own = page.locator('.moment-panel[data-moment="own"]')
    expect(own).to_be_visible()
    expect(own.locator(".turn-banner")).to_contain_text("here are your new cards")
    expect(button(page, "Done")).to_be_visible()
    expect(page.locator(".guide-text")).to_have_text(
        "Only you see your new cards now. Tap Done once you have seen them."
    )
    after = page.evaluate(HAND_JS, ".own-hand [data-key^='card-']")
    assert len(after) == len(before) and set(after) != set(before), (before, after)
    settle(page)
    shot(page, "own-cards-after-swap-1024x768")
    resize(page, 390, 844)
    shot(page, "own-cards-after-swap-390x844")
    assert_in_view(page, '[data-action="moment-seen"]')
    tap(page, button(page, "Done"))
    state = wait_turn(page)
    if state == "cover":
        assert page.locator("[data-key^='card-']").count() == 0, "the cover shows no card"
    else:
        assert not set(page.evaluate(HAND_JS, "[data-key^='card-']")) & set(after)
