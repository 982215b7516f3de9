"""The one contract every game implements.

A game is a :class:`Game` subclass with a frozen, validated config dataclass, a frozen
state dataclass and frozen action dataclasses. The state always carries the config, the
seed and the history of applied actions, so ``(config, seed, history)`` replays it
exactly; the save format (:mod:`pygame_core.saves`) stores just that.

The pieces shared by all games live here: :class:`Event` (what happened, for the log
and animations, optionally private to some seats), :class:`Outcome` (the end of a
match), :class:`Bot` (what a bot level must provide) and the :class:`Game` base class
with the checks every game gets for free (legality, history, config codec).
"""

from __future__ import annotations

import abc
import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, NamedTuple, Protocol, TypeVar

from .codec import from_data, to_data
from .errors import ConfigError, IllegalActionError

#: Largest seed accepted by ``new_game`` (fits a JavaScript number exactly).
MAX_SEED = 2**53 - 1

#: The bot levels every game offers, weakest first.
BOT_LEVELS = ("easy", "medium", "expert")


class GameState(Protocol):
    """What every game's state carries besides its own fields."""

    @property
    def config(self) -> Any: ...

    @property
    def seed(self) -> int: ...

    @property
    def history(self) -> tuple[Any, ...]: ...

    @property
    def pause(self) -> str | None:
        """``None``, or the kind of moment this state holds (see :class:`Pause`)."""
        ...


@dataclass(frozen=True)
class Event:
    """Something that happened, for the log and for animations.

    ``kind`` is a short identifier (``"rolled"``, ``"bust"``...) and ``params`` its named
    values (seats, dice, cards, chips) as sorted ``(name, value)`` pairs, all JSON-safe.
    ``visible_to`` is ``None`` for a public event, or the seats that may see it (a card
    dealt face down is shown only to its owner).
    """

    kind: str
    params: tuple[tuple[str, Any], ...] = ()
    visible_to: frozenset[int] | None = None

    @classmethod
    def make(cls, kind: str, *, visible_to: Sequence[int] | None = None, **params: Any) -> Event:
        """An event with ``params`` given by name (kept sorted by name).

        >>> Event.make("rolled", seat=0, dice=(4,), total=4).as_dict()
        {'dice': (4,), 'seat': 0, 'total': 4}
        """
        seen = None if visible_to is None else frozenset(visible_to)
        return cls(kind, tuple(sorted(params.items())), seen)

    def get(self, name: str, default: Any = None) -> Any:
        """The value of parameter ``name``."""
        for key, value in self.params:
            if key == name:
                return value
        return default

    def as_dict(self) -> dict[str, Any]:
        """The parameters as a plain dict."""
        return dict(self.params)

    def visible_for(self, seat: int | None) -> bool:
        """Whether ``seat`` (``None``: a spectator) may see this event."""
        return self.visible_to is None or (seat is not None and seat in self.visible_to)


def events_for(events: Sequence[Event], seat: int | None) -> tuple[Event, ...]:
    """The events ``seat`` may see, in order.

    >>> dealt = Event.make("dealt", visible_to=[1], seat=1, card=12)
    >>> [e.kind for e in events_for([Event.make("bet"), dealt], 0)]
    ['bet']
    """
    return tuple(e for e in events if e.visible_for(seat))


@dataclass(frozen=True)
class Outcome:
    """How a finished match ended.

    ``winners`` holds every winning seat (more than one when the win is shared);
    ``scores`` the final figure per seat that decided it, named by ``score_kind``
    (``"chips"``, ``"rounds"`` or ``"points"``).
    """

    winners: tuple[int, ...]
    scores: tuple[int, ...]
    score_kind: str


@dataclass(frozen=True)
class Pause:
    """A moment inside one action that a table holds before it goes on.

    One action can end a round (a trick, a deal) and start the next: the state
    ``apply`` returns already shows the new round. ``state`` is the table as it stood
    when the moment happened (every hand and die of the round that ended, the pot
    paid), for drawing only: its ``pause`` names the ``kind`` (``"round"``,
    ``"trick"``, ``"deal"``), nobody is to act in it (``current_player`` is ``None``,
    no legal action, ``apply`` refuses it) and ``view`` draws it for any seat, hiding
    what it must. ``events`` counts the action's events up to that moment.
    """

    kind: str
    state: Any
    events: int


def pause_of(kind: str, state: Any, events: Sequence[Event]) -> Pause:
    """The :class:`Pause` of ``kind`` at ``state``, after the ``events`` so far."""
    return Pause(kind, dataclasses.replace(state, pause=kind), len(events))


class Step(NamedTuple):
    """What one action did: the next state, its events, and the moments it passed
    through on the way (:class:`Pause`, in order)."""

    state: Any
    events: tuple[Event, ...]
    pauses: tuple[Pause, ...] = ()


