"""Start-up runs: cold loads in fresh contexts and warm loads in primed persistent
profiles, of the app and the bare Pyodide page in rotating order; in every app run the
first tap on the home screen and the game's setup it shows.
"""

from __future__ import annotations

import json
import os
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from common import READY_TIMEOUT_MS, Settings, children_cpu_seconds, launch_options, log
from playwright.sync_api import Browser, BrowserContext, Page, Playwright
from server import BenchServer, GzipSizes

#: The home screen's button the bench taps, as soon as the first screen is painted.
TAP_TARGET = '#app [data-action="open-game"][data-game="dice21"]'
#: A primed app profile holds its device snapshot (or the Worker failed: the runs say).
SNAPSHOT_SETTLED = (
    "document.documentElement.dataset.snapshot === 'restored' || "
    "document.documentElement.dataset.snapshotMade !== undefined"
)

#: What the page says on the console as it loads (see INIT_SCRIPT): the bench listens
#: there. Polling the page instead (Playwright's ``wait_for_function``, a locator) puts
#: Playwright's own script into the page while it is still parsing, 8-22 ms of its
#: main thread here before the first paint (94 ms under the tablet profile's 4x CPU),
#: which delayed the first screen being measured.
SAYS = "nordic21-bench:"

#: Runs in every page before its own scripts: the ready moment (no polling latency)
#: and PyScript's events, in ms from navigation start. It says on the console (SAYS)
#: when the first screen is painted, with where the tap target is ("first-screen
#: {x, y}"; at ready where nothing was prerendered), when the page is ready ("ready")
#: and when the tap's answer is painted ("answered").
INIT_SCRIPT = """
(() => {
  if (window.__benchInit) return;
  window.__benchInit = true;
  window.__benchEvents = {};
  const stamp = (name) => {
    if (window.__benchEvents[name] === undefined) window.__benchEvents[name] = performance.now();
  };
  const say = (what) => console.log("__SAYS__" + what);
  let seen = false;
  const seenNow = () => {
    if (seen) return;
    seen = true;
    const target = document.querySelector('__TARGET__');
    const box = target ? target.getBoundingClientRect() : null;
    say("first-screen " + JSON.stringify(
      box ? { x: box.x + box.width / 2, y: box.y + box.height / 2 } : null));
  };
  new MutationObserver(() => {
    const root = document.documentElement;
    if (root && root.getAttribute("data-ready") === "1" && window.__benchReady === undefined) {
      window.__benchReady = performance.now();
      seenNow();
      say("ready");
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-ready"] });
  for (const name of ["py:ready", "py:done", "py:all-done", "DOMContentLoaded", "load"]) {
    addEventListener(name, () => stamp(name), true);
    document.addEventListener(name, () => stamp(name), true);
  }
  // When the first screen was painted (Element Timing on the prerendered home's title).
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.identifier === "first-screen" && window.__benchFirstScreen === undefined) {
          window.__benchFirstScreen = entry.renderTime || entry.loadTime;
          seenNow();
        }
      }
    }).observe({ type: "element", buffered: true });
  } catch (e) { /* no Element Timing: the report falls back to FCP */ }
  // The first tap and when its answer was painted: the game's setup on screen (the
  // build's, before Python is ready, or the one Python draws), then a frame.
  addEventListener("click", (event) => {
    if (window.__benchTap !== undefined) return;
    const tap = { at: event.timeStamp, before_ready: window.__benchReady === undefined };
    window.__benchTap = tap;
    const app = document.getElementById("app") || document.body;
    const answered = () => {
      if (!app.querySelector(".setup")) return false;
      requestAnimationFrame(() => setTimeout(() => {
        tap.answered = performance.now();
        say("answered");
      }, 0));
      return true;
    };
    if (answered()) return;
    const changed = new MutationObserver(() => { if (answered()) changed.disconnect(); });
    changed.observe(app, { subtree: true, childList: true, attributes: true });
  }, true);
})();
""".replace("__SAYS__", SAYS).replace("__TARGET__", TAP_TARGET)

