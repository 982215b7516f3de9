"""A match being played in the UI: the rules state plus who sits where.

Pure Python (no browser), so it is tested under pytest. The rules live in
``pygame_core``; this object only keeps the state, asks bots for their moves,
collects the events for the log, notes where each held moment of the match ended
(:class:`pygame_core.Pause`) and whether the latest decision of a person may still be
taken back. The log is never stored: it is rebuilt by replaying the saved actions,
which gives back exactly the same events (the table words them:
:class:`web.eventtext.Wording`). Nothing here knows how the match is drawn.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from pygame_core import Event, Game, Pause, get_game
from pygame_core.undo import TakenBack, Window, open_window
from web.seats import Seat


def bot_seed(seed: int, step: int) -> int:
    """A bot's seed for one decision: repeatable, different at every step."""
    return (seed * 1_000_003 + step * 7_919) % (2**53)


@dataclass
class GameSession:
    """One match: game, state, seats and the events so far."""

    game: Game[Any, Any, Any, Any]
    state: Any
    seats: tuple[Seat, ...]
    #: Every event of the match so far, in order.
    events: list[Event] = field(default_factory=list)
    #: The events of the most recent action (for animations).
    fresh: tuple[Event, ...] = ()
    #: The moments the most recent action passed through (a round's end ...).
    pauses: tuple[Pause, ...] = ()
    #: Where each moment of the match ended: its index in ``events``.
    pause_marks: list[tuple[int, str]] = field(default_factory=list)
    #: Whether the review shows everyone's hidden cards once the match is over (the
    #: players' choice at setup; see web/controllers/review.py for why this is the
    #: default).
    reveal_after: bool = True
    #: Whether the people at a pass-and-play table agreed at setup that each may take
    #: back their last decision (one person against bots may anyway; see
    #: :meth:`take_back_offer`).
    take_backs: bool = False
    #: The decisions taken back so far (kept in the save, for the review).
    taken_back: list[TakenBack] = field(default_factory=list)
    #: The take-back window of the latest decision a person took (rebuilt by a
    #: replay): known as each move is made (:class:`pygame_core.undo.Window`).
    window: Window | None = field(default=None, repr=False)
    _current: tuple[Any, int | None] = field(default=(None, None), repr=False)
    #: The views made of the last few states, by (state, seat): each is made once.
    _views: dict[tuple[int, int | None], tuple[Any, Any]] = field(default_factory=dict, repr=False)

    @classmethod
    def start(cls, game_id: str, config: Any, seats: Sequence[Seat], seed: int) -> GameSession:
        """A new match."""
        game = get_game(game_id)
        if len(seats) != config.players:
            raise ValueError("one seat per player")
        return cls(game, game.new_game(config, seed), tuple(seats))

    @classmethod
    def replay(
        cls, game: Game[Any, Any, Any, Any], state: Any, seats: Sequence[Seat]
    ) -> GameSession:
        """A session for a loaded state, with its events rebuilt by replaying it."""
        session = cls(game, game.new_game(state.config, state.seed), tuple(seats))
        people = session.humans()
        last: tuple[int, int, Any] | None = None  # the last decision a person took
        for index, action in enumerate(state.history):
            seat = session.current
            if seat in people:
                last = (index, seat, session.state)
            session.act(action, follow=False)
        session.fresh = ()
        session.pauses = ()
        if session.state != state:
            raise ValueError("the replay does not reach the saved state")
        if last is not None:
            # the window of that decision, followed over what came after it
            index, seat, before = last
            window = open_window(game, before, seat, session.view_of)
            for action in state.history[index:]:
                after, _ = game.apply(before, action)
                window = window.follow(game, before, after, people, session.view_of)
                before = after
            session.window = window
        return session

    @property
    def game_id(self) -> str:
        """The game's registry id."""
        return self.game.id

    @property
    def current(self) -> int | None:
        """The seat to act, or None when the match is over (asked of the rules once
        per state)."""
        state, seat = self._current
        if state is not self.state:
            seat = self.game.current_player(self.state)
            self._current = (self.state, seat)
        return seat

    @property
    def over(self) -> bool:
        """Whether the match has ended."""
        return self.current is None

    def is_bot_turn(self) -> bool:
        """Whether a bot must act now."""
        seat = self.current
        return seat is not None and self.seats[seat].is_bot

    def humans(self) -> tuple[int, ...]:
        """The seats people play."""
        return tuple(i for i, s in enumerate(self.seats) if not s.is_bot)

    def here(self) -> tuple[int, ...]:
        """The seats people play at this device (not on a device of their own)."""
        return tuple(i for i, s in enumerate(self.seats) if s.is_here)

    def is_remote_turn(self) -> bool:
        """Whether a person on another device must act now."""
        seat = self.current
        return seat is not None and self.seats[seat].is_remote

    def legal(self) -> tuple[Any, ...]:
        """The legal actions now."""
        return self.game.legal_actions(self.state)

    def view(self, seat: int | None) -> Any:
        """What ``seat`` may know now."""
        return self.view_of(self.state, seat)

    def view_of(self, state: Any, seat: int | None) -> Any:
        """What ``seat`` may know at ``state`` (this match's now, or a moment of it):
        made once per state and seat, and kept for the last few states."""
        key = (id(state), seat)
        kept = self._views.get(key)
        if kept is not None and kept[0] is state:
            return kept[1]
        if len(self._views) >= 24:
            self._views.clear()
        view = self.game.view(state, seat)
        self._views[key] = (state, view)
        return view

    def act(self, action: Any, *, follow: bool = True) -> tuple[Event, ...]:
        """Apply ``action`` (IllegalActionError if it is not legal), log its events,
        note the moments it passed through and whether the latest decision of a person
        may still be taken back (``follow``; a replay works that out once, at its end)."""
        before = self.state
        step = self.game.apply_paused(before, action)
        seat = self.current
        count = len(self.events)
        self.state, self.fresh, self.pauses = step
        self.events.extend(step.events)
        self.pause_marks.extend((count + pause.events, pause.kind) for pause in step.pauses)
        if follow:
            people = self.humans()
            if seat in people:
                self.window = open_window(self.game, before, seat, self.view_of)
            if self.window is not None:
                self.window = self.window.follow(
                    self.game, before, self.state, people, self.view_of
                )
        return step.events

    def take_back_offer(self) -> tuple[int, str | None] | None:
        """Who may take back their last decision now, and why not if the rules refuse
        it (a :data:`pygame_core.undo.REFUSALS` key), or None when no take-back is
        offered: a seat is on another device, several people share this one and did
        not agree to take-backs, or no person has decided yet. The seat is the person
        who decided last."""
        people = self.humans()
        window = self.window
        if window is None or any(self.seats[i].is_remote for i in people):
            return None
        if window.seat not in people or (len(people) > 1 and not self.take_backs):
            return None
        return (window.seat, window.reason)

    def bot_action(self) -> Any:
        """The action the bot in the current seat chooses (from its own view only)."""
        seat = self.current
        if seat is None or not self.seats[seat].is_bot:
            raise ValueError("no bot is to act")
        bot = self.game.make_bot(self.seats[seat].kind)
        step = len(self.state.history)
        return bot.choose(self.view(seat), self.legal(), bot_seed(self.state.seed, step))

    def names(self) -> tuple[str, ...]:
        """The seats' names, by seat."""
        return tuple(s.name for s in self.seats)
