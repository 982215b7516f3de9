"""What the host and a guest device say to each other, and what the host accepts.

The host (the tablet with the felt) is the authority: it runs the rules. A guest (a
phone) holds one seat and gets only that seat's frame: its view of the state
(``Game.view(state, seat)``), its legal actions on its turn, its log, the events of
the last step as it may see them, and a held moment drawn from that seat's view of
the moment. A guest's action is applied only after the host checks it here
(:meth:`HostSeats.check_act`) and the core accepts it; anything else is refused with a
reason the guest shows in words, and changes nothing.

Every message is one JSON object with the protocol version ``v`` and a type ``t``:

guest -> host
    ``hello`` {seat, secret, token?, lang}: the first message on a new channel. The
    ``secret`` is the one-time secret of the host's pairing code this guest scanned
    (:mod:`web.remote.pairing`), so a device that did not scan cannot join;
    ``token`` is the seat token of an earlier join (a rejoin after a reload).
    ``act`` {token, step, move}: a move, in the core's action codec, meant for the
    state after ``step`` actions (a message replayed after the table moved on is
    stale). ``seen`` {token, step}: the guest tapped Continue on a held moment.
host -> guest
    ``welcome`` {seat, token, game}: the seat is the guest's; ``frame`` {...}: what the
    guest's seat sees now (:meth:`web.frame.Frame.to_wire`); ``refused`` {why}; ``bye`` {why}:
    the seat was taken over at the host or handed to a bot.

Pure Python: no browser here (the channels are :mod:`web.remote.link`).
"""

from __future__ import annotations

import base64
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from pygame_core import Event, Game
from pygame_core.codec import to_data

#: The protocol's version: a message of another version is refused, never guessed at.
PROTOCOL = 1
#: The largest message a guest may send (a move is well under 1 kB).
MAX_GUEST_MESSAGE = 4096
#: Why a message was refused: each has a sentence in every language (``device.why.*``).
REASONS = (
    "malformed",
    "version",
    "secret",
    "token",
    "seat-taken",
    "not-your-turn",
    "illegal",
    "stale",
    "no-match",
)


class Refusal(Exception):
    """A message the host (or the guest) will not act on; ``reason`` is one of
    :data:`REASONS`."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def encode(kind: str, **fields: Any) -> str:
    """A message of type ``kind`` as JSON text."""
    return json.dumps({"v": PROTOCOL, "t": kind, **fields}, separators=(",", ":"))


def decode(text: object, *, limit: int | None = None) -> dict[str, Any]:
    """A message's fields, checked for its shape and version (else :class:`Refusal`)."""
    if not isinstance(text, str) or (limit is not None and len(text) > limit):
        raise Refusal("malformed")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        # RecursionError: nesting deeper than the parser goes (1,500 "[" fit in a
        # guest's message); a refusal like any other malformed text
        raise Refusal("malformed") from None
    if not isinstance(data, dict) or not isinstance(data.get("t"), str):
        raise Refusal("malformed")
    version = data.get("v")
    if type(version) is not int or version != PROTOCOL:  # true == 1 in Python: not a version
        raise Refusal("version")
    return data


def new_token() -> str:
    """A seat token: 16 random bytes, URL-safe text."""
    import secrets

    return secrets.token_urlsafe(16)


def secret_text(secret: bytes) -> str:
    """A pairing secret as the hello message carries it."""
    return base64.urlsafe_b64encode(secret).decode("ascii").rstrip("=")


def _same(given: str, kept: str) -> bool:
    """Whether two secrets are equal, in a time that does not tell how much matched."""
    import hmac

    return hmac.compare_digest(given.encode(), kept.encode())


# -- the host's side -------------------------------------------------------------------------
@dataclass
class RemoteSeat:
    """A seat played on another device, as the host keeps it."""

    seat: int
    #: The seat token given at the first join (kept with the save: a rejoin shows it).
    token: str | None = None
    #: The one-time secret of the pairing code on show for this seat (None: none).
    secret: bytes | None = None
    #: The secret the device on ``channel`` joined with: its hello said again on the
    #: same channel (the first may have been lost on the way) is answered the same.
    joined_with: str | None = None
    #: The channel of the device holding the seat now (None: no device is connected).
    channel: str | None = None
    #: The guest's language (its frame's log is worded in it).
    lang: str = "en"
    #: The last frame sent, so an unchanged one is not sent again.
    sent: str = ""


