"""Pass-and-play banker games: each person sees their own duel's result before the
device is handed on, and never another person's hidden card.

A bot holds the bank; Ann and Bo share the device. When the bank has played Ann's hand
(Tjugoett: at once, when she is satisfied; Tjueett: in turn, after the bets), the table
holds that duel's end until Continue: Ann's hand and the bank's hand it met, face up,
and who won what; only then does the hand-off screen ask for Bo. Bo's face-down card is
nowhere in the page meanwhile (the page's own save, read back through the core, says
which card it is).
"""

from __future__ import annotations

import json

import pytest
from doubles import DictStore
from playwright.sync_api import Page

from e2e.helpers import button, open_setup, set_seats, tap, wait_turn
from e2e.server import SiteServer
from web.i18n import Translator
from web.saves import SaveBook
from web.screens.cards import card_name
from web.table.cards import card_text

EN = Translator("en")


def page_store(page: Page) -> DictStore:
    """The page's localStorage, read once, as the save book's store."""
    raw = page.evaluate("() => JSON.stringify(Object.assign({}, localStorage))")
    return DictStore({k.removeprefix("nordic21."): v for k, v in json.loads(raw).items()})


def hidden_cards_of(page: Page, seat: int) -> list[int]:
    """``seat``'s face-down cards now, from the page's own save."""
    book = SaveBook(page_store(page))
    (saved_id,) = book.ids()
    state = book.load(saved_id).session.state
    view = state.hands[seat]
    masked = book.load(saved_id).session.game.view(state, None).hands[seat]
    return [c for c, shown in zip(view, masked, strict=True) if shown == -1]


def assert_not_in_page(page: Page, cards: list[int]) -> None:
    html = page.content()
    for card in cards:
        for text in (card_name(EN, card), card_text(card, "en")):
            assert text not in html, f"{text!r} is in the page"


@pytest.mark.parametrize("game", ["Tjugoett", "Tjueett"])
def test_each_person_sees_their_duel_before_the_device_moves_on(
    page: Page, site: SiteServer, game: str
) -> None:
    open_setup(page, site.url, game, query="?lang=en&seed=11")
    set_seats(page, [("Cy", "medium"), ("Ann", "human"), ("Bo", "human")])
    button(page, "Start").click()
    seen_by_ann = False
    for _ in range(300):
        state = wait_turn(page)
        if state == "over":
            break
        moment = page.locator('[data-action="moment-seen"]')
        if state == "moment":
            duel = page.locator('.duels .duel[data-seat="1"]')
            if duel.count() and page.locator(".duels .duel").count() == 1:
                # Ann's duel, held on the table before the device goes to Bo: her hand
                # and the bank's hand it met, face up, and who won what.
                assert "Ann" in page.locator("#moment-title").inner_text()
                assert duel.locator(".duel-hand").count() in (1, 2)
                assert_not_in_page(page, hidden_cards_of(page, 2))
                seen_by_ann = True
                tap(page, moment)
                if wait_turn(page) == "cover":
                    assert "Bo" in page.locator("h2").first.inner_text()
                break
            tap(page, moment)
            continue
        if state == "cover":
            tap(page, button(page, "Show my cards"))
            continue
        for name in ("Bet", "Stand"):
            target = button(page, name)
            if target.count() and target.first.is_enabled():
                target.first.click()
                break
        else:
            page.locator('[data-action="act"]:not([disabled])').first.click()
    assert seen_by_ann, "the bank never played Ann's hand while Bo was still to play"
