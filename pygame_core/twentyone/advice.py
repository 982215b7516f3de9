"""The Twenty One coach: the expert bot's move, checked by the review's estimate.

The expert searches its move (:mod:`.search`); the review's rater then values every
distinct choice on the same dealt worlds with the expert's move as the chosen one
(:func:`pygame_core.review.twentyone.rate`), so the coach says what the review would.
:meth:`.rules.TwentyOneGame.advise` loads this module only when the coach is asked.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from ..contract import acts_now
from ..review.model import Decision
from ..review.rating import Spot
from ..review.twentyone import action_of, rate
from .bots import make_bot
from .rules import Action, TwentyOneView

#: Most dealt worlds the coach's estimate uses per choice: it stops after the first
#: batch (:data:`pygame_core.review.twentyone.BATCH`) once the expert's move is the
#: best so far or clearly worse, so most moves cost one batch per choice.
WORLDS = 48


@dataclass(frozen=True)
class TwentyOneAdvice:
    """The move the coach suggests for the seat to act, and why.

    ``estimate`` values every distinct choice on the same dealt worlds, as the review
    does (:func:`pygame_core.review.twentyone.rate`, with the expert bot's move as the
    chosen one): each choice's estimated share of the match won with its margin.
    ``action`` is the expert's move, unless the estimate finds another choice clearly
    better (by more than :data:`~pygame_core.review.MARGIN_Z` margins: the review would
    call the expert's move a mistake); then it is that choice. ``key`` is ``action``'s
    option key in ``estimate``. ``estimate`` and ``key`` are ``None`` when there is
    only one choice.
    """

    action: Action
    key: str | None
    estimate: Decision | None


def twentyone_advice(
    view: TwentyOneView, legal: Sequence[Action], seed: int = 0
) -> TwentyOneAdvice | None:
    """What to play from the seat's ``view`` alone and why (``seed`` makes the
    sampling of the hidden hands repeatable); None when no move. Kept for the last
    few views, so a redraw (a card picked) costs nothing."""
    if not legal:
        return None
    return _cached_advice(view, tuple(legal), seed)


@lru_cache(maxsize=4)
def _cached_advice(view: TwentyOneView, legal: tuple[Action, ...], seed: int) -> TwentyOneAdvice:
    action = make_bot("expert").choose(view, legal, seed)
    assert view.viewer is not None
    estimate = rate(Spot(0, view.viewer, view, legal, action), seed, WORLDS)
    if estimate is None:
        return TwentyOneAdvice(action, None, None)
    if estimate.best == estimate.chosen:
        return TwentyOneAdvice(action, estimate.chosen, estimate)
    # The review calls the best estimate best: the coach suggests it too, so the two
    # never disagree (even where the expert's own choice is within the margin).
    return TwentyOneAdvice(action_of(view, legal, estimate.best), estimate.best, estimate)


def advise(view: TwentyOneView, legal: Sequence[Action], seed: int = 0) -> TwentyOneAdvice | None:
    """:meth:`.rules.TwentyOneGame.advise`: the advice for the seat ``view`` is drawn
    for, None when that seat has no move now."""
    return twentyone_advice(view, legal, seed) if acts_now(view) else None
