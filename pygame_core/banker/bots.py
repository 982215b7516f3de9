"""Bots for both banker games and both roles, at three levels.

A bot sees only a :class:`~.table.TableView` and the legal actions. The view tells the
rules that matter here (``instant_win``: 21 and five cards are paid at once;
``hidden_hands``: a player's whole hand is face down; ``shared_bank_hand``: the
banker's hand meets all satisfied players), so one set of bots plays Tjueett and
Tjugoett. Every bot stands on 21 by its own decision, like a person: the rules never
stand a hand on 21 for it.

- ``easy``: stakes and bets small amounts at random; stands at a random 15 to 17, as a
  player and as the banker.
- ``medium``: rules of thumb. Stakes a third of its chips; bets half the limit with an
  ace face down (the one card worth betting up on) and the minimum otherwise; stands on
  17 or more but draws a fifth card whenever it cannot bust; as the banker guesses each
  face-down card at 7 and draws until it holds the guessed total, at least 15 and at
  most 18 (the bets weigh several players).
- ``expert``: exact card counting over its unseen cards (:func:`.odds.draw_pool`). As a
  player it draws or stands by the larger expected value (:class:`PlayerModel`) and
  bets by the expected value of its face-down card; the banker's cards are counted
  from what its own next card leaves. As the banker it plays the hand that maximises
  the expected chips against the distribution of each waiting player's total
  (:class:`BankModel`), looking ahead over every card it may still draw, each
  player's face-down cards counted over what those draws leave. It stakes a quarter
  of its chips.

The expected values are floats computed from the exact integer weights of
:mod:`.odds`, so that a decision takes milliseconds.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from ..cards import ACE, rank
from ..contract import BOT_LEVELS, Bot
from ..rng import Rng, RngStream
from .hand import MAX_CARDS, TARGET, best_of, effective_total, has_ace, low_total
from .odds import (
    ACE_INDEX,
    STAND_RANGE,
    VALUES,
    HiddenTotals,
    Pool,
    banker_beat_row,
    banker_beat_rows_less_one,
    banker_beat_weights,
    draw_pool,
    falling,
    player_total_weights,
    pool_of,
    without,
)
from .table import BANK, BET, DRAW, STAKE, STAND, Bet, Stake, TableView, facing_seats

#: Face-down cards (ranks) the medium bot bets up on: the ace.
GOOD_FIRST_RANKS = frozenset({ACE})


class BankerBot:
    """A bot level: the four decisions, dispatched on the view's phase."""

    def choose(self, view: TableView, legal: Sequence[Any], seed: int) -> Any:
        """One of ``legal`` for the seat of ``view``."""
        stream = Rng.from_seed(seed).stream()
        if view.phase in (STAKE, BET):
            amounts = [a.amount for a in legal]
            low, high = min(amounts), max(amounts)
            if view.phase == STAKE:
                return Stake(min(max(self.stake(view, stream), low), high))
            return Bet(min(max(self.bet(view, stream), low), high))
        wants = self.bank_draws(view, stream) if view.phase == BANK else self.draws(view, stream)
        return DRAW if wants and DRAW in legal else STAND

    def stake(self, view: TableView, stream: RngStream) -> int:
        """Chips the banker puts in the pot."""
        raise NotImplementedError

    def bet(self, view: TableView, stream: RngStream) -> int:
        """Chips the player bets."""
        raise NotImplementedError

    def draws(self, view: TableView, stream: RngStream) -> bool:
        """Whether the player takes another card."""
        raise NotImplementedError

    def bank_draws(self, view: TableView, stream: RngStream) -> bool:
        """Whether the banker takes another card."""
        raise NotImplementedError


def own_hand(view: TableView) -> tuple[int, ...]:
    """The viewer's hand (the face-down card first)."""
    assert view.viewer is not None
    return view.hands[view.viewer]


