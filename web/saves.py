"""Saved games in the browser's storage: autosave, resume, list, history, export, import.

Pure Python over a small key-value interface (:class:`KeyValueStore`), so the same code
runs on ``localStorage`` in the browser and on a dict in the tests.

Entries
-------
``game.<id>``: a match in progress (schema 2)::

    {"format": "nordic21-save", "schema": 2, "id": "g1f", "revision": 7,
     "created": <ms>, "updated": <ms>,
     "seats": [{"name": "Ann", "kind": "human"}, {"name": "Bot 2", "kind": "medium"}],
     "summary": {"game": "dice21", "players": ["Ann", "Bot 2"], "round": 2,
                 "finished": false, "result": null},
     "game": <the rules core's save document, see pygame_core.saves>}

``history.<id>``: a finished match, its summary only (``result`` holds ``winners``,
``scores`` and ``score_kind``); at most :data:`HISTORY_LIMIT`, the oldest are dropped::

    {"format": "nordic21-history", "schema": 1, "id": "g1f", "revision": 9,
     "created": <ms>, "updated": <ms>, "summary": {..., "finished": true, "result": {...}}}

Schema 1 (until this version) had no ``summary`` but a top-level ``finished`` flag. It is
still read: the summary is computed by replaying the match, in memory; the entry is
rewritten as schema 2 when the match is next saved (see ``tests/fixtures/saves``).

Validation
----------
The home screen must not replay every match at start-up, so listing
(:meth:`SaveBook.overview`, :meth:`SaveBook.history`) checks each entry cheaply: the
JSON, the envelope, the seats, the summary and the core document's header (format,
schema, game, seed, player count, action list type). The full check, a replay of every
action through the rules that must reach the stored summary, runs when a match is
opened (:meth:`SaveBook.load`, i.e. Continue), exported or imported. A full check's
verdict is remembered in memory for the exact text it was made on, so an entry that
passed the cheap checks but failed on Continue is from then on listed as unreadable,
with the reason; a schema-1 entry is replayed once per text for the same reason.
Unreadable entries are never rewritten or removed except on the player's word.

Two tabs
--------
``revision`` counts the saves of an entry. :meth:`SaveBook.save` refuses
(:class:`StaleSaveError`) to write over a newer revision, over a match that another tab
finished or deleted, or over an entry it cannot read; :meth:`SaveBook.status` and
:func:`concerns` let the app react to the browser's ``storage`` event.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from pygame_core import GameView, Nordic21Error, Outcome, SaveError
from pygame_core import saves as core_saves
from pygame_core.contract import MAX_SEED
from pygame_core.registry import game_ids
from web.session import MAX_NAME, SEAT_KINDS, GameSession, Seat

FORMAT = "nordic21-save"
SCHEMA = 2
HISTORY_FORMAT = "nordic21-history"
HISTORY_SCHEMA = 1
EXPORT_FORMAT = "nordic21-export"
EXPORT_SCHEMA = 1
GAME_PREFIX = "game."
HISTORY_PREFIX = "history."
#: Finished matches kept in the history; the oldest are dropped beyond this.
HISTORY_LIMIT = 50
#: Largest entry we accept (a long match is a few tens of KB).
MAX_ENTRY_CHARS = 2_000_000
#: Largest import file (more than a browser's whole local storage holds).
MAX_IMPORT_CHARS = 6_000_000
#: Most games (and, separately, history entries) one import file may hold.
MAX_IMPORT_ITEMS = 1_000
#: Most seats a summary may list (far above any game's maximum).
MAX_SEATS = 16
#: Every number in an entry stays below this (JavaScript's safe integers).
SAFE_LIMIT = 2**53
#: Reasons are cut to this length (a hostile document may hold huge keys).
MAX_REASON = 200
_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
#: A score kind: ``chips``, ``rounds``, ``points`` or any later game's short word.
_SCORE_KIND = re.compile(r"[a-z_]{1,16}")

Status = Literal["current", "newer", "finished", "gone", "unreadable"]
EntryKind = Literal["game", "history"]


class KeyValueStore(Protocol):
    """What the save book needs from a storage: text by key.

    ``set`` may raise (``web.storage.StorageFull`` when the quota is exhausted); it
    must then leave the previous value of the key in place.
    """

    def get(self, key: str) -> str | None: ...

    def set(self, key: str, value: str) -> None: ...

    def remove(self, key: str) -> None: ...

    def keys(self) -> list[str]: ...


class StaleSaveError(Exception):
    """This tab's copy of a match is out of date; saving it would lose another's work.

    ``status`` says why (see :meth:`SaveBook.status`): ``"newer"`` (another tab saved
    since), ``"finished"`` (another tab finished the match), ``"gone"`` (it was deleted)
    or ``"unreadable"`` (the stored entry cannot be read, e.g. a newer version's).
    """

    def __init__(self, saved_id: str, status: Status = "newer") -> None:
        super().__init__(f"{saved_id}: {status}")
        self.saved_id = saved_id
        self.status = status


class SaveImportError(SaveError):
    """An import file was refused as a whole; nothing was written."""


@dataclass(frozen=True)
class Summary:
    """What the home screen shows of a match, stored so listing needs no replay.

    ``round`` is the round number (``None`` for games without rounds); ``result`` is
    the outcome once ``finished`` (``None`` before).
    """

    game: str
    players: tuple[str, ...]
    round: int | None
    finished: bool
    result: Outcome | None


@dataclass(frozen=True)
class SavedGame:
    """A readable saved match, fully replayed."""

    id: str
    session: GameSession
    revision: int
    created: int
    updated: int


@dataclass(frozen=True)
class SaveInfo:
    """A saved or finished match as listed: its summary, without a replay."""

    id: str
    summary: Summary
    revision: int
    created: int
    updated: int


@dataclass(frozen=True)
class UnreadableSave:
    """An entry that could not be loaded, and why (kept until the player deletes it).

    ``kind`` says where it lives: a match (``game.<id>``) or the history.
    """

    id: str
    reason: str
    kind: EntryKind = "game"


@dataclass(frozen=True)
class ImportResult:
    """What :meth:`SaveBook.import_bundle` did.

    ``games`` and ``history``: the ids written (fresh ids where the file's id was taken);
    ``skipped``: items identical to an entry already here; ``refused``: one reason per
    item that was not imported (``"game 2: ..."``, counting from 1).
    """

    games: tuple[str, ...]
    history: tuple[str, ...]
    skipped: tuple[str, ...]
    refused: tuple[str, ...]


def _short(reason: str) -> str:
    """A reason cut to :data:`MAX_REASON` characters."""
    return reason if len(reason) <= MAX_REASON else reason[: MAX_REASON - 1] + "…"


def _number(value: Any, what: str, low: int = 0) -> int:
    """``value`` if it is a whole number from ``low`` to below :data:`SAFE_LIMIT`."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value < SAFE_LIMIT:
        raise SaveError(f"the save's {what} is not a valid number")
    return value


def check_name(name: Any) -> str:
    """``name`` if it is a player's name: one line of text, 1 to 32 characters.

    Any character is allowed as text (``<b>`` included) except control characters and
    unpaired surrogates, which no input field produces.
    """
    if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME:
        raise SaveError("a player's name is not a short text")
    try:
        name.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise SaveError("a player's name is not valid text") from exc
    if any(unicodedata.category(c) == "Cc" for c in name):
        raise SaveError("a player's name holds control characters")
    return name


def seats_from_data(data: Any, players: int) -> tuple[Seat, ...]:
    """Seats from a document, checked: one per player, text names, known kinds."""
    if not isinstance(data, list) or len(data) != players:
        raise SaveError("the seats do not match the players")
    seats = []
    for item in data:
        if not isinstance(item, dict) or set(item) != {"name", "kind"}:
            raise SaveError("a seat is malformed")
        kind = next((k for k in SEAT_KINDS if k == item["kind"]), None)
        if kind is None:
            raise SaveError("a seat's player kind is unknown")
        seats.append(Seat(check_name(item["name"]), kind))
    return tuple(seats)


def summarize(session: GameSession) -> Summary:
    """The summary of a match, from its state (round from the public view)."""
    view: GameView = session.view(None)
    round_no = view.round
    outcome = session.game.outcome(session.state) if session.over else None
    result = (
        None
        if outcome is None
        else Outcome(tuple(outcome.winners), tuple(outcome.scores), outcome.score_kind)
    )
    return Summary(session.game_id, session.names(), round_no, session.over, result)


def summary_data(summary: Summary) -> dict[str, Any]:
    """The summary as JSON-safe data."""
    result = summary.result
    return {
        "game": summary.game,
        "players": list(summary.players),
        "round": summary.round,
        "finished": summary.finished,
        "result": None
        if result is None
        else {
            "winners": list(result.winners),
            "scores": list(result.scores),
            "score_kind": result.score_kind,
        },
    }


def _int_list(data: Any, what: str, low: int, high: int) -> tuple[int, ...]:
    if not isinstance(data, list) or len(data) > MAX_SEATS:
        raise SaveError(f"the summary's {what} are not a list")
    out = []
    for value in data:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value < high:
            raise SaveError(f"the summary's {what} hold an invalid number")
        out.append(value)
    return tuple(out)


def summary_from_data(data: Any) -> Summary:
    """A summary from stored data, every field checked; :class:`SaveError` otherwise."""
    if not isinstance(data, dict):
        raise SaveError("the save has no summary")
    game = data.get("game")
    if not isinstance(game, str) or game not in game_ids():
        raise SaveError("the summary names no known game")
    players = data.get("players")
    if not isinstance(players, list) or not 1 <= len(players) <= MAX_SEATS:
        raise SaveError("the summary's players are not a list of names")
    names = tuple(check_name(p) for p in players)
    round_no = data.get("round")
    if round_no is not None:
        round_no = _number(round_no, "round")
    finished = data.get("finished")
    if not isinstance(finished, bool):
        raise SaveError("the summary does not say whether the match is over")
    raw = data.get("result")
    result = None
    if finished:
        if not isinstance(raw, dict):
            raise SaveError("the finished match has no result")
        winners = _int_list(raw.get("winners"), "winners", 0, len(names))
        scores = _int_list(raw.get("scores"), "scores", -SAFE_LIMIT + 1, SAFE_LIMIT)
        kind = raw.get("score_kind")
        if len(set(winners)) != len(winners) or len(scores) != len(names):
            raise SaveError("the result does not match the players")
        if not isinstance(kind, str) or not _SCORE_KIND.fullmatch(kind):
            raise SaveError("the result's kind of score is unknown")
        result = Outcome(winners, scores, kind)
    elif raw is not None:
        raise SaveError("a match in progress has a result")
    return Summary(game, names, round_no, finished, result)


def record_data(
    saved_id: str, session: GameSession, revision: int, created: int, updated: int
) -> dict[str, Any]:
    """The JSON-safe ``game.<id>`` entry of a match (schema 2)."""
    return {
        "format": FORMAT,
        "schema": SCHEMA,
        "id": saved_id,
        "revision": revision,
        "created": created,
        "updated": updated,
        "seats": [{"name": s.name, "kind": s.kind} for s in session.seats],
        "summary": summary_data(summarize(session)),
        "game": core_saves.to_data(session.game, session.state),
    }


def history_data(info: SaveInfo) -> dict[str, Any]:
    """The JSON-safe ``history.<id>`` entry of a finished match."""
    return {
        "format": HISTORY_FORMAT,
        "schema": HISTORY_SCHEMA,
        "id": info.id,
        "revision": info.revision,
        "created": info.created,
        "updated": info.updated,
        "summary": summary_data(info.summary),
    }


def _dump(data: dict[str, Any]) -> str:
    """Compact JSON text (ASCII only, so any storage or file encoding keeps it)."""
    return json.dumps(data, separators=(",", ":"))


def _json(text: Any) -> Any:
    """Parsed JSON of ``text``; :class:`SaveError` if it is not text or not JSON."""
    if not isinstance(text, str) or len(text) > MAX_ENTRY_CHARS:
        raise SaveError("the save is not text of a sensible size")
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise SaveError("the save is not valid JSON") from exc


@dataclass(frozen=True)
class _Envelope:
    """The checked outer fields of an entry."""

    schema: int
    id: str
    revision: int
    created: int
    updated: int


def _envelope(
    data: Any, fmt: str, newest: int, expected_id: str | None, what: str
) -> tuple[dict[str, Any], _Envelope]:
    """The entry as a dict and its checked outer fields."""
    if not isinstance(data, dict) or data.get("format") != fmt:
        raise SaveError(f"this is not a Nordic 21 {what}")
    schema = data.get("schema")
    if isinstance(schema, bool) or not isinstance(schema, int) or schema < 1:
        raise SaveError("the save has no schema version")
    if schema > newest:
        raise SaveError(f"the save was made by a newer version (schema {schema})")
    saved_id = data.get("id")
    if not isinstance(saved_id, str) or not _ID.fullmatch(saved_id):
        raise SaveError("the save has no valid id")
    if expected_id is not None and saved_id != expected_id:
        raise SaveError("the save's id does not match its place")
    envelope = _Envelope(
        schema,
        saved_id,
        _number(data.get("revision"), "revision"),
        _number(data.get("created"), "created"),
        _number(data.get("updated"), "updated"),
    )
    return data, envelope


def parse_record(text: Any, expected_id: str | None = None) -> SavedGame:
    """A saved match from its entry text, fully checked by a replay.

    Reads schema 1 and 2; :class:`SaveError` (and nothing else) for anything wrong.
    """
    return parse_data(_json(text), expected_id)


def parse_data(data: Any, expected_id: str | None = None) -> SavedGame:
    """A saved match from parsed entry data (see :func:`parse_record`)."""
    data, env = _envelope(data, FORMAT, SCHEMA, expected_id, "saved game")
    game, state = core_saves.from_data(data.get("game"))
    seats = seats_from_data(data.get("seats"), state.config.players)
    try:
        session = GameSession.replay(game, state, seats)
    except (Nordic21Error, ValueError) as exc:
        raise SaveError(f"the save cannot be replayed: {exc}") from exc
    if env.schema >= 2 and summary_from_data(data.get("summary")) != summarize(session):
        raise SaveError("the save's summary does not match its game")
    return SavedGame(env.id, session, env.revision, env.created, env.updated)


def parse_info(text: Any, expected_id: str | None = None) -> SaveInfo:
    """A ``game.<id>`` entry's listing, from cheap checks only (see the module doc).

    A schema-1 entry has no summary, so it is replayed (fully checked) here.
    """
    data, env = _envelope(_json(text), FORMAT, SCHEMA, expected_id, "saved game")
    if env.schema < 2:
        return _info(parse_data(data, expected_id))
    summary = summary_from_data(data.get("summary"))
    seats = seats_from_data(data.get("seats"), len(summary.players))
    if tuple(s.name for s in seats) != summary.players:
        raise SaveError("the summary's players do not match the seats")
    core = data.get("game")
    if not isinstance(core, dict) or core.get("format") != core_saves.FORMAT:
        raise SaveError("this is not a Nordic 21 save")
    schema = core.get("schema")
    if isinstance(schema, bool) or not isinstance(schema, int):
        raise SaveError("the save has no schema version")
    if not 1 <= schema <= core_saves.SCHEMA_VERSION:
        raise SaveError(f"unknown schema version {schema}")
    if core.get("game") != summary.game:
        raise SaveError("the summary names another game")
    config = core.get("config")
    if not isinstance(config, dict) or config.get("players") != len(seats):
        raise SaveError("the seats do not match the players")
    seed = core.get("seed")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise SaveError("the save's seed is not a valid number")
    actions = core.get("actions")
    if not isinstance(actions, list) or len(actions) > core_saves.MAX_ACTIONS:
        raise SaveError("the save has no valid action list")
    return SaveInfo(env.id, summary, env.revision, env.created, env.updated)


def parse_history(text: Any, expected_id: str | None = None) -> SaveInfo:
    """A ``history.<id>`` entry, every field checked; :class:`SaveError` otherwise."""
    return parse_history_data(_json(text), expected_id)


def parse_history_data(data: Any, expected_id: str | None = None) -> SaveInfo:
    """A history entry from parsed data (see :func:`parse_history`)."""
    data, env = _envelope(data, HISTORY_FORMAT, HISTORY_SCHEMA, expected_id, "history")
    summary = summary_from_data(data.get("summary"))
    if not summary.finished:
        raise SaveError("a match in the history is not finished")
    return SaveInfo(env.id, summary, env.revision, env.created, env.updated)


def _info(saved: SavedGame) -> SaveInfo:
    return SaveInfo(
        saved.id, summarize(saved.session), saved.revision, saved.created, saved.updated
    )


def _free_id(base: str, taken: set[str]) -> str:
    """``base``, or ``base-2``, ``base-3``... whichever is not in ``taken``."""
    base = base[:56]
    candidate, n = base, 1
    while candidate in taken:
        n += 1
        candidate = f"{base}-{n}"
    return candidate


def new_id(existing: Sequence[str], seed: int) -> str:
    """A fresh entry id, not in ``existing`` (prefer :meth:`SaveBook.fresh_id`)."""
    return _free_id(f"g{seed:x}", set(existing))


def concerns(key: str | None, saved_id: str) -> bool:
    """Whether a change of storage ``key`` may affect the match ``saved_id``.

    ``key`` is the store's key (without the ``localStorage`` prefix); ``None`` means
    the whole storage was cleared, which concerns everything.
    """
    return key is None or key in (GAME_PREFIX + saved_id, HISTORY_PREFIX + saved_id)


def concerns_home(key: str | None) -> bool:
    """Whether a change of storage ``key`` changes what the home screen lists."""
    return key is None or key.startswith((GAME_PREFIX, HISTORY_PREFIX))


class SaveBook:
    """Every saved and finished match in one store.

    Caches nothing but verdicts by exact entry text (see :meth:`info`).
    """

    def __init__(self, store: KeyValueStore) -> None:
        self.store = store
        #: key -> (text, verdict): the listing of that exact text; a full check's
        #: verdict (Continue) replaces the cheap one, and a changed text voids it.
        self._verdicts: dict[str, tuple[str, SaveInfo | UnreadableSave]] = {}

    # -- lookup ------------------------------------------------------------------------
    def _ids(self, prefix: str) -> list[str]:
        keys = self.store.keys()  # the store's own listing, not a dict
        return sorted(k[len(prefix) :] for k in keys if k.startswith(prefix))

    def ids(self) -> list[str]:
        """Ids of every saved-game entry (``game.<id>``), readable or not."""
        return self._ids(GAME_PREFIX)

    def history_ids(self) -> list[str]:
        """Ids of every history entry (``history.<id>``), readable or not."""
        return self._ids(HISTORY_PREFIX)

    def fresh_id(self, seed: int) -> str:
        """An id for a new match, used by no saved game and no history entry (so its
        statistics, counted by id, never mix with an earlier match's)."""
        return new_id([*self.ids(), *self.history_ids()], seed)

    def raw(self, saved_id: str) -> str | None:
        """The ``game.<id>`` entry's text as stored (readable or not)."""
        return self.store.get(GAME_PREFIX + saved_id)

    def _remember(self, key: str, text: str, verdict: SaveInfo | UnreadableSave) -> None:
        self._verdicts[key] = (text, verdict)

    def _verdict(self, key: str, text: str) -> SaveInfo | UnreadableSave | None:
        known = self._verdicts.get(key)
        return known[1] if known is not None and known[0] == text else None

    # -- loading -------------------------------------------------------------------------
    def load(self, saved_id: str) -> SavedGame:
        """One saved match, fully checked; :class:`SaveError` if it cannot be read.

        The verdict is remembered, so a failure is listed as unreadable from then on.
        """
        key = GAME_PREFIX + saved_id
        text = self.store.get(key)
        if text is None:
            raise SaveError("the save is gone")
        try:
            saved = parse_record(text, saved_id)
        except SaveError as exc:
            reason = _short(str(exc))
            self._remember(key, text, UnreadableSave(saved_id, reason))
            raise SaveError(reason) from exc
        self._remember(key, text, _info(saved))
        return saved

    def info(self, saved_id: str) -> SaveInfo | UnreadableSave:
        """The listing of one ``game.<id>`` entry (cheap checks, see the module doc)."""
        key = GAME_PREFIX + saved_id
        text = self.store.get(key)
        if text is None:
            return UnreadableSave(saved_id, "the save is gone")
        known = self._verdict(key, text)
        if known is not None:
            return known
        verdict: SaveInfo | UnreadableSave
        try:
            verdict = parse_info(text, saved_id)
        except SaveError as exc:
            verdict = UnreadableSave(saved_id, _short(str(exc)))
        self._remember(key, text, verdict)
        return verdict

    def _history_info(self, saved_id: str) -> SaveInfo | UnreadableSave | None:
        text = self.store.get(HISTORY_PREFIX + saved_id)
        if text is None:
            return None
        try:
            return parse_history(text, saved_id)
        except SaveError as exc:
            return UnreadableSave(saved_id, _short(str(exc)), "history")

    def overview(self) -> tuple[list[SaveInfo], list[UnreadableSave]]:
        """The home screen's list: matches in progress (newest first) and every
        ``game.<id>`` entry that cannot be read, with its reason. No replays."""
        good: list[SaveInfo] = []
        bad: list[UnreadableSave] = []
        for saved_id in self.ids():
            info = self.info(saved_id)
            if isinstance(info, UnreadableSave):
                bad.append(info)
            elif not info.summary.finished:
                good.append(info)
        good.sort(key=lambda s: (s.updated, s.id), reverse=True)
        return good, bad

    def history(self) -> tuple[list[SaveInfo], list[UnreadableSave]]:
        """Finished matches (newest first) and unreadable history entries.

        Besides the ``history.<id>`` entries this lists any finished ``game.<id>``
        entry (a schema-1 save of a finished match, which is never saved again).
        """
        good: list[SaveInfo] = []
        bad: list[UnreadableSave] = []
        for saved_id in self.history_ids():
            info = self._history_info(saved_id)
            if isinstance(info, SaveInfo):
                good.append(info)
            elif info is not None:
                bad.append(info)
        for saved_id in self.ids():
            game_info = self.info(saved_id)
            if isinstance(game_info, SaveInfo) and game_info.summary.finished:
                good.append(game_info)
        good.sort(key=lambda s: (s.updated, s.id), reverse=True)
        return good, bad

    def listing(self) -> tuple[list[SavedGame], list[UnreadableSave]]:
        """Every ``game.<id>`` entry fully loaded (newest first) and the unreadable ones.

        Replays every match: prefer :meth:`overview` for the home screen.
        """
        good: list[SavedGame] = []
        bad: list[UnreadableSave] = []
        for saved_id in self.ids():
            try:
                good.append(self.load(saved_id))
            except SaveError as exc:
                bad.append(UnreadableSave(saved_id, str(exc)))
        good.sort(key=lambda s: s.updated, reverse=True)
        return good, bad

    # -- saving ------------------------------------------------------------------------
    def revision(self, saved_id: str) -> int:
        """The stored revision of a ``game.<id>`` entry (0 if absent or unreadable)."""
        revision = self._stored_revision(saved_id)
        return revision if revision is not None else 0

    def _stored_revision(self, saved_id: str) -> int | None:
        """The stored revision; 0 if absent, ``None`` if the entry cannot tell."""
        text = self.store.get(GAME_PREFIX + saved_id)
        if text is None:
            return 0
        try:
            data = _json(text)
        except SaveError:
            return None
        value = data.get("revision") if isinstance(data, dict) else None
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            return None
        return value

    def status(self, saved_id: str, known_revision: int) -> Status:
        """How the stored match compares with a copy based on ``known_revision``.

        ``"current"``: the copy may be saved (also a new match, ``known_revision`` 0,
        where no ``game.<id>`` entry is). ``"newer"``: another tab saved since (load it
        again). ``"finished"``: it is no longer in progress and ``history.<id>`` exists
        (another tab finished it). ``"gone"``: it was deleted. ``"unreadable"``: the
        entry cannot tell its revision (e.g. a newer version's).
        """
        if self.store.get(GAME_PREFIX + saved_id) is None:
            if known_revision == 0:
                return "current"
            finished = self.store.get(HISTORY_PREFIX + saved_id) is not None
            return "finished" if finished else "gone"
        stored = self._stored_revision(saved_id)
        if stored is None:
            return "unreadable"
        return "newer" if stored > known_revision else "current"

    def save(
        self, saved_id: str, session: GameSession, known_revision: int, now: int, created: int
    ) -> int:
        """Write the match as revision ``known_revision + 1``; return that revision.

        A finished match moves to the history: its ``history.<id>`` entry is written
        first (under a fresh id if an older match already holds that one), then the
        ``game.<id>`` entry removed, then the history trimmed.
        Each entry is written by one ``set`` and nothing is removed before it, so when
        the storage is full its error propagates with the previous save intact.
        Raises :class:`StaleSaveError` unless :meth:`status` is ``"current"``.
        """
        status = self.status(saved_id, known_revision)
        if status != "current":
            raise StaleSaveError(saved_id, status)
        revision = known_revision + 1
        if not session.over:
            text = _dump(record_data(saved_id, session, revision, created, now))
            self.store.set(GAME_PREFIX + saved_id, text)
            return revision
        history_id = _free_id(saved_id, set(self.history_ids()))
        info = SaveInfo(history_id, summarize(session), revision, created, now)
        self.store.set(HISTORY_PREFIX + history_id, _dump(history_data(info)))
        self.delete(saved_id)
        self._trim_history()
        return revision

    def _trim_history(self) -> None:
        """Drop the oldest readable history entries beyond :data:`HISTORY_LIMIT`."""
        kept = [
            info
            for saved_id in self.history_ids()
            if isinstance(info := self._history_info(saved_id), SaveInfo)
        ]
        kept.sort(key=lambda s: (s.updated, s.id), reverse=True)
        for info in kept[HISTORY_LIMIT:]:
            self.delete_history(info.id)

    def delete(self, saved_id: str) -> None:
        """Remove a ``game.<id>`` entry (only ever on the player's word, or once the
        match is safely in the history)."""
        self.store.remove(GAME_PREFIX + saved_id)
        self._verdicts.pop(GAME_PREFIX + saved_id, None)

    def delete_history(self, saved_id: str) -> None:
        """Remove a ``history.<id>`` entry."""
        self.store.remove(HISTORY_PREFIX + saved_id)

    # -- export and import ----------------------------------------------------------------
    def _export_game(self, saved_id: str, text: str) -> Any:
        """A fully readable entry as its data, anything else as its raw text."""
        try:
            self.load(saved_id)
        except SaveError:
            return text
        return json.loads(text)

    def _export_history(self, saved_id: str, text: str) -> Any:
        info = self._history_info(saved_id)
        return json.loads(text) if isinstance(info, SaveInfo) else text

    def export_one(self, saved_id: str) -> str:
        """A bundle (JSON text) of one match: ``game.<id>``, else ``history.<id>``.

        :class:`SaveError` if neither exists.
        """
        games: list[Any] = []
        history: list[Any] = []
        text = self.store.get(GAME_PREFIX + saved_id)
        if text is not None:
            games.append(self._export_game(saved_id, text))
        elif (text := self.store.get(HISTORY_PREFIX + saved_id)) is not None:
            history.append(self._export_history(saved_id, text))
        else:
            raise SaveError("the save is gone")
        return _bundle(games, history)

    def export_all(self) -> str:
        """A bundle (JSON text) of every match and history entry, readable or not.

        An entry that cannot be read is exported as its raw text, so nothing is lost.
        """
        games = [
            self._export_game(i, text)
            for i in self.ids()
            if (text := self.store.get(GAME_PREFIX + i)) is not None
        ]
        history = [
            self._export_history(i, text)
            for i in self.history_ids()
            if (text := self.store.get(HISTORY_PREFIX + i)) is not None
        ]
        return _bundle(games, history)

    def import_bundle(self, text: Any) -> ImportResult:
        """Import a bundle made by :meth:`export_one` or :meth:`export_all`.

        Every item is fully checked (replayed, seats and names, numbers, types) before
        anything is written; an item that fails is refused with its reason and the
        others are imported. A finished match goes to the history. An id already in
        use gets a fresh id, unless the stored entry is identical (then it is skipped).
        Raises :class:`SaveImportError` if the file itself is refused or no item could
        be imported, and the storage's error if it is full; either way nothing is
        written (entries written before a storage error are removed again).
        """
        games, history = _bundle_items(text)
        taken = set(self.ids()) | set(self.history_ids())
        plan: list[tuple[str, str]] = []
        written_games: list[str] = []
        written_history: list[str] = []
        skipped: list[str] = []
        refused: list[str] = []
        for index, item in enumerate(games, 1):
            try:
                prefix, entry = _import_game(item)
            except SaveError as exc:
                refused.append(_short(f"game {index}: {exc}"))
                continue
            if self.store.get(prefix + entry["id"]) == _dump(entry):
                skipped.append(entry["id"])
                continue
            entry["id"] = _free_id(entry["id"], taken)
            taken.add(entry["id"])
            plan.append((prefix + entry["id"], _dump(entry)))
            (written_games if prefix == GAME_PREFIX else written_history).append(entry["id"])
        for index, item in enumerate(history, 1):
            try:
                hist = parse_history(item) if isinstance(item, str) else parse_history_data(item)
            except SaveError as exc:
                refused.append(_short(f"history {index}: {exc}"))
                continue
            entry = history_data(hist)
            if self.store.get(HISTORY_PREFIX + hist.id) == _dump(entry):
                skipped.append(hist.id)
                continue
            entry["id"] = _free_id(hist.id, taken)
            taken.add(entry["id"])
            plan.append((HISTORY_PREFIX + entry["id"], _dump(entry)))
            written_history.append(entry["id"])
        if refused and not plan and not skipped:
            raise SaveImportError("nothing could be imported: " + "; ".join(refused[:3]))
        self._write_all(plan)
        if written_history:
            self._trim_history()
        return ImportResult(
            tuple(written_games), tuple(written_history), tuple(skipped), tuple(refused)
        )

    def _write_all(self, plan: list[tuple[str, str]]) -> None:
        """Write new entries; on a storage error remove those written and re-raise."""
        done: list[str] = []
        try:
            for key, text in plan:
                self.store.set(key, text)
                done.append(key)
        except BaseException:
            for key in done:
                self.store.remove(key)
            raise


def _bundle(games: list[Any], history: list[Any]) -> str:
    return _dump(
        {"format": EXPORT_FORMAT, "schema": EXPORT_SCHEMA, "games": games, "history": history}
    )


def _bundle_items(text: Any) -> tuple[list[Any], list[Any]]:
    """The game and history items of an import file; :class:`SaveImportError` if the
    file is not a bundle this version can read."""
    if not isinstance(text, str) or len(text) > MAX_IMPORT_CHARS:
        raise SaveImportError("the file is not a Nordic 21 export of a sensible size")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise SaveImportError("the file is not valid JSON") from exc
    if not isinstance(data, dict) or data.get("format") != EXPORT_FORMAT:
        raise SaveImportError("the file is not a Nordic 21 export")
    schema = data.get("schema")
    if isinstance(schema, bool) or not isinstance(schema, int) or schema < 1:
        raise SaveImportError("the file has no schema version")
    if schema > EXPORT_SCHEMA:
        raise SaveImportError(f"the file was made by a newer version (schema {schema})")
    games, history = data.get("games"), data.get("history", [])
    if not isinstance(games, list) or not isinstance(history, list):
        raise SaveImportError("the file's lists of games are malformed")
    if max(len(games), len(history)) > MAX_IMPORT_ITEMS:
        raise SaveImportError(f"the file holds more than {MAX_IMPORT_ITEMS} games")
    return games, history


def _import_game(item: Any) -> tuple[str, dict[str, Any]]:
    """A bundle's game item fully checked, as ``(prefix, normalised entry)``: a match in
    progress as a ``game.`` entry, a finished one as a ``history.`` entry."""
    saved = parse_record(item) if isinstance(item, str) else parse_data(item)
    if saved.session.over:
        return HISTORY_PREFIX, history_data(_info(saved))
    entry = record_data(saved.id, saved.session, saved.revision, saved.created, saved.updated)
    return GAME_PREFIX, entry
