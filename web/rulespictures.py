"""The rules pages' small pictures: one key rule each, drawn with the table's own art.

A rules page asks for a picture with a line of its own, ``{{picture:<name>}}``: the
doubled braces come out of the figures' ``format_map`` (:func:`web.screens.rules.page_text`)
as ``{picture:<name>}``, the line :func:`web.screens.rules.render_markdown` turns into
:func:`render`'s ``<figure>``.

A picture is built from numbers only: die faces and card numbers, constants of this
module, with the totals under them counted by the rules core itself (so a picture cannot
drift from the game). No text a person typed ever reaches one. The drawing is one inline
SVG made of :mod:`web.table.art`'s dice and cards, with ``role="img"`` and a description
in the page's language (``picture.<name>.alt``, its numbers and card names filled in), and
a caption under it (``picture.<name>.caption``); both are in every locale file.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from itertools import accumulate
from types import MappingProxyType
from typing import Literal

from pygame_core.cards import make_card
from web.i18n import Translator
from web.markup import Markup, h
from web.screens.cards import card_name
from web.table import art
from web.table.layout import CARD_RATIO

Mark = Literal["", "key", "faded", "bust"]

DIE = 44
CARD_W = 50
GAP = 10
PAD = 8
LABEL_FONT = 15
SUM_FONT = 16
#: The ring round a piece the rule turns on (a dark gold that reads on the paper).
KEY = "#a8791c"

# -- the numbers each picture shows ------------------------------------------------------------

#: 21: one die, throws that land on the target exactly.
DICE21_TARGET = 21
DICE21_HIT = (5, 3, 6, 4, 3)
#: 21: one throw too many.
DICE21_BUST = (6, 4, 5, 3, 5)
#: 41: the six dice set aside (the page's own example).
DICE41_KEPT = (1, 4, 4, 5, 6, 2)
#: Twenty One: one trick, card by card: a lead, a higher card, an equal card that takes
#: the trick over, and the lowest card of a player who cannot beat it.
TRICK = (make_card(8, 0), make_card(10, 1), make_card(10, 3), make_card(3, 2))
#: Twenty One: the last cards of a deal (the page's own example: king, ten, seven, three).
LAST_CARDS = (make_card(13, 1), make_card(10, 0), make_card(7, 2), make_card(3, 3))
#: The banker games: five small cards, 16 in all.
FIVE_CARDS = (
    make_card(3, 0),
    make_card(2, 1),
    make_card(4, 3),
    make_card(5, 2),
    make_card(2, 3),
)


@dataclass(frozen=True)
class Piece:
    """A die (face 1-6) or a card (0-51), with a number under it and how it is marked."""

    kind: Literal["die", "card"]
    value: int
    label: str = ""
    mark: Mark = ""


@dataclass(frozen=True)
class Drawing:
    """A row of pieces and, under it, an optional line of numbers (``4 + 5 = 9``)."""

    pieces: tuple[Piece, ...]
    sum_line: str = ""


@dataclass(frozen=True)
class Picture:
    """A rule's picture: the games whose pages show it, its drawing, and the numbers
    and card names its description is filled with."""

    games: tuple[str, ...]
    drawing: Callable[[], Drawing]
    describe: Callable[[Translator], Mapping[str, str]]


def listing(tr: Translator, items: Sequence[object]) -> str:
    """``"5, 3, 6 and 4"`` in ``tr``'s language."""
    words = [str(item) for item in items]
    if len(words) < 2:
        return "".join(words)
    return f"{', '.join(words[:-1])} {tr.t('word.and')} {words[-1]}"


# -- 21 ---------------------------------------------------------------------------------------


def _throws(throws: Sequence[int], last: Mark) -> Drawing:
    totals = list(accumulate(throws))
    plain: Mark = ""
    marks: list[Mark] = [*([plain] * (len(throws) - 1)), last]
    return Drawing(
        tuple(
            Piece("die", face, str(total), mark)
            for face, total, mark in zip(throws, totals, marks, strict=True)
        )
    )