class EasyBot(BankerBot):
    """Casual: small random stakes and bets, stands at a random 15 to 17."""

    def stake(self, view: TableView, stream: RngStream) -> int:
        return view.min_amount + stream.randbelow(max(1, view.max_amount // 2))

    def bet(self, view: TableView, stream: RngStream) -> int:
        return view.min_amount + stream.randbelow(3)

    def draws(self, view: TableView, stream: RngStream) -> bool:
        return effective_total(own_hand(view)) < 15 + stream.randbelow(3)

    def bank_draws(self, view: TableView, stream: RngStream) -> bool:
        return view.bank_total < 15 + stream.randbelow(3)


class MediumBot(BankerBot):
    """Rules of thumb (see the module docstring)."""

    def stake(self, view: TableView, stream: RngStream) -> int:
        return view.max_amount // 3

    def bet(self, view: TableView, stream: RngStream) -> int:
        good = rank(own_hand(view)[0]) in GOOD_FIRST_RANKS
        return (view.max_amount + 1) // 2 if good else view.min_amount

    def draws(self, view: TableView, stream: RngStream) -> bool:
        hand = own_hand(view)
        safe_fifth = len(hand) == MAX_CARDS - 1 and low_total(hand) + 13 <= TARGET
        return effective_total(hand) < 17 or safe_fifth

    def bank_draws(self, view: TableView, stream: RngStream) -> bool:
        seats = facing_seats(view)
        stakes = sum(view.bets[s] for s in seats) or 1
        guess = (
            sum(view.bets[s] * (view.visible_totals[s] + 7 * view.face_down[s]) for s in seats)
            / stakes
        )
        return view.bank_total < min(18, max(15, round(guess)))


class ExpertBot(BankerBot):
    """Card counting with exact odds (see the module docstring)."""

    def stake(self, view: TableView, stream: RngStream) -> int:
        return suggested_stake(view)

    def bet(self, view: TableView, stream: RngStream) -> int:
        hand = own_hand(view)
        value = player_model(view).value(hand[1:])
        if value <= 0:
            return view.min_amount
        assert view.viewer is not None
        return view.min_amount + round(min(1.0, 2 * value) * view.chips[view.viewer])

    def draws(self, view: TableView, stream: RngStream) -> bool:
        stand, draw = player_values(view)
        return draw > stand

    def bank_draws(self, view: TableView, stream: RngStream) -> bool:
        stand, draw = bank_values(view)
        return draw > stand


#: The share of the banker's chips the expert stakes (the coach suggests it too).
STAKE_SHARE = 4


def suggested_stake(view: TableView) -> int:
    """The stake the expert puts in the pot: a quarter of the banker's chips, within
    the allowed range. Big enough that the pot pays several wins, small enough that a
    broken bank costs a quarter of them."""
    return max(view.min_amount, min(view.max_amount, view.max_amount // STAKE_SHARE))


# -- expected values -----------------------------------------------------------------------
#: A face-up part of a hand: (low total, holds an ace, number of cards).
FaceUp = tuple[int, bool, int]


def _face_up(cards: Sequence[int]) -> FaceUp:
    return low_total(cards), has_ace(cards), len(cards)


def player_model(view: TableView) -> PlayerModel:
    """The expert player's model of its own hand (first card, then the others)."""
    hand = own_hand(view)
    pool = draw_pool(view)
    # With hidden hands the banker sees none of the player's cards: to him they are as
    # unseen as the deck, whatever the player draws.
    bank_pool = None
    if view.hidden_hands:
        bank_pool = tuple(a + b for a, b in zip(pool, pool_of(hand), strict=True))
    return PlayerModel(pool, hand[0], view.instant_win, bank_pool)


def player_values(view: TableView) -> tuple[float, float]:
    """The expert player's expected chips per chip bet for standing and for drawing
    (the game review rates a person's play by these too)."""
    face_up = own_hand(view)[1:]
    model = player_model(view)
    return model.stand_value(face_up), model.draw_value(face_up)


def bank_values(view: TableView) -> tuple[float, float]:
    """The expert banker's expected chips for standing and for drawing, against the
    hands his hand meets (the game review rates a person's play by these too)."""
    facing = tuple(
        _facing(view.bets[s], view.hands[s][view.face_down[s] :], view.face_down[s])
        for s in facing_seats(view)
    )
    model = BankModel(draw_pool(view), facing, view.instant_win)
    low, ace, cards = _face_up(view.bank_hand)
    return model.stand_value(model.pool, best_of(low, ace)), model.draw_value(low, ace, cards)


class PlayerModel:
    """A player's expected chips per chip bet, for a known face-down card.

    The banker is modelled as drawing until he holds his *target*: the smallest total
    that the player's hand, as far as the banker sees it (the face-up cards; the
    face-down card any card he has not seen; the hand neither bust nor paid), does not
    beat with an even chance or more. His final total under that policy is counted
    exactly (:func:`.odds.banker_beat_row`; the next card's pools together, a count a
    target, :func:`.odds.banker_beat_rows_less_one`) over the player's unseen cards
    less the cards the player draws before he stands, up to ``exact_draws`` of them; a hand
    that would stand after more draws than that is counted over the pool of the
    decision (every depth exact measured 3.6-8x slower at p95 and changed no draw or
    stand in 2,630 positions). ``bank_pool`` (Tjugoett's hidden hands): the banker sees
    only how many cards the player holds, every one of them a card of this pool.
    """

    def __init__(
        self,
        pool: Pool,
        hidden: int,
        instant_win: bool,
        bank_pool: Pool | None = None,
        exact_draws: int = 1,
    ) -> None:
        self.pool = pool
        self.hidden = rank(hidden) - 2
        self.instant_win = instant_win
        self.bank_pool = bank_pool
        self.exact_draws = exact_draws
        self.memo: dict[tuple[Pool, FaceUp], float] = {}
        #: The banker's rows (:func:`.odds.banker_beat_row`) over the pools the next
        #: card leaves, by (pool, target): counted together by :meth:`_count_next`.
        self.rows: dict[tuple[Pool, int], tuple[int, ...]] = {}

    def value(self, face_up: Sequence[int]) -> float:
        """The value of the hand with these face-up cards, playing on optimally."""
        return self._value(self.pool, _face_up(face_up))

    def stand_value(self, face_up: Sequence[int]) -> float:
        """The value of standing with these face-up cards."""
        return self._stand(self.pool, _face_up(face_up))

    def draw_value(self, face_up: Sequence[int]) -> float:
        """The value of one more card, then playing on optimally."""
        return self._draw(self.pool, _face_up(face_up))

    def _total(self, up: FaceUp) -> int:
        low, ace, cards = up
        low += VALUES[self.hidden]
        if cards + 1 == MAX_CARDS and low <= TARGET:
            return TARGET
        return best_of(low, ace or self.hidden == ACE_INDEX)

    def _target(self, pool: Pool, up: FaceUp) -> int:
        if self.bank_pool is not None:
            weights = player_total_weights(self.bank_pool, 0, False, 0, self.instant_win, up[2] + 1)
        else:
            # The banker has not seen the face-down card: it is in his pool.
            seen_by_bank = pool[: self.hidden] + (pool[self.hidden] + 1,) + pool[self.hidden + 1 :]
            weights = player_total_weights(seen_by_bank, *up, self.instant_win)
        needed, running = sum(weights) / 2, sum(weights[: STAND_RANGE.start])
        for stand in STAND_RANGE:
            running += weights[stand]
            if running >= needed:
                return stand
        return TARGET

    def _stand(self, pool: Pool, up: FaceUp) -> float:
        # The banker draws from what the player's own draws left, counted exactly up to
        # ``exact_draws`` cards after the decision (deeper, or when fewer cards than a
        # banker's hand are left, over the decision's pool: every target's row of it
        # from one count, kept).
        drawn = sum(self.pool) - sum(pool)
        target = self._target(pool, up)
        if 0 < drawn <= self.exact_draws and sum(pool) >= MAX_CARDS:
            row = self.rows.get((pool, target))
            if row is None:
                row = banker_beat_row(pool, target)
            return 1 - 2 * row[self._total(up)] / falling(sum(pool), MAX_CARDS)
        return 1 - 2 * _beat_chances(self.pool)[target][self._total(up)]

    def _value(self, pool: Pool, up: FaceUp) -> float:
        key = (pool, up)
        if key not in self.memo:
            total = self._total(up)
            if total == TARGET and self.instant_win:
                value = 1.0
            elif total == TARGET or up[2] + 1 == MAX_CARDS:
                value = self._stand(pool, up)
            elif up[2] == 0:
                # The first face-up card comes without a choice.
                value = self._draw(pool, up)
            else:
                value = max(self._draw(pool, up), self._stand(pool, up))
            self.memo[key] = value
        return self.memo[key]

    def _count_next(self, up: FaceUp) -> None:
        """Count the banker's rows that standing after the next card asks for, one
        count per target (:func:`.odds.banker_beat_rows_less_one`) rather than one
        per card: the cards that leave the banker going for the same target share it."""
        if not self.exact_draws or sum(self.pool) - 1 < MAX_CARDS:
            return
        low, ace, cards = up
        wanted: dict[int, list[int]] = {}
        for index, count in enumerate(self.pool):
            if not count or low + VALUES[index] + VALUES[self.hidden] > TARGET:
                continue
            child = (low + VALUES[index], ace or index == ACE_INDEX, cards + 1)
            if self.instant_win and self._total(child) == TARGET:
                continue  # paid at once: no banker to count
            pool = without(self.pool, index)
            target = self._target(pool, child)
            if (pool, target) not in self.rows:
                wanted.setdefault(target, []).append(index)
        for target, ranks in wanted.items():
            for index, row in banker_beat_rows_less_one(self.pool, target, tuple(ranks)).items():
                self.rows[without(self.pool, index), target] = row

    def _draw(self, pool: Pool, up: FaceUp) -> float:
        low, ace, cards = up
        hidden_low = VALUES[self.hidden]
        if pool == self.pool:
            self._count_next(up)
        total = 0.0
        for index, count in enumerate(pool):
            if not count:
                continue
            new_low = low + VALUES[index]
            if new_low + hidden_low > TARGET:
                total -= count
            else:
                child = (new_low, ace or index == ACE_INDEX, cards + 1)
                total += count * self._value(without(pool, index), child)
        return total / sum(pool)


@lru_cache(maxsize=256)
def _beat_chances(pool: Pool) -> dict[int, tuple[float, ...]]:
    """Per banker target: the chance he ends on each total or more, from no cards."""
    scale = falling(sum(pool), MAX_CARDS)
    rows = banker_beat_weights(pool, 0, False, 0)
    return {stand: tuple(w / scale for w in row) for stand, row in rows.items()}


#: The banker's prior: a player who stands holds at least this much (or five cards).
STANDS_ON = 16


def standing_weights(pool: Pool, up: FaceUp, instant_win: bool, hidden: int = 1) -> tuple[int, ...]:
    """How the banker weighs a standing player's totals (see :data:`STANDS_ON`).

    The exact distribution over the ``hidden`` face-down cards
    (:func:`.odds.player_total_weights`), with totals under :data:`STANDS_ON` left out
    as long as any total fits.
    """
    return _at_least(player_total_weights(pool, *up, instant_win, hidden))


def _at_least(weights: tuple[int, ...]) -> tuple[int, ...]:
    """The weights without the totals under :data:`STANDS_ON`, as long as any total fits."""
    if any(weights[STANDS_ON:]):
        return (0,) * STANDS_ON + weights[STANDS_ON:]
    return weights


#: A player the banker's hand meets: its bet, its face-up cards, its face-down count.
Facing = tuple[tuple[int, FaceUp, int], ...]


def _facing(bet: int, face_up: Sequence[int], hidden: int) -> tuple[int, FaceUp, int]:
    return bet, _face_up(face_up), hidden


class BankModel:
    """The banker's expected chips against the players his hand meets.

    Standing on a total wins every bet whose hand does not beat it (ties go to the
    bank) and loses the others. Each player's total is distributed as the face-down
    card over the banker's unseen cards, the hand neither bust nor already paid, and
    (:func:`standing_weights`) at least :data:`STANDS_ON` where that can be: a player
    who stood on less would be unusual. Drawing looks ahead over every card he may
    still draw, playing on optimally. Each hand's face-down cards, one or (Tjugoett)
    several, are counted exactly over the pool less the banker's coming cards
    (:class:`.odds.HiddenTotals`). The coming cards themselves are counted as
    uniform over the pool, not weighed by what the waiting hands make likelier.
    """

    def __init__(self, pool: Pool, facing: Facing, instant_win: bool) -> None:
        self.pool = pool
        self.facing = facing
        self.instant_win = instant_win
        self.stakes = sum(bet for bet, _, _ in facing)
        self.hands = tuple(HiddenTotals(pool, *up, instant_win, hidden) for _, up, hidden in facing)
        self.memo: dict[Pool, float] = {}

    def stand_value(self, pool: Pool, total: int) -> float:
        """Expected chips for standing on ``total`` with ``pool`` unseen (``pool``: the
        model's pool less the banker's coming cards)."""
        value = 0.0
        for (bet, _, _), hand in zip(self.facing, self.hands, strict=True):
            weights = _at_least(hand.weights(pool))
            size = sum(weights)
            if size:
                value += bet * (2 * sum(weights[: total + 1]) - size) / size
        return value

    def draw_value(self, low: int, ace: bool, cards: int) -> float:
        """Expected chips for taking one more card, then playing on optimally."""
        return self._draw(self.pool, low, ace, cards)

    def _value(self, pool: Pool, low: int, ace: bool, cards: int) -> float:
        # The cards drawn so far are what ``pool`` lacks, so it is the whole key.
        if pool not in self.memo:
            best = best_of(low, ace)
            if cards == MAX_CARDS:
                value = float(self.stakes)
            elif cards < 2:
                value = self._draw(pool, low, ace, cards)
            elif best == TARGET:
                value = self.stand_value(pool, best)
            else:
                value = max(self.stand_value(pool, best), self._draw(pool, low, ace, cards))
            self.memo[pool] = value
        return self.memo[pool]

    def _draw(self, pool: Pool, low: int, ace: bool, cards: int) -> float:
        total = 0.0
        for index, count in enumerate(pool):
            if not count:
                continue
            new_low = low + VALUES[index]
            if new_low > TARGET:
                total -= count * self.stakes
            else:
                child = without(pool, index)
                total += count * self._value(child, new_low, ace or index == ACE_INDEX, cards + 1)
        return total / sum(pool)


_LEVELS: dict[str, type[BankerBot]] = {"easy": EasyBot, "medium": MediumBot, "expert": ExpertBot}


def make_bot(level: str) -> Bot:
    """The bot of ``level`` (one of :data:`~pygame_core.contract.BOT_LEVELS`)."""
    if level not in BOT_LEVELS:
        raise ValueError(f"unknown bot level {level!r}")
    return _LEVELS[level]()
