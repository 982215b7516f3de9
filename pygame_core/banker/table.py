"""The table of a banker game: actions, state, view and the chip and card moves.

Both banker games (Tjueett, Tjugoett) share one state shape: a banker with a pot,
players with a bet and a hand whose first card lies face down, the banker's face-up
hand, the deck and its discard pile. A step builds the next state with a
:class:`TableBuilder` (the core's :class:`~pygame_core.builder.Builder`), so it never
touches its input; the functions below are the moves both games make with cards and
chips, written against it. The order of play lives in each game's ``rules`` module.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from ..builder import Builder, replaced, with_item
from ..contract import pause_of
from ..rng import Rng
from ..values import Value
from .deck import draw, mask_of
from .hand import HIDDEN, best_total, effective_total

# -- seat statuses (JSON-safe strings the UI translates) ---------------------------------
#: The seat holds the bank this round.
BANKER = "banker"
#: The seat has too few chips to bet and sits the round out.
OUT = "out"
#: Has a face-down card and has not bet (Tjueett, Tjugoett) or not played yet.
WAITING = "waiting"
#: Has bet and waits for the banker to play against it (Tjueett).
IN = "in"
#: Is drawing cards now.
PLAYING = "playing"
#: Has stood ("satisfied") and waits for the banker's cards.
STOOD = "stood"
#: Settled this round: won, lost, or got the bet back from a broken bank.
WON = "won"
LOST = "lost"
REFUNDED = "refunded"
#: The round ended (the bank broke) before this seat bet; its card was thrown in.
VOID = "void"

#: Seats still to be dealt with this round (the bank breaking refunds or voids them).
UNSETTLED = (WAITING, IN, PLAYING, STOOD)
#: Seats whose hand is settled this round: it lies face up until the round is over.
SETTLED = (WON, LOST, REFUNDED, VOID)

# -- phases ----------------------------------------------------------------------------
#: The banker puts chips in the pot (``Stake``).
STAKE = "stake"
#: The current seat bets (``Bet``).
BET = "bet"
#: The current player draws or stands.
PLAY = "play"
#: The banker draws or stands.
BANK = "bank"
#: The match is over.
OVER = "over"
#: A round's end held on the table (a :class:`~pygame_core.contract.Pause` state's view).
ROUND_OVER = "round_over"
#: The bank's hand settled against a player, held on the table (a ``Pause``'s view).
DUEL_OVER = "duel_over"
#: The phases above, as the view types them.
BankerPhase = Literal["stake", "bet", "play", "bank", "duel_over", "round_over", "over"]


# -- actions ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Stake(Value):
    """The banker puts ``amount`` of their own chips in the pot (opens the bank)."""

    amount: int


@dataclass(frozen=True)
class Bet(Value):
    """The current player bets ``amount`` chips (at least the minimum, at most the pot)."""

    amount: int


@dataclass(frozen=True)
class Draw(Value):
    """Ask for another face-up card (player or banker)."""


@dataclass(frozen=True)
class Stand(Value):
    """Take no more cards ("står" / "nöjd")."""


Action = Stake | Bet | Draw | Stand
ACTION_TYPES: tuple[type, ...] = (Stake, Bet, Draw, Stand)
#: The two card actions; shared instances keep histories cheap to copy.
DRAW = Draw()
STAND = Stand()


class BankerConfig(Protocol):
    """What the shared table code needs from a game's config."""

    @property
    def players(self) -> int: ...

    @property
    def min_bet(self) -> int: ...

    @property
    def rounds(self) -> int | None: ...


@dataclass(frozen=True)
class Duel:
    """One hand settled this round: the player's cards (face up once settled), the
    bank's hand it met (empty when it met none: a bust, a 21 paid at once, a bet
    refunded by a broken bank), the result and the chips it moved. All of it lies face
    up on the table, so every view shows it."""

    seat: int
    cards: tuple[int, ...]
    bank: tuple[int, ...]
    outcome: str
    reason: str
    bet: int
    paid: int
    total: int
    bank_total: int

    @property
    def chips(self) -> int:
        """The chips it moved, seen from the player: won, lost, or none (refunded)."""
        if self.outcome == WON:
            return self.paid
        return -self.bet if self.outcome == LOST else 0


#: Settlements where the bank's hand met the player's (the others met no bank hand).
AGAINST_BANK = frozenset({"bank_bust", "higher", "lower", "tie"})


