"""Turn rules events into log lines in the player's language.

Each event kind has a translation ``event.<game>.<kind>`` (or a shared
``event.<kind>``) with named placeholders; seat numbers become names, dice and cards
become readable text. A viewer only ever gets the events meant for them.
"""

from __future__ import annotations

from collections.abc import Sequence
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
#: Parameters whose value picks a more specific text, e.g. ``event.banker.settled.won``.
VARIANT_PARAMS = ("outcome", "reason")
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


def describe(
    event: Event, families: Sequence[str], names: Sequence[str], tr: Translator
) -> str | None:
    """The log line of ``event``, or None if the event is not worth a line; its text is
    looked up in ``families`` (``event.<family>.<kind>``), most specific first."""
    bases = [f"event.{family}.{event.kind}" for family in families]
    keys = [f"{base}.{event.get(p)}" for base in bases for p in VARIANT_PARAMS if event.get(p)]
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
