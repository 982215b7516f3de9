"""One table on many devices, in real browsers joined through the real UI.

A Chromium host (a tablet, 1024x768) starts a match in its setup with seats "on their
own phone"; the host's table shows a code per seat. One Chromium guest (a phone,
390x844) joins by typing the code (pasted), another through the camera path: a
Chromium whose camera plays a file showing the host's QR code (Chromium's fake video
capture), or by opening the join link the QR code holds (what a phone's camera app
does). Each guest shows its answer, which the host takes pasted. Then the round is
played on three devices: each person taps their moves on their own screen.

Every message each guest received on its data channel is recorded in the page (the
test wraps ``RTCPeerConnection`` before the page loads) and checked against the core:
each view sent is the core's view of that seat, no card hidden from the seat is in any
of them, and each log line is one the seat may read. Hostile messages sent from a
guest's own channel change nothing; a guest that reloads rejoins its seat; a Firefox
guest joins a Chromium host.

Runs inside the network namespace of ``make e2e-rtc`` only (see conftest.py).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, BrowserType, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from e2e.camera import qr_y4m
from e2e.conftest import READY, Guard, check_guard, guard_context, shoot
from e2e.helpers import button, open_setup, set_seats, tap
from e2e.rtc.conftest import FirefoxPage
from e2e.server import SiteServer
from e2e.test_duel_results import page_store
from pygame_core import Game
from web.eventtext import Wording
from web.games import get_ui
from web.i18n import Translator
from web.saves import SaveBook

#: Records every message the page's data channels receive (before the page loads).
RECORDER = """
(() => {
  const Base = window.RTCPeerConnection;
  if (!Base) return;
  window.__received = [];
  const record = (channel) =>
    channel.addEventListener("message", (e) => window.__received.push(String(e.data)));
  window.RTCPeerConnection = class extends Base {
    constructor(...args) {
      super(...args);
      this.addEventListener("datachannel", (e) => record(e.channel));
    }
    createDataChannel(...args) {
      const channel = super.createDataChannel(...args);
      record(channel);
      return channel;
    }
  };
})();
"""
SPEED = "try { localStorage.setItem('nordic21.speed', 'fast') } catch (e) {}"
JOIN_TIMEOUT_MS = 30_000
STEP_TIMEOUT_MS = 30_000
ENABLED_MOVE = '[data-action="act"]:not([disabled])'


def new_device(browser: Browser, guard: Guard, size: tuple[int, int]) -> BrowserContext:
    context = browser.new_context(
        viewport={"width": size[0], "height": size[1]}, service_workers="block"
    )
    guard_context(context, guard)
    context.add_init_script(RECORDER)
    context.add_init_script(SPEED)
    return context


def ready(page: Page, url: str) -> Page:
    page.goto(url)
    page.wait_for_selector(READY, timeout=JOIN_TIMEOUT_MS)
    return page


def host_code(host: Page, seat: int) -> str:
    """The pairing code the host shows for ``seat`` (once made)."""
    locator = host.locator(f'[data-pair-code="offer-{seat}"]')
    locator.wait_for(state="attached", timeout=JOIN_TIMEOUT_MS)
    return (locator.text_content() or "").strip()


def host_link(host: Page, seat: int) -> str:
    """The join link the host's QR code holds for ``seat`` (its aria label names the
    seat; the link is the site's address and the code)."""
    site = str(host.evaluate("() => location.href.split('#')[0]"))
    return site + "#join=" + host_code(host, seat)


def answer_back(host: Page, guest: Page, seat: int) -> None:
    """The guest's answer, pasted into the host's panel for ``seat``; both tables up."""
    answer = guest.locator('[data-pair-code="answer"]')
    answer.wait_for(state="attached", timeout=JOIN_TIMEOUT_MS)
    host.locator(f"#device-answer-{seat}").fill((answer.text_content() or "").strip())
    host.locator(f'[data-action="device-answer"][data-seat="{seat}"]').click()
    guest.wait_for_selector("main.table", timeout=JOIN_TIMEOUT_MS)
    host.wait_for_selector(
        f'[data-device-seat="{seat}"]', state="detached", timeout=JOIN_TIMEOUT_MS
    )


