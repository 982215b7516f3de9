"""Where the start-up goes: "second visits" (the first load after a first visit) and V8
CPU profiles of one cold app load and one cold bare load, with main-thread self time
per script.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

from common import Settings, launch_options, log
from playwright.sync_api import Browser, Playwright
from server import BenchServer, GzipSizes
from startup import INIT_SCRIPT, PAGE_PATHS, Said, prime, warm_run


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
        said = Said(page)
        page.goto(server.url(PAGE_PATHS[page_name]), wait_until="commit")
        said.wait("ready")
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
