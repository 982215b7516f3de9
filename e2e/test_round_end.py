"""A round's end is held on the table until Continue, drawn from that moment (#frame).

For 21, 41 and Twenty One, one person (Ann, at seat 0) against two bots at the fast
speed, at 1024x768, 768x1024 and 390x844, with a fixed seed: Ann plays by tapping to
the first round's end (Twenty One: the first deal's end; its tricks' ends go on by
themselves). While Continue is shown:

- the felt still shows that round (checked against the rules core: the match is read
  back from the page's save and the moment on screen is the match's matching
  :class:`pygame_core.Pause`): 21, the last throw's dice at the seat that threw them
  and every seat's "Stood at N" / "Bust (N)"; 41, every seat's set-aside dice and
  its "Scored N"; Twenty One, every seat's last card face up and its points;
- nothing on the table can be played, and Ann's seat is at the bottom of the felt,
  where it was drawn on each of her turns: the first round is the guided one, and
  neither its sentences (one to seven lines long before the guide kept the height of
  its longest) nor the hand's band move the felt; the guide's sentence takes most of
  the guide's width;
- the header names the round (deal) that ended, not the next.

Then Continue: the header names the next round. A screenshot of each held moment is
kept as ``e2e/artifacts/shots/round-end-<game>-<w>x<h>.png``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from e2e.conftest import ARTIFACTS, shoot
from e2e.helpers import (
    button,
    choose,
    open_setup,
    saved_match,
    set_seats,
    settle,
    tap,
    total_on_screen,
    wait_turn,
)
from e2e.server import SiteServer
from e2e.test_card_play import twentyone_move
from pygame_core import Pause
from pygame_core.cards import rank, suit
from pygame_core.review import Match
from web.table.art import SUIT_PATHS
from web.table.cards import corner_label

SIZES = ((1024, 768), (768, 1024), (390, 844))
SEATS = [("Ann", "human"), ("Bo", "medium"), ("Cy", "easy")]
#: Each seat of the felt: the texts of its plate (name, note; not the chips' count or
#: the cards' corners, which sit in groups of their own), its dice by position, and its
#: cards (face, corner label, suit marks).
FELT_SEATS = """() => [...document.querySelectorAll('svg.n21-scene [data-key^="seat-"]')]
  .map(seat => ({
    key: seat.dataset.key,
    top: seat.getBoundingClientRect().top,
    texts: [...seat.querySelectorAll(':scope > text, :scope > svg > text')].map(t => t.textContent),
    dice: [...seat.querySelectorAll('[data-motion="die"]')]
      .sort((a, b) => Number(a.dataset.key.split('-d')[1]) - Number(b.dataset.key.split('-d')[1]))
      .map(d => Number(d.dataset.value)),
    cards: [...seat.querySelectorAll('[data-face]')].map(c => ({
      key: c.dataset.key,
      face: c.dataset.face,
      label: (c.querySelector('svg text') || {}).textContent || '',
      suits: [...new Set([...c.querySelectorAll('path')].map(p => p.getAttribute('d')))],
    })),
  }))"""


@dataclass(frozen=True)
class Game:
    """How one game is played here and what its held round's end must show."""

    slug: str
    tile: str
    preset: str | None
    seed: int
    #: The pause kind of the moment to stop at (Twenty One holds each trick's end too).
    kind: str


GAMES = {
    "dice21": Game("dice21", "21", "Series (everyone starts once)", 21, "round"),
    "dice41": Game("dice41", "41", None, 41, "round"),
    "twentyone": Game("twentyone", "Twenty One", None, 7, "deal"),
}


def header(game: Game, view: Any) -> str:
    """What the page header says of the round of ``view``, as the rules count it."""
    if game.slug == "dice21":
        return f"21 · Round {view.round} of {view.rounds_planned}"
    if game.slug == "dice41":
        return f"41 · Round {view.round} of {view.rounds}"
    return f"Twenty One · Deal {view.round} · target {view.target}"


def pauses(match: Match) -> list[Pause]:
    """Every moment of the match a table holds, in order."""
    return [pause for step in match.steps for pause in step.pauses]


