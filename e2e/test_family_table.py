"""What a family still tripped over at the table (issue 48): a second tap on Roll that
was lost, the own seat's plate, the take-back after a bot's move, the round's end under
an opened History, the coach and the kept dice below the fold, Twenty One's new cards
after a swap, and the English bar at 768.

Each test waits on what the page says (``data-patched``, ``data-later``, the buttons on
screen), never on time.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect

from e2e.conftest import check_guard, guard_context
from e2e.helpers import (
    button,
    move_css,
    open_setup,
    patches,
    quiet,
    saved_match,
    set_seats,
    settle,
    tap,
    wait_patched,
    wait_turn,
)
from e2e.server import SiteServer
from e2e.test_card_play import banker_move


def throws(page: Page) -> int:
    """How many times the dice were thrown in the match, from the page's own save."""
    return sum(type(a).__name__ == "Roll" for a in saved_match(page).actions)


def centre(target: Locator) -> tuple[float, float]:
    box = target.bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def start_21(page: Page, site: SiteServer) -> Locator:
    """21 against a bot, Ann to throw first (seed 5): the Roll button."""
    open_setup(page, site.url, "21", "?lang=en&seed=5")
    set_seats(page, [("Ann", "human"), ("Bot", "medium")])
    button(page, "Start").click()
    roll = page.locator(move_css("Roll"))
    expect(roll).to_be_enabled()
    settle(page)
    return roll


def test_a_second_tap_on_roll_after_the_roll_is_drawn_throws_again(
    page: Page, site: SiteServer
) -> None:
    roll = start_21(page, site)
    before = patches(page)
    x, y = centre(roll)
    page.mouse.click(x, y)
    wait_patched(page, before)
    settle(page)  # the die has landed: the person sees the roll
    assert throws(page) == 1
    # the browser counts a click soon after the last one as its second (event.detail 2)
    before = patches(page)
    page.mouse.down(click_count=2)
    page.mouse.up(click_count=2)
    wait_patched(page, before, timeout=10_000)
    assert throws(page) == 2, "the second deliberate tap threw the die"
    # a double tap whose second tap (the browser counts it: detail 2) comes before the
    # first one's answer could be painted: one throw
    settle(page)
    page.evaluate(
        """(sel) => {
          const b = document.querySelector(sel);
          for (const detail of [1, 2]) {
            b.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, detail }));
          }
        }""",
        move_css("Roll"),
    )
    settle(page)
    assert throws(page) == 3, "a double tap before the answer showed throws once"


@pytest.fixture
def phone(browser: Browser, guard) -> Iterator[BrowserContext]:  # type: ignore[no-untyped-def]
    """A guarded phone: 390x844, touch."""
    context = guard_context(
        browser.new_context(
            viewport={"width": 390, "height": 844},
            has_touch=True,
            is_mobile=True,
            service_workers="block",
        ),
        guard,
    )
    yield context
    check_guard(context, guard)
    context.close()


def test_two_taps_on_roll_on_a_phone_give_two_throws(
    phone: BrowserContext, site: SiteServer
) -> None:
    page = phone.new_page()
    roll = start_21(page, site)
    for count in (1, 2):
        roll.scroll_into_view_if_needed()
        settle(page)
        before = patches(page)
        page.touchscreen.tap(*centre(roll))
        wait_patched(page, before, timeout=10_000)
        settle(page)
        assert throws(page) == count
    # a tap the phone counts as the second of two (event.detail 2), the roll drawn
    before = patches(page)
    page.mouse.move(*centre(roll))
    page.mouse.down(click_count=2)
    page.mouse.up(click_count=2)
    wait_patched(page, before, timeout=10_000)
    assert throws(page) == 3