def join_typed(host: Page, guest: Page, seat: int) -> None:
    """A guest joins by the code as text (typed or pasted)."""
    code = host_code(host, seat)
    guest.locator('[data-action="join-table"]').click()
    guest.locator("#guest-code").fill(code)
    guest.locator('[data-action="guest-join"]').click()
    answer_back(host, guest, seat)


def received(page: Page) -> list[dict[str, Any]]:
    raw: list[str] = page.evaluate("() => window.__received || []")
    return [json.loads(m) for m in raw]


def host_session(host: Page) -> Any:
    book = SaveBook(page_store(host))
    (saved_id,) = book.ids()
    return book.load(saved_id).session


def states_by_step(game: Game[Any, Any, Any, Any], state: Any) -> dict[int, list[Any]]:
    """Every state of the match after n actions, and the held moments' states of that
    step (a frame names its step: the state after that many actions)."""
    now = game.new_game(state.config, state.seed)
    states: dict[int, list[Any]] = {0: [now]}
    for i, action in enumerate(state.history):
        step = game.apply_paused(now, action)
        now = step.state
        states[i + 1] = [now, *(p.state for p in step.pauses)]
    return states


def check_secrecy(host: Page, guests: dict[int, Page]) -> int:
    """Every frame each guest received is its own seat's, the core's view of that seat
    at that step (or at a moment of it), shows no card hidden from the seat, and its log
    is lines that seat may read. Returns the frames checked."""
    session = host_session(host)
    game = session.game
    states = states_by_step(game, session.state)
    checked = 0
    for seat, page in guests.items():
        tr = Translator(page.evaluate("() => document.documentElement.lang") or "en")
        words = Wording(get_ui(game.id).text_families, session.names())
        readable = set(words.lines(session.events, seat, tr))
        for message in received(page):
            if message["t"] != "frame":
                continue
            assert message["seat"] == seat, "a frame of another seat"
            view = game.view_from_dict(message["view"])
            candidates = [s for s in states[message["step"]] if game.view(s, seat) == view]
            assert candidates, f"seat {seat} got a view the core never gave it at that step"
            state = candidates[0]
            unseen = game.unseen_cards(state, seat)
            for other in range(len(session.seats)):
                if other != seat:
                    assert not set(game.own_cards(view, other)) & unseen
            assert set(message["log"]) <= readable, "a log line the seat may not read"
            checked += 1
    return checked


PATCHED = "() => +document.documentElement.dataset.patched || 0"