def play_once(page: Page, game: Game) -> None:
    """Ann's move, by tapping: 21 rolls to 15 then stops; 41 sets the first die aside;
    Twenty One plays the first card (or pair) allowed."""
    if game.slug == "dice21":
        stop = button(page, "Stop")
        tap(
            page,
            stop if total_on_screen(page) >= 15 and stop.is_enabled() else button(page, "Roll"),
        )
    elif game.slug == "dice41":
        tap(page, page.locator(".die-button:not([disabled])").first)
    else:
        twentyone_move(page)


def note_shows(shown: str, full: str) -> bool:
    """Whether a seat's note on the felt says ``full``: whole, or cut to the plate's
    width keeping its figure ("Stood… 17")."""
    if shown == full:
        return True
    head, cut, tail = shown.partition("\u2026")
    return bool(cut) and full.startswith(head.rstrip()) and full.endswith(tail.strip())


def check_dice21(page: Page, seats: list[dict[str, Any]], view: Any) -> None:
    """The last throw's dice at the seat that threw them, and no other seat's; every
    seat's total in its note ("Stood at 17", "Bust (23)"; on a compact plate the
    thrower's dice take that line) and in the seat list."""
    from web.games.dice21 import seat_status
    from web.i18n import Translator

    tr = Translator("en")
    assert view.last_throw, "the round ended with a throw"
    for seat in view.seats:
        shown = seats[seat.seat]
        expected = tuple(view.last_throw) if seat.seat == view.last_throw_seat else ()
        assert tuple(shown["dice"]) == expected, (seat.seat, shown, view.last_throw)
        status = seat_status(tr, seat)
        assert re.fullmatch(r"Stood at \d+|Bust \(\d+\)", status), status
        if len(shown["texts"]) > 1:
            assert note_shows(shown["texts"][-1], status), (shown["texts"], status)
        else:
            # a compact plate (a phone) gives the note's line to the dice; the seat
            # list below says the total
            assert shown["dice"], ("a seat with neither note nor dice", shown)
        line = page.locator(".seats .seat-line").nth(seat.seat)
        expect(line.locator(".seat-status")).to_have_text(status)
        total = line.locator(".seat-figures div", has_text="Total").locator("dd")
        expect(total).to_have_text(str(seat.total))


def check_dice41(page: Page, seats: list[dict[str, Any]], view: Any) -> None:
    """Every seat's six set-aside dice and its score ("Scored 17"; a seat without the
    4 and the 1 scores 0)."""
    from web.games.dice41 import seat_status
    from web.i18n import Translator

    tr = Translator("en")
    for seat in range(view.players):
        shown = seats[seat]
        assert len(view.kept[seat]) == 6, view.kept
        assert tuple(shown["dice"]) == tuple(view.kept[seat]), (seat, shown, view.kept)
        status = seat_status(tr, view, seat)
        if len(shown["texts"]) > 1:  # a compact plate (a phone) shows the dice instead
            assert note_shows(shown["texts"][-1], status), (shown["texts"], status)
        expect(page.locator(".seats .seat-line").nth(seat).locator(".seat-status")).to_have_text(
            status
        )
    notes = [seats[s]["texts"][-1] for s in range(view.players) if len(seats[s]["texts"]) > 1]
    statuses = [seat_status(tr, view, s) for s in range(view.players)]
    assert any(re.fullmatch(r"Scored \d+", n) for n in statuses), statuses
    assert not notes or any(re.fullmatch(r"Scored \d+", n) for n in notes), notes


def check_twentyone(page: Page, seats: list[dict[str, Any]], view: Any) -> None:
    """Every seat's last card, face up, alone at its seat, and its points beside it;
    no own hand of cards to pick from."""
    result = view.last_deal
    assert result is not None and view.phase in ("deal_over", "over"), view.phase
    for seat, card in enumerate(result.last_cards):
        shown = seats[seat]
        assert len(shown["cards"]) == 1, shown
        (drawn,) = shown["cards"]
        assert drawn["face"] == "up", drawn
        assert drawn["label"] == corner_label(rank(card), "en"), (drawn, card)
        assert drawn["suits"] == [SUIT_PATHS[suit(card)]], (drawn, card)
        points = f"{result.points[seat]} points"
        if len(shown["texts"]) > 1:
            assert note_shows(shown["texts"][-1], points), shown
        else:  # a compact plate (a phone) gives the note's line to the card
            row = page.locator(".moment-panel .reveal").nth(seat)
            expect(row).to_contain_text(SEATS[seat][0])
            expect(row).to_contain_text(points)
    assert page.locator(".card-button").count() == 0


