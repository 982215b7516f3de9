"""A match being played in the UI: the rules state plus who sits where.

Pure Python (no browser), so it is tested under pytest. The rules live in
``pygame_core``; this object only keeps the state, asks bots for their moves, and
collects the events for the log, and where each held moment of the match ended
(:class:`pygame_core.Pause`). The log is never stored: it is rebuilt by replaying the
saved actions, which gives back exactly the same events. Each event is worded once per
reader and language: the log grows as the match does.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pygame_core import Event, Game, Pause, get_game
from pygame_core.undo import TakenBack, refusal
from web.eventtext import describe
from web.frame import story_start
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
    #: Per seat, the position of its latest decision (rebuilt by a replay).
    last_decided: dict[int, Any] = field(default_factory=dict, repr=False)
    #: The log as worded so far, per (language, reader): its lines, and how many lines
    #: the first ``n`` events gave, for every ``n`` read so far.
    _log: dict[tuple[str, int | None], tuple[list[str], list[int]]] = field(
        default_factory=dict, repr=False
    )
    _current: tuple[Any, int | None] = field(default=(None, None), repr=False)
    _offer: tuple[Any, tuple[int, str | None] | None] = field(default=(None, None), repr=False)
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
        for action in state.history:
            session.act(action)
        session.fresh = ()
        session.pauses = ()
        if session.state != state:
            raise ValueError("the replay does not reach the saved state")
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
        """What ``seat`` may know."""
        return self.game.view(self.state, seat)

    def act(self, action: Any) -> tuple[Event, ...]:
        """Apply ``action`` (IllegalActionError if it is not legal), log its events and
        note the moments it passed through."""
        step = self.game.apply_paused(self.state, action)
        seat = self.current
        if seat is not None:
            self.last_decided[seat] = self.state
        before = len(self.events)
        self.state, self.fresh, self.pauses = step
        self.events.extend(step.events)
        self.pause_marks.extend((before + pause.events, pause.kind) for pause in step.pauses)
        return step.events

    def take_back_offer(self) -> tuple[int, str | None] | None:
        """Who may take back their last decision now, and why not if the rules refuse
        it (a :data:`pygame_core.undo.REFUSALS` key), or None when no take-back is
        offered: a seat is on another device, several people share this one and did
        not agree to take-backs, or no person has decided yet. The seat is the person
        who decided last."""
        people = self.humans()
        if not people or any(self.seats[i].is_remote for i in people):
            return None
        if len(people) > 1 and not self.take_backs:
            return None
        decided = [(len(self.last_decided[i].history), i) for i in people if i in self.last_decided]
        if not decided:
            return None
        seat = max(decided)[1]
        state, offer = self._offer
        if state is not self.state or offer is None or offer[0] != seat:
            before = self.last_decided[seat]
            offer = (seat, refusal(self.game, before, self.state, seat, people))
            self._offer = (self.state, offer)
        return offer

    def decided_in_round(self, seat: int) -> int:
        """The round (deal) of ``seat``'s last decision (0: it has not decided)."""
        before = self.last_decided.get(seat)
        return 0 if before is None else int(self.game.view(before, seat).round)

    def moment_events(self, pause: Pause) -> tuple[Event, ...]:
        """The story of a moment of the most recent action, up to its end
        (:func:`web.frame.story_start` says from where)."""
        end = len(self.events) - len(self.fresh) + pause.events
        return tuple(self.events[story_start(self.pause_marks, end, pause.kind) : end])

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
