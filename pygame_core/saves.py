"""The save format: a versioned JSON document that replays a match exactly.

A document stores the game id, the config, the seed and the actions applied so far::

    {"format": "nordic21-game", "schema": 1, "game": "dice21",
     "config": {...}, "seed": 1234, "actions": [{"type": "Roll"}, ...]}

Loading replays the actions through the rules, so a document that was tampered with
so as to break the rules cannot load, and the RNG comes back exactly where it was.
A match where a person took a decision back (:mod:`pygame_core.undo`) also writes
``"taken_back": [{"at": 12, "seat": 0, "actions": [...]}, ...]``: each entry the match's
actions when the decision was taken back, the first ``at`` of them the position where
``seat`` decided (:func:`read_taken_back`). They never replay into the state.
A game whose rules have been revised (``Game.rules_version`` above 1) also writes
``"rules": <revision>``; a document made under another revision of those rules is
refused, as its actions would replay a different match.
The ``format`` and ``schema`` fields are checked by :data:`DOCUMENT`, the shared check
of :mod:`pygame_core.documents`. Anything wrong raises
:class:`~pygame_core.errors.SaveError` and nothing else. Its message is English for
developers; what a person is told comes from a key: a document that cannot be read at
all is a :class:`~pygame_core.documents.DocumentError` (``problem``: foreign, newer,
older, damaged), one that reads but cannot be replayed here a :class:`ReplayError`
(``problem``: another game, other rules, moves against the rules), and any other
:class:`SaveError` is a damaged document.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from .contract import MAX_SEED, Game
from .documents import Format
from .errors import Nordic21Error, SaveError
from .registry import game_ids, get_game
from .undo import TakenBack

FORMAT = "nordic21-game"
SCHEMA_VERSION = 1
#: The core save document's format and the schema versions read.
DOCUMENT = Format(FORMAT, newest=SCHEMA_VERSION, kind="a Nordic 21 save", subject="the save")
#: Longest action list a document may hold (far above any real match).
MAX_ACTIONS = 100_000
#: Most taken-back decisions a document may hold.
MAX_TAKEN_BACK = 1_000

#: Why a well-formed document cannot be replayed here (:class:`ReplayError`).
ReplayProblem = Literal["unknown_game", "rules", "moves"]


class ReplayError(SaveError):
    """A save document that is well formed but cannot be replayed here: ``problem`` is
    ``"unknown_game"`` (it names a game this version does not have), ``"rules"`` (it was
    made under another revision of its game's rules) or ``"moves"`` (its moves break
    the rules). The message is English for developers; the UI words ``problem``."""

    def __init__(self, message: str, problem: ReplayProblem) -> None:
        super().__init__(message)
        self.problem: ReplayProblem = problem


def to_data(
    game: Game[Any, Any, Any, Any], state: Any, taken_back: Sequence[TakenBack] = ()
) -> dict[str, Any]:
    """The save document of ``state`` (and the decisions taken back in its match) as
    JSON-safe data."""
    data: dict[str, Any] = {
        "format": FORMAT,
        "schema": SCHEMA_VERSION,
        "game": game.id,
        "config": game.config_to_dict(state.config),
        "seed": state.seed,
        "actions": [game.action_to_dict(a) for a in state.history],
    }
    if game.rules_version != 1:
        data["rules"] = game.rules_version
    if taken_back:
        data["taken_back"] = [
            {"at": t.at, "seat": t.seat, "actions": [game.action_to_dict(a) for a in t.line]}
            for t in taken_back
        ]
    return data


def read_taken_back(game: Game[Any, Any, Any, Any], data: Any) -> tuple[TakenBack, ...]:
    """The decisions taken back in the match of save ``data`` (none if it has no such
    list), checked as data: :class:`SaveError` names what is wrong. Whether each one
    fits the rules shows when it is replayed (the review does)."""
    entries = data.get("taken_back", []) if isinstance(data, dict) else None
    if not isinstance(entries, list) or len(entries) > MAX_TAKEN_BACK:
        raise SaveError("the save's list of taken-back moves is not valid")
    players = game.config_from_dict(data.get("config")).players
    found = []
    for number, entry in enumerate(entries, 1):
        where = f"taken-back move {number}"
        if not isinstance(entry, dict) or set(entry) != {"at", "seat", "actions"}:
            raise SaveError(f"{where} is not valid")
        at, seat, actions = entry["at"], entry["seat"], entry["actions"]
        if not isinstance(actions, list) or len(actions) > MAX_ACTIONS:
            raise SaveError(f"{where} has no valid action list")
        if not _index(at) or at >= len(actions) or not _index(seat) or seat >= players:
            raise SaveError(f"{where}: its position or seat is not valid")
        try:
            line = tuple(game.action_from_dict(a) for a in actions)
        except ValueError as exc:
            raise SaveError(f"{where}: {exc}") from exc
        found.append(TakenBack(at, seat, line))
    return tuple(found)


def _index(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def check_rules(game: Game[Any, Any, Any, Any], data: dict[str, Any]) -> None:
    """Refuse a document made under another revision of ``game``'s rules."""
    rules = data.get("rules", 1)
    if isinstance(rules, bool) or not isinstance(rules, int):
        raise SaveError("the save's rules revision is not a whole number")
    if rules != game.rules_version:
        when = "an earlier" if rules < game.rules_version else "a newer"
        raise ReplayError(
            f"the save was made under {when} revision of the {game.id} rules "
            f"({rules}, now {game.rules_version}): its moves would not replay the same match",
            "rules",
        )


