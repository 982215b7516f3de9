"""Scripted chance for scenario tests: an :class:`~pygame_core.rng.Rng` that gives the
dice, numbers and shuffles it is told, in order, and says clearly when the rules ask
for more.

A state holding a :class:`ScriptedRng` plays exactly as scripted; the position
builders and :func:`~pygame_core.positions.with_chance` put one in a state. It lives
apart from :mod:`pygame_core.rng`, which the app imports at start-up (measured: this
code would add ~0.7 ms of compiling there under CPython, more in the browser).
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from .rng import Rng, RngStream

T = TypeVar("T")

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
    pygame_core.scripted.ChanceScriptError: the chance script ran out: the rules asked for \
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
