"""Each seat's figure over the match, for a chart: chips, rounds won or its chances.

Where a game counts something everyone sees (chips, rounds won), its rater module has

- ``standing(view)``: the :data:`~.model.Measure` and every seat's figure in a
  spectator's view, as a round ends (a banker's bank counts as his: the pot is his);
- ``opening(config, view)``: every seat's figure at the start, before any ante (the
  starting stacks; ``view`` is a spectator's of the first table).

and the chart has a point at the start and one at each round's end: the table the
round's end was held at (its last :class:`~pygame_core.contract.Pause`: the pot paid,
the next round's antes not yet in) or, without one, the table after the round's last
action. The figures are public: the spectator's view shows them, never a hidden card.

Without them (Twenty One) a seat's chart is its estimated share of the match won
after each of its rated decisions (the chosen option's value and margin: the expert's
estimate, :mod:`pygame_core.twentyone.review`), which the review of that seat alone holds.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .match import Match
from .model import Chart, ChartPoint, Decision, Measure
from .rating import rater_of

#: A game's public count: what it measures and every seat's figure.
Standing = tuple[Measure, tuple[int, ...]]
#: Every seat's figures at a point: ``(index, round, figures)``.
Figures = tuple[int, int, tuple[int, ...]]


def public_standings(match: Match) -> tuple[Measure, tuple[Figures, ...]] | None:
    """``(measure, ((index, round, figures), ...))``: every seat's public figure at the
    start (index 0, round 0) and at each round's end (``None``: the game counts nothing
    everyone sees, or has no rater)."""
    game = match.game
    module = rater_of(game)
    if module is None:
        return None
    standing = getattr(module, "standing", None)
    if standing is None:
        return None
    states, steps = match.states, match.steps
    first = game.view(states[0], None)
    measure: Measure = standing(first)[0]
    points = [(0, 0, tuple(module.opening(match.config, first)))]
    before = first
    for index, step in enumerate(steps, 1):
        after = game.view(states[index], None)
        if after.round != before.round or after.over:
            held = step.pauses[-1].state if step.pauses else states[index]
            points.append((index, before.round, tuple(standing(game.view(held, None))[1])))
        before = after
    return measure, tuple(points)


def estimate_chart(decisions: Sequence[Decision]) -> Chart | None:
    """A seat's estimated share of the match won after each of its rated decisions
    (``None`` if none is an estimate of the match)."""
    points = []
    for decision in decisions:
        if not decision.rated or decision.unit != "match_win":
            continue
        chosen = next(o for o in decision.options if o.key == decision.chosen)
        points.append(ChartPoint(decision.index + 1, decision.round, chosen.value, chosen.margin))
    return Chart("match_win", tuple(points)) if points else None


def seat_charts(
    match: Match, seats: Iterable[int], decisions: Sequence[Decision]
) -> dict[int, Chart | None]:
    """The chart of each of ``seats`` (see the module docstring)."""
    public = public_standings(match)
    charts: dict[int, Chart | None] = {}
    for seat in seats:
        if public is not None:
            measure, points = public
            charts[seat] = Chart(
                measure, tuple(ChartPoint(i, r, figures[seat]) for i, r, figures in points)
            )
        else:
            charts[seat] = estimate_chart([d for d in decisions if d.seat == seat])
    return charts
