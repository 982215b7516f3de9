"""Exact card-counting odds for the banker games, from what one seat has seen.

The cards a seat has not seen (the deck and the other players' face-down cards: one a
hand in Tjueett, the whole unsettled hand in Tjugoett) form its *pool*, kept as a count
per rank (:data:`Pool`: 13 counts, ranks 2 to ace). Given the view, every order of the
pool is equally likely, so the next cards off the deck are draws without replacement
from the pool: the other hidden cards do not change that.
The odds below are exact :class:`~fractions.Fraction` values under that model. One
caveat: when the deck gets down to one card during the cards being counted, the
discard pile of earlier rounds is shuffled back in (this round's settled cards only
when there is no discard pile). The model is exact whenever the deck holds more cards
than the hand can still draw; :func:`draw_pool` (the pool to use for several cards
ahead) counts in the cards a reshuffle would bring back when the deck holds five cards
or fewer, an approximation. The next card always comes off the deck as it is, so
:func:`bust_chance` over :func:`unseen_pool` is always exact.

For the coach, from a view: :func:`next_card_bust`, ``banker_reach_chances(
draw_pool(view))`` for a player, and :func:`facing_totals` for the banker.

The recursions count ways as integers (no fractions inside) and are memoised on the
pool's count vector, so a whole banker's hand takes a few milliseconds.

The banker's drawing policy is "draw until the total is at least ``s``" (at least
two cards, at most five; five cards count 21). :func:`banker_final_distribution` gives
his final total for a fixed ``s``; :func:`banker_reach_chances` (the coach's "chance
the banker ends on or above each total") takes ``s = t`` for each total ``t``: the
chance that a banker who goes for your total beats it, ties going to him.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from functools import lru_cache
from math import comb

from ..cards import ACE, FULL_DECK, rank
from .hand import HIDDEN, MAX_CARDS, TARGET, best_of, has_ace, low_total
from .table import SETTLED, TableView, facing_seats

#: Unseen cards per rank: index 0 is the two, index 12 the ace.
Pool = tuple[int, ...]
#: The low value (ace 1) of each pool index.
VALUES: tuple[int, ...] = tuple(range(2, 14)) + (1,)
ACE_INDEX = ACE - 2
#: Totals 0..21; index ``t`` of a weight vector is the total ``t``.
TOTALS = TARGET + 1


def pool_of(unseen: Iterable[int]) -> Pool:
    """The pool of a collection of cards."""
    counts = [0] * 13
    for card in unseen:
        counts[rank(card) - 2] += 1
    return tuple(counts)


def known_cards(view: TableView) -> list[int]:
    """Every card the viewer has seen that is not back in the deck."""
    seen = [c for hand in view.hands for c in hand if c != HIDDEN]
    return seen + list(view.bank_hand) + list(view.bank_used) + list(view.discard)


def settled_this_round(view: TableView) -> list[int]:
    """The round's settled cards: shown hands and the banker's used hands."""
    shown = [c for s, hand in enumerate(view.hands) if view.status[s] in SETTLED for c in hand]
    return shown + list(view.bank_used)


def unseen_pool(view: TableView) -> Pool:
    """The viewer's pool: 52 cards less the cards on the table it knows and the discards."""
    counts = list(pool_of(FULL_DECK))
    for card in known_cards(view):
        counts[rank(card) - 2] -= 1
    return tuple(counts)


def draw_pool(view: TableView) -> Pool:
    """The cards the coming draws are counted over, as far as ``view`` can tell.

    The unseen cards; but when the deck holds five cards or fewer, a reshuffle may
    bring the discard pile back during the hand, so the discards are counted in too,
    and this round's settled cards when the discard pile is too small to last (an
    approximation, for the multi-card odds and the bots).
    """
    pool = unseen_pool(view)
    if view.deck_size > MAX_CARDS:
        return pool
    back_cards = list(view.discard)
    if len(back_cards) < MAX_CARDS:
        back_cards += settled_this_round(view)
    back = pool_of(back_cards)
    return tuple(a + b for a, b in zip(pool, back, strict=True))


