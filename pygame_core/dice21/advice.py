"""The dice21 coach: roll on or stop, by the exact chance to win the round.

The figures are :func:`.odds.view_odds`, the optimum the expert bot plays and the
review rates by (:mod:`pygame_core.dice21.review`); exact until a UI shows them.
:meth:`.rules.Dice21.advise` loads this module only when the coach is asked.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..contract import acts_now
from .odds import view_odds
from .table import Action, Dice21View


@dataclass(frozen=True)
class Dice21Advice:
    """Chance to bust on the next throw, to win by stopping now and by rolling on.

    ``stop`` is ``None`` before the turn's first throw (stopping is not allowed then);
    ``should_stop``: stopping is at least as good as rolling on.
    """

    bust: Fraction
    stop: Fraction | None
    roll: Fraction
    should_stop: bool


def dice21_advice(view: Dice21View) -> Dice21Advice | None:
    """The advice for the seat to act, whoever ``view`` is drawn for (dice21 has no
    secrets), or None when nobody is rolling."""
    seat = view.actor
    if seat is None or view.seats[seat].total >= view.config.target:
        return None
    odds = view_odds(view, seat)
    return Dice21Advice(odds.bust, odds.stop, odds.roll, odds.should_stop)


def advise(view: Dice21View, legal: Sequence[Action], seed: int = 0) -> Dice21Advice | None:
    """:meth:`.rules.Dice21.advise`: the advice for the seat ``view`` is drawn for,
    None when that seat is not rolling now."""
    return dice21_advice(view) if acts_now(view) else None
