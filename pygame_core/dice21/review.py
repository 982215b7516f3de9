"""Rating dice21 decisions: roll on or stop, by the exact chance to win the round.

The figures are :func:`pygame_core.dice21.odds.view_odds`, the optimum the expert bot
plays (``against="later_players_optimal"``: every later player maximises their own
chance). Chips do not change the rating, as they do not change the expert's play: the
round's winner takes the pot.

Reason kinds (params: ``total``, ``best_total``, ``best_holders``, ``after`` (players
still to play), ``next_seat`` (the next of them, or ``None``), ``stop``, ``roll``,
``bust`` (the next throw's chance to go over), ``target``):
``stood_too_soon``, ``stood_below_best`` (a stop that cannot win), ``rolled_too_far``
(the costly ones), ``stood_right``, ``rolled_right``.

The chart (:mod:`pygame_core.review.chart`): each seat's chips after every round, from the starting
stacks, or its rounds won in a match without chips.
"""

from __future__ import annotations

from ..review.model import Decision, Measure, Option, Reason
from ..review.rating import Spot, make_decision
from .odds import view_odds
from .table import Dice21Config, Dice21View, Stop

AGAINST = "later_players_optimal"


def rate(spot: Spot, seed: int, playouts: int) -> Decision | None:
    """The roll-or-stop decision at ``spot`` (``None`` for a turn's forced first throw)."""
    view: Dice21View = spot.view
    if len(spot.legal) < 2:
        return None
    config = view.config
    total = view.seats[spot.seat].total
    odds = view_odds(view, spot.seat)
    assert odds.stop is not None
    # Stop first: on equal chances the expert stops, so a stop is then the best.
    options = (Option("stop", odds.stop), Option("roll", odds.roll))
    chosen = "stop" if isinstance(spot.action, Stop) else "roll"
    later = view.turn_order[view.turn_order.index(spot.seat) + 1 :]

    def reason(mine: Option, best: Option) -> Reason:
        if chosen == "stop":
            if best is mine:
                kind = "stood_right"
            else:
                # Below a total that already stands, stopping cannot win the round.
                kind = "stood_below_best" if total < view.best_total else "stood_too_soon"
        else:
            kind = "rolled_right" if best is mine else "rolled_too_far"
        return Reason.make(
            kind,
            total=total,
            best_total=view.best_total,
            best_holders=view.best_holders,
            after=view.to_play_after,
            next_seat=later[0] if later else None,
            stop=odds.stop,
            roll=odds.roll,
            bust=odds.bust,
            target=config.target,
        )

    return make_decision(
        spot,
        "roll_or_stop",
        options,
        chosen,
        "round_win",
        "exact_odds",
        AGAINST,
        reason,
    )


def standing(view: Dice21View) -> tuple[Measure, tuple[int, ...]]:
    """Every seat's chips, or its rounds won in a match without chips."""
    if view.config.chips:
        return "chips", tuple(seat.chips for seat in view.seats)
    return "rounds_won", tuple(seat.rounds_won for seat in view.seats)


def opening(config: Dice21Config, view: Dice21View) -> tuple[int, ...]:
    """The starting stacks (the first table's chips are after the first ante), or no
    round won."""
    return ((config.starting_chips if config.chips else 0),) * config.players
