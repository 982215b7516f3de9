"""One table per match: everything the screen knows of a match between two moves.

A :class:`Table` owns the match being played (its :class:`~web.session.GameSession`),
the moments still held on the felt (each with its waiting decided once, when it is
held), whose eyes the device's table is drawn for (pass-and-play: the person who
tapped "Show my cards", :mod:`web.handoff`), who holds the device, the amount on the
stepper and the cards picked in hand, whether the guided first round is on, and the
take-back the table offers (known when each move is made: the session's
:class:`pygame_core.undo.Window`).

It exposes what can be done to a match (:meth:`Table.act`, :meth:`Table.seen`,
:meth:`Table.take_back`, :meth:`Table.show_cards`) and one :meth:`Table.frame`: the
match through one pair of eyes, for this device (``DEVICE``) or for a seat on its own
phone, drawn with the one frame builder (:meth:`web.frame.Scene.frame`). The play
controller is buttons, timers and saves around it; the devices controller sends each
phone its seat's frame from the same method.

Pure Python: no browser here.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Literal

from pygame_core import Event
from pygame_core.undo import Window, take_back
from web.controllers.controls import TableControls
from web.eventtext import Wording
from web.frame import Display, Frame, Scene, story_start
from web.games import get_ui
from web.handoff import table_eyes
from web.session import GameSession

if TYPE_CHECKING:
    from web.handoff import TableEyes
    from web.i18n import Translator

#: The eyes of the device the table is on (pass-and-play decides whose they are).
DEVICE: Literal["device"] = "device"
#: The kind of the moment that holds a person's own view after a move that told only
#: them something (Twenty One's swap: the new cards), before the table covers or turns
#: away from their cards: their frame, and "Done" (see :meth:`Table.act`).
OWN = "own"


@dataclass(frozen=True)
class Held:
    """A moment of the last move held on the table: its kind and the state it was
    drawn from (a :class:`pygame_core.Pause`'s), where it ends among the match's events
    (``end``), its whole story (every event from its start to its end; each viewer sees
    what they may of it), whose eyes it is drawn for at this device and their view of
    it, and whether it waits for Continue (asked of the game once, here)."""

    kind: str
    state: Any
    end: int
    story: tuple[Event, ...]
    viewer: int | None
    view: Any
    waits: bool


class Table:
    """One match on the table (see the module docstring)."""

    def __init__(self, session: GameSession, *, guided: bool = False) -> None:
        self.session = session
        #: The game's UI (:mod:`web.games`), which draws the frames.
        self.ui = get_ui(session.game.id)
        #: The match's events in words, for each reader and language.
        self.words = Wording(self.ui.text_families, session.names())
        #: The moments of the last move still to be seen, oldest first: nobody moves
        #: until they are.
        self.held: list[Held] = []
        #: Pass-and-play: the seat that last tapped "Show my cards".
        self.revealed: int | None = None
        #: The person who holds the device now (the last to play or to see their cards).
        people = session.here()
        current = session.current
        self.holder: int | None = current if current in people else (people[0] if people else None)
        #: The stepper's amount and the cards picked in hand, each for its decision.
        self.controls = TableControls()
        #: The guided first round is on (what to tap and why, beside the table).
        self.guided = guided
        #: The take-back window the person let stand ("Play on"): the bots go on.
        self.played_on: Window | None = None

    # -- what the table is -------------------------------------------------------------------
    def eyes(self) -> TableEyes:
        """For whom this device's table is drawn now, and whether it is covered."""
        return table_eyes(self.session, self.revealed)

    def person_may_act(self) -> bool:
        """Whether a person at this device may move now (no moment held, nobody's turn
        on a bot or a phone, no hand-off cover)."""
        session = self.session
        seat = session.current
        if self.held or seat is None or not session.seats[seat].is_here:
            return False
        return self.eyes().cover is None

    def offer(
        self, viewer: int | None, round_now: int | None = None
    ) -> tuple[int, str | None] | None:
        """The take-back the table offers (:meth:`GameSession.take_back_offer`), where
        the person it is for may see it: with hidden cards at a shared device, on their
        own view or the hand-off cover, never on the next person's cards. A refusal is
        said in the round of the decision it refuses; a new round starts without it
        (``round_now``: the round on screen)."""
        session = self.session
        offer = session.take_back_offer()
        if offer is None or (session.game.hides_information and viewer not in (None, offer[0])):
            return None
        window = session.window
        assert window is not None
        if offer[1] is not None and round_now is not None and window.round < round_now:
            return None
        return offer

    def bots_wait(self) -> bool:
        """Whether the bots' next move waits for the person who decided last: a bot is
        to move, the table offers that person their take-back and the rules allow it
        (nothing shown since), and they have not said "Play on". What a bot does is
        seen, and refuses the take-back ("seen"): so the table holds the bots until the
        person chooses, by tapping Take back or Play on (:meth:`play_on`). Nothing else
        moves the match on meanwhile (the coach, the speed, the history do not)."""
        session = self.session
        window = session.window
        if self.held or window is None or window.reason is not None:
            return False
        if window is self.played_on or not session.is_bot_turn():
            return False
        offer = self.offer(self.eyes().viewer)
        return offer is not None and offer[1] is None

    # -- what can be done to it ----------------------------------------------------------------
    def play_on(self) -> None:
        """The person lets their last decision stand: the bots go on (and what they do
        then closes the take-back)."""
        self.played_on = self.session.window

    def act(self, action: Any) -> None:
        """Apply ``action`` (:class:`pygame_core.IllegalActionError` if it is not
        legal) and hold the moments it passed through."""
        session = self.session
        seat = session.current
        if seat in session.here():
            self.holder = seat
        session.act(action)
        self.held = self.hold()
        own = self.own_moment(seat, action)
        if own is not None:
            self.held.insert(0, own)

    def own_moment(self, seat: int | None, action: Any) -> Held | None:
        """After a person's move that shows them something of their own (the game's
        UI says which: :meth:`web.games.base.GameUI.shows_own`), at a shared device
        with hidden cards: their view, held until they tap "Done", if the table would
        otherwise turn away from their cards at once (to the next person's hand-off
        cover, or to the public table while bots move). Only then does the cover come,
        so they see the new cards and the next person never does."""
        session = self.session
        people = session.here()
        if seat is None or seat not in people or len(people) < 2:
            return None
        if not session.game.hides_information or not self.ui.shows_own(action):
            return None
        if not self.held and self.eyes().viewer == seat:
            return None  # their turn goes on: the table is drawn for them anyway
        start = len(session.events) - len(session.fresh)
        pauses = session.pauses
        state = pauses[0].state if pauses else session.state
        end = start + (pauses[0].events if pauses else len(session.fresh))
        story = tuple(session.events[start:end])
        view = session.view_of(state, seat)
        return Held(OWN, state, end, story, seat, view, True)

    def hold(self) -> list[Held]:
        """The moments of the last move the table holds (the game's UI says which),
        each drawn once for this device's eyes, its waiting decided now: a table of
        bots only never waits."""
        session = self.session
        people = session.here()
        viewer = people[0] if len(people) == 1 else None
        anyone = any(not s.is_bot for s in session.seats)
        start = len(session.events) - len(session.fresh)
        held = []
        for pause in self.ui.moments(session.pauses):
            end = start + pause.events
            story = tuple(session.events[story_start(session.pause_marks, end, pause.kind) : end])
            view = session.view_of(pause.state, viewer)
            waits = anyone and self.ui.moment_waits(pause.kind, view, session.seats)
            held.append(Held(pause.kind, pause.state, end, story, viewer, view, waits))
        return held

    def seen(self) -> Held | None:
        """The moment on the table has been seen (Continue, or its time is up): the
        next one, or the match, comes on. The moment seen, or None if none was held."""
        return self.held.pop(0) if self.held else None

    def show_cards(self) -> None:
        """Pass-and-play: the person to act took the device and tapped "Show my cards"."""
        self.revealed = self.holder = self.session.current

    def take_back(self, seat: int) -> None:
        """``seat`` takes back its last decision (:class:`pygame_core.undo.TakeBackRefused`
        with the reason if the rules refuse it): the match goes back to the position
        before it, rebuilt by a replay; the bots after it decide again."""
        session = self.session
        window = session.window
        if window is None or window.seat != seat:
            raise ValueError(f"seat {seat} has no decision to take back")
        before, record = take_back(
            session.game, window.before, session.state, seat, session.humans()
        )
        back = GameSession.replay(session.game, before, session.seats)
        back.reveal_after = session.reveal_after
        back.take_backs = session.take_backs
        back.taken_back = [*session.taken_back, record]
        self.session = back
        self.words = self.words.anew()
        self.held = []
        self.revealed = None  # at a shared device: the cover for them, then their cards
        self.holder = seat

    def hand_seat(self, seat: int, kind: str) -> None:
        """``seat`` is played at this device (``human``) or by a bot from now on."""
        session = self.session
        seats = list(session.seats)
        seats[seat] = replace(seats[seat], kind="human" if kind == "human" else "medium")
        session.seats = tuple(seats)
        if kind == "human":
            self.holder = seat

    # -- the one frame ---------------------------------------------------------------------------
    def frame(self, eyes: int | Literal["device"], tr: Translator, display: Display) -> Frame:
        """The match through one pair of eyes: this device's (``DEVICE``: the held
        moment as everyone here saw it, else the hand-off's eyes, with the stepper and
        picked cards and the take-back offer) or a seat's on its own phone (``guest``
        mode; its display is the phone's own). Each state's view is made once per seat
        (:meth:`GameSession.view_of`), the legal actions once per state."""
        session = self.session
        step = len(session.state.history)
        here = eyes == DEVICE
        # a person's own moment is theirs at this device: a phone sees the table
        if self.held and (here or self.held[0].kind != OWN):
            held = self.held[0]
            viewer = held.viewer if here else int(eyes)
            view = held.view if viewer == held.viewer else session.view_of(held.state, viewer)
            scene = self.scene(held.state, held.story, held, upto=held.end)
            return scene.frame(
                "moment" if here else "guest",
                viewer,
                tr,
                self.follow(display, view, step) if here else display,
                view=view,
            )
        cover = None
        if here:
            table = self.eyes()
            viewer, cover = table.viewer, table.cover
        else:
            viewer = int(eyes)
        view = session.view_of(session.state, viewer)
        actor = view.actor
        if here:
            acts = (
                cover is None
                and actor is not None
                and session.seats[actor].is_here
                and viewer in (None, actor)
            )
        else:
            acts = actor is not None and actor == viewer
        after = session.pauses[-1].events if session.pauses else 0
        scene = self.scene(session.state, session.fresh[after:])
        return scene.frame(
            "live" if here else "guest",
            viewer,
            tr,
            self.follow(display, view, step) if here else display,
            view=view,
            legal=session.legal() if acts else (),
            cover=cover,
            take_back=self.offer(viewer, view.round) if here else None,
            bots_wait=here and self.bots_wait(),
        )

    def scene(
        self,
        state: Any,
        fresh: tuple[Event, ...],
        held: Held | None = None,
        upto: int | None = None,
    ) -> Scene:
        """What lies on the table: ``state`` after the events ``fresh`` (a held
        moment's whole story), the log up to event ``upto``."""
        session = self.session

        def log(viewer: int | None, tr: Translator) -> tuple[str, ...]:
            return self.log(viewer, tr, upto)

        return Scene(
            session.game,
            self.ui,
            session.seats,
            state,
            len(session.state.history),
            fresh=fresh,
            moment=None if held is None else held.kind,
            waits=True if held is None else held.waits,
            log=log,
            wording=self.words.of,
        )

    def log(self, viewer: int | None, tr: Translator, upto: int | None = None) -> tuple[str, ...]:
        """The log ``viewer`` may read, in ``tr``'s language, oldest first (of the
        match's first ``upto`` events, or all)."""
        return self.words.lines(self.session.events, viewer, tr, upto)

    def follow(self, display: Display, view: Any, step: int) -> Display:
        """This device's display, with the stepper's amount and the picked cards for
        the decision in ``view`` (each new decision starts from the smallest amount and
        no card picked), who holds the device and whether the guide is on."""
        amount, selected = self.controls.follow(self.ui, view, step)
        return replace(
            display, amount=amount, selected=selected, holder=self.holder, guide=self.guided
        )


__all__ = ["DEVICE", "OWN", "Held", "Table"]
