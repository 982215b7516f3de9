"""Setup that gets out of the way (issue #16): on a tablet, held either way, Start is in
view without scrolling for every game's setup with its defaults, and one tap on it
starts the game; the variant buttons and the options never offer the same choice."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from e2e.conftest import shoot
from e2e.helpers import button, open_setup
from e2e.server import SiteServer

TABLETS = {"landscape": (1024, 768), "portrait": (768, 1024)}
#: Each game by its tile's name, with the options its variants decide.
GAMES = {
    "21": ("dice", "target"),
    "41": ("chips", "match"),
    "Tjueett": ("bank",),
    "Tjugoett": ("banker_plays",),
    "Twenty One": ("scoring",),
}
#: Whether the element's centre is the element itself (not under the sticky bar's
#: gradient or anything else), and wholly inside the window.
IN_VIEW = """(el) => { const r = el.getBoundingClientRect();
  const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
  return r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth
    && (hit === el || el.contains(hit)); }"""


@pytest.mark.parametrize("game", list(GAMES))
def test_start_is_in_view_on_a_tablet_with_the_defaults(
    page: Page, site: SiteServer, game: str
) -> None:
    width, height = TABLETS["landscape"]
    page.set_viewport_size({"width": width, "height": height})
    open_setup(page, site.url, game)
    for size, (width, height) in TABLETS.items():
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate("window.scrollTo(0, 0)")
        start = button(page, "Start")
        expect(start).to_be_visible()
        if not start.evaluate(IN_VIEW):
            shoot(page, f"setup-{game.lower().replace(' ', '')}-{size}-start-hidden")
        assert start.evaluate(IN_VIEW), f"Start is not in view on the {size} tablet ({game})"
        assert page.evaluate("() => scrollY") == 0
    for field in GAMES[game]:
        assert page.locator(f'[data-action="set-option"][data-name="{field}"]').count() == 0
        assert page.locator(f'[data-field="option"][data-name="{field}"]').count() == 0
    assert page.locator('[data-action="set-preset"]').count() >= 2
    start.click()
    expect(page.locator(".n21-scene")).to_have_count(1, timeout=30_000)


def test_a_long_form_scrolls_under_start(page: Page, site: SiteServer) -> None:
    """Ten seats make the form longer than the window: Start stays in view at its
    bottom edge while the form scrolls, and the last field can still be reached."""
    page.set_viewport_size({"width": 768, "height": 1024})
    open_setup(page, site.url, "Tjueett")
    while button(page, "Add a player").is_enabled():
        button(page, "Add a player").click()
    expect(page.locator(".seat-row")).to_have_count(10)
    start = button(page, "Start")
    assert start.evaluate(IN_VIEW)
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    assert start.evaluate(IN_VIEW)
    last = page.locator('[data-field="option"]').last
    last.scroll_into_view_if_needed()
    assert last.evaluate(IN_VIEW), "the sticky bar never covers the last field for good"
