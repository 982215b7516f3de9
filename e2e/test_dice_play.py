"""Playing 21 and 41 in the real built site, by clicking as a person would."""

from __future__ import annotations

import re

from playwright.sync_api import Dialog, Page, expect

from e2e.conftest import shoot
from e2e.helpers import (
    MATCH_TIMEOUT_MS,
    bar_button,
    button,
    choose,
    move_css,
    open_setup,
    press,
    resize,
    set_seats,
    tap,
    total_on_screen,
    wait_turn,
)
from e2e.server import SiteServer
from pygame_core import get_game
from web.i18n import Translator
from web.seats import Seat
from web.session import GameSession
from web.setup import new_draft


def play_21_turns(page: Page, stop_at: int = 15) -> None:
    """Roll until the total reaches ``stop_at``, then stop, until the match ends."""
    while wait_turn(page, through_moments=True) == "turn":
        if total_on_screen(page) >= stop_at and button(page, "Stop").is_enabled():
            tap(page, button(page, "Stop"))
        else:
            tap(page, button(page, "Roll"))


def test_full_21_match_one_human_two_bots(page: Page, site: SiteServer) -> None:
    open_setup(page, site.url, "21")
    set_seats(page, [("Ann", "human"), ("Bo", "medium"), ("Cy", "expert")])
    choose(page, "Series (everyone starts once)")
    button(page, "Start").click()
    expect(page.locator(".seat")).to_have_count(3)
    shoot(page, "dice21-play-tablet")
    play_21_turns(page)
    expect(page.locator(".match-over h2")).to_contain_text("match")
    expect(page.locator(".standing")).to_have_count(3)
    shoot(page, "dice21-over-tablet")


def test_full_41_match_by_clicking_dice(page: Page, site: SiteServer) -> None:
    open_setup(page, site.url, "41")
    choose(page, "Family")
    set_seats(page, [("Ann", "human"), ("Bo", "medium")])
    button(page, "Start").click()
    shoot(page, "dice41-play-tablet")
    while wait_turn(page, through_moments=True) == "turn":
        dice = page.locator(".die-button:not([disabled])")
        value = dice.first.get_attribute("data-value") or "?"
        expect(dice.first).to_have_attribute("aria-label", f"Set aside a {value}")
        # the die's button carries the core's move: keep that value
        assert dice.first.evaluate(
            "(el, css) => el.matches(css)", move_css("Keep", value=int(value))
        )
        tap(page, dice.first)
    expect(page.locator(".standing")).to_have_count(2)
    shoot(page, "dice41-over-tablet")


def test_all_bot_match_ends_as_under_pytest(page: Page, site: SiteServer) -> None:
    """The same seed gives the same match in Pyodide (CPython 3.14) as here (3.11)."""
    seed = 4242
    seats = [Seat("Ada", "easy"), Seat("Bea", "medium"), Seat("Cid", "expert")]
    open_setup(page, site.url, "21", f"?lang=en&seed={seed}")
    choose(page, "Series (everyone starts once)")
    set_seats(page, [(s.name, s.kind) for s in seats])
    button(page, "Start").click()
    page.wait_for_selector(".match-over", timeout=MATCH_TIMEOUT_MS)
    # each figure with its unit ("2 rounds won"): the number is what the match decided
    in_browser = [
        (row.locator("span").nth(0).inner_text(), row.locator("span").nth(1).inner_text())
        for row in page.locator(".standing").all()
    ]
    assert all(re.fullmatch(r"\d+ rounds? won", figure) for _, figure in in_browser), in_browser
    in_browser = [(name, figure.split()[0]) for name, figure in in_browser]
    draft = new_draft("dice21", tuple(seats))
    config = get_game("dice21").config(players=3, **{**draft.options, "match": "series"})
    session = GameSession.start("dice21", config, seats, seed)
    while not session.over:
        session.act(session.bot_action())
    view = session.view(None)
    here = sorted(
        ((seats[s.seat].name, str(s.rounds_won)) for s in view.seats), key=lambda x: -int(x[1])
    )
    assert sorted(in_browser) == sorted(here)
    result = session.game.outcome(session.state)
    assert result is not None
    # "Ann and Bo" (the match's end names shared winners as a sentence does)
    winners = Translator("en").join(seats[s].name for s in result.winners)
    title = page.locator(".match-over h2").inner_text()
    assert title in {f"{winners} wins the match!", f"Shared win: {winners}"}


def test_two_people_pass_and_play_a_round(page: Page, site: SiteServer) -> None:
    open_setup(page, site.url, "21")
    set_seats(page, [("Ann", "human"), ("Bo", "human")])
    choose(page, "One round")
    button(page, "Start").click()
    seen = set()
    while wait_turn(page, through_moments=True) == "turn":
        banner = page.locator(".turn-banner").inner_text()
        seen.add(banner.split(",")[0])
        if total_on_screen(page) >= 14 and button(page, "Stop").is_enabled():
            button(page, "Stop").click()
        else:
            button(page, "Roll").click()
    assert seen == {"Ann", "Bo"}
    expect(page.locator(".result")).to_contain_text("Round 1")


