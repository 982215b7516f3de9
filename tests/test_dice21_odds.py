"""Exact tests of the dice21 odds, including an independent brute-force model."""

from __future__ import annotations

import functools
from collections.abc import Callable
from fractions import Fraction

import pytest

from pygame_core.dice21 import odds
from pygame_core.dice21.odds import (
    bust_chance,
    chance_to_pass,
    first_mover_win_chance,
    throw_distribution,
    turn_odds,
)

F = Fraction


def test_throw_distributions_are_exact() -> None:
    assert throw_distribution(1) == tuple((v, F(1, 6)) for v in range(1, 7))
    two = dict(throw_distribution(2))
    assert sorted(two) == list(range(2, 13))
    assert two[2] == two[12] == F(1, 36) and two[7] == F(6, 36)
    for dice in (1, 2):
        assert sum(p for _, p in throw_distribution(dice)) == 1


def test_bust_chance() -> None:
    assert [bust_chance(t, 1, 21) for t in (0, 15, 16, 17, 20)] == [0, 0, F(1, 6), F(1, 3), F(5, 6)]
    assert bust_chance(9, 2, 21) == 0
    assert bust_chance(19, 2, 21) == 1 - F(1, 36)  # only a double one keeps 19 alive
    assert bust_chance(30, 2, 36) == F(21, 36)  # 7 or more


def test_the_rule_texts_86_in_100_for_a_17() -> None:
    """The seed: a later player passes a first player's 17 "86 times in 100"."""
    chance = chance_to_pass(17, 1, 21)
    assert chance == F(21748746163405, 25389989167104)
    assert round(100 * chance) == 86
    # Close to, but not exactly, the renewal limit 18/21 = 6/7.
    assert chance != F(6, 7) and abs(chance - F(6, 7)) < F(1, 1000)


def test_chance_to_pass_matches_a_forward_enumeration() -> None:
    """Walk the distribution of totals forward, throw by throw, independently."""
    for dice, threshold, target in ((1, 17, 21), (2, 17, 21), (1, 30, 36), (2, 33, 36)):
        live = {0: F(1)}
        passed = F(0)
        while live:
            after: dict[int, Fraction] = {}
            for total, p in live.items():
                for value, q in throw_distribution(dice):
                    reached = total + value
                    if reached <= threshold:
                        after[reached] = after.get(reached, F(0)) + p * q
                    elif reached <= target:
                        passed += p * q
            live = after
        assert chance_to_pass(threshold, dice, target) == passed


def test_chance_to_pass_tends_to_six_sevenths() -> None:
    """With one die, the overshoot past a far threshold lands 1..4 with chance 18/21."""
    assert abs(chance_to_pass(56, 1, 60) - F(6, 7)) < F(1, 10**6)
    assert chance_to_pass(15, 1, 21) == 1 and chance_to_pass(21, 1, 21) == 0


def test_hand_computed_positions() -> None:
    # Last to play, already ahead: stopping wins for sure.
    assert turn_odds(18, 17, 1, 0, 2, 1, 21).stop == 1
    # Last to play on 19 against one 20: stop loses; roll: a 1 ties (then stop: 1/2),
    # a 2 wins; everything else busts.
    last = turn_odds(19, 20, 1, 0, 2, 1, 21)
    assert last.stop == 0 and last.roll == F(1, 6) * F(1, 2) + F(1, 6)
    assert not last.should_stop and last.bust == F(4, 6)
    # Last to play, tied on 20 with two others: stop 1/3; roll: only a 1 (21) wins.
    tied = turn_odds(20, 20, 2, 0, 3, 1, 21)
    assert tied.stop == F(1, 3) and tied.roll == F(1, 6) and tied.should_stop
    # First of two standing on 20: the second player must reach 21 exactly (or tie 20
    # and take the better of 1/2 and rolling for 21).
    first = turn_odds(20, 0, 0, 1, 2, 1, 21)
    assert first.stop is not None and first.stop > F(1, 2)
    assert turn_odds(0, 0, 0, 1, 2, 1, 21).stop is None


def test_last_player_with_nothing_to_beat_stops_at_once() -> None:
    """So under optimal play a round is never all bust, and replays never happen."""
    for dice, target in ((1, 21), (2, 21), (2, 36), (1, 36)):
        for total in range(1, target):
            assert turn_odds(total, 0, 0, 0, 3, dice, target).should_stop


