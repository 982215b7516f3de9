""" "41" with six dice: set aside one die per throw, secure a 4 and a 1, score the rest.

:mod:`.rules` holds the game (config, state, the :class:`Keep` action, the view and
the documented events), :mod:`.odds` the exact odds, :mod:`.advice` the coach and
:mod:`.bots` the three bot levels.
"""

from __future__ import annotations

from .rules import (
    GAME,
    Dice41,
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
