"""The only module that touches the browser's DOM (besides storage).

Screens render to safe markup strings (:mod:`web.markup`); :class:`Page` puts them in
the page and turns clicks, key presses and form changes into calls of one handler
through event delegation on the root, so no listener is ever attached to (and leaked
with) a rendered element.
"""

from __future__ import annotations

import asyncio
from typing import Any, Protocol

import js
from pyodide.ffi import create_proxy, jsnull, to_js

from web.markup import Markup

#: Most bytes an imported file may have (a whole history is a few hundred KB).
MAX_IMPORT_BYTES = 5_000_000


class Controller(Protocol):
    """What the page reports to: the app."""

    def on_action(self, name: str, data: dict[str, str]) -> None: ...

    def on_field(self, name: str, data: dict[str, str]) -> None: ...

    def import_text(self, text: str) -> None: ...

    def on_storage(self, key: str | None) -> None: ...


def _opt(value: Any) -> Any:
    """``None`` for JavaScript's null (Pyodide hands it over as ``jsnull``)."""
    return None if value is None or value is jsnull else value


def _dataset(element: Any) -> dict[str, str]:
    keys = js.Object.keys(element.dataset)
    return {str(k): str(getattr(element.dataset, k)) for k in keys}


class Page:
    """The app's root element, its live region and its delegated events."""

    def __init__(self, controller: Controller) -> None:
        self.root = js.document.getElementById("app")
        self.announcer = js.document.getElementById("announcer")
        self.controller = controller
        #: The file being read for an import (kept so the task is not collected).
        self._pending: asyncio.Future[None] | None = None
        self._proxies = [
            create_proxy(self._click),
            create_proxy(self._change),
            create_proxy(self._storage),
        ]
        self.root.addEventListener("click", self._proxies[0])
        self.root.addEventListener("change", self._proxies[1])
        js.window.addEventListener("storage", self._proxies[2])

    def _storage(self, event: Any) -> None:
        self.controller.on_storage(_opt(event.key))

    def _click(self, event: Any) -> None:
        target = _opt(event.target.closest("[data-action]"))
        if target is None or target.disabled or target.getAttribute("aria-disabled") == "true":
            return
        event.preventDefault()
        self.controller.on_action(str(target.dataset.action), _dataset(target))

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
        value = target.checked if target.type == "checkbox" else target.value
        data = _dataset(target)
        data["value"] = "1" if value is True else ("0" if value is False else str(value))
        self.controller.on_field(str(name), data)

    async def _read_file(self, file: Any) -> None:
        if file.size > MAX_IMPORT_BYTES:
            self.controller.import_text("")
            return
        self.controller.import_text(str(await file.text()))

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

    def mount(self, markup: Markup) -> None:
        """Replace the screen, keeping keyboard focus on the same control if it survives."""
        active = _opt(js.document.activeElement)
        key = _opt(active.getAttribute("data-focus")) if active is not None else None
        self.root.innerHTML = markup
        target = None
        if key is not None:
            target = _opt(self.root.querySelector(f'[data-focus="{key}"]'))
        if target is None:
            target = _opt(self.root.querySelector("[data-autofocus]"))
        if target is not None:
            target.focus()

    def announce(self, text: str) -> None:
        """Say ``text`` through the polite live region (screen readers read it out)."""
        self.announcer.textContent = ""
        self.announcer.textContent = text

    def set_language(self, lang: str, title: str) -> None:
        """Mark the document's language and title."""
        js.document.documentElement.lang = lang
        js.document.title = title

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
