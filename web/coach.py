"""The odds coach's old home: the names the screens import, re-exported from the core.

Kept only until the screens call ``Game.advise(view, legal, seed)``; then it goes. The
advice is the core's (each game's ``advice`` module); the screens word it
(:mod:`web.screens.dice`, :mod:`web.screens.banker`, :mod:`web.screens.twentyone`).

A name's core module is imported when the name is first asked for, not with this
module: a screen imports this module when it is first drawn, and should load the odds
of its own games only.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pygame_core.banker.advice import BankerAdvice, banker_advice
    from pygame_core.dice21.advice import Dice21Advice, dice21_advice
    from pygame_core.dice41.advice import Dice41Advice, dice41_advice
    from pygame_core.twentyone.advice import TwentyOneAdvice, twentyone_advice

#: Each re-exported name's module in the core.
_HOMES = {
    "BankerAdvice": "pygame_core.banker.advice",
    "banker_advice": "pygame_core.banker.advice",
    "Dice21Advice": "pygame_core.dice21.advice",
    "dice21_advice": "pygame_core.dice21.advice",
    "Dice41Advice": "pygame_core.dice41.advice",
    "dice41_advice": "pygame_core.dice41.advice",
    "TwentyOneAdvice": "pygame_core.twentyone.advice",
    "twentyone_advice": "pygame_core.twentyone.advice",
}

__all__ = [
    "BankerAdvice",
    "Dice21Advice",
    "Dice41Advice",
    "TwentyOneAdvice",
    "banker_advice",
    "dice21_advice",
    "dice41_advice",
    "twentyone_advice",
]


def __dir__() -> list[str]:
    return sorted(__all__)


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(home), name)
