"""A small toy game, kept beside the tests: "Pig" with one die, for 2 to 4 players.

It exists to prove that a new game is one core package and one UI module:
``tests/conftest.py`` registers it (one call for the core, one for the UI and its
texts) before the tests are collected, so every suite over the registry's games plays
it, and ``tests/test_toy_game.py`` plays it through the app's real render, click,
save, review and replay code, without any edit of ``web/`` or a registry file.

Each player has one turn per round: roll as often as you like, and a 1 loses the
turn's total; hold to keep it. The round's best total wins the round (a tie:
nobody); after ``rounds`` rounds the most rounds won wins the match.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from pygame_core.contract import Bot, Event, Game, Outcome, Step, check_seed, pause_of
from pygame_core.errors import ConfigError
from pygame_core.rng import Rng


@dataclass(frozen=True)
class PigConfig:
    """Players and rounds."""

    players: int = 2
    rounds: int = 2

    def __post_init__(self) -> None:
        if not isinstance(self.players, int) or not 2 <= self.players <= 4:
            raise ConfigError("players", "must be from 2 to 4")
        if not isinstance(self.rounds, int) or not 1 <= self.rounds <= 9:
            raise ConfigError("rounds", "must be from 1 to 9")


@dataclass(frozen=True)
class Roll:
    """Throw the die."""


@dataclass(frozen=True)
class Hold:
    """Keep the turn's total (after at least one throw)."""


@dataclass(frozen=True)
class PigState:
    config: PigConfig
    seed: int
    rng: Rng
    round_no: int
    turn: int
    turn_total: int
    totals: tuple[int, ...]
    wins: tuple[int, ...]
    last_die: int
    over: bool
    history: tuple[Any, ...] = ()
    pause: str | None = None


@dataclass(frozen=True)
class PigView:
    viewer: int | None
    actor: int | None
    round: int
    phase: Literal["playing", "round_over", "over"]
    over: bool
    rounds: int
    turn_total: int
    totals: tuple[int, ...]
    wins: tuple[int, ...]
    last_die: int


class PigBot:
    """Holds at 12 or more (or once ahead)."""

    def choose(self, view: Any, legal: Sequence[Any], seed: int) -> Any:
        return Hold() if Hold() in legal and view.turn_total >= 12 else Roll()


class Pig(Game[PigConfig, PigState, Any, PigView]):
    id: ClassVar[str] = "toypig"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    config_type: ClassVar[type] = PigConfig
    view_type: ClassVar[type] = PigView
    action_types: ClassVar[tuple[type, ...]] = (Roll, Hold)
    presets: ClassVar[Mapping[str, Mapping[str, Any]]] = {
        "long": {"rounds": 3},
        "short": {"rounds": 1},
    }

    def new_game(self, config: PigConfig, seed: int) -> PigState:
        check_seed(seed)
        n = config.players
        return PigState(config, seed, Rng.from_seed(seed), 1, 0, 0, (0,) * n, (0,) * n, 0, False)

    def current_player(self, state: PigState) -> int | None:
        return None if state.over or state.pause else state.turn

    def legal_actions(self, state: PigState) -> tuple[Any, ...]:
        if self.current_player(state) is None:
            return ()
        return (Roll(), Hold()) if state.last_die else (Roll(),)

    def _step(self, state: PigState, action: Any) -> Step:
        stream = state.rng.stream()
        seat = state.turn
        events: list[Event] = []
        totals = list(state.totals)
        if isinstance(action, Roll):
            die = stream.die(6)
            events.append(Event.make("rolled", seat=seat, dice=(die,), total=state.turn_total))
            if die != 1:
                new = dataclasses.replace(
                    state, rng=stream.freeze(), turn_total=state.turn_total + die, last_die=die
                )
                return Step(new, tuple(events))
            events.append(Event.make("bust", seat=seat, total=0))
        else:
            totals[seat] = state.turn_total
            events.append(Event.make("stood", seat=seat, total=state.turn_total))
        turned = dataclasses.replace(
            state, rng=stream.freeze(), turn_total=0, last_die=0, totals=tuple(totals)
        )
        if seat + 1 < state.config.players:
            return Step(dataclasses.replace(turned, turn=seat + 1), tuple(events))
        best = max(totals)
        leaders = [s for s, t in enumerate(totals) if t == best]
        wins = list(state.wins)
        if len(leaders) == 1:
            wins[leaders[0]] += 1
            events.append(Event.make("round_won", seat=leaders[0], total=best, reason="outright"))
        ended = dataclasses.replace(turned, wins=tuple(wins))
        held = (pause_of("round", ended, events),)
        if state.round_no >= state.config.rounds:
            top = max(wins)
            winners = tuple(s for s, w in enumerate(wins) if w == top)
            events.append(
                Event.make("match_over", winners=winners, scores=tuple(wins), score_kind="rounds")
            )
            return Step(dataclasses.replace(ended, over=True), tuple(events), held)
        again = dataclasses.replace(
            ended, round_no=state.round_no + 1, turn=0, totals=(0,) * len(totals)
        )
        return Step(again, tuple(events), held)

    def outcome(self, state: PigState) -> Outcome | None:
        if not state.over:
            return None
        top = max(state.wins)
        return Outcome(tuple(s for s, w in enumerate(state.wins) if w == top), state.wins, "rounds")

    def view(self, state: PigState, seat: int | None) -> PigView:
        phase: Literal["playing", "round_over", "over"] = (
            "over" if state.over else "round_over" if state.pause else "playing"
        )
        return PigView(
            seat,
            self.current_player(state),
            state.round_no,
            phase,
            state.over,
            state.config.rounds,
            state.turn_total,
            state.totals,
            state.wins,
            state.last_die,
        )

    def make_bot(self, level: str) -> Bot:
        return PigBot()


GAME = Pig()

#: The games only the tests register (tests/conftest.py): not the site's, so a check of
#: what the site ships (its built pages, its rules pages, the browser tests) leaves them
#: out, and says so where it does.
TEST_GAME_IDS = frozenset({GAME.id})
