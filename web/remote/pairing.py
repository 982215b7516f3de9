"""Pairing codes: a browser's data-channel SDP as a short text, and back.

The host (the tablet) makes a WebRTC offer per remote seat, a guest (a phone) answers it;
there is no server, so each description travels as a QR code or a pasted code. A full
SDP is 550-900 characters; what the other side needs of it is small: the ICE user
fragment and password, the DTLS certificate's SHA-256 fingerprint, the DTLS role
(``a=setup``) and the host UDP candidates. :func:`from_sdp` keeps those (plus the seat
the offer is for and the host's 8 random secret bytes, which the answer echoes to prove
the guest scanned this host's code), :func:`encode` packs them into base64url (the
characters of a URL fragment), and :func:`to_sdp` writes a minimal standard SDP that
Chromium and Firefox both accept from each other.

The packing (version 1), bytes in order:

- the version (1);
- kind (bit 0: 0 offer, 1 answer), setup (bits 1-2: actpass, active, passive), seat
  (bits 3-6, 0-15);
- the secret (8 bytes); the fingerprint (32 bytes);
- ufrag, then pwd: a byte (bit 7: lowercase hex, else ICE characters; bits 0-5: the
  length in characters) and the characters, hex as 4 bits each (Firefox's), the ICE
  alphabet ``A-Za-z0-9+/`` as 6 bits each (Chromium's), padding bits zero;
- each candidate: a byte (bits 0-1: 0 IPv4, 1 IPv6, 2 mDNS ``<uuid>.local``; bit 7: the
  last one), the address (4, 16 or 16 bytes: the UUID) and the UDP port (2 bytes).

Measured (Chromium 156's ufrag of 4 and pwd of 24 characters; Firefox's are 8 and 32 hex
digits and come out 1 byte shorter: 95 characters with one IPv4 candidate):

- one IPv4 candidate: 72 bytes, a code of 96 characters;
- one mDNS candidate: 84 bytes, 112 characters;
- two candidates: 91 bytes, 122 characters (IPv4 + mDNS); 79 bytes, 106 (two IPv4);
- the link ``join_link(base, code)`` with a 40-character base: 40 + 6 (``#join=``) +
  the code: 142 characters with one IPv4 candidate, 158 with one mDNS candidate.

:func:`decode` refuses anything else with :class:`PairingError` (and only that): its
``reason`` is "version", "malformed" (garbage, truncated, trailing bytes) or "kind" (an
offer where an answer was expected, or the reverse); :func:`from_sdp` says
"no-candidate" when the SDP has no host UDP candidate.
"""

from __future__ import annotations

import base64
import binascii
import ipaddress
import re
import secrets
import uuid
from dataclasses import dataclass
from typing import Literal

VERSION = 1
SECRET_BYTES = 8
#: The most candidates a code keeps (the SDP's first ones).
MAX_CANDIDATES = 8

Kind = Literal["offer", "answer"]
Reason = Literal["malformed", "version", "kind", "no-candidate"]

_KINDS: tuple[Kind, ...] = ("offer", "answer")
_SETUPS = ("actpass", "active", "passive")
_ICE_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
_ICE_VALUE = {c: i for i, c in enumerate(_ICE_CHARS)}
_HEX = re.compile(r"[0-9a-f]+")
_ICE = re.compile(r"[A-Za-z0-9+/]+")
_CODE = re.compile(r"[A-Za-z0-9_-]*")
_UFRAG_LENGTHS = range(4, 64)
_PWD_LENGTHS = range(22, 64)
_IPV4, _IPV6, _MDNS = 0, 1, 2
_LAST = 0x80
_MDNS_SUFFIX = ".local"


class PairingError(ValueError):
    """A code or SDP that cannot be used; ``reason`` says why (see the module)."""

    def __init__(self, reason: Reason, detail: str = "") -> None:
        super().__init__(f"{reason}: {detail}" if detail else reason)
        self.reason: str = reason


