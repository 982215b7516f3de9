"""The web save book: schema 2 and the schema-1 migration, listing without replays,
history, export and import, a full storage, and two tabs on one match.

The match helpers are shared with
``test_saves_fuzz.py`` and ``test_stats.py``.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tables import T0, DictStore

from pygame_core import SaveError, from_json, get_game
from pygame_core import saves as core_saves
from pygame_core.dice21 import Roll
from pygame_core.registry import game_ids
from web import saves
from web.saves import (
    HISTORY_LIMIT,
    ImportResult,
    SaveBook,
    SavedGame,
    SaveImportError,
    SaveInfo,
    StaleSaveError,
    UnreadableSave,
    concerns,
    concerns_home,
    new_id,
    parse_info,
    parse_record,
    record_data,
)
from web.seats import Seat
from web.session import GameSession
from web.storage import StorageFull

FIXTURES = Path(__file__).parent / "fixtures" / "saves"
EXPECTED: dict[str, dict[str, Any]] = json.loads((FIXTURES / "expected.json").read_text())
GAME = get_game("dice21")


def new_session(
    names: tuple[str, ...] = ("Ann", "Bot 2"),
    kinds: tuple[str, ...] | None = None,
    seed: int = 7,
    **options: Any,
) -> GameSession:
    """A dice21 match (first seat human, the others medium bots unless ``kinds``)."""
    kinds = kinds or ("human",) + ("medium",) * (len(names) - 1)
    seats = [Seat(n, k) for n, k in zip(names, kinds, strict=True)]  # type: ignore[arg-type]
    config = GAME.config(players=len(names), **options)
    return GameSession.start("dice21", config, seats, seed)


def advance(session: GameSession, steps: int) -> GameSession:
    """``steps`` actions (fewer if the match ends), each chosen by a medium bot."""
    bot = GAME.make_bot("medium")
    for _ in range(steps):
        if session.over:
            break
        seat = session.current
        step = len(session.state.history)
        session.act(bot.choose(session.view(seat), session.legal(), step))
    return session


def finish(session: GameSession) -> GameSession:
    """Play the match to its end."""
    return advance(session, 10_000)


def any_session(game_id: str, steps: int, seed: int = 3) -> GameSession:
    """A match of any game (its first preset, fewest players) after ``steps`` actions
    chosen by a medium bot; ``steps`` beyond the end stop at the end."""
    game = get_game(game_id)
    players = max(2, game.min_players)
    config = game.preset(next(iter(game.presets)), players)
    seats = [Seat("Ann", "human")] + [Seat(f"Bot {i + 2}", "expert") for i in range(players - 1)]
    session = GameSession.start(game_id, config, seats, seed)
    return play_on(session, steps)


def play_on(session: GameSession, steps: int) -> GameSession:
    """``steps`` more actions of any game, chosen by a medium bot."""
    bot = session.game.make_bot("medium")
    for _ in range(steps):
        if session.over:
            break
        seat = session.current
        session.act(bot.choose(session.view(seat), session.legal(), len(session.state.history)))
    return session


def event_data(events: Any) -> list[Any]:
    """Events as JSON data, comparable with ``expected.json``."""
    return [[e.kind, json.loads(json.dumps(e.as_dict()))] for e in events]


def fixture_text(name: str) -> str:
    """A schema-1 entry exactly as the old code stored it."""
    return (FIXTURES / f"{name}.json").read_text().rstrip("\n")


def entry(saved_id: str, session: GameSession, revision: int = 1) -> str:
    """A schema-2 entry's text."""
    return json.dumps(record_data(saved_id, session, revision, T0, T0 + revision))


