"""Every game has exactly one UI object, and its wiring matches the rules core."""

from __future__ import annotations

import dataclasses
import html
from typing import Any

import pytest
from registered import coached
from tables import act, at_table, controls, moves, press

from pygame_core import UnknownGameError, get_game
from pygame_core.registry import game_ids
from web.games import all_uis, get_ui, ui_ids
from web.i18n import LANGUAGES, Translator
from web.screens.home import HomeData, render_home


def test_every_core_game_has_one_ui_and_no_ui_lacks_a_game() -> None:
    assert set(ui_ids()) == set(game_ids())
    for game_id in game_ids():
        assert get_ui(game_id).id == game_id
    with pytest.raises(UnknownGameError):
        get_ui("chess")


@pytest.mark.parametrize("game_id", game_ids())
def test_setup_form_names_real_config_options(game_id: str) -> None:
    fields = {f.name for f in dataclasses.fields(get_game(game_id).config_type)}
    form = get_ui(game_id).form
    assert form and {f.name for f in form} <= fields
    for option in form:
        if option.show_if is not None:
            assert option.show_if[0] in fields


@pytest.mark.parametrize("game_id", game_ids())
def test_every_move_button_carries_a_legal_action_in_the_cores_codec(game_id: str) -> None:
    """A move button's ``data-move`` is the core's own codec of a legal action (so no
    game decodes a click itself), and the codec gives every legal action back."""
    game = get_game(game_id)
    app, page = at_table(game_id, ["human"] * game.min_players, seed=3)
    session = app.play.session
    assert session is not None
    pressed = set()
    for _ in range(60):
        if app.play.held:
            app.play.do_moment_seen({})
            continue
        if session.over:
            break
        app.play.revealed = session.current
        app.render()
        legal = session.legal()
        for action in legal:
            assert game.action_from_dict(game.action_to_dict(action)) == action
        shown = moves(app, page)
        if not shown:  # the cards to play are picked first (Twenty One)
            card = next(
                c
                for c in controls(page.markup)
                if c["data-action"] == "toggle-card" and "disabled" not in c
            )
            press(app, page, "toggle-card", card=card["data-card"])
            shown = moves(app, page)
        assert shown and set(shown) <= set(legal)
        pressed.add(type(shown[0]))
        act(app, page, shown[0])
    assert pressed


def test_saved_list_shows_the_round_or_deal_of_every_game() -> None:
    """#14 point 6: Tjueett, Tjugoett and Twenty One show how far they got."""
    from web.saves import SaveInfo, summarize
    from web.seats import Seat
    from web.session import GameSession

    for lang in LANGUAGES:
        tr = Translator(lang)
        for game_id in game_ids():
            game = get_game(game_id)
            seats = tuple(Seat(f"P{i}", "medium") for i in range(game.min_players))
            session = GameSession.start(game_id, game.config(players=game.min_players), seats, 4)
            summary = summarize(session)
            assert summary.round == 1
            info = SaveInfo(f"g-{game_id}", summary, 1, 0, 0)
            html = render_home(tr, all_uis(), HomeData(saved=[info]))
            expected = get_ui(game_id).progress(tr, 1)
            assert expected in html and "1" in expected
            if game_id == "twentyone":
                assert expected == tr.t("save.deal", n=1)


@pytest.mark.parametrize("game_id", coached())
def test_the_coach_speaks_at_the_acting_seat(game_id: str) -> None:
    """Each game's coach, switched on at the table, speaks on the person's turns."""
    game = get_game(game_id)
    players = max(game.min_players, 2)
    person = get_ui(game_id).person_seat  # where the setup seats a newcomer
    kinds = ["medium"] * players
    kinds[person] = "human"
    app, page = at_table(game_id, kinds, seed=9)
    app.play.coach = True
    session = app.play.session
    assert session is not None
    bot = game.make_bot("medium")
    said = 0
    for step in range(60):
        if app.play.held:
            app.play.do_moment_seen({})
            continue
        if session.over:
            break
        app.render()
        seat = session.current
        assert seat is not None
        if seat == person:
            page.run_timers()  # a thinking coach speaks in the draw after (Twenty One)
            said += 'class="panel coach"' in page.markup and "coach-thinking" not in page.markup
        app.play.perform(bot.choose(session.view(seat), session.legal(), step))
    assert said


def to_persons_turn(app: Any, page: Any, person: int) -> None:
    """Let the bots move (and the held moments pass) until the person is to act."""
    session = app.play.session
    for _ in range(200):
        if app.play.held:
            app.play.do_moment_seen({})
        elif 'data-action="play-on"' in page.markup:
            app.play.do_play_on({})  # the bots wait for the person's take-back
            app.render()
        elif session.current == person:
            app.render()
            return
        else:
            app.render()  # which schedules the bot's move
            page.run_timers(limit=1)
    raise AssertionError("the person never came to act")


def test_a_thinking_coach_draws_the_table_first_and_its_advice_in_the_next_draw() -> None:
    """Twenty One's coach estimates for up to a tenth of a second in the browser (an
    exchange with many choices): the table is on screen before it, the coach's place
    saying it is thinking, and its advice, the core's own, replaces that once worked
    out."""
    from pygame_core.twentyone.advice import twentyone_advice
    from web.games.twentyone import coach_sentence

    app, page = at_table("twentyone", ["human", "medium", "medium"], seed=9)
    app.play.coach = True
    to_persons_turn(app, page, 0)
    assert "coach-thinking" in page.markup and 'aria-busy="true"' in page.markup
    assert "coach-say" not in page.markup
    assert len(page.timers) == 1, "one search, after the draw"
    app.render()  # drawn again meanwhile: still thinking, no second search
    assert "coach-thinking" in page.markup and len(page.timers) == 1
    page.run_timers()
    session = app.play.session
    view, legal = session.view(0), tuple(session.legal())
    advice = twentyone_advice(view, legal, len(session.state.history))
    assert advice is not None
    words = str(coach_sentence(app.ctx.tr, advice))
    assert "coach-thinking" not in page.markup and words in html.unescape(str(page.markup))
    app.render()  # the advice is kept for its decision: nothing is searched again
    assert not page.timers and words in html.unescape(str(page.markup))
    # the next decision is thought about afresh: never the last one's advice
    app.play.perform(legal[0])
    to_persons_turn(app, page, 0)
    if not session.over:
        assert "coach-thinking" in page.markup


def test_a_coach_switched_off_thinks_about_nothing() -> None:
    app, page = at_table("twentyone", ["human", "medium", "medium"], seed=9)
    app.play.coach = False
    to_persons_turn(app, page, 0)
    assert 'class="panel coach' not in page.markup and not page.timers
