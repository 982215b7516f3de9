"""The felt in the middle of every play screen, drawn from what a frame's view shows.

Each game fills a :class:`Picture` from its frame: one :class:`web.table.art.Seat` per
seat (names, chips, the cards or dice in front of the seat, a short status line), the
pot, the deck, the cards in the middle and the viewer's own hand; :func:`felt` lays it
out for the screen's size (:func:`web.table.layout`) with the person at the device, or
else the seat to act, at the bottom. The scene is one picture for assistive technology
(``role="img"``): the seat list beside it, visually hidden, says the same in text.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from web.frame import Display, Frame
from web.i18n import Translator
from web.markup import Markup, h
from web.screens.play import MENU_BELOW
from web.table import art
from web.table.layout import TableLayout, hand_layout, table_layout


@dataclass(frozen=True)
class Picture:
    """What the felt shows of a frame: the seats, the pot (``None``: no chips in the
    game), the deck's size, the discard pile's top card, cards face up in the middle
    (``(key, card)``: a trick), and the viewer's own cards, drawn large under it."""

    seats: Sequence[art.Seat]
    pot: int | None = None
    deck: int = 0
    discard: int | None = None
    #: The discard pile's top card in words: a caption under it on the felt, and for
    #: assistive technology in the scene's name ("Discard pile", "Discard pile: 7 of
    #: hearts on top").
    discard_caption: str = ""
    discard_said: str = ""
    centre: Sequence[tuple[str, int]] = ()
    hand: tuple[int, ...] = ()
    #: Cards the band under the felt keeps room for (at least ``hand``'s).
    hand_room: int = 0
    #: The layout keeps a row in the middle for a trick (and room for a hand of buttons).
    trick: bool = False


#: Below this width the controls go under the felt instead of beside it (CSS agrees:
#: style.css's ``.table`` media query).
SIDE_BY_SIDE = 900
#: Room kept beside / under the felt for the controls (under it: at least this, or the
#: share of the window style.css gives them), and above it for the top bar (one line;
#: two between a phone's width and 700 px).
SIDE_W = 340
UNDER_H = 220
UNDER_SHARE = 0.38
BAR_H = 56
BAR_H_NARROW = 96
#: How much larger than its room the felt may be laid out when the seats need it.
FALLBACK_SCALES = (1.0, 1.2, 1.45, 1.75, 2.1, 2.5)
#: The trick game's hand is buttons with a line of help under it (why a card may not
#: be played): room kept for it whether it shows or not, so the felt stays put.
HAND_EXTRA = 44


def scene_size(display: Display, extra: float = 0.0) -> tuple[float, float]:
    """The box of the felt and the own hand in CSS pixels: the room the page measured
    (``display.room``: what the felt's cell has left beside the guide), or a guess from
    the window ``display.size`` that leaves room for the bar and the controls (the page
    measures after the first draw); ``extra`` is kept free under the hand."""
    if display.room is not None:
        width, height = display.room
        return max(300.0, width), max(200.0, height - extra)
    width, height = display.size
    bar = BAR_H_NARROW if MENU_BELOW <= width < 700 else BAR_H
    if width >= SIDE_BY_SIDE and width > height:
        return max(320.0, width - SIDE_W - 40), max(300.0, height - bar - 16)
    under = max(UNDER_H, height * UNDER_SHARE + 16)
    return max(300.0, width - 16), max(300.0, height - bar - under)


def bottom_seat(frame: Frame) -> int:
    """The seat drawn nearest the bottom edge: the person looking, the only person
    playing against bots, the person who holds the device now (pass-and-play), or else
    the seat to act: the table stays put while bots play."""
    if frame.viewer is not None:
        return frame.viewer
    people = [i for i, s in enumerate(frame.seats) if s.is_here]
    if len(people) == 1:
        return people[0]
    if frame.display.holder is not None:
        return frame.display.holder
    return frame.actor if frame.actor is not None else 0


def layout_for(frame: Frame, hand_cards: int = 0, trick: bool = False) -> TableLayout:
    """The table's geometry for this screen: the own hand at its real size under the
    felt, the felt in the room left. Where the seats do not fit that room (ten seats
    above a phone's hand with the guide shown), the felt is laid out larger and the SVG
    scales it down into the room: smaller, never off the screen, and its text drawn
    larger by as much (``TableLayout.px``), so it still reads at 12 CSS px."""
    width, height = scene_size(frame.display, HAND_EXTRA if trick else 0.0)
    hand = hand_layout(hand_cards, width, height) if hand_cards else None
    felt_h = height - (hand.band.h if hand else 0)
    bottom = bottom_seat(frame)
    seats = len(frame.seats)
    for scale in FALLBACK_SCALES:
        try:
            layout = table_layout(
                round(width * scale), round(felt_h * scale), seats, bottom, 0, trick
            )
        except ValueError:
            continue
        return replace(layout, hand=hand, px=scale)
    raise ValueError(f"no table for {seats} seats in {width:.0f}x{height:.0f}")


def felt(tr: Translator, layout: TableLayout, picture: Picture) -> Markup:
    """The scene: the felt with every seat, the pot, the deck and the discard pile."""
    return h(
        "div",
        {"class": "felt-wrap"},
        art.scene(
            layout,
            picture.seats,
            tr.lang,
            tr.t("play.table") + (f" · {picture.discard_said}" if picture.discard_said else ""),
            pot=picture.pot,
            deck=picture.deck,
            discard=picture.discard,
            discard_label=picture.discard_caption,
            centre=picture.centre,
        ),
    )


def own_hand(
    tr: Translator, layout: TableLayout, cards: Sequence[int], names: Sequence[str]
) -> Markup | None:
    """The viewer's cards, large, under the felt (pictures: the moves are buttons)."""
    if not cards or layout.hand is None:
        return None
    return h(
        "div",
        {"class": "own-hand", "aria-hidden": "true"},
        art.hand(cards, layout.hand, tr.lang, names),
    )
