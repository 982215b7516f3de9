"""The one versioned-document check (pygame_core/documents.py) and its four callers.

Every versioned document (the core save, the ``game.``/``history.`` entries, the export
file and the statistics) has its ``format`` and ``schema`` read by :class:`Format`: its
messages, then each caller giving exactly the check's error, then Hypothesis: any value
at all gives a version this one reads or :class:`DocumentError`, never another
exception; a well-formed envelope round-trips; any text parses or gives the same error.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tables import T0, DictStore
from test_saves import advance, new_session
from test_stats import finished

from pygame_core import SaveError
from pygame_core import saves as core_saves
from pygame_core.codec import MAX_SAFE_INT
from pygame_core.documents import DocumentError, Format
from web import saves
from web import stats as stats_module
from web.saves import SaveImportError, parse_history, parse_info, parse_record, record_data
from web.saves.bundles import EXPORT_DOCUMENT, bundle_items
from web.saves.formats import HISTORY_DOCUMENT, SAVE_DOCUMENT
from web.stats import DOCUMENT as STATS_DOCUMENT
from web.stats import STATS_KEY, Stats

SAVE = Format("nordic21-save", newest=2, kind="a Nordic 21 saved game", subject="the save")
STATS = Format("nordic21-stats", 1, "Nordic 21 statistics", "the statistics", plural=True)


def doc(fmt: Format, schema: Any, **fields: Any) -> dict[str, Any]:
    return {"format": fmt.name, "schema": schema, **fields}


def problem_of(fmt: Format, data: Any) -> tuple[str, str, int | None]:
    with pytest.raises(DocumentError) as caught:
        fmt.check(data)
    return caught.value.problem, str(caught.value), caught.value.schema


# -- messages --------------------------------------------------------------------------------
def test_a_document_this_version_reads_gives_its_schema() -> None:
    assert [SAVE.check(doc(SAVE, v)) for v in SAVE.versions] == [1, 2]
    assert SAVE.load('{"format": "nordic21-save", "schema": 1, "id": "g1"}') == (
        {"format": "nordic21-save", "schema": 1, "id": "g1"},
        1,
    )


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        (
            {"format": "chess", "schema": 1},
            ("foreign", "this is not a Nordic 21 saved game", None),
        ),
        ([1, 2], ("foreign", "this is not a Nordic 21 saved game", None)),
        (
            {"format": "nordic21-save", "schema": 3},
            (
                "newer",
                "the save was made by a newer version of Nordic 21 "
                "(schema 3; this version reads schemas 1-2)",
                3,
            ),
        ),
        (
            {"format": "nordic21-save"},
            ("damaged", "the save is damaged: it has no schema version", None),
        ),
        (
            {"format": "nordic21-save", "schema": "2"},
            ("damaged", "the save is damaged: its schema version is not a whole number", None),
        ),
        (
            {"format": "nordic21-save", "schema": True},
            ("damaged", "the save is damaged: its schema version is not a whole number", None),
        ),
        (
            {"format": "nordic21-save", "schema": 2.0},
            ("damaged", "the save is damaged: its schema version is not a whole number", None),
        ),
        (
            {"format": "nordic21-save", "schema": 0},
            ("damaged", "the save is damaged: its schema version is out of range", None),
        ),
        (
            {"format": "nordic21-save", "schema": 2**53},
            ("damaged", "the save is damaged: its schema version is out of range", None),
        ),
    ],
)
def test_each_problem_is_said_in_words(data: Any, expected: tuple[str, str, int | None]) -> None:
    assert problem_of(SAVE, data) == expected


def test_a_schema_no_longer_read_is_older() -> None:
    later = Format("nordic21-save", newest=4, oldest=3, kind="a save", subject="the save")
    assert problem_of(later, doc(later, 2)) == (
        "older",
        "the save was made by an older version of Nordic 21 "
        "(schema 2; this version reads schemas 3-4)",
        2,
    )


def test_a_plural_subject_agrees() -> None:
    assert problem_of(STATS, {"format": "x"})[1] == "these are not Nordic 21 statistics"
    assert problem_of(STATS, doc(STATS, 2))[1] == (
        "the statistics were made by a newer version of Nordic 21 "
        "(schema 2; this version reads schema 1)"
    )
    assert problem_of(STATS, doc(STATS, -1))[1] == (
        "the statistics are damaged: their schema version is out of range"
    )
    assert problem_of(STATS, {"format": STATS.name})[1] == (
        "the statistics are damaged: they have no schema version"
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        pytest.param(None, "the save is not text", id="none"),
        pytest.param("{", "the save is not valid JSON", id="cut"),
        pytest.param("[" * 100_000, "the save is not valid JSON", id="deep"),
        pytest.param("1" * 5000, "the save is not valid JSON", id="huge-number"),
        pytest.param(b"\xff\xfe\xfd", "the save is not valid JSON", id="bytes"),
        pytest.param(
            "x" * 10**6 + "x",
            "the save is too large (1,000,001 characters; at most 1,000,000)",
            id="large",
        ),
    ],
)
def test_text_that_is_not_a_document_is_damaged(text: Any, message: str) -> None:
    with pytest.raises(DocumentError) as caught:
        SAVE.parse(text, max_chars=10**6)
    assert (caught.value.problem, str(caught.value)) == ("damaged", message)


def test_a_format_reads_at_least_one_schema() -> None:
    with pytest.raises(ValueError, match="schemas"):
        Format("x", newest=1, oldest=2, kind="x", subject="x")


def test_the_error_is_a_save_error() -> None:
    assert issubclass(DocumentError, SaveError)


# -- the four callers --------------------------------------------------------------------------
def _entry() -> dict[str, Any]:
    return record_data("g1", advance(new_session(), 2), 1, T0, T0)


def _history() -> dict[str, Any]:
    data = _entry()
    return {**data, "format": "nordic21-history", "schema": 1}


def _stats_problem(data: Any) -> str:
    store = DictStore()
    store.set(STATS_KEY, json.dumps(data))
    problem = Stats(store).table().problem
    assert problem is not None
    return problem


def _import_problem(data: Any) -> str:
    with pytest.raises(SaveImportError) as caught:
        bundle_items(json.dumps(data))
    assert isinstance(caught.value.__cause__, DocumentError)
    return str(caught.value)


def _raised(load: Callable[[Any], Any], data: Any) -> str:
    with pytest.raises(DocumentError) as caught:
        load(data)
    return str(caught.value)


#: (the caller's Format, a readable document of it, how the caller reports a bad one).
CALLERS: list[Any] = [
    pytest.param(
        core_saves.DOCUMENT,
        _entry()["game"],
        lambda d: _raised(core_saves.read_header, d),
        id="core-header",
    ),
    pytest.param(
        core_saves.DOCUMENT,
        _entry()["game"],
        lambda d: _raised(core_saves.from_json, json.dumps(d)),
        id="core-json",
    ),
    pytest.param(
        SAVE_DOCUMENT, _entry(), lambda d: _raised(parse_info, json.dumps(d)), id="entry-info"
    ),
    pytest.param(
        SAVE_DOCUMENT, _entry(), lambda d: _raised(parse_record, json.dumps(d)), id="entry-full"
    ),
    pytest.param(
        HISTORY_DOCUMENT,
        _history(),
        lambda d: _raised(parse_history, json.dumps(d)),
        id="history",
    ),
    pytest.param(
        EXPORT_DOCUMENT,
        {"format": "nordic21-export", "schema": 1, "games": []},
        _import_problem,
        id="export",
    ),
    pytest.param(
        STATS_DOCUMENT,
        {"format": "nordic21-stats", "schema": 1, "players": {}, "counted": []},
        _stats_problem,
        id="stats",
    ),
]

ENVELOPES: list[Any] = [
    pytest.param(lambda d: {**d, "format": "other-app"}, id="foreign"),
    pytest.param(lambda d: {**d, "schema": 99}, id="newer"),
    pytest.param(lambda d: {**d, "schema": "1"}, id="schema-text"),
    pytest.param(lambda d: {k: v for k, v in d.items() if k != "schema"}, id="no-schema"),
    pytest.param(lambda d: {**d, "schema": 0}, id="schema-0"),
]


@pytest.mark.parametrize(("fmt", "good", "report"), CALLERS)
@pytest.mark.parametrize("change", ENVELOPES)
def test_every_caller_says_what_the_one_check_says(
    fmt: Format, good: dict[str, Any], report: Callable[[Any], str], change: Any
) -> None:
    bad = change(good)
    with pytest.raises(DocumentError) as caught:
        fmt.check(bad)
    assert report(bad) == str(caught.value)


FORMATS = [core_saves.DOCUMENT, SAVE_DOCUMENT, HISTORY_DOCUMENT, EXPORT_DOCUMENT, STATS_DOCUMENT]


def test_the_callers_name_what_they_read() -> None:
    foreign = {"format": "other-app", "schema": 1}
    assert [problem_of(f, foreign)[1] for f in FORMATS] == [
        "this is not a Nordic 21 save",
        "this is not a Nordic 21 saved game",
        "this is not a finished Nordic 21 match",
        "this is not a Nordic 21 export file",
        "these are not Nordic 21 statistics",
    ]
    newer = [problem_of(f, doc(f, 99))[1] for f in FORMATS]
    assert [m.split(" made by ")[0] for m in newer] == [
        "the save was",
        "the save was",
        "the save was",
        "the file was",
        "the statistics were",
    ]


def test_the_callers_read_the_schemas_they_write() -> None:
    """Each reads every schema from 1 up to the one it writes (``game.`` entries of
    schema 1 are migrated as they are read)."""
    assert [(f.name, f.oldest, f.newest) for f in FORMATS] == [
        (core_saves.FORMAT, 1, core_saves.SCHEMA_VERSION),
        (saves.FORMAT, 1, saves.SCHEMA),
        (saves.HISTORY_FORMAT, 1, saves.HISTORY_SCHEMA),
        (saves.EXPORT_FORMAT, 1, saves.EXPORT_SCHEMA),
        (stats_module.FORMAT, 1, stats_module.SCHEMA),
    ]
    assert [f.newest for f in FORMATS] == [1, 2, 1, 1, 1]


def test_statistics_of_another_schema_are_kept_and_damaged_ones_replaced() -> None:
    for schema, kept in ((2, True), (0, False), ("2", False)):
        store = DictStore()
        text = json.dumps({"format": "nordic21-stats", "schema": schema})
        store.set(STATS_KEY, text)
        stats = Stats(store)
        assert stats.record("g1", finished()) is not kept
        assert (store.data[STATS_KEY] == text) is kept


# -- Hypothesis ------------------------------------------------------------------------------
json_leaves = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(),
    st.text(max_size=8),
    st.sampled_from([f.name for f in FORMATS] + ["schema", "format", ""]),
)
json_values = st.recursive(
    json_leaves,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=10,
)
#: Anything a caller might hand over: JSON, and Python values JSON never makes.
any_values = st.one_of(
    json_values,
    st.binary(max_size=8),
    st.tuples(json_leaves),
    st.sets(st.integers(), max_size=3),
    st.builds(object),
    st.dictionaries(st.one_of(st.integers(), st.none(), st.text(max_size=4)), json_values),
)
formats = st.builds(
    lambda oldest, extra, plural: Format(
        "nordic21-test", oldest + extra, "a test document", "the test", oldest, plural
    ),
    st.integers(1, 5),
    st.integers(0, 3),
    st.booleans(),
) | st.sampled_from(FORMATS)


@st.composite
def envelopes(
    draw: Callable[[Any], Any], fmt: Format, values: st.SearchStrategy[Any] = any_values
) -> Any:
    """A document of ``fmt``'s shape with its envelope malformed (or not) in any way
    (``format`` and ``schema`` drawn from ``values`` besides the likely ones)."""
    data = draw(st.dictionaries(st.text(max_size=6), json_values, max_size=3))
    fmt_value = draw(st.sampled_from(["keep", "drop", "other"]))
    if fmt_value == "keep":
        data["format"] = fmt.name
    elif fmt_value == "other":
        data["format"] = draw(values.filter(lambda v: v != fmt.name))
    else:
        data.pop("format", None)
    schema = draw(
        st.sampled_from(["drop", "version", "int", "huge", "any"]),
    )
    if schema == "drop":
        data.pop("schema", None)
    elif schema == "version":
        data["schema"] = draw(st.sampled_from(list(fmt.versions)))
    elif schema == "int":
        data["schema"] = draw(st.integers(-3, fmt.newest + 3))
    elif schema == "huge":
        data["schema"] = draw(st.integers(min_value=2**52) | st.integers(max_value=-(2**52)))
    else:
        data["schema"] = draw(values)
    return data


def attempt(call: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """What ``call`` returns, or the :class:`DocumentError` it raises (any other
    exception propagates and fails the test)."""
    try:
        return call(*args, **kwargs)
    except DocumentError as exc:
        return exc


PROBLEMS = ("foreign", "newer", "older", "damaged")


@settings(max_examples=400, deadline=None)
@given(formats, any_values)
def test_any_value_gives_a_version_or_the_one_error(fmt: Format, data: Any) -> None:
    got = attempt(fmt.check, data)
    if isinstance(got, DocumentError):
        assert got.problem in PROBLEMS
        assert str(got) and len(str(got)) < 200
        assert (got.schema is not None) == (got.problem in ("newer", "older"))
    else:
        assert got in fmt.versions


@settings(max_examples=400, deadline=None)
@given(formats.flatmap(lambda f: st.tuples(st.just(f), envelopes(f))))
def test_a_malformed_envelope_is_refused_for_what_it_is(case: tuple[Format, Any]) -> None:
    fmt, data = case
    got = attempt(fmt.check, data)
    schema = data.get("schema")
    a_version = (
        isinstance(schema, int) and not isinstance(schema, bool) and 1 <= schema <= MAX_SAFE_INT
    )
    if data.get("format") != fmt.name:
        assert got.problem == "foreign"
    elif not a_version:
        assert got.problem == "damaged" and got.schema is None
    elif schema > fmt.newest:
        assert (got.problem, got.schema) == ("newer", schema)
    elif schema < fmt.oldest:
        assert (got.problem, got.schema) == ("older", schema)
    else:
        assert got == schema and type(got) is int


@settings(max_examples=200, deadline=None)
@given(formats, st.data())
def test_a_readable_envelope_round_trips_through_text(fmt: Format, data: st.DataObject) -> None:
    schema = data.draw(st.sampled_from(list(fmt.versions)))
    body = data.draw(st.dictionaries(st.text(max_size=6), json_values, max_size=4))
    document = {**body, "format": fmt.name, "schema": schema}
    text = json.dumps(document)
    loaded, version = fmt.load(text)
    assert version == schema and json.dumps(loaded) == text
    assert fmt.check(loaded) == schema


@settings(max_examples=300, deadline=None)
@given(
    formats,
    st.one_of(
        st.text(max_size=30),
        st.binary(max_size=30),
        json_values.map(json.dumps),
        envelopes(SAVE, json_values).map(json.dumps),
        any_values,
    ),
)
def test_any_text_loads_or_gives_the_one_error(fmt: Format, text: Any) -> None:
    got = attempt(fmt.load, text, max_chars=200)
    if isinstance(got, DocumentError):
        assert got.problem in PROBLEMS
    else:
        data, schema = got
        assert isinstance(data, dict) and schema in fmt.versions


#: The callers' formats with a readable document of each and how each reports a bad one.
CALLER_CASES = [(p.values[0], p.values[1], p.values[2], p.id) for p in CALLERS]


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from(CALLER_CASES).flatmap(
        lambda case: st.tuples(st.just(case), envelopes(case[0], json_values))
    )
)
def test_every_caller_refuses_a_malformed_envelope_as_the_check_does(case: Any) -> None:
    (fmt, good, report, _), envelope = case
    data = {**good, **envelope}
    for key in ("format", "schema"):
        if key not in envelope:
            data.pop(key, None)
    got = attempt(fmt.check, data)
    if isinstance(got, DocumentError):
        assert report(data) == str(got)
