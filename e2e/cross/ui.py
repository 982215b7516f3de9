"""Every selector and UI step of the cross-engine suite, in one place.

The steps drive the app through Selenium as a person would (WebDriver clicks and key
presses) and find things by the markup's stable hooks: ``data-action``, ``data-move``
(the core's action codec, see :func:`move`), ``data-field`` and ``data-game``
attributes, the ready marker ``html[data-ready="1"]``, and English text taken from
web/locales/en.json by key. When the UI's markup changes, this module is the one to
adapt.

Every wait is a wait on what the page says, run in the page (:func:`wait_for`): a
click waits for the page's next patch (``<html data-patched="N">``), a tap a moving
piece covered waits for the table's animations to end.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from selenium.common.exceptions import (
    ElementClickInterceptedException,
    StaleElementReferenceException,
    WebDriverException,
)
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.remote.webelement import WebElement
from selenium.webdriver.support.ui import Select

ROOT = Path(__file__).resolve().parents[2]
EN: dict[str, str] = json.loads((ROOT / "web" / "locales" / "en.json").read_text())
#: WebKit boots the app in ~9-12 s on 2 shared cores; a cold page may take far longer.
READY_TIMEOUT_S = float(os.environ.get("NORDIC21_CROSS_READY_TIMEOUT_S", "120"))
#: A whole match of bots moving at the fast speed.
MATCH_TIMEOUT_S = 240.0

READY = "html[data-ready='1']"
HOME_TILE = "[data-action='open-game'][data-game='{game}']"
GO_HOME = "[data-action='go-home']"
START = "[data-action='start-game']"
ADD_SEAT = "[data-action='add-seat']"
REMOVE_SEAT = "[data-action='remove-seat']"
SEAT_ROW = ".seat-row"
SEAT_NAME = "[data-field='seat-name'][data-seat='{i}']"
SEAT_KIND = "[data-field='seat-kind'][data-seat='{i}']"
PRESET = "[data-action='set-preset'][data-preset='{name}']"
OPTION = "[data-action='set-option'][data-name='{name}'][data-value='{value}']"
#: An enabled move button carrying ``{code}``: the core's action as JSON
#: (``Game.action_to_dict``, separators ``,`` and ``:``), see :func:`move`.
MOVE = "[data-action='act'][data-move='{code}']:not([disabled])"
#: An enabled move button of any action whose JSON starts with ``{prefix}``.
MOVE_PREFIX = "[data-action='act'][data-move^='{prefix}']:not([disabled])"
SHOW_CARDS = "[data-action='show-cards']"
MATCH_OVER = ".match-over"
STANDING = ".standing"
STAGE = ".stage"
TOTAL = ".total-value"
LOG_LINES = ".log-list li"
TURN_BANNER = ".turn-banner"
#: Cards only the person looking may see: their hidden cards, their hand's buttons.
SECRET_CARDS = ".card.own-hidden"
SECRET_BUTTON_TEXT = ".card-button .sr-only"

#: "over", "cover" (the hand-off screen), "moment" (a round's end held until Continue)
#: or "turn" (a person must act), else null.
STATE_JS = """
if (document.querySelector('.match-over')) return 'over';
if (document.querySelector("[data-action='show-cards']")) return 'cover';
if (document.querySelector("[data-action='moment-seen']")) return 'moment';
if (document.querySelector("[data-action='play-on']")) return 'hold';
if (document.querySelector("[data-action='act']:not([disabled])")) return 'turn';
return null;
"""


def text(key: str, **values: object) -> str:
    """The English text of a locale key, filled in."""
    return EN[key].format(**values)


def move(kind: str, **fields: object) -> str:
    """The CSS selector of the enabled move buttons of the core's action ``kind`` (its
    type name: "Roll", "Stop", "Stake" ...): with ``fields`` (in the action's field
    order), that action exactly; without, every action of the type whatever its fields
    (``move("Stake")`` matches ``{"type":"Stake","amount":1}``)."""
    code = json.dumps({"type": kind, **fields}, separators=(",", ":"))
    if fields:
        return MOVE.format(code=code)
    return f"{MOVE.format(code=code)}, {MOVE_PREFIX.format(prefix=code[:-1] + ',')}"


def js(driver: WebDriver, script: str, *args: Any) -> Any:
    """Run ``script`` (a function body) in the page and return its result."""
    return driver.execute_script(script, *args)


#: Waits in the page until ``check`` (the function body ``/*CHECK*/``) returns something
#: truthy: on every change of the DOM and at every animation frame (what no mutation
#: says, such as a script's flag), as Playwright's wait_for_function does. Resolves with
#: {value}, {error} (the check threw), {timeout}, or {unloaded} when the document goes
#: away (a reload) before the check is met.
WAIT_JS = """
const ms = arguments[0], done = arguments[arguments.length - 1];
const check = () => { /*CHECK*/ };
let over = false;
const observer = new MutationObserver(() => test());
const finish = (result) => {
  if (over) return;
  over = true;
  observer.disconnect();
  clearTimeout(timer);
  removeEventListener('pagehide', gone);
  done(result);
};
const gone = () => finish({unloaded: true});
const test = () => {
  if (over) return;
  let value;
  try { value = check(); } catch (e) { finish({error: String(e)}); return; }
  if (value) finish({value});
};
const frame = () => { test(); if (!over) requestAnimationFrame(frame); };
const timer = setTimeout(() => finish({timeout: true}), ms);
addEventListener('pagehide', gone);
observer.observe(document.documentElement,
  {subtree: true, childList: true, attributes: true, characterData: true});
