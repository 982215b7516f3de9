"""The tab's memory in Chromium (#25): after a whole match of each game, over five
matches in a row in one tab (a leak check), and at the peak while the device snapshot
is made (a second Pyodide boots in a Worker).

Measured against the built site (``make site``), all seats bots at the fast speed:

- ``wasm``: the Pyodide module's linear memory (``pyodide._module.HEAP8.length``, the
  interpreter the page started: ``web/runtime.mjs``'s ``startEarly()``); it only grows;
- ``js``: the JS heap in use after a forced garbage collection (CDP
  ``HeapProfiler.collectGarbage`` then ``Performance.getMetrics``' ``JSHeapUsedSize``);
- ``rss``: the resident memory of the browser's renderer processes (``/proc``, the
  processes whose command line has ``--type=renderer``), sampled every 100 ms while the
  snapshot is made, with its peak.

Run: ``make bench-memory`` (a few minutes); writes ``bench/results/memory.json``.
"""

from __future__ import annotations

import json
import sys
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import Page, sync_playwright  # noqa: E402

from e2e.browser import CHROMIUM_ARGS, system_chromium  # noqa: E402
from e2e.server import SiteServer  # noqa: E402

SITE = ROOT / "_site"
RESULTS = ROOT / "bench" / "results" / "memory.json"
READY = "html[data-ready='1']"
STORED = "html[data-snapshot-made]"
MB = 1024 * 1024
#: Each game's tile, its variant and three bot seats (Twenty One and the banker games
#: take more; three is the fewest every game allows but 21 and 41, which take two).
GAMES = {
    "dice21": ("21", "Classic", 2),
    "dice41": ("41", None, 2),
    "tjueett": ("Tjueett", "Fixed bank", 3),
    "tjugoett": ("Tjugoett", "Classic", 3),
    "twentyone": ("Twenty One", "Classic", 3),
}
WASM_JS = """async () => {
  const runtime = await import('./web/runtime.mjs');
  const pyodide = await runtime.startEarly();
  return pyodide._module.HEAP8.length;
}"""


def renderer_rss() -> float:
    """The resident memory of every Chromium renderer process, in MB."""
    total = 0
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            cmd = (proc / "cmdline").read_bytes()
            if b"--type=renderer" not in cmd:
                continue
            for line in (proc / "status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1]) * 1024
        except OSError:
            continue
    return total / MB


def measure(page: Page) -> dict[str, float]:
    """The tab's memory now (MB), after a garbage collection."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("HeapProfiler.enable")
    cdp.send("HeapProfiler.collectGarbage")
    cdp.send("Performance.enable")
    metrics = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
    cdp.detach()
    return {
        "wasm": round(page.evaluate(WASM_JS) / MB, 1),
        "js": round(metrics["JSHeapUsedSize"] / MB, 1),
        "rss": round(renderer_rss(), 1),
    }


FAST = "try { localStorage.setItem('nordic21.speed', 'fast') } catch (e) {}"


def fast_tab(browser: Any) -> tuple[Any, Page]:
    """A fresh context and tab whose bots move at the fast speed."""
    context = browser.new_context(service_workers="block")
    context.add_init_script(FAST)
    return context, context.new_page()


def play_match(page: Page, url: str, game: str) -> None:
    """One whole match of bots only, from the home screen to its end."""
    tile, preset, seats = GAMES[game]
    page.goto(url + "?lang=en")
    page.wait_for_selector(READY, timeout=120_000)
    page.get_by_role("button", name=tile).first.click()
    if preset:
        page.get_by_role("button", name=preset).first.click()
    rows = page.locator(".seat-row")
    while rows.count() < seats:
        page.get_by_role("button", name="Add a player").click()
    for index in range(seats):
        rows.nth(index).get_by_role("combobox").select_option("medium")
    page.locator('[data-action="start-game"]').click()
    page.wait_for_selector(".match-over", timeout=600_000)


class Sampler:
    """The renderers' RSS every 100 ms, in a thread, and its peak."""

    def __init__(self) -> None:
        self.peak = 0.0
        self.running = True
        self.thread = threading.Thread(target=self.run, daemon=True)

    def run(self) -> None:
        while self.running:
            self.peak = max(self.peak, renderer_rss())
            time.sleep(0.1)

    def __enter__(self) -> Sampler:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.running = False
        self.thread.join()


def main() -> int:
    if not (SITE / "index.html").is_file():
        print("_site/ is not built: run `make site`", file=sys.stderr)
        return 2
    server = SiteServer(SITE).start()
    url = server.url
    out: dict[str, Any] = {"when": time.strftime("%Y-%m-%d %H:%M"), "unit": "MB"}
    launch: dict[str, Any] = {"args": CHROMIUM_ARGS}
    if path := system_chromium():
        launch["executable_path"] = path
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(**launch)
            # the device snapshot: a first visit, its Worker sampled to the end
            context = browser.new_context(service_workers="block")
            page = context.new_page()
            with Sampler() as sampler:
                page.goto(url + "?lang=en")
                page.wait_for_selector(READY, timeout=120_000)
                before = measure(page)
                page.wait_for_selector(STORED, timeout=180_000, state="attached")
            made = page.evaluate("document.documentElement.dataset.snapshotMade")
            out["snapshot"] = {
                "ready": before,
                "peak_rss": round(sampler.peak, 1),
                "after": measure(page),
                "result": made,
            }
            context.close()
            # one whole match of each game, each in a fresh tab
            out["match"] = {}
            for game in GAMES:
                context, page = fast_tab(browser)
                play_match(page, url, game)
                out["match"][game] = measure(page)
                context.close()
                print(game, out["match"][game], flush=True)
            # five matches in a row in one tab
            out["five"] = {}
            for game in ("dice21", "twentyone"):
                context, page = fast_tab(browser)
                play_match(page, url, game)
                runs = [measure(page)]
                for _ in range(4):  # "Play again": the same tab, the same interpreter
                    page.locator('[data-action="play-again"]').click()
                    page.wait_for_selector(".match-over", state="detached", timeout=60_000)
                    page.wait_for_selector(".match-over", timeout=600_000)
                    runs.append(measure(page))
                out["five"][game] = runs
                context.close()
                print(game, "x5", runs, flush=True)
            browser.close()
    finally:
        server.stop()
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(out, indent=1) + "\n")
    print(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
