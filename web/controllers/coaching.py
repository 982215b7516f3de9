"""A coach that thinks: the advice of a game whose coach takes longer than a frame
(``GameUI.coach_thinks``: Twenty One's estimate), worked out after the decision
is on screen. Shared by the table at the host (:mod:`web.controllers.play`) and a
seat's own device (:mod:`web.controllers.guest`).

The first draw of a decision gets :data:`web.frame.COACH_THINKING` (the coach's place
says the expert is thinking); the estimate runs :data:`COACH_PAUSE` later, once the
browser has painted that draw, and the table is drawn again with its advice. The
advice is kept for its decision, so a redraw meanwhile or after works out nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from web.frame import COACH_THINKING

if TYPE_CHECKING:
    from pygame_core import Game
    from web.games.base import GameUI

#: Seconds after a decision is drawn before a thinking coach works out its advice:
#: time for the browser to paint the table first (the estimate holds the page meanwhile).
COACH_PAUSE = 0.05

#: A decision: the seat's view, its legal actions, the step.
Question = tuple[Any, tuple[Any, ...], int]


class ThinkingCoach:
    """The last advice worked out and the decision being worked out now."""

    def __init__(self, call_later: Callable[[float, Callable[[], None]], None]) -> None:
        self.call_later = call_later
        self.advised: tuple[Question, Any] | None = None
        self.advising: Question | None = None

    def advice(
        self,
        ui: GameUI,
        game: Game[Any, Any, Any, Any],
        view: Any,
        legal: Sequence[Any],
        step: int,
        still_wanted: Callable[[], bool],
        redraw: Callable[[], None],
    ) -> Any | None:
        """The frame's ``advice`` for the decision in ``view`` with the coach on: the
        advice once worked out, else :data:`COACH_THINKING`, and it is then worked out
        after this draw (if ``still_wanted()`` then: the same match on the table and the
        coach still on) and ``redraw()`` called. None: a coach that answers within a
        frame, which the render asks itself, or nothing to decide."""
        if not (legal and ui.coach_thinks):
            return None
        question: Question = (view, tuple(legal), step)
        if self.advised is not None and self.advised[0] == question:
            return self.advised[1]
        if self.advising != question:
            self.advising = question

            def think() -> None:
                if self.advising != question:
                    return  # another decision since
                self.advising = None
                if still_wanted():
                    self.advised = (question, game.advise(view, question[1], step))
                    redraw()

            self.call_later(COACH_PAUSE, think)
        return COACH_THINKING


__all__ = ["COACH_PAUSE", "Question", "ThinkingCoach"]
