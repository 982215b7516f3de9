"""Playing Tjueett, Tjugoett and Twenty One in the real built site, by clicking.

Pass-and-play keeps hidden cards out of the page: while the hand-off screen is shown,
or while another person has the turn, the other hand's hidden cards are neither in
the DOM nor in the accessibility tree.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

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
    wait_turn,
)
from e2e.server import SiteServer


def enabled(page: Page, name: str) -> bool:
    target = button(page, name)
    return bool(target.count() > 0 and target.first.is_enabled())


#: The banker games' moves, in the plain strategy's order of preference.
BANKER_MOVES = ("Stake", "Bet", "Stand", "Draw")


def banker_move(page: Page) -> None:
    """A plain strategy: smallest stake or bet; stand as soon as allowed. The button
    pressed carries the core's move of its name (the stake or bet: the smallest)."""
    for name in BANKER_MOVES:
        if enabled(page, name):
            target = button(page, name).first
            assert target.evaluate("(el, css) => el.matches(css)", move_css(name)), name
            tap(page, target)
            return
    raise AssertionError("no banker-game move on screen")


def twentyone_move(page: Page) -> None:
    """Open the exchange, keep the hand, play the first card (or pair) that is allowed."""
    for name in ("Open the exchange", "Keep my hand", "Pass"):
        if enabled(page, name):
            tap(page, button(page, name))
            return
    cards = page.locator(".card-button:not([disabled])")
    values = [int(c.get_attribute("data-card") or "0") for c in cards.all()]
    if enabled(page, "Discard") or button(page, "Discard").count():
        tap(page, cards.first)
        tap(page, button(page, "Discard"))
        return
    for index in range(len(values)):
        tap(page, cards.nth(index))
        if enabled(page, "Play"):
            # the Play button carries the picked card, in the core's codec
            expect(page.locator(move_css("Play", cards=[values[index]]))).to_have_count(1)
            tap(page, button(page, "Play"))
            return
        tap(page, cards.nth(index))
    for i, a in enumerate(values):
        for j in range(i + 1, len(values)):
            if a % 13 == values[j] % 13:
                tap(page, cards.nth(i))
                tap(page, cards.nth(j))
                if enabled(page, "Play"):
                    tap(page, button(page, "Play"))
                    return
                tap(page, cards.nth(i))
                tap(page, cards.nth(j))
    raise AssertionError(f"no Twenty One move found among {values}")


MOVES = {"Tjueett": banker_move, "Tjugoett": banker_move, "Twenty One": twentyone_move}
PRESETS = {"Tjueett": "Fixed bank", "Tjugoett": "Classic", "Twenty One": "Classic"}


def play_to_the_end(page: Page, game: str, limit: int = 400) -> None:
    for _ in range(limit):
        state = wait_turn(page)
        if state == "over":
            return
        if state == "cover":
            tap(page, button(page, "Show my cards"))
            continue
        if state == "moment":
            tap(page, button(page, "Continue"))
            continue
        MOVES[game](page)
    raise AssertionError("the match did not end")


@pytest.mark.parametrize("game", list(MOVES))
def test_full_match_one_human_and_bots(page: Page, site: SiteServer, game: str) -> None:
    open_setup(page, site.url, game)
    choose(page, PRESETS[game])
    set_seats(page, [("Ann", "human"), ("Bo", "medium"), ("Cy", "easy")])
    button(page, "Start").click()
    expect(page.locator(".seat")).to_have_count(3)
    shoot(page, f"{game.replace(' ', '').lower()}-play-tablet")
    assert page.locator('[data-action="show-cards"]').count() == 0, "one person: no hand-off"
    play_to_the_end(page, game)
    expect(page.locator(".standing")).to_have_count(3)
    shoot(page, f"{game.replace(' ', '').lower()}-over-tablet")


