"""Reviewing a match: the generator the browser runs in slices.

:func:`iter_review` first replays the match's actions through the rules (cheap) and
notes every decision point of the seats asked about, with that seat's view; then it
rates one decision per step, yielding :class:`~.model.ReviewProgress`, so a UI can
run a few steps per frame and show progress without blocking the table. The last
step carries the :class:`~.model.MatchReview`; :func:`review_match` runs it all.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from dataclasses import replace
from fractions import Fraction
from typing import Any, Protocol

from ..contract import Game
from ..errors import Nordic21Error, SaveError
from ..undo import TakenBack
from .accuracy import accuracy
from .chart import seat_charts
from .match import Match, MatchInput, load_match
from .model import Chart, Decision, MatchReview, Number, ReviewProgress, SeatReview
from .rating import Spot, rater_of

#: Most worlds per estimated decision (Twenty One; see :data:`pygame_core.twentyone.review.BATCH`).
DEFAULT_PLAYOUTS = 64
#: The costliest moments listed per seat.
COSTLIEST = 3


class _Rater(Protocol):
    def __call__(self, spot: Spot, seed: int, playouts: int) -> Decision | None: ...


#: A rater a piece at a time: yields between pieces, returns the decision.
_Steps = Callable[[Spot, int, int], Generator[None, None, Decision | None]]


def taken_back_spot(loaded: Match, taken: TakenBack) -> Spot:
    """The position where ``taken``'s decision was made, as its seat saw it
    (:class:`~pygame_core.errors.SaveError` if the record does not fit the match)."""
    game = loaded.game
    if taken.line[: taken.at] == loaded.actions[: taken.at]:
        before = loaded.states[taken.at]
    else:  # taken back on a line that was itself taken back later
        before = game.new_game(loaded.config, loaded.seed)
        try:
            for action in taken.line[: taken.at]:
                before, _ = game.apply(before, action)
        except Nordic21Error as exc:
            raise SaveError(f"a taken-back move does not fit the match: {exc}") from exc
    legal = game.legal_actions(before)
    if game.current_player(before) != taken.seat or taken.decision not in legal:
        raise SaveError("a taken-back move does not fit the match")
    return Spot(taken.at, taken.seat, game.view(before, taken.seat), legal, taken.decision)


def decision_seed(review_seed: int, index: int) -> int:
    """The seed of the estimate of the decision at action ``index``: each decision has
    its own, so rating in slices or alone gives the same figures."""
    return review_seed * 1_000_003 + index


def rate_decision(
    game: Game[Any, Any, Any, Any],
    state: Any,
    action: Any,
    seed: int = 0,
    playouts: int = DEFAULT_PLAYOUTS,
) -> Decision | None:
    """The rating of ``action`` by the seat to act in ``state`` (``None`` if it had no
    choice). Only that seat's view reaches the rater: the state's hidden cards never
    do. ``seed`` is the review seed; the decision's own comes from it and the index."""
    seat = game.current_player(state)
    if seat is None:
        raise ValueError("the match is over: there is no decision to rate")
    index = len(state.history)
    spot = Spot(index, seat, game.view(state, seat), game.legal_actions(state), action)
    module = rater_of(game)
    if module is None:
        return None
    rate: _Rater = module.rate
    return rate(spot, decision_seed(seed, index), playouts)


def _unrated(spot: Spot, seed: int, playouts: int) -> Generator[None, None, Decision | None]:
    """The rater of a game without one: no decision is rated."""
    return None
    yield  # a generator function


def _rater_steps(game: Game[Any, Any, Any, Any]) -> _Steps:
    """The game's rater a piece at a time (``rate_steps``; one piece for a rater that
    is quick enough to run whole)."""
    module = rater_of(game)
    if module is None:
        return _unrated
    steps: _Steps | None = getattr(module, "rate_steps", None)
    if steps is not None:
        return steps
    rate: _Rater = module.rate

    def whole(spot: Spot, seed: int, playouts: int) -> Generator[None, None, Decision | None]:
        return rate(spot, seed, playouts)
        yield  # a generator function

    return whole