def to_json(
    game: Game[Any, Any, Any, Any], state: Any, taken_back: Sequence[TakenBack] = ()
) -> str:
    """The save document of ``state`` as compact JSON text."""
    return json.dumps(to_data(game, state, taken_back), separators=(",", ":"), sort_keys=True)


def from_json(text: Any) -> tuple[Game[Any, Any, Any, Any], Any]:
    """``(game, state)`` from a document made by :func:`to_json`.

    >>> game = get_game("dice21")
    >>> state = game.new_game(game.config(players=2), seed=7)
    >>> from_json(to_json(game, state))[1] == state
    True
    >>> from_json('{"format": "chess"}')
    Traceback (most recent call last):
    pygame_core.documents.DocumentError: this is not a Nordic 21 save
    """
    return from_data(DOCUMENT.parse(text))


@dataclass(frozen=True)
class Header:
    """The fields of a save document, checked as data but not yet replayed."""

    game: str
    config: dict[str, Any]
    seed: int
    actions: list[Any]


def read_header(data: Any) -> Header:
    """The checked header of parsed save data, without a replay; :class:`SaveError`
    if the format, schema, game id, config object, seed or action list is wrong.

    Cheap enough for listing many saves; :func:`from_data` adds the replay.

    >>> read_header({"format": FORMAT, "schema": 1, "game": "dice21",
    ...              "config": {"players": 2}, "seed": 7, "actions": []}).seed
    7
    >>> read_header({"format": FORMAT, "schema": 2})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    pygame_core.documents.DocumentError: the save was made by a newer version of Nordic 21 ...
    """
    DOCUMENT.check(data)
    game = data.get("game")
    if not isinstance(game, str) or game not in game_ids():
        raise ReplayError("the save names no known game", "unknown_game")
    check_rules(get_game(game), data)
    config = data.get("config")
    if not isinstance(config, dict):
        raise SaveError("the save has no config")
    seed = data.get("seed")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise SaveError("the save's seed is not a valid number")
    actions = data.get("actions")
    if not isinstance(actions, list) or len(actions) > MAX_ACTIONS:
        raise SaveError("the save has no valid action list")
    return Header(game, config, seed, actions)


def from_data(data: Any) -> tuple[Game[Any, Any, Any, Any], Any]:
    """``(game, state)`` from parsed save data, replaying every action."""
    header = read_header(data)
    try:
        game = get_game(header.game)
        config = game.config_from_dict(header.config)
        state = game.new_game(config, header.seed)
        for index, raw in enumerate(header.actions):
            try:
                action = game.action_from_dict(raw)
            except ValueError as exc:
                raise SaveError(f"action {index + 1}: {exc}") from exc
            state, _ = game.apply(state, action)
    except SaveError:
        raise
    except (Nordic21Error, ValueError, TypeError) as exc:
        raise ReplayError(f"the save breaks the rules: {exc}", "moves") from exc
    return game, state
