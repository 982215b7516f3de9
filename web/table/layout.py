"""Where everything on the card table goes: pure geometry, in CSS pixels.

The table is a band for the own hand at the bottom and, above it, a scene with an oval
felt. Seats sit around the felt at equal distances along its rim, clockwise (the way
play passes in the Nordic games) starting from the bottom, so the seat the caller puts
at the bottom (the one whose turn it is, or the person playing against bots) is the
one nearest the hand. The pot lies in the middle, the deck on its left and the discard
pile on its right, where a dealer would put them.

>>> [(round(x), round(y)) for x, y in seat_positions(4, 2, 800, 600)]
[(400, 80), (697, 300), (400, 520), (103, 300)]
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache, lru_cache

#: A card's height over its width (poker size, 63 x 88 mm).
CARD_RATIO = 1.4
#: The gap between the felt's edge and the scene's edge.
MARGIN = 6.0
#: Smallest seat box (a name line of 12 px text over a line of small cards, chips or a
#: note: see ``art.seat``'s compact plate); below it we refuse.
MIN_SEAT = (60.0, 40.0)
#: The seat shapes tried at each width, tallest first: a lower, wider seat keeps a long
#: enough name line where a 4:3 one no longer fits (ten seats on a phone).
SEAT_RATIOS = (0.75, 0.6)
#: Hand card widths: the first that fits the hand band wins (80 is #16's minimum at
#: 1024x768; below 56 px a card's corner letters stop being readable on a phone).
HAND_WIDTHS = (112, 104, 96, 88, 80, 72, 64, 56)
#: The hand overlaps in steps of this many pixels (table.css has one class per step).
OVERLAP_STEP = 4
#: The least of each overlapped hand card that stays visible (and at least half of it):
#: a 44 px touch target.
MIN_VISIBLE = 44.0


@dataclass(frozen=True)
class Rect:
    """An axis-aligned box: top-left corner and size."""

    x: float
    y: float
    w: float
    h: float

    @property
    def cx(self) -> float:
        """The centre's x."""
        return self.x + self.w / 2

    @property
    def cy(self) -> float:
        """The centre's y."""
        return self.y + self.h / 2

    def corners(self) -> tuple[tuple[float, float], ...]:
        """The four corners."""
        return (
            (self.x, self.y),
            (self.x + self.w, self.y),
            (self.x, self.y + self.h),
            (self.x + self.w, self.y + self.h),
        )

    def overlaps(self, other: Rect) -> bool:
        """Whether the two boxes share any area (touching edges do not count)."""
        return (
            self.x < other.x + other.w
            and other.x < self.x + self.w
            and self.y < other.y + other.h
            and other.y < self.y + self.h
        )


def centred(cx: float, cy: float, w: float, h: float) -> Rect:
    """The box of size ``w`` x ``h`` centred on (cx, cy)."""
    return Rect(cx - w / 2, cy - h / 2, w, h)


@dataclass(frozen=True)
class Felt:
    """The oval felt: centre and radii."""

    cx: float
    cy: float
    rx: float
    ry: float

    def contains(self, x: float, y: float) -> bool:
        """Whether the point lies on or inside the oval."""
        return ((x - self.cx) / self.rx) ** 2 + ((y - self.cy) / self.ry) ** 2 <= 1.0 + 1e-9


@dataclass(frozen=True)
class HandLayout:
    """The own hand: card size, how far each card overlaps the one before, the band."""

    card_w: int
    card_h: int
    overlap: int
    band: Rect

    @property
    def step(self) -> int:
        """The distance from one card's left edge to the next one's."""
        return self.card_w - self.overlap


@dataclass(frozen=True)
class TableLayout:
    """Everything's place for one size and number of seats."""

    width: float
    height: float
    scene: Rect
    felt: Felt
    #: One box per seat, indexed by seat number (not by position around the table).
    seats: tuple[Rect, ...]
    #: The pot's chip stack with its count under it (None on a trick table: no chips).
    pot: Rect | None
    deck: Rect
    discard: Rect
    #: The width of a small card lying in front of a seat, and of the deck's cards.
    seat_card_w: float
    table_card_w: float
    hand: HandLayout | None
    #: The row under the deck and the pot where a trick's cards lie (trick games only).
    trick: Rect | None
    #: Layout pixels per CSS pixel: above 1 when the scene was laid out larger than its
    #: room and is scaled down into it (see ``web.screens.tablescene.layout_for``); the
    #: art sizes its text by it, so no text is drawn below 12 CSS px.
    px: float = 1.0


def _ellipse_points(rx: float, ry: float, samples: int = 720) -> list[tuple[float, float]]:
    """Points around an ellipse centred on 0, clockwise on screen from the bottom."""
    return [
        (-rx * math.sin(2 * math.pi * i / samples), ry * math.cos(2 * math.pi * i / samples))
        for i in range(samples)
    ]