@dataclass(frozen=True)
class Pairing:
    """What one side of a table's connection tells the other."""

    kind: Kind
    #: The table seat the offer is for (the answer echoes it), 0-15.
    seat: int
    #: 8 random bytes the host made for the offer (the answer echoes them).
    secret: bytes
    ufrag: str
    pwd: str
    #: The SHA-256 fingerprint of the DTLS certificate (32 bytes).
    fingerprint: bytes
    #: The DTLS role: "actpass" (an offer), "active" or "passive" (an answer).
    setup: str
    #: Host UDP candidates: an IPv4 or IPv6 address or an mDNS ``<uuid>.local``, a port.
    candidates: tuple[tuple[str, int], ...]

    def __post_init__(self) -> None:
        if self.kind not in _KINDS:
            raise PairingError("malformed", f"kind {self.kind!r}")
        if not 0 <= self.seat <= 15:
            raise PairingError("malformed", f"seat {self.seat} is not 0-15")
        if len(self.secret) != SECRET_BYTES:
            raise PairingError("malformed", f"the secret is not {SECRET_BYTES} bytes")
        if len(self.fingerprint) != 32:
            raise PairingError("malformed", "the fingerprint is not 32 bytes (sha-256)")
        if self.setup not in _SETUPS:
            raise PairingError("malformed", f"setup {self.setup!r}")
        if (self.setup == "actpass") != (self.kind == "offer"):
            raise PairingError("kind", f"an {self.kind} with setup {self.setup}")
        _check_ice(self.ufrag, _UFRAG_LENGTHS, "ufrag")
        _check_ice(self.pwd, _PWD_LENGTHS, "pwd")
        if len(self.candidates) > MAX_CANDIDATES:
            raise PairingError("malformed", f"more than {MAX_CANDIDATES} candidates")
        for address, port in self.candidates:
            _address_kind(address)
            if not 1 <= port <= 0xFFFF:
                raise PairingError("malformed", f"port {port}")


def new_secret() -> bytes:
    """The host's random secret for a new offer."""
    return secrets.token_bytes(SECRET_BYTES)


def _check_ice(text: str, lengths: range, name: str) -> None:
    if len(text) not in lengths or not _ICE.fullmatch(text):
        raise PairingError("malformed", f"{name} {text!r}")


def _address_kind(address: str) -> int:
    """_IPV4, _IPV6 or _MDNS (PairingError "malformed" for anything else)."""
    if address.lower().endswith(_MDNS_SUFFIX):
        try:
            uuid.UUID(address[: -len(_MDNS_SUFFIX)])
        except ValueError:
            raise PairingError("malformed", f"mDNS name {address!r}") from None
        return _MDNS
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        raise PairingError("malformed", f"address {address!r}") from None
    return _IPV4 if ip.version == 4 else _IPV6


# -- SDP -----------------------------------------------------------------------------


def _candidate(value: str) -> tuple[str, int] | None:
    """A host UDP candidate of component 1 from an ``a=candidate:`` value, else None."""
    fields = value.split()
    if len(fields) < 8 or fields[1] != "1" or fields[2].lower() != "udp":
        return None
    if fields[6] != "typ" or fields[7] != "host" or not fields[5].isdigit():
        return None
    address, port = fields[4], int(fields[5])
    if not 1 <= port <= 0xFFFF:
        return None
    try:
        kind = _address_kind(address)
    except PairingError:
        return None
    if kind == _MDNS:
        return str(uuid.UUID(address[: -len(_MDNS_SUFFIX)])) + _MDNS_SUFFIX, port
    return str(ipaddress.ip_address(address)), port


