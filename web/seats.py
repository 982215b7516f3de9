"""Who sits at the table: a typed name and who plays it (a person, or a bot level)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pygame_core import BOT_LEVELS

SeatKind = Literal["human", "easy", "medium", "expert"]
SEAT_KINDS: tuple[SeatKind, ...] = ("human", *BOT_LEVELS)  # type: ignore[assignment]
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
        return self.kind != "human"
