"""Every game has exactly one UI object, and its wiring matches the rules core."""

from __future__ import annotations

import dataclasses

import pytest

from pygame_core import UnknownGameError, get_game
from pygame_core.registry import game_ids
from web.games import get_ui, ui_ids
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
def test_every_legal_action_has_a_button_decoding_to_it(game_id: str) -> None:
    """The decoder turns each legal action's button data back into that action."""
    from web.screens.play import PlayOptions
    from web.session import GameSession, Seat

    game = get_game(game_id)
    seats = tuple(Seat(f"P{i}", "human") for i in range(game.min_players))
    session = GameSession.start(game_id, game.config(players=game.min_players), seats, 3)
    ui = get_ui(game_id)
    decoded = set()
    for _ in range(30):
        if session.over:
            break
        seat = session.current
        opts = PlayOptions(viewer=seat, amount=ui.amount_range(session.view(seat))[0])
        html = ui.render_play(Translator("en"), session, opts)
        for action in session.legal():
            data = _button_data(action)
            if data is not None:
                assert ui.decode(data) == action
                decoded.add(type(action))
        assert 'data-action="act"' in html
        session.act(session.legal()[0])
    assert decoded


def _button_data(action: object) -> dict[str, str] | None:
    """The data-* a play button of ``action`` carries (as the screens write them)."""
    name = type(action).__name__.lower()
    fields = dataclasses.asdict(action)  # type: ignore[call-overload]
    moves = {
        "roll": {"move": "roll"},
        "stop": {"move": "stop"},
        "draw": {"move": "draw"},
        "stand": {"move": "stand"},
        "openexchange": {"move": "open"},
        "refuseexchange": {"move": "refuse"},
        "pass": {"move": "pass"},
    }
    if name in moves:
        return moves[name]
    if name == "keep":
        return {"value": str(fields["value"])}
    if name in ("stake", "bet"):
        return {"move": name, "amount": str(fields["amount"])}
    if name == "discard":
        return {"move": "discard", "cards": str(fields["card"])}
    if name in ("play", "swap"):
        return {"move": name, "cards": ",".join(map(str, fields["cards"]))}
    return None


def test_saved_list_shows_the_round_or_deal_of_every_game() -> None:
    """#14 point 6: Tjueett, Tjugoett and Twenty One show how far they got."""
    from web.saves import SaveInfo, summarize
    from web.session import GameSession, Seat

    for lang in LANGUAGES:
        tr = Translator(lang)
        for game_id in game_ids():
            game = get_game(game_id)
            seats = tuple(Seat(f"P{i}", "medium") for i in range(game.min_players))
            session = GameSession.start(game_id, game.config(players=game.min_players), seats, 4)
            summary = summarize(session)
            assert summary.round == 1
            info = SaveInfo(f"g-{game_id}", summary, 1, 0, 0)
            html = render_home(tr, game_ids(), HomeData(saved=[info]))
            expected = get_ui(game_id).progress(tr, 1)
            assert expected in html and "1" in expected
            if game_id == "twentyone":
                assert expected == tr.t("save.deal", n=1)


@pytest.mark.parametrize("game_id", game_ids())
def test_the_coach_speaks_at_the_acting_seat(game_id: str) -> None:
    """Each game's coach, asked through its UI object as the bench and screens ask it."""
    game = get_game(game_id)
    ui = get_ui(game_id)
    state = game.new_game(game.config(players=game.min_players), 9)
    bot = game.make_bot("medium")
    said = 0
    for step in range(40):
        seat = game.current_player(state)
        if seat is None:
            break
        view, legal = game.view(state, seat), game.legal_actions(state)
        said += ui.coach(view, legal) is not None
        state, _ = game.apply(state, bot.choose(view, legal, step))
    assert said
