"""Bots of both banker games: legal, repeatable, sensible, and fast."""

from __future__ import annotations

import copy
import random
import time
from typing import Any

import pytest
from test_banker_scripted import run, scripted

from pygame_core.banker import bots, odds
from pygame_core.banker.bots import BankModel, PlayerModel, make_bot, standing_weights
from pygame_core.banker.hand import MAX_CARDS, TARGET
from pygame_core.banker.odds import (
    STAND_RANGE,
    VALUES,
    HiddenTotals,
    Pool,
    banker_beat_row,
    banker_beat_rows_less_one,
    banker_beat_weights,
    falling,
    player_total_weights,
    pool_of,
    without,
)
from pygame_core.banker.table import BANK, BET, PLAY, Bet, Draw, Stand, TableState
from pygame_core.cards import FULL_DECK, parse_card
from pygame_core.rng import Rng
from pygame_core.tjueett import GAME as TJUEETT
from pygame_core.tjueett import TjueettConfig
from pygame_core.tjugoett import GAME as TJUGOETT
from pygame_core.tjugoett import TjugoettConfig


def tjueett_at(monkeypatch: pytest.MonkeyPatch, deck: str, actions: str) -> TableState:
    scripted(monkeypatch, deck)
    state, _ = run(TJUEETT, TJUEETT.new_game(TjueettConfig(players=3), 1), actions)
    return state


def choice(game: Any, state: TableState, level: str = "expert", seed: int = 0) -> Any:
    seat = game.current_player(state)
    return make_bot(level).choose(game.view(state, seat), game.legal_actions(state), seed)


def test_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError, match="level"):
        make_bot("master")


@pytest.mark.parametrize("level", ["easy", "medium", "expert"])
def test_bots_are_legal_and_repeatable(level: str) -> None:
    for game, config in ((TJUEETT, TjueettConfig(players=5)), (TJUGOETT, TjugoettConfig())):
        state = game.new_game(config, 11)
        bot = make_bot(level)
        while (seat := game.current_player(state)) is not None:
            view, legal = game.view(state, seat), game.legal_actions(state)
            action = bot.choose(view, legal, len(state.history))
            assert action in legal
            assert bot.choose(view, legal, len(state.history)) == action
            state, _ = game.apply(state, action)
        assert game.outcome(state) is not None


def test_expert_player_stands_on_20_and_draws_on_12(monkeypatch: pytest.MonkeyPatch) -> None:
    state = tjueett_at(monkeypatch, "10H 5C 10D", "S10 B2 B1")
    assert state.phase == PLAY and choice(TJUEETT, state) == Stand()
    state = tjueett_at(monkeypatch, "10H 5C 2D", "S10 B2 B1")
    assert choice(TJUEETT, state) == Draw()


def test_expert_draws_a_fifth_card_that_cannot_bust(monkeypatch: pytest.MonkeyPatch) -> None:
    # 2 + 3 + 2 + 4 = 11 on four cards: no card busts, five cards count 21.
    state = tjueett_at(monkeypatch, "2H 5C 3D 2S 4S", "S10 B2 B1 D D")
    assert len(state.hands[1]) == 4 and choice(TJUEETT, state) == Draw()
    assert choice(TJUEETT, state, "medium") == Draw()


def test_expert_banker_reads_the_face_up_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    # The player shows a 10 (12 to 21 in all): the banker on 12 must draw.
    state = tjueett_at(monkeypatch, "9H 5C 10D 10S 2S", "S10 B2 B1 S")
    assert state.phase == BANK and choice(TJUEETT, state) == Draw()
    # The player shows a 2 (at most 16): the banker on 20 stands.
    state = tjueett_at(monkeypatch, "9H 5C 2D 10S 10C", "S10 B2 B1 S")
    assert choice(TJUEETT, state) == Stand()


def test_expert_bets_up_on_an_ace_and_down_on_a_king(monkeypatch: pytest.MonkeyPatch) -> None:
    state = tjueett_at(monkeypatch, "AH KC", "S20")
    assert choice(TJUEETT, state) != Bet(1)
    state, _ = TJUEETT.apply(state, Bet(1))
    assert choice(TJUEETT, state) == Bet(1)


def test_an_ace_is_the_best_face_down_card() -> None:
    values = {}
    for name in ("AS", "7S", "KS"):
        card = parse_card(name)
        pool = pool_of(c for c in FULL_DECK if c != card)
        values[name] = PlayerModel(pool, card, instant_win=False).value(())
    assert values["AS"] > 0 > values["7S"] > values["KS"]


