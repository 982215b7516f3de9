"""What every part of the bench shares: paths, settings, progress, the browser's launch
options and CPU time, statistics and number formats, the machine's details.

Importing it puts the project's root on ``sys.path`` (``e2e``, ``pygame_core`` and
``web`` are imported from there), and ``scripts/`` (the test doubles, ``doubles``), so
the bench's other modules import it first.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import platform
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from e2e.browser import CHROMIUM_ARGS, system_chromium  # noqa: E402

SITE = ROOT / "_site"
PAGES = BENCH / "pages"
RESULTS = BENCH / "results"
READY_TIMEOUT_MS = 180_000


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


# -- statistics and number formats --------------------------------------------------------------
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


# -- the machine -------------------------------------------------------------------------------
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


def add_wait_idle(parser: argparse.ArgumentParser) -> None:
    """The ``--wait-idle SECONDS`` option (see :func:`wait_for_idle`)."""
    parser.add_argument(
        "--wait-idle",
        type=float,
        default=0.0,
        metavar="SECONDS",
        help="first wait up to SECONDS for the 1-minute load to drop below half the cores",
    )


def wait_for_idle(seconds: float) -> None:
    """Wait up to ``seconds`` until the 1-minute load average is below half the cores."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 1
    deadline = time.monotonic() + seconds
    while os.getloadavg()[0] >= cores / 2 and time.monotonic() < deadline:
        log(f"load {os.getloadavg()[0]:.1f} on {cores} cores: waiting for the machine to calm")
        time.sleep(min(30.0, max(0.0, deadline - time.monotonic())))
