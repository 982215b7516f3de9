"""Pairing codes (web/remote/pairing.py) on real SDPs of Chromium 156 and Firefox ESR 153.

tests/data/sdp/ holds descriptions captured once through web/remote/rtc.mjs inside the
network namespace of e2e/rtc/netns.py (host candidates 10.213.0.1): an offer and an
answer of each engine (Firefox answering Chromium's offer and the reverse), and an offer
of each with mDNS obfuscation on (a ``<uuid>.local`` candidate, as phones send).
"""

from __future__ import annotations

import base64
import dataclasses
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from web.remote import pairing
from web.remote.pairing import Pairing, PairingError

SDP = Path(__file__).parent / "data" / "sdp"
FIXTURES = sorted(p.name for p in SDP.glob("*.sdp"))
SECRET = bytes(range(1, 9))


def sdp(name: str) -> str:
    return (SDP / name).read_text("utf-8")


def kind_of(name: str) -> pairing.Kind:
    return "offer" if "offer" in name else "answer"


def parsed(name: str, seat: int = 3) -> Pairing:
    return pairing.from_sdp(sdp(name), kind_of(name), seat=seat, secret=SECRET)


def raw(code: str) -> bytes:
    return base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))


def recode(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


REASONS = ("malformed", "version", "kind", "no-candidate")


def outcome(text: str) -> str:
    """What decode makes of ``text``: "ok", or the reason of its PairingError (any other
    exception escapes and fails the test)."""
    try:
        pairing.decode(text)
    except PairingError as error:
        return error.reason
    return "ok"


def reason(call: object, *args: object, **kwargs: object) -> str:
    assert callable(call)
    with pytest.raises(PairingError) as error:
        call(*args, **kwargs)
    return error.value.reason


def test_all_fixtures_are_here() -> None:
    assert FIXTURES == [
        "chromium-answer.sdp",
        "chromium-offer-mdns.sdp",
        "chromium-offer.sdp",
        "firefox-answer.sdp",
        "firefox-offer-mdns.sdp",
        "firefox-offer.sdp",
    ]


@pytest.mark.parametrize("name", FIXTURES)
def test_real_sdp_round_trips(name: str) -> None:
    p = parsed(name)
    code = pairing.encode(p)
    assert pairing.decode(code, kind_of(name)) == p
    # The SDP written back reads as the same pairing.
    assert pairing.from_sdp(pairing.to_sdp(p), p.kind, seat=3, secret=SECRET) == p
    assert len(code) <= 112
    assert set(code) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


@pytest.mark.parametrize("name", FIXTURES)
def test_what_a_real_sdp_keeps(name: str) -> None:
    p = parsed(name)
    text = sdp(name)
    assert f"a=ice-ufrag:{p.ufrag}" in text
    assert f"a=ice-pwd:{p.pwd}" in text
    assert ":".join(f"{b:02X}" for b in p.fingerprint) in text
    assert p.setup == ("actpass" if p.kind == "offer" else "active")
    # One host UDP candidate each: Firefox's TCP candidate is left out.
    assert len(p.candidates) == 1
    address, port = p.candidates[0]
    assert f" {address} {port} typ host" in text
    if "mdns" in name:
        assert address.endswith(".local") and len(address) == 36 + 6
    else:
        assert address == "10.213.0.1"


def test_sizes_in_the_docstring() -> None:
    offer = parsed("chromium-offer.sdp")
    mdns = parsed("chromium-offer-mdns.sdp")
    two = dataclasses.replace(offer, candidates=offer.candidates + mdns.candidates)
    sizes = [len(pairing.encode(p)) for p in (offer, mdns, two)]
    assert sizes == [96, 112, 122]
    assert len(pairing.encode(parsed("firefox-offer.sdp"))) == 95
    base = "https://example.github.io/nordic21/app/"
    assert len(base + "x") == 40
    assert len(pairing.join_link(base + "x", pairing.encode(offer))) == 142
    assert str(sizes[0]) in (pairing.__doc__ or "")


def test_to_sdp_is_a_minimal_standard_sdp() -> None:
    p = parsed("firefox-answer.sdp")
    text = pairing.to_sdp(p)
    assert text.endswith("\r\n") and "\n" not in text.replace("\r\n", "")
    lines = text.split("\r\n")
    assert lines[0] == "v=0" and lines[1].startswith("o=- ")
    for line in (
        "s=-",
        "t=0 0",
        "a=group:BUNDLE 0",
        "a=msid-semantic: WMS",
        "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
        "c=IN IP4 0.0.0.0",
        "a=end-of-candidates",
        "a=ice-options:trickle",
        "a=setup:active",
        "a=mid:0",
        "a=sctp-port:5000",
        "a=max-message-size:262144",
    ):
        assert line in lines
    address, port = p.candidates[0]
    assert f"a=candidate:1 1 udp 2130706431 {address} {port} typ host" in lines


def test_candidates_kept_and_their_order() -> None:
    base = parsed("chromium-offer.sdp")
    extra = (
        "a=candidate:9 1 udp 2113937151 fd00::1 5000 typ host\r\n"
        "a=candidate:9 1 udp 2113937151 10.213.0.1 6000 typ srflx raddr 0.0.0.0 rport 0\r\n"
        "a=candidate:9 2 udp 2113937151 10.213.0.1 6001 typ host\r\n"
        "a=candidate:9 1 tcp 2113937151 10.213.0.1 9 typ host tcptype active\r\n"
        "a=candidate:9 1 udp 2113937151 not-a-name.local 6002 typ host\r\n"
        "a=candidate:9 1 UDP 2113937151 FD00:0:0::2 5001 typ host\r\n"
        "a=candidate:9 1 udp 2113937151 "
        "B17374D6-059C-4E0E-894E-1C10BB6C7E18.LOCAL 5002 typ host\r\n"
    )
    p = pairing.from_sdp(sdp("chromium-offer.sdp") + extra, "offer", seat=0, secret=SECRET)
    assert p.candidates == (
        base.candidates[0],
        ("fd00::1", 5000),
        ("fd00::2", 5001),
        ("b17374d6-059c-4e0e-894e-1c10bb6c7e18.local", 5002),
    )
    assert pairing.decode(pairing.encode(p)) == p


def test_no_candidate() -> None:
    for name in ("chromium-offer.sdp", "firefox-answer.sdp"):
        udp_gone = "\n".join(line for line in sdp(name).splitlines() if " UDP " not in line.upper())
        kind = kind_of(name)
        assert reason(pairing.from_sdp, udp_gone, kind, seat=0, secret=SECRET) == "no-candidate"
    empty = dataclasses.replace(parsed("chromium-offer.sdp"), candidates=())
    assert reason(pairing.encode, empty) == "no-candidate"


def test_sdp_errors() -> None:
    offer = sdp("chromium-offer.sdp")
    assert reason(pairing.from_sdp, offer, "answer", seat=0, secret=SECRET) == "kind"
    answer = sdp("firefox-answer.sdp")
    assert reason(pairing.from_sdp, answer, "offer", seat=0, secret=SECRET) == "kind"
    for cut in ("a=ice-ufrag", "a=ice-pwd", "a=fingerprint", "a=setup"):
        text = "\n".join(line for line in offer.splitlines() if not line.startswith(cut))
        assert reason(pairing.from_sdp, text, "offer", seat=0, secret=SECRET) == "malformed"
    assert reason(pairing.from_sdp, "", "offer", seat=0, secret=SECRET) == "malformed"
    sha1 = offer.replace("a=fingerprint:sha-256", "a=fingerprint:sha-1")
    assert reason(pairing.from_sdp, sha1, "offer", seat=0, secret=SECRET) == "malformed"
    short = offer.replace("a=ice-pwd:", "a=ice-pwd:x\r\na=ignored:")
    assert reason(pairing.from_sdp, short, "offer", seat=0, secret=SECRET) == "malformed"
    assert reason(pairing.from_sdp, offer, "offer", seat=16, secret=SECRET) == "malformed"
    assert reason(pairing.from_sdp, offer, "offer", seat=0, secret=b"short") == "malformed"


def test_code_errors() -> None:
    code = pairing.encode(parsed("chromium-offer-mdns.sdp"))
    data = raw(code)
    assert reason(pairing.decode, recode(b"\x02" + data[1:])) == "version"
    assert reason(pairing.decode, recode(b"\x00" + data[1:])) == "version"
    assert reason(pairing.decode, code, "answer") == "kind"
    assert reason(pairing.decode, pairing.encode(parsed("firefox-answer.sdp")), "offer") == "kind"
    for bad in (
        "",
        "   ",
        "A",
        "#join=",
        "https://example.org/#join=",
        "hello world!",
        code + "=",
        code[:-1] + "*",
        recode(data[:-1]),
        recode(data[:10]),
        recode(data + b"\x00"),
        recode(data[:1] + b"\x80" + data[2:]),  # an unknown flag
        recode(data[:1] + b"\x07" + data[2:]),  # setup index 3
        recode(data[:1] + b"\x02" + data[2:]),  # an offer whose setup is "active"
        recode(data[:42] + b"\x40" + data[43:]),  # an unknown text packing
        recode(data[:42] + b"\x02" + data[43:]),  # a ufrag of 2 characters
        recode(data[:-19] + b"\x83" + data[-18:]),  # candidate tag 3
        recode(data[:-19] + b"\x02" + data[-18:]),  # not the last: cut short
        recode(data[:-2] + b"\x00\x00"),  # port 0
    ):
        assert reason(pairing.decode, bad) == "malformed", bad


def test_non_canonical_base64_is_refused() -> None:
    code = pairing.encode(parsed("chromium-offer.sdp"))  # 96 characters: no spare bits
    mdns = pairing.encode(parsed("firefox-offer.sdp"))  # 95: two spare bits
    assert len(code) % 4 == 0 and len(mdns) % 4 == 3
    last = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".index(mdns[-1])
    spare = mdns[:-1] + "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"[last | 1]
    assert spare != mdns
    assert reason(pairing.decode, spare) == "malformed"


def test_whitespace_and_links() -> None:
    p = parsed("firefox-offer-mdns.sdp", seat=5)
    code = pairing.encode(p)
    wrapped = "\n".join(code[i : i + 20] for i in range(0, len(code), 20))
    typed = " ".join(code[i : i + 4] for i in range(0, len(code), 4))
    link = pairing.join_link("https://example.github.io/nordic21/#old=1", code)
    assert link == f"https://example.github.io/nordic21/#join={code}"
    for text in (
        f"  {code}\n",
        f"\t{wrapped}\r\n",
        typed,
        link,
        f"  {link}\n",
        link[:30] + "\n" + link[30:],
        f"#join={code}",
        f"join={code}",
        f"https://x.example/?a=1#join={code}&from=qr",
    ):
        assert pairing.decode(text, "offer") == p, text


def test_pairing_checks_its_fields() -> None:
    p = parsed("chromium-offer.sdp")
    for change in (
        {"seat": -1},
        {"seat": 16},
        {"secret": b""},
        {"fingerprint": bytes(20)},
        {"setup": "holdconn"},
        {"ufrag": "abc"},
        {"pwd": "short"},
        {"ufrag": "abc d"},
        {"candidates": (("10.0.0.1", 0),)},
        {"candidates": (("host.example", 5000),)},
        {"candidates": (("10.0.0.1", 5000),) * 9},
    ):
        assert reason(dataclasses.replace, p, **change) == "malformed", change
    assert reason(dataclasses.replace, p, setup="active") == "kind"


def test_new_secret() -> None:
    assert len(pairing.new_secret()) == pairing.SECRET_BYTES == 8
    assert pairing.new_secret() != pairing.new_secret()


ICE = st.text(
    alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/",
    min_size=22,
    max_size=63,
)
ADDRESSES = st.one_of(
    st.ip_addresses().map(str),
    st.uuids().map(lambda u: f"{u}.local"),
)
PAIRINGS = st.builds(
    lambda kind, setup, seat, secret, ufrag, pwd, fp, cands: Pairing(
        kind=kind,
        seat=seat,
        secret=secret,
        ufrag=ufrag,
        pwd=pwd,
        fingerprint=fp,
        setup="actpass" if kind == "offer" else setup,
        candidates=tuple(cands),
    ),
    st.sampled_from(["offer", "answer"]),
    st.sampled_from(["active", "passive"]),
    st.integers(0, 15),
    st.binary(min_size=8, max_size=8),
    st.one_of(ICE.map(lambda s: s[:4]), st.binary(min_size=2, max_size=31).map(bytes.hex)),
    st.one_of(ICE, st.binary(min_size=11, max_size=31).map(bytes.hex)),
    st.binary(min_size=32, max_size=32),
    st.lists(st.tuples(ADDRESSES, st.integers(1, 65535)), min_size=1, max_size=8),
)


@given(PAIRINGS)
def test_any_pairing_round_trips(p: Pairing) -> None:
    assert pairing.decode(pairing.encode(p), p.kind) == p
    again = pairing.from_sdp(pairing.to_sdp(p), p.kind, seat=p.seat, secret=p.secret)
    assert again == dataclasses.replace(p, candidates=tuple(dict.fromkeys(p.candidates)))


@given(st.binary(max_size=200))
def test_random_bytes_raise_only_pairing_errors(data: bytes) -> None:
    for text in (recode(data), recode(b"\x01" + data), recode(b"\x01\x00" + data)):
        assert outcome(text) in (*REASONS, "ok")


@given(st.text(max_size=200))
def test_random_text_raises_only_pairing_errors(text: str) -> None:
    assert outcome(text) in ("malformed", "version", "ok")
