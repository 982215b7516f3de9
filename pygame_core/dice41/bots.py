"""Bots for 41: three levels that see only the view and the legal keeps.

- ``easy``: a casual player. A quarter of the time any die, a third of the time the
  highest die (even before the 4 and the 1 are secured), otherwise the rule of thumb.
- ``medium``: the seed's rule of thumb (:func:`~pygame_core.dice41.odds.safe_play`):
  secure the 4 and the 1 as soon as they show, otherwise keep the highest die.
- ``expert``: plays for the round. Without chips it maximises its chance to win the
  round (:func:`~pygame_core.dice41.odds.keep_round_win_chances`); with chips, the
  chips it expects back from the round
  (:func:`~pygame_core.dice41.odds.keep_round_chip_values`): the pot it may win, less
  the penalty chip of a failed turn. Both are exact given the best score so far and
  the number of seats still to throw, with a tie at the top (a replay) valued as a
  fair share and each later seat assumed to play as if it were the last.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..contract import BOT_LEVELS, Bot
from ..rng import Rng
from . import odds
from .table import PENALTY, Dice41View, Keep

#: Chances of the easy bot's two kinds of mistake.
EASY_RANDOM = 0.25
EASY_HIGHEST = 0.35


def _position(view: Dice41View) -> tuple[int, int, tuple[int, ...], tuple[int, ...]]:
    """(seat, throw number, dice set aside, dice just thrown) of the seat to play."""
    seat = view.actor
    if seat is None:
        raise ValueError("the match is over: nothing to choose")
    return seat, view.throw_no, tuple(sorted(view.kept[seat])), tuple(sorted(view.dice))


def _pick(legal: Sequence[Keep], value: int) -> Keep:
    return next(a for a in legal if a.value == value)


class MediumBot:
    """Secure the 4 and the 1 first, then take the highest die."""

    def choose(self, view: Dice41View, legal: Sequence[Keep], seed: int) -> Keep:
        """The rule-of-thumb keep."""
        _, throw, kept, dice = _position(view)
        return _pick(legal, odds.safe_play(throw, kept, dice))


class EasyBot:
    """The rule of thumb with a casual player's mistakes."""

    def choose(self, view: Dice41View, legal: Sequence[Keep], seed: int) -> Keep:
        """Sometimes any die, often the highest, otherwise the rule of thumb."""
        stream = Rng.from_seed(seed).stream()
        roll = stream.random()
        if roll < EASY_RANDOM:
            return stream.choice(legal)
        if roll < EASY_RANDOM + EASY_HIGHEST:
            return max(legal, key=lambda a: a.value)
        return MediumBot().choose(view, legal, seed)


class ExpertBot:
    """Keeps the die worth most for the round: its chance to win it, or with chips the
    chips it expects back from it."""

    def choose(self, view: Dice41View, legal: Sequence[Keep], seed: int) -> Keep:
        """The keep of highest value for the round (the higher die on equal value)."""
        if len(legal) == 1:
            return legal[0]
        seat, _, kept, dice = _position(view)
        done = [s for s in (view.scores[other] for other in view.order) if s is not None]
        best = max(done) if done else None
        tied = best is not None and done.count(best) > 1
        spot = odds.RoundSpot(best, tied, len(view.order) - 1 - len(done), len(view.order))
        if view.uses_chips:
            penalty = min(PENALTY, view.chips[seat])
            values = odds.keep_round_chip_values(kept, dice, spot, view.pot, penalty)
        else:
            values = odds.keep_round_win_chances(kept, dice, spot)
        return _pick(legal, odds.best_keep(values))


def make_bot(level: str) -> Bot:
    """The bot of ``level`` (one of :data:`~pygame_core.contract.BOT_LEVELS`)."""
    bots: dict[str, Bot] = {"easy": EasyBot(), "medium": MediumBot(), "expert": ExpertBot()}
    if level not in bots:
        raise ValueError(f"unknown bot level {level!r}; choose from {', '.join(BOT_LEVELS)}")
    return bots[level]