class GameView(Protocol):
    """The names every game's view shares, with one meaning each.

    A game's view dataclass adds its own fields (hands, dice, chips...); these five
    are the same in every game, so the UI reads them without knowing the game.
    """

    @property
    def viewer(self) -> int | None:
        """The seat the view is drawn for (``None``: a spectator, public facts only)."""
        ...

    @property
    def actor(self) -> int | None:
        """The seat that must act now (``None`` when the match is over, or when the
        table holds a moment: a :class:`Pause` state, whose ``phase`` names it)."""
        ...

    @property
    def round(self) -> int:
        """The round being played, from 1 (Twenty One: the deal)."""
        ...

    @property
    def phase(self) -> str:
        """The game's phase; each game types it as a ``Literal`` of its phase names."""
        ...

    @property
    def over(self) -> bool:
        """Whether the match is over."""
        ...


def acts_now(view: GameView) -> bool:
    """Whether the seat ``view`` is drawn for is the one to act now (not for a
    spectator, another seat's turn, a held moment or a match that is over)."""
    return view.viewer is not None and view.actor == view.viewer


C = TypeVar("C")
S = TypeVar("S", bound=GameState)
A = TypeVar("A")
V = TypeVar("V", bound=GameView)


class Bot(Protocol):
    """A bot level: picks one of ``legal`` from what its seat can see."""

    def choose(self, view: Any, legal: Sequence[Any], seed: int) -> Any:
        """The chosen action; ``seed`` makes any randomness repeatable."""
        ...


