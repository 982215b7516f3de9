"""The report: the start-up summary and its ratios, the rows of the bot and coach
tables, the targets and whether they are met, and the Markdown tables (recomputed from
the runs, so an older JSON file prints too).
"""

from __future__ import annotations

import re
import statistics
from collections.abc import Sequence
from typing import Any
from urllib.parse import urlparse

from common import fmt, fmt_ms, kb, spread, summary
from review import TARGET_REVIEW_MS, review_report
from startup import Run

#: The targets of the project (see the report's last section).
TARGET_COLD_RATIO = 0.50
TARGET_WARM_RATIO = 0.40
TARGET_BYTES_RATIO = 0.85
TARGET_FIRST_SCREEN_MS = 200.0
TARGET_TAP_MS = 300.0
TARGET_BOT_P95_MS = 100.0
#: Exceptions to TARGET_BOT_P95_MS: (game, level) -> ms.
TARGET_BOT_P95_SPECIAL = {("twentyone", "expert"): 250.0}
TARGET_COACH_MS = 20.0


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
            f"a tap on a game's tile shows its setup ≤ {TARGET_TAP_MS:.0f} ms ({mode})",
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
        lines += ["", f"Games without a coach (`Game.advise`): {', '.join(without)}."]
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
