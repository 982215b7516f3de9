"""The host's side of one table on many devices: the seats played on phones.

A seat whose kind is ``device`` (:class:`web.seats.Seat`) is played on its person's own
phone. For each such seat without a device, the table shows a pairing code (a QR code
of a join link, and the same code as text): the phone scans it and shows its answer,
which the host scans or has pasted; a WebRTC data channel then opens between them,
with no server. The host is the authority (:mod:`web.remote.protocol`): it sends each
phone only its seat's frame after every render (:meth:`DevicesController.sync`), and
applies a phone's move only after the protocol's check and the core accept it.

A phone that goes away (it sleeps, loses the Wi-Fi, reloads) gets a new code on the
host; scanned, it rejoins its seat with its seat token and gets the current frame.
The tokens are kept with the save, so after a reload of the host the phones rejoin the
same match. A seat whose phone is gone can be played at the host or given to a bot.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Mapping
from typing import Any, Protocol

from web.controllers.base import Context, Controller, Handler, LinkPort
from web.remote.protocol import (
    MAX_GUEST_MESSAGE,
    HostSeats,
    Refusal,
    decode,
    encode,
)
from web.screens.devices import DevicePanel
from web.storage import StorageFull

#: ``devices.<save id>``: the seat tokens of a match's phones, so they rejoin after a
#: reload of the host.
TOKENS_KEY = "devices.{save}"


class HostTable(Protocol):
    """What the devices controller asks of the match on the table
    (:class:`web.controllers.play.PlayController`)."""

    def remote_match(self) -> tuple[str, Any, tuple[int, ...]] | None:
        """The match on the table: its save id, its state, its remote seats."""
        ...

    def remote_state(self) -> tuple[Any, Any, bool]:
        """The match's game, its state and whether a moment is held."""
        ...

    def seat_frame(self, seat: int, lang: str) -> str:
        """The ``frame`` message of ``seat``, its log worded in ``lang``."""
        ...

    def remote_act(self, action: Any) -> None: ...

    def remote_seen(self) -> None: ...

    def hand_seat(self, seat: int, kind: str) -> None:
        """``seat`` is played at the host (``human``) or by a bot from now on."""
        ...


