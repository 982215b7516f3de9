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

Dealing by the facts alone is not enough: the deals must also come as often as the
game would bring them about. A player who exchanged ``k`` cards kept ``7 - k`` high
ones and drew ``k`` unseen ones, so a hand holding ``h`` high cards (those played since
counted in) came about in ``C(h, 7 - k)`` ways: a hand with more high cards than it
needs is likelier than one with just enough. :class:`Worlds` deals by a Markov chain
whose deals come in just these proportions (swapping two hidden cards between places
where the facts allow it, Metropolis-weighted by those counts). The expert used to
deal greedily, hand after hand in a random order of seats, each taking the first
cards of a shuffled pool its facts allowed; the seats without facts then took their
cards from the whole pool before the others. Over the expert's decisions in 150
matches that put a given high card in a player's hand about 3 points of probability
less often than it was there, in every decile of its estimates (the draw pile got the
difference), and right after an exchange it was off by up to 17 points on who holds
an ace (the leader, who kept none, got drawn aces too often). The chain's estimates
are within 3 points either way in every decile, and match the exact chances
that dealing the whole deck again and keeping the deals whose exchanges look the same
gives (``tests/test_twentyone_worlds.py``). It costs the expert about a sixth more
time a move and did not make it measurably stronger (:mod:`.search`).

Against the policy the facts are close to everything its plays reveal: of 9,420 hidden
hands dealt at seat 0's decisions over 15 matches of medium bots, 98.1 % replay every
play and discard their seat made this deal exactly as the policy would (the true hands
always do), so rejecting dealt hands by replaying the policy would change few deals.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import comb

from ..rng import RngStream
from . import sim
from .table import DECK_SIZE, HAND_SIZE, Trick, TwentyOneView, play_rank

#: Attempts at a first deal meeting every fact, then the facts of the rules alone: a
#: player who left the policy contradicts the assumed facts, and the decision's deals
#: then keep to the facts of the rules.
ATTEMPTS = 12
#: Steps of the chain between two deals, per hidden card: enough for the deals of one
#: decision to be as good as independent (at a third of this the estimates of who
#: holds a high card were overconfident by 3-5 points of probability at the ends).
MIXING = 1.0
#: Steps before the first deal, in deals' worth of steps: the greedy first deal is
#: forgotten.
BURN_IN = 3
_ALL_RANKS = (1 << 15) - 1


@dataclass
class HandFacts:
    """What is known about one hidden hand, as bit masks over play ranks (bit ``r``).

    No card of a rank in ``forbidden``; at most one card of each rank in ``single``;
    at least ``need_count`` cards of ranks in ``need_mask``. If ``kept`` is set, the
    hand kept ``kept`` cards of ranks in ``need_mask`` in the exchange and has played
    ``shown`` of them since: a hand holding ``h`` such cards came about in
    ``C(h + shown, kept)`` ways (:meth:`weights`).
    """

    forbidden: int = 0
    single: int = 0
    need_mask: int = 0
    need_count: int = 0
    kept: int = 0
    shown: int = 0

    def weights(self, size: int) -> list[int]:
        """How many ways a hand of ``size`` cards holding ``h`` cards of ``need_mask``
        ranks came about, by ``h`` (all 1 when the exchange weighs nothing)."""
        if not self.kept:
            return [1] * (size + 1)
        return [comb(h + self.shown, self.kept) for h in range(size + 1)]

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
        facts.shown = played_high[seat] if facts.kept else 0
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
            assumed[seat].need_count = assumed[seat].kept = HAND_SIZE - count
        pile -= count


def first_deal(
    view: TwentyOneView,
    unseen: Sequence[int],
    facts: Sequence[Sequence[HandFacts]],
    stream: RngStream,
) -> tuple[list[list[int]], list[int], Sequence[HandFacts] | None]:
    """A first deal of the hidden cards, and the fact set it meets.

    Hidden hands (sorted ranks; the seat's own stays empty), then the other unseen
    cards: the cards the other seats gave away in the exchange (by seat, as many as
    :attr:`TwentyOneView.swaps` says), then the pile in random order. ``facts`` (see
    :func:`hand_facts`) lists fact sets from the most to the least assumed; each is
    tried :data:`ATTEMPTS` times before the next, and finally the counts alone are kept
    (the fact set is then ``None``). A deal that meets a set is not yet a fair draw of
    the deals that meet it: :class:`Worlds` mixes from here.
    """
    n = view.config.players
    others = [s for s in range(n) if s != view.viewer]
    counts = [0] * (2 * n)
    for seat in others:
        counts[seat] = view.hand_counts[seat]
        counts[n + seat] = max(0, view.swaps[seat])
    slots = others + [n + s for s in others if counts[n + s]]
    for option in (*facts, None):
        for _ in range(ATTEMPTS if option is not None else 1):
            pool = list(unseen)
            stream.quick_shuffle(pool)
            stream.quick_shuffle(slots)
            groups: list[list[int]] = [[] for _ in range(2 * n)]
            if _fill(groups, pool, slots, counts, option):
                given = [v for s in others for v in groups[n + s]]
                return groups[:n], given + pool, option
    raise AssertionError("dealing by counts alone cannot fail")


