"""The browser side of the app: the only module that touches the DOM (besides storage).

:class:`Page` is the adapter :class:`web.app.App` talks to (:class:`web.app.PagePort`):
it patches rendered markup into the page (``web/patch.js`` with morphdom), keeps the
address bar in step with the screen (the History API), turns clicks, form changes,
Back/Forward and other tabs' storage changes into calls of the app, and gives it the
clock and fresh seeds. Event delegation on the root: no listener is ever attached to
(and leaked with) a rendered element.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any, Protocol

import js
from pyodide.ffi import create_once_callable, create_proxy, jsnull, to_js

from web.markup import Markup
from web.persist import Status
from web.table import bridge as table

#: Most bytes an imported file may have (a whole history is a few hundred KB).
MAX_IMPORT_BYTES = 5_000_000
#: The patcher's scripts, in load order (relative: the site may live under a subpath).
PATCH_SCRIPTS = ("./vendor/morphdom/morphdom.min.js", "./web/patch.js")
#: A moment held on the table (a round's end) and its headline: brought into view once
#: when it is drawn (see ``Page._show_moment``).
MOMENT = ".moment-panel"
MOMENT_TITLE = ".moment-panel > h2"
#: How long a tap's guard holds when the browser paints no frame (ms).
ANSWERED_MS = 120
#: Buttons that move the match on: the second tap of a double tap (``event.detail``)
#: that comes before the answer to the first is painted (the person never saw it
#: answered) is dropped, so a child's double tap on Roll throws once and a double tap on
#: Continue does not skip the next moment. A tap after the answer was painted counts,
#: however soon it follows: the person saw the new roll and chose to throw again.
MOVES_ON = frozenset(
    {"act", "moment-seen", "moment-skip", "show-cards", "start-game", "play-again"}
)


class Controller(Protocol):
    """What the page reports to: the app."""

    def on_action(self, name: str, data: dict[str, str]) -> None: ...

    def on_field(self, name: str, data: dict[str, str]) -> None: ...

    def import_text(self, text: str) -> None: ...

    def on_storage(self, key: str | None) -> None: ...

    def on_address(self, address: str) -> None: ...

    def on_resize(self) -> None: ...


def _opt(value: Any) -> Any:
    """``None`` for JavaScript's null (Pyodide hands it over as ``jsnull``)."""
    return None if value is None or value is jsnull else value


def _dataset(element: Any) -> dict[str, str]:
    keys = js.Object.keys(element.dataset)
    return {str(k): str(getattr(element.dataset, k)) for k in keys}


def _field_data(target: Any) -> dict[str, str]:
    value = target.checked if target.type == "checkbox" else target.value
    data = _dataset(target)
    data["value"] = "1" if value is True else ("0" if value is False else str(value))
    return data


