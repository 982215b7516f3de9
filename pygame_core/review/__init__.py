"""The review of a finished match: every decision rated against the best play, and
a replay to step through.

Pure standard-library Python like the rest of the core: deterministic given a seed,
never mutating its input, and fair to the player: a decision is rated only from the
deciding seat's view at that moment (the rater never sees the state), and by the
value of the choice, never by how the dice or cards then fell.

::

    review = review_match(save_text, seats=(0,), seed=1)
    mine = review.for_seat(0)
    mine.rated, mine.best, mine.total_cost, mine.costliest[0].reason.kind
    mine.accuracy                  # 0 to 1: what the choices kept of what was at stake
    mine.chart.measure, [(p.round, p.value) for p in mine.chart.points]
    for progress in iter_review(save_text, seats=(0,)):   # in slices, with progress
        ...progress.done, progress.total, progress.review
    replay = replay_frames(save_text, viewer=0)           # as seat 0 saw the match
    replay.at(replay.step(0, +1)).view

How each game is rated: by its own rater, a ``review`` module in the game's package
that the game names (:attr:`~pygame_core.contract.Game.review_rater`, see
:mod:`.rating`); this package is the engine every game shares. A game without a rater
(a test's toy game) is replayed and reviewed with no decision rated.

- dice21 (:mod:`pygame_core.dice21.review`): roll or stop, the exact chance to win
  the round.
- 41 (:mod:`pygame_core.dice41.review`): which die to keep, the exact chance to win
  the round, or the chips expected back when playing for chips.
- Tjueett and Tjugoett (:mod:`pygame_core.banker.review`): bet, draw or stand (player
  and banker), the expert's card-counting expectation in chips over the cards the seat
  had not seen; the banker's stake is listed but not rated.
- Twenty One (:mod:`pygame_core.twentyone.review`): exchange and plays, the expert's
  search as an estimate of the share of the match won, with its standard error, seeded.

Each seat's accuracy (:mod:`.accuracy`), one figure from 0 to 1: per rated decision,
``at stake = best - worst`` and ``kept = chosen - worst`` (the whole stake when the
choice counts as the best), and ``accuracy = sum(kept) / sum(at stake)``: the
decisions' ``kept / at stake`` averaged, each weighed by what was at stake in it (1
when nothing ever was). Relative to each decision's best and worst option it needs no
unit, so chances, chips and estimates are rated alike; weighed by the stake, a slip
that hardly mattered counts little, and a two-way choice adds more than a 0 or 1. Its
chart (:mod:`.chart`): the chips or rounds won after each round, from the replayed
states, or (Twenty One) the estimated share of the match won after each decision.
"""

from __future__ import annotations

from .accuracy import accuracy, decision_accuracy
from .engine import (
    COSTLIEST,
    DEFAULT_PLAYOUTS,
    iter_review,
    rate_decision,
    review_match,
    summarize,
)
from .match import Match, MatchInput, load_match
from .model import (
    MARGIN_Z,
    Chart,
    ChartPoint,
    Decision,
    MatchReview,
    Measure,
    Method,
    Number,
    Option,
    Reason,
    ReviewProgress,
    SeatReview,
    Unit,
)
from .replay import Frame, Replay, replay_frames

__all__ = [
    "COSTLIEST",
    "DEFAULT_PLAYOUTS",
    "MARGIN_Z",
    "Chart",
    "ChartPoint",
    "Decision",
    "Frame",
    "Match",
    "MatchInput",
    "MatchReview",
    "Measure",
    "Method",
    "Number",
    "Option",
    "Reason",
    "Replay",
    "ReviewProgress",
    "SeatReview",
    "Unit",
    "accuracy",
    "decision_accuracy",
    "iter_review",
    "load_match",
    "rate_decision",
    "replay_frames",
    "review_match",
    "summarize",
]
