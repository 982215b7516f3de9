"""Exact odds for Tjueett: the banker games' shared odds (:mod:`pygame_core.banker.odds`).

For the coach, from a seat's view: :func:`next_card_bust`; for a player,
``banker_reach_chances(draw_pool(view))`` (the chance a banker going for each total
14-21 gets there); for the banker, :func:`facing_totals` (the total of the player he
is meeting, over the unseen face-down card).
"""

from __future__ import annotations

from ..banker.odds import (
    BUST,
    Pool,
    banker_final_distribution,
    banker_reach_chances,
    bust_chance,
    draw_pool,
    facing_totals,
    next_card_bust,
    player_total_distribution,
    unseen_pool,
)

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
