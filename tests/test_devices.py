"""One table on many devices, under pytest: a host app and guest apps (the real
controllers, screens, protocol, pairing codes and rules), joined by an in-memory
stand-in for WebRTC that passes the real pairing codes and messages between them.

The browsers' own WebRTC is tested in e2e/rtc/ (real Chromium and Firefox, inside a
network namespace); here it is the host's authority: what a guest may do, what it is
sent, and that nothing hidden from its seat ever reaches it.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from pygame_core import game_ids, get_game
from tests.tables import DictStore, FakePage, at_table, controls, dataset
from web.app import App
from web.controllers.guest import HELLO_TRIES
from web.remote import pairing
from web.remote.protocol import PROTOCOL, encode, event_data, secret_text

SDP = Path(__file__).parent / "data" / "sdp"


class Wire:
    """The air between the devices: every callback and message is queued, as the
    browser's are, and delivered by :meth:`flush`."""

    def __init__(self) -> None:
        self.queue: list[Callable[[], None]] = []
        #: channel -> (the other end's link, its channel)
        self.peers: dict[tuple[int, str], tuple[LoopLink, str]] = {}
        self.answered: list[tuple[LoopLink, str]] = []

    def flush(self, limit: int = 500) -> None:
        ran = 0
        while self.queue and ran < limit:
            self.queue.pop(0)()
            ran += 1


class LoopLink:
    """A :class:`web.controllers.base.LinkPort` over a :class:`Wire`."""

    def __init__(self, wire: Wire, engine: str = "chromium") -> None:
        self.wire = wire
        self.engine = engine
        self.on_event: Callable[[str, str, str], None] | None = None
        #: Every message this device received, in order.
        self.received: list[str] = []
        self.cues = 0
        #: How many of its next messages are lost on the way (sent as far as the page
        #: can tell, never delivered).
        self.drop = 0

    def available(self) -> bool:
        return True

    def listen(self, on_event: Callable[[str, str, str], None]) -> None:
        self.on_event = on_event

    def offer(
        self, channel: str, done: Callable[[str], None], failed: Callable[[str], None]
    ) -> None:
        sdp = (SDP / f"{self.engine}-offer.sdp").read_text()
        self.wire.queue.append(lambda: done(sdp))

    def answer(
        self, channel: str, offer: str, done: Callable[[str], None], failed: Callable[[str], None]
    ) -> None:
        assert "a=fingerprint:sha-256" in offer
        sdp = (SDP / f"{self.engine}-answer.sdp").read_text()
        self.wire.answered.append((self, channel))
        self.wire.queue.append(lambda: done(sdp))

    def accept(self, channel: str, answer: str, failed: Callable[[str], None]) -> None:
        guest, guest_channel = self.wire.answered.pop()
        self.wire.peers[(id(self), channel)] = (guest, guest_channel)
        self.wire.peers[(id(guest), guest_channel)] = (self, channel)
        self.wire.queue.append(lambda: self.event(channel, "open", ""))
        self.wire.queue.append(lambda: guest.event(guest_channel, "open", ""))

    def event(self, channel: str, kind: str, text: str) -> None:
        if kind == "message":
            self.received.append(text)
        assert self.on_event is not None
        self.on_event(channel, kind, text)

    def send(self, channel: str, text: str) -> bool:
        peer = self.wire.peers.get((id(self), channel))
        if peer is None:
            return False
        other, other_channel = peer
        if self.drop:
            self.drop -= 1
            return True
        self.wire.queue.append(lambda: other.event(other_channel, "message", text))
        return True

    def close(self, channel: str) -> None:
        peer = self.wire.peers.pop((id(self), channel), None)
        if peer is not None:
            other, other_channel = peer
            self.wire.peers.pop((id(other), other_channel), None)
            self.wire.queue.append(lambda: other.event(other_channel, "close", ""))

    def scan(self, video: str, done: Callable[[str], None], failed: Callable[[str], None]) -> None:
        failed("NotFoundError")

    def stop_scan(self) -> None:
        pass

    def cue(self) -> None:
        self.cues += 1

    def site(self) -> str:
        return "http://192.168.1.20:8000/nordic21/"


