"""Turn rules events into log lines in the player's language.

Each event kind has a translation ``event.<game>.<kind>`` (or a shared
``event.<kind>``) with named placeholders; seat numbers become names, dice and cards
become readable text. A viewer only ever gets the events meant for them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from pygame_core import Event
from web.i18n import Translator
from web.table.cards import card_text

#: Parameters that hold one seat number / several seat numbers.
SEAT_PARAMS = frozenset(
    {
        "seat",
        "winner",
        "banker",
        "player",
        "leader",
        "dealer",
        "new_banker",
        "start_seat",
        "from_seat",
    }
)
#: Parameters whose value picks a more specific text, e.g. ``event.banker.settled.won``
#: (a list of values names its items joined by ``_``: 41's ``missing`` (1,) picks
#: ``event.dice41.not_qualified.1``).
VARIANT_PARAMS = ("outcome", "reason", "missing")
SEATS_PARAMS = frozenset({"seats", "winners", "holders", "order", "payers"})
CARD_PARAMS = frozenset({"card", "cards", "hand", "shown", "last_cards", "given", "drawn"})


def _value(name: str, value: Any, names: Sequence[str], tr: Translator) -> Any:
    def seat_name(seat: Any) -> str:
        return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"

    if name in SEAT_PARAMS:
        return seat_name(value)
    if name in SEATS_PARAMS and isinstance(value, (tuple, list)):
        return tr.join(seat_name(s) for s in value)
    if name in CARD_PARAMS:
        if isinstance(value, int):
            return card_text(value, tr.lang)
        if isinstance(value, (tuple, list)):
            return " ".join(card_text(c, tr.lang) for c in value if isinstance(c, int))
    if isinstance(value, (tuple, list)):
        return " + ".join(str(v) for v in value)
    return value


def _variant(value: Any) -> str:
    """How a variant parameter's value names its text (see :data:`VARIANT_PARAMS`)."""
    if isinstance(value, (tuple, list)):
        return "_".join(str(v) for v in value)
    return str(value)


def describe(
    event: Event, families: Sequence[str], names: Sequence[str], tr: Translator
) -> str | None:
    """The log line of ``event``, or None if the event is not worth a line; its text is
    looked up in ``families`` (``event.<family>.<kind>``), most specific first."""
    bases = [f"event.{family}.{event.kind}" for family in families]
    keys = [
        f"{base}.{_variant(event.get(p))}" for base in bases for p in VARIANT_PARAMS if event.get(p)
    ]
    for key in [*keys, *bases]:
        if tr.has(key):
            params = {k: _value(k, v, names, tr) for k, v in event.params}
            return tr.t(key, **params)
    return None


def log_lines(
    events: Sequence[Event],
    viewer: int | None,
    families: Sequence[str],
    names: Sequence[str],
    tr: Translator,
) -> list[str]:
    """The lines ``viewer`` may read, oldest first."""
    lines = []
    for event in events:
        if event.visible_for(viewer):
            text = describe(event, families, names, tr)
            if text:
                lines.append(text)
    return lines


class Wording:
    """A match's events in words, for every reader and language: each event is worded
    once per language (its line depends on nothing else), and the log of a reader grows
    as the match does (only the events since the last call are read).

    ``families`` are the game's text families (``GameUI.text_families``), ``names`` the
    seats' names.
    """

    def __init__(self, families: Sequence[str], names: Sequence[str]) -> None:
        self.families = tuple(families)
        self.names = tuple(names)
        #: Every event worded so far, per language.
        self._words: dict[str, dict[Event, str | None]] = {}
        #: The log as worded so far, per (language, reader): its lines, and how many
        #: lines the first ``n`` events gave, for every ``n`` read so far.
        self._logs: dict[tuple[str, int | None], tuple[list[str], list[int]]] = {}

    def describe(self, event: Event, tr: Translator) -> str | None:
        """``event``'s log line in ``tr``'s language (worded once, then remembered)."""
        words = self._words.setdefault(tr.lang, {})
        if event not in words:
            words[event] = describe(event, self.families, self.names, tr)
        return words[event]

    def of(self, tr: Translator) -> Callable[[Event], str | None]:
        """An event's log line in ``tr``'s language."""
        return partial(self.describe, tr=tr)

    def lines(
        self, events: Sequence[Event], viewer: int | None, tr: Translator, upto: int | None = None
    ) -> tuple[str, ...]:
        """The log of ``events`` (the match's, which only grows) that ``viewer`` may
        read, in ``tr``'s language, oldest first (of the first ``upto``, or all)."""
        lines, counts = self._logs.setdefault((tr.lang, viewer), ([], [0]))
        for event in events[len(counts) - 1 :]:
            line = self.describe(event, tr) if event.visible_for(viewer) else None
            if line:
                lines.append(line)
            counts.append(len(lines))
        return tuple(lines if upto is None else lines[: counts[upto]])

    def anew(self) -> Wording:
        """The same words for a match whose events start again (a take-back replays
        it): the logs are read anew, the events' words are kept."""
        fresh = Wording(self.families, self.names)
        fresh._words = self._words
        return fresh
