"""The practice list: costly moments of finished matches, kept to be played again.

Each is a ``practice.<id>`` entry: the rules core's puzzle document
(:mod:`pygame_core.practice`) with the app's own keys beside it::

    {"format": "nordic21-practice", "schema": 1, "seat": 0, "chosen": "stop",
     "position": <core save document>,
     "id": "p1a", "created": <ms>, "match": "g1f", "solved": false,
     "seats": [{"name": "Ann", "kind": "human"}, {"name": "Bot 2", "kind": "medium"}]}

``seats`` are the match's seats (names are text, never HTML; the puzzle's seat is the
person who decided), ``match`` the history entry the moment came from, ``solved``
whether the best choice has been found since. Reading an entry replays its position
through the rules (:func:`read_item`); an entry that cannot be read is listed apart
with its reason and is never overwritten.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from pygame_core import SaveError
from pygame_core.practice import PUZZLE_DOCUMENT, Puzzle, puzzle_data, read_puzzle
from web.saves.formats import MAX_ENTRY_CHARS, Refusal, dump, free_id, seats_from_data
from web.saves.store import KeyValueStore
from web.seats import Seat

PRACTICE_PREFIX = "practice."
#: Most moments the list keeps (the oldest solved ones go first, then the oldest).
PRACTICE_LIMIT = 60
MAX_ID = 64


@dataclass(frozen=True)
class PracticeItem:
    """One moment of the list, read and checked."""

    id: str
    puzzle: Puzzle
    seats: tuple[Seat, ...]
    match: str
    created: int
    solved: bool

    @property
    def game_id(self) -> str:
        return self.puzzle.game.id

    @property
    def name(self) -> str:
        """The person who decided."""
        return self.seats[self.puzzle.seat].name


def item_data(item: PracticeItem) -> dict[str, Any]:
    """The JSON-safe entry of ``item``."""
    return {
        **puzzle_data(item.puzzle),
        "id": item.id,
        "created": item.created,
        "match": item.match,
        "solved": item.solved,
        "seats": [{"name": s.name, "kind": s.kind} for s in item.seats],
    }


def read_item(data: Any) -> PracticeItem:
    """A practice entry's data fully checked (:class:`SaveError` in words)."""
    puzzle = read_puzzle(data)
    saved_id, match = data.get("id"), data.get("match")
    for field, value in (("id", saved_id), ("match", match)):
        if not isinstance(value, str) or not 0 < len(value) <= MAX_ID:
            raise SaveError(f"the practice moment's {field} is missing")
    seats = seats_from_data(data.get("seats"), puzzle.state.config.players)
    created, solved = data.get("created"), data.get("solved")
    if isinstance(created, bool) or not isinstance(created, int) or created < 0:
        raise SaveError("the practice moment's time is not a time")
    if not isinstance(solved, bool):
        raise SaveError("the practice moment's 'solved' is not true or false")
    return PracticeItem(saved_id, puzzle, seats, match, created, solved)


def parse_item(text: Any) -> PracticeItem:
    """A stored practice entry's text, fully checked."""
    return read_item(PUZZLE_DOCUMENT.parse(text, MAX_ENTRY_CHARS))


@dataclass(frozen=True)
class UnreadableItem:
    """A practice entry that cannot be read, and why."""

    id: str
    reason: str


class PracticeBook:
    """The practice list over a key-value store (the save book's store)."""

    def __init__(self, store: KeyValueStore) -> None:
        self.store = store

    def ids(self) -> list[str]:
        keys = self.store.keys()  # the store's own listing, not a dict
        return sorted(k[len(PRACTICE_PREFIX) :] for k in keys if k.startswith(PRACTICE_PREFIX))

    def items(self) -> tuple[list[PracticeItem], list[UnreadableItem]]:
        """Every moment, newest first, and those that cannot be read."""
        good: list[PracticeItem] = []
        bad: list[UnreadableItem] = []
        for saved_id in self.ids():
            try:
                good.append(self.load(saved_id))
            except SaveError as exc:
                bad.append(UnreadableItem(saved_id, str(exc)))
        good.sort(key=lambda i: (i.created, i.id), reverse=True)
        return good, bad

    def load(self, saved_id: str) -> PracticeItem:
        """The moment ``saved_id`` (:class:`SaveError` if it is gone or unreadable)."""
        text = self.store.get(PRACTICE_PREFIX + saved_id)
        if text is None:
            raise SaveError("the practice moment is gone")
        item = parse_item(text)
        if item.id != saved_id:
            raise SaveError("the practice moment's id does not match its entry")
        return item

    def add(self, puzzle: Puzzle, seats: Sequence[Seat], match: str, now: int) -> str:
        """Keep ``puzzle`` (of the match ``match``, played by ``seats``); its id. The
        same moment of the same match is kept once: its id is given again."""
        good, _ = self.items()
        for item in good:
            if item.match == match and item.puzzle == puzzle:
                return item.id
        saved_id = free_id(f"p{now:x}", set(self.ids()))
        self.write(PracticeItem(saved_id, puzzle, tuple(seats), match, now, False))
        self._trim()
        return saved_id

    def write(self, item: PracticeItem) -> None:
        self.store.set(PRACTICE_PREFIX + item.id, dump(item_data(item)))

    def solve(self, saved_id: str) -> None:
        """Mark a moment solved (the best choice was found)."""
        item = self.load(saved_id)
        if not item.solved:
            self.write(replace(item, solved=True))

    def remove(self, saved_id: str) -> None:
        self.store.remove(PRACTICE_PREFIX + saved_id)

    def _trim(self) -> None:
        good, _ = self.items()
        if len(good) <= PRACTICE_LIMIT:
            return
        # the oldest solved ones go first, then the oldest
        order = sorted(good, key=lambda i: (not i.solved, i.created, i.id))
        for item in order[: len(good) - PRACTICE_LIMIT]:
            self.remove(item.id)

    # -- export and import (web.saves.bundles) ----------------------------------------------
    def export_items(self) -> list[Any]:
        """Every entry for an export: its data, or its raw text if it cannot be read."""
        out: list[Any] = []
        for saved_id in self.ids():
            text = self.store.get(PRACTICE_PREFIX + saved_id)
            if text is None:
                continue
            try:
                out.append(json.loads(text))
            except ValueError:
                out.append(text)
        return out


def plan_practice(
    items: Sequence[Any], stored: Callable[[str], str | None], taken: set[str]
) -> tuple[list[tuple[str, str]], list[str], list[str], list[Refusal]]:
    """The writes an import of practice ``items`` makes: ``(plan, written ids, skipped
    ids, refusals)``. Each item is fully checked; one identical to the stored entry of
    its id is skipped, one whose id is in ``taken`` gets a fresh id."""
    plan: list[tuple[str, str]] = []
    written: list[str] = []
    skipped: list[str] = []
    refused: list[Refusal] = []
    taken = set(taken)
    for index, raw in enumerate(items, 1):
        try:
            item = parse_item(raw) if isinstance(raw, str) else read_item(raw)
        except SaveError as exc:
            refused.append(Refusal.of("practice", index, exc))
            continue
        if stored(PRACTICE_PREFIX + item.id) == dump(item_data(item)):
            skipped.append(item.id)
            continue
        item = replace(item, id=free_id(item.id, taken))
        taken.add(item.id)
        plan.append((PRACTICE_PREFIX + item.id, dump(item_data(item))))
        written.append(item.id)
    return plan, written, skipped, refused