class Page:
    """The app's root element, its live region, its address and its delegated events."""

    def __init__(self) -> None:
        self.root = js.document.getElementById("app")
        self.announcer = js.document.getElementById("announcer")
        self.controller: Controller | None = None
        #: The file being read for an import (kept so the task is not collected).
        self._pending: asyncio.Future[None] | None = None
        self._proxies: list[Any] = []
        self._resize_timer: Any = None
        #: Patches made so far: the page says it (``<html data-patched>``) after each,
        #: so a test waits for the page rather than for time.
        self.patches = 0
        #: Callbacks asked for and not yet run (a bot's move, a moment going on by
        #: itself): the page says it (``<html data-later>``), so a test can tell that
        #: nothing more will happen by itself, rather than wait and see.
        self.later = 0
        self._resize_proxy = create_proxy(self._resized)
        #: A tap on a button of :data:`MOVES_ON` is being answered: its answer (the
        #: patch) has not been painted yet. Cleared by a callback after the next frame,
        #: or after ANSWERED_MS if no frame comes (a page the browser does not paint:
        #: hidden, or driven without frames), so that no tap is lost for good. Each
        #: guarded tap has its number: a late clearing of an earlier one never clears it.
        self._answering = False
        self._tap = 0
        # The screen decides where the page is scrolled (a new one starts at the top).
        js.history.scrollRestoration = "manual"
        for src in PATCH_SCRIPTS:
            script = js.document.createElement("script")
            script.src = src
            setattr(script, "async", False)  # run in this order, as soon as each arrives
            js.document.head.appendChild(script)

    def listen(self, controller: Controller) -> None:
        """Report the page's events to ``controller`` from now on."""
        self.controller = controller
        for target, kind, handler in (
            (self.root, "click", self._click),
            (self.root, "change", self._change),
            (self.root, "input", self._input),
            (js.document, "keydown", self._key),
            (js.window, "storage", self._storage),
            (js.window, "popstate", self._popstate),
            (js.window, "resize", self._resize),
        ):
            proxy = create_proxy(handler)
            self._proxies.append(proxy)
            target.addEventListener(kind, proxy)

    def _app(self) -> Controller:
        assert self.controller is not None, "listen() first"
        return self.controller

    def _storage(self, event: Any) -> None:
        self._app().on_storage(_opt(event.key))

    def _resize(self, event: Any) -> None:
        # One layout per burst of resize events (a drag fires dozens).
        if self._resize_timer is not None:
            js.clearTimeout(self._resize_timer)
        self._resize_timer = js.setTimeout(self._resize_proxy, 150)

    def _resized(self) -> None:
        self._resize_timer = None
        self._app().on_resize()

    def table_room(self) -> tuple[int, int] | None:
        """The room of the play screen's felt and hand (the grid cell: its size does not
        depend on what the felt draws), or None off the play screen."""
        cell = _opt(self.root.querySelector("main.table > .table-main"))
        if cell is None:
            return None
        # the guide's sentence takes the top of the cell in the first round: the felt
        # gets what is left, so it is drawn at its size rather than scaled down
        guide = _opt(cell.querySelector(":scope > .guide"))
        taken = 0.0
        if guide is not None:
            margin = str(js.window.getComputedStyle(guide).marginBottom).removesuffix("px")
            taken = float(guide.offsetHeight) + (float(margin) if margin else 0.0)
        return int(cell.clientWidth), int(cell.clientHeight - taken)

    def viewport(self) -> tuple[int, int]:
        """The window's size in CSS pixels."""
        return int(js.window.innerWidth), int(js.window.innerHeight)

    def _popstate(self, event: Any) -> None:
        self._app().on_address(self.address())

    def _close_menus(self, keep: Any = None, focus: bool = False) -> bool:
        """Close the bar's open menu unless it holds ``keep`` (a tap elsewhere closes
        it, as a menu does); with ``focus``, its button takes the focus (Escape, or an
        item of it chosen). Whether a menu was closed."""
        menu = _opt(self.root.querySelector("details.bar-menu[open]"))
        if menu is None or (keep is not None and menu.contains(keep)):
            return False
        menu.removeAttribute("open")
        summary = _opt(menu.querySelector("summary")) if focus else None
        if summary is not None:
            summary.focus(to_js({"preventScroll": True}, dict_converter=js.Object.fromEntries))
        return True

    def _click(self, event: Any) -> None:
        self._close_menus(keep=event.target)
        target = _opt(event.target.closest("[data-action]"))
        if target is None or target.disabled or target.getAttribute("aria-disabled") == "true":
            return
        event.preventDefault()
        action = str(target.dataset.action)
        moves_on = action in MOVES_ON
        if moves_on:
            if self._answering and int(event.detail or 0) > 1:
                # the second tap of a double tap (the browser counts it), before the
                # first one's answer was on screen; a tap the browser counts as a first
                # one (a deliberate tap, a click from a script or a driver) always counts
                return
            self._answering = True
            self._tap += 1
        if _opt(target.closest("details.bar-menu[open]")) is not None:
            # An item of the bar's menu chosen: the menu closes, as a menu does, so that
            # what the item changed shows (the coach on the table).
            self._close_menus(focus=True)
        data = _dataset(target)
        field = _opt(js.document.getElementById(data["take"])) if "take" in data else None
        if field is not None:
            data["value"] = str(field.value)  # the code typed or pasted beside the button
        try:
            self._app().on_action(action, data)
        finally:
            if moves_on:
                # the answer is patched in by now: taps count again once it is painted
                self._count_again(self._tap)

    def _count_again(self, tap: int) -> None:
        """Taps count again once tap number ``tap``'s answer is painted: a frame's
        callbacks run before it is painted, so a task queued from one runs after it;
        with no frame at all, after ANSWERED_MS."""

        def painted() -> None:
            if self._tap == tap:
                self._answering = False

        def next_frame(_time: Any = None) -> None:
            js.setTimeout(create_once_callable(painted), 0)

        js.requestAnimationFrame(create_once_callable(next_frame))
        js.setTimeout(create_once_callable(painted), ANSWERED_MS)

    def _key(self, event: Any) -> None:
        """A key a button names in ``data-shortcut`` (the replay's arrow keys) presses
        it, unless a field or another control that uses the key has the focus; Escape
        closes the bar's menu."""
        target = event.target
        if event.key == "Escape" and self._close_menus(focus=True):
            return
        tag = str(getattr(target, "tagName", "") or "").lower()
        if tag in ("input", "select", "textarea") or event.altKey or event.ctrlKey or event.metaKey:
            return
        shortcut = _opt(self.root.querySelector(f'[data-shortcut="{event.key}"]'))
        if shortcut is None or shortcut.disabled:
            return
        event.preventDefault()
        self._app().on_action(str(shortcut.dataset.action), _dataset(shortcut))

    def _change(self, event: Any) -> None:
        target = event.target
        name = _opt(target.getAttribute("data-field"))
        if name is None:
            return
        if target.type == "file":
            files = target.files
            if files.length:
                self._pending = asyncio.ensure_future(self._read_file(files.item(0)))
            target.value = ""
            return
        self._app().on_field(str(name), _field_data(target))

    def _input(self, event: Any) -> None:
        """A key typed in a field marked ``data-live`` (a seat's name): sent at once
        with ``typing``, so what the screen says of it follows as it is typed; the
        field is checked as it is left ("change")."""
        target = event.target
        name = _opt(target.getAttribute("data-field"))
        if name is None or _opt(target.getAttribute("data-live")) is None:
            return
        self._app().on_field(str(name), {**_field_data(target), "typing": "1"})

    async def _read_file(self, file: Any) -> None:
        if file.size > MAX_IMPORT_BYTES:
            self._app().import_text("")
            return
        self._app().import_text(str(await file.text()))

    def download(self, filename: str, text: str) -> None:
        """Offer ``text`` as a file download (a real one: Blob, link, click)."""
        options = to_js({"type": "application/json"}, dict_converter=js.Object.fromEntries)
        blob = js.Blob.new(to_js([text]), options)
        url = js.URL.createObjectURL(blob)
        link = js.document.createElement("a")
        link.href = url
        link.download = filename
        js.document.body.appendChild(link)
        link.click()
        link.remove()
        js.URL.revokeObjectURL(url)

    def mount(self, markup: Markup, new_screen: bool) -> None:
        """Show ``markup``: patched into the page, so what did not change stays as it is
        (focus, caret, scroll, a pressed button); a new screen starts at the top with
        its autofocus control focused. Then ``<html data-patched>`` counts it."""
        try:
            self._mount(markup, new_screen)
        finally:
            self.patches += 1
            js.document.documentElement.setAttribute("data-patched", str(self.patches))

    def _mount(self, markup: Markup, new_screen: bool) -> None:
        active = _opt(js.document.activeElement)
        key = _opt(active.getAttribute("data-focus")) if active is not None else None
        patch = _opt(getattr(js.window, "nordic21Patch", None))
        held = self._moment_title()
        if "n21-scene" in markup:
            table.load()  # the felt's scripts and stylesheet, once: not on the home screen
        if patch is not None and not new_screen:
            # motion.js flies what moved from where it was to where the patch put it
            table.capture()
            patch(self.root, markup)
            table.play()
        else:
            # The first screen, before the patcher's few kB arrived, or a new screen.
            self.root.innerHTML = markup
        if new_screen:
            js.window.scrollTo(0, 0)
        jump = _opt(self.root.querySelector("[data-scroll-to]"))
        if jump is not None:
            # A control asked to bring another part of the screen into view (the review's
            # "Show in the replay"), once.
            jump.removeAttribute("data-scroll-to")
            jump.scrollIntoView(to_js({"block": "start"}, dict_converter=js.Object.fromEntries))
        title = self._moment_title()
        if title is not None and title != held:
            self._show_moment()
        focused = _opt(js.document.activeElement)
        if not new_screen and focused is not None and self.root.contains(focused):
            return
        target = None
        if key is not None and not new_screen:
            target = _opt(self.root.querySelector(f'[data-focus="{key}"]'))
        if target is None:
            target = _opt(self.root.querySelector("[data-autofocus]"))
        if target is not None:
            target.focus(to_js({"preventScroll": True}, dict_converter=js.Object.fromEntries))

    def _moment_title(self) -> str | None:
        """The headline of the moment held on the screen (a round's end), if any."""
        title = _opt(self.root.querySelector(MOMENT_TITLE))
        return None if title is None else str(title.textContent)

    def _show_moment(self) -> None:
        """A moment has just been drawn: its headline and Continue come into view, in
        the side panel (a phone's panel keeps its scroll: a person who read the history
        to its end would find only a sliver of the moment) and in the window."""
        nearest = to_js({"block": "nearest"}, dict_converter=js.Object.fromEntries)
        for selector in (MOMENT_TITLE, f"{MOMENT} [data-action^='moment-']"):
            part = _opt(self.root.querySelector(selector))
            if part is not None:
                part.scrollIntoView(nearest)

    def announce(self, text: str) -> None:
        """Say ``text`` through the polite live region (screen readers read it out)."""
        self.announcer.textContent = ""
        self.announcer.textContent = text

    def set_language(self, lang: str, title: str) -> None:
        """Mark the document's language and title."""
        js.document.documentElement.lang = lang
        js.document.title = title

    def address(self) -> str:
        """The screen's part of the address: the hash (``#/setup/dice21``), or ``""``."""
        return str(js.location.hash)

    def show_address(self, address: str, push: bool) -> None:
        """Put ``address`` (a hash, or ``""`` for home) in the address bar: a new
        history entry with ``push``, else in place of the current one. Relative to the
        page itself, so it works under any subpath, offline, and keeps ``?lang=``."""
        url = address or str(js.location.pathname) + str(js.location.search)
        if push:
            js.history.pushState(jsnull, "", url)
        else:
            js.history.replaceState(jsnull, "", url)

    def go_back(self) -> None:
        """The browser's Back (the app follows through ``on_address``)."""
        js.history.back()

    def call_later(self, seconds: float, callback: Callable[[], None]) -> None:
        """Run ``callback`` after ``seconds`` (on the browser's event loop)."""

        def run() -> None:
            self._count_later(-1)
            callback()

        self._count_later(1)
        asyncio.get_event_loop().call_later(seconds, run)

    def _count_later(self, change: int) -> None:
        self.later += change
        js.document.documentElement.setAttribute("data-later", str(self.later))

    def device_facts(self) -> tuple[str, int, bool]:
        """What web/persist.py needs for Safari's advice (see web.storage)."""
        from web.storage import device_facts

        return device_facts()

    def ask_to_persist(self, on_answer: Callable[[Status], None]) -> None:
        """Ask for persistent storage; ``on_answer`` gets the browser's answer."""
        from web.storage import ask_to_persist

        async def ask() -> None:
            on_answer(await ask_to_persist())

        self._persist = asyncio.ensure_future(ask())

    def now_ms(self) -> int:
        """Milliseconds since the epoch (the browser's clock)."""
        return int(js.Date.now())

    def new_seed(self) -> int:
        """A new match's seed: from ``?seed=`` when given (tests, replays), else random."""
        given = query_param("seed")
        if given is not None and given.isdigit():
            return int(given) % (2**53)
        return int(js.Math.floor(js.Math.random() * 2**53))

    def mark_ready(self) -> None:
        """Tell tests (and the loading shell) that the UI is interactive."""
        js.performance.mark("nordic21:ready")
        js.document.documentElement.setAttribute("data-ready", "1")


def query_param(name: str) -> str | None:
    """A parameter of the page's query string."""
    value = _opt(js.URLSearchParams.new(js.window.location.search).get(name))
    return None if value is None else str(value)


def browser_languages() -> list[str]:
    """The browser's preferred language tags."""
    return [str(x) for x in js.navigator.languages] or [str(js.navigator.language)]