class Game(abc.ABC, Generic[C, S, A, V]):
    """Base class of every game; subclasses fill in the rules.

    Subclasses set the class attributes and implement :meth:`new_game`,
    :meth:`current_player`, :meth:`legal_actions`, :meth:`_step`, :meth:`outcome`,
    :meth:`view` and :meth:`make_bot`. :meth:`apply` checks legality, calls
    :meth:`_step` and records the action in the state's history. A game with a coach
    overrides :meth:`advise`.

    A game whose action can run on past the end of a round (a trick, a deal) returns
    the states of those moments from :meth:`_step` as :class:`Pause` objects, so a UI
    can hold each one on the table (:meth:`apply_paused`).
    """

    #: Registry id, e.g. ``"dice21"``.
    id: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    #: The frozen config dataclass; its ``__post_init__`` raises :class:`ConfigError`.
    config_type: ClassVar[type]
    #: The frozen view dataclass :meth:`view` returns (what one seat may know).
    view_type: ClassVar[type]
    #: Every action dataclass of the game (their class names tag them in JSON).
    action_types: ClassVar[tuple[type, ...]]
    #: Named option sets; a preset is a dict of config fields (players are added).
    presets: ClassVar[Mapping[str, Mapping[str, Any]]]
    #: Whether some cards are hidden from some seats: pass-and-play then covers the
    #: table between people, and the views of two seats differ.
    hides_information: ClassVar[bool] = False
    #: The revision of the game's rules. A save made under another revision would not
    #: replay the same match, so loading refuses it (saves that name no revision were
    #: made under revision 1).
    rules_version: ClassVar[int] = 1
    #: The module that rates this game's decisions for the after-game review, by its
    #: dotted name: the ``review`` module of the game's own package (e.g.
    #: ``"pygame_core.dice21.review"``), imported only when a match is reviewed. It has
    #: ``rate(spot, seed, playouts)``, and optionally ``rate_steps``, ``standing`` and
    #: ``opening`` (see :mod:`pygame_core.review.rating`). ``None``: the review replays
    #: the match but rates nothing.
    review_rater: ClassVar[str | None] = None

    # -- configuration -------------------------------------------------------------
    def config(self, **options: Any) -> C:
        """A validated config; unknown options raise :class:`ConfigError`."""
        names = {f.name for f in dataclasses.fields(self.config_type)}
        for name in options:
            if name not in names:
                raise ConfigError(name, "unknown option")
        return self.config_type(**options)  # type: ignore[no-any-return]

    def preset(self, name: str, players: int) -> C:
        """The config of preset ``name`` for ``players`` players."""
        if name not in self.presets:
            raise ConfigError("preset", f"unknown preset {name!r}")
        return self.config(players=players, **self.presets[name])

    def config_to_dict(self, config: C) -> dict[str, Any]:
        """The config as JSON-safe data."""
        data = to_data(config)
        assert isinstance(data, dict)
        return data

    def config_from_dict(self, data: Any) -> C:
        """Inverse of :meth:`config_to_dict`; any problem raises :class:`ConfigError`."""
        try:
            return from_data(self.config_type, data, "config")
        except ConfigError:
            raise
        except ValueError as exc:
            raise ConfigError("config", str(exc)) from exc

    # -- actions ---------------------------------------------------------------------
    def action_to_dict(self, action: A) -> dict[str, Any]:
        """The action as JSON-safe data, tagged with its type name."""
        data = to_data(action)
        assert isinstance(data, dict)
        return {"type": type(action).__name__, **data}

    def action_from_dict(self, data: Any) -> A:
        """Inverse of :meth:`action_to_dict`; raises ``ValueError`` on anything else."""
        if not isinstance(data, dict) or not isinstance(data.get("type"), str):
            raise ValueError("an action must be an object with a type")
        by_name = {cls.__name__: cls for cls in self.action_types}
        cls = by_name.get(data["type"])
        if cls is None:
            raise ValueError(f"unknown action type {data['type']!r}")
        fields = {k: v for k, v in data.items() if k != "type"}
        return from_data(cls, fields, data["type"])

    # -- views -----------------------------------------------------------------------
    def view_to_dict(self, view: V) -> dict[str, Any]:
        """A view as JSON-safe data (what a seat on another device is sent)."""
        data = to_data(view)
        assert isinstance(data, dict)
        return data

    def view_from_dict(self, data: Any) -> V:
        """Inverse of :meth:`view_to_dict`; raises ``ValueError`` on anything else."""
        view: V = from_data(self.view_type, data, "view")
        return view

    # -- the rules -------------------------------------------------------------------
    @abc.abstractmethod
    def new_game(self, config: C, seed: int) -> S:
        """The state at the start of a match (any opening chance already resolved)."""

    @abc.abstractmethod
    def current_player(self, state: S) -> int | None:
        """The seat that must act, or ``None`` when the match is over."""

    @abc.abstractmethod
    def legal_actions(self, state: S) -> tuple[A, ...]:
        """Every legal action of the current player (empty when the match is over)."""

    @abc.abstractmethod
    def _step(self, state: S, action: A) -> Step:
        """Apply a legal action (already checked); must not mutate ``state``."""

    def is_legal(self, state: S, action: A) -> bool:
        """Whether ``action`` may be applied now."""
        return action in self.legal_actions(state)

    def apply(self, state: S, action: A) -> tuple[S, tuple[Event, ...]]:
        """The state after ``action`` and the events it caused; ``state`` is unchanged.

        Raises :class:`IllegalActionError` if the action is not legal now.
        """
        step = self.apply_paused(state, action)
        return step.state, step.events

    def apply_paused(self, state: S, action: A) -> Step:
        """:meth:`apply`, with the moments the action passed through (each
        :class:`Pause` state carries the history up to and with ``action``)."""
        if state.pause is not None or not self.is_legal(state, action):
            raise IllegalActionError(f"{self.id}: {action!r} is not a legal action now")
        new_state, events, pauses = self._step(state, action)
        history = state.history + (action,)
        new_state = dataclasses.replace(new_state, history=history)
        if pauses:
            pauses = tuple(
                dataclasses.replace(p, state=dataclasses.replace(p.state, history=history))
                for p in pauses
            )
        return Step(new_state, events, pauses)

    @abc.abstractmethod
    def outcome(self, state: S) -> Outcome | None:
        """How the match ended, or ``None`` while it is still on."""

    @abc.abstractmethod
    def view(self, state: S, seat: int | None) -> V:
        """What ``seat`` may know (``None``: a spectator who sees only public facts)."""

    @abc.abstractmethod
    def make_bot(self, level: str) -> Bot:
        """The bot of ``level`` (one of :data:`BOT_LEVELS`)."""

    def advise(self, view: V, legal: Sequence[A], seed: int = 0) -> Any | None:
        """What the coach says about the decision of the seat ``view`` is drawn for,
        ``legal`` being its legal actions (``seed`` makes any sampling repeatable): the
        game's advice dataclass, its figures exact (``Fraction``) where the odds are;
        ``None`` when that seat has nothing to decide now (see :func:`acts_now`).

        This default is ``None``: the game has no coach. A game that has one imports
        its advice module inside its ``advise``, so the browser's start-up never loads
        the coach's odds.
        """
        return None

    def review_unit(self, state: S) -> str:
        """What the review measures a seat's decisions in (a ``pygame_core.review.Unit``):
        the chance to win the round, by default."""
        return "round_win"

    def own_cards(self, view: V, seat: int) -> tuple[int, ...]:
        """``seat``'s hand in ``view``, drawn for that seat (its hidden cards face up):
        what a replay shows of every hand once the match is over. None by default."""
        return ()

    def unseen_cards(self, state: S, seat: int | None) -> frozenset[int]:
        """The cards in other seats' hands that ``seat`` (``None``: a spectator) has
        not seen: what nothing drawn for that seat may show (the deck's order is never
        shown at all). A game without hidden cards has none (this default)."""
        return frozenset()

    def check_invariants(self, state: S) -> None:
        """Raise ``AssertionError`` if a conservation law is broken (chips, cards).

        The contract suite calls it at every step of every playout; games with chips
        or cards override it. It is a test aid, never part of the rules.
        """

    def arena_metrics(self, state: S) -> Mapping[str, float]:
        """Extra per-match figures the arena averages (e.g. rounds played)."""
        return {}

    def is_over(self, state: S) -> bool:
        """Whether the match has ended."""
        return self.current_player(state) is None


def check_seed(seed: int) -> int:
    """``seed`` if it is a valid seed, else :class:`ConfigError`."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise ConfigError("seed", f"must be a whole number from 0 to {MAX_SEED}")
    return seed