def without(pool: Pool, index: int) -> Pool:
    """The pool with one card of rank index ``index`` taken out."""
    return pool[:index] + (pool[index] - 1,) + pool[index + 1 :]


def falling(size: int, count: int) -> int:
    """Ordered ways to draw ``count`` cards from ``size``: size * (size - 1) * ..."""
    ways = 1
    for k in range(count):
        ways *= size - k
    return ways


def bust_chance(pool: Pool, cards: Sequence[int]) -> Fraction:
    """The chance that one more card takes the hand over 21."""
    low = low_total(cards)
    size = sum(pool)
    busting = sum(c for c, v in zip(pool, VALUES, strict=True) if low + v > TARGET)
    return Fraction(busting, size) if size else Fraction(0)


#: The banker policies counted: "draw until the total is at least ``s``", s = 10..21.
STAND_RANGE = range(10, TARGET + 1)
#: The key of going bust in :func:`banker_final_distribution`.
BUST = 0

# The recursion below packs its weights into one integer, 32 bits per (policy, final
# total) lane, so that adding the children's vectors is one integer addition each;
# that makes it several times faster than adding tuples. Weights never exceed
# falling(52, 5) < 2**29, so lanes cannot overflow into each other.
_LANE = 32
_LANE_MASK = (1 << _LANE) - 1
_LANE_OF = {
    (stand, final): index
    for index, (stand, final) in enumerate(
        (s, f) for s in STAND_RANGE for f in range(s, TARGET + 1)
    )
}


def _bit(stand: int, final: int) -> int:
    return 1 << (_LANE * _LANE_OF[stand, final])


#: For a banker on ``best`` with two cards or more: the policies that stop here.
_STOP = tuple(sum(_bit(s, best) for s in STAND_RANGE if s <= best) for best in range(TOTALS))
#: The lanes of the policies that are still drawing at ``best``.
_GOING = tuple(
    sum(_LANE_MASK << (_LANE * i) for (s, _), i in _LANE_OF.items() if s > best)
    for best in range(TOTALS)
)
#: Ending on 21 under every policy (a fifth card that does not bust).
_ALL_21 = sum(_bit(s, TARGET) for s in STAND_RANGE)


#: A fifth card that fits, for a banker on ``best`` with four cards: 21 under every
#: policy still drawing.
_FIFTH = tuple(_ALL_21 & going for going in _GOING)


@lru_cache(maxsize=1 << 8)
def _finals_packed(pool: Pool, low: int, ace: bool, cards: int) -> int:
    """Ways the banker ends on each final total under each policy, packed.

    A hand's draws are counted once per set of cards drawn (the pool left is the
    key), and a fourth card's hand is counted where it is drawn: its fifth card only
    has to fit.
    """
    memo: dict[Pool, int] = {}

    def ends(left: Pool, low: int, ace: bool, cards: int) -> int:
        found = memo.get(left)
        if found is not None:
            return found
        size = sum(left)
        if cards == MAX_CARDS - 1:
            going = sum(c for c, v in zip(left, VALUES, strict=True) if low + v <= TARGET) * _ALL_21
        else:
            going = 0
            fourth = cards + 1 == MAX_CARDS - 1
            if fourth:
                # fits[v]: the cards of ``left`` worth v or less (a fifth card that fits).
                fits = [0] * 14
                for index, count in enumerate(left):
                    fits[VALUES[index]] += count
                for value in range(1, 14):
                    fits[value] += fits[value - 1]
            for index, count in enumerate(left):
                new_low = low + VALUES[index]
                if not count or new_low > TARGET:
                    continue
                new_ace = ace or index == ACE_INDEX
                if fourth:
                    room = min(TARGET - new_low, 13)
                    safe = fits[room] - (VALUES[index] <= room)
                    best = best_of(new_low, new_ace)
                    going += count * ((size - 1) * _STOP[best] + safe * _FIFTH[best])
                else:
                    child = left[:index] + (count - 1,) + left[index + 1 :]
                    going += count * ends(child, new_low, new_ace, cards + 1)
        if cards < 2:
            result = going
        else:
            best = best_of(low, ace)
            result = falling(size, MAX_CARDS - cards) * _STOP[best] + (going & _GOING[best])
        memo[left] = result
        return result

    return ends(pool, low, ace, cards)


