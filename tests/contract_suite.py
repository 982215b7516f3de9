"""The generic checks every game must pass, whatever its rules.

Used by ``test_contract.py`` over every registered game and preset; the helpers are
importable so a game's own tests can reuse them on scripted states.

A playout checks the contract at every step, so the checks must cost little next to
the rules themselves, or 2,000 playouts per game and preset would not fit in the time
500 took. Two checks cost most of it: walking every view for an RNG, and pickling the
state before and after every ``apply`` (the whole history, every time). They are now a
proof from the declared types, once per view class (:func:`check_view_type`), and a
walk of only what each step built (:class:`Scan`), with the full walks and the pickle
comparison kept at steps 0, 1, 3, 7, 15...; :func:`random_playout` says why these
still catch what the full walks caught, and what else is drawn less often than before.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import operator
import os
import pickle
import random
import types
import typing
from collections import Counter
from collections.abc import Callable, Collection, Sequence
from typing import Any, NamedTuple

from pygame_core import Game, IllegalActionError, Pause, from_json, to_json
from pygame_core.rng import Rng, RngStream

#: Seeded random playouts per game and preset (raise with NORDIC21_PLAYOUTS); `make
#: soak` runs 20,000.
PLAYOUTS = int(os.environ.get("NORDIC21_PLAYOUTS", "500"))
#: Every n-th playout also checks the save round-trip along the way (at 2,000: 40 per
#: game and preset, twice as many as 500 playouts checked at every 25th).
ROUNDTRIP_EVERY = 50
#: Every n-th playout's save is loaded back with its full replay (:func:`check_save`);
#: every playout's config and actions go through the save's JSON.
SAVE_REPLAY_EVERY = 10
MAX_STEPS = 20_000

_LEAVES = frozenset({int, str, bool, float, type(None)})
_CONTAINERS = frozenset({tuple, frozenset})
#: Flags of a scanned value: an Rng (or stream) is reachable from it; something mutable
#: (a list, dict, set, non-frozen dataclass or a class of unknown kind) is.
HOLDS_RNG = 1
MUTABLE = 2


def players_for(game: Game[Any, Any, Any, Any], seed: int) -> int:
    """A player count in the game's range, varied by seed."""
    return game.min_players + seed % (game.max_players - game.min_players + 1)


def check_hides_something(game: Game[Any, Any, Any, Any], seeds: range = range(4)) -> None:
    """A game that declares ``hides_information`` names some unseen card: in seeded
    random matches (each preset in turn) some seat, or the spectator, has a non-empty
    :meth:`~pygame_core.Game.unseen_cards` at some step. A hiding game that keeps the
    contract's default (no unseen card ever) would pass every secrecy check of the
    screens and the review without anything to keep secret."""
    if not game.hides_information:
        return
    presets = sorted(game.presets)
    for seed in seeds:
        players = players_for(game, seed)
        state = game.new_game(game.preset(presets[seed % len(presets)], players), seed)
        chooser = random.Random(seed)
        for _ in range(MAX_STEPS):
            if any(game.unseen_cards(state, seat) for seat in (None, *range(players))):
                return
            legal = game.legal_actions(state)
            if not legal:
                break
            state, _ = game.apply(state, chooser.choice(legal))
    raise AssertionError(
        f"{game.id} hides information but no seat has an unseen card in {len(seeds)} matches"
    )


# -- walking values -------------------------------------------------------------------
def _getter(names: Sequence[str]) -> Callable[[Any], tuple[Any, ...]]:
    """A function giving the named attributes of an object as a tuple (in C)."""
    if len(names) > 1:
        return operator.attrgetter(*names)
    if names:
        one = operator.attrgetter(names[0])
        return lambda value: (one(value),)
    return lambda value: ()


def _hints(cls: type) -> dict[str, Any]:
    try:
        return typing.get_type_hints(cls)
    except (NameError, TypeError):
        return {}