# -- schema 1: fixtures, migration --------------------------------------------------------
@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_schema1_fixture_loads_migrates_and_continues_with_the_same_roll(name: str) -> None:
    expected = EXPECTED[name]
    game = get_game(expected["game"])
    text = fixture_text(name)
    assert json.loads(text)["schema"] == 1
    store = DictStore()
    store.set("game." + expected["id"], text)
    book = SaveBook(store)
    saved = book.load(expected["id"])
    _, original = from_json(expected["core_json"])
    assert saved.session.state == original
    assert saved.revision == expected["revision"]
    info = book.info(expected["id"])
    assert isinstance(info, SaveInfo)
    summary = info.summary
    assert summary.game == expected["game"]
    assert list(summary.players) == expected["players"]
    assert summary.round == expected["round"]
    assert summary.finished is expected["finished"]
    assert store.get("game." + expected["id"]) == text  # read in memory, not rewritten
    if expected["finished"]:
        result = summary.result
        assert result is not None
        assert [list(result.winners), list(result.scores), result.score_kind] == [
            expected["result"][k] for k in ("winners", "scores", "score_kind")
        ]
        assert [i.id for i in book.history()[0]] == [expected["id"]]
        return
    # The next save rewrites it as schema 2; the match goes on with the same roll.
    session = saved.session
    revision = book.save(saved.id, session, saved.revision, T0, saved.created)
    stored = json.loads(store.data["game." + saved.id])
    assert (stored["schema"], stored["revision"]) == (2, expected["revision"] + 1)
    assert stored["summary"]["players"] == expected["players"]
    again = SaveBook(store).load(saved.id)
    assert again.revision == revision and again.session.state == original
    action = game.action_from_dict(expected["next_action"])
    assert event_data(again.session.act(action)) == expected["next_events"]
    assert event_data(game.apply(original, action)[1]) == expected["next_events"]


