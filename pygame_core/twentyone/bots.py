"""The three bot levels of Twenty One.

- ``easy``: leads a random card or pair, follows with the cheapest card that beats,
  exchanges only its very lowest cards and opens the exchange at random.
- ``medium``: the hand-made policy of :mod:`~pygame_core.twentyone.sim` (keep the best
  card for the end, spend low cards, exchange low cards, open with a weak hand).
- ``expert``: determinized Monte Carlo search over its plays, with a lookahead for its
  own later turns in each playout; it exchanges like ``medium`` (searching the exchange
  measured no better) (:mod:`~pygame_core.twentyone.search`).

Every bot sees only a :class:`~pygame_core.twentyone.rules.TwentyOneView` and the legal
actions, and is deterministic given its seed.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence

from ..contract import BOT_LEVELS, Bot
from ..rng import Rng
from . import sim
from .rules import (
    Action,
    Discard,
    OpenExchange,
    Pass,
    Play,
    RefuseExchange,
    Swap,
    TwentyOneView,
    play_rank,
)

#: The easy bot exchanges only cards below this rank (2 to 5).
EASY_SWAP_BELOW = 6


def hand_ranks(view: TwentyOneView) -> list[int]:
    """The seat's hand as sorted play ranks."""
    return sorted(play_rank(c, view.config.low_ace) for c in view.hand)


def swap_lowest(view: TwentyOneView, count: int) -> Swap:
    """The swap of the ``count`` lowest cards of the hand."""
    low_ace = view.config.low_ace
    ordered = sorted(view.hand, key=lambda c: (play_rank(c, low_ace), c))
    return Swap(tuple(sorted(ordered[:count])))


def play_of(view: TwentyOneView, legal: Sequence[Action], form: int, value: int) -> Action:
    """The first legal :class:`Play` of ``form`` cards of play rank ``value``."""
    low_ace = view.config.low_ace
    for action in legal:
        if (
            isinstance(action, Play)
            and len(action.cards) == form
            and play_rank(action.cards[0], low_ace) == value
        ):
            return action
    raise ValueError(f"no legal play of {form} x rank {value}")


def cannot_beat(legal: Sequence[Action]) -> Action:
    """The discard (of the first lowest card) or the pass among ``legal``."""
    return next(a for a in legal if isinstance(a, (Discard, Pass)))


def policy_action(view: TwentyOneView, legal: Sequence[Action]) -> Action:
    """What the hand-made policy of :mod:`sim` does in this view."""
    hand = hand_ranks(view)
    if view.phase == "exchange_choice":
        best = sim.top_rank(view.config.low_ace)
        return OpenExchange() if sim.opens_exchange(hand, best) else RefuseExchange()
    if view.phase == "exchange":
        return swap_lowest(view, sim.swap_count(hand, view.pile_count))
    trick = view.trick
    if trick is None:
        form, value = sim.lead(hand)
        return play_of(view, legal, form, value)
    value = sim.follow(hand, trick.form, trick.top_rank)
    return cannot_beat(legal) if value < 0 else play_of(view, legal, trick.form, value)


class EasyBot:
    """Random leads, cheapest follows, a timid exchange."""

    def choose(self, view: TwentyOneView, legal: Sequence[Action], seed: int) -> Action:
        """A legal, sensible-looking action."""
        stream = Rng.from_seed(seed).stream()
        if view.phase == "exchange_choice":
            decisions: list[Action] = [OpenExchange(), RefuseExchange()]
            return stream.choice(decisions)
        if view.phase == "exchange":
            low = bisect_left(hand_ranks(view), EASY_SWAP_BELOW)
            return swap_lowest(view, min(low, view.pile_count))
        if view.trick is None:
            return stream.choice(list(legal))
        return policy_action(view, legal)


class MediumBot:
    """The hand-made policy: keep a high card for the end, spend low cards."""

    def choose(self, view: TwentyOneView, legal: Sequence[Action], seed: int) -> Action:
        """The policy's action (the seed is not needed: the policy is deterministic)."""
        return policy_action(view, legal)


def make_bot(level: str) -> Bot:
    """The bot of ``level`` (one of :data:`~pygame_core.contract.BOT_LEVELS`)."""
    if level == "easy":
        return EasyBot()
    if level == "medium":
        return MediumBot()
    if level == "expert":
        from .search import ExpertBot

        return ExpertBot()
    raise ValueError(f"unknown bot level {level!r}; expected one of {BOT_LEVELS}")
