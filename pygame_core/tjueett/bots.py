"""Bots for Tjueett: the banker games' shared bots (:mod:`pygame_core.banker.bots`).

The view tells the bots which rules apply, so the same three levels play both games.
"""

from __future__ import annotations

from ..banker.bots import EasyBot, ExpertBot, MediumBot, make_bot

__all__ = ["EasyBot", "ExpertBot", "MediumBot", "make_bot"]
