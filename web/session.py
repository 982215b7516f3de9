"""A match being played in the UI: the rules state plus who sits where.

Pure Python (no browser), so it is tested under pytest. The rules live in
``pygame_core``; this object only keeps the state, asks bots for their moves, and
collects the events for the log. The log is never stored: it is rebuilt by replaying
the saved actions, which gives back exactly the same events.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from pygame_core import BOT_LEVELS, Event, Game, get_game

SeatKind = Literal["human", "easy", "medium", "expert"]
SEAT_KINDS: tuple[SeatKind, ...] = ("human", *BOT_LEVELS)  # type: ignore[assignment]
MAX_NAME = 32
#: Events kept for the log on screen (older ones scroll away).
LOG_LIMIT = 200


@dataclass(frozen=True)
class Seat:
    """A seat at the table: a typed name and who plays it."""

    name: str
    kind: SeatKind

    @property
    def is_bot(self) -> bool:
        """Whether a bot plays this seat."""
        return self.kind != "human"


def bot_seed(seed: int, step: int) -> int:
    """A bot's seed for one decision: repeatable, different at every step."""
    return (seed * 1_000_003 + step * 7_919) % (2**53)


@dataclass
class GameSession:
    """One match: game, state, seats and the events so far."""

    game: Game[Any, Any, Any, Any]
    state: Any
    seats: tuple[Seat, ...]
    events: list[Event] = field(default_factory=list)
    #: The events of the most recent action (for animations).
    fresh: tuple[Event, ...] = ()
    #: Whether the review shows everyone's hidden cards once the match is over (the
    #: players' choice at setup; see web/review.py for why this is the default).
    reveal_after: bool = True

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
        if session.state != state:
            raise ValueError("the replay does not reach the saved state")
        return session

    @property
    def game_id(self) -> str:
        """The game's registry id."""
        return self.game.id

    @property
    def current(self) -> int | None:
        """The seat to act, or None when the match is over."""
        return self.game.current_player(self.state)

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

    def legal(self) -> tuple[Any, ...]:
        """The legal actions now."""
        return self.game.legal_actions(self.state)

    def view(self, seat: int | None) -> Any:
        """What ``seat`` may know."""
        return self.game.view(self.state, seat)

    def act(self, action: Any) -> tuple[Event, ...]:
        """Apply ``action`` (IllegalActionError if it is not legal) and log its events."""
        self.state, events = self.game.apply(self.state, action)
        self.fresh = events
        self.events.extend(events)
        del self.events[:-LOG_LIMIT]
        return events

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
