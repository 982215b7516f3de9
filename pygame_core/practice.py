"""Practise a decision again: a costly moment of a finished match as a puzzle.

A :class:`Puzzle` is the position where a seat decided, rebuilt exactly from the
match's seed and actions up to that decision (the rules replay it, so the seat's view
is the one it had), with the choice the seat made then. :func:`answer` rates a new
choice with the review's own rater, seed and number of playouts
(:func:`pygame_core.review.rate_decision` with the match's seed, as the review rates
it): the figures are the review's, and the same choice gets the same figures.

A puzzle is stored as a versioned document (:data:`PUZZLE_DOCUMENT`)::

    {"format": "nordic21-practice", "schema": 1, "seat": 0, "chosen": "stop",
     "position": <the core save document of the position>}

Other keys (the app's own: when it was made, whether it is solved) are left alone.
Only the deciding seat's view is ever shown from it; the position holds the deck's
order (it is a save), which is why the app keeps puzzles of finished matches only.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .contract import Game
from .documents import Format
from .errors import IllegalActionError, SaveError
from .review.engine import DEFAULT_PLAYOUTS, rate_decision
from .review.match import Match
from .review.model import Decision
from .saves import from_data, to_data

FORMAT = "nordic21-practice"
SCHEMA = 1
#: The puzzle document's format and the schema versions read.
PUZZLE_DOCUMENT = Format(
    FORMAT, newest=SCHEMA, kind="a Nordic 21 practice moment", subject="the practice moment"
)
#: Longest option key a puzzle keeps (the raters' keys are short words).
MAX_CHOSEN = 40


@dataclass(frozen=True)
class Puzzle:
    """The position where ``seat`` chose ``chosen`` (an option key of the review)."""

    game: Game[Any, Any, Any, Any]
    state: Any
    seat: int
    chosen: str

    @property
    def index(self) -> int:
        """The decision's position in its match (the review's ``Decision.index``)."""
        return len(self.state.history)

    @property
    def view(self) -> Any:
        """What the seat saw when it decided."""
        return self.game.view(self.state, self.seat)

    @property
    def legal(self) -> tuple[Any, ...]:
        """The choices it had."""
        return self.game.legal_actions(self.state)


def puzzle_of(match: Match, decision: Decision) -> Puzzle:
    """The puzzle of a reviewed ``decision`` of ``match`` (``ValueError`` if the
    decision is not one of this match's, or was not rated)."""
    if not decision.rated or not 0 <= decision.index < len(match.actions):
        raise ValueError("only a rated decision of the match can be practised")
    state = match.states[decision.index]
    if match.game.current_player(state) != decision.seat:
        raise ValueError("the decision is not of this match")
    return Puzzle(match.game, state, decision.seat, decision.chosen)


def puzzle_data(puzzle: Puzzle) -> dict[str, Any]:
    """The JSON-safe document of ``puzzle``."""
    return {
        "format": FORMAT,
        "schema": SCHEMA,
        "seat": puzzle.seat,
        "chosen": puzzle.chosen,
        "position": to_data(puzzle.game, puzzle.state),
    }


def read_puzzle(data: Any) -> Puzzle:
    """The puzzle of a document; :class:`SaveError` in words if it cannot be one
    (foreign or newer, a position that does not replay, a seat not to act there)."""
    PUZZLE_DOCUMENT.check(data)
    game, state = from_data(data.get("position"))
    seat = data.get("seat")
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise SaveError("the practice moment's seat is not a seat number")
    if game.current_player(state) != seat:
        raise SaveError("the practice moment is not a decision of that seat")
    chosen = data.get("chosen")
    if not isinstance(chosen, str) or not 0 < len(chosen) <= MAX_CHOSEN:
        raise SaveError("the practice moment's first choice is missing")
    return Puzzle(game, state, seat, chosen)


def answer(puzzle: Puzzle, action: Any, playouts: int = DEFAULT_PLAYOUTS) -> Decision:
    """``action`` chosen at the puzzle's position, rated as the review rates it
    (:class:`IllegalActionError` if it was not a choice there)."""
    if action not in puzzle.legal:
        raise IllegalActionError(f"{action!r} is not a choice at this moment")
    decision = rate_decision(puzzle.game, puzzle.state, action, puzzle.state.seed, playouts)
    if decision is None or not decision.rated:
        raise ValueError("this moment has no choice to rate")
    return decision
