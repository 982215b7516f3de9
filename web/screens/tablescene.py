"""The felt in the middle of every play screen, drawn from what a view shows.

Each game's screen fills one :class:`web.table.art.Seat` per seat from its view (names,
chips, the cards or dice in front of the seat, a short status line) and hands them to
:func:`felt`, which lays them out for the screen's size (:func:`web.table.layout`) with
the person at the device, or else the seat to act, at the bottom. The scene is one
picture for assistive technology (``role="img"``): the seat list beside it, visually
hidden, says the same in text.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from web.i18n import Translator
from web.markup import Markup, h
from web.screens.play import PlayOptions
from web.session import GameSession
from web.table import art
from web.table.layout import TableLayout, hand_layout, table_layout

#: Below this width the controls go under the felt instead of beside it (CSS agrees:
#: style.css's ``.table`` media query).
SIDE_BY_SIDE = 900
#: Room kept beside / under the felt for the controls, and above it for the top bar.
SIDE_W = 340
UNDER_H = 220
BAR_H = 56
BAR_H_NARROW = 96
#: How much larger than its room the felt may be laid out when the seats need it.
FALLBACK_SCALES = (1.0, 1.2, 1.45, 1.75, 2.1, 2.5)
#: The trick game's hand is buttons with a line of help under it (why a card may not
#: be played): room kept for it whether it shows or not, so the felt stays put.
HAND_EXTRA = 44


def scene_size(opts: PlayOptions, extra: float = 0.0) -> tuple[float, float]:
    """The box of the felt and the own hand in CSS pixels: the room the page measured
    (``opts.room``: what the felt's cell has left beside the guide), or a guess from
    the window ``opts.size`` that leaves room for the bar and the controls (the page
    measures after the first draw); ``extra`` is kept free under the hand."""
    if opts.room is not None:
        width, height = opts.room
        return max(300.0, width), max(200.0, height - extra)
    width, height = opts.size
    bar = BAR_H if width >= 700 else BAR_H_NARROW
    if width >= SIDE_BY_SIDE and width > height:
        return max(320.0, width - SIDE_W - 40), max(300.0, height - bar - 16)
    return max(300.0, width - 16), max(300.0, height - bar - UNDER_H)


def bottom_seat(session: GameSession, viewer: int | None) -> int:
    """The seat drawn nearest the bottom edge: the person looking, the only person
    playing against bots, or else the seat to act."""
    if viewer is not None:
        return viewer
    people = [i for i, s in enumerate(session.seats) if not s.is_bot]
    if len(people) == 1:
        return people[0]
    return session.current if session.current is not None else 0


def layout_for(
    session: GameSession, opts: PlayOptions, hand_cards: int = 0, trick: bool = False
) -> TableLayout:
    """The table's geometry for this screen: the own hand at its real size under the
    felt, the felt in the room left. Where the seats do not fit that room (ten seats
    above a phone's hand with the guide shown), the felt is laid out larger and the SVG
    scales it down into the room: smaller, never off the screen, and its text drawn
    larger by as much (``TableLayout.px``), so it still reads at 12 CSS px."""
    width, height = scene_size(opts, HAND_EXTRA if trick else 0.0)
    hand = hand_layout(hand_cards, width, height) if hand_cards else None
    felt_h = height - (hand.band.h if hand else 0)
    bottom = bottom_seat(session, opts.viewer)
    for scale in FALLBACK_SCALES:
        try:
            layout = table_layout(
                round(width * scale), round(felt_h * scale), len(session.seats), bottom, 0, trick
            )
        except ValueError:
            continue
        return replace(layout, hand=hand, px=scale)
    raise ValueError(f"no table for {len(session.seats)} seats in {width:.0f}x{height:.0f}")


def felt(
    tr: Translator,
    layout: TableLayout,
    seats: Sequence[art.Seat],
    *,
    pot: int | None = None,
    deck: int = 0,
    discard: int | None = None,
    centre: Sequence[tuple[str, int]] = (),
) -> Markup:
    """The scene: the felt with every seat, the pot, the deck and the discard pile."""
    return h(
        "div",
        {"class": "felt-wrap"},
        art.scene(
            layout,
            seats,
            tr.lang,
            tr.t("play.table"),
            pot=pot,
            deck=deck,
            discard=discard,
            centre=centre,
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
