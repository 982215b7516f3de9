"""The app controller: one session object that owns all UI state.

It talks to the page only through a :class:`PagePort` (in the browser
:class:`web.dom.Page`; in tests a fake), asks ``pygame_core`` for every rule, renders
screens (pure functions) into the page, saves after every action, keeps the address in
step with the screen (so Back, Forward and a reload work) and lets bots move after a
short visible pause. Nothing here imports the browser, so pytest drives it.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any, Literal, Protocol

from pygame_core import Event, IllegalActionError, Nordic21Error, SaveError, get_game
from pygame_core.registry import game_ids
from web import review as reviewing
from web.eventtext import log_lines
from web.games import get_ui
from web.handoff import TableEyes, table_eyes
from web.i18n import LANGUAGES, Translator, pick_language
from web.markup import Markup
from web.persist import (
    Protection,
    Status,
    first_look,
    note_saves,
    protection_alert,
    protection_note,
)
from web.review import REVIEW_ACTIONS, ReviewState, spawn
from web.saves import (
    KeyValueStore,
    SaveBook,
    SaveImportError,
    StaleSaveError,
    concerns,
    concerns_home,
)
from web.screens.home import HomeData, render_home
from web.screens.play import SPEEDS, PlayOptions
from web.session import SEAT_KINDS, GameSession, Seat
from web.setup import (
    SetupDraft,
    add_seat,
    apply_preset,
    check_field,
    default_names,
    new_draft,
    remove_seat,
    seats_for_start,
    set_option,
    set_seat,
    validate,
)
from web.stats import Stats
from web.storage import PREFIX, StorageFull

LANG_KEY = "lang"
SPEED_KEY = "speed"
#: "off" when sound and vibration are off: web/table/sound.js reads the same entry.
SOUND_KEY = "sound"
#: The people's names of the last match started (JSON list), offered in the next setup.
NAMES_KEY = "names"
#: ``guide.<game>``: the guided first round of that game was offered (done or skipped).
GUIDE_KEY = "guide.{game}"
#: The saved match on screen, so a reload comes back to it.
OPEN_KEY = "open"
#: Seconds a bot "thinks" before it moves, per speed setting: slow enough to follow
#: each card and die at "normal".
BOT_DELAY = {"slow": 1.6, "normal": 0.9, "fast": 0.15}
#: Seconds a moment (a round's end ...) stays on a table of bots only, per speed.
MOMENT_PAUSE = {"slow": 4.0, "normal": 2.5, "fast": 0.3}


Screen = Literal["home", "setup", "rules", "play", "review"]


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

    screen: Screen
    target: str = ""

    @property
    def text(self) -> str:
        """The address as the address bar shows it."""
        return f"#/{self.screen}/{self.target}" if self.screen != "home" else ""

    @classmethod
    def parse(cls, text: str) -> Address:
        """The address in ``text``; anything unknown is home."""
        parts = text.removeprefix("#").strip("/").split("/")
        if len(parts) == 2 and parts[1]:
            for screen in ("setup", "rules", "play", "review"):
                if parts[0] == screen:
                    return cls(screen, parts[1])
        return cls("home")


class App:
    """The whole UI session."""

    def __init__(self, store: KeyValueStore, lang: str, page: PagePort) -> None:
        self.store = store
        self.book = SaveBook(store)
        self.stats = Stats(store)
        self.tr = Translator(lang)
        self.page = page
        self.screen: Screen = "home"
        self.draft: SetupDraft | None = None
        self.session: GameSession | None = None
        self.save_id: str | None = None
        self.revision = 0
        self.created = 0
        self.notice: str | None = None
        speed = store.get(SPEED_KEY)
        self.opts = PlayOptions(speed=speed if speed in SPEEDS else "normal")
        self.rules_game = "dice21"
        self.return_to: Screen = "home"
        #: Whether the rules screen was opened from another screen of this visit (so
        #: closing it is the browser's Back), rather than reached by its address.
        self.rules_pushed = False
        #: The address last put in the address bar, and the screen last drawn.
        self.shown_address: str | None = None
        self.drawn: tuple[str, str] | None = None
        #: The saved match whose Delete was pressed and awaits a yes or no.
        self.confirm_delete: str | None = None
        #: The session whose bot move is scheduled (a bot "thinks" meanwhile).
        self.bot_pending: GameSession | None = None
        #: Pass-and-play: the seat that last tapped "Show my cards".
        self.revealed: int | None = None
        #: The stake/bet stepper: its amount and the moment it belongs to.
        self.amount = 0
        self.amount_key: tuple[Any, ...] = ()
        #: The moment held on the table (the events from its start to its end, e.g. a
        #: whole round), and the match it belongs to: no one moves until it is seen.
        self.moment: tuple[Event, ...] = ()
        self.moment_session: GameSession | None = None
        #: The match whose guided first round is on (offered once per game).
        self.guided: GameSession | None = None
        #: Cards picked in hand (Twenty One), for the turn they were picked in.
        self.selected: tuple[int, ...] = ()
        self.selected_turn = -1
        #: The review screen's state, and how its background rating is started.
        self.review: ReviewState | None = None
        self.review_spawn = spawn
        #: What the home screen says about keeping the saves (web/persist.py).
        self.protection = Protection()
        self.persist_asked = False

    # -- rendering -----------------------------------------------------------------
    def render(self, push: bool = True) -> None:
        """Draw the current screen, show its address (a new history entry with
        ``push``), then let a bot move if it is a bot's turn."""
        self.page.set_language(self.tr.lang, self.tr.t("app.title"))
        reviewing.leave(self)
        address = self.address().text
        if address != self.shown_address:
            self.page.show_address(address, push and self.shown_address is not None)
            self.shown_address = address
        drawn = (self.screen, address)
        self.page.mount(self.screen_markup(), new_screen=drawn != self.drawn)
        self.drawn = drawn
        if self.screen == "play" and self.fit_felt():
            self.page.mount(self.screen_markup(), new_screen=False)
        self.schedule_bot()

    def fit_felt(self) -> bool:
        """Whether the felt was laid out for other room than the page now gives it (the
        first play screen guesses from the window): then remember the room it has."""
        measure = getattr(self.page, "table_room", None)
        room = measure() if measure is not None else None
        if room is None or room == self.opts.room:
            return False
        self.opts = replace(self.opts, room=room)
        return True

    def address(self) -> Address:
        """The current screen as an address."""
        if self.screen == "setup" and self.draft is not None:
            return Address("setup", self.draft.game_id)
        if self.screen == "play" and self.save_id is not None:
            return Address("play", self.save_id)
        if self.screen == "rules":
            return Address("rules", self.rules_game)
        if self.screen == "review" and self.review is not None:
            return Address("review", self.review.save_id)
        return Address("home")

    def on_address(self, text: str) -> None:
        """The browser moved to ``text`` (Back, Forward, a reload): show that screen."""
        address = Address.parse(text)
        if address.screen == "setup" and address.target in game_ids():
            if self.draft is None or self.draft.game_id != address.target:
                self.open_setup(address.target)
            self.screen = "setup"
        elif address.screen == "rules" and address.target in game_ids():
            if self.screen != "rules":
                self.return_to = self.screen
            self.rules_game = address.target
            self.screen = "rules"
        elif address.screen == "play":
            if self.save_id != address.target or self.session is None:
                self.resume(address.target)
            else:
                self.screen = "play"
        elif address.screen == "review":
            if self.review is None or self.review.save_id != address.target:
                reviewing.open_saved(self, address.target)
            else:
                self.screen = "review"
        else:
            self.leave_match()
        self.rules_pushed = False
        self.shown_address = text
        self.render(push=False)

    def screen_markup(self) -> Any:
        """The markup of the current screen."""
        if self.screen == "setup" and self.draft is not None:
            from web.screens.setup import render_setup

            return render_setup(self.tr, self.draft)
        if self.screen == "play" and self.session is not None:
            eyes = table_eyes(self.session, self.revealed)
            moment = self.held_moment()
            if moment:
                # A moment shows what everyone saw: no hand-off cover, and with several
                # people at the device nobody's own cards.
                humans = self.session.humans()
                eyes = TableEyes(humans[0] if len(humans) == 1 else None, None)
            opts = replace(
                self.opts,
                bot_pending=self.bot_pending is not None,
                viewer=eyes.viewer,
                cover=eyes.cover,
                amount=self.stepper_amount(eyes.viewer),
                selected=self.picked_cards(),
                size=self.window_size(),
                muted=self.store.get(SOUND_KEY) == "off",
                moment=moment,
                guide=self.guided is self.session,
            )
            return get_ui(self.session.game_id).render_play(self.tr, self.session, opts)
        if self.screen == "rules":
            from web.screens.rules import render_rules

            return render_rules(self.tr, self.rules_game)
        if self.screen == "review" and self.review is not None:
            from web.screens.review import render_review

            return render_review(self.tr, self.review)
        saved, unreadable = self.book.overview()
        history, bad_history = self.book.history()
        data = HomeData(
            saved=saved,
            unreadable=[*unreadable, *bad_history],
            history=history,
            stats=self.stats.table(),
            notice=self.notice,
            confirming=self.confirm_delete,
            now_ms=self.page.now_ms(),
            protection=protection_note(self.tr, self.protection),
            protection_alert=protection_alert(self.tr, self.protection),
        )
        return render_home(self.tr, game_ids(), data)

    def window_size(self) -> tuple[int, int]:
        """The window's size, which the felt is laid out to fit (a page without a
        ``viewport()``, such as a test's, gets the play screen's default size)."""
        viewport = getattr(self.page, "viewport", None)
        return viewport() if viewport is not None else self.opts.size

    def on_resize(self) -> None:
        """The window changed size (a phone turned): lay the felt out again."""
        if self.screen == "play":
            self.render(push=False)

    def stepper_amount(self, viewer: int | None) -> int:
        """The stake/bet stepper's amount, reset to the smallest allowed at each new bet."""
        session = self.session
        if session is None or viewer is None:
            return 0
        view = session.view(viewer)
        low, high = get_ui(session.game_id).amount_range(view)
        key = (view.round, view.phase, view.actor)
        if key != self.amount_key:
            self.amount, self.amount_key = low, key
        self.amount = min(max(self.amount, low), high)
        return self.amount

    def picked_cards(self) -> tuple[int, ...]:
        """The cards picked this turn (a new turn starts with none)."""
        turn = len(self.session.state.history) if self.session is not None else -1
        if turn != self.selected_turn:
            self.selected, self.selected_turn = (), turn
        return self.selected

    # -- bots ------------------------------------------------------------------------
    def held_moment(self) -> tuple[Event, ...]:
        """The moment on the table of the match on screen (empty: none)."""
        return self.moment if self.moment_session is self.session else ()

    def hold_moment(self, session: GameSession, events: tuple[Event, ...]) -> None:
        """Keep a round's (deal's, trick's) end on the table if ``events`` end one: the
        moment is every event since its start, as the log has them."""
        ui = get_ui(session.game_id)
        ends = [i for i, e in enumerate(session.events) if e.kind in ui.moment_ends]
        if session.over or not any(e.kind in ui.moment_ends for e in events) or not ends:
            return
        end = ends[-1]
        starts = [i for i, e in enumerate(session.events[:end]) if e.kind in ui.moment_starts]
        self.moment = tuple(session.events[(starts[-1] if starts else 0) : end + 1])
        self.moment_session = session

    def moment_over(self, moment: tuple[Event, ...]) -> None:
        """A bots-only table's moment has been shown long enough."""
        if self.moment is moment:
            self.moment = ()
            if self.screen == "play":
                self.render(push=False)

    def schedule_bot(self) -> None:
        """Start a bot's move after a pause, if a bot is to act and none is pending (a
        moment on the table waits for Continue, or on a table of bots a pause)."""
        session = self.session
        moment = self.held_moment()
        if moment and self.screen == "play" and session is not None:
            if not session.humans() and self.bot_pending is None:
                self.bot_pending = session
                pause = MOMENT_PAUSE.get(self.opts.speed, 2.5)

                def later() -> None:
                    self.bot_pending = None
                    self.moment_over(moment)

                self.page.call_later(pause, later)
            return
        if (
            self.screen == "play"
            and session is not None
            and session.is_bot_turn()
            and self.bot_pending is None
        ):
            self.bot_pending = session
            delay = BOT_DELAY.get(self.opts.speed, 0.6)
            self.page.call_later(delay, lambda: self.bot_move(session))

    def bot_move(self, session: GameSession) -> None:
        """One bot move, unless the player left the match meanwhile."""
        try:
            if self.session is session and self.screen == "play" and session.is_bot_turn():
                self.perform(session.bot_action())
        finally:
            self.bot_pending = None
            if self.session is session and self.screen == "play":
                self.render()

    # -- playing -----------------------------------------------------------------------
    def perform(self, action: Any) -> None:
        """Apply an action to the match, save it, announce what happened."""
        session = self.session
        if session is None:
            return
        try:
            events = session.act(action)
        except IllegalActionError:
            self.page.announce(self.tr.t("error.illegal"))
            return
        self.hold_moment(session, events)
        if session.over and self.guided is session:
            self.end_guide("done")
        self.autosave()
        eyes = table_eyes(session, self.revealed)
        humans = session.humans()
        listener = eyes.viewer if len(humans) == 1 else None
        lines = log_lines(events, listener, session.game_id, session.names(), self.tr)
        if lines:
            self.page.announce(" ".join(lines[-3:]))

    def autosave(self) -> None:
        """Save the match as it is now; never overwrite a newer save of another tab."""
        session = self.session
        if session is None or self.save_id is None:
            return
        try:
            self.revision = self.book.save(
                self.save_id, session, self.revision, self.page.now_ms(), self.created
            )
            self.notice = None
            if session.over:
                self.stats.record(self.save_id, session)
                self.store.remove(OPEN_KEY)
        except StaleSaveError as exc:
            self.on_stale(exc.status)
        except StorageFull:
            self.notice = self.tr.t("save.full")

    def on_stale(self, status: str) -> None:
        """Another tab moved this match on: never overwrite it with our older copy."""
        if status == "newer" and self.save_id is not None:
            self.notice = self.tr.t("save.stale")
            self.resume(self.save_id)
        elif status == "finished":
            self.notice = self.tr.t("save.finished_elsewhere")
            self.leave_match()
        else:
            # Deleted or unreadable in storage: go on in memory under a new entry.
            self.notice = self.tr.t("save.kept_as_copy")
            if self.session is not None:
                self.save_id = self.book.fresh_id(self.session.state.seed)
                self.revision = 0

    def on_storage(self, key: str | None) -> None:
        """Another tab changed the storage: follow it, never overwrite it."""
        if key is not None and not key.startswith(PREFIX):
            return
        key = None if key is None else key[len(PREFIX) :]
        if self.screen == "play" and self.save_id is not None and concerns(key, self.save_id):
            status = self.book.status(self.save_id, self.revision)
            if status != "current":
                self.on_stale(status)
                self.render()
        elif self.screen == "home" and concerns_home(key):
            self.render()

    def start_match(self) -> None:
        """Start a match from the setup draft, if it is valid."""
        draft = self.draft
        if draft is None:
            return
        config, errors = validate(draft)
        if config is None:
            self.draft = replace(draft, errors=errors)
            first = next(iter(errors), "")
            self.page.announce(self.tr.t("setup.has_errors") + (f" ({first})" if first else ""))
            return
        seed = self.page.new_seed()
        self.session = GameSession.start(draft.game_id, config, seats_for_start(draft), seed)
        self.session.reveal_after = draft.reveal_after
        self.remember_names(self.session.seats)
        if self.store.get(GUIDE_KEY.format(game=draft.game_id)) is None:
            self.guided = self.session
        self.revealed = None
        self.save_id = self.book.fresh_id(seed)
        self.store.set(OPEN_KEY, self.save_id)
        self.revision = 0
        self.created = self.page.now_ms()
        self.screen = "play"
        self.autosave()
        self.protect_saves()

    def resume(self, saved_id: str) -> None:
        """Continue a saved match."""
        try:
            saved = self.book.load(saved_id)
        except SaveError as exc:
            self.notice = self.tr.t("save.unreadable", reason=str(exc))
            self.leave_match()
            return
        self.session = saved.session
        self.revealed = None
        self.save_id = saved.id
        self.revision = saved.revision
        self.created = saved.created
        self.screen = "play"
        self.store.set(OPEN_KEY, saved.id)

    def has_saves(self) -> bool:
        """Whether any match, going or finished, is in storage."""
        return bool(self.book.ids() or self.book.history_ids())

    def protect_saves(self) -> None:
        """Mark that saves exist and ask (once a visit) for persistent storage."""
        if self.has_saves():
            note_saves(self.store, True)
        if not self.persist_asked:
            self.persist_asked = True
            self.page.ask_to_persist(self.on_persist_answer)

    def on_persist_answer(self, status: Status) -> None:
        """The browser's answer goes on the home screen."""
        self.protection = replace(self.protection, status=status)
        if self.screen == "home":
            self.render()

    def leave_match(self) -> None:
        """Back to the home screen; a reload now opens the home screen too."""
        if self.guided is not None:
            self.end_guide("left")  # offered once: a match left half-way counts
        self.screen = "home"
        self.session = None
        self.save_id = None
        self.store.remove(OPEN_KEY)

    def open_address(self, text: str) -> None:
        """The first screen: the one ``text`` names; without one, the match that was
        on screen when the page was last left (so a reload comes back to it)."""
        open_id = self.store.get(OPEN_KEY)
        if not text and open_id is not None:
            self.resume(open_id)
            self.render(push=False)
        else:
            self.on_address(text)

    def open_setup(self, game_id: str, seats: tuple[Seat, ...] | None = None) -> None:
        """The setup screen of ``game_id``."""
        game = get_game(game_id)
        if seats is None:
            # One person and bots, as many as the game needs and at least one bot.
            count = max(2, game.min_players)
            seats = default_names(
                self.tr.t("setup.default_name"), self.tr.t("setup.default_bot"), count
            )
            seats = self.seat_person(game_id, seats)
        for n in range(len(seats) + 1, game.min_players + 1):
            seats = (*seats, Seat(self.tr.t("setup.default_bot", n=n), "medium"))
        self.draft = new_draft(game_id, seats)
        self.screen = "setup"

    def remembered_names(self) -> list[str]:
        """The people's names of the last match started (none if unreadable)."""
        try:
            names = json.loads(self.store.get(NAMES_KEY) or "[]")
        except ValueError:
            return []
        return (
            [n for n in names if isinstance(n, str) and n.strip()]
            if isinstance(names, list)
            else []
        )

    def seat_person(self, game_id: str, seats: tuple[Seat, ...]) -> tuple[Seat, ...]:
        """The default seats with the person named as last time, at the game's seat for
        a newcomer (a bot holds the bank in the banker games)."""
        person, bots = seats[0], seats[1:]
        names = self.remembered_names()
        if names:
            person = replace(person, name=names[0])
        at = min(get_ui(game_id).person_seat, len(bots))
        return (*bots[:at], person, *bots[at:])

    def remember_names(self, seats: tuple[Seat, ...]) -> None:
        """Keep the names people typed (not "Player 2") for the next setup."""
        defaults = {self.tr.t("setup.default_name", n=n) for n in range(1, 11)}
        names = [s.name for s in seats if not s.is_bot and s.name not in defaults]
        if names:
            with contextlib.suppress(StorageFull):
                self.store.set(NAMES_KEY, json.dumps(names))

    def seat_to_person(self, index: int) -> None:
        """A bot's seat given to a person drops the bot's name (the next remembered name,
        or "Player n")."""
        draft = self.draft
        if draft is None or not 0 <= index < len(draft.seats):
            return
        bot_names = {self.tr.t("setup.default_bot", n=n) for n in range(1, 11)}
        if draft.seats[index].name not in bot_names:
            return
        taken = {s.name for s in draft.seats}
        people = sum(1 for s in draft.seats if s.kind == "human")
        free = [n for n in self.remembered_names() if n not in taken]
        name = free[0] if free else self.tr.t("setup.default_name", n=people)
        self.draft = set_seat(draft, index, name=name)

    # -- events --------------------------------------------------------------------
    def on_action(self, name: str, data: dict[str, str]) -> None:
        """A button was pressed (its ``data-action`` is ``name``)."""
        handler = ACTIONS.get(name)
        if handler is None:
            return
        try:
            handler(self, data)
        except Nordic21Error as exc:
            self.notice = str(exc)
        self.render()

    def on_field(self, name: str, data: dict[str, str]) -> None:
        """A form field changed (a text field: as it is left), and is checked at once."""
        if self.draft is None:
            return
        value = data.get("value", "")
        if name == "seat-name":
            index = int(data.get("seat", "-1"))
            self.draft = check_field(set_seat(self.draft, index, name=value), f"seat-{index}")
        elif name == "seat-kind":
            index = int(data.get("seat", "-1"))
            self.draft = set_seat(self.draft, index, kind=value)
            if value == "human":
                self.seat_to_person(index)
        elif name == "option":
            option = data.get("name", "")
            self.draft = check_field(set_option(self.draft, option, value), option)
        elif name == "reveal-after":
            self.draft = replace(self.draft, reveal_after=value == "1")
        self.render()

    def do_set_lang(self, data: dict[str, str]) -> None:
        if data.get("lang") in LANGUAGES:
            self.tr = Translator(data["lang"])
            self.store.set(LANG_KEY, self.tr.lang)

    def do_go_home(self, data: dict[str, str]) -> None:
        self.leave_match()
        self.notice = None

    def do_open_game(self, data: dict[str, str]) -> None:
        if data.get("game") in game_ids():
            self.open_setup(data["game"])

    def do_open_rules(self, data: dict[str, str]) -> None:
        if data.get("game") in game_ids():
            self.rules_game = data["game"]
            self.return_to = self.screen
            self.screen = "rules"
            self.rules_pushed = True

    def do_close_rules(self, data: dict[str, str]) -> None:
        if self.rules_pushed:
            # Back to where the rules were opened from: the same as the browser's Back.
            self.page.go_back()
        else:
            self.screen = self.return_to if self.return_to != "rules" else "home"

    def do_set_preset(self, data: dict[str, str]) -> None:
        if self.draft is not None:
            self.draft = apply_preset(self.draft, data.get("preset", ""))

    def do_set_option(self, data: dict[str, str]) -> None:
        if self.draft is not None:
            self.draft = set_option(self.draft, data.get("name", ""), data.get("value", ""))

    def do_add_seat(self, data: dict[str, str]) -> None:
        if self.draft is not None:
            n = len(self.draft.seats) + 1
            self.draft = add_seat(self.draft, Seat(self.tr.t("setup.default_bot", n=n), "medium"))

    def do_remove_seat(self, data: dict[str, str]) -> None:
        if self.draft is not None:
            self.draft = remove_seat(self.draft, int(data.get("seat", "-1")))

    def do_start_game(self, data: dict[str, str]) -> None:
        self.start_match()

    def do_act(self, data: dict[str, str]) -> None:
        session = self.session
        if session is None or session.is_bot_turn() or table_eyes(session, self.revealed).cover:
            return
        if self.held_moment():
            return  # a tap meant for the moment's Continue, or an old screen's button
        self.perform(get_ui(session.game_id).decode(data))

    def do_toggle_card(self, data: dict[str, str]) -> None:
        card = int(data.get("card", "-1"))
        picked = self.picked_cards()
        self.selected = tuple(c for c in picked if c != card) if card in picked else (*picked, card)

    def do_show_cards(self, data: dict[str, str]) -> None:
        if self.session is not None:
            self.revealed = self.session.current

    def do_amount(self, data: dict[str, str]) -> None:
        session = self.session
        if session is None:
            return
        view = session.view(table_eyes(session, self.revealed).viewer)
        low, high = get_ui(session.game_id).amount_range(view)
        step = 1 if data.get("delta") == "1" else -1
        self.amount = min(max(self.amount + step, low), high)

    def do_toggle_coach(self, data: dict[str, str]) -> None:
        self.opts = replace(self.opts, coach=not self.opts.coach)

    def do_moment_seen(self, data: dict[str, str]) -> None:
        self.moment = ()
        if self.guided is not None and self.guided is self.session:
            self.end_guide("done")  # the first round was seen to its end

    def do_guide_skip(self, data: dict[str, str]) -> None:
        self.end_guide("skipped")

    def end_guide(self, how: str) -> None:
        """The guided first round is over (``done`` or ``skipped``): never offered again."""
        if self.guided is not None:
            with contextlib.suppress(StorageFull):
                self.store.set(GUIDE_KEY.format(game=self.guided.game_id), how)
        self.guided = None

    def do_toggle_sound(self, data: dict[str, str]) -> None:
        # storage full: nothing more can be stored, the sound stays as it is
        with contextlib.suppress(StorageFull):
            self.store.set(SOUND_KEY, "on" if self.store.get(SOUND_KEY) == "off" else "off")

    def do_set_speed(self, data: dict[str, str]) -> None:
        speed = data.get("speed", "normal")
        if speed in SPEEDS:
            self.opts = replace(self.opts, speed=speed)
            self.store.set(SPEED_KEY, speed)

    def do_new_game(self, data: dict[str, str]) -> None:
        game_id = self.session.game_id if self.session else self.rules_game
        seats = self.session.seats if self.session else None
        self.session = None
        self.open_setup(game_id, seats)

    def do_play_again(self, data: dict[str, str]) -> None:
        session = self.session
        if session is None:
            return
        self.draft = SetupDraft(
            session.game_id,
            session.seats,
            "",
            session.game.config_to_dict(session.state.config),
            reveal_after=session.reveal_after,
        )
        opts = {k: v for k, v in self.draft.options.items() if k != "players"}
        self.draft = replace(self.draft, options=opts)
        self.start_match()

    def do_continue(self, data: dict[str, str]) -> None:
        self.resume(data.get("save", ""))

    def do_delete_save(self, data: dict[str, str]) -> None:
        self.confirm_delete = data.get("save")

    def do_confirm_delete(self, data: dict[str, str]) -> None:
        if self.confirm_delete is not None and data.get("save") == self.confirm_delete:
            self.book.delete(self.confirm_delete)
            self.book.delete_history(self.confirm_delete)
            note_saves(self.store, self.has_saves())
        self.confirm_delete = None

    def do_reset_stats(self, data: dict[str, str]) -> None:
        self.confirm_delete = "stats"

    def do_confirm_reset_stats(self, data: dict[str, str]) -> None:
        if self.confirm_delete == "stats":
            self.stats.reset()
        self.confirm_delete = None

    def do_cancel_reset_stats(self, data: dict[str, str]) -> None:
        self.confirm_delete = None

    def do_export_one(self, data: dict[str, str]) -> None:
        saved_id = data.get("save", "")
        self.page.download(f"nordic21-{saved_id}.json", self.book.export_one(saved_id))

    def do_export_all(self, data: dict[str, str]) -> None:
        self.page.download("nordic21-games.json", self.book.export_all())

    def import_text(self, text: str) -> None:
        """Import a file's text; everything is checked before anything is written."""
        try:
            result = self.book.import_bundle(text)
        except SaveImportError as exc:
            self.notice = self.tr.t("import.refused", reason=str(exc))
        except StorageFull:
            self.notice = self.tr.t("save.full")
        else:
            count = len(result.games) + len(result.history)
            self.notice = self.tr.t("import.done", n=count)
            if result.refused:
                self.notice += " " + self.tr.t(
                    "import.some_refused", reasons="; ".join(result.refused)
                )
        self.page.announce(self.notice)
        self.render()

    def do_cancel_delete(self, data: dict[str, str]) -> None:
        self.confirm_delete = None


