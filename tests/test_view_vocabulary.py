"""Every game's view names the shared things alike (``pygame_core.contract.GameView``)."""

from __future__ import annotations

import random
import typing

import pytest

from pygame_core import get_game
from pygame_core.contract import GameView
from pygame_core.registry import game_ids

SHARED = ("viewer", "actor", "round", "phase", "over")


@pytest.mark.parametrize("game_id", game_ids())
def test_views_carry_the_shared_vocabulary_with_one_meaning(game_id: str) -> None:
    game = get_game(game_id)
    state = game.new_game(game.config(players=game.min_players), 5)
    pick = random.Random(5)
    rounds = []
    while True:
        actor = game.current_player(state)
        for seat in (None, *range(game.min_players)):
            view: GameView = game.view(state, seat)
            assert (view.viewer, view.actor, view.over) == (seat, actor, actor is None)
            assert view.phase in typing.get_args(typing.get_type_hints(type(view))["phase"])
            assert (view.phase == "over") == view.over
        rounds.append(view.round)
        if actor is None:
            break
        state, _ = game.apply(state, pick.choice(game.legal_actions(state)))
    assert rounds[0] == 1 and rounds == sorted(rounds)


def test_old_names_are_gone() -> None:
    old = {"current_seat", "current", "round_no", "seat", "deal"}
    for game_id in game_ids():
        game = get_game(game_id)
        view = game.view(game.new_game(game.config(players=game.min_players), 1), 0)
        fields = set(vars(view))
        assert set(SHARED) <= fields and not fields & old, game_id


def test_hiding_games_say_so() -> None:
    # the project's card games hide their hands, its dice games nothing (another game
    # says for itself, and the contract checks it names an unseen card if it hides)
    hiding = {g for g in game_ids() if get_game(g).hides_information}
    assert {"tjueett", "tjugoett", "twentyone"} <= hiding
    assert not hiding & {"dice21", "dice41"}