def from_sdp(sdp: str, kind: Kind, *, seat: int, secret: bytes) -> Pairing:
    """What of a browser's complete (non-trickle) data-channel SDP the other side needs."""
    if kind not in _KINDS:
        raise PairingError("kind", f"kind {kind!r}")
    attributes: dict[str, str] = {}
    candidates: list[tuple[str, int]] = []
    for raw in sdp.splitlines():
        line = raw.strip()
        if not line.startswith("a="):
            continue
        name, _, value = line[2:].partition(":")
        if name == "candidate":
            found = _candidate(value)
            if found and found not in candidates:
                candidates.append(found)
        elif name == "fingerprint":
            algorithm, _, digest = value.partition(" ")
            if algorithm.lower() == "sha-256":
                attributes.setdefault(name, digest.strip())
        else:
            attributes.setdefault(name, value.strip())
    missing = [a for a in ("ice-ufrag", "ice-pwd", "fingerprint", "setup") if a not in attributes]
    if missing:
        raise PairingError("malformed", f"the SDP has no {', '.join(missing)}")
    try:
        fingerprint = bytes.fromhex(attributes["fingerprint"].replace(":", ""))
    except ValueError:
        raise PairingError("malformed", "the fingerprint is not hexadecimal") from None
    setup = attributes["setup"]
    if setup in _SETUPS and (setup == "actpass") != (kind == "offer"):
        raise PairingError("kind", f"setup {setup} is not of an {kind}")
    if not candidates:
        raise PairingError("no-candidate", "the SDP has no host UDP candidate")
    return Pairing(
        kind=kind,
        seat=seat,
        secret=bytes(secret),
        ufrag=attributes["ice-ufrag"],
        pwd=attributes["ice-pwd"],
        fingerprint=fingerprint,
        setup=setup,
        candidates=tuple(candidates[:MAX_CANDIDATES]),
    )


def to_sdp(p: Pairing) -> str:
    """A minimal standard SDP of ``p`` that Chromium and Firefox accept."""
    session = int.from_bytes(p.secret, "big") >> 1  # 63 bits, stable for one pairing
    lines = [
        "v=0",
        f"o=- {session} 2 IN IP4 127.0.0.1",
        "s=-",
        "t=0 0",
        "a=group:BUNDLE 0",
        "a=msid-semantic: WMS",
        "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
        "c=IN IP4 0.0.0.0",
    ]
    for index, (address, port) in enumerate(p.candidates):
        # Host type preference 126, local preference falling in the code's order.
        priority = (126 << 24) + ((0xFFFF - index) << 8) + 255
        lines.append(f"a=candidate:{index + 1} 1 udp {priority} {address} {port} typ host")
    lines += [
        "a=end-of-candidates",
        f"a=ice-ufrag:{p.ufrag}",
        f"a=ice-pwd:{p.pwd}",
        "a=ice-options:trickle",
        "a=fingerprint:sha-256 " + ":".join(f"{b:02X}" for b in p.fingerprint),
        f"a=setup:{p.setup}",
        "a=mid:0",
        "a=sctp-port:5000",
        "a=max-message-size:262144",
    ]
    return "\r\n".join(lines) + "\r\n"


# -- the code --------------------------------------------------------------------------


def _pack_text(text: str) -> bytes:
    if len(text) % 2 == 0 and _HEX.fullmatch(text):
        return bytes([0x80 | len(text)]) + bytes.fromhex(text)
    bits = 0
    for char in text:
        bits = bits << 6 | _ICE_VALUE[char]
    size = (len(text) * 6 + 7) // 8
    bits <<= size * 8 - len(text) * 6
    return bytes([len(text)]) + bits.to_bytes(size, "big")


def encode(p: Pairing) -> str:
    """The pairing's code: base64url without padding."""
    if not p.candidates:
        raise PairingError("no-candidate", "a code needs a candidate")
    out = bytearray([VERSION, _KINDS.index(p.kind) | _SETUPS.index(p.setup) << 1 | p.seat << 3])
    out += p.secret + p.fingerprint + _pack_text(p.ufrag) + _pack_text(p.pwd)
    for index, (address, port) in enumerate(p.candidates):
        kind = _address_kind(address)
        last = _LAST if index == len(p.candidates) - 1 else 0
        out.append(kind | last)
        if kind == _MDNS:
            out += uuid.UUID(address[: -len(_MDNS_SUFFIX)]).bytes
        else:
            out += ipaddress.ip_address(address).packed
        out += port.to_bytes(2, "big")
    return base64.urlsafe_b64encode(bytes(out)).rstrip(b"=").decode("ascii")


