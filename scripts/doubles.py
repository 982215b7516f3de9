"""The test doubles the unit tests, the bench and the scripts share: the app's storage
in memory (:class:`DictStore`), a page that records what the app does to it
(:class:`FakePage`) and the buttons in some markup (:func:`controls`).

Here in ``scripts/`` because ``scripts/stdlib_closure.py`` uses them inside Pyodide,
where only this folder and the app's packages are mounted; everything else imports it
as ``doubles`` with this folder on ``sys.path`` (``tests/tables.py``, ``bench/common.py``
and ``e2e/conftest.py`` put it there), the one name mypy knows it by.

What this module imports at its top is imported in Pyodide too, and so shipped in the
trimmed standard library: :func:`controls` imports ``html.parser`` only when called.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from web.markup import Markup
from web.persist import Status
from web.storage import StorageFull

#: The fake page's clock at the start (ms since the epoch: June 2025).
T0 = 1_750_000_000_000


class DictStore:
    """A :class:`web.saves.KeyValueStore` in a dict: empty, or holding ``data`` (such
    as a page's localStorage read back), optionally with a quota in characters (``set``
    then raises :class:`StorageFull` and keeps the old value)."""

    def __init__(self, data: Mapping[str, str] | None = None, quota: int | None = None) -> None:
        self.data: dict[str, str] = dict(data or {})
        self.quota = quota

    def get(self, key: str) -> str | None:
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        if self.quota is not None:
            others = sum(len(v) for k, v in self.data.items() if k != key)
            if others + len(value) > self.quota:
                raise StorageFull(key)
        self.data[key] = value

    def remove(self, key: str) -> None:
        self.data.pop(key, None)

    def keys(self) -> list[str]:
        return list(self.data)


class FakePage:
    """A :class:`web.controllers.base.PagePort` that records what the app did to it.

    It keeps the markup last mounted (and how many mounts, whether each was a new
    screen), what was announced and downloaded, the address history (Back and Forward
    through :meth:`move`), and queues the callbacks the app asks for later (bot moves)
    until :meth:`run_timers` runs them. Its clock moves ``tick`` ms at every look.

    ``count``, when given, hears ``(what, amount)`` of every call that costs the page
    something: ``page.mount``, ``page.bytes`` (of markup mounted), ``page.announce``,
    ``page.call_later``. ``lenient`` takes any other method the app may call (recorded
    in :attr:`unknown`; given markup, it counts as a mount) instead of failing, apart
    from the probes the app makes with ``getattr`` (:attr:`ABSENT`).
    """

    #: Probes the app makes with ``getattr`` (a fake page has none of them).
    ABSENT = frozenset({"viewport", "table_room"})

    def __init__(
        self,
        seed: int = 7,
        *,
        count: Callable[[str, int], None] | None = None,
        lenient: bool = False,
        tick: int = 1000,
    ) -> None:
        self.markup: str = Markup("")
        self.mounts = 0
        self.new_screens: list[bool] = []
        self.announced: list[str] = []
        self.history: list[str] = [""]
        self.at = 0
        self.timers: list[Callable[[], None]] = []
        self.downloads: list[tuple[str, str]] = []
        self.clock = T0
        self.tick = tick
        self.seed = seed
        self.app: Any = None
        self.persist_asked = False
        self.count = count
        self.lenient = lenient
        self.unknown: set[str] = set()

    def _count(self, what: str, amount: int = 1) -> None:
        if self.count is not None:
            self.count(what, amount)

    def _show(self, markup: str) -> None:
        self.markup = markup
        self.mounts += 1
        self._count("page.mount")
        if self.count is not None:
            self._count("page.bytes", len(self.markup.encode()))

    def mount(self, markup: str, new_screen: bool) -> None:
        self._show(markup)
        self.new_screens.append(new_screen)

    def __getattr__(self, name: str) -> Callable[..., None]:
        if not self.__dict__.get("lenient") or name.startswith("_") or name in self.ABSENT:
            raise AttributeError(name)
        self.unknown.add(name)

        def method(*args: Any, **kwargs: Any) -> None:
            self._count(f"page.{name}")
            for value in (*args, *kwargs.values()):
                if isinstance(value, str) and value.lstrip().startswith("<"):
                    self._show(value)

        return method

    def announce(self, text: str) -> None:
        self._count("page.announce")
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
        self._count("page.call_later")
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
        self.clock += self.tick
        return self.clock

    def device_facts(self) -> tuple[str, int, bool]:
        return ("Mozilla/5.0 (X11; Linux x86_64)", 0, False)

    def ask_to_persist(self, on_answer: Callable[[Status], None]) -> None:
        self.persist_asked = True
        on_answer("persisted")

    def new_seed(self) -> int:
        return self.seed


#: An element with a ``data-action``: its attributes (``disabled`` present when disabled).
Control = dict[str, str]


def controls(markup: str) -> list[Control]:
    """Every element of ``markup`` with a ``data-action``, with its attributes, in
    document order (disabled ones included)."""
    # Here, not at the top: the app never imports html.parser (see the docstring above).
    from html.parser import HTMLParser

    found: list[Control] = []

    class Controls(HTMLParser):
        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            values = {k: v or "" for k, v in attrs}
            if "data-action" in values:
                found.append(values)

    Controls().feed(markup)
    return found


def enabled(control: Control) -> bool:
    """Whether a person could press it (the page ignores a click on a disabled one)."""
    return "disabled" not in control and control.get("aria-disabled") != "true"


def dataset(control: Control) -> dict[str, str]:
    """An element's ``data-*`` values, as the page hands them to ``App.on_action``."""
    return {k[5:]: v for k, v in control.items() if k.startswith("data-")}


def find_control(markup: str, action: str, **data: str) -> Control | None:
    """The first enabled ``action`` control of ``markup`` whose ``data-*`` include
    ``data``, or None."""
    wanted = {"data-action": action, **{f"data-{k}": v for k, v in data.items()}}
    for control in controls(markup):
        if enabled(control) and all(control.get(k) == v for k, v in wanted.items()):
            return control
    return None
