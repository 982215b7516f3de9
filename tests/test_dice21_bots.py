"""The dice21 bots: legal, deterministic, playing their level, and the expert's edge."""

from __future__ import annotations

import dataclasses
import math
from typing import Any

import pytest

from pygame_core.dice21 import GAME, Dice21State, Dice21View, Roll, Stop
from pygame_core.dice21.bots import EASY_BAND, ExpertBot, comfort_total
from pygame_core.dice21.odds import first_mover_win_chance, turn_odds

ROLL, STOP = Roll(), Stop()


def position(
    players: int, totals_before: list[int], own: int, **options: Any
) -> tuple[Dice21View, tuple[Any, ...]]:
    """The view of the player after ``totals_before`` (a total over the target is a
    bust), standing on ``own`` after at least one throw."""
    state = GAME.new_game(GAME.config(players=players, **options), 1)
    target = state.config.target
    totals = list(state.totals)
    throws = list(state.throws)
    status = list(state.status)
    for index, total in enumerate([*totals_before, own]):
        seat = state.order[index]
        totals[seat], throws[seat] = total, (total,)
        status[seat] = "bust" if total > target else "stood"
    me = state.order[len(totals_before)]
    status[me] = "rolling"
    state = dataclasses.replace(
        state,
        turn=len(totals_before),
        totals=tuple(totals),
        throws=tuple(throws),
        status=tuple(status),
    )
    return GAME.view(state, me), GAME.legal_actions(state)


def choose(level: str, view: Dice21View, legal: tuple[Any, ...], seed: int = 0) -> Any:
    return GAME.make_bot(level).choose(view, legal, seed)


def test_comfort_totals() -> None:
    assert comfort_total(1, 21) == 17
    assert comfort_total(2, 21) == 14
    assert comfort_total(2, 36) == 29
    assert comfort_total(1, 36) == 32


def test_every_bot_rolls_on_a_fresh_turn() -> None:
    state = GAME.new_game(GAME.config(players=3), 5)
    for level in ("easy", "medium", "expert"):
        assert choose(level, GAME.view(state, state.order[0]), (ROLL,)) == ROLL


def test_medium_rolls_until_past_the_best_then_stops_at_17() -> None:
    view, legal = position(4, [19], 19)
    assert choose("medium", view, legal) == ROLL  # a tie is not past it
    view, legal = position(4, [19], 20)
    assert choose("medium", view, legal) == STOP
    view, legal = position(4, [12], 16)
    assert choose("medium", view, legal) == ROLL  # past, but below 17 with others to come
    view, legal = position(4, [], 17)
    assert choose("medium", view, legal) == STOP  # nothing to beat: stop at 17
    view, legal = position(4, [], 16)
    assert choose("medium", view, legal) == ROLL
    view, legal = position(3, [12, 25], 13)
    assert choose("medium", view, legal) == STOP  # last to play and past the best
    view, legal = position(3, [30, 29], 28, dice=2, target=36)
    assert choose("medium", view, legal) == ROLL


def test_easy_stops_in_its_band_whatever_the_others_did() -> None:
    low, high = (comfort_total(1, 21) + d for d in EASY_BAND)
    for own in range(1, 21):
        view, legal = position(3, [20], own)
        stops = sum(choose("easy", view, legal, seed) == STOP for seed in range(400))
        if own < low:
            assert stops == 0
        elif own > high:
            assert 300 < stops < 400  # stops, with the odd slip
        else:
            assert 0 < stops < 400


def test_expert_follows_the_exact_odds() -> None:
    for before, own in (([], 16), ([], 17), ([15], 15), ([18], 18), ([18, 20], 19), ([3], 9)):
        view, legal = position(3, before, own)
        odds = turn_odds(own, view.best_total, view.best_holders, view.to_play_after, 3, 1, 21)
        assert choose("expert", view, legal) == (STOP if odds.should_stop else ROLL)


def test_expert_first_of_two_stops_where_the_odds_turn() -> None:
    stops = [own for own in range(1, 21) if choose("expert", *position(2, [], own)) == STOP]
    assert stops == list(range(stops[0], 21)) and 15 <= stops[0] <= 19


@pytest.mark.parametrize("level", ["easy", "medium", "expert"])
def test_bots_are_deterministic_and_use_only_the_view(level: str) -> None:
    bot = GAME.make_bot(level)
    for seed in range(30):
        state = GAME.new_game(GAME.preset("target36", 2 + seed % 7), seed)
        while not state.over:
            seat = state.order[state.turn]
            view, legal = GAME.view(state, seat), GAME.legal_actions(state)
            action = bot.choose(view, legal, len(state.history))
            assert action in legal
            assert bot.choose(view, legal, len(state.history)) == action
            state, _ = GAME.apply(state, action)


def test_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown bot level"):
        GAME.make_bot("grandmaster")


def _play(state: Dice21State, bots: list[Any]) -> Dice21State:
    while not state.over:
        seat = state.order[state.turn]
        action = bots[seat].choose(
            GAME.view(state, seat), GAME.legal_actions(state), len(state.history)
        )
        state, _ = GAME.apply(state, action)
    return state


def _interval(successes: int, trials: int) -> tuple[float, float]:
    p = successes / trials
    half = 1.96 * math.sqrt(p * (1 - p) / trials)
    return p - half, p + half


def test_first_mover_rate_matches_the_exact_chance() -> None:
    experts = [ExpertBot(), ExpertBot()]
    games = 3000
    won = sum(
        GAME.arena_metrics(_play(GAME.new_game(GAME.config(players=2), seed), experts))[
            "first_mover_won"
        ]
        for seed in range(games)
    )
    low, high = _interval(int(won), games)
    assert low <= first_mover_win_chance(2, 1, 21) <= high


def test_expert_beats_medium() -> None:
    bots = [GAME.make_bot("expert"), GAME.make_bot("medium")]
    games = 3000
    won = sum(
        0 in _play(GAME.new_game(GAME.config(players=2), seed), bots).winners
        for seed in range(games)
    )
    low, _ = _interval(won, games)
    assert low > 0.5
