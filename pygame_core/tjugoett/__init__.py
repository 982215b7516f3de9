"""Tjugoett, the Swedish banker card game (see :mod:`.rules`)."""

from __future__ import annotations

from ..banker.table import Bet, Draw, Stake, Stand, TableState, TableView
from .rules import Tjugoett, TjugoettConfig

#: The game instance the registry loads.
GAME = Tjugoett()

__all__ = [
    "GAME",
    "Bet",
    "Draw",
    "Stake",
    "Stand",
    "TableState",
    "TableView",
    "Tjugoett",
    "TjugoettConfig",
]