def test_schema1_entry_is_replayed_once_for_listing_and_never_rewritten(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    text = fixture_text("dice21_series_chips")
    store = DictStore()
    store.set("game.g7e8", text)
    book = SaveBook(store)
    calls = []
    real = core_saves.from_data

    def counting(data: Any) -> Any:
        calls.append(1)
        return real(data)

    monkeypatch.setattr(core_saves, "from_data", counting)
    for _ in range(3):
        good, bad = book.overview()
        assert [g.id for g in good] == ["g7e8"] and bad == []
    assert len(calls) == 1
    assert store.data == {"game.g7e8": text}


def test_old_and_new_entries_list_side_by_side() -> None:
    store = DictStore()
    store.set("game.gb", fixture_text("dice21_classic_midround"))
    book = SaveBook(store)
    book.save("g1", advance(new_session(seed=1), 2), 0, T0 + 10**9, T0)
    good, bad = book.overview()
    assert [g.id for g in good] == ["g1", "gb"] and bad == []


# -- schema 2: saving, listing without replays -------------------------------------------
def test_save_and_load_round_trip_with_the_rng() -> None:
    store = DictStore()
    book = SaveBook(store)
    session = advance(new_session(("Ann", "Bo", "Cy"), match="series", chips=True), 9)
    assert book.save("g1", session, 0, T0 + 5, T0) == 1
    saved = SaveBook(store).load("g1")
    assert (saved.id, saved.revision, saved.created, saved.updated) == ("g1", 1, T0, T0 + 5)
    assert saved.session.state == session.state
    assert saved.session.names() == ("Ann", "Bo", "Cy")
    assert [e.kind for e in saved.session.events] == [e.kind for e in session.events]
    assert event_data(saved.session.act(Roll())) == event_data(session.act(Roll()))


def test_schema2_entry_carries_its_summary() -> None:
    session = advance(new_session(match="series"), 6)
    data = record_data("g1", session, 3, T0, T0 + 1)
    assert data["schema"] == 2 and "finished" not in data
    assert data["summary"] == {
        "game": "dice21",
        "players": ["Ann", "Bot 2"],
        "round": session.view(None).round,
        "finished": False,
        "result": None,
        "turn": GAME.current_player(session.state),  # whose turn, for the list (issue 48)
    }
    assert data["game"] == core_saves.to_data(GAME, session.state)


def test_overview_replays_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    store = DictStore()
    book = SaveBook(store)
    for i in range(3):
        book.save(f"g{i}", advance(new_session(seed=i), 3), 0, T0 + i, T0)

    def boom(data: Any) -> Any:
        raise AssertionError("listing must not replay")

    monkeypatch.setattr(core_saves, "from_data", boom)
    good, bad = SaveBook(store).overview()
    assert [g.id for g in good] == ["g2", "g1", "g0"] and bad == []
    assert good[0].summary.players == ("Ann", "Bot 2")
    assert good[0].summary.round == 1 and good[0].revision == 1


@pytest.mark.parametrize("game_id", game_ids())
def test_every_game_saves_lists_travels_and_finishes(game_id: str) -> None:
    session = any_session(game_id, 6)
    store = DictStore()
    book = SaveBook(store)
    revision = book.save("g1", session, 0, T0, T0)
    (info,), _ = SaveBook(store).overview()
    assert info.summary == saves.summarize(session) and info.summary.game == game_id
    assert book.load("g1").session.state == session.state
    other = SaveBook(DictStore())
    assert other.import_bundle(book.export_one("g1")).games == ("g1",)
    assert other.load("g1").session.state == session.state
    assert play_on(session, 20_000).over
    book.save("g1", session, revision, T0 + 1, T0)
    (done,), _ = book.history()
    assert done.summary.result == session.game.outcome(session.state)


def tampered(session: GameSession, change: Any) -> str:
    data = record_data("g1", session, 1, T0, T0)
    change(data)
    return json.dumps(data)


def _set(path: tuple[Any, ...], value: Any) -> Any:
    def change(data: Any) -> None:
        for key in path[:-1]:
            data = data[key]
        data[path[-1]] = value

    return change


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (_set(("summary", "players"), ["Ann", "Eve"]), "do not match the seats"),
        (_set(("summary", "game"), "chess"), "no known game"),
        (_set(("summary", "finished"), "no"), "whether the match is over"),
        (_set(("summary", "round"), -1), "round"),
        (_set(("schema",), 3), "newer version"),
        (_set(("format",), "other-app"), "not a Nordic 21 saved game"),
        (_set(("revision",), 2**53), "revision"),
        (_set(("seats", 0, "name"), "x" * 33), "name"),
        (_set(("seats", 0, "kind"), "wizard"), "kind"),
        (_set(("game", "seed"), -4), "seed"),
        (_set(("game", "config", "players"), 3), "players"),
        (_set(("game", "actions"), {"type": "Roll"}), "action list"),
        (_set(("game", "game"), "dice41"), "another game"),
    ],
)
def test_listing_reports_a_bad_entry_with_its_reason_and_leaves_it(
    change: Any, reason: str
) -> None:
    store = DictStore()
    text = tampered(advance(new_session(), 3), change)
    store.set("game.g1", text)
    book = SaveBook(store)
    good, bad = book.overview()
    assert good == [] and len(bad) == 1
    assert bad[0].id == "g1" and reason in bad[0].reason
    with pytest.raises(SaveError):
        book.load("g1")
    assert store.data == {"game.g1": text}


@pytest.mark.parametrize(
    "text",
    ["{garbled", "[]", '{"format": "something-else"}', "null", "x" * 10, '"text"', "[" * 5000],
)
def test_garbage_is_listed_as_unreadable(text: str) -> None:
    store = DictStore()
    store.set("game.gx", text)
    good, bad = SaveBook(store).overview()
    assert good == [] and [b.id for b in bad] == ["gx"] and bad[0].reason
    assert store.data == {"game.gx": text}


