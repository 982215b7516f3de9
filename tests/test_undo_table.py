"""Taking back a move at the table: the button, its refusals in words, the save and the
review (the app driven through the fake page, as tests/test_controller.py does)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

from tables import DictStore, act, at_table, controls, moves, press, started

from pygame_core.dice21 import Roll, Stop
from web.app import App
from web.saves import GAME_PREFIX, HISTORY_PREFIX
from web.session import GameSession


def take_back_button(markup: str) -> dict[str, str] | None:
    """The take-back button on screen (its attributes), or None."""
    found = [a for a in controls(markup) if a.get("data-action") == "take-back"]
    assert len(found) <= 1
    return found[0] if found else None


def saved_core(store: DictStore, save_id: str) -> dict[str, Any]:
    """The rules core's document of the saved match ``save_id`` (in progress or over)."""
    for prefix in (GAME_PREFIX, HISTORY_PREFIX):
        text = store.get(prefix + save_id)
        if text is not None:
            return dict(json.loads(text)["game"])
    raise AssertionError(f"no save of {save_id}")


def played_on(app: App, page: Any) -> bool:
    """Press "Play on" if the bots wait for the person's take-back (whether they did)."""
    if 'data-action="play-on"' not in page.markup:
        return False
    press(app, page, "play-on")
    return True


def person_turns(app: App, page: Any, limit: int) -> Iterator[tuple[GameSession, list[Any]]]:
    """Each time the person is to move (the session and their moves), the bots played
    (let go on with "Play on" where they wait for the person's take-back) and the
    moments seen in between, until the match ends or ``limit`` steps."""
    for _ in range(limit):
        page.run_timers()
        session = app.play.session
        assert session is not None
        if session.over:
            return
        if 'data-action="moment-seen"' in page.markup:
            press(app, page, "moment-seen")
            continue
        if played_on(app, page):
            continue
        legal = moves(app, page)
        if legal:
            yield session, legal


def a_stand_against_a_bot() -> tuple[App, Any, DictStore]:
    """21 against a bot: the person begins (seed 5), throws and stands; the bot has not
    thrown yet."""
    app, page, store = started(seed=5)
    press(app, page, "open-game", game="dice21")
    press(app, page, "start-game")
    assert app.play.session is not None and app.play.session.current == 0
    act(app, page, Roll())
    button = take_back_button(page.markup)
    assert button is not None and button.get("data-refused") == "revealed", (
        "a throw is never taken back"
    )
    act(app, page, Stop(), play_on=False)
    return app, page, store


def test_a_stand_is_taken_back_before_the_bot_throws_and_the_save_keeps_it() -> None:
    app, page, store = a_stand_against_a_bot()
    button = take_back_button(page.markup)
    assert button is not None and "disabled" not in button
    session = app.play.session
    assert session is not None
    moved = len(session.state.history)
    press(app, page, "take-back")
    back = app.play.session
    assert back is not None and back is not session
    assert len(back.state.history) == moved - 1 and back.current == 0
    assert Stop() in moves(app, page), "the person decides again"
    assert page.announced[-1] == "Player 1 took the move back."
    assert app.play.save_id is not None
    core = saved_core(store, app.play.save_id)
    assert core["taken_back"][0]["at"] == moved - 1
    assert core["taken_back"][0]["actions"][-1] == {"type": "Stop"}
    assert len(core["actions"]) == moved - 1
    # a reload (the same store, a new app) finds the match as it was left
    again = App(store, "en", page)
    page.app = again
    assert again.play.resume(app.play.save_id)
    assert again.play.session is not None
    assert again.play.session.taken_back == back.taken_back


