"""Mutated and random documents through every load path.

Real saved entries (schema 2 of several matches, and the schema-1 fixtures), core save
documents and export bundles are mutated (keys deleted or added, values replaced or
retyped, numbers made huge, negative, fractional or boolean, lists truncated, actions
swapped or repeated, the text cut or garbled), and random JSON and text are thrown in.
Each document either loads a valid state or raises :class:`pygame_core.SaveError`;
never anything else, and a refused import writes nothing.

Examples: 500 entries + 250 core documents + 150 bundles + 150 random documents + 100
listings = 1,150.
"""

from __future__ import annotations

import contextlib
import copy
import json
from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tables import T0, DictStore
from test_saves import EXPECTED, advance, any_session, finish, fixture_text, new_session

from pygame_core import SaveError, from_json, to_json
from pygame_core import saves as core_saves
from pygame_core.registry import game_ids
from web.saves import SaveBook, SavedGame, parse_history, parse_info, parse_record, record_data

FUZZ = settings(
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def _entries() -> list[dict[str, Any]]:
    """Real schema-2 entries (dice21 in several forms, every other game part-played)
    and the schema-1 fixtures; small matches, so each example is quick."""
    sessions = [
        advance(new_session(), 3),
        advance(new_session(("<b>Å</b>", "Bo", "Cy"), match="series", chips=True, seed=3), 9),
        advance(new_session(dice=2, target=36, seed=11), 5),
        finish(new_session(seed=5)),
        new_session(("Ann", "Bot"), ("human", "expert"), seed=2**53 - 1),
    ]
    sessions += [any_session(game_id, 6) for game_id in game_ids() if game_id != "dice21"]
    entries = [record_data(f"g{i}", s, i + 1, T0, T0 + i) for i, s in enumerate(sessions)]
    entries += [json.loads(fixture_text(name)) for name in sorted(EXPECTED)]
    return entries


ENTRIES = _entries()
CORE_DOCS = [entry["game"] for entry in ENTRIES]


def _history_entry() -> dict[str, Any]:
    store = DictStore()
    SaveBook(store).save("h1", finish(new_session(seed=9)), 0, T0, T0)
    return json.loads(store.data["history.h1"])


HISTORY_ENTRY = _history_entry()
BUNDLES = [
    {"format": "nordic21-export", "schema": 1, "games": ENTRIES[:2], "history": [HISTORY_ENTRY]},
    {"format": "nordic21-export", "schema": 1, "games": [ENTRIES[3], json.dumps(ENTRIES[5])]},
]

NASTY_NUMBERS = [
    0,
    -1,
    1,
    2**53 - 1,
    2**53,
    -(2**53),
    10**30,
    -(10**30),
    1.5,
    -0.0,
    1e308,
    float("inf"),
    float("nan"),
    True,
    False,
]
leaves = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.sampled_from(NASTY_NUMBERS),
    st.floats(),
    st.text(st.characters(codec="utf-8"), max_size=8),
    st.sampled_from(["Roll", "Stop", "dice21", "human", "<b>x</b>", "\ud800", "", "nordic21-save"]),
)
json_values = st.recursive(
    leaves,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)