def iter_review(
    match: MatchInput,
    seats: Iterable[int] | None = None,
    seed: int = 0,
    playouts: int = DEFAULT_PLAYOUTS,
) -> Iterator[ReviewProgress]:
    """Review ``match`` for ``seats`` (default: every seat), one decision per step.

    The first step (``done == 0``) comes after the replay, with the number of
    decisions to rate; the last carries the review. A decision that takes long to rate
    (Twenty One: a world at a time) adds steps that repeat ``done``, so a slice of the
    browser's time never waits for a whole estimate. ``seed`` fixes the estimates
    (Twenty One); ``playouts`` is the number of worlds per estimated decision.
    Deterministic: the same arguments give the same review.
    """
    if isinstance(playouts, bool) or not isinstance(playouts, int) or playouts < 2:
        raise ValueError("playouts must be a whole number of at least 2")
    loaded = load_match(match)
    game = loaded.game
    players = loaded.config.players
    wanted = tuple(range(players)) if seats is None else tuple(dict.fromkeys(seats))
    for seat in wanted:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise ValueError(f"no seat {seat!r} in a match of {players} players")
    rate = _rater_steps(game)
    spots: list[Spot] = []
    for index, action in enumerate(loaded.actions):
        before = loaded.states[index]
        actor = game.current_player(before)
        if actor in wanted:
            spots.append(
                Spot(index, actor, game.view(before, actor), game.legal_actions(before), action)
            )
    state = loaded.states[-1]
    # the decisions taken back are rated last, from the positions they were made in
    backs = [taken_back_spot(loaded, t) for t in loaded.taken_back if t.seat in wanted]
    first_back = len(spots)
    spots += backs
    yield ReviewProgress(0, len(spots))
    decisions: list[Decision] = []
    for done, spot in enumerate(spots, 1):
        pieces = rate(spot, decision_seed(seed, spot.index), playouts)
        while True:
            try:
                next(pieces)
            except StopIteration as rated:
                decision: Decision | None = rated.value
                break
            yield ReviewProgress(done - 1, len(spots))
        if decision is not None:
            if done > first_back:
                decision = replace(decision, taken_back=True)
            decisions.append(decision)
        if done < len(spots):
            yield ReviewProgress(done, len(spots))
    charts = seat_charts(loaded, wanted, [d for d in decisions if not d.taken_back])
    unit = game.review_unit(state)
    review = MatchReview(
        game=game.id,
        seed=loaded.seed,
        review_seed=seed,
        actions=len(loaded.actions),
        over=game.is_over(state),
        seats=tuple(
            summarize(seat, [d for d in decisions if d.seat == seat], unit, charts[seat])
            for seat in wanted
        ),
    )
    yield ReviewProgress(len(spots), len(spots), review)


def summarize(
    seat: int, decisions: Sequence[Decision], unit: Any, chart: Chart | None = None
) -> SeatReview:
    """The summary of one seat's decisions (see :class:`~.model.SeatReview`), with its
    accuracy (:func:`~.accuracy.accuracy`) and ``chart``."""
    backs = tuple(d for d in decisions if d.taken_back)
    decisions = [d for d in decisions if not d.taken_back]
    rated = [d for d in decisions if d.rated]
    missed = [d for d in rated if not d.is_best]
    total: Number = sum((d.cost for d in missed), Fraction(0))
    margins = [d.margin for d in missed if d.margin is not None]
    estimated = any(d.margin is not None for d in rated)
    total_margin = sum(m * m for m in margins) ** 0.5 if estimated else None
    costliest = sorted(missed, key=lambda d: (-d.cost, d.index))[:COSTLIEST]
    return SeatReview(
        seat=seat,
        decisions=tuple(decisions),
        rated=len(rated),
        best=len(rated) - len(missed),
        total_cost=total,
        total_margin=total_margin,
        unit=rated[0].unit if rated else unit,
        costliest=tuple(costliest),
        accuracy=accuracy(rated),
        chart=chart,
        taken_back=backs,
    )


def review_match(
    match: MatchInput,
    seats: Iterable[int] | None = None,
    seed: int = 0,
    playouts: int = DEFAULT_PLAYOUTS,
) -> MatchReview:
    """The whole review at once (see :func:`iter_review`)."""
    for progress in iter_review(match, seats, seed, playouts):
        if progress.review is not None:
            return progress.review
    raise AssertionError("iter_review always ends with the review")
