"""Positions for scenario tests: a checked way to set up a game mid-match, and scripted
chance, so a rule's test needs neither a seed search nor ``dataclasses.replace``.

Each game has a ``positions`` module with a ``position(config, ...)`` builder that
takes what a rules author thinks in (hands, dice, whose turn, chips, the next cards)
and returns a state the rules accept, or raises :class:`~pygame_core.ConfigError`
naming the argument that is wrong (a duplicate card, a die showing 7, a seat out of
range, chips that do not add up):

- :func:`pygame_core.dice21.positions.position`
- :func:`pygame_core.dice41.positions.position`
- :func:`pygame_core.banker.positions.position` (Tjueett and Tjugoett)
- :func:`pygame_core.twentyone.positions.position`

Chance after the position comes from a :class:`~pygame_core.scripted.ScriptedRng`: the
builders take the next dice or cards, and :func:`with_chance` scripts any state. A built
position is a test fixture, not a match: its history is empty, so a save of it would
replay the seed's real opening instead.

This module holds what the builders share: card and seat checks and :func:`with_chance`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from typing import Any, Protocol, TypeVar

from .cards import card_name, is_card, parse_card
from .errors import ConfigError
from .rng import Rng
from .scripted import Chance, ScriptedRng

#: Cards as written in a test: ``"AS 10H"`` or card ints.
Cards = str | Iterable[int]


class _HasRng(Protocol):
    @property
    def rng(self) -> Rng: ...


S = TypeVar("S", bound=_HasRng)


def with_chance(state: S, *outcomes: Chance, then: Rng | None = None) -> S:
    """``state`` whose next draws give ``outcomes`` in order (then ``then``'s draws, or
    a :class:`~pygame_core.scripted.ChanceScriptError`); nothing else changes.

    >>> from pygame_core.dice21 import GAME, Roll
    >>> state = with_chance(GAME.new_game(GAME.config(players=2), 0), 5)
    >>> [e.get("dice") for e in GAME.apply(state, Roll())[1]]
    [(5,)]
    """
    return dataclasses.replace(state, rng=ScriptedRng.of(*outcomes, then=then))  # type: ignore[type-var]


def cards_of(field: str, cards: Cards) -> tuple[int, ...]:
    """The card ints of ``cards`` in the order given; :class:`ConfigError` on a card
    that does not exist or one given twice.

    >>> cards_of("hand", "AS 10H")
    (12, 21)
    >>> cards_of("hand", "AS 1H")
    Traceback (most recent call last):
    pygame_core.errors.ConfigError: hand: no such card '1H'
    >>> cards_of("hand", "AS KD AS")
    Traceback (most recent call last):
    pygame_core.errors.ConfigError: hand: AS is given twice
    """
    if not isinstance(cards, str):
        cards = list(cards)
        if len(cards) > 52:
            raise ConfigError(field, f"{len(cards)} cards given; a deck has 52")
    if isinstance(cards, str):
        out = []
        for word in cards.split():
            try:
                out.append(parse_card(word))
            except (ValueError, KeyError) as exc:
                raise ConfigError(field, f"no such card {word!r}") from exc
    else:
        out = list(cards)
        for card in out:
            if not is_card(card):
                raise ConfigError(field, f"no such card {card!r} (cards are 0 to 51)")
    check_distinct(field, out)
    return tuple(out)


def check_distinct(field: str, cards: Sequence[int]) -> None:
    """:class:`ConfigError` if a card appears twice in ``cards`` (or more than 52 are
    given)."""
    if len(cards) > 52:
        raise ConfigError(field, f"{len(cards)} cards given; a deck has 52")
    seen: set[int] = set()
    for card in cards:
        if card in seen:
            raise ConfigError(field, f"{card_name(card)} is given twice")
        seen.add(card)


def check_seat(field: str, seat: Any, players: int) -> int:
    """``seat`` if it is a seat number of a ``players``-seat table.

    >>> check_seat("actor", 4, 3)
    Traceback (most recent call last):
    pygame_core.errors.ConfigError: actor: seat 4 is not at a table of 3 (seats 0 to 2)
    """
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise ConfigError(
            field, f"seat {seat!r} is not at a table of {players} (seats 0 to {players - 1})"
        )
    return seat


@dataclasses.dataclass(frozen=True)
class Seating:
    """Who plays a round of a dice game, in turn order, and who acts now."""

    #: The seats in the round, clockwise from the start seat.
    order: tuple[int, ...]
    #: The index in ``order`` of the seat to act.
    turn: int
    #: The seats out of the match.
    out: frozenset[int]


def seating(
    players: int,
    start_seat: Any,
    actor: Any,
    out: Iterable[Any],
    chips: bool,
    stacks_given: bool,
) -> Seating:
    """The turn order of a round from ``start_seat`` without the seats ``out``, and
    the place of ``actor`` (default: the start seat) in it; a match without ``chips``
    puts nobody out, and with seats out the stacks must be given (``stacks_given``).

    >>> seating(4, 3, 1, [0], chips=True, stacks_given=True)
    Seating(order=(3, 1, 2), turn=1, out=frozenset({0}))
    """
    start_seat = check_seat("start_seat", start_seat, players)
    out_seats = frozenset(check_seat("out", s, players) for s in out)
    if out_seats and not chips:
        raise ConfigError("out", "only a match with chips puts players out")
    if start_seat in out_seats:
        raise ConfigError("out", f"the start seat {start_seat} cannot be out")
    if out_seats and not stacks_given:
        raise ConfigError("chips", "give the stacks when seats are out of the match")
    clockwise = ((start_seat + k) % players for k in range(players))
    order = tuple(s for s in clockwise if s not in out_seats)
    if len(order) < 2:
        raise ConfigError("out", "a round needs two players")
    actor = start_seat if actor is None else check_seat("actor", actor, players)
    if actor not in order:
        raise ConfigError("actor", f"seat {actor} is out of the match")
    return Seating(order, order.index(actor), out_seats)


def check_count(field: str, value: Any, low: int = 0, high: int | None = None) -> int:
    """``value`` if it is a whole number from ``low`` (to ``high``)."""
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise ConfigError(field, f"must be a whole number from {low}, not {value!r}")
    if high is not None and value > high:
        raise ConfigError(field, f"must be at most {high}, not {value}")
    return value


def per_seat(field: str, values: Sequence[Any], players: int) -> tuple[Any, ...]:
    """``values`` as a tuple if it has one entry per seat."""
    if isinstance(values, str) or len(values) != players:
        raise ConfigError(field, f"needs one entry per seat ({players}), got {values!r}")
    return tuple(values)


def check_faces(field: str, faces: Iterable[Any]) -> tuple[int, ...]:
    """``faces`` if every one is what a die shows, 1 to 6.

    >>> check_faces("next_dice", [4, 7])
    Traceback (most recent call last):
    pygame_core.errors.ConfigError: next_dice: a die shows 1 to 6, not 7
    """
    out = tuple(faces)
    for face in out:
        if isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= 6:
            raise ConfigError(field, f"a die shows 1 to 6, not {face!r}")
    return out


def chips_and_pot(
    chips: Sequence[int] | None,
    pot: int | None,
    default_chips: Sequence[int],
    default_pot: int,
    total: int,
    out: frozenset[int] = frozenset(),
) -> tuple[tuple[int, ...], int]:
    """The stacks and pot of a position, checked: given stacks without a pot get the
    rest of ``total`` in the pot, stacks plus pot must make ``total`` (chips are
    conserved), and the seats ``out`` of the match hold none."""
    players = len(default_chips)
    stacks = tuple(default_chips) if chips is None else per_seat("chips", chips, players)
    for stack in stacks:
        check_count("chips", stack)
    if pot is None:
        pot = default_pot if chips is None else total - sum(stacks)
        if pot < 0:
            raise ConfigError("chips", f"stacks {stacks} hold {sum(stacks)}; the match has {total}")
    check_count("pot", pot)
    if sum(stacks) + pot != total:
        raise ConfigError(
            "chips",
            f"stacks {stacks} and pot {pot} hold {sum(stacks) + pot}; the match has {total}",
        )
    if any(stacks[s] for s in out):
        raise ConfigError("chips", "a seat out of the match holds no chip")
    return stacks, pot


def wins_per_seat(
    field: str, wins: Sequence[int] | None, players: int, round_no: int
) -> tuple[int, ...]:
    """Rounds won per seat (default: none), each at most the rounds before ``round_no``."""
    counts = (0,) * players if wins is None else per_seat(field, wins, players)
    for count in counts:
        check_count(field, count, 0, round_no - 1)
    return counts
