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
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pygame_core import get_game
from web.app import App
from web.frame import Frame
from web.seats import Seat
from web.session import GameSession

# The doubles live beside scripts/stdlib_closure.py, which runs them in Pyodide.
SCRIPTS = str(Path(__file__).resolve().parent.parent / "scripts")
if SCRIPTS not in sys.path:
    sys.path.insert(0, SCRIPTS)

from doubles import T0, DictStore, FakePage, controls, dataset, find_control  # noqa: E402


def press(app: App, page: FakePage, action: str, **data: str) -> None:
    """Press the enabled button of ``action`` whose data-* include ``data``."""
    attrs = find_control(page.markup, action, **data)
    if attrs is None:
        raise AssertionError(f"no enabled {action} {data} on screen")
    app.on_action(action, dataset(attrs))


def moves(app: App, page: FakePage, enabled: bool = True) -> list[Any]:
    """The actions of the move buttons on screen (the enabled ones, by default)."""
    session = app.play.session
    assert session is not None
    return [
        session.game.action_from_dict(json.loads(attrs["data-move"]))
        for attrs in controls(page.markup)
        if attrs["data-action"] == "act" and (not enabled or "disabled" not in attrs)
    ]


def act(app: App, page: FakePage, action: Any, *, play_on: bool = True) -> None:
    """Press the enabled move button that makes ``action``; then, where the bots wait
    for the person's choice to take it back (``play-on`` on screen), press "Play on"
    as a person who keeps their move does (``play_on=False``: leave the choice open)."""
    session = app.play.session
    assert session is not None
    for attrs in controls(page.markup):
        if attrs["data-action"] != "act" or "disabled" in attrs:
            continue
        if session.game.action_from_dict(json.loads(attrs["data-move"])) == action:
            app.on_action("act", dataset(attrs))
            if play_on and find_control(page.markup, "play-on") is not None:
                app.on_action("play-on", {})
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
