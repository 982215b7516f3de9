"""The table's pieces as SVG: cards, dice, chips, the felt, seats, the hand.

Every piece carries its colours as SVG attributes, so it looks right without any
stylesheet, and no piece uses an ``id`` (several tables or hands may share a page).
Pieces the motion layer moves carry ``data-key`` (the same thing keeps its key from one
render to the next) and sit inside a positioning ``<g transform=...>``, so the keyed
element's own CSS transform is free for animation. A face-down card is drawn from
nothing but its position: no card number reaches the markup.

Text comes in translated from the caller; names are text (escaped by :func:`h`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pygame_core.cards import rank, suit
from web.markup import Markup, fragment, h
from web.table.cards import corner_label
from web.table.layout import (
    CARD_RATIO,
    HandLayout,
    Rect,
    TableLayout,
    stack_count_y,
    stack_font,
)

FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"
INK = "#1d1b18"
RED = "#b3261e"
PAPER = "#fffdf8"
GOLD = "#e7c98a"
#: Suit marks drawn in a 100x100 box (paths, not font glyphs: the same on every device).
SUIT_PATHS = (
    # spade
    "M50 4C22 30 6 44 6 62c0 13 10 22 22 22 9 0 16-4 20-11-1 10-6 18-14 23h32"
    "c-8-5-13-13-14-23 4 7 11 11 20 11 12 0 22-9 22-22 0-18-16-32-44-58z",
    # heart
    "M50 92C22 70 4 54 4 32 4 16 16 6 30 6c9 0 16 5 20 13 4-8 11-13 20-13 14 0 26 10 26 26"
    " 0 22-18 38-46 60z",
    # diamond
    "M50 2 88 50 50 98 12 50z",
    # club
    "M50 6a21 21 0 0 0-19 30A21 21 0 1 0 46 70c-1 11-6 19-14 24h36c-8-5-13-13-14-24a21 21 0"
    " 1 0 15-34A21 21 0 0 0 50 6z",
)
#: Pip centres of the number cards on a 100x140 face (the lower ones drawn upside down).
PIPS = {
    2: [(50, 28), (50, 112)],
    3: [(50, 28), (50, 70), (50, 112)],
    4: [(35, 28), (65, 28), (35, 112), (65, 112)],
    5: [(35, 28), (65, 28), (50, 70), (35, 112), (65, 112)],
    6: [(35, 28), (65, 28), (35, 70), (65, 70), (35, 112), (65, 112)],
    7: [(35, 28), (65, 28), (50, 49), (35, 70), (65, 70), (35, 112), (65, 112)],
    8: [(35, 28), (65, 28), (50, 49), (35, 70), (65, 70), (50, 91), (35, 112), (65, 112)],
    9: [(35, 28), (65, 28), (35, 56), (65, 56), (50, 70), (35, 84), (65, 84), (35, 112), (65, 112)],
    10: [
        (35, 28), (65, 28), (50, 42), (35, 56), (65, 56),
        (35, 84), (65, 84), (50, 98), (35, 112), (65, 112),
    ],
}  # fmt: skip
#: Die pips on a 100x100 face.
DIE_PIPS = {
    1: [(50, 50)],
    2: [(28, 28), (72, 72)],
    3: [(28, 28), (50, 50), (72, 72)],
    4: [(28, 28), (72, 28), (28, 72), (72, 72)],
    5: [(28, 28), (72, 28), (50, 50), (28, 72), (72, 72)],
    6: [(28, 26), (72, 26), (28, 50), (72, 50), (28, 74), (72, 74)],
}
CHIP_COLOURS = ("#c0392b", "#1f5fa8", "#2e7d4f", "#f2f0e6", "#222222")


def _n(value: float) -> str:
    """A coordinate with at most one decimal (short markup, still crisp)."""
    return f"{value:.1f}".rstrip("0").rstrip(".")


def _svg(width: float, height: float, view: str, *children: object, **attrs: object) -> Markup:
    base: dict[str, object] = {
        "viewBox": view,
        "width": _n(width),
        "height": _n(height),
        "aria-hidden": "true",
        "focusable": "false",
    }
    base.update(attrs)
    return h("svg", base, *children)  # type: ignore[arg-type]


def suit_mark(suit_index: int, x: float, y: float, size: float, flip: bool = False) -> Markup:
    """A suit mark ``size`` wide centred on (x, y) in the surrounding coordinates."""
    colour = RED if suit_index in (1, 2) else INK
    s = size / 100
    rotate = f" rotate(180 {_n(x)} {_n(y)})" if flip else ""
    return h(
        "path",
        {
            "d": SUIT_PATHS[suit_index],
            "fill": colour,
            "transform": f"{rotate.strip()} translate({_n(x - size / 2)} {_n(y - size / 2)}) "
            f"scale({s:.3f})".strip(),
        },
    )


def _corner(label: str, suit_index: int, colour: str, flip: bool) -> Markup:
    size = 22 if len(label) == 1 else 17
    parts = h(
        "g",
        {"transform": "rotate(180 50 70)"} if flip else None,
        h(
            "text",
            {
                "x": 14,
                "y": 25,
                "font-size": size,
                "font-weight": 700,
                "font-family": FONT,
                "text-anchor": "middle",
                "fill": colour,
                "letter-spacing": "-1" if len(label) > 1 else None,
            },
            label,
        ),
        suit_mark(suit_index, 14, 37, 13),
    )
    return parts


def card_face(card: int, lang: str, width: float, css_class: str = "n21-card-art") -> Markup:
    """The face of ``card`` (0-51) ``width`` px wide, corners in ``lang``'s letters.

    The one drawing of a card's face: the felt, the hands, the lists and the home
    screen's tiles use it (``css_class`` for a place's own sizing)."""
    r, s = rank(card), suit(card)
    label = corner_label(r, lang)
    colour = RED if s in (1, 2) else INK
    middle: list[Markup] = []
    if r in PIPS:
        middle = [suit_mark(s, x, y, 17, flip=y > 70) for x, y in PIPS[r]]
    elif r == 14:
        middle = [suit_mark(s, 50, 70, 46)]
    else:
        tint = "#fbe9e7" if s in (1, 2) else "#e8eef7"
        middle = [
            h(
                "rect",
                {
                    "x": 24,
                    "y": 20,
                    "width": 52,
                    "height": 100,
                    "rx": 4,
                    "fill": tint,
                    "stroke": colour,
                    "stroke-width": 1.5,
                },
            ),
            h(
                "text",
                {
                    "x": 50,
                    "y": 84,
                    "font-size": 40 if len(label) == 1 else 32,
                    "font-weight": 700,
                    "font-family": FONT,
                    "text-anchor": "middle",
                    "fill": colour,
                },
                label,
            ),
            suit_mark(s, 50, 36, 16),
            suit_mark(s, 50, 104, 16, flip=True),
        ]
    return _svg(
        width,
        width * CARD_RATIO,
        "0 0 100 140",
        h(
            "rect",
            {
                "x": 1,
                "y": 1,
                "width": 98,
                "height": 138,
                "rx": 8,
                "fill": PAPER,
                "stroke": "#b9ae96",
                "stroke-width": 2,
            },
        ),
        _corner(label, s, colour, False),
        _corner(label, s, colour, True),
        middle,
        **{"class": css_class},
    )


def _lattice() -> str:
    """A path of small diamonds filling the back's inner panel (no pattern id needed)."""
    parts = []
    for row in range(11):
        for col in range(7):
            cx = 18 + col * 10.7 + (5.35 if row % 2 else 0)
            cy = 18 + row * 10.4
            if cx > 84:
                continue
            parts.append(f"M{_n(cx)} {_n(cy - 4)}l4 4-4 4-4-4z")
    return "".join(parts)


