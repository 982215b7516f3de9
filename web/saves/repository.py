"""The save book: every saved and finished match in one key-value store.

Pure Python over a small key-value interface (:class:`web.saves.store.KeyValueStore`),
so the same code runs on ``localStorage`` in the browser and on a dict in the tests
(the practice list, :mod:`web.saves.practice`, keeps its moments in the same store).
What an entry holds and how it is checked is :mod:`web.saves.formats`; export and
import files are :mod:`web.saves.bundles`.

Listing and loading
-------------------
The home screen must not replay every match at start-up, so listing
(:meth:`SaveBook.overview`, :meth:`SaveBook.history`) uses the cheap checks; the full
check, a replay, runs when a match is opened (:meth:`SaveBook.load`, i.e. Continue),
exported or imported. A full check's verdict is remembered in memory for the exact text
it was made on, so an entry that passed the cheap checks but failed on Continue is from
then on listed as unreadable, with the reason; a schema-1 entry is replayed once per
text for the same reason. Unreadable entries are never rewritten or removed except on
the player's word. At most :data:`HISTORY_LIMIT` finished matches are kept; the oldest
are dropped.

Two tabs
--------
``revision`` counts the saves of an entry. :meth:`SaveBook.save` refuses
(:class:`StaleSaveError`) to write over a newer revision, over a match that another tab
finished or deleted, or over an entry it cannot read; :meth:`SaveBook.status` and
:func:`concerns` let the app react to the browser's ``storage`` event.
"""

from __future__ import annotations

import json
from typing import Any, Literal

from pygame_core import SaveError
from web.saves.bundles import ImportResult, bundle_text, plan_import
from web.saves.formats import (
    GAME_PREFIX,
    HISTORY_PREFIX,
    SavedGame,
    SaveInfo,
    UnreadableSave,
    dump,
    finished_session,
    free_id,
    history_data,
    info_of,
    new_id,
    parse_history,
    parse_info,
    parse_json,
    parse_record,
    problem_of,
    record_data,
    short_reason,
    summarize,
)
from web.saves.practice import PracticeBook
from web.saves.store import KeyValueStore
from web.session import GameSession

#: Finished matches kept in the history; the oldest are dropped beyond this.
HISTORY_LIMIT = 50

Status = Literal["current", "newer", "finished", "gone", "unreadable"]


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
        #: The moments kept to be practised again, in the same store.
        self.practice = PracticeBook(store)
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
            reason = short_reason(str(exc))
            self._remember(key, text, UnreadableSave(saved_id, reason, problem=problem_of(exc)))
            raise SaveError(reason) from exc
        self._remember(key, text, info_of(saved))
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
            verdict = UnreadableSave(saved_id, short_reason(str(exc)), problem=problem_of(exc))
        self._remember(key, text, verdict)
        return verdict

    def _history_info(self, saved_id: str) -> SaveInfo | UnreadableSave | None:
        text = self.store.get(HISTORY_PREFIX + saved_id)
        if text is None:
            return None
        try:
            return parse_history(text, saved_id)
        except SaveError as exc:
            return UnreadableSave(saved_id, short_reason(str(exc)), "history", problem_of(exc))

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
            data = parse_json(text)
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
            text = dump(record_data(saved_id, session, revision, created, now))
            self.store.set(GAME_PREFIX + saved_id, text)
            return revision
        history_id = free_id(saved_id, set(self.history_ids()))
        info = SaveInfo(history_id, summarize(session), revision, created, now)
        self.store.set(HISTORY_PREFIX + history_id, dump(history_data(info, session)))
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

    def load_finished(self, saved_id: str) -> SavedGame:
        """A finished match with its moves, for a review: a ``history.<id>`` entry, or
        a finished ``game.<id>`` entry (an old save). :class:`SaveError` if it cannot
        be replayed, is not finished or kept no moves."""
        text = self.store.get(HISTORY_PREFIX + saved_id)
        if text is None:
            saved = self.load(saved_id)
            if not saved.session.over:
                raise SaveError("the match is not finished")
            return saved
        info = parse_history(text, saved_id)
        session = finished_session(parse_json(text))
        if session is None:
            raise SaveError("the match kept no moves")
        return SavedGame(info.id, session, info.revision, info.created, info.updated)

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
        return bundle_text(games, history)

    def export_all(self) -> str:
        """A bundle (JSON text) of every match, history entry and practice moment,
        readable or not.

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
        return bundle_text(games, history, self.practice.export_items())

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
        taken = set(self.ids()) | set(self.history_ids()) | set(self.practice.ids())
        plan, result = plan_import(text, self.store.get, taken)
        self._write_all(plan)
        if result.history:
            self._trim_history()
        return result

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
