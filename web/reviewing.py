"""The review of a finished match as the screen shows it: who is reviewed, the
rating's progress, and the replay's stops and frames.

The match is replayed through the rules once per review (:attr:`ReviewState.match`, a
:class:`pygame_core.review.Match` that keeps every state and step); the rating and the
replay share it. The replay stops at every table a decision was taken at (after each
action), and between two of them at every moment the action passed through (a
round's, trick's or deal's end, as the table held it): :attr:`ReviewState.stops`.
:func:`replay_frame` draws the current stop as a frame in ``replay`` mode, by the
game's own UI; its caption tells only what led to the table shown
(:meth:`ReviewState.caption`): a held moment the events up to it, the table after it
what came after (a round's end is told at its moment, a new round's start after it).
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any, Protocol

from pygame_core import Event, SaveError
from pygame_core.contract import events_for
from web.eventtext import Wording
from web.frame import Display, Frame, ReplayStep, Scene, TableUI, story_start
from web.reviewtext import ReviewWords

if TYPE_CHECKING:
    from pygame_core.review import Match, MatchReview, Replay, ReviewProgress
    from web.i18n import Translator
    from web.seats import Seat
    from web.session import GameSession


class ReviewUI(TableUI, ReviewWords, Protocol):
    """What the review asks of a game's UI (:class:`web.games.base.GameUI`): it draws
    the replay's frames, words the decisions and the events, says what it calls a round
    and whether a moment waited for Continue. The review does not import the games."""

    @property
    def round_word(self) -> str:
        """``round`` or ``deal``."""
        ...

    @property
    def text_families(self) -> Sequence[str]:
        """Where its events' texts are looked up (``event.<family>.<kind>``)."""
        ...

    def moment_waits(self, kind: str, view: Any, seats: Sequence[Seat]) -> bool:
        """Whether a held moment of ``kind`` waited for Continue."""
        ...


@dataclass
class ReviewState:
    """The review screen of one finished match."""

    save_id: str
    session: GameSession
    #: The game's UI (:func:`web.games.get_ui`), which draws the replay.
    ui: ReviewUI
    #: The match's events in words (the replay's captions and moments).
    words: Wording
    #: The seats reviewed: the people, or every seat when only bots played.
    people: tuple[int, ...]
    #: One person at a time behind a hand-off cover (hidden cards, several people,
    #: nothing revealed after the match).
    private: bool
    #: The person whose review is shown (private: after they tapped "Show").
    shown: int | None
    #: The seat whose eyes the replay uses.
    viewer: int
    #: The replay's position among :attr:`stops`.
    stop: int = 0
    done: int = 0
    total: int = 0
    started: bool = False
    #: Bring the replay into view on the next drawing (a moment's "Show in the replay").
    jump: bool = False
    #: Bring this costly moment (seat, decision index) into view and focus it on the
    #: next drawing: the way back from practising the one before it.
    resume_at: tuple[int, int] | None = None
    review: MatchReview | None = None
    task: asyncio.Future[None] | None = None
    _replays: dict[tuple[int, bool], Replay] = field(default_factory=dict)

    @property
    def reveal_all(self) -> bool:
        """Whether every hand is shown (the match is over and the players chose so)."""
        return self.session.game.hides_information and self.session.reveal_after

    @cached_property
    def match(self) -> Match:
        """The match as the review engine takes it (replayed once, on first use)."""
        from pygame_core.review import Match

        state = self.session.state
        return Match(
            self.session.game,
            state.config,
            state.seed,
            tuple(state.history),
            tuple(self.session.taken_back),
        )

    @cached_property
    def stops(self) -> tuple[tuple[int, int | None], ...]:
        """The replay's stops: ``(i, None)``, the table after ``i`` actions (where
        decision ``i`` was taken), and before it ``(i, k)`` for the ``k``-th moment
        action ``i - 1`` passed through."""
        out: list[tuple[int, int | None]] = [(0, None)]
        for index, step in enumerate(self.match.steps, 1):
            out += [(index, k) for k in range(len(step.pauses))]
            out.append((index, None))
        return tuple(out)

    @property
    def moves(self) -> int:
        """How many actions the match had."""
        return len(self.match.steps)

    def stop_of(self, index: int) -> int:
        """The stop of the table after ``index`` actions."""
        return self.stops.index((index, None))

    @property
    def frame(self) -> int:
        """The actions taken at the replay's position."""
        return self.stops[self.stop][0]

    @frame.setter
    def frame(self, index: int) -> None:
        self.stop = self.stop_of(index)

    @cached_property
    def timeline(self) -> tuple[tuple[Event, ...], tuple[tuple[tuple[int, str], ...], ...]]:
        """Every event of the match in order, and per action where each of its held
        moments ends among them, with its kind."""
        events: list[Event] = []
        marks = []
        for step in self.match.steps:
            marks.append(tuple((len(events) + p.events, p.kind) for p in step.pauses))
            events.extend(step.events)
        return tuple(events), tuple(marks)

    def story(self, action: int, moment: int) -> tuple[Event, ...]:
        """The story of moment ``moment`` of action ``action``, up to it
        (:func:`web.frame.story_start` says from where)."""
        events, marks = self.timeline
        end, kind = marks[action][moment]
        before = [mark for step in marks[: action + 1] for mark in step]
        return events[story_start(before, end, kind) : end]

    def caption(self, index: int, moment: int | None) -> tuple[Event, ...]:
        """What the replay's caption tells at stop ``(index, moment)``, as the viewer saw
        it: of the events of action ``index - 1``, those up to its ``moment``-th held
        moment from the one before, or (``moment`` None) those after its last held
        moment; all of them when nothing came after that moment (the match's end)."""
        if index == 0:
            return ()
        step = self.match.steps[index - 1]
        ends = [pause.events for pause in step.pauses]
        if moment is None:
            events = step.events[ends[-1] :] if ends else step.events
            events = events or step.events
        else:
            events = step.events[ends[moment - 1] if moment else 0 : ends[moment]]
        return tuple(events) if self.reveal_all else events_for(events, self.viewer)

    def replay(self) -> Replay:
        """The replay as the current viewer saw it (kept once made)."""
        from pygame_core.review import replay_frames

        key = (self.viewer, self.reveal_all)
        if key not in self._replays:
            self._replays[key] = replay_frames(self.match, self.viewer, self.reveal_all)
        return self._replays[key]

    def progress(self, step: ReviewProgress) -> None:
        """Take one step's progress."""
        self.started = True
        self.done, self.total = step.done, step.total
        if step.review is not None:
            self.review = step.review

    def cancel(self) -> None:
        """Stop the background rating (the player left the screen)."""
        if self.task is not None and not self.task.done():
            self.task.cancel()
        self.task = None


