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

This file is the command line; the work is in the modules beside it: ``common``
(paths, settings, statistics), ``server`` (the served root, the server, gzip sizes),
``startup`` (cold and warm runs), ``diagnostics`` (second visits, CPU profiles),
``python_timings`` (bots, coach and playouts in the browser and in CPython),
``review`` (the review in the browser) and ``report`` (tables and targets).
``bench/clicks.py`` (``make clicks``) is separate: the cost of one click.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from common import (
    RESULTS,
    Settings,
    add_wait_idle,
    launch_options,
    log,
    machine_info,
    wait_for_idle,
)
from diagnostics import diagnostics
from playwright.sync_api import sync_playwright
from python_timings import browser_python, cpython_python
from report import bot_rows, coach_rows, report, startup_summary, targets
from review import browser_review, review_entry, review_only, review_targets
from server import BenchServer, GzipSizes, stage
from startup import startup


def main(argv: Sequence[str] | None = None) -> int:
    """Run the bench and print the report."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=0, help="runs per page and mode (5; quick 2)")
    parser.add_argument("--quick", action="store_true", help="a fast smoke run")
    parser.add_argument("--no-profile", action="store_true", help="skip the CPU profiles")
    parser.add_argument("--out", default=str(RESULTS / "latest.json"), help="JSON results")
    add_wait_idle(parser)
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


#: ``review_entry`` is used by tests/test_review_screen.py, which loads this file.
__all__ = ["main", "review_entry"]

if __name__ == "__main__":
    sys.exit(main())
