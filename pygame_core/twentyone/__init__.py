"""Twenty One, the Danish trick game: keep the best last card.

``GAME`` is the game object of the contract (:class:`~pygame_core.contract.Game`).

- :mod:`.rules`: the rules (the game object); the events and corner cases are
  documented there. :mod:`.table`: the config, state, actions and view.
- :mod:`.odds`: exact exchange odds (:class:`fractions.Fraction`).
- :mod:`.bots`: the easy and medium bots and ``make_bot``, on :mod:`.policy` (the
  hand-made policy on a view); :mod:`.search` the expert, with :mod:`.infer` (what a
  view reveals about hidden hands) and :mod:`.sim` (a fast simulator of the rest of a
  deal and the hand-made policy).
- :mod:`.review`: the review's rater (the expert's estimate of every choice);
  :mod:`.advice` the coach (that estimate, and its best).
"""

from __future__ import annotations

from .rules import TwentyOneGame
from .table import (
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
