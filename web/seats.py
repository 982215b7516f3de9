"""Who sits at the table: a typed name and who plays it (a person at this device, a
person on their own device, or a bot level)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pygame_core import BOT_LEVELS

SeatKind = Literal["human", "device", "easy", "medium", "expert"]
#: ``human``: a person at this device (pass-and-play); ``device``: a person playing on
#: their own phone, joined to this table (:mod:`web.remote`); the bot levels.
SEAT_KINDS: tuple[SeatKind, ...] = ("human", "device", *BOT_LEVELS)  # type: ignore[assignment]
#: The longest name a seat takes (a longer one is refused with the reason, not cut).
MAX_NAME = 32


@dataclass(frozen=True)
class Seat:
    """A seat at the table: a typed name and who plays it."""

    name: str
    kind: SeatKind

    @property
    def is_bot(self) -> bool:
        """Whether a bot plays this seat."""
        return self.kind not in ("human", "device")

    @property
    def is_remote(self) -> bool:
        """Whether a person plays this seat on another device."""
        return self.kind == "device"

    @property
    def is_here(self) -> bool:
        """Whether a person plays this seat at this device."""
        return self.kind == "human"


#: Who plays each seat as one letter, as a shared deal's code holds it
#: (:mod:`pygame_core.deals`).
KIND_LETTERS: dict[SeatKind, str] = {
    "human": "h",
    "device": "d",
    "easy": "e",
    "medium": "m",
    "expert": "x",
}


def seat_letters(seats: tuple[Seat, ...]) -> str:
    """The seats' kinds as a deal code's letters."""
    return "".join(KIND_LETTERS[s.kind] for s in seats)


def kinds_of_letters(letters: str) -> tuple[SeatKind, ...]:
    """The kinds a deal code's letters name (a letter this version does not know: a
    person plays that seat)."""
    by_letter = {letter: kind for kind, letter in KIND_LETTERS.items()}
    return tuple(by_letter.get(letter, "human") for letter in letters)