def _describe_throws(throws: Sequence[int]) -> Callable[[Translator], Mapping[str, str]]:
    def describe(tr: Translator) -> Mapping[str, str]:
        return {
            "throws": listing(tr, throws),
            "totals": listing(tr, list(accumulate(throws))),
            "target": str(DICE21_TARGET),
        }

    return describe


# -- 41 ---------------------------------------------------------------------------------------


def _counting(kept: Sequence[int]) -> tuple[list[int], list[int]]:
    """The indexes of the 4 and the 1 that qualify the turn, and of the dice that count."""
    from pygame_core.dice41.rules import TICKETS

    tickets = [kept.index(t) for t in TICKETS if t in kept]
    return tickets, [i for i in range(len(kept)) if i not in tickets]


def _dice41() -> Drawing:
    from pygame_core.dice41.rules import turn_score

    tickets, counting = _counting(DICE41_KEPT)
    pieces = tuple(
        Piece("die", face, mark="key" if i in tickets else "") for i, face in enumerate(DICE41_KEPT)
    )
    sums = " + ".join(str(DICE41_KEPT[i]) for i in counting)
    return Drawing(pieces, f"{sums} = {turn_score(DICE41_KEPT)}")


def _describe_dice41(tr: Translator) -> Mapping[str, str]:
    return {"dice": listing(tr, DICE41_KEPT), "sum": _dice41().sum_line}


# -- Twenty One -------------------------------------------------------------------------------


def _trick() -> Drawing:
    marks: tuple[Mark, ...] = ("", "", "key", "faded")
    return Drawing(tuple(Piece("card", c, mark=m) for c, m in zip(TRICK, marks, strict=True)))


def _describe_trick(tr: Translator) -> Mapping[str, str]:
    lead, higher, equal, discard = (card_name(tr, c) for c in TRICK)
    return {"lead": lead, "higher": higher, "equal": equal, "discard": discard}


def _last_points() -> tuple[int, ...]:
    from pygame_core.twentyone.rules import card_value, points_for

    return points_for([card_value(c, False) for c in LAST_CARDS], False)


def _last_cards() -> Drawing:
    points = _last_points()
    return Drawing(
        tuple(
            Piece("card", c, str(p), "key" if p else "")
            for c, p in zip(LAST_CARDS, points, strict=True)
        )
    )


def _describe_last_cards(tr: Translator) -> Mapping[str, str]:
    points = _last_points()
    best = [c for c, p in zip(LAST_CARDS, points, strict=True) if p]
    return {
        "cards": listing(tr, [card_name(tr, c) for c in LAST_CARDS]),
        "best": listing(tr, [card_name(tr, c) for c in best]),
        "value": str(max(points)),
    }


# -- the banker games -------------------------------------------------------------------------


def _five_totals() -> tuple[int, int]:
    from pygame_core.banker.hand import best_total, effective_total

    return best_total(FIVE_CARDS), effective_total(FIVE_CARDS)


def _five_cards() -> Drawing:
    from pygame_core.banker.hand import card_value

    total, counts = _five_totals()
    sums = " + ".join(str(card_value(c)) for c in FIVE_CARDS)
    return Drawing(tuple(Piece("card", c) for c in FIVE_CARDS), f"{sums} = {total} \u2192 {counts}")


def _describe_five_cards(tr: Translator) -> Mapping[str, str]:
    total, counts = _five_totals()
    return {
        "cards": listing(tr, [card_name(tr, c) for c in FIVE_CARDS]),
        "total": str(total),
        "counts": str(counts),
    }


PICTURES: Mapping[str, Picture] = MappingProxyType(
    {
        "dice21_target": Picture(
            ("dice21",), lambda: _throws(DICE21_HIT, "key"), _describe_throws(DICE21_HIT)
        ),
        "dice21_bust": Picture(
            ("dice21",), lambda: _throws(DICE21_BUST, "bust"), _describe_throws(DICE21_BUST)
        ),
        "dice41_qualify": Picture(("dice41",), _dice41, _describe_dice41),
        "twentyone_trick": Picture(("twentyone",), _trick, _describe_trick),
        "twentyone_last_cards": Picture(("twentyone",), _last_cards, _describe_last_cards),
        "banker_five_cards": Picture(("tjueett", "tjugoett"), _five_cards, _describe_five_cards),
    }
)