@pytest.mark.parametrize("game", list(MOVES))
def test_all_bot_match_ends(page: Page, site: SiteServer, game: str) -> None:
    open_setup(page, site.url, game)
    choose(page, PRESETS[game])
    set_seats(page, [("Ada", "expert"), ("Bea", "medium"), ("Cid", "easy")])
    button(page, "Start").click()
    page.wait_for_selector(".match-over", timeout=MATCH_TIMEOUT_MS)
    expect(page.locator(".standing")).to_have_count(3)


def secret_labels(page: Page) -> list[str]:
    """Names of the cards only the person now looking may see."""
    labels = []
    for el in page.locator(".card.own-hidden").all():
        labels.append((el.get_attribute("aria-label") or "").split(" (")[0])
    for el in page.locator(".card-button .sr-only").all():
        labels.append(el.text_content() or "")
    return [label for label in labels if label]


def assert_absent(page: Page, labels: list[str]) -> None:
    html = page.content()
    tree = page.locator("body").aria_snapshot()
    for label in labels:
        assert label not in html, f"{label!r} is in the page"
        assert label not in tree, f"{label!r} is in the accessibility tree"


@pytest.mark.parametrize("game", list(MOVES))
def test_pass_and_play_keeps_hidden_cards_out_of_the_page(
    page: Page, site: SiteServer, game: str
) -> None:
    open_setup(page, site.url, game)
    choose(page, PRESETS[game])
    seats = [("Ann", "human"), ("Bo", "human")] + ([("Cy", "medium")] if game == "Tjugoett" else [])
    set_seats(page, seats)
    button(page, "Start").click()
    checked = 0
    for _ in range(120):
        state = wait_turn(page)
        if state == "over" or checked >= 4:
            break
        if state == "moment":
            tap(page, button(page, "Continue"))
            continue
        if state == "cover":
            expect(page.get_by_role("heading", level=2)).to_contain_text("Pass to")
            assert page.locator(".card.own-hidden, .card-button").count() == 0
            tap(page, button(page, "Show my cards"))
            continue
        who = page.locator(".turn-banner").inner_text().split(",")[0]
        secrets = secret_labels(page)
        MOVES[game](page)
        state = wait_turn(page)
        if state != "cover":
            continue
        # Handed over: the previous person's hidden cards must be gone from the page...
        assert_absent(page, [s for s in secrets if s])
        tap(page, button(page, "Show my cards"))
        wait_turn(page)
        now = (
            page.locator(".turn-banner").inner_text().split(",")[0]
            if page.locator(".turn-banner").count()
            else ""
        )
        if now and now != who:
            # ... and stay out while the other person plays (cards since shown excepted).
            shown_since = page.locator(".trick-play .card, .payouts").all_inner_texts()
            still_secret = [s for s in secrets if not any(s in t for t in shown_since)]
            tree = page.locator("body").aria_snapshot()
            table_cards = [
                c.get_attribute("aria-label") or ""
                # the seat list says in words what the felt shows face up
                for c in page.locator(".trick .card, .seat-line .card").all()
            ]
            for label in still_secret:
                assert label not in tree or label in table_cards, f"{label!r} leaked to {now}"
            checked += 1
    assert checked >= 1, "never saw a hand-off between the two people"


def test_keyboard_only_tjueett_round(page: Page, site: SiteServer) -> None:
    """Tab and Enter alone: open the game, start, stake/bet, draw or stand, to the round's end."""
    page.add_init_script("try { localStorage.setItem('nordic21.speed', 'fast') } catch (e) {}")
    page.goto(site.url + "?lang=en")
    page.wait_for_selector("html[data-ready='1']", timeout=60_000)

    def focused() -> str:
        return str(
            page.evaluate(
                "() => { const e = document.activeElement;"
                " return e ? (e.getAttribute('aria-label') || e.textContent || '').trim() : '' }"
            )
        )

    def tab_to(names: set[str], limit: int = 80) -> str:
        for _ in range(limit):
            page.keyboard.press("Tab")
            if focused() in names:
                return focused()
        raise AssertionError(f"could not reach any of {names} with Tab")

    tab_to({"Tjueett"})
    page.keyboard.press("Enter")
    tab_to({"Start"})
    page.keyboard.press("Enter")
    for _ in range(60):
        state = wait_turn(page)
        if (
            state == "over"
            or page.locator(".moment-panel").filter(has_text="Round 1 is over").count()
        ):
            break
        if state == "moment":  # a round's end held on the felt: Continue
            tab_to({"Continue"})
            press(page, "Enter")
            continue
        name = tab_to({"Stake", "Bet", "Stand", "Draw"})
        if name == "Draw" and enabled(page, "Stand"):
            name = tab_to({"Stand"})
        press(page, "Enter")
    expect(page.locator(".log-list")).to_contain_text("Round 1 is over")


