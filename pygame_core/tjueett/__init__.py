"""Tjueett, the Norwegian banker card game (see :mod:`.rules`)."""

from __future__ import annotations

from ..banker.table import Bet, Draw, Stake, Stand, TableState, TableView
from .rules import Tjueett, TjueettConfig

#: The game instance the registry loads.
GAME = Tjueett()

__all__ = [
    "GAME",
    "Bet",
    "Draw",
    "Stake",
    "Stand",
    "TableState",
    "TableView",
    "Tjueett",
    "TjueettConfig",
]
