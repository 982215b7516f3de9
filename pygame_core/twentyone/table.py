"""The Twenty One table: the config, the cards' ranks and points, the actions, the
state and the views of a match.

What the rules (:mod:`.rules`), the odds, the coach, the bots, the expert's search and
the review all read, below the rules object: a bot or the coach imports this module,
never the rules, so the rules may load the bots and the coach when asked for them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from ..cards import ACE, rank
from ..errors import ConfigError
from ..rng import Rng
from ..values import Value

HAND_SIZE = 7
DECK_SIZE = 52
MIN_PLAYERS = 2
MAX_PLAYERS = 7
#: Largest target accepted (a deal scores at most 11 a player, so this is hours of play).
MAX_TARGET = 1000


# -- config ------------------------------------------------------------------------------
@dataclass(frozen=True)
class TwentyOneConfig(Value):
    """Options of a Twenty One match; defaults are the rulings' defaults.

    ``scoring``: ``"highest"`` (only the best last card scores) or ``"everyone"``
    (every player scores the last card). ``target``: the total that ends the match.
    ``exchange``: whether the leader may open an exchange. ``cannot_beat``: what a
    player unable to beat does, ``"discard"`` the lowest card or ``"pass"``.
    ``low_ace``: the ace is the lowest card and worth 1.
    """

    players: int = 4
    target: int = 21
    scoring: Literal["highest", "everyone"] = "highest"
    exchange: bool = True
    cannot_beat: Literal["discard", "pass"] = "discard"
    low_ace: bool = False

    def __post_init__(self) -> None:
        _check_int("players", self.players, MIN_PLAYERS, MAX_PLAYERS)
        _check_int("target", self.target, 1, MAX_TARGET)
        if self.scoring not in ("highest", "everyone"):
            raise ConfigError("scoring", "must be 'highest' or 'everyone'")
        if not isinstance(self.exchange, bool):
            raise ConfigError("exchange", "must be true or false")
        if self.cannot_beat not in ("discard", "pass"):
            raise ConfigError("cannot_beat", "must be 'discard' or 'pass'")
        if not isinstance(self.low_ace, bool):
            raise ConfigError("low_ace", "must be true or false")


def _check_int(name: str, value: object, low: int, high: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ConfigError(name, f"must be a whole number from {low} to {high}")


# -- card helpers ------------------------------------------------------------------------
def play_rank(card: int, low_ace: bool) -> int:
    """The card's rank in play: 2-14 (ace high), or 1 for an ace with ``low_ace``."""
    r = rank(card)
    return 1 if low_ace and r == ACE else r


def rank_value(value: int) -> int:
    """Points of a last card of play rank ``value``: ace 11 (1 when low), J/Q/K 10, else pip."""
    return 11 if value == ACE else min(value, 10)


def card_value(card: int, low_ace: bool) -> int:
    """Points of a last card: ace 11 (1 with ``low_ace``), J/Q/K 10, others pip value."""
    return rank_value(play_rank(card, low_ace))


def points_for(values: Sequence[int], everyone: bool) -> tuple[int, ...]:
    """Each seat's points from the values of the last cards: only the highest value
    scores (for every seat holding it), or with ``everyone`` every value scores."""
    if everyone:
        return tuple(values)
    best = max(values)
    return tuple(v if v == best else 0 for v in values)


def deal_points(last_cards: Sequence[int], config: TwentyOneConfig) -> tuple[int, ...]:
    """Each seat's points for a deal ending with ``last_cards`` (one card per seat)."""
    values = [card_value(c, config.low_ace) for c in last_cards]
    return points_for(values, config.scoring == "everyone")


# -- actions -----------------------------------------------------------------------------
@dataclass(frozen=True)
class OpenExchange(Value):
    """The deal's leader opens the exchange for everyone."""


@dataclass(frozen=True)
class RefuseExchange(Value):
    """The deal's leader refuses the exchange for everyone."""


@dataclass(frozen=True)
class Swap(Value):
    """Exchange ``cards`` (sorted, possibly none) for as many from the draw pile."""

    cards: tuple[int, ...] = ()


@dataclass(frozen=True)
class Play(Value):
    """Lead or follow with one card or a pair of equal rank (sorted)."""

    cards: tuple[int, ...]


@dataclass(frozen=True)
class Discard(Value):
    """Unable to beat: throw away ``card``, one of the lowest rank in hand."""

    card: int


