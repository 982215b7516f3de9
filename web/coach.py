"""The odds coach: what the odds modules say about the position on screen.

Only reads a view and calls the core: the game's ``odds`` module (Twenty One: its
expert bot and the review's estimate); it decides nothing. Numbers stay exact
(Fractions) until :func:`web.i18n.percent` formats them; the screens word them
(:mod:`web.screens.dice`, :mod:`web.screens.twentyone`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from pygame_core import get_game

if TYPE_CHECKING:
    from pygame_core.review import Decision


@dataclass(frozen=True)
class Dice21Advice:
    """Chance to bust on the next throw, to win by stopping now and by rolling on."""

    bust: Fraction
    stop: Fraction | None
    roll: Fraction
    should_stop: bool


def dice21_advice(view: Any) -> Dice21Advice | None:
    """The advice for the seat to act, or None when nobody is rolling."""
    from pygame_core.dice21.odds import view_odds

    seat = view.actor
    if seat is None:
        return None
    total = view.seats[seat].total
    config = view.config
    if total >= config.target:
        return None
    odds = view_odds(view, seat)
    return Dice21Advice(odds.bust, odds.stop, odds.roll, odds.should_stop)


@dataclass(frozen=True)
class Dice41Advice:
    """Per die that may be set aside: its value to the player, and which is best.

    ``mode`` is ``"expected"`` (expected final score) or ``"beat"`` (the chance to beat
    the best score so far, for the last player of the round, with the chance of a tie).
    """

    mode: str
    values: dict[int, Fraction]
    ties: dict[int, Fraction]
    best_value: int
    target: int | None


def dice41_advice(view: Any) -> Dice41Advice | None:
    """The advice for the seat to act, or None when there is nothing to choose."""
    from pygame_core.dice41.odds import keep_beat_chances, keep_expected_scores

    seat = view.actor
    if seat is None or not view.dice:
        return None
    kept = view.kept[seat]
    position = view.order.index(seat) if seat in view.order else 0
    later = len(view.order) - position - 1
    if later == 0 and view.best is not None:
        chances = keep_beat_chances(view.best, kept, view.dice)
        values = {v: c[0] for v, c in chances.items()}
        ties = {v: c[1] for v, c in chances.items()}
        best = max(values, key=lambda v: (values[v], ties[v], v))
        return Dice41Advice("beat", values, ties, best, view.best)
    values = keep_expected_scores(kept, view.dice)
    best = max(values, key=lambda v: (values[v], v))
    return Dice41Advice("expected", values, {}, best, None)


@dataclass(frozen=True)
class BankerAdvice:
    """Counting odds for the seat to act in a banker game, over the cards it has not seen.

    ``bust``: the chance that one more card takes the acting hand over 21 (None when
    no hand is being drawn to). ``bank_reach``: for a player, for each total, the chance
    that a banker going for that total gets there (ties go to the banker).
    ``player_totals``: for the banker, each player met: that player's possible totals.

    ``best``: what to do, as the expert bot's expected values in the core say
    (:func:`~pygame_core.banker.bots.player_values`, ``bank_values``; the coach decides
    nothing itself): ``"draw"`` or ``"stand"`` while drawing, ``"bet_more"`` or
    ``"bet_least"`` when betting. ``total``: the total it is said of (the player's own,
    or the bank's).
    ``beats``: for the banker, each player met: the chance that hand beats ``total``
    (ties go to the bank), weighed as the expert banker weighs a standing hand: at
    ``least`` or more where it can be (players seldom stand on less; 0: every total
    counted, as in ``player_totals``).
    """

    bust: Fraction | None
    bank_reach: dict[int, Fraction]
    player_totals: dict[int, dict[int, Fraction]]
    best: str
    total: int | None
    beats: dict[int, Fraction]
    least: int


def bank_beaten(view: Any, total: int) -> tuple[dict[int, Fraction], int]:
    """For each hand the bank meets: the chance it beats ``total`` (ties go to the
    bank), over the cards the banker has not seen, each hand weighed as the expert
    banker weighs it (:func:`~pygame_core.banker.bots.standing_weights`); and the least
    total that weighing assumes a standing hand holds (0 if it could not for one)."""
    from pygame_core.banker.bots import STANDS_ON, standing_weights
    from pygame_core.banker.hand import has_ace, low_total
    from pygame_core.banker.odds import draw_pool
    from pygame_core.banker.table import facing_seats

    pool = draw_pool(view)
    beats: dict[int, Fraction] = {}
    least = STANDS_ON
    for seat in facing_seats(view):
        if seat == view.viewer:
            continue
        down = view.face_down[seat]
        up = view.hands[seat][down:]
        face_up = (low_total(up), has_ace(up), len(up))
        weights = standing_weights(pool, face_up, view.instant_win, down)
        if not any(weights[STANDS_ON:]):
            least = 0
        size = sum(weights)
        beats[seat] = Fraction(sum(weights[total + 1 :]), size) if size else Fraction(0)
    return beats, least


#: The totals the player's coach lists the bank's reach for (and the own total if lower).
REACH_TOTALS = range(14, 22)


def banker_advice(view: Any) -> BankerAdvice | None:
    """The advice for the viewer when it is the one to act, else None."""
    from pygame_core.banker.bots import bank_values, player_model, player_values
    from pygame_core.banker.odds import (
        STAND_RANGE,
        banker_reach_chances,
        draw_pool,
        facing_totals,
        next_card_bust,
    )

    seat = view.viewer
    if seat is None or view.actor != seat or view.phase in ("stake", "over"):
        return None
    if view.phase == "bank":
        total = view.bank_total
        beats, least = bank_beaten(view, total)
        stand, draw = bank_values(view)
        best = "draw" if draw > stand else "stand"
        return BankerAdvice(
            next_card_bust(view), {}, facing_totals(view), best, total, beats, least
        )
    own = view.own_total
    playing = view.phase == "play" and own is not None and own in STAND_RANGE
    low = min(REACH_TOTALS.start, own) if playing else None
    reach = banker_reach_chances(
        draw_pool(view), view.bank_hand, range(low or REACH_TOTALS.start, REACH_TOTALS.stop)
    )
    if view.phase == "bet":
        hand = view.hands[seat]
        value = player_model(view).value(hand[1:])
        return BankerAdvice(None, reach, {}, "bet_more" if value > 0 else "bet_least", own, {}, 0)
    bust = next_card_bust(view) if view.hands[seat] else None
    stand, draw = player_values(view)
    return BankerAdvice(bust, reach, {}, "draw" if draw > stand else "stand", own, {}, 0)


#: Most dealt worlds the Twenty One coach's estimate uses per choice: it stops after the
#: first batch (:data:`pygame_core.review.twentyone.BATCH`) once the expert's move is
#: the best so far or clearly worse, so most moves cost one batch per choice.
TWENTYONE_WORLDS = 48


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

    action: Any
    key: str | None
    estimate: Decision | None


def twentyone_advice(view: Any, legal: Sequence[Any], seed: int = 0) -> TwentyOneAdvice | None:
    """Twenty One's coach: what to play from this view alone and why (``seed`` makes
    the sampling of the hidden hands repeatable); None when no move. Kept for the last
    few views, so a redraw (a card picked) costs nothing."""
    if not legal:
        return None
    return _twentyone_advice(view, tuple(legal), seed)


@lru_cache(maxsize=4)
def _twentyone_advice(view: Any, legal: tuple[Any, ...], seed: int) -> TwentyOneAdvice:
    from pygame_core.review.rating import Spot
    from pygame_core.review.twentyone import rate

    action = get_game("twentyone").make_bot("expert").choose(view, legal, seed)
    estimate = rate(Spot(0, view.viewer, view, legal, action), seed, TWENTYONE_WORLDS)
    if estimate is None:
        return TwentyOneAdvice(action, None, None)
    if estimate.is_best:
        return TwentyOneAdvice(action, estimate.chosen, estimate)
    return TwentyOneAdvice(_twentyone_action(view, legal, estimate.best), estimate.best, estimate)


def _twentyone_action(view: Any, legal: Sequence[Any], key: str) -> Any:
    """The legal action of a review option key (``open``, ``refuse``, ``swap_<count>``,
    ``play_<form>_<rank>``, ``discard``, ``pass``; the rater never makes the best of
    a ``swap_<count>_as_played`` here, as the expert swaps its lowest cards)."""
    from pygame_core.twentyone import OpenExchange, RefuseExchange
    from pygame_core.twentyone.bots import cannot_beat, play_of, swap_lowest

    head, _, rest = key.partition("_")
    if head == "open":
        return OpenExchange()
    if head == "refuse":
        return RefuseExchange()
    if head == "swap":
        return swap_lowest(view, int(rest))
    if head == "play":
        form, _, rank = rest.partition("_")
        return play_of(view, legal, int(form), int(rank))
    return cannot_beat(legal)
