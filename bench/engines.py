#!/usr/bin/env python3
"""Start-up in every engine and on a slow device: WebKit, Firefox, and Chromium with a
"mid-range tablet" and a "slow 4G" profile, each against the bare Pyodide page in the
same engine and conditions.

    python3 bench/engines.py [--runs 3] [--only webkit,firefox,tablet,4g]

Per load it records, in ms from navigation start:

- **first screen**: the first contentful paint (the loading shell, or whatever the page
  paints first), from the Paint Timing entries of the engine;
- **tap answered** (app only): from the first screen being painted to the tap's first
  visible answer (the tile's "setting up the table" state, or the setup screen), with
  the 21 tile tapped (``click()``) every 50 ms from the first screen on, as an
  impatient player would, until it answers; **setup shown**: from that first tap to the
  game's setup on screen (the build's prerendered one, before Python is ready);
- **ready**: ``data-ready="1"`` (a MutationObserver, no polling delay).

Chromium's loads are waited for by what the page's timing script logs once they are
done (:data:`DONE_MESSAGE`), not by polling the page: a poll puts Playwright's injected
script into the page while it parses, a 94 ms task under the tablet profile's 4x CPU
that delayed the first paint being measured (the tablet's cold first screen: 572 ms
median on 2026-12-05 with the poll; 496 ms waiting on the console with the tap still
sent before the tile was painted; 396 and 428 ms with both fixed, two runs of 5).
WebKit and Firefox are still polled through WebDriver, whose ``get()`` returns only
once the page has loaded, after its first paint.

*cold*: a fresh browser (WebKit, Firefox: a new WebDriver session, which starts with an
empty profile) or a fresh context (Chromium); *warm*: the same page opened again in that
browser once the app's service worker controls it and its device snapshot is made (a
returning visit in the same session; the browser is not relaunched, unlike bench.py's
warm runs); the table says how many warm starts restored the snapshot.

The pages come from bench.py's staged root and server (``Cache-Control: max-age=600``),
with two changes that make the throttled figures honest: text and wasm are sent gzipped
when the browser accepts it (as GitHub Pages does: the throttled download would
otherwise carry twice the bytes), and a small timing script is put at the top of each
page's head (the same script in the app and the bare page), inline, its sha256 added to the
page's Content-Security-Policy: as a file it cost each page a round trip before the
parser went on, which delayed the first paint by the profile's latency and more (it held
back even the stylesheet's request on the tablet). Each load also counts the page's
downloads per file (responses with a body; a service worker's or the snapshot Worker's
requests, told by their Referer, are counted apart): a file the page downloads twice
is reported (a preload the engine does not hand to the later fetch()). Chromium's profiles use the
DevTools protocol: ``Emulation.setCPUThrottlingRate`` and
``Network.emulateNetworkConditions``. Prints a Markdown table; writes
bench/results/engines.json.
"""

from __future__ import annotations

import argparse
import base64
import gzip
import hashlib
import json
import os
import re
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from common import RESULTS, ROOT, launch_options, log
from server import BenchHandler, BenchServer, stage

sys.path.insert(0, str(ROOT))

from playwright.sync_api import Browser, sync_playwright
from selenium.webdriver.remote.webdriver import WebDriver

from e2e.cross.engines import Found, find, launch, version, x_display

