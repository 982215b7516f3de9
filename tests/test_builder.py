"""The state builder (:mod:`pygame_core.builder`): its copy of a state is the one
``dataclasses.replace`` makes, and building never touches the state it starts from."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from pygame_core import game_ids, get_game
from pygame_core.builder import Builder, replaced
from pygame_core.rng import Rng


def states(game_id: str) -> list[Any]:
    """The states of a short seeded playout of every preset of ``game_id``."""
    game = get_game(game_id)
    found = []
    for preset in game.presets:
        state = game.new_game(game.preset(preset, game.min_players + 1), 3)
        chooser = Rng.from_seed(3).stream()
        for _ in range(30):
            if game.current_player(state) is None:
                break
            found.append(state)
            state = game.apply(state, chooser.choice(game.legal_actions(state)))[0]
    return found


@pytest.mark.parametrize("game_id", game_ids())
def test_replaced_is_dataclasses_replace_for_every_game_state(game_id: str) -> None:
    for state in states(game_id):
        before = repr(state)
        changes = {"pause": "round", "history": ()}
        copy = replaced(state, changes)
        assert copy == dataclasses.replace(state, **changes)
        assert type(copy) is type(state) and hash(copy) == hash(dataclasses.replace(copy))
        assert repr(state) == before


@dataclasses.dataclass(frozen=True)
class Checked:
    """A dataclass whose ``__init__`` does more than store its fields."""

    low: int
    high: int

    def __post_init__(self) -> None:
        if self.low > self.high:
            raise ValueError("low above high")


def test_replaced_runs_a_post_init_as_replace_does() -> None:
    assert replaced(Checked(1, 3), {"low": 2}) == Checked(2, 3)
    with pytest.raises(ValueError, match="low above high"):
        replaced(Checked(1, 3), {"low": 4})


def test_replaced_refuses_a_name_that_is_no_field() -> None:
    state = get_game("dice21").new_game(get_game("dice21").preset("classic", 2), 1)
    with pytest.raises(TypeError, match="no field 'totals_'"):
        replaced(state, {"totals_": (1, 2)})


def test_a_builder_builds_one_state_from_its_changes_and_leaves_its_start_alone() -> None:
    game = get_game("dice41")
    start = game.new_game(game.preset("evening", 3), 5)
    build = Builder(start)
    build.update(pot=start.pot + 1)
    build.update(round_no=start.round_no + 1)
    first = build.state
    assert first is build.state, "reading again without changes builds nothing"
    assert (first.pot, first.round_no) == (start.pot + 1, start.round_no + 1)
    build.stream.die(6)
    build.hold("round")
    step = build.done()
    assert step.pauses[0].state == dataclasses.replace(first, pause="round")
    # The RNG moves on in the step's state only: where the stream stopped.
    expected = start.rng.stream()
    expected.die(6)
    assert step.state.rng == expected.freeze() != step.pauses[0].state.rng
    assert start == game.new_game(game.preset("evening", 3), 5)