@dataclass
class HostSeats:
    """Which device holds which remote seat, and the check of every guest message."""

    seats: dict[int, RemoteSeat] = field(default_factory=dict)

    @classmethod
    def of(cls, remote: Iterable[int], tokens: Mapping[int, str] | None = None) -> HostSeats:
        """The remote seats of a match, with the tokens of earlier joins."""
        tokens = tokens or {}
        return cls({s: RemoteSeat(s, token=tokens.get(s)) for s in remote})

    def tokens(self) -> dict[int, str]:
        """The seat tokens given so far (what the host saves with the match)."""
        return {s: r.token for s, r in self.seats.items() if r.token is not None}

    def pairing(self, seat: int, secret: bytes) -> None:
        """A new pairing code for ``seat`` is on show, with its one-time ``secret``."""
        self.seats[seat].secret = secret

    def by_channel(self, channel: str) -> RemoteSeat | None:
        """The seat ``channel``'s device holds (None: none)."""
        for remote in self.seats.values():
            if remote.channel == channel:
                return remote
        return None

    def hello(self, channel: str, data: Mapping[str, Any]) -> RemoteSeat:
        """A guest's first message on ``channel``: the seat it may hold now (its token
        is new unless it rejoins with the one it had), else :class:`Refusal`. The same
        hello again on the channel that joined with it is answered as the first was."""
        seat = data.get("seat")
        secret = data.get("secret")
        token = data.get("token")
        lang = data.get("lang")
        if (
            isinstance(seat, bool)
            or not isinstance(seat, int)
            or not isinstance(secret, str)
            or not (token is None or isinstance(token, str))
            or not isinstance(lang, str)
        ):
            raise Refusal("malformed")
        remote = self.seats.get(seat)
        if (
            remote is not None
            and remote.channel == channel
            and remote.joined_with is not None
            and _same(secret, remote.joined_with)
        ):
            remote.sent = ""  # its frame again, after the welcome again
            return remote
        if remote is None or remote.secret is None:
            raise Refusal("secret")
        if not _same(secret, secret_text(remote.secret)):
            raise Refusal("secret")
        if remote.channel is not None and remote.channel != channel:
            raise Refusal("seat-taken")
        remote.secret = None  # one time only
        remote.joined_with = secret
        remote.channel = channel
        remote.lang = lang
        remote.sent = ""
        if token is None or token != remote.token:
            remote.token = new_token()
        return remote

    def gone(self, channel: str) -> RemoteSeat | None:
        """``channel`` closed: its seat has no device now (which seat, if any)."""
        remote = self.by_channel(channel)
        if remote is not None:
            remote.channel = None
            remote.joined_with = None
            remote.sent = ""
        return remote

    def release(self, seat: int) -> RemoteSeat | None:
        """``seat`` is played at the host (or by a bot) from now on."""
        return self.seats.pop(seat, None)

    def sender(self, channel: str, data: Mapping[str, Any]) -> RemoteSeat:
        """The seat a ``channel``'s message comes from: only the device that holds it,
        with its token (else :class:`Refusal`)."""
        remote = self.by_channel(channel)
        if remote is None:
            raise Refusal("secret")
        token = data.get("token")
        if not isinstance(token, str) or remote.token is None:
            raise Refusal("token")
        if not _same(token, remote.token):
            raise Refusal("token")
        return remote

    def check_act(
        self,
        channel: str,
        data: Mapping[str, Any],
        game: Game[Any, Any, Any, Any],
        state: Any,
        held: bool,
    ) -> Any:
        """The action an ``act`` message asks for, if the sender's seat may take it in
        ``state`` now (a held moment: nobody may); else :class:`Refusal`. The core's
        own check follows when the host applies it."""
        remote = self.sender(channel, data)
        step = data.get("step")
        if isinstance(step, bool) or not isinstance(step, int):
            raise Refusal("malformed")
        if step != len(state.history):
            raise Refusal("stale")
        if held or game.current_player(state) != remote.seat:
            raise Refusal("not-your-turn")
        try:
            action = game.action_from_dict(data.get("move"))
        except ValueError:
            raise Refusal("malformed") from None
        if not game.is_legal(state, action):
            raise Refusal("illegal")
        return action


# -- a seat's frame, as data -----------------------------------------------------------------
def event_data(event: Event) -> list[Any]:
    """An event as the frame carries it (its kind and parameters; whom it is visible
    to is not sent: the guest gets only what its seat may see)."""
    return [event.kind, [[k, to_data(v)] for k, v in event.params]]


def _frozen(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    if value is None or isinstance(value, (bool, int, str)):
        return value
    raise Refusal("malformed")


def event_of(data: Any) -> Event:
    """The inverse of :func:`event_data`."""
    if not isinstance(data, list) or len(data) != 2 or not isinstance(data[0], str):
        raise Refusal("malformed")
    params = data[1]
    if not isinstance(params, list):
        raise Refusal("malformed")
    pairs = []
    for pair in params:
        if not isinstance(pair, list) or len(pair) != 2 or not isinstance(pair[0], str):
            raise Refusal("malformed")
        pairs.append((pair[0], _frozen(pair[1])))
    return Event(data[0], tuple(pairs))


__all__ = [
    "MAX_GUEST_MESSAGE",
    "PROTOCOL",
    "REASONS",
    "HostSeats",
    "Refusal",
    "RemoteSeat",
    "decode",
    "encode",
    "event_data",
    "event_of",
    "new_token",
    "secret_text",
]