def host_table(
    game_id: str, kinds: list[str], wire: Wire, seed: int = 7
) -> tuple[App, FakePage, LoopLink]:
    link = LoopLink(wire)
    names = ["Ann", "Bo", "Cy", "Di"][: len(kinds)]
    host, page = at_table(game_id, kinds, seed=seed, names=names, link=link)
    wire.flush()  # the pairing codes are made
    host.render()
    return host, page, link


def guest_app(
    wire: Wire, lang: str = "en", store: DictStore | None = None
) -> tuple[App, FakePage, LoopLink]:
    page = FakePage()
    link = LoopLink(wire)
    app = App(store or DictStore(), lang, page, link)
    page.app = app
    app.open_address("")
    return app, page, link


def pair_code(host_page: FakePage, seat: int) -> str:
    found = [
        a
        for a in controls(host_page.markup)
        if a.get("data-action") == "device-answer" and a.get("data-seat") == str(seat)
    ]
    assert found, f"no pairing panel for seat {seat}"
    import re

    code = re.search(rf'data-pair-code="offer-{seat}">([^<]+)<', host_page.markup)
    assert code, "the code as text"
    return code.group(1)


def join(
    host: App, host_page: FakePage, guest: App, guest_page: FakePage, wire: Wire, seat: int
) -> None:
    """The guest reads the host's code (pasted) and the host takes the guest's answer."""
    code = pair_code(host_page, seat)
    guest.on_action("join-table", {})
    guest.on_action("guest-join", {"value": "  " + code + "\n"})
    wire.flush()
    guest.render()
    import re

    answer = re.search(r'data-pair-code="answer">([^<]+)<', guest_page.markup)
    assert answer, guest_page.markup[:400]
    host.on_action("device-answer", {"seat": str(seat), "value": answer.group(1)})
    wire.flush()


def frames(link: LoopLink) -> list[dict[str, Any]]:
    return [m for m in map(json.loads, link.received) if m["t"] == "frame"]


def test_a_guest_joins_by_the_code_and_gets_only_its_seats_frame() -> None:
    wire = Wire()
    host, host_page, _ = host_table("tjueett", ["human", "device", "medium"], wire)
    assert 'data-device-seat="1"' in host_page.markup
    guest, guest_page, glink = guest_app(wire, lang="nb")
    join(host, host_page, guest, guest_page, wire, seat=1)
    assert guest.screen == "guest"
    assert 'data-device-seat="1"' not in host_page.markup, "the code goes once the phone joined"
    got = frames(glink)
    assert got and all(f["seat"] == 1 for f in got)
    session = host.play.session
    assert session is not None
    game = session.game
    assert game.view_from_dict(got[-1]["view"]) == game.view(session.state, 1)
    # the guest's log is in its own language
    assert guest.tr.lang == "nb"


def move_button(app: App, page: FakePage) -> dict[str, str]:
    """An enabled move button on screen, picking a card in hand first if a move needs
    one (Twenty One's play and exchange)."""

    def enabled() -> list[dict[str, str]]:
        return [
            a
            for a in controls(page.markup)
            if a.get("data-action") == "act" and "disabled" not in a
        ]

    if enabled():
        return enabled()[-1]
    cards = [a for a in controls(page.markup) if a.get("data-action") == "toggle-card"]
    assert cards, "no move and no card to pick on the person's turn"
    for card in cards:
        app.on_action("toggle-card", dataset(card))
        if enabled():
            return enabled()[-1]
        app.on_action("toggle-card", dataset(card))
    raise AssertionError("no move button after picking a card")


