"""The app at a table, under pytest: a fake page, the real controllers, screens, saves
and rules (no browser).

Every step presses a button that is on the rendered screen (found in the markup the
fake page was given), so a test cannot press what a player could not; a move button
carries its action in the core's own codec (``data-move``), and :func:`act` presses
the one whose action is asked for.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable, Sequence
from html.parser import HTMLParser
from typing import Any

from pygame_core import get_game
from web.app import App
from web.frame import Frame
from web.markup import Markup
from web.persist import Status
from web.seats import Seat
from web.session import GameSession
from web.storage import StorageFull

T0 = 1_750_000_000_000


class DictStore:
    """The tests' :class:`~web.saves.KeyValueStore`: a dict, optionally with a quota
    in characters (``set`` then raises :class:`StorageFull` and keeps the old value)."""

    def __init__(self, quota: int | None = None) -> None:
        self.data: dict[str, str] = {}
        self.quota = quota

    def get(self, key: str) -> str | None:
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        others = sum(len(v) for k, v in self.data.items() if k != key)
        if self.quota is not None and others + len(value) > self.quota:
            raise StorageFull(key)
        self.data[key] = value

    def remove(self, key: str) -> None:
        self.data.pop(key, None)

    def keys(self) -> list[str]:
        return list(self.data)


class FakePage:
    """A :class:`web.controllers.base.PagePort` that records what the app did to it."""

    def __init__(self, seed: int = 7) -> None:
        self.markup = Markup("")
        self.mounts = 0
        self.new_screens: list[bool] = []
        self.announced: list[str] = []
        self.history: list[str] = [""]
        self.at = 0
        self.timers: list[Callable[[], None]] = []
        self.downloads: list[tuple[str, str]] = []
        self.clock = T0
        self.seed = seed
        self.app: App | None = None
        self.persist_asked = False

    def mount(self, markup: Markup, new_screen: bool) -> None:
        self.markup = markup
        self.mounts += 1
        self.new_screens.append(new_screen)

    def announce(self, text: str) -> None:
        self.announced.append(text)

    def set_language(self, lang: str, title: str) -> None:
        self.lang = lang

    def download(self, filename: str, text: str) -> None:
        self.downloads.append((filename, text))

    def show_address(self, address: str, push: bool) -> None:
        if push:
            del self.history[self.at + 1 :]
            self.history.append(address)
            self.at += 1
        else:
            self.history[self.at] = address

    def go_back(self) -> None:
        self.move(-1)

    def move(self, step: int) -> None:
        """The browser's Back (-1) or Forward (+1): the app hears of the new address."""
        self.at += step
        assert self.app is not None
        self.app.on_address(self.history[self.at])

    @property
    def address(self) -> str:
        return self.history[self.at]

    def call_later(self, seconds: float, callback: Callable[[], None]) -> None:
        self.timers.append(callback)

    def run_timers(self, limit: int = 2000) -> int:
        """Let every scheduled bot move (and bots-only moment) happen, each may
        schedule the next."""
        ran = 0
        while self.timers and ran < limit:
            self.timers.pop(0)()
            ran += 1
        return ran

    def now_ms(self) -> int:
        self.clock += 1000
        return self.clock

    def device_facts(self) -> tuple[str, int, bool]:
        return ("Mozilla/5.0 (X11; Linux x86_64)", 0, False)

    def ask_to_persist(self, on_answer: Callable[[Status], None]) -> None:
        self.persist_asked = True
        on_answer("persisted")

    def new_seed(self) -> int:
        return self.seed


class _Controls(HTMLParser):
    """Every element with a data-action, as {attribute: value} (disabled included)."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[dict[str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {k: v or "" for k, v in attrs}
        if "data-action" in values:
            self.found.append(values)


def controls(markup: str) -> list[dict[str, str]]:
    """Every element of ``markup`` with a ``data-action``, with its attributes."""
    parser = _Controls()
    parser.feed(markup)
    return parser.found


def dataset(attrs: dict[str, str]) -> dict[str, str]:
    """An element's ``data-*`` values, as the page hands them to the app."""
    return {k[5:]: v for k, v in attrs.items() if k.startswith("data-")}


def press(app: App, page: FakePage, action: str, **data: str) -> None:
    """Press the enabled button of ``action`` whose data-* include ``data``."""
    for attrs in controls(page.markup):
        wanted = {"data-action": action, **{f"data-{k}": v for k, v in data.items()}}
        if all(attrs.get(k) == v for k, v in wanted.items()) and "disabled" not in attrs:
            app.on_action(action, dataset(attrs))
            return
    raise AssertionError(f"no enabled {action} {data} on screen")


def moves(app: App, page: FakePage, enabled: bool = True) -> list[Any]:
    """The actions of the move buttons on screen (the enabled ones, by default)."""
    session = app.play.session
    assert session is not None
    return [
        session.game.action_from_dict(json.loads(attrs["data-move"]))
        for attrs in controls(page.markup)
        if attrs["data-action"] == "act" and (not enabled or "disabled" not in attrs)
    ]


def act(app: App, page: FakePage, action: Any) -> None:
    """Press the enabled move button that makes ``action``."""
    session = app.play.session
    assert session is not None
    for attrs in controls(page.markup):
        if attrs["data-action"] != "act" or "disabled" in attrs:
            continue
        if session.game.action_from_dict(json.loads(attrs["data-move"])) == action:
            app.on_action("act", dataset(attrs))
            return
    raise AssertionError(f"no enabled button for {action!r} on screen")


def started(seed: int = 7, store: DictStore | None = None) -> tuple[App, FakePage, DictStore]:
    """The app on its home screen."""
    store = store if store is not None else DictStore()
    page = FakePage(seed)
    app = App(store, "en", page)
    page.app = app
    app.open_address("")
    return app, page, store


def at_table(
    game_id: str,
    kinds: Sequence[str],
    seed: int = 7,
    preset: str | None = None,
    names: Sequence[str] | None = None,
    lang: str = "en",
    link: Any = None,
    **options: Any,
) -> tuple[App, FakePage]:
    """The app with a new match on the play screen: seats of ``kinds`` ("human",
    "device" or a bot level), the game's first preset (or ``preset``) with ``options``
    (``link``: the app's way to other devices, see tests/test_devices.py)."""
    game = get_game(game_id)
    preset = preset or next(iter(game.presets))
    config = game.preset(preset, len(kinds))
    if options:
        config = game.config(**{**game.config_to_dict(config), **options})
    names = names or [f"P{i}" for i in range(len(kinds))]
    seats = [Seat(n, k) for n, k in zip(names, kinds, strict=True)]  # type: ignore[arg-type]
    session = GameSession.start(game_id, config, seats, seed)
    page = FakePage(seed)
    app = App(DictStore(), lang, page, link)
    page.app = app
    app.play.enter(session, app.ctx.book.fresh_id(seed), 0, T0)
    app.show("play")
    app.render()
    return app, page


def frame(app: App) -> Frame:
    """The frame the play screen shows now."""
    return app.play.frame()


def title_text(markup: str) -> str:
    """The words of a screen's title (its parts are spans of their own, to wrap on a
    phone)."""
    heading = re.search(r'<h1 class="screen-title">(.*?)</h1>', markup, re.S)
    assert heading, "a screen title"
    return html.unescape(re.sub(r"<[^>]+>", "", heading.group(1)))
