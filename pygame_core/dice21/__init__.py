"""dice21: "21" with one die (or two), push your luck, 2 to 8 players.

``GAME`` is the rules object (see :mod:`.rules` for the rules, options and events;
:mod:`.table` for the config, actions, state and views);
:mod:`.odds` holds the exact odds, :mod:`.advice` the coach built on them and
:mod:`.bots` the three bot levels.
"""

from __future__ import annotations

from .rules import Dice21
from .table import (
    Action,
    Dice21Config,
    Dice21State,
    Dice21View,
    Roll,
    Rolloff,
    RolloffThrow,
    RoundResult,
    SeatView,
    Stop,
    roll_off,
)

#: The dice21 rules, as registered under the id ``"dice21"``.
GAME = Dice21()

__all__ = [
    "GAME",
    "Action",
    "Dice21",
    "Dice21Config",
    "Dice21State",
    "Dice21View",
    "Roll",
    "Rolloff",
    "RolloffThrow",
    "RoundResult",
    "SeatView",
    "Stop",
    "roll_off",
]
