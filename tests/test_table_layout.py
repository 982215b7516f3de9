"""The card table's geometry and art (web/table/): seats fit, hands are big, art is safe."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pygame_core.cards import make_card
from web.table import art
from web.table.cards import CORNERS, card_text, corner_label
from web.table.layout import (
    MIN_VISIBLE,
    Rect,
    hand_layout,
    seat_positions,
    table_layout,
)

SIZES = [(1024, 768), (768, 1024), (390, 844)]
TABLE_CSS = Path(__file__).resolve().parent.parent / "web" / "table" / "table.css"


@pytest.mark.parametrize(("width", "height"), SIZES)
@pytest.mark.parametrize("seats", range(2, 11))
@pytest.mark.parametrize(("hand_cards", "trick"), [(0, False), (7, False), (7, True)])
def test_seats_fit_on_the_felt_without_overlap(
    width: int, height: int, seats: int, hand_cards: int, trick: bool
) -> None:
    table = table_layout(width, height, seats, seats - 1, hand_cards, trick)
    felt = table.felt
    centre = [table.deck, table.discard]
    assert (table.trick is not None) == trick
    assert (table.pot is None) == trick, "a trick table has no pot"
    if table.pot is not None:
        # the pot's count, under the chips, is clear of the seats too (on a phone it
        # reached under the bottom seat's plate)
        assert table.pot.h > art.stack_count_y(table.pot.w)
        centre.append(table.pot)
    if table.trick is not None:
        assert not any(table.trick.overlaps(c) for c in centre)
        centre.append(table.trick)
    for i, box in enumerate(table.seats):
        assert all(felt.contains(x, y) for x, y in box.corners()), (i, box)
        assert not any(box.overlaps(c) for c in centre), (i, box)
        for j, other in enumerate(table.seats[i + 1 :], i + 1):
            assert not box.overlaps(other), (i, j)
        assert box.w >= 64 and box.h >= 48
    for piece in centre:
        assert all(felt.contains(x, y) for x, y in piece.corners())
    assert table.scene.y + table.scene.h <= height
    if table.hand:
        assert table.hand.band.y >= table.scene.y + table.scene.h - 1e-9
        assert table.hand.band.y + table.hand.band.h == pytest.approx(height)


@pytest.mark.parametrize(("width", "height"), SIZES)
@pytest.mark.parametrize("seats", range(2, 11))
def test_the_bottom_seat_is_nearest_the_bottom_and_play_goes_clockwise(
    width: int, height: int, seats: int
) -> None:
    for bottom in range(seats):
        points = seat_positions(seats, bottom, width, height)
        assert len(points) == seats
        lowest = max(range(seats), key=lambda s: points[s][1])
        assert lowest == bottom
        # the next seat in turn sits to the left of the bottom seat (clockwise on screen);
        # with two seats it sits straight across
        if seats > 2:
            assert points[(bottom + 1) % seats][0] < points[bottom][0]
        # turning the table only relabels the places
        base = seat_positions(seats, 0, width, height)
        for s in range(seats):
            assert points[s] == pytest.approx(base[(s - bottom) % seats])


def test_seats_are_spread_evenly_around_the_rim() -> None:
    points = seat_positions(6, 0, 1024, 600)
    # mirror image: seat k and seat n-k are symmetric about the vertical axis
    for k in range(1, 6):
        assert points[k][0] == pytest.approx(1024 - points[6 - k][0], abs=0.5)
        assert points[k][1] == pytest.approx(points[6 - k][1], abs=0.5)


@pytest.mark.parametrize("cards", range(1, 11))
def test_a_hand_card_at_1024x768_is_at_least_80px_wide(cards: int) -> None:
    hand = hand_layout(cards, 1024, 768)
    assert hand.card_w >= 80
    assert cards * hand.card_w - (cards - 1) * hand.overlap <= 1024 - 16


@pytest.mark.parametrize(("width", "height"), SIZES)
@pytest.mark.parametrize("cards", range(1, 13))
def test_hands_fit_and_stay_tappable(width: int, height: int, cards: int) -> None:
    hand = hand_layout(cards, width, height)
    assert cards * hand.card_w - (cards - 1) * hand.overlap <= width - 16
    if cards <= 7:  # every real hand of Twenty One and nearly every banker hand
        assert hand.step >= MIN_VISIBLE
        assert hand.card_w >= 56
    assert hand.band.h <= height * 0.25 or hand.card_w == 56


def test_every_overlap_the_layout_picks_has_a_css_class() -> None:
    css = TABLE_CSS.read_text("utf-8")
    for width, height in [*SIZES, (320, 568), (1366, 1024)]:
        for cards in range(1, 13):
            overlap = hand_layout(cards, width, height).overlap
            name = "gap" if overlap <= 0 else str(overlap)
            assert f".n21-hand.ov-{name} " in css, (width, height, cards, overlap)


def test_bad_tables_are_refused() -> None:
    with pytest.raises(ValueError, match="2 to 10"):
        table_layout(1024, 768, 11, 0)
    with pytest.raises(ValueError, match="bottom seat"):
        seat_positions(4, 4, 1024, 768)
    with pytest.raises(ValueError, match="positive"):
        seat_positions(4, 0, 0, 768)
    with pytest.raises(ValueError, match="do not fit"):
        table_layout(200, 160, 10, 0)
    with pytest.raises(ValueError, match="at least one"):
        hand_layout(0, 1024, 768)


def test_rect_overlap_ignores_touching_edges() -> None:
    assert not Rect(0, 0, 10, 10).overlaps(Rect(10, 0, 10, 10))
    assert Rect(0, 0, 10, 10).overlaps(Rect(9, 9, 10, 10))


# --- corners and text agree -------------------------------------------------------


@pytest.mark.parametrize("lang", ["nb", "sv", "da", "en"])
def test_card_text_uses_the_corner_letters(lang: str) -> None:
    for rank_value in range(2, 15):
        card = make_card(rank_value, 1)
        label = corner_label(rank_value, lang)
        assert card_text(card, lang) == label + "\u2665"
        face = art.card_face(card, lang, 90)
        assert face.count(f">{label}<") >= 2  # both corners


def test_corner_letters_are_the_initials_of_the_names_we_write() -> None:
    """The corner of a court card is the start of its name in that language's strings,
    so the log's "knekt" never sits beside a corner showing J."""
    import json

    locales = Path(__file__).resolve().parent.parent / "web" / "locales"
    for lang, letters in CORNERS.items():
        strings = json.loads((locales / f"{lang}.json").read_text("utf-8"))
        for rank_value, letter in letters.items():
            name = strings[f"card.rank.{rank_value}"]
            assert name.lower().startswith(letter.lower()), (lang, rank_value, name, letter)