def test_a_rule_breaking_entry_is_unreadable_once_opened_and_left_untouched() -> None:
    session = advance(new_session(), 3)

    def break_rules(data: Any) -> None:
        data["game"]["actions"] = [{"type": "Stop"}, *data["game"]["actions"]]

    text = tampered(session, break_rules)
    store = DictStore()
    store.set("game.g1", text)
    store.set("game.g2", entry("g2", advance(new_session(seed=2), 2)))
    book = SaveBook(store)
    assert {g.id for g in book.overview()[0]} == {"g1", "g2"}  # cheap checks pass
    with pytest.raises(SaveError, match="breaks the rules"):
        book.load("g1")
    good, bad = book.overview()
    assert [g.id for g in good] == ["g2"]
    assert [(b.id, b.kind) for b in bad] == [("g1", "game")]
    assert "breaks the rules" in bad[0].reason
    assert store.get("game.g1") == text
    # Another tab writes a good entry there: the old verdict no longer applies.
    store.set("game.g1", entry("g1", session, 2))
    assert {g.id for g in book.overview()[0]} == {"g1", "g2"}


def test_a_summary_that_lies_fails_the_full_check() -> None:
    session = advance(new_session(match="series"), 3)
    text = tampered(session, _set(("summary", "round"), 9))
    assert parse_info(text).summary.round == 9
    with pytest.raises(SaveError, match="summary does not match"):
        parse_record(text)


def test_listing_keeps_its_old_contract() -> None:
    store = DictStore()
    book = SaveBook(store)
    book.save("g1", advance(new_session(), 2), 0, T0, T0)
    store.set("game.bad", "{")
    good, bad = book.listing()
    assert [type(g) for g in good] == [SavedGame] and good[0].id == "g1"
    assert bad == [UnreadableSave("bad", "the save is not valid JSON")]


def test_html_in_names_is_kept_as_text() -> None:
    names = ('<b>Ann</b> & "Co"', "<script>x</script>")
    store = DictStore()
    book = SaveBook(store)
    book.save("g1", advance(new_session(names), 3), 0, T0, T0)
    assert book.load("g1").session.names() == names
    assert book.overview()[0][0].summary.players == names


@pytest.mark.parametrize("name", ["", "   ", "a" * 33, "tab\there", "line\nbreak", "\ud800x", 7])
def test_names_must_be_one_short_line_of_text(name: Any) -> None:
    text = tampered(advance(new_session(), 1), _set(("seats", 0, "name"), name))
    with pytest.raises(SaveError):
        parse_record(text)


# -- history ----------------------------------------------------------------------------------
def test_a_finished_match_moves_to_the_history() -> None:
    store = DictStore()
    book = SaveBook(store)
    session = advance(new_session(match="series"), 3)
    revision = book.save("g1", session, 0, T0 + 1, T0)
    finish(session)
    assert book.save("g1", session, revision, T0 + 2, T0) == 2
    assert store.get("game.g1") is None
    assert book.overview() == ([], [])
    (info,), bad = book.history()
    assert bad == []
    assert (info.id, info.revision, info.created, info.updated) == ("g1", 2, T0, T0 + 2)
    assert info.summary.finished and info.summary.result == GAME.outcome(session.state)
    assert json.loads(store.data["history.g1"])["format"] == "nordic21-history"


def test_the_history_keeps_the_latest_matches_and_every_unreadable_entry() -> None:
    store = DictStore()
    store.set("history.broken", "{")
    book = SaveBook(store)
    done = finish(new_session())
    for i in range(HISTORY_LIMIT + 3):
        book.save(f"g{i}", done, 0, T0 + i, T0)
    good, bad = book.history()
    assert len(good) == HISTORY_LIMIT
    assert good[0].id == f"g{HISTORY_LIMIT + 2}" and good[-1].id == "g3"
    assert bad == [UnreadableSave("broken", "the save is not valid JSON", "history")]
    book.delete_history("broken")
    assert book.history()[1] == []


