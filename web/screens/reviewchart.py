"""A person's chart over the match: their chips or rounds won after each round, or
(Twenty One) their estimated chance to win the match after each choice.

Drawn inline in SVG from the review's numbers only (:class:`pygame_core.review.Chart`:
no script, no style attribute, the colours from ``web/style.css``), as an image with a
text alternative that says the same figures in words ("Ann's chips, round by round: 10
at the start, 12 after round 1, ..."); a long series is said as its first, last,
lowest and highest figure.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from web.i18n import Translator
from web.markup import Markup, h
from web.reviewtext import whole_percent

if TYPE_CHECKING:
    from pygame_core.review import Chart, ChartPoint, Number

#: The drawing's size in its own units (it scales to the width it is given).
WIDTH, HEIGHT = 320, 150
LEFT, RIGHT, TOP, BOTTOM = 36, 42, 12, 24
#: Points said one by one in the text alternative; a longer series is summarised.
SAID = 12
#: Tick labels along the bottom, at most.
TICKS = 10
#: The fewest chips the drawing's height spans.
CHIP_SPAN = 4
#: The room (in the drawing's units) a figure at the left needs from the next one.
LABEL_ROOM = 14
#: The narrowest deal (in the drawing's units) that gets its number below it.
MIN_DEAL = 12
#: How far (in standard errors) the band around an estimate reaches.
BAND_Z = 1.96


def _n(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def figure_text(tr: Translator, measure: str, value: Number) -> str:
    """A figure of the chart in words: chips and rounds as whole numbers, a chance as a
    whole percentage."""
    if measure == "match_win":
        return whole_percent(value, tr.lang)
    return str(round(Fraction(value)))


def alternative(tr: Translator, chart: Chart, title: str, round_word: str) -> str:
    """The chart in words: its title, then every point, or (a long series) the first,
    the last, the lowest and the highest."""
    points = chart.points
    measure = chart.measure

    def said(point: ChartPoint) -> str:
        value = figure_text(tr, measure, point.value)
        if measure == "match_win":
            return tr.t("review.chart.after.move", value=value, n=point.index)
        if point.round == 0:
            return tr.t("review.chart.start", value=value)
        return tr.t(f"review.chart.after.{round_word}", value=value, n=point.round)

    if len(points) <= SAID:
        body = ", ".join(said(p) for p in points)
    else:
        values = [p.value for p in points]
        body = tr.t(
            "review.chart.span",
            first=said(points[0]),
            last=said(points[-1]),
            low=figure_text(tr, measure, min(values)),
            high=figure_text(tr, measure, max(values)),
        )
    return f"{title}: {body}."


def _scale(chart: Chart) -> tuple[float, float]:
    """The lowest and highest figure the drawing's height spans: 0 to 100 % for a
    chance, from 0 for rounds won, and for chips the lowest to the highest stack, at
    least :data:`CHIP_SPAN` chips or a fifth of the largest stack apart (two chips won
    on a bank of 30 is a small step, drawn as one)."""
    if chart.measure == "match_win":
        return 0.0, 1.0
    values = [float(p.value) for p in chart.points]
    low, high = min(values), max(values)
    if chart.measure == "rounds_won":
        return 0.0, max(high, 1.0)
    wanted = max(CHIP_SPAN, math.ceil(max(abs(low), abs(high)) / 5))
    if high - low < wanted:
        pad = (wanted - (high - low)) / 2
        low, high = low - pad, high + pad
        if low < 0 <= min(values):
            low, high = 0.0, high - low
    return float(math.floor(low)), float(math.ceil(high))


def _ticks(points: Sequence[ChartPoint], measure: str) -> list[tuple[float, str]]:
    """``(position, label)`` along the bottom, positions in points from the first: each
    round (a long match: every few), or (an estimate) each deal in the middle of its
    points, a deal too short for its number left unlabelled."""
    if measure == "match_win":
        deals: list[tuple[int, int, int]] = []  # (deal, first, last)
        for i, point in enumerate(points):
            if deals and deals[-1][0] == point.round:
                deals[-1] = (point.round, deals[-1][1], i)
            else:
                deals.append((point.round, i, i))
        steps = max(1, len(points) - 1)
        room = MIN_DEAL * steps / (WIDTH - LEFT - RIGHT)
        return [
            ((first + last) / 2, str(deal))
            for deal, first, last in deals
            if last - first >= room or len(deals) == 1
        ]
    every = max(1, math.ceil((len(points) - 1) / TICKS))
    return [(i, str(p.round)) for i, p in enumerate(points) if p.round and i % every == 0]


def _deal_starts(points: Sequence[ChartPoint]) -> list[int]:
    """Where each deal after the first begins (an estimate's chart marks them)."""
    return [i for i in range(1, len(points)) if points[i].round != points[i - 1].round]


def chart_svg(tr: Translator, chart: Chart, label_id: str, alt: str, round_word: str) -> Markup:
    """The drawing: a line through the points (a band for an estimate's margin), the
    lowest and highest figures at the left, rounds (deals) along the bottom, the last
    figure at the line's end."""
    points = chart.points
    low, high = _scale(chart)
    plot_w = WIDTH - LEFT - RIGHT
    plot_h = HEIGHT - TOP - BOTTOM
    steps = max(1, len(points) - 1)

    def x(i: int) -> float:
        return LEFT + plot_w * i / steps

    def y(value: float) -> float:
        return TOP + plot_h * (1 - (value - low) / (high - low))

    measure = chart.measure
    parts: list[Markup] = [h("title", {"id": label_id}, alt)]
    # Grid: the lowest and highest figures (and 50 % for a chance).
    levels = [low, high] if measure != "match_win" else [0.0, 0.5, 1.0]
    for level in levels:
        parts.append(
            h(
                "line",
                {
                    "class": "chart-grid",
                    "x1": _n(LEFT),
                    "x2": _n(WIDTH - RIGHT),
                    "y1": _n(y(level)),
                    "y2": _n(y(level)),
                },
            )
        )
        shown = (
            whole_percent(Fraction(level).limit_denominator(100), tr.lang)
            if measure == "match_win"
            else str(round(level))
        )
        parts.append(
            h(
                "text",
                {
                    "class": "chart-label",
                    "x": _n(LEFT - 6),
                    "y": _n(y(level) + 4),
                    "text-anchor": "end",
                },
                shown,
            )
        )
    if measure == "chips":
        # The stack the match began with, dashed (and its figure, where there is room).
        start = float(points[0].value)
        parts.append(
            h(
                "line",
                {
                    "class": "chart-ref",
                    "x1": _n(LEFT),
                    "x2": _n(WIDTH - RIGHT),
                    "y1": _n(y(start)),
                    "y2": _n(y(start)),
                },
            )
        )
        if min(abs(y(start) - y(low)), abs(y(start) - y(high))) >= LABEL_ROOM:
            parts.append(
                h(
                    "text",
                    {
                        "class": "chart-label",
                        "x": _n(LEFT - 6),
                        "y": _n(y(start) + 4),
                        "text-anchor": "end",
                    },
                    str(round(start)),
                )
            )
    if measure == "match_win":
        for i in _deal_starts(points):
            between = x(i) - plot_w / steps / 2
            parts.append(
                h(
                    "line",
                    {
                        "class": "chart-grid",
                        "x1": _n(between),
                        "x2": _n(between),
                        "y1": _n(TOP),
                        "y2": _n(HEIGHT - BOTTOM),
                    },
                )
            )
    for at, label in _ticks(points, measure):
        parts.append(
            h(
                "text",
                {
                    "class": "chart-label",
                    "x": _n(LEFT + plot_w * at / steps),
                    "y": _n(HEIGHT - BOTTOM + 15),
                    "text-anchor": "middle",
                },
                label,
            )
        )
    parts.append(
        h(
            "text",
            {"class": "chart-label chart-axis", "x": "2", "y": _n(HEIGHT - BOTTOM + 15)},
            tr.t(f"review.chart.axis.{round_word}"),
        )
    )
    if measure == "match_win" and any(p.margin for p in points):
        upper = [
            f"{_n(x(i))},{_n(y(min(1.0, float(p.value) + BAND_Z * (p.margin or 0))))}"
            for i, p in enumerate(points)
        ]
        lower = [
            f"{_n(x(i))},{_n(y(max(0.0, float(p.value) - BAND_Z * (p.margin or 0))))}"
            for i, p in reversed(list(enumerate(points)))
        ]
        parts.append(h("polygon", {"class": "chart-band", "points": " ".join(upper + lower)}))
    line = " ".join(
        f"{'M' if i == 0 else 'L'}{_n(x(i))},{_n(y(float(p.value)))}" for i, p in enumerate(points)
    )
    parts.append(h("path", {"class": "chart-line", "d": line}))
    if len(points) <= 30:
        for i, p in enumerate(points):
            parts.append(
                h(
                    "circle",
                    {"class": "chart-dot", "cx": _n(x(i)), "cy": _n(y(float(p.value))), "r": "3"},
                )
            )
    last = points[-1]
    parts.append(
        h(
            "text",
            {
                "class": "chart-value",
                "x": _n(x(len(points) - 1) + 6),
                "y": _n(y(float(last.value)) + 4),
            },
            figure_text(tr, measure, last.value),
        )
    )
    return h(
        "svg",
        {
            "class": "chart-svg",
            "viewBox": f"0 0 {WIDTH} {HEIGHT}",
            "role": "img",
            "aria-labelledby": label_id,
            "focusable": "false",
        },
        parts,
    )


def chart_title(tr: Translator, chart: Chart, name: str) -> str:
    """What the chart shows, in words: "Ann's chips, round by round"."""
    return tr.t(f"review.chart.{chart.measure}", name=name)


def person_chart(
    tr: Translator, chart: Chart | None, name: str, seat: int, round_word: str
) -> Markup | None:
    """The figure of one person's chart, with its caption (``None`` with fewer than two
    points: nothing to draw a line through; nor for chips or rounds won counted over a
    single round: a line from the start to the end says no more than the result)."""
    if chart is None or len(chart.points) < (2 if chart.measure == "match_win" else 3):
        return None
    title = chart_title(tr, chart, name)
    alt = alternative(tr, chart, title, round_word)
    return h(
        "figure",
        {"class": "review-chart", "data-measure": chart.measure},
        h("figcaption", {"class": "chart-caption"}, title),
        chart_svg(tr, chart, f"chart-{seat}-alt", alt, round_word),
    )