def wait_any_patch(pages: list[Page], before: list[int], timeout_ms: int = STEP_TIMEOUT_MS) -> None:
    """Wait until any of ``pages`` has patched its screen since it had made ``before``
    patches (each is asked in turn for a short while, so a patch on any ends the wait)."""
    for _ in range(timeout_ms // (100 * len(pages))):
        for page, count in zip(pages, before, strict=True):
            try:
                page.wait_for_function(f"() => ({PATCHED})() > {count}", timeout=100)
                return
            except PlaywrightTimeout:
                continue
    raise AssertionError("no device moved on")


def play_until(pages: dict[str, Page], done: str, names: dict[str, str], limit: int = 200) -> None:
    """Tap moves on whichever device shows its person a move, and Continue on held
    moments, until the host page matches ``done`` (a selector)."""
    host = pages["host"]
    for _ in range(limit):
        if host.locator(done).count():
            return
        moved = False
        # counted before looking, so a patch while we look is not waited for again
        before = [page.evaluate(PATCHED) for page in pages.values()]
        for who, page in pages.items():
            seen = page.locator('[data-action="moment-seen"]')
            if who == "host" and seen.count():
                tap(page, seen.first)
                moved = True
                break
            if page.locator(ENABLED_MOVE).count():
                for name in ("Stand", "Bet"):
                    target = page.get_by_role("button", name=name, exact=True)
                    if target.count() and target.first.is_enabled():
                        tap(page, target.first)
                        break
                else:
                    tap(page, page.locator(ENABLED_MOVE).first)
                moved = True
                break
            mine = page.locator(".turn-banner:not(.bot):not(.device)", has_text=names[who])
            cards = page.locator('[data-action="toggle-card"]:not([disabled])')
            if mine.count() and cards.count():
                # a card to pick before the move (each tap waits for the page's patch)
                for i in range(cards.count()):
                    tap(page, cards.nth(i))
                    if page.locator(ENABLED_MOVE).count():
                        break
                    tap(page, cards.nth(i))
                moved = True
                break
        if not moved:
            # nobody can act yet: a bot is thinking or a move is on its way; wait until
            # one of the pages patches again
            try:
                wait_any_patch(list(pages.values()), before)
            except AssertionError:
                for who, page in pages.items():
                    shoot(page, f"rtc-stuck-{who}")
                raise
    raise AssertionError(f"{done} never came")


@pytest.fixture
def devices(browser: Browser, site: SiteServer) -> Iterator[tuple[Guard, list[BrowserContext]]]:
    guard = Guard()
    contexts: list[BrowserContext] = []
    yield guard, contexts
    for context in contexts:
        check_guard(context, guard)
        context.close()


def start_host(
    browser: Browser,
    site: SiteServer,
    guard: Guard,
    contexts: list[BrowserContext],
    game: str,
    seats: list[tuple[str, str]],
) -> Page:
    context = new_device(browser, guard, (1024, 768))
    contexts.append(context)
    host = context.new_page()
    open_setup(host, site.url, game, query="?lang=en&seed=5")
    set_seats(host, seats)
    assert host.locator(".device-note").count(), "the setup says who joins on a phone"
    button(host, "Start").click()
    host.wait_for_selector("[data-device-seat]", timeout=JOIN_TIMEOUT_MS)
    return host


def guest_page(
    browser: Browser,
    site: SiteServer,
    guard: Guard,
    contexts: list[BrowserContext],
    lang: str = "en",
) -> Page:
    context = new_device(browser, guard, (390, 844))
    contexts.append(context)
    return ready(context.new_page(), site.url + f"?lang={lang}")


@pytest.fixture
def camera_browser(
    browser_type: BrowserType, browser_type_launch_args: dict[str, Any], tmp_path: Path
) -> Iterator[Any]:
    """A Chromium whose camera plays a file: call it with the text its QR code shows."""
    launched: list[Browser] = []

    def launch(text: str) -> Browser:
        video = qr_y4m(text, tmp_path / "qr.y4m")
        args = [
            *browser_type_launch_args.get("args", []),
            "--use-fake-device-for-media-stream",
            "--use-fake-ui-for-media-stream",
            f"--use-file-for-fake-video-capture={video}",
        ]
        found = browser_type.launch(**{**browser_type_launch_args, "args": args})
        launched.append(found)
        return found

    yield launch
    for found in launched:
        found.close()


def test_a_tjueett_round_on_three_devices(
    browser: Browser, site: SiteServer, devices: Any, camera_browser: Any
) -> None:
    guard, contexts = devices
    host = start_host(
        browser,
        site,
        guard,
        contexts,
        "Tjueett",
        [("Ann", "human"), ("Bo", "device"), ("Cy", "device")],
    )
    bo = guest_page(browser, site, guard, contexts)
    host.locator('[data-pair-code="offer-2"]').wait_for(state="attached")
    shoot(host, "rtc-host-codes")  # looked at: the host's codes, 1024x768
    # the code as text is a tap away, behind a summary that looks tappable (it read as
    # a line of text)
    summary = host.locator(".devices details.device-typed > summary").first
    looks = summary.evaluate(
        "s => [getComputedStyle(s).borderTopWidth, getComputedStyle(s, '::before').content]"
    )
    assert looks == ["2px", '"\u25b8"'], looks
    shoot(bo, "rtc-guest-join")
    join_typed(host, bo, 1)
    expect_no_refusal(bo)
    shoot(bo, "rtc-guest-table")
    # Cy's phone reads the host's QR code with its camera
    cam = camera_browser(host_link(host, 2))
    cam_context = new_device(cam, guard, (390, 844))
    contexts.append(cam_context)
    cy = ready(cam_context.new_page(), site.url + "?lang=en")
    cy.get_by_role("button", name="Join a table").click()
    cy.get_by_role("button", name="Scan with the camera").click()
    answer = cy.locator('[data-pair-code="answer"]')
    answer.wait_for(state="attached", timeout=JOIN_TIMEOUT_MS)
    shoot(cy, "rtc-guest-answer")
    answer_back(host, cy, 2)
    expect_no_refusal(cy)
    shoot(host, "rtc-host-table")
    pages = {"host": host, "bo": bo, "cy": cy}
    names = {"host": "Ann", "bo": "Bo", "cy": "Cy"}
    play_until(pages, '[data-moment="round"], .match-over', names)
    shoot(host, "rtc-host-round")
    shoot(bo, "rtc-guest-round")
    assert check_secrecy(host, {1: bo, 2: cy}) > 4
    expect_no_refusal(bo, LATE)
    expect_no_refusal(cy, LATE)
    # each phone shows its own seat at the bottom with its own name
    for page, name in ((bo, "Bo"), (cy, "Cy")):
        assert page.locator(".n21-scene").count()
        assert name in page.locator("main.table").inner_text()


def test_a_twenty_one_deal_on_three_devices(
    browser: Browser, site: SiteServer, devices: Any
) -> None:
    guard, contexts = devices
    host = start_host(
        browser,
        site,
        guard,
        contexts,
        "Twenty One",
        [("Ann", "human"), ("Bo", "device"), ("Cy", "device"), ("Di", "medium")],
    )
    bo = guest_page(browser, site, guard, contexts, lang="nb")
    join_typed(host, bo, 1)
    expect_no_refusal(bo)
    # Cy's phone opens the join link its camera app read from the host's QR code
    context = new_device(browser, guard, (390, 844))
    contexts.append(context)
    cy = ready(context.new_page(), host_link(host, 2))
    answer_back(host, cy, 2)
    expect_no_refusal(cy)
    play_until(
        {"host": host, "bo": bo, "cy": cy},
        '[data-moment="deal"], .match-over',
        {"host": "Ann", "bo": "Bo", "cy": "Cy"},
        limit=400,
    )
    assert check_secrecy(host, {1: bo, 2: cy}) > 10
    expect_no_refusal(bo, LATE)
    expect_no_refusal(cy, LATE)
    assert bo.evaluate("() => document.documentElement.lang") == "nb"


#: What the table may answer a guest in play: a move tapped twice before the table's
#: next frame came (the test taps as fast as the page lets it).
LATE = {"stale", "not-your-turn"}


def expect_no_refusal(guest: Page, allowed: set[str] | None = None) -> None:
    """Nothing the guest sent was refused (in play, only a late second tap may be), and
    just joined, its screen says nothing is wrong (it once said hello twice: Chromium
    tells a channel made by the other side is open twice, and the table refused the
    second hello, "This phone has not scanned...")."""
    refused = [m.get("why") for m in received(guest) if m.get("t") == "refused"]
    assert [why for why in refused if why not in (allowed or set())] == [], refused
    if not allowed:
        assert guest.locator(".device-error").count() == 0


def send_raw(page: Page, text: str) -> list[str]:
    """Send ``text`` on the guest's own channel; the reasons of what was refused."""
    before = len(received(page))
    page.evaluate(
        "(text) => { const log = window.__received; window.__rtcBefore = log.length;"
        " window.nordicRtc.send(window.__guestChannel, text); }",
        text,
    )
    page.wait_for_function(
        "(n) => window.__received.length > n", arg=before, timeout=STEP_TIMEOUT_MS
    )
    return [m["why"] for m in received(page)[before:] if m["t"] == "refused"]


def test_hostile_messages_reload_and_rejoin(
    browser: Browser, site: SiteServer, devices: Any
) -> None:
    guard, contexts = devices
    host = start_host(
        browser,
        site,
        guard,
        contexts,
        "Tjueett",
        [("Ann", "human"), ("Bo", "device"), ("Cy", "device")],
    )
    bo = guest_page(browser, site, guard, contexts)
    cy = guest_page(browser, site, guard, contexts)
    join_typed(host, bo, 1)
    join_typed(host, cy, 2)
    for page in (bo, cy):
        page.evaluate("() => { window.__guestChannel = 'host-1'; }")  # its first join
    history = len(host_session(host).state.history)
    token_cy = json.loads(cy.evaluate("() => localStorage.getItem('nordic21.guest')"))["token"]
    token_bo = json.loads(bo.evaluate("() => localStorage.getItem('nordic21.guest')"))["token"]
    frame = [m for m in received(cy) if m["t"] == "frame"][-1]
    step = frame["step"]
    move = {"type": "Stand"}
    assert send_raw(cy, "{not json") == ["malformed"]
    assert send_raw(cy, json.dumps({"v": 99, "t": "act"})) == ["version"]
    assert send_raw(
        cy, json.dumps({"v": 1, "t": "act", "token": token_bo, "step": step, "move": move})
    ) == ["token"]
    not_turn = send_raw(
        cy, json.dumps({"v": 1, "t": "act", "token": token_cy, "step": step, "move": move})
    )
    assert not_turn in (["not-your-turn"], ["illegal"])
    assert send_raw(
        cy, json.dumps({"v": 1, "t": "act", "token": token_cy, "step": step - 1, "move": move})
    ) == ["stale"]
    assert len(host_session(host).state.history) == history, "nothing changed"
    # Bo's phone reloads mid-round: the host shows a new code, Bo rejoins the same seat
    bo.reload()
    bo.wait_for_selector('[data-guest="lost"]', timeout=JOIN_TIMEOUT_MS)
    code = host_code(host, 1)
    bo.locator("#guest-code").fill(code)
    bo.locator('[data-action="guest-join"]').click()
    answer_back(host, bo, 1)
    token_after = json.loads(bo.evaluate("() => localStorage.getItem('nordic21.guest')"))["token"]
    assert token_after == token_bo, "the same seat, the same token"
    frames = [m for m in received(bo) if m["t"] == "frame"]
    assert frames and frames[-1]["step"] == len(host_session(host).state.history)


def test_a_firefox_guest_joins_a_chromium_host(
    browser: Browser, site: SiteServer, devices: Any, firefox_page: FirefoxPage
) -> None:
    guard, contexts = devices
    host = start_host(
        browser, site, guard, contexts, "Tjueett", [("Ann", "human"), ("Bo", "device")]
    )
    code = host_code(host, 1)
    ff = firefox_page
    ff.driver.get(site.url + "?lang=sv")
    ff.run(
        "while (document.documentElement.dataset.ready !== '1')"
        " await new Promise((r) => setTimeout(r, 50));"
        " document.querySelector('[data-action=\"join-table\"]').click(); return true;"
    )
    answer = ff.run(
        "const wait = async (q) => { while (!document.querySelector(q))"
        " await new Promise((r) => setTimeout(r, 50)); return document.querySelector(q); };"
        " const field = await wait('#guest-code'); field.value = args[0];"
        " document.querySelector('[data-action=\"guest-join\"]').click();"
        " const answer = await wait('[data-pair-code=\"answer\"]');"
        " return answer.textContent.trim();",
        code,
    )
    host.locator("#device-answer-1").fill(answer)
    host.locator('[data-action="device-answer"][data-seat="1"]').click()
    text = ff.run(
        "while (!document.querySelector('main.table'))"
        " await new Promise((r) => setTimeout(r, 50));"
        " return document.querySelector('main.table').innerText;"
    )
    assert "Bo" in text
