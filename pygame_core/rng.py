"""A small seeded random number generator that is the same everywhere.

The standard library's ``random`` module is not used by the core: its algorithms for
``randrange`` and ``shuffle`` may change between Python versions, and the game must
replay exactly on CPython 3.11 (tests) and on Pyodide's CPython 3.14 (browser).
SplitMix64 uses only integer arithmetic, so it gives the same stream on both.

:class:`Rng` is immutable and lives inside game states; code that needs several draws
opens a mutable :class:`RngStream`, draws, and freezes the result back into a new
:class:`Rng`.

Scenario tests script chance instead: a :class:`ScriptedRng` gives the dice, numbers
and shuffles it is told, in order, and says clearly when the rules ask for more.

>>> stream = Rng.from_seed(42).stream()
>>> [stream.die(6) for _ in range(5)]
[6, 4, 2, 1, 4]
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

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

    def random(self) -> float:
        """A float in [0, 1) with 53 random bits (for bots, never for rules)."""
        return (self.next_u64() >> 11) / float(1 << 53)

    def freeze(self) -> Rng:
        """The current state as an immutable :class:`Rng`."""
        return Rng(self._state)


# -- scripted chance, for scenario tests -------------------------------------------------
#: The faces a scripted die may show (every game of the project throws six-sided dice).
DIE_FACES = 6


@dataclass(frozen=True)
class Below:
    """A scripted :meth:`RngStream.randbelow` (and so :meth:`~RngStream.choice`): it
    returns ``value``; ``n``, when given, is the bound the rules must ask with."""

    value: int
    n: int | None = None


@dataclass(frozen=True)
class Shuffled:
    """A scripted :meth:`RngStream.shuffle`: the items end up in ``order``, which must
    hold exactly the items shuffled."""

    order: tuple[Any, ...]


#: One scripted outcome: a die face (an ``int``), a :class:`Below` or a :class:`Shuffled`.
Chance = int | Below | Shuffled


class ChanceScriptError(RuntimeError):
    """The rules asked a :class:`ScriptedRng` for chance its script cannot give: the
    script ran out, or its next outcome is of another kind (a die where the rules
    shuffle). Not a ``ValueError``: it is a mistake in a test, never bad input."""


def _check_outcome(outcome: object) -> None:
    """Raise ``ValueError`` unless ``outcome`` is a valid scripted outcome."""
    if isinstance(outcome, bool):
        raise ValueError(f"{outcome!r} is not a scripted outcome")
    if isinstance(outcome, int):
        if not 1 <= outcome <= DIE_FACES:
            raise ValueError(f"a scripted die shows 1 to {DIE_FACES}, not {outcome}")
    elif isinstance(outcome, Below):
        bound = outcome.n
        if isinstance(outcome.value, bool) or not isinstance(outcome.value, int):
            raise ValueError(f"{outcome!r}: the value must be a whole number")
        if outcome.value < 0 or (bound is not None and outcome.value >= bound):
            raise ValueError(f"{outcome!r}: the value must be from 0 to below n")
    elif isinstance(outcome, Shuffled):
        if not isinstance(outcome.order, tuple):
            raise ValueError(f"{outcome!r}: the order must be a tuple")
    else:
        raise ValueError(
            f"{outcome!r} is not a scripted outcome (a die face, a Below or a Shuffled)"
        )


def _same_items(order: Sequence[Any], items: Sequence[Any]) -> bool:
    """Whether ``order`` holds exactly ``items``, each as often (any item type)."""
    rest = list(items)
    for item in order:
        if item not in rest:
            return False
        rest.remove(item)
    return not rest


@dataclass(frozen=True)
class ScriptedRng(Rng):
    """An :class:`Rng` that gives the outcomes of ``script`` in order, for scenario
    tests (a state holding one plays exactly as scripted).

    When the script is used up, the draws come from ``then`` if given, else the next
    draw raises :class:`ChanceScriptError`. ``used`` counts the outcomes already given
    (for that error's message). The inherited ``state`` is unused.

    >>> stream = ScriptedRng.of(4, 6).stream()
    >>> stream.die(6), stream.die(6)
    (4, 6)
    >>> stream.die(6)
    Traceback (most recent call last):
    pygame_core.rng.ChanceScriptError: the chance script ran out: the rules asked for \
a die of 6 sides after 2 scripted outcomes
    >>> deck = [1, 2, 3]
    >>> ScriptedRng.of(Shuffled((3, 1, 2))).stream().shuffle(deck)
    >>> deck
    [3, 1, 2]
    >>> stream = ScriptedRng.of(Below(2, n=5), then=Rng.from_seed(42)).stream()
    >>> stream.randbelow(5), stream.die(6)
    (2, 6)
    """

    script: tuple[Chance, ...] = ()
    then: Rng | None = None
    used: int = 0

    def __post_init__(self) -> None:
        if not isinstance(self.script, tuple):
            raise ValueError("the chance script must be a tuple of outcomes")
        for outcome in self.script:
            _check_outcome(outcome)

    @classmethod
    def of(cls, *outcomes: Chance, then: Rng | None = None) -> ScriptedRng:
        """A scripted generator giving ``outcomes``, then ``then``'s draws (if any)."""
        return cls(0, outcomes, then)

    def stream(self) -> ScriptedStream:
        """A mutable stream that gives the script from its start."""
        return ScriptedStream(self)


class ScriptedStream(RngStream):
    """The mutable stream of a :class:`ScriptedRng`; :meth:`freeze` keeps what is left."""

    __slots__ = ("_given", "_rest", "_rng")

    def __init__(self, rng: ScriptedRng) -> None:
        super().__init__(0)
        self._rng = rng
        self._given = 0
        self._rest = rng.then.stream() if rng.then is not None else None

    def _next(self, wanted: str) -> Chance | None:
        """The next scripted outcome; ``None`` when the script is done but ``then`` goes
        on; :class:`ChanceScriptError` when nothing is left."""
        script = self._rng.script
        if self._given < len(script):
            self._given += 1
            return script[self._given - 1]
        if self._rest is not None:
            return None
        done = self._rng.used + self._given
        raise ChanceScriptError(
            f"the chance script ran out: the rules asked for {wanted} after {done} "
            "scripted outcomes"
        )

    def _mismatch(self, outcome: Chance, wanted: str) -> ChanceScriptError:
        number = self._rng.used + self._given
        return ChanceScriptError(
            f"scripted outcome {number} is {outcome!r}, but the rules asked for {wanted}"
        )

    def next_u64(self) -> int:
        """Raw bits exist only after the script, from ``then``."""
        if self._given == len(self._rng.script) and self._rest is not None:
            return self._rest.next_u64()
        raise ChanceScriptError("a scripted rng gives scripted outcomes, not raw bits")

    def randbelow(self, n: int) -> int:
        """The next :class:`Below` outcome."""
        wanted = f"a number below {n}"
        outcome = self._next(wanted)
        if outcome is None:
            assert self._rest is not None
            return self._rest.randbelow(n)
        if not isinstance(outcome, Below) or outcome.value >= n or outcome.n not in (None, n):
            raise self._mismatch(outcome, wanted)
        return outcome.value

    def die(self, sides: int = 6) -> int:
        """The next die face."""
        wanted = f"a die of {sides} sides"
        outcome = self._next(wanted)
        if outcome is None:
            assert self._rest is not None
            return self._rest.die(sides)
        if not isinstance(outcome, int) or outcome > sides:
            raise self._mismatch(outcome, wanted)
        return outcome

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Put ``items`` in the order of the next :class:`Shuffled` outcome."""
        wanted = f"a shuffle of {len(items)} items"
        outcome = self._next(wanted)
        if outcome is None:
            assert self._rest is not None
            self._rest.shuffle(items)
            return
        if not isinstance(outcome, Shuffled) or not _same_items(outcome.order, items):
            raise self._mismatch(outcome, wanted)
        items[:] = outcome.order

    def random(self) -> float:
        """Floats exist only after the script, from ``then`` (the rules never ask)."""
        if self._given == len(self._rng.script) and self._rest is not None:
            return self._rest.random()
        raise ChanceScriptError("a scripted rng gives scripted outcomes, not floats")

    def freeze(self) -> Rng:
        """What is left: the rest of the script, or ``then``'s state once it is used up."""
        rng = self._rng
        rest = self._rest.freeze() if self._rest is not None else None
        if self._given == len(rng.script) and rest is not None:
            return rest
        return ScriptedRng(0, rng.script[self._given :], rest, rng.used + self._given)
