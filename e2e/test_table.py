"""The real table on the built site (issue #16's Must show): the bots' cards stay on the
felt as cards until Continue; ten seats fit without scrolling at the three sizes; the
own hand is large; mute is remembered across a reload; axe on the table; nothing
animates with reduced motion."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from e2e.conftest import shoot
from e2e.helpers import (
    MATCH_TIMEOUT_MS,
    button,
    choose,
    open_setup,
    quiet,
    resize,
    set_seats,
    tap,
    wait_turn,
)
from e2e.server import SiteServer
from e2e.test_card_play import banker_move, twentyone_move

SIZES = {"tablet": (1024, 768), "portrait": (768, 1024), "phone": (390, 844)}
#: The felt's cards in front of the bots' seats (1 and 2), face up: SVG card art.
BOT_CARDS_UP = '.n21-scene [data-key^="s1-c"][data-face="up"] .n21-card-art'
BOT_CARDS_UP_2 = '.n21-scene [data-key^="s2-c"][data-face="up"] .n21-card-art'


def no_scrolling(page: Page) -> bool:
    return bool(
        page.evaluate(
            "() => document.documentElement.scrollHeight <= innerHeight + 1"
            " && document.documentElement.scrollWidth <= innerWidth + 1"
        )
    )


def test_tjueett_bots_cards_stay_on_the_felt_until_continue(page: Page, site: SiteServer) -> None:
    open_setup(page, site.url, "Tjueett")
    choose(page, "Fixed bank")
    set_seats(page, [("Ann", "human"), ("Bo", "medium"), ("Cy", "medium")])
    button(page, "Start").click()
    for _ in range(60):
        state = wait_turn(page)
        if state == "moment":
            break
        assert state == "turn", state
        banker_move(page)
    else:
        raise AssertionError("the round never ended")
    cards = page.locator(f"{BOT_CARDS_UP}, {BOT_CARDS_UP_2}")
    seen = cards.count()
    assert seen >= 2, "the bots' cards lie face up on the felt as cards"
    expect(page.locator(".moment-panel")).to_contain_text("Round 1 is over")
    shoot(page, "table-tjueett-moment")
    # Held: nothing is scheduled to run by itself (the page says so: no bot's move
    # waits to deal the next round), and the cards stay.
    quiet(page)
    assert page.locator(f"{BOT_CARDS_UP}, {BOT_CARDS_UP_2}").count() == seen
    assert page.locator('[data-action="act"]:not([disabled])').count() == 0
    tap(page, button(page, "Continue"))
    expect(page.locator(".moment-panel")).to_have_count(0)


@pytest.mark.parametrize("game", ["Tjueett", "Tjugoett"])
def test_ten_seats_fit_at_three_sizes_without_scrolling(
    page: Page, site: SiteServer, game: str
) -> None:
    open_setup(page, site.url, game)
    set_seats(page, [("Ann", "human")] + [(f"Bot {n}", "medium") for n in range(2, 11)])
    button(page, "Start").click()
    for turn in range(8):
        state = wait_turn(page)
        for size, (width, height) in SIZES.items():
            resize(page, width, height)
            expect(page.locator(".n21-scene .seat")).to_have_count(10)
            if not no_scrolling(page):
                shoot(page, f"ten-seats-{game.lower()}-{size}-scrolls")
            assert no_scrolling(page), f"{game} needs scrolling at {size} (turn {turn})"
            # every control on screen is inside the window
            outside = page.evaluate(
                """() => [...document.querySelectorAll('.table-side button, .n21-hand-card')]
                  .filter(b => { const r = b.getBoundingClientRect();
                    return r.width && (r.right > innerWidth + 1 || r.left < -1); })
                  .map(b => b.textContent.trim())"""
            )
            assert outside == [], f"{outside} outside the window at {size}"
            # and the move to make now is in view without scrolling anything
            hidden = page.evaluate(
                """() => [...document.querySelectorAll(
                    '[data-action="act"]:not([disabled]), [data-action="moment-seen"]')]
                  .filter(b => b.getBoundingClientRect().bottom > innerHeight + 1)
                  .map(b => b.textContent.trim())"""
            )
            if hidden:
                shoot(page, f"ten-seats-{game.lower()}-{size}-hidden")
            assert hidden == [], f"{hidden} below the window at {size} (turn {turn})"
        if state == "moment":
            tap(page, button(page, "Continue"))
        elif state == "turn":
            banker_move(page)
        else:
            break


def test_twentyone_hand_is_large_at_tablet_size(page: Page, site: SiteServer) -> None:
    open_setup(page, site.url, "Twenty One")
    set_seats(page, [("Ann", "human")] + [(f"Bot {n}", "medium") for n in range(2, 8)])
    button(page, "Start").click()
    assert wait_turn(page) == "turn"
    widths = page.evaluate(
        "() => [...document.querySelectorAll('.card-button .n21-card-art')]"
        ".map(s => s.getBoundingClientRect().width)"
    )
    assert widths and min(widths) >= 80, widths
    assert no_scrolling(page)
    twentyone_move(page)


def test_mute_is_remembered_across_a_reload(page: Page, site: SiteServer) -> None:
    open_setup(page, site.url, "41")
    set_seats(page, [("Ann", "human"), ("Bo", "medium")])
    button(page, "Start").click()
    sound = page.locator('[data-action="toggle-sound"]')
    expect(sound).to_have_attribute("aria-pressed", "true")
    sound.click()
    expect(sound).to_have_attribute("aria-pressed", "false")
    page.reload()
    page.wait_for_selector("html[data-ready='1']", timeout=60_000)
    sound = page.locator('[data-action="toggle-sound"]')
    expect(sound).to_have_attribute("aria-pressed", "false")
    page.wait_for_function("() => window.nordic21Sound", timeout=10_000)
    assert page.evaluate("() => window.nordic21Sound.muted()") is True
    assert page.evaluate("() => window.nordic21Sound.play('dice')") is False, "silent"
    sound.click()
    expect(sound).to_have_attribute("aria-pressed", "true")
    assert page.evaluate("() => window.nordic21Sound.muted()") is False


def test_table_and_moment_pass_axe(page: Page, site: SiteServer) -> None:
    from e2e.test_ui_quality import axe_findings

    open_setup(page, site.url, "Tjueett")
    set_seats(page, [("Ann", "human"), ("Bo", "medium"), ("Cy", "medium")])
    button(page, "Start").click()
    assert wait_turn(page) == "turn"
    assert axe_findings(page) == []
    for _ in range(60):
        state = wait_turn(page)
        if state == "moment":
            break
        banker_move(page)
    assert axe_findings(page) == []


def test_nothing_animates_with_reduced_motion(page: Page, site: SiteServer) -> None:
    page.emulate_media(reduced_motion="reduce")
    open_setup(page, site.url, "Tjueett")
    set_seats(page, [("Ann", "human"), ("Bo", "medium"), ("Cy", "medium")])
    button(page, "Start").click()
    page.wait_for_function("() => window.nordic21Motion", timeout=10_000)
    # Count every animation that starts while bots deal and draw and a round settles.
    page.evaluate(
        """() => { window.__started = 0;
          document.addEventListener('animationstart', () => window.__started++, true);
          document.addEventListener('transitionstart', () => window.__started++, true);
          const original = Element.prototype.animate;
          Element.prototype.animate = function (...args) {
            window.__started++; return original.apply(this, args); }; }"""
    )
    for _ in range(60):
        state = wait_turn(page)
        running = page.evaluate("() => document.getAnimations().length")
        assert running == 0, f"{running} animations running with reduced motion"
        if state == "moment":
            break
        banker_move(page)
    assert page.evaluate("() => window.__started") == 0
    assert page.locator(".n21-ghost").count() == 0


def test_motion_plays_without_reduced_motion(page: Page, site: SiteServer) -> None:
    """The counterpart: the same round does animate (so the test above means something)."""
    open_setup(page, site.url, "Tjueett")
    set_seats(page, [("Ann", "human"), ("Bo", "medium"), ("Cy", "medium")])
    button(page, "Start").click()
    page.wait_for_function("() => window.nordic21Motion", timeout=10_000)
    page.evaluate(
        """() => { window.__started = 0;
          const original = Element.prototype.animate;
          Element.prototype.animate = function (...args) {
            window.__started++; return original.apply(this, args); }; }"""
    )
    for _ in range(60):
        if wait_turn(page) == "moment":
            break
        banker_move(page)
    page.wait_for_function("() => window.__started > 0", timeout=MATCH_TIMEOUT_MS)


def test_guided_first_round_can_be_completed_and_is_offered_once(
    page: Page, site: SiteServer
) -> None:
    open_setup(page, site.url, "Tjueett")
    set_seats(page, [("Ann", "human"), ("Bo", "medium"), ("Cy", "medium")])
    button(page, "Start").click()
    guide = page.locator(".guide")
    said = guide.locator(".guide-text")  # (the other sentences lie unseen under it)
    expect(guide).to_contain_text("Your first round")
    expect(said).to_contain_text("You hold the bank")
    for _ in range(60):
        if wait_turn(page) == "moment":
            break
        banker_move(page)
    expect(said).to_contain_text("Tap Continue to end the guide")
    shoot(page, "table-guide-moment")
    tap(page, button(page, "Continue"))
    expect(guide).to_have_count(0)
    button(page, "Home").click()
    button(page, "Tjueett").click()
    button(page, "Start").click()
    wait_turn(page)
    expect(page.locator(".guide")).to_have_count(0)


def test_guided_first_round_can_be_skipped_and_stays_skipped(page: Page, site: SiteServer) -> None:
    open_setup(page, site.url, "41")
    set_seats(page, [("Ann", "human"), ("Bo", "medium")])
    button(page, "Start").click()
    expect(page.locator(".guide .guide-text")).to_contain_text("set it aside")
    button(page, "Skip the guide").click()
    expect(page.locator(".guide")).to_have_count(0)
    page.reload()
    page.wait_for_selector("html[data-ready='1']", timeout=60_000)
    expect(page.locator(".n21-scene")).to_have_count(1)
    expect(page.locator(".guide")).to_have_count(0)