def test_an_id_used_again_after_a_finished_match_is_a_new_match() -> None:
    """``new_id(book.ids(), seed)`` (as the app did) may hand out the id of a match now
    in the history: the new match is saved, and at its end goes to a fresh history id."""
    store = DictStore()
    book = SaveBook(store)
    first = finish(new_session(seed=7))
    book.save(new_id(book.ids(), 7), first, 0, T0, T0)
    second = advance(new_session(seed=7, match="series"), 2)
    saved_id = new_id(book.ids(), 7)
    assert saved_id == "g7"
    revision = book.save(saved_id, second, 0, T0 + 1, T0 + 1)
    assert book.status(saved_id, revision) == "current"
    assert [i.id for i in book.overview()[0]] == ["g7"]
    book.save(saved_id, finish(second), revision, T0 + 2, T0 + 1)
    history = {i.id: i for i in book.history()[0]}
    assert set(history) == {"g7", "g7-2"} and "game.g7" not in store.data
    assert history["g7"].summary.result == GAME.outcome(first.state)
    assert history["g7-2"].summary.result == GAME.outcome(second.state)


def test_fresh_ids_avoid_matches_and_history() -> None:
    store = DictStore()
    book = SaveBook(store)
    book.save("g7", finish(new_session()), 0, T0, T0)
    book.save("g7-2", advance(new_session(), 1), 0, T0, T0)
    assert book.fresh_id(7) == "g7-3"
    assert new_id(["g7"], 7) == "g7-2" and new_id([], 255) == "gff"


# -- a full storage ------------------------------------------------------------------------------
def test_a_full_storage_keeps_the_previous_save() -> None:
    session = advance(new_session(match="series"), 2)
    store = DictStore(quota=len(entry("g1", session)) + 20)
    book = SaveBook(store)
    revision = book.save("g1", session, 0, T0, T0)
    before = dict(store.data)
    advance(session, 30)
    with pytest.raises(StorageFull):
        book.save("g1", session, revision, T0 + 1, T0)
    assert store.data == before
    assert book.load("g1").revision == revision
    # The match goes on in memory; once space is freed, the next save succeeds.
    store.quota = None
    assert book.save("g1", session, revision, T0 + 2, T0) == revision + 1
    assert book.load("g1").session.state == session.state


def test_a_full_storage_at_the_end_keeps_the_match_in_progress() -> None:
    session = advance(new_session(), 1)
    store = DictStore()
    book = SaveBook(store)
    book.save("g1", session, 0, T0, T0)
    store.quota = len(store.data["game.g1"])
    finish(session)
    with pytest.raises(StorageFull):
        book.save("g1", session, 1, T0 + 1, T0)
    assert list(store.data) == ["game.g1"] and book.load("g1").revision == 1


# -- two tabs ----------------------------------------------------------------------------------
def test_an_older_tab_never_overwrites_a_newer_save() -> None:
    store = DictStore()
    tab_a, tab_b = SaveBook(store), SaveBook(store)
    session_a = advance(new_session(), 1)
    rev_a = tab_a.save("g1", session_a, 0, T0, T0)
    copy_b = tab_b.load("g1")
    rev_a = tab_a.save("g1", advance(session_a, 1), rev_a, T0 + 1, T0)
    assert tab_b.status("g1", copy_b.revision) == "newer"
    advance(copy_b.session, 1)
    with pytest.raises(StaleSaveError) as caught:
        tab_b.save("g1", copy_b.session, copy_b.revision, T0 + 2, T0)
    assert caught.value.status == "newer" and caught.value.saved_id == "g1"
    assert tab_b.load("g1").session.state == session_a.state
    assert tab_a.status("g1", rev_a) == "current"


@pytest.mark.parametrize("event", ["finished", "gone", "unreadable"])
def test_a_tab_does_not_save_over_a_match_changed_elsewhere(event: str) -> None:
    store = DictStore()
    tab_a, tab_b = SaveBook(store), SaveBook(store)
    session = advance(new_session(), 1)
    tab_a.save("g1", session, 0, T0, T0)
    copy_b = tab_b.load("g1")
    if event == "finished":
        tab_a.save("g1", finish(advance(new_session(), 1)), 1, T0 + 1, T0)
    elif event == "gone":
        tab_a.delete("g1")
    else:
        store.set("game.g1", '{"format": "nordic21-save", "schema": 9, "revision": "x"}')
    before = dict(store.data)
    assert tab_b.status("g1", copy_b.revision) == event
    with pytest.raises(StaleSaveError) as caught:
        tab_b.save("g1", advance(copy_b.session, 1), copy_b.revision, T0 + 2, T0)
    assert caught.value.status == event
    assert store.data == before