# --- the art ----------------------------------------------------------------------


def _seats(n: int) -> list[art.Seat]:
    return [
        art.Seat(f"<img src=x onerror=alert({i})>", chips=i, cards=(None, 5 + i), note="17")
        for i in range(n)
    ]


def test_the_scene_escapes_names_and_keys_every_moving_piece() -> None:
    table = table_layout(1024, 768, 4, 0, 5)
    markup = art.scene(table, _seats(4), "nb", "Bordet", pot=3, deck=20, discard=12)
    assert "<img" not in markup and "&lt;img" in markup
    keys = re.findall(r'data-key="([^"]+)"', markup)
    assert len(keys) == len(set(keys)), "keys are unique in a scene"
    for wanted in ("scene", "deck", "discard", "pot", "seat-0", "s3-c1", "s2-chips"):
        assert wanted in keys
    assert " id=" not in markup  # several tables may share a page
    assert "style=" not in markup  # the CSP allows no inline styles


def test_face_down_cards_carry_nothing_of_the_card() -> None:
    table = table_layout(768, 1024, 3, 0)
    hidden = [art.Seat("A", cards=(None, None)), art.Seat("B"), art.Seat("C")]
    markup = art.scene(table, hidden, "sv", "Bordet")
    assert 'data-face="down"' in markup and 'data-face="up"' not in markup
    assert "data-card" not in markup
    # the same picture whatever the hidden cards are: nothing to tell them apart by
    again = art.scene(table, hidden, "sv", "Bordet")
    assert markup == again