#: At the top of every page, inline: ready, the first tap and its answer, in ms.
TIMING = b"""
(() => {
  const t = (window.__eng = {
    ready: null, tapAt: null, answered: null, setup: null, setupSeen: false, said: false,
  });
  const app = location.pathname.startsWith("/app/");
  // the load's end, said on the console: the bench listens there instead of polling
  // the page (a poll injects the driver's script into a page that is still parsing)
  const end = () => {
    if (!t.said && t.ready !== null && (!app || t.setup !== null)) {
      t.said = true;
      console.log("nordic21-bench:done");
    }
  };
  let tapping = () => {};
  new MutationObserver(() => {
    if (t.ready === null && document.documentElement.getAttribute("data-ready") === "1") {
      t.ready = performance.now();
      tapping();
      end();
    }
    const setup = document.querySelector("[data-action='start-game']");
    if (t.tapAt !== null && t.answered === null &&
        (setup || document.querySelector("[data-action='open-game'][aria-busy='true']")))
      t.answered = performance.now();
    if (t.tapAt !== null && !t.setupSeen && setup) {
      // when it is painted: the next frame
      t.setupSeen = true;
      requestAnimationFrame(() => setTimeout(() => { t.setup = performance.now(); end(); }, 0));
    }
  }).observe(document, { subtree: true, childList: true, attributes: true });
  if (!app) return;
  // A person taps what they see: from the first contentful paint on (where the engine
  // has no Paint Timing, at once; without the entry, once the page is ready). Tapping
  // the tile before it was painted made the page draw the setup before its first paint.
  let started = false;
  tapping = () => {
    if (started) return;
    started = true;
    const tap = setInterval(() => {
      if (t.answered !== null) { clearInterval(tap); return; }
      const tile = document.querySelector("[data-action='open-game'][data-game='dice21']");
      if (!tile) return;
      if (t.tapAt === null) t.tapAt = performance.now();
      tile.click();
    }, 50);
  };
  try {
    const seen = new PerformanceObserver((list) => {
      if (list.getEntriesByName("first-contentful-paint").length === 0) return;
      seen.disconnect();
      tapping();
    });
    seen.observe({ type: "paint", buffered: true });
  } catch (e) {
    tapping();
  }
})();
"""
#: What TIMING logs once :func:`done_js` holds.
DONE_MESSAGE = "nordic21-bench:done"
COLLECT = """
const fcp = performance.getEntriesByName("first-contentful-paint")[0];
const t = window.__eng || {};
return { ready: t.ready ?? null, tapAt: t.tapAt ?? null, answered: t.answered ?? null,
         setup: t.setup ?? null, snapshot: document.documentElement.dataset.snapshot ?? null,
         fcp: fcp ? fcp.startTime : null,
         controlled: !!(navigator.serviceWorker && navigator.serviceWorker.controller) };
"""
#: After a cold visit: the device snapshot was made (or its Worker said why not), so
#: the warm visit is a return visit with a snapshot, as a returning player's is.
SNAPSHOT_MADE = "return document.documentElement.dataset.snapshotMade !== undefined"
TIMING_TAG = b"\n  <script>" + TIMING + b"</script>"
TIMING_HASH = b"'sha256-" + base64.b64encode(hashlib.sha256(TIMING).digest()) + b"'"
CSP_SCRIPT_SRC = re.compile(rb"(script-src [^;\"]*)")
#: Requests with one of these Referers come from a worker, not from the page.
WORKER_SCRIPTS = ("/sw.js", "/snapshot-worker.mjs")
COMPRESSED = {".js", ".mjs", ".json", ".wasm", ".html", ".css", ".svg", ".toml", ".py", ".txt"}
CHARSET_META = b'<meta charset="utf-8">'


def timed_page(html: bytes) -> bytes:
    """A page with the timing script at the top of its head, its hash in the CSP (the
    app's CSP allows inline scripts by hash only)."""
    html = html.replace(CHARSET_META, CHARSET_META + TIMING_TAG, 1)
    return CSP_SCRIPT_SRC.sub(lambda m: m.group(1) + b" " + TIMING_HASH, html, count=1)


def integrity(body: bytes) -> bytes:
    """The Subresource Integrity string of ``body``."""
    return b"sha256-" + base64.b64encode(hashlib.sha256(body).digest())


def timed_worker(sw: Path) -> bytes:
    """The site's service worker with index.html's hash that of :func:`timed_page`."""
    page = (sw.parent / "index.html").read_bytes()
    built, served = integrity(page), integrity(timed_page(page))
    source = sw.read_bytes()
    if built not in source:
        raise RuntimeError(f"{sw} does not list index.html's hash {built.decode()}")
    return source.replace(built, served)