CHECKS = {"dice21": check_dice21, "dice41": check_dice41, "twentyone": check_twentyone}
#: Where Ann's seat (seat 0) is drawn: its plate's top and height, to the pixel.
ANN_AT = """() => {
  const r = document.querySelector('svg.n21-scene [data-key="seat-0"]').getBoundingClientRect();
  return Math.round(r.top) * 10000 + Math.round(r.height);
}"""


def guide_read(page: Page) -> None:
    """The first round's guide is on the table, and its sentence has most of its width
    (at 1024x768 its Skip button and title took two thirds of it, and a sentence ran to
    seven lines)."""
    guide = page.locator("main.table .guide")
    expect(guide).to_be_visible()
    whole, said = guide.bounding_box(), guide.locator(".guide-text").bounding_box()
    assert whole is not None and said is not None
    assert said["width"] >= 0.55 * whole["width"], (said, whole)


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("slug", list(GAMES))
def test_a_round_end_is_held_on_the_table_until_continue(
    page: Page, site: SiteServer, slug: str, size: tuple[int, int]
) -> None:
    game = GAMES[slug]
    width, height = size
    page.set_viewport_size({"width": width, "height": height})
    open_setup(page, site.url, game.tile, f"?lang=en&seed={game.seed}")
    if game.preset:
        choose(page, game.preset)
    set_seats(page, SEATS)
    button(page, "Start").click()
    heading = page.get_by_role("heading", level=1)
    ann_at = set()  # where Ann's seat is drawn on each of her turns
    for _ in range(300):
        state = wait_turn(page)
        assert state != "over", "the match ended first"
        if state == "moment":
            break
        settle(page)
        ann_at.add(page.evaluate(ANN_AT))
        guide_read(page)
        play_once(page, game)  # (Twenty One's tricks go on by themselves)
    else:
        raise AssertionError("the first round never ended")
    # A moment held on the table: the rules' first pause of its kind in this match.
    expect(page.locator(".moment-panel")).to_have_attribute("data-moment", game.kind)
    match = saved_match(page)
    pause = next(p for p in pauses(match) if p.kind == game.kind)
    view = match.game.view(pause.state, 0)
    assert view.round == 1, "the first round's end"
    expect(heading).to_have_text(header(game, view))

    # Held: that round on the felt, nothing to play, Ann at the bottom.
    settle(page)
    (ARTIFACTS / "shots").mkdir(parents=True, exist_ok=True)
    shoot(page, f"shots/round-end-{slug}-{width}x{height}")
    seats = page.evaluate(FELT_SEATS)
    assert [s["key"] for s in seats] == [f"seat-{n}" for n in range(len(SEATS))], seats
    assert [s["texts"][0] for s in seats] == [name for name, _ in SEATS], seats
    assert max(seats, key=lambda s: s["top"])["key"] == "seat-0", "Ann sits at the bottom"
    # and where she sat while she played: the felt keeps its place (Twenty One's felt
    # moved down by half the empty hand's band at the deal's end, and by the hint's
    # half as it came and went; at 1024x768 by up to 118 px as the guide's sentence
    # changed)
    guide_read(page)
    assert ann_at == {page.evaluate(ANN_AT)}, ann_at
    CHECKS[slug](page, seats, view)
    assert page.locator('[data-action="act"]:not([disabled])').count() == 0
    expect(button(page, "Continue")).to_be_visible()
    expect(heading).to_have_text(header(game, view))

    # Continue: the header names the next round, as the rules have it now.
    tap(page, button(page, "Continue"))
    after = match.game.view(match.states[-1], 0)
    assert after.round == 2, after.round
    expect(heading).to_have_text(header(game, after))
    expect(page.locator(".moment-panel")).to_have_count(0)