def banker_beat_weights(pool: Pool, low: int, ace: bool, cards: int) -> dict[int, tuple[int, ...]]:
    """Per policy ``s`` in :data:`STAND_RANGE`: ways the banker ends on each total or more.

    The banker holds ``cards`` cards of low total ``low`` (``ace``: one is an ace) and
    draws until he holds at least two cards and ``s`` or more, or is bust (five cards
    count 21). Entry ``t`` of row ``s`` counts the orders of draws (out of
    ``falling(sum(pool), 5 - cards)``) where he ends on ``t`` or more without bust.
    """
    if sum(pool) < MAX_CARDS - cards:
        raise ValueError("the pool holds too few cards for the banker's hand (see draw_pool)")
    packed = _finals_packed(pool, low, ace, cards)
    rows = {}
    for stand in STAND_RANGE:
        ends = [0] * (TOTALS + 1)
        for final in range(TARGET, stand - 1, -1):
            lane = _LANE * _LANE_OF[stand, final]
            ends[final] = ends[final + 1] + ((packed >> lane) & _LANE_MASK)
        rows[stand] = tuple(
            ends[final] if final > stand else ends[stand] for final in range(TOTALS)
        )
    return rows


def _scale(pool: Pool, bank_cards: Sequence[int]) -> int:
    return falling(sum(pool), MAX_CARDS - len(bank_cards))


def banker_final_distribution(
    pool: Pool, stand_at: int, bank_cards: Sequence[int] = ()
) -> dict[int, Fraction]:
    """The banker's final total when he draws until ``stand_at`` or more (10 to 21).

    Keys are final totals (five cards count 21) and :data:`BUST`.
    """
    if stand_at not in STAND_RANGE:
        raise ValueError(f"stand_at must be from {STAND_RANGE.start} to {TARGET}")
    rows = banker_beat_weights(pool, low_total(bank_cards), has_ace(bank_cards), len(bank_cards))
    ends, scale = rows[stand_at], _scale(pool, bank_cards)
    result = {BUST: Fraction(scale - ends[stand_at], scale)} if scale > ends[stand_at] else {}
    for final in range(stand_at, TOTALS):
        ways = ends[final] - (ends[final + 1] if final < TARGET else 0)
        if ways:
            result[final] = Fraction(ways, scale)
    return result


def banker_reach_chances(
    pool: Pool, bank_cards: Sequence[int] = (), totals: Iterable[int] = range(14, 22)
) -> dict[int, Fraction]:
    """For each total ``t`` (10 to 21): the chance a banker going for ``t`` gets there.

    The banker draws until he holds ``t`` or more (at least two cards, at most five)
    from ``bank_cards`` on. Ties go to the banker, so this is his chance of beating a
    player who stands on ``t`` if he plays for exactly that.
    """
    rows = banker_beat_weights(pool, low_total(bank_cards), has_ace(bank_cards), len(bank_cards))
    scale = _scale(pool, bank_cards)
    return {t: Fraction(rows[t][t], scale) for t in totals}