@cache
def _equal_arc(rx: float, ry: float, n: int) -> tuple[tuple[float, float], ...]:
    """``n`` points at equal distances along the ellipse's rim, the first at the bottom.

    Equal angles would crowd the seats at the ends of a long oval (a phone held upright)
    and spread them on its flat sides; equal arc lengths keep neighbours equally apart.
    """
    points = _ellipse_points(rx, ry)
    lengths = [0.0]
    for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1], strict=True):
        lengths.append(lengths[-1] + math.hypot(x1 - x0, y1 - y0))
    total = lengths[-1]
    out = []
    j = 0
    for k in range(n):
        target = total * k / n
        while lengths[j + 1] < target:
            j += 1
        (x0, y0), (x1, y1) = points[j], points[(j + 1) % len(points)]
        t = (target - lengths[j]) / (lengths[j + 1] - lengths[j])
        out.append((x0 + (x1 - x0) * t, y0 + (y1 - y0) * t))
    return tuple(out)


def _check(n: int, bottom_seat: int, width: float, height: float) -> None:
    if not 2 <= n <= 10:
        raise ValueError(f"a table seats 2 to 10 players, not {n}")
    if not 0 <= bottom_seat < n:
        raise ValueError(f"bottom seat {bottom_seat} is not one of the {n} seats")
    if width <= 0 or height <= 0:
        raise ValueError("the table needs a positive width and height")


def _felt(scene: Rect) -> Felt:
    return Felt(scene.cx, scene.cy, scene.w / 2 - MARGIN, scene.h / 2 - MARGIN)


def _pull_in(felt: Felt, x: float, y: float, w: float, h: float) -> tuple[float, float]:
    """The point on the way from (x, y) on the rim to the felt's centre where a seat box
    of ``w`` x ``h`` centred there first lies wholly on the felt (its corners 4 px in).

    A fixed inset is not enough: at the diagonals of a long oval the rim curves away
    from a box's outer corner faster than from its centre.
    """
    inner = Felt(felt.cx, felt.cy, felt.rx - 4, felt.ry - 4)
    lo, hi = 0.0, 1.0  # fraction of the way to the centre
    for _ in range(12):  # to 1/4096 of the way: a tenth of a pixel on a tablet
        mid = (lo + hi) / 2
        cx, cy = x + (felt.cx - x) * mid, y + (felt.cy - y) * mid
        if all(inner.contains(px, py) for px, py in centred(cx, cy, w, h).corners()):
            hi = mid
        else:
            lo = mid
    return x + (felt.cx - x) * hi, y + (felt.cy - y) * hi


def _centres(
    felt: Felt, n: int, bottom_seat: int, seat_w: float, seat_h: float
) -> list[tuple[float, float]]:
    around = _equal_arc(felt.rx, felt.ry, n)
    out = []
    for seat in range(n):
        dx, dy = around[(seat - bottom_seat) % n]
        out.append(_pull_in(felt, felt.cx + dx, felt.cy + dy, seat_w, seat_h))
    return out


def seat_positions(
    n: int, bottom_seat: int, width: float, height: float
) -> list[tuple[float, float]]:
    """The centre of every seat's box (indexed by seat) on a scene of ``width`` x ``height``.

    ``bottom_seat`` sits at the bottom of the felt; the others follow clockwise.
    """
    _check(n, bottom_seat, width, height)
    scene = Rect(0, 0, width, height)
    felt = _felt(scene)
    w, h = _seat_size(felt, n, _centre_cluster(felt)[3])
    return _centres(felt, n, bottom_seat, w, h)


def stack_font(w: float) -> float:
    """The size of the count under a chip stack ``w`` wide."""
    return max(11.0, w * 0.34)


def stack_count_y(w: float) -> float:
    """Where the count's baseline lies below the top of a chip stack ``w`` wide (the
    chips take ``1.06 * w``)."""
    return w * 1.06 + stack_font(w) + 2


def _centre_cluster(felt: Felt, pot: bool = True) -> tuple[Rect | None, Rect, Rect, Rect]:
    """The pot (with ``pot``), the deck and the discard pile in the middle, and the box
    around them.

    The pot's box is its chip stack's whole height, its count under the chips
    included (a tenth of a card below the cards' top edge): the seats keep clear of
    the count too, which on a phone reaches below the cards."""
    card_w = max(28.0, min(64.0, felt.rx * 0.16, felt.ry * 0.2))
    card_h = card_w * CARD_RATIO
    gap = card_w * 0.35
    deck = centred(felt.cx - card_w - gap, felt.cy, card_w, card_h)
    discard = centred(felt.cx + card_w + gap, felt.cy, card_w, card_h)
    bottom = deck.y + card_h
    stack = None
    if pot:
        middle = centred(felt.cx, felt.cy, card_w, card_h)
        stack = Rect(middle.x, middle.y + card_h * 0.1, card_w, stack_count_y(card_w) + 2)
        bottom = max(bottom, stack.y + stack.h)
    return (
        stack,
        deck,
        discard,
        Rect(deck.x, deck.y, discard.x + discard.w - deck.x, bottom - deck.y),
    )


