"""What a review is made of: rated decisions, per-seat summaries, the whole match.

Every value is a frozen dataclass of plain values, so a review can be kept, compared
and handed to the UI as it is. Exact figures (21, 41) are :class:`fractions.Fraction`
until the UI shows them; the banker games' figures come from the expert's float model
and Twenty One's from a seeded Monte Carlo estimate with a standard error.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal

#: A figure of a review: exact (``Fraction``) or from a model or an estimate (``float``).
Number = Fraction | float

#: What the figures of a decision measure: the chance to win the round (21, 41), chips
#: expected back (41 with chips, the banker games) or the share of the match won
#: (Twenty One: the expert's match value).
Unit = Literal["round_win", "chips", "match_win"]

#: How the figures were found: exact odds, the expert's card-counting model, or the
#: expert's seeded search (an estimate with a margin).
Method = Literal["exact_odds", "expert_model", "expert_search"]

#: What a seat's chart over the match shows: its chips after each round (the games with
#: chips), the rounds it won so far (21 and 41 without chips), or the expert's estimate
#: of its share of the match won after each of its rated decisions (Twenty One).
Measure = Literal["chips", "rounds_won", "match_win"]

#: How far (in standard errors) an estimated choice may fall short of the best one and
#: still count as best: a difference the search cannot tell from noise is not blamed.
MARGIN_Z = 1.96


@dataclass(frozen=True)
class Reason:
    """The data for one plain sentence about a decision; the UI words it.

    ``kind`` names the sentence (``"stood_too_soon"``, ``"kept_wrong_die"`` ...; the
    module of each game lists its kinds) and ``params`` its numbers as sorted
    ``(name, value)`` pairs, like :class:`~pygame_core.contract.Event` (not one: a
    reason is never private by itself, and ``Event.make`` reserves ``visible_to``).
    """

    kind: str
    params: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def make(cls, kind: str, **params: Any) -> Reason:
        """``Reason.make("stood_too_soon", total=15, best_total=0, after=1)``."""
        return cls(kind, tuple(sorted(params.items())))

    def get(self, name: str, default: Any = None) -> Any:
        """The value of parameter ``name``."""
        for key, value in self.params:
            if key == name:
                return value
        return default

    def as_dict(self) -> dict[str, Any]:
        """The parameters as a plain dict."""
        return dict(self.params)


@dataclass(frozen=True)
class Option:
    """One choice the seat had, by a stable ``key`` (``"roll"``, ``"keep_4"``,
    ``"bet_5"``, ``"play_1_14"`` ...), with its value and, for an estimate, the
    standard error of that value (``None`` when exact or from a model)."""

    key: str
    value: Number
    margin: float | None = None


@dataclass(frozen=True)
class Decision:
    """One decision of one seat, rated from that seat's view at that moment.

    ``index`` is the action's position in the match (the replay frame before it is
    ``index``, the one after ``index + 1``); ``round`` the round (deal) it was made in.
    ``kind``: ``"roll_or_stop"``, ``"keep"``, ``"stake"``, ``"bet"``,
    ``"draw_or_stand"``, ``"bank_draw_or_stand"``, ``"exchange_choice"``, ``"swap"``
    or ``"play"``. ``cost`` is ``best_value - chosen_value`` (never negative) and
    ``margin`` its standard error for an estimate. ``against`` names what the other
    seats are assumed to do (see each game's module). ``rated`` is false where no
    model values the decision (a banker's stake): it is listed, never counted.
    ``is_best``: the choice was the best, or (an estimate) not worse by more than
    :data:`MARGIN_Z` standard errors.
    """

    index: int
    seat: int
    round: int
    kind: str
    chosen: str
    best: str
    options: tuple[Option, ...]
    chosen_value: Number
    best_value: Number
    cost: Number
    margin: float | None
    unit: Unit
    method: Method
    against: str
    rated: bool
    is_best: bool
    reason: Reason
    #: The seat took this decision back (:mod:`pygame_core.undo`): it is listed in
    #: :attr:`SeatReview.taken_back`, never counted.
    taken_back: bool = False


@dataclass(frozen=True)
class ChartPoint:
    """One point of a seat's chart: its figure once ``index`` actions were taken (the
    replay's frame), at the end of round ``round`` (0: the start of the match) or, for
    an estimate, after its decision at action ``index - 1`` in that round (deal);
    ``margin`` is the estimate's standard error (``None`` when counted)."""

    index: int
    round: int
    value: Number
    margin: float | None = None


@dataclass(frozen=True)
class Chart:
    """One seat's figure over the match (see :data:`Measure`), from the start (chips,
    rounds) or from its first rated decision (an estimate), in the order played."""

    measure: Measure
    points: tuple[ChartPoint, ...]


@dataclass(frozen=True)
class SeatReview:
    """Everything about one seat's decisions.

    ``rated``: decisions a model values; ``best``: how many of them were best;
    ``total_cost``: the cost of the others added up (in ``unit``: e.g. rounds lost on
    average), with ``total_margin`` its standard error for estimates. ``costliest``:
    the three costliest decisions that were not best, costliest first. ``accuracy``:
    the share of what was at stake in its rated decisions that its choices kept, 0 to 1
    (:func:`~pygame_core.review.accuracy.accuracy`; ``None`` without a rated decision).
    ``chart``: its chips, rounds won or estimated share of the match over the match
    (``None`` for a game the review charts nothing of).
    """

    seat: int
    decisions: tuple[Decision, ...]
    rated: int
    best: int
    total_cost: Number
    total_margin: float | None
    unit: Unit
    costliest: tuple[Decision, ...]
    accuracy: Number | None = None
    chart: Chart | None = None
    #: The decisions the seat took back, rated from the same position, in the order
    #: they were taken back (never in ``decisions`` or the figures above).
    taken_back: tuple[Decision, ...] = ()


@dataclass(frozen=True)
class MatchReview:
    """The review of one match for the seats asked about (``seats`` in that order).

    A seat's review may hold that seat's own hidden cards (its decisions were made
    with them), so the UI shows ``seats[i]`` only to that person unless the players
    chose to reveal everything once the match is over.
    """

    game: str
    seed: int
    review_seed: int
    actions: int
    over: bool
    seats: tuple[SeatReview, ...]

    def for_seat(self, seat: int) -> SeatReview:
        """The review of ``seat``; ``KeyError`` if it was not asked about."""
        for review in self.seats:
            if review.seat == seat:
                return review
        raise KeyError(seat)


@dataclass(frozen=True)
class ReviewProgress:
    """One step of :func:`~pygame_core.review.iter_review`: ``done`` of ``total``
    decisions rated; ``review`` is set on the last step only."""

    done: int
    total: int
    review: MatchReview | None = None
