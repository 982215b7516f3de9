"""Rating 41 decisions: which die to set aside, by the expert's exact figures.

Without chips the value of a keep is the exact chance to win the round
(:func:`pygame_core.dice41.odds.keep_round_win_chances`); with chips, the chips
expected back from the round (:func:`~pygame_core.dice41.odds.keep_round_chip_values`),
as the expert bot plays. ``against="later_players_play_to_beat"``: each later seat
plays to beat the best score in front of it.

Reason kinds (params: ``throw``, ``dice`` (the throw), ``kept`` (set aside before),
``chosen``, ``best`` (dice values), ``best_score`` (to beat, ``None`` when first),
``later``, ``chosen_value``, ``best_value``, ``ticket`` (the best die is a 4 or 1 not
yet secured)): ``kept_right``, ``kept_wrong_die``.

The chart (:mod:`pygame_core.review.chart`): each seat's chips after every round, from the starting
stacks, or its rounds won in a match without chips.
"""

from __future__ import annotations

from ..review.model import Decision, Measure, Option, Reason
from ..review.rating import Spot, make_decision
from . import odds
from .table import PENALTY, Dice41Config, Dice41View, missing_tickets

AGAINST = "later_players_play_to_beat"


def rate(spot: Spot, seed: int, playouts: int) -> Decision | None:
    """The keep at ``spot`` (``None`` when every die shows the same face)."""
    view: Dice41View = spot.view
    faces = sorted({a.value for a in spot.legal}, reverse=True)
    if len(faces) < 2:
        return None
    kept = tuple(sorted(view.kept[spot.seat]))
    dice = tuple(sorted(view.dice))
    done = [s for s in (view.scores[other] for other in view.order) if s is not None]
    best_score = max(done) if done else None
    tied = best_score is not None and done.count(best_score) > 1
    later = len(view.order) - 1 - len(done)
    round_spot = odds.RoundSpot(best_score, tied, later, len(view.order))
    if view.uses_chips:
        penalty = min(PENALTY, view.chips[spot.seat])
        values = odds.keep_round_chip_values(kept, dice, round_spot, view.pot, penalty)
    else:
        values = odds.keep_round_win_chances(kept, dice, round_spot)
    # Higher dice first: on equal value the expert keeps the higher die.
    options = tuple(Option(f"keep_{face}", values[face]) for face in faces)
    chosen = f"keep_{spot.action.value}"

    def reason(mine: Option, best: Option) -> Reason:
        best_face = int(best.key.removeprefix("keep_"))
        return Reason.make(
            "kept_right" if best is mine else "kept_wrong_die",
            throw=view.throw_no,
            dice=dice,
            kept=kept,
            chosen=spot.action.value,
            best=best_face,
            best_score=best_score,
            later=later,
            chosen_value=mine.value,
            best_value=best.value,
            ticket=best_face in missing_tickets(kept),
        )

    return make_decision(
        spot,
        "keep",
        options,
        chosen,
        "chips" if view.uses_chips else "round_win",
        "exact_odds",
        AGAINST,
        reason,
    )


def standing(view: Dice41View) -> tuple[Measure, tuple[int, ...]]:
    """Every seat's chips, or its rounds won in a match without chips."""
    if view.uses_chips:
        return "chips", view.chips
    return "rounds_won", view.round_wins


def opening(config: Dice41Config, view: Dice41View) -> tuple[int, ...]:
    """The starting stacks (the first table's chips are after the first ante), or no
    round won."""
    return ((config.starting_chips if config.chips else 0),) * config.players
