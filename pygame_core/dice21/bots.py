"""The three dice21 bot levels. Each sees only its view and the legal actions.

- ``easy``: a casual player. Stops at a total drawn afresh at each decision from a
  band around the rule of thumb (14 to 18 in the classic game), whatever the others
  did, and now and then rolls once more when it meant to stop.
- ``medium``: the rules of thumb of the rule text. Roll until past the best total so
  far; once past it, stop at the comfort total (17 in the classic game) or at once
  when nobody plays after. With nothing to beat, stop at the comfort total.
- ``expert``: optimal for winning the round: stops exactly when
  :func:`~pygame_core.dice21.odds.view_odds` says stopping is worth at least as much as
  rolling on (chips do not change its play).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import cache

from ..rng import Rng
from .odds import bust_chance, view_odds
from .table import ROLL, STOP, Action, Dice21View

#: The risk of busting on the next throw at which the rule of thumb stops.
COMFORT_BUST_RISK = Fraction(1, 3)
#: How far below and above the comfort total the easy bot's stop total may fall.
EASY_BAND = (-3, 1)
#: The easy bot's chance of rolling once more when it meant to stop.
EASY_SLIP = 0.1


@cache
def comfort_total(dice: int, target: int) -> int:
    """The lowest total whose next throw busts with chance at least 1/3.

    17 in the classic game (one die, 21): the rule text's stopping point; 14 with two
    dice to 21, 29 with two dice to 36, 32 with one die to 36.

    >>> comfort_total(1, 21), comfort_total(2, 21), comfort_total(2, 36)
    (17, 14, 29)
    """
    return next(t for t in range(target) if bust_chance(t, dice, target) >= COMFORT_BUST_RISK)


def _own_total(view: Dice21View) -> int:
    seat = view.actor
    if seat is None:
        raise ValueError("no seat is to act in this view")
    return view.seats[seat].total


class EasyBot:
    """A casual player: a random stopping total, blind to the others, with slips."""

    def choose(self, view: Dice21View, legal: Sequence[Action], seed: int) -> Action:
        """Roll below the drawn stop total, else stop (rolling on now and then)."""
        if STOP not in legal:
            return ROLL
        stream = Rng.from_seed(seed).stream()
        low, high = EASY_BAND
        comfort = comfort_total(view.config.dice, view.config.target)
        stop_at = comfort + low + stream.randbelow(high - low + 1)
        if _own_total(view) < stop_at or stream.random() < EASY_SLIP:
            return ROLL
        return STOP


class MediumBot:
    """The rules of thumb: get past the best so far, then stop at the comfort total."""

    def choose(self, view: Dice21View, legal: Sequence[Action], seed: int) -> Action:
        """Stop once ahead of everyone who stood and at the comfort total (or last)."""
        if STOP not in legal:
            return ROLL
        total = _own_total(view)
        if total <= view.best_total:
            return ROLL
        comfort = comfort_total(view.config.dice, view.config.target)
        return STOP if total >= comfort or view.to_play_after == 0 else ROLL


class ExpertBot:
    """Maximises the chance of winning the round, from the exact odds."""

    def choose(self, view: Dice21View, legal: Sequence[Action], seed: int) -> Action:
        """Stop exactly when stopping is worth at least as much as rolling on."""
        if STOP not in legal:
            return ROLL
        seat = view.actor
        if seat is None:
            raise ValueError("no seat is to act in this view")
        odds = view_odds(view, seat)
        return STOP if odds.should_stop else ROLL


_BOTS: dict[str, EasyBot | MediumBot | ExpertBot] = {
    "easy": EasyBot(),
    "medium": MediumBot(),
    "expert": ExpertBot(),
}


def make_bot(level: str) -> EasyBot | MediumBot | ExpertBot:
    """The bot of ``level`` (``"easy"``, ``"medium"`` or ``"expert"``)."""
    if level not in _BOTS:
        raise ValueError(f"unknown bot level {level!r}")
    return _BOTS[level]
