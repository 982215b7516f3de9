"""Twenty One, the Danish trick game: keep the best last card.

``GAME`` is the game object of the contract (:class:`~pygame_core.contract.Game`).

- :mod:`.rules`: config, state, actions, view and the rules; the events and corner
  cases are documented there.
- :mod:`.odds`: exact exchange odds (:class:`fractions.Fraction`).
- :mod:`.bots`: the easy and medium bots and ``make_bot``; :mod:`.search` the expert,
  with :mod:`.infer` (what a view reveals about hidden hands) and :mod:`.sim` (a fast
  simulator of the rest of a deal and the hand-made policy).
- :mod:`.advice`: the coach (the review's estimate of every choice, and its best).
"""

from __future__ import annotations

from .rules import (
    Action,
    DealResult,
    Discard,
    OpenExchange,
    Pass,
    Play,
    RefuseExchange,
    Swap,
    Trick,
    TrickPlay,
    TwentyOneConfig,
    TwentyOneGame,
    TwentyOneState,
    TwentyOneView,
    card_value,
    deal_points,
    play_rank,
)

#: The game object the registry looks up.
GAME = TwentyOneGame()

__all__ = [
    "GAME",
    "Action",
    "DealResult",
    "Discard",
    "OpenExchange",
    "Pass",
    "Play",
    "RefuseExchange",
    "Swap",
    "Trick",
    "TrickPlay",
    "TwentyOneConfig",
    "TwentyOneGame",
    "TwentyOneState",
    "TwentyOneView",
    "card_value",
    "deal_points",
    "play_rank",
]
