"""The match on screen: buttons to the match's :class:`~web.match.Table`, the bots'
and the moments' timers, and a save after every move.

The table holds everything the screen knows of the match and draws each render's one
frame (:meth:`web.match.Table.frame`); this controller turns taps into the table's
moves, says what happened in the live region, saves, and times what goes on by itself:
a bot's move after it "thinks", a moment that does not wait for Continue. When a move
ends a round (a trick, a deal), the rules have already begun the next one: the moments
it passed through are held on the table until the person taps Continue (on a table of
bots only, for a pause).
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from pygame_core import IllegalActionError, SaveError
from pygame_core.undo import TakeBackRefused
from web.controllers.base import Context, FeltController, Handler, Notice
from web.controllers.coaching import ThinkingCoach
from web.frame import SPEEDS, Display, Frame
from web.i18n import Translator
from web.markup import Markup
from web.match import DEVICE, OWN, Held, Table
from web.remote.protocol import encode
from web.saves import StaleSaveError, concerns
from web.saves.formats import problem_of
from web.screens.play import refusal_words
from web.session import GameSession
from web.setup import SetupDraft, seats_for_start
from web.storage import StorageFull

SPEED_KEY = "speed"
#: "on" while the odds coach is switched on (it stays on after a reload).
COACH_KEY = "coach"
#: "off" when sound and vibration are off: web/table/sound.js reads the same entry.
SOUND_KEY = "sound"
#: ``guide.<game>``: the guided first round of that game was offered (done or skipped).
GUIDE_KEY = "guide.{game}"
#: The saved match on screen, so a reload comes back to it.
OPEN_KEY = "open"
#: Seconds a bot "thinks" before it moves, per speed setting: slow enough to follow
#: each card and die at "normal".
BOT_DELAY = {"slow": 1.6, "normal": 0.9, "fast": 0.15}
#: Seconds a moment (a round's end ...) stays on a table of bots only, per speed.
MOMENT_PAUSE = {"slow": 4.0, "normal": 2.5, "fast": 0.3}
#: Seconds a moment that does not wait for Continue stays (a trick's end, a bot's duel
#: with the bank): long enough to see who took it and with what.
MOMENT_HOLD = {"slow": 3.0, "normal": 1.8, "fast": 0.6}


class PlayController(FeltController):
    """The match on screen and everything done to it."""

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        #: The match on the table (None: no match).
        self.table: Table | None = None
        self.save_id: str | None = None
        self.revision = 0
        self.created = 0
        speed = ctx.store.get(SPEED_KEY)
        self.coach = ctx.store.get(COACH_KEY) == "on"
        self.speed = speed if speed in SPEEDS else "normal"
        #: The table whose bot move (or a moment's time) is scheduled.
        self.bot_pending: Table | None = None
        #: The languages the seats on other devices read their logs in.
        self.translators: dict[str, Translator] = {}
        #: Twenty One's coach, which works its advice out after the table is drawn.
        self.thinking = ThinkingCoach(ctx.page.call_later)
        #: The seats waiting for their phone: what the table shows of each
        #: (``web.controllers.devices``; given by the app).
        self.device_panels: Callable[[], tuple[Any, ...]] = tuple

    @property
    def session(self) -> GameSession | None:
        """The match on the table (None: none)."""
        return self.table.session if self.table is not None else None

    @property
    def held(self) -> list[Held]:
        """The moments of the last move still held on the table."""
        return self.table.held if self.table is not None else []

    @property
    def revealed(self) -> int | None:
        """Pass-and-play: the seat that last tapped "Show my cards"."""
        return self.table.revealed if self.table is not None else None

    @revealed.setter
    def revealed(self, seat: int | None) -> None:
        if self.table is not None:
            self.table.revealed = seat

    def actions(self) -> Mapping[str, Handler]:
        return {
            "act": self.do_act,
            "toggle-card": self.do_toggle_card,
            "show-cards": self.do_show_cards,
            "amount": self.do_amount,
            "toggle-coach": self.do_toggle_coach,
            "moment-seen": self.do_moment_seen,
            "moment-skip": self.do_moment_seen,
            "guide-skip": self.do_guide_skip,
            "toggle-sound": self.do_toggle_sound,
            "set-speed": self.do_set_speed,
            "new-game": self.do_new_game,
            "play-again": self.do_play_again,
            "continue": self.do_continue,
            "open-review": self.do_open_review,
            "take-back": self.do_take_back,
            "play-on": self.do_play_on,
        }

    # -- the frame -----------------------------------------------------------------------
    def display(self) -> Display:
        """This device's display choices (the table adds its controls' state)."""
        return Display(
            coach=self.coach,
            speed=self.speed,
            muted=self.ctx.store.get(SOUND_KEY) == "off",
            size=self.size,
            room=self.room,
        )

    def frame(self) -> Frame:
        """What the table shows now, for whom: built once per render."""
        table = self.table
        assert table is not None
        frame = table.frame(DEVICE, self.ctx.tr, self.display())
        if frame.mode != "live":
            return frame
        return replace(
            frame, devices=self.device_panels(), advice=self.thought_advice(table, frame)
        )

    def thought_advice(self, table: Table, frame: Frame) -> Any | None:
        """A thinking coach's advice for the decision on ``frame`` (see
        :mod:`web.controllers.coaching`); None when the coach is off or the render asks
        the core itself."""
        if not self.coach:
            return None
        return self.thinking.advice(
            table.ui,
            frame.game,
            frame.view,
            frame.legal,
            frame.step,
            still_wanted=lambda: self.table is table and self.coach,
            redraw=self.redraw,
        )

    def markup(self) -> Markup | None:
        """The play screen (None without a match)."""
        if self.table is None:
            return None
        frame = self.frame()
        return frame.ui.render(self.ctx.tr, frame)

    # -- starting and leaving ------------------------------------------------------------
    def start(self, draft: SetupDraft, config: Any) -> None:
        """A new match from a checked setup."""
        ctx = self.ctx
        # a shared deal deals from its own seed: the same cards and dice as it did
        seed = draft.deal_seed if draft.deal_seed is not None else ctx.page.new_seed()
        session = GameSession.start(draft.game_id, config, seats_for_start(draft), seed)
        session.reveal_after = draft.reveal_after
        session.take_backs = draft.take_backs
        self.enter(session, ctx.book.fresh_id(seed), 0, ctx.page.now_ms())
        if ctx.store.get(GUIDE_KEY.format(game=draft.game_id)) is None:
            assert self.table is not None
            self.table.guided = True
        self.autosave()

    def resume(self, saved_id: str) -> bool:
        """Continue a saved match (False: it cannot be read; the notice says why)."""
        ctx = self.ctx
        try:
            saved = ctx.book.load(saved_id)
        except SaveError as exc:
            why = Notice(f"import.why.{problem_of(exc)}", {"item": Notice("save.unreadable_item")})
            ctx.tell("save.unreadable", reason=why)
            return False
        self.enter(saved.session, saved.id, saved.revision, saved.created)
        return True

    def enter(self, session: GameSession, save_id: str, revision: int, created: int) -> None:
        """Put ``session`` on the table (saved as ``save_id``)."""
        self.table = Table(session)
        self.save_id = save_id
        self.revision = revision
        self.created = created
        self.ctx.store.set(OPEN_KEY, save_id)

    def leave(self) -> None:
        """No match on the table; a reload now opens the home screen."""
        if self.table is not None and self.table.guided:
            self.end_guide("left")  # offered once: a match left half-way counts
        self.table = None
        self.save_id = None
        self.ctx.store.remove(OPEN_KEY)

    # -- moving ----------------------------------------------------------------------------
    def perform(self, action: Any) -> None:
        """Apply an action to the match, save it, read out what happened."""
        table = self.table
        if table is None:
            return
        session = table.session
        tr = self.ctx.tr
        listener = table.eyes().viewer if len(session.here()) == 1 else None
        heard = len(table.log(listener, tr))
        try:
            table.act(action)
        except IllegalActionError:
            self.ctx.page.announce(tr.t("error.illegal"))
            return
        if table.session.over and table.guided and not table.held:
            self.end_guide("done")
        self.autosave()
        lines = table.log(listener, tr)[heard:]
        if lines:
            self.ctx.page.announce(" ".join(lines[-3:]))

    def autosave(self) -> None:
        """Save the match as it is now; never overwrite a newer save of another tab."""
        ctx = self.ctx
        session = self.session
        if session is None or self.save_id is None:
            return
        try:
            self.revision = ctx.book.save(
                self.save_id, session, self.revision, ctx.page.now_ms(), self.created
            )
            ctx.notice = None
            if session.over:
                ctx.stats.record(self.save_id, session)
                ctx.store.remove(OPEN_KEY)
        except StaleSaveError as exc:
            self.on_stale(exc.status)
        except StorageFull:
            ctx.tell("save.full")

    def on_stale(self, status: str) -> None:
        """Another tab moved this match on: never overwrite it with our older copy."""
        ctx = self.ctx
        if status == "newer" and self.save_id is not None:
            ctx.tell("save.stale")
            if not self.resume(self.save_id):
                ctx.router.leave_match()
        elif status == "finished":
            ctx.tell("save.finished_elsewhere")
            ctx.router.leave_match()
        else:
            # Deleted or unreadable in storage: go on in memory under a new entry.
            ctx.tell("save.kept_as_copy")
            if self.session is not None:
                self.save_id = ctx.book.fresh_id(self.session.state.seed)
                self.revision = 0

    def on_storage(self, key: str | None) -> bool:
        """Another tab changed the storage entry ``key``: follow it, never overwrite
        it; whether the table changed."""
        if self.save_id is None or not concerns(key, self.save_id):
            return False
        status = self.ctx.book.status(self.save_id, self.revision)
        if status == "current":
            return False
        self.on_stale(status)
        return True

    # -- bots and moments ----------------------------------------------------------------
    def schedule_bot(self) -> None:
        """Start a bot's move after a pause, if a bot is to act and none is pending (a
        moment on the table waits for Continue, or stays a while: on a table of bots
        only, a pause)."""
        table = self.table
        if table is None or self.bot_pending is not None:
            return
        session = table.session
        if table.held:
            held = table.held[0]
            if held.waits:
                return
            people = session.humans()
            pause = (MOMENT_HOLD if people else MOMENT_PAUSE).get(self.speed, 1.8)
            self.bot_pending = table

            def later() -> None:
                self.bot_pending = None
                if table.held and table.held[0] is held:
                    table.seen()
                if self.table is table:
                    self.redraw()  # and schedules what comes next

            self.ctx.page.call_later(pause, later)
            return
        if session.is_bot_turn() and not table.bots_wait():
            # (waiting: the person may still take their decision back; their tap on
            # Take back or Play on moves the match on)
            self.bot_pending = table
            delay = BOT_DELAY.get(self.speed, 0.6)
            self.ctx.page.call_later(delay, lambda: self.bot_move(table))

    def bot_move(self, table: Table) -> None:
        """One bot move, unless the player left the match meanwhile."""
        try:
            if (
                self.on_table(table)
                and table.session.is_bot_turn()
                and not table.held
                and not table.bots_wait()
            ):
                self.perform(table.session.bot_action())
        finally:
            self.bot_pending = None
            if self.on_table(table):
                self.ctx.router.render()

    def on_table(self, table: Table) -> bool:
        """Whether ``table`` is the match on screen."""
        return self.table is table and self.ctx.router.screen == "play"

    def redraw(self) -> None:
        """Draw the table again if it is on screen."""
        if self.table is not None and self.ctx.router.screen == "play":
            self.ctx.router.render(push=False)

    def end_guide(self, how: str) -> None:
        """The guided first round is over (``done``, ``skipped`` or ``left``): never
        offered again."""
        table = self.table
        if table is not None and table.guided:
            with contextlib.suppress(StorageFull):
                self.ctx.store.set(GUIDE_KEY.format(game=table.session.game_id), how)
            table.guided = False

    # -- the seats on other devices (web.controllers.devices.HostTable) ---------------------
    def remote_match(self) -> tuple[str, Any, tuple[int, ...]] | None:
        """The match on the table, if it has seats on other devices."""
        session = self.session
        if session is None or self.save_id is None:
            return None
        remote = tuple(i for i, s in enumerate(session.seats) if s.is_remote)
        return (self.save_id, session.state, remote) if remote else None

    def remote_state(self) -> tuple[Any, Any, bool]:
        """The match's game, its state, and whether a moment is held."""
        table = self.table
        assert table is not None
        return table.session.game, table.session.state, bool(table.held)

    def seat_frame(self, seat: int, lang: str) -> str:
        """The ``frame`` message of ``seat``, for its own device: the table's frame
        through its eyes (:meth:`web.match.Table.frame`), its log in ``lang``."""
        table = self.table
        assert table is not None
        tr = self.translators.get(lang)
        if tr is None:
            tr = self.translators[lang] = Translator(lang)
        return encode("frame", **table.frame(seat, tr, Display()).to_wire())

    def remote_act(self, action: Any) -> None:
        """A move from a seat's own device, checked by the host's protocol."""
        self.perform(action)

    def remote_seen(self) -> None:
        """A person tapped Continue on the held moment on their own device."""
        self.do_moment_seen({})

    def hand_seat(self, seat: int, kind: str) -> None:
        """``seat`` is played at this device (``human``) or by a bot from now on."""
        table = self.table
        if table is None or not 0 <= seat < len(table.session.seats):
            return
        table.hand_seat(seat, kind)
        self.autosave()

    # -- buttons ---------------------------------------------------------------------------
    def do_act(self, data: dict[str, str]) -> None:
        """A move button: its action in the core's own codec (``data-move``); the core
        decides whether it is legal."""
        table = self.table
        if table is None or not table.person_may_act():
            return  # a tap meant for a moment's Continue, or an old screen's button
        try:
            action = table.session.game.action_from_dict(json.loads(data.get("move", "")))
        except ValueError:
            self.ctx.page.announce(self.ctx.tr.t("error.illegal"))
            return
        self.perform(action)

    def do_take_back(self, data: dict[str, str]) -> None:
        """The person who decided last takes it back, if the rules allow it: the match
        goes back to the position before it (the bots after it decide again), and the
        save keeps what was taken back."""
        table = self.table
        if table is None or table.held:
            return
        offer = table.offer(table.eyes().viewer)
        if offer is None:
            return
        seat, _ = offer
        tr = self.ctx.tr
        try:
            table.take_back(seat)
        except TakeBackRefused as refused:
            self.ctx.page.announce(refusal_words(tr, table.ui, refused.reason))
            return
        self.autosave()
        self.ctx.page.announce(tr.t("undo.done", name=table.session.seats[seat].name))

    def do_play_on(self, data: dict[str, str]) -> None:
        """The person lets their last decision stand: the bots held for their take-back
        go on (the render after this schedules the next bot's move)."""
        table = self.table
        if table is not None and table.bots_wait():
            table.play_on()

    def do_toggle_card(self, data: dict[str, str]) -> None:
        if self.table is not None:
            self.table.controls.toggle_card(data)

    def do_show_cards(self, data: dict[str, str]) -> None:
        if self.table is not None:
            self.table.show_cards()

    def do_amount(self, data: dict[str, str]) -> None:
        if self.table is not None:
            self.table.controls.step_amount(data)  # inside the bounds of the decision on screen

    def do_toggle_coach(self, data: dict[str, str]) -> None:
        self.coach = not self.coach
        with contextlib.suppress(StorageFull):  # full: the switch holds for this visit
            self.ctx.store.set(COACH_KEY, "on" if self.coach else "off")

    def do_moment_seen(self, data: dict[str, str]) -> None:
        table = self.table
        if table is None:
            return
        seen = table.seen()
        # the first round was seen to its end (a person's own new cards are not its end)
        ended = seen is not None and seen.waits and seen.kind != OWN
        if ended and not table.held and table.guided:
            self.end_guide("done")

    def do_guide_skip(self, data: dict[str, str]) -> None:
        self.end_guide("skipped")

    def do_toggle_sound(self, data: dict[str, str]) -> None:
        store = self.ctx.store
        # storage full: nothing more can be stored, the sound stays as it is
        with contextlib.suppress(StorageFull):
            store.set(SOUND_KEY, "on" if store.get(SOUND_KEY) == "off" else "off")

    def do_set_speed(self, data: dict[str, str]) -> None:
        speed = data.get("speed", "normal")
        if speed in SPEEDS:
            self.speed = speed
            self.ctx.store.set(SPEED_KEY, speed)

    def do_new_game(self, data: dict[str, str]) -> None:
        session = self.session
        if session is None:
            return
        self.table = None
        self.ctx.router.open_setup(session.game_id, session.seats)

    def do_play_again(self, data: dict[str, str]) -> None:
        session = self.session
        if session is not None:
            options = session.game.config_to_dict(session.state.config)
            draft = SetupDraft(session.game_id, session.seats, "", options)
            draft = replace(draft, reveal_after=session.reveal_after, take_backs=session.take_backs)
            self.ctx.router.play_again(draft)

    def do_continue(self, data: dict[str, str]) -> None:
        if self.resume(data.get("save", "")):
            self.ctx.router.show("play")
        else:
            self.ctx.router.leave_match()

    def do_open_review(self, data: dict[str, str]) -> None:
        """Review: of the match on screen (its result), or of a listed one (``save``)."""
        session = self.session
        saved_id = data.get("save")
        if not saved_id and session is not None and session.over and self.save_id is not None:
            self.ctx.router.review(self.save_id, session)
        elif saved_id:
            self.ctx.router.review_saved(saved_id)
