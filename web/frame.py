"""A frame: what one seat sees at one moment, built once per render.

Every screen that shows a table is drawn from one :class:`Frame`, in one pass, by the
game's :class:`web.games.base.GameUI` (:meth:`~web.games.base.GameUI.render`). The
frame holds whose eyes the table is drawn for, the state, that seat's view, the actions
the person at the device may take now, the log so far, the held moment and the mode:

- ``live``: the match being played at this device;
- ``moment``: a round's (trick's, deal's) end held on the table until Continue, drawn
  from the state at the moment it happened (a :class:`pygame_core.Pause`), not from
  the next round the rules have already begun;
- ``replay``: a past step of a finished match on the review screen: a picture of the
  table, nothing that asks for a move;
- ``guest``: the seat of a person playing on another device, drawn on that device
  from what the host sent it (:mod:`web.remote.protocol`): the seat's view, its legal
  actions, its log, and no state at all;
- ``practice``: a costly moment of a finished match played again
  (:mod:`pygame_core.practice`): the seat's view then, its choices, and once it has
  chosen, the answer rated (:class:`PracticeFace`).

A frame is frozen: the screens read it and never change it; what it derives (the
outcome) is computed on first use and kept.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any, Literal, Protocol

from pygame_core import Event, Outcome

if TYPE_CHECKING:
    from pygame_core import Game
    from web.i18n import Translator
    from web.markup import Markup
    from web.seats import Seat

Mode = Literal["live", "moment", "replay", "guest", "practice"]
SPEEDS = ("slow", "normal", "fast")


class TableUI(Protocol):
    """What a frame's game draws it with (:class:`web.games.base.GameUI`)."""

    @property
    def chance(self) -> str:
        """What chance shows on its table: ``"cards"`` or ``"dice"``."""
        ...

    def render(self, tr: Translator, frame: Frame) -> Markup:
        """The table screen of ``frame``."""
        ...

    def words(self, tr: Translator, frame: Frame, events: Sequence[Event]) -> list[str]:
        """``events`` as log lines the frame's viewer may read."""
        ...


@dataclass(frozen=True)
class Display:
    """The person's display choices and what they are doing with the controls: none of
    it is a rule, and none of it changes what the table shows of the match."""

    coach: bool = False
    speed: str = "normal"
    muted: bool = False
    #: The window's size in CSS pixels: the felt is laid out to fit it ...
    size: tuple[int, int] = (1024, 768)
    #: ... or the room the page measured for the felt and the own hand, once drawn.
    room: tuple[int, int] | None = None
    #: The guided first round is on (what to tap and why, beside the table).
    guide: bool = False
    #: The amount on the stake/bet stepper.
    amount: int = 0
    #: Cards picked in hand (Twenty One).
    selected: tuple[int, ...] = ()
    #: The person who holds the device now (pass-and-play: the last to play or to see
    #: their cards), drawn at the bottom of the felt; None: nobody has yet.
    holder: int | None = None


class CoachThinking:
    """The coach's advice while it is being worked out (:data:`COACH_THINKING`)."""

    def __repr__(self) -> str:
        return "COACH_THINKING"


#: A frame's ``advice`` while the coach is still working it out.
COACH_THINKING = CoachThinking()


@dataclass(frozen=True)
class Moment:
    """A moment held on the table: its kind (the core's ``Pause.kind``: ``"round"``,
    ``"trick"``, ``"deal"``) and its story, the events from its start to its end as
    the viewer may see them."""

    kind: str
    events: tuple[Event, ...]


#: The moments that end a whole round (its story spans the tricks or duels in it).
ROUND_ENDS = frozenset({"round", "deal"})


def story_start(marks: Sequence[tuple[int, str]], end: int, kind: str) -> int:
    """Where the story of a moment of ``kind`` ending at event ``end`` starts, given
    where the match's moments ended (``(event index, kind)``, in order): just after the
    moment before it (a trick's story starts after the trick before), or for a round's
    end after the round before it (its story holds its tricks or duels)."""
    starts = [m for m, k in marks if m < end and (kind not in ROUND_ENDS or k in ROUND_ENDS)]
    return max(starts, default=0)