def test_keyboard_only_21_round(page: Page, site: SiteServer) -> None:
    page.add_init_script("try { localStorage.setItem('nordic21.speed', 'fast') } catch (e) {}")
    page.goto(site.url + "?lang=en")
    page.wait_for_selector("html[data-ready='1']", timeout=60000)

    def tab_to(name: str, limit: int = 60) -> None:
        for _ in range(limit):
            page.keyboard.press("Tab")
            label = page.evaluate(
                "() => { const e = document.activeElement;"
                " return e ? (e.getAttribute('aria-label') || e.textContent || '').trim() : '' }"
            )
            if label == name:
                return
        raise AssertionError(f"could not reach {name!r} with Tab")

    tab_to("21")
    page.keyboard.press("Enter")
    tab_to("One round")
    page.keyboard.press("Enter")
    tab_to("Start")
    page.keyboard.press("Enter")
    while wait_turn(page, through_moments=True) == "turn":
        focused = page.evaluate("() => document.activeElement.textContent.trim()")
        assert focused in {"Roll", "Stop"}, (
            f"focus should rest on the turn's controls, not {focused!r}"
        )
        if total_on_screen(page) >= 15:
            tab_to("Stop", 5)
        elif focused != "Roll":
            page.keyboard.press("Shift+Tab")
        press(page, "Enter")
    expect(page.locator(".result")).to_contain_text("Round 1")


def test_hostile_name_is_shown_as_text(page: Page, site: SiteServer) -> None:
    hostile = "<img src=x onerror=alert(1)>"
    dialogs: list[str] = []

    def on_dialog(dialog: Dialog) -> None:
        dialogs.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", on_dialog)
    open_setup(page, site.url, "21")
    set_seats(page, [(hostile, "human"), ("Bo", "medium")])
    button(page, "Start").click()
    expect(page.locator(".seat-name").first).to_have_text(hostile)
    assert page.locator("#app img").count() == 0
    button(page, "Roll").click()
    expect(page.locator(".log-list")).to_contain_text(hostile)
    assert dialogs == []


def test_setup_errors_are_shown_next_to_the_field_and_do_not_start(
    page: Page, site: SiteServer
) -> None:
    open_setup(page, site.url, "21")
    set_seats(page, [("", "human"), ("Bo", "medium")])
    choose(page, "Fixed number of rounds")
    page.get_by_label("Rounds").fill("500")
    page.get_by_label("Rounds").press("Tab")
    button(page, "Start").click()
    expect(page.locator("#error-seat-0")).to_have_text("Give this player a name.")
    expect(page.locator("#error-rounds")).to_have_text("Choose a number from 1 to 99.")
    expect(page.get_by_role("heading", level=1)).to_contain_text("New game of 21")
    assert page.locator(".stage").count() == 0


def test_41_coach_says_what_to_do_with_the_figures_a_tap_away(page: Page, site: SiteServer) -> None:
    """With the coach on, a 41 turn shows one sentence naming the marked die, the
    figures only after a tap on "Show the figures" (and still open after the next
    throw), and the running score of the set-aside dice in the stage and on the felt."""
    page.set_viewport_size({"width": 1024, "height": 768})
    open_setup(page, site.url, "41")
    choose(page, "Family")
    set_seats(page, [("Ann", "human"), ("Bo", "medium")])
    button(page, "Start").click()
    assert wait_turn(page, through_moments=True) == "turn"
    bar_button(page, "Odds coach").click()
    say = page.locator(".coach .coach-say")
    # the first advice of a page solves 41's position table (a moment on a busy machine)
    expect(say).to_contain_text("Set aside the ", timeout=30_000)
    best = page.locator(".die-button.best").first
    value = best.get_attribute("data-value")
    expect(say).to_contain_text(f"Set aside the {value}: it gives the best score you can expect")
    figures = page.locator(".coach .coach-table")
    expect(figures).to_be_hidden()
    summary = page.locator(".coach summary", has_text="Show the figures")
    box = summary.bounding_box()
    assert box is not None and box["height"] >= 44 and box["width"] >= 44
    summary.click()
    expect(figures).to_be_visible()
    expect(figures.locator("tbody tr")).to_have_count(
        page.locator(".die-button").evaluate_all(
            "els => new Set(els.map(e => e.dataset.value)).size"
        )
    )
    expect(figures.locator("tr.best th")).to_have_text(str(value))
    kept: list[int] = []
    for _ in range(3):
        value = page.locator(".die-button.best").first.get_attribute("data-value") or "0"
        kept.append(int(value))
        page.locator(f".die-button.best[data-value='{value}']").first.click()
        expect(page.locator(".dice.kept .die")).to_have_count(len(kept))
        points = sum(kept) - (4 if 4 in kept else 0) - (1 if 1 in kept else 0)
        expect(page.locator(".set-aside .points-so-far")).to_contain_text(
            f"Points so far: {points}."
        )
        unit = "point" if points == 1 else "points"
        expect(page.locator(".felt-wrap")).to_contain_text(f"{points} {unit} so far")
        # the drawer a person opened stays open while the turn goes on
        expect(figures).to_be_visible()
    shoot(page, "dice41-coach-tablet")
    resize(page, 390, 844)
    shoot(page, "dice41-coach-phone")


def test_21_coach_sentence_and_its_figures(page: Page, site: SiteServer) -> None:
    open_setup(page, site.url, "21")
    set_seats(page, [("Ann", "human"), ("Bo", "medium")])
    button(page, "Start").click()
    assert wait_turn(page, through_moments=True) == "turn"
    bar_button(page, "Odds coach").click()
    say = page.locator(".coach .coach-say")
    expect(say).to_contain_text("Roll: every turn starts with a throw, and from here you win")
    button(page, "Roll").click()
    expect(say).to_have_text(re.compile(r"^(Roll on: rolling wins|Stop: you win) \d+(\.\d)?\s%"))
    page.locator(".coach summary").click()
    figures = page.locator(".coach .coach-figures")
    expect(figures).to_contain_text("Bust on the next throw")
    expect(figures).to_contain_text("Win if you stop now")
    expect(figures.locator("div.best")).to_have_count(1)
