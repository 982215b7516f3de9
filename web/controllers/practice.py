"""Practise a costly moment again: from the review's moment, or the home's list.

"Practise" on a costly moment of the review keeps it in the practice list
(:class:`web.saves.practice.PracticeBook`) and opens it (``#/practise/<id>``): the
game's own table, drawn from the seat's view at that moment, with its choices. The
choice made is rated by the rules core (:func:`pygame_core.practice.answer`, the
review's own figures) and told in one sentence; the best choice marks the moment
solved, and it leaves the home's list. Nothing here decides what is best.

A moment practised from the review keeps that review (the app leaves it parked while
the moment is on screen): the way back ("Back to the review", or the browser's Back)
opens it at the person's following costly moment, in view and focused
(:meth:`PracticeController.resume_review`).
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from pygame_core import IllegalActionError, SaveError
from pygame_core.practice import answer, puzzle_of
from web.controllers.base import Context, FeltController, Handler, Notice
from web.controllers.controls import TableControls
from web.frame import Display, Frame, PracticeFace, Scene
from web.saves.formats import problem_of
from web.saves.practice import PracticeItem
from web.storage import StorageFull

if TYPE_CHECKING:
    from pygame_core.review import Decision
    from web.markup import Markup
    from web.reviewing import ReviewState


class PracticeController(FeltController):
    """The practice moment on screen and the list's buttons."""

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.item: PracticeItem | None = None
        self.answer: Decision | None = None
        self.controls = TableControls()
        #: The review on screen, if any (given by the app).
        self.current_review: Callable[[], ReviewState | None] = lambda: None
        #: The moment on screen was practised from that review: its save id, and the
        #: seat and index of the decision (the way back leads to the one after it).
        self.from_review: tuple[str, int, int] | None = None

    def actions(self) -> Mapping[str, Handler]:
        return {
            "practise": self.do_practise,
            "open-practice": self.do_open,
            "remove-practice": self.do_remove,
        }

    def table_actions(self) -> Mapping[str, Handler]:
        """The practice screen's own buttons: its table's moves answer the puzzle."""
        return {
            "act": self.do_answer,
            "toggle-card": self.controls.toggle_card,
            "amount": self.controls.step_amount,
            "practice-again": self.do_again,
            "practice-back": self.do_back,
        }

    # -- opening -------------------------------------------------------------------------
    def open(self, item_id: str) -> bool:
        """Put the moment ``item_id`` on the table (False: it cannot be read; the
        notice says why)."""
        try:
            self.item = self.ctx.book.practice.load(item_id)
        except SaveError as exc:
            item = Notice("practice.unreadable_item")
            why = Notice(f"import.why.{problem_of(exc)}", {"item": item})
            self.ctx.tell("practice.unreadable", reason=why)
            self.item = None
            return False
        self.answer = None
        self.controls = TableControls()
        return True

    def do_practise(self, data: dict[str, str]) -> None:
        """A costly moment of the review on screen (``index``, ``seat``), kept and
        opened."""
        state = self.current_review()
        if state is None or state.review is None:
            return
        try:
            index, seat = int(data.get("index", "")), int(data.get("seat", ""))
        except ValueError:
            return
        if seat not in state.people:
            return
        found = [d for d in state.review.for_seat(seat).costliest if d.index == index]
        if not found:
            return
        puzzle = puzzle_of(state.match, found[0])
        try:
            item_id = self.ctx.book.practice.add(
                puzzle, state.session.seats, state.save_id, self.ctx.page.now_ms()
            )
        except StorageFull:
            self.ctx.tell("save.full")
            return
        if self.open(item_id):
            self.from_review = (state.save_id, seat, index)
            self.ctx.router.show("practise")

    def do_open(self, data: dict[str, str]) -> None:
        self.from_review = None
        if self.open(data.get("item", "")):
            self.ctx.router.show("practise")
        else:
            self.ctx.router.show("home")

    def do_remove(self, data: dict[str, str]) -> None:
        self.ctx.book.practice.remove(data.get("item", ""))

    # -- answering -----------------------------------------------------------------------
    def do_answer(self, data: dict[str, str]) -> None:
        """A move button: the person's choice, rated; the best one solves the moment."""
        item = self.item
        if item is None or self.answer is not None:
            return
        game = item.puzzle.game
        try:
            action = game.action_from_dict(json.loads(data.get("move", "")))
            self.answer = answer(item.puzzle, action)
        except (ValueError, IllegalActionError):
            self.ctx.page.announce(self.ctx.tr.t("error.illegal"))
            return
        if self.answer.is_best:
            with contextlib.suppress(StorageFull, SaveError):
                self.ctx.book.practice.solve(item.id)
        tr = self.ctx.tr
        self.ctx.page.announce(tr.t("practice.right" if self.answer.is_best else "practice.wrong"))

    def do_again(self, data: dict[str, str]) -> None:
        self.answer = None
        self.controls = TableControls()

    def do_back(self, data: dict[str, str]) -> None:
        """Back to the review the moment was practised from, at the next costly moment
        (home if that review is gone)."""
        self.ctx.router.show("review" if self.resume_review() else "home")

    def resume_review(self) -> bool:
        """Set the review this moment was practised from to open at the person's costly
        moment after it (the last one: that one again), brought into view with its
        replay; False if the moment was not practised from the review still kept."""
        origin, state = self.from_review, self.current_review()
        if origin is None or state is None or state.review is None or state.save_id != origin[0]:
            return False
        _, seat, index = origin
        moments = state.review.for_seat(seat).costliest
        at = next((n for n, d in enumerate(moments) if d.index == index), None)
        if at is None:
            return False
        following = moments[min(at + 1, len(moments) - 1)]
        if not state.private:
            state.viewer = seat
        state.stop = state.stop_of(following.index)
        state.resume_at = (seat, following.index)
        return True

    def next_id(self) -> str | None:
        """The newest unsolved moment other than this one."""
        good, _ = self.ctx.book.practice.items()
        current = self.item.id if self.item is not None else None
        return next((i.id for i in good if not i.solved and i.id != current), None)

    # -- drawing -------------------------------------------------------------------------
    def frame(self) -> Frame:
        """The practice table: the seat's view at that moment, its choices until it
        has chosen, then the answer."""
        from web.games import get_ui
        from web.screens.practice import FromReview

        item = self.item
        assert item is not None
        puzzle = item.puzzle
        ui = get_ui(puzzle.game.id)
        view = puzzle.view
        step = puzzle.index
        amount, selected = self.controls.follow(ui, view, step)
        # practised from the review: the way on leads back to it
        face_kind = FromReview if self.from_review is not None else PracticeFace
        face = face_kind(
            round=view.round,
            index=step,
            name=item.name,
            first=puzzle.chosen,
            answer=self.answer,
            next_id=self.next_id() if self.answer is not None else None,
        )
        scene = Scene(puzzle.game, ui, item.seats, puzzle.state, step)
        return scene.frame(
            "practice",
            puzzle.seat,
            None,
            Display(
                size=self.size,
                room=self.room,
                amount=amount,
                selected=selected,
                holder=puzzle.seat,
            ),
            view=view,
            legal=puzzle.legal if self.answer is None else (),
            practice=face,
        )

    def markup(self) -> Markup | None:
        """The practice screen (None without a moment)."""
        if self.item is None:
            return None
        from web.games import get_ui

        return get_ui(self.item.game_id).render(self.ctx.tr, self.frame())

    def leave(self) -> None:
        self.item = None
        self.answer = None
        self.from_review = None
