"""The card table's pieces in a real Chromium, as the built site serves them.

The preview pages of ``e2e/shots.py`` (made from ``web.table``, with the site's CSP)
are served beside the built site: the deal animates and reports what it did, reduced
motion stops every animation, mute is remembered across a reload and silences the
vibration too, the hand's buttons work by keyboard, axe-core finds nothing serious, and
ten seats fit without scrolling at the three sizes.
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from e2e.conftest import SITE, Guard, check_guard, guard_context
from e2e.server import SiteServer
from e2e.shots import LOADED, SIZES, write_previews
from e2e.test_ui_quality import axe_findings

#: Records vibrations instead of making them (headless Chromium has no motor).
VIBRATE_PROBE = """
window.__vibrations = [];
Object.defineProperty(navigator, 'vibrate', {
  value: (p) => { window.__vibrations.push(p); return true; },
});
"""


@pytest.fixture(scope="module")
def previews() -> Iterator[tuple[SiteServer, dict[tuple[int, int], dict[str, str]]]]:
    """The built site with the preview pages beside it, for every size."""
    if not (SITE / "index.html").is_file():
        pytest.fail("_site/ is not built: run `make site` (make test does it)")
    with tempfile.TemporaryDirectory(prefix="nordic21-table-") as tmp:
        root = Path(tmp)
        for entry in SITE.iterdir():
            (root / entry.name).symlink_to(entry)
        urls = {size: write_previews(root, *size) for size in SIZES}
        server = SiteServer(root).start()
        yield server, urls
        server.stop()


def _open(page: Page, previews: Any, name: str, size: tuple[int, int] = (1024, 768)) -> Page:
    server, urls = previews
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(server.url + urls[size][name])
    page.wait_for_function(LOADED)
    return page


def test_a_deal_flies_from_the_deck_and_cleans_up(page: Page, previews: Any) -> None:
    _open(page, previews, "deal")
    summary = page.evaluate("window.preview.show()")
    assert summary["dealt"] == 10  # five seats, two cards each
    assert summary["chips"] == 5  # everyone's stake slid into the pot
    assert page.evaluate("window.nordic21Motion.running()") > 10
    # only transform and opacity are animated
    props = page.evaluate(
        "[...new Set(document.getAnimations().flatMap(a => a.effect.getKeyframes()"
        ".flatMap(k => Object.keys(k)).filter(p => !['offset','easing','composite',"
        "'computedOffset'].includes(p))))]"
    )
    assert set(props) <= {"transform", "opacity"}, props
    page.evaluate("window.nordic21Motion.settled()")
    assert page.evaluate("window.nordic21Motion.running()") == 0
    assert page.evaluate("document.querySelectorAll('.n21-ghosts > *').length") == 0
    # back to the empty table: the cards are gathered to the deck as flying copies
    summary = page.evaluate("window.preview.show()")
    assert summary["gathered"] == 10
    page.evaluate("window.nordic21Motion.settled()")
    assert page.evaluate("document.querySelectorAll('.n21-ghosts > *').length") == 0


def test_reduced_motion_stops_every_animation(browser: Browser, previews: Any) -> None:
    guard = Guard()
    context = guard_context(browser.new_context(reduced_motion="reduce"), guard)
    page = _open(context.new_page(), previews, "deal")
    summary = page.evaluate("window.preview.show()")
    assert summary["dealt"] == 10  # still told, so sound can follow
    assert page.evaluate("document.getAnimations().length") == 0
    assert page.evaluate("document.querySelectorAll('.n21-ghosts > *').length") == 0
    # turned on in the middle of a deal: everything jumps to its end at once
    page.emulate_media(reduced_motion="no-preference")
    page.evaluate("window.preview.show()")
    page.evaluate("window.preview.show()")
    assert page.evaluate("window.nordic21Motion.running()") > 0
    page.emulate_media(reduced_motion="reduce")
    page.wait_for_function("() => document.getAnimations().length === 0", timeout=2000)
    check_guard(context, guard)
    context.close()


def test_mute_is_remembered_and_silences_vibration(page: Page, previews: Any) -> None:
    page.add_init_script(VIBRATE_PROBE)
    _open(page, previews, "cards")
    assert page.evaluate("window.nordic21Sound.muted()") is False
    page.mouse.click(5, 5)  # a tap: browsers allow audio only after one
    assert page.evaluate("window.nordic21Sound.play('bust')") is True
    assert page.evaluate("window.__vibrations") == [[40, 60, 40]]
    assert page.evaluate("window.nordic21Sound.toggle()") is True
    assert page.evaluate("localStorage.getItem('nordic21.sound')") == "off"
    page.reload()
    page.wait_for_function(LOADED)
    page.mouse.click(5, 5)
    assert page.evaluate("window.nordic21Sound.muted()") is True
    assert page.evaluate("window.nordic21Sound.play('win')") is False
    assert page.evaluate("window.__vibrations") == []
    page.evaluate("window.nordic21Sound.setMuted(false)")
    assert page.evaluate("localStorage.getItem('nordic21.sound')") == "on"


def test_the_motion_events_play_sounds_only_after_a_tap(page: Page, previews: Any) -> None:
    page.add_init_script(VIBRATE_PROBE)
    _open(page, previews, "deal")
    page.evaluate("window.preview.show()")  # before any tap: silently skipped
    assert page.evaluate("window.__vibrations") == []
    page.mouse.click(5, 5)
    page.evaluate("window.nordic21Motion.settled()")
    page.evaluate("window.preview.show()")  # chips go back to the seats: a clink, a buzz
    page.evaluate("window.preview.show()")  # and into the pot again
    page.evaluate(
        "document.dispatchEvent(new CustomEvent('nordic21:motion',"
        " {detail: {moments: ['twentyone']}}))"
    )
    assert page.evaluate("window.__vibrations") == [12, 12, [30, 50, 80]]


def test_hand_cards_are_buttons_a_keyboard_can_use(page: Page, previews: Any) -> None:
    _open(page, previews, "table-twentyone")
    buttons = page.locator(".n21-hand button")
    assert buttons.count() == 7
    assert page.locator(".n21-hand button:disabled").count() == 4
    first = buttons.first
    first.focus()
    assert page.evaluate("document.activeElement.dataset.action") == "play"
    box = first.bounding_box()
    assert box is not None and box["width"] >= 80  # #16: at least 80 px at 1024x768
    assert axe_findings(page) == []


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name", ["table-tjueett", "table-dice41", "table-twentyone"])
def test_full_tables_fit_without_scrolling(
    page: Page, previews: Any, size: tuple[int, int], name: str
) -> None:
    _open(page, previews, name, size)
    overflow = page.evaluate(
        "[document.documentElement.scrollWidth - innerWidth,"
        " document.documentElement.scrollHeight - innerHeight]"
    )
    assert overflow[0] <= 0 and overflow[1] <= 0, overflow
    assert page.locator("[data-key^='seat-']").count() in (7, 8, 10)


def test_a_card_that_moves_and_turns_up_starts_at_its_own_size(page: Page, previews: Any) -> None:
    """A card moved and turned up in one step (a hand's last card laid face up on its
    seat at a deal's end) slides from where it was at its own size and opens from its
    edge; its landing place is measured before its turn starts, or it slid in fifty
    times its width, a white bar across the table."""
    _open(page, previews, "table-tjueett")
    start = page.evaluate(
        """() => {
          const m = window.nordic21Motion;
          const card = document.querySelector('[data-key="s0-c0"]');
          const rest = card.getBoundingClientRect().width;
          m.capture();
          card.setAttribute('data-face', 'up');
          card.style.translate = '120px 0';  // it lands somewhere else
          const summary = m.play();
          for (const a of card.getAnimations()) { a.pause(); a.currentTime = 0; }
          return { summary, rest, first: card.getBoundingClientRect().width };
        }"""
    )
    assert start["summary"]["flipped"] == 1 and start["summary"]["moved"] >= 1, start
    assert start["first"] <= start["rest"] * 1.05, start


def test_dice_tumble_cards_turn_and_moments_pop(page: Page, previews: Any) -> None:
    _open(page, previews, "table-tjueett")
    summary = page.evaluate(
        """() => {
          const m = window.nordic21Motion;
          m.capture();
          // a face-down card turned up, as when the bank shows its hidden card
          document.querySelector('[data-key="s0-c0"]').setAttribute('data-face', 'up');
          return m.play();
        }"""
    )
    assert summary["flipped"] == 1
    _open(page, previews, "table-dice41")
    summary = page.evaluate(
        """() => {
          const m = window.nordic21Motion;
          m.capture();
          const die = document.querySelector('[data-motion="die"]');
          die.setAttribute('data-value', die.getAttribute('data-value') === '6' ? '5' : '6');
          return m.play();
        }"""
    )
    assert summary["dice"] == 1
    assert page.evaluate("window.nordic21Motion.running()") == 1
    # a moment (the 21!) pops up when it first appears
    _open(page, previews, "table-tjueett")
    summary = page.evaluate(
        """() => {
          const m = window.nordic21Motion;
          const moment = document.querySelector('[data-moment]');
          const parent = moment.parentNode;
          moment.remove();
          m.capture();
          parent.appendChild(moment);
          return m.play();
        }"""
    )
    assert summary["moments"] == ["twentyone"]
    assert page.evaluate("window.nordic21Motion.running()") >= 1
