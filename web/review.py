"""The review of a finished match in the UI: its state, the background job, its buttons.

The rules core rates the decisions (:func:`pygame_core.review.iter_review`, a generator
with progress); :func:`drive` runs it a slice at a time in an asyncio task that hands
the browser back its event loop (``await asyncio.sleep(0)``) between slices, so the
page stays responsive, and shows "done/total" a few times a second (drawing the screen
costs more than a slice of rating: a Twenty One review drawn after every slice spent
most of its time drawing); leaving the screen cancels the task.

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
from collections.abc import Callable, Coroutine, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pygame_core import SaveError

if TYPE_CHECKING:
    from pygame_core.review import MatchReview, Replay, ReviewProgress
    from web.app import App
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
    #: Every state of the match (frame ``i``: after ``i`` actions).
    states: tuple[Any, ...] = ()
    _replays: dict[tuple[int, bool], Replay] = field(default_factory=dict)

    @property
    def reveal_all(self) -> bool:
        """Whether every hand is shown (the match is over and the players chose so)."""
        return self.session.game.hides_information and self.session.reveal_after

    def replay(self) -> Replay:
        """The replay as the current viewer saw it (kept once made)."""
        from pygame_core.review import replay_frames

        key = (self.viewer, self.reveal_all)
        if key not in self._replays:
            self._replays[key] = replay_frames(self.match(), self.viewer, self.reveal_all)
        return self._replays[key]

    def match(self) -> Any:
        """The match as the review engine takes it."""
        from pygame_core.review import Match

        state = self.session.state
        return Match(self.session.game, state.config, state.seed, tuple(state.history))

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
    game = session.game
    state = game.new_game(session.state.config, session.state.seed)
    states = [state]
    for action in session.state.history:
        state, _ = game.apply(state, action)
        states.append(state)
    return ReviewState(
        save_id=save_id,
        session=session,
        people=people,
        private=private,
        shown=None if private else people[0],
        viewer=people[0],
        states=tuple(states),
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


def start(app: App, state: ReviewState) -> None:
    """Open the review screen on ``state`` and start rating in the background."""
    from pygame_core.review import iter_review

    if app.review is not None:
        app.review.cancel()
    app.review = state
    app.screen = "review"
    steps = iter_review(state.match(), seats=state.people, seed=state.session.state.seed)

    def report(step: ReviewProgress) -> None:
        if app.review is state and app.screen == "review":
            state.progress(step)
            app.render(push=False)

    state.task = app.review_spawn(drive(steps, report))


def open_saved(app: App, saved_id: str) -> None:
    """The review of the finished match saved as ``saved_id`` (history or old save)."""
    try:
        saved = app.book.load_finished(saved_id)
    except SaveError as exc:
        listed = next((i for i in app.book.history()[0] if i.id == saved_id), None)
        reason = app.tr.t("review.no_moves") if listed and not listed.replayable else str(exc)
        app.notice = app.tr.t("review.cannot", reason=reason)
        app.leave_match()
        return
    start(app, new_state(saved.id, saved.session))


def leave(app: App) -> None:
    """The screen is no longer the review: stop its work and forget it."""
    if app.review is not None and app.screen != "review":
        app.review.cancel()
        app.review = None


# -- buttons ------------------------------------------------------------------------------


def do_open_review(app: App, data: dict[str, str]) -> None:
    """Review: of the match on screen (its result), or of a listed one (``save``)."""
    saved_id = data.get("save")
    session = app.session
    if not saved_id and session is not None and session.over and app.save_id is not None:
        start(app, new_state(app.save_id, session))
    elif saved_id:
        open_saved(app, saved_id)


def do_review_step(app: App, data: dict[str, str]) -> None:
    """A step of the replay: ``delta`` frames on (negative: back), or ``to`` a frame."""
    state = app.review
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


def do_review_viewer(app: App, data: dict[str, str]) -> None:
    """Draw the replay through another seat's eyes (only where everything is shown)."""
    state = app.review
    seat = data.get("seat", "")
    if state is None or not seat.isdigit() or state.private:
        return
    if int(seat) in state.people:
        state.viewer = int(seat)
        state.shown = int(seat)


def do_review_person(app: App, data: dict[str, str]) -> None:
    """Private reviews: the next person is handed the device (the cover), or taps to
    see their own review."""
    state = app.review
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


#: The review's ``data-action`` names and handlers (merged into web.app.ACTIONS).
REVIEW_ACTIONS: dict[str, Callable[[App, dict[str, str]], None]] = {
    "open-review": do_open_review,
    "review-step": do_review_step,
    "review-viewer": do_review_viewer,
    "review-person": do_review_person,
}
