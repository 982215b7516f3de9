"""The match on screen: one frame per render, a person's moves, the bots, the held
moments, and a save after every move.

Each render builds one :class:`~web.frame.Frame` (:meth:`PlayController.frame`): whose
eyes (pass-and-play: the person who tapped "Show my cards"; :mod:`web.handoff`), that
seat's view, the actions the person at the device may take, the log so far and the
held moment, then the game's UI draws it in one pass. When a move ends a round (a
trick, a deal), the rules have already begun the next one: the moments it passed
through (:class:`pygame_core.Pause`) are held on the table, each drawn from the state
at that moment, until the person taps Continue (on a table of bots only, for a pause).
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable, Mapping
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING, Any

from pygame_core import IllegalActionError, Pause, SaveError, events_for
from pygame_core.undo import TakeBackRefused, take_back
from web.controllers.base import Context, Controller, Handler
from web.controllers.coaching import ThinkingCoach
from web.controllers.controls import TableControls
from web.frame import SPEEDS, Display, Frame, Moment
from web.handoff import table_eyes
from web.markup import Markup
from web.saves import StaleSaveError, concerns
from web.screens.play import refusal_words
from web.session import GameSession
from web.setup import SetupDraft, seats_for_start
from web.storage import StorageFull

if TYPE_CHECKING:
    from web.i18n import Translator

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


class PlayController(Controller):
    """The match on screen and everything done to it."""

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.session: GameSession | None = None
        self.save_id: str | None = None
        self.revision = 0
        self.created = 0
        speed = ctx.store.get(SPEED_KEY)
        self.coach = ctx.store.get(COACH_KEY) == "on"
        self.speed = speed if speed in SPEEDS else "normal"
        #: The window's size and the room the page measured for the felt.
        self.size: tuple[int, int] = Display().size
        self.room: tuple[int, int] | None = None
        #: The session whose bot move (or a bots-only table's moment) is scheduled.
        self.bot_pending: GameSession | None = None
        #: Pass-and-play: the seat that last tapped "Show my cards".
        self.revealed: int | None = None
        #: The person who holds the device now (the last to play or to see their cards).
        self.holder: int | None = None
        #: The stake/bet stepper's amount and the cards picked in hand (Twenty One),
        #: each for the decision it belongs to.
        self.controls = TableControls()
        #: The moments of the last move still to be seen, oldest first: nobody moves
        #: until they are.
        self.held: list[Pause] = []
        #: The match whose guided first round is on (offered once per game).
        self.guided: GameSession | None = None
        #: The languages the seats on other devices read their logs in.
        self.translators: dict[str, Translator] = {}
        #: Twenty One's coach, which works its advice out after the table is drawn.
        self.thinking = ThinkingCoach(ctx.page.call_later)
        #: The seats waiting for their phone: what the table shows of each
        #: (``web.controllers.devices``; given by the app).
        self.device_panels: Callable[[], tuple[Any, ...]] = tuple

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
        }

    # -- the frame -----------------------------------------------------------------------
    def frame(self) -> Frame:
        """What the table shows now, for whom: built once per render."""
        session = self.session
        assert session is not None
        game, tr = session.game, self.ctx.tr
        step = len(session.state.history)
        if self.held:
            return self.moment_frame(session, self.held[0])
        eyes = table_eyes(session, self.revealed)
        viewer = eyes.viewer
        state = session.state
        view = game.view(state, viewer)
        actor = view.actor
        person_acts = (
            eyes.cover is None
            and actor is not None
            and session.seats[actor].is_here
            and viewer in (None, actor)
        )
        legal = game.legal_actions(state) if person_acts else ()
        # the last move's events after the moments it passed through (what is new now)
        after = session.pauses[-1].events if session.pauses else 0
        return Frame(
            "live",
            game,
            session.ui,
            session.seats,
            state,
            viewer,
            view,
            legal=legal,
            log=session.log_lines(viewer, tr),
            fresh=events_for(session.fresh[after:], viewer),
            cover=eyes.cover,
            display=self.display(session, view, step),
            step=step,
            wording=partial(session.describe, tr=tr),
            devices=self.device_panels(),
            take_back=self.take_back_offer(session, viewer, view.round),
            advice=self.thought_advice(session, view, legal, step),
        )

    def thought_advice(
        self, session: GameSession, view: Any, legal: tuple[Any, ...], step: int
    ) -> Any | None:
        """A thinking coach's advice for the decision in ``view`` (see
        :mod:`web.controllers.coaching`); None when the coach is off or the render asks
        the core itself."""
        if not self.coach:
            return None
        return self.thinking.advice(
            session.ui,
            session.game,
            view,
            legal,
            step,
            still_wanted=lambda: self.session is session and self.coach,
            redraw=self.redraw,
        )

    def take_back_offer(
        self, session: GameSession, viewer: int | None, round_now: int | None = None
    ) -> tuple[int, str | None] | None:
        """The take-back the table offers (:meth:`GameSession.take_back_offer`), where the
        person it is for may see it: with hidden cards at a shared device, on their own
        view or the hand-off cover, never on the next person's cards. A refusal is said
        in the round of the decision it refuses; a new round starts without it (at the
        first bet of the next round, "too late: a card has been shown" spoke of a stand
        in the round before); ``round_now`` is the round on screen."""
        offer = session.take_back_offer()
        if offer is None or (session.game.hides_information and viewer not in (None, offer[0])):
            return None
        seat, reason = offer
        if (
            reason is not None
            and round_now is not None
            and session.decided_in_round(seat) < round_now
        ):
            return None
        return offer

    def moment_frame(self, session: GameSession, pause: Pause) -> Frame:
        """A held moment, drawn from the state at that moment. It shows what everyone
        saw: no hand-off cover, and with several people at the device nobody's own
        cards."""
        humans = session.here()
        viewer = humans[0] if len(humans) == 1 else None
        view = session.game.view(pause.state, viewer)
        story = events_for(session.moment_events(pause), viewer)
        end = len(session.events) - len(session.fresh) + pause.events
        return Frame(
            "moment",
            session.game,
            session.ui,
            session.seats,
            pause.state,
            viewer,
            view,
            log=session.log_lines(viewer, self.ctx.tr, upto=end),
            fresh=story,
            moment=Moment(pause.kind, story),
            display=self.display(session, view, len(session.state.history)),
            step=len(session.state.history),
            wording=partial(session.describe, tr=self.ctx.tr),
        )

    def display(self, session: GameSession, view: Any, step: int) -> Display:
        """The display choices, and the stepper's amount and the picked cards for the
        decision in ``view`` (each new decision starts from the smallest amount and no
        card picked)."""
        amount, selected = self.controls.follow(session.ui, view, step)
        return Display(
            coach=self.coach,
            speed=self.speed,
            muted=self.ctx.store.get(SOUND_KEY) == "off",
            size=self.size,
            room=self.room,
            guide=self.guided is session,
            amount=amount,
            selected=selected,
            holder=self.holder,
        )

    def markup(self) -> Markup | None:
        """The play screen (None without a match)."""
        if self.session is None:
            return None
        return self.session.ui.render(self.ctx.tr, self.frame())

    def fit(self, size: tuple[int, int], room: tuple[int, int] | None) -> bool:
        """Take the window's size and the room the page measured for the felt (None: no
        felt on the page yet); whether either changed."""
        changed = size != self.size or (room is not None and room != self.room)
        self.size = size
        if room is not None:
            self.room = room
        return changed

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
            self.guided = session
        self.autosave()

    def resume(self, saved_id: str) -> bool:
        """Continue a saved match (False: it cannot be read; the notice says why)."""
        ctx = self.ctx
        try:
            saved = ctx.book.load(saved_id)
        except SaveError as exc:
            ctx.tell("save.unreadable", reason=exc)
            return False
        self.enter(saved.session, saved.id, saved.revision, saved.created)
        return True

    def enter(self, session: GameSession, save_id: str, revision: int, created: int) -> None:
        """Put ``session`` on the table (saved as ``save_id``)."""
        self.session = session
        self.save_id = save_id
        self.revision = revision
        self.created = created
        self.revealed = None
        self.held = []
        current = session.current
        people = session.here()
        self.holder = current if current in people else (people[0] if people else None)
        self.ctx.store.set(OPEN_KEY, save_id)

    def leave(self) -> None:
        """No match on the table; a reload now opens the home screen."""
        if self.guided is not None:
            self.end_guide("left")  # offered once: a match left half-way counts
        self.session = None
        self.save_id = None
        self.held = []
        self.ctx.store.remove(OPEN_KEY)

    # -- moving ----------------------------------------------------------------------------
    def perform(self, action: Any) -> None:
        """Apply an action to the match, save it, read out what happened."""
        session = self.session
        if session is None:
            return
        tr = self.ctx.tr
        humans = session.here()
        if session.current in humans:
            self.holder = session.current
        listener = table_eyes(session, self.revealed).viewer if len(humans) == 1 else None
        heard = len(session.log_lines(listener, tr))
        try:
            session.act(action)
        except IllegalActionError:
            self.ctx.page.announce(tr.t("error.illegal"))
            return
        self.held = session.ui.moments(session.pauses)
        if session.over and self.guided is session and not self.held:
            self.end_guide("done")
        self.autosave()
        lines = session.log_lines(listener, tr)[heard:]
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
        moment on the table waits for Continue, or on a table of bots a pause)."""
        session = self.session
        if session is None or self.bot_pending is not None:
            return
        if self.held:
            held = self.held[0]
            if session.humans():
                if session.ui.moment_waits(self.moment_frame(session, held)):
                    return
                pause = MOMENT_HOLD.get(self.speed, 1.8)
            else:
                pause = MOMENT_PAUSE.get(self.speed, 2.5)
            self.bot_pending = session

            def later() -> None:
                self.bot_pending = None
                if self.held and self.held[0] is held:
                    self.held.pop(0)
                if self.session is session:
                    self.redraw()  # and schedules what comes next

            self.ctx.page.call_later(pause, later)
            return
        if session.is_bot_turn():
            self.bot_pending = session
            delay = BOT_DELAY.get(self.speed, 0.6)
            self.ctx.page.call_later(delay, lambda: self.bot_move(session))

    def bot_move(self, session: GameSession) -> None:
        """One bot move, unless the player left the match meanwhile."""
        try:
            if self.on_table(session) and session.is_bot_turn() and not self.held:
                self.perform(session.bot_action())
        finally:
            self.bot_pending = None
            if self.on_table(session):
                self.ctx.router.render()

    def on_table(self, session: GameSession) -> bool:
        """Whether ``session`` is the match on screen."""
        return self.session is session and self.ctx.router.screen == "play"

    def redraw(self) -> None:
        """Draw the table again if it is on screen."""
        if self.session is not None and self.ctx.router.screen == "play":
            self.ctx.router.render(push=False)

    def end_guide(self, how: str) -> None:
        """The guided first round is over (``done``, ``skipped`` or ``left``): never
        offered again."""
        if self.guided is not None:
            with contextlib.suppress(StorageFull):
                self.ctx.store.set(GUIDE_KEY.format(game=self.guided.game_id), how)
        self.guided = None

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
        session = self.session
        assert session is not None
        return session.game, session.state, bool(self.held)

    def seat_frame(self, seat: int, lang: str) -> str:
        """What ``seat`` sees now, for its own device: its view of the state (of a held
        moment: of the state at that moment), its legal actions on its turn, its log in
        ``lang``, the last step's events and the moment's story as it may see them."""
        from web.i18n import Translator
        from web.remote.protocol import frame_message

        session = self.session
        assert session is not None
        game = session.game
        tr = self.translators.get(lang)
        if tr is None:
            tr = self.translators[lang] = Translator(lang)
        moment = None
        if self.held:
            pause = self.held[0]
            state = pause.state
            story = events_for(session.moment_events(pause), seat)
            end = len(session.events) - len(session.fresh) + pause.events
            log = session.log_lines(seat, tr, upto=end)
            fresh: tuple[Any, ...] = story
            moment = (pause.kind, story)
            legal: tuple[Any, ...] = ()
        else:
            state = session.state
            after = session.pauses[-1].events if session.pauses else 0
            log = session.log_lines(seat, tr)
            fresh = events_for(session.fresh[after:], seat)
            legal = session.legal() if session.current == seat else ()
        return frame_message(
            game,
            seat,
            session.seats,
            game.view(state, seat),
            legal=legal,
            log=log,
            fresh=fresh,
            moment=moment,
            step=len(session.state.history),
            outcome=game.outcome(session.state) if session.over and not self.held else None,
        )

    def remote_act(self, action: Any) -> None:
        """A move from a seat's own device, checked by the host's protocol."""
        self.perform(action)

    def remote_seen(self) -> None:
        """A person tapped Continue on the held moment on their own device."""
        self.do_moment_seen({})

    def hand_seat(self, seat: int, kind: str) -> None:
        """``seat`` is played at this device (``human``) or by a bot from now on."""
        session = self.session
        if session is None or not 0 <= seat < len(session.seats):
            return
        seats = list(session.seats)
        seats[seat] = replace(seats[seat], kind="human" if kind == "human" else "medium")
        session.seats = tuple(seats)
        if kind == "human":
            self.holder = seat
        self.autosave()

    # -- buttons ---------------------------------------------------------------------------
    def do_act(self, data: dict[str, str]) -> None:
        """A move button: its action in the core's own codec (``data-move``); the core
        decides whether it is legal."""
        session = self.session
        if session is None or self.held or session.is_bot_turn() or session.is_remote_turn():
            return  # a tap meant for a moment's Continue, or an old screen's button
        if table_eyes(session, self.revealed).cover is not None:
            return
        try:
            action = session.game.action_from_dict(json.loads(data.get("move", "")))
        except ValueError:
            self.ctx.page.announce(self.ctx.tr.t("error.illegal"))
            return
        self.perform(action)

    def do_take_back(self, data: dict[str, str]) -> None:
        """The person who decided last takes it back, if the rules allow it: the match
        goes back to the position before it (the bots after it decide again), and the
        save keeps what was taken back."""
        session = self.session
        if session is None or self.held:
            return
        viewer = table_eyes(session, self.revealed).viewer
        offer = self.take_back_offer(session, viewer)
        if offer is None:
            return
        seat, _ = offer
        tr = self.ctx.tr
        try:
            before, record = take_back(
                session.game, session.last_decided[seat], session.state, seat, session.humans()
            )
        except TakeBackRefused as refused:
            self.ctx.page.announce(refusal_words(tr, session.ui, refused.reason))
            return
        back = GameSession.replay(session.game, before, session.seats)
        back.reveal_after = session.reveal_after
        back.take_backs = session.take_backs
        back.taken_back = [*session.taken_back, record]
        if self.guided is session:
            self.guided = back
        self.session = back
        self.revealed = None  # at a shared device: the cover for them, then their cards
        self.holder = seat
        self.autosave()
        self.ctx.page.announce(tr.t("undo.done", name=session.seats[seat].name))

    def do_toggle_card(self, data: dict[str, str]) -> None:
        self.controls.toggle_card(data)

    def do_show_cards(self, data: dict[str, str]) -> None:
        if self.session is not None:
            self.revealed = self.holder = self.session.current

    def do_amount(self, data: dict[str, str]) -> None:
        if self.session is not None:
            self.controls.step_amount(data)  # inside the bounds of the decision on screen

    def do_toggle_coach(self, data: dict[str, str]) -> None:
        self.coach = not self.coach
        with contextlib.suppress(StorageFull):  # full: the switch holds for this visit
            self.ctx.store.set(COACH_KEY, "on" if self.coach else "off")

    def do_moment_seen(self, data: dict[str, str]) -> None:
        session = self.session
        if session is None or not self.held:
            return
        waited = session.ui.moment_waits(self.moment_frame(session, self.held[0]))
        self.held.pop(0)
        if waited and not self.held and self.guided is session:
            self.end_guide("done")  # the first round was seen to its end

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
        self.session = None
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
