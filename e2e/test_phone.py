"""The table on a phone (390x844), as a new player meets it.

For every registered game, one person against bots (the banker games seat the person
off the bank, at ``GameUI.person_seat``), at the person's first turn: every enabled
move button, the stepper and the cards to pick are inside the window without scrolling
anything, nothing scrolls sideways, and every action of the bar (coach, speed, sound,
rules, new game, home) is on screen or in its menu. A name of 32 letters without a
space (``MAX_NAME``) stays inside the felt's seat plates and the lines that name it;
the bar's title is never cut, in any language. The review's replay shows its step
buttons and its table together, its hand inside the frame. A match's end keeps its
buttons clear of the history drawer, at every size, while it is drawn and after.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from e2e.conftest import open_app, shoot
from e2e.helpers import (
    AT_REST_JS,
    MATCH_TIMEOUT_MS,
    button,
    finished_match,
    open_setup,
    resize,
    tap,
    wait_turn,
)
from e2e.server import SiteServer
from e2e.test_ui_quality import layout_problems
from pygame_core.registry import game_ids
from web.games import get_ui
from web.i18n import table
from web.seats import MAX_NAME

PHONE = (390, 844)
SIZES = {"tablet-landscape": (1024, 768), "tablet-portrait": (768, 1024), "phone": PHONE}
LONG_NAME = "W" * MAX_NAME
GAMES = list(game_ids())
#: The bar's actions by their data-action, in the order they are looked for.
BAR_ACTIONS = ("toggle-coach", "set-speed", "toggle-sound", "open-rules", "new-game", "go-home")
#: What a person may press to make a move, or pick before it.
MOVES = (
    '[data-action="act"]:not([disabled]), [data-action="amount"]:not([disabled]),'
    ' [data-action="toggle-card"]:not([disabled])'
)

#: Problems of the elements matching a selector: outside the window, or clipped by a
#: scrolling (or clipping) box around them, as they stand now (nothing is scrolled).
OUT_OF_VIEW = """(selector) => {
  const out = [];
  for (const el of document.querySelectorAll(selector)) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    const name = (el.getAttribute('aria-label') || el.textContent || el.dataset.action)
      .trim().slice(0, 30);
    const box = [r.left, r.top, r.right, r.bottom].map(Math.round).join(',');
    if (r.left < -0.5 || r.top < -0.5 || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5)
      out.push(`${name} is outside the window: ${box}`);
    for (let a = el.parentElement; a; a = a.parentElement) {
      const cs = getComputedStyle(a);
      if (cs.overflowX === 'visible' && cs.overflowY === 'visible') continue;
      const b = a.getBoundingClientRect();
      if (r.top < b.top - 0.5 || r.bottom > b.bottom + 0.5 || r.left < b.left - 0.5
          || r.right > b.right + 0.5) {
        out.push(`${name} is cut off by its scrolling ${a.tagName}.${a.className}: ${box}`);
        break;
      }
    }
  }
  return out;
}"""

#: Text that runs past its box: every text node naming ``probe`` (outside the felt and
#: the visually hidden lists) inside its element and the window; every seat name on
#: the felt inside its plate; the bar's title parts not cut; no sideways scrolling.
TEXT_OVERFLOW = """(probe) => {
  const out = [];
  const walker = document.createTreeWalker(document.getElementById('app'), NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (!n.textContent.includes(probe)) continue;
    const el = n.parentElement;
    if (el.closest('.sr-only, svg, input, select, option') || !el.getClientRects().length) continue;
    const range = document.createRange();
    range.selectNodeContents(n);
    const box = el.getBoundingClientRect();
    if (box.width <= 1 || box.height <= 1) continue;  // visually hidden, for screen readers
    // the banner's name, cut with an ellipsis on purpose ("WWWWW…, your turn"): the
    // line's words stay in view
    if (el.matches('.turn-banner .name') && getComputedStyle(el).textOverflow === 'ellipsis')
      continue;
    for (const r of range.getClientRects()) {
      if (r.width === 0) continue;
      if (r.left < -1 || r.right > innerWidth + 1 || r.left < box.left - 1
          || r.right > box.right + 1)
        out.push(`${el.tagName}.${el.className}: text at ${Math.round(r.left)}-`
          + `${Math.round(r.right)} in a box at ${Math.round(box.left)}-${Math.round(box.right)}`);
    }
    const cs = getComputedStyle(el);
    if (cs.textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth + 1)
      out.push(`${el.tagName}.${el.className}: cut with an ellipsis`);
  }
  for (const name of document.querySelectorAll('.n21-scene .n21-seat-name')) {
    const plate = name.closest('.seat').querySelector('.seat-box').getBoundingClientRect();
    const r = name.getBoundingClientRect();
    if (r.left < plate.left - 1 || r.right > plate.right + 1)
      out.push(`seat name "${name.textContent.slice(0, 8)}..." runs past its plate`);
  }
  for (const part of document.querySelectorAll('.screen-title > span')) {
    if (part.getClientRects().length && part.scrollWidth > part.clientWidth + 1)
      out.push(`title cut: ${part.textContent}`);
  }
  const title = document.querySelector('.screen-title');
  if (title && title.scrollHeight > title.clientHeight + 1) out.push('title cut below');
  if (document.documentElement.scrollWidth > innerWidth)
    out.push('the page scrolls sideways: ' + document.documentElement.scrollWidth);
  return out;
}"""

#: A select's chosen option wider than the select can show (its arrow's room kept).
#: Whether the element is the one a tap on its middle would reach, once in view.
UNCOVERED = """(selector) => {
    const el = document.querySelector(selector);
    el.scrollIntoView({block: "center"});
    const box = el.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return el.contains(hit);
}"""

SELECT_CUT = """() => {
  const out = [];
  const ctx = document.createElement('canvas').getContext('2d');
  for (const sel of document.querySelectorAll('#app select')) {
    const cs = getComputedStyle(sel);
    ctx.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
    const text = sel.options[sel.selectedIndex].text;
    const room = sel.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 20;
    if (ctx.measureText(text).width > room) out.push(`"${text}" is cut in its list`);
  }
  return out;
}"""

SETTLED = f"""async () => {{
  if (window.nordic21Motion) await window.nordic21Motion.settled();
  await ({AT_REST_JS})();
}}"""


def settle(page: Page) -> None:
    """The page at rest: nothing flying, the felt laid out for the room it has."""
    page.evaluate(SETTLED)


def patched(page: Page) -> int:
    return int(page.locator("html").get_attribute("data-patched") or "0")


def wait_patch(page: Page, before: int) -> None:
    page.wait_for_function(
        "(n) => +document.documentElement.dataset.patched > n", arg=before, timeout=30_000
    )


def start_against_bots(
    page: Page, site: SiteServer, game: str, name: str, lang: str = "en"
) -> list[str]:
    """The game's default setup (one person, bots; the person at the game's seat for a
    newcomer), the person named ``name``, started; waits for the person's first turn.
    Returns what the setup cut of the name or of who plays each seat."""
    page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
    tile = table(lang)[f"game.{game}.name"]
    page.add_init_script("try { localStorage.setItem('nordic21.speed', 'fast') } catch (e) {}")
    open_app(page, site.url, f"?lang={lang}")
    page.get_by_role("button", name=tile, exact=True).click()
    rows = page.locator(".seat-row")
    expect(rows.first).to_be_visible()
    kinds = [rows.nth(i).get_by_role("combobox").input_value() for i in range(rows.count())]
    assert kinds.count("human") == 1, kinds
    person = kinds.index("human")
    assert person == min(get_ui(game).person_seat, len(kinds) - 1), (game, kinds)
    field = rows.nth(person).get_by_role("textbox")
    field.fill(name)
    field.press("Tab")
    expect(field).to_have_value(name)
    setup = page.evaluate(SELECT_CUT) + page.evaluate(TEXT_OVERFLOW, name[:8])
    page.locator(".setup-actions .button.primary").click()
    wait_turn(page, through_moments=True, turn=MOVES)
    settle(page)
    return list(setup)


def moves_out_of_view(page: Page) -> list[str]:
    """The person's moves that are not in view, after picking a card where a move
    waits for one (Twenty One's Play, Discard or Swap)."""
    problems = list(page.evaluate(OUT_OF_VIEW, MOVES))
    waiting = page.locator('[data-action="act"][disabled]')
    cards = page.locator('[data-action="toggle-card"]:not([disabled])')
    if waiting.count() and cards.count():
        before = patched(page)
        cards.first.click()
        wait_patch(page, before)
        settle(page)
        problems += page.evaluate(OUT_OF_VIEW, '[data-action="act"]:not([disabled])')
        before = patched(page)
        page.locator('[data-action="toggle-card"][aria-pressed="true"]').first.click()
        wait_patch(page, before)
    return problems


def bar_problems(page: Page) -> list[str]:
    """Every action of the bar on screen, or on screen once the menu is open."""
    problems = []
    opened = False
    for action in BAR_ACTIONS:
        target = page.locator(f'.topbar [data-action="{action}"]')
        if target.count() != 1:
            problems.append(f"{action}: {target.count()} in the bar")
            continue
        if not target.is_visible() and not opened:
            menu = page.locator(".topbar details.bar-menu > summary")
            if not menu.count():
                problems.append(f"{action} is hidden and there is no menu")
                continue
            box = menu.bounding_box()
            assert box is not None and box["height"] >= 44 and box["width"] >= 44, box
            menu.click()
            opened = True
        if not target.is_visible():
            problems.append(f"{action} is not visible, menu open: {opened}")
            continue
        problems += page.evaluate(OUT_OF_VIEW, f'.topbar [data-action="{action}"]')
    if opened:
        problems += layout_problems(page)
        # a tap elsewhere closes the menu
        page.locator(".stage").first.click(position={"x": 4, "y": 4})
        expect(page.locator(".topbar details.bar-menu")).not_to_have_attribute("open", "")
    return problems


@pytest.mark.parametrize("game", GAMES)
def test_the_first_turn_fits_a_phone(page: Page, site: SiteServer, game: str) -> None:
    assert start_against_bots(page, site, game, "Ann") == []
    expect(page.locator(".turn-banner").first).to_contain_text("Ann, your turn")
    shoot(page, f"phone-first-turn-{game}")
    assert layout_problems(page) == []
    assert moves_out_of_view(page) == []
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    assert page.evaluate(TEXT_OVERFLOW, "Ann") == []
    assert bar_problems(page) == []
    # the menu's own buttons work: the sound goes off and on again from it, and the
    # menu closes once an item is chosen, its button keeping the focus
    menu = page.locator(".topbar details.bar-menu")
    summary = menu.locator("> summary")
    sound = page.locator('.topbar [data-action="toggle-sound"]')
    for pressed in ("false", "true"):
        summary.click()
        expect(menu).to_have_attribute("open", "")
        sound.click()
        expect(sound).to_have_attribute("aria-pressed", pressed)
        expect(menu).not_to_have_attribute("open", "")
        expect(summary).to_be_focused()
    # the coach chosen from it shows on the table, not under the menu
    summary.click()
    page.locator('.topbar [data-action="toggle-coach"]').click()
    expect(menu).not_to_have_attribute("open", "")
    expect(page.locator(".panel.coach")).to_be_visible()
    assert page.evaluate(UNCOVERED, ".panel.coach"), "the coach is under something"
    summary.click()
    page.keyboard.press("Escape")
    expect(menu).not_to_have_attribute("open", "")


@pytest.mark.parametrize("game", GAMES)
def test_a_long_name_fits_a_phone(page: Page, site: SiteServer, game: str) -> None:
    """32 letters and no space to break at: on the plates, in the lines, and the
    moves still in view."""
    assert start_against_bots(page, site, game, LONG_NAME) == [], "the setup"
    shoot(page, f"phone-long-name-{game}")
    assert page.evaluate(TEXT_OVERFLOW, LONG_NAME[:8]) == []
    assert moves_out_of_view(page) == []
    assert layout_problems(page) == []


@pytest.mark.parametrize("lang", ["nb", "sv", "da", "en"])
def test_the_bar_title_fits_in_every_language(page: Page, site: SiteServer, lang: str) -> None:
    """Tjugoett has the longest title ("Round 1 · deal 1 of 3"): whole on a phone. The
    first round's guide keeps most of its width for its text: the skip button wraps its
    words (Danish's "Spring vejledningen over" took half the line, the text 8 lines)."""
    start_against_bots(page, site, "tjugoett", "Ann", lang)
    assert page.evaluate(TEXT_OVERFLOW, "Ann") == []
    title = page.locator(".screen-title")
    assert "Tjugoett" in title.inner_text()
    assert table(lang)["banker.deal_of"].split(" ")[0] in title.inner_text()
    guide = page.locator("main.table .guide")
    expect(guide).to_be_visible()
    whole, text = guide.bounding_box(), guide.locator(".guide-text").bounding_box()
    assert whole is not None and text is not None
    assert text["width"] >= 0.55 * whole["width"], (text, whole)


REPLAY_GAMES = ["dice21", "tjueett", "twentyone"]


@pytest.mark.parametrize("game", REPLAY_GAMES)
def test_the_replay_fits_a_phone(page: Page, site: SiteServer, game: str) -> None:
    saved_id, key, entry = finished_match(game)
    page.add_init_script(
        f"try {{ localStorage.setItem({json.dumps(key)}, {json.dumps(entry)}) }} catch (e) {{}}"
    )
    page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
    open_app(page, site.url, f"?lang=en#/review/{saved_id}")
    page.wait_for_selector(".replay-frame", timeout=MATCH_TIMEOUT_MS)
    page.wait_for_function("() => !document.querySelector('.review-progress')", timeout=30_000)
    jump = page.get_by_role("button", name="Show in the replay")
    for step in range(4):
        before = patched(page)
        if step == 0 and jump.count():
            jump.first.click()  # scrolls the replay into view, as a person's tap does
        else:
            forward = button(page, "Forward")
            if not forward.is_enabled():
                break
            forward.click()
        wait_patch(page, before)
        if step == 0 and not jump.count():
            page.locator(".replay").evaluate("el => el.scrollIntoView({block: 'start'})")
        settle(page)
        shoot(page, f"phone-replay-{game}-{step}")
        box = replay_boxes(page)
        assert box["frame"]["top"] >= box["controls"]["bottom"], box
        # the step buttons and the table (felt and hand) in view together; the stage
        # under them (the banner, the seats' list) may run on below
        for part in ("controls", "felt", "hand"):
            if box[part] is None:
                continue
            assert box[part]["top"] >= -0.5 and box[part]["bottom"] <= PHONE[1] + 0.5, (part, box)
            assert box[part]["left"] >= -0.5 and box[part]["right"] <= PHONE[0] + 0.5, (part, box)
        assert box["frame"]["left"] >= -0.5 and box["frame"]["right"] <= PHONE[0] + 0.5, box
        if box["hand"] is not None:
            assert box["frame"]["left"] <= box["hand"]["left"], box
            assert box["hand"]["right"] <= box["frame"]["right"], box
            assert box["hand"]["top"] >= box["felt"]["bottom"] - 0.5, "the hand under the felt"
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    assert layout_problems(page) == []


def replay_boxes(page: Page) -> dict[str, Any]:
    return dict(
        page.evaluate(
            """() => { const box = (s) => { const e = document.querySelector(s);
                 if (!e) return null; const r = e.getBoundingClientRect();
                 return {left: r.left, top: r.top, right: r.right, bottom: r.bottom}; };
               return {controls: box('.replay-controls'), frame: box('.replay-frame'),
                       felt: box('.replay-frame .n21-scene'),
                       hand: box('.replay-frame .n21-hand')}; }"""
        )
    )


#: Overlaps between the match's end buttons and the history drawer, as drawn now (a
#: sliding drawer is drawn where it is in its flight), and animations on the drawer.
OVER_PROBLEMS = """() => {
  const out = [];
  const drawer = document.querySelector('.history');
  const d = drawer.getBoundingClientRect();
  if (drawer.getAnimations({subtree: true}).length) out.push('the history drawer moves');
  for (const b of document.querySelectorAll('.match-over .actions .button')) {
    const r = b.getBoundingClientRect();
    if (r.left < d.right && d.left < r.right && r.top < d.bottom && d.top < r.bottom)
      out.push(`${b.textContent} under the history drawer`);
  }
  return out;
}"""


def test_the_match_end_keeps_clear_of_the_history(page: Page, site: SiteServer) -> None:
    page.set_viewport_size({"width": 1024, "height": 768})
    open_setup(page, site.url, "21")
    button(page, "Start").click()
    while wait_turn(page, through_moments=True) != "over":
        stop = page.locator('[data-action="act"][data-move*="Stop"]:not([disabled])')
        tap(page, stop if stop.count() else button(page, "Roll"))
    # at once, as the end is drawn: nothing slides over the buttons
    assert page.evaluate(OVER_PROBLEMS) == []
    for size, (width, height) in SIZES.items():
        resize(page, width, height)
        shoot(page, f"match-over-{size}")
        assert page.evaluate(OVER_PROBLEMS) == [], size
        actions = page.locator(".match-over .actions .button")
        expect(actions).to_have_count(4)
        if width >= 900:  # beside the felt: all four in view without scrolling
            assert page.evaluate(OUT_OF_VIEW, ".match-over .actions .button") == [], size
        assert layout_problems(page) == [], size