def _paths(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The path of every node of a JSON tree, the root first."""
    out = [path]
    if isinstance(node, dict):
        for key, value in node.items():
            out += _paths(value, (*path, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            out += _paths(value, (*path, index))
    return out


def _get(doc: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        doc = doc[key]
    return doc


def _mutate_node(draw: Callable[[Any], Any], node: Any) -> Any:
    """``node`` changed in one way (returns the new node)."""
    op = draw(
        st.sampled_from(
            ["replace", "number", "retype", "truncate", "swap", "repeat", "add_key", "drop"]
        )
    )
    if op == "replace":
        return draw(json_values)
    if op == "number":
        return draw(st.sampled_from(NASTY_NUMBERS) | st.integers())
    if op == "retype":
        return draw(st.sampled_from([str(node), [node], {"value": node}, None, json.dumps(node)]))
    if isinstance(node, list) and node:
        i = draw(st.integers(0, len(node) - 1))
        j = draw(st.integers(0, len(node) - 1))
        if op == "truncate":
            return node[:i]
        if op == "swap":
            node[i], node[j] = node[j], node[i]
            return node
        if op == "repeat":
            return [*node[:i], copy.deepcopy(node[i]), *node[i:]]
    if isinstance(node, dict):
        if op == "add_key":
            node[draw(st.text(max_size=8))] = draw(json_values)
            return node
        if op == "drop" and node:
            del node[draw(st.sampled_from(sorted(node)))]
            return node
    return draw(json_values)


@st.composite
def mutated(draw: Callable[[Any], Any], bases: list[Any]) -> Any:
    """A deep copy of one of ``bases`` with one to three nodes below the root changed
    (random JSON stands for a changed root)."""
    doc = copy.deepcopy(draw(st.sampled_from(bases)))
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(_paths(doc)[1:]))
        parent = _get(doc, path[:-1])
        if draw(st.booleans()) and isinstance(parent, dict):
            del parent[path[-1]]
        else:
            parent[path[-1]] = _mutate_node(draw, parent[path[-1]])
    return doc


@st.composite
def garbled(draw: Callable[[Any], Any], bases: list[Any]) -> str:
    """The JSON text of one of ``bases``, cut or with characters changed."""
    text = json.dumps(draw(st.sampled_from(bases)))
    for _ in range(draw(st.integers(1, 2))):
        i = draw(st.integers(0, len(text)))
        if draw(st.integers(0, 3)) == 0:
            text = text[:i]
        else:
            text = text[:i] + draw(st.sampled_from(list('{}[]",:0-9aeE\\ '))) + text[i + 1 :]
    return text


def _as_text(doc: Any) -> str:
    return json.dumps(doc)


def documents(bases: list[Any]) -> st.SearchStrategy[str]:
    """Texts of mutated ``bases`` (three in five), garbled ``bases`` and random JSON."""
    kinds: dict[str, st.SearchStrategy[str]] = {
        "mutated": mutated(bases).map(_as_text),
        "garbled": garbled(bases),
        "random": json_values.map(_as_text),
    }
    return st.sampled_from(["mutated"] * 3 + ["garbled", "random"]).flatmap(kinds.__getitem__)


def check_valid(saved: SavedGame) -> None:
    """A loaded match is a real state: it saves and loads back to itself."""
    session = saved.session
    text = json.dumps(record_data(saved.id, session, saved.revision, T0, T0))
    again = parse_record(text)
    assert again.session.state == session.state
    assert parse_info(text).summary.players == session.names()
    session.legal()


@settings(FUZZ, max_examples=500)
@given(documents(ENTRIES))
def test_entries_load_or_raise_save_error(text: str) -> None:
    try:
        saved = parse_record(text)
    except SaveError:
        pass
    else:
        check_valid(saved)
    with contextlib.suppress(SaveError):
        parse_info(text)


@settings(FUZZ, max_examples=250)
@given(documents(CORE_DOCS))
def test_core_documents_load_or_raise_save_error(text: str) -> None:
    try:
        game, state = from_json(text)
    except SaveError:
        return
    assert from_json(to_json(game, state))[1] == state
    assert core_saves.to_data(game, state)["seed"] == state.seed


@settings(FUZZ, max_examples=150)
@given(documents(BUNDLES))
def test_imports_load_everything_or_write_nothing(text: str) -> None:
    store = DictStore()
    book = SaveBook(store)
    book.save("g0", advance(new_session(), 2), 0, T0, T0)
    before = dict(store.data)
    try:
        result = book.import_bundle(text)
    except SaveError:
        assert store.data == before
        return
    for saved_id in result.games:
        check_valid(book.load(saved_id))
    for saved_id in result.history:
        parse_history(store.data["history." + saved_id], saved_id)
    assert {k: store.data[k] for k in before} == before
    new_keys = set(store.data) - set(before)
    assert len(new_keys) == len(result.games) + len(result.history)


@settings(FUZZ, max_examples=150)
@given(st.one_of(json_values.map(_as_text), st.text(max_size=40), st.binary(max_size=20)))
def test_random_documents_through_every_path(text: Any) -> None:
    for load in (parse_record, from_json, SaveBook(DictStore()).import_bundle):
        with contextlib.suppress(SaveError):
            load(text)


@settings(FUZZ, max_examples=100)
@given(st.lists(documents(ENTRIES), min_size=1, max_size=3), st.lists(garbled([HISTORY_ENTRY])))
def test_a_store_of_bad_entries_lists_exports_and_leaves_them(
    texts: list[str], history: list[str]
) -> None:
    store = DictStore()
    for i, text in enumerate(texts):
        store.set(f"game.g{i}", text)
    for i, text in enumerate(history):
        store.set(f"history.h{i}", text)
    before = dict(store.data)
    book = SaveBook(store)
    good, bad = book.overview()
    finished, bad_history = book.history()
    assert len(good) + len(bad) <= len(texts)
    assert len(finished) + len(bad_history) <= len(texts) + len(history)
    for saved_id in book.ids():
        try:
            book.load(saved_id)
        except SaveError:
            assert saved_id in {b.id for b in book.overview()[1]}  # unreadable from now on
    bundle = json.loads(book.export_all())
    assert len(bundle["games"]) == len(texts) and len(bundle["history"]) == len(history)
    assert store.data == before
