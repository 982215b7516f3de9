"""Twenty One, the Danish trick game: the rules (the config, state, actions and view
are in :mod:`.table`).

Two to seven players get seven cards each from one 52-card deck; the rest is the draw
pile. Each deal the leader (left of the dealer) may open an exchange; then tricks are
played until every player holds a single card, and the best last card scores.

Seats and order
---------------
Seats are 0 to ``players - 1``; "clockwise" and "left" mean the next seat number. The
first dealer is drawn at random by ``new_game``; the dealer moves one seat each deal,
and the seat left of the dealer leads the first trick of the deal and decides on the
exchange.

Rulings applied (``../shared/RULINGS.md``, twentyone) and corner cases
-------------------------------------------------------------------------
- Exchange (``config.exchange``): the deal's leader chooses :class:`OpenExchange` or
  :class:`RefuseExchange`. When open, every player once, from the leader clockwise,
  plays one :class:`Swap` of any sub-set of the hand (``()`` keeps the hand) of at most
  as many cards as the pile holds; the new cards come off the top of the pile and the
  given cards leave the deal. Once the pile is empty, the remaining players are skipped
  (they could only keep their hands).
- Rank in play: 2 low ... 10, J, Q, K, A high; with ``low_ace`` the ace is lowest.
- A trick goes once round the table from its leader. The leader plays one card or a
  pair of equal rank, and that form holds for the trick. Every other player in turn
  must play a card (pair) of rank higher than or equal to the best so far if able, and
  may choose any such card (pair); playing equal takes over the trick. A player unable
  to do so discards one card of the lowest rank in hand (any of them: each is a legal
  :class:`Discard`), a single card even against a pair; discards count for nothing.
  With ``cannot_beat="pass"`` such a player plays :class:`Pass` and keeps the hand.
- Nobody plays a last card. A player holding one card is out of the play and is
  skipped. A player holding two cards may not play a pair, neither to lead nor to
  follow: following a pair with exactly two cards therefore counts as unable (discard
  the lowest card, or pass). Following a single with two cards is allowed and leaves
  the player with one card.
- The last player to play the best rank wins the trick and leads the next one in any
  form; if that player holds one card, the next player clockwise holding two or more
  leads. The deal ends as soon as every player holds one card (a trick in progress
  ends too, since nobody is left to play in it).
- Scoring (``scoring="highest"``): the last cards are shown; the highest card value
  among them (A 11, or 1 with ``low_ace``; J, Q, K 10; others their pip value) scores
  that value for every player holding a card of that value (a ten ties with a king);
  everyone else scores 0. With ``scoring="everyone"`` each player scores the value of
  the last card.
- The match ends after the deal in which some total reaches ``target``; the highest
  total wins, equal totals share the win.

Events (``Event.kind``: parameters)
-----------------------------------
- ``deal_started``: deal (number from 1), dealer, leader, pile (cards in the draw pile).
- ``dealt``: seat, cards (the seat's new hand, sorted); private to ``seat``.
- ``exchange_opened``: seat (the leader who opened it).
- ``exchange_refused``: seat.
- ``swapped``: seat, count (public: how many cards were exchanged, 0 = kept the hand).
- ``swap_cards``: seat, given, drawn (the cards out and in); private to ``seat``.
- ``exchange_ended``: reason (``"everyone"``: all players had their turn,
  ``"pile_empty"``: the pile ran out and the rest were skipped), pile (cards left).
- ``led``: seat, cards (one card or a pair).
- ``played``: seat, cards, equal (1 if the play equals the best rank so far, 0 if it
  beats it; either way the seat now leads the trick).
- ``discarded``: seat, card.
- ``passed``: seat.
- ``out``: seat (the seat now holds its last card and takes no further part).
- ``trick_won``: seat, cards (the winning play), next_leader (-1 when the deal ends).
- ``deal_revealed``: cards (each seat's last card, by seat).
- ``deal_scored``: points (per seat for this deal), totals (per seat), best (the
  scoring value in ``"highest"`` scoring, else 0).
- ``match_over``: winners (seats), totals.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Sequence
from typing import Any, ClassVar, cast

from ..builder import Builder, with_item
from ..cards import is_card
from ..contract import Bot, Game, Outcome, Step, check_seed
from ..errors import ConfigError
from ..rng import Rng
from .table import (
    DECK_SIZE,
    HAND_SIZE,
    MAX_PLAYERS,
    MAX_TARGET,
    MIN_PLAYERS,
    Action,
    DealResult,
    Discard,
    OpenExchange,
    Pass,
    Play,
    RefuseExchange,
    Swap,
    Trick,
    TrickPlay,
    TwentyOneConfig,
    TwentyOnePhase,
    TwentyOneState,
    TwentyOneView,
    card_value,
    deal_points,
    play_rank,
    points_for,
    rank_value,
)

#: The game, and the table's names (:mod:`.table`) where readers of the rules find them.
__all__ = [
    "DECK_SIZE",
    "HAND_SIZE",
    "MAX_PLAYERS",
    "MAX_TARGET",
    "MIN_PLAYERS",
    "Action",
    "DealResult",
    "Discard",
    "OpenExchange",
    "Pass",
    "Play",
    "RefuseExchange",
    "Swap",
    "Trick",
    "TrickPlay",
    "TwentyOneConfig",
    "TwentyOneGame",
    "TwentyOnePhase",
    "TwentyOneState",
    "TwentyOneView",
    "card_value",
    "deal_points",
    "play_rank",
    "points_for",
    "rank_value",
]


# -- the game ----------------------------------------------------------------------------
class TwentyOneGame(Game[TwentyOneConfig, TwentyOneState, Action, TwentyOneView]):
    """The rules of Twenty One (see the module docstring)."""

    id: ClassVar[str] = "twentyone"
    #: The hands and the draw pile.
    hides_information: ClassVar[bool] = True
    review_rater: ClassVar[str | None] = "pygame_core.twentyone.review"
    min_players: ClassVar[int] = MIN_PLAYERS
    max_players: ClassVar[int] = MAX_PLAYERS
    config_type: ClassVar[type] = TwentyOneConfig
    view_type: ClassVar[type] = TwentyOneView
    action_types: ClassVar[tuple[type, ...]] = (
        OpenExchange,
        RefuseExchange,
        Swap,
        Play,
        Discard,
        Pass,
    )
    presets: ClassVar[dict[str, dict[str, Any]]] = {
        "classic": {},
        "everyone_scores": {"scoring": "everyone", "target": 50},
        "no_exchange": {"exchange": False},
        "pass": {"cannot_beat": "pass"},
        "low_ace": {"low_ace": True},
    }

    # -- setup -----------------------------------------------------------------------
    def new_game(self, config: TwentyOneConfig, seed: int) -> TwentyOneState:
        """A match with a random first dealer and the first deal dealt."""
        check_seed(seed)
        if not isinstance(config, TwentyOneConfig):
            raise ConfigError("config", "expected a TwentyOneConfig")
        stream = Rng.from_seed(seed).stream()
        first_dealer = stream.randbelow(config.players)
        base = TwentyOneState(
            config=config,
            seed=seed,
            rng=stream.freeze(),
            deal=0,
            dealer=first_dealer,
            leader=0,
            phase="over",
            turn=-1,
            hands=(),
            pile=(),
            exchange="off",
            swaps=(),
            swapped_out=(),
            tricks=(),
            trick=None,
            scores=(0,) * config.players,
            last_deal=None,
        )
        step = Builder(base)
        # The opening's events are dropped: new_game returns a state only.
        _start_deal(step, first_dealer)
        step.done()
        return step.state

    # -- queries ---------------------------------------------------------------------
    def current_player(self, state: TwentyOneState) -> int | None:
        """The seat to act, ``None`` once the match is over (or in a held moment)."""
        return None if state.phase == "over" or state.pause else state.turn

    def legal_actions(self, state: TwentyOneState) -> tuple[Action, ...]:
        """Every legal action of the seat to act, in a fixed order."""
        if state.phase == "over" or state.pause:
            return ()
        if state.phase == "exchange_choice":
            return (OpenExchange(), RefuseExchange())
        hand = state.hands[state.turn]
        if state.phase == "exchange":
            most = min(len(hand), len(state.pile))
            return tuple(
                Swap(combo) for k in range(most + 1) for combo in itertools.combinations(hand, k)
            )
        return _play_actions(state.config, hand, state.trick)

    def is_legal(self, state: TwentyOneState, action: Action) -> bool:
        """Like ``action in legal_actions(state)``, without listing every swap."""
        if not _well_formed(action):
            return False
        if isinstance(action, Swap):
            cards = action.cards
            return (
                state.phase == "exchange"
                and len(cards) <= len(state.pile)
                and all(a < b for a, b in itertools.pairwise(cards))
                and set(cards) <= set(state.hands[state.turn])
            )
        return action in self.legal_actions(state)

    def outcome(self, state: TwentyOneState) -> Outcome | None:
        """Winners (highest total, shared on a tie) and totals once the match is over."""
        if state.phase != "over":
            return None
        return Outcome(_winners(state.scores), state.scores, "points")

    def view(self, state: TwentyOneState, seat: int | None) -> TwentyOneView:
        """What ``seat`` may see: its own hand and swaps, public counts and plays."""
        own = seat is not None and 0 <= seat < state.config.players
        over = state.phase == "over"
        phase = f"{state.pause}_over" if state.pause else state.phase
        return TwentyOneView(
            viewer=seat if own else None,
            actor=self.current_player(state),
            round=state.deal,
            phase=cast(TwentyOnePhase, phase),
            over=over,
            config=state.config,
            dealer=state.dealer,
            leader=state.leader,
            hand=state.hands[seat] if own and seat is not None else (),
            my_swapped_out=state.swapped_out[seat] if own and seat is not None else (),
            hand_counts=tuple(len(h) for h in state.hands),
            pile_count=len(state.pile),
            exchange=state.exchange,
            swaps=state.swaps,
            tricks=state.tricks,
            trick=state.trick,
            scores=state.scores,
            target=state.config.target,
            last_deal=state.last_deal,
            winners=_winners(state.scores) if over else (),
        )

    def advise(self, view: TwentyOneView, legal: Sequence[Action], seed: int = 0) -> Any | None:
        """The coach's :class:`~.advice.TwentyOneAdvice` for the seat ``view`` is drawn for
        (see :meth:`~pygame_core.contract.Game.advise`)."""
        # Imported here, so the browser's start-up never loads the coach's search and estimate.
        from .advice import advise

        return advise(view, legal, seed)

    def review_unit(self, state: TwentyOneState) -> str:
        """The share of the match won (an estimate: the hidden cards are sampled)."""
        return "match_win"

    def own_cards(self, view: TwentyOneView, seat: int) -> tuple[int, ...]:
        """The seat's hand."""
        return view.hand

    def unseen_cards(self, state: TwentyOneState, seat: int | None) -> frozenset[int]:
        """The cards in other hands, but those shown: played to a trick of this deal,
        or every last card once the deal is scored."""
        shown = {c for trick in _all_tricks(state) for play in trick.plays for c in play.cards}
        if state.phase == "over" or state.pause == "deal":
            shown |= {h[0] for h in state.hands}
        return frozenset(
            card
            for owner, hand in enumerate(state.hands)
            if owner != seat
            for card in hand
            if card not in shown
        )

    def make_bot(self, level: str) -> Bot:
        """The bot of ``level`` ("easy", "medium" or "expert")."""
        from .bots import make_bot

        return make_bot(level)

    def arena_metrics(self, state: TwentyOneState) -> dict[str, float]:
        """Deals played in the match."""
        return {"deals": float(state.deal)}

    def check_invariants(self, state: TwentyOneState) -> None:
        """All 52 cards accounted for once; hand sizes fit the phase."""
        played = [c for t in _all_tricks(state) for p in t.plays for c in p.cards]
        cards = [c for h in state.hands for c in h]
        cards += list(state.pile) + [c for s in state.swapped_out for c in s] + played
        if sorted(cards) != list(range(DECK_SIZE)):
            raise AssertionError("the 52 cards are not all accounted for exactly once")
        sizes = [len(h) for h in state.hands]
        if state.phase == "over":
            if sizes != [1] * state.config.players:
                raise AssertionError("a deal must end with every player holding one card")
        elif state.phase in ("exchange_choice", "exchange"):
            if sizes != [HAND_SIZE] * state.config.players:
                raise AssertionError("every hand holds seven cards during the exchange")
        elif min(sizes) < 1 or (sizes[state.turn] < 2 and not state.pause):
            raise AssertionError("nobody plays a last card")
        if any(h != tuple(sorted(h)) for h in state.hands):
            raise AssertionError("hands are kept sorted")

    # -- transitions -----------------------------------------------------------------
    def _step(self, state: TwentyOneState, action: Action) -> Step:
        """Apply a legal action."""
        step = Builder(state)
        seat = state.turn
        if isinstance(action, OpenExchange):
            step.update(exchange="open", phase="exchange")
            step.emit("exchange_opened", seat=seat)
        elif isinstance(action, RefuseExchange):
            step.update(exchange="refused", phase="play")
            step.emit("exchange_refused", seat=seat)
        elif isinstance(action, Swap):
            _swap(step, action.cards)
        elif isinstance(action, Play):
            _trick_turn(step, "play", action.cards)
        elif isinstance(action, Discard):
            _trick_turn(step, "discard", (action.card,))
        else:
            _trick_turn(step, "pass", ())
        return step.done()


