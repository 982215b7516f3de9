"""The 41 coach: which die to set aside, by exact odds of the seat's own turn.

Its figures are the turn's: the expected final score (:func:`.odds.keep_expected_scores`),
or for the last player of the round the chance to beat the best score so far and to
tie it (:func:`.odds.keep_beat_chances`). The expert bot and the review value a keep
for the whole round instead (:func:`.odds.keep_round_win_chances`, with chips
:func:`.odds.keep_round_chip_values`). Exact until a UI shows them;
:meth:`.rules.Dice41.advise` loads this module only when the coach is asked.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from ..contract import acts_now
from .odds import keep_beat_chances, keep_expected_scores
from .table import Dice41View, Keep


@dataclass(frozen=True)
class Dice41Advice:
    """Per die that may be set aside: its value to the player, and which is best.

    ``mode`` is ``"expected"`` (``values``: the expected final score) or ``"beat"``
    (for the last player of the round: ``values`` the chance to beat ``target``, the
    best score so far, and ``ties`` the chance to tie it). ``best_value`` is the die
    to keep: the highest value, then the higher chance of a tie, then the higher die.
    """

    mode: Literal["expected", "beat"]
    values: dict[int, Fraction]
    ties: dict[int, Fraction]
    best_value: int
    target: int | None


def dice41_advice(view: Dice41View) -> Dice41Advice | None:
    """The advice for the seat to act, whoever ``view`` is drawn for (41 has no
    secrets), or None when there is nothing to choose."""
    seat = view.actor
    if seat is None or not view.dice:
        return None
    kept = view.kept[seat]
    position = view.order.index(seat) if seat in view.order else 0
    later = len(view.order) - position - 1
    if later == 0 and view.best is not None:
        chances = keep_beat_chances(view.best, kept, view.dice)
        values = {v: c[0] for v, c in chances.items()}
        ties = {v: c[1] for v, c in chances.items()}
        best = max(values, key=lambda v: (values[v], ties[v], v))
        return Dice41Advice("beat", values, ties, best, view.best)
    values = keep_expected_scores(kept, view.dice)
    best = max(values, key=lambda v: (values[v], v))
    return Dice41Advice("expected", values, {}, best, None)


def advise(view: Dice41View, legal: Sequence[Keep], seed: int = 0) -> Dice41Advice | None:
    """:meth:`.rules.Dice41.advise`: the advice for the seat ``view`` is drawn for,
    None when that seat has no die to set aside now."""
    return dice41_advice(view) if acts_now(view) else None