def test_the_scene_needs_one_seat_per_place_and_room_for_a_trick() -> None:
    with pytest.raises(ValueError, match="seats for a layout"):
        art.scene(table_layout(1024, 768, 4, 0), _seats(3), "en", "Table")
    with pytest.raises(ValueError, match="trick=True"):
        art.scene(table_layout(1024, 768, 4, 0), _seats(4), "en", "Table", centre=[("t", 1)])
    trick = art.scene(
        table_layout(1024, 768, 4, 0, trick=True), _seats(4), "en", "T", centre=[("t-1", 1)]
    )
    assert 'data-key="t-1"' in trick


def test_hand_buttons_say_which_card_and_which_may_be_played() -> None:
    hand = hand_layout(3, 1024, 768)
    markup = art.hand(
        [1, 2, 3], hand, "da", ["a", "b", "c"], action="play", playable=frozenset({2})
    )
    assert markup.count("<button") == 3
    assert markup.count(" disabled") == 2
    assert 'data-card="2"' in markup and '<span class="sr-only">b</span>' in markup
    assert f'width="{hand.card_w}"' in markup
    shown = art.hand([1, 2], hand, "da", ["a", "b"])
    assert "<button" not in shown and shown.count("<li") == 2
    with pytest.raises(ValueError, match="accessible name"):
        art.hand([1, 2], hand, "da", ["a"])


def test_dice_and_chips_refuse_impossible_values() -> None:
    assert art.die(6, 40).count("<circle") == 6
    with pytest.raises(ValueError, match="1 to 6"):
        art.die(7, 40)
    table = table_layout(1024, 768, 2, 0)
    with pytest.raises(ValueError, match="six dice"):
        art.scene(table, [art.Seat("A", dice=(1,) * 7), art.Seat("B")], "en", "T")
    with pytest.raises(ValueError, match="fewer"):
        art.chip_stack(-1, 30, "pot", 0, 0)
    many = art.chip_stack(40, 30, "pot", 0, 0)
    assert many.count('class="chip"') == 8 and ">40<" in many


# --- many seats on a phone ----------------------------------------------------------

#: The felt's room on a 390x844 phone (measured in the browser: the cell left by the
#: bar and the controls, less the own hand of three cards and the guide of the first
#: round at the least, the whole cell at the most).
PHONE_FELTS = [(373, 260), (373, 300), (373, 360)]


def _font_sizes(markup: str, cls: str = "n21-seat-name") -> list[float]:
    return [float(m) for m in re.findall(rf'font-size="([\d.]+)"[^>]*class="{cls}"', markup)]


@pytest.mark.parametrize(("width", "height"), PHONE_FELTS)
@pytest.mark.parametrize("seats", range(7, 11))
def test_many_seats_fit_a_phone_felt_at_full_size_with_readable_names(
    width: int, height: int, seats: int
) -> None:
    """No scaling down (the scene is drawn at its size), names at least 12 px, long
    names cut with an ellipsis, and every seat box apart from the others."""
    table = table_layout(width, height, seats, 0)
    names = [f"Bot number {n} with a long name" for n in range(seats)]
    cards: tuple[int | None, ...] = (None, make_card(10, 2), make_card(5, 1))
    markup = art.scene(
        table,
        [art.Seat(n, chips=10, cards=cards, note="Waiting") for n in names],
        "en",
        "Table",
        pot=4,
        deck=30,
    )
    sizes = _font_sizes(markup)
    assert len(sizes) == seats and min(sizes) >= art.MIN_TEXT
    assert markup.count("\u2026<") >= seats, "long names are ellipsized"
    for box in table.seats:
        assert box.w >= 60 and box.h >= 40
        # a name line of at least six letters beside nothing else (compact) or the chips
        assert box.w - 12 >= 6 * art.MIN_TEXT * art.NAME_EM