def test_a_new_match_may_be_saved_where_nothing_is() -> None:
    book = SaveBook(DictStore())
    assert book.status("g1", 0) == "current" and book.revision("g1") == 0


def test_storage_events_that_concern_a_match_or_the_home_screen() -> None:
    assert concerns("game.g1", "g1") and concerns("history.g1", "g1") and concerns(None, "g1")
    assert not concerns("game.g12", "g1") and not concerns("lang", "g1")
    assert concerns_home("game.x") and concerns_home("history.x") and concerns_home(None)
    assert not concerns_home("speed")


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(
        st.tuples(st.sampled_from("ab"), st.sampled_from(["play"] * 3 + ["reload"])),
        min_size=15,
        max_size=60,
    )
)
def test_two_tabs_never_lose_an_update(steps: list[tuple[str, str]]) -> None:
    """Each tab plays and saves, or reloads; on a stale save it reloads (as the app
    does). The stored match only ever grows: no saved action is ever lost."""
    store = DictStore()
    books = {"a": SaveBook(store), "b": SaveBook(store)}
    session = new_session()
    first = books["a"].save("g1", session, 0, T0, T0)
    tabs: dict[str, tuple[GameSession, int]] = {"a": (session, first)}
    tabs["b"] = (books["b"].load("g1").session, first)
    stored = session.state.history
    finished = False
    for tab, step in steps:
        book = books[tab]
        session, revision = tabs[tab]
        if step == "reload" or session.over:
            saved = book.load("g1") if store.get("game.g1") else None
            if saved is not None:
                tabs[tab] = (saved.session, saved.revision)
            continue
        advance(session, 1)
        try:
            revision = book.save("g1", session, revision, T0, T0)
        except StaleSaveError:
            saved = book.load("g1") if store.get("game.g1") else None
            if saved is not None:
                tabs[tab] = (saved.session, saved.revision)
            continue
        assert not finished  # after the end, every save is refused
        tabs[tab] = (session, revision)
        if session.over:
            finished = store.get("game.g1") is None and "history.g1" in store.data
            assert finished
            continue
        now = book.load("g1").session.state.history
        assert now[: len(stored)] == stored and len(now) > len(stored)
        stored = now


# -- export and import -----------------------------------------------------------------------
def bundle_of(*games: Any, history: Any = ()) -> str:
    return json.dumps(
        {"format": "nordic21-export", "schema": 1, "games": list(games), "history": list(history)}
    )


def test_export_one_and_import_elsewhere() -> None:
    source = SaveBook(DictStore())
    session = advance(new_session(("<i>Ann</i>", "Bot 2")), 4)
    source.save("g1", session, 0, T0, T0)
    text = source.export_one("g1")
    bundle = json.loads(text)
    assert bundle == {
        "format": "nordic21-export",
        "schema": 1,
        "games": [json.loads(source.raw("g1") or "")],
        "history": [],
    }
    target = SaveBook(DictStore())
    assert target.import_bundle(text) == ImportResult(("g1",), (), (), ())
    loaded = target.load("g1")
    assert loaded.session.state == session.state and loaded.session.names()[0] == "<i>Ann</i>"
    # The same file again changes nothing; a different match under the same id is kept
    # beside it under a fresh id.
    assert target.import_bundle(text) == ImportResult((), (), ("g1",), ())
    other = SaveBook(DictStore())
    other.save("g1", advance(new_session(seed=99), 2), 0, T0, T0)
    result = target.import_bundle(other.export_one("g1"))
    assert result.games == ("g1-2",)
    assert target.load("g1-2").session.state.seed == 99
    assert target.load("g1").session.state == session.state


