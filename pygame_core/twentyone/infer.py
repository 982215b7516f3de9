"""What a view reveals about the hands a seat cannot see, and dealing them consistently.

Two kinds of facts are drawn from this deal's exchange and tricks, per hidden seat:

- Facts of the rules, always true. A player who discarded a card of rank ``d`` holds
  nothing lower; one who could not beat a single of rank ``t`` (discard or pass) holds
  nothing of rank ``t`` or higher; one who could not follow a pair of rank ``t`` while
  holding three or more cards holds no two cards of one rank ``t`` or higher.
- Facts of sensible play, true when the player follows the policy of
  :mod:`~pygame_core.twentyone.sim`: a lead is the lowest card (or lowest pair); a
  follow is the cheapest card that beats; an exchange gives away every card below
  :data:`~pygame_core.twentyone.sim.SWAP_BELOW` and no other (so the cards it gave
  away are all lower, and the ones it kept all higher);
  refusing the exchange means holding a card of the best rank, and opening it holding
  none (so the leader kept none: any it holds now was drawn).

Hands only shrink in play, so a fact about the hand at some turn still holds later.
:func:`deal_hidden` deals the unseen cards to meet the facts, dropping the assumed
ones (and at last all) when they cannot be met: a player who does not play the
policy contradicts them sooner or later.

Against the policy the facts are close to everything its plays reveal: of 9,420 hidden
hands dealt at seat 0's decisions over 15 matches of medium bots, 98.1 % replay every
play and discard their seat made this deal exactly as the policy would (the true hands
always do), so rejecting dealt hands by replaying the policy would change few deals.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..rng import RngStream
from . import sim
from .rules import DECK_SIZE, HAND_SIZE, Trick, TwentyOneView, play_rank

#: Attempts at a deal meeting every fact, then the facts of the rules alone.
ATTEMPTS = 12
#: A fact set that failed every attempt in this many deals in a row is not tried again
#: for the same decision (``tried`` of :func:`deal_hidden`): a player who left the
#: policy contradicts the assumed facts in every deal, and each failed attempt costs a
#: shuffle (in matches of three experts, 5.1 attempts a deal instead of 1.0).
GIVE_UP = 2
_ALL_RANKS = (1 << 15) - 1


@dataclass
class HandFacts:
    """What is known about one hidden hand, as bit masks over play ranks (bit ``r``).

    No card of a rank in ``forbidden``; at most one card of each rank in ``single``;
    at least ``need_count`` cards of ranks in ``need_mask``.
    """

    forbidden: int = 0
    single: int = 0
    need_mask: int = 0
    need_count: int = 0

    def allows(self, value: int) -> bool:
        """Whether a card of rank ``value`` may be in the hand."""
        return not (self.forbidden >> value) & 1


def _span(low: int, high: int) -> int:
    """The mask of ranks ``low`` to ``high - 1``."""
    return ((1 << max(high, low)) - 1) ^ ((1 << low) - 1)


def all_tricks(view: TwentyOneView) -> tuple[Trick, ...]:
    """This deal's tricks, the one in progress included."""
    return view.tricks + ((view.trick,) if view.trick is not None else ())


def unseen_ranks(view: TwentyOneView) -> list[int]:
    """Play ranks of every card the seat has not seen, sorted."""
    seen = set(view.hand) | set(view.my_swapped_out)
    for trick in all_tricks(view):
        for turn in trick.plays:
            seen.update(turn.cards)
    low_ace = view.config.low_ace
    return sorted(play_rank(c, low_ace) for c in range(DECK_SIZE) if c not in seen)


def hand_facts(view: TwentyOneView) -> tuple[list[HandFacts], list[HandFacts]]:
    """(Facts of the rules and of sensible play, facts of the rules only).

    Each list holds the facts about every seat's hand, then (at index ``players +
    seat``) about the cards each seat gave away in the exchange.
    """
    n = view.config.players
    low_ace = view.config.low_ace
    assumed = [HandFacts() for _ in range(2 * n)]
    certain = [HandFacts() for _ in range(2 * n)]
    _exchange_facts(view, assumed)
    played_high = [0] * n
    sizes = [HAND_SIZE] * n
    for trick in all_tricks(view):
        best = 0
        for turn in trick.plays:
            size = sizes[turn.seat]
            sizes[turn.seat] -= len(turn.cards)
            values = [play_rank(c, low_ace) for c in turn.cards]
            for value in values:
                played_high[turn.seat] += (assumed[turn.seat].need_mask >> value) & 1
            guess, sure = assumed[turn.seat], certain[turn.seat]
            if turn.kind == "play" and not best:
                guess.forbidden |= _span(0, values[0])
                if len(values) == 1 and size >= 4:
                    guess.forbidden |= 1 << values[0]
            elif turn.kind == "play":
                span = _span(best, values[0])
                if trick.form == 1:
                    guess.forbidden |= span
                else:
                    guess.single |= span
            else:
                for facts in (guess, sure):
                    if turn.kind == "discard":
                        facts.forbidden |= _span(0, values[0])
                    if trick.form == 1:
                        facts.forbidden |= _ALL_RANKS ^ _span(0, best)
                    elif size >= 3:
                        facts.single |= _ALL_RANKS ^ _span(0, best)
            if turn.kind == "play":
                best = values[0]
    for seat, facts in enumerate(assumed[:n]):
        facts.need_count = max(0, facts.need_count - played_high[seat])
        facts.forbidden |= certain[seat].forbidden
        facts.single |= certain[seat].single
    return assumed, certain