def test_the_bot_waits_while_the_stand_may_be_taken_back() -> None:
    """After the stand the bot does not throw until the person chooses: nothing is
    scheduled, however long they think; "Play on" lets the stand stay and the bot go."""
    app, page, _ = a_stand_against_a_bot()
    session = app.play.session
    assert session is not None
    moved = len(session.state.history)
    assert page.timers == [], "nothing happens by itself while the take-back is open"
    app.render()  # any redraw (a resize, the coach switched on) changes nothing
    assert page.timers == [] and len(session.state.history) == moved
    assert "The bots wait until you take your move back or play on." in page.markup
    button = take_back_button(page.markup)
    assert button is not None and "disabled" not in button
    # the choice comes before the greyed moves (on a phone they pushed it to the edge)
    assert page.markup.index('data-action="play-on"') < page.markup.index('data-action="act"')
    press(app, page, "play-on")
    assert len(page.timers) == 1, "the bot's throw is scheduled"
    assert 'data-action="play-on"' not in page.markup


def test_once_the_bot_has_thrown_the_stand_stays_and_says_why() -> None:
    app, page, _ = a_stand_against_a_bot()
    session = app.play.session
    assert session is not None
    press(app, page, "play-on")
    page.timers.pop(0)()  # the bot's first throw
    assert app.play.session is session and len(session.state.history) >= 3
    button = take_back_button(page.markup)
    assert button is not None and "disabled" in button
    assert button["data-refused"] == "revealed"
    assert "Too late to take back: the dice have been thrown since." in page.markup


def test_a_card_turned_refuses_the_take_back_in_tjueett() -> None:
    app, page = at_table("tjueett", ["human", "medium", "medium"], seed=4)
    for session, legal in person_turns(app, page, 300):
        before = len(session.state.history)
        act(app, page, legal[0])
        session = app.play.session
        assert session is not None
        button = take_back_button(page.markup)
        if button is None:
            continue  # a held moment, or the match's end
        refused = button.get("data-refused")
        assert session.window is not None and session.window.seat == 0
        shown = session.state.rng != session.window.before.rng
        assert ("disabled" in button) == (refused is not None)
        if shown:
            assert refused == "revealed", f"a card was dealt after move {before}"
            return
    raise AssertionError("no card was turned after a decision of the person's")


def test_pass_and_play_offers_take_backs_only_when_agreed() -> None:
    app, page, _ = started(seed=5)
    press(app, page, "open-game", game="dice21")
    app.on_field("seat-kind", {"seat": "1", "value": "human"})
    assert 'data-field="take-backs"' in page.markup
    press(app, page, "start-game")
    act(app, page, Roll())
    act(app, page, Stop())
    assert take_back_button(page.markup) is None, "nobody agreed to take-backs"

    app, page, _ = started(seed=5)
    press(app, page, "open-game", game="dice21")
    app.on_field("seat-kind", {"seat": "1", "value": "human"})
    app.on_field("take-backs", {"value": "1"})
    press(app, page, "start-game")
    session = app.play.session
    assert session is not None
    who = session.current
    assert who is not None
    act(app, page, Roll())
    act(app, page, Stop())
    assert session.current != who
    button = take_back_button(page.markup)
    assert button is not None and "disabled" not in button
    name = session.seats[who].name
    assert f"Take back {name}'s move" in page.markup
    press(app, page, "take-back")
    assert app.play.session is not None and app.play.session.current == who


def test_a_hidden_hand_game_at_a_shared_device_offers_it_on_the_cover() -> None:
    app, page, _ = started(seed=5)
    press(app, page, "open-game", game="twentyone")
    app.on_field("seat-kind", {"seat": "1", "value": "human"})
    app.on_field("take-backs", {"value": "1"})
    press(app, page, "start-game")
    session = app.play.session
    assert session is not None
    for _ in range(100):
        page.run_timers()
        session = app.play.session
        assert session is not None
        if 'data-action="show-cards"' in page.markup:
            if session.current == 1 and session.window is not None and session.window.seat == 0:
                break
            press(app, page, "show-cards")
            continue
        if 'data-action="moment-seen"' in page.markup:
            press(app, page, "moment-seen")
            continue
        if played_on(app, page):
            continue
        act(app, page, moves(app, page)[0])
    else:
        raise AssertionError("seat 1's cover never came after a move of seat 0's")
    # the cover for seat 1: nothing of anyone's hand, and seat 0's take-back
    assert "my-hand" not in page.markup
    button = take_back_button(page.markup)
    assert button is not None
    press(app, page, "show-cards")
    # seat 1's own cards: seat 0's take-back is not offered on them
    assert take_back_button(page.markup) is None


