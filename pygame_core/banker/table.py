"""The table of a banker game: actions, state, view and the mutable working copy.

Both banker games (Tjueett, Tjugoett) share one state shape: a banker with a pot,
players with a bet and a hand whose first card lies face down, the banker's face-up
hand, the deck and its discard pile. :class:`Table` is a mutable copy of a
:class:`TableState` that one ``_step`` works on and then freezes into the next state,
so a step never touches its input. Its methods are the moves both games make with
cards and chips; the order of play lives in each game's ``rules`` module.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Literal, Protocol

from ..contract import Event, Pause
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
#: The phases above, as the view types them.
BankerPhase = Literal["stake", "bet", "play", "bank", "round_over", "over"]


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
    bank_net: int
    instant_win: bool
    hidden_hands: bool
    shared_bank_hand: bool
    winners: tuple[int, ...]
    #: Every hand settled this round with the bank hand it met (:class:`Duel`).
    duels: tuple[Duel, ...] = ()


class Table:
    """A mutable working copy of a :class:`TableState` for one step.

    Collects the step's events; :meth:`freeze` makes the next state. Every chip and
    card move of the banker games goes through these methods.
    """

    def __init__(self, state: TableState, hidden_hands: bool = False) -> None:
        self.state = state
        self.hidden_hands = hidden_hands
        self.config: BankerConfig = state.config
        self.players = state.config.players
        self.stream = state.rng.stream()
        self.phase = state.phase
        self.actor = state.actor
        self.banker = state.banker
        self.chips = list(state.chips)
        self.pot = state.pot
        self.bets = list(state.bets)
        self.hands = list(state.hands)
        self.status = list(state.status)
        self.reasons = list(state.reasons)
        self.results = list(state.results)
        self.bank_hand = state.bank_hand
        self.bank_used = state.bank_used
        self.opponent = state.opponent
        self.deck = state.deck
        self.discard = state.discard
        self.round = state.round
        self.bank_deals = state.bank_deals
        self.laps = state.laps
        self.reshuffles = state.reshuffles
        self.bank_net = state.bank_net
        self.duels = state.duels
        self.events: list[Event] = []
        self.pauses: list[Pause] = []

    def freeze(self) -> TableState:
        """The new immutable state (history is appended by ``Game.apply``)."""
        s = self.state
        return TableState(
            config=s.config,
            seed=s.seed,
            rng=self.stream.freeze(),
            phase=self.phase,
            actor=self.actor,
            banker=self.banker,
            first_banker=s.first_banker,
            chips=tuple(self.chips),
            pot=self.pot,
            bets=tuple(self.bets),
            hands=tuple(self.hands),
            status=tuple(self.status),
            reasons=tuple(self.reasons),
            results=tuple(self.results),
            bank_hand=self.bank_hand,
            bank_used=self.bank_used,
            opponent=self.opponent,
            deck=self.deck,
            discard=self.discard,
            round=self.round,
            bank_deals=self.bank_deals,
            laps=self.laps,
            reshuffles=self.reshuffles,
            bank_net=self.bank_net,
            history=s.history,
            duels=self.duels,
        )

    def hold(self) -> None:
        """The round's end as it stands now (every hand face up, the pot paid), before
        the cards go to the discard pile: a :class:`~pygame_core.contract.Pause`."""
        frozen = replace(self.freeze(), pause="round", actor=None)
        self.pauses.append(Pause("round", frozen, len(self.events)))

    def emit(self, kind: str, *, visible_to: tuple[int, ...] | None = None, **params: Any) -> None:
        """Record an event of this step."""
        self.events.append(Event.make(kind, visible_to=visible_to, **params))

    # -- seats -------------------------------------------------------------------------
    def seats_from_left(self) -> list[int]:
        """Every other seat in playing order, starting left of the banker."""
        return [(self.banker + k) % self.players for k in range(1, self.players)]

    def next_with(self, status: str) -> int | None:
        """The first seat from the banker's left with ``status``, if any."""
        for seat in self.seats_from_left():
            if self.status[seat] == status:
                return seat
        return None

    def can_bet(self, seat: int) -> bool:
        """Whether ``seat`` has chips enough for the minimum bet (or stake)."""
        return self.chips[seat] >= self.config.min_bet

    def bettors(self) -> list[int]:
        """The seats other than the banker that can take part in a round."""
        return [s for s in self.seats_from_left() if self.can_bet(s)]

    def start_round(self) -> None:
        """Count a new round and give every seat its status for it."""
        self.round += 1
        self._seat_round()
        self.emit("round_started", round=self.round, banker=self.banker, deal=self.bank_deals + 1)

    def _seat_round(self) -> None:
        for seat in range(self.players):
            was_out = self.status[seat] == OUT
            if seat == self.banker:
                self.status[seat] = BANKER
            elif self.can_bet(seat):
                self.status[seat] = WAITING
            else:
                self.status[seat] = OUT
                if not was_out:
                    self.emit("player_out", seat=seat, chips=self.chips[seat])
            self.reasons[seat] = ""
            self.results[seat] = 0
        self.duels = ()

    # -- cards -------------------------------------------------------------------------
    def settled_cards(self) -> int:
        """The mask of this round's settled cards: shown hands and the banker's used ones."""
        hands = [self.hands[s] for s in range(self.players) if self.status[s] in SETTLED]
        return self.bank_used | mask_of(c for hand in hands for c in hand)

    def _take_card(self) -> int:
        settled = self.settled_cards()
        card, self.deck, self.discard, back = draw(self.deck, self.discard, self.stream, settled)
        if back:
            round_cards = back & settled
            if round_cards:
                # The discard pile could not serve the round: its settled hands go back.
                self.bank_used = 0
                for seat in range(self.players):
                    if self.status[seat] in SETTLED:
                        self.hands[seat] = ()
            self.reshuffles += 1
            self.emit(
                "reshuffled",
                deck_size=self.deck.bit_count(),
                round_cards=round_cards.bit_count(),
            )
        return card

    def face_down(self, seat: int) -> int:
        """How many cards of ``seat``'s hand lie face down now."""
        return face_down_count(self.hands[seat], self.status[seat], self.hidden_hands)

    def deal(self, seat: int) -> None:
        """One card to a player: face down (seen by its owner) or face up.

        The first card always lies face down; in Tjugoett (``hidden_hands``) every card
        of a player's hand does, until the hand is settled.
        """
        card = self._take_card()
        self.hands[seat] = self.hands[seat] + (card,)
        if len(self.hands[seat]) == 1 or self.hidden_hands:
            self.emit("dealt_down", seat=seat)
            self.emit("hidden_card", visible_to=(seat,), seat=seat, card=card)
        else:
            self.emit("dealt", seat=seat, card=card, visible_total=best_total(self.hands[seat][1:]))

    def deal_bank(self) -> None:
        """One face-up card to the banker."""
        card = self._take_card()
        self.bank_hand = self.bank_hand + (card,)
        self.emit("bank_dealt", seat=self.banker, card=card, total=effective_total(self.bank_hand))

    def visible_total(self, seat: int) -> int:
        """The best total of ``seat``'s face-up cards (what the table sees of the hand)."""
        return best_total(self.hands[seat][self.face_down(seat) :])

    def show(self, seat: int) -> None:
        """Turn a player's face-down cards up (the hand is settled)."""
        hand = self.hands[seat]
        down = hand[: self.face_down(seat)]
        self.emit("shown", seat=seat, card=hand[0], hand=down, total=effective_total(hand))

    def throw_in_bank(self) -> None:
        """The banker's settled hand stays face up with this round's used cards."""
        self.bank_used |= mask_of(self.bank_hand)
        self.bank_hand = ()

    def clear_table(self) -> None:
        """The round is over: every card of it goes to the discard pile."""
        table = [c for hand in self.hands for c in hand] + list(self.bank_hand)
        self.discard |= self.bank_used | mask_of(table)
        self.bank_used = 0
        self.bank_hand = ()
        self.hands = [()] * self.players

    # -- chips -------------------------------------------------------------------------
    def stake(self, amount: int) -> None:
        """The banker moves ``amount`` own chips into the pot."""
        self.chips[self.banker] -= amount
        self.pot += amount
        self.emit("staked", seat=self.banker, amount=amount, pot=self.pot)

    def place_bet(self, seat: int, amount: int) -> None:
        """A player puts ``amount`` chips on the table in front of them."""
        self.chips[seat] -= amount
        self.bets[seat] = amount
        self.emit("bet", seat=seat, amount=amount)

    def settle(self, seat: int, outcome: str, reason: str) -> bool:
        """Settle a player's bet with the pot, show and discard the hand.

        A win is paid from the pot as far as it goes. Returns whether that emptied
        the pot: the bank is broken.
        """
        bet, hand = self.bets[seat], self.hands[seat]
        paid = 0
        if outcome == LOST:
            self.pot += bet
            self.results[seat] -= bet
            self.results[self.banker] += bet
        elif outcome == WON:
            paid = min(bet, self.pot)
            self.pot -= paid
            self.chips[seat] += bet + paid
            self.results[seat] += paid
            self.results[self.banker] -= paid
        else:
            self.chips[seat] += bet
        self.bets[seat] = 0
        self.show(seat)
        self.status[seat] = outcome
        self.reasons[seat] = reason
        bank_total = 0 if outcome == REFUNDED else effective_total(self.bank_hand)
        bank = self.bank_hand if reason in AGAINST_BANK else ()
        total = effective_total(hand)
        self.duels += (Duel(seat, hand, bank, outcome, reason, bet, paid, total, bank_total),)
        self.emit(
            "settled",
            seat=seat,
            outcome=outcome,
            reason=reason,
            bet=bet,
            paid=paid,
            total=total,
            bank_total=bank_total,
        )
        return outcome == WON and self.pot == 0

    def break_bank(self) -> None:
        """The pot is empty: every seat not yet settled gets its bet back."""
        self.emit("bank_broken", seat=self.banker)
        for seat in self.seats_from_left():
            if self.status[seat] not in UNSETTLED:
                continue
            if self.bets[seat]:
                self.settle(seat, REFUNDED, "bank_broken")
            else:
                self.show(seat)
                self.status[seat] = VOID
                self.reasons[seat] = "bank_broken"

    def take_pot(self) -> None:
        """The banker takes back what is in the pot."""
        if self.pot:
            self.emit("bank_taken", seat=self.banker, amount=self.pot)
            self.chips[self.banker] += self.pot
            self.pot = 0

    def next_banker(self) -> tuple[int, bool] | None:
        """The seat the bank would pass to (the next on the left that can stake) and
        whether that brings it round to the first banker again; ``None`` if none can."""
        old = self.banker
        for k in range(1, self.players):
            seat = (old + k) % self.players
            if self.can_bet(seat):
                return seat, (self.state.first_banker - old - 1) % self.players < k
        return None

    def pass_bank(self) -> bool:
        """Pass the bank on (:meth:`next_banker`), counting laps; ``False`` if none can."""
        found = self.next_banker()
        if found is None:
            return False
        seat, lap = found
        self.laps += lap
        self.emit("bank_passed", seat=seat, from_seat=self.banker)
        self.banker = seat
        return True


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