def _leaf_depth(tp: Any) -> int | None:
    """0 if type ``tp`` holds only primitives (``int``, ``str | None``, a ``Literal``),
    ``d + 1`` for a tuple or frozenset of such depth-``d`` values, ``None`` otherwise."""
    if tp in _LEAVES:
        return 0
    origin = typing.get_origin(tp)
    if origin is typing.Literal:
        return 0
    args = [a for a in typing.get_args(tp) if a is not Ellipsis]
    depths = {_leaf_depth(a) for a in args}
    if None in depths or len(depths) != 1:
        return None
    (depth,) = depths
    assert depth is not None
    if origin in (tuple, frozenset):
        return depth + 1
    if origin is typing.Union or isinstance(tp, types.UnionType):
        return depth
    return None


def _only_primitives(values: tuple[Any, ...], depth: int) -> bool:
    """Whether ``values`` are primitives, or tuples (frozensets) of them ``depth`` deep:
    a few passes in C, whatever the number of values."""
    for _ in range(depth):
        if not _CONTAINERS.issuperset(map(type, values)):
            return False
        values = tuple(itertools.chain.from_iterable(values))
    return _LEAVES.issuperset(map(type, values))


class _Shape(NamedTuple):
    """How :class:`Scan` walks the instances of one dataclass."""

    #: The flags of the instance itself, before its parts: MUTABLE unless frozen,
    #: HOLDS_RNG for an RNG.
    flags: int
    #: Every field's value, in a tuple.
    fields: Callable[[Any], tuple[Any, ...]]
    #: The fields declared to hold primitives (depth 0) or tuples of them ``depth``
    #: deep, grouped by depth: ``(values of the group, depth)``.
    plain: tuple[tuple[Callable[[Any], tuple[Any, ...]], int], ...]
    #: The values of the other fields (dataclasses, tuples of them, anything else).
    others: Callable[[Any], tuple[Any, ...]]
    #: Each field's depth as in ``plain``, or ``None`` for the others, in field order.
    depths: tuple[int | None, ...]


_SHAPES: dict[type, _Shape | None] = {}


def _shape(cls: type) -> _Shape | None:
    """The :class:`_Shape` of a dataclass type, ``None`` for any other type."""
    try:
        return _SHAPES[cls]
    except KeyError:
        pass
    found = None
    if dataclasses.is_dataclass(cls):
        names = [f.name for f in dataclasses.fields(cls)]
        hints = _hints(cls)
        by_depth: dict[int, list[str]] = {}
        others = []
        depths = tuple(_leaf_depth(hints[name]) if name in hints else None for name in names)
        for name, depth in zip(names, depths, strict=True):
            if depth is None:
                others.append(name)
            else:
                by_depth.setdefault(depth, []).append(name)
        frozen = cls.__dataclass_params__.frozen  # type: ignore[attr-defined]
        rng = issubclass(cls, (Rng, RngStream))
        found = _Shape(
            (0 if frozen else MUTABLE) | (HOLDS_RNG if rng else 0),
            _getter(names),
            tuple((_getter(group), depth) for depth, group in sorted(by_depth.items())),
            _getter(others),
            depths,
        )
    _SHAPES[cls] = found
    return found


