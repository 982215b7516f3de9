"""Exact odds against brute-force enumeration, and their speed."""

from __future__ import annotations

import time
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_banker_scripted import cards, run, scripted

from pygame_core.banker.hand import MAX_CARDS, effective_total, is_bust
from pygame_core.banker.odds import (
    BUST,
    Pool,
    banker_final_distribution,
    banker_reach_chances,
    bust_chance,
    facing_totals,
    next_card_bust,
    player_total_distribution,
    pool_of,
    unseen_pool,
)
from pygame_core.cards import FULL_DECK, make_card
from pygame_core.tjueett import GAME as TJUEETT
from pygame_core.tjueett import TjueettConfig
from pygame_core.tjueett import odds as tjueett_odds
from pygame_core.tjugoett import odds as tjugoett_odds

FULL = pool_of(FULL_DECK)


def card_of(index: int) -> int:
    """A card of pool index ``index`` (suits do not matter to the odds)."""
    return make_card(index + 2, 0)


def banker_ends(pool: Pool, hand: list[int], stand_at: int) -> dict[int, Fraction]:
    """Brute force: follow every draw with its chance; the banker stops on ``stand_at``+."""
    if is_bust(hand):
        return {BUST: Fraction(1)}
    total = effective_total(hand)
    if len(hand) == MAX_CARDS or (len(hand) >= 2 and total >= stand_at):
        return {total: Fraction(1)}
    result: dict[int, Fraction] = {}
    size = sum(pool)
    for index, count in enumerate(pool):
        if count:
            rest = pool[:index] + (count - 1,) + pool[index + 1 :]
            for end, chance in banker_ends(rest, [*hand, card_of(index)], stand_at).items():
                result[end] = result.get(end, Fraction(0)) + chance * Fraction(count, size)
    return result


#: Pools small enough for the brute force (every order of draws is followed).
SMALL_POOLS = st.lists(st.integers(0, 2), min_size=13, max_size=13).filter(
    lambda counts: 6 <= sum(counts) <= 14
)


def test_bust_chance_counts_the_unseen_cards() -> None:
    hand = cards("10H 9D")
    pool = pool_of(c for c in FULL_DECK if c not in hand)
    # Only an ace (1) or a two keeps 19 at 21 or under: 8 of the 50 unseen cards.
    assert bust_chance(pool, hand) == Fraction(50 - 8, 50)
    assert bust_chance(pool, cards("2H 3D")) == 0


@settings(max_examples=25, deadline=None)
@given(SMALL_POOLS, st.integers(10, 21))
def test_banker_final_distribution_matches_brute_force(counts: list[int], stand_at: int) -> None:
    pool = tuple(counts)
    expected = {k: v for k, v in banker_ends(pool, [], stand_at).items() if v}
    assert banker_final_distribution(pool, stand_at) == expected
    assert sum(expected.values()) == 1


@settings(max_examples=8, deadline=None)
@given(SMALL_POOLS)
def test_reach_chances_are_the_banker_going_for_each_total(counts: list[int]) -> None:
    pool = tuple(counts)
    chances = banker_reach_chances(pool, totals=range(10, 22))
    for total, chance in chances.items():
        ends = banker_ends(pool, [], total)
        assert chance == sum(p for end, p in ends.items() if end != BUST and end >= total)


def test_reach_chances_from_a_full_deck() -> None:
    chances = banker_reach_chances(FULL)
    assert list(chances) == list(range(14, 22))
    assert all(a > b for a, b in zip(chances.values(), list(chances.values())[1:], strict=False))
    assert chances[21] == sum(
        p for end, p in banker_final_distribution(FULL, 21).items() if end == 21
    )


def test_reach_chances_continue_from_the_bankers_cards() -> None:
    hand = cards("10S 7S")
    pool = pool_of(c for c in FULL_DECK if c not in hand)
    chances = banker_reach_chances(pool, hand, totals=(17, 18))
    assert chances[17] == 1
    # From 17 on two cards: an ace (18) then stop, a two, three or four, or more cards.
    assert chances[18] == sum(
        p for end, p in banker_ends(pool, hand, 18).items() if end != BUST and end >= 18
    )


def test_the_players_total_over_the_face_down_card() -> None:
    visible = cards("9H")
    pool = pool_of(c for c in FULL_DECK if c not in visible)
    dist = player_total_distribution(pool, visible)
    # K, Q, J (4 each) and 10... would make 22+: only ranks A to Q fit (a J makes 20).
    assert dist[21] == Fraction(4, 4 * 11 + 3)  # the queen: 12 + 9
    assert sum(dist.values()) == 1 and max(dist) == 21 and min(dist) == 10
    assert 21 not in player_total_distribution(pool, visible, instant_win=True)


def test_five_cards_in_the_players_hand_count_21() -> None:
    visible = cards("2H 3H 2D 3D")
    pool = pool_of(c for c in FULL_DECK if c not in visible)
    assert player_total_distribution(pool, visible) == {21: Fraction(1)}


def test_unseen_pool_holds_what_the_seat_has_not_seen() -> None:
    state = TJUEETT.new_game(TjueettConfig(players=3), 4)
    state, _ = TJUEETT.apply(state, TJUEETT.legal_actions(state)[4])
    mine = TJUEETT.view(state, 1)
    assert sum(unseen_pool(mine)) == 51  # seat 1 knows its own face-down card only
    assert sum(unseen_pool(TJUEETT.view(state, 0))) == 52


@pytest.mark.parametrize("stand_at", [17, 21])
def test_odds_are_fast_enough_for_the_coach(stand_at: int) -> None:
    pool = pool_of(FULL_DECK[5:])
    started = time.perf_counter()
    banker_reach_chances(pool)
    banker_final_distribution(pool, stand_at)
    assert time.perf_counter() - started < 0.25


def test_coach_figures_from_a_view(monkeypatch: pytest.MonkeyPatch) -> None:
    scripted(monkeypatch, "10H 5C 9D 10S 7S")
    state, _ = run(TJUEETT, TJUEETT.new_game(TjueettConfig(players=3), 1), "S10 B2 B1")
    # Seat 1 holds 10 + 9; an ace or a two keeps it at 21 or under (5C is unseen to it).
    assert next_card_bust(TJUEETT.view(state, 1)) == Fraction(42, 50)
    assert next_card_bust(TJUEETT.view(state, 2)) == 0  # 5C: no card busts it
    assert next_card_bust(TJUEETT.view(state, None)) is None
    banker = TJUEETT.view(state, 0)
    assert list(facing_totals(banker)) == [1]
    pool = pool_of(c for c in FULL_DECK if c not in cards("9D"))
    assert facing_totals(banker)[1] == player_total_distribution(pool, cards("9D"))
    assert facing_totals(TJUEETT.view(state, 1)) == {}
    state, _ = run(TJUEETT, state, "S")
    assert next_card_bust(TJUEETT.view(state, 0)) == bust_chance(
        unseen_pool(TJUEETT.view(state, 0)), cards("10S 7S")
    )


def test_tjugoett_waiting_players_never_hold_21() -> None:
    visible = cards("7H")
    pool = pool_of(c for c in FULL_DECK if c not in visible)
    assert 21 not in tjugoett_odds.player_total_distribution(pool, visible)
    assert 21 in tjueett_odds.player_total_distribution(pool, visible)
