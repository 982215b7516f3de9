"""The entries of the save book and their checks: what is stored, and how it is read.

Entries
-------
``game.<id>``: a match in progress (schema 2)::

    {"format": "nordic21-save", "schema": 2, "id": "g1f", "revision": 7,
     "created": <ms>, "updated": <ms>,
     "seats": [{"name": "Ann", "kind": "human"}, {"name": "Bot 2", "kind": "medium"}],
     "summary": {"game": "dice21", "players": ["Ann", "Bot 2"], "round": 2,
                 "finished": false, "result": null},
     "game": <the rules core's save document, see pygame_core.saves>}

``history.<id>``: a finished match, its summary (``result`` holds ``winners``,
``scores`` and ``score_kind``) and, so it can be reviewed, its seats, the players'
review choice and the core document (entries written before reviews have the summary
only)::

    {"format": "nordic21-history", "schema": 1, "id": "g1f", "revision": 9,
     "created": <ms>, "updated": <ms>, "summary": {..., "finished": true, "result": {...}},
     "seats": [...], "reveal_after": true, "game": <the core save document>}

``reveal_after`` (in both kinds of entry; ``true`` when absent): whether the review shows
everyone's hidden cards once the match is over, as the players chose at setup.
``take_backs`` (both kinds; ``false`` when absent): whether the people sharing the device
agreed at setup that each may take back their last decision. The decisions taken back
are in the core document's ``taken_back`` list (:mod:`pygame_core.undo`).

Schema 1 (until this version) had no ``summary`` but a top-level ``finished`` flag. It is
still read: the summary is computed by replaying the match, in memory; the entry is
rewritten as schema 2 when the match is next saved (see ``tests/fixtures/saves``).

Two depths of check
-------------------
:func:`parse_info` and :func:`parse_history` check an entry cheaply, for listing: the
JSON, the envelope (its ``format`` and ``schema`` through the shared check,
:data:`SAVE_DOCUMENT` and :data:`HISTORY_DOCUMENT`, see :mod:`pygame_core.documents`),
the seats, the summary and the core document's header
(:func:`pygame_core.saves.read_header`). :func:`parse_record` is the full check: a
replay of every action through the rules, which must reach the stored summary. Every
problem raises :class:`~pygame_core.SaveError` with a reason in English for developers,
and nothing else; :func:`problem_of` says which reason in words a person is told
(:class:`Refusal`, for an item of an import file).
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal

from pygame_core import GameView, Nordic21Error, Outcome, SaveError
from pygame_core import saves as core_saves
from pygame_core.documents import DocumentError, Format
from pygame_core.registry import game_ids
from web.seats import MAX_NAME, SEAT_KINDS, Seat
from web.session import GameSession

FORMAT = "nordic21-save"
SCHEMA = 2
HISTORY_FORMAT = "nordic21-history"
HISTORY_SCHEMA = 1
GAME_PREFIX = "game."
HISTORY_PREFIX = "history."
#: The entries' formats and the schema versions read (schema 1 of ``game.`` entries is
#: the one before summaries).
SAVE_DOCUMENT = Format(FORMAT, newest=SCHEMA, kind="a Nordic 21 saved game", subject="the save")
HISTORY_DOCUMENT = Format(
    HISTORY_FORMAT, newest=HISTORY_SCHEMA, kind="a finished Nordic 21 match", subject="the save"
)
#: Largest entry we accept (a long match is a few tens of KB).
MAX_ENTRY_CHARS = 2_000_000
#: Most seats a summary may list (far above any game's maximum).
MAX_SEATS = 16
#: Every number in an entry stays below this (JavaScript's safe integers).
SAFE_LIMIT = 2**53
#: Reasons are cut to this length (a hostile document may hold huge keys).
MAX_REASON = 200
_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
#: A score kind: ``chips``, ``rounds``, ``points`` or any later game's short word.
_SCORE_KIND = re.compile(r"[a-z_]{1,16}")

EntryKind = Literal["game", "history"]


@dataclass(frozen=True)
class Summary:
    """What the home screen shows of a match, stored so listing needs no replay.

    ``round`` is the round number (``None`` for games without rounds); ``result`` is
    the outcome once ``finished`` (``None`` before); ``turn`` the seat whose turn it is
    in a match in progress (``None``: nobody's, or a save from before it was kept), so
    that matches of the same game and players can be told apart in the list.
    """

    game: str
    players: tuple[str, ...]
    round: int | None
    finished: bool
    result: Outcome | None
    turn: int | None = None


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
    #: Whether its moves are kept, so it can be reviewed (history entries written before
    #: reviews have the summary only).
    replayable: bool = True


@dataclass(frozen=True)
class UnreadableSave:
    """An entry that could not be loaded, and why (kept until the player deletes it).

    ``kind`` says where it lives: a match (``game.<id>``) or the history.
    """

    id: str
    reason: str
    kind: EntryKind = "game"
    #: The reason a person is told (:func:`problem_of`; worded from ``import.why.*``).
    problem: str = "damaged"


def short_reason(reason: str) -> str:
    """A reason cut to :data:`MAX_REASON` characters."""
    return reason if len(reason) <= MAX_REASON else reason[: MAX_REASON - 1] + "…"


def problem_of(error: BaseException) -> str:
    """Which reason a person is told for ``error`` (or the error it was raised from):
    a document's ``"foreign"``, ``"newer"``, ``"older"`` or ``"damaged"``
    (:class:`~pygame_core.documents.DocumentError`), a replay's ``"unknown_game"``,
    ``"rules"`` or ``"moves"`` (:class:`~pygame_core.saves.ReplayError`), and
    ``"damaged"`` for anything else."""
    cause: BaseException | None = error
    while cause is not None:
        if isinstance(cause, DocumentError | core_saves.ReplayError):
            return cause.problem
        cause = cause.__cause__
    return "damaged"


#: The lists of an import file an item can be in.
Part = Literal["game", "history", "practice"]


@dataclass(frozen=True)
class Refusal:
    """Why one item of an import file was not imported: where it is (``part``, and
    ``index`` its place in that list from 1), the reason a person is told (``problem``,
    see :func:`problem_of`; worded from the keys ``import.item.<part>`` and
    ``import.why.<problem>``) and ``detail``, the English for developers."""

    part: Part
    index: int
    problem: str
    detail: str

    @classmethod
    def of(cls, part: Part, index: int, error: BaseException) -> Refusal:
        return cls(part, index, problem_of(error), str(error))

    def __str__(self) -> str:
        return short_reason(f"{self.part} {self.index}: {self.detail}")


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
    turn = None if session.over else session.game.current_player(session.state)
    return Summary(session.game_id, session.names(), round_no, session.over, result, turn)


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
        # only while someone is to play: a finished match's entry, and an old save's
        # listing, read as they did (issue 48)
        **({} if summary.turn is None else {"turn": summary.turn}),
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
        raise core_saves.ReplayError("the summary names no known game", "unknown_game")
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
    turn = data.get("turn")  # absent from saves made before it was kept
    if turn is not None and (
        isinstance(turn, bool) or not isinstance(turn, int) or not 0 <= turn < len(names)
    ):
        raise SaveError("the summary's turn names no seat")
    return Summary(game, names, round_no, finished, result, None if finished else turn)


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
        "reveal_after": session.reveal_after,
        **({"take_backs": True} if session.take_backs else {}),
        "game": core_saves.to_data(session.game, session.state, session.taken_back),
    }


def history_data(info: SaveInfo, session: GameSession | None = None) -> dict[str, Any]:
    """The JSON-safe ``history.<id>`` entry of a finished match (with its moves when
    ``session`` is given, so it can be reviewed)."""
    data: dict[str, Any] = {
        "format": HISTORY_FORMAT,
        "schema": HISTORY_SCHEMA,
        "id": info.id,
        "revision": info.revision,
        "created": info.created,
        "updated": info.updated,
        "summary": summary_data(info.summary),
    }
    if session is not None:
        data["seats"] = [{"name": s.name, "kind": s.kind} for s in session.seats]
        data["reveal_after"] = session.reveal_after
        if session.take_backs:
            data["take_backs"] = True
        data["game"] = core_saves.to_data(session.game, session.state, session.taken_back)
    return data


def _reveal_after(data: dict[str, Any]) -> bool:
    value = data.get("reveal_after", True)
    if not isinstance(value, bool):
        raise SaveError("the save's review choice is not true or false")
    return value


def _take_backs(data: dict[str, Any]) -> bool:
    value = data.get("take_backs", False)
    if not isinstance(value, bool):
        raise SaveError("the save's take-back choice is not true or false")
    return value


def _replayed(data: dict[str, Any]) -> GameSession:
    """The match of an entry's ``game`` and ``seats``, replayed (fully checked)."""
    game, state = core_saves.from_data(data.get("game"))
    seats = seats_from_data(data.get("seats"), state.config.players)
    try:
        session = GameSession.replay(game, state, seats)
    except (Nordic21Error, ValueError) as exc:
        raise core_saves.ReplayError(f"the save cannot be replayed: {exc}", "moves") from exc
    session.reveal_after = _reveal_after(data)
    session.take_backs = _take_backs(data)
    session.taken_back = list(core_saves.read_taken_back(game, data.get("game")))
    return session


def _same_summary(stored: Summary, replayed: Summary) -> bool:
    """Whether a stored summary is the replayed match's (one written before the turn
    was kept has none, and is not wrong for it)."""
    return stored == (replayed if stored.turn is not None else replace(replayed, turn=None))


def finished_session(data: Any) -> GameSession | None:
    """The replayed match of a history entry's data, or ``None`` if it kept no moves;
    :class:`SaveError` if they do not replay to the finished match of its summary."""
    data, _ = _envelope(data, HISTORY_DOCUMENT, None)
    if "game" not in data:
        return None
    session = _replayed(data)
    if not _same_summary(summary_from_data(data.get("summary")), summarize(session)):
        raise SaveError("the save's summary does not match its game")
    return session


def dump(data: dict[str, Any]) -> str:
    """Compact JSON text (ASCII only, so any storage or file encoding keeps it)."""
    return json.dumps(data, separators=(",", ":"))


def parse_json(text: Any) -> Any:
    """Parsed JSON of an entry's ``text``; :class:`SaveError` if it is not text, is
    longer than :data:`MAX_ENTRY_CHARS` or is not JSON."""
    return SAVE_DOCUMENT.parse(text, MAX_ENTRY_CHARS)


@dataclass(frozen=True)
class _Envelope:
    """The checked outer fields of an entry."""

    schema: int
    id: str
    revision: int
    created: int
    updated: int


def _envelope(
    data: Any, document: Format, expected_id: str | None
) -> tuple[dict[str, Any], _Envelope]:
    """The entry as a dict and its checked outer fields."""
    schema = document.check(data)
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
    return parse_data(parse_json(text), expected_id)


def parse_data(data: Any, expected_id: str | None = None) -> SavedGame:
    """A saved match from parsed entry data (see :func:`parse_record`)."""
    data, env = _envelope(data, SAVE_DOCUMENT, expected_id)
    session = _replayed(data)
    if env.schema >= 2 and not _same_summary(
        summary_from_data(data.get("summary")), summarize(session)
    ):
        raise SaveError("the save's summary does not match its game")
    return SavedGame(env.id, session, env.revision, env.created, env.updated)


def parse_info(text: Any, expected_id: str | None = None) -> SaveInfo:
    """A ``game.<id>`` entry's listing, from cheap checks only (see the module doc).

    A schema-1 entry has no summary, so it is replayed (fully checked) here.
    """
    data, env = _envelope(parse_json(text), SAVE_DOCUMENT, expected_id)
    if env.schema < 2:
        return info_of(parse_data(data, expected_id))
    summary = summary_from_data(data.get("summary"))
    seats = seats_from_data(data.get("seats"), len(summary.players))
    if tuple(s.name for s in seats) != summary.players:
        raise SaveError("the summary's players do not match the seats")
    core = core_saves.read_header(data.get("game"))
    if core.game != summary.game:
        raise SaveError("the summary names another game")
    if core.config.get("players") != len(seats):
        raise SaveError("the seats do not match the players")
    return SaveInfo(env.id, summary, env.revision, env.created, env.updated)


def parse_history(text: Any, expected_id: str | None = None) -> SaveInfo:
    """A ``history.<id>`` entry, every field checked; :class:`SaveError` otherwise."""
    return parse_history_data(parse_json(text), expected_id)


def parse_history_data(data: Any, expected_id: str | None = None) -> SaveInfo:
    """A history entry from parsed data (see :func:`parse_history`)."""
    data, env = _envelope(data, HISTORY_DOCUMENT, expected_id)
    summary = summary_from_data(data.get("summary"))
    if not summary.finished:
        raise SaveError("a match in the history is not finished")
    replayable = isinstance(data.get("game"), dict)
    return SaveInfo(env.id, summary, env.revision, env.created, env.updated, replayable)


def info_of(saved: SavedGame) -> SaveInfo:
    """The listing of a fully read match."""
    return SaveInfo(
        saved.id, summarize(saved.session), saved.revision, saved.created, saved.updated
    )


def free_id(base: str, taken: set[str]) -> str:
    """``base``, or ``base-2``, ``base-3``... whichever is not in ``taken``."""
    base = base[:56]
    candidate, n = base, 1
    while candidate in taken:
        n += 1
        candidate = f"{base}-{n}"
    return candidate


def new_id(existing: Sequence[str], seed: int) -> str:
    """A fresh entry id, not in ``existing`` (prefer :meth:`SaveBook.fresh_id`)."""
    return free_id(f"g{seed:x}", set(existing))
