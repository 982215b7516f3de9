"""The one way the rules build a game's next state.

A step (one action, or a match's opening) may change many fields of a state, draw
chance, tell what happened and pass through moments the table holds (a round's end
before the next round starts). A :class:`Builder` holds all of that while the step
runs: the state it started from, the changes so far (collected, and applied in one
:func:`dataclasses.replace` when the state is next read, so a step that reads first
and writes last builds a single new state), the RNG stream, the events and the held
moments. :meth:`Builder.done` gives the :class:`~pygame_core.contract.Step`.

The input state is never touched, and a field added to a state needs nothing here: a
step changes the fields it names and keeps the rest.

>>> from dataclasses import dataclass
>>> from pygame_core.rng import Rng
>>> @dataclass(frozen=True)
... class Tally:
...     rng: Rng
...     total: int = 0
...     pause: str | None = None
>>> start = Tally(Rng.from_seed(42))
>>> build = Builder(start)
>>> build.update(total=build.state.total + build.stream.die(6))
>>> build.emit("rolled", total=build.state.total)
>>> build.hold("round")
>>> step = build.done()
>>> step.state.total, [e.as_dict() for e in step.events], step.pauses[0].state.pause
(6, [{'total': 6}], 'round')
>>> start.total, step.state.rng == start.rng
(0, False)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from .contract import Event, Pause, Step, pause_of
from .rng import Rng, RngStream


class BuildableState(Protocol):
    """What a state needs to be built by a :class:`Builder`: a frozen dataclass with
    its RNG and its held moment (``pause``)."""

    __dataclass_fields__: ClassVar[dict[str, dataclasses.Field[Any]]]

    @property
    def rng(self) -> Rng: ...

    @property
    def pause(self) -> str | None: ...


S = TypeVar("S", bound=BuildableState)
T = TypeVar("T")


def with_item(values: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """``values`` with the item at ``index`` replaced by ``value`` (a per-seat field's
    update).

    >>> with_item((10, 10, 10), 1, 9)
    (10, 9, 10)
    """
    return values[:index] + (value,) + values[index + 1 :]


class Builder(Generic[S]):
    """The next state of a game while one step builds it.

    ``stream`` is the state's RNG opened for drawing; it is frozen back into ``rng`` by
    :meth:`done` only, so until then :attr:`state` (and a held moment's state) keeps
    the RNG the step began with. ``events`` and ``pauses`` are what the step has told
    and held so far.
    """

    def __init__(self, state: S) -> None:
        self._state = state
        self._pending: dict[str, Any] = {}
        self.stream: RngStream = state.rng.stream()
        self.events: list[Event] = []
        self.pauses: list[Pause] = []

    @property
    def state(self) -> S:
        """The state with every change so far (built now if changes are pending)."""
        if self._pending:
            self._state = dataclasses.replace(self._state, **self._pending)
            self._pending = {}
        return self._state

    def update(self, **changes: Any) -> None:
        """Set fields of the state; they are applied when :attr:`state` is next read."""
        self._pending.update(changes)

    def emit(self, kind: str, *, visible_to: Sequence[int] | None = None, **params: Any) -> None:
        """Tell that ``kind`` happened (:meth:`Event.make`; ``visible_to``: the seats
        that may see it, ``None`` for everyone)."""
        self.events.append(Event.make(kind, visible_to=visible_to, **params))

    def hold(self, kind: str) -> None:
        """Hold the table as it stands now, a moment of ``kind`` (``"round"``,
        ``"trick"``, ``"deal"``), before the step goes on and clears it: a
        :class:`~pygame_core.contract.Pause` after the events so far."""
        self.pauses.append(pause_of(kind, self.state, self.events))

    def done(self) -> Step:
        """The step: the new state (its RNG where the stream stopped), the events and
        the held moments, in order."""
        self.update(rng=self.stream.freeze())
        return Step(self.state, tuple(self.events), tuple(self.pauses))