@dataclass(frozen=True)
class TableState:
    """A banker game in progress (the same shape for both games).

    ``hands[seat]`` is a player's hand. Until it is settled its first card (Tjueett) or
    all its cards (Tjugoett) lie face down; a settled hand (status in :data:`SETTLED`)
    lies face up until the round is over, when every card of the round goes to the
    discard pile. The banker's own cards are ``bank_hand`` (all face up), and
    ``bank_used`` holds (as a mask) the banker's hands already settled this round
    (Tjueett's earlier duels, Tjugoett's earlier fresh hands).
    ``opponent`` is the seat the banker is playing against, or ``None`` when the
    banker's hand meets every satisfied player at once (Tjugoett's shared hand).
    ``deck`` and ``discard`` are card masks (:mod:`.deck`). ``results`` is every seat's
    chip gain this round (the banker's seat: the bank's), ``bank_net`` the bank's gain
    over the whole match.
    """

    config: Any
    seed: int
    rng: Rng
    phase: str
    actor: int | None
    banker: int
    first_banker: int
    chips: tuple[int, ...]
    pot: int
    bets: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    status: tuple[str, ...]
    reasons: tuple[str, ...]
    results: tuple[int, ...]
    bank_hand: tuple[int, ...]
    bank_used: int
    opponent: int | None
    deck: int
    discard: int
    round: int
    bank_deals: int
    laps: int
    reshuffles: int
    bank_net: int
    history: tuple[Any, ...] = ()
    #: Every hand settled this round, in the order it was settled.
    duels: tuple[Duel, ...] = ()
    #: ``"round"`` in the state of a round's end held on the table (a ``Pause``).
    pause: str | None = None


@dataclass(frozen=True)
class TableView:
    """What one seat (or a spectator) may know, with all a UI needs to draw the table.

    ``hands`` shows :data:`HIDDEN` (-1) for a face-down card the viewer has not seen;
    ``face_down`` is how many cards of each hand lie face down (its first ones; the
    owner sees them), ``own_total`` the viewer's own total (five-card rule applied;
    ``None`` without a hand), ``visible_totals`` every hand's best total of its face-up
    cards only. ``bank_used`` are the banker's hands already settled this round and
    ``discard`` the discard pile, both sorted (every card in them was shown), for
    counting. ``hidden_hands`` is the Tjugoett rule that a player's whole hand lies
    face down until it is settled.
    ``min_amount``/``max_amount`` bound the ``Stake`` or ``Bet`` now due (0 otherwise).
    ``instant_win`` is the Tjugoett rule that 21 and five cards are paid at once;
    ``shared_bank_hand`` that the banker draws one hand against all satisfied players.
    """

    game: str
    viewer: int | None
    actor: int | None
    round: int
    phase: BankerPhase
    over: bool
    players: int
    rounds: int | None
    banker: int
    opponent: int | None
    chips: tuple[int, ...]
    pot: int
    bets: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    face_down: tuple[int, ...]
    own_total: int | None
    visible_totals: tuple[int, ...]
    status: tuple[str, ...]
    reasons: tuple[str, ...]
    results: tuple[int, ...]
    bank_hand: tuple[int, ...]
    bank_total: int
    bank_used: tuple[int, ...]
    deck_size: int
    discard: tuple[int, ...]
    reshuffles: int
    min_bet: int
    min_amount: int
    max_amount: int
    bank_deals: int
    deals_per_bank: int
    #: The bank's time round the table (from 1), and how many the match has (``None``:
    #: the match is not counted in laps).
    lap: int
    laps: int | None
    bank_net: int
    instant_win: bool
    hidden_hands: bool
    shared_bank_hand: bool
    winners: tuple[int, ...]
    #: Every hand settled this round with the bank hand it met (:class:`Duel`).
    duels: tuple[Duel, ...] = ()


class TableBuilder(Builder[TableState]):
    """The next :class:`TableState` while one step builds it
    (:class:`~pygame_core.builder.Builder`), for a game whose ``hidden_hands`` say
    which cards of a player's hand lie face down (Tjugoett: all of them; Tjueett: the
    first). The chip and card moves below are written against it."""

    def __init__(self, state: TableState, hidden_hands: bool = False) -> None:
        super().__init__(state)
        self.hidden_hands = hidden_hands

    def hold(self, kind: str) -> None:
        """The moment as it stands now (every hand face up, the pot paid), before the
        cards go to the discard pile. Nobody acts in it, nor from then on until the
        step opens the next round or ends the match (which names the actor): its
        ``actor`` is ``None``."""
        self.update(actor=None)
        super().hold(kind)

    def hold_duel(self) -> None:
        """The bank's hand and the hands it was just settled against, before the bank
        throws it in and the round goes on (the step names the next actor itself)."""
        self.pauses.append(pause_of("duel", replaced(self.state, {"actor": None}), self.events))


