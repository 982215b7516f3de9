"""Two real browsers joined by web/remote/rtc.mjs, their descriptions carried as pairing
codes: the host's offer SDP -> pairing.from_sdp -> encode -> decode -> to_sdp -> the
guest, and the guest's answer back the same way (in this process, CPython).

Runs only inside the network namespace of e2e/rtc/netns.py (see conftest.py).
"""

from __future__ import annotations

import base64
import json
import time
from collections.abc import Callable, Iterator
from typing import Any, Protocol

import pytest
from playwright.sync_api import BrowserContext, Page

from e2e.conftest import Guard, check_guard
from e2e.rtc.conftest import OPEN_TIMEOUT_S, RECORD, FirefoxPage, module_url
from e2e.rtc.netns import HOST
from web.remote import pairing
from web.remote.pairing import PairingError

SEAT = 2
#: The namespace's network: the only addresses a code may carry here.
PREFIX = HOST.rsplit(".", 1)[0] + "."


class Runs(Protocol):
    def run(self, body: str, *args: Any) -> Any: ...


class ChromiumPage:
    """The site in a Chromium page with nordicRtc imported (as the brief's import())."""

    def __init__(self, page: Page, site_url: str) -> None:
        self.page = page
        page.goto(site_url)
        load = f"await import({json.dumps(module_url(site_url))});"
        assert self.run(load + RECORD) is True

    def run(self, body: str, *args: Any) -> Any:
        """Run an async function body (its arguments as ``args``), return its result."""
        return self.page.evaluate(f"async (args) => {{ {body} }}", list(args))


class Peer:
    """nordicRtc in one page, whichever the engine."""

    def __init__(self, page: Runs) -> None:
        self.page = page

    def call(self, name: str, *args: Any) -> Any:
        return self.page.run(f"return await window.nordicRtc.{name}(...args);", *args)

    def wait(self, id_: str, kind: str, count: int = 1) -> list[str]:
        """The texts of the first ``count`` events of ``kind`` (waits on the page's log)."""
        body = (
            "return await Promise.race([window.__rtcWait(...args), new Promise((_, no) =>"
            f" setTimeout(() => no(new Error('no ' + args[1])), {OPEN_TIMEOUT_S * 1000}))]);"
        )
        result: list[str] = self.page.run(body, id_, kind, count)
        return result


def carry(sdp: str, kind: pairing.Kind, *, seat: int, secret: bytes) -> tuple[str, str]:
    """An SDP through a pairing code, as a phone's camera would carry it: (code, SDP)."""
    code = pairing.encode(pairing.from_sdp(sdp, kind, seat=seat, secret=secret))
    link = pairing.join_link("https://example.github.io/nordic21/", code)
    got = pairing.decode(f"  {link}\n", kind)
    assert got == pairing.decode(code, kind)
    assert all(address.startswith(PREFIX) for address, _ in got.candidates), got.candidates
    return code, pairing.to_sdp(got)


def connect(host: Peer, guest: Peer) -> None:
    """Pair host and guest through codes, then a message each way."""
    secret = pairing.new_secret()
    start = time.monotonic()
    offer_sdp = host.call("offer", "seat2")
    print(f"offer gathered in {time.monotonic() - start:.2f} s")
    offer_code, offer = carry(offer_sdp, "offer", seat=SEAT, secret=secret)
    seen = pairing.decode(offer_code, "offer")
    start = time.monotonic()
    answer_sdp = guest.call("answer", "host", offer)
    print(f"answer gathered in {time.monotonic() - start:.2f} s")
    answer_code, answer = carry(answer_sdp, "answer", seat=seen.seat, secret=seen.secret)
    echoed = pairing.decode(answer_code, "answer")
    assert (echoed.seat, echoed.secret) == (SEAT, secret)
    with pytest.raises(PairingError) as wrong:
        pairing.decode(answer_code, "offer")
    assert wrong.value.reason == "kind"
    host.call("accept", "seat2", answer)
    host.wait("seat2", "open")
    guest.wait("host", "open")
    assert host.call("state", "seat2") == guest.call("state", "host") == "open"
    assert host.call("send", "seat2", "deal: 7 of hearts") is True
    assert guest.wait("host", "message") == ["deal: 7 of hearts"]
    assert guest.call("send", "host", "stand ✋") is True
    assert host.wait("seat2", "message") == ["stand ✋"]
    assert host.call("send", "nobody", "x") is False


@pytest.fixture
def chromium(context: BrowserContext, guard: Guard, site: Any) -> Iterator[Callable[[], Peer]]:
    """Makes guarded Chromium pages of one context; checks the guard after the test."""
    made: list[Peer] = []

    def make() -> Peer:
        made.append(Peer(ChromiumPage(context.new_page(), site.url)))
        return made[-1]

    yield make
    check_guard(context, guard)


def test_chromium_host_chromium_guest(chromium: Callable[[], Peer]) -> None:
    """Chromium tablet and Chromium phone: open, a message each way, then the close."""
    host, guest = chromium(), chromium()
    connect(host, guest)
    host.call("close", "seat2")
    assert host.call("state", "seat2") == "none"
    assert guest.wait("host", "close") == [""]
    assert guest.call("send", "host", "too late") is False


def test_chromium_host_firefox_guest(
    chromium: Callable[[], Peer], firefox_page: FirefoxPage
) -> None:
    """Chromium tablet, Firefox phone."""
    connect(chromium(), Peer(firefox_page))


def test_firefox_host_chromium_guest(
    chromium: Callable[[], Peer], firefox_page: FirefoxPage
) -> None:
    """Firefox tablet, Chromium phone."""
    connect(Peer(firefox_page), chromium())


def test_codes_of_a_real_offer_refuse_corruption(chromium: Callable[[], Peer]) -> None:
    """A real offer's code: corrupt, cut, lengthened or foreign codes raise PairingError
    with the right reason, and a replaced offer under the same id closes the old one."""
    host = chromium()
    first = host.call("offer", "seat1")
    code = pairing.encode(pairing.from_sdp(first, "offer", seat=1, secret=bytes(8)))
    assert pairing.decode(code).candidates[0][0].startswith(PREFIX)
    raw = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))

    def recode(data: bytes) -> str:
        return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")

    cases = {
        "version": [recode(b"\x02" + raw[1:]), recode(b"\x00" + raw[1:])],
        "malformed": [
            recode(raw[:-1]),
            recode(raw + b"\x00"),
            code + "!",
            "",
            "#join=",
            "hello world",
            recode(raw[:1] + b"\xff" + raw[2:]),
        ],
    }
    for reason, codes in cases.items():
        for bad in codes:
            with pytest.raises(PairingError) as error:
                pairing.decode(bad)
            assert error.value.reason == reason, bad
    with pytest.raises(PairingError) as error:
        pairing.decode(code, "answer")
    assert error.value.reason == "kind"
    with pytest.raises(PairingError) as error:
        pairing.from_sdp(first, "answer", seat=1, secret=bytes(8))
    assert error.value.reason == "kind"
    second = host.call("offer", "seat1")
    assert second != first
    assert host.call("state", "seat1") == "new"
