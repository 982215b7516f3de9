"""The coach of the banker games (Tjueett and Tjugoett): counting odds over the cards
the acting seat has not seen, and what the expert would do.

The figures are :mod:`.odds`'; what to do is the expert bot's comparison of its own
expected values (:func:`.bots.player_values`, :func:`.bots.player_model`,
:func:`.bots.bank_values`), the same figures the review rates a person's play by
(:mod:`pygame_core.banker.review`). :meth:`.game.BankerGame.advise` loads this module
only when the coach is asked.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from .bots import STANDS_ON, bank_values, player_model, player_values, standing_weights

# The coach suggests the expert's stake (the UI's default stake comes from here too).
from .bots import suggested_stake as suggested_stake
from .hand import has_ace, low_total
from .odds import (
    STAND_RANGE,
    banker_reach_chances,
    draw_pool,
    facing_totals,
    next_card_bust,
)
from .table import Action, TableView, facing_seats

#: What the coach tells a seat to do.
Best = Literal["draw", "stand", "bet_more", "bet_least", "stake"]


@dataclass(frozen=True)
class BankerAdvice:
    """Counting odds for the seat to act in a banker game, over the cards it has not seen.

    ``bust``: the chance that one more card takes the acting hand over 21 (None when
    no hand is being drawn to). ``bank_reach``: for a player, for each total, the chance
    that a banker going for that total gets there (ties go to the banker).
    ``player_totals``: for the banker, each player met: that player's possible totals.

    ``best``: what to do, as the expert bot's expected values say (the coach decides
    nothing itself): ``"draw"`` or ``"stand"`` while drawing, ``"bet_more"`` or
    ``"bet_least"`` when betting. ``total``: the total it is said of (the player's own,
    or the bank's).
    ``beats``: for the banker, each player met: the chance that hand beats ``total``
    (ties go to the bank), weighed as the expert banker weighs a standing hand: at
    ``least`` or more where it can be (players seldom stand on less; 0: every total
    counted, as in ``player_totals``).
    ``stake``: for the banker opening the bank (``best`` is ``"stake"``), the stake the
    expert puts in (:func:`.bots.suggested_stake`); 0 otherwise.
    """

    bust: Fraction | None
    bank_reach: dict[int, Fraction]
    player_totals: dict[int, dict[int, Fraction]]
    best: Best
    total: int | None
    beats: dict[int, Fraction]
    least: int
    stake: int = 0


def bank_beaten(view: TableView, total: int) -> tuple[dict[int, Fraction], int]:
    """For each hand the bank meets: the chance it beats ``total`` (ties go to the
    bank), over the cards the banker has not seen, each hand weighed as the expert
    banker weighs it (:func:`.bots.standing_weights`); and the least total that
    weighing assumes a standing hand holds (0 if it could not for one)."""
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


def banker_advice(view: TableView) -> BankerAdvice | None:
    """The advice for the viewer when it is the one to act, else None (and for the
    banker's stake, which no model values)."""
    seat = view.viewer
    if seat is None or view.actor != seat or view.phase == "over":
        return None
    if view.phase == "stake":
        return BankerAdvice(None, {}, {}, "stake", None, {}, 0, suggested_stake(view))
    if view.phase == "bank":
        total = view.bank_total
        beats, least = bank_beaten(view, total)
        stand, draw = bank_values(view)
        best: Best = "draw" if draw > stand else "stand"
        return BankerAdvice(
            next_card_bust(view), {}, facing_totals(view), best, total, beats, least
        )
    own = view.own_total
    first = REACH_TOTALS.start
    if view.phase == "play" and own is not None and own in STAND_RANGE:
        first = min(first, own)
    reach = banker_reach_chances(draw_pool(view), view.bank_hand, range(first, REACH_TOTALS.stop))
    if view.phase == "bet":
        hand = view.hands[seat]
        value = player_model(view).value(hand[1:])
        return BankerAdvice(None, reach, {}, "bet_more" if value > 0 else "bet_least", own, {}, 0)
    bust = next_card_bust(view) if view.hands[seat] else None
    stand, draw = player_values(view)
    return BankerAdvice(bust, reach, {}, "draw" if draw > stand else "stand", own, {}, 0)


def advise(view: TableView, legal: Sequence[Action], seed: int = 0) -> BankerAdvice | None:
    """:meth:`.game.BankerGame.advise`: :func:`banker_advice`, which already speaks
    only to the seat to act."""
    return banker_advice(view)