@lru_cache(maxsize=1 << 12)
def player_total_weights(
    pool: Pool, low: int, ace: bool, visible: int, instant_win: bool, hidden: int = 1
) -> tuple[int, ...]:
    """Ways the face-down cards give each total (index 0..21) to a player still in play.

    The player shows ``visible`` face-up cards of low total ``low`` (``ace``: one of
    them is an ace) and holds ``hidden`` face-down cards, any cards of ``pool`` (each
    set of cards counted once, by its number of ways out of ``pool``). Hands that
    would be bust, or (``instant_win``, Tjugoett) already paid for 21, are left out:
    such a player is not waiting for the banker.
    """
    five = visible + hidden == MAX_CARDS
    weights = [0] * TOTALS

    def add(index: int, left: int, total_low: int, has: bool, ways: int) -> None:
        if total_low > TARGET:
            return
        if not left:
            total = TARGET if five else best_of(total_low, has)
            if not (instant_win and total == TARGET):
                weights[total] += ways
            return
        for at in range(index, len(pool)):
            for count in range(1, min(left, pool[at]) + 1):
                add(
                    at + 1,
                    left - count,
                    total_low + count * VALUES[at],
                    has or at == ACE_INDEX,
                    ways * comb(pool[at], count),
                )

    add(0, hidden, low, ace, 1)
    return tuple(weights)


def player_total_distribution(
    pool: Pool, visible: Sequence[int], instant_win: bool = False, hidden: int = 1
) -> dict[int, Fraction]:
    """The distribution of a waiting player's total over its unseen face-down cards.

    ``visible`` are the player's face-up cards, ``hidden`` the number of face-down
    ones, ``pool`` the viewer's (the banker's) unseen cards. Empty if no face-down card
    fits (cannot happen in play).
    """
    weights = player_total_weights(
        pool, low_total(visible), has_ace(visible), len(visible), instant_win, hidden
    )
    size = sum(weights)
    return {t: Fraction(w, size) for t, w in enumerate(weights) if w}


def next_card_bust(view: TableView) -> Fraction | None:
    """The chance the next card busts the hand the viewer is playing, from its view.

    The viewer's own hand, or the banker's while the banker draws; ``None`` when the
    viewer has no hand in play. Exact: the next card always comes off the deck as it
    is (a reshuffle happens only after a draw).
    """
    if view.viewer is None:
        return None
    if view.viewer == view.banker:
        hand = view.bank_hand
    else:
        hand = view.hands[view.viewer]
    return bust_chance(unseen_pool(view), hand) if hand else None


def facing_totals(view: TableView) -> dict[int, dict[int, Fraction]]:
    """For each player the banker's hand meets: the distribution of its total.

    Counted over the viewer's unseen cards (the banker's, when the banker looks); the
    viewer's own hand is left out, as its total is known.
    """
    pool = unseen_pool(view)
    return {
        seat: player_total_distribution(
            pool,
            view.hands[seat][view.face_down[seat] :],
            view.instant_win,
            view.face_down[seat],
        )
        for seat in facing_seats(view)
        if seat != view.viewer
    }


@lru_cache(maxsize=1 << 9)
def banker_beat_row(pool: Pool, stand: int) -> tuple[int, ...]:
    """Row ``stand`` of :func:`banker_beat_weights` for a banker from no cards, alone.

    Ways (out of ``falling(sum(pool), 5)``) a banker who draws until he holds two
    cards and ``stand`` or more ends on each total or more without going bust. The
    one policy costs about a quarter of all of them: a hand's last card is counted
    where it is drawn, not as a state of its own.
    """
    _check_row(pool, stand, sum(pool))
    return _row(_beat_lanes(pool, stand, (), sum(pool)), stand)


@lru_cache(maxsize=1 << 9)
def banker_beat_rows_less_one(
    pool: Pool, stand: int, ranks: tuple[int, ...]
) -> dict[int, tuple[int, ...]]:
    """:func:`banker_beat_row` of ``without(pool, index)`` for each index of ``ranks``,
    in one count.

    The player's draw asks for the banker's row over each pool its next card may leave:
    up to thirteen counts of a few hundred hands each, which this does in one for the
    cards that leave the banker going for the same ``stand``.

    An order of the banker's cards that takes ``m`` cards of rank ``j`` has
    ``falling(pool[j], m)`` ways in ``pool`` and ``falling(pool[j] - 1, m)`` ways once
    one card of ``j`` has left it: ``(pool[j] - m) / pool[j]`` as many. So the count
    over ``pool`` keeps, beside the ways ``A`` of each final total, the ways weighed
    by the cards of rank ``j`` the hand took, ``B[j]``, for each ``j`` of ``ranks``;
    the row without a card of ``j`` is ``(pool[j] * A - B[j]) / pool[j]``, exactly.
    The pad to five cards is counted for a pool one card smaller throughout.
    """
    _check_row(pool, stand, sum(pool) - 1)
    if any(not pool[index] for index in ranks):
        raise ValueError("a rank to take out is not in the pool")
    ways = _beat_lanes(pool, stand, ranks, sum(pool) - 1)
    width = TOTALS - stand
    rows: dict[int, tuple[int, ...]] = {}
    for block, index in enumerate(ranks, start=1):
        had = pool[index]
        less: list[int] = []
        for lane in range(width):
            count, rest = divmod(had * ways[lane] - ways[width * block + lane], had)
            assert not rest
            less.append(count)
        rows[index] = _row(less, stand)
    return rows