def play_out(
    host: App,
    hpage: FakePage,
    guests: dict[int, tuple[App, FakePage, LoopLink]],
    wire: Wire,
    steps: int = 400,
) -> None:
    """Play the match on: each seat on a phone taps its own first move button there,
    the person at the host taps there, the bots move; moments are continued."""
    for _ in range(steps):
        session = host.play.session
        assert session is not None
        if session.over and not host.play.held:
            return
        wire.flush()
        if host.play.held:
            host.on_action("moment-seen", {})
            continue
        seat = session.current
        if seat is None:
            return
        if seat in guests:
            guest, gpage, _ = guests[seat]
            guest.render()
            guest.on_action("act", dataset(move_button(guest, gpage)))
            wire.flush()
        elif session.seats[seat].is_bot:
            hpage.run_timers(1)
        else:
            host.on_action("act", dataset(move_button(host, hpage)))


#: Seats a game's two-phone round adds after the person and the two phones (Twenty
#: One: a bot, so the phones play a four-hand deal).
MORE_SEATS = {"twentyone": ["medium"]}


@pytest.mark.parametrize("game_id", game_ids())
def test_a_round_with_two_phones_keeps_every_hidden_card_hidden(game_id: str) -> None:
    """Every game (the hiding ones above all): what each phone is sent is its seat's."""
    wire = Wire()
    kinds = ["human", "device", "device", *MORE_SEATS.get(game_id, [])]
    host, hpage, _ = host_table(game_id, kinds, wire)
    guests = {}
    for seat in (1, 2):
        guests[seat] = guest_app(wire)
        join(host, hpage, guests[seat][0], guests[seat][1], wire, seat)
    session = host.play.session
    assert session is not None
    start = len(session.state.history)
    play_out(host, hpage, guests, wire, steps=60)
    session = host.play.session
    assert session is not None and len(session.state.history) > start + 5
    game = session.game
    # every card a phone was ever sent is one its seat could see at that step: replay
    # the match and check each frame against the unseen cards of its seat then
    for seat, (_, _, link) in guests.items():
        for message in frames(link):
            text = (
                json.dumps(message["view"])
                + json.dumps(message["fresh"])
                + json.dumps(message["moment"])
            )
            assert message["seat"] == seat
            assert '"visible_to"' not in text
        assert link.cues > 0, "the phone was told when its turn came"
    # the views sent equal the core's view of that seat at the step they name
    state = game.new_game(session.state.config, session.state.seed)
    by_step: dict[int, Any] = {0: state}
    for i, action in enumerate(session.state.history):
        state, _ = game.apply(state, action)
        by_step[i + 1] = state
    for seat, (_, _, link) in guests.items():
        for message in frames(link):
            if message["moment"] is None:
                assert game.view_from_dict(message["view"]) == game.view(
                    by_step[message["step"]], seat
                )
    # every event a phone was sent is one its seat may see (the host's own, filtered)
    for seat, (_, _, link) in guests.items():
        visible = {event_data(e).__repr__() for e in session.events if e.visible_for(seat)}
        hidden = {event_data(e).__repr__() for e in session.events if not e.visible_for(seat)}
        assert hidden or not game.hides_information, "the match had events hidden from the seat"
        for message in frames(link):
            story = message["moment"][1] if message["moment"] else []
            for sent in message["fresh"] + story:
                assert repr(sent) in visible


def hostile(host: App, wire: Wire, glink: LoopLink, message: str) -> str:
    """Send ``message`` from the guest's channel; the host's answer's reason."""
    channel = next(ch for (owner, ch), _ in wire.peers.items() if owner == id(glink))
    before = len(glink.received)
    glink.send(channel, message)
    wire.flush()
    answers = [json.loads(m) for m in glink.received[before:]]
    refused = [a["why"] for a in answers if a["t"] == "refused"]
    return refused[0] if refused else "accepted"


