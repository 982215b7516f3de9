"""Statistics per player name and game: matches played, won, best score.

Kept in one storage entry, ``stats``::

    {"format": "nordic21-stats", "schema": 1,
     "players": {"ann": {"name": "Ann",
                         "games": {"dice21": {"played": 3, "won": 1,
                                              "best": {"rounds": 2, "chips": 14}}}}},
     "counted": ["g1f", "g2a"]}

Players are keyed by their name folded to lower case (``"ANN"`` and ``"Ann"`` are one
player), shown with the spelling of their latest match. Only seats played by people
count; bots are not players. The best score is the highest final score of a seat in
the outcome, kept per ``score_kind`` (chips and rounds won do not compare).
``counted`` holds the save ids already recorded (the latest :data:`MAX_COUNTED`), so a
match is never counted twice, whichever tab or reload reports it.

Bad data never crashes: an unreadable entry reads as empty and :meth:`Stats.table`
says why; a malformed row is dropped the same way. The next :meth:`Stats.record`
replaces such data, except data from another version in a schema this one does not
read (a newer one, say), which is left untouched until the player resets the
statistics. The ``format`` and ``schema`` go through the shared check
(:data:`DOCUMENT`, see :mod:`pygame_core.documents`).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from pygame_core import SaveError
from pygame_core.documents import DocumentError, Format
from pygame_core.registry import ALL_GAME_IDS
from web.saves import KeyValueStore, check_name
from web.session import GameSession

STATS_KEY = "stats"
FORMAT = "nordic21-stats"
SCHEMA = 1
#: Save ids remembered as counted (a match is reported within moments of its end).
MAX_COUNTED = 1_000
#: Largest stats entry read (a few hundred players fit in a few KB).
MAX_STATS_CHARS = 1_000_000
#: The stats entry's format and the schema versions read.
DOCUMENT = Format(
    FORMAT, newest=SCHEMA, kind="Nordic 21 statistics", subject="the statistics", plural=True
)
_SAFE = 2**53
_KIND = re.compile(r"[a-z_]{1,16}")
_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")


@dataclass(frozen=True)
class StatsRow:
    """One player's record in one game; ``best`` is ``(score_kind, score)`` pairs."""

    name: str
    game: str
    played: int
    won: int
    best: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class StatsTable:
    """The home screen's table (by name, then game) and, if the stored data was bad,
    what was wrong with it."""

    rows: tuple[StatsRow, ...]
    problem: str | None = None


def player_key(name: str) -> str:
    """The key of a player's name: trimmed and case-folded."""
    return name.strip().casefold()


def _count(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < _SAFE:
        raise SaveError("a count is not a valid number")
    return value


def _game_record(data: Any) -> dict[str, Any]:
    """A checked ``{"played", "won", "best"}`` record."""
    if not isinstance(data, dict) or set(data) != {"played", "won", "best"}:
        raise SaveError("a record is malformed")
    played, won, best = _count(data["played"]), _count(data["won"]), data["best"]
    if won > played:
        raise SaveError("a record has more wins than matches")
    if not isinstance(best, dict):
        raise SaveError("a record's best scores are malformed")
    for kind, score in best.items():
        if not _KIND.fullmatch(kind) or isinstance(score, bool) or not isinstance(score, int):
            raise SaveError("a record's best score is malformed")
        if not -_SAFE < score < _SAFE:
            raise SaveError("a record's best score is out of range")
    return {"played": played, "won": won, "best": dict(best)}


def _player(key: Any, data: Any) -> dict[str, Any]:
    """A checked player: ``{"name", "games": {game id: record}}``."""
    if not isinstance(data, dict) or set(data) != {"name", "games"}:
        raise SaveError("a player is malformed")
    name = check_name(data["name"])
    if key != player_key(name):
        raise SaveError("a player is filed under another name")
    games = data["games"]
    if not isinstance(games, dict) or not set(games) <= set(ALL_GAME_IDS):
        raise SaveError("a player's games are malformed")
    return {"name": name, "games": {g: _game_record(r) for g, r in games.items()}}


def _empty() -> dict[str, Any]:
    return {"format": FORMAT, "schema": SCHEMA, "players": {}, "counted": []}


def _read(text: str | None) -> tuple[dict[str, Any], str | None, bool]:
    """``(data, problem, kept)`` from the stored text: the readable data (empty if
    none), what was wrong (``None`` if nothing) and whether the stored text must be
    kept as it is (another version's, in a schema this one does not read). Never
    raises."""
    if text is None:
        return _empty(), None, False
    try:
        data, _ = DOCUMENT.load(text, MAX_STATS_CHARS)
        players, counted = data.get("players"), data.get("counted")
        if not isinstance(players, dict) or not isinstance(counted, list):
            raise SaveError("the statistics are malformed")
    except DocumentError as exc:
        return _empty(), str(exc), exc.problem in ("newer", "older")
    except SaveError as exc:
        return _empty(), str(exc), False
    out = _empty()
    problem = None
    for key, raw in players.items():
        try:
            out["players"][key] = _player(key, raw)
        except SaveError as exc:
            problem = f"a player's statistics were dropped: {exc}"
    out["counted"] = [i for i in counted if isinstance(i, str) and _ID.fullmatch(i)]
    out["counted"] = out["counted"][-MAX_COUNTED:]
    if len(out["counted"]) != len(counted):
        problem = problem or "some counted matches were dropped"
    return out, problem, False


class Stats:
    """The statistics in one store (read afresh on every call, so two tabs agree)."""

    def __init__(self, store: KeyValueStore) -> None:
        self.store = store

    def table(self) -> StatsTable:
        """Every player's record per game, by name then game, and any problem."""
        data, problem, _ = _read(self.store.get(STATS_KEY))
        rows = []
        for _, player in sorted(data["players"].items()):
            games = player["games"]
            for game in (g for g in ALL_GAME_IDS if g in games):
                record = games[game]
                best = tuple(sorted(record["best"].items()))
                rows.append(StatsRow(player["name"], game, record["played"], record["won"], best))
        return StatsTable(tuple(rows), problem)

    def record(self, saved_id: str, session: GameSession) -> bool:
        """Count a finished match once; whether it was counted now.

        Not counted: a match still on, one already counted under ``saved_id``, or any
        match while the stored statistics come from a version whose schema this one
        does not read (a newer one). The storage's error (full) propagates with the
        previous statistics intact.
        """
        outcome = session.game.outcome(session.state) if session.over else None
        data, _, kept = _read(self.store.get(STATS_KEY))
        if outcome is None or kept or saved_id in data["counted"]:
            return False
        by_key: dict[str, list[int]] = {}
        for seat in session.humans():
            by_key.setdefault(player_key(session.seats[seat].name), []).append(seat)
        for key, seats in by_key.items():
            player = data["players"].setdefault(key, {"name": "", "games": {}})
            player["name"] = session.seats[seats[-1]].name.strip()
            record = player["games"].setdefault(
                session.game_id, {"played": 0, "won": 0, "best": {}}
            )
            record["played"] += 1
            record["won"] += any(seat in outcome.winners for seat in seats)
            score = max(outcome.scores[seat] for seat in seats)
            best = record["best"]
            best[outcome.score_kind] = max(score, best.get(outcome.score_kind, score))
        data["counted"] = [*data["counted"], saved_id][-MAX_COUNTED:]
        self.store.set(STATS_KEY, json.dumps(data, separators=(",", ":")))
        return True

    def reset(self) -> None:
        """Forget every statistic (also unreadable data, or another version's)."""
        self.store.remove(STATS_KEY)