class EnginesHandler(BenchHandler):
    """bench.py's handler, plus gzip and the timing script in each page."""

    server: EnginesServer

    def do_GET(self) -> None:
        path = self.path.split("?", 1)[0]
        file = Path(self.translate_path(path))
        if file.is_dir():
            file = file / "index.html"
        if file.suffix == ".html" and file.is_file():
            self._send(timed_page(file.read_bytes()), "text/html")
        elif file.name == "sw.js" and file.is_file():
            # The worker precaches index.html by its build-time hash (Subresource
            # Integrity): give it the hash of the page served here, timing script and
            # all, or its install fails and it never controls a page.
            self._send(timed_worker(file), self.guess_type(str(file)))
        elif file.suffix in COMPRESSED and file.is_file():
            self._send(file.read_bytes(), self.guess_type(str(file)), key=file)
        else:
            super().do_GET()

    def _send(self, body: bytes, mime: str, key: Path | None = None) -> None:
        packed = "gzip" in self.headers.get("Accept-Encoding", "")
        if packed:
            body = self.server.gzipped(key, body) if key else gzip.compress(body, 6)
        self.send_response(200)
        self.send_header("Content-Type", mime)
        self.send_header("Content-Length", str(len(body)))
        if packed:
            self.send_header("Content-Encoding", "gzip")
        self.end_headers()
        self.wfile.write(body)
        self.server.count(self.path.split("?")[0], len(body))
        self.server.download(self.path.split("?")[0], self.headers.get("Referer", ""))

    def copyfile(self, source: Any, outputfile: Any) -> None:
        """Send the body (bench.py's tally), and count it as a download of the page's."""
        super().copyfile(source, outputfile)
        self.server.download(self.path.split("?")[0], self.headers.get("Referer", ""))


class EnginesServer(BenchServer):
    """BenchServer with the handler above, a cache of gzipped files, and a count of
    downloads per file (responses with a body), the page's apart from its workers'."""

    def __init__(self, root: Path) -> None:
        super().__init__(root)
        self.RequestHandlerClass = EnginesHandler
        self.packed: dict[Path, bytes] = {}
        self.pack_lock = threading.Lock()
        self.downloads: dict[str, int] = {}
        self.worker_downloads: dict[str, int] = {}

    def download(self, path: str, referer: str) -> None:
        """Count one download of ``path``; a worker's if its Referer is a worker script."""
        from_worker = referer.split("?")[0].endswith(WORKER_SCRIPTS)
        with self.lock:
            tally = self.worker_downloads if from_worker else self.downloads
            tally[path] = tally.get(path, 0) + 1

    def take_downloads(self) -> tuple[dict[str, int], dict[str, int]]:
        """(the page's, the workers') downloads per file since the last call."""
        with self.lock:
            page, workers = self.downloads, self.worker_downloads
            self.downloads, self.worker_downloads = {}, {}
        return page, workers

    def gzipped(self, key: Path, body: bytes) -> bytes:
        """``body`` gzipped (-6), once per file."""
        with self.pack_lock:
            if key not in self.packed:
                self.packed[key] = gzip.compress(body, 6)
            return self.packed[key]


