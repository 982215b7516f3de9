"""The dice21 table: the config, the actions, the state and the views of a match.

What the rules (:mod:`.rules`), the odds, the coach, the bots and the review all read,
below the rules object: a bot or the coach imports this module, never the rules, so
the rules may load the bots and the coach when asked for them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from ..errors import ConfigError
from ..rng import Rng, RngStream

MatchFormat = Literal["single", "series", "rounds"]
TiePot = Literal["rolloff", "split"]
#: Per-seat status in a round.
SeatStatus = Literal["waiting", "rolling", "stood", "bust", "out", "idle"]
RoundKind = Literal["normal", "deciding"]

MIN_PLAYERS = 2
MAX_PLAYERS = 8
MAX_ROUNDS = 99
MAX_STARTING_CHIPS = 1000


def _require_int(name: str, value: object, low: int, high: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ConfigError(name, "must be a whole number")
    if not low <= value <= high:
        raise ConfigError(name, f"must be from {low} to {high}")


def _require_choice(name: str, value: object, choices: tuple[object, ...]) -> None:
    if type(value) is not type(choices[0]) or value not in choices:
        raise ConfigError(name, f"must be one of {', '.join(map(repr, choices))}")


@dataclass(frozen=True)
class Dice21Config:
    """The options of a dice21 match (defaults: the rulings; one round, no chips).

    A single round is the default because it is the rule text's simplest form ("a single
    round can be the whole game") and a quick game in the app; the series and fixed
    rounds are one option away.
    """

    players: int = 2
    #: Dice per throw: 1 (the classic game) or 2.
    dice: int = 1
    #: The total to reach without going over: 21 or 36.
    target: int = 21
    #: ``"single"`` round, ``"series"`` (everyone starts once) or fixed ``"rounds"``.
    match: MatchFormat = "single"
    #: Number of rounds when ``match == "rounds"``.
    rounds: int = 5
    #: Play for chips (antes, bust chips, pot).
    chips: bool = False
    #: Each player's chips at the start when playing for chips.
    starting_chips: int = 10
    #: A tie at the top with chips: roll off for the pot, or split it.
    tie_pot: TiePot = "rolloff"

    def __post_init__(self) -> None:
        _require_int("players", self.players, MIN_PLAYERS, MAX_PLAYERS)
        _require_choice("dice", self.dice, (1, 2))
        _require_choice("target", self.target, (21, 36))
        _require_choice("match", self.match, ("single", "series", "rounds"))
        _require_int("rounds", self.rounds, 1, MAX_ROUNDS)
        _require_choice("chips", self.chips, (False, True))
        _require_int("starting_chips", self.starting_chips, 1, MAX_STARTING_CHIPS)
        _require_choice("tie_pot", self.tie_pot, ("rolloff", "split"))


@dataclass(frozen=True)
class Roll:
    """Throw the dice and add them to the turn's total."""


@dataclass(frozen=True)
class Stop:
    """Stand on the current total (allowed after at least one throw)."""


Action = Roll | Stop
ROLL = Roll()
STOP = Stop()


@dataclass(frozen=True)
class RolloffThrow:
    """One throw of a roll-off: each of ``seats`` threw one die, ``dice`` in order."""

    seats: tuple[int, ...]
    dice: tuple[int, ...]


@dataclass(frozen=True)
class Rolloff:
    """A roll-off (highest single die wins, re-rolled among ties) and its winner."""

    throws: tuple[RolloffThrow, ...]
    winner: int


@dataclass(frozen=True)
class RoundResult:
    """How a round ended.

    ``reason``: ``"outright"`` (one highest total), ``"rolloff"`` (a tie settled by
    ``rolloff``), ``"split"`` (a tie sharing the pot) or ``"all_bust"`` (no winner; the
    round is replayed). ``pot``: the chips paid out (0 without chips).
    """

    round_no: int
    reason: Literal["outright", "rolloff", "split", "all_bust"]
    winners: tuple[int, ...]
    total: int
    rolloff: Rolloff | None
    pot: int


@dataclass(frozen=True)
class Dice21State:
    """A dice21 match in progress (or over). Per-seat tuples are indexed by seat."""

    config: Dice21Config
    seed: int
    rng: Rng
    start_rolloff: Rolloff
    round_no: int
    round_kind: RoundKind
    #: Seats eligible for the round (everyone, or the leaders in a deciding round).
    contenders: tuple[int, ...]
    start_seat: int
    #: The round's players in playing order, and the index of the one to act.
    order: tuple[int, ...]
    turn: int
    totals: tuple[int, ...]
    #: Each seat's throw sums this round.
    throws: tuple[tuple[int, ...], ...]
    status: tuple[SeatStatus, ...]
    chips: tuple[int, ...]
    pot: int
    rounds_won: tuple[int, ...]
    last_throw: tuple[int, ...]
    last_throw_seat: int | None
    last_result: RoundResult | None
    replays: int
    winners: tuple[int, ...]
    over: bool
    history: tuple[Action, ...] = ()
    #: ``"round"`` in the state of a round's end held on the table (a :class:`Pause`).
    pause: str | None = None


@dataclass(frozen=True)
class SeatView:
    """One seat as everyone sees it.

    ``status``: ``"waiting"`` (plays later this round), ``"rolling"`` (to act now),
    ``"stood"`` (on ``total``; reaching the target counts as standing), ``"bust"``,
    ``"out"`` (could not ante: out of the match) or ``"idle"`` (sits out a deciding
    round between other players).
    """

    seat: int
    total: int
    status: SeatStatus
    #: The seat's throw sums this round, in order.
    throws: tuple[int, ...]
    chips: int
    rounds_won: int


@dataclass(frozen=True)
class Dice21View:
    """Everything a seat (or a spectator) may know; in dice21 everything is public."""

    viewer: int | None
    #: The seat to roll or stand (None once the match is over).
    actor: int | None
    round: int
    #: ``"round_over"``: a round's end held on the table (nobody acts; see ``Pause``).
    phase: Literal["playing", "round_over", "over"]
    over: bool
    config: Dice21Config
    #: Rounds the format plans (1, players or ``rounds``); deciding rounds come after.
    rounds_planned: int
    round_kind: RoundKind
    #: Times the current round has already been replayed after everyone bust.
    replays: int
    start_seat: int
    turn_order: tuple[int, ...]
    seats: tuple[SeatView, ...]
    pot: int
    last_throw: tuple[int, ...]
    last_throw_seat: int | None
    #: The best total among players who stood this round (0: none) and how many hold it.
    best_total: int
    best_holders: int
    #: Players still to play after the current one this round.
    to_play_after: int
    last_result: RoundResult | None
    start_rolloff: Rolloff
    #: The match winners once it is over.
    winners: tuple[int, ...]


def roll_off(seats: Sequence[int], stream: RngStream) -> Rolloff:
    """Each seat throws one die; the highest wins; ties throw again among themselves."""
    throws = []
    remaining = tuple(seats)
    while len(remaining) > 1:
        dice = tuple(stream.die(6) for _ in remaining)
        throws.append(RolloffThrow(remaining, dice))
        top = max(dice)
        remaining = tuple(s for s, d in zip(remaining, dice, strict=True) if d == top)
    return Rolloff(tuple(throws), remaining[0])
