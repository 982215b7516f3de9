"""A seat played on the person's own phone: the guest's side of a table on many devices.

The phone reads the host's pairing code (its camera, a link opened from the code, or the
code pasted), makes its answer and shows it for the host to read; once the data channel
is open it says hello with the code's one-time secret (and, rejoining, its seat token),
and from then on draws each frame the host sends: its own seat's view, with its own
coach, language, sound and controls. A move goes to the host, which decides; the phone
never holds the state, only what its seat may know (:mod:`web.remote.protocol`).

The seat (its token and the game) is kept in the phone's storage, so after a reload or
a lost Wi-Fi it rejoins the same seat by scanning the host's new code.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from web.controllers.base import Context, FeltController, Handler, LinkPort
from web.controllers.coaching import ThinkingCoach
from web.controllers.controls import TableControls
from web.controllers.play import COACH_KEY, SOUND_KEY
from web.frame import Display, Frame
from web.games import get_ui
from web.markup import Markup
from web.remote.protocol import Refusal, decode, encode, secret_text
from web.storage import StorageFull

#: ``guest``: the seat this device holds at a host's table: ``{"seat", "token"}``.
GUEST_KEY = "guest"
#: How often the phone says hello until the host answers, and how long it waits for an
#: answer before it says it again, or after the last one before it gives up (seconds).
HELLO_TRIES = 5
HELLO_AGAIN_S = 2.0


class GuestController(FeltController):
    """This device's seat at another device's table."""

    def __init__(self, ctx: Context, link: LinkPort | None) -> None:
        super().__init__(ctx)
        self.link = link
        #: ``start`` (nothing read yet), ``answering``, ``answer`` (shown for the host),
        #: ``joining`` (the channel is open), ``joined``, ``lost``, ``released``, ``ended``.
        self.status = "start"
        self.error: str | None = None
        self.scanning = False
        self.answer_code = ""
        self.offer: Any = None
        self.channel: str | None = None
        self.made = 0
        #: The seat's frame as the host last sent it (:meth:`Frame.from_wire`).
        self.frame_data: Frame | None = None
        self.controls = TableControls()
        self.coach = ctx.store.get(COACH_KEY) == "on"
        #: Twenty One's coach, which works its advice out after the table is drawn.
        self.thinking = ThinkingCoach(ctx.page.call_later)

    def table_actions(self) -> Mapping[str, Handler]:
        """The table's buttons on this device (the same names as at the host)."""
        return {
            "act": self.do_act,
            "toggle-card": self.do_toggle_card,
            "amount": self.do_amount,
            "moment-seen": self.do_seen,
            "moment-skip": self.do_seen,
            "toggle-coach": self.do_toggle_coach,
            "go-home": self.do_leave,
        }

    def actions(self) -> Mapping[str, Handler]:
        return {
            "join-table": self.do_open,
            "guest-join": self.do_join,
            "guest-scan": self.do_scan,
            "guest-scan-stop": self.do_scan_stop,
        }

    # -- the seat kept in storage -------------------------------------------------------------
    def kept(self) -> dict[str, Any]:
        text = self.ctx.store.get(GUEST_KEY)
        try:
            data = json.loads(text) if text else {}
        except ValueError:
            return {}
        return data if isinstance(data, dict) else {}

    def keep(self, seat: int, token: str) -> None:
        with contextlib.suppress(StorageFull):
            self.ctx.store.set(GUEST_KEY, json.dumps({"seat": seat, "token": token}))

    # -- joining ---------------------------------------------------------------------------------
    def open(self) -> None:
        """The guest's screen as it should be on arrival: a seat held before waits to
        rejoin (its connection did not survive the reload)."""
        if self.status in ("start", "lost", "released", "ended") and self.channel is None:
            self.status = "lost" if self.kept() and self.status == "start" else self.status

    def take_code(self, text: str) -> None:
        """The host's pairing code (read by the camera, from a link or pasted): answer it."""
        from web.remote import pairing

        link = self.link
        self.error = None
        if link is None or not link.available():
            return
        try:
            offer = pairing.decode(text, "offer")
        except pairing.PairingError as exc:
            self.error = f"code-{exc.reason}"
            return
        if self.channel is not None:
            link.close(self.channel)
        self.made += 1
        channel = self.channel = f"host-{self.made}"
        self.offer = offer
        self.status = "answering"
        self.frame_data = None

        def answered(sdp: str) -> None:
            if self.channel != channel:
                return
            try:
                self.answer_code = pairing.encode(
                    pairing.from_sdp(sdp, "answer", seat=offer.seat, secret=offer.secret)
                )
            except pairing.PairingError:
                self.status, self.error = "start", "rtc"
            else:
                self.status = "answer"
            self.ctx.router.render(push=False)

        def failed(reason: str) -> None:
            if self.channel == channel:
                self.status, self.error, self.channel = "start", "rtc", None
                self.ctx.router.render(push=False)

        link.answer(channel, pairing.to_sdp(offer), answered, failed)

    def on_event(self, channel: str, kind: str, text: str) -> None:
        """The channel to the host opened, brought a message or closed."""
        if channel != self.channel or self.link is None:
            return
        if kind == "open":
            self.status = "joining"
            self.hello(channel, HELLO_TRIES)
        elif kind == "message":
            self.on_message(text)
        elif kind == "close":
            self.channel = None
            if self.status not in ("released", "ended"):
                self.status = "lost"
        self.ctx.router.render(push=False)

    def hello(self, channel: str, tries: int) -> None:
        """Say hello on ``channel``, and again after a while until the host answers.

        A channel the host made can be open here before it is open underneath: Chromium
        tells the page it is open with the ``datachannel`` event, and a message sent
        before its own transport has opened is dropped ("Send failed INVALID_STATE" in
        its log; the page hears nothing of it). A lost hello left the phone waiting for a
        table that never came; the host answers a repeated hello as it did the first.
        With no answer to any of them, the phone lets the channel go and asks for the
        table's new code.
        """
        if self.link is None or channel != self.channel or self.status != "joining":
            return
        if self.error is not None:
            return  # refused: said in words, and asking again would not change it
        if tries == 0:
            # no answer at all: the channel goes, so the table makes a new code for the
            # seat, and this phone says the connection was lost and asks for that code
            self.link.close(channel)
            self.channel, self.status = None, "lost"
            self.ctx.router.render(push=False)
            return
        kept = self.kept()
        token = kept.get("token") if kept.get("seat") == self.offer.seat else None
        self.link.send(
            channel,
            encode(
                "hello",
                seat=self.offer.seat,
                secret=secret_text(self.offer.secret),
                token=token if isinstance(token, str) else None,
                lang=self.ctx.tr.lang,
            ),
        )
        self.ctx.page.call_later(HELLO_AGAIN_S, lambda: self.hello(channel, tries - 1))

    def on_message(self, text: str) -> None:
        try:
            data = decode(text)
            kind = data["t"]
            if kind == "welcome":
                seat, token = data.get("seat"), data.get("token")
                if isinstance(seat, int) and isinstance(token, str):
                    self.keep(seat, token)
            elif kind == "frame":
                frame = Frame.from_wire(data, get_ui, Display())
                before = self.frame_data
                self.frame_data = frame
                self.status = "joined"
                self.error = None
                if frame.legal and (before is None or not before.legal) and self.link is not None:
                    self.link.cue()  # its turn: a sound and a vibration
                if frame.outcome is not None:
                    self.ctx.store.remove(GUEST_KEY)
            elif kind == "refused":
                reason = data.get("why")
                self.error = reason if isinstance(reason, str) else "malformed"
            elif kind == "bye":
                self.status = "released"
                self.frame_data = None
                self.ctx.store.remove(GUEST_KEY)
        except Refusal as refusal:
            self.error = f"host-{refusal.reason}"

    # -- the table --------------------------------------------------------------------------------
    def frame(self) -> Frame | None:
        """The seat's table now (None: not joined): the host's frame, drawn with this
        phone's own display (its coach, sound, stepper and picked cards)."""
        data = self.frame_data
        if data is None or self.status != "joined":
            return None
        amount, selected = self.controls.follow(get_ui(data.game.id), data.view, data.step)
        display = Display(
            coach=self.coach,
            muted=self.ctx.store.get(SOUND_KEY) == "off",
            size=self.size,
            room=self.room,
            amount=amount,
            selected=selected,
            holder=data.viewer,
        )
        return replace(
            data, display=display, advice=self.thought_advice(data) if self.coach else None
        )

    def thought_advice(self, data: Frame) -> Any | None:
        """A thinking coach's advice for this seat's decision (see
        :mod:`web.controllers.coaching`), worked out on this phone."""

        def redraw() -> None:
            if self.ctx.router.screen == "guest":
                self.ctx.router.render(push=False)

        return self.thinking.advice(
            get_ui(data.game.id),
            data.game,
            data.view,
            data.legal,
            data.step,
            still_wanted=lambda: self.coach and self.frame_data is not None,
            redraw=redraw,
        )

    def markup(self) -> Markup:
        """The guest's screen: its seat's table once joined, else the way to join."""
        frame = self.frame()
        if frame is not None:
            table = frame.ui.render(self.ctx.tr, frame)
            if self.error is None:
                return table
            from web.screens.devices import why

            return Markup(str(why(self.ctx.tr, self.error)) + table)
        from web.screens.devices import guest_screen

        available = self.link is not None and self.link.available()
        return guest_screen(
            self.ctx.tr,
            self.status,
            answer=self.answer_code,
            error=self.error,
            scanning=self.scanning,
            available=available,
        )

    def send(self, kind: str, **fields: Any) -> None:
        data = self.frame_data
        token = self.kept().get("token")
        if self.link is None or self.channel is None or data is None:
            return
        if not self.link.send(self.channel, encode(kind, token=token, step=data.step, **fields)):
            self.status = "lost"

    # -- buttons ----------------------------------------------------------------------------------
    def do_open(self, data: dict[str, str]) -> None:
        self.open()
        self.ctx.router.show("guest")

    def do_join(self, data: dict[str, str]) -> None:
        self.take_code(data.get("value", ""))

    def do_scan(self, data: dict[str, str]) -> None:
        link = self.link
        if link is None:
            return
        self.scanning = True
        self.error = None

        def read(text: str) -> None:
            self.scanning = False
            self.take_code(text)
            self.ctx.router.render(push=False)

        def failed(reason: str) -> None:
            self.scanning = False
            if reason != "stopped":
                from web.controllers.devices import camera_error

                self.error = camera_error(reason)
            self.ctx.router.render(push=False)

        self.ctx.page.call_later(0, lambda: link.scan("guest-video", read, failed))

    def do_scan_stop(self, data: dict[str, str]) -> None:
        self.scanning = False
        if self.link is not None:
            self.link.stop_scan()

    def do_act(self, data: dict[str, str]) -> None:
        frame = self.frame_data
        if frame is None or not frame.legal:
            return
        try:
            move = json.loads(data.get("move", ""))
        except ValueError:
            return
        self.error = None
        self.send("act", move=move)

    def do_seen(self, data: dict[str, str]) -> None:
        if self.frame_data is not None and self.frame_data.moment is not None:
            self.send("seen")

    def do_toggle_card(self, data: dict[str, str]) -> None:
        self.controls.toggle_card(data)

    def do_amount(self, data: dict[str, str]) -> None:
        self.controls.step_amount(data)

    def do_toggle_coach(self, data: dict[str, str]) -> None:
        self.coach = not self.coach
        with contextlib.suppress(StorageFull):
            self.ctx.store.set(COACH_KEY, "on" if self.coach else "off")

    def do_leave(self, data: dict[str, str]) -> None:
        """Home: the seat stays kept (scanning the host's code again rejoins it)."""
        if self.link is not None and self.channel is not None:
            self.link.close(self.channel)
        self.channel = None
        self.frame_data = None
        self.status = "start"
        self.ctx.router.leave_match()


__all__ = ["GUEST_KEY", "GuestController"]