#: Everything a run reads from the page once it is ready.
COLLECT_SCRIPT = """
() => {
  const nav = performance.getEntriesByType("navigation")[0];
  const paint = (name) => {
    const entry = performance.getEntriesByName(name)[0];
    return entry ? entry.startTime : null;
  };
  const pick = (e) => ({
    name: e.name, start: e.startTime, end: e.responseEnd, transfer: e.transferSize,
    encoded: e.encodedBodySize, decoded: e.decodedBodySize, initiator: e.initiatorType || "",
  });
  return {
    ready: window.__benchReady ?? null,
    fcp: paint("first-contentful-paint"),
    firstScreen: window.__benchFirstScreen ?? null,
    tap: window.__benchTap ?? null,
    snapshot: document.documentElement.dataset.snapshot ?? null,
    fp: paint("first-paint"),
    events: window.__benchEvents || {},
    phases: window.__benchPhases || null,
    controlled: !!(navigator.serviceWorker && navigator.serviceWorker.controller),
    marks: performance.getEntriesByType("mark").map((m) => [m.name, m.startTime]),
    nav: nav ? pick(nav) : null,
    resources: performance.getEntriesByType("resource").map(pick),
  };
}
"""

#: Waits (at most 60 s) until the page's service worker is active, i.e. precached.
SW_READY_SCRIPT = """
() => !navigator.serviceWorker ? false : Promise.race([
  navigator.serviceWorker.ready.then(() => true),
  new Promise((resolve) => setTimeout(() => resolve(false), 60000)),
])
"""


@dataclass
class Run:
    """One page load."""

    page: str
    mode: str
    index: int
    ready: float | None = None
    fcp: float | None = None
    #: App: when the first screen (the prerendered home) was painted, ms.
    first_screen: float | None = None
    #: App: ms from the bench's tap on a game to its setup being painted.
    tap_ms: float | None = None
    #: Whether that tap came before Python was ready (kept by web/boot.js).
    tap_before_ready: bool | None = None
    #: App: how the runtime started (<html data-snapshot>: restored, none, fallback:...).
    snapshot: str | None = None
    transfer: int = 0
    gzip: int = 0
    raw: int = 0
    files: int = 0
    server_bytes: int = 0
    server_bytes_with_sw: int | None = None
    controlled: bool = False
    #: The machine's 1-minute load average when the run started.
    load: float = 0.0
    #: CPU seconds the browser (all processes) spent from navigation to ready.
    cpu_s: float | None = None
    events: dict[str, float] = field(default_factory=dict)
    phases: dict[str, float] | None = None
    resources: list[dict[str, Any]] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    #: The page's performance marks (name -> ms), e.g. ones the app sets while starting.
    marks: dict[str, float] = field(default_factory=dict)
    #: Cold runs: every distinct file fetched, by path -> (raw bytes, gzip -6 bytes).
    fetched: dict[str, tuple[int, int]] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        """JSON-safe data."""
        return dict(self.__dict__)


#: Page name -> path on the server.
PAGE_PATHS = {"app": "/app/", "bare": "/bare/", "bareapp": "/bareapp/"}


def measure(page: Page, run: Run, server: BenchServer, sizes: GzipSizes, cold: bool) -> Run:
    """Load ``run.page`` in ``page``, wait for ready and fill ``run``."""
    said = Said(page)
    page.on("console", lambda m: run.errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: run.errors.append(f"page error: {e}"))
    server.reset()
    run.load = os.getloadavg()[0]
    cpu_before = children_cpu_seconds()
    page.goto(server.url(PAGE_PATHS[run.page]), wait_until="commit")
    if run.page == "app":
        tap(page, run, said)
    said.wait("ready")
    cpu_after = children_cpu_seconds()
    if cpu_before is not None and cpu_after is not None:
        run.cpu_s = cpu_after - cpu_before
    if run.page == "app" and run.tap_before_ready is not False:
        said.wait("answered")
    data = page.evaluate(COLLECT_SCRIPT)
    run.first_screen, run.snapshot = data["firstScreen"], data["snapshot"]
    if data["tap"] and data["tap"].get("answered") is not None:
        run.tap_ms = data["tap"]["answered"] - data["tap"]["at"]
        run.tap_before_ready = bool(data["tap"]["before_ready"])
    run.server_bytes = server.total()[0]
    run.ready, run.fcp = data["ready"], data["fcp"]
    run.events, run.phases, run.controlled = data["events"], data["phases"], data["controlled"]
    run.marks = {str(name): float(at) for name, at in data["marks"]}
    entries = ([data["nav"]] if data["nav"] else []) + data["resources"]
    run.resources = entries
    run.transfer = sum(int(e["transfer"]) for e in entries)
    if cold:
        fetched = {sizes.file_for(entry["name"]) for entry in entries}
        for path in fetched - {None}:
            assert path is not None
            raw, packed = sizes.sizes(path)
            run.raw += raw
            run.gzip += packed
            run.files += 1
            run.fetched[path.relative_to(sizes.root).as_posix()] = (raw, packed)
    return run


