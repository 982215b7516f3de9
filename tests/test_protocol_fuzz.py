"""Hostile and malformed messages from a guest device: refused in words, never an
exception, never a change to the match or to who holds which seat.

The host's side of the protocol (:mod:`web.remote.protocol`, through the real
:class:`web.controllers.devices.DevicesController` of an app with a phone joined) gets
random JSON and random text under the size limit (Hypothesis), on the joined phone's
channel and on a stranger's; every answer it sends is a well-formed message.
"""

from __future__ import annotations

import json
import string
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.test_devices import Wire, guest_app, host_table, join
from web.remote.protocol import MAX_GUEST_MESSAGE, PROTOCOL, Refusal, decode, encode

KINDS = ("hello", "act", "seen", "welcome", "frame", "bye", "refused", "")

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False)
    | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=20,
)

#: A message shaped like the protocol's (a type, a version, the usual fields) with
#: anything in them.
shaped = st.fixed_dictionaries(
    {"t": st.sampled_from(KINDS) | st.text(max_size=6)},
    optional={
        "v": st.sampled_from([PROTOCOL, True, 1.0, "1", 2, 0, None]),
        "seat": json_values | st.integers(-3, 5),
        "secret": json_values,
        "token": json_values,
        "lang": json_values,
        "step": json_values | st.integers(-2, 400),
        "move": json_values,
    },
).map(lambda d: json.dumps(d))

#: Any text at all, and JSON nested past the parser's depth.
texts = (
    st.text(max_size=300)
    | st.binary(max_size=300).map(lambda b: b.decode("latin-1"))
    | st.integers(1, MAX_GUEST_MESSAGE // 2).map(lambda n: "[" * n + "]" * n)
    | st.integers(1, MAX_GUEST_MESSAGE - 10).map(lambda n: '{"t":"act","v":1,"move":' + "[" * n)
    | st.text(alphabet=string.printable, max_size=200)
)


def test_deep_nesting_and_a_true_version_are_refused() -> None:
    """The two found by hand: 1,500 "[" raised RecursionError out of decode, and
    ``"v": true`` passed for version 1."""
    with pytest.raises(Refusal) as deep:
        decode("[" * 1500 + "]" * 1500, limit=MAX_GUEST_MESSAGE)
    assert deep.value.reason == "malformed"
    for version in ("true", "1.0", '"1"'):
        with pytest.raises(Refusal) as wrong:
            decode('{"t":"seen","v":' + version + "}")
        assert wrong.value.reason == "version"
    assert decode(encode("seen"))["t"] == "seen"


@pytest.fixture(scope="module")
def joined() -> tuple[Any, ...]:
    wire = Wire()
    host, host_page, host_link = host_table("tjueett", ["human", "device", "medium"], wire)
    guest, guest_page, guest_link = guest_app(wire)
    join(host, host_page, guest, guest_page, wire, seat=1)
    channel = next(c for (end, c) in wire.peers if end == id(host_link))
    return host, host_link, guest_link, wire, channel


def _held(host: Any) -> tuple[Any, ...]:
    """What no refused message may change: the match, the seats and who holds them."""
    session = host.play.session
    seats = host.devices.seats.seats
    return (
        session.state,
        session.seats,
        tuple((s, r.token, r.channel, r.secret) for s, r in sorted(seats.items())),
    )


@settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(text=shaped | texts, stranger=st.booleans())
def test_no_message_escapes_as_an_exception_or_changes_anything(
    joined: tuple[Any, ...], text: str, stranger: bool
) -> None:
    host, _, guest_link, wire, channel = joined
    if len(text) > MAX_GUEST_MESSAGE:
        text = text[:MAX_GUEST_MESSAGE]
    before = _held(host)
    heard = len(guest_link.received)
    host.devices.on_message("stranger-9" if stranger else channel, text)
    wire.flush()
    assert _held(host) == before
    for answer in guest_link.received[heard:]:
        message = decode(answer)
        assert message["t"] in ("refused", "frame", "welcome")
        if message["t"] == "refused":
            assert isinstance(message["why"], str)