def _check_row(pool: Pool, stand: int, size: int) -> None:
    if stand not in STAND_RANGE:
        raise ValueError(f"stand must be from {STAND_RANGE.start} to {TARGET}")
    if size < MAX_CARDS:
        raise ValueError("the pool holds too few cards for the banker's hand (see draw_pool)")


def _row(ways: Sequence[int], stand: int) -> tuple[int, ...]:
    """A row (ways to end on each total or more) from the ways to end on each total
    from ``stand`` to 21 (``ways[0]`` is ``stand``'s)."""
    row = [0] * (TOTALS + 1)
    for final in range(TARGET, stand - 1, -1):
        row[final] = row[final + 1] + ways[final - stand]
    return tuple(row[final] if final > stand else row[stand] for final in range(TOTALS))


def _beat_lanes(pool: Pool, stand: int, ranks: tuple[int, ...], size: int) -> list[int]:
    """The ways a banker going for ``stand`` from no cards ends on each total from
    ``stand`` to 21 (the lanes of block 0, ``A``), and for each of ``ranks`` the same
    ways weighed by the cards of that rank the hand took (block ``b``, ``B``), with
    the pad to five cards counted for a pool of ``size`` cards.

    The blocks are lanes of one integer, so that adding a child's counts is one
    integer addition. The cards drawn are what the pool left lacks, so it is a hand's
    whole key; a hand's fourth card is counted where it is drawn (its fifth card only
    has to fit).
    """
    width = TOTALS - stand
    span = _LANE * width
    low_block = (1 << span) - 1
    pad = [falling(size - n, MAX_CARDS - n) for n in range(MAX_CARDS + 1)]
    block_of = [ranks.index(index) + 1 if index in ranks else 0 for index in range(len(pool))]

    def lane(block: int, total: int) -> int:
        return 1 << (span * block + _LANE * (total - stand)) if total >= stand else 0

    # stop[index][total]: a hand stopped on ``total``, its last card of rank ``index``
    # (in A, and in B of that rank); fits_21[index]: a fifth card of rank ``index``.
    stop = [
        [lane(0, total) + (lane(block, total) if block else 0) for total in range(TOTALS)]
        for block in block_of
    ]
    fits_21 = [lane(block, TARGET) if block else 0 for block in block_of]
    shift = [span * block for block in block_of]
    memo: dict[Pool, int] = {}

    def ends(left: Pool, low: int, ace: bool, cards: int) -> int:
        found = memo.get(left)
        if found is not None:
            return found
        packed, after = 0, cards + 1
        if after == MAX_CARDS - 1:
            # The fifth cards that fit: how many (fits), and how many of each rank of
            # ``ranks`` (by_rank, in the B blocks' lanes of 21), by their value.
            fits = [0] * 14
            by_rank = [0] * 14
            for index, count in enumerate(left):
                if count:
                    fits[VALUES[index]] += count
                    by_rank[VALUES[index]] += count * fits_21[index]
            for value in range(1, 14):
                fits[value] += fits[value - 1]
                by_rank[value] += by_rank[value - 1]
        for index, count in enumerate(left):
            new_low = low + VALUES[index]
            if not count or new_low > TARGET:
                continue
            new_ace = ace or index == ACE_INDEX
            best = best_of(new_low, new_ace)
            if after >= 2 and best >= stand:
                packed += count * pad[after] * stop[index][best]
            elif after == MAX_CARDS - 1:
                room = min(TARGET - new_low, 13)
                if VALUES[index] <= room:
                    packed += count * (
                        (fits[room] - 1) * stop[index][TARGET] + by_rank[room] - fits_21[index]
                    )
                else:
                    packed += count * (fits[room] * stop[index][TARGET] + by_rank[room])
            else:
                child = left[:index] + (count - 1,) + left[index + 1 :]
                below = ends(child, new_low, new_ace, after)
                if shift[index]:
                    below += (below & low_block) << shift[index]
                packed += count * below
        memo[left] = packed
        return packed

    packed = ends(pool, 0, False, 0)
    return [(packed >> (_LANE * n)) & _LANE_MASK for n in range(width * (len(ranks) + 1))]


