"""Taking back a decision, honestly: only until something new was shown to the seat.

A person may take back their own last decision as long as nothing they have seen since
would help them choose again: no die was thrown and no card dealt, turned or shown to
them, and nobody else at the table has moved since: another person's decision is theirs,
and a bot's move is something seen (what the bot chose, once shown, cannot be unseen; the
table holds the bots' next move while a take-back is open, so the choice is a real one).
The rules decide; the UI asks.

:func:`refusal` says why a take-back is refused (a :data:`REFUSALS` key) or ``None``;
:func:`take_back` returns the position before the decision and the
:class:`TakenBack` record that the save keeps, so the review can show what was taken
back (:mod:`pygame_core.saves`). :class:`Window` gives the same answer as
:func:`refusal` as the match goes on, one action at a time, so a table knows whether
the last decision may be taken back when each move is made, without replaying anything
(:func:`open_window`, then :meth:`Window.follow` for each action after it). Chance is
seen through the state's generator: any draw
from it (a die, a card off the deck, a shuffle) changes it. Cards that come without a
draw (Twenty One's pile is shuffled at the deal) are seen through the seat's own hand
gaining a card and through :meth:`~pygame_core.contract.Game.unseen_cards` (a card of
another hand shown).

>>> from pygame_core.dice41 import GAME
>>> state = GAME.new_game(GAME.config(players=2), seed=3)
>>> thrown, _ = GAME.apply(state, GAME.legal_actions(state)[0])
>>> refusal(GAME, state, thrown, 0, people={0})
'revealed'
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass, replace
from typing import Any

from .contract import Game
from .errors import Nordic21Error

#: Why a take-back is refused: the match is over; nothing of the seat's is there to take
#: back; a die, card or hand was shown since; another person decided since; another
#: seat (a bot) moved since, which the person saw.
REFUSALS = ("over", "nothing", "revealed", "someone_else", "seen")


class TakeBackRefused(Nordic21Error):
    """A take-back the rules do not allow; ``reason`` is one of :data:`REFUSALS`."""

    def __init__(self, reason: str) -> None:
        super().__init__(f"the move cannot be taken back ({reason})")
        self.reason = reason


@dataclass(frozen=True)
class TakenBack:
    """A decision taken back: ``line`` is the match's actions when it was, the first
    ``at`` of them the position where ``seat`` decided, ``line[at]`` the decision and the
    rest what followed it (bots' moves)."""

    at: int
    seat: int
    line: tuple[Any, ...]

    @property
    def decision(self) -> Any:
        """The action taken back."""
        return self.line[self.at]

    @property
    def undone(self) -> tuple[Any, ...]:
        """The decision and every action after it that went with it."""
        return self.line[self.at :]


def refusal(
    game: Game[Any, Any, Any, Any], before: Any, now: Any, seat: int, people: Collection[int]
) -> str | None:
    """Why ``seat`` may not go back from ``now`` to ``before`` (the position of its
    last decision), or ``None`` if it may. ``people`` are the seats people play.

    ``before`` must be a position of ``now``'s match where ``seat`` was to act
    (``ValueError`` otherwise); nothing is changed.
    """
    at = len(before.history)
    if now.history[:at] != before.history or at >= len(now.history):
        raise ValueError("the position is not an earlier one of this match")
    reason = "over" if game.is_over(now) else None
    state = before
    for index, action in enumerate(now.history[at:]):
        actor = game.current_player(state)
        if reason is None and index and actor == seat:
            reason = "nothing"  # a later decision of the seat's is the one to take back
        if reason is None and actor != seat and actor in people:
            reason = "someone_else"
        state, _ = game.apply(state, action)
        if reason is None and _shown(game, before, state, seat):
            reason = "revealed"
        if reason is None and index and actor != seat:
            reason = "seen"  # a bot moved: what it chose is seen
    if state != now:
        raise ValueError("the position is not an earlier one of this match")
    if game.current_player(before) != seat:
        raise ValueError(f"seat {seat} was not to act at that position")
    return reason


def _shown(game: Game[Any, Any, Any, Any], before: Any, after: Any, seat: int) -> bool:
    """Whether ``seat`` may have seen something at ``after`` that it had not at
    ``before``: a draw of chance, a card of another hand, a new card of its own."""
    if getattr(before, "rng", None) != getattr(after, "rng", None):
        return True
    if game.unseen_cards(before, seat) != game.unseen_cards(after, seat):
        return True
    had = set(game.own_cards(game.view(before, seat), seat))
    return not set(game.own_cards(game.view(after, seat), seat)) <= had


#: A seat's view of a state (a table's own, which keeps the views it has drawn).
Viewer = Callable[[Any, int], Any]


@dataclass(frozen=True)
class Window:
    """The take-back window of ``seat``'s latest decision, kept as the match goes on:
    the position it decided at (``before``), the round it was in, and why it may no
    longer be taken back (a :data:`REFUSALS` key) or None while it may.

    It holds what the seat knew at ``before`` (the cards unseen to it, its own cards),
    so each later action costs a comparison of chance and, where no chance was drawn,
    one look at the seat's cards: the same answer as :func:`refusal` gives by replaying
    from ``before`` (``tests/test_undo.py`` checks it on every step of many matches).

    >>> from pygame_core.dice21 import GAME
    >>> state = GAME.new_game(GAME.config(players=2), seed=3)
    >>> window = open_window(GAME, state, 0, GAME.view)
    >>> thrown, _ = GAME.apply(state, GAME.legal_actions(state)[0])
    >>> window.follow(GAME, state, thrown, {0}, GAME.view).reason
    'revealed'
    """

    seat: int
    before: Any
    round: int
    unseen: Any
    had: frozenset[Any]
    reason: str | None = None

    def follow(
        self,
        game: Game[Any, Any, Any, Any],
        state: Any,
        after: Any,
        people: Collection[int],
        view: Viewer,
    ) -> Window:
        """The window once the action from ``state`` to ``after`` is taken: the
        decision itself (``state`` is ``before``) or one taken after it."""
        if game.is_over(after):
            return self if self.reason == "over" else replace(self, reason="over")
        if self.reason is not None:
            return self
        reason = None
        later = state is not self.before
        if later:
            actor = game.current_player(state)
            if actor == self.seat:
                reason = "nothing"
            elif actor in people:
                reason = "someone_else"
        if reason is None and self._shown(game, after, view):
            reason = "revealed"
        if reason is None and later:
            reason = "seen"  # another seat (a bot) moved: what it chose is seen
        return self if reason is None else replace(self, reason=reason)

    def _shown(self, game: Game[Any, Any, Any, Any], after: Any, view: Viewer) -> bool:
        """:func:`_shown` from what the window keeps of ``before``."""
        if getattr(self.before, "rng", None) != getattr(after, "rng", None):
            return True
        if game.unseen_cards(after, self.seat) != self.unseen:
            return True
        return not set(game.own_cards(view(after, self.seat), self.seat)) <= self.had


def open_window(game: Game[Any, Any, Any, Any], before: Any, seat: int, view: Viewer) -> Window:
    """The window of the decision ``seat`` is about to take at ``before`` (``view``
    gives a seat's view: the table's, which has drawn ``before`` for the seat)."""
    seen = view(before, seat)
    return Window(
        seat,
        before,
        int(seen.round),
        game.unseen_cards(before, seat),
        frozenset(game.own_cards(seen, seat)),
    )


def take_back(
    game: Game[Any, Any, Any, Any], before: Any, now: Any, seat: int, people: Collection[int]
) -> tuple[Any, TakenBack]:
    """The position ``before`` and the record of what was taken back
    (:class:`TakeBackRefused` with the reason if the rules refuse it)."""
    reason = refusal(game, before, now, seat, people)
    if reason is not None:
        raise TakeBackRefused(reason)
    return before, TakenBack(len(before.history), seat, tuple(now.history))