_BACK_LATTICE = _lattice()


def card_back(width: float, css_class: str = "n21-card-art") -> Markup:
    """A card's back ``width`` px wide: a red panel with a gold lattice.

    The one drawing of a face-down card: the felt, the deck, the seat list and the
    home screen's tile all use it (``css_class`` for the tile's own sizing).
    """
    return _svg(
        width,
        width * CARD_RATIO,
        "0 0 100 140",
        h(
            "rect",
            {
                "x": 1,
                "y": 1,
                "width": 98,
                "height": 138,
                "rx": 8,
                "fill": "#7c2d24",
                "stroke": "#f3ead7",
                "stroke-width": 3,
            },
        ),
        h(
            "rect",
            {
                "x": 9,
                "y": 9,
                "width": 82,
                "height": 122,
                "rx": 5,
                "fill": "none",
                "stroke": GOLD,
                "stroke-width": 2,
            },
        ),
        h("path", {"d": _BACK_LATTICE, "fill": GOLD, "opacity": 0.55}),
        **{"class": f"{css_class} back"},
    )


def die(value: int, size: float, css_class: str = "n21-die-art") -> Markup:
    """A die showing ``value`` (1-6), ``size`` px square: the one drawing of a die (the
    felt, the stage and the tiles; ``css_class`` for a place's own sizing)."""
    if value not in DIE_PIPS:
        raise ValueError(f"a die shows 1 to 6, not {value}")
    return _svg(
        size,
        size,
        "0 0 100 100",
        h(
            "rect",
            {
                "x": 4,
                "y": 4,
                "width": 92,
                "height": 92,
                "rx": 18,
                "fill": PAPER,
                "stroke": "#b9ae96",
                "stroke-width": 3,
            },
        ),
        [h("circle", {"cx": x, "cy": y, "r": 9, "fill": INK}) for x, y in DIE_PIPS[value]],
        **{"class": css_class},
    )