class Scan:
    """Walks values for an RNG and for mutable parts, object by object, as the old full
    walk did, at a fraction of its cost. One scan serves one playout.

    Two shortcuts, neither of which takes a type hint on trust or skips an object:

    - A deeply immutable value (a primitive; a tuple or frozenset, or a frozen
      dataclass, whose parts are all deeply immutable) reaches the same objects for
      ever, so its flags never change: the scan remembers it by identity, and one walk
      answers for every later sight of the same object. The scan holds a reference to
      each value it remembers, so no other object can take its ``id`` while the scan
      lives. A match's states and views share most of their parts from step to step
      (the config, the tricks so far, the hands nobody touched), so each step walks only
      what that step built. Mutable values are walked at every sight, never remembered.
    - The fields a dataclass declares as primitives or tuples of them (a hand, the
      chips, the phase) are checked a group at a time, in C, to be exactly that; a
      field that holds anything else, whatever its hint says, is walked as any value.
    """

    def __init__(self) -> None:
        #: Keeps every value in ``_plain`` alive, so that its id stays its own.
        self._keep: list[Any] = [None, False, True, *range(-5, 257)]
        #: ids of remembered values that hold no RNG (the usual case); None, the bools
        #: and the small ints (the cards, dice and seats) from the start, so that a
        #: tuple of them passes the first pass in C.
        self._plain: set[int] = set(map(id, self._keep))

    def flags(self, value: Any) -> int:
        """:data:`HOLDS_RNG` and :data:`MUTABLE`, or-ed, for what ``value`` reaches."""
        cls = type(value)
        if cls in _LEAVES:
            return 0
        key = id(value)
        if key in self._plain:
            return 0
        if cls is tuple or cls is frozenset:
            flags = self.parts_flags(value)
        elif cls is Rng and type(value.state) is int:
            return HOLDS_RNG
        else:
            shape = _SHAPES[cls] if cls in _SHAPES else _shape(cls)
            if shape is not None:
                flags = shape.flags | self.parts_flags(shape.others(value))
                for group, depth in shape.plain:
                    flags |= self._plain_group(group(value), depth)
            elif isinstance(value, RngStream):
                flags = HOLDS_RNG | MUTABLE
            elif isinstance(value, (tuple, frozenset)):
                flags = self.parts_flags(value) | (MUTABLE if hasattr(value, "__dict__") else 0)
            elif isinstance(value, (list, set)):
                flags = MUTABLE | self.parts_flags(tuple(value))
            elif isinstance(value, dict):
                flags = (
                    MUTABLE
                    | self.parts_flags(tuple(value))
                    | self.parts_flags(tuple(value.values()))
                )
            else:
                # A class of the game's own: the old walk did not look inside either,
                # and it cannot be vouched for as immutable.
                flags = MUTABLE
        if not flags:
            self._plain.add(key)
            self._keep.append(value)
        return flags

    def parts_flags(self, parts: Collection[Any]) -> int:
        """The flags of ``parts``, or-ed."""
        plain = self._plain
        if all(map(plain.__contains__, map(id, parts))) or _LEAVES.issuperset(map(type, parts)):
            return 0
        flags = 0
        for part in parts:
            if type(part) not in _LEAVES and id(part) not in plain:
                flags |= self.flags(part)
        return flags

    def _plain_group(self, values: tuple[Any, ...], depth: int) -> int:
        """The flags of fields declared as primitives ``depth`` deep."""
        if not depth:
            return 0 if _LEAVES.issuperset(map(type, values)) else self.parts_flags(values)
        if all(map(self._plain.__contains__, map(id, values))):
            return 0
        if not _only_primitives(values, depth):
            return self.parts_flags(values)
        self._plain.update(map(id, values))
        self._keep.extend(values)
        return 0

    def fields_frozen(self, shape: _Shape, fields: tuple[Any, ...], known: tuple[Any, ...]) -> bool:
        """Whether the field values ``fields`` of a frozen dataclass of ``shape`` are
        deeply immutable, given the field values ``known`` of one proven so.

        The fields that are the very objects they were are; the others are walked,
        the ones declared as primitives (or tuples of them) a depth at a time, in C.
        """
        flags = 0
        plain = self._plain
        by_depth: tuple[list[Any], list[Any], list[Any]] = ([], [], [])
        for value, old, depth in zip(fields, known, shape.depths, strict=True):
            if value is old:
                continue
            if depth is not None and depth < 3:
                by_depth[depth].append(value)
            elif id(value) not in plain and not (type(value) is Rng and type(value.state) is int):
                flags |= self.flags(value)
        for depth, values in enumerate(by_depth):
            if values and not _only_primitives(tuple(values), depth):
                flags |= self.parts_flags(values)
        return not flags & MUTABLE

    def vouch(self, value: Any) -> None:
        """Remember ``value`` as deeply immutable and free of RNG without walking it;
        for a caller that has just proven it so (a history that is the previous one,
        item for item, plus an action walked already)."""
        self._plain.add(id(value))
        self._keep.append(value)

    def holds_rng(self, value: Any) -> bool:
        """Whether an :class:`Rng` or :class:`RngStream` hides anywhere in ``value``:
        the same answer as walking all of it (every dataclass field, every item of a
        tuple, list, set or frozenset, every key and value of a dict)."""
        return bool(self.flags(value) & HOLDS_RNG)

    def is_frozen(self, value: Any) -> bool:
        """Whether ``value`` is deeply immutable (primitives, tuples, frozensets and
        frozen dataclasses all the way down; an :class:`Rng` is one)."""
        return not self.flags(value) & MUTABLE