def test_first_mover_chances() -> None:
    two = first_mover_win_chance(2, 1, 21)
    assert F(42, 100) < two < F(44, 100)
    chances = [first_mover_win_chance(n, 1, 21) for n in range(2, 9)]
    assert chances == sorted(chances, reverse=True)
    assert all(c < F(1, n) for c, n in zip(chances, range(2, 9), strict=True))


def test_invalid_positions_are_refused() -> None:
    for args in (
        (21, 0, 0, 1, 2, 1, 21),  # at the target the turn is over
        (5, 10, 0, 1, 2, 1, 21),  # a best total needs holders
        (5, 0, 1, 1, 2, 1, 21),
        (5, 10, 1, 1, 2, 1, 21),  # more seats than players
        (5, 0, 0, 8, 9, 1, 21),
        (5, 0, 0, 1, 2, 3, 21),
    ):
        with pytest.raises(ValueError):  # noqa: PT011 - plain ValueError is the API
            turn_odds(*args)


# -- an independent brute-force model -------------------------------------------------------
# It keeps every earlier player's result (not just the best and its count), walks every
# throw recursively, and values each decision as a vector of all players' chances.

BUST = -1


Solver = Callable[[tuple[int, ...], int], tuple[tuple[Fraction, ...], tuple[Fraction, ...] | None]]


def brute_force(players: int, dice: int, target: int) -> Solver:
    """``solve(results, total)`` -> (value vector, stop vector or None) for the player
    ``len(results)`` on ``total``; a tie prefers stopping."""

    def shares(results: tuple[int, ...]) -> tuple[Fraction, ...]:
        best = max(results)
        if best == BUST:
            return tuple(F(1, players) for _ in results)
        top = [i for i, r in enumerate(results) if r == best]
        return tuple(F(1, len(top)) if i in top else F(0) for i in range(players))

    @functools.cache
    def value(results: tuple[int, ...], total: int) -> tuple[Fraction, ...]:
        if len(results) == players:
            return shares(results)
        roll, stop = solve(results, total)
        me = len(results)
        return stop if stop is not None and stop[me] >= roll[me] else roll

    @functools.cache
    def solve(
        results: tuple[int, ...], total: int
    ) -> tuple[tuple[Fraction, ...], tuple[Fraction, ...] | None]:
        roll = [F(0)] * players
        for face, p in throw_distribution(dice):
            reached = total + face
            if reached > target:
                outcome = value((*results, BUST), 0)
            elif reached == target:
                outcome = value((*results, target), 0)
            else:
                outcome = value(results, reached)
            roll = [r + p * o for r, o in zip(roll, outcome, strict=True)]
        stop = value((*results, total), 0) if total else None
        return tuple(roll), stop

    return solve


@pytest.mark.parametrize(
    ("players", "dice", "target"),
    [(2, 1, 21), (3, 1, 21), (2, 2, 21), (3, 1, 12), (3, 2, 14), (4, 1, 8), (5, 1, 5)],
)
def test_turn_odds_match_brute_force_everywhere(players: int, dice: int, target: int) -> None:
    solve = brute_force(players, dice, target)
    seen = 0
    for results in _reachable_results(players, target):
        me = len(results)
        standing = [r for r in results if r != BUST]
        best = max(standing, default=0)
        holders = standing.count(best) if standing else 0
        for total in range(target):
            roll, stop = solve(results, total)
            odds_now = turn_odds(total, best, holders, players - me - 1, players, dice, target)
            assert odds_now.roll == roll[me], (results, total)
            assert odds_now.stop == (None if stop is None else stop[me]), (results, total)
            seen += 1
    assert seen > 0
    assert first_mover_win_chance(players, dice, target) == solve((), 0)[0][0]


def _reachable_results(players: int, target: int) -> list[tuple[int, ...]]:
    """Every tuple of earlier results (a stand of 1..target or a bust), shortest first."""
    layers: list[tuple[int, ...]] = [()]
    out: list[tuple[int, ...]] = []
    while layers and len(layers[0]) < players:
        out.extend(layers)
        layers = [(*r, x) for r in layers for x in [BUST, *range(1, target + 1)]]
        if len(out) + len(layers) > 3000:
            # Keep the larger tables affordable: sample every k-th later position.
            step = len(layers) // 300 + 1
            layers = layers[::step]
    return out


def test_the_coach_is_cached() -> None:
    turn_odds(3, 0, 0, 3, 4, 1, 21)
    hits = odds._open_row.cache_info().hits
    turn_odds(3, 0, 0, 3, 4, 1, 21)
    assert odds._open_row.cache_info().hits == hits + 1