@dataclass(frozen=True)
class Pass(Value):
    """Unable to beat (pass variant): keep the hand."""


Action = OpenExchange | RefuseExchange | Swap | Play | Discard | Pass


# -- state and view ----------------------------------------------------------------------
@dataclass(frozen=True)
class TrickPlay(Value):
    """One turn in a trick: ``kind`` is ``"play"``, ``"discard"`` or ``"pass"``."""

    seat: int
    kind: str
    cards: tuple[int, ...]


@dataclass(frozen=True)
class Trick(Value):
    """A trick: its leader, form (1 single, 2 pair), the turns so far, and who is best.

    ``top_seat`` is the seat that played the best rank last (the winner once the trick
    is complete); ``top_rank`` that rank in play (see :func:`play_rank`).
    """

    leader: int
    form: int
    plays: tuple[TrickPlay, ...]
    top_seat: int
    top_rank: int

    @property
    def top_cards(self) -> tuple[int, ...]:
        """The best play's cards (the top seat's last play: a discard or pass never
        takes the top)."""
        return next(p.cards for p in reversed(self.plays) if p.seat == self.top_seat)


@dataclass(frozen=True)
class DealResult(Value):
    """How a deal ended: each seat's last card, its points and the totals after it."""

    deal: int
    dealer: int
    last_cards: tuple[int, ...]
    points: tuple[int, ...]
    totals: tuple[int, ...]


#: The phases of a match (see :class:`TwentyOneState`).
TwentyOnePhase = Literal["exchange_choice", "exchange", "play", "trick_over", "deal_over", "over"]


@dataclass(frozen=True)
class TwentyOneState:
    """The full state of a match (hidden cards included; players see a view).

    ``phase`` is ``"exchange_choice"`` (the leader decides), ``"exchange"`` (swap
    turns), ``"play"`` or ``"over"``; ``exchange`` is ``"pending"``, ``"open"``,
    ``"refused"`` or ``"off"`` (the variant without exchange). ``turn`` is the seat to
    act (-1 once over). ``pile`` is the draw pile, top card first. ``swaps`` holds per
    seat how many cards it exchanged this deal, or -1 if it has not had its exchange
    turn (yet). ``swapped_out`` the cards each seat gave away this deal. ``tricks`` the completed
    tricks of this deal, ``trick`` the one in progress (``None`` before its lead).
    """

    config: TwentyOneConfig
    seed: int
    rng: Rng
    deal: int
    dealer: int
    leader: int
    phase: str
    turn: int
    hands: tuple[tuple[int, ...], ...]
    pile: tuple[int, ...]
    exchange: str
    swaps: tuple[int, ...]
    swapped_out: tuple[tuple[int, ...], ...]
    tricks: tuple[Trick, ...]
    trick: Trick | None
    scores: tuple[int, ...]
    last_deal: DealResult | None
    history: tuple[Action, ...] = ()
    #: ``"trick"`` or ``"deal"`` in the state of a trick's (deal's) end held on the
    #: table (a :class:`~pygame_core.contract.Pause`; its view's phase is
    #: ``"trick_over"`` or ``"deal_over"``).
    pause: str | None = None


@dataclass(frozen=True)
class TwentyOneView:
    """What one seat (or a spectator, ``viewer=None``) may know.

    ``hand`` is the viewer's own hand (empty for a spectator); ``my_swapped_out`` the
    cards it gave away in this deal's exchange. ``hand_counts`` and ``pile_count`` are
    public counts; ``swaps`` as in the state (-1: no exchange turn yet). ``actor`` is
    the seat to act (``None`` when the match is over); ``round`` the deal number;
    ``leader`` the deal's leader (who decides the exchange); the current trick's leader
    is ``trick.leader`` (``None`` trick: ``actor`` is about to lead). ``winners`` is
    empty until the match is over.
    """

    viewer: int | None
    actor: int | None
    round: int
    phase: TwentyOnePhase
    over: bool
    config: TwentyOneConfig
    dealer: int
    leader: int
    hand: tuple[int, ...]
    my_swapped_out: tuple[int, ...]
    hand_counts: tuple[int, ...]
    pile_count: int
    exchange: str
    swaps: tuple[int, ...]
    tricks: tuple[Trick, ...]
    trick: Trick | None
    scores: tuple[int, ...]
    target: int
    last_deal: DealResult | None
    winners: tuple[int, ...]
