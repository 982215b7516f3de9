"""A seat's accuracy: one figure from 0 to 1 for how well its rated decisions were made.

The formula. For one rated decision, with ``best`` and ``worst`` the highest and the
lowest value of its options and ``chosen`` the value of the choice made (all in the
decision's unit: a chance, chips, a share of the match)::

    at stake = best - worst             how much this choice could change
    kept     = chosen - worst           how much of that the choice kept
                                        (= at stake when the choice counts as the best)
    accuracy of the decision = kept / at stake      (1 when nothing was at stake)

and for a seat, over its rated decisions (a stake is listed, never rated)::

    accuracy = sum(kept) / sum(at stake)            (1 when nothing was ever at stake)

that is the decisions' accuracies averaged, each weighed by what was at stake in it.
``None`` when the seat made no rated decision.

Why this one:

- Relative to the best and the worst option of each decision, as lichess rates a move
  against the best: the same formula holds for exact chances (21, 41), chips (41 with
  chips, the banker games: any size of bet) and estimates (Twenty One), since a ratio
  within one seat's decisions has no unit (a seat's decisions share one unit).
- Weighed by the stake rather than a plain mean: most decisions here have two options
  (roll or stop, draw or stand), and a plain mean of their 0-or-1 would only repeat
  "n of m the best", which the summary already says. Weighed, a slip on a choice that
  hardly mattered (the chances 1 point apart) counts little and one that threw a round
  away counts much; and an estimate's noise on nearly equal options (a tiny stake)
  barely moves it.
- An estimate that counts as the best (not worse by more than
  :data:`~.model.MARGIN_Z` standard errors: the search cannot tell them apart) keeps
  the whole stake, as it counts among "the best". So the accuracy is 1 exactly when
  every rated choice was the best, and 0 only when every choice that could change
  anything was the worst.
- Linear (lichess bends win percentages with an exponential): "kept 87 % of what was
  at stake" reads as it says. Exact figures stay exact: a ``Fraction`` from exact
  odds, a ``float`` from a model's or an estimate's figures.

>>> from fractions import Fraction
>>> from types import SimpleNamespace as Made
>>> def made(chosen, *values, best=False):
...     options = tuple(Made(value=Fraction(v)) for v in values)
...     return Made(rated=True, is_best=best, options=options, chosen_value=Fraction(chosen))
>>> accuracy([made("1/2", "1/2", "1/4", best=True), made("1/4", "1/2", "1/4")])
Fraction(1, 2)
>>> accuracy([made("1/2", "3/4", "1/4"), made("0", "1/100", "0")])
Fraction(25, 51)
>>> accuracy([made(1, 1, 1, best=True)]), accuracy([])
(Fraction(1, 1), None)
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import Any

from .model import Number


def stake_and_kept(decision: Any) -> tuple[Number, Number]:
    """``(at stake, kept)`` of one rated decision (see the module docstring)."""
    values = [option.value for option in decision.options]
    if not values:
        return Fraction(0), Fraction(0)
    worst = min(values)
    stake = max(values) - worst
    if decision.is_best:
        return stake, stake
    return stake, decision.chosen_value - worst


def decision_accuracy(decision: Any) -> Number:
    """The accuracy of one rated decision: ``kept / at stake`` (1 with nothing at
    stake: one option, or every option worth the same)."""
    stake, kept = stake_and_kept(decision)
    if not stake:
        return Fraction(1)
    return kept / stake


def accuracy(decisions: Iterable[Any]) -> Number | None:
    """The accuracy of a seat's ``decisions`` (its unrated ones left out): what its
    choices kept of what was at stake, 0 to 1; ``None`` without a rated decision."""
    rated = [d for d in decisions if d.rated]
    if not rated:
        return None
    stakes: Number = Fraction(0)
    kept: Number = Fraction(0)
    for decision in rated:
        stake, mine = stake_and_kept(decision)
        stakes += stake
        kept += mine
    if not stakes:
        return Fraction(1)
    return kept / stakes
