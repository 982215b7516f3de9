"""41 with six dice: the rules (config, state, action, view, the game).

A turn is six throws of 6, 5, 4, 3, 2 and 1 dice. After each throw the player sets
aside exactly one of the dice just thrown (:class:`Keep`); the dice are thrown by the
rules, at the start of the turn and after each keep, so the keeps are the player's
only decisions. The last single die is set aside automatically, so a turn is five
decisions. The six dice set aside must include a 4 and a 1 (the "tickets"); one of
each is removed and the other four dice are the score (a second 4 or 1 counts as
points). Without both tickets the turn scores 0. Best: 4, 1, 6, 6, 6, 6 = 24.

Rounds and chips
----------------
- Seat 0 starts the first round (no roll-off: who starts is then fair by rotation);
  the start seat moves one seat clockwise (to the next seat still in) every round.
- With chips, every seat still in antes 1 before the round. A seat that cannot ante
  (no chips) is out for the rest of the match. A seat that fails to qualify adds 1
  chip to the pot as soon as its turn ends (as far as it has chips).
- Highest score wins the pot. If the winner scored 24, every other seat of the round
  first adds chips equal to its ante (1, as far as it has chips).
- A tie at the top, including everyone at 0: with ``tie="replay"`` (the ruling) the pot
  stays and the whole table replays the round, same start seat, no new antes; the
  replay does not count as a new round. With ``tie="share"`` the tied seats share
  the pot (an odd chip stays in the pot for the next round) and each counts a round
  won; if nobody qualified the round is still replayed, as there is no one to share.
- End (``match``): after ``rounds`` rounds, or (``"all_chips"``) when one seat holds
  all chips, with ``rounds`` as an optional cap. With chips the match also ends when
  fewer than two seats have chips left. Most chips wins (without chips: most rounds
  won); equal leaders share the win.

Events (``kind``: params)
-------------------------
All events are public (41 has no hidden information).

- ``player_out``: seat -- no chip left for the ante; out of the match.
- ``round_started``: round, start_seat, seats (turn order), replay (0 for the
  first play of the round, 1, 2 ... for tie replays).
- ``antes``: seats, chips (each, 1), pot (after the antes).
- ``turn_started``: seat.
- ``thrown``: seat, throw (1 to 6), dice (as thrown).
- ``kept``: seat, throw, value, kept (all dice set aside so far). Throw 6 is the
  automatic keep of the last die.
- ``turn_scored``: seat, score, kept -- qualified.
- ``not_qualified``: seat, kept, missing (the tickets missing: (4,), (1,) or (4, 1)).
- ``penalty_chip``: seat, chips (paid: 1, or 0 if the seat had none), pot.
- ``doubling_24``: seats (the winner with 24; several if a 24 is shared), payers
  (every other seat of the round), chips (paid by each payer, in order), pot.
- ``round_won``: seat, score, chips (taken from the pot; 0 without chips), round.
- ``round_shared``: seats, score, chips (each), left (odd chips left in the pot), round.
- ``tie_replay``: seats (tied at the top), score, pot, round.
- ``match_over``: winners, scores (chips or rounds won per seat), score_kind
  (``"chips"`` or ``"rounds"``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from ..builder import Builder, with_item
from ..contract import Bot, Game, Outcome, Step, check_seed
from ..errors import ConfigError
from ..rng import Rng
from .table import (
    ANTE,
    DICE,
    FACES,
    MAX_PLAYERS,
    MAX_ROUNDS,
    MAX_SCORE,
    MAX_STARTING_CHIPS,
    MIN_PLAYERS,
    PENALTY,
    TICKETS,
    Dice41Config,
    Dice41State,
    Dice41View,
    Keep,
    RoundKind,
    RoundResult,
    SeatStatus,
    missing_tickets,
    points_so_far,
    turn_score,
)

#: The game, and the table's names (:mod:`.table`) where readers of the rules find them.
__all__ = [
    "ANTE",
    "DICE",
    "FACES",
    "GAME",
    "MAX_PLAYERS",
    "MAX_ROUNDS",
    "MAX_SCORE",
    "MAX_STARTING_CHIPS",
    "MIN_PLAYERS",
    "PENALTY",
    "TICKETS",
    "Dice41",
    "Dice41Config",
    "Dice41State",
    "Dice41View",
    "Keep",
    "RoundKind",
    "RoundResult",
    "SeatStatus",
    "missing_tickets",
    "points_so_far",
    "turn_score",
]


def _can_play(state: Dice41State, seat: int) -> bool:
    """Whether ``seat`` can take part in a new round: with chips, it needs one to ante.
    A seat that could not is out for good, as no chip comes back to it."""
    return not state.config.chips or state.chips[seat] > 0


#: One shared instance per face: histories then hold a handful of objects, which keeps
#: copying long histories cheap.
_KEEPS: dict[int, Keep] = {v: Keep(v) for v in FACES}


class Dice41(Game[Dice41Config, Dice41State, Keep, Dice41View]):
    """The game "41" with six dice."""

    id: ClassVar[str] = "dice41"
    min_players: ClassVar[int] = MIN_PLAYERS
    max_players: ClassVar[int] = MAX_PLAYERS
    config_type: ClassVar[type] = Dice41Config
    view_type: ClassVar[type] = Dice41View
    action_types: ClassVar[tuple[type, ...]] = (Keep,)
    review_rater: ClassVar[str | None] = "pygame_core.dice41.review"
    presets: ClassVar[Mapping[str, Mapping[str, Any]]] = {
        "evening": {"chips": True, "starting_chips": 10, "match": "rounds", "rounds": 10},
        "pub": {"chips": True, "starting_chips": 3, "match": "all_chips", "rounds": 20},
        "family": {"chips": False, "match": "rounds", "rounds": 5},
    }

    # -- setting up ----------------------------------------------------------------------
    def new_game(self, config: Dice41Config, seed: int) -> Dice41State:
        """Seat 0 starts; the antes are paid and its first six dice are thrown."""
        check_seed(seed)
        if not isinstance(config, Dice41Config):
            raise ConfigError("config", "not a dice41 config")
        seats = config.players
        state = Dice41State(
            config=config,
            seed=seed,
            rng=Rng.from_seed(seed),
            round_no=1,
            replay=0,
            start_seat=0,
            order=(),
            turn=0,
            dice=(),
            kept=((),) * seats,
            scores=(None,) * seats,
            chips=(config.starting_chips if config.chips else 0,) * seats,
            pot=0,
            round_wins=(0,) * seats,
        )
        step = Builder(state)
        self._begin_round(step, start_seat=0)
        step.done()
        return step.state

    # -- queries -------------------------------------------------------------------------
    def current_player(self, state: Dice41State) -> int | None:
        """The seat throwing, or ``None`` once the match is over (or in a held moment)."""
        return None if state.over or state.pause else state.order[state.turn]

    def legal_actions(self, state: Dice41State) -> tuple[Keep, ...]:
        """One :class:`Keep` per distinct value among the dice just thrown."""
        if state.over or state.pause:
            return ()
        return tuple(_KEEPS[v] for v in sorted(set(state.dice)))

    def outcome(self, state: Dice41State) -> Outcome | None:
        """Most chips (or rounds won without chips) wins; equal leaders share."""
        if not state.over:
            return None
        kind = "chips" if state.config.chips else "rounds"
        scores = state.chips if state.config.chips else state.round_wins
        top = max(scores)
        return Outcome(tuple(s for s, v in enumerate(scores) if v == top), scores, kind)

    def view(self, state: Dice41State, seat: int | None) -> Dice41View:
        """The table as any seat (or a spectator) sees it."""
        config = state.config
        current = self.current_player(state)
        match_scores = state.chips if config.chips else state.round_wins
        played = [s for s in state.scores if s is not None]
        result = self.outcome(state)
        return Dice41View(
            viewer=seat,
            actor=current,
            round=state.round_no,
            phase="over" if state.over else "round_over" if state.pause else "throwing",
            over=state.over,
            players=config.players,
            rounds=config.rounds,
            match=config.match,
            tie_rule=config.tie,
            replay=state.replay,
            start_seat=state.start_seat,
            order=state.order,
            throw_no=0 if current is None else len(state.kept[current]) + 1,
            dice=state.dice,
            kept=state.kept,
            has_four=tuple(4 in k for k in state.kept),
            has_one=tuple(1 in k for k in state.kept),
            scores=state.scores,
            statuses=tuple(self._status(state, s) for s in range(config.players)),
            best=max(played) if played else None,
            uses_chips=config.chips,
            chips=state.chips,
            pot=state.pot,
            round_wins=state.round_wins,
            standings=tuple(sorted(range(config.players), key=lambda s: -match_scores[s])),
            last_result=state.last_result,
            winners=result.winners if result else (),
        )

    @staticmethod
    def _status(state: Dice41State, seat: int) -> SeatStatus:
        score = state.scores[seat]
        if seat not in state.order:
            return "out"
        if score is not None:
            return "done" if score else "not_qualified"
        if not state.over and not state.pause and state.order[state.turn] == seat:
            return "throwing"
        return "waiting"

    def advise(self, view: Dice41View, legal: Sequence[Keep], seed: int = 0) -> Any | None:
        """The coach's :class:`~.advice.Dice41Advice` for the seat ``view`` is drawn for
        (see :meth:`~pygame_core.contract.Game.advise`)."""
        # Imported here, so the browser's start-up never loads the coach's odds tables.
        from .advice import advise

        return advise(view, legal, seed)

    def review_unit(self, state: Dice41State) -> str:
        """Chips when playing for chips, else the chance to win the round."""
        return "chips" if state.config.chips else "round_win"

    def make_bot(self, level: str) -> Bot:
        """A bot of ``level``: ``"easy"``, ``"medium"`` or ``"expert"``."""
        # Imported here: the bots use this module's view and actions.
        from .bots import make_bot

        return make_bot(level)

    def check_invariants(self, state: Dice41State) -> None:
        """Chips are conserved (stacks plus pot) and never negative."""
        config = state.config
        total = sum(state.chips) + state.pot
        expected = config.players * config.starting_chips if config.chips else 0
        if total != expected or state.pot < 0 or min(state.chips) < 0:
            raise AssertionError(f"chips not conserved: {state.chips} + pot {state.pot}")
        if any(len(k) > DICE for k in state.kept):
            raise AssertionError("more than six dice set aside")

    def arena_metrics(self, state: Dice41State) -> Mapping[str, float]:
        """Rounds played and tie replays."""
        return {"rounds": state.round_no, "tie_replays": state.replays}

    # -- the step ------------------------------------------------------------------------
    def _step(self, state: Dice41State, action: Keep) -> Step:
        step = Builder(state)
        seat = state.order[state.turn]
        throw = len(state.kept[seat]) + 2
        self._keep(step, seat, action.value)
        self._throw(step, seat, throw)
        if throw == DICE:
            # A single die leaves no choice: it is set aside at once.
            self._keep(step, seat, step.state.dice[0])
            self._finish_turn(step, seat)
        return step.done()

    def _keep(self, step: Builder[Dice41State], seat: int, value: int) -> None:
        kept = step.state.kept[seat] + (value,)
        step.update(kept=with_item(step.state.kept, seat, kept), dice=())
        step.emit("kept", seat=seat, throw=len(kept), value=value, kept=kept)

    def _throw(self, step: Builder[Dice41State], seat: int, throw: int) -> None:
        dice = tuple(step.stream.die(6) for _ in range(DICE + 1 - throw))
        step.update(dice=dice)
        step.emit("thrown", seat=seat, throw=throw, dice=dice)

    def _start_turn(self, step: Builder[Dice41State]) -> None:
        seat = step.state.order[step.state.turn]
        step.emit("turn_started", seat=seat)
        self._throw(step, seat, 1)

    def _finish_turn(self, step: Builder[Dice41State], seat: int) -> None:
        state = step.state
        kept = state.kept[seat]
        score = turn_score(kept)
        step.update(scores=with_item(state.scores, seat, score))
        if score:
            step.emit("turn_scored", seat=seat, score=score, kept=kept)
        else:
            step.emit("not_qualified", seat=seat, kept=kept, missing=missing_tickets(kept))
            if state.config.chips:
                paid = self._pay(step, seat, PENALTY)
                step.emit("penalty_chip", seat=seat, chips=paid, pot=step.state.pot)
        if state.turn + 1 < len(state.order):
            step.update(turn=state.turn + 1)
            self._start_turn(step)
        else:
            self._settle_round(step)

    def _pay(self, step: Builder[Dice41State], seat: int, owed: int) -> int:
        """``seat`` pays what it owes into the pot, or what it has."""
        paid = min(owed, step.state.chips[seat])
        step.update(
            chips=with_item(step.state.chips, seat, step.state.chips[seat] - paid),
            pot=step.state.pot + paid,
        )
        return paid

    def _settle_round(self, step: Builder[Dice41State]) -> None:
        state = step.state
        config = state.config
        top = max(s for s in state.scores if s is not None)
        leaders = tuple(s for s in state.order if state.scores[s] == top)
        if len(leaders) > 1 and (config.tie == "replay" or top == 0):
            step.emit("tie_replay", seats=leaders, score=top, pot=state.pot, round=state.round_no)
            self._record(step, "tie_replay", leaders, top, 0, 0)
            step.hold("round")
            step.update(replay=state.replay + 1, replays=state.replays + 1)
            self._play_round(step)
            return
        doubling = 0
        if config.chips and top == MAX_SCORE:
            payers = tuple(s for s in state.order if s not in leaders)
            paid = tuple(self._pay(step, payer, ANTE) for payer in payers)
            doubling = sum(paid)
            step.emit("doubling_24", seats=leaders, payers=payers, chips=paid, pot=step.state.pot)
        share = step.state.pot // len(leaders)
        chips = list(step.state.chips)
        wins = list(state.round_wins)
        for winner in leaders:
            chips[winner] += share
            wins[winner] += 1
        left = step.state.pot - share * len(leaders)
        step.update(chips=tuple(chips), pot=left, round_wins=tuple(wins))
        if len(leaders) == 1:
            step.emit("round_won", seat=leaders[0], score=top, chips=share, round=state.round_no)
            kind: RoundKind = "win_24" if config.chips and top == MAX_SCORE else "win"
        else:
            step.emit(
                "round_shared",
                seats=leaders,
                score=top,
                chips=share,
                left=left,
                round=state.round_no,
            )
            kind = "shared"
        self._record(step, kind, leaders, top, share, doubling)
        step.hold("round")
        if self._match_ends(step.state):
            step.update(over=True)
            result = self.outcome(step.state)
            assert result is not None
            step.emit(
                "match_over",
                winners=result.winners,
                scores=result.scores,
                score_kind=result.score_kind,
            )
        else:
            step.update(round_no=state.round_no + 1)
            self._begin_round(step, self._next_seat_in(step.state, state.start_seat))

    def _record(
        self,
        step: Builder[Dice41State],
        kind: RoundKind,
        seats: tuple[int, ...],
        score: int,
        chips: int,
        doubling: int,
    ) -> None:
        state = step.state
        result = RoundResult(state.round_no, kind, seats, score, state.scores, chips, doubling)
        step.update(last_result=result)

    @staticmethod
    def _match_ends(state: Dice41State) -> bool:
        config = state.config
        if config.rounds is not None and state.round_no >= config.rounds:
            return True
        return config.chips and sum(1 for c in state.chips if c > 0) < 2

    @staticmethod
    def _next_seat_in(state: Dice41State, seat: int) -> int:
        """The next seat clockwise from ``seat`` that can still play this round."""
        players = state.config.players
        for step in range(1, players + 1):
            candidate = (seat + step) % players
            if _can_play(state, candidate):
                return candidate
        raise AssertionError("no seat left to start the round")

    def _begin_round(self, step: Builder[Dice41State], start_seat: int) -> None:
        state = step.state
        config = state.config
        for seat in state.order:
            if not _can_play(state, seat):
                step.emit("player_out", seat=seat)
        clockwise = ((start_seat + i) % config.players for i in range(config.players))
        seats = tuple(s for s in clockwise if _can_play(state, s))
        step.update(start_seat=start_seat, order=seats, replay=0)
        if config.chips:
            for seat in seats:
                self._pay(step, seat, ANTE)
        self._play_round(step, antes=config.chips)

    def _play_round(self, step: Builder[Dice41State], antes: bool = False) -> None:
        """Start a (re)play of the round: clear the table and throw for the first seat."""
        state = step.state
        step.emit(
            "round_started",
            round=state.round_no,
            start_seat=state.start_seat,
            seats=state.order,
            replay=state.replay,
        )
        if antes:
            step.emit("antes", seats=state.order, chips=ANTE, pot=state.pot)
        seats = state.config.players
        step.update(turn=0, kept=((),) * seats, scores=(None,) * seats, dice=())
        self._start_turn(step)


#: The game instance the registry serves.
GAME = Dice41()