def _chips(count: int, w: float) -> Markup:
    """Chips stacked from the bottom of a ``w``-wide box, at most eight drawn."""
    shown = min(count, 8)
    ry = w * 0.16
    lip = w * 0.1
    parts = []
    base = w * 0.9
    for i in range(shown):
        y = base - i * lip
        colour = CHIP_COLOURS[i % len(CHIP_COLOURS)]
        parts.append(
            h(
                "g",
                {"class": "chip"},
                h(
                    "ellipse",
                    {
                        "cx": _n(w / 2),
                        "cy": _n(y + lip * 0.5),
                        "rx": _n(w * 0.42),
                        "ry": _n(ry),
                        "fill": "#00000055",
                    },
                ),
                h(
                    "ellipse",
                    {
                        "cx": _n(w / 2),
                        "cy": _n(y),
                        "rx": _n(w * 0.42),
                        "ry": _n(ry),
                        "fill": colour,
                        "stroke": "#f3ead7",
                        "stroke-width": 1.2,
                        "stroke-dasharray": _n(w * 0.12),
                    },
                ),
            )
        )
    if not shown:
        parts.append(
            h(
                "ellipse",
                {
                    "cx": _n(w / 2),
                    "cy": _n(base),
                    "rx": _n(w * 0.42),
                    "ry": _n(ry),
                    "fill": "none",
                    "stroke": "#ffffff66",
                    "stroke-width": 1.5,
                    "stroke-dasharray": "3 3",
                },
            )
        )
    return fragment(parts)


def chip_stack(count: int, w: float, key: str, x: float, y: float) -> Markup:
    """A stack of ``count`` chips ``w`` wide with its count below, top-left at (x, y).

    Keyed (``data-motion="chips"``, ``data-count``), so the motion layer slides chips
    between stacks whose counts changed.
    """
    if count < 0:
        raise ValueError("a stack cannot hold fewer than no chips")
    font = stack_font(w)
    return h(
        "g",
        {"transform": f"translate({_n(x)} {_n(y)})"},
        h(
            "g",
            {"data-key": key, "data-motion": "chips", "data-count": count},
            _chips(count, w),
            h(
                "text",
                {
                    "x": _n(w / 2),
                    "y": _n(stack_count_y(w)),
                    "font-size": _n(font),
                    "font-weight": 700,
                    "font-family": FONT,
                    "text-anchor": "middle",
                    "fill": "#fff",
                    "class": "chip-count",
                },
                str(count),
            ),
        ),
    )


def placed(key: str, x: float, y: float, piece: Markup, **data: object) -> Markup:
    """``piece`` with its top-left at (x, y), keyed ``key`` for the motion layer."""
    attrs: dict[str, object] = {"data-key": key}
    attrs.update({f"data-{name.replace('_', '-')}": value for name, value in data.items()})
    return h("g", {"transform": f"translate({_n(x)} {_n(y)})"}, h("g", attrs, piece))


