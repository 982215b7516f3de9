"""The bench of one table on many devices: how long a phone takes to join, and how long
a move on the phone takes to come back as the next frame (issue #24's aims: a join at
most 3 s and a move at most 150 ms, p95 on this machine).

Run inside the WebRTC tests' network namespace (browsers may talk to each other only
there)::

    make bench-rtc        # = python -m e2e.rtc.netns -- python bench/rtc.py

Each figure is printed beside a baseline measured in the same run, and their ratio:

- **join**: from the guest's tap on Connect with the host's code (the moment a camera
  would have read it) to the guest's table drawn, the host taking the answer as soon as
  it is shown. Baseline: the same two pages opening a bare data channel through the
  same non-trickle offer and answer (``web/remote/rtc.mjs``, no app): what WebRTC
  itself costs.
- **move**: from a tap on a move on the phone (a game of 41 against a bot at the host) to
  the phone's patch of the frame the host sent back. Baseline: the same tap on a table
  at the host itself (a person there), tap to patch: the redraw without the network.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH.parent))

from playwright.sync_api import Page, sync_playwright  # noqa: E402

from e2e.browser import CHROMIUM_ARGS, system_chromium  # noqa: E402
from e2e.helpers import open_setup, set_seats  # noqa: E402
from e2e.rtc.conftest import MDNS_OFF_CHROMIUM, RECORD  # noqa: E402
from e2e.rtc.netns import inside  # noqa: E402
from e2e.rtc.test_table import RECORDER  # noqa: E402
from e2e.server import SiteServer  # noqa: E402

SITE = BENCH.parent / "_site"
READY = "html[data-ready='1']"
TIMEOUT = 60_000
#: The game the moves are timed in: 41, where every throw asks for a decision.
MOVES_GAME = "41"
#: Stamps the moment of every tap, and of every patch with the count of messages the
#: page had received by then (a guest's data channels; see RECORDER), in its own clock.
STAMPS = """
window.__taps = []; window.__patches = [];
document.addEventListener('click', () => window.__taps.push(performance.now()), true);
new MutationObserver(() => window.__patches.push(
    [performance.now(), (window.__received || []).length]))
  .observe(document.documentElement, { attributes: true, attributeFilter: ['data-patched'] });