# -- seats -----------------------------------------------------------------------------
def seats_from_left(state: TableState) -> list[int]:
    """Every seat but the banker's in playing order, starting left of the banker."""
    players = state.config.players
    return [(state.banker + k) % players for k in range(1, players)]


def next_with(state: TableState, status: str) -> int | None:
    """The first seat from the banker's left with ``status``, if any."""
    statuses = state.status
    for seat in seats_from_left(state):
        if statuses[seat] == status:
            return seat
    return None


def can_bet(state: TableState, seat: int) -> bool:
    """Whether ``seat`` has chips enough for the minimum bet (or stake)."""
    config: BankerConfig = state.config
    return state.chips[seat] >= config.min_bet


def _able_to_bet(state: TableState) -> list[bool]:
    """:func:`can_bet` of every seat."""
    config: BankerConfig = state.config
    least = config.min_bet
    return [chips >= least for chips in state.chips]


def bettors(state: TableState) -> list[int]:
    """The seats other than the banker that can take part in a round."""
    able = _able_to_bet(state)
    return [s for s in seats_from_left(state) if able[s]]


def next_banker(state: TableState) -> tuple[int, bool] | None:
    """The seat the bank would pass to (the next on the left that can stake) and
    whether that brings it round to the first banker again; ``None`` if none can."""
    old = state.banker
    players = state.config.players
    able = _able_to_bet(state)
    for k in range(1, players):
        seat = (old + k) % players
        if able[seat]:
            return seat, (state.first_banker - old - 1) % players < k
    return None


def start_round(t: TableBuilder) -> None:
    """Count a new round and give every seat its status for it; the last round's
    cards go to the discard pile (:func:`clear_table`)."""
    state = t.state
    banker, was = state.banker, state.status
    status = []
    for seat, able in enumerate(_able_to_bet(state)):
        if seat == banker:
            status.append(BANKER)
        elif able:
            status.append(WAITING)
        else:
            status.append(OUT)
            if was[seat] != OUT:
                t.emit("player_out", seat=seat, chips=state.chips[seat])
    players = len(status)
    t.update(
        round=state.round + 1,
        status=tuple(status),
        reasons=("",) * players,
        results=(0,) * players,
        duels=(),
        **_cleared(state),
    )
    t.emit("round_started", round=state.round + 1, banker=state.banker, deal=state.bank_deals + 1)


def pass_bank(t: TableBuilder) -> bool:
    """Pass the bank on (:func:`next_banker`), counting laps; ``False`` if none can."""
    state = t.state
    found = next_banker(state)
    if found is None:
        return False
    seat, lap = found
    t.update(laps=state.laps + lap, banker=seat)
    t.emit("bank_passed", seat=seat, from_seat=state.banker)
    return True


# -- cards -----------------------------------------------------------------------------
def _settled(bank_used: int, hands: Sequence[tuple[int, ...]], status: Sequence[str]) -> int:
    """The mask of a round's settled cards: the banker's used ones and shown hands."""
    shown = [c for seat, hand in enumerate(hands) if status[seat] in SETTLED for c in hand]
    return bank_used | mask_of(shown)


def settled_cards(state: TableState) -> int:
    """The mask of this round's settled cards: shown hands and the banker's used ones."""
    return _settled(state.bank_used, state.hands, state.status)


