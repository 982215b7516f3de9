"""Exact odds of 41, checked against brute force and the seed's claims."""

from __future__ import annotations

import functools
from collections.abc import Callable
from fractions import Fraction
from math import comb

import pytest

from pygame_core.dice41 import odds, turn_score
from pygame_core.dice41.odds import RoundSpot

# -- an independent brute force over sorted throws (slow, exact) --------------------------


def brute_value(utility: Callable[[int], Fraction]) -> Callable[[tuple[int, ...]], Fraction]:
    """Best expected ``utility(score)`` from a sorted tuple of kept dice, by brute force
    over every sorted throw and every keep."""

    @functools.cache
    def value(kept: tuple[int, ...]) -> Fraction:
        if len(kept) == 6:
            return utility(turn_score(kept))
        total = Fraction(0)
        for dice, p in odds.throw_distribution(6 - len(kept)):
            total += p * max(value(tuple(sorted((*kept, v)))) for v in set(dice))
        return total

    return value


def expectation(dist: dict[int, Fraction]) -> Fraction:
    return sum((s * p for s, p in dist.items()), Fraction(0))


# -- throws ---------------------------------------------------------------------------------


@pytest.mark.parametrize("n", range(1, 7))
def test_throw_distribution_is_every_sorted_throw(n: int) -> None:
    dist = odds.throw_distribution(n)
    assert len(dist) == comb(n + 5, 5)
    assert sum(p for _, p in dist) == 1
    assert all(list(d) == sorted(d) for d, _ in dist)


def test_throw_distribution_counts_orderings() -> None:
    two = dict(odds.throw_distribution(2))
    assert two[(1, 1)] == Fraction(1, 36) and two[(1, 2)] == Fraction(2, 36)
    assert dict(odds.throw_distribution(6))[(1, 2, 3, 4, 5, 6)] == Fraction(720, 6**6)
    with pytest.raises(ValueError, match="1 to 6"):
        odds.throw_distribution(7)


# -- policies and distributions -----------------------------------------------------------


def test_fast_distributions_match_the_generic_enumeration() -> None:
    assert odds.score_distribution(odds.safe_play) == odds.safe_play_distribution()
    assert odds.score_distribution(odds.optimal_policy) == odds.optimal_distribution()
    for kept in [(4,), (6, 6), (4, 1, 6)]:
        assert odds.score_distribution(odds.safe_play, kept) == odds.safe_play_distribution(kept)


def test_distributions_are_distributions() -> None:
    for dist in (odds.safe_play_distribution(), odds.optimal_distribution()):
        assert sum(dist.values()) == 1
        assert set(dist) <= set(odds.SCORES)


def test_optimal_expected_score_is_exact_and_optimal() -> None:
    best = odds.expected_score()
    assert best == Fraction(187013030158414769, 10968475320188928)
    assert round(float(best), 4) == 17.0500
    assert best == brute_value(Fraction)(())
    assert best == expectation(odds.optimal_distribution())


def test_the_rule_of_thumb_maximises_the_expected_score() -> None:
    """Safe play is exactly optimal for the expected score: same distribution, and no
    throw where its keep is worth less than the best keep."""
    assert odds.safe_play_distribution() == odds.optimal_distribution()
    for kept, dice in [((), (1, 4, 6, 6, 6, 6)), ((6,), (4, 5, 5, 5, 5)), ((4, 6), (1, 6, 6, 2))]:
        scores = odds.keep_expected_scores(kept, dice)
        assert scores[odds.safe_play(len(kept) + 1, kept, dice)] == max(scores.values())


def test_keep_expected_scores_match_brute_force() -> None:
    value = brute_value(Fraction)
    for kept, dice in [((), (1, 2, 4, 4, 6, 6)), ((4,), (1, 6, 6, 3, 3)), ((4, 6, 6), (5, 5, 2))]:
        scores = odds.keep_expected_scores(kept, dice)
        assert set(scores) == set(dice)
        for v, expected in scores.items():
            assert expected == value(tuple(sorted((*kept, v))))


def test_the_coach_prefers_the_ticket_in_the_opening() -> None:
    scores = odds.keep_expected_scores((), (1, 6, 6, 6, 6, 6))
    assert odds.best_keep(scores) == 1


def test_position_without_a_chance_is_worth_zero() -> None:
    # Five dice down and neither ticket: the last die cannot bring both.
    assert odds.expected_score((6, 6, 6, 6, 6)) == 0
    assert odds.safe_play_distribution((6, 6, 6, 6, 6)) == {0: Fraction(1)}


def test_policies_must_keep_a_die_that_was_thrown() -> None:
    with pytest.raises(ValueError, match="not among"):
        odds.score_distribution(lambda throw, kept, dice: 7)
    with pytest.raises(ValueError, match="throw has"):
        odds.keep_expected_scores((4,), (1, 2))


# -- the seed's figures --------------------------------------------------------------------