def contains_rng(value: Any) -> bool:
    """Whether an Rng hides anywhere inside ``value`` (one full walk)."""
    return Scan().holds_rng(value)


# -- the checks ---------------------------------------------------------------------
_RNG_FREE_TYPES: set[type] = set()


def check_view_type(cls: type) -> None:
    """Fail if a field of view class ``cls``, or of anything its field types name
    (dataclasses, tuple and frozenset items, unions), is declared to hold an RNG.

    Checked once per view class, from the type hints, so it covers every phase, also
    those a random playout never reaches (a field typed ``Rng | None`` that happens to
    be ``None`` in every playout).
    """
    if cls in _RNG_FREE_TYPES:
        return
    assert dataclasses.is_dataclass(cls), f"a view must be a dataclass, not {cls.__name__}"
    seen: set[Any] = set()

    def visit(tp: Any, where: str) -> None:
        if isinstance(tp, type) and issubclass(tp, (Rng, RngStream)):
            raise AssertionError(f"{where} is declared to hold an RNG ({tp.__name__})")
        if tp in seen or tp in _LEAVES or tp is typing.Any:
            return
        seen.add(tp)
        if typing.get_origin(tp) is typing.Literal:
            return
        if typing.get_origin(tp) is not None or isinstance(tp, types.UnionType):
            for arg in typing.get_args(tp):
                if arg is not Ellipsis:
                    visit(arg, where)
        elif isinstance(tp, type) and dataclasses.is_dataclass(tp):
            hints = _hints(tp)
            for f in dataclasses.fields(tp):
                visit(hints.get(f.name, typing.Any), f"{tp.__name__}.{f.name}")

    visit(cls, cls.__name__)
    _RNG_FREE_TYPES.add(cls)


def check_view_codec(game: Any, view: Any) -> None:
    """A view goes through JSON and back unchanged (what a guest device is sent)."""
    data = json.loads(json.dumps(game.view_to_dict(view)))
    assert game.view_from_dict(data) == view, "a view must survive its codec"


def check_view(view: Any, scan: Scan, *, full: bool = True) -> None:
    """A view holds no RNG.

    Its class is proven free of RNG from its declared types, once (every phase of every
    view: :func:`check_view_type`). With ``full`` the view is also walked whole
    (:meth:`Scan.holds_rng`), the old check: the playout does that for the seat to
    move and the spectator at steps 0, 1, 3, 7, 15..., and for the spectator of their
    held moments. Between those, a view could hide an RNG only in a value that breaks
    its declared type: mypy checks ``pygame_core`` strictly, and the same code builds
    the field at the steps walked in full.
    """
    cls = type(view)
    if cls not in _RNG_FREE_TYPES:
        check_view_type(cls)
    if full:
        assert not scan.holds_rng(view), "a view must never hold the RNG"