def felt(layout: TableLayout) -> Markup:
    """The oval: a wooden rail, the green cloth and a faint line around the middle."""
    f = layout.felt
    return fragment(
        h(
            "ellipse",
            {
                "cx": _n(f.cx),
                "cy": _n(f.cy),
                "rx": _n(f.rx + 4),
                "ry": _n(f.ry + 4),
                "fill": "#5a3a22",
                "stroke": "#3b2414",
                "stroke-width": 2,
            },
        ),
        h(
            "ellipse",
            {
                "cx": _n(f.cx),
                "cy": _n(f.cy),
                "rx": _n(f.rx - 4),
                "ry": _n(f.ry - 4),
                "fill": "#1f5a40",
            },
        ),
        h(
            "ellipse",
            {
                "cx": _n(f.cx),
                "cy": _n(f.cy),
                "rx": _n(f.rx * 0.62),
                "ry": _n(f.ry * 0.62),
                "fill": "#2a6d4f",
                "opacity": 0.55,
            },
        ),
        h(
            "ellipse",
            {
                "cx": _n(f.cx),
                "cy": _n(f.cy),
                "rx": _n(f.rx * 0.45),
                "ry": _n(f.ry * 0.42),
                "fill": "none",
                "stroke": GOLD,
                "stroke-width": 1.2,
                "opacity": 0.45,
            },
        ),
    )


@dataclass(frozen=True)
class Seat:
    """What one seat shows: the caller fills it from the game's view.

    ``cards``: a card number for a face-up card, ``None`` for a face-down one.
    ``note``: a short translated line under the name ("Stands on 17", "Bust").
    ``mark``: ``"won"``, ``"bust"`` or ``None``: colours the plate.
    """

    name: str
    chips: int | None = None
    cards: Sequence[int | None] = ()
    dice: Sequence[int] = ()
    note: str = ""
    active: bool = False
    mark: str | None = None


#: A letter's width for the ellipsis, in ems: bold names run wider than the notes
#: (the average a plate is laid out for; a text is cut by its own letters' widths).
NAME_EM = 0.6
NOTE_EM = 0.52
#: Letters' widths in ems in a bold sans-serif: DejaVu Sans Bold's, the widest of the
#: fonts FONT may find, so a text cut to fit there fits with any of them. A name of 32
#: W's (a name has no length but MAX_NAME, and no spaces to break at) is cut where it
#: reaches the plate's edge, not at a letter count that fits "Ola".
_NARROW = frozenset(" iIjl|!.,:;'`\u00b7")
_SEMI = frozenset("frt()[]{}/-\u2011")
_WIDE = frozenset("mwMW%@\u00c6\u00e6\u0152\u0153\u2026")
#: A regular (not bold) letter is about this much narrower.
REGULAR = 0.9


def _letter_em(ch: str) -> float:
    """One letter's width in ems, bold (see the constants above)."""
    if ch in _NARROW:
        return 0.36
    if ch in _SEMI:
        return 0.5
    if ch in _WIDE:
        return 1.05
    if ord(ch) >= 0x2E80:  # CJK and other full-width letters, emoji
        return 1.05
    if ch.isdigit():
        return 0.72
    if ch.isupper():
        return 0.8
    return 0.7


def text_width(text: str, font: float, bold: bool = True) -> float:
    """About how wide ``text`` is at ``font`` px (never less than it is, with any of
    FONT's fonts)."""
    return sum(_letter_em(ch) for ch in text) * font * (1.0 if bold else REGULAR)


def _fit_text(text: str, width: float, font: float, bold: bool = True) -> str:
    """``text`` cut with an ellipsis to fit ``width`` px (SVG text does not wrap)."""
    if text_width(text, font, bold) <= width:
        return text
    room = width - text_width("\u2026", font, bold)
    used = 0.0
    for cut, ch in enumerate(text):
        used += _letter_em(ch) * font * (1.0 if bold else REGULAR)
        if used > room:
            return text[: max(2, cut)].rstrip() + "\u2026"
    return text


