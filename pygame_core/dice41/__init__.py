""" "41" with six dice: set aside one die per throw, secure a 4 and a 1, score the rest.

:mod:`.rules` holds the game and its documented events, :mod:`.table` the config,
state, the :class:`Keep` action and the view, :mod:`.odds` the exact odds,
:mod:`.advice` the coach and :mod:`.bots` the three bot levels.
"""

from __future__ import annotations

from .rules import GAME, Dice41
from .table import (
    Dice41Config,
    Dice41State,
    Dice41View,
    Keep,
    RoundResult,
    missing_tickets,
    points_so_far,
    turn_score,
)

__all__ = [
    "GAME",
    "Dice41",
    "Dice41Config",
    "Dice41State",
    "Dice41View",
    "Keep",
    "RoundResult",
    "missing_tickets",
    "points_so_far",
    "turn_score",
]
