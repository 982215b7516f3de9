"""dice21: "21" with one die (or two), push your luck, for 2 to 8 players.

Rules (the seed text plus the binding rulings)
----------------------------------------------
- A roll-off (highest single die, re-rolled among ties) picks the first start seat in
  ``new_game``; the start seat then moves one seat clockwise (to the next seat number)
  every round. Play goes clockwise from the start seat.
- A turn is at least one throw of ``dice`` dice (so a fresh turn offers only
  :class:`Roll`); the player may :class:`Stop` after any throw. Reaching ``target``
  exactly ends the turn at once; going over is a bust: the turn is worth 0.
- Round winner: the highest total not over the target. Tied top: the tied players roll
  one die each, highest wins, re-rolled among ties (done automatically, as events).
  Everyone bust: no winner, the round is replayed.
- Match (``match``): ``"single"`` one round; ``"series"`` as many rounds as players, so
  every player starts once; tied leaders then play deciding rounds among themselves
  until one leads; ``"rounds"``: ``rounds`` rounds, equal leaders share the win.
- Chips (``chips``): everyone antes 1 before a round; a bust pays 1 more at once (if the
  player has a chip left); the winner takes the pot. All bust: the pot stays and the
  replay's antes are added. Tied top: roll-off for the pot (``tie_pot="rolloff"``) or
  split it evenly (``"split"``; the tied players all count the round as won, and an odd
  chip stays in the pot). A player who cannot ante is out for the rest of the match.

House decisions where the texts are silent
------------------------------------------
- A replayed round (everyone bust) is the same round again: same round number, same
  start seat (moved on only if that player is out), and it does not count towards the
  series or the agreed rounds.
- With chips, chips decide every format: the match ends when one player holds every
  chip, or when only one player can still ante (that player takes the pot), or when
  the format's rounds are over; then the most chips wins. ``"single"`` is one round
  (replays included); ``"series"`` still lasts one round per player, and players tied
  on the most chips play a deciding round for them; ``"rounds"``: equal leaders share.
- If nobody at all can ante (an all-bust round took everyone's last chip), nobody is
  put out: the same players replay for the pot without antes.

Events (``Event.kind`` and params; every event is public)
---------------------------------------------------------
- ``round_started`` (round, start_seat, seats, round_kind, replay): a round begins;
  ``seats`` in playing order; ``round_kind`` is ``"normal"`` or ``"deciding"`` (a
  series tiebreak); ``replay`` counts earlier all-bust attempts of this round (0: first
  attempt). Round 1 starts in ``new_game`` without an event (the view shows it).
- ``player_out`` (seat): the seat cannot ante and is out of the match.
- ``ante`` (seats, pot): each of ``seats`` put 1 chip in; ``pot`` after.
- ``rolled`` (seat, dice, total): a throw; ``dice`` the faces, ``total`` the new total.
- ``hit_target`` (seat, total): the target reached exactly; the turn ends.
- ``bust`` (seat, total, paid, pot): over the target; ``paid`` the bust chip (0 or 1).
- ``stood`` (seat, total): the player stopped.
- ``all_bust_replay`` (round, pot): everyone bust; the round will be replayed.
- ``tie_rolloff`` (seats, rolls): one roll-off throw per tied seat (one event per
  re-roll; ``rolls`` matches ``seats``).
- ``round_won`` (seat, total, reason): ``reason`` ``"outright"`` or ``"rolloff"``.
- ``round_shared`` (seats, total): a tie with ``tie_pot="split"``.
- ``pot_won`` (seat, chips): the seat takes the pot.
- ``pot_split`` (seats, each, kept): each tied seat gets ``each``; ``kept`` stays.
- ``deciding_round`` (seats): the series ended with these seats tied for the lead.
- ``match_over`` (winners, scores, score_kind): the end; as in :meth:`Dice21.outcome`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Literal

from ..builder import Builder, with_item
from ..contract import Bot, Game, Outcome, Step, check_seed
from ..errors import ConfigError
from ..rng import Rng
from .table import (
    MAX_PLAYERS,
    MAX_ROUNDS,
    MAX_STARTING_CHIPS,
    MIN_PLAYERS,
    ROLL,
    STOP,
    Action,
    Dice21Config,
    Dice21State,
    Dice21View,
    MatchFormat,
    Roll,
    Rolloff,
    RolloffThrow,
    RoundKind,
    RoundResult,
    SeatStatus,
    SeatView,
    Stop,
    TiePot,
    roll_off,
)

#: The game, and the table's names (:mod:`.table`) where readers of the rules find them.
__all__ = [
    "MAX_PLAYERS",
    "MAX_ROUNDS",
    "MAX_STARTING_CHIPS",
    "MIN_PLAYERS",
    "ROLL",
    "STOP",
    "Action",
    "Dice21",
    "Dice21Config",
    "Dice21State",
    "Dice21View",
    "MatchFormat",
    "Roll",
    "Rolloff",
    "RolloffThrow",
    "RoundKind",
    "RoundResult",
    "SeatStatus",
    "SeatView",
    "Stop",
    "TiePot",
    "roll_off",
]


class Dice21(Game[Dice21Config, Dice21State, Action, Dice21View]):
    """The dice21 rules (see the module docstring)."""

    id: ClassVar[str] = "dice21"
    min_players: ClassVar[int] = MIN_PLAYERS
    max_players: ClassVar[int] = MAX_PLAYERS
    config_type: ClassVar[type] = Dice21Config
    view_type: ClassVar[type] = Dice21View
    action_types: ClassVar[tuple[type, ...]] = (Roll, Stop)
    review_rater: ClassVar[str | None] = "pygame_core.dice21.review"
    presets: ClassVar[Mapping[str, Mapping[str, Any]]] = {
        "classic": {"dice": 1, "target": 21},
        "two_dice": {"dice": 2, "target": 21},
        "target36": {"dice": 2, "target": 36},
    }

    def new_game(self, config: Dice21Config, seed: int) -> Dice21State:
        """A match with the start roll-off done and round 1 (with its antes) begun."""
        check_seed(seed)
        if not isinstance(config, Dice21Config):
            raise ConfigError("config", "must be a Dice21Config")
        stream = Rng.from_seed(seed).stream()
        players = config.players
        rolloff = roll_off(range(players), stream)
        idle: SeatStatus = "idle"
        blank = Dice21State(
            config=config,
            seed=seed,
            rng=stream.freeze(),
            start_rolloff=rolloff,
            round_no=1,
            round_kind="normal",
            contenders=tuple(range(players)),
            start_seat=rolloff.winner,
            order=(),
            turn=0,
            totals=(0,) * players,
            throws=((),) * players,
            status=(idle,) * players,
            chips=(config.starting_chips if config.chips else 0,) * players,
            pot=0,
            rounds_won=(0,) * players,
            last_throw=(),
            last_throw_seat=None,
            last_result=None,
            replays=0,
            winners=(),
            over=False,
        )
        step = Builder(blank)
        # The opening's events are dropped: new_game returns a state only, and the view
        # shows the roll-off, the first round and its antes.
        self._begin_round(step, blank.contenders, rolloff.winner, "normal", round_no=1, replays=0)
        step.done()
        return step.state

    def current_player(self, state: Dice21State) -> int | None:
        """The seat to act, or ``None`` once the match is over (or in a held moment)."""
        return None if state.over or state.pause else state.order[state.turn]

    def legal_actions(self, state: Dice21State) -> tuple[Action, ...]:
        """``(Roll(),)`` on a fresh turn, ``(Roll(), Stop())`` after a throw."""
        seat = self.current_player(state)
        if seat is None:
            return ()
        return (ROLL, STOP) if state.throws[seat] else (ROLL,)

    def outcome(self, state: Dice21State) -> Outcome | None:
        """Winners (several when shared) and chips, or rounds won without chips."""
        if not state.over:
            return None
        if state.config.chips:
            return Outcome(state.winners, state.chips, "chips")
        return Outcome(state.winners, state.rounds_won, "rounds")

    def view(self, state: Dice21State, seat: int | None) -> Dice21View:
        """The table as ``seat`` sees it (all of dice21 is public)."""
        config = state.config
        standing = [state.totals[s] for s in state.order if state.status[s] == "stood"]
        best = max(standing, default=0)
        planned = {"single": 1, "series": config.players, "rounds": config.rounds}
        return Dice21View(
            viewer=seat,
            actor=self.current_player(state),
            round=state.round_no,
            phase="over" if state.over else "round_over" if state.pause else "playing",
            over=state.over,
            config=config,
            rounds_planned=planned[config.match],
            round_kind=state.round_kind,
            replays=state.replays,
            start_seat=state.start_seat,
            turn_order=state.order,
            seats=tuple(
                SeatView(
                    s,
                    state.totals[s],
                    state.status[s],
                    state.throws[s],
                    state.chips[s],
                    state.rounds_won[s],
                )
                for s in range(config.players)
            ),
            pot=state.pot,
            last_throw=state.last_throw,
            last_throw_seat=state.last_throw_seat,
            best_total=best,
            best_holders=standing.count(best) if best else 0,
            to_play_after=0 if state.over or state.pause else len(state.order) - state.turn - 1,
            last_result=state.last_result,
            start_rolloff=state.start_rolloff,
            winners=state.winners,
        )

    def advise(self, view: Dice21View, legal: Sequence[Action], seed: int = 0) -> Any | None:
        """The coach's :class:`~.advice.Dice21Advice` for the seat ``view`` is drawn for
        (see :meth:`~pygame_core.contract.Game.advise`)."""
        # Imported here, so the browser's start-up never loads the coach's odds tables.
        from .advice import advise

        return advise(view, legal, seed)

    def make_bot(self, level: str) -> Bot:
        """The bot of ``level``: ``"easy"``, ``"medium"`` or ``"expert"``."""
        # Imported here: the bots need this module's actions and view, and loading the
        # odds tables only when a bot is asked for keeps start-up light in the browser.
        from .bots import make_bot

        return make_bot(level)

    def check_invariants(self, state: Dice21State) -> None:
        """Chips are conserved and never negative; totals are consistent."""
        config = state.config
        if config.chips:
            if sum(state.chips) + state.pot != config.players * config.starting_chips:
                raise AssertionError(f"chips not conserved: {state.chips} + pot {state.pot}")
            if min(state.chips) < 0 or state.pot < 0:
                raise AssertionError("negative chips")
        for seat, status in enumerate(state.status):
            total = state.totals[seat]
            if sum(state.throws[seat]) != total:
                raise AssertionError(f"seat {seat}: total does not match its throws")
            if (status == "bust") != (total > config.target) and status != "out":
                raise AssertionError(f"seat {seat}: status {status} does not match total {total}")

    def arena_metrics(self, state: Dice21State) -> Mapping[str, float]:
        """Rounds played; for single-round matches whether the first mover won."""
        metrics: dict[str, float] = {"rounds": state.round_no}
        if state.config.match == "single" and state.order:
            metrics["first_mover_won"] = 1.0 if state.order[0] in state.winners else 0.0
        return metrics

    # -- the step ------------------------------------------------------------------------
    def _step(self, state: Dice21State, action: Action) -> Step:
        step = Builder(state)
        if isinstance(action, Roll):
            self._roll(step)
        else:
            self._stop(step)
        return step.done()

    def _roll(self, step: Builder[Dice21State]) -> None:
        state = step.state
        config = state.config
        seat = state.order[state.turn]
        dice = tuple(step.stream.die(6) for _ in range(config.dice))
        total = state.totals[seat] + sum(dice)
        step.update(
            totals=with_item(state.totals, seat, total),
            throws=with_item(state.throws, seat, state.throws[seat] + (sum(dice),)),
            last_throw=dice,
            last_throw_seat=seat,
        )
        step.emit("rolled", seat=seat, dice=dice, total=total)
        if total == config.target:
            step.emit("hit_target", seat=seat, total=total)
            self._end_turn(step, state, "stood")
        elif total > config.target:
            paid = min(1, state.chips[seat]) if config.chips else 0
            pot = state.pot + paid
            step.update(chips=with_item(state.chips, seat, state.chips[seat] - paid), pot=pot)
            step.emit("bust", seat=seat, total=total, paid=paid, pot=pot)
            self._end_turn(step, state, "bust")

    def _stop(self, step: Builder[Dice21State]) -> None:
        state = step.state
        seat = state.order[state.turn]
        step.emit("stood", seat=seat, total=state.totals[seat])
        self._end_turn(step, state, "stood")

    def _end_turn(self, step: Builder[Dice21State], state: Dice21State, ended: SeatStatus) -> None:
        """The turn of the seat to act ended (``"stood"`` or ``"bust"``); ``state`` is
        the step's start, whose turn and statuses the step has not changed yet (reading
        them there saves building a state in the middle of every turn's end)."""
        turn = state.turn + 1
        status = with_item(state.status, state.order[state.turn], ended)
        if turn < len(state.order):
            step.update(turn=turn, status=with_item(status, state.order[turn], "rolling"))
        else:
            step.update(turn=turn, status=status)
            self._finish_round(step)

    # -- the end of a round --------------------------------------------------------------
    def _finish_round(self, step: Builder[Dice21State]) -> None:
        state = step.state
        config = state.config
        standing = [s for s in state.order if state.status[s] == "stood"]
        if not standing:
            step.update(last_result=RoundResult(state.round_no, "all_bust", (), 0, None, 0))
            step.emit("all_bust_replay", round=state.round_no, pot=state.pot)
            step.hold("round")
            self._begin_round(
                step,
                state.contenders,
                state.start_seat,
                state.round_kind,
                round_no=state.round_no,
                replays=state.replays + 1,
            )
            return
        total = max(state.totals[s] for s in standing)
        tied = tuple(s for s in standing if state.totals[s] == total)
        rolloff = None
        winners: tuple[int, ...]
        reason: Literal["outright", "rolloff", "split"]
        if len(tied) == 1:
            winners, reason = tied, "outright"
        elif config.chips and config.tie_pot == "split":
            winners, reason = tied, "split"
        else:
            rolloff = roll_off(tied, step.stream)
            for throw in rolloff.throws:
                step.emit("tie_rolloff", seats=throw.seats, rolls=throw.dice)
            winners, reason = (rolloff.winner,), "rolloff"
        if reason == "split":
            step.emit("round_shared", seats=winners, total=total)
        else:
            step.emit("round_won", seat=winners[0], total=total, reason=reason)
        paid = self._pay_pot(step, winners)
        wins = list(state.rounds_won)
        for seat in winners:
            wins[seat] += 1
        result = RoundResult(state.round_no, reason, winners, total, rolloff, paid)
        step.update(rounds_won=tuple(wins), last_result=result)
        step.hold("round")
        self._after_round(step)

    def _pay_pot(self, step: Builder[Dice21State], winners: tuple[int, ...]) -> int:
        """The pot to ``winners`` in equal shares (an odd chip stays); the chips paid."""
        state = step.state
        if not state.config.chips:
            return 0
        each = state.pot // len(winners)
        chips = list(state.chips)
        for seat in winners:
            chips[seat] += each
        paid = each * len(winners)
        pot = state.pot - paid
        step.update(chips=tuple(chips), pot=pot)
        if len(winners) == 1:
            step.emit("pot_won", seat=winners[0], chips=paid)
        else:
            step.emit("pot_split", seats=winners, each=each, kept=pot)
        return paid

    def _after_round(self, step: Builder[Dice21State]) -> None:
        state = step.state
        config = state.config
        one_holds_all = config.chips and config.players * config.starting_chips in state.chips
        rounds_over = config.match == "single" or (
            config.match == "rounds" and state.round_no >= config.rounds
        )
        if one_holds_all or rounds_over:
            self._end_match(step)
        elif config.match == "series" and state.round_no >= config.players:
            leaders = _leaders(state)
            if len(leaders) == 1:
                self._end_match(step)
            else:
                step.emit("deciding_round", seats=leaders)
                self._next_round(step, leaders, "deciding")
        else:
            self._next_round(step, tuple(range(config.players)), "normal")

    def _next_round(
        self, step: Builder[Dice21State], contenders: tuple[int, ...], kind: RoundKind
    ) -> None:
        state = step.state
        start_from = (state.start_seat + 1) % state.config.players
        self._begin_round(
            step, contenders, start_from, kind, round_no=state.round_no + 1, replays=0
        )

    def _begin_round(
        self,
        step: Builder[Dice21State],
        contenders: tuple[int, ...],
        start_from: int,
        kind: RoundKind,
        *,
        round_no: int,
        replays: int,
    ) -> None:
        """Start round ``round_no`` (its ``replays``-th replay) among ``contenders``; the
        start seat is the first player clockwise from ``start_from``. Puts out players
        who cannot ante."""
        state = step.state
        config = state.config
        players = config.players
        status = list(state.status)
        chips = list(state.chips)
        if config.chips and any(chips):
            for seat in range(players):
                if status[seat] != "out" and chips[seat] == 0:
                    status[seat] = "out"
                    step.emit("player_out", seat=seat)
            still_in = [s for s in range(players) if status[s] != "out"]
            if len(still_in) == 1:
                step.update(round_no=round_no, replays=replays, status=tuple(status))
                if state.pot:
                    self._pay_pot(step, (still_in[0],))
                self._end_match(step)
                return
        playing = [s for s in contenders if status[s] != "out"]
        start = next(
            seat for turn in range(players) if (seat := (start_from + turn) % players) in playing
        )
        order = tuple(sorted(playing, key=lambda s: (s - start) % players))
        for seat in range(players):
            if status[seat] != "out":
                status[seat] = "waiting" if seat in playing else "idle"
        status[start] = "rolling"
        step.emit(
            "round_started",
            round=round_no,
            start_seat=start,
            seats=order,
            round_kind=kind,
            replay=replays,
        )
        pot = state.pot
        if config.chips:
            payers = tuple(s for s in order if chips[s] > 0)
            for seat in payers:
                chips[seat] -= 1
            pot += len(payers)
            if payers:
                step.emit("ante", seats=payers, pot=pot)
        step.update(
            round_no=round_no,
            replays=replays,
            start_seat=start,
            contenders=contenders,
            round_kind=kind,
            order=order,
            turn=0,
            totals=(0,) * players,
            throws=((),) * players,
            status=tuple(status),
            chips=tuple(chips),
            pot=pot,
        )

    def _end_match(self, step: Builder[Dice21State]) -> None:
        state = step.state
        winners = _leaders(state)
        step.update(over=True, winners=winners)
        step.emit(
            "match_over",
            winners=winners,
            scores=_match_scores(state),
            score_kind="chips" if state.config.chips else "rounds",
        )


def _match_scores(state: Dice21State) -> tuple[int, ...]:
    """What decides the match: chips, or rounds won without chips."""
    return state.chips if state.config.chips else state.rounds_won


def _leaders(state: Dice21State) -> tuple[int, ...]:
    """The seats with the best :func:`_match_scores`."""
    scores = _match_scores(state)
    top = max(scores)
    return tuple(s for s in range(state.config.players) if scores[s] == top)
