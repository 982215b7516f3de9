"""The browser's side of joining devices: :class:`BrowserLink`, the app's
:class:`web.controllers.base.LinkPort`.

It drives two small modules of the site, loaded the first time they are needed (the
home screen and a game on one device never load them): ``web/remote/rtc.mjs``
(``RTCPeerConnection`` data channels, gathered without trickle so that one code each way
pairs two devices) and ``web/remote/scan.mjs`` (the camera and a QR decoder). All that
waits is a JavaScript promise, awaited in a task here; its result goes to the
caller's callback, so the controllers stay plain synchronous Python.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any

import js
from pyodide.ffi import create_proxy, jsnull

RTC_MODULE = "./web/remote/rtc.mjs"
SCAN_MODULE = "./web/remote/scan.mjs"


def _opt(value: Any) -> Any:
    return None if value is None or value is jsnull else value


def _reason(exc: BaseException) -> str:
    """A JavaScript error's name (``NotAllowedError`` ...) or ``"rtc"``."""
    js_error = getattr(exc, "js_error", None)
    name = _opt(getattr(js_error, "name", None)) if js_error is not None else None
    return str(name) if name else "rtc"


class BrowserLink:
    """WebRTC data channels and the camera, for :mod:`web.controllers.devices` and
    :mod:`web.controllers.guest`."""

    def __init__(self) -> None:
        self._modules: dict[str, Any] = {}
        #: Running tasks, kept so that none is collected before it ends.
        self._tasks: set[asyncio.Future[None]] = set()
        self._proxies: list[Any] = []
        self._on_event: Callable[[str, str, str], None] | None = None
        self._listening = False

    # -- the modules -----------------------------------------------------------------------
    async def _module(self, name: str, path: str) -> Any:
        module = self._modules.get(name)
        if module is None:
            if _opt(getattr(js.globalThis, name, None)) is None:
                url = js.URL.new(path, js.document.baseURI).href
                await js.eval(f"import({str(url)!r})")
            module = self._modules[name] = getattr(js.globalThis, name)
        return module

    async def _rtc(self) -> Any:
        rtc = await self._module("nordicRtc", RTC_MODULE)
        if not self._listening:
            self._listening = True
            proxy = create_proxy(self._event)
            self._proxies.append(proxy)
            rtc.listen(proxy)
        return rtc

    def _event(self, channel: Any, kind: Any, text: Any = None) -> None:
        if self._on_event is not None:
            text = _opt(text)
            self._on_event(str(channel), str(kind), "" if text is None else str(text))

    def _run(self, work: Coroutine[Any, Any, None], failed: Callable[[str], None]) -> None:
        async def guarded() -> None:
            try:
                await work
            except Exception as exc:  # a rejected promise: said in words by the caller
                failed(_reason(exc))

        task = asyncio.ensure_future(guarded())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # -- LinkPort ------------------------------------------------------------------------------
    def available(self) -> bool:
        return str(js.eval("typeof RTCPeerConnection")) == "function"

    def listen(self, on_event: Callable[[str, str, str], None]) -> None:
        self._on_event = on_event

    def offer(
        self, channel: str, done: Callable[[str], None], failed: Callable[[str], None]
    ) -> None:
        async def work() -> None:
            rtc = await self._rtc()
            done(str(await rtc.offer(channel)))

        self._run(work(), failed)

    def answer(
        self, channel: str, offer: str, done: Callable[[str], None], failed: Callable[[str], None]
    ) -> None:
        async def work() -> None:
            rtc = await self._rtc()
            done(str(await rtc.answer(channel, offer)))

        self._run(work(), failed)

    def accept(self, channel: str, answer: str, failed: Callable[[str], None]) -> None:
        async def work() -> None:
            rtc = await self._rtc()
            await rtc.accept(channel, answer)

        self._run(work(), failed)

    def send(self, channel: str, text: str) -> bool:
        rtc = self._modules.get("nordicRtc")
        return bool(rtc.send(channel, text)) if rtc is not None else False

    def close(self, channel: str) -> None:
        rtc = self._modules.get("nordicRtc")
        if rtc is not None:
            rtc.close(channel)

    def scan(self, video: str, done: Callable[[str], None], failed: Callable[[str], None]) -> None:
        async def work() -> None:
            scanner = await self._module("nordicScan", SCAN_MODULE)
            element = _opt(js.document.getElementById(video))
            if element is None:
                failed("NotFoundError")
                return
            done(str(await scanner.start(element)))

        self._run(work(), failed)

    def stop_scan(self) -> None:
        scanner = self._modules.get("nordicScan")
        if scanner is not None:
            scanner.stop()

    def cue(self) -> None:
        sound = _opt(getattr(js.window, "nordic21Sound", None))
        if sound is not None and _opt(getattr(sound, "play", None)) is not None:
            sound.play("turn")

    def site(self) -> str:
        return str(js.location.href).split("#", 1)[0]


__all__ = ["BrowserLink"]