def test_the_review_lists_the_move_taken_back_apart() -> None:
    from pygame_core.review import engine

    app, page, store = a_stand_against_a_bot()
    app.reviewing.spawn = lambda job: job.close()  # type: ignore[assignment,func-returns-value]
    press(app, page, "take-back")
    session = app.play.session
    assert session is not None
    while True:  # the person stands again (the same decision, now kept); the bot plays
        page.run_timers()
        if 'data-action="moment-seen"' in page.markup:
            press(app, page, "moment-seen")
        elif session.over:
            break
        elif played_on(app, page):
            continue
        else:
            act(app, page, Stop() if Stop() in moves(app, page) else Roll())
    saved = app.play.save_id
    assert saved is not None and saved_core(store, saved)["taken_back"]
    press(app, page, "open-review")
    state = app.reviewing.state
    assert state is not None
    for step in engine.iter_review(state.match, seats=state.people, playouts=12):
        state.progress(step)
    app.render()
    review = state.review
    assert review is not None
    back = review.for_seat(0).taken_back
    assert len(back) == 1 and back[0].chosen == "stop"
    assert "Taken back" in page.markup and 'class="moments taken-back"' in page.markup
    assert f'data-focus="moment-back-{back[0].index}"' in page.markup
    ids = re.findall(r' id="([^"]+)"', page.markup)
    assert len(ids) == len(set(ids)), "ids are unique on the page"


def test_a_new_round_starts_without_the_last_rounds_refusal() -> None:
    """Refused in the round of the decision ("too late: a card has been shown"), the
    take-back is gone once the next round has begun: at the first bet of round 2 it
    spoke of a stand in round 1."""
    app, page = at_table("tjueett", ["medium", "human", "medium"], seed=4)
    seen_refused = False
    for session, legal in person_turns(app, page, 400):
        round_now = session.view(1).round
        button = take_back_button(page.markup)
        if round_now == 1:
            seen_refused |= button is not None and button.get("data-refused") == "revealed"
        else:
            assert seen_refused, "refused in round 1, while it went on"
            assert session.window is not None and session.window.seat == 1
            assert session.window.round == 1
            assert button is None, "round 2's first decision: nothing to take back"
            return
        act(app, page, legal[0])
    raise AssertionError("round 2 never asked the person")


def test_a_bots_move_after_the_decision_refuses_the_take_back_in_words() -> None:
    """Tjueett, four players: the person bets, the bots wait for their choice; after
    "Play on" the next bot bets, and once its bet is on the table the take-back is
    refused in words, though no card was shown ("seen": what the bot chose is seen)."""
    app, page = at_table("tjueett", ["medium", "human", "medium", "medium"], seed=4)
    page.run_timers()  # the bank's stake
    session = app.play.session
    assert session is not None and session.current == 1
    act(app, page, moves(app, page)[0], play_on=False)  # the person's bet
    moved = len(session.state.history)
    assert page.timers == [], "the bots wait for the person's choice"
    assert 'data-action="play-on"' in page.markup
    press(app, page, "play-on")
    page.timers.pop(0)()  # the next bot's bet
    assert (
        len(session.state.history) == moved + 1 and session.state.rng == session.window.before.rng
    )
    button = take_back_button(page.markup)
    assert button is not None and "disabled" in button
    assert button["data-refused"] == "seen"
    assert "Too late to take back: a bot has played since." in page.markup
    assert 'data-action="play-on"' not in page.markup
