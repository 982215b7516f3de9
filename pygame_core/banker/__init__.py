"""What Tjueett (Norwegian) and Tjugoett (Swedish) share: the banker card games.

- :mod:`.hand`: card values (2-10, J 11, Q 12, K 13, ace 1 or 14) and hand totals, with
  the five-card rule (five cards not over 21 count as 21).
- :mod:`.deck`: the deck, its discard pile and the reshuffle rule.
- :mod:`.table`: actions (:class:`Stake`, :class:`Bet`, :class:`Draw`, :class:`Stand`),
  the state, the view and the chip and card moves.
- :mod:`.game`: :class:`BankerGame`, the contract and the moves both texts share.
- :mod:`.odds`: exact card-counting odds over the cards a seat has not seen.
- :mod:`.bots`: the three bot levels, for both games and both roles.
- :mod:`.advice`: the coach, for both games and both roles.

Decisions that hold for both games
----------------------------------
- Seat 0 holds the bank first; "left" is the next seat number.
- A player's hand lies face down until it is settled: the first card in Tjueett (the
  others come face up), every card in Tjugoett. A hand is settled as soon as its
  result is known; then it is turned face up and stays on the table, and the banker's
  settled hands stay beside it (``bank_used``), until the round is over. Then every
  card of the round goes to the discard pile (public, for counting). The deck is never
  shuffled between rounds; the moment it is down to one card, that card and the
  discard pile of earlier rounds are shuffled into a new deck; only when there is no
  discard pile to shuffle in are this round's settled cards shuffled in instead
  (``reshuffled`` event, :mod:`.deck`).
- No automatic step may tell the table a hidden total. A Tjueett player on 21 with
  fewer than five cards decides himself whether to stand (he may draw); the only
  automatic stand is at five cards, which shows nothing but the count. In Tjugoett a
  player's 21 is paid at once, as the text says, and the hand is shown then. Bust
  ends a hand at once and shows it. The banker's cards are all face up, so he stops
  on 21 by himself.
- The pot pays a win as far as it goes. A payment that empties the pot breaks the bank
  (Tjugoett: "the bank is blown"): the round ends at once, every seat with a bet still
  on the table gets it back and the other hands are thrown in.
- A player with fewer chips than the minimum bet sits out (status ``out``); a bet is at
  least the minimum and at most the pot (when the pot holds less than the minimum, the
  whole pot may be bet).
- The match is won by the most chips; equal stacks share the win. When the seats
  started with different stacks (Tjueett's fixed bank), by the most chips gained
  (``score_kind`` ``"gain"``). A match that ends with a round ends with the bank where
  it is: it is not passed on after the last round.

Phases and seat statuses (in the view)
--------------------------------------
``phase``: ``stake`` (the banker opens the pot: :class:`Stake`), ``bet`` (the
current seat bets: :class:`Bet`), ``play`` (the current player draws or stands),
``bank`` (the banker draws or stands), ``over``. ``status`` per seat: ``banker``,
``out`` (too few chips to bet), ``waiting`` (face-down card, not bet or not played
yet), ``in`` (has bet, waits for the banker: Tjueett), ``playing``, ``stood``
(satisfied, waits for the banker's cards), ``won`` / ``lost`` / ``refunded`` (settled
this round, with ``reasons``), ``void`` (the bank broke before this seat bet).

Events (``Event.kind``: parameters), emitted by both games
-----------------------------------------------------------
- ``round_started``: round, banker, deal (the banker's deal number, from 1).
- ``staked``: seat (the banker), amount, pot (the pot after it).
- ``dealt_down``: seat (a face-down card was dealt to it); public.
- ``hidden_card``: seat, card (that face-down card); private to ``seat``. In Tjugoett
  every card a player gets comes as these two events.
- ``bet``: seat, amount.
- ``dealt``: seat, card, visible_total (best total of the seat's face-up cards).
- ``stood``: seat, visible_total (also when the hand stands by itself on five cards;
  0 in Tjugoett, where no card of the hand is face up).
- ``bank_dealt``: seat (the banker), card, total (the banker's hand, five-card rule
  applied).
- ``bank_stood``: seat, total.
- ``shown``: seat, card (the hand's first card), hand (every face-down card now turned
  up: Tjueett's one, Tjugoett's whole hand), total.
- ``settled``: seat, outcome (``won`` / ``lost`` / ``refunded``), reason, bet, paid
  (chips the pot paid on a win; less than the bet when the pot ran dry), total,
  bank_total (0 when the banker had no cards, and for a refund). Reasons: ``bust``
  (player over 21), ``bank_bust``, ``higher`` (player higher), ``lower``, ``tie`` (ties
  go to the banker), ``twenty_one`` and ``five_cards`` (Tjugoett: paid at once),
  ``bank_broken`` (bet returned).
- ``bank_broken``: seat (the banker); the pot is empty, the round ends.
- ``reshuffled``: deck_size (the new deck: the last card plus the discard pile),
  round_cards (how many settled cards of the current round came back: 0 unless the
  discard pile was empty).
- ``round_over``: round, banker, results (every seat's chip gain this round; the
  banker's seat holds the bank's gain).
- ``bank_taken``: seat, amount (the outgoing banker takes back the pot).
- ``bank_passed``: seat (the new banker), from_seat.
- ``player_out``: seat, chips (too few chips to bet any more).
- ``match_over``: reason (``rounds``: the agreed rounds are played; ``lap``: the bank
  has gone once round the table; ``bank_bust``: the fixed banker cannot stake;
  ``no_players``: nobody is left to play against the bank), winners, chips.
"""

from __future__ import annotations

from .game import BankerGame
from .hand import HIDDEN, MAX_CARDS, TARGET, best_total, card_value, effective_total, is_bust
from .table import Bet, Draw, Stake, Stand, TableState, TableView

__all__ = [
    "HIDDEN",
    "MAX_CARDS",
    "TARGET",
    "BankerGame",
    "Bet",
    "Draw",
    "Stake",
    "Stand",
    "TableState",
    "TableView",
    "best_total",
    "card_value",
    "effective_total",
    "is_bust",
]
