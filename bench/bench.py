#!/usr/bin/env python3
"""Nordic 21 benchmark: start-up against a bare Pyodide page, bot and coach timings.

    python3 bench/bench.py [--runs 5] [--quick] [--out bench/results/latest.json]

One local server (a free port, ``Cache-Control: max-age=600`` like GitHub Pages) serves
a temporary root: the built site (a copy of ``_site``) under ``/app/``, a bare Pyodide
page under ``/bare/`` that loads the same vendored runtime, a diagnostic page under
``/bareapp/`` (the app's Python on plain Pyodide, no PyScript) and the bot-timing page
under ``/bots/``. Headless Chromium (Debian's, with the flags of ``e2e/browser.py``;
Playwright's own if there is none) loads the app and the bare page alternately:

- cold: a fresh context per run (empty cache, no service worker yet; the app's worker
  may install, as on a first visit); the app is also run with workers blocked;
- warm: a persistent profile that loaded the page once before (the app's worker
  controls it and its device snapshot is stored; the bare page has its HTTP cache),
  relaunched for every run.

The bare page loads the stock vendored Pyodide (its whole standard library, from
``/pyodide/``), the floor the app is measured against; the app ships its trimmed one.
In every app run the bench taps the home screen's first game as soon as the first
screen is painted, and times the answer (the "setting up" state or the setup screen).

The ready moment is taken inside the page (a MutationObserver on ``data-ready``), FCP
from the paint entries, bytes from the navigation and resource entries (plus the gzip -6
size of each fetched file, computed here). Then ``bench/decisions.py`` times bot moves,
the odds coach and random playouts, in the browser's Pyodide and in this CPython, and
the review of a finished 10-round match of every game is timed in the built site
(``#/review/<id>`` until every summary is shown; ``--review`` runs only that).

Prints Markdown tables and the targets met, and writes ``bench/results/latest.json``.
"""

from __future__ import annotations

import argparse
import datetime as dt
import gzip
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, Literal
from urllib.parse import unquote, urlparse

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path.insert(0, str(ROOT))

import decisions  # noqa: E402  (bench/decisions.py, shared with the browser)
from playwright.sync_api import (  # noqa: E402
    Browser,
    BrowserContext,
    Page,
    Playwright,
    sync_playwright,
)

from e2e.browser import CHROMIUM_ARGS, system_chromium  # noqa: E402
from e2e.server import MIME  # noqa: E402

SITE = ROOT / "_site"
PAGES = BENCH / "pages"
RESULTS = BENCH / "results"
#: Sources whose change makes the built site stale.
SOURCES = ("index.html", "pyscript.toml", "pygame_core", "web", "scripts")
READY_TIMEOUT_MS = 180_000
#: The targets of the project (see the report's last section).
TARGET_COLD_RATIO = 0.70
TARGET_WARM_RATIO = 0.50
TARGET_BYTES_RATIO = 0.90
TARGET_FIRST_SCREEN_MS = 200.0
TARGET_TAP_MS = 300.0
#: The stock runtime files the bare page loads (scripts/build_site.py ships the same
#: ones, with the standard library trimmed).
STOCK_PYODIDE = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
#: The home screen's button the bench taps, as soon as the first screen is painted.
TAP_TARGET = '#app [data-action="open-game"][data-game="dice21"]'
#: A primed app profile holds its device snapshot (or the Worker failed: the runs say).
SNAPSHOT_SETTLED = (
    "document.documentElement.dataset.snapshot === 'restored' || "
    "document.documentElement.dataset.snapshotMade !== undefined"
)
TARGET_BOT_P95_MS = 100.0
#: Exceptions to TARGET_BOT_P95_MS: (game, level) -> ms.
TARGET_BOT_P95_SPECIAL = {("twentyone", "expert"): 250.0}
TARGET_COACH_MS = 20.0
#: The whole review of a 10-round match, in the browser (#19).
TARGET_REVIEW_MS = 2000.0

#: Runs in every page before its own scripts: the ready moment (no polling latency)
#: and PyScript's events, in ms from navigation start.
INIT_SCRIPT = """
(() => {
  if (window.__benchInit) return;
  window.__benchInit = true;
  window.__benchEvents = {};
  const stamp = (name) => {
    if (window.__benchEvents[name] === undefined) window.__benchEvents[name] = performance.now();
  };
  new MutationObserver(() => {
    const root = document.documentElement;
    if (root && root.getAttribute("data-ready") === "1" && window.__benchReady === undefined) {
      window.__benchReady = performance.now();
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
        }
      }
    }).observe({ type: "element", buffered: true });
  } catch (e) { /* no Element Timing: the report falls back to FCP */ }
  // The first tap and when its answer was painted: the first change of the screen
  // after it (the "setting up" state, or the screen Python draws), then a frame.
  addEventListener("click", (event) => {
    if (window.__benchTap !== undefined) return;
    const tap = { at: event.timeStamp, before_ready: window.__benchReady === undefined };
    window.__benchTap = tap;
    const changed = new MutationObserver(() => {
      changed.disconnect();
      requestAnimationFrame(() => setTimeout(() => { tap.answered = performance.now(); }, 0));
    });
    changed.observe(document.getElementById("app") || document.body,
                    { subtree: true, childList: true, attributes: true });
  }, true);
})();
"""

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


# -- configuration -----------------------------------------------------------------------------
@dataclass(frozen=True)
class Settings:
    """How much to measure."""

    runs: int
    quick: bool
    decisions: int
    min_decisions: int
    bot_budget_s: float
    coach_samples: int
    coach_budget_s: float
    playout_s: float
    profile: bool
    #: Seconds the second priming load stays open (V8 writes the wasm code cache).
    settle_s: float
    #: Runs of the "second visit" diagnostic per page.
    second_visits: int
    out: Path

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> Settings:
        """Settings from the command line (``--quick`` shrinks everything)."""
        if args.quick:
            return cls(
                runs=args.runs or 2,
                quick=True,
                decisions=20,
                min_decisions=5,
                bot_budget_s=3.0,
                coach_samples=20,
                coach_budget_s=3.0,
                playout_s=0.3,
                profile=not args.no_profile,
                settle_s=8.0,
                second_visits=1,
                out=Path(args.out),
            )
        return cls(
            runs=args.runs or 5,
            quick=False,
            decisions=200,
            min_decisions=50,
            bot_budget_s=15.0,
            coach_samples=200,
            coach_budget_s=10.0,
            playout_s=2.0,
            profile=not args.no_profile,
            settle_s=20.0,
            second_visits=2,
            out=Path(args.out),
        )


