"""Saved games in the browser's storage: autosave, resume, list, delete, history.

A saved match is one entry ``game.<id>`` holding the seats and the rules core's save
document (:mod:`pygame_core.saves`), which replays the match exactly, RNG included.
``revision`` counts the saves of an entry, so a second tab holding an older copy never
overwrites a newer one. Entries that cannot be read are reported with the reason and
left alone: nothing is deleted unless the player asks.

Pure Python over a small key-value interface (:class:`KeyValueStore`), so the same
code runs on ``localStorage`` in the browser and on a dict in the tests.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from pygame_core import Nordic21Error, SaveError
from pygame_core import saves as core_saves
from web.session import MAX_NAME, SEAT_KINDS, GameSession, Seat

FORMAT = "nordic21-save"
SCHEMA = 1
GAME_PREFIX = "game."
#: Largest entry we accept (a long match is a few tens of KB).
MAX_ENTRY_CHARS = 2_000_000


class KeyValueStore(Protocol):
    """What the save book needs from a storage: text by key."""

    def get(self, key: str) -> str | None: ...

    def set(self, key: str, value: str) -> None: ...

    def remove(self, key: str) -> None: ...

    def keys(self) -> list[str]: ...


class StaleSaveError(Exception):
    """Another tab saved this match more recently; ours is out of date."""


@dataclass(frozen=True)
class SavedGame:
    """A readable saved match."""

    id: str
    session: GameSession
    revision: int
    created: int
    updated: int


@dataclass(frozen=True)
class UnreadableSave:
    """An entry that could not be loaded, and why (kept until the player deletes it)."""

    id: str
    reason: str


def seats_from_data(data: Any, players: int) -> tuple[Seat, ...]:
    """Seats from a document, checked: one per player, text names, known kinds."""
    if not isinstance(data, list) or len(data) != players:
        raise SaveError("the seats do not match the players")
    seats = []
    for item in data:
        if not isinstance(item, dict) or set(item) != {"name", "kind"}:
            raise SaveError("a seat is malformed")
        name, kind = item["name"], item["kind"]
        if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME:
            raise SaveError("a seat's name is not a short text")
        if kind not in SEAT_KINDS:
            raise SaveError("a seat's player kind is unknown")
        seats.append(Seat(name, kind))
    return tuple(seats)


def record_data(
    saved_id: str, session: GameSession, revision: int, created: int, updated: int
) -> dict[str, Any]:
    """The JSON-safe entry of a match."""
    return {
        "format": FORMAT,
        "schema": SCHEMA,
        "id": saved_id,
        "revision": revision,
        "created": created,
        "updated": updated,
        "finished": session.over,
        "seats": [{"name": s.name, "kind": s.kind} for s in session.seats],
        "game": core_saves.to_data(session.game, session.state),
    }


def _int(data: dict[str, Any], name: str) -> int:
    value = data.get(name)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 2**53:
        raise SaveError(f"the save's {name} is not a valid number")
    return value


def parse_record(text: Any, expected_id: str | None = None) -> SavedGame:
    """A saved match from its entry text; :class:`SaveError` for anything wrong."""
    if not isinstance(text, str) or len(text) > MAX_ENTRY_CHARS:
        raise SaveError("the save is not text of a sensible size")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise SaveError("the save is not valid JSON") from exc
    return parse_data(data, expected_id)


def parse_data(data: Any, expected_id: str | None = None) -> SavedGame:
    """A saved match from parsed entry data (see :func:`parse_record`)."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError("this is not a Nordic 21 saved game")
    schema = data.get("schema")
    if isinstance(schema, bool) or not isinstance(schema, int) or schema < 1:
        raise SaveError("the save has no schema version")
    if schema > SCHEMA:
        raise SaveError(f"the save was made by a newer version (schema {schema})")
    saved_id = data.get("id")
    if not isinstance(saved_id, str) or not saved_id or len(saved_id) > 64:
        raise SaveError("the save has no valid id")
    if expected_id is not None and saved_id != expected_id:
        raise SaveError("the save's id does not match its place")
    game, state = core_saves.from_data(data.get("game"))
    seats = seats_from_data(data.get("seats"), state.config.players)
    try:
        session = GameSession.replay(game, state, seats)
    except (Nordic21Error, ValueError) as exc:
        raise SaveError(f"the save cannot be replayed: {exc}") from exc
    return SavedGame(
        saved_id, session, _int(data, "revision"), _int(data, "created"), _int(data, "updated")
    )


class SaveBook:
    """Every saved match in one store."""

    def __init__(self, store: KeyValueStore) -> None:
        self.store = store

    def ids(self) -> list[str]:
        """Ids of every saved-game entry, readable or not."""
        keys = self.store.keys()  # the store's own listing, not a dict
        return sorted(k[len(GAME_PREFIX) :] for k in keys if k.startswith(GAME_PREFIX))

    def load(self, saved_id: str) -> SavedGame:
        """One saved match; :class:`SaveError` if it cannot be read."""
        text = self.store.get(GAME_PREFIX + saved_id)
        if text is None:
            raise SaveError("the save is gone")
        return parse_record(text, saved_id)

    def revision(self, saved_id: str) -> int:
        """The stored revision of an entry (0 if absent or unreadable)."""
        text = self.store.get(GAME_PREFIX + saved_id)
        if text is None:
            return 0
        try:
            data = json.loads(text)
            value = data.get("revision") if isinstance(data, dict) else None
        except ValueError:
            return 0
        return value if isinstance(value, int) and not isinstance(value, bool) else 0

    def save(
        self, saved_id: str, session: GameSession, known_revision: int, now: int, created: int
    ) -> int:
        """Write the match as revision ``known_revision + 1``.

        Raises :class:`StaleSaveError` if the stored entry is newer than what this copy
        was based on (another tab moved on), and the storage's own error if it is full.
        """
        if self.revision(saved_id) > known_revision:
            raise StaleSaveError(saved_id)
        revision = known_revision + 1
        text = json.dumps(
            record_data(saved_id, session, revision, created, now), separators=(",", ":")
        )
        self.store.set(GAME_PREFIX + saved_id, text)
        return revision

    def delete(self, saved_id: str) -> None:
        """Remove an entry (only ever on the player's word)."""
        self.store.remove(GAME_PREFIX + saved_id)

    def raw(self, saved_id: str) -> str | None:
        """The entry's text as stored (for export, readable or not)."""
        return self.store.get(GAME_PREFIX + saved_id)

    def listing(self) -> tuple[list[SavedGame], list[UnreadableSave]]:
        """Readable matches (newest first) and unreadable entries with reasons."""
        good: list[SavedGame] = []
        bad: list[UnreadableSave] = []
        for saved_id in self.ids():
            try:
                good.append(self.load(saved_id))
            except SaveError as exc:
                bad.append(UnreadableSave(saved_id, str(exc)))
        good.sort(key=lambda s: s.updated, reverse=True)
        return good, bad


def new_id(existing: Sequence[str], seed: int) -> str:
    """A fresh entry id."""
    base = f"g{seed:x}"
    candidate, n = base, 1
    while candidate in existing:
        n += 1
        candidate = f"{base}-{n}"
    return candidate
