"""The Python side (``bench/decisions.py``): bot moves per game and level, the odds
coach and random playouts, in the browser's Pyodide (the ``/bots/`` page) and in this
CPython, by the same code.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import common  # noqa: F401  (first: it puts the project's root on sys.path)
import decisions  # bench/decisions.py, shared with the browser
from common import READY_TIMEOUT_MS, Settings, launch_options, log
from playwright.sync_api import Playwright
from server import BenchServer

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