def _exchange_facts(view: TwentyOneView, assumed: list[HandFacts]) -> None:
    """What a policy player's exchange choices say about its hand after the exchange."""
    n = view.config.players
    if view.exchange == "refused":
        best = sim.top_rank(view.config.low_ace)
        assumed[view.leader].need_mask = 1 << best
        assumed[view.leader].need_count = 1
        return
    pile = DECK_SIZE - HAND_SIZE * n
    high = _ALL_RANKS ^ _span(0, sim.SWAP_BELOW)
    for step in range(n):
        seat = (view.leader + step) % n
        count = view.swaps[seat]
        if count < 0:
            break
        assumed[n + seat].forbidden = high
        if count < pile:
            # The leader opened the exchange, so it kept no card of the best rank.
            kept = high & ~(1 << sim.top_rank(view.config.low_ace)) if step == 0 else high
            assumed[seat].need_mask = kept
            assumed[seat].need_count = HAND_SIZE - count
        pile -= count


def deal_hidden(
    view: TwentyOneView,
    unseen: Sequence[int],
    facts: Sequence[Sequence[HandFacts]],
    stream: RngStream,
    tried: list[int] | None = None,
) -> tuple[list[list[int]], list[int]]:
    """Hidden hands (sorted ranks; the seat's own stays empty) and the other unseen cards.

    The other unseen cards come as the cards the other seats gave away in the exchange
    (by seat, as many as :attr:`TwentyOneView.swaps` says), then the pile in random
    order. ``facts`` (see :func:`hand_facts`) lists fact sets from the most to the least
    assumed; each is tried :data:`ATTEMPTS` times before the next, and finally the
    counts alone are kept. ``tried`` (one count per fact set, kept by the caller over
    the deals of one decision) counts the deals in a row in which each set failed every
    attempt; a set is skipped once it reaches :data:`GIVE_UP`.
    """
    n = view.config.players
    others = [s for s in range(n) if s != view.viewer]
    counts = [0] * (2 * n)
    for seat in others:
        counts[seat] = view.hand_counts[seat]
        counts[n + seat] = max(0, view.swaps[seat])
    slots = others + [n + s for s in others if counts[n + s]]
    for level, option in enumerate((*facts, None)):
        if option is not None and tried is not None and tried[level] >= GIVE_UP:
            continue
        for _ in range(ATTEMPTS if option is not None else 1):
            pool = list(unseen)
            stream.quick_shuffle(pool)
            stream.quick_shuffle(slots)
            groups: list[list[int]] = [[] for _ in range(2 * n)]
            if _fill(groups, pool, slots, counts, option):
                if tried is not None:
                    for failed in range(level):
                        tried[failed] += 1
                    if level < len(tried):
                        tried[level] = 0
                given = [v for s in others for v in groups[n + s]]
                return groups[:n], given + pool
    raise AssertionError("dealing by counts alone cannot fail")


def _fill(
    groups: list[list[int]],
    pool: list[int],
    slots: Sequence[int],
    counts: Sequence[int],
    facts: Sequence[HandFacts] | None,
) -> bool:
    """Deal ``counts[slot]`` cards of ``pool`` to each slot; False if the facts forbid it.

    Each slot takes the first cards of the (shuffled) pool it may hold, those it needs
    first; the slots with the least room to spare choose first.
    """
    if facts is None:
        for slot in slots:
            groups[slot] = sorted(pool[len(pool) - counts[slot] :])
            del pool[len(pool) - counts[slot] :]
        return True
    for slot in slots:
        known = facts[slot]
        count = counts[slot]
        if known.need_count > count:
            return False
        taken: list[int] = []
        if known.need_count:
            _take(taken, pool, known.need_count, known.need_mask & ~known.forbidden, known.single)
            if len(taken) < known.need_count:
                return False
        _take(taken, pool, count, _ALL_RANKS & ~known.forbidden, known.single)
        if len(taken) < count:
            return False
        groups[slot] = sorted(taken)
    return True


def _take(taken: list[int], pool: list[int], count: int, allowed: int, single: int) -> None:
    """Move the first cards of ``pool`` with ranks in ``allowed`` to ``taken`` until it
    holds ``count``, never two of a rank in ``single``."""
    need = count - len(taken)
    if need <= 0:
        return
    held = 0
    for value in taken:
        held |= 1 << value
    kept: list[int] = []
    for i, value in enumerate(pool):
        bit = 1 << value
        if allowed & bit and not (single & bit and held & bit):
            taken.append(value)
            held |= bit
            need -= 1
            if not need:
                kept.extend(pool[i + 1 :])
                break
        else:
            kept.append(value)
    pool[:] = kept
