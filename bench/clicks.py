#!/usr/bin/env python3
"""What one click costs: the work behind a click counted in CPython, redraws timed in Chromium.

For every game: what one person's click makes the app do (counts), and the time of a
redraw in the browser.

    python3 bench/clicks.py [--label before] [--clicks 60] [--browser-clicks 40]
    python3 bench/clicks.py --no-browser              # the counts only (seconds)
    python3 bench/clicks.py --report bench/results/clicks-before.json
    python3 bench/clicks.py --compare bench/results/clicks-before.json clicks-after.json

**Counts** (CPython, no browser): the real controller ``web.app.App`` on a fake page
(:func:`bench_page`: ``scripts/doubles.py``'s ``FakePage``, a :class:`web.app.PagePort`
that records what it is given) and the real ``SaveBook`` over an in-memory store (its
``DictStore``). For every game of ``pygame_core.game_ids()`` the bench opens the
setup, starts the match it offers (one person and bots) from a fixed seed, and presses
what a person would press on the rendered screen (the ``data-action`` buttons in the
markup, chosen by :func:`choose_click`): 21 Roll and Stop, 41 set a die aside, the
banker games Bet, Draw and Stand, Twenty One pick a card and Play, every game Continue
after a round. Around each ``App.on_action`` call it counts:

- the calls of each registered game's ``view``, ``legal_actions``, ``current_player``
  and ``outcome``, and the moves applied (``apply`` and ``apply_paused``: "applied"),
  patched on the ``pygame_core.contract.Game`` subclasses themselves, so they are
  counted whatever the web layer looks like. The table gives the calls made from
  outside the game (a ``legal_actions`` that ``apply`` makes to check legality is the
  rules' own); the JSON has every call too;
- the event descriptions (``web.eventtext.describe``) and the translator's lookups
  (``Translator.t`` and ``.has``; those of ``event.*`` keys apart), ``web.games.get_ui``
  lookups, ``web.markup.h`` elements built, ``App.render`` calls;
- what reached the page: ``mount`` calls and the bytes of markup mounted.

A name that does not exist (any more) is reported as "n/a", never a crash; a page method
the fake does not know is recorded (and counted as a mount when it is given markup).

**Bots are not the click's cost.** The app never moves a bot inside a click: it asks
the page to call it back later (``page.call_later``), and the fake page only queues
that. So a person click's window holds the click's handling and its render only; the
bench then runs the queued callbacks one by one, each as a "(bot move)" row of its own.
Inside those (and inside any click, should a rewrite move bots there), the bot's own
work is set apart: everything under ``GameSession.bot_action`` (the bot's view, legal
actions, ``make_bot``, ``choose``) and under any bot's ``choose`` (found through the
patched ``Game.make_bot``, so it holds without ``GameSession``) goes to a separate
"bot work" tally, in the JSON, not into the counts. A "(bot move)" row is thus what the
app does with a bot's chosen move: apply, save, word the events, render.

**Redraws** (Chromium): the built site, one fresh page per game (service workers
blocked, English, ``?seed=``, speed "fast", the guided first round already seen),
driven by the same choice of clicks (``element.click()`` on the button). The app sets
no performance mark around a render (its ``nordic21:*`` marks are the start-up's), so
the bench injects, through the page's own interpreter, timers around ``App.render``
(the Python render and the page patch: a redraw), ``Page.mount`` (the patch, from
Python) and ``App.bot_move``/``GameSession.bot_action`` (to tell a bot's redraw from
its thinking), and wraps ``window.nordic21Patch`` (morphdom) from the page side; the
click itself is timed around ``element.click()`` (handling + render + patch,
synchronous), and until the next frame, with the page's main-thread CPU time meanwhile
(Chromium's ``TaskDuration`` in thread ticks: hardly changed by other load). Measures
the app itself sets (``nordic21:*``) are collected too. A redraw is one ``App.render``
span, after a person's click or a bot move; the bot's choice is outside it. The first
clicks of each page (``--warmup``, 5: they import what the game's screens need) are
kept in the JSON, not summarized.

Prints the tables (with the machine's load) and writes
``bench/results/clicks-<label>.json``.
"""

from __future__ import annotations

import argparse
import datetime as dt
import importlib
import inspect
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from common import (
    READY_TIMEOUT_MS,
    RESULTS,
    ROOT,
    add_wait_idle,
    fmt,
    launch_options,
    log,
    percentile,
    wait_for_idle,
)
from doubles import Control, DictStore, FakePage, dataset, enabled, find_control
from doubles import controls as controls_in
from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright
from server import BenchServer, stage

# -- what a person presses ---------------------------------------------------------------------
#: The actions a person's turn offers (the bench waits in the browser until one is enabled).
TURN_ACTIONS = (
    "act",
    "toggle-card",
    "moment-seen",
    "show-cards",
    "amount",
    "play-again",
    "play-on",
)
#: The labels of the table, in its order (a click the chooser fell back on comes after).
LABELS = (
    "Roll",
    "Stop",
    "Set a die aside",
    "Bet amount",
    "Bet",
    "Stake",
    "Draw",
    "Stand",
    "Open exchange",
    "Refuse exchange",
    "Swap",
    "Pick a card",
    "Play a card",
    "Discard",
    "Pass",
    "Continue",
    "Play on",
    "(bot move)",
)
BANKER = ("tjueett", "tjugoett")
SEED = 7
#: The app's storage before the match: fast bots, the guided first round already seen.
STORE_ENTRIES = {"speed": "fast"}
GUIDE_KEY = "guide.{game}"