@pytest.mark.parametrize("game", list(MOVES))
def test_card_tables_at_tablet_and_phone_sizes_pass_axe(
    page: Page, site: SiteServer, game: str
) -> None:
    from e2e.test_ui_quality import axe_findings, layout_problems

    open_setup(page, site.url, game)
    choose(page, PRESETS[game])
    set_seats(page, [("Ann", "human"), ("Bo", "medium"), ("Cy", "medium")])
    button(page, "Start").click()
    for _ in range(6):
        if wait_turn(page) != "turn":
            break
        MOVES[game](page)
    wait_turn(page)
    bar_button(page, "Odds coach").click()
    findings = axe_findings(page)
    slug = game.replace(" ", "").lower()
    problems = {}
    for size, (width, height) in {"tablet": (1024, 768), "phone": (390, 844)}.items():
        resize(page, width, height)
        problems[size] = layout_problems(page)
        shoot(page, f"{slug}-table-{size}")
    assert findings == []
    assert problems == {"tablet": [], "phone": []}


#: The Twenty One coach's sentence: the move as its button names it (or the cards to
#: pick), then why, by the expert's estimate.
COACH_SAYS = re.compile(
    r"^(Open the exchange|No exchange|Keep my hand|Pass|(Swap|Play|Discard) \S.*?): "
    r"(by the expert's estimate you win the game \d+\s% of the time, "
    r"(against|about as often as if you)|there is nothing else to choose"
    r"|by the expert's estimate it makes no difference; you win the game \d+\s% of the "
    r"time whatever you choose"
    r"|by the expert's estimate it barely matters; you win the game about \d+\s% of the "
    r"time, and almost as often if you)"
)


def test_twentyone_coach_says_the_move_and_why_with_the_figures_a_tap_away(
    page: Page, site: SiteServer
) -> None:
    open_setup(page, site.url, "Twenty One")
    choose(page, PRESETS["Twenty One"])
    set_seats(page, [("Ann", "human"), ("Bo", "medium"), ("Cy", "medium")])
    button(page, "Start").click()
    coached = 0
    opened = False
    for _ in range(60):
        state = wait_turn(page)
        if state == "over" or (coached >= 4 and opened):
            break
        if state == "moment":
            tap(page, button(page, "Continue"))
            continue
        if not coached:
            tap(page, bar_button(page, "Odds coach"))
        say = page.locator(".coach .coach-say")
        expect(say).to_have_text(COACH_SAYS)
        figures = page.locator(".coach .coach-figures")
        text = say.inner_text()
        # a decision with one choice has no figures (the match's seed is random: the
        # first coached decision may be one)
        if "nothing else to choose" not in text:
            if not opened:
                expect(figures).to_be_hidden()
                page.locator(".coach summary", has_text="Show the figures").click()
                opened = True
            # every choice's estimate with its margin, the suggested one marked
            expect(figures.locator("div.best")).to_have_count(1)
            expect(figures).to_contain_text("±")
        coached += 1
        move = text.split(":")[0]
        if move in ("Open the exchange", "No exchange", "Keep my hand", "Pass"):
            tap(page, button(page, move))
        else:
            twentyone_move(page)
    assert coached >= 4 and opened, "four coached decisions, the figures opened on one"
    shoot(page, "twentyone-coach-tablet")