def test_seed_claims_exactly() -> None:
    claims = odds.seed_claims()
    # "rundt én tur av sytti med trygt spill": about one turn in seventy.
    assert claims.safe_24 == Fraction(77003149113905, 5484237660094464)
    assert 70 <= 1 / claims.safe_24 < 72  # one in 71.2
    # "Nesten tre av fire kvalifiserte turer lander mellom 16 og 21": nearly 3 in 4.
    assert claims.safe_16_to_21_given_qualified == Fraction(7415302643678129, 10133007481640800)
    assert 0.70 < claims.safe_16_to_21_given_qualified < 0.75  # 73.2 %
    # "må den aller siste treffe, og det skjer én gang av seks".
    assert claims.last_die_one == Fraction(1, 6)


def test_safe_play_24_needs_tickets_and_four_sixes() -> None:
    # Chance of 24 is the same whichever ticket comes first, by the 1 <-> 4 symmetry.
    assert odds.safe_play_distribution((4,)).get(24) == odds.safe_play_distribution((1,)).get(24)


# -- beating a known best ----------------------------------------------------------------


@pytest.mark.parametrize("best", [0, 12, 18, 21, 23])
def test_beat_chances_match_brute_force(best: int) -> None:
    win, tie = odds.beat_chances(best)
    assert win == brute_value(lambda s: Fraction(s > best))(())
    # Lexicographic: the tie chance is the best one among the win-maximising policies.
    big = Fraction(6**21 + 1)
    lexicographic = brute_value(lambda s: big * (s > best) + (s == best))(())
    assert win * big + tie == lexicographic
    dist = odds.score_distribution(odds.beat_policy(best))
    assert sum(p for s, p in dist.items() if s > best) == win
    assert dist.get(best, 0) == tie


def test_beating_24_is_impossible_but_a_tie_is_not() -> None:
    win, tie = odds.beat_chances(24)
    assert win == 0 and tie > odds.seed_claims().safe_24


def test_keep_beat_chances_average_to_the_position() -> None:
    best, kept = 18, (4,)
    total = Fraction(0)
    for dice, p in odds.throw_distribution(5):
        chances = odds.keep_beat_chances(best, kept, dice)
        total += p * max(win for win, _ in chances.values())
    assert total == odds.beat_chances(best, kept)[0]


def test_beat_rejects_impossible_scores() -> None:
    with pytest.raises(ValueError, match="best"):
        odds.beat_chances(25)


# -- winning the round -------------------------------------------------------------------


def test_last_player_round_utility() -> None:
    utility = odds.round_win_utility(RoundSpot(18, False, 0, 3))
    assert utility[19] == 1 and utility[18] == Fraction(1, 3) and utility[17] == 0
    tied = odds.round_win_utility(RoundSpot(18, True, 0, 3))
    # Two others tied at 18: anything not above 18 replays the round.
    assert tied[19] == 1 and tied[18] == tied[0] == Fraction(1, 3)


def test_two_player_round_values_add_up_to_one() -> None:
    """With two players the model of the later player is exact, so the first player's
    chance plus the second's (each counting a tie as half) is 1."""
    first_utility = odds.round_win_utility(RoundSpot(None, False, 1, 2))
    first = odds.position_value(first_utility)
    first_scores = odds.utility_distribution(first_utility)
    second = sum(
        (p * odds.round_win_chance(RoundSpot(b, False, 0, 2)) for b, p in first_scores.items()),
        Fraction(0),
    )
    assert first + second == 1
    assert second > first  # throwing last is an advantage, as the seed says


def test_keep_round_win_chances_for_the_last_player() -> None:
    chances = odds.keep_round_win_chances((4, 1, 6, 6), (6, 5), RoundSpot(22, False, 0, 2))
    # Keeping the 6 makes 18 points: the last die must show 5 or 6 to win, 4 to tie.
    assert chances[6] == Fraction(2, 6) + Fraction(1, 6) / 2
    # Keeping the 5 makes 17: only a 6 wins, a 5 ties.
    assert chances[5] == Fraction(1, 6) + Fraction(1, 6) / 2


def test_round_chip_utility_for_the_last_player() -> None:
    # Pot of 3 (two antes and the first seat's penalty), the first seat scored 0.
    utility = odds.round_chip_utility(RoundSpot(0, False, 0, 2), pot=3, penalty=1)
    assert utility[10] == 3  # any qualified score takes the pot
    assert utility[24] == 3 + 1  # a 24 also takes the other seat's doubling chip
    # Failing too: pay the penalty, then the replay is worth half the pot of 4.
    assert utility[0] == Fraction(4, 2) - 1


def test_round_chip_utility_counts_later_penalties() -> None:
    """First of two with an empty-handed opponent model: the chips expected back add
    up the pot and the later seat's penalty on the paths where this seat wins."""
    spot = RoundSpot(None, False, 1, 2)
    later = odds.utility_distribution(odds.round_win_utility(RoundSpot(20, False, 0, 2)))
    expected = (
        sum((p for s, p in later.items() if s < 20), Fraction(0)) * 2
        + later[0] * 1
        + later.get(20, Fraction(0)) * Fraction(2, 2)
    )
    assert odds.round_chip_utility(spot, pot=2, penalty=1)[20] == expected


def test_round_spot_is_checked() -> None:
    with pytest.raises(ValueError, match="players"):
        RoundSpot(None, False, 2, 2)
    with pytest.raises(ValueError, match="best"):
        RoundSpot(25, False, 0, 2)
