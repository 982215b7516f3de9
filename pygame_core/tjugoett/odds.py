"""Exact odds for Tjugoett: the banker games' shared odds (:mod:`pygame_core.banker.odds`).

The same figures as in Tjueett; a satisfied player's total is never 21 here (21 is
paid at once), which :func:`player_total_distribution` takes into account.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from ..banker import odds
from ..banker.odds import (
    BUST,
    Pool,
    banker_final_distribution,
    banker_reach_chances,
    bust_chance,
    draw_pool,
    facing_totals,
    next_card_bust,
    unseen_pool,
)


def player_total_distribution(pool: Pool, visible: Sequence[int]) -> dict[int, Fraction]:
    """A satisfied player's total over the unseen face-down card (never 21 or bust)."""
    return odds.player_total_distribution(pool, visible, instant_win=True)


__all__ = [
    "BUST",
    "Pool",
    "banker_final_distribution",
    "banker_reach_chances",
    "bust_chance",
    "draw_pool",
    "facing_totals",
    "next_card_bust",
    "player_total_distribution",
    "unseen_pool",
]
