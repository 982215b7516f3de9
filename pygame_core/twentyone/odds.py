"""Exact odds for the exchange of Twenty One, as :class:`fractions.Fraction`.

From a seat's point of view every card it has not seen is equally likely to be any
of the pile's cards, so a swap of ``k`` cards draws ``k`` of the unseen cards at
random. The UI may show, for instance, the chance that a swap brings an ace.

>>> draw_chance(wanted=4, unseen=45, draws=1)
Fraction(4, 45)
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

from ..cards import rank
from .table import TwentyOneView


def draw_chance(wanted: int, unseen: int, draws: int) -> Fraction:
    """The chance that ``draws`` cards taken at random from ``unseen`` cards include at
    least one of ``wanted`` particular ones (hypergeometric, exact)."""
    if not 0 <= wanted <= unseen or not 0 <= draws <= unseen:
        raise ValueError("need 0 <= wanted, draws <= unseen")
    return 1 - Fraction(comb(unseen - wanted, draws), comb(unseen, draws))


def swap_chance(view: TwentyOneView, rank_wanted: int, draws: int) -> Fraction:
    """The chance that swapping ``draws`` cards brings at least one card of
    ``rank_wanted`` (2-14, ace 14), from what ``view``'s seat has seen."""
    seen = set(view.hand) | set(view.my_swapped_out)
    unseen = [c for c in range(52) if c not in seen]
    wanted = sum(1 for c in unseen if rank(c) == rank_wanted)
    return draw_chance(wanted, len(unseen), draws)