def new_state(save_id: str, session: GameSession, ui: ReviewUI) -> ReviewState:
    """The review of a finished ``session`` drawn by the game's ``ui``;
    :class:`SaveError` if it is not finished."""
    if not session.over:
        raise SaveError("the match is not finished")
    humans = session.humans()
    people = humans or tuple(range(len(session.seats)))
    private = session.game.hides_information and len(humans) > 1 and not session.reveal_after
    return ReviewState(
        save_id=save_id,
        session=session,
        ui=ui,
        words=Wording(ui.text_families, session.names()),
        people=people,
        private=private,
        shown=None if private else people[0],
        viewer=people[0],
    )


def replay_frame(
    state: ReviewState, tr: Translator | None = None, display: Display | None = None
) -> Frame:
    """The replay's current stop as a frame in ``replay`` mode: the table after that
    many actions as the viewer saw it, or a moment between two of them (a round's end)
    as the table held it; its events worded in ``tr``'s language, once per match; its
    felt laid out for ``display``'s room (:func:`web.screens.review.replay_display`)."""
    display = display if display is not None else Display()
    session, ui = state.session, state.ui
    game, seats = session.game, session.seats
    match = state.match
    index, moment = state.stops[state.stop]
    shown = state.replay().at(index)
    position = ReplayStep(index, state.moves, state.caption(index, moment))
    if moment is None:
        scene = Scene(
            game,
            ui,
            seats,
            match.states[index],
            index,
            fresh=shown.events,
            wording=state.words.of,
        )
        # the replay's view and events are already the viewer's (or every hand's)
        return scene.frame(
            "replay", state.viewer, tr, display, view=shown.view, reveal=True, replay=position
        )
    pause = match.steps[index - 1].pauses[moment]
    view = game.view(pause.state, state.viewer)
    anyone = any(not s.is_bot for s in seats)
    scene = Scene(
        game,
        ui,
        seats,
        pause.state,
        index,
        fresh=state.story(index - 1, moment),
        moment=pause.kind,
        waits=anyone and ui.moment_waits(pause.kind, view, seats),
        wording=state.words.of,
    )
    return scene.frame(
        "replay", state.viewer, tr, display, view=view, reveal=state.reveal_all, replay=position
    )