"""
#: The first patch since the ``n``-th, after more than ``m`` messages (a host: any).
ANSWERED = """([n, m, guest]) => window.__patches.slice(n).find((p) => !guest || p[1] > m)"""


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def row(name: str, values: list[float], base: list[float], aim: float) -> str:
    mine, theirs = p95(values), p95(base)
    verdict = "met" if mine <= aim else "MISSED"
    return (
        f"{name:<6} p95 {mine:8.1f} ms (median {statistics.median(values):7.1f}, n={len(values)})"
        f" | baseline p95 {theirs:7.1f} ms | ratio {mine / theirs:5.2f}x"
        f" | aim <= {aim:.0f} ms: {verdict}"
    )


def new_page(browser: Any, size: tuple[int, int]) -> Page:
    context = browser.new_context(
        viewport={"width": size[0], "height": size[1]}, service_workers="block"
    )
    context.add_init_script("try { localStorage.setItem('nordic21.speed', 'fast') } catch (e) {}")
    page: Page = context.new_page()
    return page


def joined(browser: Any, site: SiteServer, game: str) -> tuple[Page, Page, float]:
    """A fresh host of ``game`` (a phone's seat and a bot) and a phone joined to it; the
    ms from the phone's Connect to its table."""
    host = new_page(browser, (1024, 768))
    open_setup(host, site.url, game, query="?lang=en")
    set_seats(host, [("Bo", "device"), ("Bot", "medium")])
    host.get_by_role("button", name="Start", exact=True).click()
    code_at = host.locator('[data-pair-code="offer-0"]')
    code_at.wait_for(state="attached", timeout=TIMEOUT)
    guest = new_page(browser, (390, 844))
    guest.add_init_script(RECORDER)
    guest.goto(site.url + "?lang=en")
    guest.wait_for_selector(READY, timeout=TIMEOUT)
    guest.locator('[data-action="join-table"]').click()
    guest.locator("#guest-code").fill((code_at.text_content() or "").strip())
    start = time.perf_counter()
    guest.locator('[data-action="guest-join"]').click()
    answer_at = guest.locator('[data-pair-code="answer"]')
    answer_at.wait_for(state="attached", timeout=TIMEOUT)
    host.locator("#device-answer-0").fill((answer_at.text_content() or "").strip())
    host.locator('[data-action="device-answer"][data-seat="0"]').click()
    guest.wait_for_selector("main.table", timeout=TIMEOUT)
    return host, guest, (time.perf_counter() - start) * 1000


def join_once(browser: Any, site: SiteServer) -> float:
    """One guest joining a fresh host: ms from its Connect to its table."""
    host, guest, took = joined(browser, site, "21")
    host.context.close()
    guest.context.close()
    return took


def bare_join(browser: Any, site: SiteServer) -> float:
    """The baseline: two pages, a data channel through the same module, no app."""
    pages = [new_page(browser, (800, 600)) for _ in range(2)]
    for page in pages:
        page.goto(site.url + "web/icons/icon.svg")  # a page of the site, no Python
        page.evaluate(
            f"async () => {{ await import({json.dumps(site.url + 'web/remote/rtc.mjs')});"
            f" return (async () => {{ {RECORD} }})(); }}"
        )
    start = time.perf_counter()
    offer = pages[0].evaluate("() => window.nordicRtc.offer('a')")
    answer = pages[1].evaluate("(sdp) => window.nordicRtc.answer('b', sdp)", offer)
    pages[0].evaluate("(sdp) => window.nordicRtc.accept('a', sdp)", answer)
    pages[1].evaluate("() => window.__rtcWait('b', 'open', 1)")
    took = (time.perf_counter() - start) * 1000
    for page in pages:
        page.context.close()
    return took


def taps(page: Page, count: int, guest: bool) -> list[float]:
    """Tap Roll (or the first move) up to ``count`` times: ms from each tap to the patch
    that shows its answer (on a guest: the first patch after the host's next message).
    Continue on a held moment is tapped on the way, and not counted."""
    out: list[float] = []
    ready = '[data-action="act"]:not([disabled]), [data-action="moment-seen"], .match-over'
    while len(out) < count:
        try:
            page.wait_for_selector(ready, timeout=TIMEOUT)
        except Exception:
            page.screenshot(path=str(BENCH / "results" / "rtc-stuck.png"))
            raise
        if page.locator(".match-over").count():
            break
        seen = page.locator('[data-action="moment-seen"]')
        if seen.count():
            seen.first.click()
            continue
        roll = page.get_by_role("button", name="Roll", exact=True)
        target = roll if roll.count() and roll.first.is_enabled() else page.locator(ready)
        marks = page.evaluate("() => [window.__patches.length, (window.__received || []).length]")
        target.first.click()
        arg = [marks[0], marks[1], guest]
        page.wait_for_function(ANSWERED, arg=arg, timeout=TIMEOUT)
        tap_at = page.evaluate("() => window.__taps.at(-1)")
        patch_at = page.evaluate(ANSWERED, arg)[0]
        out.append(patch_at - tap_at)
    return out


def guest_moves(browser: Any, site: SiteServer, count: int) -> list[float]:
    host, guest, _ = joined(browser, site, MOVES_GAME)
    guest.evaluate(STAMPS)
    values = taps(guest, count, guest=True)
    host.context.close()
    guest.context.close()
    return values


def host_moves(browser: Any, site: SiteServer, count: int) -> list[float]:
    page = new_page(browser, (1024, 768))
    open_setup(page, site.url, MOVES_GAME, query="?lang=en")
    set_seats(page, [("Bo", "human"), ("Bot", "medium")])
    page.get_by_role("button", name="Start", exact=True).click()
    page.wait_for_selector("main.table", timeout=TIMEOUT)
    page.evaluate(STAMPS)
    values = taps(page, count, guest=False)
    page.context.close()
    return values


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--joins", type=int, default=7)
    parser.add_argument("--moves", type=int, default=40)
    args = parser.parse_args()
    if not inside():
        print("bench/rtc.py: not inside the test network namespace: run `make bench-rtc`")
        return 2
    site = SiteServer(SITE).start()
    args_ = [*CHROMIUM_ARGS, MDNS_OFF_CHROMIUM]
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=system_chromium(), args=args_)
        joins, bare = [], []
        for _ in range(args.joins):  # alternating, so load hits both alike
            bare.append(bare_join(browser, site))
            joins.append(join_once(browser, site))
        guest = guest_moves(browser, site, args.moves)
        local = host_moves(browser, site, args.moves)
        browser.close()
    site.stop()
    print(row("join", joins, bare, 3000))
    print(row("move", guest, local, 150))
    out = BENCH / "results" / "rtc.json"
    out.write_text(
        json.dumps({"join": joins, "bare_join": bare, "move": guest, "local_move": local}, indent=1)
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
