"""The 41 table: the dice, the scoring of a turn, the config, the action, the state and
the views of a match.

What the rules (:mod:`.rules`), the odds, the coach, the bots and the review all read,
below the rules object: a bot or the coach imports this module, never the rules, so
the rules may load the bots and the coach when asked for them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from ..errors import ConfigError
from ..rng import Rng

#: Dice in a turn, and so the number of throws.
DICE = 6
FACES: tuple[int, ...] = (1, 2, 3, 4, 5, 6)
#: The two dice a qualified turn needs (the name of the game).
TICKETS: tuple[int, ...] = (4, 1)
MAX_SCORE = 24
ANTE = 1
PENALTY = 1
MIN_PLAYERS = 2
MAX_PLAYERS = 8
MAX_ROUNDS = 999
MAX_STARTING_CHIPS = 999


def missing_tickets(kept: Sequence[int]) -> tuple[int, ...]:
    """The tickets (4, then 1) not among ``kept``."""
    return tuple(t for t in TICKETS if t not in kept)


def points_so_far(kept: Sequence[int]) -> int:
    """The points of the dice set aside so far: their sum without one 4 and one 1, as
    far as those are there (they are the tickets, worth nothing; a second 4 or 1 counts
    as points). They become the turn's score only if the turn ends with both tickets
    (:func:`turn_score`); a running total of the turn, as a player counts along.

    >>> points_so_far(()), points_so_far((6, 4)), points_so_far((4, 4, 6)), points_so_far((1, 5))
    (0, 6, 10, 5)
    >>> points_so_far((4, 1, 6, 6, 6, 6))
    24
    """
    return sum(kept) - sum(t for t in TICKETS if t in kept)


def turn_score(kept: Sequence[int]) -> int:
    """The score of the dice set aside: 0 without a 4 and a 1, else the rest's sum.

    >>> turn_score((4, 4, 1, 6, 3, 5)), turn_score((6, 6, 6, 6, 6, 4))
    (18, 0)
    """
    return 0 if missing_tickets(kept) else points_so_far(kept)


def _check_int(field: str, value: object, low: int, high: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ConfigError(field, "must be a whole number")
    if not low <= value <= high:
        raise ConfigError(field, f"must be from {low} to {high}")


@dataclass(frozen=True)
class Dice41Config:
    """Options of a 41 match; the defaults are the rulings'.

    ``chips``: play for chips (ante, penalty chip, 24 doubling). ``match``: end after
    ``rounds`` rounds, or when one seat has all chips (``rounds`` is then a cap, or
    ``None`` for none). ``tie``: a tie at the top replays the round (ruling) or the
    tied seats share it.
    """

    players: int = 2
    chips: bool = True
    starting_chips: int = 10
    match: Literal["rounds", "all_chips"] = "rounds"
    rounds: int | None = 10
    tie: Literal["replay", "share"] = "replay"

    def __post_init__(self) -> None:
        _check_int("players", self.players, MIN_PLAYERS, MAX_PLAYERS)
        if not isinstance(self.chips, bool):
            raise ConfigError("chips", "must be true or false")
        _check_int("starting_chips", self.starting_chips, 1, MAX_STARTING_CHIPS)
        if self.match not in ("rounds", "all_chips"):
            raise ConfigError("match", "must be 'rounds' or 'all_chips'")
        if self.match == "all_chips" and not self.chips:
            raise ConfigError("match", "'all_chips' needs chips")
        if self.rounds is None:
            if self.match == "rounds":
                raise ConfigError("rounds", "a match of rounds needs a number of rounds")
        else:
            _check_int("rounds", self.rounds, 1, MAX_ROUNDS)
        if self.tie not in ("replay", "share"):
            raise ConfigError("tie", "must be 'replay' or 'share'")


@dataclass(frozen=True)
class Keep:
    """Set aside one die showing ``value`` from the dice just thrown."""

    value: int


RoundKind = Literal["win", "win_24", "shared", "tie_replay"]


@dataclass(frozen=True)
class RoundResult:
    """How the last round (or round attempt) ended.

    ``kind``: ``"win"``, ``"win_24"`` (won with 24: the others paid the doubling),
    ``"shared"`` or ``"tie_replay"``. ``seats``: the winners, or the seats tied at the
    top for a replay. ``scores`` per seat (``None`` for seats not in the round; the
    dice are in the events). ``chips``: chips each winner took; ``doubling``: chips
    the other seats paid in all for the 24.
    """

    round_no: int
    kind: RoundKind
    seats: tuple[int, ...]
    score: int
    scores: tuple[int | None, ...]
    chips: int
    doubling: int


@dataclass(frozen=True)
class Dice41State:
    """The whole match. ``order`` lists the seats of this round in turn order and
    ``turn`` indexes it (a seat not in ``order`` is out); ``dice`` are the current seat's
    dice just thrown; ``kept`` and ``scores`` are per seat for this round (``None``: not
    thrown yet / not playing)."""

    config: Dice41Config
    seed: int
    rng: Rng
    round_no: int
    replay: int
    start_seat: int
    order: tuple[int, ...]
    turn: int
    dice: tuple[int, ...]
    kept: tuple[tuple[int, ...], ...]
    scores: tuple[int | None, ...]
    chips: tuple[int, ...]
    pot: int
    round_wins: tuple[int, ...]
    replays: int = 0
    last_result: RoundResult | None = None
    over: bool = False
    history: tuple[Keep, ...] = ()
    #: ``"round"`` in the state of a round's end held on the table (a :class:`Pause`).
    pause: str | None = None


SeatStatus = Literal["out", "waiting", "throwing", "done", "not_qualified"]


@dataclass(frozen=True)
class Dice41View:
    """Everything about the table (41 has no secrets), ready to draw.

    Per-seat tuples are indexed by seat. ``throw_no`` is the actor's throw (1
    to 6; 0 when the match is over) and ``dice`` that throw. ``has_four`` /
    ``has_one``: the tickets secured this round. ``statuses``: ``"out"``,
    ``"waiting"``, ``"throwing"``, ``"done"`` (qualified, see ``scores``) or
    ``"not_qualified"``. ``best``: the best score so far this round. ``standings``:
    seats ordered by chips (or rounds won), leader first. ``winners`` once over.
    """

    viewer: int | None
    actor: int | None
    round: int
    #: ``"round_over"``: a round's end held on the table (nobody acts; see ``Pause``).
    phase: Literal["throwing", "round_over", "over"]
    over: bool
    players: int
    rounds: int | None
    match: str
    tie_rule: str
    replay: int
    start_seat: int
    order: tuple[int, ...]
    throw_no: int
    dice: tuple[int, ...]
    kept: tuple[tuple[int, ...], ...]
    has_four: tuple[bool, ...]
    has_one: tuple[bool, ...]
    scores: tuple[int | None, ...]
    statuses: tuple[SeatStatus, ...]
    best: int | None
    uses_chips: bool
    chips: tuple[int, ...]
    pot: int
    round_wins: tuple[int, ...]
    standings: tuple[int, ...]
    last_result: RoundResult | None
    winners: tuple[int, ...]
