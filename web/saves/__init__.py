"""Saved games in the browser's storage: autosave, resume, list, history, export, import.

Split by concern, as python-chess splits its formats:

- :mod:`web.saves.formats`: the stored entries (``game.<id>``, ``history.<id>``), their
  summaries and the cheap and full checks that read them;
- :mod:`web.saves.repository`: :class:`SaveBook` over a key-value store
  (:mod:`web.saves.store`), with the two-tab protocol (revisions,
  :class:`StaleSaveError`, :func:`concerns`);
- :mod:`web.saves.bundles`: export and import files, checked before anything is written.

The core save document inside an entry, and its header check, is
:mod:`pygame_core.saves`. Every one of these documents has its ``format`` and ``schema``
read by the one check of :mod:`pygame_core.documents` (:data:`SAVE_DOCUMENT`,
:data:`HISTORY_DOCUMENT`, :data:`EXPORT_DOCUMENT`; the statistics' is in
:mod:`web.stats`). The names the app and the screens use are imported from here.
"""

from web.saves.bundles import (
    EXPORT_DOCUMENT,
    EXPORT_FORMAT,
    EXPORT_SCHEMA,
    MAX_IMPORT_CHARS,
    MAX_IMPORT_ITEMS,
    ImportResult,
    SaveImportError,
)
from web.saves.formats import (
    FORMAT,
    GAME_PREFIX,
    HISTORY_DOCUMENT,
    HISTORY_FORMAT,
    HISTORY_PREFIX,
    HISTORY_SCHEMA,
    MAX_ENTRY_CHARS,
    MAX_REASON,
    MAX_SEATS,
    SAFE_LIMIT,
    SAVE_DOCUMENT,
    SCHEMA,
    EntryKind,
    SavedGame,
    SaveInfo,
    Summary,
    UnreadableSave,
    check_name,
    history_data,
    new_id,
    parse_data,
    parse_history,
    parse_history_data,
    parse_info,
    parse_record,
    record_data,
    seats_from_data,
    summarize,
    summary_data,
    summary_from_data,
)
from web.saves.repository import (
    HISTORY_LIMIT,
    SaveBook,
    StaleSaveError,
    Status,
    concerns,
    concerns_home,
)
from web.saves.store import KeyValueStore

__all__ = [
    "EXPORT_DOCUMENT",
    "EXPORT_FORMAT",
    "EXPORT_SCHEMA",
    "FORMAT",
    "GAME_PREFIX",
    "HISTORY_DOCUMENT",
    "HISTORY_FORMAT",
    "HISTORY_LIMIT",
    "HISTORY_PREFIX",
    "HISTORY_SCHEMA",
    "MAX_ENTRY_CHARS",
    "MAX_IMPORT_CHARS",
    "MAX_IMPORT_ITEMS",
    "MAX_REASON",
    "MAX_SEATS",
    "SAFE_LIMIT",
    "SAVE_DOCUMENT",
    "SCHEMA",
    "EntryKind",
    "ImportResult",
    "KeyValueStore",
    "SaveBook",
    "SaveImportError",
    "SaveInfo",
    "SavedGame",
    "StaleSaveError",
    "Status",
    "Summary",
    "UnreadableSave",
    "check_name",
    "concerns",
    "concerns_home",
    "history_data",
    "new_id",
    "parse_data",
    "parse_history",
    "parse_history_data",
    "parse_info",
    "parse_record",
    "record_data",
    "seats_from_data",
    "summarize",
    "summary_data",
    "summary_from_data",
]