@dataclass
class Load:
    """One page load."""

    target: str
    page: str
    mode: str
    ready: float | None = None
    fcp: float | None = None
    tap_at: float | None = None
    answered: float | None = None
    setup: float | None = None
    #: How the runtime started (web/runtime.mjs: "restored", "none", "fallback:...").
    snapshot: str | None = None
    controlled: bool = False
    error: str | None = None
    #: The page's downloads (responses with a body) per file, navigation to ready.
    downloads: dict[str, int] = field(default_factory=dict)
    #: Files its workers downloaded by the time the bench moved on (service worker
    #: precache, snapshot Worker).
    worker_downloads: dict[str, int] = field(default_factory=dict)

    @property
    def twice(self) -> dict[str, int]:
        """The files the page downloaded more than once."""
        return {path: n for path, n in self.downloads.items() if n > 1}

    def take(self, server: EnginesServer, page_too: bool = True) -> None:
        """Add the downloads the server counted since the last take."""
        page, workers = server.take_downloads()
        pairs = ((self.downloads, page if page_too else {}), (self.worker_downloads, workers))
        for mine, theirs in pairs:
            for path, n in theirs.items():
                mine[path] = mine.get(path, 0) + n

    @property
    def tap_after_screen(self) -> float | None:
        """From the first screen painted to the tap's answer."""
        if self.answered is None or self.fcp is None:
            return None
        return self.answered - self.fcp

    @property
    def setup_after_tap(self) -> float | None:
        """From the first tap on the game's tile to its setup on screen."""
        if self.setup is None or self.tap_at is None:
            return None
        return self.setup - self.tap_at


@dataclass
class Target:
    """An engine, or Chromium under a device profile."""

    name: str
    label: str
    version: str = ""
    skipped: str | None = None
    loads: list[Load] = field(default_factory=list)


#: Chromium device profiles: CPU slowdown, download bit/s, round trip ms.
PROFILES = {
    "tablet": ("Chromium, mid-range tablet (CPU 4x slower, 10 Mbit/s, 60 ms)", 4, 10e6, 60),
    "4g": ("Chromium, slow 4G (1.6 Mbit/s, 150 ms)", 1, 1.6e6, 150),
}
PAGES = {"app": "/app/?lang=en", "bare": "/bare/"}
READY_TIMEOUT_S = 240.0


def fill(load: Load, data: dict[str, Any]) -> Load:
    """Copy the page's figures into ``load``."""
    load.ready, load.fcp = data["ready"], data["fcp"]
    load.tap_at, load.answered = data["tapAt"], data["answered"]
    load.setup, load.snapshot = data["setup"], data["snapshot"]
    load.controlled = bool(data["controlled"])
    return load


def wait(check: Callable[[], bool], timeout: float) -> bool:
    """Poll ``check`` until true or ``timeout`` seconds; whether it came true."""
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def done_js(page: str) -> str:
    """True once the page is ready (and, for the app, the tap was answered)."""
    extra = " && window.__eng.setup !== null" if page == "app" else ""
    return f"return !!(window.__eng && window.__eng.ready !== null{extra})"


def note(load: Load) -> Load:
    """Log one load's figures as it ends."""
    figures = f"ready {cell(load.ready)} first screen {cell(load.fcp)}"
    figures += f" downloads {sum(load.downloads.values())}"
    if load.twice:
        figures += f" twice: {sorted(load.twice)}"
    log(f"{load.target} {load.page} {load.mode}: {figures} {load.error or ''}")
    return load


def webdriver_loads(driver: WebDriver, engine: str, page: str, server: EnginesServer) -> list[Load]:
    """A cold load in a new browser, then a warm one."""
    loads = []
    for mode in ("cold", "warm"):
        load = Load(engine, page, mode)
        try:
            server.take_downloads()
            driver.get(server.url(PAGES[page]))
            if not wait(lambda: bool(driver.execute_script(done_js(page))), READY_TIMEOUT_S):
                load.error = "not ready in time"
            fill(load, driver.execute_script(COLLECT))
            load.take(server)
            if mode == "cold" and page == "app":
                if not wait(lambda: bool(driver.execute_script(COLLECT)["controlled"]), 60):
                    raise TimeoutError("the service worker did not control the page in 60 s")
                if not wait(lambda: bool(driver.execute_script(SNAPSHOT_MADE)), 120):
                    raise TimeoutError("the device snapshot was not made in 120 s")
                load.take(server, page_too=False)
        except Exception as exc:  # a failed load is reported, the bench goes on
            load.error = f"{type(exc).__name__}: {exc}"[:200]
        loads.append(note(load))
    return loads