# -- drawing ----------------------------------------------------------------------------------


def _size(piece: Piece) -> tuple[float, float]:
    return (DIE, DIE) if piece.kind == "die" else (CARD_W, CARD_W * CARD_RATIO)


def _art_of(piece: Piece, lang: str) -> Markup:
    if piece.kind == "die":
        return art.die(piece.value, DIE, "rules-piece")
    return art.card_face(piece.value, lang, CARD_W, "rules-piece")


def _text(x: float, y: float, size: int, text: str, colour: str) -> Markup:
    return h(
        "text",
        {
            "x": f"{x:g}",
            "y": f"{y:g}",
            "font-size": size,
            "font-family": art.FONT,
            "font-weight": 700,
            "text-anchor": "middle",
            "fill": colour,
            "class": "rules-picture-label",
        },
        text,
    )


def _svg(drawing: Drawing, lang: str, description: str) -> Markup:
    """The drawing as one SVG: the pieces in a row, their numbers under them."""
    height = max(_size(p)[1] for p in drawing.pieces)
    has_labels = any(p.label for p in drawing.pieces)
    label_y = PAD + height + LABEL_FONT + 6
    sum_y = (label_y if has_labels else PAD + height) + SUM_FONT + 8
    bottom = sum_y if drawing.sum_line else (label_y if has_labels else PAD + height)
    children: list[Markup] = []
    x = float(PAD)
    for piece in drawing.pieces:
        w, ph = _size(piece)
        y = PAD + (height - ph)
        drawn = h("g", {"transform": f"translate({x:g} {y:g})"}, _art_of(piece, lang))
        if piece.mark == "faded":
            drawn = h("g", {"opacity": "0.45"}, drawn)
        children.append(drawn)
        if piece.mark in ("key", "bust"):
            children.append(
                h(
                    "rect",
                    {
                        "x": f"{x - 4:g}",
                        "y": f"{y - 4:g}",
                        "width": f"{w + 8:g}",
                        "height": f"{ph + 8:g}",
                        "rx": 10,
                        "fill": "none",
                        "stroke": art.RED if piece.mark == "bust" else KEY,
                        "stroke-width": 3,
                    },
                )
            )
        if piece.label:
            colour = art.RED if piece.mark == "bust" else art.INK
            children.append(_text(x + w / 2, label_y, LABEL_FONT, piece.label, colour))
        x += w + GAP
    width = x - GAP + PAD
    if drawing.sum_line:
        children.append(_text(width / 2, sum_y, SUM_FONT, drawing.sum_line, art.INK))
    full_height = bottom + PAD
    return h(
        "svg",
        {
            "class": "rules-picture-art",
            "viewBox": f"0 0 {width:g} {full_height:g}",
            "width": f"{width:g}",
            "height": f"{full_height:g}",
            "role": "img",
            "aria-label": description,
            "focusable": "false",
        },
        children,
    )


def description(tr: Translator, name: str) -> str:
    """What picture ``name`` shows, in words, in ``tr``'s language."""
    return tr.t(f"picture.{name}.alt", **picture(name).describe(tr))


def picture(name: str) -> Picture:
    """The picture called ``name``."""
    if name not in PICTURES:
        raise ValueError(f"no rules picture {name!r}")
    return PICTURES[name]


def render(tr: Translator, name: str) -> Markup:
    """Picture ``name`` as a ``<figure>``: the drawing, described, and its caption."""
    drawing = picture(name).drawing()
    return h(
        "figure",
        {"class": "rules-picture", "data-picture": name},
        _svg(drawing, tr.lang, description(tr, name)),
        h("figcaption", None, tr.t(f"picture.{name}.caption")),
    )