def test_text_scaled_down_with_the_scene_is_drawn_larger_by_as_much() -> None:
    """A scene laid out 1.45 times its room is shown 1/1.45 as large: its text is
    drawn at 12 x 1.45 layout px, so it still reads at 12 CSS px."""
    from dataclasses import replace

    table = replace(table_layout(541, 380, 10, 0), px=1.45)
    markup = art.scene(table, [art.Seat(f"P{n}", chips=3) for n in range(10)], "en", "T")
    assert min(_font_sizes(markup)) >= art.MIN_TEXT * 1.45 - 0.05


def test_seven_seats_and_a_trick_fit_a_phone_under_a_hand_of_seven() -> None:
    """Twenty One on a phone in the first round: the guide, the seven-card hand and
    its line of help leave the felt 373x206 (measured)."""
    table = table_layout(373, 206, 7, 0, trick=True)
    markup = art.scene(table, _seats(7), "da", "Bordet", deck=10, centre=[("t-1", 3)])
    assert min(_font_sizes(markup)) >= art.MIN_TEXT


def test_a_cut_note_keeps_its_figure() -> None:
    table = table_layout(373, 330, 8, 0)
    seats = [art.Seat(f"Bot {n}", note="Stood at 17") for n in range(8)]
    markup = art.scene(table, seats, "en", "Table")
    narrow = table.seats[0].w - 12 < art.text_width("Stood at 17", art.MIN_TEXT, bold=False)
    assert ("Stood\u2026 17" in markup) if narrow else ("Stood at 17" in markup)


def test_a_cut_note_keeps_its_figure_and_unit() -> None:
    """Twenty One's plate on a phone ("deals · 0 points") was cut to "deals · 0 poin…":
    the words before the figure go first, then the role, never the figure's unit."""
    font = art.MIN_TEXT
    note = "deals · 10 points"
    whole = art.text_width(note, font, bold=False)
    unit = art.text_width("10 points", font, bold=False)
    assert art._fit_note(note, whole, font) == note
    # "deals… 10 points" is no narrower than the whole: a one-word role goes whole
    assert art.text_width("deals\u2026 10 points", font, bold=False) >= whole
    assert art._fit_note(note, whole - 1, font) == "10 points"
    assert (
        art._fit_note(
            "the dealer · 10 points", art.text_width("the\u2026 10 points", font, bold=False), font
        )
        == "the\u2026 10 points"
    )
    assert art._fit_note(note, unit + 1, font) == "10 points"
    assert art._fit_note("Stood at 17", art.text_width("Stood… 17", font, bold=False), font) == (
        "Stood\u2026 17"
    )
    # cut back to a colon: the colon joins the reason to its figure (41's plate on a
    # phone read "Mangler 4 og 1… 0")
    for note, short in (
        ("Mangler 4 og 1: fikk 0", "Mangler 4 og 1: 0"),
        ("No 4 and 1: scored 0", "No 4 and 1: 0"),
    ):
        room = art.text_width(short, font, bold=False)
        assert art._fit_note(note, room, font) == short
        assert art._fit_note(note, room - 1, font).endswith("\u2026 0")
    # no figure: cut at the end as any text
    assert art._fit_note("Waiting for the bank", unit, font).endswith("\u2026")


def test_a_compact_seat_drops_a_note_it_would_cut_to_nothing() -> None:
    table = table_layout(373, 300, 10, 0)
    box = table.seats[0]
    assert box.h < 4 * art.MIN_TEXT + 18, "a compact seat"
    markup = art.seat(0, box, art.Seat("Bo", chips=10, note="Waiting"), "en", table.seat_card_w)
    assert "Waiting" not in markup and "\u2026" not in markup
    assert ">10<" in markup and ">Bo<" in markup