def webdriver_target(engine: str, server: EnginesServer, runs: int) -> Target:
    """WebKit or Firefox through WebDriver (e2e/cross/engines.py), pages alternating."""
    found = find(engine)
    labels = {"webkit": "WebKit (WebKitGTK MiniBrowser)", "firefox": "Firefox"}
    target = Target(engine, labels[engine])
    if not isinstance(found, Found):
        target.skipped = found
        return target
    with ExitStack() as stack:
        display = stack.enter_context(x_display()) if engine == "webkit" else None
        for index in range(runs):
            for page in ("app", "bare") if index % 2 == 0 else ("bare", "app"):
                driver = launch(found, display)
                try:
                    target.version = version(driver)
                    target.loads += webdriver_loads(driver, engine, page, server)
                finally:
                    driver.quit()
    return target


def chromium_target(profile: str, browser: Browser, server: EnginesServer, runs: int) -> Target:
    """Chromium under a device profile (DevTools protocol throttling)."""
    label, cpu, down, rtt = PROFILES[profile]
    target = Target(profile, label, version=f"chromium {browser.version}")
    for index in range(runs):
        for page in ("app", "bare") if index % 2 == 0 else ("bare", "app"):
            context = browser.new_context(service_workers="allow")
            try:
                tab = context.new_page()
                cdp = context.new_cdp_session(tab)
                cdp.send("Emulation.setCPUThrottlingRate", {"rate": cpu})
                cdp.send("Network.enable")
                cdp.send(
                    "Network.emulateNetworkConditions",
                    {
                        "offline": False,
                        "latency": rtt,
                        "downloadThroughput": down / 8,
                        "uploadThroughput": down / 8,
                    },
                )
                for mode in ("cold", "warm"):
                    load = Load(profile, page, mode)
                    try:
                        server.take_downloads()
                        with tab.expect_console_message(
                            lambda message: message.text == DONE_MESSAGE,
                            timeout=READY_TIMEOUT_S * 1000,
                        ):
                            tab.goto(server.url(PAGES[page]), wait_until="commit")
                        fill(load, tab.evaluate("() => { " + COLLECT + " }"))
                        load.take(server)
                        if mode == "cold" and page == "app":
                            tab.wait_for_function(
                                "() => navigator.serviceWorker.controller !== null", timeout=60_000
                            )
                            tab.wait_for_function(
                                "() => { " + SNAPSHOT_MADE + " }", timeout=120_000
                            )
                            load.take(server, page_too=False)
                    except Exception as exc:  # a failed load is reported, the bench goes on
                        load.error = f"{type(exc).__name__}: {exc}"[:200]
                    target.loads.append(note(load))
            finally:
                context.close()
    return target


def median(values: list[float | None]) -> float | None:
    """The median of the values there are."""
    present = [v for v in values if v is not None]
    return statistics.median(present) if present else None


def cell(value: float | None) -> str:
    return "–" if value is None else f"{value:,.0f}"


def worst(values: list[float | None]) -> float | None:
    """The largest of the measured ``values`` (None: none measured)."""
    return max((v for v in values if v is not None), default=None)


def figures(target: Target, page: str, mode: str) -> dict[str, Any]:
    """Medians of one page and mode, with the number of good loads."""
    loads = [x for x in target.loads if x.page == page and x.mode == mode and x.error is None]
    return {
        "n": len(loads),
        "ready": median([x.ready for x in loads]),
        "fcp": median([x.fcp for x in loads]),
        "tap": median([x.tap_after_screen for x in loads]),
        "setup": median([x.setup_after_tap for x in loads]),
        "setup_worst": worst([x.setup_after_tap for x in loads]),
        "fcp_worst": worst([x.fcp for x in loads]),
        "restored": sum(x.snapshot == "restored" for x in loads),
        "ready_all": [x.ready for x in loads],
    }


