"""The home screen answers at once: the build's prerendered home is on screen before
Python runs, a tap made then is answered (a language, a game's setup) or kept, shown as
"setting up the table", and carried out once Python is ready, and Python's first screen
is the very same markup (no flash)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from e2e.conftest import READY, READY_TIMEOUT_MS, HeldZip, shoot
from e2e.server import SiteServer

LANGS = ("nb", "sv", "da", "en")


def same_as_python(page: Page, lang: str) -> tuple[str, str]:
    """Python's home screen and the build's template of ``lang``, as the DOM has them."""
    python, built = page.evaluate(
        """(lang) => {
          const t = document.createElement('div');
          t.append(document.getElementById('home-' + lang).content.cloneNode(true));
          return [document.getElementById('app').innerHTML, t.innerHTML];
        }""",
        lang,
    )
    return str(python), str(built)


@pytest.mark.parametrize("lang", LANGS)
def test_prerendered_home_is_what_python_draws(page: Page, site: SiteServer, lang: str) -> None:
    page.goto(site.url + f"?lang={lang}")
    page.wait_for_selector(READY, timeout=READY_TIMEOUT_MS)
    python, built = same_as_python(page, lang)
    assert python == built, "Python's first screen must equal the prerendered one"


def test_home_is_on_screen_before_python(page: Page, site: SiteServer, held: HeldZip) -> None:
    page.goto(site.url + "?lang=nb")
    expect(page.get_by_role("heading", name="Velg et spill")).to_be_visible()
    expect(page.get_by_role("button", name="Tjueett", exact=True)).to_be_visible()
    assert page.evaluate("document.documentElement.dataset.ready") == "0"
    assert page.evaluate("document.documentElement.lang") == "nb"
    held.release()
    page.wait_for_selector(READY, timeout=READY_TIMEOUT_MS)


def test_a_tap_before_python_is_answered_and_carried_out(
    page: Page, site: SiteServer, held: HeldZip
) -> None:
    """A tile's tap shows the game's setup at once (e2e/test_static_setup.py has the
    rest); a tap the prerendered screens cannot answer, Start, waits for Python."""
    page.goto(site.url + "?lang=en")
    page.get_by_role("button", name="Twenty One", exact=True).click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Twenty One")
    start = page.get_by_role("button", name="Start", exact=True)
    start.click()
    expect(start).to_have_attribute("aria-busy", "true")
    expect(page.locator("#boot-status")).to_have_text("Setting up the table…")
    shoot(page, "home-tap-before-python")
    assert page.evaluate("document.documentElement.dataset.ready") == "0"
    held.release()
    page.wait_for_selector(READY, timeout=READY_TIMEOUT_MS)
    expect(page.locator("main.table")).to_be_visible()


def test_the_setting_up_state_is_translated(page: Page, site: SiteServer, held: HeldZip) -> None:
    page.goto(site.url + "?lang=sv")
    page.get_by_role("button", name="21", exact=True).click()
    expect(page.locator("#boot-status")).to_have_text("Dukar fram bordet …")
    page.locator('#app [data-action="start-game"]').click()
    expect(page.locator("#boot-status")).to_have_text("Gör i ordning bordet …")


def test_a_reload_of_a_match_gets_the_shell_not_the_home(
    page: Page, site: SiteServer, held: HeldZip
) -> None:
    page.add_init_script("localStorage.setItem('nordic21.open', 'gone')")
    page.goto(site.url + "?lang=en")
    expect(page.locator("#boot")).to_be_visible()
    assert page.locator(".tiles").count() == 0


#: Records when each element marked with ``elementtiming`` was first painted.
PAINTED = """
window.__painted = {};
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    const seen = window.__painted;
    if (!(e.identifier in seen)) seen[e.identifier] = e.renderTime || e.loadTime;
  }
}).observe({ type: "element", buffered: true });
"""


def test_a_late_page_paints_the_shell_then_the_home(
    page: Page, site: SiteServer, held: HeldZip
) -> None:
    """A page that is late (its document 400 ms away here, as on a slow link) paints
    the loading shell first and the home in a frame after it, rather than holding its
    first paint back for the home's layout (web/boot.js, LATE_MS)."""
    page.add_init_script(PAINTED)
    link = page.context.new_cdp_session(page)
    link.send("Network.enable")
    slow = {"offline": False, "latency": 400, "downloadThroughput": -1, "uploadThroughput": -1}
    link.send("Network.emulateNetworkConditions", slow)
    page.goto(site.url + "?lang=en", wait_until="commit")
    # the document is in: the rest of the site comes at the link's usual speed
    link.send("Network.emulateNetworkConditions", {**slow, "latency": 0})
    expect(page.get_by_role("heading", name="Choose a game")).to_be_visible()
    page.wait_for_function("window.__painted && window.__painted['first-screen'] !== undefined")
    home = page.evaluate("window.__painted['first-screen']")
    first = page.evaluate(
        "performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null"
    )
    # The first contentful paint came before the home's: it was the shell's. (The
    # shell's own Element Timing entry is dropped when the home replaces it before the
    # frame is presented.)
    assert first is not None and first < home, (first, home)
    assert page.evaluate("document.documentElement.dataset.ready") == "0"
    # the home answers taps as on time
    page.get_by_role("button", name="Twenty One", exact=True).click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Twenty One")
    held.release()
    page.wait_for_selector(READY, timeout=READY_TIMEOUT_MS)