#: A move button's action type (the core's codec, ``data-move``) by the move's old name.
MOVE_NAMES = {
    "Roll": "roll",
    "Stop": "stop",
    "Keep": "keep",
    "Bet": "bet",
    "Stake": "stake",
    "Draw": "draw",
    "Stand": "stand",
    "OpenExchange": "open",
    "RefuseExchange": "refuse",
    "Swap": "swap",
    "Play": "play",
    "Discard": "discard",
    "Pass": "pass",
}


def move_of(control: Control) -> str:
    """The move a button makes, by name: its ``data-move`` (before the frame rewrite a
    name such as ``roll``; since, the core's JSON codec of the action)."""
    raw = control.get("data-move", "")
    try:
        data = json.loads(raw)
    except ValueError:
        return raw
    return MOVE_NAMES.get(data.get("type", ""), raw) if isinstance(data, dict) else raw


def picked_cards(control: Control) -> bool:
    """Whether a Play button plays some cards (none picked yet: it plays nothing)."""
    raw = control.get("data-move", "")
    try:
        data = json.loads(raw)
    except ValueError:
        return bool(control.get("data-cards"))
    return bool(data.get("cards")) if isinstance(data, dict) else False


def choose_click(
    game_id: str, controls: list[Control], rng: random.Random
) -> tuple[str, Control] | None:
    """The click a person makes now (its label and button), or None when there is none.

    Reads only the buttons on screen, so the CPython run and the browser run (same seed,
    same ``rng``) press the same buttons in the same order.
    """
    on = [c for c in controls if enabled(c)]

    def find(action: str, **data: str) -> list[Control]:
        return [
            c
            for c in on
            if c.get("data-action") == action
            and all(c.get(f"data-{k}") == v for k, v in data.items())
        ]

    if found := find("moment-seen"):
        return "Continue", found[0]
    if found := find("play-on"):  # the bots wait while the person may take a move back
        return "Play on", found[0]
    if found := find("show-cards"):
        return "Show my cards", found[0]
    moves: dict[str, Control] = {}
    for control in find("act"):
        moves.setdefault(move_of(control), control)
    if game_id == "dice21" and "roll" in moves:
        if "stop" in moves and rng.random() < 0.3:
            return "Stop", moves["stop"]
        return "Roll", moves["roll"]
    keep = [c for c in find("act") if move_of(c) == "keep"]
    if game_id == "dice41" and keep:
        return "Set a die aside", rng.choice(keep)
    if game_id in BANKER:
        for move, label in (("bet", "Bet"), ("stake", "Stake")):
            if move in moves:
                steps = find("amount")
                if steps and rng.random() < 0.25:
                    return "Bet amount", rng.choice(steps)
                return label, moves[move]
        if "draw" in moves or "stand" in moves:
            if "stand" not in moves or ("draw" in moves and rng.random() < 0.5):
                return "Draw", moves["draw"]
            return "Stand", moves["stand"]
    if game_id == "twentyone":
        choice = _twentyone_click(moves, find("toggle-card"), rng)
        if choice is not None:
            return choice
    if moves:  # a button the rules above do not know: the first one
        move, control = next(iter(moves.items()))
        return f"act {move}", control
    return None


def _twentyone_click(
    moves: dict[str, Control], cards: list[Control], rng: random.Random
) -> tuple[str, Control] | None:
    """Twenty One: the exchange, then pick cards until Play (or Discard) is enabled."""
    if "open" in moves or "refuse" in moves:
        if "refuse" not in moves or ("open" in moves and rng.random() < 0.5):
            return "Open exchange", moves["open"]
        return "Refuse exchange", moves["refuse"]
    if "play" in moves and picked_cards(moves["play"]):
        return "Play a card", moves["play"]
    if "discard" in moves:
        return "Discard", moves["discard"]
    if "swap" in moves:
        return "Swap", moves["swap"]
    picked = [c for c in cards if c.get("aria-pressed") == "true"]
    free = [c for c in cards if c.get("aria-pressed") != "true"]
    if free and len(picked) < 2:
        return "Pick a card", rng.choice(free)
    if picked:
        return "Pick a card", rng.choice(picked)  # not a play: put one back
    if "pass" in moves:
        return "Pass", moves["pass"]
    return None


# -- counting ----------------------------------------------------------------------------------
#: Game methods counted on every registered game's class (calls from outside the game
#: apart from every call, e.g. the legality check ``apply`` makes).
GAME_METHODS = ("view", "legal_actions", "current_player", "outcome", "apply", "apply_paused")
#: Game methods whose inner calls are the rules' own (not counted as the web layer's).
GAME_INNER = ("is_legal", "is_over", "new_game", "make_bot")
#: Functions counted wherever they are imported: key -> (module, name).
FUNCTIONS = {
    "describe": ("web.eventtext", "describe"),
    "log_lines": ("web.eventtext", "log_lines"),
    "get_ui": ("web.games", "get_ui"),
    "h": ("web.markup", "h"),
}
#: Methods counted on a class: key -> (module, class, method).
METHODS = {
    "tr.t": ("web.i18n", "Translator", "t"),
    "tr.has": ("web.i18n", "Translator", "has"),
    "render": ("web.app", "App", "render"),
    "screen_markup": ("web.app", "App", "screen_markup"),
}
#: Where a bot's own work is done (counted apart): (module, class, method).
BOT_WINDOWS = (("web.session", "GameSession", "bot_action"),)
#: The table's count columns: (key, heading).
COLUMNS = (
    ("applied", "applied"),
    ("view", "views"),
    ("view.seats", "seats viewed"),
    ("legal_actions", "legal"),
    ("current_player", "current_player"),
    ("outcome", "outcome"),
    ("describe", "describe"),
    ("tr.t.event", "event texts"),
    ("get_ui", "get_ui"),
    ("page.mount", "mounts"),
)
_MISSING = object()