def check_pause(
    game: Game[Any, Any, Any, Any],
    action: Any,
    history: tuple[Any, ...],
    pause: Pause,
    scan: Scan,
    *,
    full: bool = True,
    seats: Sequence[int] | None = None,
) -> None:
    """A held moment is a table nobody acts on: it names its kind, carries the history
    up to and with ``action``, has no player to act and no legal action, ``apply``
    refuses it, the conservation laws hold in it, and the views of the spectator and of
    ``seats`` (every seat if ``None``) draw it with nobody to act, in the phase
    ``<kind>_over``, with no RNG (:func:`check_view`, the spectator's walked whole with
    ``full``). These are the checks ``test_pauses.py`` made of a dozen matches per game
    and preset.

    ``history`` is the history the held state must carry: in a playout, that of the
    state ``action`` led to, already checked (``apply_paused`` gives both one tuple).
    """
    held = pause.state
    assert held.pause == pause.kind
    assert held.history is history or held.history == history
    assert held.history[-1] == action
    assert game.current_player(held) is None
    assert game.legal_actions(held) == ()
    try:
        game.apply(held, action)
    except IllegalActionError:
        pass
    else:
        raise AssertionError("apply must refuse a held moment")
    game.check_invariants(held)
    for seat in (None, *(range(held.config.players) if seats is None else seats)):
        view = game.view(held, seat)
        assert view.actor is None, f"nobody acts in a held moment (seat {seat}'s view)"
        assert view.phase == f"{pause.kind}_over", f"seat {seat}'s view names no held moment"
        check_view(view, scan, full=full and seat is None)


#: (game id, action) pairs whose trip through a save's JSON is checked already; emptied
#: when it holds many (Twenty One's swaps are mostly new ones in a soak).
_CODEC_CHECKED: set[tuple[str, Any]] = set()
_CODEC_CHECKED_MAX = 100_000


def check_save(game: Game[Any, Any, Any, Any], state: Any, *, replay: bool) -> None:
    """A save of ``state`` loads back as ``state``.

    With ``replay``: ``from_json(to_json(state))`` equals ``state``, which replays every
    action of the save (and so covers :func:`replay`: the same actions, applied again).
    Without: the parts a save is made of come back exactly through JSON: the config,
    and every distinct action of the history (each (game, action) once while it is
    remembered, since the codec is a function of the value alone). A save stores just
    config, seed and actions, and loading it applies them again: what the playouts
    with ``replay`` check, one in :data:`SAVE_REPLAY_EVERY`.
    """
    if replay:
        assert from_json(to_json(game, state))[1] == state
        return
    data = json.loads(json.dumps(game.config_to_dict(state.config)))
    config = game.config_from_dict(data)
    assert config == state.config and type(config) is type(state.config)
    if len(_CODEC_CHECKED) > _CODEC_CHECKED_MAX:
        _CODEC_CHECKED.clear()
    for action in set(state.history):
        key = (game.id, action)
        if key not in _CODEC_CHECKED:
            back = game.action_from_dict(json.loads(json.dumps(game.action_to_dict(action))))
            assert back == action and type(back) is type(action)
            _CODEC_CHECKED.add(key)


def _all_but_history(state: Any, fields: tuple[Any, ...]) -> tuple[Any, ...]:
    history = state.history
    return tuple(value for value in fields if value is not history)


