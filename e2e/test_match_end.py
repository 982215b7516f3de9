"""The match's last round is shown on the table, then the standings (#23).

Every game, one person (Ann, seat 0) against two bots at the fast speed, a match of one
round (one deal; Twenty One to a target of 1), at 1024x768, 768x1024 and 390x844. When
the rules have ended the match, the table first holds its last round's end, until
Continue:

- the header names that round, as the rules count it (read back from the page's save);
- the felt shows that round's pieces, checked against the rules core: 21's last throw,
  41's set-aside dice, the banker games' hands face up where the view shows them (the
  bank's too), Twenty One's last cards;
- nothing can be played and the page does not scroll sideways.

Then Continue shows the standings: one line per seat, the match-end buttons clear of
each other and of the history drawer, inside the window's width. A screenshot of both
is kept as ``e2e/artifacts/shots/match-end-<game>-{last,over}-<w>x<h>.png``.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from e2e.conftest import ARTIFACTS, shoot
from e2e.helpers import (
    button,
    choose,
    open_setup,
    quiet,
    saved_match,
    set_seats,
    tap,
    total_on_screen,
    wait_turn,
)
from e2e.server import SiteServer
from e2e.test_card_play import banker_move, twentyone_move
from e2e.test_round_end import FELT_SEATS

SIZES = ((1024, 768), (768, 1024), (390, 844))
SEATS = [("Ann", "human"), ("Bo", "medium"), ("Cy", "easy")]
#: Boxes that overlap: the match-end buttons with each other and with the history
#: drawer, and anything of the app wider than the window.
OVERLAPS = """() => {
  const out = [];
  const box = el => el.getBoundingClientRect();
  const meet = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5
    && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
  const buttons = [...document.querySelectorAll('.match-over .button')];
  const drawer = document.querySelector('.history');
  buttons.forEach((b, i) => {
    buttons.slice(i + 1).forEach(c => {
      if (meet(box(b), box(c))) out.push(`${b.textContent} over ${c.textContent}`);
    });
    if (drawer && meet(box(b), box(drawer))) out.push(`${b.textContent} under the history`);
    if (box(b).right > innerWidth + 0.5) out.push(`${b.textContent} past the window`);
  });
  if (document.scrollingElement.scrollWidth > innerWidth + 1) out.push('sideways scrolling');
  return out;
}"""


def roll_to_15(page: Page) -> None:
    stop = button(page, "Stop")
    tap(page, stop if total_on_screen(page) >= 15 and stop.is_enabled() else button(page, "Roll"))


def first_die(page: Page) -> None:
    tap(page, page.locator(".die-button:not([disabled])").first)


def fill(page: Page, label: str, value: str) -> None:
    field = page.get_by_label(label, exact=True)
    field.fill(value)
    field.press("Tab")


@dataclass(frozen=True)
class Game:
    tile: str
    slug: str
    #: The setup of a one-round match: presets to choose, then fields to fill.
    choices: tuple[str, ...]
    fields: tuple[tuple[str, str], ...]
    move: Callable[[Page], None]
    #: A seed whose last round the bank plays (the banker games): its hand is shown.
    seed: int = 5


#: The banker games' rounds field (left empty, the bank goes round once).
ROUNDS_OR_GO_ROUND = "Rounds (empty: until the bank has gone round)"
GAMES = (
    Game("21", "dice21", ("One round",), (), roll_to_15),
    Game("41", "dice41", ("Family",), (("Rounds", "1"),), first_die),
    Game("Tjueett", "tjueett", ("Fixed bank",), ((ROUNDS_OR_GO_ROUND, "1"),), banker_move, 2),
    # Tjugoett counts deals per banker and rounds of the bank (b5bae5a): one deal each
    Game(
        "Tjugoett", "tjugoett", ("Bank plays last",), (("Deals per banker", "1"),), banker_move, 2
    ),
    Game("Twenty One", "twentyone", ("Classic",), (("Target score", "1"),), twentyone_move),
)


def check_felt(slug: str, seats: list[dict[str, Any]], view: Any) -> None:
    """The felt shows the last round's pieces as the rules have them for Ann."""
    if slug == "dice21":
        assert view.last_throw, "the round ended with a throw"
        assert tuple(seats[view.last_throw_seat]["dice"]) == tuple(view.last_throw), seats
    elif slug == "dice41":
        for seat in range(view.players):
            assert tuple(seats[seat]["dice"]) == tuple(view.kept[seat]), (seat, seats)
    elif slug == "twentyone":
        assert view.last_deal is not None
        for seat, shown in enumerate(seats):
            assert [c["face"] for c in shown["cards"]] == ["up"], (seat, shown)
    else:
        # the bank threw its hand in with the round's cards: the last hand it played
        # lies at its seat, face up (the hands it met record it)
        met = [duel.bank for duel in view.duels if duel.bank]
        assert met, "the bank played its hand"
        for seat, shown in enumerate(seats):
            hand = (view.bank_hand or met[-1]) if seat == view.banker else view.hands[seat]
            faces = ["down" if card == -1 else "up" for card in hand]
            assert [c["face"] for c in shown["cards"]] == faces, (seat, shown, hand)
        assert -1 not in met[-1], met


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("game", GAMES, ids=[g.slug for g in GAMES])
def test_the_last_round_is_shown_then_the_standings(
    page: Page, site: SiteServer, game: Game, size: tuple[int, int]
) -> None:
    width, height = size
    page.set_viewport_size({"width": width, "height": height})
    seed = int(os.environ.get("N21_SEED", game.seed))
    open_setup(page, site.url, game.tile, f"?lang=en&seed={seed}")
    for label in game.choices:
        choose(page, label)
    for label, value in game.fields:
        fill(page, label, value)
    set_seats(page, SEATS)
    button(page, "Start").click()
    for _ in range(400):
        state = wait_turn(page)
        assert state != "over", "the standings came first"
        if state == "cover":
            tap(page, button(page, "Show my cards"))
            continue
        if state == "turn":
            game.move(page)
            continue
        match = saved_match(page)
        over = match.game.outcome(match.states[-1]) is not None
        if (
            over
            and page.locator('.moment-panel[data-moment="round"], [data-moment="deal"]').count()
        ):
            break
        tap(page, button(page, "Continue"))
    else:
        raise AssertionError("the match never ended")

    # The last round's end, held: the round that ended, its pieces, nothing to play.
    quiet(page)
    last = [p for step in match.steps for p in step.pauses][-1]
    view = match.game.view(last.state, 0)
    heading = page.get_by_role("heading", level=1)
    expect(heading).to_contain_text(view_round(game.slug, view))
    check_felt(game.slug, page.evaluate(FELT_SEATS), view)
    assert page.locator('[data-action="act"]:not([disabled])').count() == 0
    assert page.locator(".match-over").count() == 0
    assert page.evaluate(OVERLAPS) == []
    (ARTIFACTS / "shots").mkdir(parents=True, exist_ok=True)
    shoot(page, f"shots/match-end-{game.slug}-last-{width}x{height}")

    # Continue: the standings, one line per seat, nothing overlapping.
    tap(page, button(page, "Continue"))
    expect(page.locator(".match-over")).to_have_count(1)
    expect(page.locator(".standing")).to_have_count(len(SEATS))
    quiet(page)
    assert page.evaluate(OVERLAPS) == []
    shoot(page, f"shots/match-end-{game.slug}-over-{width}x{height}")


def view_round(slug: str, view: Any) -> str:
    """How the header names the round of ``view``."""
    if slug == "twentyone":
        return f"Deal {view.round}"
    if slug == "tjugoett":
        return f"Round {view.lap}"  # a round of the bank: everyone held it once
    return f"Round {view.round}"
