"""Validation of the options both banker games share."""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import ConfigError

#: Largest stack a config may give a seat.
MAX_CHIPS = 100_000
#: Largest number of rounds a match may be set to.
MAX_ROUNDS = 1000


def check_int(name: str, value: object, low: int, high: int) -> int:
    """``value`` if it is a whole number (not a bool) from ``low`` to ``high``."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ConfigError(name, f"must be a whole number from {low} to {high}")
    return value


def check_choice(name: str, value: object, choices: Sequence[str]) -> None:
    """Raise :class:`ConfigError` unless ``value`` is one of ``choices``."""
    if not isinstance(value, str) or value not in choices:
        raise ConfigError(name, "must be one of " + ", ".join(repr(c) for c in choices))


def check_table(
    players: object,
    chips: object,
    min_bet: object,
    rounds: object,
    player_range: tuple[int, int],
) -> None:
    """Check the options every banker game has: seats, stacks, minimum bet, length."""
    check_int("players", players, *player_range)
    stack = check_int("chips", chips, 1, MAX_CHIPS)
    check_int("min_bet", min_bet, 1, stack)
    if rounds is not None:
        check_int("rounds", rounds, 1, MAX_ROUNDS)