def _fit_note(text: str, width: float, font: float) -> str:
    """A seat's note cut to ``width`` keeping its figure: the words before its last
    number go first, from the end ("Stood at 17": "Stood… 17"; "the dealer · 3
    points": "the… 3 points", then "3 points"), the number and what follows it
    ("points") never. A one-word role goes whole ("deals · 3 points": "3 points"), as
    "deals… 3 points" is no narrower. Words cut back to a colon leave the colon to join
    the reason to its figure ("No 4 and 1: scored 0": "No 4 and 1: 0")."""
    if text_width(text, font, bold=False) <= width:
        return text
    words = text.split(" ")
    figure = next((i for i in range(len(words) - 1, 0, -1) if _has_digit(words[i])), None)
    if figure is not None:
        tail = " ".join(words[figure:])
        head = [w for w in words[:figure] if w.strip("·:,")]
        while head:
            kept = " ".join(head)
            cut = f"{kept} {tail}" if kept.endswith(":") else kept.rstrip(" ·:,") + "\u2026 " + tail
            if text_width(cut, font, bold=False) <= width:
                return cut
            head.pop()
        if text_width(tail, font, bold=False) <= width:
            return tail
    return _fit_text(text, width, font, bold=False)


def _has_digit(word: str) -> bool:
    return any(ch.isdigit() for ch in word)


def _note_lines(text: str, width: float, font: float, most: int) -> list[str]:
    """A note in at most ``most`` lines of ``width`` px: where the whole does not fit
    one line, its parts ("Dealer · 3 points") one under the other, a part too long for
    a line broken between its words ("Holds the / bank"); what is left for the last
    line is cut to fit."""
    if most < 2 or text_width(text, font, bold=False) <= width:
        return [_fit_note(text, width, font)]

    def fits(line: str) -> bool:
        return text_width(line, font, bold=False) <= width

    lines: list[str] = []
    for part in text.split(" · "):
        joined = f"{lines[-1]} · {part}" if lines else part
        if lines and fits(joined):
            lines[-1] = joined
            continue
        if fits(part):
            lines.append(part)
            continue
        line = ""
        for word in part.split(" "):
            if line and fits(f"{line} {word}"):
                line = f"{line} {word}"
            else:
                if line:
                    lines.append(line)
                line = word
        lines.append(line)
    if len(lines) > most:
        # the last line is the rest of the note as written, cut to fit
        consumed = 0
        for line in lines[: most - 1]:
            consumed = text.index(line, consumed) + len(line)
        lines = [*lines[: most - 1], text[consumed:].lstrip(" ·")]
    return [_fit_note(line, width, font) for line in lines]


def _clipped(width: float, height: float, text: Markup) -> Markup:
    """``text`` inside a box of its own that clips it (a nested SVG viewport: no id, no
    clipPath), so a font wider than :func:`text_width` reckons never draws it past the
    plate's edge."""
    return h(
        "svg",
        {"x": 0, "y": 0, "width": _n(width), "height": _n(height), "overflow": "hidden"},
        text,
    )


def _plate_chips(index: int, count: int | None, font: float, box_w: float) -> tuple[Markup, float]:
    """A seat's chips at the right of its name plate: a small stack and the count.

    Returns the markup and the width it takes (none without chips).
    """
    if count is None:
        return fragment(), 0.0
    if count < 0:
        raise ValueError("a stack cannot hold fewer than no chips")
    chip = font * 1.25
    text_w = font * 0.62 * len(str(count))
    width = chip + 4 + text_w
    x = box_w - 8 - chip
    chips = [
        h(
            "ellipse",
            {
                "cx": _n(x + chip / 2),
                "cy": _n(font + 1 - k * font * 0.22),
                "rx": _n(chip / 2),
                "ry": _n(chip * 0.22),
                "fill": CHIP_COLOURS[k],
                "stroke": "#f3ead7",
                "stroke-width": 1,
                "stroke-dasharray": _n(chip * 0.15),
                "class": "chip",
            },
        )
        for k in range(min(count, 3))
    ]
    text = h(
        "text",
        {
            "x": _n(x - 4),
            "y": _n(font + 4),
            "font-size": _n(font),
            "font-weight": 700,
            "font-family": FONT,
            "text-anchor": "end",
            "fill": GOLD,
        },
        str(count),
    )
    keyed = h(
        "g",
        {"data-key": f"s{index}-chips", "data-motion": "chips", "data-count": count},
        chips,
        text,
    )
    return keyed, width