def log(message: str) -> None:
    """Progress on stderr (stdout carries the report)."""
    print(f"[bench {time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


# -- the site and the served root --------------------------------------------------------------
def newest_mtime(paths: Sequence[Path]) -> float:
    """The latest modification time of any file under ``paths``."""
    newest = 0.0
    for path in paths:
        files = [path] if path.is_file() else [p for p in path.rglob("*") if p.is_file()]
        for file in files:
            if "__pycache__" not in file.parts:
                newest = max(newest, file.stat().st_mtime)
    return newest


def site_is_fresh() -> bool:
    """Whether ``_site`` exists and is newer than every source it is built from."""
    built = [SITE / "app" / "nordic21.zip", SITE / "index.html", SITE / "sw.js"]
    if not all(path.is_file() for path in built):
        return False
    return newest_mtime([ROOT / s for s in SOURCES]) <= min(p.stat().st_mtime for p in built)


def stage(root: Path) -> str:
    """Lay out the served root: /app/ (the site), /bare/, /bareapp/, /bots/, /blank.html.

    /app/ is a copy of ``_site`` when that is up to date; otherwise the site is built
    straight into /app/ (``_site``, which other tools may be using, is left alone).
    Returns where /app/ came from.
    """
    if site_is_fresh():
        shutil.copytree(SITE, root / "app")
        origin = "_site"
    else:
        log("_site is missing or older than its sources: building into the bench root")
        build = [sys.executable, str(ROOT / "scripts" / "build_site.py"), "--out"]
        subprocess.run([*build, str(root / "app")], check=True, stdout=sys.stderr)
        origin = "fresh build of the working tree"
    for name in ("bare", "bareapp", "bots"):
        shutil.copytree(PAGES / name, root / name)
    (root / "pyodide").mkdir()
    for name in STOCK_PYODIDE:
        shutil.copy2(ROOT / "node_modules" / "pyodide" / name, root / "pyodide" / name)
    shutil.copy2(BENCH / "decisions.py", root / "bots" / "decisions.py")
    (root / "blank.html").write_text("<!doctype html><title>blank</title>\n", "utf-8")
    return origin


# -- the server --------------------------------------------------------------------------------
class BenchServer(ThreadingHTTPServer):
    """Serves a root with GitHub-Pages-like caching and counts the bytes it sends."""

    daemon_threads = True

    def __init__(self, root: Path) -> None:
        self.root = root
        self.sent: dict[str, int] = {}
        self.lock = threading.Lock()
        super().__init__(("127.0.0.1", 0), BenchHandler)
        self.thread = threading.Thread(target=self.serve_forever, daemon=True)

    def url(self, path: str) -> str:
        """The address of ``path`` (which starts with a slash)."""
        return f"http://127.0.0.1:{self.server_address[1]}{path}"

    def count(self, path: str, size: int) -> None:
        """Record ``size`` body bytes sent for ``path``."""
        with self.lock:
            self.sent[path] = self.sent.get(path, 0) + size

    def reset(self) -> None:
        """Forget the bytes counted so far."""
        with self.lock:
            self.sent = {}

    def total(self) -> tuple[int, int]:
        """(body bytes sent, responses with a body) since the last reset."""
        with self.lock:
            return sum(self.sent.values()), len(self.sent)

    @contextmanager
    def running(self) -> Iterator[BenchServer]:
        """Serve in a background thread for the duration of the block."""
        self.thread.start()
        try:
            yield self
        finally:
            self.shutdown()
            self.server_close()


class BenchHandler(SimpleHTTPRequestHandler):
    """Static files with the right MIME types and ``Cache-Control: max-age=600``."""

    protocol_version = "HTTP/1.1"
    extensions_map = {  # noqa: RUF012
        **SimpleHTTPRequestHandler.extensions_map,
        **MIME,
        ".py": "text/plain",
    }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        server = args[2]
        assert isinstance(server, BenchServer)
        super().__init__(*args, directory=str(server.root), **kwargs)

    def end_headers(self) -> None:
        """Add the caching headers (and cross-origin isolation for the bot page)."""
        self.send_header("Cache-Control", "max-age=600")
        if self.path.startswith("/bots/"):
            self.send_header("Cross-Origin-Opener-Policy", "same-origin")
            self.send_header("Cross-Origin-Embedder-Policy", "require-corp")
        super().end_headers()

    def copyfile(self, source: Any, outputfile: Any) -> None:
        """Send the body, counting its bytes for the server's tally."""
        sent = 0
        while chunk := source.read(256 * 1024):
            outputfile.write(chunk)
            sent += len(chunk)
        server = self.server
        assert isinstance(server, BenchServer)
        server.count(self.path.split("?")[0], sent)

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet."""


# -- gzip sizes --------------------------------------------------------------------------------
class GzipSizes:
    """gzip -6 sizes of served files, computed once each."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.cache: dict[Path, tuple[int, int]] = {}

    def file_for(self, url: str) -> Path | None:
        """The served file behind a same-origin URL, if any."""
        parsed = urlparse(url)
        if parsed.scheme not in ("http", "https"):
            return None
        path = self.root / unquote(parsed.path).lstrip("/")
        if path.is_dir():
            path = path / "index.html"
        return path if path.is_file() else None

    def sizes(self, path: Path) -> tuple[int, int]:
        """(raw bytes, gzip -6 bytes) of ``path``."""
        if path not in self.cache:
            data = path.read_bytes()
            self.cache[path] = (len(data), len(gzip.compress(data, compresslevel=6)))
        return self.cache[path]


# -- CPU time -------------------------------------------------------------------------------------
def children_cpu_seconds() -> float | None:
    """CPU seconds (user + system, with reaped children) used so far by every live
    descendant of this process: Playwright's driver and the browser's processes.

    Unlike wall time this hardly grows when other work shares the cores, so the app/bare
    comparison of CPU time holds on a busy machine. None where there is no /proc.
    """
    try:
        ticks = os.sysconf("SC_CLK_TCK")
        table: dict[int, tuple[int, int]] = {}
        for entry in os.scandir("/proc"):
            if not entry.name.isdigit():
                continue
            try:
                stat = Path(entry.path, "stat").read_text()
            except OSError:
                continue
            fields = stat[stat.rindex(")") + 2 :].split()
            table[int(entry.name)] = (int(fields[1]), sum(int(f) for f in fields[11:15]))
    except (OSError, ValueError):
        return None
    children: dict[int, list[int]] = {}
    for pid, (ppid, _) in table.items():
        children.setdefault(ppid, []).append(pid)
    total, stack = 0, [os.getpid()]
    while stack:
        for child in children.get(stack.pop(), []):
            total += table[child][1]
            stack.append(child)
    return total / ticks


# -- the browser -------------------------------------------------------------------------------
def launch_options() -> dict[str, Any]:
    """Headless Chromium: the system one with the project's flags, else Playwright's."""
    options: dict[str, Any] = {"headless": True, "args": list(CHROMIUM_ARGS)}
    path = system_chromium()
    if path:
        options["executable_path"] = path
    return options


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
    #: App: ms from the bench's tap on a game to its answer being painted.
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
    page.on("console", lambda m: run.errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: run.errors.append(f"page error: {e}"))
    server.reset()
    run.load = os.getloadavg()[0]
    cpu_before = children_cpu_seconds()
    page.goto(server.url(PAGE_PATHS[run.page]), wait_until="commit")
    if run.page == "app":
        tap(page, run)
    page.wait_for_function("window.__benchReady !== undefined", timeout=READY_TIMEOUT_MS)
    cpu_after = children_cpu_seconds()
    if cpu_before is not None and cpu_after is not None:
        run.cpu_s = cpu_after - cpu_before
    if run.page == "app" and run.tap_before_ready is not False:
        page.wait_for_function(
            "window.__benchTap && window.__benchTap.answered !== undefined",
            timeout=READY_TIMEOUT_MS,
        )
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


def tap(page: Page, run: Run) -> None:
    """Tap the first game as soon as the first screen is painted (or Python is ready,
    where there is no prerendered screen), as a person would: a mouse click at the
    button's place, sent at once. (Playwright's ``click`` would first wait for the
    page's main thread to run its actionability checks, i.e. for Python's start-up
    to let go; a real tap does not wait, and its answer does.)"""
    try:
        page.wait_for_function(
            "window.__benchFirstScreen !== undefined || window.__benchReady !== undefined",
            timeout=READY_TIMEOUT_MS,
        )
        # Python's first render may replace the button just then: look it up again.
        for _ in range(50):
            box = page.locator(TAP_TARGET).bounding_box(timeout=READY_TIMEOUT_MS)
            if box is not None:
                break
            page.wait_for_timeout(10)
        else:
            raise RuntimeError("the game's button has no box")
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
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


# -- diagnostics: where the start-up goes ------------------------------------------------------
def profile_bucket(call_frame: dict[str, Any]) -> str:
    """The script (or V8 category) a profile node's self time is charged to."""
    url = str(call_frame.get("url") or "")
    if url.startswith("wasm://"):
        return "wasm:// (wasm code without a URL)"
    if url.endswith(".wasm"):
        return "pyodide.asm.wasm (running the Python interpreter)"
    if url:
        return urlparse(url).path.rsplit("/", 1)[-1] or url
    name = str(call_frame.get("functionName") or "")
    return name if name.startswith("(") else "(native/other)"


def cpu_profile(browser: Browser, server: BenchServer, page_name: str) -> dict[str, float]:
    """Main-thread self time (ms) per script during one cold load, from V8's profiler."""
    context = browser.new_context(service_workers="allow")
    context.add_init_script(INIT_SCRIPT)
    try:
        page = context.new_page()
        page.goto(server.url("/blank.html"))
        cdp = context.new_cdp_session(page)
        cdp.send("Profiler.enable")
        cdp.send("Profiler.setSamplingInterval", {"interval": 250})
        cdp.send("Profiler.start")
        page.goto(server.url(PAGE_PATHS[page_name]), wait_until="commit")
        page.wait_for_function("window.__benchReady !== undefined", timeout=READY_TIMEOUT_MS)
        ready = float(page.evaluate("window.__benchReady"))
        profile = cdp.send("Profiler.stop")["profile"]
    finally:
        context.close()
    frames = {node["id"]: node["callFrame"] for node in profile["nodes"]}
    samples, deltas = profile.get("samples", []), profile.get("timeDeltas", [])
    buckets: dict[str, float] = {}
    for i, node_id in enumerate(samples[:-1]):
        bucket = profile_bucket(frames[node_id])
        buckets[bucket] = buckets.get(bucket, 0.0) + deltas[i + 1] / 1000
    out = dict(sorted(buckets.items(), key=lambda kv: -kv[1]))
    out["__ready_ms"] = ready
    return out


def diagnostics(
    pw: Playwright, server: BenchServer, sizes: GzipSizes, settings: Settings
) -> dict[str, Any]:
    """Second visits (app: the first load its worker serves) and CPU profiles of a cold
    app and bare load."""
    result: dict[str, Any] = {"profiles": {}, "second_visit": []}
    for index in range(settings.second_visits):
        for name in ("app", "bare"):
            with tempfile.TemporaryDirectory(prefix="nordic21-bench-visit-") as tmp:
                if prime(pw, server, Path(tmp), name, "allow", 0):
                    run = warm_run(pw, server, sizes, Path(tmp), (name, "second", "allow"), index)
                    result["second_visit"].append(run.as_dict())
                    log(f"second visit {name} #{index}: ready {run.ready}")
    browser = pw.chromium.launch(**launch_options())
    try:
        if settings.profile:
            for name in ("app", "bare"):
                try:
                    result["profiles"][name] = cpu_profile(browser, server, name)
                    log(f"profiled {name}")
                except Exception as exc:
                    log(f"profiling {name} failed: {exc}")
    finally:
        browser.close()
    return result


# -- Python timings ----------------------------------------------------------------------------
Caller = Callable[..., dict[str, Any]]


def python_timings(call: Caller, settings: Settings, label: str) -> dict[str, Any]:
    """Bot moves per game and level, the coach per game, playouts per game."""
    env = call("environment")
    out: dict[str, Any] = {
        "environment": env,
        "bots": [],
        "coach": [],
        "playouts": [],
        "reviews": [],
    }
    for game in env["games"]:
        for level in env["levels"]:
            result = call(
                "bot_timings",
                game_id=game,
                level=level,
                decisions=settings.decisions,
                min_decisions=settings.min_decisions,
                budget_s=settings.bot_budget_s,
            )
            out["bots"].append(result)
            log(f"{label}: {game}/{level}: {len(result['ms'])} moves")
        coach = call(
            "coach_timings",
            game_id=game,
            samples=settings.coach_samples,
            min_samples=settings.min_decisions,
            budget_s=settings.coach_budget_s,
        )
        out["coach"].append(coach)
        out["playouts"].append(call("playout_rate", game_id=game, seconds=settings.playout_s))
        out["reviews"].append(call("review_timings", game_id=game))
        log(f"{label}: {game}: coach {len(coach['ms'])} calls, playouts done")
    return out


def browser_python(pw: Playwright, server: BenchServer, settings: Settings) -> dict[str, Any]:
    """:func:`python_timings` in the browser's Pyodide (the /bots/ page)."""
    browser = pw.chromium.launch(**launch_options())
    try:
        context = browser.new_context(service_workers="block")
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(server.url("/bots/"))
        try:
            page.wait_for_function("window.__botsReady === true", timeout=READY_TIMEOUT_MS)
        except Exception as exc:
            raise RuntimeError(f"the bot page did not start: {errors or exc}") from exc

        def call(fn: str, **kwargs: Any) -> dict[str, Any]:
            request = json.dumps({"fn": fn, "kwargs": kwargs})
            result: dict[str, Any] = json.loads(page.evaluate("r => window.benchCall(r)", request))
            return result

        out = python_timings(call, settings, "pyodide")
        out["page"] = page.evaluate("window.benchInfo")
        context.close()
        return out
    finally:
        browser.close()


def cpython_python(settings: Settings) -> dict[str, Any]:
    """:func:`python_timings` in this CPython."""

    def call(fn: str, **kwargs: Any) -> dict[str, Any]:
        result: dict[str, Any] = json.loads(json.dumps(decisions.FUNCTIONS[fn](**kwargs)))
        return result

    return python_timings(call, settings, "cpython")


# -- statistics and the report -----------------------------------------------------------------
def percentile(values: Sequence[float], p: float) -> float | None:
    """Nearest-rank percentile (``p`` in 0..100); None for no values."""
    if not values:
        return None
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * p // 100))
    return float(ordered[int(rank) - 1])


def summary(values: Sequence[float]) -> dict[str, Any]:
    """n, median, min, max, p50, p95 of ``values``."""
    if not values:
        return {"n": 0, "median": None, "min": None, "max": None, "p50": None, "p95": None}
    return {
        "n": len(values),
        "median": statistics.median(values),
        "min": min(values),
        "max": max(values),
        "p50": percentile(values, 50),
        "p95": percentile(values, 95),
    }


def fmt(value: float | None, digits: int = 0) -> str:
    """A number for a table ("–" when missing)."""
    return "–" if value is None else f"{value:,.{digits}f}"


def fmt_ms(value: float | None) -> str:
    """Milliseconds with precision that suits their size."""
    if value is None:
        return "–"
    return f"{value:.3f}" if value < 1 else f"{value:.2f}" if value < 100 else f"{value:.0f}"


def kb(value: float | None) -> str:
    """Bytes as kB (1000 bytes)."""
    return "–" if value is None else f"{value / 1000:,.1f} kB"


def spread(stats: dict[str, Any], digits: int = 0) -> str:
    """ "median [min–max]"."""
    if not stats["n"]:
        return "–"
    return (
        f"{fmt(stats['median'], digits)} [{fmt(stats['min'], digits)}–{fmt(stats['max'], digits)}]"
    )


MODES = (
    ("app", "cold", "app, cold (first visit; worker installs meanwhile)"),
    ("app", "cold-nosw", "app, cold, service worker blocked"),
    ("app", "cold-still", "app, cold, worker blocked, reduced motion (no dice animation)"),
    ("bare", "cold", "bare Pyodide, cold"),
    ("bareapp", "cold", "the app's Python on bare Pyodide (no PyScript, shell, worker), cold"),
    ("app", "warm", "app, warm (served by its service worker)"),
    ("bare", "warm", "bare Pyodide, warm (HTTP cache)"),
    ("app", "warm-nosw", "app, warm, service worker blocked (HTTP cache)"),
)
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


def first_screen(run: Run) -> float | None:
    """When the run's first screen was painted: the prerendered home's Element Timing,
    else (the bare page, an engine without Element Timing) its first contentful paint."""
    return run.first_screen if run.first_screen is not None else run.fcp


def select(runs: Sequence[Run], page: str, mode: str) -> list[Run]:
    """The successful runs of one page and mode."""
    return [r for r in runs if r.page == page and r.mode == mode and r.ready is not None]


def startup_summary(runs: Sequence[Run]) -> dict[str, Any]:
    """Per page and mode: ready, FCP, bytes; the app/bare ratios."""
    out: dict[str, Any] = {}
    for page, mode, _ in MODES:
        chosen = select(runs, page, mode)
        failed = [r for r in runs if r.page == page and r.mode == mode and r.ready is None]
        out[f"{page}/{mode}"] = {
            "ready": summary([r.ready for r in chosen if r.ready is not None]),
            "cpu_s": summary([r.cpu_s for r in chosen if r.cpu_s is not None]),
            "fcp": summary([r.fcp for r in chosen if r.fcp is not None]),
            "first_screen": summary([f for f in map(first_screen, chosen) if f is not None]),
            "tap_ms": summary([r.tap_ms for r in chosen if r.tap_ms is not None]),
            "taps_before_ready": sum(bool(r.tap_before_ready) for r in chosen),
            "snapshot": {
                how: sum(r.snapshot == how for r in chosen)
                for how in sorted({r.snapshot for r in chosen if r.snapshot})
            },
            "fallbacks": sum(str(r.snapshot).startswith("fallback") for r in chosen),
            "transfer": summary([r.transfer for r in chosen]),
            "raw": summary([r.raw for r in chosen]),
            "gzip": summary([r.gzip for r in chosen]),
            "files": summary([r.files for r in chosen]),
            "server_bytes": summary([r.server_bytes for r in chosen]),
            "server_bytes_with_sw": summary(
                [r.server_bytes_with_sw for r in chosen if r.server_bytes_with_sw is not None]
            ),
            "controlled": sum(r.controlled for r in chosen),
            "failed": len(failed),
            "errors": sorted(
                {e for r in runs if r.page == page and r.mode == mode for e in r.errors}
            ),
        }

    def ratio(app_mode: str, bare_mode: str, metric: str, stat: str) -> float | None:
        app = out[f"app/{app_mode}"][metric][stat]
        bare = out[f"bare/{bare_mode}"][metric][stat]
        return app / bare if app and bare else None

    out["ratio_cold_still"] = ratio("cold-still", "cold", "ready", "median")
    out["bytes_ratio"] = ratio("cold", "cold", "gzip", "median")
    out["fallbacks"] = sum(str(r.snapshot).startswith("fallback") for r in runs)
    out["cpu_ratio_cold_still"] = ratio("cold-still", "cold", "cpu_s", "median")
    for mode in ("cold", "warm"):
        out[f"ratio_{mode}"] = ratio(mode, mode, "ready", "median")
        out[f"ratio_{mode}_nosw"] = ratio(f"{mode}-nosw", mode, "ready", "median")
        out[f"min_ratio_{mode}"] = ratio(mode, mode, "ready", "min")
        out[f"cpu_ratio_{mode}"] = ratio(mode, mode, "cpu_s", "median")
        out[f"cpu_ratio_{mode}_nosw"] = ratio(f"{mode}-nosw", mode, "cpu_s", "median")
    out["load"] = summary([r.load for r in runs])
    return out


#: Files whose requests mark the start-up's steps, for the timeline table (a bundler
#: hash in a name is shown as ``*``).
KEY_FILES = (
    "index.html",
    "style.css",
    "boot.js",
    "core.js",
    "core-*.js",
    "pyscript.toml",
    "toml-*.js",
    "pyodide.mjs",
    "pyodide-lock.json",
    "pyodide.asm.mjs",
    "python_stdlib.zip",
    "pyodide.asm.wasm",
    "nordic21.zip",
    "zip-*.js",
)
HASHED = re.compile(r"^(.+)-[A-Za-z0-9_-]{8}\.js$")


def file_key(url: str) -> str:
    """A resource's file name, with a bundler hash replaced by ``*``."""
    base = urlparse(url).path.rsplit("/", 1)[-1] or "index.html"
    if base in ("", "bare", "bareapp", "app"):
        return "index.html"
    match = HASHED.match(base)
    return f"{match.group(1)}-*.js" if match else base


def timeline(runs: Sequence[Run]) -> dict[str, tuple[float | None, float | None]]:
    """Per key file: median over ``runs`` of (first request start, last response end)."""
    starts: dict[str, list[float]] = {}
    ends: dict[str, list[float]] = {}
    for run in runs:
        first: dict[str, float] = {}
        last: dict[str, float] = {}
        for entry in run.resources:
            key = file_key(entry["name"])
            first[key] = min(first.get(key, entry["start"]), entry["start"])
            last[key] = max(last.get(key, entry["end"]), entry["end"])
        for key in first:
            starts.setdefault(key, []).append(first[key])
            ends.setdefault(key, []).append(last[key])
    return {
        key: (
            statistics.median(starts[key]) if key in starts else None,
            statistics.median(ends[key]) if key in ends else None,
        )
        for key in KEY_FILES
    }


def bot_rows(browser: dict[str, Any], cpython: dict[str, Any]) -> list[dict[str, Any]]:
    """One row per game and level, browser and CPython side by side."""
    native = {(b["game"], b["level"]): b for b in cpython["bots"]}
    rows = []
    for item in browser["bots"]:
        key = (item["game"], item["level"])
        other = native.get(key, {"ms": []})
        rows.append(
            {
                "game": item["game"],
                "level": item["level"],
                "browser": summary(item["ms"]),
                "cpython": summary(other["ms"]),
                "target_ms": TARGET_BOT_P95_SPECIAL.get(key, TARGET_BOT_P95_MS),
                "matches": item["matches"],
                "budget_hit": item["budget_hit"],
                "first": item["ms"][0] if item["ms"] else None,
            }
        )
    return rows


def coach_rows(browser: dict[str, Any], cpython: dict[str, Any]) -> list[dict[str, Any]]:
    """One row per game with a coach (or its stand-in)."""
    native = {c["game"]: c for c in cpython["coach"]}
    return [
        {
            "game": item["game"],
            "name": item["name"],
            "browser": summary(item["ms"]),
            "cpython": summary(native.get(item["game"], {"ms": []})["ms"]),
            "errors": item["errors"],
        }
        for item in browser["coach"]
        if item["name"]
    ]


def targets(
    start: dict[str, Any], bots: list[dict[str, Any]], coach: list[dict[str, Any]]
) -> list[tuple[str, bool | None, str]]:
    """(target, met or None when unmeasured, the figure) for every target."""
    out: list[tuple[str, bool | None, str]] = []

    def at_most(name: str, value: float | None, limit: float, shown: str) -> None:
        out.append((name, None if value is None else value <= limit, shown))

    cold, warm = start["ratio_cold"], start["ratio_warm"]
    at_most(
        f"cold ready ≤ {TARGET_COLD_RATIO:.2f}× bare", cold, TARGET_COLD_RATIO, f"{fmt(cold, 3)}×"
    )
    at_most(
        f"warm ready (return visit, device snapshot) ≤ {TARGET_WARM_RATIO:.2f}× bare",
        warm,
        TARGET_WARM_RATIO,
        f"{fmt(warm, 3)}×; snapshot starts {start['app/warm']['snapshot']}",
    )
    bytes_ratio = start["bytes_ratio"]
    at_most(
        f"cold bytes (gzip) ≤ {TARGET_BYTES_RATIO:.2f}× bare",
        bytes_ratio,
        TARGET_BYTES_RATIO,
        f"{fmt(bytes_ratio, 3)}×",
    )
    for mode in ("cold", "warm"):
        row = start[f"app/{mode}"]
        at_most(
            f"first screen painted ≤ {TARGET_FIRST_SCREEN_MS:.0f} ms ({mode})",
            row["first_screen"]["median"],
            TARGET_FIRST_SCREEN_MS,
            f"{fmt(row['first_screen']['median'])} ms",
        )
        at_most(
            f"a tap on the home screen answered ≤ {TARGET_TAP_MS:.0f} ms ({mode})",
            row["tap_ms"]["max"],
            TARGET_TAP_MS,
            f"median {fmt(row['tap_ms']['median'])} ms, worst {fmt(row['tap_ms']['max'])} ms; "
            f"{row['taps_before_ready']}/{row['tap_ms']['n']} taps before Python was ready",
        )
    out.append(
        (
            "no snapshot fallback",
            start["fallbacks"] == 0,
            f"{start['fallbacks']} fallbacks",
        )
    )
    slow = [
        f"{b['game']}/{b['level']} {fmt_ms(b['browser']['p95'])} ms"
        for b in bots
        if b["browser"]["p95"] is not None and b["browser"]["p95"] > b["target_ms"]
    ]
    worst = max(bots, key=lambda b: (b["browser"]["p95"] or 0) / b["target_ms"], default=None)
    out.append(
        (
            "every bot p95 ≤ 100 ms in the browser (twentyone expert ≤ 250 ms)",
            None if not bots else not slow,
            ", ".join(slow)
            if slow
            else (
                f"worst {worst['game']}/{worst['level']} {fmt_ms(worst['browser']['p95'])} ms"
                if worst
                else "–"
            ),
        )
    )
    coach_slow = [
        f"{c['game']} {fmt_ms(c['browser']['p95'])} ms"
        for c in coach
        if c["browser"]["p95"] is not None and c["browser"]["p95"] > TARGET_COACH_MS
    ]
    worst_c = max(coach, key=lambda c: c["browser"]["p95"] or 0, default=None)
    out.append(
        (
            f"coach ≤ {TARGET_COACH_MS:.0f} ms (p95, browser)",
            None if not coach else not coach_slow,
            ", ".join(coach_slow)
            if coach_slow
            else (
                f"worst {worst_c['game']} {fmt_ms(worst_c['browser']['p95'])} ms"
                if worst_c
                else "–"
            ),
        )
    )
    return out


def busy(results: dict[str, Any]) -> bool:
    """Whether other work kept the machine busy: the load before the bench started (the
    load during it counts the bench's own browser, which uses both cores), or for older
    results without that figure, the load during the page loads."""
    machine = results["machine"]
    load = machine.get("load_start")
    if load is None:
        load = results["startup"]["summary"]["load"]["max"] or 0
    return bool(load > 0.5 * (machine["nproc"] or 1))


def report(results: dict[str, Any]) -> str:
    """The Markdown report (recomputed from the runs, so older JSON files print too)."""
    s = startup_summary([Run(**r) for r in results["startup"]["runs"]])
    machine = results["machine"]
    lines = [
        "# Nordic 21 bench",
        "",
        f"{machine['date']} · {machine['nproc']} cores · {machine['chromium']} · "
        f"Pyodide {results['python']['browser'].get('page', {}).get('pyodide', '?')} · "
        f"CPython {machine['python']} · runs per page and mode: {results['settings']['runs']}"
        + (" · QUICK" if results["settings"]["quick"] else ""),
        "",
        f"Site: {results['site']['origin']} (commit {machine['commit']}; app zip "
        f"{kb(results['site']['zip_bytes'])}).",
        "",
        f"Load average (1 min) before the bench: {fmt(machine.get('load_start'), 1)}; during "
        f"the page loads (the bench's own browser included): median "
        f"{fmt(s['load']['median'], 1)}, max {fmt(s['load']['max'], 1)}; at the end "
        f"{fmt(machine.get('load_end'), 1)}.",
    ]
    if busy(results):
        lines.append(
            "**Warning: the machine was busy with other work during the bench; absolute "
            "times are inflated and noisy. The app/bare ratios are fairer (runs alternate), "
            "but re-run on an idle machine before quoting numbers.**"
        )
    lines += [
        "",
        "## Start-up (ms from navigation start: median [min–max])",
        "",
        "| page, mode | ok runs | time to ready | first screen | tap answered "
        "| FCP | browser CPU s until ready | runtime start |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for page, mode, label in MODES:
        row = s[f"{page}/{mode}"]
        if not row["ready"]["n"] and not row["failed"]:
            continue
        failed = f" ({row['failed']} failed)" if row["failed"] else ""
        starts = ", ".join(f"{how} {n}" for how, n in row["snapshot"].items()) or "–"
        lines.append(
            f"| {label} | {row['ready']['n']}{failed} | {spread(row['ready'])} "
            f"| {spread(row['first_screen'])} | {spread(row['tap_ms'])} "
            f"| {spread(row['fcp'])} | {spread(row['cpu_s'], 2)} | {starts} |"
        )
    lines += [
        "",
        f"- snapshot fallbacks (a stored snapshot not used): **{s['fallbacks']}**",
        f"- bytes ratio app/bare (gzip, cold): **{fmt(s['bytes_ratio'], 3)}×**",
        f"- ready ratio app/bare: cold **{fmt(s['ratio_cold'], 3)}×**, "
        f"warm **{fmt(s['ratio_warm'], 3)}×**; with the app's worker blocked: cold "
        f"{fmt(s['ratio_cold_nosw'], 3)}×, warm {fmt(s['ratio_warm_nosw'], 3)}×",
        f"- without the loading animation (worker blocked, reduced motion): ready "
        f"{fmt(s['ratio_cold_still'], 3)}× bare, CPU {fmt(s['cpu_ratio_cold_still'], 3)}× bare",
        f"- ratio of the fastest runs (less sensitive to other load): cold "
        f"{fmt(s['min_ratio_cold'], 3)}×, warm {fmt(s['min_ratio_warm'], 3)}×",
        f"- browser CPU time until ready, app/bare (hardly affected by other load): cold "
        f"{fmt(s['cpu_ratio_cold'], 3)}×, warm {fmt(s['cpu_ratio_warm'], 3)}×; worker "
        f"blocked: cold {fmt(s['cpu_ratio_cold_nosw'], 3)}×, warm "
        f"{fmt(s['cpu_ratio_warm_nosw'], 3)}×",
        f"- warm app runs controlled by the service worker: {s['app/warm']['controlled']}"
        f"/{s['app/warm']['ready']['n']}",
        "",
        "## Bytes on a cold load (median per run)",
        "",
        "| page | files | transferred (transferSize) | same files raw | gzip -6 equivalent |",
        "|---|---|---|---|---|",
    ]
    for page in ("app", "bare"):
        row = s[f"{page}/cold"]
        lines.append(
            f"| {page} | {fmt(row['files']['median'])} | {kb(row['transfer']['median'])} "
            f"| {kb(row['raw']['median'])} | {kb(row['gzip']['median'])} |"
        )
    app, bare = s["app/cold"], s["bare/cold"]

    def diff(key: str) -> float | None:
        a, b = app[key]["median"], bare[key]["median"]
        return None if a is None or b is None else a - b

    lines += [
        f"| app − bare | {fmt(diff('files'))} | {kb(diff('transfer'))} | {kb(diff('raw'))} "
        f"| {kb(diff('gzip'))} |",
        "",
        f"- server-side body bytes until ready: app {kb(app['server_bytes']['median'])}, "
        f"bare {kb(bare['server_bytes']['median'])}; app until its worker has precached "
        f"(first visit total): {kb(app['server_bytes_with_sw']['median'])}",
    ]
    runs = [Run(**r) for r in results["startup"]["runs"]]
    app_files: dict[str, tuple[int, int]] = {}
    bare_files: set[str] = set()
    for run in select(runs, "app", "cold"):
        app_files.update(run.fetched)
    for run in select(runs, "bare", "cold"):
        bare_files.update(run.fetched)
    shared = {f.rsplit("/", 1)[-1] for f in bare_files}
    extra = sorted(
        ((f, v) for f, v in app_files.items() if f.rsplit("/", 1)[-1] not in shared),
        key=lambda item: -item[1][1],
    )
    if extra:
        listed = ", ".join(f"`{f.removeprefix('app/')}` {kb(v[1])}" for f, v in extra[:8])
        lines.append(f"- the app's extra files, largest gzip first: {listed}")
    lines += startup_diagnostics_report(results)
    lines += python_report(results)
    lines += review_report(results)
    lines += ["", "## Targets", ""]
    if busy(results):
        lines += [
            "(The machine was busy: the start-up and FCP verdicts below rest on noisy wall "
            "times; trust them only from a run on an idle machine.)",
            "",
        ]
    for name, met, figure in results["targets"]:
        mark = "MET" if met else ("not measured" if met is None else "NOT MET")
        lines.append(f"- [{'x' if met else ' '}] {name}: **{mark}** ({figure})")
    return "\n".join(lines)


def startup_diagnostics_report(results: dict[str, Any]) -> list[str]:
    """Where the app's start-up goes: timeline, plain-Pyodide phases, CPU profiles."""
    runs = [Run(**r) for r in results["startup"]["runs"]]
    diag = results["diagnostics"]
    lines = [
        "",
        "## Where the start-up goes (cold, medians)",
        "",
        "| file | app: request start | app: response end | bare: request start "
        "| bare: response end |",
        "|---|---|---|---|---|",
    ]
    app_t = timeline(select(runs, "app", "cold-nosw"))
    bare_t = timeline(select(runs, "bare", "cold"))
    for key in KEY_FILES:
        a, b = app_t[key], bare_t[key]
        if a == (None, None) and b == (None, None):
            continue
        lines.append(f"| {key} | {fmt(a[0])} | {fmt(a[1])} | {fmt(b[0])} | {fmt(b[1])} |")
    s = startup_summary(runs)
    steps = (
        ("bare/cold", "bare Pyodide page"),
        ("bareapp/cold", "+ the app's Python (zip, imports, first render)"),
        ("app/cold-still", "+ PyScript, the loading shell (no animation)"),
        ("app/cold-nosw", "+ the tumbling-dice animation"),
        ("app/cold", "+ the service worker installing (first visit)"),
    )
    lines += [
        "",
        "Cold start-up built up step by step (medians; every mode alternates with the others):",
        "",
        "| step | ready ms | Δ ready | browser CPU s | Δ CPU |",
        "|---|---|---|---|---|",
    ]
    previous: tuple[float | None, float | None] = (None, None)
    for key, label in steps:
        ready, cpu = s[key]["ready"]["median"], s[key]["cpu_s"]["median"]
        d_ready = ready - previous[0] if ready is not None and previous[0] is not None else None
        d_cpu = cpu - previous[1] if cpu is not None and previous[1] is not None else None
        lines.append(
            f"| {label} | {fmt(ready)} | {'' if d_ready is None else f'{d_ready:+,.0f}'} "
            f"| {fmt(cpu, 2)} | {'' if d_cpu is None else f'{d_cpu:+.2f}'} |"
        )
        previous = (ready, cpu)
    nosw_events = [r.events for r in select(runs, "app", "cold-nosw")]
    if nosw_events:
        names = sorted({k for e in nosw_events for k in e})
        stamps = ", ".join(
            f"{k} {fmt(statistics.median([e[k] for e in nosw_events if k in e]))}" for k in names
        )
        lines += ["", f"- app events (cold, worker blocked): {stamps}"]
    app_marks = [r.marks for r in select(runs, "app", "cold-nosw") if r.marks]
    if app_marks:
        names = sorted({k for m in app_marks for k in m}, key=lambda k: app_marks[0].get(k, 0))
        stamps = ", ".join(
            f"{k} {fmt(statistics.median([m[k] for m in app_marks if k in m]))}" for k in names
        )
        lines.append(f"- the app's performance marks (cold, worker blocked): {stamps}")
    lines.append(
        f"- ready: app (worker blocked) {fmt(s['app/cold-nosw']['ready']['median'])}, "
        f"bare {fmt(s['bare/cold']['ready']['median'])}"
    )
    visits = {
        name: summary(
            [r["ready"] for r in diag["second_visit"] if r["page"] == name and r["ready"]]
        )
        for name in ("app", "bare")
    }
    if visits["app"]["n"] or visits["bare"]["n"]:
        app_v, bare_v = visits["app"]["median"], visits["bare"]["median"]
        lines.append(
            "- second visit (the first load after a first visit; for the app the first one "
            f"its worker serves, before V8 has a code cache for that copy): app "
            f"{spread(visits['app'])}, bare {spread(visits['bare'])}"
            + (f", ratio {app_v / bare_v:.3f}×" if app_v and bare_v else "")
            + "; browser CPU s: "
            + ", ".join(
                f"{r['page']} {fmt(r.get('cpu_s'), 2)}" for r in diag["second_visit"] if r["ready"]
            )
        )
    bareapp = select(runs, "bareapp", "cold")
    phases = [r.phases for r in bareapp if r.phases]
    readies = [r.ready for r in bareapp if r.ready is not None]
    if phases:
        med = {k: statistics.median([p[k] for p in phases]) for k in phases[0]}
        lines += [
            "",
            "The app's Python on plain `loadPyodide` (/bareapp/, "
            f"{len(phases)} cold runs, ms from navigation start):",
            "",
            "| step | at | takes |",
            "|---|---|---|",
            f"| module script runs | {fmt(med['script'])} | |",
            f"| runtime ready (loadPyodide) | {fmt(med['runtime'])} "
            f"| {fmt(med['runtime'] - med['script'])} |",
            f"| app zip unpacked | {fmt(med['unpacked'])} "
            f"| {fmt(med['unpacked'] - med['runtime'])} |",
            f"| `import web.app` | {fmt(med['imported'])} "
            f"| {fmt(med['imported'] - med['unpacked'])} |",
            f"| `start()` (home screen drawn, ready) | {fmt(med['started'])} "
            f"| {fmt(med['started'] - med['imported'])} |",
            f"| data-ready observed | {fmt(statistics.median(readies) if readies else None)} | |",
        ]
    profiles = diag.get("profiles", {})
    if profiles:
        buckets = sorted(
            {k for p in profiles.values() for k in p if not k.startswith("__")},
            key=lambda k: -max(p.get(k, 0.0) for p in profiles.values()),
        )[:16]
        lines += [
            "",
            "Main-thread CPU self time (ms) by script during one profiled cold load "
            "(the profiler slows things down; compare the two columns, not absolutes):",
            "",
            "| script / category | app | bare |",
            "|---|---|---|",
        ]
        for key in buckets:
            lines.append(
                f"| {key} | {fmt(profiles.get('app', {}).get(key))} "
                f"| {fmt(profiles.get('bare', {}).get(key))} |"
            )
        lines.append(
            f"| (ready at, profiled run) | {fmt(profiles.get('app', {}).get('__ready_ms'))} "
            f"| {fmt(profiles.get('bare', {}).get('__ready_ms'))} |"
        )
    return lines


def python_report(results: dict[str, Any]) -> list[str]:
    """The bot, coach and playout tables."""
    py = results["python"]
    lines = [
        "",
        "## Bot moves (ms per move as the app makes it: make_bot + view + legal + choose)",
        "",
        "| game | level | browser n | browser p50 | browser p95 | browser max "
        "| browser 1st move | CPython p50 | CPython p95 | p95 browser/CPython |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for row in py["bot_rows"]:
        b, c = row["browser"], row["cpython"]
        slow = b["p95"] / c["p95"] if b["p95"] and c["p95"] else None
        capped = " (time cap)" if row["budget_hit"] else ""
        lines.append(
            f"| {row['game']} | {row['level']} | {b['n']}{capped} "
            f"| {fmt_ms(b['p50'])} | {fmt_ms(b['p95'])} | {fmt_ms(b['max'])} "
            f"| {fmt_ms(row['first'])} | {fmt_ms(c['p50'])} | {fmt_ms(c['p95'])} "
            f"| {fmt(slow, 1)}× |"
        )
    lines += [
        "",
        "## Odds coach (ms per computation on the acting seat's view)",
        "",
        "| game | function | browser n | browser p50 | browser p95 | browser max "
        "| CPython p50 | CPython p95 |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for row in py["coach_rows"]:
        b, c = row["browser"], row["cpython"]
        lines.append(
            f"| {row['game']} | {row['name']} | {b['n']} | {fmt_ms(b['p50'])} "
            f"| {fmt_ms(b['p95'])} | {fmt_ms(b['max'])} | {fmt_ms(c['p50'])} "
            f"| {fmt_ms(c['p95'])} |"
        )
        if row["errors"]:
            lines.append(f"| | errors: {'; '.join(row['errors'])} | | | | | | |")
    without = [c["game"] for c in py["browser"]["coach"] if not c["name"]]
    if without:
        lines += ["", f"Games without a coach in `web.coach`: {', '.join(without)}."]
    lines += [
        "",
        f"## After-the-game review (ms for one person, matches up to 10 rounds; "
        f"target {TARGET_REVIEW_MS:.0f} ms in the browser)",
        "",
        "| game | decisions | browser max | CPython max |",
        "|---|---|---|---|",
    ]
    native_reviews = {r["game"]: r for r in py["cpython"].get("reviews", [])}
    for item in py["browser"].get("reviews", []):
        other = native_reviews.get(item["game"], {"ms": []})
        lines.append(
            f"| {item['game']} | {', '.join(map(str, item['decisions']))} "
            f"| {fmt_ms(max(item['ms'], default=None))} "
            f"| {fmt_ms(max(other['ms'], default=None))} |"
        )
    lines += [
        "",
        "## Random playouts (legal actions per second through `apply`)",
        "",
        "| game | browser | CPython | CPython/browser |",
        "|---|---|---|---|",
    ]
    native = {p["game"]: p for p in py["cpython"]["playouts"]}
    for item in py["browser"]["playouts"]:
        other = native.get(item["game"])
        rate = other["per_second"] if other else None
        lines.append(
            f"| {item['game']} | {fmt(item['per_second'])} | {fmt(rate)} "
            f"| {fmt(rate / item['per_second'] if rate and item['per_second'] else None, 1)}× |"
        )
    return lines


# -- the review of a finished match in the browser (#19) ---------------------------------------
#: Rounds of the reviewed matches (Twenty One: deals).
REVIEW_ROUNDS = 10
#: Twenty One plays deals until a score: with medium bots, 70 points takes about 10
#: deals (the classic 21 takes 2-4); the bench takes a seed whose match took exactly 10.
REVIEW_TARGET_POINTS = {"twentyone": 70}
#: Seeds tried per game for a match of exactly ``REVIEW_ROUNDS`` rounds.
REVIEW_SEED_TRIES = 200
REVIEW_SEED = 301
REVIEW_TIMEOUT_MS = 120_000
#: Runs before the app's own scripts: puts the finished match in the site's storage (as
#: the app's own save book wrote it) and stamps, in ms from navigation start, when the
#: review screen is first drawn, when its summary is ready (the progress line gone and
#: every person's summary shown), and every long task (> 50 ms) of the main thread.
REVIEW_INIT_SCRIPT = """
((key, entry) => {
  if (window.__reviewInit) return;
  window.__reviewInit = true;
  try { localStorage.setItem(key, entry); } catch (e) { window.__reviewStoreError = String(e); }
  const bench = { longTasks: [] };
  window.__reviewBench = bench;
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) bench.longTasks.push([e.startTime, e.duration]);
    }).observe({ type: "longtask", buffered: true });
  } catch (e) { bench.longTasks = null; }
  new MutationObserver(() => {
    if (bench.opened === undefined) return;
    const screen = document.querySelector("main.review");
    if (screen && bench.drawn === undefined) bench.drawn = performance.now();
    const progress = document.querySelector(".review-progress .progress-text");
    if (progress) bench.progress = progress.textContent;
    if (screen && !progress && bench.ready === undefined &&
        document.querySelector(".review .person .review-summary")) {
      bench.ready = performance.now();
      bench.summary = document.querySelector(".review .person .review-summary").textContent;
    }
  }).observe(document, { subtree: true, childList: true, characterData: true });
})(%s, %s);
"""


def review_entry(game_id: str, rounds: int = REVIEW_ROUNDS) -> dict[str, Any]:
    """A finished ``rounds``-round match of ``game_id`` as the site keeps it in its
    history (``web.saves``' own ``history.<id>`` entry), for one person, Ann, and two
    medium bots; the bots choose Ann's moves too. The first seed from
    :data:`REVIEW_SEED` whose match took exactly ``rounds`` rounds."""
    from pygame_core import get_game
    from web.saves import SaveInfo, history_data, summarize
    from web.saves.formats import dump
    from web.seats import Seat
    from web.session import GameSession

    game = get_game(game_id)
    values = game.config_to_dict(decisions.bench_config(game))
    if "rounds" in values:
        values["rounds"] = rounds
    if values.get("match") == "single":  # 21: "rounds" plays them all
        values["match"] = "rounds"
    if game_id in REVIEW_TARGET_POINTS:
        values["target"] = REVIEW_TARGET_POINTS[game_id]
    config = game.config(**values)
    seats = (Seat("Ann", "human"), Seat("Bot 2", "medium"), Seat("Bot 3", "medium"))
    bot = game.make_bot("medium")
    for seed in range(REVIEW_SEED, REVIEW_SEED + REVIEW_SEED_TRIES):
        session = GameSession.start(game_id, config, seats[: config.players], seed)
        while (seat := session.current) is not None:
            step = len(session.state.history)
            view = session.view(seat)
            session.act(bot.choose(view, session.legal(), decisions.bot_seed(seed, step)))
        if session.view(None).round == rounds:
            break
    else:
        raise RuntimeError(f"{game_id}: no seed gave a match of {rounds} rounds")
    saved_id = f"bench-{game_id}"
    info = SaveInfo(saved_id, summarize(session), len(session.state.history), 0, 0)
    return {
        "game": game_id,
        "id": saved_id,
        "seed": seed,
        "config": values,
        "rounds": session.view(None).round,
        "moves": len(session.state.history),
        "people_moves": _replayed_actors(session).count(0),
        "key": "nordic21.history." + saved_id,
        "entry": dump(history_data(info, session)),
    }


def _replayed_actors(session: Any) -> list[int]:
    """Who made each move of a finished session."""
    game = session.game
    state = game.new_game(session.state.config, session.state.seed)
    actors = []
    for action in session.state.history:
        actors.append(game.current_player(state))
        state, _ = game.apply(state, action)
    return actors


def _time_review(page: Page, saved_id: str) -> dict[str, Any]:
    """Set the review's address in ``page`` and time it until every summary is shown."""
    cpu_before = children_cpu_seconds()
    page.evaluate(
        """(id) => { const b = window.__reviewBench;
                     delete b.drawn; delete b.ready; delete b.progress;
                     b.opened = performance.now(); location.hash = "#/review/" + id; }""",
        saved_id,
    )
    page.wait_for_function("window.__reviewBench.ready !== undefined", timeout=REVIEW_TIMEOUT_MS)
    cpu_after = children_cpu_seconds()
    bench = page.evaluate("window.__reviewBench")
    opened = bench["opened"]
    tasks = bench.get("longTasks")
    during = [d for start, d in tasks or [] if opened <= start <= bench["ready"]]
    return {
        "drawn_ms": bench["drawn"] - opened if bench.get("drawn") is not None else None,
        "ready_ms": bench["ready"] - opened,
        "cpu_s": None if cpu_before is None or cpu_after is None else cpu_after - cpu_before,
        "long_tasks": None if tasks is None else len(during),
        "longest_task_ms": None if tasks is None else max(during, default=0.0),
        "summary": bench.get("summary"),
    }


def review_run(browser: Browser, server: BenchServer, match: dict[str, Any]) -> dict[str, Any]:
    """One fresh page of the site with ``match`` stored: home ready, then the review's
    address (``#/review/<id>``), timed in the page until its summary is ready; then home
    and the same review again (``again``: its modules imported, its odds tables made)."""
    context = browser.new_context(service_workers="block")
    context.add_init_script(
        REVIEW_INIT_SCRIPT % (json.dumps(match["key"]), json.dumps(match["entry"]))
    )
    out: dict[str, Any] = {"load": os.getloadavg()[0], "errors": []}
    try:
        page = context.new_page()
        page.on("pageerror", lambda e: out["errors"].append(f"page error: {e}"))
        page.on("console", lambda m: out["errors"].append(m.text) if m.type == "error" else None)
        page.goto(server.url("/app/?lang=en"), wait_until="commit")
        page.wait_for_selector("html[data-ready='1']", timeout=READY_TIMEOUT_MS)
        out.update(_time_review(page, match["id"]))
        out["rated"] = page.locator(".review .person .review-summary").first.inner_text()
        page.evaluate("() => { location.hash = '#/'; }")
        page.wait_for_function("!document.querySelector('main.review')")
        out["again"] = _time_review(page, match["id"])
    except Exception as exc:  # a failed run is reported, the bench goes on
        out["errors"].append(f"run failed: {exc}")
    finally:
        context.close()
    return out


def browser_review(
    pw: Playwright, server: BenchServer, settings: Settings, games: Sequence[str] | None = None
) -> dict[str, Any]:
    """The review of a finished 10-round match of every game in the real built site:
    ``settings.runs`` fresh pages per game, in rotating order."""
    from pygame_core import game_ids

    wanted = list(games or game_ids())
    matches = {}
    for game_id in wanted:
        matches[game_id] = review_entry(game_id)
        log(
            f"review: {game_id} match of {matches[game_id]['rounds']} rounds, "
            f"{matches[game_id]['moves']} moves (seed {matches[game_id]['seed']})"
        )
    runs: dict[str, list[dict[str, Any]]] = {g: [] for g in wanted}
    for index in range(settings.runs):
        shift = index % len(wanted)
        for game_id in wanted[shift:] + wanted[:shift]:
            # A browser per run, and a crashed page run once more: on a crowded machine
            # Chromium's renderer crashed ("Target crashed") in about a third of the runs
            # that shared one browser, before or during the review alike.
            for attempt in range(2):
                browser = pw.chromium.launch(**launch_options())
                try:
                    run = review_run(browser, server, matches[game_id])
                finally:
                    browser.close()
                crashed = any("crashed" in e for e in run["errors"])
                if not crashed or attempt:
                    break
                log(f"review {game_id} #{index}: the page crashed, once more")
            run["attempts"] = attempt + 1
            runs[game_id].append(run)
            log(
                f"review {game_id} #{index}: ready {fmt(run.get('ready_ms'))} ms "
                f"(load {run['load']:.1f})"
            )
    return {
        "target_ms": TARGET_REVIEW_MS,
        "games": [
            {**{k: v for k, v in matches[g].items() if k != "entry"}, "runs": runs[g]}
            for g in wanted
        ],
    }


def review_rows(review: dict[str, Any]) -> list[dict[str, Any]]:
    """Per game: the ready times' summary and their worst against the target."""
    rows = []
    for item in review["games"]:
        ok = [r for r in item["runs"] if r.get("ready_ms") is not None]
        ready = summary([r["ready_ms"] for r in ok])
        rows.append(
            {
                "game": item["game"],
                "rounds": item["rounds"],
                "moves": item["moves"],
                "people_moves": item["people_moves"],
                "ready": ready,
                "drawn": summary([r["drawn_ms"] for r in ok if r.get("drawn_ms") is not None]),
                "cpu_s": summary([r["cpu_s"] for r in ok if r.get("cpu_s") is not None]),
                "again": summary([r["again"]["ready_ms"] for r in ok if r.get("again")]),
                "again_cpu_s": summary(
                    [r["again"]["cpu_s"] for r in ok if (r.get("again") or {}).get("cpu_s")]
                ),
                "longest_task": max(
                    (r["longest_task_ms"] for r in ok if r.get("longest_task_ms") is not None),
                    default=None,
                ),
                "failed": len(item["runs"]) - len(ok),
                "load": summary([r["load"] for r in item["runs"]]),
                "rated": ok[0]["rated"] if ok else None,
                "ratio": ready["max"] / review["target_ms"] if ready["max"] else None,
            }
        )
    return rows


def review_report(results: dict[str, Any]) -> list[str]:
    """The table of the review in the browser."""
    review = results.get("review")
    if not review:
        return []
    lines = [
        "",
        f"## The review in the browser (the built site: a finished {REVIEW_ROUNDS}-round match "
        f"stored, then `#/review/<id>` until every summary is shown; target "
        f"{review['target_ms']:.0f} ms)",
        "",
        "| game | moves (Ann's) | rated | runs | screen drawn | ready median | ready max "
        "| max / target | browser CPU s | longest task | again: ready, CPU s | load |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for row in review_rows(review):
        failed = f" ({row['failed']} failed)" if row["failed"] else ""
        lines.append(
            f"| {row['game']} | {row['moves']} ({row['people_moves']}) | {row['rated'] or '–'} "
            f"| {row['ready']['n']}{failed} | {fmt(row['drawn']['median'])} "
            f"| {fmt(row['ready']['median'])} | {fmt(row['ready']['max'])} "
            f"| {fmt(row['ratio'], 2)}× | {fmt(row['cpu_s']['median'], 2)} "
            f"| {fmt(row['longest_task'])} "
            f"| {fmt(row['again']['median'])}, {fmt(row['again_cpu_s']['median'], 2)} "
            f"| {fmt(row['load']['median'], 1)} |"
        )
    lines += [
        "",
        "Ready: ms from setting the address to the summary of every person on screen (the "
        "rating runs in slices in the background; the screen is drawn at once and the "
        "replay steps meanwhile). Browser CPU: user + system seconds of every browser "
        "process over the same time (hardly grows when other work shares the cores, unlike "
        "the wall times). Longest task: the longest main-thread task (> 50 ms) meanwhile, "
        "what a tap might wait for at worst. Again: the same review opened a second time "
        "in the same page (its modules imported, its odds tables made), medians.",
    ]
    return lines


def review_targets(review: dict[str, Any]) -> list[tuple[str, bool | None, str]]:
    """The review's target: every game's worst run within 2 s."""
    rows = review_rows(review)
    measured = [r for r in rows if r["ready"]["max"] is not None]
    slow = [f"{r['game']} {fmt(r['ready']['max'])} ms" for r in measured if r["ratio"] > 1]
    worst = max(measured, key=lambda r: r["ratio"], default=None)
    figure = (
        ", ".join(slow)
        if slow
        else (f"worst {worst['game']} {fmt(worst['ready']['max'])} ms" if worst else "–")
    )
    return [
        (
            f"the review of a {REVIEW_ROUNDS}-round match ready in the browser ≤ "
            f"{review['target_ms'] / 1000:.0f} s (every game, worst run)",
            None if not measured or any(r["failed"] for r in rows) else not slow,
            figure,
        )
    ]


def review_only(settings: Settings, games: Sequence[str] | None) -> int:
    """``--review``: only the review in the browser, with its report and target."""
    load_start = os.getloadavg()[0]
    with tempfile.TemporaryDirectory(prefix="nordic21-bench-") as tmp:
        root = Path(tmp)
        origin = stage(root)
        with BenchServer(root).running() as server, sync_playwright() as pw:
            review = browser_review(pw, server, settings, games)
    results = {
        "review": review,
        "site": origin,
        "load_start": load_start,
        "load_end": os.getloadavg()[0],
    }
    print(
        f"Site: {origin}. Load average (1 min): before {load_start:.1f}, "
        f"after {results['load_end']:.1f}."
    )
    print("\n".join(review_report(results)))
    for name, met, figure in review_targets(review):
        mark = "MET" if met else ("not measured" if met is None else "NOT MET")
        print(f"\n- [{'x' if met else ' '}] {name}: **{mark}** ({figure})")
    settings.out.parent.mkdir(parents=True, exist_ok=True)
    out = settings.out.with_name("review.json")
    out.write_text(json.dumps(results, indent=1, default=str), "utf-8")
    print(f"\n(results: {out})")
    return 0


# -- main --------------------------------------------------------------------------------------
def machine_info(chromium: str) -> dict[str, Any]:
    """The machine, the browser and the code measured."""
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, cwd=ROOT
    ).stdout.strip()
    dirty = subprocess.run(
        ["git", "status", "--porcelain"], capture_output=True, text=True, cwd=ROOT
    ).stdout.strip()
    return {
        "date": dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "nproc": len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else None,
        "cpu_count": os.cpu_count(),
        "cpu": platform.processor() or platform.machine(),
        "platform": platform.platform(),
        "python": platform.python_version(),
        "chromium": chromium,
        "chromium_path": system_chromium() or "playwright",
        "commit": commit + ("+dirty" if dirty else ""),
    }


def wait_for_idle(seconds: float) -> None:
    """Wait up to ``seconds`` until the 1-minute load average is below half the cores."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 1
    deadline = time.monotonic() + seconds
    while os.getloadavg()[0] >= cores / 2 and time.monotonic() < deadline:
        log(f"load {os.getloadavg()[0]:.1f} on {cores} cores: waiting for the machine to calm")
        time.sleep(min(30.0, max(0.0, deadline - time.monotonic())))


def main(argv: Sequence[str] | None = None) -> int:
    """Run the bench and print the report."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=0, help="runs per page and mode (5; quick 2)")
    parser.add_argument("--quick", action="store_true", help="a fast smoke run")
    parser.add_argument("--no-profile", action="store_true", help="skip the CPU profiles")
    parser.add_argument("--out", default=str(RESULTS / "latest.json"), help="JSON results")
    parser.add_argument(
        "--wait-idle",
        type=float,
        default=0.0,
        metavar="SECONDS",
        help="first wait up to SECONDS for the 1-minute load to drop below half the cores",
    )
    parser.add_argument(
        "--report", metavar="JSON", help="only print the report of an earlier run's JSON"
    )
    parser.add_argument(
        "--review",
        nargs="*",
        metavar="GAME",
        help="only the review in the browser (#19), of every game or of those named",
    )
    args = parser.parse_args(argv)
    if args.report:
        print(report(json.loads(Path(args.report).read_text("utf-8"))))
        return 0
    settings = Settings.from_args(args)
    wait_for_idle(args.wait_idle)
    if args.review is not None:
        return review_only(settings, args.review)
    load_start = os.getloadavg()[0]
    started = time.perf_counter()
    results: dict[str, Any] = {"settings": {**settings.__dict__, "out": str(settings.out)}}
    with tempfile.TemporaryDirectory(prefix="nordic21-bench-") as tmp:
        root = Path(tmp)
        results["site"] = {
            "origin": stage(root),
            "zip_bytes": (root / "app" / "app" / "nordic21.zip").stat().st_size,
        }
        sizes = GzipSizes(root)
        with BenchServer(root).running() as server, sync_playwright() as pw:
            probe = pw.chromium.launch(**launch_options())
            chromium = f"Chromium {probe.version}"
            probe.close()
            results["machine"] = machine_info(chromium)
            results["machine"]["load_start"] = load_start
            log(f"serving {root} at {server.url('/')}; {chromium}")
            runs = startup(pw, server, sizes, settings)
            results["startup"] = {
                "runs": [r.as_dict() for r in runs],
                "summary": startup_summary(runs),
            }
            results["diagnostics"] = diagnostics(pw, server, sizes, settings)
            browser_py = browser_python(pw, server, settings)
            results["review"] = browser_review(pw, server, settings)
    cpython_py = cpython_python(settings)
    results["python"] = {
        "browser": browser_py,
        "cpython": cpython_py,
        "bot_rows": bot_rows(browser_py, cpython_py),
        "coach_rows": coach_rows(browser_py, cpython_py),
    }
    results["targets"] = targets(
        results["startup"]["summary"],
        results["python"]["bot_rows"],
        results["python"]["coach_rows"],
    ) + review_targets(results["review"])
    results["seconds"] = time.perf_counter() - started
    results["machine"]["load_end"] = os.getloadavg()[0]
    settings.out.parent.mkdir(parents=True, exist_ok=True)
    settings.out.write_text(json.dumps(results, indent=1, default=str), "utf-8")
    print(report(results))
    print(f"\n(results: {settings.out}; {results['seconds']:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
