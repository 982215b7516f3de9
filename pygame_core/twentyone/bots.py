"""The three bot levels of Twenty One.

- ``easy``: leads a random card or pair, follows with the cheapest card that beats,
  exchanges only its very lowest cards and opens the exchange at random.
- ``medium``: the hand-made policy of :mod:`~pygame_core.twentyone.sim` (keep the best
  card for the end, spend low cards, exchange low cards, open with a weak hand).
- ``expert``: determinized Monte Carlo search over its plays, with a lookahead for its
  own later turns in each playout; it exchanges like ``medium`` (searching the exchange
  measured no better) (:mod:`~pygame_core.twentyone.search`).

Every bot sees only a :class:`~pygame_core.twentyone.table.TwentyOneView` and the legal
actions, and is deterministic given its seed. The policy on a view (what ``medium``
plays, and the pieces the others use) is :mod:`~pygame_core.twentyone.policy`.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence

from ..contract import BOT_LEVELS, Bot
from ..rng import Rng
from .policy import hand_ranks, policy_action, swap_lowest
from .table import (
    Action,
    OpenExchange,
    RefuseExchange,
    TwentyOneView,
)

#: The easy bot exchanges only cards below this rank (2 to 5).
EASY_SWAP_BELOW = 6


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