class _Shoe:
    """The cards one move deals from, as it deals them: the deck, the discard pile and
    this round's settled cards (a reshuffle that takes them back takes the banker's
    used hands and the settled players' hands off the table), and the count of
    reshuffles. The move records them in the builder once, when it is done."""

    __slots__ = ("bank_used", "deck", "discard", "hands", "reshuffles", "status")

    def __init__(self, state: TableState) -> None:
        self.deck = state.deck
        self.discard = state.discard
        self.bank_used = state.bank_used
        self.hands = state.hands
        self.reshuffles = state.reshuffles
        #: Which hands are settled (a move that deals settles none).
        self.status = state.status

    def take(self, t: TableBuilder) -> int:
        """A card off the deck, reshuffling when it gets down to one card."""
        settled = _settled(self.bank_used, self.hands, self.status)
        card, self.deck, self.discard, back = draw(self.deck, self.discard, t.stream, settled)
        if back:
            round_cards = back & settled
            if round_cards:
                # The discard pile could not serve the round: its settled hands go back.
                self.bank_used = 0
                self.hands = tuple(
                    () if self.status[s] in SETTLED else h for s, h in enumerate(self.hands)
                )
            self.reshuffles += 1
            t.emit(
                "reshuffled", deck_size=self.deck.bit_count(), round_cards=round_cards.bit_count()
            )
        return card

    def record(self, t: TableBuilder, **more: Any) -> None:
        """Record the cards (and ``more`` changes) in ``t``'s state."""
        t.update(
            deck=self.deck,
            discard=self.discard,
            bank_used=self.bank_used,
            hands=self.hands,
            reshuffles=self.reshuffles,
            **more,
        )


def face_down(state: TableState, seat: int, hidden_hands: bool) -> int:
    """How many cards of ``seat``'s hand lie face down now."""
    return face_down_count(state.hands[seat], state.status[seat], hidden_hands)


def deal(
    t: TableBuilder, seats: Sequence[int], state: TableState | None = None
) -> tuple[tuple[int, ...], ...]:
    """One card to each of ``seats`` in turn, face down (seen by its owner) or face up;
    the players' hands after. ``state``: the table to deal from when the step has
    moved no card and settled no hand since it (the builder's state by default).

    The first card always lies face down; in Tjugoett (``hidden_hands``) every card
    of a player's hand does, until the hand is settled.
    """
    shoe = _Shoe(t.state if state is None else state)
    for seat in seats:
        card = shoe.take(t)
        hand = shoe.hands[seat] + (card,)
        shoe.hands = with_item(shoe.hands, seat, hand)
        if len(hand) == 1 or t.hidden_hands:
            t.emit("dealt_down", seat=seat)
            t.emit("hidden_card", visible_to=(seat,), seat=seat, card=card)
        else:
            t.emit("dealt", seat=seat, card=card, visible_total=best_total(hand[1:]))
    shoe.record(t)
    return shoe.hands


def deal_bank(t: TableBuilder, cards: int = 1, state: TableState | None = None) -> tuple[int, ...]:
    """``cards`` face-up cards to the banker, one by one; the banker's new hand.
    ``state``: as for :func:`deal`."""
    state = t.state if state is None else state
    shoe = _Shoe(state)
    bank_hand = state.bank_hand
    for _ in range(cards):
        card = shoe.take(t)
        bank_hand += (card,)
        t.emit("bank_dealt", seat=state.banker, card=card, total=effective_total(bank_hand))
    shoe.record(t, bank_hand=bank_hand)
    return bank_hand


def visible_total(state: TableState, seat: int, hidden_hands: bool) -> int:
    """The best total of ``seat``'s face-up cards (what the table sees of the hand)."""
    return best_total(state.hands[seat][face_down(state, seat, hidden_hands) :])


def _show(t: TableBuilder, state: TableState, seat: int) -> None:
    """Turn ``seat``'s face-down cards up in ``state`` (the hand is settled)."""
    hand = state.hands[seat]
    down = hand[: face_down(state, seat, t.hidden_hands)]
    t.emit("shown", seat=seat, card=hand[0], hand=down, total=effective_total(hand))


def throw_in_bank(t: TableBuilder, state: TableState) -> None:
    """The banker's settled hand stays face up with this round's used cards, and the
    banker faces nobody. ``state``: the table as the hand was settled (settling moves
    no card of the bank's)."""
    t.update(bank_used=state.bank_used | mask_of(state.bank_hand), bank_hand=(), opponent=None)


def _cleared(state: TableState) -> dict[str, Any]:
    """The changes that put every card on the table in ``state`` on the discard pile,
    the banker facing nobody."""
    table = [c for hand in state.hands for c in hand] + list(state.bank_hand)
    return {
        "discard": state.discard | state.bank_used | mask_of(table),
        "bank_used": 0,
        "bank_hand": (),
        "hands": ((),) * state.config.players,
        "opponent": None,
    }


def clear_table(t: TableBuilder) -> None:
    """A round is over: every card of it goes to the discard pile, and the banker
    faces nobody. (The rules clear it as the next round opens, :func:`start_round`,
    or the match ends: nothing in between reads the cards.)"""
    t.update(**_cleared(t.state))


