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
- ``guest``: the seat of a person playing on another device: built at the host like
  any other frame, sent as data (:meth:`Frame.to_wire`) and drawn on that device from
  what came (:meth:`Frame.from_wire`): the seat's view, its legal actions, its log, and
  no state at all;
- ``practice``: a costly moment of a finished match played again
  (:mod:`pygame_core.practice`): the seat's view then, its choices, and once it has
  chosen, the answer rated (:class:`PracticeFace`).

Every frame is built by one builder, :meth:`Scene.frame`: a scene is what lies on the
table at one moment before anyone's eyes (the state, the events that led there, a held
moment's story); the frame is that scene for one viewer, their view, their events and
their log. The match on the table (:class:`web.match.Table`, for this device and for
each seat on a phone), the replay (:mod:`web.reviewing`) and practice
(:mod:`web.controllers.practice`) each make scenes and draw them with it.

A frame is frozen: the screens read it and never change it; what it derives (the
outcome) is computed on first use and kept.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any, Literal, Protocol

from pygame_core import Event, Game, Outcome, events_for, get_game
from pygame_core.codec import from_data, to_data
from pygame_core.registry import game_ids
from web.remote.protocol import Refusal, event_data, event_of
from web.seats import SEAT_KINDS, Seat

if TYPE_CHECKING:
    from web.i18n import Translator
    from web.markup import Markup

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
    ``"trick"``, ``"deal"``), its story, the events from its start to its end as the
    viewer may see them, and whether it waits for Continue (decided once, when the
    table held it: :meth:`web.games.base.GameUI.moment_waits`); else it stays a short
    while and the game goes on by itself."""

    kind: str
    events: tuple[Event, ...]
    waits: bool = True


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
class Scene:
    """What lies on the table at one moment, before anyone's eyes: the match's game, UI
    and seats, the ``state`` drawn, the actions taken so far (``step``), the events of
    the step that led there (``fresh``), and for a held moment its kind, whether it
    waits for Continue and its whole story (``fresh`` is then that story).

    ``log`` gives the log a viewer may read, in a language, up to this moment;
    ``wording`` an event's line in a language (each worded once per match).
    :meth:`frame` draws the scene for one viewer: the one place a frame is built.
    """

    game: Game[Any, Any, Any, Any]
    ui: TableUI
    seats: tuple[Seat, ...]
    state: Any
    step: int
    fresh: tuple[Event, ...] = ()
    moment: str | None = None
    waits: bool = True
    log: Callable[[int | None, Translator], tuple[str, ...]] | None = None
    wording: Callable[[Translator], Callable[[Event], str | None]] | None = None

    def frame(
        self,
        mode: Mode,
        viewer: int | None,
        tr: Translator | None,
        display: Display,
        *,
        view: Any = None,
        legal: tuple[Any, ...] = (),
        cover: int | None = None,
        reveal: bool = False,
        **faces: Any,
    ) -> Frame:
        """The scene through ``viewer``'s eyes: their ``view`` of the state (made here
        unless given), the events they may see (every one with ``reveal``: a finished
        match whose hands are shown), their log in ``tr``'s language; ``legal``, the
        actions the person at the device may take; ``faces``, the mode's own parts
        (the replay's position, the practice moment, the take-back offer ...)."""
        if view is None:
            view = self.game.view(self.state, viewer)
        fresh = self.fresh if reveal else events_for(self.fresh, viewer)
        return Frame(
            mode,
            self.game,
            self.ui,
            self.seats,
            self.state,
            viewer,
            view,
            legal=legal,
            log=self.log(viewer, tr) if self.log is not None and tr is not None else (),
            fresh=fresh,
            moment=None if self.moment is None else Moment(self.moment, fresh, self.waits),
            cover=cover,
            display=display,
            step=self.step,
            wording=self.wording(tr) if self.wording is not None and tr is not None else None,
            **faces,
        )


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
    #: The bots' next move waits for the person who may take back their decision: the
    #: take-back, or "Play on" (:meth:`web.match.Table.bots_wait`; ``live`` mode only).
    bots_wait: bool = False
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

    # -- a seat's frame on its own device ------------------------------------------------
    def to_wire(self) -> dict[str, Any]:
        """The frame as the ``frame`` message carries it to its seat's device
        (:mod:`web.remote.protocol`): the viewer's view, legal actions, log and events,
        which the builder already kept to what that seat may see; no state."""
        game, moment = self.game, self.moment
        outcome = self.outcome if moment is None else None
        return {
            "game": game.id,
            "seat": self.viewer,
            "seats": [[s.name, s.kind] for s in self.seats],
            "view": game.view_to_dict(self.view),
            "legal": [game.action_to_dict(a) for a in self.legal],
            "log": list(self.log),
            "fresh": [event_data(e) for e in self.fresh],
            "moment": None
            if moment is None
            else [moment.kind, [event_data(e) for e in moment.events], moment.waits],
            "step": self.step,
            "outcome": None if outcome is None else to_data(outcome),
        }

    @classmethod
    def from_wire(
        cls, data: Mapping[str, Any], ui_of: Callable[[str], TableUI], display: Display
    ) -> Frame:
        """The frame a ``frame`` message carries, in ``guest`` mode, every part checked
        (else :class:`web.remote.protocol.Refusal`); drawn by the game's UI
        (``ui_of``, :func:`web.games.get_ui`) with this device's ``display``."""
        gid = data.get("game")
        if gid not in game_ids():
            raise Refusal("malformed")
        game = get_game(str(gid))
        try:
            view = game.view_from_dict(data.get("view"))
            legal = tuple(game.action_from_dict(a) for a in _list(data.get("legal")))
            outcome_data = data.get("outcome")
            outcome = None if outcome_data is None else from_data(Outcome, outcome_data, "outcome")
        except ValueError:
            raise Refusal("malformed") from None
        seats = []
        for item in _list(data.get("seats")):
            if (
                not isinstance(item, list)
                or len(item) != 2
                or not isinstance(item[0], str)
                or item[1] not in SEAT_KINDS
            ):
                raise Refusal("malformed")
            seats.append(Seat(item[0], item[1]))
        seat, step = data.get("seat"), data.get("step")
        if (
            not isinstance(seat, int)
            or isinstance(seat, bool)
            or not isinstance(step, int)
            or isinstance(step, bool)
            or not 0 <= seat < len(seats)
        ):
            raise Refusal("malformed")
        log = tuple(_list(data.get("log")))
        if not all(isinstance(line, str) for line in log):
            raise Refusal("malformed")
        moment = None
        moment_data = data.get("moment")
        if moment_data is not None:
            if not isinstance(moment_data, list) or len(moment_data) not in (2, 3):
                raise Refusal("malformed")
            kind, story = moment_data[:2]
            waits = moment_data[2] if len(moment_data) == 3 else True
            if not isinstance(kind, str) or not isinstance(waits, bool):
                raise Refusal("malformed")
            moment = Moment(kind, tuple(event_of(e) for e in _list(story)), waits)
        return cls(
            "guest",
            game,
            ui_of(game.id),
            tuple(seats),
            None,
            seat,
            view,
            legal=legal,
            log=log,
            fresh=tuple(event_of(e) for e in _list(data.get("fresh"))),
            moment=moment,
            display=display,
            step=step,
            ending=outcome,
        )


def _list(value: Any) -> list[Any]:
    if not isinstance(value, list):
        raise Refusal("malformed")
    return value


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
    "Scene",
]