#: The smallest text on the felt, in CSS pixels (names, chip counts, notes).
MIN_TEXT = 12.0


def _text(x: float, y: float, font: float, text: str, **attrs: object) -> Markup:
    base: dict[str, object] = {
        "x": _n(x),
        "y": _n(y),
        "font-size": _n(font),
        "font-family": FONT,
        "fill": "#fff",
    }
    base.update({name.rstrip("_").replace("_", "-"): value for name, value in attrs.items()})
    return h("text", base, text)


def seat(index: int, box: Rect, info: Seat, lang: str, card_w: float, px: float = 1.0) -> Markup:
    """One seat: a plate with the name (and chips), its cards or dice below.

    ``px``: layout pixels per CSS pixel (the scene is drawn scaled down by it), so the
    text is never smaller than :data:`MIN_TEXT` CSS px. A seat too low for a name line,
    a line of cards and a note line (ten seats on a phone) gets a compact plate: the
    name across the whole top, the chips and the cards (or dice, or else the note) on
    one line under it.
    """
    font = max(MIN_TEXT * px, min(16.0, box.h * 0.15))
    compact = box.h < 4 * font + 18
    stroke = {"won": GOLD, "bust": "#e06c5a"}.get(info.mark or "", "#ffffff33")
    if info.active:
        stroke = GOLD
    pad = 6.0 if compact else 8.0
    chips, chips_w = _plate_chips(index, info.chips, font, box.w)
    plate_h = font + (6 if compact else 10)
    # dice need the whole second line (two rows of three): their chips stay up by the name
    chips_up = not compact or bool(info.dice)
    name_w = box.w - 2 * pad - (chips_w + 4 if chips_up else 0)
    pieces: list[Markup] = [
        h(
            "rect",
            {
                "x": 0,
                "y": 0,
                "width": _n(box.w),
                "height": _n(box.h),
                "rx": 8 if compact else 10,
                "fill": "#0b2a1e",
                "fill-opacity": 0.55,
                "stroke": stroke,
                "stroke-width": 3 if info.active or info.mark else 1,
                "class": "seat-box",
            },
        ),
        _clipped(
            pad + name_w,
            plate_h + 4,
            _text(
                pad,
                font + (3 if compact else 4),
                font,
                _fit_text(info.name, name_w, font),
                font_weight=700 if info.active else 600,
                class_="n21-seat-name",
            ),
        ),
    ]
    note_font = max(MIN_TEXT * px, font * 0.85)
    note_fill = GOLD if info.mark == "won" else "#f3ead7"
    if compact:
        top = plate_h
        room = box.h - top - 3
        note_w = box.w - 2 * pad - (chips_w + 6 if chips_w else 0)
        if chips_up:
            pieces.append(h("g", {"transform": "translate(2 -1)"}, chips))
        elif chips_w:
            # the chips at the right of the second line, centred on it
            pieces.append(
                h("g", {"transform": f"translate(0 {_n(top + (room - font) / 2 - 3)})"}, chips)
            )
        if info.dice:
            pieces.append(_seat_things(index, info, lang, card_w, box.w, top, room, pad=pad))
        elif info.cards:
            pieces.append(
                _seat_things(
                    index, info, lang, card_w, box.w - chips_w - 8, top, room, rows=1, pad=pad
                )
            )
        elif info.note and note_w >= min(len(info.note), 6) * note_font * NOTE_EM:
            # a note cut below six letters ("Wa…") says nothing: then only the chips;
            # with no cards to show, a note of two parts may take two lines
            line_h = note_font * 1.15
            lines = _note_lines(info.note, note_w, note_font, int((room - 2) // line_h))
            first = top + (room - line_h * (len(lines) - 1) + note_font) / 2 - 2
            pieces.extend(
                _text(pad, first + k * line_h, note_font, line, fill=note_fill)
                for k, line in enumerate(lines)
            )
    else:
        pieces.append(chips)
        if info.note:
            pieces.append(
                _text(
                    pad,
                    box.h - 7,
                    note_font,
                    _fit_note(info.note, box.w - 2 * pad, note_font),
                    fill=note_fill,
                )
            )
        room_top = plate_h + 4
        room_h = box.h - room_top - (note_font + 8 if info.note else 6)
        pieces.append(_seat_things(index, info, lang, card_w, box.w, room_top, room_h))
    return h(
        "g",
        {"transform": f"translate({_n(box.x)} {_n(box.y)})"},
        h(
            "g",
            {
                "data-key": f"seat-{index}",
                "data-active": "1" if info.active else None,
                "data-mark": info.mark,
                "class": "seat",
            },
            pieces,
        ),
    )


def _seat_things(
    index: int,
    info: Seat,
    lang: str,
    card_w: float,
    width: float,
    top: float,
    room: float,
    rows: int = 2,
    pad: float = 6.0,
) -> Markup:
    """The seat's cards (overlapping when many) or dice, centred in the room left
    (``width`` from the seat's left edge); dice in up to ``rows`` rows of three."""
    if info.cards:
        w = min(card_w, room / CARD_RATIO)
        n = len(info.cards)
        step = min(w * 0.55, (width - 2 * pad - w) / max(1, n - 1))
        left = (width - (w + step * (n - 1))) / 2
        y = top + (room - w * CARD_RATIO) / 2
        return fragment(
            placed(
                f"s{index}-c{j}",
                left + j * step,
                y,
                card_back(w) if card is None else card_face(card, lang, w),
                face="down" if card is None else "up",
                **{"from": "deck"},
            )
            for j, card in enumerate(info.cards)
        )
    if info.dice:
        if len(info.dice) > 6:
            raise ValueError("a seat shows at most six dice")
        if rows == 1:
            # one line of up to six: as large as the line allows
            size = min((width - 2 * pad) / len(info.dice) - 3, room - 2)
            lines = [list(info.dice)]
        else:
            # one size at every seat, whatever the count: up to three dice a row, two rows
            size = min((width - 12) / 3 - 4, (room - 4) / 2)
            lines = (
                [list(info.dice[:3]), list(info.dice[3:6])]
                if len(info.dice) > 3
                else [list(info.dice)]
            )
        gap = 3 if rows == 1 else 4
        y = top + (room - len(lines) * (size + gap) + gap) / 2
        out = []
        for r, line in enumerate(lines):
            left = (width - (size + gap) * len(line) + gap) / 2
            for c, v in enumerate(line):
                j = r * 3 + c if rows != 1 else c
                x = left + c * (size + gap)
                out.append(
                    placed(
                        f"s{index}-d{j}",
                        x,
                        y + r * (size + gap),
                        die(v, size),
                        motion="die",
                        value=v,
                    )
                )
        return fragment(out)
    return fragment()


def scene(
    layout: TableLayout,
    seats: Sequence[Seat],
    lang: str,
    label: str,
    *,
    pot: int | None = None,
    deck: int = 0,
    discard: int | None = None,
    discard_label: str = "",
    centre: Sequence[tuple[str, int]] = (),
    moment: tuple[str, str] | None = None,
) -> Markup:
    """The felt with its seats, the pot, the deck (``deck`` cards left) and the discard
    pile (its top card, face up, with ``discard_label`` under it: what the card is);
    ``centre``: (key, card) pairs face up in the middle (a trick); ``moment``: (kind,
    translated text) shown large for a moment ("bust", "twentyone", "win"). ``label``
    is the scene's accessible name.
    """
    if len(seats) != len(layout.seats):
        raise ValueError(f"{len(seats)} seats for a layout of {len(layout.seats)}")
    scn = layout.scene
    parts: list[Markup] = [felt(layout)]
    if deck:
        d = layout.deck
        parts.append(
            placed(
                "deck",
                d.x,
                d.y,
                fragment(
                    # a few offset backs read as a pile
                    [
                        placed(f"deck-{k}", -k * 1.5, -k * 1.5, card_back(d.w))
                        for k in range(min(3, deck))
                    ]
                ),
                count=deck,
            )
        )
    if discard is not None:
        d = layout.discard
        parts.append(placed("discard", d.x, d.y, card_face(discard, lang, d.w)))
        if discard_label:
            font = max(9.0, d.w * 0.24)
            parts.append(
                h(
                    "text",
                    {
                        "x": _n(d.x + d.w / 2),
                        "y": _n(d.y + d.h + font),
                        "font-size": _n(font),
                        "font-family": FONT,
                        "text-anchor": "middle",
                        "fill": "#e8f3ec",
                        "class": "discard-label",
                        "data-key": "discard-label",
                    },
                    discard_label,
                )
            )
    if pot is not None:
        p = layout.pot
        if p is None:
            raise ValueError("a pot needs a layout made without trick=True")
        parts.append(chip_stack(pot, p.w, "pot", p.x, p.y))
    if centre:
        row = layout.trick
        if row is None:
            raise ValueError("cards in the middle need a layout made with trick=True")
        n = len(centre)
        w = layout.table_card_w
        step = min(w + 4, (row.w - w) / max(1, n - 1))
        left = row.cx - (w + step * (n - 1)) / 2
        for k, (key, card) in enumerate(centre):
            parts.append(placed(key, left + k * step, row.y, card_face(card, lang, w), face="up"))
    for index, (box, info) in enumerate(zip(layout.seats, seats, strict=True)):
        parts.append(seat(index, box, info, lang, layout.seat_card_w, layout.px))
    if moment is not None:
        kind, text = moment
        f = layout.felt
        size = max(28.0, min(64.0, f.rx * 0.16))
        parts.append(
            h(
                "g",
                {"data-key": "moment", "data-moment": kind, "class": "moment"},
                h(
                    "text",
                    {
                        "x": _n(f.cx),
                        "y": _n(f.cy - layout.deck.h * 0.7),
                        "font-size": _n(size),
                        "font-weight": 800,
                        "font-family": FONT,
                        "text-anchor": "middle",
                        "fill": GOLD if kind != "bust" else "#ffb4a6",
                        "stroke": "#0b2a1e",
                        "stroke-width": _n(size * 0.08),
                        "paint-order": "stroke",
                    },
                    text,
                ),
            )
        )
    return h(
        "svg",
        {
            "class": "n21-scene",
            "viewBox": f"0 0 {_n(scn.w)} {_n(scn.h)}",
            # room to spare (the own hand's band kept while no hand is drawn) goes under
            # the felt: the felt keeps its place from a turn to the round's end
            "preserveAspectRatio": "xMidYMin meet",
            "width": _n(scn.w),
            "height": _n(scn.h),
            "role": "img",
            "aria-label": label,
            "data-key": "scene",
        },
        parts,
    )


def hand(
    cards: Sequence[int],
    layout: HandLayout,
    lang: str,
    names: Sequence[str],
    *,
    action: str | None = None,
    playable: frozenset[int] | None = None,
    selected: frozenset[int] = frozenset(),
) -> Markup:
    """The own hand, large: a button per card when ``action`` is given (disabled when
    not in ``playable``), otherwise a list of pictures. ``names``: each card's
    translated accessible name, in the same order.
    """
    if len(names) != len(cards):
        raise ValueError("one accessible name per card")
    overlap = "gap" if layout.overlap <= 0 else str(layout.overlap)
    items = []
    for card, name in zip(cards, names, strict=True):
        art = card_face(card, lang, layout.card_w)
        attrs: dict[str, object] = {
            "class": "n21-hand-card" + (" selected" if card in selected else ""),
            "data-key": f"card-{card}",
        }
        if action is None:
            items.append(h("li", attrs, art, h("span", {"class": "sr-only"}, name)))
            continue
        attrs.update(
            {
                "type": "button",
                "data-action": action,
                "data-card": card,
                "aria-pressed": ("true" if card in selected else "false") if selected else None,
                "disabled": playable is not None and card not in playable,
            }
        )
        # the name as hidden text, not aria-label: axe (rightly) wants a label to contain
        # the visible text, and the corners' "Kn" is not in "ruter knekt"
        items.append(h("button", attrs, art, h("span", {"class": "sr-only"}, name)))
    tag = "ul" if action is None else "div"
    return h(tag, {"class": f"n21-hand ov-{overlap}", "data-key": "hand"}, items)