@dataclass(frozen=True)
class PracticeFace:
    """A practice moment on the table: where it was (``round``, the decision's
    ``index`` in its match), who decided (``name``), what they chose then (an option
    key of the review), and once the person has chosen again, that choice rated (a
    :class:`pygame_core.review.Decision`) and the next unsolved moment's id."""

    round: int
    index: int
    name: str
    first: str
    answer: Any | None = None
    next_id: str | None = None


@dataclass(frozen=True)
class ReplayStep:
    """Where a replay frame is: step ``index`` of ``total`` actions, and the events of
    the action that led there (what the step's caption says)."""

    index: int
    total: int
    caption: tuple[Event, ...] = ()


@dataclass(frozen=True)
class Frame:
    """What one seat sees at one moment (see the module docstring)."""

    mode: Mode
    game: Game[Any, Any, Any, Any]
    ui: TableUI
    seats: tuple[Seat, ...]
    #: The state drawn: the live one, a pause's, or a replay step's (``guest`` mode:
    #: None, a guest device has only its seat's view).
    state: Any
    #: Whose eyes (``None``: public facts only).
    viewer: int | None
    #: The viewer's view of ``state``.
    view: Any
    #: What the person at the device may do now (empty: nothing, e.g. a bot's turn, a
    #: moment, a replay, another person's turn behind the hand-off cover).
    legal: tuple[Any, ...] = ()
    #: The log so far, worded, oldest first (only lines the viewer may read).
    log: tuple[str, ...] = ()
    #: The events of the step just taken, as the viewer may see them (animations).
    fresh: tuple[Event, ...] = ()
    moment: Moment | None = None
    #: Pass-and-play: the seat to hand the device to; nothing hidden is drawn.
    cover: int | None = None
    display: Display = field(default_factory=Display)
    #: The replay's position (``replay`` mode only).
    replay: ReplayStep | None = None
    #: Actions taken in the match so far (a new turn starts with no card picked).
    step: int = 0
    #: An event's log line in the frame's language, worded once per match (None:
    #: worded here, for a frame of no match).
    wording: Callable[[Event], str | None] | None = field(default=None, compare=False)
    #: How the match ended, as the host told a guest (``guest`` mode; else worked out
    #: from ``state``).
    ending: Outcome | None = None
    #: The seats that wait for their own phone, and their pairing codes
    #: (:class:`web.controllers.devices.DevicePanel`; ``live`` mode at the host only).
    devices: tuple[Any, ...] = ()
    #: Who may take back their last decision, and why the rules refuse it (a
    #: :data:`pygame_core.undo.REFUSALS` key) or None if they allow it
    #: (:meth:`web.session.GameSession.take_back_offer`; ``live`` mode only).
    take_back: tuple[int, str | None] | None = None
    #: The practice moment (``practice`` mode only).
    practice: PracticeFace | None = None
    #: The coach's advice for the person to act, worked out apart from the render (a
    #: game whose coach takes longer than a frame, ``GameUI.coach_thinks``; ``live`` and
    #: ``guest`` modes, :mod:`web.controllers.coaching`): :data:`COACH_THINKING` until
    #: it is ready. None: the render asks the core.
    advice: Any | None = None

    @property
    def names(self) -> tuple[str, ...]:
        """The seats' names, by seat."""
        return tuple(s.name for s in self.seats)

    @property
    def actor(self) -> int | None:
        """The seat to act in ``state`` (``None``: nobody, the match is over or held)."""
        actor: int | None = self.view.actor
        return actor

    @property
    def over(self) -> bool:
        """Whether the match is over in ``state``."""
        return bool(self.view.over)

    @cached_property
    def outcome(self) -> Outcome | None:
        """How the match ended (``None`` while it is on)."""
        if self.state is None:
            return self.ending
        return self.game.outcome(self.state)

    @property
    def asks(self) -> bool:
        """Whether the frame asks the person at the device for a move."""
        return bool(self.legal) and self.mode in ("live", "guest", "practice")

    @property
    def is_bot_turn(self) -> bool:
        """Whether a bot is to act in ``state``."""
        actor = self.actor
        return actor is not None and self.seats[actor].is_bot

    def id(self, name: str) -> str:
        """An element id of the table: prefixed in a replay, which sits on a screen
        with ids of its own."""
        return f"replay-{name}" if self.mode == "replay" else name


__all__ = [
    "COACH_THINKING",
    "SPEEDS",
    "CoachThinking",
    "Display",
    "Frame",
    "Mode",
    "Moment",
    "PracticeFace",
    "ReplayStep",
]
