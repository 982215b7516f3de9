"""Languages, accessibility (axe-core), layout at tablet and phone sizes, screenshots."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from e2e.conftest import open_app, shoot
from e2e.helpers import AT_REST_JS, bar_button, button, open_setup, resize
from e2e.server import SiteServer

ROOT = Path(__file__).resolve().parent.parent
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
SIZES = {
    "tablet-landscape": (1024, 768),
    "tablet-portrait": (768, 1024),
    "ipad-air-landscape": (1180, 820),
    "ipad-air-portrait": (820, 1180),
    "phone": (390, 844),
}


def axe_findings(page: Page) -> list[str]:
    """Serious and critical axe-core violations on the page as it is now."""
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        # Evaluated through the DevTools protocol, so the page's CSP does not block it.
        page.evaluate(AXE.read_text("utf-8") + "\n;undefined")
    # The page at rest: a card or die in flight (motion.js) is drawn over the text for
    # a moment, and axe would measure the contrast against it.
    page.evaluate(
        "async () => { if (window.nordic21Motion) await window.nordic21Motion.settled() }"
    )
    result = page.evaluate(
        "async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
        ".filter(v => ['serious', 'critical'].includes(v.impact))"
        ".map(v => v.id + ': ' + v.nodes.map(n => n.target.join(' ')).slice(0, 3).join(', '))"
    )
    return list(result)


def layout_problems(page: Page) -> list[str]:
    """Horizontal scrolling, and visible controls smaller than 44 x 44 CSS pixels, measured
    at rest: a piece still moving (a FLIP scale of the table's motion) is measured once
    its animation has ended, as a person sees it."""
    return list(
        page.evaluate(
            """async () => {
              await (AT_REST)();
              const out = [];
              if (document.documentElement.scrollWidth > window.innerWidth + 1)
                out.push('horizontal scroll: ' + document.documentElement.scrollWidth);
              for (const el of document.querySelectorAll('#app button, #app input, #app select')) {
                const r = el.getBoundingClientRect();
                if (r.width === 0 && r.height === 0) continue;
                if (el.type === 'checkbox' || el.classList.contains('sr-only')) {
                  // The control is its label: measure that.
                  const box = el.closest('label').getBoundingClientRect();
                  if (box.height < 44) out.push('small label of ' + el.type);
                  continue;
                }
                const name = (el.textContent || el.getAttribute('aria-label') || el.tagName).trim();
                if (r.width < 44 || r.height < 44)
                  out.push(`small target: ${name} ${Math.round(r.width)}x${Math.round(r.height)}`);
              }
              return out;
            }""".replace("AT_REST", AT_REST_JS)
        )
    )


def touch_problems(page: Page) -> list[str]:
    """Controls a double tap would zoom, hover rules a touch screen would need, and a
    body that ignores the safe areas of an iPad's or iPhone's screen."""
    return list(
        page.evaluate(
            """() => {
              const out = [];
              const HOVER = new RegExp('[(]hover: *hover[)]');
              for (const el of document.querySelectorAll('#app button, #app input, #app select')) {
                const r = el.getBoundingClientRect();
                if (r.width === 0 && r.height === 0) continue;
                const touch = getComputedStyle(el).touchAction;
                if (!['manipulation', 'none'].includes(touch))
                  out.push(`double tap zooms: ${(el.textContent || el.tagName).trim()} (${touch})`);
              }
              const walk = (rules, hoverMedia) => {
                for (const rule of rules) {
                  if (rule.cssRules && rule.media)
                    walk(rule.cssRules, hoverMedia || HOVER.test(rule.media.mediaText));
                  else if (rule.selectorText && rule.selectorText.includes(':hover') && !hoverMedia)
                    out.push('hover rule outside @media (hover: hover): ' + rule.selectorText);
                }
              };
              for (const sheet of document.styleSheets) walk(sheet.cssRules, false);
              const padding = [...document.styleSheets].flatMap(s => [...s.cssRules])
                .filter(r => r.selectorText === 'body').map(r => r.style.padding).join(' ');
              if (!['top', 'right', 'bottom', 'left'].every(
                  side => padding.includes('safe-area-inset-' + side)))
                out.push('body padding does not keep to the safe areas: ' + padding);
              return out;
            }"""
        )
    )


def test_language_switch_is_remembered_and_query_overrides(page: Page, site: SiteServer) -> None:
    open_app(page, site.url)
    button(page, "Norsk").click()
    expect(page.get_by_role("heading", name="Velg et spill")).to_be_visible()
    expect(page.locator("html")).to_have_attribute("lang", "nb")
    page.reload()
    page.wait_for_selector("html[data-ready='1']")
    expect(page.get_by_role("heading", name="Velg et spill")).to_be_visible()
    open_app(page, site.url, "?lang=da")
    expect(page.get_by_role("heading", name="Vælg et spil")).to_be_visible()
    button(page, "Svenska").click()
    expect(page.get_by_role("heading", name="Välj ett spel")).to_be_visible()
    button(page, "21").click()
    expect(page.get_by_role("button", name="Starta")).to_be_visible()


def test_browser_language_is_the_default(browser, site: SiteServer) -> None:  # type: ignore[no-untyped-def]
    context = browser.new_context(locale="sv-SE")
    page = context.new_page()
    open_app(page, site.url)
    expect(page.get_by_role("heading", name="Välj ett spel")).to_be_visible()
    context.close()


@pytest.mark.parametrize("size", list(SIZES))
def test_screens_at_tablet_and_phone_sizes(page: Page, site: SiteServer, size: str) -> None:
    width, height = SIZES[size]
    page.set_viewport_size({"width": width, "height": height})
    open_setup(page, site.url, "21")
    setup_problems = layout_problems(page)
    shoot(page, f"dice21-setup-{size}")
    button(page, "Start").click()
    button(page, "Roll").click()
    bar_button(page, "Odds coach").click()
    expect(page.locator(".coach")).to_be_visible()
    play_problems = layout_problems(page)
    shoot(page, f"dice21-play-{size}")
    button(page, "Home").click()
    home_problems = layout_problems(page)
    shoot(page, f"home-{size}")
    # the four languages on one line (on a phone English once wrapped to its own)
    tops = page.evaluate(
        "[...document.querySelectorAll('#app .lang-button')]"
        ".map(b => Math.round(b.getBoundingClientRect().top))"
    )
    assert len(tops) == 4 and len(set(tops)) == 1, tops
    # every game's name on one line inside its tile (at 768 and 1024 "Twenty One" broke,
    # and "Tjugoett" ran into the tile's padding)
    names = page.evaluate(TILE_NAMES_JS)
    assert len(names) == 5 and all(n["lines"] == 1 and n["inside"] for n in names), names
    assert setup_problems == []
    assert play_problems == []
    assert home_problems == []
    assert touch_problems(page) == []


#: Each home tile's name: how many lines its text takes, and whether the text stays
#: inside the tile's padding.
TILE_NAMES_JS = """[...document.querySelectorAll('#app .tile')].map(tile => {
  const name = tile.querySelector('.tile-name');
  const range = document.createRange();
  range.selectNodeContents(name);
  const text = range.getBoundingClientRect();
  const box = tile.getBoundingClientRect();
  const pad = parseFloat(getComputedStyle(tile).paddingRight);
  return {
    name: name.textContent,
    lines: new Set([...range.getClientRects()].map(r => Math.round(r.top))).size,
    inside: text.left >= box.left && text.right <= box.right - pad + 1,
  };
})"""


@pytest.mark.parametrize("game", ["twentyone", "tjugoett"])
def test_every_setup_checkbox_keeps_its_size_beside_a_long_label(
    page: Page, site: SiteServer, game: str
) -> None:
    """On a phone the review's switch ("Når spillet er slut, viser gennemgangen alles
    skjulte kort", two lines) was squeezed to 16 px beside its words."""
    page.set_viewport_size({"width": 390, "height": 844})
    open_app(page, site.url, "?lang=da")
    page.locator(f'[data-action="open-game"][data-game="{game}"]').first.click()
    expect(page.locator('[data-field="reveal-after"]')).to_be_visible()
    sizes = page.evaluate(
        "[...document.querySelectorAll('#app input[type=checkbox]')]"
        ".map(b => b.getBoundingClientRect())"
        ".map(r => [Math.round(r.width), Math.round(r.height)])"
    )
    assert sizes and all(size == [28, 28] for size in sizes), sizes


#: The lines the play bar's parts sit on (their middles, to the pixel): Home, the title
#: and each action.
BAR_LINES_JS = """() => {
  const middle = el => {
    const r = el.getBoundingClientRect();
    return Math.round(r.top + r.height / 2);
  };
  const bar = document.querySelector('.topbar');
  return {
    home: middle(bar.querySelector('.home-button')),
    title: middle(bar.querySelector('.screen-title')),
    actions: [...bar.querySelectorAll('.topbar-actions > *')].map(middle),
  };
}"""


@pytest.mark.parametrize("lang", ["nb", "sv", "da", "en"])
def test_an_upright_tablets_play_bar_takes_two_lines(
    page: Page, site: SiteServer, lang: str
) -> None:
    """At 768 x 1024 Home sits beside the title and the actions fill the line under
    them, in every language: Swedish's long buttons ("Robotarnas tempo: normalt") once
    put Home on a line of its own, three lines of bar over the felt."""
    page.set_viewport_size({"width": 768, "height": 1024})
    open_app(page, site.url, f"?lang={lang}")
    page.locator('[data-action="open-game"][data-game="tjueett"]').first.click()
    page.locator(".setup-actions .button.primary").click()
    expect(page.locator('.topbar [data-action="toggle-coach"]')).to_be_visible()
    lines = page.evaluate(BAR_LINES_JS)
    assert abs(lines["home"] - lines["title"]) <= 2, lines
    assert len(set(lines["actions"])) == 1, lines
    assert lines["actions"][0] > lines["home"] + 30, lines
    assert layout_problems(page) == []


def test_axe_finds_nothing_serious(page: Page, site: SiteServer) -> None:
    open_app(page, site.url, "?lang=en")
    findings = {"home": axe_findings(page)}
    open_setup(page, site.url, "21")
    findings["setup"] = axe_findings(page)
    button(page, "Start").click()
    button(page, "Roll").click()
    bar_button(page, "Odds coach").click()
    findings["play 21"] = axe_findings(page)
    button(page, "Rules").click()
    findings["rules 21"] = axe_findings(page)
    button(page, "Back").click()
    button(page, "Home").click()
    button(page, "41").click()
    findings["setup 41"] = axe_findings(page)
    button(page, "Start").click()
    bar_button(page, "Odds coach").click()
    page.wait_for_selector(".die-button:not([disabled])")
    findings["play 41"] = axe_findings(page)
    for size, (width, height) in SIZES.items():
        resize(page, width, height)
        findings[f"layout 41 {size}"] = layout_problems(page)
        shoot(page, f"dice41-play-{size}")
    resize(page, 1024, 768)  # (a phone's bar has Rules behind its menu)
    button(page, "Rules").click()
    findings["rules 41"] = axe_findings(page)
    assert findings == {k: [] for k in findings}


#: Statistics as the site keeps them in localStorage (web/stats.py): a long name, a
#: game whose name has two words, and a best of one round.
STATS = {
    "format": "nordic21-stats",
    "schema": 1,
    "players": {
        "maximiliansen": {
            "name": "Maximiliansen",
            "games": {"twentyone": {"played": 12, "won": 3, "best": {"points": 22}}},
        },
        "åse": {"name": "Åse", "games": {"dice21": {"played": 1, "won": 1, "best": {"rounds": 1}}}},
    },
    "counted": [],
}


@pytest.mark.parametrize("size", [(390, 844), (768, 1024)])
def test_the_statistics_read_whole_words_on_a_phone_and_a_tablet(
    page: Page, site: SiteServer, size: tuple[int, int]
) -> None:
    """The body breaks words anywhere (for long names), and in the statistics' table it
    broke its headings ("Spill/er", "Vund/et") and the best ("0 runde/r") on a phone;
    there each row now stands as a card, each figure with its column's name."""
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.add_init_script(
        f"try {{ localStorage.setItem('nordic21.stats', {json.dumps(json.dumps(STATS))}) }}"
        " catch (e) {}"
    )
    open_app(page, site.url, "?lang=nb")
    table = page.locator(".stats-table")
    expect(table).to_be_visible()
    expect(table).to_contain_text("1 runde")
    broken = page.evaluate(
        """() => [...document.querySelectorAll('.stats-table :is(th, td)')]
          .filter(cell => cell.getBoundingClientRect().width > 0)
          .filter(cell => {
            // a word broken over two lines: some line's text ends inside a word
            const range = document.createRange();
            const text = cell.firstChild;
            if (!text || text.nodeType !== 3) return false;
            const lines = new Map();
            for (let i = 0; i < text.length; i++) {
              range.setStart(text, i); range.setEnd(text, i + 1);
              const top = Math.round(range.getBoundingClientRect().top);
              lines.set(top, (lines.get(top) || '') + text.data[i]);
            }
            return [...lines.values()].slice(0, -1).some(line => !/\\s$/.test(line));
          })
          .map(cell => cell.textContent)"""
    )
    assert broken == [], broken
    box = table.bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= size[0], box
    shoot(page, f"home-stats-{size[0]}x{size[1]}")
