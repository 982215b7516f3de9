"""What a family still tripped over in the games (issue 48), in the browser: the banker
table's middle card says it is the discard pile (on the felt and to a screen reader),
Tjugoett's bar counts the round of the bank and the banker's deal, and a match's end
gives every figure its unit. Screenshots of each at 1024x768, 768x1024 and 390x844 go
to ``/tmp/n21-games-shots/``.

Each test waits on what the page says (``data-patched``, ``data-later``, the buttons on
screen), never on time.
"""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Page, expect

from e2e.helpers import button, open_setup, resize, set_seats, tap, wait_turn

SHOTS = Path("/tmp/n21-games-shots")
SIZES = ((1024, 768), (768, 1024), (390, 844))


def shoot_sizes(page: Page, name: str) -> None:
    """The screen at the three sizes (the felt is laid out again for each)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    for width, height in SIZES:
        resize(page, width, height)
        page.screenshot(path=str(SHOTS / f"{name}-{width}x{height}.png"))
    resize(page, *SIZES[0])


def test_tjugoett_middle_card_is_the_discard_pile_and_the_bar_counts_rounds(
    page: Page, site: object
) -> None:
    open_setup(page, site.url, "Tjugoett")  # type: ignore[attr-defined]
    set_seats(page, [("Bot A", "medium"), ("Ann", "human"), ("Bot B", "medium")])
    button(page, "Start").click()
    page.wait_for_selector("svg.n21-scene")
    expect(page.locator("h1")).to_contain_text("Round 1 of 1 · deal 1 of 3")
    for _ in range(80):
        if page.locator("text.discard-label").count():
            break
        state = wait_turn(page, through_moments=True)
        assert state == "turn", state
        tap(page, '[data-action="act"]:not([disabled])')
    wait_turn(page, through_moments=True)
    caption = page.locator("text.discard-label")
    expect(caption).to_have_text("Discard pile")
    label = page.locator("svg.n21-scene").get_attribute("aria-label") or ""
    assert re.search(r"Discard pile: .+ on top", label), label
    expect(page.locator("h1")).to_contain_text(re.compile(r"Round 1 of 1 · deal [23] of 3"))
    shoot_sizes(page, "tjugoett-discard")


def test_a_match_end_says_chips_and_rounds_won(page: Page, site: object) -> None:
    open_setup(page, site.url, "21")  # type: ignore[attr-defined]
    set_seats(page, [("Bot A", "easy"), ("Bot B", "easy")])
    button(page, "Start").click()
    assert wait_turn(page, through_moments=True) == "over"
    figures = page.locator(".match-over .standings li span:nth-child(2)").all_inner_texts()
    assert figures and all(re.fullmatch(r"\d+ (chips?|rounds? won)", f) for f in figures), figures
    shoot_sizes(page, "dice21-over")