#: Every ``data-action`` a screen may carry, and the App method it calls. An explicit
#: table, so mypy checks each handler's type (tests/test_controller.py checks that
#: every action the screens render has an entry).
ACTIONS: Mapping[str, Callable[[App, dict[str, str]], None]] = {
    "set-lang": App.do_set_lang,
    "go-home": App.do_go_home,
    "open-game": App.do_open_game,
    "open-rules": App.do_open_rules,
    "close-rules": App.do_close_rules,
    "set-preset": App.do_set_preset,
    "set-option": App.do_set_option,
    "add-seat": App.do_add_seat,
    "remove-seat": App.do_remove_seat,
    "start-game": App.do_start_game,
    "act": App.do_act,
    "toggle-card": App.do_toggle_card,
    "show-cards": App.do_show_cards,
    "amount": App.do_amount,
    "toggle-sound": App.do_toggle_sound,
    "moment-seen": App.do_moment_seen,
    "guide-skip": App.do_guide_skip,
    "toggle-coach": App.do_toggle_coach,
    "set-speed": App.do_set_speed,
    "new-game": App.do_new_game,
    "play-again": App.do_play_again,
    "continue": App.do_continue,
    "delete-save": App.do_delete_save,
    "confirm-delete": App.do_confirm_delete,
    "cancel-delete": App.do_cancel_delete,
    "reset-stats": App.do_reset_stats,
    "confirm-reset-stats": App.do_confirm_reset_stats,
    "cancel-reset-stats": App.do_cancel_reset_stats,
    "export-one": App.do_export_one,
    "export-all": App.do_export_all,
    **REVIEW_ACTIONS,
}


def start() -> App:
    """Build the app on the browser's page, draw the screen its address names (or the
    match that was on screen) and mark the page ready."""
    from web.dom import Page, browser_languages, query_param
    from web.storage import LocalStore

    store = LocalStore()
    lang = pick_language(query_param("lang"), store.get(LANG_KEY), browser_languages())
    page = Page()
    app = App(store, lang, page)
    page.listen(app)
    app.protection = first_look(store, app.has_saves(), *page.device_facts())
    if app.has_saves() or app.protection.lost:
        app.protect_saves()
    app.open_address(page.address())
    page.mark_ready()
    return app


__all__ = ["SEAT_KINDS", "App", "PagePort", "start"]
