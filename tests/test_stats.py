"""Statistics per player name and game: played, won, best score; kept in one entry."""

from __future__ import annotations

import json
from typing import Any

import pytest
from tables import DictStore
from test_saves import advance, finish, new_session

from web.i18n import Translator
from web.screens.home import stats_section
from web.session import GameSession
from web.stats import MAX_COUNTED, STATS_KEY, Stats, StatsRow, StatsTable
from web.storage import StorageFull


def finished(
    names: tuple[str, ...] = ("Ann", "Bot 2"),
    kinds: tuple[str, ...] | None = None,
    seed: int = 7,
    **options: Any,
) -> GameSession:
    """A finished dice21 match."""
    return finish(new_session(names, kinds, seed, **options))


def expected_row(session: GameSession, seat: int, name: str | None = None) -> StatsRow:
    """The row a single match gives the person in ``seat``."""
    outcome = session.game.outcome(session.state)
    assert outcome is not None
    return StatsRow(
        name or session.seats[seat].name,
        "dice21",
        1,
        int(seat in outcome.winners),
        ((outcome.score_kind, outcome.scores[seat]),),
    )


def test_a_finished_match_counts_once_for_each_person() -> None:
    store = DictStore()
    stats = Stats(store)
    session = finished(("Ann", "Bo", "Bot 3"), ("human", "human", "expert"))
    assert stats.record("g1", session)
    assert not stats.record("g1", session)
    assert not Stats(store).record("g1", session)  # another tab, the same match
    assert stats.table() == StatsTable((expected_row(session, 0), expected_row(session, 1)))


def test_a_match_still_on_is_not_counted() -> None:
    store = DictStore()
    assert not Stats(store).record("g1", advance(new_session(), 2))
    assert store.data == {}


def test_played_won_and_best_add_up_across_matches() -> None:
    stats = Stats(DictStore())
    wins = 0
    best: dict[str, int] = {}
    for seed in range(12):
        chips = seed % 2 == 0
        session = finished(("Ann", "Bot 2"), seed=seed, chips=chips, match="series")
        outcome = session.game.outcome(session.state)
        assert outcome is not None
        wins += 0 in outcome.winners
        kind = outcome.score_kind
        best[kind] = max(best.get(kind, outcome.scores[0]), outcome.scores[0])
        assert stats.record(f"g{seed}", session)
    (row,) = stats.table().rows
    assert (row.name, row.game, row.played, row.won) == ("Ann", "dice21", 12, wins)
    assert dict(row.best) == best and set(best) == {"chips", "rounds"}


def test_names_match_without_case_and_show_the_latest_spelling() -> None:
    stats = Stats(DictStore())
    stats.record("g1", finished(("ann", "Bot 2"), seed=1))
    stats.record("g2", finished(("ANN", "Bot 2"), seed=2))
    stats.record("g3", finished(("Åse", "Bot 2"), seed=3))
    stats.record("g4", finished(("åSE", "Bot 2"), seed=4))
    rows = stats.table().rows
    assert [(r.name, r.played) for r in rows] == [("ANN", 2), ("åSE", 2)]


def test_one_name_twice_at_a_table_is_one_player() -> None:
    stats = Stats(DictStore())
    session = finished(("Kim", "kim"), ("human", "human"))
    stats.record("g1", session)
    (row,) = stats.table().rows
    assert (row.name, row.played, row.won) == ("kim", 1, 1)


def test_html_names_are_kept_as_text() -> None:
    store = DictStore()
    Stats(store).record("g1", finished(("<b>Ann</b>", "Bot 2")))
    assert Stats(store).table().rows[0].name == "<b>Ann</b>"


def test_reset_forgets_everything() -> None:
    store = DictStore()
    stats = Stats(store)
    stats.record("g1", finished())
    stats.reset()
    assert stats.table() == StatsTable(()) and store.data == {}
    assert stats.record("g1", finished())  # counted again after a reset


def test_only_the_latest_counted_ids_are_kept() -> None:
    store = DictStore()
    stats = Stats(store)
    session = finished()
    for i in range(MAX_COUNTED + 5):
        stats.record(f"g{i}", session)
    counted = json.loads(store.data[STATS_KEY])["counted"]
    assert len(counted) == MAX_COUNTED and counted[-1] == f"g{MAX_COUNTED + 4}"


