"""Taking back a move in the real built site (#26): honest, and kept in the save.

Two people at one device who agreed to take-backs in the setup: Ann's throw can never
be taken back (the die is on the felt), her stand can while nothing new has shown; the
take-back puts her turn back, the save keeps the move taken back, and a reload finds
it. Against bots in Tjueett, once a card has been turned after the person's stake, the
button is dimmed with the reason in words.
"""

from __future__ import annotations

from playwright.sync_api import Page, expect

from e2e.conftest import shoot
from e2e.helpers import button, open_setup, resize, saved_match, set_seats, tap, wait_turn
from e2e.server import SiteServer
from e2e.test_card_play import banker_move
from e2e.test_ui_quality import layout_problems
from pygame_core.dice21 import Stop

THROWN = "Too late to take back: the dice have been thrown since."
TURNED = "Too late to take back: a card has been shown since."


def take_back(page: Page):  # type: ignore[no-untyped-def]
    return page.locator('[data-action="take-back"]')


def test_a_stand_is_taken_back_at_a_shared_table_and_the_save_keeps_it(
    page: Page, site: SiteServer
) -> None:
    open_setup(page, site.url, "21", "?lang=en&seed=5")
    set_seats(page, [("Ann", "human"), ("Bo", "human")])
    switch = page.get_by_label("Each person may take back their last move")
    expect(switch).not_to_be_checked()
    switch.check()
    button(page, "Start").click()
    expect(page.locator(".turn-banner")).to_contain_text("Ann")
    tap(page, button(page, "Roll"))
    # the die is on the felt: that throw stays
    expect(take_back(page)).to_have_text("Take back Ann's move")
    expect(take_back(page)).to_be_disabled()
    expect(page.locator("#take-back-why")).to_have_text(THROWN)
    total = page.locator(".total-value").inner_text()
    tap(page, button(page, "Stop"))
    expect(page.locator(".turn-banner")).to_contain_text("Bo")
    # Bo has not thrown: nothing new was shown to Ann
    expect(take_back(page)).to_be_enabled()
    expect(page.locator("#take-back-why")).to_have_count(0)
    resize(page, 390, 844)
    take_back(page).scroll_into_view_if_needed()
    shoot(page, "undo-21-phone")
    assert layout_problems(page) == []
    resize(page, 1024, 768)
    shoot(page, "undo-21-tablet")
    tap(page, take_back(page))
    expect(page.locator(".turn-banner")).to_contain_text("Ann")
    expect(page.locator(".total-value")).to_have_text(total)
    expect(button(page, "Stop")).to_be_enabled()
    match = saved_match(page)
    assert len(match.taken_back) == 1
    assert match.taken_back[0].seat == 0 and match.taken_back[0].decision == Stop()
    assert len(match.actions) == match.taken_back[0].at
    page.reload()
    expect(page.locator(".turn-banner")).to_contain_text("Ann")
    expect(button(page, "Stop")).to_be_enabled()
    assert saved_match(page).taken_back == match.taken_back


def test_a_card_turned_refuses_the_take_back_in_words(page: Page, site: SiteServer) -> None:
    open_setup(page, site.url, "Tjueett", "?lang=en&seed=4")
    set_seats(page, [("Ann", "human"), ("Bot 2", "medium"), ("Bot 3", "medium")])
    button(page, "Start").click()
    for _ in range(60):
        state = wait_turn(page)
        if state == "moment":
            tap(page, page.locator('[data-action="moment-seen"]'))
            continue
        assert state == "turn", state
        if take_back(page).count() and take_back(page).get_attribute("data-refused") == "revealed":
            break
        banker_move(page)
    else:
        raise AssertionError("no card was turned after a decision of Ann's")
    # Ann decided, then a card was dealt and turned: what she saw cannot be unseen
    match = saved_match(page)
    assert match.states[-1].rng != match.states[-2 - _since_ann(match)].rng
    expect(take_back(page)).to_have_text("Take back my move")
    expect(take_back(page)).to_be_disabled()
    expect(take_back(page)).to_have_attribute("data-refused", "revealed")
    expect(page.locator("#take-back-why")).to_have_text(TURNED)
    shoot(page, "undo-tjueett-refused")


def _since_ann(match) -> int:  # type: ignore[no-untyped-def]
    """How many actions were taken since Ann's (seat 0's) last one."""
    game = match.game
    for back, state in enumerate(reversed(match.states[:-1])):
        if game.current_player(state) == 0:
            return back
    raise AssertionError("Ann never acted")