# -- helpers -----------------------------------------------------------------------------
def _well_formed(action: object) -> bool:
    """Whether ``action`` is one of ours with strictly typed fields (``True`` is no card)."""
    if isinstance(action, (OpenExchange, RefuseExchange, Pass)):
        return True
    if isinstance(action, (Swap, Play)):
        return isinstance(action.cards, tuple) and all(is_card(c) for c in action.cards)
    return isinstance(action, Discard) and is_card(action.card)


def _winners(scores: Sequence[int]) -> tuple[int, ...]:
    best = max(scores)
    return tuple(i for i, s in enumerate(scores) if s == best)


def _all_tricks(state: TwentyOneState) -> tuple[Trick, ...]:
    return state.tricks + ((state.trick,) if state.trick is not None else ())


def _pairs(hand: Sequence[int], low_ace: bool) -> list[tuple[int, int]]:
    """Every pair of equal rank in a sorted hand, as sorted card tuples."""
    return [
        (a, b)
        for a, b in itertools.combinations(hand, 2)
        if play_rank(a, low_ace) == play_rank(b, low_ace)
    ]


def _play_actions(
    config: TwentyOneConfig, hand: tuple[int, ...], trick: Trick | None
) -> tuple[Action, ...]:
    """The legal trick turns for ``hand`` (two or more cards) facing ``trick``."""
    low_ace = config.low_ace
    pairs_allowed = len(hand) >= 3
    if trick is None:
        leads: list[Action] = [Play((c,)) for c in hand]
        if pairs_allowed:
            leads += [Play(p) for p in _pairs(hand, low_ace)]
        return tuple(leads)
    if trick.form == 1:
        beats: list[Action] = [Play((c,)) for c in hand if play_rank(c, low_ace) >= trick.top_rank]
    elif pairs_allowed:
        beats = [
            Play(p) for p in _pairs(hand, low_ace) if play_rank(p[0], low_ace) >= trick.top_rank
        ]
    else:
        beats = []
    if beats:
        return tuple(beats)
    if config.cannot_beat == "pass":
        return (Pass(),)
    lowest = min(play_rank(c, low_ace) for c in hand)
    return tuple(Discard(c) for c in hand if play_rank(c, low_ace) == lowest)


