"""Twenty One at a shared device (issue 48): after a person's swap, the table is drawn
for them with their new cards and a "Done" button before the next person's hand-off
cover, and neither person ever sees the other's cards."""

from __future__ import annotations

import html

import pytest

from pygame_core.twentyone import OpenExchange, Swap
from tests.tables import at_table, frame, press
from web.i18n import Translator
from web.screens.cards import card_name


def names_of(tr: Translator, cards: tuple[int, ...]) -> list[str]:
    return [card_name(tr, card) for card in cards]


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_after_a_swap_the_swapper_sees_the_new_cards_before_the_cover(lang: str) -> None:
    tr = Translator(lang)
    app, page = at_table(
        "twentyone", ["human", "human", "medium"], seed=3, names=["Ann", "Bo", "Cy"], lang=lang
    )
    session = app.play.session
    assert session is not None
    swaps = 0
    for _ in range(200):
        shown = frame(app)
        if app.play.held:
            press(app, page, "moment-seen")
            continue
        if shown.cover is not None:
            press(app, page, "show-cards")
            continue
        if session.over or swaps >= 2:
            break
        if session.is_bot_turn():
            page.timers.clear()
            app.play.perform(session.bot_action())
            app.render()
            continue
        seat = session.current
        assert seat is not None
        legal = session.legal()
        swap = next((a for a in legal if isinstance(a, Swap) and a.cards), None)
        if swap is None:
            app.play.perform(OpenExchange() if OpenExchange() in legal else legal[0])
            app.render()
            continue
        before = session.view(seat).hand
        app.play.perform(swap)
        app.render()
        swaps += 1
        new = session.view(seat).hand
        assert set(new) - set(before), "the swap brought new cards"
        # the swapper's own moment: their new hand, "Done", nothing of anyone else's
        own = frame(app)
        assert own.mode == "moment" and own.moment is not None and own.moment.kind == "own"
        assert own.viewer == seat and tuple(own.view.hand) == tuple(new)
        assert own.cover is None and not own.legal
        markup = html.unescape(page.markup)
        assert tr.t("play.own_title", name=["Ann", "Bo", "Cy"][seat]) in markup
        assert tr.t("play.own_done") in markup and 'data-action="moment-seen"' in page.markup
        for name in names_of(tr, tuple(new)):
            assert name in markup, f"the new card {name} is shown to its owner"
        other = 1 - seat
        for name in names_of(tr, tuple(session.view(other).hand)):
            assert f'aria-label="{name}"' not in page.markup
        # Done: then the table turns from the cards (the next person's cover, or the
        # public table while the bot moves), never showing the swapper's cards again
        press(app, page, "moment-seen")
        after = frame(app)
        assert after.moment is None or after.moment.kind != "own"
        assert after.viewer != seat or session.current == seat
        if session.current == other:
            assert after.cover == other and after.viewer is None
            assert "card-button" not in page.markup
    assert swaps >= 1, "a person swapped"


def test_the_own_moment_does_not_end_the_guided_round() -> None:
    app, page = at_table("twentyone", ["human", "human"], seed=3, names=["Ann", "Bo"])
    session = app.play.session
    table = app.play.table
    assert session is not None and table is not None
    table.guided = True
    for _ in range(40):
        if app.play.held:
            own = app.play.held[0].kind == "own"
            if own:  # the guide speaks of the new cards, not of a round's end
                assert Translator("en").t("guide.moment.own") in html.unescape(page.markup)
            press(app, page, "moment-seen")
            if own:
                assert table.guided, "the guide goes on after the swapper's own moment"
                return
            continue
        if frame(app).cover is not None:
            press(app, page, "show-cards")
            continue
        legal = session.legal()
        swap = next((a for a in legal if isinstance(a, Swap) and a.cards), None)
        app.play.perform(swap or (OpenExchange() if OpenExchange() in legal else legal[0]))
        app.render()
    raise AssertionError("no swap held")