class DevicesController(Controller):
    """The seats on other devices of the match on the table."""

    def __init__(self, ctx: Context, link: LinkPort | None, table: HostTable) -> None:
        super().__init__(ctx)
        self.link = link
        self.table = table
        self.save_id: str | None = None
        self.seats = HostSeats()
        #: The channel of each seat's pairing under way (offer made, not yet joined).
        self.pending: dict[int, str] = {}
        self.panels: dict[int, DevicePanel] = {}
        self.made = 0

    def actions(self) -> Mapping[str, Handler]:
        return {
            "device-answer": self.do_answer,
            "device-scan": self.do_scan,
            "device-scan-stop": self.do_scan_stop,
            "device-here": partial_kind(self, "human"),
            "device-bot": partial_kind(self, "medium"),
            "device-retry": self.do_retry,
        }

    # -- the match ---------------------------------------------------------------------------
    def follow(self) -> None:
        """Keep up with the match on the table: a new one (or none) ends the old
        pairings; its remote seats get a code each, and its phones their frames."""
        match = self.table.remote_match()
        save_id = match[0] if match is not None else None
        if save_id != self.save_id:
            self.drop_all()
            self.save_id = save_id
            if match is not None:
                self.seats = HostSeats.of(match[2], self.saved_tokens(match[0]))
        if match is None:
            return
        remote = set(match[2])
        for seat in list(self.seats.seats):
            if seat not in remote:  # played here or by a bot now
                self.release(seat, "released")
        for seat in sorted(self.seats.seats):
            waits = self.seats.seats[seat].channel is None and seat not in self.pending
            failed = seat in self.panels and self.panels[seat].state == "failed"
            if waits and not failed:
                self.pair(seat)
        self.sync()

    def saved_tokens(self, save_id: str) -> dict[int, str]:
        text = self.ctx.store.get(TOKENS_KEY.format(save=save_id))
        try:
            data = json.loads(text) if text else {}
        except ValueError:
            return {}
        if not isinstance(data, dict):
            return {}
        return {int(k): v for k, v in data.items() if k.isdigit() and isinstance(v, str)}

    def keep_tokens(self) -> None:
        if self.save_id is not None:
            with contextlib.suppress(StorageFull):
                self.ctx.store.set(
                    TOKENS_KEY.format(save=self.save_id),
                    json.dumps({str(k): v for k, v in self.seats.tokens().items()}),
                )

    def sync(self) -> None:
        """Send each joined phone its seat's frame, if it changed."""
        if self.link is None:
            return
        for remote in self.seats.seats.values():
            if remote.channel is None:
                continue
            message = self.table.seat_frame(remote.seat, remote.lang)
            if message != remote.sent and self.link.send(remote.channel, message):
                remote.sent = message

    def drop_all(self) -> None:
        """No match with phones on the table any more: close every channel."""
        if self.link is not None:
            for remote in self.seats.seats.values():
                if remote.channel is not None:
                    self.link.send(remote.channel, encode("bye", why="left"))
                    self.link.close(remote.channel)
            for channel in self.pending.values():
                self.link.close(channel)
        self.seats = HostSeats()
        self.pending = {}
        self.panels = {}

    def release(self, seat: int, why: str) -> None:
        remote = self.seats.release(seat)
        channel = self.pending.pop(seat, None)
        self.panels.pop(seat, None)
        if self.link is None:
            return
        if remote is not None and remote.channel is not None:
            self.link.send(remote.channel, encode("bye", why=why))
            self.link.close(remote.channel)
        if channel is not None:
            self.link.close(channel)

    # -- pairing -------------------------------------------------------------------------------
    def pair(self, seat: int) -> None:
        """Make a new pairing code for ``seat`` (shown once the offer is ready)."""
        link = self.link
        if link is None or not link.available():
            self.panels[seat] = DevicePanel(seat, "unavailable")
            return
        self.made += 1
        channel = f"seat{seat}-{self.made}"
        old = self.pending.get(seat)
        if old is not None:
            link.close(old)
        self.pending[seat] = channel
        import secrets

        secret = secrets.token_bytes(8)
        self.seats.pairing(seat, secret)
        self.panels[seat] = DevicePanel(seat, "making")

        def offered(sdp: str) -> None:
            from web.remote import pairing

            if self.pending.get(seat) != channel:
                return  # a newer pairing of the seat, or the seat is gone
            try:
                code = pairing.encode(pairing.from_sdp(sdp, "offer", seat=seat, secret=secret))
            except pairing.PairingError:
                self.panels[seat] = DevicePanel(seat, "failed", error="rtc")
            else:
                address = pairing.join_link(link.site(), code)
                self.panels[seat] = DevicePanel(seat, "code", address, code)
            self.ctx.router.render(push=False)

        def failed(reason: str) -> None:
            if self.pending.get(seat) == channel:
                self.panels[seat] = DevicePanel(seat, "failed", error="rtc")
                self.ctx.router.render(push=False)

        link.offer(channel, offered, failed)

    def take_answer(self, seat: int, text: str) -> None:
        """The phone's answer for ``seat`` (scanned or pasted): connect, or say why not."""
        from web.remote import pairing

        panel = self.panels.get(seat)
        channel = self.pending.get(seat)
        remote = self.seats.seats.get(seat)
        if panel is None or channel is None or remote is None or self.link is None:
            return
        try:
            answer = pairing.decode(text, "answer")
        except pairing.PairingError as exc:
            self.panels[seat] = _with(panel, error=f"code-{exc.reason}")
            return
        if answer.seat != seat or remote.secret is None or answer.secret != remote.secret:
            self.panels[seat] = _with(panel, error="other-code")
            return
        self.panels[seat] = _with(panel, state="connecting", error=None)

        def failed(reason: str) -> None:
            if self.pending.get(seat) == channel:
                self.panels[seat] = _with(panel, error="rtc")
                self.ctx.router.render(push=False)

        self.link.accept(channel, pairing.to_sdp(answer), failed)

    # -- the channels ----------------------------------------------------------------------------
    def on_event(self, channel: str, kind: str, text: str) -> None:
        """A channel opened, brought a message or closed."""
        if kind == "message":
            self.on_message(channel, text)
        elif kind == "close":
            self.on_close(channel)
        else:
            return
        self.ctx.router.render(push=False)

    def on_message(self, channel: str, text: str) -> None:
        assert self.link is not None
        try:
            data = decode(text, limit=MAX_GUEST_MESSAGE)
            kind = data["t"]
            if kind == "hello":
                remote = self.seats.hello(channel, data)
                self.pending.pop(remote.seat, None)
                self.panels.pop(remote.seat, None)
                self.keep_tokens()
                game, _state, _held = self.table.remote_state()
                self.link.send(
                    channel, encode("welcome", seat=remote.seat, token=remote.token, game=game.id)
                )
            elif kind == "act":
                game, state, held = self.table.remote_state()
                action = self.seats.check_act(channel, data, game, state, held)
                self.table.remote_act(action)
            elif kind == "seen":
                self.seats.sender(channel, data)
                _game, state, held = self.table.remote_state()
                if held and data.get("step") == len(state.history):
                    self.table.remote_seen()
            else:
                raise Refusal("malformed")
        except Refusal as refusal:
            self.link.send(channel, encode("refused", why=refusal.reason))

    def on_close(self, channel: str) -> None:
        remote = self.seats.gone(channel)
        for seat, pending in list(self.pending.items()):
            if pending == channel:
                del self.pending[seat]
                self.panels.pop(seat, None)
        if remote is not None:
            self.pending.pop(remote.seat, None)
        # the next render (follow) shows a new code for the seat

    # -- buttons -------------------------------------------------------------------------------
    def do_answer(self, data: dict[str, str]) -> None:
        seat = _seat(data)
        if seat is not None:
            self.take_answer(seat, data.get("value", ""))

    def do_scan(self, data: dict[str, str]) -> None:
        seat = _seat(data)
        panel = self.panels.get(seat) if seat is not None else None
        if seat is None or panel is None or self.link is None:
            return
        self.panels[seat] = _with(panel, scanning=True, error=None)
        link = self.link

        def read(text: str) -> None:
            current = self.panels.get(seat)
            if current is not None:
                self.panels[seat] = _with(current, scanning=False)
                self.take_answer(seat, text)
                self.ctx.router.render(push=False)

        def failed(reason: str) -> None:
            current = self.panels.get(seat)
            if current is not None and reason != "stopped":
                self.panels[seat] = _with(current, scanning=False, error=camera_error(reason))
                self.ctx.router.render(push=False)

        # the camera starts once the video element is on the page (after this render)
        self.ctx.page.call_later(0, lambda: link.scan(f"device-video-{seat}", read, failed))

    def do_scan_stop(self, data: dict[str, str]) -> None:
        seat = _seat(data)
        panel = self.panels.get(seat) if seat is not None else None
        if self.link is not None:
            self.link.stop_scan()
        if seat is not None and panel is not None:
            self.panels[seat] = _with(panel, scanning=False)

    def do_retry(self, data: dict[str, str]) -> None:
        seat = _seat(data)
        if seat is not None and seat in self.seats.seats:
            self.panels.pop(seat, None)
            self.pending.pop(seat, None)
            self.pair(seat)

    def hand(self, seat: int, kind: str) -> None:
        """``seat`` leaves its phone: played here, or by a bot."""
        if seat in self.seats.seats:
            self.release(seat, "released")
            self.table.hand_seat(seat, kind)

    def waiting(self) -> tuple[DevicePanel, ...]:
        """The panels of the seats that wait for their phone, by seat."""
        return tuple(self.panels[s] for s in sorted(self.panels))


def partial_kind(controller: DevicesController, kind: str) -> Handler:
    """The handler of "play it here" (``human``) or "give it to a bot"."""

    def handler(data: dict[str, str]) -> None:
        seat = _seat(data)
        if seat is not None:
            controller.hand(seat, kind)

    return handler


def camera_error(reason: str) -> str:
    """The ``device.why.*`` key of a camera's error name."""
    return {"NotAllowedError": "camera-denied", "NotFoundError": "no-camera"}.get(reason, "camera")


def _seat(data: Mapping[str, str]) -> int | None:
    text = data.get("seat", "")
    return int(text) if text.isdigit() else None


def _with(panel: DevicePanel, **changes: Any) -> DevicePanel:
    from dataclasses import replace

    return replace(panel, **changes)


__all__ = ["DevicePanel", "DevicesController", "HostTable", "camera_error"]
