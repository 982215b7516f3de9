"""Tjugoett, the Swedish banker game: config and the order of a round.

Three to ten players with 52 cards, values as in Tjueett (ace 1 or 14). The banker
stakes the pot and deals; each player in turn bets and plays out the hand at once.
Card values, the deck and the moves shared with Tjueett are in
:mod:`pygame_core.banker`.

A round (a deal)
----------------
1. When the pot is empty (a new bank, or the bank was blown) the banker opens a bank
   from own chips (:class:`Stake`, at least the minimum bet). Otherwise the pot left
   from the banker's last deal plays on.
2. Every other seat that can bet gets one card face down (seen by its owner only).
3. Player by player from the banker's left: the player bets (:class:`Bet`, at least
   ``min_bet``, at most what the pot holds at that moment) and gets a second card,
   then plays out at once: 21 (any number of cards) is paid at once from the pot and
   the bet comes back; over 21 loses the bet to the pot; five cards without 21 or
   bust count as 21 and are paid at once; otherwise :class:`Draw` another card or
   :class:`Stand` (satisfied). Every card of a player's hand lies face down, seen by
   that player alone, until the hand is settled; then it is shown to all.
4. A satisfied player meets the banker at once, before the next player bets: the
   banker lays out a fresh hand of face-up cards, two at once and then one by one
   (:class:`Draw` / :class:`Stand`). Banker 21 (or five cards): the player loses.
   Banker over 21: the pot pays the bet. Banker satisfied: the player shows the hand;
   higher total wins, ties go to the banker.
5. A payment that empties the pot blows the bank: the deal ends, the satisfied
   players still waiting get their bets back.
6. Used cards go to the discard pile when the deal is over (:mod:`..banker.deck`).

The bank
--------
A banker deals ``deals_per_bank`` deals (3: "Varje bankir får tre givar på sig innan
man byter"), then takes the pot and the bank passes left. If the bank is blown before
that, the banker opens a new bank from own chips at the next deal; a banker with too
few chips passes the bank on instead.

Deals and rounds
----------------
The text counts deals ("givar") and says how many a banker deals; it sets no length
for the match. Here (and in the core's events and state, as in Tjueett) one deal is
one ``round``; what the players call a round of Tjugoett is the bank going once round
the table (a lap: everyone who can holds the bank once, for ``deals_per_bank`` deals).
The match is ``laps`` such rounds, so the setup's two numbers mean what they say:
"deals per banker" and "rounds, each with everyone holding the bank once".

Reading of the text
-------------------
The text has the banker play right after a satisfied player ("Vi antar att du
förklarat dig nöjd ... Då lägger bankiren ut"), so by default each satisfied player
meets a fresh banker hand at once, and the next bet is capped by the pot as it stands
after that duel (``banker_plays="at_once"``). The order of the wider vingt-et-un
family stays an option: the banker plays after every player has had a turn, with one
hand against all the satisfied players (``"after_all"``) or a fresh hand against each
in turn (``"after_all_each"``). The text never turns a player's cards up before the
showdown ("när du visat upp din hand"), so the whole hand is face down until settled.

Options (``TjugoettConfig``)
----------------------------
- ``chips``: every seat's starting stack (15, as the Norwegian text suggests for equal
  stacks); ``min_bet``: smallest bet and stake (1).
- ``deals_per_bank``: deals before the bank passes (3).
- ``banker_plays``: ``"at_once"``, ``"after_all"`` or ``"after_all_each"`` (see
  above). It replaced ``banker_hand`` (``"shared"``: ``"after_all"``, ``"each"``:
  ``"after_all_each"``); saves from before it are refused by their rules revision
  (:mod:`pygame_core.saves`), since their moves would not replay the same match.
- ``laps``: the match ends when the bank has gone this many times round the table
  (1: everyone holds it once). The text sets no end; the match also ends when nobody
  is left to bet against the bank (``no_players``).
- ``rounds``: a fixed number of deals in all instead (``None``, the default: the laps
  decide). The setup no longer offers it: it counted deals while the setup called them
  rounds, so that the last banker could deal fewer than the others. A save or deal
  code made before ``laps`` has it and replays as it was (``laps`` stays 1 with it, as
  the laps then play no part).

Presets: ``classic`` (the defaults: 3 deals a bank, 15 chips, the bank once round the
table, the banker plays each satisfied player at once) and ``after_all`` (the same, but
the banker lays out one hand against all satisfied players after the last player). A
shorter match where everyone still holds the bank once: ``deals_per_bank=1``; a longer
one: ``laps=2``.

Events: see :mod:`pygame_core.banker` for every kind and its parameters;
``round_started.deal`` counts the current banker's deals from 1.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from ..banker.config import check_choice, check_int, check_table
from ..banker.game import BankerGame
from ..banker.table import (
    BET,
    PLAYING,
    STAKE,
    STOOD,
    WAITING,
    TableBuilder,
    TableState,
    bettors,
    can_bet,
    deal,
    next_banker,
    next_with,
    pass_bank,
    seats_from_left,
    start_round,
    take_pot,
)
from ..builder import with_item
from ..errors import ConfigError
from ..values import Value

#: When the banker plays the satisfied players (see the module docstring).
BANKER_PLAYS = ("at_once", "after_all", "after_all_each")
#: Most times a match may send the bank round the table.
MAX_LAPS = 100


@dataclass(frozen=True)
class TjugoettConfig(Value):
    """Options of a Tjugoett match (see the module docstring)."""

    players: int = 4
    chips: int = 15
    min_bet: int = 1
    deals_per_bank: int = 3
    banker_plays: Literal["at_once", "after_all", "after_all_each"] = "at_once"
    rounds: int | None = None
    laps: int = 1

    def __post_init__(self) -> None:
        check_table(self.players, self.chips, self.min_bet, self.rounds, (3, 10))
        check_int("deals_per_bank", self.deals_per_bank, 1, 100)
        check_choice("banker_plays", self.banker_plays, BANKER_PLAYS)
        check_int("laps", self.laps, 1, MAX_LAPS)
        if self.rounds is not None and self.laps != 1:
            raise ConfigError(
                "laps",
                "a match of a fixed number of deals (rounds) is not counted in laps: "
                "leave laps at 1 or rounds empty",
            )


class Tjugoett(BankerGame[TjugoettConfig]):
    """The Swedish banker game."""

    id: ClassVar[str] = "tjugoett"
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 10
    config_type: ClassVar[type] = TjugoettConfig
    instant_win: ClassVar[bool] = True
    hidden_hands: ClassVar[bool] = True
    bet_status: ClassVar[str] = PLAYING
    pot_carries_over: ClassVar[bool] = True
    presets: ClassVar[dict[str, dict[str, object]]] = {
        "classic": {"banker_plays": "at_once"},
        "after_all": {"banker_plays": "after_all"},
    }

    def _start_chips(self, config: TjugoettConfig) -> tuple[int, ...]:
        return (config.chips,) * config.players

    def _deals_per_bank(self, config: TjugoettConfig) -> int:
        return config.deals_per_bank

    def _shared_bank_hand(self, config: TjugoettConfig) -> bool:
        return config.banker_plays == "after_all"

    def _laps(self, config: TjugoettConfig) -> int | None:
        return None if config.rounds is not None else config.laps

    def config_to_dict(self, config: TjugoettConfig) -> dict[str, Any]:
        """The config as data; ``laps`` only when it is not 1, so a match of one lap (every
        match saved before laps existed) is written as it always was, to the byte."""
        data = super().config_to_dict(config)
        if data.get("laps") == 1:
            del data["laps"]
        return data

    def _last_round_played(self, state: TableState) -> bool:
        """Whether the match ends with the deal just over: the deals are played
        (``rounds``), or passing the bank would end the last lap."""
        config: TjugoettConfig = state.config
        if config.rounds is not None:
            return state.round >= config.rounds
        found = next_banker(state)
        return found is not None and state.laps + found[1] >= config.laps

    def _open_round(self, t: TableBuilder) -> None:
        state = t.state
        config: TjugoettConfig = state.config
        if config.rounds is not None and state.round >= config.rounds:
            self._finish(t, "rounds")
        elif config.rounds is None and state.laps >= config.laps:
            self._finish(t, "lap")
        elif not bettors(state):
            self._finish(t, "no_players")
        else:
            start_round(t)
            if state.pot:
                # The round's players: the seats that can bet, now waiting.
                self._deal_round(t, t.state, bettors(state))
            else:
                t.update(phase=STAKE, actor=state.banker)

    def _after_stake(self, t: TableBuilder, before: TableState) -> None:
        players = [seat for seat in seats_from_left(before) if before.status[seat] == WAITING]
        self._deal_round(t, before, players)

    def _deal_round(self, t: TableBuilder, state: TableState, players: list[int]) -> None:
        """A face-down card to each of the round's ``players`` (in playing order), dealt
        from ``state`` (its cards untouched since); then the first one bets."""
        deal(t, players, state)
        t.update(phase=BET, actor=players[0])

    def _next_player(self, t: TableBuilder) -> None:
        """The next player bets; after the last, the banker plays any satisfied ones left.

        With ``banker_plays="at_once"`` nobody is left satisfied here: each met the
        banker on standing.
        """
        state = t.state
        seat = next_with(state, WAITING)
        if seat is not None:
            t.update(phase=BET, actor=seat)
            return
        waiting = next_with(state, STOOD)
        if waiting is None:
            self._end_round(t)
        else:
            opponent = None if self._shared_bank_hand(state.config) else waiting
            self._start_bank(t, state, opponent)

    def _after_bet(self, t: TableBuilder, before: TableState, seat: int) -> None:
        self._check_player(t, seat, deal(t, (seat,), before)[seat])

    def _after_stand(self, t: TableBuilder, before: TableState, seat: int) -> None:
        t.update(status=with_item(before.status, seat, STOOD))
        config: TjugoettConfig = before.config
        if config.banker_plays == "at_once":
            self._start_bank(t, before, seat)
        else:
            self._next_player(t)

    def _after_player(self, t: TableBuilder) -> None:
        self._next_player(t)

    def _after_bank(self, t: TableBuilder) -> None:
        self._next_player(t)

    def _close_round(self, t: TableBuilder) -> None:
        state = t.state
        config: TjugoettConfig = state.config
        bank_deals = state.bank_deals + 1
        if bank_deals >= config.deals_per_bank or (
            state.pot == 0 and not can_bet(state, state.banker)
        ):
            take_pot(t)
            t.update(bank_deals=0)
            if self._last_round_played(state):
                self._finish(t, "rounds" if config.rounds is not None else "lap")
                return
            if not pass_bank(t):
                self._finish(t, "no_players")
                return
        else:
            t.update(bank_deals=bank_deals)
        self._open_round(t)