def random_playout(
    game: Game[Any, Any, Any, Any],
    config: Any,
    seed: int,
    *,
    full_roundtrip: bool,
    pauses: Counter[str] | None = None,
) -> Any:
    """Play random legal actions to the end, checking the contract at every step.

    Every step checks the invariants; that a seat to move has distinct legal actions and
    a finished match none; that the state is deeply immutable and ``apply_paused``
    leaves it unchanged and records the action; every held moment the action passed
    through (:func:`check_pause`, counted by kind in ``pauses``); and draws a view that
    holds no RNG (:func:`check_view`): the seat to move's at even steps, the
    spectator's at odd ones, both at steps 0, 1, 3, 7, 15... ("sampled"), where they
    are walked whole. At 2,000 playouts that is twice as many views of each kind as
    500 playouts drew with both at every step. A held moment's views are the
    spectator's and one seat's, the seats in turn, and every seat's at sampled steps.

    "apply does not change its input" was checked by pickling the state before and
    after every step. It is now three cheaper checks that leave a change nowhere to
    hide:

    - the input is deeply immutable (frozen dataclasses, tuples, frozensets and
      primitives all the way down, whatever the declared types say): then no method
      call can change it, and assigning a field raises ``FrozenInstanceError``. The
      first state is walked whole (:meth:`Scan.is_frozen`); each next one only in the
      fields that are not the very objects of the state before (:meth:`Scan.
      fields_frozen`), and its history only as the one before plus the action, item
      for item;
    - after ``apply`` every field of the input is still the very object it was (``is``):
      this catches ``object.__setattr__`` on the state itself, the one way round a
      frozen dataclass;
    - at sampled steps the pickle comparison still runs (on every field but the
      history, an immutable tuple of actions), for that trick played deeper inside.

    ``apply`` is ``apply_paused`` without the pauses (:meth:`Game.apply`); a game that
    overrides ``apply`` is checked to agree with ``apply_paused`` at every step.
    """
    scan = Scan()
    state = game.new_game(config, seed)
    chooser = Rng.from_seed(seed ^ 0x5EED).stream()
    check_apply = type(game).apply is not Game.apply
    shape = _shape(type(state))
    assert shape is not None and not shape.flags & MUTABLE, "a state must be a frozen dataclass"
    plain = scan._plain
    state_type = type(state)
    #: The fields of the last state proven deeply immutable.
    known: tuple[Any, ...] | None = None
    moments = 0
    for step in range(MAX_STEPS):
        game.check_invariants(state)
        fields = shape.fields(state)
        if known is None or type(state) is not state_type:
            assert scan.is_frozen(state), "a state must be deeply immutable"
        else:
            assert scan.fields_frozen(shape, fields, known), "a state must be deeply immutable"
        seat = game.current_player(state)
        legal = game.legal_actions(state)
        if seat is None:
            assert legal == (), "a finished match must have no legal action"
            assert game.outcome(state) is not None
            break
        assert legal, f"seat {seat} is to move but has no legal action"
        assert game.outcome(state) is None
        assert len(set(legal)) == len(legal), "legal actions must be distinct"
        sampled = step & (step + 1) == 0
        if sampled or not step & 1:
            check_view(game.view(state, seat), scan, full=sampled)
        if sampled:
            check_view_codec(game, game.view(state, seat))
        if sampled or step & 1:
            check_view(game.view(state, None), scan, full=sampled)
        before = pickle.dumps(_all_but_history(state, fields)) if sampled else b""
        action = chooser.choice(legal)
        assert scan.is_frozen(action), "an action must be deeply immutable"
        new_state, events, held = game.apply_paused(state, action)
        assert all(map(operator.is_, shape.fields(state), fields)), "apply changed its input"
        if sampled:
            after = pickle.dumps(_all_but_history(state, shape.fields(state)))
            assert after == before, "apply must not change its input"
        if check_apply:
            assert game.apply(state, action) == (new_state, events)
        history = new_state.history
        assert len(history) == len(state.history) + 1 and history[-1] is action
        assert all(map(operator.is_, history, state.history)), "the history must grow by one"
        if id(state.history) in plain and id(action) in plain:
            scan.vouch(history)
        assert isinstance(events, tuple)
        if held:
            counts = [p.events for p in held]
            assert counts == sorted(counts) and all(0 < n <= len(events) for n in counts)
            for pause in held:
                turn = None if sampled else [(seed + moments) % config.players]
                check_pause(game, action, history, pause, scan, full=sampled, seats=turn)
                moments += 1
                if pauses is not None:
                    pauses[pause.kind] += 1
        # A save replays the whole match, so checking every step costs the square of
        # its length: powers of two cover early, middle and late positions.
        if full_roundtrip and sampled:
            assert from_json(to_json(game, new_state))[1] == new_state
        known = fields
        state = new_state
    else:
        raise AssertionError(f"no end after {MAX_STEPS} steps")
    return state


def check_outcome(game: Game[Any, Any, Any, Any], state: Any) -> None:
    """A finished match names winners among the seats and a score for each seat."""
    result = game.outcome(state)
    assert result is not None
    players = state.config.players
    assert result.winners and set(result.winners) <= set(range(players))
    assert len(result.scores) == players
    assert result.score_kind in {"chips", "gain", "rounds", "points"}


def replay(game: Game[Any, Any, Any, Any], state: Any) -> Any:
    """The state reached by replaying ``state``'s config, seed and history."""
    again = game.new_game(state.config, state.seed)
    for action in state.history:
        again, _ = game.apply(again, action)
    return again