@dataclass
class Window:
    """What one click (or one bot move) cost."""

    counts: Counter[str] = field(default_factory=Counter)
    #: What bots did meanwhile (their own view, legal actions, choose): not the click's.
    bot: Counter[str] = field(default_factory=Counter)
    ms: float = 0.0


class Instruments:
    """Counting wrappers on the games' classes, the web layer's functions and methods;
    installed on entering, every one taken off again on leaving."""

    def __init__(self) -> None:
        self.window: Window | None = None
        self.missing: list[str] = []
        self.game_depth = 0
        self.bot_depth = 0
        self._undo: list[Callable[[], None]] = []
        self._bot_classes: set[type] = set()

    # -- windows -------------------------------------------------------------------
    @contextmanager
    def measure(self) -> Iterator[Window]:
        """Count what the block does."""
        window = Window()
        self.window = window
        started = time.perf_counter()
        try:
            yield window
        finally:
            window.ms = (time.perf_counter() - started) * 1000
            self.window = None

    def hit(self, key: str, amount: int = 1) -> None:
        """Count ``key`` (a bot's own work is counted apart)."""
        if self.window is not None:
            (self.window.bot if self.bot_depth else self.window.counts)[key] += amount

    # -- installing ----------------------------------------------------------------
    def __enter__(self) -> Instruments:
        from pygame_core import game_ids, get_game
        from pygame_core.contract import Game

        classes = {type(get_game(game_id)) for game_id in game_ids()}
        for game_class in sorted(classes, key=lambda c: c.__name__):
            if not issubclass(game_class, Game):
                continue
            for name in GAME_METHODS + GAME_INNER:
                counted = name in GAME_METHODS
                make = self._game_wrapper(name, counted)
                self._wrap_method(game_class, name, make, name if counted else None)
        for key, (module_name, name) in FUNCTIONS.items():
            self._patch_function(key, module_name, name)
        for key, (module_name, class_name, name) in METHODS.items():
            cls = self._find_class(key, module_name, class_name)
            if cls is not None:
                self._wrap_method(cls, name, self._count_wrapper(key), key)
        for module_name, class_name, name in BOT_WINDOWS:
            key = f"{class_name}.{name}"
            cls = self._find_class(key, module_name, class_name)
            if cls is not None:
                self._wrap_method(cls, name, self._bot_wrapper(key), key)
        return self

    def __exit__(self, *exc: object) -> None:
        while self._undo:
            self._undo.pop()()

    def _find_class(self, key: str, module_name: str, class_name: str) -> type | None:
        try:
            cls = getattr(importlib.import_module(module_name), class_name)
        except (ImportError, AttributeError):
            self.missing.append(key)
            return None
        return cls if isinstance(cls, type) else None

    def _wrap_method(
        self,
        cls: type,
        name: str,
        make: Callable[[Callable[..., Any]], Callable[..., Any]],
        key: str | None = None,
    ) -> None:
        """Put ``make(original)`` in place of ``cls.name`` (until the instruments end)."""
        static = inspect.getattr_static(cls, name, _MISSING)
        if static is _MISSING or isinstance(static, (staticmethod, classmethod, property)):
            if key is not None:
                self.missing.append(key)
            return
        original = getattr(cls, name)
        own = cls.__dict__.get(name, _MISSING)
        setattr(cls, name, make(original))

        def undo() -> None:
            if own is _MISSING:
                delattr(cls, name)
            else:
                setattr(cls, name, own)

        self._undo.append(undo)

    def _patch_function(self, key: str, module_name: str, name: str) -> None:
        """Count ``module.name`` in every module that imported it (and later importers)."""
        try:
            original = getattr(importlib.import_module(module_name), name)
        except (ImportError, AttributeError):
            self.missing.append(key)
            return
        wrapper = self._count_wrapper(key)(original)

        def swap(old: object, new: object) -> None:
            for module in list(sys.modules.values()):
                names = getattr(module, "__dict__", None)
                if not isinstance(names, dict):
                    continue
                for attr, value in list(names.items()):
                    if value is old:
                        setattr(module, attr, new)

        swap(original, wrapper)
        self._undo.append(lambda: swap(wrapper, original))

    # -- wrappers ------------------------------------------------------------------
    def _count_wrapper(self, key: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
        def make(original: Callable[..., Any]) -> Callable[..., Any]:
            def counted(*args: Any, **kwargs: Any) -> Any:
                self.hit(key)
                if key.startswith("tr.") and len(args) > 1 and str(args[1]).startswith("event."):
                    self.hit(f"{key}.event")
                return original(*args, **kwargs)

            return counted

        return make

    def _game_wrapper(
        self, name: str, counted: bool
    ) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
        def make(original: Callable[..., Any]) -> Callable[..., Any]:
            def game_method(*args: Any, **kwargs: Any) -> Any:
                if counted:
                    self.hit(f"{name}.all")
                    if self.game_depth == 0:
                        self.hit(name)
                        if name == "view":  # view(state, seat): which seats were viewed
                            seat = args[2] if len(args) > 2 else kwargs.get("seat")
                            self.hit(f"view.seat.{seat}")
                self.game_depth += 1
                try:
                    result = original(*args, **kwargs)
                finally:
                    self.game_depth -= 1
                if name == "make_bot":
                    self._watch_bot(type(result))
                return result

            return game_method

        return make

    def _bot_wrapper(self, key: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
        def make(original: Callable[..., Any]) -> Callable[..., Any]:
            def bot_work(*args: Any, **kwargs: Any) -> Any:
                self.bot_depth += 1
                try:
                    self.hit(key)
                    return original(*args, **kwargs)
                finally:
                    self.bot_depth -= 1

            return bot_work

        return make

    def _watch_bot(self, cls: type) -> None:
        """A bot's ``choose`` is bot work (whoever calls it)."""
        if cls not in self._bot_classes:
            self._bot_classes.add(cls)
            self._wrap_method(cls, "choose", self._bot_wrapper("Bot.choose"))


# -- the fake page ---------------------------------------------------------------------------
def bench_page(instruments: Instruments, seed: int) -> FakePage:
    """The shared fake page (``scripts/doubles.py``), counting what the app hands it
    (mounts, bytes of markup, announcements, callbacks) into the instruments, queueing
    the callbacks it asks for (bot moves) instead of running them, and taking a page
    method it does not know (recorded; counted as a mount when given markup)."""
    return FakePage(seed, count=instruments.hit, lenient=True)


def press_first(app: Any, page: FakePage, action: str, **data: str) -> None:
    """Press the enabled ``action`` button on screen whose data include ``data`` (not
    counted: the way to the match)."""
    control = find_control(page.markup, action, **data)
    # not on screen: as the page would report it
    app.on_action(action, dataset(control) if control is not None else data)


def count_game(
    instruments: Instruments, game_id: str, clicks: int, seed: int
) -> list[dict[str, Any]]:
    """``clicks`` person clicks of ``game_id`` (and the bot moves between them), each
    one's counts."""
    from pygame_core import game_ids
    from web.app import App

    store = DictStore()
    for key, value in STORE_ENTRIES.items():
        store.set(key, value)
    for other in game_ids():
        store.set(GUIDE_KEY.format(game=other), "skipped")
    page = bench_page(instruments, seed)
    app = App(store, "en", page)
    page.app = app
    app.open_address("")
    press_first(app, page, "open-game", game=game_id)
    press_first(app, page, "start-game")
    rng = random.Random(seed)
    samples: list[dict[str, Any]] = []

    def record(label: str, window: Window) -> None:
        window.counts["view.seats"] = sum(1 for k in window.counts if k.startswith("view.seat."))
        # moves applied from the web layer, by either of the core's two ways
        window.counts["applied"] = window.counts["apply"] + window.counts["apply_paused"]
        samples.append(
            {
                "label": label,
                "counts": dict(window.counts),
                "bot_work": dict(window.bot),
                "ms_instrumented": round(window.ms, 3),
            }
        )

    people = 0
    for _ in range(clicks * 20):
        while page.timers:  # the bots' moves, one window each
            callback = page.timers.pop(0)
            with instruments.measure() as window:
                callback()
            record("(bot move)", window)
        if people >= clicks:
            break
        choice = choose_click(game_id, controls_in(page.markup), rng)
        if choice is None:
            if 'data-action="play-again"' not in page.markup:
                break
            press_first(app, page, "play-again")
            continue
        label, control = choice
        with instruments.measure() as window:
            app.on_action(control["data-action"], dataset(control))
        record(label, window)
        people += 1
    if page.unknown:
        log(f"{game_id}: page methods the bench did not know: {sorted(page.unknown)}")
    return samples


def counts(games: list[str], clicks: int, seed: int) -> dict[str, Any]:
    """The counts of every game, and what could not be counted."""
    with Instruments() as instruments:
        result = {game_id: count_game(instruments, game_id, clicks, seed) for game_id in games}
        missing = sorted(set(instruments.missing))
    for name in missing:
        log(f"not found (n/a): {name}")
    return {"seed": seed, "clicks": clicks, "missing": missing, "games": result}


# -- redraws in Chromium -----------------------------------------------------------------------
#: Runs before the app's scripts: its storage, the morphdom wrapper and the bench's hands.
BROWSER_INIT = """
((entries) => {
  if (window.__clicks) return;
  for (const [key, value] of Object.entries(entries)) {
    try { localStorage.setItem(key, value); } catch (e) { /* the page has no storage */ }
  }
  const spans = [];
  let patch;
  Object.defineProperty(window, "nordic21Patch", {
    configurable: true,
    get() { return patch; },
    set(fn) {
      patch = typeof fn !== "function" ? fn : function (...args) {
        const t0 = performance.now();
        try { return fn.apply(this, args); }
        finally { spans.push(["patch", t0, performance.now()]); }
      };
    },
  });
  const all = () => document.querySelectorAll("#app [data-action]");
  window.__clicks = {
    spans,
    controls() {
      return [...all()].map((el) => {
        const attrs = {};
        for (const a of el.attributes) attrs[a.name] = a.value;
        if (el.disabled) attrs.disabled = "";
        return attrs;
      });
    },
    turn(actions) {
      return [...all()].some((el) => !el.disabled && el.getAttribute("aria-disabled") !== "true"
                                     && actions.includes(el.dataset.action));
    },
    press(index, action) {
      const el = all()[index];
      if (!el || el.dataset.action !== action) return null;
      const t0 = performance.now();
      el.click();
      const t1 = performance.now();
      return new Promise((resolve) => requestAnimationFrame(() => setTimeout(
        () => resolve({ t0, t1, painted: performance.now() }), 0)));
    },
    measures() {
      return performance.getEntriesByType("measure").filter((m) => m.name.startsWith("nordic21:"))
        .map((m) => [m.name, m.startTime, m.duration]);
    },
  };
})(%s);
"""
#: Python in the page's interpreter (web/runtime.mjs's), as e2e/test_stdlib_closure.py does.
IN_PYTHON = """async (code) => {
  const runtime = await import('./web/runtime.mjs');
  const pyodide = await runtime.startEarly();
  return pyodide.runPython(code);
}"""
#: Timers around the app's render, mount and bot moves (kind, start, end in page ms).
PY_INSTRUMENT = """
import importlib, json
import js

spans = []
found = {}

def _wrap(kind, module_name, class_name, name):
    try:
        cls = getattr(importlib.import_module(module_name), class_name)
        original = getattr(cls, name)
    except (ImportError, AttributeError):
        found[kind] = False
        return
    def timed(*args, **kwargs):
        start = js.performance.now()
        try:
            return original(*args, **kwargs)
        finally:
            spans.append((kind, start, js.performance.now()))
    setattr(cls, name, timed)
    found[kind] = True

def take():
    out = json.dumps(spans)
    spans.clear()
    return out

for kind, where in TIMED.items():
    _wrap(kind, *where)
"""
#: Runs :data:`PY_INSTRUMENT` as a module of its own (the page's ``__main__`` is left alone).
PY_INSTALL = """
import sys, types
bench = types.ModuleType("nordic21_bench")
bench.TIMED = %s
exec(%s, bench.__dict__)
sys.modules["nordic21_bench"] = bench
__import__("json").dumps(bench.found)
"""
#: What the page times (kind -> module, class, method).
TIMED = {
    "render": ("web.app", "App", "render"),
    "mount": ("web.dom", "Page", "mount"),
    "bot_move": ("web.app", "App", "bot_move"),
    "bot_action": ("web.session", "GameSession", "bot_action"),
}
TAKE_SPANS = "import nordic21_bench; nordic21_bench.take()"
TURN_TIMEOUT_MS = 30_000


@dataclass
class Redraw:
    """One redraw in the page: after a person's click (``label``) or a bot move."""

    label: str
    #: App.render: the Python render and the page patch (None: not measurable).
    render_ms: float | None
    #: Page.mount within it (the patch, from Python) and morphdom alone.
    mount_ms: float | None
    patch_ms: float | None
    #: A click: ``element.click()`` to its return (handling + render + patch), and to
    #: the next frame.
    click_ms: float | None = None
    paint_ms: float | None = None
    #: A click: the page's main-thread CPU time (Chromium's TaskDuration in thread
    #: ticks) from before the click to its next frame, which other work on the machine
    #: hardly changes, unlike the wall times.
    cpu_ms: float | None = None
    #: One of the first clicks of the page (and the bot moves after them), which import
    #: what the game's screens need: kept in the JSON, left out of the summaries.
    warmup: bool = False


def _within(spans: list[list[Any]], kind: str, start: float, end: float) -> list[float]:
    return [s[2] - s[1] for s in spans if s[0] == kind and start <= s[1] and s[2] <= end + 0.01]


def _redraws(
    spans: list[list[Any]],
    found: dict[str, bool],
    label: str = "",
    press: dict[str, float] | None = None,
) -> list[Redraw]:
    """The redraws in ``spans``, one per ``render`` span: those inside ``press`` (a
    click: ``element.click()`` runs the handler synchronously) are the click's, the
    others a bot move's (inside ``App.bot_move``) or another callback's. A click
    without a render span (``App.render`` not found) is one redraw of its own."""
    moves = [s for s in spans if s[0] == "bot_move"]
    out = []
    clicked: list[Redraw] = []
    for _, start, end in (s for s in spans if s[0] == "render"):
        mount = _within(spans, "mount", start, end)
        patch = _within(spans, "patch", start, end)
        redraw = Redraw(
            "", end - start, sum(mount) if mount else None, sum(patch) if patch else None
        )
        if press is not None and press["t0"] <= start <= press["t1"]:
            redraw.label = label
            clicked.append(redraw)
        elif any(m[1] <= start and end <= m[2] + 0.01 for m in moves) or not found.get("bot_move"):
            redraw.label = "(bot move)"
        else:
            redraw.label = "(timer)"
        out.append(redraw)
    if press is not None:
        if not clicked:
            mount = _within(spans, "mount", press["t0"], press["t1"])
            patch = _within(spans, "patch", press["t0"], press["t1"])
            clicked.append(
                Redraw(label, None, sum(mount) if mount else None, sum(patch) if patch else None)
            )
            out.append(clicked[-1])
        clicked[-1].click_ms = press["t1"] - press["t0"]
        clicked[-1].paint_ms = press["painted"] - press["t0"]
        clicked[-1].cpu_ms = press.get("cpu_ms")
    return out


def browser_game(
    browser: Browser, server: BenchServer, game_id: str, clicks: int, seed: int, warmup: int
) -> dict[str, Any]:
    """``warmup`` then ``clicks`` person clicks of ``game_id`` in a fresh page, every
    redraw timed."""
    from pygame_core import game_ids

    entries = {f"nordic21.{k}": v for k, v in STORE_ENTRIES.items()}
    for other in game_ids():
        entries["nordic21." + GUIDE_KEY.format(game=other)] = "skipped"
    context = browser.new_context(service_workers="block")
    context.add_init_script(BROWSER_INIT % json.dumps(entries))
    errors: list[str] = []
    drawn: list[Redraw] = []
    out: dict[str, Any] = {"game": game_id, "load_start": os.getloadavg()[0], "errors": errors}
    try:
        page = context.new_page()
        page.on("pageerror", lambda e: errors.append(f"page error: {e}"))
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.goto(server.url(f"/app/?lang=en&seed={seed}"), wait_until="commit")
        page.wait_for_selector("html[data-ready='1']", timeout=READY_TIMEOUT_MS)
        found: dict[str, bool] = json.loads(
            page.evaluate(IN_PYTHON, PY_INSTALL % (json.dumps(TIMED), json.dumps(PY_INSTRUMENT)))
        )
        out["timed"] = found
        cpu = _main_thread_cpu(context, page)
        people = 0

        def keep(new: list[Redraw]) -> None:
            for redraw in new:
                redraw.warmup = people < warmup
            drawn.extend(new)

        _press(page, "open-game", {"data-game": game_id})
        _take(page)
        keep(_new_match(page, found, "start-game"))
        rng = random.Random(seed)
        started = time.monotonic()
        total = warmup + clicks
        while people < total and time.monotonic() - started < 40 + total * 3:
            controls = page.evaluate("window.__clicks.controls()")
            choice = choose_click(game_id, controls, rng)
            if choice is None:
                if not any(c.get("data-action") == "play-again" for c in controls):
                    break
                keep(_new_match(page, found, "play-again"))
                continue
            label, control = choice
            before = cpu()
            press = _press(page, control["data-action"], control)
            if press is None:
                errors.append(f"{label}: the button was gone")
                break
            after = cpu()
            if before is not None and after is not None:
                press["cpu_ms"] = (after - before) * 1000
            keep(_redraws(_take(page), found, label, press))
            people += 1
            _wait_turn(page)
            keep(_redraws(_take(page), found))
        out["app_measures"] = page.evaluate("window.__clicks.measures()")
    except Exception as exc:  # a failed game is reported, the bench goes on
        errors.append(f"run failed: {exc}")
    finally:
        context.close()
    out["load_end"] = os.getloadavg()[0]
    out["redraws"] = [
        {k: round(v, 2) if isinstance(v, float) else v for k, v in r.__dict__.items()}
        for r in drawn
    ]
    return out


def _main_thread_cpu(context: BrowserContext, page: Page) -> Callable[[], float | None]:
    """A reader of the page's main-thread CPU seconds so far (None: not Chromium)."""
    try:
        cdp = context.new_cdp_session(page)
        cdp.send("Performance.enable", {"timeDomain": "threadTicks"})
    except Exception:  # another engine: no such figure
        return lambda: None

    def read() -> float | None:
        metrics = cdp.send("Performance.getMetrics")["metrics"]
        return next((float(m["value"]) for m in metrics if m["name"] == "TaskDuration"), None)

    return read


def _new_match(page: Page, found: dict[str, bool], action: str) -> list[Redraw]:
    """Start a match (``action``: start-game, play-again) and wait for the person's turn:
    the bots' redraws until then (the match's first screen is not a click's redraw)."""
    _press(page, action, {})
    _take(page)
    _wait_turn(page)
    return _redraws(_take(page), found)


def _press(page: Page, action: str, control: Control) -> dict[str, float] | None:
    """Click the first button on screen with ``action`` and ``control``'s data-*."""
    for index, attrs in enumerate(page.evaluate("window.__clicks.controls()")):
        wanted = {k: v for k, v in control.items() if k.startswith("data-")}
        wanted["data-action"] = action
        if enabled(attrs) and all(attrs.get(k) == v for k, v in wanted.items()):
            result: dict[str, float] | None = page.evaluate(
                "([i, a]) => window.__clicks.press(i, a)", [index, action]
            )
            return result
    return None


def _wait_turn(page: Page) -> None:
    """Until a person may press something (the bots have moved, or the match is over)."""
    page.wait_for_function(
        "(actions) => window.__clicks.turn(actions)",
        arg=list(TURN_ACTIONS),
        timeout=TURN_TIMEOUT_MS,
    )


def _take(page: Page) -> list[list[Any]]:
    """The spans timed since the last call, Python's and the page's, by start."""
    spans: list[list[Any]] = json.loads(page.evaluate(IN_PYTHON, TAKE_SPANS))
    spans += page.evaluate("window.__clicks.spans.splice(0)")
    return sorted(spans, key=lambda s: float(s[1]))


def redraws(games: list[str], clicks: int, seed: int, warmup: int) -> dict[str, Any]:
    """Every game's redraws in Chromium, from the built site."""
    with tempfile.TemporaryDirectory(prefix="nordic21-clicks-") as tmp:
        root = Path(tmp)
        origin = stage(root)
        with BenchServer(root).running() as server, sync_playwright() as pw:
            browser = pw.chromium.launch(**launch_options())
            try:
                version = f"Chromium {browser.version}"
                results = []
                for game_id in games:
                    results.append(browser_game(browser, server, game_id, clicks, seed, warmup))
                    row = results[-1]
                    log(
                        f"browser {game_id}: {len(row['redraws'])} redraws, "
                        f"load {row['load_start']:.2f}-{row['load_end']:.2f}"
                        + (f", errors: {row['errors'][:2]}" if row["errors"] else "")
                    )
            finally:
                browser.close()
    return {
        "site": origin,
        "chromium": version,
        "clicks": clicks,
        "warmup": warmup,
        "seed": seed,
        "games": results,
    }


# -- summaries and the table -------------------------------------------------------------------
def stats(values: list[float]) -> dict[str, Any]:
    """n, median, p95 (nearest rank), mean, max."""
    if not values:
        return {"n": 0, "median": None, "p95": None, "mean": None, "max": None}
    return {
        "n": len(values),
        "median": statistics.median(values),
        "p95": percentile(values, 95),
        "mean": statistics.fmean(values),
        "max": max(values),
    }


def count_rows(result: dict[str, Any]) -> list[dict[str, Any]]:
    """Per game and click label: each count's summary over its samples (None: n/a)."""
    missing = set(result["missing"])
    rows = []
    for game_id, samples in result["games"].items():
        labels = sorted({s["label"] for s in samples}, key=_label_order)
        for label in labels:
            chosen = [s for s in samples if s["label"] == label]
            keys = sorted({k for s in chosen for k in s["counts"]} | {c for c, _ in COLUMNS})
            row: dict[str, Any] = {"game": game_id, "click": label, "n": len(chosen)}
            for key in keys:
                row[key] = (
                    None
                    if _is_missing(key, missing)
                    else stats([float(s["counts"].get(key, 0)) for s in chosen])
                )
            row["bot_work"] = stats([float(sum(s["bot_work"].values())) for s in chosen])
            rows.append(row)
    return rows


def _is_missing(key: str, missing: set[str]) -> bool:
    """Whether ``key`` could not be counted (its function or method was not found)."""
    return key in missing or key.removesuffix(".event") in missing


def _label_order(label: str) -> tuple[int, str]:
    return (LABELS.index(label) if label in LABELS else len(LABELS) - 1, label)


def redraw_rows(result: dict[str, Any]) -> list[dict[str, Any]]:
    """Per game: every redraw, the clicks' and the bots' apart, and per click label."""
    rows = []
    for game in result["games"]:
        items = [r for r in game["redraws"] if not r.get("warmup")]

        def ms(chosen: list[dict[str, Any]], key: str = "render_ms") -> dict[str, Any]:
            return stats([r[key] for r in chosen if r[key] is not None])

        clicks = [r for r in items if not r["label"].startswith("(")]
        labels = sorted({r["label"] for r in items}, key=_label_order)
        rows.append(
            {
                "game": game["game"],
                "redraw": ms(items),
                "person": ms(clicks),
                "bot": ms([r for r in items if r["label"] == "(bot move)"]),
                "mount": ms(items, "mount_ms"),
                "patch": ms(items, "patch_ms"),
                "click": ms(clicks, "click_ms"),
                "paint": ms(clicks, "paint_ms"),
                "cpu": ms(clicks, "cpu_ms"),
                "by_label": {
                    label: ms([r for r in items if r["label"] == label]) for label in labels
                },
                "load": [game["load_start"], game["load_end"]],
                "errors": game["errors"],
                "app_measures": game.get("app_measures", []),
            }
        )
    return rows


def cell(value: dict[str, Any] | None, key: str = "median", digits: int = 0) -> str:
    """A summary's figure for the table ("n/a": not countable)."""
    if value is None:
        return "n/a"
    return fmt(value[key], digits) if value[key] is not None else "–"


#: The count table's columns after game, click and n.
HEADINGS = (*(heading for _, heading in COLUMNS), "kB", "redraw ms median", "p95")


def row_cells(row: dict[str, Any] | None, timing: dict[str, Any] | None) -> list[str]:
    """A count row's cells (:data:`HEADINGS`); ``timing``: its redraws in the browser."""
    if row is None:
        return ["–"] * len(HEADINGS)
    size = row.get("page.bytes")
    return [
        *(cell(row.get(key)) for key, _ in COLUMNS),
        "n/a" if size is None else fmt((size["median"] or 0) / 1000, 1),
        cell(timing, "median", 1) if timing else "–",
        cell(timing, "p95", 1) if timing else "–",
    ]


def timings(results: dict[str, Any]) -> dict[tuple[str, str], dict[str, Any]]:
    """(game, click) -> the summary of that click's redraws in the browser."""
    if not results.get("browser"):
        return {}
    return {
        (row["game"], label): figures
        for row in redraw_rows(results["browser"])
        for label, figures in row["by_label"].items()
    }


def table(results: dict[str, Any]) -> str:
    """The Markdown tables of a run."""
    machine = results["machine"]
    lines = [
        f"# What one click costs ({results['label']})",
        "",
        f"{machine['date']} · {machine['nproc']} cores · web/ and pygame_core/ at "
        f"{machine['code']} (bench {machine['commit']}) · CPython {machine['python']}"
        + (f" · {results['browser']['chromium']}" if results.get("browser") else ""),
        "",
        f"Load average (1, 5, 15 min): before {machine['uptime_start']}; "
        f"after the counts {machine.get('uptime_counts', '–')}; at the end "
        f"{machine.get('uptime_end', '–')}.",
        "",
        "Counts: medians per click over the clicks of a seeded match (n); calls from the web "
        "layer (a game's own inner calls, e.g. apply's legality check, are not counted). "
        "Redraw: App.render in Chromium (Python render + page patch), ms median / p95 over "
        "the redraws of that click (a bot move's: the render after it, not its choice), "
        f"after {results.get('browser', {}).get('warmup', 0)} warm-up clicks per page.",
        "",
        "| game | click | n | " + " | ".join(HEADINGS) + " |",
        "|---|---|---|" + "---|" * len(HEADINGS),
    ]
    times = timings(results)
    for row in count_rows(results["counts"]):
        cells = row_cells(row, times.get((row["game"], row["click"])))
        lines.append(f"| {row['game']} | {row['click']} | {row['n']} | {' | '.join(cells)} |")
    bot_work = [
        f"{r['game']}/{r['click']}"
        for r in count_rows(results["counts"])
        if not r["click"].startswith("(") and (r["bot_work"]["max"] or 0) > 0
    ]
    lines += [
        "",
        "Bot work inside a person's click: "
        + (", ".join(bot_work) if bot_work else "none (bots move in later callbacks)")
        + ". Not countable here (n/a): "
        + (", ".join(results["counts"]["missing"]) or "nothing")
        + ".",
    ]
    if results.get("browser"):
        browser = redraw_rows(results["browser"])
        lines += [
            "",
            "## Redraws in Chromium (ms per redraw: App.render, the Python render + patch)",
            "",
            "| game | redraws | median | p95 | person clicks: median, p95 | bot moves: median, "
            "p95 | of which mount (patch) median | morphdom median | click to its return "
            "median, p95 | click to next frame median | main-thread CPU per click median, p95 "
            "| load before, after |",
            "|---|---|---|---|---|---|---|---|---|---|---|---|",
        ]
        for row in browser:
            lines.append(
                f"| {row['game']} | {row['redraw']['n']} | {cell(row['redraw'], 'median', 1)} "
                f"| {cell(row['redraw'], 'p95', 1)} "
                f"| {cell(row['person'], 'median', 1)}, {cell(row['person'], 'p95', 1)} "
                f"| {cell(row['bot'], 'median', 1)}, {cell(row['bot'], 'p95', 1)} "
                f"| {cell(row['mount'], 'median', 1)} | {cell(row['patch'], 'median', 1)} "
                f"| {cell(row['click'], 'median', 1)}, {cell(row['click'], 'p95', 1)} "
                f"| {cell(row['paint'], 'median', 1)} "
                f"| {cell(row.get('cpu'), 'median', 1)}, {cell(row.get('cpu'), 'p95', 1)} "
                f"| {row['load'][0]:.2f}, {row['load'][1]:.2f} |"
            )
            if row["errors"]:
                lines.append(f"| | errors: {'; '.join(row['errors'][:3])} | | | | | | | | | | |")
        timed = (
            results["browser"]["games"][0].get("timed", {}) if results["browser"]["games"] else {}
        )
        absent = [k for k, v in timed.items() if not v]
        measures = sorted({m[0] for r in browser for m in r["app_measures"]})
        lines += [
            "",
            "Timed in the page: "
            + ", ".join(f"{k} {'yes' if v else 'n/a'}" for k, v in timed.items())
            + (f" ({', '.join(absent)} not found)" if absent else "")
            + "; the app's own nordic21:* measures: "
            + (", ".join(measures) if measures else "none")
            + ".",
        ]
    return "\n".join(lines)


def compare(before: dict[str, Any], after: dict[str, Any]) -> str:
    """The table of two runs side by side: each figure "before → after"."""
    old = {(r["game"], r["click"]): r for r in count_rows(before["counts"])}
    old_times, new_times = timings(before), timings(after)
    lines = [
        f"# {before['label']} → {after['label']}",
        "",
        "| game | click | n | " + " | ".join(HEADINGS) + " |",
        "|---|---|---|" + "---|" * len(HEADINGS),
    ]
    for row in count_rows(after["counts"]):
        key = (row["game"], row["click"])
        was = row_cells(old.get(key), old_times.get(key))
        now = row_cells(row, new_times.get(key))
        pairs = [a if a == b else f"{a} → {b}" for a, b in zip(was, now, strict=True)]
        lines.append(f"| {row['game']} | {row['click']} | {row['n']} | {' | '.join(pairs)} |")
    return "\n".join(lines)


# -- main --------------------------------------------------------------------------------------
def uptime() -> str:
    """The load averages, as ``uptime`` prints them."""
    return ", ".join(f"{x:.2f}" for x in os.getloadavg())


def git(*args: str) -> str:
    """A git answer about this checkout."""
    return subprocess.run(
        ["git", *args], capture_output=True, text=True, cwd=ROOT, check=False
    ).stdout.strip()


def main(argv: list[str] | None = None) -> int:
    """Count, time, print and write the results."""
    from pygame_core import game_ids

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--label", default="latest", help="results go to clicks-LABEL.json")
    parser.add_argument("--clicks", type=int, default=60, help="person clicks per game counted")
    parser.add_argument(
        "--browser-clicks", type=int, default=40, help="person clicks per game in Chromium"
    )
    parser.add_argument(
        "--warmup", type=int, default=5, help="Chromium: first clicks not summarized"
    )
    parser.add_argument("--seed", type=int, default=SEED, help="the matches' seed")
    parser.add_argument("--games", nargs="*", metavar="GAME", help="only these games")
    parser.add_argument("--no-browser", action="store_true", help="the counts only")
    add_wait_idle(parser)
    parser.add_argument("--report", metavar="JSON", help="only print the tables of a run")
    parser.add_argument(
        "--compare", nargs=2, metavar=("BEFORE", "AFTER"), help="two runs side by side"
    )
    args = parser.parse_args(argv)
    if args.report:
        print(table(json.loads(Path(args.report).read_text("utf-8"))))
        return 0
    if args.compare:
        before, after = (json.loads(Path(p).read_text("utf-8")) for p in args.compare)
        print(compare(before, after))
        return 0
    games = list(args.games or game_ids())
    wait_for_idle(args.wait_idle)
    results: dict[str, Any] = {
        "label": args.label,
        "machine": {
            "date": dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC"),
            "nproc": len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else None,
            "python": sys.version.split()[0],
            "commit": git("rev-parse", "--short", "HEAD"),
            "code": git("log", "-1", "--format=%h", "--", "web", "pygame_core"),
            "dirty": bool(git("status", "--porcelain", "--", "web", "pygame_core")),
            "uptime_start": uptime(),
        },
    }
    log(f"counting {len(games)} games, {args.clicks} person clicks each (load {uptime()})")
    results["counts"] = counts(games, args.clicks, args.seed)
    results["machine"]["uptime_counts"] = uptime()
    if not args.no_browser:
        log(f"redraws in Chromium, {args.warmup} + {args.browser_clicks} person clicks per game")
        results["browser"] = redraws(games, args.browser_clicks, args.seed, args.warmup)
    results["machine"]["uptime_end"] = uptime()
    out = RESULTS / f"clicks-{args.label}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(results, separators=(",", ":"), default=str) + "\n", "utf-8")
    print(table(results))
    print(f"\n(results: {out.relative_to(ROOT)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
