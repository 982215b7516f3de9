"""The part of the rules both banker games share.

:class:`BankerGame` implements the contract (legal actions, apply, view, outcome,
invariants) and the moves that read the same in both rule texts: a player's hand going
bust, the banker drawing at least two face-up cards and at most five, the comparison
where ties go to the banker, paying from the pot until the bank breaks. The order of a
round (when bets are made, when the banker plays, how the bank moves on) differs
between the texts; each game's ``rules`` module fills in those hooks.
"""

from __future__ import annotations

import abc
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any, ClassVar, TypeVar, cast

from ..cards import FULL_DECK
from ..contract import Bot, Game, Outcome, Step, check_seed
from ..rng import Rng
from .bots import make_bot
from .deck import FULL_MASK, cards_in, mask_of
from .hand import HIDDEN, MAX_CARDS, TARGET, best_total, effective_total, is_bust
from .table import (
    ACTION_TYPES,
    BANK,
    BET,
    DRAW,
    IN,
    LOST,
    OVER,
    PLAY,
    STAKE,
    STAND,
    STOOD,
    WON,
    Action,
    BankerPhase,
    Bet,
    Draw,
    Stake,
    TableBuilder,
    TableState,
    TableView,
    break_bank,
    deal,
    deal_bank,
    face_down_count,
    masked_hand,
    next_banker,
    place_bet,
    seats_from_left,
    settle,
    settled_cards,
    stake,
    take_pot,
    throw_in_bank,
    visible_total,
)

C = TypeVar("C")


@lru_cache(maxsize=4096)
def _amounts(kind: type[Stake] | type[Bet], low: int, high: int) -> tuple[Action, ...]:
    """``kind(a)`` for every amount from ``low`` to ``high`` (shared, immutable)."""
    return tuple(kind(a) for a in range(low, high + 1))


def _most_chips(chips: Sequence[int]) -> tuple[int, ...]:
    """The seats with the most chips."""
    best = max(chips)
    return tuple(seat for seat, count in enumerate(chips) if count == best)


