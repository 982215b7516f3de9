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
A banker deals ``deals_per_bank`` rounds (3), then takes the pot and the bank passes
left. If the bank is blown before that, the banker opens a new bank from own chips
at the next deal; a banker with too few chips passes the bank on instead.

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
  above). Saves made before this option existed name ``banker_hand``: ``"shared"``
  loads as ``"after_all"`` and ``"each"`` as ``"after_all_each"``.
- ``rounds``: the match ends after this many deals; ``None``: when the bank has gone
  once round the table, so that everyone has held it. The text sets no end; the match
  also ends when nobody is left to bet against the bank (``no_players``).

Presets: ``classic`` (the defaults: 3 deals a bank, 15 chips, the bank once round the
table, the banker plays each satisfied player at once) and ``after_all`` (the same, but
the banker lays out one hand against all satisfied players after the last player). A
shorter match where everyone still holds the bank once: ``deals_per_bank=1``.

Events: see :mod:`pygame_core.banker` for every kind and its parameters;
``round_started.deal`` counts the current banker's deals from 1.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from ..banker.config import check_choice, check_int, check_table
from ..banker.game import BankerGame
from ..banker.table import BET, PLAYING, STAKE, STOOD, WAITING, Table
from ..errors import ConfigError
from ..values import Value

#: When the banker plays the satisfied players (see the module docstring).
BANKER_PLAYS = ("at_once", "after_all", "after_all_each")
#: The option's values under its old name, ``banker_hand`` (both played after all).
OLD_BANKER_HAND = {"shared": "after_all", "each": "after_all_each"}


@dataclass(frozen=True)
class TjugoettConfig(Value):
    """Options of a Tjugoett match (see the module docstring)."""

    players: int = 4
    chips: int = 15
    min_bet: int = 1
    deals_per_bank: int = 3
    banker_plays: Literal["at_once", "after_all", "after_all_each"] = "at_once"
    rounds: int | None = None

    def __post_init__(self) -> None:
        check_table(self.players, self.chips, self.min_bet, self.rounds, (3, 10))
        check_int("deals_per_bank", self.deals_per_bank, 1, 100)
        check_choice("banker_plays", self.banker_plays, BANKER_PLAYS)


class Tjugoett(BankerGame[TjugoettConfig]):
    """The Swedish banker game."""

    id: ClassVar[str] = "tjugoett"
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 10
    config_type: ClassVar[type] = TjugoettConfig
    instant_win: ClassVar[bool] = True
    hidden_hands: ClassVar[bool] = True
    presets: ClassVar[dict[str, dict[str, object]]] = {
        "classic": {"banker_plays": "at_once"},
        "after_all": {"banker_plays": "after_all"},
    }

    def config_from_dict(self, data: Any) -> TjugoettConfig:
        """Also reads configs saved under the option's old name, ``banker_hand``."""
        if isinstance(data, dict) and "banker_hand" in data:
            data = dict(data)
            old = data.pop("banker_hand")
            if "banker_plays" in data:
                raise ConfigError("banker_hand", "replaced by banker_plays; give only that")
            if not isinstance(old, str) or old not in OLD_BANKER_HAND:
                raise ConfigError("banker_hand", "must be 'shared' or 'each' (old saves)")
            data["banker_plays"] = OLD_BANKER_HAND[old]
        return super().config_from_dict(data)

    def _start_chips(self, config: TjugoettConfig) -> tuple[int, ...]:
        return (config.chips,) * config.players

    def _deals_per_bank(self, config: TjugoettConfig) -> int:
        return config.deals_per_bank

    def _shared_bank_hand(self, config: TjugoettConfig) -> bool:
        return config.banker_plays == "after_all"

    def _open_round(self, t: Table) -> None:
        config: TjugoettConfig = t.state.config
        if config.rounds is not None and t.round >= config.rounds:
            self._finish(t, "rounds")
        elif config.rounds is None and t.laps:
            self._finish(t, "lap")
        elif not t.bettors():
            self._finish(t, "no_players")
        else:
            t.start_round()
            if t.pot:
                self._deal_round(t)
            else:
                t.phase, t.actor = STAKE, t.banker

    def _after_stake(self, t: Table) -> None:
        self._deal_round(t)

    def _deal_round(self, t: Table) -> None:
        """A face-down card to every player in the round, then the first one bets."""
        for seat in t.seats_from_left():
            if t.status[seat] == WAITING:
                t.deal(seat)
        self._next_player(t)

    def _next_player(self, t: Table) -> None:
        """The next player bets; after the last, the banker plays any satisfied ones left.

        With ``banker_plays="at_once"`` nobody is left satisfied here: each met the
        banker on standing.
        """
        seat = t.next_with(WAITING)
        if seat is not None:
            t.phase, t.actor = BET, seat
            return
        waiting = t.next_with(STOOD)
        if waiting is None:
            self._end_round(t)
        else:
            self._start_bank(t, None if self._shared_bank_hand(t.state.config) else waiting)

    def _after_bet(self, t: Table, seat: int) -> None:
        t.status[seat] = PLAYING
        t.deal(seat)
        self._check_player(t, seat)

    def _after_stand(self, t: Table, seat: int) -> None:
        t.status[seat] = STOOD
        config: TjugoettConfig = t.state.config
        if config.banker_plays == "at_once":
            self._start_bank(t, seat)
        else:
            self._next_player(t)

    def _after_player(self, t: Table) -> None:
        self._next_player(t)

    def _after_bank(self, t: Table) -> None:
        self._next_player(t)

    def _close_round(self, t: Table) -> None:
        config: TjugoettConfig = t.state.config
        t.bank_deals += 1
        if t.bank_deals >= config.deals_per_bank or (t.pot == 0 and not t.can_bet(t.banker)):
            t.take_pot()
            t.bank_deals = 0
            if self._last_round_played(t):
                self._finish(t, "rounds" if config.rounds is not None else "lap")
                return
            if not t.pass_bank():
                self._finish(t, "no_players")
                return
        self._open_round(t)
