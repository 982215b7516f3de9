"""What the app's controllers share: the page port, the storage, the language and the
way back to the app's router.

:class:`web.app.App` is the router: it owns which screen is shown and its address,
and hands each button to the controller of its concern (:mod:`.setup`, :mod:`.play`,
:mod:`.home`, :mod:`.review`). A controller never reads another's fields: it is given
what it needs (a finished match to review, a setup to start) through the router's
methods in :class:`Router`, so there is no import circle among them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal, Protocol

from web.frame import Display

if TYPE_CHECKING:
    from web.i18n import Translator
    from web.markup import Markup
    from web.persist import Status
    from web.saves import KeyValueStore, SaveBook
    from web.seats import Seat
    from web.session import GameSession
    from web.setup import SetupDraft
    from web.stats import Stats

Screen = Literal["home", "setup", "rules", "play", "review", "guest", "practise"]
#: A button's handler: it gets the button's ``data-*`` values.
Handler = Callable[[dict[str, str]], None]


class PagePort(Protocol):
    """What the app needs from the page (:class:`web.dom.Page` in the browser)."""

    def mount(self, markup: Markup, new_screen: bool) -> None:
        """Show ``markup``; ``new_screen``: another screen than before (start at the top)."""
        ...

    def announce(self, text: str) -> None:
        """Say ``text`` through the live region."""
        ...

    def set_language(self, lang: str, title: str) -> None: ...

    def download(self, filename: str, text: str) -> None: ...

    def show_address(self, address: str, push: bool) -> None:
        """Put ``address`` in the address bar (``push``: as a new history entry)."""
        ...

    def go_back(self) -> None:
        """Go one history entry back (the page then reports the address it shows)."""
        ...

    def call_later(self, seconds: float, callback: Callable[[], None]) -> None: ...

    def now_ms(self) -> int: ...

    def new_seed(self) -> int: ...

    def device_facts(self) -> tuple[str, int, bool]:
        """The user agent, touch points and whether the page runs from the home screen."""
        ...

    def ask_to_persist(self, on_answer: Callable[[Status], None]) -> None:
        """Ask the browser to keep the saves; ``on_answer`` gets its answer later."""
        ...


class LinkPort(Protocol):
    """What the app needs to join devices (:class:`web.remote.link.BrowserLink` in the
    browser): WebRTC data channels, each known by a name (``channel``), made by a
    pairing code each way, and the camera that reads a code. Every call that waits
    answers through its callbacks: ``done`` with its result, ``failed`` with a reason
    word (a camera error's name, ``"rtc"``)."""

    def available(self) -> bool:
        """Whether this browser can join devices at all (it has WebRTC)."""
        ...

    def offer(
        self, channel: str, done: Callable[[str], None], failed: Callable[[str], None]
    ) -> None:
        """A new connection ``channel`` (the host's side): ``done`` gets its offer (SDP)."""
        ...

    def answer(
        self, channel: str, offer: str, done: Callable[[str], None], failed: Callable[[str], None]
    ) -> None:
        """A new connection ``channel`` for ``offer`` (a guest's side): ``done`` gets the
        answer (SDP)."""
        ...

    def accept(self, channel: str, answer: str, failed: Callable[[str], None]) -> None:
        """The host's ``channel`` takes the guest's ``answer``: the channel opens."""
        ...

    def send(self, channel: str, text: str) -> bool:
        """Send ``text`` on an open ``channel`` (False: it is not open)."""
        ...

    def close(self, channel: str) -> None: ...

    def listen(self, on_event: Callable[[str, str, str], None]) -> None:
        """From now on, ``on_event(channel, kind, text)`` for each ``open``, ``message``
        and ``close`` of every channel."""
        ...

    def scan(self, video: str, done: Callable[[str], None], failed: Callable[[str], None]) -> None:
        """Read a QR code with the camera, shown in the ``<video>`` of id ``video``."""
        ...

    def stop_scan(self) -> None: ...

    def cue(self) -> None:
        """Tell the person it is their turn: a sound and a vibration (unless muted)."""
        ...

    def site(self) -> str:
        """The page's address without its fragment (a join link starts with it)."""
        ...


class Router(Protocol):
    """What a controller may ask of the app (:class:`web.app.App`)."""

    @property
    def screen(self) -> Screen: ...

    def show(self, screen: Screen) -> None:
        """Make ``screen`` the one drawn next."""
        ...

    def render(self, push: bool = True) -> None:
        """Draw the current screen now."""
        ...

    def leave_match(self) -> None:
        """Back to the home screen, leaving the match on screen."""
        ...

    def open_setup(self, game_id: str, seats: tuple[Seat, ...] | None = None) -> None:
        """The setup of ``game_id`` (with ``seats``, or the usual ones)."""
        ...

    def play_again(self, draft: SetupDraft) -> None:
        """Start a new match from ``draft`` at once (the same seats and rules)."""
        ...

    def review(self, saved_id: str, session: GameSession) -> None:
        """Open the review of the finished ``session`` saved as ``saved_id``."""
        ...

    def review_saved(self, saved_id: str) -> None:
        """Open the review of the finished match saved as ``saved_id``."""
        ...


def reason_text(tr: Translator, reason: object) -> str:
    """Why something could not be done, in ``tr``'s language: a document that cannot
    be read says what is wrong with it in words (foreign, from a newer or older
    version, damaged); another reason is the core's own sentence."""
    from pygame_core.documents import DocumentError

    error = reason
    while isinstance(error, BaseException) and not isinstance(error, DocumentError):
        error = error.__cause__
    if isinstance(error, DocumentError):
        return tr.t(f"reason.{error.problem}", schema=error.schema or "")
    return str(reason)


@dataclass(frozen=True)
class Notice:
    """A line of news for the home screen or the table (a refused import, a full
    storage): its text key and values, worded when it is shown, so it follows a
    change of language. A value that is an exception is worded by
    :func:`reason_text`, one that is a notice by its own key."""

    key: str
    params: Mapping[str, object] = field(default_factory=dict)

    def text(self, tr: Translator) -> str:
        """The notice in ``tr``'s language."""
        values = {
            k: v.text(tr)
            if isinstance(v, Notice)
            else reason_text(tr, v)
            if isinstance(v, BaseException)
            else v
            for k, v in self.params.items()
        }
        return tr.t(self.key, **values)


@dataclass
class Context:
    """The parts every controller shares: the page, the storage, the language, and the
    one line of news the home screen or the table shows."""

    page: PagePort
    store: KeyValueStore
    book: SaveBook
    stats: Stats
    tr: Translator
    router: Router
    notice: Notice | None = None

    def tell(self, key: str, **params: object) -> None:
        """Show the notice of ``key`` (with ``params``) from now on."""
        self.notice = Notice(key, params)

    def say(self, key: str, **params: object) -> None:
        """Show the notice of ``key`` and read it out."""
        self.tell(key, **params)
        assert self.notice is not None
        self.page.announce(self.notice.text(self.tr))

    def notice_text(self) -> str | None:
        """The notice in the current language (None: there is none)."""
        return self.notice.text(self.tr) if self.notice is not None else None


class Controller:
    """A controller of one concern: its buttons, by ``data-action`` name."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

    def actions(self) -> Mapping[str, Handler]:
        """Every ``data-action`` this controller answers, and its handler."""
        return {}


class FeltController(Controller):
    """A controller whose screen draws a felt (the match, a phone's seat, practice):
    the window's size and the room the page measured for the felt, which the felt is
    laid out to fit."""

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.size: tuple[int, int] = Display().size
        self.room: tuple[int, int] | None = None

    def fit(self, size: tuple[int, int], room: tuple[int, int] | None) -> bool:
        """Take the window's size and the room the page measured for the felt (None: no
        felt on the page yet); whether either changed."""
        changed = size != self.size or (room is not None and room != self.room)
        self.size = size
        if room is not None:
            self.room = room
        return changed