def _start_deal(step: Builder[TwentyOneState], dealer: int) -> None:
    """Shuffle and deal the next deal with ``dealer`` dealing."""
    state = step.state
    config = state.config
    n = config.players
    deck = list(range(DECK_SIZE))
    step.stream.shuffle(deck)
    hands = tuple(tuple(sorted(deck[i * HAND_SIZE : (i + 1) * HAND_SIZE])) for i in range(n))
    leader = (dealer + 1) % n
    pile = tuple(deck[n * HAND_SIZE :])
    step.update(
        deal=state.deal + 1,
        dealer=dealer,
        leader=leader,
        phase="exchange_choice" if config.exchange else "play",
        turn=leader,
        hands=hands,
        pile=pile,
        exchange="pending" if config.exchange else "off",
        swaps=(-1,) * n,
        swapped_out=((),) * n,
        tricks=(),
        trick=None,
    )
    step.emit("deal_started", deal=state.deal + 1, dealer=dealer, leader=leader, pile=len(pile))
    for seat in range(n):
        step.emit("dealt", visible_to=[seat], seat=seat, cards=hands[seat])


def _swap(step: Builder[TwentyOneState], given: tuple[int, ...]) -> None:
    """One exchange turn; then the next seat's, or the first trick."""
    state = step.state
    seat = state.turn
    n = state.config.players
    drawn = state.pile[: len(given)]
    hand = tuple(sorted([c for c in state.hands[seat] if c not in given] + list(drawn)))
    pile = state.pile[len(given) :]
    step.emit("swapped", seat=seat, count=len(given))
    step.emit("swap_cards", visible_to=[seat], seat=seat, given=given, drawn=drawn)
    nxt = (seat + 1) % n
    done = nxt == state.leader or not pile
    if done:
        reason = "everyone" if nxt == state.leader else "pile_empty"
        step.emit("exchange_ended", reason=reason, pile=len(pile))
    step.update(
        hands=with_item(state.hands, seat, hand),
        pile=pile,
        swaps=with_item(state.swaps, seat, len(given)),
        swapped_out=with_item(state.swapped_out, seat, given),
        phase="play" if done else "exchange",
        turn=state.leader if done else nxt,
    )