class Worlds:
    """The hidden cards of one decision, dealt again and again as the view allows.

    A Markov chain over the deals meeting the facts (the first fact set of
    :func:`hand_facts` that :func:`first_deal` can meet): each step picks a hidden card
    in a hand or among the given-away cards and a card in another place (another hand,
    the given-away cards or the pile), and swaps the two if the facts still hold, with
    the Metropolis rule on the ways each hand came about (:meth:`HandFacts.weights`).
    The proposal is symmetric, so the chain settles on the deals in the proportions
    the game brings them about; :data:`MIXING` steps per hidden card separate two
    deals. Deterministic given ``stream``'s state.
    """

    def __init__(self, view: TwentyOneView, stream: RngStream) -> None:
        self.view = view
        self.stream = stream
        n = view.config.players
        self.others = [s for s in range(n) if s != view.viewer]
        unseen = unseen_ranks(view)
        hands, rest, facts = first_deal(view, unseen, hand_facts(view), stream)
        gave = [max(0, view.swaps[s]) for s in self.others]
        # The places: each hidden hand, each seat's given-away cards, then the pile.
        places: list[tuple[list[int], HandFacts]] = []
        for seat in self.others:
            places.append((hands[seat], facts[seat] if facts is not None else HandFacts()))
        at = 0
        for seat, count in zip(self.others, gave, strict=True):
            if count:
                given = facts[n + seat] if facts is not None else HandFacts()
                places.append((rest[at : at + count], given))
            at += count
        self.cards: list[int] = []
        self.place_of: list[int] = []
        self.starts: list[int] = []
        self.sizes: list[int] = []
        for index, (cards, _) in enumerate(places):
            self.starts.append(len(self.cards))
            self.sizes.append(len(cards))
            self.cards.extend(cards)
            self.place_of.extend([index] * len(cards))
        # Only the hidden hands and the given-away cards are ever picked first.
        self.picked = len(self.cards)
        pile = rest[at:]
        self.starts.append(len(self.cards))
        self.sizes.append(len(pile))
        self.cards.extend(pile)
        self.place_of.extend([len(places)] * len(pile))
        facts_of = [f for _, f in places] + [HandFacts()]
        self.forbidden = [f.forbidden for f in facts_of]
        self.single = [f.single for f in facts_of]
        self.need = [f.need_mask for f in facts_of]
        self.need_count = [f.need_count for f in facts_of]
        self.weight = [f.weights(size) for f, size in zip(facts_of, self.sizes, strict=True)]
        self.counts = [[0] * 16 for _ in facts_of]
        self.held = [0] * len(facts_of)
        for card, place in zip(self.cards, self.place_of, strict=True):
            self.counts[place][card] += 1
            self.held[place] += (self.need[place] >> card) & 1
        self.free = facts is None
        self.steps = max(1, round(MIXING * len(self.cards)))
        if not self.free:
            self._mix(BURN_IN * self.steps)

    def deal(self) -> tuple[list[list[int]], list[int]]:
        """Hidden hands (sorted ranks; the seat's own empty) and the other unseen cards:
        the given-away cards by seat, then the pile in random order (as
        :func:`first_deal`)."""
        stream = self.stream
        if self.free:
            stream.quick_shuffle(self.cards)
        else:
            self._mix(self.steps)
        cards = self.cards
        hands: list[list[int]] = [[] for _ in range(self.view.config.players)]
        for index, seat in enumerate(self.others):
            start = self.starts[index]
            hands[seat] = sorted(cards[start : start + self.sizes[index]])
        pile = cards[self.picked :]
        stream.quick_shuffle(pile)
        return hands, cards[self.starts[len(self.others)] : self.picked] + pile

    def _mix(self, steps: int) -> None:
        """Take ``steps`` steps of the chain."""
        picked = self.picked
        total = len(self.cards)
        if not picked or max(self.sizes) == total:
            return  # nothing hidden, or nowhere else to put it
        cards, place_of, starts, sizes = self.cards, self.place_of, self.starts, self.sizes
        forbidden, single, need = self.forbidden, self.single, self.need
        need_count, weight, counts, held = self.need_count, self.weight, self.counts, self.held
        # Each step cuts its draws from one 64-bit word: 20 bits pick the first card,
        # 20 the second, 24 make the Metropolis draw.
        for z in self.stream.words(steps):
            i = ((z & 0xFFFFF) * picked) >> 20
            a_place = place_of[i]
            j = (((z >> 20) & 0xFFFFF) * (total - sizes[a_place])) >> 20
            if j >= starts[a_place]:
                j += sizes[a_place]
            a, b = cards[i], cards[j]
            if a == b:
                continue
            b_place = place_of[j]
            a_bit, b_bit = 1 << a, 1 << b
            if forbidden[a_place] & b_bit or forbidden[b_place] & a_bit:
                continue
            if single[a_place] & b_bit and counts[a_place][b]:
                continue
            if single[b_place] & a_bit and counts[b_place][a]:
                continue
            need_a, need_b = need[a_place], need[b_place]
            move_a = ((need_a >> b) & 1) - ((need_a >> a) & 1)
            move_b = ((need_b >> a) & 1) - ((need_b >> b) & 1)
            if move_a or move_b:
                was_a, was_b = held[a_place], held[b_place]
                now_a, now_b = was_a + move_a, was_b + move_b
                if now_a < need_count[a_place] or now_b < need_count[b_place]:
                    continue
                before = weight[a_place][was_a] * weight[b_place][was_b]
                after = weight[a_place][now_a] * weight[b_place][now_b]
                if after < before and (z >> 40) * before >= after << 24:
                    continue
                held[a_place], held[b_place] = now_a, now_b
            cards[i], cards[j] = b, a
            counts[a_place][a] -= 1
            counts[a_place][b] += 1
            counts[b_place][b] -= 1
            counts[b_place][a] += 1


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