class _Reader:
    def __init__(self, data: bytes) -> None:
        self.data = data
        self.at = 0

    def take(self, size: int) -> bytes:
        if self.at + size > len(self.data):
            raise PairingError("malformed", "the code is cut short")
        chunk = self.data[self.at : self.at + size]
        self.at += size
        return chunk

    def byte(self) -> int:
        return self.take(1)[0]

    def text(self) -> str:
        head = self.byte()
        length = head & 0x3F
        if head & 0x40:
            raise PairingError("malformed", "an unknown text packing")
        if head & 0x80:
            if length % 2:
                raise PairingError("malformed", "odd hexadecimal text")
            return self.take(length // 2).hex()
        size = (length * 6 + 7) // 8
        bits = int.from_bytes(self.take(size), "big")
        spare = size * 8 - length * 6
        if bits & ((1 << spare) - 1):
            raise PairingError("malformed", "padding bits set")
        bits >>= spare
        return "".join(_ICE_CHARS[bits >> (6 * i) & 0x3F] for i in reversed(range(length)))


def _code_bytes(text: str) -> bytes:
    code = "".join(text.split())  # spaces and line breaks typed in or wrapped
    if "join=" in code:
        code = code.rsplit("join=", 1)[1].split("&", 1)[0]
    if not code or not _CODE.fullmatch(code) or len(code) % 4 == 1:
        raise PairingError("malformed", "not a pairing code")
    try:
        data = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
    except (binascii.Error, ValueError):
        raise PairingError("malformed", "not base64url") from None
    if base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii") != code:
        raise PairingError("malformed", "not canonical base64url")
    return data


def decode(text: str, kind: Kind | None = None) -> Pairing:
    """The pairing of a code (or of a link ``...#join=<code>``); ``kind`` the one expected."""
    data = _code_bytes(text)
    if data[0] != VERSION:
        raise PairingError("version", f"version {data[0]}, this is version {VERSION}")
    read = _Reader(data)
    read.at = 1
    flags = read.byte()
    setup_index = flags >> 1 & 3
    if flags & 0x80 or setup_index >= len(_SETUPS):
        raise PairingError("malformed", "unknown flags")
    found: Kind = _KINDS[flags & 1]
    if (setup_index == 0) != (found == "offer"):
        raise PairingError("malformed", "an offer's setup is actpass, an answer's is not")
    if kind is not None and found != kind:
        raise PairingError("kind", f"an {found} where an {kind} was expected")
    secret = read.take(SECRET_BYTES)
    fingerprint = read.take(32)
    ufrag = read.text()
    pwd = read.text()
    candidates: list[tuple[str, int]] = []
    while True:
        tag = read.byte()
        address_kind = tag & 0x7F
        if address_kind == _IPV4:
            address = str(ipaddress.IPv4Address(read.take(4)))
        elif address_kind == _IPV6:
            address = str(ipaddress.IPv6Address(read.take(16)))
        elif address_kind == _MDNS:
            address = str(uuid.UUID(bytes=read.take(16))) + _MDNS_SUFFIX
        else:
            raise PairingError("malformed", f"candidate tag {tag}")
        port = int.from_bytes(read.take(2), "big")
        candidates.append((address, port))
        if tag & _LAST:
            break
    if read.at != len(data):
        raise PairingError("malformed", "trailing bytes")
    return Pairing(
        kind=found,
        seat=flags >> 3 & 0x0F,
        secret=secret,
        ufrag=ufrag,
        pwd=pwd,
        fingerprint=fingerprint,
        setup=_SETUPS[setup_index],
        candidates=tuple(candidates),
    )


def join_link(base: str, code: str) -> str:
    """The link a guest opens to join: ``base`` (its fragment dropped) + ``#join=<code>``."""
    return f"{base.split('#', 1)[0]}#join={code}"
