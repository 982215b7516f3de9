"""The Twenty One coach: the review's estimate of every choice, and its best.

The review's rater values every distinct choice on the same dealt worlds
(:func:`pygame_core.twentyone.review.rate`: the expert's deals of the unseen cards and
its rollout), with the medium bot's move as the chosen one, and the coach suggests the
estimate's best, so the coach says what the review would.

It used to search the expert bot's move first (:mod:`.search`) and estimate with that
as the chosen one. Measured on the bench's 200 coached decisions in the browser's
Pyodide (two rounds each): p50 34-35 ms, p95 59-61 ms with the search; p50 3.3 ms,
p95 18.0 ms without it. Its own play against three medium bots (one seat, seats
rotating, the 2,000 games of seed 1): 36.0 % (34.0-38.2) with the search, 34.8 %
(32.7-36.9) without; 35.8 % (33.7-37.9) with 96 worlds in place of 48, at a p95 of
17.4 against 12.4 ms in CPython. The search's p95 alone (39-41 ms) was twice the
coach's 20 ms budget, and the medium bot's move costs nothing: it only decides when
the estimate stops (the chosen choice best so far, or clearly worse).
:meth:`.rules.TwentyOneGame.advise` loads this module only when the coach is asked.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from ..contract import acts_now
from ..review.model import Decision
from ..review.rating import Spot
from .bots import make_bot
from .review import action_of, rate
from .table import Action, TwentyOneView

#: Most dealt worlds the coach's estimate uses per choice: it stops after the first
#: batch (:data:`pygame_core.twentyone.review.BATCH`) once the medium bot's move is the
#: best so far or clearly worse, so most moves cost one batch per choice.
WORLDS = 48


@dataclass(frozen=True)
class TwentyOneAdvice:
    """The move the coach suggests for the seat to act, and why.

    ``estimate`` values every distinct choice on the same dealt worlds, as the review
    does (:func:`pygame_core.twentyone.review.rate`, with the medium bot's move as the
    chosen one): each choice's estimated share of the match won with its margin.
    ``action`` is the estimate's best choice (the medium bot's move when that is as
    good as any), carried out as the expert carries out a choice. ``key`` is
    ``action``'s option key in ``estimate``. ``estimate`` and ``key`` are ``None`` when
    there is only one choice (``action`` is then the only move).
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
    # The medium bot's move, the chosen one of the estimate: it stops after its first
    # batch of worlds when that move is the best so far or clearly worse than the best.
    action = make_bot("medium").choose(view, legal, seed)
    assert view.viewer is not None
    estimate = rate(Spot(0, view.viewer, view, legal, action), seed, WORLDS)
    if estimate is None:
        return TwentyOneAdvice(action, None, None)
    if estimate.best == estimate.chosen:
        return TwentyOneAdvice(action, estimate.chosen, estimate)
    # The review calls the best estimate best: the coach suggests it too, so the two
    # never disagree.
    return TwentyOneAdvice(action_of(view, legal, estimate.best), estimate.best, estimate)


def advise(view: TwentyOneView, legal: Sequence[Action], seed: int = 0) -> TwentyOneAdvice | None:
    """:meth:`.rules.TwentyOneGame.advise`: the advice for the seat ``view`` is drawn
    for, None when that seat has no move now."""
    return twentyone_advice(view, legal, seed) if acts_now(view) else None