class BankerGame(Game[C, TableState, Action, TableView]):
    """Base of Tjueett and Tjugoett; subclasses define the order of a round."""

    view_type: ClassVar[type] = TableView

    action_types: ClassVar[tuple[type, ...]] = ACTION_TYPES
    #: The players' face-down cards.
    hides_information: ClassVar[bool] = True
    review_rater: ClassVar[str | None] = "pygame_core.banker.review"
    #: 2: the rules as written (#14): no automatic stand on 21, cards discarded when the
    #: round is over, Tjugoett's hidden hands and banker playing each player at once.
    rules_version: ClassVar[int] = 2
    #: Tjugoett: a player's 21 (or five cards) is paid at once from the pot.
    instant_win: ClassVar[bool] = False
    #: Tjugoett: a player's whole hand lies face down until it is settled (Tjueett: the
    #: first card only).
    hidden_hands: ClassVar[bool] = False
    #: A player's status once it has bet: Tjueett's waits for the banker (``in``),
    #: Tjugoett's plays out the hand at once (``playing``).
    bet_status: ClassVar[str] = IN
    #: Tjugoett: what a round leaves in the pot stays for the banker's next round (a round
    #: opens on it). Tjueett's banker takes the pot back as each round closes, so every
    #: round opens with an empty pot.
    pot_carries_over: ClassVar[bool] = False

    # -- hooks of the order of play ------------------------------------------------------
    @abc.abstractmethod
    def _start_chips(self, config: C) -> tuple[int, ...]:
        """Every seat's chips at the start of a match."""

    @abc.abstractmethod
    def _open_round(self, t: TableBuilder) -> None:
        """Start the next round, or end the match if it cannot or should not go on."""

    # ``before`` is the table as it was just before the action the hook follows: the
    # action changed only what the hook's docstring says, so the hook may deal from
    # ``before`` and read its statuses without building the state in between.
    @abc.abstractmethod
    def _after_stake(self, t: TableBuilder, before: TableState) -> None:
        """The banker has staked (which moved only the banker's chips into the pot):
        deal and start the betting."""

    @abc.abstractmethod
    def _after_bet(self, t: TableBuilder, before: TableState, seat: int) -> None:
        """``seat`` has bet (which moved only its chips to its bet and gave it
        :attr:`bet_status`)."""

    @abc.abstractmethod
    def _after_stand(self, t: TableBuilder, before: TableState, seat: int) -> None:
        """``seat`` stands, by choice or on five cards where that is not paid (which
        changes only its status)."""

    @abc.abstractmethod
    def _after_player(self, t: TableBuilder) -> None:
        """A player's bet was settled before the banker played: go on."""

    @abc.abstractmethod
    def _after_bank(self, t: TableBuilder) -> None:
        """The banker's hand has been settled against its opponents: go on."""

    @abc.abstractmethod
    def _close_round(self, t: TableBuilder) -> None:
        """The round is over: handle the pot and the bank, then open the next round."""

    def _deals_per_bank(self, config: C) -> int:
        """How many rounds a banker deals before the bank moves on (for the view)."""
        return 1

    def _shared_bank_hand(self, config: C) -> bool:
        """Whether the banker draws one hand against all satisfied players."""
        return False

    def _laps(self, config: C) -> int | None:
        """How many times the bank goes round the table in a match (for the view);
        ``None`` when laps do not count the match (Tjueett's)."""
        return None

    # -- the contract ----------------------------------------------------------------
    def new_game(self, config: C, seed: int) -> TableState:
        """A match with a full deck; the first banker sits in seat 0."""
        check_seed(seed)
        chips = self._start_chips(config)
        players = len(chips)
        state = TableState(
            config=config,
            seed=seed,
            rng=Rng.from_seed(seed),
            phase=STAKE,
            actor=None,
            banker=0,
            first_banker=0,
            chips=chips,
            pot=0,
            bets=(0,) * players,
            hands=((),) * players,
            status=("",) * players,
            reasons=("",) * players,
            results=(0,) * players,
            bank_hand=(),
            bank_used=0,
            opponent=None,
            deck=FULL_MASK,
            discard=0,
            round=0,
            bank_deals=0,
            laps=0,
            reshuffles=0,
            bank_net=0,
        )
        t = TableBuilder(state, self.hidden_hands)
        self._open_round(t)
        t.done()
        return t.state

    def current_player(self, state: TableState) -> int | None:
        """The seat to act, ``None`` when the match is over (or in a held moment)."""
        return None if state.pause else state.actor

    def legal_actions(self, state: TableState) -> tuple[Action, ...]:
        """Stake or bet amounts, or draw/stand."""
        if state.actor is None or state.pause:
            return ()
        if state.phase in (STAKE, BET):
            low, high = self._amount_range(state)
            return _amounts(Stake if state.phase == STAKE else Bet, low, high)
        # Five cards and bust end the drawing by themselves, so a card may always come;
        # a Tjueett player on 21 may draw too (the list must not tell his total).
        return (DRAW, STAND)

    def is_legal(self, state: TableState, action: Action) -> bool:
        """Like ``action in legal_actions(state)`` without listing every amount."""
        if state.actor is None or state.pause:
            return False
        if isinstance(action, (Stake, Bet)):
            wanted = Stake if state.phase == STAKE else Bet if state.phase == BET else None
            if type(action) is not wanted or isinstance(action.amount, bool):
                return False
            low, high = self._amount_range(state)
            return isinstance(action.amount, int) and low <= action.amount <= high
        return action in self.legal_actions(state)

    def _amount_range(self, state: TableState) -> tuple[int, int]:
        """The bounds of the stake or bet due now."""
        if state.actor is None or state.phase not in (STAKE, BET):
            return 0, 0
        if state.phase == STAKE:
            return state.config.min_bet, state.chips[state.actor]
        high = min(state.pot, state.chips[state.actor])
        return min(state.config.min_bet, high), high

    def _step(self, state: TableState, action: Action) -> Step:
        t = TableBuilder(state, self.hidden_hands)
        seat = state.actor
        assert seat is not None
        if isinstance(action, Stake):
            stake(t, action.amount)
            self._after_stake(t, state)
        elif isinstance(action, Bet):
            place_bet(t, seat, action.amount, self.bet_status)
            self._after_bet(t, state, seat)
        elif state.phase == PLAY:
            if isinstance(action, Draw):
                self._check_player(t, seat, deal(t, (seat,))[seat])
            else:
                shown = visible_total(state, seat, self.hidden_hands)
                t.emit("stood", seat=seat, visible_total=shown)
                self._after_stand(t, state, seat)
        elif isinstance(action, Draw):
            self._check_bank(t, deal_bank(t), seat)
        else:
            t.emit("bank_stood", seat=seat, total=effective_total(state.bank_hand))
            self._resolve_bank(t)
        return t.done()

    def outcome(self, state: TableState) -> Outcome | None:
        """Most chips wins; equal stacks share the win. When the seats started with
        different stacks (Tjueett's fixed bank) what each gained or lost decides."""
        if state.phase != OVER:
            return None
        scores, kind = self._scores(state.config, state.chips)
        return Outcome(_most_chips(scores), scores, kind)

    def _scores(self, config: C, chips: Sequence[int]) -> tuple[tuple[int, ...], str]:
        start = self._start_chips(config)
        if len(set(start)) > 1:
            return tuple(c - s for c, s in zip(chips, start, strict=True)), "gain"
        return tuple(chips), "chips"

    def _last_round_played(self, state: TableState) -> bool:
        """Whether the match ends with the round just over in ``state``, so the bank
        stays where it is: the round limit is reached, or (without one) passing it
        would end the lap (the banker's own chips play no part)."""
        rounds = state.config.rounds
        if rounds is not None:
            return bool(state.round >= rounds)
        found = next_banker(state)
        return found is not None and found[1]

    def view(self, state: TableState, seat: int | None) -> TableView:
        """Everything ``seat`` has seen; never the deck order or an unseen hidden card."""
        config = state.config
        players = config.players
        hands = tuple(masked_hand(state, s, seat, self.hidden_hands) for s in range(players))
        down = tuple(
            face_down_count(state.hands[s], state.status[s], self.hidden_hands)
            for s in range(players)
        )
        low, high = self._amount_range(state)
        result = self.outcome(state)
        return TableView(
            game=self.id,
            viewer=seat,
            actor=state.actor,
            round=state.round,
            phase=cast(BankerPhase, f"{state.pause}_over" if state.pause else state.phase),
            over=state.phase == OVER,
            players=players,
            rounds=config.rounds,
            banker=state.banker,
            opponent=state.opponent,
            chips=state.chips,
            pot=state.pot,
            bets=state.bets,
            hands=hands,
            face_down=down,
            own_total=effective_total(hands[seat]) if seat is not None and hands[seat] else None,
            visible_totals=tuple(best_total(h[d:]) for h, d in zip(hands, down, strict=True)),
            status=state.status,
            reasons=state.reasons,
            results=state.results,
            bank_hand=state.bank_hand,
            bank_total=effective_total(state.bank_hand),
            bank_used=cards_in(state.bank_used),
            deck_size=state.deck.bit_count(),
            discard=cards_in(state.discard),
            reshuffles=state.reshuffles,
            min_bet=config.min_bet,
            min_amount=low,
            max_amount=high,
            bank_deals=state.bank_deals,
            deals_per_bank=self._deals_per_bank(config),
            lap=state.laps + 1,
            laps=self._laps(config),
            bank_net=state.bank_net,
            instant_win=self.instant_win,
            hidden_hands=self.hidden_hands,
            shared_bank_hand=self._shared_bank_hand(config),
            winners=result.winners if result else (),
            duels=state.duels,
        )

    def review_unit(self, state: TableState) -> str:
        """Chips: what a bet, a card or a stand is worth."""
        return "chips"

    def own_cards(self, view: TableView, seat: int) -> tuple[int, ...]:
        """The seat's hand (its face-down cards face up for its owner)."""
        cards: tuple[int, ...] = view.hands[seat]
        return cards

    def unseen_cards(self, state: TableState, seat: int | None) -> frozenset[int]:
        """Other players' face-down cards (a settled hand lies face up)."""
        return frozenset(
            card
            for owner in range(state.config.players)
            if owner != seat
            for card, shown in zip(
                state.hands[owner],
                masked_hand(state, owner, seat, self.hidden_hands),
                strict=True,
            )
            if shown == HIDDEN
        )

    def make_bot(self, level: str) -> Bot:
        """The bot of ``level`` ("easy", "medium" or "expert")."""
        return make_bot(level)

    def advise(self, view: TableView, legal: Sequence[Action], seed: int = 0) -> Any | None:
        """The coach's :class:`~.advice.BankerAdvice` for the seat ``view`` is drawn for
        (see :meth:`~pygame_core.contract.Game.advise`)."""
        # Imported here, so the browser's start-up never loads the coach's card-counting odds.
        from .advice import advise

        return advise(view, legal, seed)

    def check_invariants(self, state: TableState) -> None:
        """All 52 cards are somewhere exactly once; stacks, bets and pot keep their sum."""
        table = list(state.bank_hand)
        for hand in state.hands:
            table.extend(hand)
        on_table = mask_of(table)
        counts = (
            state.deck.bit_count()
            + state.discard.bit_count()
            + state.bank_used.bit_count()
            + len(table)
        )
        whole = state.deck | state.discard | state.bank_used | on_table
        if counts != len(FULL_DECK) or whole != FULL_MASK:
            raise AssertionError("the 52 cards are not all accounted for exactly once")
        if sum(state.chips) + sum(state.bets) + state.pot != sum(self._start_chips(state.config)):
            raise AssertionError("chips are not conserved")
        if min(state.chips) < 0 or state.pot < 0 or min(state.bets) < 0:
            raise AssertionError("a negative chip count")
        if state.deck.bit_count() < 2 and (state.discard or settled_cards(state)):
            raise AssertionError("the deck should have been reshuffled")

    def arena_metrics(self, state: TableState) -> Mapping[str, float]:
        """Rounds played, the bank's chip gain (whoever held it) and every seat's gain.

        The per-round figures divide a match's gain by its rounds, so that the arena's
        mean over matches of equal length is the mean gain per round.
        """
        rounds = max(state.round, 1)
        start = self._start_chips(state.config)
        metrics = {
            "rounds": float(state.round),
            "bank_gain": float(state.bank_net),
            "bank_gain_per_round": state.bank_net / rounds,
        }
        for seat, chips in enumerate(state.chips):
            metrics[f"seat{seat}_gain_per_round"] = (chips - start[seat]) / rounds
        return metrics

    # -- moves both texts share --------------------------------------------------------
    def _check_player(self, t: TableBuilder, seat: int, hand: tuple[int, ...]) -> None:
        """After a face-up card gave ``seat`` its ``hand``: bust, 21 or five cards end
        the player's drawing."""
        if is_bust(hand):
            settle(t, seat, LOST, "bust")
            self._after_player(t)
        elif effective_total(hand) == TARGET and self.instant_win:
            if settle(t, seat, WON, "five_cards" if len(hand) == MAX_CARDS else "twenty_one"):
                self._break_and_end(t)
            else:
                self._after_player(t)
        elif len(hand) == MAX_CARDS:
            # The only stand the rules make: five cards, which tells the table nothing
            # but the count. A player on 21 with fewer cards decides for himself, or
            # the table would learn his hidden total.
            state = t.state
            t.emit("stood", seat=seat, visible_total=visible_total(state, seat, t.hidden_hands))
            self._after_stand(t, state, seat)
        else:
            t.update(phase=PLAY, actor=seat)

    def _start_bank(self, t: TableBuilder, before: TableState, opponent: int | None) -> None:
        """The banker plays (against ``opponent``, or every satisfied player if None),
        dealt from ``before``: the step has moved no card and settled no hand since."""
        bank_hand = deal_bank(t, 2, before)
        t.update(opponent=opponent)
        self._check_bank(t, bank_hand, before.banker)

    def _check_bank(self, t: TableBuilder, bank_hand: tuple[int, ...], banker: int) -> None:
        """Bust, five cards or 21 end the drawing of ``banker``'s ``bank_hand``; else
        the banker decides."""
        if is_bust(bank_hand) or effective_total(bank_hand) == TARGET:
            self._resolve_bank(t)
        else:
            t.update(phase=BANK, actor=banker)

    def _resolve_bank(self, t: TableBuilder) -> None:
        """Settle the banker's hand against its opponent(s), in seat order."""
        state = t.state
        bank_bust = is_bust(state.bank_hand)
        bank = effective_total(state.bank_hand)
        if state.opponent is not None:
            opponents = [state.opponent]
        else:
            opponents = [s for s in seats_from_left(state) if state.status[s] == STOOD]
        for seat in opponents:
            total = effective_total(state.hands[seat])
            if bank_bust:
                outcome, reason = WON, "bank_bust"
            elif total > bank:
                outcome, reason = WON, "higher"
            else:
                outcome, reason = LOST, "tie" if total == bank else "lower"
            if settle(t, seat, outcome, reason):
                self._break_and_end(t)
                return
        t.hold_duel()
        throw_in_bank(t, state)
        self._after_bank(t)

    def _break_and_end(self, t: TableBuilder) -> None:
        """The pot ran dry paying a win: the round ends with the rest refunded."""
        break_bank(t)
        self._end_round(t)

    def _end_round(self, t: TableBuilder) -> None:
        """Hold the round's end on the table and close the round; its cards go to the
        discard pile as the next round opens or the match ends."""
        state = t.state
        t.update(bank_net=state.bank_net + state.results[state.banker])
        t.emit("round_over", round=state.round, banker=state.banker, results=state.results)
        t.hold("round")
        self._close_round(t)

    def _finish(self, t: TableBuilder, reason: str) -> None:
        """End the match: the banker takes the pot; most chips (or gain) wins. The last
        round's cards stay on the table, face up, as they lay at its end."""
        take_pot(t)
        t.update(phase=OVER, actor=None)
        state = t.state
        winners = _most_chips(self._scores(state.config, state.chips)[0])
        t.emit("match_over", reason=reason, winners=winners, chips=state.chips)
