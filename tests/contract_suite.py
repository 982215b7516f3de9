"""The generic checks every game must pass, whatever its rules.

Used by ``test_contract.py`` over every registered game and preset; the helpers are
importable so a game's own tests can reuse them on scripted states.
"""

from __future__ import annotations

import dataclasses
import os
import pickle
from typing import Any

from pygame_core import Game, from_json, to_json
from pygame_core.rng import Rng, RngStream

#: Seeded random playouts per game and preset (raise with NORDIC21_PLAYOUTS). 500 keeps
#: `make test` under 25 minutes on a 2-core machine (at 2,000 this suite alone took
#: ~10 of them); `make soak` runs 20,000.
PLAYOUTS = int(os.environ.get("NORDIC21_PLAYOUTS", "500"))
#: Every n-th playout also checks the save round-trip along the way.
ROUNDTRIP_EVERY = 25
MAX_STEPS = 20_000


def players_for(game: Game[Any, Any, Any, Any], seed: int) -> int:
    """A player count in the game's range, varied by seed."""
    return game.min_players + seed % (game.max_players - game.min_players + 1)


def contains_rng(value: Any) -> bool:
    """Whether an Rng hides anywhere inside ``value``."""
    if type(value) in (int, str, bool, float, type(None)):
        return False
    if isinstance(value, (Rng, RngStream)):
        return True
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return any(contains_rng(getattr(value, f.name)) for f in dataclasses.fields(value))
    if isinstance(value, (tuple, list, frozenset, set)):
        return any(contains_rng(v) for v in value)
    if isinstance(value, dict):
        return any(contains_rng(v) for v in value.values())
    return False


def random_playout(
    game: Game[Any, Any, Any, Any], config: Any, seed: int, *, full_roundtrip: bool
) -> Any:
    """Play random legal actions to the end, checking the contract at every step."""
    state = game.new_game(config, seed)
    chooser = Rng.from_seed(seed ^ 0x5EED).stream()
    for step in range(MAX_STEPS):
        game.check_invariants(state)
        seat = game.current_player(state)
        legal = game.legal_actions(state)
        if seat is None:
            assert legal == (), "a finished match must have no legal action"
            assert game.outcome(state) is not None
            break
        assert legal, f"seat {seat} is to move but has no legal action"
        assert game.outcome(state) is None
        assert len(set(legal)) == len(legal), "legal actions must be distinct"
        for viewer in (seat, None):
            assert not contains_rng(game.view(state, viewer)), "a view must never hold the RNG"
        before = pickle.dumps(state)
        action = chooser.choice(legal)
        new_state, events = game.apply(state, action)
        assert pickle.dumps(state) == before, "apply must not change its input"
        assert new_state.history == state.history + (action,)
        assert isinstance(events, tuple)
        # A save replays the whole match, so checking every step costs the square of
        # its length: powers of two cover early, middle and late positions.
        if full_roundtrip and step & (step + 1) == 0:
            assert from_json(to_json(game, new_state))[1] == new_state
        state = new_state
    else:
        raise AssertionError(f"no end after {MAX_STEPS} steps")
    return state


def check_outcome(game: Game[Any, Any, Any, Any], state: Any) -> None:
    """A finished match names winners among the seats and a score for each seat."""
    result = game.outcome(state)
    assert result is not None
    players = state.config.players
    assert result.winners and set(result.winners) <= set(range(players))
    assert len(result.scores) == players
    assert result.score_kind in {"chips", "gain", "rounds", "points"}


def replay(game: Game[Any, Any, Any, Any], state: Any) -> Any:
    """The state reached by replaying ``state``'s config, seed and history."""
    again = game.new_game(state.config, state.seed)
    for action in state.history:
        again, _ = game.apply(again, action)
    return again