def test_hostile_messages_change_nothing() -> None:
    wire = Wire()
    host, hpage, _ = host_table("tjueett", ["human", "device", "device"], wire)
    g1 = guest_app(wire)
    g2 = guest_app(wire)
    join(host, hpage, g1[0], g1[1], wire, 1)
    join(host, hpage, g2[0], g2[1], wire, 2)
    session = host.play.session
    assert session is not None
    # play until seat 1 is to act
    for _ in range(30):
        wire.flush()
        if host.play.held:
            host.on_action("moment-seen", {})
        elif session.current == 1:
            break
        elif session.current == 0:
            buttons = [
                a
                for a in controls(hpage.markup)
                if a.get("data-action") == "act" and "disabled" not in a
            ]
            host.on_action("act", dataset(buttons[0]))
        else:
            hpage.run_timers(1)
    assert session.current == 1
    before = session.state
    token1 = json.loads(g1[0].ctx.store.get("guest") or "{}")["token"]
    token2 = json.loads(g2[0].ctx.store.get("guest") or "{}")["token"]
    step = len(before.history)
    legal = get_game("tjueett").legal_actions(before)
    move = session.game.action_to_dict(legal[0])
    # seat 2 tries seat 1's move; seat 2 with seat 1's token
    assert (
        hostile(host, wire, g2[2], encode("act", token=token2, step=step, move=move))
        == "not-your-turn"
    )
    assert hostile(host, wire, g2[2], encode("act", token=token1, step=step, move=move)) == "token"
    # garbage, another version, an illegal move, an old step, a huge message
    assert hostile(host, wire, g1[2], "{not json") == "malformed"
    assert hostile(host, wire, g1[2], json.dumps({"v": PROTOCOL + 1, "t": "act"})) == "version"
    assert (
        hostile(host, wire, g1[2], encode("act", token=token1, step=step, move={"type": "Nope"}))
        == "malformed"
    )
    illegal = {"type": "Bet", "amount": 10**6}
    assert hostile(host, wire, g1[2], encode("act", token=token1, step=step, move=illegal)) in (
        "illegal",
        "malformed",
    )
    assert (
        hostile(host, wire, g1[2], encode("act", token=token1, step=step - 1, move=move)) == "stale"
    )
    assert hostile(host, wire, g1[2], "x" * 10_000) == "malformed"
    # a second hello on a joined seat's channel from another device cannot take it
    assert (
        hostile(host, wire, g2[2], encode("hello", seat=1, secret="AAAA", token=None, lang="en"))
        == "secret"
    )
    assert session.state == before, "nothing changed"
    # the real move goes through, once; replayed, it is stale
    message = encode("act", token=token1, step=step, move=move)
    assert hostile(host, wire, g1[2], message) == "accepted"
    assert len(session.state.history) == step + 1
    assert hostile(host, wire, g1[2], message) in ("stale", "not-your-turn")
    assert len(session.state.history) == step + 1


def test_a_hello_lost_on_the_way_is_said_again_and_answered_the_same() -> None:
    """Chromium tells a phone its channel is open (the ``datachannel`` event) before the
    channel is open underneath, and a message sent then is dropped without a word ("Send
    failed INVALID_STATE" in its log): in CI a phone's table never came. The phone says
    hello again until the host answers; the host answers the same hello on the same
    channel as it did the first (the same token, no refusal), and nobody else's."""
    wire = Wire()
    host, hpage, _ = host_table("tjueett", ["human", "device", "medium"], wire)
    guest, gpage, glink = guest_app(wire)
    glink.drop = 1
    join(host, hpage, guest, gpage, wire, 1)
    guest.render()
    assert not glink.received and 'data-guest="joining"' in gpage.markup, "the hello was lost"
    gpage.run_timers(1)  # a while later: hello again
    wire.flush()
    guest.render()
    assert frames(glink) and guest.screen == "guest"
    assert 'class="table' in gpage.markup, "the phone's table came"
    token = json.loads(guest.ctx.store.get("guest") or "{}")["token"]
    # the same hello once more (a slow answer crossed it): the same seat, the same token
    offer = guest.guest.offer
    again = encode("hello", seat=1, secret=secret_text(offer.secret), token=None, lang="en")
    assert hostile(host, wire, glink, again) == "accepted"
    assert json.loads(guest.ctx.store.get("guest") or "{}")["token"] == token
    # joined, the phone says no more hellos; no message of it was refused
    before = len(glink.received)
    assert gpage.run_timers() >= 1
    wire.flush()
    assert len(glink.received) == before
    assert [m for m in map(json.loads, glink.received) if m["t"] == "refused"] == []


