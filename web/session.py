"""A match being played in the UI: the rules state plus who sits where.

Pure Python (no browser), so it is tested under pytest. The rules live in
``pygame_core``; this object only keeps the state, asks bots for their moves, and
collects the events for the log, and where each held moment of the match ended
(:class:`pygame_core.Pause`). The log is never stored: it is rebuilt by replaying the
saved actions, which gives back exactly the same events. Each event is worded once per
reader and language: the log grows as the match does.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any

from pygame_core import Event, Game, Pause, get_game
from pygame_core.undo import TakenBack, Window, open_window
from web.eventtext import describe
from web.seats import Seat

if TYPE_CHECKING:
    from web.games.base import GameUI
    from web.i18n import Translator


def bot_seed(seed: int, step: int) -> int:
    """A bot's seed for one decision: repeatable, different at every step."""
    return (seed * 1_000_003 + step * 7_919) % (2**53)


@dataclass
class GameSession:
    """One match: game, its UI, state, seats and the events so far."""

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
    #: The log as worded so far, per (language, reader): its lines, and how many lines
    #: the first ``n`` events gave, for every ``n`` read so far.
    _log: dict[tuple[str, int | None], tuple[list[str], list[int]]] = field(
        default_factory=dict, repr=False
    )
    _current: tuple[Any, int | None] = field(default=(None, None), repr=False)
    #: The views made of the last few states, by (state, seat): each is made once.
    _views: dict[tuple[int, int | None], tuple[Any, Any]] = field(default_factory=dict, repr=False)
    #: Every event worded so far, per language (an event's line depends on nothing else).
    _words: dict[str, dict[Event, str | None]] = field(default_factory=dict, repr=False)
    #: The game's UI (:mod:`web.games`), found once.
    ui: GameUI = field(init=False, repr=False)

    def __post_init__(self) -> None:
        from web.games import get_ui

        self.ui = get_ui(self.game.id)

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

    def log_lines(
        self, viewer: int | None, tr: Translator, upto: int | None = None
    ) -> tuple[str, ...]:
        """The log ``viewer`` may read, in ``tr``'s language, oldest first (of the first
        ``upto`` events, or all): only the events since the last call are worded."""
        lines, counts = self._log.setdefault((tr.lang, viewer), ([], [0]))
        for event in self.events[len(counts) - 1 :]:
            line = self.describe(event, tr) if event.visible_for(viewer) else None
            if line:
                lines.append(line)
            counts.append(len(lines))
        return tuple(lines if upto is None else lines[: counts[upto]])

    def wording(self, tr: Translator) -> Callable[[Event], str | None]:
        """An event's log line in ``tr``'s language (:meth:`describe`)."""
        return partial(self.describe, tr=tr)

    def describe(self, event: Event, tr: Translator) -> str | None:
        """``event``'s log line in ``tr``'s language (worded once, then remembered)."""
        words = self._words.setdefault(tr.lang, {})
        if event not in words:
            words[event] = describe(event, self.ui.text_families, self.names(), tr)
        return words[event]

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
