"""dice21 positions for scenario tests (see :mod:`pygame_core.positions`).

>>> from pygame_core.dice21 import GAME, Roll
>>> state = position(GAME.config(players=3), throws={0: [6, 6, 3]}, next_dice=[6])
>>> [e.kind for e in GAME.apply(state, Roll())[1]]
['rolled', 'hit_target']
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence

from ..errors import ConfigError
from ..positions import check_count, check_faces, check_seat, chips_and_pot, seating, wins_per_seat
from ..rng import Rng
from ..scripted import ScriptedRng
from . import GAME
from .table import Dice21Config, Dice21State, Rolloff, SeatStatus


def position(
    config: Dice21Config,
    *,
    start_seat: int = 0,
    actor: int | None = None,
    throws: Mapping[int, int | Sequence[int]] | None = None,
    out: Iterable[int] = (),
    chips: Sequence[int] | None = None,
    pot: int | None = None,
    rounds_won: Sequence[int] | None = None,
    round_no: int = 1,
    next_dice: Sequence[int] = (),
    seed: int = 0,
) -> Dice21State:
    """A round in progress: play went clockwise from ``start_seat`` to ``actor``.

    ``throws`` gives seats' throw sums this round (an ``int`` is one throw): every
    seat before ``actor`` in turn order has finished its turn (stood, or bust over the
    target), ``actor`` (default: ``start_seat``) may have thrown, later seats have
    not. ``out``: seats out of the match (with chips only; they hold no chip).
    ``chips`` (the stacks now) and ``pot`` default to the round's antes and bust
    chips paid; given stacks without a pot put the rest in the pot. ``next_dice``:
    the faces the next throws show, in order (with two dice, two faces a throw); with
    none, the dice come from ``seed``. A normal round only (no deciding round).

    >>> from pygame_core.dice21 import GAME
    >>> position(GAME.config(players=2), actor=5)
    Traceback (most recent call last):
    pygame_core.errors.ConfigError: actor: seat 5 is not at a table of 2 (seats 0 to 1)
    >>> position(GAME.config(players=2), throws={0: 7})
    Traceback (most recent call last):
    pygame_core.errors.ConfigError: throws: a throw of 1 die is 1 to 6, not 7
    """
    players = config.players
    seats = seating(players, start_seat, actor, out, config.chips, chips is not None)
    order, turn, out_seats = seats.order, seats.turn, seats.out
    sums = _throw_sums(config, throws or {})
    totals = tuple(sum(sums[s]) for s in range(players))
    status: list[SeatStatus] = []
    for seat in range(players):
        status.append(_status(config, seat, order, turn, sums[seat], totals[seat], out_seats))
    chips_total = players * config.starting_chips if config.chips else 0
    # By default everyone in the round paid the ante, and each bust its bust chip.
    paid = [int(config.chips) * (1 + (status[s] == "bust")) for s in range(players)]
    default_chips = tuple(
        config.starting_chips - paid[s] if config.chips else 0 for s in range(players)
    )
    stacks, pot = chips_and_pot(chips, pot, default_chips, sum(paid), chips_total, out_seats)
    wins = wins_per_seat("rounds_won", rounds_won, players, round_no)
    planned = {"single": 1, "series": players, "rounds": config.rounds}[config.match]
    round_no = check_count("round_no", round_no, 1, planned)
    faces = check_faces("next_dice", next_dice)
    rng: Rng = ScriptedRng.of(*faces) if faces else Rng.from_seed(seed)
    return dataclasses.replace(
        GAME.new_game(config, seed),
        rng=rng,
        # The position sets the start seat, so no roll-off was thrown for it.
        start_rolloff=Rolloff((), (order[0] - (round_no - 1)) % players),
        round_no=round_no,
        start_seat=order[0],
        order=order,
        turn=turn,
        totals=totals,
        throws=tuple(sums),
        status=tuple(status),
        chips=stacks,
        pot=pot,
        rounds_won=wins,
    )


def _throw_sums(
    config: Dice21Config, throws: Mapping[int, int | Sequence[int]]
) -> list[tuple[int, ...]]:
    """Every seat's throw sums, each checked against the dice thrown."""
    sums: list[tuple[int, ...]] = [()] * config.players
    low, high = config.dice, 6 * config.dice
    for seat, given in throws.items():
        check_seat("throws", seat, config.players)
        seat_sums = (given,) if isinstance(given, int) else tuple(given)
        for value in seat_sums:
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                dice = "1 die" if config.dice == 1 else f"{config.dice} dice"
                raise ConfigError("throws", f"a throw of {dice} is {low} to {high}, not {value!r}")
        sums[seat] = seat_sums
    return sums


def _status(
    config: Dice21Config,
    seat: int,
    order: tuple[int, ...],
    turn: int,
    sums: tuple[int, ...],
    total: int,
    out_seats: frozenset[int],
) -> SeatStatus:
    """A seat's status from where it sits in the turn order, checked against its throws."""
    if seat in out_seats:
        if sums:
            raise ConfigError("throws", f"seat {seat} is out of the match and cannot throw")
        return "out"
    place = order.index(seat)
    if place > turn:
        if sums:
            raise ConfigError("throws", f"seat {seat} plays later this round and has not thrown")
        return "waiting"
    running = 0
    for value in sums[:-1]:
        running += value
        if running >= config.target:
            raise ConfigError("throws", f"seat {seat}'s turn ended on {running}, then it threw")
    if place < turn:
        if not sums:
            raise ConfigError("throws", f"seat {seat} has played: a turn is at least one throw")
        return "bust" if total > config.target else "stood"
    if total >= config.target:
        raise ConfigError(
            "throws", f"the actor's total {total} would have ended the turn ({config.target})"
        )
    return "rolling"
