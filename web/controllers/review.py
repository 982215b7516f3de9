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

The replay is frames in ``replay`` mode (:func:`web.reviewing.replay_frame`).

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
from typing import TYPE_CHECKING, Any

from pygame_core import SaveError
from web.controllers.base import Context, Controller, Handler, Notice
from web.frame import Display
from web.games import get_ui
from web.markup import Markup
from web.reviewing import ReviewState, new_state, replay_frame

if TYPE_CHECKING:
    from pygame_core.review import ReviewProgress
    from web.session import GameSession

#: Milliseconds of rating per slice before the browser gets its loop back (a frame).
SLICE_MS = 12.0
#: Milliseconds between two drawings of the progress (the last step is always drawn).
REPORT_MS = 250.0


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
        #: The window's size: the replay's table is laid out to fit it.
        self.size: tuple[int, int] = Display().size
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
        from web.screens.review import render_review, replay_display

        frame = replay_frame(self.state, self.ctx.tr, replay_display(self.size))
        markup = render_review(self.ctx.tr, self.state, frame)
        # a costly moment is brought into view once (back from practising)
        self.state.resume_at = None
        return markup

    def fit(self, size: tuple[int, int]) -> bool:
        """Take the window's size; whether it changed (the replay is laid out again)."""
        changed = size != self.size
        self.size = size
        return changed

    def start(self, save_id: str, session: GameSession) -> None:
        """Open the review of the finished ``session`` and start rating in the background."""
        from pygame_core.review import iter_review

        state = new_state(save_id, session, get_ui(session.game_id))
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
            why = Notice("review.no_moves") if listed and not listed.replayable else exc
            ctx.tell("review.cannot", reason=why)
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
        target = data.get("to")
        state.jump = data.get("jump") == "1"
        last = len(state.stops) - 1
        if target is not None and target.lstrip("-").isdigit():
            wanted = int(target)
            state.stop = last if wanted < 0 else state.stop_of(min(wanted, state.moves))
        else:
            delta = data.get("delta", "0")
            step = int(delta) if delta.lstrip("-").isdigit() else 0
            state.stop = max(0, min(last, state.stop + step))

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
        state.stop = 0