def test_a_phone_whose_hellos_all_go_unanswered_asks_for_a_new_code() -> None:
    """No answer to any hello: the phone lets the channel go and says the connection
    was lost; the table, its channel closed, shows a new code for the seat, and the
    phone takes the seat with it."""
    wire = Wire()
    host, hpage, _ = host_table("tjueett", ["human", "device", "medium"], wire)
    guest, gpage, glink = guest_app(wire)
    glink.drop = HELLO_TRIES
    join(host, hpage, guest, gpage, wire, 1)
    assert gpage.run_timers() == HELLO_TRIES  # the hellos again, then giving up
    wire.flush()
    host.render()
    wire.flush()
    host.render()
    guest.render()
    assert 'data-guest="lost"' in gpage.markup and not glink.received
    assert 'data-device-seat="1"' in hpage.markup, "a new code for the seat"
    join(host, hpage, guest, gpage, wire, 1)
    guest.render()
    assert frames(glink) and 'class="table' in gpage.markup


def test_a_reloaded_phone_rejoins_its_seat_with_its_token() -> None:
    wire = Wire()
    host, hpage, _ = host_table("tjueett", ["human", "device", "medium"], wire)
    store = DictStore()
    guest, gpage, glink = guest_app(wire, store=store)
    join(host, hpage, guest, gpage, wire, 1)
    token = json.loads(store.get("guest") or "{}")["token"]
    # the phone reloads: its channel closes, the host shows a new code for the seat
    channel = next(ch for (owner, ch), _ in wire.peers.items() if owner == id(glink))
    glink.close(channel)
    wire.flush()
    host.render()
    wire.flush()
    host.render()
    assert 'data-device-seat="1"' in hpage.markup
    again, apage, alink = guest_app(wire, store=store)
    again.open_address("#/guest")
    assert 'data-guest="lost"' in apage.markup, "a kept seat asks for the new code"
    join(host, hpage, again, apage, wire, 1)
    assert json.loads(store.get("guest") or "{}")["token"] == token, "the same seat token"
    assert frames(alink), "the current frame"


def test_a_code_for_another_seat_or_garbled_is_refused_in_words() -> None:
    wire = Wire()
    host, hpage, _ = host_table("tjueett", ["human", "device", "device"], wire)
    guest, gpage, _ = guest_app(wire)
    guest.on_action("join-table", {})
    guest.on_action("guest-join", {"value": "AQ-truncated!"})
    assert "device-error" in gpage.markup and "That is not a whole code" in gpage.markup
    # an answer meant for seat 2 pasted into seat 1's panel
    code2 = pair_code(hpage, 2)
    guest.on_action("guest-join", {"value": code2})
    wire.flush()
    guest.render()
    import re

    answer = re.search(r'data-pair-code="answer">([^<]+)<', gpage.markup)
    assert answer
    host.on_action("device-answer", {"seat": "1", "value": answer.group(1)})
    assert "another seat or another table" in hpage.markup
    # a seat whose phone is gone is played here from now on
    host.on_action("device-here", {"seat": "1"})
    session = host.play.session
    assert session is not None and session.seats[1].kind == "human"
    assert 'data-device-seat="1"' not in hpage.markup


def test_pairing_codes_round_trip_the_fixture_offers() -> None:
    for engine in ("chromium", "firefox"):
        sdp = (SDP / f"{engine}-offer.sdp").read_text()
        p = pairing.from_sdp(sdp, "offer", seat=3, secret=b"12345678")
        assert pairing.decode(pairing.join_link("http://x/", pairing.encode(p)), "offer") == p


