#!/usr/bin/env python3
"""What each start-up change bought: builds of several git revisions, measured together.

    python3 bench/steps.py --runs 5 before=1e96a2a now=HEAD now+bytecode=HEAD:--bytecode
    python3 bench/steps.py --runs 5 mine=dir:/tmp/site   # a site built some other way

Each ``NAME=REV[:BUILD-FLAGS]`` is checked out into a temporary git worktree (sharing
this checkout's ``node_modules``) and built with ``scripts/build_site.py`` and the
flags. One server (the bench's: GitHub-Pages-like caching) serves every build beside
the bare Pyodide page, and headless Chromium loads them in rotating order, cold (fresh
context, service workers blocked, so every build pays the same network) and warm (a
persistent profile per build, HTTP cache, after one priming load that stays open
until V8 has cached the compiled wasm, and the device snapshot is stored). Prints a
Markdown table: median time to ready, ratio to the bare page measured in the same
rotation, browser CPU seconds; then where each build's start went: the median of each
of the app's performance marks (``nordic21:*``), cold and warm.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from common import PAGES, ROOT, children_cpu_seconds, launch_options, log
from playwright.sync_api import Browser, Page, Playwright, sync_playwright
from server import BenchServer, stage_stock_pyodide
from startup import INIT_SCRIPT, Said, first_page, persistent

#: The app's performance marks, by name without the ``nordic21:`` prefix.
MARKS = """Object.fromEntries(performance.getEntriesByType("mark")
    .filter((m) => m.name.startsWith("nordic21:"))
    .map((m) => [m.name.slice(9), m.startTime]))"""
#: Seconds the warm priming load stays open (V8 writes the wasm code cache).
SETTLE_S = 12


@dataclass
class Variant:
    """One build to measure (the bare page is a variant without a revision)."""

    name: str
    rev: str | None = None
    flags: tuple[str, ...] = ()
    cold: list[tuple[float, float]] = field(default_factory=list)
    warm: list[tuple[float, float]] = field(default_factory=list)
    marks: dict[str, list[dict[str, float]]] = field(
        default_factory=lambda: {"cold": [], "warm": []}
    )

    @property
    def path(self) -> str:
        """Where the server has it."""
        return "/bare/" if self.rev is None else f"/{self.slug}/?lang=en"

    @property
    def slug(self) -> str:
        """A URL-safe folder name."""
        return "".join(c if c.isalnum() else "-" for c in self.name)


def parse(spec: str) -> Variant:
    """``NAME=REV[:FLAGS]`` (flags separated by commas)."""
    name, _, rest = spec.partition("=")
    rev, _, flags = rest.partition(":")
    if not name or not rev:
        raise SystemExit(f"bad variant {spec!r}: expected NAME=REV[:FLAGS]")
    return Variant(name, rev, tuple(f for f in flags.split(",") if f))


def build(variant: Variant, root: Path, work: Path) -> None:
    """Check ``variant.rev`` out and build it into ``root / variant.slug``; a rev
    ``dir`` names an already built site (the first flag is its folder)."""
    assert variant.rev is not None
    if variant.rev == "dir":
        shutil.copytree(variant.flags[0], root / variant.slug)
        return
    tree = work / variant.slug
    subprocess.run(
        ["git", "worktree", "add", "--detach", str(tree), variant.rev],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    try:
        (tree / "node_modules").symlink_to(ROOT / "node_modules")
        command = [sys.executable, "scripts/build_site.py", "--out", str(root / variant.slug)]
        subprocess.run([*command, *variant.flags], cwd=tree, check=True, stdout=sys.stderr)
    finally:
        subprocess.run(["git", "worktree", "remove", "--force", str(tree)], cwd=ROOT, check=True)


def timed_load(
    page: Page, server: BenchServer, variant: Variant, mode: str | None = None
) -> tuple[float, float]:
    """Load ``variant`` in ``page``: (ms to ready, browser CPU seconds); the app's marks
    go to ``variant.marks[mode]``."""
    said = Said(page)
    before = children_cpu_seconds() or 0.0
    page.goto(server.url(variant.path), wait_until="commit")
    said.wait("ready")
    cpu = (children_cpu_seconds() or 0.0) - before
    if mode is not None:
        variant.marks[mode].append(page.evaluate(MARKS))
    return float(page.evaluate("window.__benchReady")), cpu


def load(browser: Browser, server: BenchServer, variant: Variant) -> tuple[float, float]:
    """One cold load (a fresh context)."""
    context = browser.new_context(service_workers="block")
    context.add_init_script(INIT_SCRIPT)
    try:
        return timed_load(context.new_page(), server, variant, "cold")
    finally:
        context.close()


def warm(
    pw: Playwright, profile: Path, server: BenchServer, variant: Variant
) -> tuple[float, float]:
    """One warm load from the HTTP cache of ``profile``, in a relaunched browser.

    The first use primes the profile: one load that stays open until V8 has cached the
    compiled wasm, in a browser of its own, so every measured load is alike.
    """
    if not profile.exists():
        context = persistent(pw, profile, "block")
        try:
            context.add_init_script(INIT_SCRIPT)
            timed_load(first_page(context), server, variant)
            first_page(context).wait_for_timeout(SETTLE_S * 1000)
        finally:
            context.close()
    context = persistent(pw, profile, "block")
    try:
        context.add_init_script(INIT_SCRIPT)
        return timed_load(first_page(context), server, variant, "warm")
    finally:
        context.close()


def median(values: Sequence[tuple[float, float]], index: int) -> float:
    """The median of one column."""
    return statistics.median(v[index] for v in values)


def report(variants: Sequence[Variant]) -> str:
    """The Markdown table."""
    bare = variants[0]
    lines = [
        "| build | cold ready ms | cold ratio | cold CPU s | warm ready ms | warm ratio |",
        "|---|---|---|---|---|---|",
    ]
    for v in variants:
        cold, hot = median(v.cold, 0), median(v.warm, 0)
        lines.append(
            f"| {v.name} | {cold:,.0f} | {cold / median(bare.cold, 0):.3f}x "
            f"| {median(v.cold, 1):.2f} | {hot:,.0f} | {hot / median(bare.warm, 0):.3f}x |"
        )
    return "\n".join(lines)


def marks_report(variants: Sequence[Variant]) -> str:
    """Per build and mode, the median ms of each mark, in the order they come."""
    lines: list[str] = []
    for v in variants:
        for mode, runs in v.marks.items():
            names = sorted({n for run in runs for n in run}, key=lambda n: _median_mark(runs, n))
            if not names:
                continue
            cells = ", ".join(f"{n} {_median_mark(runs, n):,.0f}" for n in names)
            lines.append(f"- {v.name}, {mode}: {cells}")
    return "\n".join(lines)


def _median_mark(runs: Sequence[dict[str, float]], name: str) -> float:
    """The median time of mark ``name`` over the runs that have it."""
    return statistics.median(run[name] for run in runs if name in run)


def main(argv: Sequence[str] | None = None) -> int:
    """Build, measure, print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="loads per build and mode")
    parser.add_argument("variants", nargs="+", help="NAME=REV[:BUILD-FLAGS]")
    args = parser.parse_args(argv)
    variants = [Variant("bare Pyodide"), *(parse(spec) for spec in args.variants)]
    with tempfile.TemporaryDirectory(prefix="nordic21-steps-") as tmp:
        root, work = Path(tmp) / "root", Path(tmp) / "work"
        root.mkdir()
        for variant in variants[1:]:
            log(f"building {variant.name} ({variant.rev} {' '.join(variant.flags)})")
            build(variant, root, work)
        # The bare page loads the stock runtime from /pyodide/, as in bench.py.
        shutil.copytree(PAGES / "bare", root / "bare")
        stage_stock_pyodide(root)
        with BenchServer(root).running() as server, sync_playwright() as pw:
            browser = pw.chromium.launch(**launch_options())
            for run in range(args.runs):
                order = variants[run % len(variants) :] + variants[: run % len(variants)]
                for variant in order:
                    variant.cold.append(load(browser, server, variant))
                    profile = Path(tmp) / "profiles" / variant.slug
                    variant.warm.append(warm(pw, profile, server, variant))
                    log(
                        f"run {run + 1}: {variant.name} cold {variant.cold[-1][0]:.0f} ms, "
                        f"warm {variant.warm[-1][0]:.0f} ms"
                    )
            browser.close()
    print(report(variants))
    print()
    print(marks_report(variants))
    return 0


if __name__ == "__main__":
    sys.exit(main())
