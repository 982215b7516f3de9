"""Export and import files: bundles of entries, and the plan of what an import writes.

A bundle is one JSON document that carries entries between devices::

    {"format": "nordic21-export", "schema": 1,
     "games": [<game.<id> entry data, or an unreadable entry's raw text>, ...],
     "history": [<history.<id> entry data, or raw text>, ...],
     "practice": [<practice.<id> entry data, or raw text>, ...]}

``practice`` (the moments kept to be played again, :mod:`web.saves.practice`) is left
out when there are none, and read as none when absent.

An export keeps an entry it cannot read as its raw text, so nothing is lost. An import
checks every item fully (:func:`plan_import`) before the save book writes anything; the
file's ``format`` and ``schema`` go through the shared check (:data:`EXPORT_DOCUMENT`,
see :mod:`pygame_core.documents`). Every reason carries a key of its words
(:class:`~web.saves.formats.Refusal` for an item, :attr:`SaveImportError.problem` for
the file), so the notice is in the person's language; the English text is for
developers.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pygame_core import SaveError
from pygame_core.documents import DocumentError, Format
from web.saves.formats import (
    GAME_PREFIX,
    HISTORY_PREFIX,
    Refusal,
    dump,
    finished_session,
    free_id,
    history_data,
    info_of,
    parse_data,
    parse_history,
    parse_history_data,
    parse_json,
    parse_record,
    record_data,
)
from web.saves.practice import plan_practice

EXPORT_FORMAT = "nordic21-export"
EXPORT_SCHEMA = 1
#: Largest import file (more than a browser's whole local storage holds).
MAX_IMPORT_CHARS = 6_000_000
#: Most games (and, separately, history entries) one import file may hold.
MAX_IMPORT_ITEMS = 1_000
#: The export file's format and the schema versions read.
EXPORT_DOCUMENT = Format(
    EXPORT_FORMAT, newest=EXPORT_SCHEMA, kind="a Nordic 21 export file", subject="the file"
)


class SaveImportError(SaveError):
    """An import file was refused as a whole; nothing was written.

    Why, for a person: ``refusals`` when the file was read but none of its items could
    be imported (each item's reason), else ``problem``, the file's reason (the key
    ``reason.<problem>``: ``"foreign"``, ``"newer"``, ``"older"``, ``"damaged"``, or
    ``"too_many"`` for more than ``limit`` items). The message is for developers.
    """

    def __init__(
        self,
        message: str,
        problem: str = "damaged",
        refusals: tuple[Refusal, ...] = (),
        limit: int = 0,
    ) -> None:
        super().__init__(message)
        self.problem = problem
        self.refusals = refusals
        self.limit = limit


@dataclass(frozen=True)
class ImportResult:
    """What :meth:`SaveBook.import_bundle` did.

    ``games`` and ``history``: the ids written (fresh ids where the file's id was taken);
    ``skipped``: items identical to an entry already here; ``refused``: one reason per
    item that was not imported (``"game 2: ..."``, counting from 1), in English for
    developers; ``reasons``: the same as :class:`~web.saves.formats.Refusal`, which a
    person is told in their language.
    """

    games: tuple[str, ...]
    history: tuple[str, ...]
    skipped: tuple[str, ...]
    refused: tuple[str, ...]
    #: The practice moments written (fresh ids where the file's id was taken).
    practice: tuple[str, ...] = ()
    reasons: tuple[Refusal, ...] = ()


def bundle_text(games: list[Any], history: list[Any], practice: list[Any] | None = None) -> str:
    """A bundle of entries (each as its data, or as raw text) as JSON text."""
    data: dict[str, Any] = {
        "format": EXPORT_FORMAT,
        "schema": EXPORT_SCHEMA,
        "games": games,
        "history": history,
    }
    if practice:
        data["practice"] = practice
    return dump(data)


def bundle_items(text: Any) -> tuple[list[Any], list[Any], list[Any]]:
    """The game, history and practice items of an import file; :class:`SaveImportError`
    if the file is not a bundle this version can read."""
    try:
        data, _ = EXPORT_DOCUMENT.load(text, MAX_IMPORT_CHARS)
    except DocumentError as exc:
        raise SaveImportError(str(exc), exc.problem) from exc
    games, history = data.get("games"), data.get("history", [])
    practice = data.get("practice", [])
    if not (isinstance(games, list) and isinstance(history, list) and isinstance(practice, list)):
        raise SaveImportError("the file's lists of games are malformed")
    if max(len(games), len(history), len(practice)) > MAX_IMPORT_ITEMS:
        raise SaveImportError(
            f"the file holds more than {MAX_IMPORT_ITEMS} games", "too_many", limit=MAX_IMPORT_ITEMS
        )
    return games, history, practice


def import_game(item: Any) -> tuple[str, dict[str, Any]]:
    """A bundle's game item fully checked, as ``(prefix, normalised entry)``: a match in
    progress as a ``game.`` entry, a finished one as a ``history.`` entry."""
    saved = parse_record(item) if isinstance(item, str) else parse_data(item)
    if saved.session.over:
        return HISTORY_PREFIX, history_data(info_of(saved), saved.session)
    entry = record_data(saved.id, saved.session, saved.revision, saved.created, saved.updated)
    return GAME_PREFIX, entry


def _same_game(kept: str | None, entry: dict[str, Any]) -> bool:
    """Whether the entry ``kept`` in the store is the game ``entry``: the same text, or
    the same once read the way an import reads it (an entry saved before its summary
    kept whose turn it is, say, is the same match)."""
    if kept is None:
        return False
    if kept == dump(entry):
        return True
    try:
        _, again = import_game(kept)
    except SaveError:
        return False
    return dump(again) == dump(entry)


def plan_import(
    text: Any, stored: Callable[[str], str | None], taken: set[str]
) -> tuple[list[tuple[str, str]], ImportResult]:
    """The ``(key, text)`` writes an import of bundle ``text`` makes, and its result.

    ``stored`` reads an entry already in the store (an identical one is skipped);
    ``taken`` holds every id in use (a taken id gets a fresh one). Every item is fully
    checked; one that fails is refused with its reason. Raises
    :class:`SaveImportError` if the file is refused or no item could be imported.
    """
    games, history, practice = bundle_items(text)
    taken = set(taken)
    plan: list[tuple[str, str]] = []
    written_games: list[str] = []
    written_history: list[str] = []
    skipped: list[str] = []
    refused: list[Refusal] = []
    for index, item in enumerate(games, 1):
        try:
            prefix, entry = import_game(item)
        except SaveError as exc:
            refused.append(Refusal.of("game", index, exc))
            continue
        if _same_game(stored(prefix + entry["id"]), entry):
            skipped.append(entry["id"])
            continue
        entry["id"] = free_id(entry["id"], taken)
        taken.add(entry["id"])
        plan.append((prefix + entry["id"], dump(entry)))
        (written_games if prefix == GAME_PREFIX else written_history).append(entry["id"])
    for index, item in enumerate(history, 1):
        try:
            hist = parse_history(item) if isinstance(item, str) else parse_history_data(item)
            entry = history_data(
                hist, finished_session(parse_json(item) if isinstance(item, str) else item)
            )
        except SaveError as exc:
            refused.append(Refusal.of("history", index, exc))
            continue
        if stored(HISTORY_PREFIX + hist.id) == dump(entry):
            skipped.append(hist.id)
            continue
        entry["id"] = free_id(hist.id, taken)
        taken.add(entry["id"])
        plan.append((HISTORY_PREFIX + entry["id"], dump(entry)))
        written_history.append(entry["id"])
    moments, written_practice, same, not_read = plan_practice(practice, stored, taken)
    plan += moments
    skipped += same
    refused += not_read
    if refused and not plan and not skipped:
        message = "nothing could be imported: " + "; ".join(map(str, refused[:3]))
        raise SaveImportError(message, refusals=tuple(refused))
    result = ImportResult(
        tuple(written_games),
        tuple(written_history),
        tuple(skipped),
        tuple(map(str, refused)),
        tuple(written_practice),
        tuple(refused),
    )
    return plan, result