def _trick_turn(step: Builder[TwentyOneState], kind: str, cards: tuple[int, ...]) -> None:
    """A lead, follow, discard or pass by the seat to act; ends the trick or deal if due."""
    state = step.state
    config = state.config
    seat = state.turn
    hand = tuple(c for c in state.hands[seat] if c not in cards)
    hands = with_item(state.hands, seat, hand)
    turn = TrickPlay(seat, kind, cards)
    trick = state.trick
    if trick is None:
        trick = Trick(seat, len(cards), (turn,), seat, play_rank(cards[0], config.low_ace))
        step.emit("led", seat=seat, cards=cards)
    elif kind == "play":
        played_rank = play_rank(cards[0], config.low_ace)
        equal = int(played_rank == trick.top_rank)
        trick = Trick(trick.leader, trick.form, (*trick.plays, turn), seat, played_rank)
        step.emit("played", seat=seat, cards=cards, equal=equal)
    else:
        trick = dataclasses.replace(trick, plays=(*trick.plays, turn))
        if kind == "discard":
            step.emit("discarded", seat=seat, card=cards[0])
        else:
            step.emit("passed", seat=seat)
    if len(hand) == 1:
        step.emit("out", seat=seat)
    n = config.players
    for offset in range(1, n):
        nxt = (seat + offset) % n
        if nxt == trick.leader:
            break
        if len(hands[nxt]) >= 2:
            step.update(hands=hands, trick=trick, turn=nxt)
            return
    step.update(hands=hands, trick=trick)
    _end_trick(step)