class Said:
    """What a page said on the console (:data:`SAYS`), and waiting for it without
    touching the page."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.lines: list[str] = []
        page.on("console", self._heard)

    def _heard(self, message: Any) -> None:
        if message.text.startswith(SAYS):
            self.lines.append(message.text[len(SAYS) :])

    def wait(self, what: str) -> str:
        """The rest of the first line that begins with ``what`` (waiting for it; Playwright
        hands events over only inside its calls, so none is missed between the look
        and the wait)."""
        deadline = time.monotonic() + READY_TIMEOUT_MS / 1000
        while True:
            for line in self.lines:
                if line == what or line.startswith(what + " "):
                    return line[len(what) :].strip()
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"the page did not say {what!r}")
            self.page.wait_for_event("console", timeout=left * 1000)


def tap(page: Page, run: Run, said: Said) -> None:
    """Tap the first game as soon as the first screen is painted (or Python is ready,
    where there is no prerendered screen), as a person would: a mouse click at the
    button's place, which the page said with the first screen, sent at once.
    (Playwright's ``click`` would first wait for the page's main thread to run its
    actionability checks, i.e. for Python's start-up to let go; a real tap does not
    wait, and its answer does.)"""
    try:
        box = json.loads(said.wait("first-screen"))
        if box is None:
            raise RuntimeError("the game's button has no box")
        page.mouse.click(box["x"], box["y"])
    except Exception as exc:  # no tap: the run still measures the start-up
        run.tap_before_ready = False
        run.errors.append(f"tap failed: {exc}")


def cold_run(
    browser: Browser, server: BenchServer, sizes: GzipSizes, page_name: str, mode: str, index: int
) -> Run:
    """One load in a fresh context.

    ``mode``: "cold" lets the service worker install, as on a first visit; "cold-nosw"
    blocks workers; "cold-still" also asks for reduced motion (the loading shell's dice
    stop tumbling), to show what the animation costs.
    """
    workers: Literal["allow", "block"] = "allow" if mode == "cold" else "block"
    motion: Literal["reduce", "no-preference"] = (
        "reduce" if mode == "cold-still" else "no-preference"
    )
    context = browser.new_context(service_workers=workers, reduced_motion=motion)
    context.add_init_script(INIT_SCRIPT)
    run = Run(page_name, mode, index)
    try:
        page = context.new_page()
        measure(page, run, server, sizes, cold=True)
        if page_name == "app" and workers == "allow" and page.evaluate(SW_READY_SCRIPT):
            run.server_bytes_with_sw = server.total()[0]
    except Exception as exc:  # a failed run is reported, the bench goes on
        run.errors.append(f"run failed: {exc}")
    finally:
        context.close()
    return run


def persistent(
    pw: Playwright, profile: Path, workers: Literal["allow", "block"] = "allow"
) -> BrowserContext:
    """A Chromium with its own on-disk profile (HTTP cache, service workers)."""
    return pw.chromium.launch_persistent_context(
        str(profile), service_workers=workers, **launch_options()
    )


def first_page(context: BrowserContext) -> Page:
    """The context's start page (or a new one)."""
    return context.pages[0] if context.pages else context.new_page()


