"""The review of a finished match: its state, the background rating, the replay's
frames and its buttons.

The rules core rates the decisions (:func:`pygame_core.review.iter_review`, a generator
with progress); :func:`drive` runs it a slice at a time in an asyncio task that hands
the browser back its event loop (``await asyncio.sleep(0)``) between slices, so the
page stays responsive, and shows "done/total" a few times a second (drawing the screen
costs more than a slice of rating: a Twenty One review drawn after every slice spent
most of its time drawing); leaving the screen cancels the task. The match is replayed
through the rules once per review (:class:`pygame_core.review.Match` keeps every state
and step), and the rating and the replay share that.

The replay is frames in ``replay`` mode (:func:`replay_frame`): each step drawn by the
game's own UI from the state after that step, as the replay's viewer saw it; a step
that ended a round (a trick, a deal) shows that round's end, as the table held it.

Who sees what. The review of a person may hold that person's hidden cards (their
decisions were made with them). With hidden cards and two or more people at the device
the players choose at setup (:attr:`web.session.GameSession.reveal_after`):

- on (the default): once the match is over everyone's review and replay show every
  hand. That is what a family does at a real table: when the game is over the cards go
  face up and everyone looks at what the others held; learning from the review needs
  the others' hands too. Players who would rather keep their habits to themselves
  switch it off before the first deal.
- off: one person's review at a time, behind a hand-off cover ("Pass to Ann"), drawn
  from that person's view only; nobody else's hidden card reaches the page.

Nothing here imports the review engine, ``fractions`` or the screens at import time:
the home screen imports this module and must stay quick to start.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Coroutine, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any

from pygame_core import Event, SaveError, events_for
from web.controllers.base import Context, Controller, Handler
from web.frame import Frame, Moment, ReplayStep
from web.markup import Markup

if TYPE_CHECKING:
    from pygame_core.review import Match, MatchReview, Replay, ReviewProgress
    from web.session import GameSession

#: Milliseconds of rating per slice before the browser gets its loop back (a frame).
SLICE_MS = 12.0
#: Milliseconds between two drawings of the progress (the last step is always drawn).
REPORT_MS = 250.0


@dataclass
class ReviewState:
    """The review screen of one finished match."""

    save_id: str
    session: GameSession
    #: The seats reviewed: the people, or every seat when only bots played.
    people: tuple[int, ...]
    #: One person at a time behind a hand-off cover (hidden cards, several people,
    #: nothing revealed after the match).
    private: bool
    #: The person whose review is shown (private: after they tapped "Show").
    shown: int | None
    #: The seat whose eyes the replay uses.
    viewer: int
    frame: int = 0
    done: int = 0
    total: int = 0
    started: bool = False
    #: Bring the replay into view on the next drawing (a moment's "Show in the replay").
    jump: bool = False
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
        return Match(self.session.game, state.config, state.seed, tuple(state.history))

    @cached_property
    def timeline(self) -> tuple[tuple[Event, ...], tuple[tuple[int, ...], ...]]:
        """Every event of the match in order, and per action where each of its held
        moments ends among them."""
        events: list[Event] = []
        marks = []
        for step in self.match.steps:
            marks.append(tuple(len(events) + pause.events for pause in step.pauses))
            events.extend(step.events)
        return tuple(events), tuple(marks)

    def story(self, action: int) -> tuple[Event, ...]:
        """The story of the last moment action ``action`` passed through: every event
        since the moment before it (or the match's start) up to it."""
        events, marks = self.timeline
        end = marks[action][-1]
        start = max((m for step in marks[: action + 1] for m in step if m < end), default=0)
        return events[start:end]

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


def new_state(save_id: str, session: GameSession) -> ReviewState:
    """The review of a finished ``session``; :class:`SaveError` if it is not finished."""
    if not session.over:
        raise SaveError("the match is not finished")
    humans = session.humans()
    people = humans or tuple(range(len(session.seats)))
    private = session.game.hides_information and len(humans) > 1 and not session.reveal_after
    return ReviewState(
        save_id=save_id,
        session=session,
        people=people,
        private=private,
        shown=None if private else people[0],
        viewer=people[0],
    )


def replay_frame(state: ReviewState) -> Frame:
    """Step ``state.frame`` of the replay as a frame in ``replay`` mode: the table after
    that step as the viewer saw it; a step that ended a round (a trick, a deal) shows
    that round's end, as the table held it."""
    session = state.session
    game = session.game
    match = state.match
    index = state.frame
    shown = state.replay().at(index)
    position = ReplayStep(index, len(match.states) - 1, shown.events)
    pauses = match.steps[index - 1].pauses if index else ()
    if not pauses:
        return Frame(
            "replay",
            game,
            session.ui,
            session.seats,
            match.states[index],
            state.viewer,
            shown.view,
            fresh=shown.events,
            replay=position,
        )
    pause = pauses[-1]
    events = state.story(index - 1)
    story = events if state.reveal_all else events_for(events, state.viewer)
    return Frame(
        "replay",
        game,
        session.ui,
        session.seats,
        pause.state,
        state.viewer,
        game.view(pause.state, state.viewer),
        fresh=shown.events,
        moment=Moment(pause.kind, story),
        replay=position,
    )


async def drive(
    steps: Iterator[ReviewProgress],
    report: Callable[[ReviewProgress], None],
    slice_ms: float = SLICE_MS,
    clock: Callable[[], float] = time.perf_counter,
    report_ms: float = REPORT_MS,
) -> None:
    """Run ``steps`` to the end, a slice of ``slice_ms`` at a time, yielding to the
    event loop (the browser) in between; ``report`` the first step, the last one, and
    in between the last step of a slice at most every ``report_ms``."""
    reported: float | None = None
    deadline = clock() + slice_ms / 1000
    for step in steps:
        now = clock()
        if step.review is not None or now >= deadline:
            if step.review is not None or reported is None or now - reported >= report_ms / 1000:
                report(step)
                reported = now
            await asyncio.sleep(0)
            deadline = clock() + slice_ms / 1000


def spawn(job: Coroutine[Any, Any, None]) -> asyncio.Future[None]:
    """Start ``job`` on the event loop (Pyodide's, in the browser)."""
    return asyncio.ensure_future(job)


class ReviewController(Controller):
    """The review screen."""

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.state: ReviewState | None = None
        #: How the background rating is started (tests run it by hand).
        self.spawn: Callable[[Coroutine[Any, Any, None]], asyncio.Future[None]] = spawn

    def actions(self) -> Mapping[str, Handler]:
        return {
            "review-step": self.do_step,
            "review-viewer": self.do_viewer,
            "review-person": self.do_person,
        }

    def markup(self) -> Markup | None:
        """The review screen (None without a review)."""
        if self.state is None:
            return None
        from web.screens.review import render_review

        return render_review(self.ctx.tr, self.state, replay_frame(self.state))

    def start(self, save_id: str, session: GameSession) -> None:
        """Open the review of the finished ``session`` and start rating in the background."""
        from pygame_core.review import iter_review

        state = new_state(save_id, session)
        self.leave()
        self.state = state
        steps = iter_review(state.match, seats=state.people, seed=session.state.seed)

        def report(step: ReviewProgress) -> None:
            if self.state is state and self.ctx.router.screen == "review":
                state.progress(step)
                self.ctx.router.render(push=False)

        state.task = self.spawn(drive(steps, report))

    def open_saved(self, saved_id: str) -> bool:
        """The review of the finished match saved as ``saved_id`` (False: it cannot be
        reviewed; the notice says why)."""
        ctx = self.ctx
        try:
            saved = ctx.book.load_finished(saved_id)
        except SaveError as exc:
            listed = next((i for i in ctx.book.history()[0] if i.id == saved_id), None)
            reason = ctx.tr.t("review.no_moves") if listed and not listed.replayable else str(exc)
            ctx.notice = ctx.tr.t("review.cannot", reason=reason)
            return False
        self.start(saved.id, saved.session)
        return True

    def leave(self) -> None:
        """Stop the review's work and forget it."""
        if self.state is not None:
            self.state.cancel()
            self.state = None

    def do_step(self, data: dict[str, str]) -> None:
        """A step of the replay: ``delta`` frames on (negative: back), or ``to`` a frame."""
        state = self.state
        if state is None or state.shown is None:
            return
        seat = data.get("seat", "")
        if seat.isdigit() and int(seat) in state.people and not state.private:
            state.viewer = int(seat)
        replay = state.replay()
        target = data.get("to")
        state.jump = data.get("jump") == "1"
        if target is not None and target.lstrip("-").isdigit():
            wanted = int(target)
            state.frame = replay.step(0, wanted if wanted >= 0 else len(replay) - 1)
        else:
            delta = data.get("delta", "0")
            state.frame = replay.step(state.frame, int(delta) if delta.lstrip("-").isdigit() else 0)

    def do_viewer(self, data: dict[str, str]) -> None:
        """Draw the replay through another seat's eyes (only where everything is shown)."""
        state = self.state
        seat = data.get("seat", "")
        if state is None or not seat.isdigit() or state.private:
            return
        if int(seat) in state.people:
            state.viewer = int(seat)
            state.shown = int(seat)

    def do_person(self, data: dict[str, str]) -> None:
        """Private reviews: the next person is handed the device (the cover), or taps to
        see their own review."""
        state = self.state
        seat = data.get("seat", "")
        if state is None or not seat.isdigit() or int(seat) not in state.people:
            return
        if data.get("show") == "1":
            state.shown = int(seat)
            state.viewer = int(seat)
        else:
            state.shown = None
            state.viewer = int(seat)
        state.frame = 0