def test_export_all_keeps_unreadable_entries_as_their_raw_text() -> None:
    store = DictStore()
    book = SaveBook(store)
    book.save("g1", advance(new_session(), 2), 0, T0, T0)
    book.save("g2", finish(new_session(seed=2)), 0, T0, T0)
    store.set("game.bad", '{"format": "nordic21-save", "schema": 99}')
    store.set("history.worse", "not json")
    bundle = json.loads(book.export_all())
    assert bundle["games"][0] == '{"format": "nordic21-save", "schema": 99}'
    assert bundle["games"][1] == json.loads(store.data["game.g1"])
    assert bundle["history"] == [json.loads(store.data["history.g2"]), "not json"]
    target_store = DictStore()
    target = SaveBook(target_store)
    result = target.import_bundle(book.export_all())
    assert (result.games, result.history, result.skipped) == (("g1",), ("g2",), ())
    assert len(result.refused) == 2
    assert result.refused[0].startswith("game 1: the save was made by a newer version")
    assert result.refused[1].startswith("history 2: the save is not valid JSON")
    assert target_store.data == {k: store.data[k] for k in ("game.g1", "history.g2")}
    assert json.loads(book.export_one("g2"))["history"] == [json.loads(store.data["history.g2"])]
    with pytest.raises(SaveError, match="gone"):
        book.export_one("nope")


def test_a_rule_breaking_entry_is_exported_raw() -> None:
    store = DictStore()
    session = advance(new_session(), 2)
    text = tampered(session, _set(("game", "actions", 0), {"type": "Stop"}))
    store.set("game.g1", text)
    assert json.loads(SaveBook(store).export_one("g1"))["games"] == [text]


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_schema1_saves_import_as_schema2(name: str) -> None:
    store = DictStore()
    book = SaveBook(store)
    expected = EXPECTED[name]
    result = book.import_bundle(bundle_of(json.loads(fixture_text(name))))
    if expected["finished"]:
        assert result.history == (expected["id"],) and result.games == ()
        assert book.history()[0][0].summary.result is not None
    else:
        assert result.games == (expected["id"],)
        assert json.loads(store.data["game." + expected["id"]])["schema"] == 2
        assert book.load(expected["id"]).session.state == from_json(expected["core_json"])[1]


def test_import_a_finished_match_and_history_entries() -> None:
    source_store = DictStore()
    source = SaveBook(source_store)
    done = finish(new_session())
    source.save("g1", done, 0, T0, T0)
    history_entry = json.loads(source_store.data["history.g1"])
    finished_entry = record_data("g2", done, 4, T0, T0)
    target_store = DictStore()
    target = SaveBook(target_store)
    result = target.import_bundle(bundle_of(finished_entry, history=[history_entry]))
    assert result == ImportResult((), ("g2", "g1"), (), ())
    assert target.import_bundle(bundle_of(history=[history_entry])).skipped == ("g1",)
    changed = {**history_entry, "updated": T0 + 9}
    assert target.import_bundle(bundle_of(history=[changed])).history == ("g1-2",)
    assert {i.id for i in target.history()[0]} == {"g1", "g1-2", "g2"}


def _bundle_with(change: Any) -> str:
    data = record_data("g1", advance(new_session(), 3), 1, T0, T0)
    change(data)
    return bundle_of(data)


