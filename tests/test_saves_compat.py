"""Stored data written by an earlier version (``tests/data``, see its README) still
reads exactly as it did: every entry loads, lists as recorded and is written back byte
for byte; the export bundle exports and imports to the same texts; the statistics read
as recorded; the entries this version cannot read are listed with the reason and left.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from tables import T0, DictStore
from test_saves import advance, finish, new_session

from pygame_core import SaveError
from web.saves import (
    SaveBook,
    SaveInfo,
    history_data,
    parse_history,
    parse_record,
    record_data,
    summary_data,
)
from web.saves.formats import dump, finished_session, parse_json
from web.stats import STATS_KEY, Stats

DATA = Path(__file__).parent / "data"
STORE: dict[str, str] = json.loads((DATA / "store.json").read_text("utf-8"))
EXPORT = (DATA / "export.json").read_text("utf-8").rstrip("\n")
EXPECTED: dict[str, Any] = json.loads((DATA / "expected.json").read_text("utf-8"))
UNREADABLE = {"game.newer", "history.torn"}
GAMES = sorted(k for k in STORE if k.startswith("game.") and k not in UNREADABLE)
HISTORY = sorted(k for k in STORE if k.startswith("history.") and k not in UNREADABLE)


def stored() -> DictStore:
    store = DictStore()
    store.data.update(STORE)
    return store


def as_before(text: str) -> str:
    """An entry without its summary's ``turn`` (whose turn it is, kept since issue 48
    for the home screen's list): what the version that made the store wrote."""
    data = json.loads(text)
    if isinstance(data, dict) and isinstance(data.get("summary"), dict):
        data["summary"].pop("turn", None)
    return dump(data)


@pytest.mark.parametrize("key", GAMES)
def test_a_stored_match_loads_and_is_written_back_byte_for_byte(key: str) -> None:
    """Byte for byte, but for the summary's whose turn it is, which the match gains."""
    text = STORE[key]
    saved = parse_record(text, key.removeprefix("game."))
    again = record_data(saved.id, saved.session, saved.revision, saved.created, saved.updated)
    assert as_before(dump(again)) == text
    turn = saved.session.game.current_player(saved.session.state)
    assert again["summary"].get("turn") == turn


@pytest.mark.parametrize("key", HISTORY)
def test_a_history_entry_loads_and_is_written_back_byte_for_byte(key: str) -> None:
    text = STORE[key]
    info = parse_history(text, key.removeprefix("history."))
    session = finished_session(parse_json(text))
    assert (session is not None) == info.replayable
    assert dump(history_data(info, session)) == text


def test_the_store_lists_as_it_did_and_is_left_untouched() -> None:
    store = stored()
    book = SaveBook(store)
    good, bad = book.overview()
    done, bad_history = book.history()
    assert [
        {"id": i.id, "revision": i.revision, "summary": summary_data(i.summary)} for i in good
    ] == EXPECTED["overview"]
    assert [
        {"id": i.id, "replayable": i.replayable, "summary": summary_data(i.summary)} for i in done
    ] == EXPECTED["history"]
    assert [b.id for b in bad] == EXPECTED["unreadable"] == ["newer"]
    assert [b.id for b in bad_history] == EXPECTED["unreadable_history"] == ["torn"]
    assert "newer version" in bad[0].reason
    assert "JSON" in bad_history[0].reason
    for info in good:
        assert book.load(info.id).revision == info.revision
    for info in done:
        if info.replayable:
            assert book.load_finished(info.id).session.over
    with pytest.raises(SaveError, match="newer version"):
        book.load("newer")
    assert store.data == STORE


def test_the_stored_export_is_what_the_store_exports() -> None:
    assert SaveBook(stored()).export_all() == EXPORT


def test_the_stored_export_imports_to_the_same_entries() -> None:
    store = DictStore()
    result = SaveBook(store).import_bundle(EXPORT)
    assert len(result.refused) == 2 and result.skipped == ()
    assert "newer version" in result.refused[0] and "JSON" in result.refused[1]
    assert {k: as_before(v) for k, v in store.data.items()} == {
        k: STORE[k] for k in (*GAMES, *HISTORY)
    }
    # Into the store it came from: every readable entry is already there.
    again = stored()
    result = SaveBook(again).import_bundle(EXPORT)
    assert (result.games, result.history) == ((), ())
    assert len(result.skipped) == len(GAMES) + len(HISTORY)
    assert again.data == STORE


def test_the_stored_statistics_read_as_they_did_and_count_on() -> None:
    store = stored()
    stats = Stats(store)
    table = stats.table()
    assert table.problem is EXPECTED["stats_problem"] is None
    rows = [[r.name, r.game, r.played, r.won, [list(b) for b in r.best]] for r in table.rows]
    assert rows == EXPECTED["stats"]
    assert not stats.record("h5", finish(new_session(("Ann", "Bo"), ("human", "human"), 5)))
    assert store.data[STATS_KEY] == STORE[STATS_KEY]
    session = finish(new_session(("Ann", "Bot 2"), seed=21))
    assert stats.record("g21", session)
    data = json.loads(store.data[STATS_KEY])
    assert data["counted"] == [*json.loads(STORE[STATS_KEY])["counted"], "g21"]
    assert {(r.name, r.game) for r in stats.table().rows} >= {(r[0], r[1]) for r in rows}


def test_a_match_from_the_store_plays_on_and_saves_as_the_same_format() -> None:
    store = stored()
    book = SaveBook(store)
    saved = book.load("g7")
    revision = book.save("g7", advance(saved.session, 1), saved.revision, T0 + 10**6, T0)
    entry = json.loads(store.data["game.g7"])
    old = json.loads(STORE["game.g7"])
    assert list(entry) == list(old)
    assert (entry["format"], entry["schema"], entry["revision"]) == (
        old["format"],
        old["schema"],
        revision,
    )
    assert isinstance(book.info("g7"), SaveInfo)