def test_medium_stands_on_17(monkeypatch: pytest.MonkeyPatch) -> None:
    state = tjueett_at(monkeypatch, "10H 5C 7D", "S10 B2 B1")
    assert choice(TJUEETT, state, "medium") == Stand()
    state = tjueett_at(monkeypatch, "10H 5C 6D", "S10 B2 B1")
    assert choice(TJUEETT, state, "medium") == Draw()


def test_expert_decisions_take_milliseconds() -> None:
    bot = make_bot("expert")
    times = []
    for game, config in ((TJUEETT, TjueettConfig(players=6)), (TJUGOETT, TjugoettConfig())):
        state = game.new_game(config, 5)
        chooser = Rng.from_seed(5).stream()
        for _ in range(300):
            seat = game.current_player(state)
            if seat is None:
                break
            view, legal = game.view(state, seat), game.legal_actions(state)
            started = time.perf_counter()
            bot.choose(view, legal, 0)
            times.append(time.perf_counter() - started)
            state, _ = game.apply(state, chooser.choice(legal))
    times.sort()
    assert times[len(times) // 2] < 0.05


# -- exact counting ----------------------------------------------------------------------
def random_pool(rng: random.Random, size: int) -> Pool:
    """The pool of ``size`` cards drawn from a full deck."""
    return pool_of(rng.sample(FULL_DECK, size))


def removals(rng: random.Random, pool: Pool, count: int) -> list[Pool]:
    """``pool`` and the pools it becomes as ``count`` random cards leave it, one by one."""
    pools = [pool]
    for _ in range(count):
        left = pools[-1]
        index = rng.choice([i for i, c in enumerate(left) if c])
        pools.append(without(left, index))
    return pools


#: Face-up parts of a waiting hand: (low total, holds an ace, cards), and face-down cards.
HANDS = [
    ((0, False, 0), 1),
    ((10, False, 1), 1),
    ((5, True, 1), 1),
    ((14, False, 3), 1),
    ((7, False, 2), 2),
    ((0, False, 0), 2),
    ((0, False, 0), 3),
    ((3, True, 1), 3),
    ((0, False, 0), 4),
    ((0, False, 0), 5),
]


@pytest.mark.parametrize("instant_win", [False, True])
@pytest.mark.parametrize(("up", "hidden"), HANDS)
def test_hidden_totals_count_exactly_what_player_total_weights_counts(
    up: tuple[int, bool, int], hidden: int, instant_win: bool
) -> None:
    rng = random.Random(hidden * 100 + up[0] + instant_win)
    for size in (52 - hidden - up[2], 40, 20):
        pool = random_pool(rng, size)
        totals = HiddenTotals(pool, *up, instant_win, hidden)
        pools = removals(rng, pool, 5)
        for sub in pools:
            assert totals.weights(sub) == player_total_weights(sub, *up, instant_win, hidden)
        # The memo and the pools asked for before change nothing.
        fresh = HiddenTotals(pool, *up, instant_win, hidden)
        assert [fresh.weights(sub) for sub in reversed(pools)] == [
            totals.weights(sub) for sub in reversed(pools)
        ]


def test_hidden_totals_keep_their_counts_and_refuse_a_pool_they_did_not_hold() -> None:
    pool = random_pool(random.Random(1), 30)
    totals = HiddenTotals(pool, 0, False, 0, True, 3)
    before = copy.deepcopy((totals.plain, totals.whole))
    for sub in removals(random.Random(2), pool, 4):
        totals.weights(sub)
    assert (totals.plain, totals.whole) == before
    bigger = tuple(c + 1 for c in pool)
    with pytest.raises(ValueError, match="first pool"):
        totals.weights(bigger)


def test_banker_beat_row_is_the_row_of_banker_beat_weights() -> None:
    rng = random.Random(7)
    full = pool_of(FULL_DECK)
    pools = [full, without(full, 12), random_pool(rng, 45), random_pool(rng, 30)]
    pools += [random_pool(rng, size) for size in (5, 6, 8, 11, 15)]
    for pool in pools:
        rows = banker_beat_weights(pool, 0, False, 0)
        for stand in STAND_RANGE:
            banker_beat_row.cache_clear()
            assert banker_beat_row(pool, stand) == rows[stand], (pool, stand)
    with pytest.raises(ValueError, match="too few"):
        banker_beat_row(random_pool(rng, 4), 17)
    with pytest.raises(ValueError, match="stand"):
        banker_beat_row(full, 9)


def test_the_rows_less_one_card_are_each_pools_own_row() -> None:
    rng = random.Random(11)
    full = pool_of(FULL_DECK)
    pools = [full, random_pool(rng, 40), random_pool(rng, 23), random_pool(rng, 9)]
    pools += [random_pool(rng, 6), (0,) * 12 + (6,)]
    for pool in pools:
        ranks = tuple(index for index, count in enumerate(pool) if count)
        for stand in STAND_RANGE:
            for chosen in (ranks, ranks[:1], tuple(rng.sample(ranks, min(3, len(ranks))))):
                rows = banker_beat_rows_less_one(pool, stand, chosen)
                assert set(rows) == set(chosen)
                for index in chosen:
                    assert rows[index] == banker_beat_row(without(pool, index), stand)
    with pytest.raises(ValueError, match="too few"):
        banker_beat_rows_less_one(random_pool(rng, 5), 17, (0,))
    with pytest.raises(ValueError, match="stand"):
        banker_beat_rows_less_one(full, 22, (0,))
    with pytest.raises(ValueError, match="not in the pool"):
        banker_beat_rows_less_one((0,) + full[1:], 17, (0,))


def test_the_players_banker_draws_from_what_its_next_card_leaves() -> None:
    # Four cards, a 2 face down and 3 + 2 + 4 face up: a fifth card busts or makes
    # five cards, which count 21, so drawing is worth, over each fifth card, -1 or
    # standing on 21 against a banker who draws from the pool less that card.
    hand = [parse_card(c) for c in ("2H", "3D", "2S", "4S")]
    pool = pool_of(c for c in FULL_DECK if c not in hand)
    model = PlayerModel(pool, hand[0], instant_win=False)
    low, ace, cards = bots._face_up(hand[1:])
    expected = 0.0
    for index, count in enumerate(pool):
        if low + VALUES[index] + 2 > TARGET:
            expected -= count
        elif count:
            child = without(pool, index)
            up = (low + VALUES[index], ace or index == odds.ACE_INDEX, cards + 1)
            row = banker_beat_weights(child, 0, False, 0)[model._target(child, up)]
            expected += count * (1 - 2 * row[TARGET] / falling(sum(child), MAX_CARDS))
    assert model.draw_value(hand[1:]) == pytest.approx(expected / sum(pool), abs=1e-12)
    # The decision's own pool would count the fifth card twice: a different value.
    old = PlayerModel(pool, hand[0], instant_win=False, exact_draws=0)
    assert old.draw_value(hand[1:]) != pytest.approx(expected / sum(pool), abs=1e-9)


def test_the_tjueett_banker_counts_one_face_down_card_as_before(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # One face-down card a hand: HiddenTotals over the pool less the banker's cards is
    # standing_weights over that pool, as the banker counted it before.
    rng = random.Random(3)
    pool = random_pool(rng, 44)
    facing = ((2, (10, False, 1), 1), (1, (9, True, 2), 1), (3, (4, False, 1), 1))
    model = BankModel(pool, facing, instant_win=False)
    for sub in removals(rng, pool, 3):
        for total in range(15, TARGET + 1):
            value = 0.0
            for bet, up, hidden in facing:
                weights = standing_weights(sub, up, False, hidden)
                size = sum(weights)
                value += bet * (2 * sum(weights[: total + 1]) - size) / size
            assert model.stand_value(sub, total) == pytest.approx(value, abs=1e-12)


def clear_caches() -> None:
    for cached in (
        banker_beat_row,
        banker_beat_rows_less_one,
        player_total_weights,
        odds._finals_packed,
    ):
        cached.cache_clear()


def test_the_expert_is_deterministic_and_leaves_its_input_alone() -> None:
    expert, medium = make_bot("expert"), make_bot("medium")
    decided = dict.fromkeys((BET, PLAY, BANK), 0)
    tables: list[tuple[Any, Any]] = [
        (TJUEETT, TjueettConfig(players=4)),
        (TJUGOETT, TjugoettConfig()),
    ]
    for game, config in tables:
        state = game.new_game(config, 21)
        for _ in range(400):
            seat = game.current_player(state)
            if seat is None:
                break
            view, legal = game.view(state, seat), list(game.legal_actions(state))
            kept = copy.deepcopy((view, legal))
            action = expert.choose(view, legal, 1)
            if view.phase in decided:
                decided[view.phase] += 1
                values = bots.bank_values(view) if view.phase == BANK else None
                clear_caches()
                assert make_bot("expert").choose(view, legal, 2) == action
                if values is not None:
                    assert bots.bank_values(view) == values
            assert (view, legal) == kept
            state, _ = game.apply(state, medium.choose(view, legal, len(state.history)))
    assert all(decided.values()), decided
