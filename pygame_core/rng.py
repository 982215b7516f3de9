"""A small seeded random number generator that is the same everywhere.

The standard library's ``random`` module is not used by the core: its algorithms for
``randrange`` and ``shuffle`` may change between Python versions, and the game must
replay exactly on CPython 3.11 (tests) and on Pyodide's CPython 3.14 (browser).
SplitMix64 uses only integer arithmetic, so it gives the same stream on both.

:class:`Rng` is immutable and lives inside game states; code that needs several draws
opens a mutable :class:`RngStream`, draws, and freezes the result back into a new
:class:`Rng`. Scenario tests script chance instead (:mod:`pygame_core.scripted`).

>>> stream = Rng.from_seed(42).stream()
>>> [stream.die(6) for _ in range(5)]
[6, 4, 2, 1, 4]
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


@dataclass(frozen=True)
class Rng:
    """Immutable generator state (a 64-bit integer)."""

    state: int

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        """A generator for ``seed`` (any integer; it is reduced to 64 bits)."""
        return cls(_mix(seed & _MASK))

    def stream(self) -> RngStream:
        """A mutable stream that starts at this state."""
        return RngStream(self.state)

    def to_hex(self) -> str:
        """The state as 16 hex digits (JSON-safe: JavaScript numbers lose 64-bit ints)."""
        return f"{self.state:016x}"

    @classmethod
    def from_hex(cls, text: str) -> Rng:
        """Inverse of :meth:`to_hex`; raises ``ValueError`` on anything else."""
        if not isinstance(text, str) or len(text) != 16:
            raise ValueError("RNG state must be 16 hex digits")
        return cls(int(text, 16))


class RngStream:
    """Mutable SplitMix64 stream; :meth:`freeze` gives back an immutable :class:`Rng`."""

    __slots__ = ("_state",)

    def __init__(self, state: int) -> None:
        self._state = state & _MASK

    def next_u64(self) -> int:
        """The next 64-bit output."""
        self._state = (self._state + _GOLDEN) & _MASK
        return _mix(self._state)

    def randbelow(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next_u64()
            if x < limit:
                return x % n

    def die(self, sides: int = 6) -> int:
        """One throw of a fair die with ``sides`` faces: 1 to ``sides``."""
        return self.randbelow(sides) + 1

    def choice(self, items: Sequence[T]) -> T:
        """A uniformly chosen item of a non-empty sequence."""
        return items[self.randbelow(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.randbelow(i + 1)
            items[i], items[j] = items[j], items[i]

    def quick_shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates with several draws cut from each 64-bit output: cheaper than
        :meth:`shuffle` (one output per swap) for a bot's sampling, which the tiny bias
        of reusing bits does not matter to (never for the rules' own shuffles).

        The mixing of :meth:`next_u64` is written out here: this loop is a large part
        of the Twenty One expert's time.
        """
        state = self._state
        bits = room = 0
        for i in range(len(items) - 1, 0, -1):
            if room < 1 << 24:
                state = (state + _GOLDEN) & _MASK
                z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                bits, room = z ^ (z >> 31), 1 << 64
            bits, j = divmod(bits, i + 1)
            room //= i + 1
            items[i], items[j] = items[j], items[i]
        self._state = state

    def words(self, count: int) -> list[int]:
        """The next ``count`` 64-bit outputs (as :meth:`next_u64`, with the mixing
        written out: a bot's sampler cuts its draws from them in a tight loop)."""
        state = self._state
        out = []
        for _ in range(count):
            state = (state + _GOLDEN) & _MASK
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            out.append(z ^ (z >> 31))
        self._state = state
        return out

    def random(self) -> float:
        """A float in [0, 1) with 53 random bits (for bots, never for rules)."""
        return (self.next_u64() >> 11) / float(1 << 53)

    def freeze(self) -> Rng:
        """The current state as an immutable :class:`Rng`."""
        return Rng(self._state)
