"""The hand-made policy of Twenty One on a seat's view, and the pieces of it.

:func:`policy_action` is what the medium bot plays (:mod:`.sim`'s policy, which the
expert's playouts use for the other seats); :func:`hand_ranks`, :func:`swap_lowest`,
:func:`play_of` and :func:`cannot_beat` turn a view and the legal actions into ranks and
back. The bots (:mod:`.bots`), the expert's search (:mod:`.search`) and the review's
rater (:mod:`.review`) share them.
"""

from __future__ import annotations

from collections.abc import Sequence

from . import sim
from .table import (
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