# -- chips -----------------------------------------------------------------------------
def stake(t: TableBuilder, amount: int) -> None:
    """The banker moves ``amount`` own chips into the pot."""
    state = t.state
    banker = state.banker
    pot = state.pot + amount
    t.update(chips=with_item(state.chips, banker, state.chips[banker] - amount), pot=pot)
    t.emit("staked", seat=banker, amount=amount, pot=pot)


def place_bet(t: TableBuilder, seat: int, amount: int, status: str) -> None:
    """A player puts ``amount`` chips on the table in front of them, and is then
    ``status`` (waits for the banker, or plays at once)."""
    state = t.state
    t.update(
        chips=with_item(state.chips, seat, state.chips[seat] - amount),
        bets=with_item(state.bets, seat, amount),
        status=with_item(state.status, seat, status),
    )
    t.emit("bet", seat=seat, amount=amount)


def settle(t: TableBuilder, seat: int, outcome: str, reason: str) -> bool:
    """Settle a player's bet with the pot, show and discard the hand.

    A win is paid from the pot as far as it goes. Returns whether that emptied
    the pot: the bank is broken.
    """
    state = t.state
    banker = state.banker
    bet, hand = state.bets[seat], state.hands[seat]
    pot = state.pot
    chips = list(state.chips)
    results = list(state.results)
    paid = 0
    if outcome == LOST:
        pot += bet
        results[seat] -= bet
        results[banker] += bet
    elif outcome == WON:
        paid = min(bet, pot)
        pot -= paid
        chips[seat] += bet + paid
        results[seat] += paid
        results[banker] -= paid
    else:
        chips[seat] += bet
    _show(t, state, seat)
    bank_total = 0 if outcome == REFUNDED else effective_total(state.bank_hand)
    bank = state.bank_hand if reason in AGAINST_BANK else ()
    total = effective_total(hand)
    t.update(
        pot=pot,
        chips=tuple(chips),
        results=tuple(results),
        bets=with_item(state.bets, seat, 0),
        status=with_item(state.status, seat, outcome),
        reasons=with_item(state.reasons, seat, reason),
        duels=(*state.duels, Duel(seat, hand, bank, outcome, reason, bet, paid, total, bank_total)),
    )
    t.emit(
        "settled",
        seat=seat,
        outcome=outcome,
        reason=reason,
        bet=bet,
        paid=paid,
        total=total,
        bank_total=bank_total,
    )
    return outcome == WON and pot == 0


def break_bank(t: TableBuilder) -> None:
    """The pot is empty: every seat not yet settled gets its bet back."""
    state = t.state
    t.emit("bank_broken", seat=state.banker)
    for seat in seats_from_left(state):
        state = t.state
        if state.status[seat] not in UNSETTLED:
            continue
        if state.bets[seat]:
            settle(t, seat, REFUNDED, "bank_broken")
        else:
            _show(t, state, seat)
            t.update(
                status=with_item(state.status, seat, VOID),
                reasons=with_item(state.reasons, seat, "bank_broken"),
            )


def take_pot(t: TableBuilder) -> None:
    """The banker takes back what is in the pot."""
    state = t.state
    if state.pot:
        banker = state.banker
        t.emit("bank_taken", seat=banker, amount=state.pot)
        t.update(chips=with_item(state.chips, banker, state.chips[banker] + state.pot), pot=0)


def facing_seats(view: TableView) -> list[int]:
    """The seats the banker's hand is meeting now (or is about to meet)."""
    if view.opponent is not None:
        return [view.opponent]
    return [s for s in range(view.players) if view.status[s] == STOOD]


def face_down_count(hand: tuple[int, ...], status: str, hidden_hands: bool) -> int:
    """How many (leading) cards of a hand lie face down: none once it is settled."""
    if not hand or status in SETTLED:
        return 0
    return len(hand) if hidden_hands else 1


def masked_hand(
    state: TableState, owner: int, viewer: int | None, hidden_hands: bool
) -> tuple[int, ...]:
    """``owner``'s hand as ``viewer`` sees it (face-down cards as :data:`HIDDEN`)."""
    hand = state.hands[owner]
    down = face_down_count(hand, state.status[owner], hidden_hands)
    if owner == viewer or not down:
        return hand
    return (HIDDEN,) * down + hand[down:]
