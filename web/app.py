"""The app: the router over small controllers, one per concern.

:class:`App` owns which screen is shown and its address (so Back, Forward and a reload
work), and hands every button to the controller of its concern: the setup
(:mod:`web.controllers.setup`), the match on the table (:mod:`web.controllers.play`),
the saved games on the home screen (:mod:`web.controllers.home`) and the review
(:mod:`web.controllers.review`). They share the page port, the storage and the
language (:class:`web.controllers.base.Context`) and ask the router, never each other,
for what crosses concerns. The page is drawn once per event: one patch. Nothing here
imports the browser, so pytest drives it through a fake page.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from pygame_core import Nordic21Error
from pygame_core.deals import DealError
from pygame_core.registry import game_ids
from web.controllers.base import Context, Handler, LinkPort, PagePort, Screen
from web.controllers.devices import DevicesController
from web.controllers.guest import GuestController
from web.controllers.home import HomeController
from web.controllers.play import OPEN_KEY, PlayController
from web.controllers.practice import PracticeController
from web.controllers.review import ReviewController
from web.controllers.setup import SetupController
from web.i18n import LANGUAGES, Translator, pick_language
from web.markup import Markup
from web.persist import first_look
from web.saves import KeyValueStore, SaveBook
from web.seats import SEAT_KINDS, Seat
from web.session import GameSession
from web.setup import SetupDraft
from web.stats import Stats
from web.storage import PREFIX

LANG_KEY = "lang"


@dataclass(frozen=True)
class Address:
    """A screen as an address: ``#/setup/dice21``, ``#/rules/tjueett``, ``#/play/<save>``
    or ``""`` (home). A hash, so it is relative to the page (any subpath, offline) and
    leaves the query (``?lang=``, ``?seed=``) alone.

    >>> Address.parse("#/setup/dice21")
    Address(screen='setup', target='dice21')
    >>> Address("play", "g-1-2").text
    '#/play/g-1-2'
    """

    #: A screen, or ``deal``: a shared deal's link (``#deal=<code>``), which opens the
    #: setup of that deal.
    screen: Screen | Literal["deal"]
    target: str = ""

    @property
    def text(self) -> str:
        """The address as the address bar shows it."""
        if self.screen == "home":
            return ""
        return f"#/{self.screen}/{self.target}" if self.target else f"#/{self.screen}"

    @classmethod
    def parse(cls, text: str) -> Address:
        """The address in ``text``; anything unknown is home."""
        if text.startswith("#join="):
            return cls("guest", text.removeprefix("#join="))
        if text.startswith("#deal="):
            return cls("deal", text.removeprefix("#deal="))
        parts = text.removeprefix("#").strip("/").split("/")
        if parts == ["guest"]:
            return cls("guest")
        if len(parts) == 2 and parts[1]:
            for screen in ("setup", "rules", "play", "review", "practise"):
                if parts[0] == screen:
                    return cls(screen, parts[1])
        return cls("home")


class App:
    """The whole UI session: the router and its controllers."""

    def __init__(
        self, store: KeyValueStore, lang: str, page: PagePort, link: LinkPort | None = None
    ) -> None:
        self.page = page
        self.ctx = Context(page, store, SaveBook(store), Stats(store), Translator(lang), self)
        self.setup = SetupController(self.ctx)
        self.play = PlayController(self.ctx)
        self.home = HomeController(self.ctx)
        self.reviewing = ReviewController(self.ctx)
        #: The seats of the match on the table played on other devices (the host's side),
        #: and this device's seat at another device's table (the guest's side).
        self.devices = DevicesController(self.ctx, link, self.play)
        self.play.device_panels = self.devices.waiting
        self.guest = GuestController(self.ctx, link)
        self.practice = PracticeController(self.ctx)
        self.practice.current_review = lambda: self.reviewing.state
        if link is not None:
            link.listen(self.on_link)
        self._screen: Screen = "home"
        self.rules_game = game_ids()[0]
        self.return_to: Screen = "home"
        #: Whether the rules screen was opened from another screen of this visit (so
        #: closing it is the browser's Back), rather than reached by its address.
        self.rules_pushed = False
        #: The address last put in the address bar, and the screen last drawn.
        self.shown_address: str | None = None
        self.drawn: tuple[str, str] | None = None
        self.handlers: dict[str, Handler] = {
            "set-lang": self.do_set_lang,
            "go-home": self.do_go_home,
            "open-game": self.do_open_game,
            "open-rules": self.do_open_rules,
            "close-rules": self.do_close_rules,
            "start-game": self.do_start_game,
            "open-deal": self.do_open_deal,
        }
        for controller in (
            self.setup,
            self.play,
            self.home,
            self.reviewing,
            self.devices,
            self.guest,
            self.practice,
        ):
            self.handlers.update(controller.actions())
        #: A screen's own handlers, before the app's: a guest's table has the same
        #: buttons as the host's, and they go to the host.
        self.screen_handlers: dict[Screen, Mapping[str, Handler]] = {
            "guest": self.guest.table_actions(),
            "practise": self.practice.table_actions(),
        }

    # -- the router (web.controllers.base.Router) ---------------------------------------
    @property
    def screen(self) -> Screen:
        """The screen drawn next."""
        return self._screen

    def show(self, screen: Screen) -> None:
        """Make ``screen`` the one drawn next (leaving the review stops its work)."""
        # a moment practised from the review keeps it, for the way back
        if screen != "review" and not (screen == "practise" and self.practice.from_review):
            self.reviewing.leave()
        if screen != "practise":
            self.practice.leave()
        self._screen = screen

    @property
    def tr(self) -> Translator:
        """The language of the screens."""
        return self.ctx.tr

    def render(self, push: bool = True) -> None:
        """Draw the current screen in one patch, show its address (a new history entry
        with ``push``), then let a bot move if it is a bot's turn."""
        page = self.page
        page.set_language(self.tr.lang, self.tr.t("app.title"))
        address = self.address().text
        if address != self.shown_address:
            page.show_address(address, push and self.shown_address is not None)
            self.shown_address = address
        drawn = (self._screen, address)
        new_screen = drawn != self.drawn
        playing = self._screen == "play" and self.play.session is not None
        practising = self._screen == "practise" and self.practice.item is not None
        if self._screen == "review":
            # the replay's table is laid out for the window it is shown in
            self.reviewing.fit(self.window_size())
        if playing:
            # the felt is laid out for the room it has now (measured before drawing)
            self.play.fit(self.window_size(), None if new_screen else self.table_room())
        elif self._screen == "guest":
            self.guest.fit(self.window_size(), None if new_screen else self.table_room())
        elif practising:
            self.practice.fit(self.window_size(), None if new_screen else self.table_room())
        # the phones of the match on the table: their codes on it, their frames sent
        self.devices.follow()
        page.mount(self.screen_markup(), new_screen=new_screen)
        self.drawn = drawn
        if new_screen and (
            (playing and self.play.fit(self.window_size(), self.table_room()))
            or (practising and self.practice.fit(self.window_size(), self.table_room()))
        ):
            # a new table was laid out from a guess of its room: now it has one
            page.mount(self.screen_markup(), new_screen=False)
        if self._screen == "play":
            self.play.schedule_bot()

    def table_room(self) -> tuple[int, int] | None:
        """The room the page gives the felt (None: a page that cannot measure)."""
        measure = getattr(self.page, "table_room", None)
        room: tuple[int, int] | None = measure() if measure is not None else None
        return room

    def window_size(self) -> tuple[int, int]:
        """The window's size, which the felt is laid out to fit (a page without a
        ``viewport()``, such as a test's, gets the play screen's default size)."""
        viewport = getattr(self.page, "viewport", None)
        size: tuple[int, int] = viewport() if viewport is not None else self.play.size
        return size

    def screen_markup(self) -> Markup:
        """The markup of the current screen."""
        screen = self._screen
        markup: Markup | None = None
        if screen == "setup":
            markup = self.setup.markup()
        elif screen == "play":
            markup = self.play.markup()
        elif screen == "rules":
            from web.games import get_ui
            from web.screens.rules import render_rules

            markup = render_rules(self.tr, get_ui(self.rules_game))
        elif screen == "review":
            markup = self.reviewing.markup()
        elif screen == "guest":
            markup = self.guest.markup()
        elif screen == "practise":
            markup = self.practice.markup()
        return markup if markup is not None else self.home.markup()

    def address(self) -> Address:
        """The current screen as an address."""
        screen = self._screen
        if screen == "setup" and self.setup.draft is not None:
            return Address("setup", self.setup.draft.game_id)
        if screen == "play" and self.play.save_id is not None:
            return Address("play", self.play.save_id)
        if screen == "rules":
            return Address("rules", self.rules_game)
        if screen == "review" and self.reviewing.state is not None:
            return Address("review", self.reviewing.state.save_id)
        if screen == "guest":
            return Address("guest")
        if screen == "practise" and self.practice.item is not None:
            return Address("practise", self.practice.item.id)
        return Address("home")

    def leave_match(self) -> None:
        """Back to the home screen; a reload now opens the home screen too."""
        self.play.leave()
        self.show("home")

    def open_setup(self, game_id: str, seats: tuple[Seat, ...] | None = None) -> None:
        """The setup screen of ``game_id``."""
        self.setup.open(game_id, seats)
        self.show("setup")

    def open_deal(self, code: str) -> None:
        """The setup of the shared deal ``code``; a code that cannot be played is
        answered on the home screen, in words, and changes nothing."""
        try:
            self.setup.open_deal(code)
        except DealError as exc:
            self.leave_match()
            self.ctx.say(f"deal.error.{exc.reason}")
            return
        self.show("setup")

    def play_again(self, draft: SetupDraft) -> None:
        """A new match with ``draft``'s seats and rules, at once."""
        self.setup.again(draft)
        self.do_start_game({})

    def review(self, saved_id: str, session: GameSession) -> None:
        """The review of the finished ``session``."""
        self.reviewing.start(saved_id, session)
        self.show("review")

    def review_saved(self, saved_id: str) -> None:
        """The review of the finished match saved as ``saved_id``."""
        if self.reviewing.open_saved(saved_id):
            self.show("review")
        else:
            self.leave_match()

    # -- the page's events -------------------------------------------------------------------
    def on_address(self, text: str) -> None:
        """The browser moved to ``text`` (Back, Forward, a reload): show that screen."""
        address = Address.parse(text)
        target = address.target
        if address.screen == "setup" and target in game_ids():
            if self.setup.draft is None or self.setup.draft.game_id != target:
                self.setup.open(target)
            self.show("setup")
        elif address.screen == "rules" and target in game_ids():
            if self._screen != "rules":
                self.return_to = self._screen
            self.rules_game = target
            self.show("rules")
        elif address.screen == "play":
            if (self.play.save_id == target and self.play.session is not None) or self.play.resume(
                target
            ):
                self.show("play")
            else:
                self.leave_match()
        elif address.screen == "deal":
            self.open_deal(target)
        elif address.screen == "guest":
            self.guest.open()
            if target:
                self.guest.take_code(target)
            self.show("guest")
        elif address.screen == "practise":
            item = self.practice.item
            if (item is not None and item.id == target) or self.practice.open(target):
                self.show("practise")
            else:
                self.leave_match()
        elif address.screen == "review":
            state = self.reviewing.state
            if state is None or state.save_id != target:
                self.review_saved(target)
            else:
                if self._screen == "practise":
                    # Back from a moment practised from it: at the following one
                    self.practice.resume_review()
                self.show("review")
        else:
            self.leave_match()
        self.rules_pushed = False
        self.shown_address = text
        self.render(push=False)

    def on_action(self, name: str, data: dict[str, str]) -> None:
        """A button was pressed (its ``data-action`` is ``name``)."""
        handler = self.screen_handlers.get(self._screen, {}).get(name) or self.handlers.get(name)
        if handler is None:
            return
        try:
            handler(data)
        except Nordic21Error as exc:
            self.ctx.tell("error.reason", reason=exc)
        self.render()

    def on_field(self, name: str, data: dict[str, str]) -> None:
        """A form field changed (a text field: as it is left), and is checked at once."""
        if self.setup.draft is None:
            return
        self.setup.on_field(name, data)
        self.render()

    def on_resize(self) -> None:
        """The window changed size (a phone turned): lay the felt (or the replay's
        table) out again."""
        size = self.window_size()
        if (
            (self._screen == "play" and self.play.fit(size, self.table_room()))
            or (self._screen == "review" and self.reviewing.fit(size))
            or (self._screen == "practise" and self.practice.fit(size, self.table_room()))
        ):
            self.render(push=False)

    def on_storage(self, key: str | None) -> None:
        """Another tab changed the storage: follow it, never overwrite it."""
        if key is not None and not key.startswith(PREFIX):
            return
        key = None if key is None else key[len(PREFIX) :]
        if self._screen == "play":
            if self.play.on_storage(key):
                if self.play.session is None:
                    self.leave_match()
                self.render()
        elif self._screen == "home" and self.home.on_storage(key):
            self.render()

    def on_link(self, channel: str, kind: str, text: str) -> None:
        """A data channel to another device opened, brought a message or closed: the
        host's channels (one per seat) go to the devices, the guest's to its seat."""
        if channel.startswith("seat"):
            self.devices.on_event(channel, kind, text)
        else:
            self.guest.on_event(channel, kind, text)

    def import_text(self, text: str) -> None:
        """Import a file's text (see :meth:`HomeController.import_text`)."""
        self.home.import_text(text)
        self.render()

    def open_address(self, text: str) -> None:
        """The first screen: the one ``text`` names; without one, the match that was
        on screen when the page was last left (so a reload comes back to it)."""
        open_id = self.ctx.store.get(OPEN_KEY)
        if not text and open_id is not None:
            if self.play.resume(open_id):
                self.show("play")
            else:
                self.leave_match()
            self.render(push=False)
        else:
            self.on_address(text)

    # -- the router's own buttons --------------------------------------------------------
    def do_set_lang(self, data: dict[str, str]) -> None:
        if data.get("lang") in LANGUAGES:
            self.ctx.tr = Translator(data["lang"])
            self.ctx.store.set(LANG_KEY, self.tr.lang)

    def do_go_home(self, data: dict[str, str]) -> None:
        self.leave_match()
        self.ctx.notice = None

    def do_open_game(self, data: dict[str, str]) -> None:
        if data.get("game") in game_ids():
            self.open_setup(data["game"])

    def do_open_rules(self, data: dict[str, str]) -> None:
        if data.get("game") in game_ids():
            self.rules_game = data["game"]
            self.return_to = self._screen
            self.show("rules")
            self.rules_pushed = True

    def do_close_rules(self, data: dict[str, str]) -> None:
        if self.rules_pushed:
            # Back to where the rules were opened from: the same as the browser's Back.
            self.page.go_back()
        else:
            self.show(self.return_to if self.return_to != "rules" else "home")

    def do_open_deal(self, data: dict[str, str]) -> None:
        """A deal's code typed or pasted on the home screen (``value``; a review's own
        deal is a ``#deal=`` link)."""
        self.open_deal(data.get("value", ""))

    def do_start_game(self, data: dict[str, str]) -> None:
        started = self.setup.started()
        if started is None:
            return
        self.play.start(*started)
        self.show("play")
        self.home.protect_saves()

    @property
    def actions(self) -> Mapping[str, Any]:
        """Every ``data-action`` the app answers (tests check the screens use no other)."""
        return self.handlers


def start() -> App:
    """Build the app on the browser's page, draw the screen its address names (or the
    match that was on screen) and mark the page ready."""
    from web.dom import Page, browser_languages, query_param
    from web.remote.link import BrowserLink
    from web.storage import LocalStore

    store = LocalStore()
    lang = pick_language(query_param("lang"), store.get(LANG_KEY), browser_languages())
    page = Page()
    app = App(store, lang, page, BrowserLink())
    page.listen(app)
    app.home.protection = first_look(store, app.home.has_saves(), *page.device_facts())
    if app.home.has_saves() or app.home.protection.lost:
        app.home.protect_saves()
    app.open_address(page.address())
    page.mark_ready()
    return app


__all__ = ["SEAT_KINDS", "Address", "App", "PagePort", "start"]