@pytest.mark.parametrize("game", ["Tjueett", "Tjugoett"])
def test_the_own_plate_never_says_waiting_on_the_own_turn(
    page: Page, site: SiteServer, game: str
) -> None:
    """Pass-and-play: the person to bet is told "your turn" beside the felt, and their
    plate on the felt (and their line in the seat list) says they are betting."""
    open_setup(page, site.url, game, "?lang=en&seed=5")
    set_seats(page, [("Ann", "human"), ("Bo", "human"), ("Cy", "medium")])
    button(page, "Start").click()
    betting = 0
    for _ in range(12):
        state = wait_turn(page)
        if state == "cover":
            tap(page, '[data-action="show-cards"]')
            continue
        if state != "turn":
            tap(page, '[data-action="moment-seen"]')
            continue
        expect(page.locator(".turn-banner")).to_contain_text("your turn")
        plate = page.locator(".n21-scene .seat[data-active='1']")
        expect(plate).to_have_count(1)
        line = page.locator(".seat-line.current .seat-status")
        assert "Waiting" not in (plate.text_content() or "")
        assert "Waiting" not in (line.text_content() or "")
        if page.locator(move_css("Bet")).count():
            assert "Betting" in (plate.text_content() or "")
            assert (line.text_content() or "") == "Choosing a bet"
            betting += 1
        banker_move(page)
        if betting >= 2:
            break
    assert betting >= 2, "two people chose their bets"


def take_back(page: Page) -> Locator:
    return page.locator('[data-action="take-back"]')


def test_a_take_back_after_a_stop_waits_for_the_person(page: Page, site: SiteServer) -> None:
    """21 against a bot: after Ann's stop the bot does not throw, however long she
    thinks (nothing is scheduled: ``data-later`` is 0 and the match has not moved);
    her take-back is still open, and taking it back gives her the turn again."""
    roll = start_21(page, site)
    tap(page, roll)
    tap(page, page.locator(move_css("Stop")))
    quiet(page)  # every callback the page scheduled has run: nothing more will by itself
    moved = len(saved_match(page).actions)
    expect(page.locator(".turn-banner.bot")).to_be_visible()  # the bot's turn, waiting
    expect(take_back(page)).to_be_enabled()
    expect(page.locator('[data-action="play-on"]')).to_be_visible()
    expect(page.locator("#take-back-wait")).to_have_text(
        "The bots wait until you take your move back or play on."
    )
    quiet(page)
    assert len(saved_match(page).actions) == moved, "the bot has not thrown"
    tap(page, take_back(page))
    expect(page.locator(".turn-banner")).to_contain_text("Ann")
    expect(page.locator(move_css("Stop"))).to_be_enabled()
    assert len(saved_match(page).actions) == moved - 1
    # standing again, she lets it stand: the bot throws, and it is too late
    tap(page, page.locator(move_css("Stop")))
    tap(page, page.locator('[data-action="play-on"]'))
    expect(take_back(page)).to_be_disabled()
    expect(take_back(page)).to_have_attribute("data-refused", "revealed")


def test_after_a_bots_move_is_shown_the_take_back_is_refused_in_words(
    page: Page, site: SiteServer
) -> None:
    """Tjueett, four seats, Ann the second: she bets, the bots wait for her; she plays
    on, the next bot bets (no card shown), and her take-back is refused: "seen"."""
    open_setup(page, site.url, "Tjueett", "?lang=en&seed=4")
    set_seats(
        page, [("Bot 1", "medium"), ("Ann", "human"), ("Bot 3", "medium"), ("Bot 4", "medium")]
    )
    button(page, "Start").click()
    assert wait_turn(page) == "turn"
    banker_move(page)  # Ann's bet
    assert wait_turn(page, play_on=False) == "hold"
    quiet(page)
    expect(take_back(page)).to_be_enabled()
    tap(page, page.locator('[data-action="play-on"]'))
    expect(take_back(page)).to_have_attribute("data-refused", "seen")
    expect(take_back(page)).to_be_disabled()
    expect(page.locator("#take-back-why")).to_have_text(
        "Too late to take back: a bot has played since."
    )
    expect(page.locator('[data-action="play-on"]')).to_have_count(0)
