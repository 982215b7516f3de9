"""The redraw bugs a new player met, in a real Chromium against the built site (#15):
a tap right after typing, the scroll position of a new screen, and Back, Forward and
reload on every screen's address. Each fails on the innerHTML renderer without
addresses (before #15) and passes now."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from e2e.conftest import READY, READY_TIMEOUT_MS, open_app
from e2e.helpers import bar_button, button, patches, wait_patched
from e2e.server import SiteServer


def test_typing_a_name_then_tapping_start_at_once_starts_the_game(
    page: Page, site: SiteServer
) -> None:
    open_app(page, site.url, "?lang=en")
    button(page, "21").click()
    name = page.locator(".seat-row").first.get_by_role("textbox")
    name.click()
    name.fill("Ann")
    # No Tab, no waiting: the finger goes straight from the keyboard to Start. The
    # field's change event redraws the screen between the press and the release.
    button(page, "Start").click()
    expect(page.locator(".seat").first).to_contain_text("Ann")
    assert "#/play/" in page.url


def test_typing_in_a_field_keeps_focus_and_caret_through_a_redraw(
    page: Page, site: SiteServer
) -> None:
    open_app(page, site.url, "?lang=en")
    button(page, "21").click()
    second = page.locator(".seat-row").nth(1).get_by_role("combobox")
    name = page.locator(".seat-row").first.get_by_role("textbox")
    # A property of the element object itself (markup attributes are patched).
    name.evaluate("el => { el.nordic21Probe = 'kept' }")
    second.select_option("human")  # a change that redraws the screen
    expect(page.locator(".seat-row").nth(1).get_by_role("combobox")).to_have_value("human")
    # The same element (the probe survives), not a new copy of it.
    assert name.evaluate("el => el.nordic21Probe") == "kept"
    name.click()
    name.press("End")
    name.type("x")
    page.evaluate("() => { const el = document.activeElement; el.setSelectionRange(1, 1) }")
    # A redraw for another field's change while this one has focus and a caret.
    before = patches(page)
    second.evaluate("el => el.dispatchEvent(new Event('change', {bubbles: true}))")
    wait_patched(page, before)
    focused = page.evaluate(
        "() => [document.activeElement.dataset.focus, document.activeElement.selectionStart]"
    )
    assert focused == ["seat-name-0", 1]


def test_a_new_screen_starts_at_the_top(page: Page, site: SiteServer) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    open_app(page, site.url, "?lang=en")
    tile = button(page, "Twenty One")
    # Scrolled down as far as the tile still shows (a phone's home is taller than it).
    tile.evaluate("el => el.scrollIntoView({block: 'start'})")
    page.wait_for_function("window.scrollY > 100")
    tile.click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Twenty One")
    assert page.evaluate("window.scrollY") == 0


def test_back_forward_and_reload_on_each_address(page: Page, site: SiteServer) -> None:
    open_app(page, site.url, "?lang=en")
    heading = page.get_by_role("heading", level=1)
    button(page, "Tjueett").click()
    expect(heading).to_contain_text("Tjueett")
    assert page.url.endswith("?lang=en#/setup/tjueett") and "/nordic21/" in page.url
    page.get_by_role("button", name="Rules").first.click()
    expect(page.locator(".rules-text")).to_be_visible()
    assert page.url.endswith("#/rules/tjueett")
    page.go_back()
    expect(heading).to_contain_text("Tjueett")
    expect(page.locator(".seat-row")).not_to_have_count(0)
    page.go_forward()
    expect(page.locator(".rules-text")).to_be_visible()
    page.reload()
    page.wait_for_selector(READY, timeout=READY_TIMEOUT_MS)
    expect(page.locator(".rules-text")).to_be_visible()
    page.go_back()
    expect(page.locator(".seat-row")).not_to_have_count(0)
    button(page, "Start").click()
    expect(page.locator(".banker-table")).to_be_visible()
    match_url = page.url
    assert "#/play/" in match_url
    page.go_back()
    expect(page.locator(".seat-row")).not_to_have_count(0)
    page.go_back()
    expect(page.locator(".tiles")).to_be_visible()
    assert "#" not in page.url
    page.go_forward()
    page.go_forward()
    expect(page.locator(".banker-table")).to_be_visible()
    assert page.url == match_url
    page.reload()
    page.wait_for_selector(READY, timeout=READY_TIMEOUT_MS)
    expect(page.locator(".banker-table")).to_be_visible()
    assert page.url == match_url


def test_a_tap_in_progress_survives_a_bot_redraw(page: Page, site: SiteServer) -> None:
    """A finger is down on a button when a bot's move redraws the table; lifting it
    still presses that button."""
    page.add_init_script("try { localStorage.setItem('nordic21.speed', 'slow') } catch (e) {}")
    open_app(page, site.url, "?lang=en&seed=4")
    button(page, "21").click()
    rows = page.locator(".seat-row")
    for i in range(rows.count()):
        rows.nth(i).get_by_role("combobox").select_option("easy")
    button(page, "Start").click()
    coach = bar_button(page, "Odds coach")
    expect(coach).to_have_attribute("aria-pressed", "false")
    box = coach.bounding_box()
    assert box is not None
    log = page.locator(".log li")
    before = log.count()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.wait_for_function(
        "n => document.querySelectorAll('.log li').length > n", arg=before, timeout=10_000
    )
    page.mouse.up()
    expect(coach).to_have_attribute("aria-pressed", "true")