def prime(
    pw: Playwright,
    server: BenchServer,
    profile: Path,
    page_name: str,
    workers: Literal["allow", "block"],
    settle_s: float,
) -> bool:
    """Make ``profile`` a returning visitor's: the first visit, then a second one.

    The first load comes from the network (the app's worker installs; the wait ends when
    it controls the page). V8 writes the wasm code cache of a response only once the
    module has tiered up in a page that stays open, and the copy the worker serves from
    Cache Storage gets its own: so a second load (served by the worker or the HTTP
    cache) stays open ``settle_s`` seconds. With ``settle_s`` 0 there is no second load
    (the next load is then the first one the worker serves, without code cache).
    """
    try:
        for visit, wait_s in ((1, 2.0), (2, settle_s)):
            if visit == 2 and settle_s <= 0:
                break
            context = persistent(pw, profile, workers)
            try:
                page = first_page(context)
                page.goto(server.url(PAGE_PATHS[page_name]))
                page.wait_for_selector("html[data-ready='1']", timeout=READY_TIMEOUT_MS)
                if page_name == "app" and workers == "allow":
                    page.wait_for_function(
                        "navigator.serviceWorker.controller !== null", timeout=READY_TIMEOUT_MS
                    )
                if page_name == "app":
                    # A returning player's device holds the snapshot its first visit made.
                    page.wait_for_function(SNAPSHOT_SETTLED, timeout=READY_TIMEOUT_MS)
                page.wait_for_timeout(wait_s * 1000)
            finally:
                context.close()
        return True
    except Exception as exc:
        log(f"priming {page_name} failed: {exc}")
        return False


def warm_run(
    pw: Playwright,
    server: BenchServer,
    sizes: GzipSizes,
    profile: Path,
    mode: tuple[str, str, Literal["allow", "block"]],
    index: int,
) -> Run:
    """One load in a relaunched persistent profile that has seen the page before."""
    page_name, mode_name, workers = mode
    run = Run(page_name, mode_name, index)
    context = persistent(pw, profile, workers)
    try:
        context.add_init_script(INIT_SCRIPT)
        measure(first_page(context), run, server, sizes, cold=False)
    except Exception as exc:
        run.errors.append(f"run failed: {exc}")
    finally:
        context.close()
    return run


#: The cold modes, (page, mode), in the order of the first run (later runs rotate it).
COLD: tuple[tuple[str, str], ...] = (
    ("app", "cold"),
    ("bare", "cold"),
    ("app", "cold-nosw"),
    ("app", "cold-still"),
    ("bareapp", "cold"),
)
#: The warm modes: (page, mode, service workers).
WARM: tuple[tuple[str, str, Literal["allow", "block"]], ...] = (
    ("app", "warm", "allow"),
    ("bare", "warm", "allow"),
    ("app", "warm-nosw", "block"),
)


def startup(pw: Playwright, server: BenchServer, sizes: GzipSizes, settings: Settings) -> list[Run]:
    """Every start-up run: cold (app, bare, app without worker) then warm, alternating."""
    runs: list[Run] = []
    browser = pw.chromium.launch(**launch_options())
    try:
        log("browser warm-up load (not recorded)")
        cold_run(browser, server, sizes, "bare", "cold", -1)
        for index in range(settings.runs):
            shift = index % len(COLD)
            for name, mode in COLD[shift:] + COLD[:shift]:
                runs.append(cold_run(browser, server, sizes, name, mode, index))
                log(f"{mode} {name} #{index}: ready {runs[-1].ready}")
    finally:
        browser.close()
    with tempfile.TemporaryDirectory(prefix="nordic21-bench-profiles-") as tmp:
        profiles = {warm: Path(tmp) / f"{warm[0]}-{warm[1]}" for warm in WARM}
        primed = {
            warm: prime(pw, server, profiles[warm], warm[0], warm[2], settings.settle_s)
            for warm in WARM
        }
        for index in range(settings.runs):
            shift = index % len(WARM)
            for warm in WARM[shift:] + WARM[:shift]:
                if primed[warm]:
                    runs.append(warm_run(pw, server, sizes, profiles[warm], warm, index))
                    log(f"{warm[1]} {warm[0]} #{index}: ready {runs[-1].ready}")
    return runs
