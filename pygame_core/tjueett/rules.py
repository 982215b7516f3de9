"""Tjueett, the Norwegian banker game: config and the order of a round.

Two to ten players with 52 cards. One seat holds the bank and plays every other seat
in turn; the aim is a total as near 21 as possible without going over. Card values,
the deck and the moves shared with Tjugoett are in :mod:`pygame_core.banker`.

A round
-------
1. The banker stakes any number of own chips (at least the minimum bet) into the pot
   (:class:`Stake`).
2. Every other seat that can bet gets one card face down, seen by its owner only.
3. From the banker's left, each player bets (:class:`Bet`) at least ``min_bet`` and at
   most the pot.
4. The banker plays each player in turn, from the left: the player gets a face-up
   card, may :class:`Draw` more up to five cards in all, then :class:`Stand`\\ s. Over
   21: the bet goes to the pot. Else the banker draws face-up cards for himself (two
   at once, then :class:`Draw` or :class:`Stand`, at most five). Banker over 21: the
   pot pays the bet. Else the higher total wins, ties go to the banker; five cards not
   over 21 count as 21 for either side. Five cards take no more: the player stands
   by itself. A player on 21 with fewer cards decides himself (he may even draw:
   standing by itself would tell the table the hidden total); the banker, whose
   cards are all face up, stops on 21. A player's hidden card is shown when the duel
   is settled; the duel's cards stay face up on the table until the round is over.
5. The pot pays wins as far as it goes; a payment that empties it (also one that
   leaves it at exactly 0) breaks the bank: the round ends and the players not yet
   played get their bets back.
6. At the end of the round every card of it goes to the discard pile and the banker
   takes back the pot.

Options (``TjueettConfig``)
---------------------------
- ``bank``: ``"fixed"`` (seat 0 keeps the bank; it starts with ``banker_chips``, the
  others with ``chips``; the text suggests 30 and 10) or ``"rotating"`` (the bank
  passes left after every round; everyone starts with ``chips``, so ``banker_chips``
  must equal it; the text suggests 15).
- ``chips``: the players' starting stack (10); ``min_bet``: the smallest bet and
  stake (1).
- ``rounds``: the match ends after this many rounds (4). ``None`` (rotating bank only):
  the match ends when the bank has gone once round the table. The texts set no end;
  the match also ends when the fixed banker cannot stake (``bank_bust``) or nobody is
  left to bet against the bank (``no_players``).

Presets: ``fixed_bank`` (30 against 10 each, 4 rounds) and ``rotating_bank`` (15 each,
the bank once round the table, so everyone holds it once); both are short on purpose,
longer matches are a ``rounds`` option away.

Events: see :mod:`pygame_core.banker` for every kind and its parameters. Tjueett
never emits the reasons ``twenty_one`` or ``five_cards`` (such hands stand by
themselves and meet the banker); ``round_started.deal`` is always 1.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

from ..banker.config import MAX_CHIPS, check_choice, check_int, check_table
from ..banker.game import BankerGame
from ..banker.table import (
    BET,
    IN,
    PLAYING,
    STAKE,
    STOOD,
    WAITING,
    TableBuilder,
    TableState,
    bettors,
    can_bet,
    deal,
    next_with,
    pass_bank,
    seats_from_left,
    start_round,
    take_pot,
)
from ..builder import with_item
from ..errors import ConfigError
from ..values import Value


@dataclass(frozen=True)
class TjueettConfig(Value):
    """Options of a Tjueett match (see the module docstring)."""

    players: int = 4
    bank: Literal["fixed", "rotating"] = "fixed"
    banker_chips: int = 30
    chips: int = 10
    min_bet: int = 1
    rounds: int | None = 4

    def __post_init__(self) -> None:
        check_table(self.players, self.chips, self.min_bet, self.rounds, (2, 10))
        check_choice("bank", self.bank, ("fixed", "rotating"))
        check_int("banker_chips", self.banker_chips, self.min_bet, MAX_CHIPS)
        if self.bank == "rotating" and self.banker_chips != self.chips:
            raise ConfigError("banker_chips", "with a rotating bank everyone starts equal")
        if self.bank == "fixed" and self.rounds is None:
            raise ConfigError("rounds", "a fixed bank needs a number of rounds")


class Tjueett(BankerGame[TjueettConfig]):
    """The Norwegian banker game."""

    id: ClassVar[str] = "tjueett"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 10
    config_type: ClassVar[type] = TjueettConfig
    presets: ClassVar[dict[str, dict[str, object]]] = {
        "fixed_bank": {"bank": "fixed", "banker_chips": 30, "chips": 10, "rounds": 4},
        "rotating_bank": {"bank": "rotating", "banker_chips": 15, "chips": 15, "rounds": None},
    }

    def _start_chips(self, config: TjueettConfig) -> tuple[int, ...]:
        return (config.banker_chips,) + (config.chips,) * (config.players - 1)

    def _open_round(self, t: TableBuilder) -> None:
        state = t.state
        config: TjueettConfig = state.config
        if config.rounds is not None and state.round >= config.rounds:
            self._finish(t, "rounds")
        elif config.rounds is None and state.laps:
            self._finish(t, "lap")
        elif not can_bet(state, state.banker):
            self._finish(t, "bank_bust")
        elif not bettors(state):
            self._finish(t, "no_players")
        else:
            start_round(t)
            t.update(phase=STAKE, actor=state.banker)

    def _after_stake(self, t: TableBuilder, before: TableState) -> None:
        waiting = [seat for seat in seats_from_left(before) if before.status[seat] == WAITING]
        deal(t, waiting, before)
        t.update(phase=BET, actor=waiting[0] if waiting else None)

    def _after_bet(self, t: TableBuilder, before: TableState, seat: int) -> None:
        waiting = [s for s in seats_from_left(before) if before.status[s] == WAITING and s != seat]
        if waiting:
            t.update(actor=waiting[0])
        else:
            self._next_duel(t)

    def _next_duel(self, t: TableBuilder) -> None:
        """The banker takes on the next player who has bet, or the round ends."""
        state = t.state
        seat = next_with(state, IN)
        if seat is None:
            self._end_round(t)
            return
        hand = deal(t, (seat,), state)[seat]
        # Read before the card: a card changes no status.
        t.update(status=with_item(state.status, seat, PLAYING), opponent=seat)
        self._check_player(t, seat, hand)

    def _after_stand(self, t: TableBuilder, before: TableState, seat: int) -> None:
        t.update(status=with_item(before.status, seat, STOOD))
        self._start_bank(t, before, seat)

    def _after_player(self, t: TableBuilder) -> None:
        t.update(opponent=None)
        self._next_duel(t)

    def _after_bank(self, t: TableBuilder) -> None:
        self._next_duel(t)

    def _close_round(self, t: TableBuilder) -> None:
        state = t.state
        config: TjueettConfig = state.config
        last = config.bank == "rotating" and self._last_round_played(state)
        take_pot(t)
        if last:
            self._finish(t, "rounds" if config.rounds is not None else "lap")
        elif config.bank == "rotating" and not pass_bank(t):
            self._finish(t, "no_players")
        else:
            self._open_round(t)