def _fits(felt: Felt, n: int, w: float, h: float, centre: Rect) -> bool:
    boxes = [centred(x, y, w, h) for x, y in _centres(felt, n, 0, w, h)]
    for i, box in enumerate(boxes):
        if not all(felt.contains(x, y) for x, y in box.corners()) or box.overlaps(centre):
            return False
        if any(box.overlaps(other) for other in boxes[i + 1 :]):
            return False
    return True


def _seat_size(felt: Felt, n: int, centre: Rect) -> tuple[float, float]:
    """The largest seat box (4:3, or lower: :data:`SEAT_RATIOS`; at most 168 px wide)
    that fits ``n`` seats.

    Shrinks until every box lies on the felt, clear of its neighbours and of the pot;
    raises ValueError below :data:`MIN_SEAT` (the screen is too small for the table).
    """
    w = min(168.0, felt.rx * 0.9, felt.ry * 1.2)
    while w >= MIN_SEAT[0]:
        for ratio in SEAT_RATIOS:
            h = max(MIN_SEAT[1], w * ratio)
            if _fits(felt, n, w, h, centre):
                return w, h
        w *= 0.95
    raise ValueError(f"{n} seats do not fit on a {2 * felt.rx:.0f}x{2 * felt.ry:.0f} felt")


def hand_layout(cards: int, width: float, height: float) -> HandLayout:
    """The own hand of ``cards`` cards in a table of ``width`` x ``height``.

    The widest card that fits (the hand may take a quarter of the height) with
    cards side by side if they fit, otherwise overlapping in :data:`OVERLAP_STEP` steps;
    at least half of every card and :data:`MIN_VISIBLE` px stay visible to tap (a hand
    too long for that gets the smallest cards, packed to fit).
    """
    if cards < 1:
        raise ValueError("a hand has at least one card")
    pad = 8.0
    room = width - 2 * pad
    for card_w in HAND_WIDTHS:
        card_h = round(card_w * CARD_RATIO)
        if card_h + 2 * pad > height * 0.25 and card_w != HAND_WIDTHS[-1]:
            continue
        gap = 6
        if cards * card_w + (cards - 1) * gap <= room:
            overlap = -gap
        else:
            needed = (cards * card_w - room) / (cards - 1)
            overlap = math.ceil(needed / OVERLAP_STEP) * OVERLAP_STEP
            if card_w - overlap < max(MIN_VISIBLE, card_w / 2):
                continue
        return _hand(card_w, overlap, width, height, pad)
    # A hand this long is rare (ten low cards under 21): the smallest cards, packed
    # as tight as the width needs, rather than no table.
    card_w = HAND_WIDTHS[-1]
    needed = (cards * card_w - room) / (cards - 1)
    return _hand(card_w, math.ceil(needed / OVERLAP_STEP) * OVERLAP_STEP, width, height, pad)


def _hand(card_w: int, overlap: int, width: float, height: float, pad: float) -> HandLayout:
    card_h = round(card_w * CARD_RATIO)
    band_h = card_h + 2 * pad
    return HandLayout(card_w, card_h, overlap, Rect(0, height - band_h, width, band_h))


@lru_cache(maxsize=64)
def table_layout(
    width: float,
    height: float,
    seats: int,
    bottom_seat: int,
    hand_cards: int = 0,
    trick: bool = False,
) -> TableLayout:
    """The whole table for ``seats`` seats in ``width`` x ``height`` CSS pixels.

    With ``hand_cards``, a band at the bottom holds the own hand and the felt takes
    the rest of the height. With ``trick``, the middle keeps a row for the cards of a
    trick under the deck and the pot, and the seats make room for it.

    Cached: a play screen asks again on every render with the same size (a ten-seat
    phone table takes ~5 ms to work out in CPython, measured; more in Pyodide).
    """
    _check(seats, bottom_seat, width, height)
    hand = hand_layout(hand_cards, width, height) if hand_cards else None
    scene = Rect(0, 0, width, height - (hand.band.h if hand else 0))
    felt = _felt(scene)
    # a trick game plays for no chips: no pot, and the trick lies under the deck
    pot, deck, discard, cluster = _centre_cluster(felt, pot=not trick)
    trick_row = None
    if trick:
        # the middle row moves up by half a card, the trick lies under it
        lift = (cluster.h + 6) / 2
        deck, discard, cluster = (Rect(r.x, r.y - lift, r.w, r.h) for r in (deck, discard, cluster))
        trick_row = Rect(cluster.x, cluster.y + cluster.h + 6, cluster.w, cluster.h)
        cluster = Rect(cluster.x, cluster.y, cluster.w, 2 * cluster.h + 6)
    w, h = _seat_size(felt, seats, cluster)
    boxes = tuple(centred(x, y, w, h) for x, y in _centres(felt, seats, bottom_seat, w, h))
    return TableLayout(
        width=width,
        height=height,
        scene=scene,
        felt=felt,
        seats=boxes,
        pot=pot,
        deck=deck,
        discard=discard,
        seat_card_w=round(min(w * 0.34, (h - 26) / CARD_RATIO), 1),
        table_card_w=deck.w,
        hand=hand,
        trick=trick_row,
    )
