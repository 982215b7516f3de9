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
