"""41 positions for scenario tests (see :mod:`pygame_core.positions`).

>>> from pygame_core.dice41 import GAME, Keep
>>> state = position(GAME.config(players=2), kept={0: [4, 1, 6, 6]}, dice=[6, 2])
>>> state, events = GAME.apply(state, Keep(6))
>>> [(e.kind, e.get("score")) for e in events if e.kind == "turn_scored"]
[('turn_scored', 20)]
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence

from ..errors import ConfigError
from ..positions import check_count, check_faces, check_seat, chips_and_pot, seating, wins_per_seat
from ..rng import Rng
from ..scripted import ScriptedRng
from .rules import GAME
from .table import ANTE, DICE, PENALTY, Dice41Config, Dice41State, turn_score


def position(
    config: Dice41Config,
    *,
    start_seat: int = 0,
    actor: int | None = None,
    kept: Mapping[int, Sequence[int]] | None = None,
    dice: Sequence[int] | None = None,
    out: Iterable[int] = (),
    chips: Sequence[int] | None = None,
    pot: int | None = None,
    round_wins: Sequence[int] | None = None,
    round_no: int = 1,
    replay: int = 0,
    next_dice: Sequence[int] = (),
    seed: int = 0,
) -> Dice41State:
    """A round in progress: play went clockwise from ``start_seat`` to ``actor``.

    ``kept``: the dice each seat has set aside this round, in order; every seat before
    ``actor`` (default: ``start_seat``) has all six, ``actor`` fewer, later seats none.
    ``dice``: the actor's throw now, one die for each not yet set aside (default:
    thrown from ``seed``). ``out``: seats out of the match (with chips; they hold
    none). ``chips`` and ``pot`` default to the antes and the penalty chips paid;
    stacks given without a pot put the rest in the pot. ``next_dice``: the faces the
    next throws show, in order (default: from ``seed``).

    >>> from pygame_core.dice41 import GAME
    >>> position(GAME.config(players=2), kept={0: [4, 1]}, dice=[6, 6, 6])
    Traceback (most recent call last):
    pygame_core.errors.ConfigError: dice: the actor throws 4 dice, not 3
    """
    players = config.players
    seats = seating(players, start_seat, actor, out, config.chips, chips is not None)
    order, turn, out_seats = seats.order, seats.turn, seats.out
    actor = order[turn]
    aside = [()] * players if kept is None else _kept(kept, players)
    for seat in range(players):
        _check_kept(seat, aside[seat], order, turn)
    scores = tuple(turn_score(aside[s]) if s in order[:turn] else None for s in range(players))
    left = DICE - len(aside[actor])
    stream = Rng.from_seed(seed).stream()
    throw = tuple(stream.die(6) for _ in range(left)) if dice is None else check_faces("dice", dice)
    if len(throw) != left:
        raise ConfigError("dice", f"the actor throws {left} dice, not {len(throw)}")
    # By default everyone in the round paid the ante, and each non-qualifier a penalty.
    paid = [
        ANTE + min(PENALTY, config.starting_chips - ANTE) * (scores[s] == 0)
        if config.chips and s in order
        else 0
        for s in range(players)
    ]
    total = players * config.starting_chips if config.chips else 0
    default = tuple(config.starting_chips - paid[s] if config.chips else 0 for s in range(players))
    stacks, pot = chips_and_pot(chips, pot, default, sum(paid), total, out_seats)
    wins = wins_per_seat("round_wins", round_wins, players, round_no)
    round_no = check_count("round_no", round_no, 1, config.rounds)
    faces = check_faces("next_dice", next_dice)
    rng = ScriptedRng.of(*faces) if faces else stream.freeze()
    return dataclasses.replace(
        GAME.new_game(config, seed),
        rng=rng,
        round_no=round_no,
        replay=check_count("replay", replay),
        start_seat=order[0],
        order=order,
        turn=turn,
        dice=throw,
        kept=tuple(aside),
        scores=scores,
        chips=stacks,
        pot=pot,
        round_wins=wins,
        replays=replay,
    )


def _kept(kept: Mapping[int, Sequence[int]], players: int) -> list[tuple[int, ...]]:
    aside: list[tuple[int, ...]] = [()] * players
    for seat, values in kept.items():
        aside[check_seat("kept", seat, players)] = check_faces("kept", values)
    return aside


def _check_kept(seat: int, aside: tuple[int, ...], order: tuple[int, ...], turn: int) -> None:
    """A seat's dice set aside fit where it sits in the turn order."""
    if seat not in order or order.index(seat) > turn:
        if aside:
            raise ConfigError("kept", f"seat {seat} has not played this round")
    elif order.index(seat) < turn:
        if len(aside) != DICE:
            raise ConfigError("kept", f"seat {seat} has played: it set aside six dice")
    elif len(aside) > DICE - 2:
        # The last die is set aside by itself, so the actor decides with at most four.
        raise ConfigError("kept", f"the actor {seat} has at most four dice set aside")


def with_throw(state: Dice41State, dice: Sequence[int]) -> Dice41State:
    """``state`` with the actor's throw now showing ``dice`` instead (as many dice).

    >>> from pygame_core.dice41 import GAME
    >>> with_throw(GAME.new_game(GAME.config(players=2), 1), [4, 1, 6, 6, 6, 6]).dice
    (4, 1, 6, 6, 6, 6)
    """
    if state.over:
        raise ConfigError("dice", "the match is over: nobody throws")
    faces = check_faces("dice", dice)
    if len(faces) != len(state.dice):
        raise ConfigError("dice", f"the actor threw {len(state.dice)} dice, not {len(faces)}")
    return dataclasses.replace(state, dice=faces)