def twice_cell(target: Target, mode: str) -> str:
    """The files the app page downloaded more than once in any load of ``mode``, with
    the most times; "none" when every file came once in every load."""
    most: dict[str, int] = {}
    loads = [x for x in target.loads if x.page == "app" and x.mode == mode and x.error is None]
    for load in loads:
        for path, n in load.twice.items():
            most[path] = max(most.get(path, 0), n)
    if not loads:
        return "–"
    return (
        ", ".join(f"{path.rsplit('/', 1)[-1]} x{n}" for path, n in sorted(most.items())) or "none"
    )


def ratio(app: float | None, bare: float | None) -> str:
    return "–" if app is None or not bare else f"{app / bare:.2f}x"


def report(targets: list[Target]) -> str:
    """The Markdown table (medians; ratios against the bare page in the same engine)."""
    head = (
        "engine / profile",
        "mode",
        "app ready (ms)",
        "bare ready (ms)",
        "ratio",
        "app first screen (ms, median / worst)",
        "bare first screen (ms)",
        "tap answered after first screen (ms)",
        "setup shown after the tap (ms, median / worst)",
        "snapshot restored",
        "files the app downloaded twice",
        "runs",
    )
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for target in targets:
        if target.skipped:
            lines.append(f"| {target.label} | skipped: {target.skipped} ||||||||||")
            continue
        for mode in ("cold", "warm"):
            app, bare = figures(target, "app", mode), figures(target, "bare", mode)
            row = (
                target.label,
                mode,
                cell(app["ready"]),
                cell(bare["ready"]),
                ratio(app["ready"], bare["ready"]),
                f"{cell(app['fcp'])} / {cell(app['fcp_worst'])}",
                cell(bare["fcp"]),
                cell(app["tap"]),
                f"{cell(app['setup'])} / {cell(app['setup_worst'])}",
                f"{app['restored']} of {app['n']}",
                twice_cell(target, mode),
                f"{app['n']} / {bare['n']}",
            )
            lines.append("| " + " | ".join(row) + " |")
    failed = [x for t in targets for x in t.loads if x.error]
    for load in failed:
        lines.append(f"\nfailed: {load.target} {load.page} {load.mode}: {load.error}")
    return "\n".join(lines)


@contextmanager
def serving() -> Iterator[EnginesServer]:
    """bench.py's staged root (the built site and the bare page) on the server above."""
    with tempfile.TemporaryDirectory(prefix="nordic21-engines-") as tmp:
        root = Path(tmp)
        log(f"/app/ from {stage(root)}")
        server = EnginesServer(root)
        with server.running():
            yield server


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="loads per page, mode and target")
    parser.add_argument("--only", default="webkit,firefox,tablet,4g", help="targets to run")
    args = parser.parse_args()
    chosen = args.only.split(",")
    targets: list[Target] = []
    with serving() as server:
        for engine in ("webkit", "firefox"):
            if engine in chosen:
                targets.append(webdriver_target(engine, server, args.runs))
        profiles = [p for p in PROFILES if p in chosen]
        if profiles:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(**launch_options())
                try:
                    for profile in profiles:
                        targets.append(chromium_target(profile, browser, server, args.runs))
                finally:
                    browser.close()
    table = report(targets)
    print(table)
    RESULTS.mkdir(parents=True, exist_ok=True)
    out = RESULTS / "engines.json"
    out.write_text(
        json.dumps(
            {
                "date": time.strftime("%Y-%m-%d %H:%M:%S %z"),
                "cores": os.cpu_count(),
                "load": os.getloadavg(),
                "targets": [
                    {
                        **{k: v for k, v in t.__dict__.items() if k != "loads"},
                        "loads": [x.__dict__ for x in t.loads],
                    }
                    for t in targets
                ],
                "table": table,
            },
            indent=1,
        )
    )
    log(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
