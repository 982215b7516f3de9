"""Dice, cards and tile art drawn as inline SVG (no images, no fonts from elsewhere).

A card's back is drawn once, by :func:`web.table.art.card_back`.

Everything here is built from numbers the rules core produced, never from text a
person typed; accessible names are set by the caller (SVG is ``aria-hidden``).
"""

from __future__ import annotations

from pygame_core.cards import rank, suit
from web.markup import Markup, h

#: Pip centres on a 100x100 die face.
_PIPS = {
    1: [(50, 50)],
    2: [(28, 28), (72, 72)],
    3: [(28, 28), (50, 50), (72, 72)],
    4: [(28, 28), (72, 28), (28, 72), (72, 72)],
    5: [(28, 28), (72, 28), (50, 50), (28, 72), (72, 72)],
    6: [(28, 26), (72, 26), (28, 50), (72, 50), (28, 74), (72, 74)],
}
SUIT_SYMBOLS = ("\u2660", "\u2665", "\u2666", "\u2663")
RANK_LABELS = {11: "J", 12: "Q", 13: "K", 14: "A"}


def die_face(value: int, css_class: str = "die-svg") -> Markup:
    """A die showing ``value`` (1-6)."""
    pips = [h("circle", {"cx": x, "cy": y, "r": 9, "class": "pip"}) for x, y in _PIPS[value]]
    return h(
        "svg",
        {"class": css_class, "viewBox": "0 0 100 100", "aria-hidden": "true", "focusable": "false"},
        h("rect", {"x": 4, "y": 4, "width": 92, "height": 92, "rx": 18, "class": "die-body"}),
        pips,
    )


def card_face(card: int, css_class: str = "card-svg") -> Markup:
    """The face of ``card`` (0-51): rank and suit in two corners, a large suit mark."""
    r, s = rank(card), suit(card)
    label = RANK_LABELS.get(r, str(r))
    colour = "red" if s in (1, 2) else "black"
    symbol = SUIT_SYMBOLS[s]
    return h(
        "svg",
        {
            "class": f"{css_class} {colour}",
            "viewBox": "0 0 100 140",
            "aria-hidden": "true",
            "focusable": "false",
        },
        h("rect", {"x": 2, "y": 2, "width": 96, "height": 136, "rx": 10, "class": "card-body"}),
        h("text", {"x": 10, "y": 32, "class": "card-rank"}, label),
        h("text", {"x": 10, "y": 56, "class": "card-suit-small"}, symbol),
        h("text", {"x": 50, "y": 96, "class": "card-suit-big", "text-anchor": "middle"}, symbol),
        h("text", {"x": 90, "y": 130, "class": "card-rank", "text-anchor": "end"}, label),
    )
