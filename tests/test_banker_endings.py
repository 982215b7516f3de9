"""How a banker match ends: the bank is not passed on after the last round, and a
fixed bank's match is won by what each seat gained (#15, "fix on the way")."""

from __future__ import annotations

import random
from typing import Any

import pytest

from pygame_core import get_game

CASES = [
    ("tjugoett", {}),
    ("tjugoett", {"rounds": 4}),
    ("tjueett", {"bank": "rotating", "banker_chips": 10}),
    ("tjueett", {"bank": "rotating", "banker_chips": 10, "rounds": 5}),
]


def playout(game_id: str, options: dict[str, Any], seed: int) -> tuple[Any, list[Any]]:
    game = get_game(game_id)
    state = game.new_game(game.config(players=3, **options), seed)
    pick = random.Random(seed)
    last: list[Any] = []
    while game.current_player(state) is not None:
        state, events = game.apply(state, pick.choice(game.legal_actions(state)))
        last = list(events)
    return state, last


@pytest.mark.parametrize(("game_id", "options"), CASES)
def test_the_bank_stays_put_when_the_match_ends(game_id: str, options: dict[str, Any]) -> None:
    game = get_game(game_id)
    for seed in range(40):
        state, last = playout(game_id, options, seed)
        kinds = [e.kind for e in last]
        assert "match_over" in kinds
        if "round_over" in kinds:
            assert "bank_passed" not in kinds, f"seed {seed}: the bank passed after the end"
        view = game.view(state, None)
        shown = [s for s, status in enumerate(view.status) if status == "banker"]
        assert shown in ([], [view.banker]), f"seed {seed}: two seats show the bank"


def test_a_fixed_bank_match_is_won_by_the_gain() -> None:
    game = get_game("tjueett")
    for seed in range(60):
        state, _ = playout("tjueett", {"bank": "fixed", "banker_chips": 50, "rounds": 4}, seed)
        outcome = game.outcome(state)
        assert outcome is not None and outcome.score_kind == "gain"
        start = (50, 10, 10)
        gains = tuple(c - s for c, s in zip(state.chips, start, strict=True))
        assert outcome.scores == gains
        assert outcome.winners == tuple(s for s, g in enumerate(gains) if g == max(gains))
        # The banker with (nearly) its starting stack no longer "wins" on chips held.
        if gains[0] <= 0:
            assert 0 not in outcome.winners or max(gains) == gains[0]