@pytest.mark.parametrize(
    "text",
    [
        "{",
        "[1, 2]",
        '{"format": "other"}',
        '{"format": "nordic21-stats", "schema": "1"}',
        '{"format": "nordic21-stats", "schema": 1, "players": [], "counted": []}',
        "[" * 10_000,
        "x" * 2_000_000,
    ],
)
def test_unreadable_statistics_read_as_empty_and_say_why(text: str) -> None:
    store = DictStore()
    store.set(STATS_KEY, text)
    stats = Stats(store)
    table = stats.table()
    assert table.rows == () and table.problem
    assert store.data == {STATS_KEY: text}
    session = finished()
    assert stats.record("g1", session)  # replaced by good data
    assert stats.table() == StatsTable((expected_row(session, 0),))


def test_statistics_of_a_newer_version_are_left_alone() -> None:
    store = DictStore()
    text = '{"format": "nordic21-stats", "schema": 2, "players": {}, "counted": []}'
    store.set(STATS_KEY, text)
    stats = Stats(store)
    assert "newer version" in (stats.table().problem or "")
    assert not stats.record("g1", finished())
    assert store.data == {STATS_KEY: text}
    stats.reset()
    assert stats.record("g1", finished())


@pytest.mark.parametrize(
    "player",
    [
        {"name": "Bo", "games": {"dice21": {"played": 1, "won": 2, "best": {}}}},
        {"name": "Bo", "games": {"dice21": {"played": -1, "won": 0, "best": {}}}},
        {"name": "Bo", "games": {"dice21": {"played": 1, "won": 0, "best": {"r": 1.5}}}},
        {"name": "Bo", "games": {"dice21": {"played": 1, "won": 0, "best": {"r": 2**60}}}},
        {"name": "Bo", "games": {"chess": {"played": 1, "won": 0, "best": {}}}},
        {"name": "Bo", "games": {"dice21": {"played": True, "won": 0, "best": {}}}},
        {"name": "<Bo>" * 20, "games": {}},
        {"name": "Someone else", "games": {}},
        ["Bo"],
    ],
)
def test_a_malformed_row_is_dropped_and_reported(player: Any) -> None:
    good = {"name": "Ann", "games": {"dice21": {"played": 3, "won": 1, "best": {"rounds": 2}}}}
    data = {
        "format": "nordic21-stats",
        "schema": 1,
        "players": {"ann": good, "bo": player},
        "counted": ["g1", 5, "bad id!"],
    }
    store = DictStore()
    store.set(STATS_KEY, json.dumps(data))
    table = Stats(store).table()
    assert table.rows == (StatsRow("Ann", "dice21", 3, 1, (("rounds", 2),)),)
    assert table.problem and "dropped" in table.problem


def test_a_full_storage_keeps_the_previous_statistics() -> None:
    store = DictStore()
    stats = Stats(store)
    stats.record("g1", finished())
    before = dict(store.data)
    store.quota = len(before[STATS_KEY])
    with pytest.raises(StorageFull):
        stats.record("g2", finished(("Someone New", "Bot 2"), seed=3))
    assert store.data == before


@pytest.mark.parametrize(
    ("lang", "best", "said"),
    [
        ("en", (("rounds", 1),), "1 round"),
        ("en", (("rounds", 2),), "2 rounds"),
        ("nb", (("rounds", 1),), "1 runde"),
        ("sv", (("gain", -1),), "1 marker förlorad"),
        ("da", (("chips", 1), ("gain", 3)), "1 jeton, 3 vundne jetoner"),
    ],
)
def test_the_statistics_name_each_best_in_the_form_for_its_number(
    lang: str, best: tuple[tuple[str, int], ...], said: str
) -> None:
    """A best score of one reads "1 round", not "1 rounds"; each figure carries its
    column's name for a phone, where the rows stand as cards."""
    tr = Translator(lang)
    table = StatsTable((StatsRow("Ann", "dice21", 3, 1, best),))
    markup = str(stats_section(tr, table, confirming=False))
    assert f'data-label="{tr.t("stats.best")}">{said}</td>' in markup
    assert f'data-label="{tr.t("stats.played")}">3</td>' in markup