frame();
"""


def wait_for(
    driver: WebDriver, script: str, timeout: float, what: str, *, across_loads: bool = False
) -> Any:
    """Wait in the page until ``script`` (a function body) returns something truthy, and
    return it; fail naming ``what``. With ``across_loads`` the wait goes on in the next
    document when this one goes away (a reload) before ``script`` is met."""
    deadline = time.monotonic() + timeout
    body = WAIT_JS.replace("/*CHECK*/", script)
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            raise AssertionError(f"timed out after {timeout:.0f} s waiting for {what}")
        driver.set_script_timeout(left + 10)
        try:
            result = driver.execute_async_script(body, int(left * 1000))
        except WebDriverException:
            if not across_loads:
                raise
            continue  # the document went away under the script: wait in the next one
        # The script always answers with an object: no answer (Firefox's, when the
        # document unloads under it) means the document went away.
        result = result if isinstance(result, dict) else {"unloaded": True}
        if "value" in result:
            return result["value"]
        if "error" in result:
            raise AssertionError(f"waiting for {what}: {result['error']}")
        if result.get("unloaded") and across_loads:
            continue
        if result.get("unloaded"):
            raise AssertionError(f"the page went away while waiting for {what}")
        raise AssertionError(f"timed out after {timeout:.0f} s waiting for {what}")


def wait_ready(driver: WebDriver) -> float:
    """Wait until Python says the app is ready; the seconds it took."""
    start = time.monotonic()
    wait_for(
        driver,
        f'return document.querySelector("{READY}") !== null',
        READY_TIMEOUT_S,
        "the app to be ready",
    )
    return time.monotonic() - start


def load(
    driver: WebDriver, url: str, query: str = "?lang=en", seen: list[str] | None = None
) -> float:
    """Open the app with bots at full speed; the seconds to ready. The errors of the
    document left behind go to ``seen``.

    The speed setting lives in localStorage, read as the app starts, so it is written
    first from another document of the same origin (the site's icon).
    """
    if seen is not None:
        seen += errors(driver)
    driver.get(url + "web/icons/icon.svg")
    js(driver, "localStorage.setItem('nordic21.speed', 'fast')")
    driver.get(url + query)
    return wait_ready(driver)


def reload(driver: WebDriver, seen: list[str]) -> float:
    """Reload the page; the seconds to ready. The errors of the document left behind
    go to ``seen``."""
    seen += errors(driver)
    # location.reload() is a person's reload. WebDriver's refresh is not the same in
    # Firefox: it bypassed the service worker (offline it reached an error page).
    js(driver, "window.__n21leaving = true; setTimeout(() => location.reload(), 0)")
    wait_for(
        driver,
        "return !window.__n21leaving",
        READY_TIMEOUT_S,
        "the reload to start",
        across_loads=True,
    )
    return wait_ready(driver)


def errors(driver: WebDriver) -> list[str]:
    """What the error probe (e2e/cross/probe.js) saw in this document since last asked
    (the probe's record is emptied, so nothing is counted twice)."""
    try:
        return [str(e) for e in js(driver, "return (window.__n21errors || []).splice(0)")]
    except Exception as exc:  # a document that is not a page (an image, an error page)
        return [] if driver.current_url.endswith(".svg") else [f"unreadable page: {exc}"]


def probe_loaded(driver: WebDriver) -> bool:
    """Whether this document runs the error probe."""
    return bool(js(driver, "return Array.isArray(window.__n21errors)"))


def one(driver: WebDriver, css: str) -> WebElement | None:
    """The first element matching ``css``, or None."""
    found = driver.find_elements("css selector", css)
    return found[0] if found else None


def count(driver: WebDriver, css: str) -> int:
    """How many elements match ``css``."""
    return int(js(driver, "return document.querySelectorAll(arguments[0]).length", css))


#: True once nothing on the page moves (the table's pieces are in their places).
SETTLED_JS = "return document.getAnimations().every(a => a.playState !== 'running')"
#: The page's patch counter (``<html data-patched>``, set after every patch).
PATCHES_JS = "return Number(document.documentElement.dataset.patched || 0)"


def act_on(driver: WebDriver, css: str, action: Callable[[WebElement], object]) -> None:
    """Do ``action`` to the element matching ``css``, finding it again if the screen
    was re-rendered under it (a field's change re-renders the setup screen: the new
    element is there once the old one is stale), and again once the table's pieces
    stopped moving if one of them covered it (as a person taps again once the motion
    has settled)."""
    for _ in range(20):
        element = one(driver, css)
        assert element is not None, f"nothing matches {css}"
        try:
            action(element)
            return
        except StaleElementReferenceException:
            continue
        except ElementClickInterceptedException:
            wait_for(driver, SETTLED_JS, 20, f"the pieces over {css} to settle")
    raise AssertionError(f"{css} kept being replaced")


def patches(driver: WebDriver) -> int:
    """How many times the page has patched its screen so far."""
    return int(js(driver, PATCHES_JS))


def wait_patched(driver: WebDriver, before: int, timeout: float, what: str) -> None:
    """Wait until the page has patched its screen since it had made ``before`` patches."""
    wait_for(
        driver,
        f"return Number(document.documentElement.dataset.patched || 0) > {int(before)}",
        timeout,
        what,
    )


def wait_quiet(driver: WebDriver, timeout: float = 20.0) -> None:
    """Wait until the app has nothing scheduled to run by itself (``<html
    data-later="0">``: no bot's move, no moment going on by itself)."""
    wait_for(
        driver,
        "return (document.documentElement.dataset.later || '0') === '0'",
        timeout,
        "nothing scheduled",
    )


def click(driver: WebDriver, css: str, timeout: float = 20.0) -> None:
    """Click the first element matching ``css`` once it is there, then wait for the
    page's answer: its next patch (every click on a ``data-action`` control redraws)."""
    wait_for(driver, f"return document.querySelector({json.dumps(css)}) !== null", timeout, css)
    before = patches(driver)
    act_on(driver, css, lambda element: element.click())
    wait_patched(driver, before, timeout, f"the screen to answer a click on {css}")


def to_home(driver: WebDriver, url: str, seen: list[str]) -> None:
    """The home screen: from anywhere in the app, or by loading it."""
    if not js(driver, f'return document.querySelector("{READY}") !== null'):
        load(driver, url, seen=seen)
    if one(driver, GO_HOME) is not None:
        click(driver, GO_HOME)
    wait_for(driver, "return document.querySelector(\"[data-action='open-game']\")", 20, "home")


def open_setup(driver: WebDriver, url: str, game: str, seen: list[str]) -> None:
    """Home, then the game's tile."""
    to_home(driver, url, seen)
    click(driver, HOME_TILE.format(game=game))
    wait_for(driver, f'return document.querySelector("{START}")', 20, f"{game}'s setup")


def set_seats(driver: WebDriver, seats: list[tuple[str, str]]) -> None:
    """Seats as (name, kind), kind one of human, easy, medium, expert."""
    while count(driver, SEAT_ROW) < len(seats):
        click(driver, ADD_SEAT)
    while count(driver, SEAT_ROW) > len(seats):
        click(driver, f"{SEAT_ROW}:last-of-type {REMOVE_SEAT}")
    for index, (name, kind) in enumerate(seats):

        def type_name(field: WebElement, name: str = name) -> None:
            field.clear()
            field.send_keys(name, Keys.TAB)

        def pick_kind(select: WebElement, kind: str = kind) -> None:
            Select(select).select_by_value(kind)

        act_on(driver, SEAT_NAME.format(i=index), type_name)
        act_on(driver, SEAT_KIND.format(i=index), pick_kind)
    names = js(
        driver,
        "return [...document.querySelectorAll(\"[data-field='seat-name']\")].map(e => e.value)",
    )
    assert names == [name for name, _ in seats], names


def start(driver: WebDriver) -> None:
    """Press Start and wait for the table (or the hand-off screen before it)."""
    click(driver, START)
    wait_for(
        driver,
        f'return document.querySelector("{STAGE}, {SHOW_CARDS}")',
        20,
        "the table or the hand-off screen",
    )


def state(driver: WebDriver, timeout: float = MATCH_TIMEOUT_S) -> str:
    """Wait until the match is over, the hand-off screen is up or a person must act,
    tapping Continue on every moment (a round's end held on the felt) on the way, and
    Play on whenever the bots wait for the person's take-back (as a person who keeps
    their move does)."""
    while True:
        now = str(wait_for(driver, STATE_JS, timeout, "a person's turn or the match's end"))
        if now == "hold":
            click(driver, "[data-action='play-on']")
            continue
        if now != "moment":
            return now
        click(driver, "[data-action='moment-seen']")


#: What the felt draws, as elements: the oval, every seat, the cards lying in front of
#: the seats (face up or down) as card art, and whether the scene has a size on screen.
TABLE_JS = """
const scene = document.querySelector('.n21-scene');
if (!scene) return null;
const box = scene.getBoundingClientRect();
return {
  width: box.width, height: box.height,
  ellipses: scene.querySelectorAll('ellipse').length,
  seats: scene.querySelectorAll('.seat').length,
  seatsShown: [...scene.querySelectorAll('.seat')]
    .filter(s => { const r = s.getBoundingClientRect(); return r.width > 20 && r.height > 20; })
    .length,
  seatCards: scene.querySelectorAll('.seat [data-face] .n21-card-art').length,
  faceUp: scene.querySelectorAll('.seat [data-face="up"] .n21-card-art').length,
  names: [...scene.querySelectorAll('.seat .n21-seat-name')].map(t => t.textContent),
  scrolls: document.documentElement.scrollHeight > innerHeight + 1,
};
"""


def table(driver: WebDriver) -> dict[str, Any]:
    """What the felt shows now (see :data:`TABLE_JS`); fails when there is no felt."""
    found = js(driver, TABLE_JS)
    assert found, "no felt on the screen"
    return dict(found)


def until_moment(driver: WebDriver, limit: int = 60) -> list[str]:
    """Play the banker game's plain strategy until a moment is held on the table
    (the round's end, with Continue); the moves made."""
    moves: list[str] = []
    for _ in range(limit):
        now = str(wait_for(driver, STATE_JS, MATCH_TIMEOUT_S, "a turn or a moment"))
        if now == "hold":
            click(driver, "[data-action='play-on']")
            continue
        if now == "moment":
            return moves
        assert now == "turn", f"the match ended ({now}) before a moment after {moves}"
        moves.append(banker_move(driver))
    raise AssertionError(f"no moment after {moves}")


def enabled(driver: WebDriver, kind: str) -> bool:
    """Whether a button of the core's action ``kind`` is on screen and enabled."""
    return one(driver, move(kind)) is not None


def total(driver: WebDriver) -> int:
    """The running total of the player to act (21)."""
    element = one(driver, TOTAL)
    assert element is not None, "no total on the 21 table"
    return int(element.text)


def play_21(driver: WebDriver, stop_at: int = 15) -> int:
    """Roll until the total reaches ``stop_at``, then stop, until the match is over;
    the number of clicks."""
    clicks = 0
    while state(driver) == "turn":
        kind = "Stop" if total(driver) >= stop_at and enabled(driver, "Stop") else "Roll"
        click(driver, move(kind))
        clicks += 1
    return clicks


def banker_move(driver: WebDriver) -> str:
    """The plain strategy of the Chromium suite: smallest stake or bet; stand when
    allowed. The move made (the core's action type)."""
    for kind in ("Stake", "Bet", "Stand", "Draw"):
        if enabled(driver, kind):
            click(driver, move(kind))
            return kind
    raise AssertionError("no banker-game move on screen")


def log_lines(driver: WebDriver) -> list[str]:
    """The event log, newest first."""
    return [
        str(t)
        for t in js(
            driver,
            "return [...document.querySelectorAll(arguments[0])].map(e => e.textContent.trim())",
            LOG_LINES,
        )
    ]


def turn_banner(driver: WebDriver) -> str:
    """Whose turn the table says it is ('' when there is no banner)."""
    element = one(driver, TURN_BANNER)
    return element.text if element is not None else ""


def secret_labels(driver: WebDriver) -> list[str]:
    """Names of the cards only the person now looking may see."""
    labels = js(
        driver,
        """return [
          ...[...document.querySelectorAll(arguments[0])]
              .map(e => (e.getAttribute('aria-label') || '').split(' (')[0]),
          ...[...document.querySelectorAll(arguments[1])].map(e => e.textContent || ''),
        ].filter(Boolean)""",
        SECRET_CARDS,
        SECRET_BUTTON_TEXT,
    )
    return [str(label) for label in labels]


def page_html(driver: WebDriver) -> str:
    """The whole document as it is now, attributes and hidden text included."""
    return str(js(driver, "return document.documentElement.outerHTML"))


def csp(driver: WebDriver) -> str:
    """The page's Content-Security-Policy (its meta element)."""
    return str(
        js(
            driver,
            "const m = document.querySelector('meta[http-equiv=\"Content-Security-Policy\"]');"
            " return m ? m.content : ''",
        )
    )


def resources(driver: WebDriver) -> list[str]:
    """Every URL this document fetched, from its resource timing entries."""
    return [
        str(u)
        for u in js(
            driver,
            "return [location.href, ...performance.getEntriesByType('resource').map(e => e.name)]",
        )
    ]