def test_a_phone_continues_the_held_moment_at_the_table() -> None:
    wire = Wire()
    host, hpage, _ = host_table("dice21", ["device", "medium"], wire)
    guest, gpage, _ = guest_app(wire)
    join(host, hpage, guest, gpage, wire, 0)
    for _ in range(200):
        wire.flush()
        guest.render()
        if host.play.held:
            break
        session = host.play.session
        assert session is not None
        if session.current == 0:
            guest.on_action("act", dataset(move_button(guest, gpage)))
        else:
            hpage.run_timers(1)
    assert host.play.held, "a round's end is held at the table"
    guest.render()
    continue_ = [a for a in controls(gpage.markup) if a.get("data-action") == "moment-seen"]
    assert continue_, "the phone shows Continue on the held moment"
    guest.on_action("moment-seen", dataset(continue_[0]))
    wire.flush()
    assert not host.play.held, "the phone's Continue went on at the table"


def test_after_a_reload_of_the_table_the_phone_rejoins_the_same_match() -> None:
    wire = Wire()
    host, hpage, _ = host_table("tjueett", ["human", "device", "medium"], wire)
    phone_store = DictStore()
    guest, gpage, glink = guest_app(wire, store=phone_store)
    join(host, hpage, guest, gpage, wire, 1)
    token = json.loads(phone_store.get("guest") or "{}")["token"]
    session = host.play.session
    assert session is not None and session.current == 0
    host.on_action("act", dataset(move_button(host, hpage)))  # saved after the move
    wire.flush()
    # the table reloads: a new app on the same storage, the phone's channel closes
    channel = next(ch for (owner, ch), _ in wire.peers.items() if owner == id(glink))
    glink.close(channel)
    wire.flush()
    page = FakePage()
    table = App(host.ctx.store, "en", page, LoopLink(wire))
    page.app = table
    table.open_address("")
    wire.flush()
    table.render()
    assert table.play.session is not None and table.play.session.state == session.state
    assert 'data-device-seat="1"' in page.markup, "a new code for the phone's seat"
    join(table, page, guest, gpage, wire, 1)
    assert json.loads(phone_store.get("guest") or "{}")["token"] == token
    assert guest.guest.status == "joined"


def test_a_phones_twentyone_coach_thinks_after_the_table_is_drawn() -> None:
    """On a seat's own phone, Twenty One's coach is worked out there after the seat's
    decision is drawn (the phone's own search, like the table's): first the coach's
    place says it is thinking, then the core's advice for that seat's view."""
    from html import unescape

    from pygame_core.twentyone.advice import twentyone_advice
    from web.games.twentyone import coach_sentence

    wire = Wire()
    host, host_page, _ = host_table("twentyone", ["device", "medium", "medium"], wire, seed=9)
    guest, guest_page, _ = guest_app(wire)
    join(host, host_page, guest, guest_page, wire, seat=0)
    guest.on_action("toggle-coach", {})
    session = host.play.session
    assert session is not None
    for _ in range(200):
        wire.flush()
        if host.play.held:
            host.on_action("moment-seen", {})
        elif session.current == 0:
            break
        else:
            host.render()
            host_page.run_timers(1)
    assert session.current == 0
    wire.flush()
    guest.render()
    assert "coach-thinking" in guest_page.markup and "coach-say" not in guest_page.markup
    pending = len(guest_page.timers)
    assert pending >= 1, "the search waits for after the draw"
    guest.render()  # drawn again meanwhile: no second search
    assert len(guest_page.timers) == pending
    guest_page.run_timers()
    view, legal = session.view(0), tuple(session.legal())
    advice = twentyone_advice(view, legal, len(session.state.history))
    assert advice is not None
    assert "coach-thinking" not in guest_page.markup
    assert coach_sentence(guest.tr, advice) in unescape(str(guest_page.markup))