class HiddenTotals:
    """:func:`player_total_weights` of one waiting hand over a pool and over the pools
    it becomes as cards leave it (the banker's coming cards), exactly and fast.

    The ways the ``hidden`` face-down cards make each low sum are the coefficients of
    a product over the ranks of ``(1 + z**value * y)**count`` (``z`` counts the low
    sum, ``y`` the cards); a card leaving the pool divides by one factor, which takes
    a few hundred integer steps instead of a new count over every set of cards. Two
    products are kept, with and without the aces, so that the hands holding an ace
    are known.
    """

    def __init__(
        self, pool: Pool, low: int, ace: bool, visible: int, instant_win: bool, hidden: int
    ) -> None:
        self.pool = pool
        self.low, self.ace, self.hidden = low, ace, hidden
        self.five = visible + hidden == MAX_CARDS
        self.instant_win = instant_win
        #: Low sums the face-down cards may add without bust.
        self.room = TARGET - low
        self.plain: list[list[int]] = [[1] + [0] * self.room] + [
            [0] * (self.room + 1) for _ in range(hidden)
        ]
        for index, count in enumerate(pool):
            if index != ACE_INDEX:
                for _ in range(count):
                    self._times(self.plain, VALUES[index])
        self.whole = [list(row) for row in self.plain]
        for _ in range(pool[ACE_INDEX]):
            self._times(self.whole, VALUES[ACE_INDEX])
        self.memo: dict[Pool, tuple[int, ...]] = {}

    def _times(self, poly: list[list[int]], value: int) -> None:
        for cards in range(self.hidden, 0, -1):
            row, below = poly[cards], poly[cards - 1]
            for low in range(self.room, value - 1, -1):
                row[low] += below[low - value]

    def _divide(self, poly: list[list[int]], value: int) -> None:
        for cards in range(1, self.hidden + 1):
            row, below = poly[cards], poly[cards - 1]
            for low in range(value, self.room + 1):
                row[low] -= below[low - value]

    def weights(self, pool: Pool) -> tuple[int, ...]:
        """The weights over ``pool``: this one's pool less some cards."""
        if pool not in self.memo:
            plain = [list(row) for row in self.plain]
            whole = [list(row) for row in self.whole]
            for index, (had, has) in enumerate(zip(self.pool, pool, strict=True)):
                if has > had:
                    raise ValueError("the pool holds cards the first pool did not")
                for _ in range(had - has):
                    if index != ACE_INDEX:
                        self._divide(plain, VALUES[index])
                    self._divide(whole, VALUES[index])
            weights = [0] * TOTALS
            for add in range(self.room + 1):
                for ace, ways in ((False, plain[-1][add]), (True, whole[-1][add] - plain[-1][add])):
                    if not ways:
                        continue
                    total = TARGET if self.five else best_of(self.low + add, self.ace or ace)
                    if not (self.instant_win and total == TARGET):
                        weights[total] += ways
            self.memo[pool] = tuple(weights)
        return self.memo[pool]