def _end_trick(step: Builder[TwentyOneState]) -> None:
    """Close the complete trick; the winner (or the next able seat) leads, or the deal
    ends. The complete trick is held on the table (a pause) before it is cleared."""
    state = step.state
    trick = state.trick
    assert trick is not None
    n = state.config.players
    winning = trick.top_cards
    tricks = (*state.tricks, trick)
    for offset in range(n):
        nxt = (trick.top_seat + offset) % n
        if len(state.hands[nxt]) >= 2:
            step.emit("trick_won", seat=trick.top_seat, cards=winning, next_leader=nxt)
            step.hold("trick")
            step.update(tricks=tricks, trick=None, turn=nxt)
            return
    step.emit("trick_won", seat=trick.top_seat, cards=winning, next_leader=-1)
    step.hold("trick")
    step.update(tricks=tricks, trick=None)
    _end_deal(step)


def _end_deal(step: Builder[TwentyOneState]) -> None:
    """Reveal and score the last cards; start the next deal or end the match (the
    scored deal is held on the table first, a pause)."""
    state = step.state
    config = state.config
    last_cards = tuple(h[0] for h in state.hands)
    points = deal_points(last_cards, config)
    totals = tuple(s + p for s, p in zip(state.scores, points, strict=True))
    best = max(points) if config.scoring == "highest" else 0
    step.emit("deal_revealed", cards=last_cards)
    step.emit("deal_scored", points=points, totals=totals, best=best)
    result = DealResult(state.deal, state.dealer, last_cards, points, totals)
    step.update(scores=totals, last_deal=result)
    step.hold("deal")
    if max(totals) >= config.target:
        step.emit("match_over", winners=_winners(totals), totals=totals)
        step.update(phase="over", turn=-1)
    else:
        _start_deal(step, (state.dealer + 1) % config.players)
