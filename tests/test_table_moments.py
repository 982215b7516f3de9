"""Moments stay until seen: the end of a round (a deal, a trick) is held on the table,
drawn from the round's events, until the person taps Continue; a table of bots only
moves on by itself after a pause. Driven through the controller with a fake page."""

from __future__ import annotations

import re

import pytest
from test_controller import FakePage, controls, press, started

from web.app import App


def _start(app: App, page: FakePage, game: str, kinds: list[str]) -> None:
    press(app, page, "open-game", game=game)
    for seat, kind in enumerate(kinds):
        app.on_field("seat-kind", {"seat": str(seat), "value": kind})
    press(app, page, "start-game")


def _act_enabled(page: FakePage) -> bool:
    return any(c.get("data-action") == "act" and "disabled" not in c for c in controls(page.markup))


def _until_moment(app: App, page: FakePage) -> None:
    """Play the person's turns (smallest stake or bet, stand) until a moment is held."""
    for _ in range(300):
        page.run_timers()
        if "moment-seen" in page.markup or app.session is None or app.session.over:
            return
        for move in ("stake", "bet", "stand", "draw"):
            if any(
                c.get("data-move") == move and "disabled" not in c for c in controls(page.markup)
            ):
                press(app, page, "act", move=move)
                break
    raise AssertionError("no moment was held")


def test_a_tjueett_round_against_bots_stays_on_the_felt_until_continue() -> None:
    app, page, _ = started(seed=5)
    _start(app, page, "tjueett", ["human", "medium", "medium"])
    _until_moment(app, page)
    session = app.session
    assert session is not None and not session.over
    # The round is over and the next has begun in the state, but the felt shows the
    # round that ended: the players' cards face up in front of their seats.
    faces = re.findall(r'data-key="s([12])-c\d+"[^>]*data-face="up"', page.markup)
    assert faces, "the bots' cards are on the felt as cards"
    assert "Round 1 is over" in page.markup
    assert not _act_enabled(page), "nothing else to tap but Continue"
    events = len(session.events)
    page.run_timers()
    assert len(session.events) == events, "no bot moves while the moment is on the table"
    press(app, page, "moment-seen")
    assert "moment-seen" not in page.markup
    page.run_timers(limit=1)
    assert len(session.events) > events or _act_enabled(page), "the match goes on"


@pytest.mark.parametrize("game", ["dice41", "tjueett", "tjugoett", "twentyone"])
def test_a_moment_on_a_table_of_bots_passes_by_itself(game: str) -> None:
    app, page, _ = started(seed=9)
    _start(app, page, game, ["medium", "easy", "medium"])
    held = 0
    for _ in range(6000):
        if not page.timers:
            break
        held += "moment-seen" in page.markup
        page.timers.pop(0)()
    assert app.session is not None and app.session.over
    assert held, "the rounds' ends were shown as moments"


@pytest.mark.parametrize("game", ["tjueett", "tjugoett"])
def test_a_moment_between_two_people_shows_no_card_that_was_not_shown(game: str) -> None:
    """Pass-and-play: the moment is drawn for no one in particular, so a face-down card
    that was never turned up stays a back (its name is nowhere outside the log)."""
    from pygame_core import get_game
    from web.screens.banker import moment_cards
    from web.screens.cards import card_name
    from web.table.cards import card_text

    app, page, _ = started(seed=8)
    _start(app, page, game, ["human", "human", "medium"])
    session = app.session
    assert session is not None
    bot = get_game(game).make_bot("medium")
    tr = app.tr
    moments = 0
    for step in range(400):
        page.run_timers()
        if session.over:
            break
        if "moment-seen" in page.markup:
            moments += 1
            hidden = {e.get("card") for e in app.moment if e.kind == "hidden_card"}
            shown = {c for e in app.moment if e.kind == "shown" for c in e.get("hand", ())}
            table = re.sub(r'<section class="log".*?</section>', "", page.markup, flags=re.S)
            drawn = {
                c for cards in moment_cards(session.view(None), app.moment, None) for c in cards
            }
            assert not (hidden - shown) & drawn, "a card never turned up is drawn face up"
            for card in hidden - shown:
                for label in (card_name(tr, card), card_text(card, tr.lang)):
                    assert label not in table, f"{label} leaked in a moment"
            press(app, page, "moment-seen")
            continue
        if session.current is not None and not session.seats[session.current].is_bot:
            app.perform(bot.choose(session.view(session.current), session.legal(), step))
            app.render()
    assert moments, "some round ended on the table"