HOSTILE = [
    pytest.param("", id="empty"),
    pytest.param("<html><body>hello</body></html>", id="html-page"),
    pytest.param("[" * 100_000, id="deep-nesting"),
    pytest.param(json.dumps({"format": "nordic21-save", "games": []}), id="foreign"),
    pytest.param(bundle_of("x" * 10_000_000), id="10MB-string"),
    pytest.param('{"format": "nordic21-export", "schema": 2, "games": []}', id="newer"),
    pytest.param('{"format": "nordic21-export", "schema": true, "games": []}', id="schema-type"),
    pytest.param('{"format": "nordic21-export", "schema": 1, "games": {}}', id="games-type"),
    pytest.param('{"format": "nordic21-export", "schema": 1}', id="no-games"),
    pytest.param(bundle_of(*[1] * 1001), id="too-many"),
    pytest.param(bundle_of(1, "two", None, [], {}), id="wrong-item-types"),
    pytest.param(_bundle_with(_set(("revision",), 10**30)), id="huge-revision"),
    pytest.param(_bundle_with(_set(("created",), -1)), id="negative-created"),
    pytest.param(_bundle_with(_set(("updated",), 1.5)), id="float-updated"),
    pytest.param(_bundle_with(_set(("game", "seed"), 2**60)), id="huge-seed"),
    pytest.param(_bundle_with(_set(("game", "config", "rounds"), 10**6)), id="huge-rounds"),
    pytest.param(_bundle_with(_set(("game", "config", "dice"), True)), id="bool-dice"),
    pytest.param(_bundle_with(_set(("seats", 1, "name"), "n" * 5_000_000)), id="long-name"),
    pytest.param(_bundle_with(_set(("seats", 1, "name"), ["list"])), id="name-type"),
    pytest.param(_bundle_with(_set(("id",), "../../etc")), id="bad-id"),
    pytest.param(_bundle_with(_set(("game", "actions", 0), {"type": "Cheat"})), id="action"),
    pytest.param(_bundle_with(_set(("summary", "result"), {"winners": [0]})), id="result"),
    pytest.param("1" * 5000, id="huge-number"),
    pytest.param(None, id="not-text"),
]


@pytest.mark.parametrize("text", HOSTILE)
def test_a_hostile_file_is_refused_and_nothing_is_written(text: Any) -> None:
    store = DictStore()
    book = SaveBook(store)
    book.save("g0", advance(new_session(), 1), 0, T0, T0)
    before = dict(store.data)
    with pytest.raises(SaveImportError) as caught:
        book.import_bundle(text)
    assert str(caught.value) and len(str(caught.value)) < 1000
    assert store.data == before


def test_an_import_checks_everything_before_writing() -> None:
    good = record_data("g1", advance(new_session(), 3), 1, T0, T0)
    bad = copy.deepcopy(good)
    bad["id"] = "g2"
    bad["game"]["actions"].append({"type": "Stop"})
    bad["game"]["actions"].append({"type": "Stop"})
    store = DictStore()
    result = SaveBook(store).import_bundle(bundle_of(good, bad))
    assert result.games == ("g1",) and len(result.refused) == 1
    assert result.refused[0].startswith("game 2: ")
    assert list(store.data) == ["game.g1"]


def test_a_full_storage_during_an_import_writes_nothing() -> None:
    games = [record_data(f"g{i}", advance(new_session(seed=i), 3), 1, T0, T0) for i in range(3)]
    text = bundle_of(*games)
    store = DictStore()
    book = SaveBook(store)
    book.save("g9", advance(new_session(), 1), 0, T0, T0)
    before = dict(store.data)
    store.quota = sum(map(len, before.values())) + 2 * len(json.dumps(games[0]))
    with pytest.raises(StorageFull):
        book.import_bundle(text)
    assert store.data == before


def test_an_unreadable_entry_is_deleted_only_when_asked() -> None:
    store = DictStore()
    book = SaveBook(store)
    store.set("game.bad", "{")
    book.save("g1", advance(new_session(), 1), 0, T0, T0)
    book.save("g2", finish(new_session()), 0, T0, T0)
    assert "game.bad" in store.data
    assert [b.id for b in book.overview()[1]] == ["bad"]
    book.delete("bad")
    assert book.overview()[1] == [] and "game.bad" not in store.data


def test_reasons_are_short_even_for_huge_keys() -> None:
    session = advance(new_session(), 1)
    text = tampered(session, _set(("game", "config", "k" * 100_000), 1))
    store = DictStore()
    store.set("game.g1", text)
    book = SaveBook(store)
    with pytest.raises(SaveError) as caught:
        book.load("g1")
    assert len(str(caught.value)) <= saves.MAX_REASON
    assert len(book.overview()[1][0].reason) <= saves.MAX_REASON
