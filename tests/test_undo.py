"""Taking back a decision (pygame_core.undo), its record in the save, and the review of
what was taken back."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from pygame_core import SaveError, game_ids, get_game
from pygame_core import saves as core_saves
from pygame_core.review import review_match
from pygame_core.undo import TakeBackRefused, TakenBack, refusal, take_back

DICE21 = get_game("dice21")
TWENTYONE = get_game("twentyone")


def play(game: Any, state: Any, *kinds: str) -> Any:
    """``state`` after the first legal action of each named type, in order."""
    for kind in kinds:
        action = next(a for a in game.legal_actions(state) if type(a).__name__ == kind)
        state, _ = game.apply(state, action)
    return state


def finish(game: Any, state: Any) -> Any:
    """``state`` played to the end: each seat stands as soon as it may."""
    while not game.is_over(state):
        legal = game.legal_actions(state)
        stops = [a for a in legal if type(a).__name__ == "Stop"]
        state, _ = game.apply(state, (stops or list(legal))[0])
    return state


def first_turn(seed: int = 5) -> tuple[Any, Any]:
    """A two-player 21 after seat 0's first throw, and seat 0 standing on it."""
    state = play(DICE21, DICE21.new_game(DICE21.config(players=2), seed), "Roll")
    assert DICE21.current_player(state) == 0
    return state, play(DICE21, state, "Stop")


def test_a_stand_is_taken_back_before_anything_is_shown() -> None:
    before, now = first_turn()
    assert refusal(DICE21, before, now, 0, people={0}) is None
    back, record = take_back(DICE21, before, now, 0, people={0})
    assert back is before
    assert record == TakenBack(len(before.history), 0, now.history)
    assert record.decision == now.history[-1] and record.undone == (now.history[-1],)


def test_a_throw_cannot_be_taken_back() -> None:
    state = DICE21.new_game(DICE21.config(players=2), 5)
    thrown = play(DICE21, state, "Roll")
    assert refusal(DICE21, state, thrown, 0, people={0}) == "revealed"
    with pytest.raises(TakeBackRefused) as refused:
        take_back(DICE21, state, thrown, 0, people={0})
    assert refused.value.reason == "revealed"


def test_a_stand_is_kept_once_the_bot_has_thrown() -> None:
    before, now = first_turn()
    after_bot = play(DICE21, now, "Roll")  # seat 1 (a bot) throws: seen by everyone
    assert DICE21.current_player(now) == 1
    assert refusal(DICE21, before, after_bot, 0, people={0}) == "revealed"


def test_another_persons_move_is_never_taken_back() -> None:
    before, now = first_turn()
    assert DICE21.current_player(now) == 1
    after = play(DICE21, now, "Roll")  # seat 1 throws
    # when seat 1 is a person, its move is its own, whatever it showed
    assert refusal(DICE21, before, after, 0, people={0, 1}) == "someone_else"
    # when seat 1 is a bot, what counts is the die it showed
    assert refusal(DICE21, before, after, 0, people={0}) == "revealed"


def test_a_card_played_is_taken_back_until_the_next_card_shows() -> None:
    state = TWENTYONE.new_game(TWENTYONE.config(players=3), 5)
    while True:
        seat = TWENTYONE.current_player(state)
        legal = TWENTYONE.legal_actions(state)
        if seat == 0 and type(legal[0]).__name__ == "Play":
            break
        state, _ = TWENTYONE.apply(state, legal[0])
    played, _ = TWENTYONE.apply(state, legal[0])
    assert refusal(TWENTYONE, state, played, 0, people={0}) is None
    answered, _ = TWENTYONE.apply(played, TWENTYONE.legal_actions(played)[0])
    assert TWENTYONE.current_player(played) != 0
    assert refusal(TWENTYONE, state, answered, 0, people={0}) == "revealed"


def test_a_bots_move_that_shows_no_card_is_seen_all_the_same() -> None:
    """Twenty One, three players: seat 0 keeps its hand in the exchange and the next
    seat (a bot) keeps its own. No card moved, but what the bot chose is on the table:
    seat 0 would decide again knowing it, so the take-back is refused ("seen")."""
    state = TWENTYONE.new_game(TWENTYONE.config(players=3), 5)
    checked = 0
    for _ in range(400):
        if TWENTYONE.is_over(state) or checked >= 3:
            break
        seat = TWENTYONE.current_player(state)
        legal = TWENTYONE.legal_actions(state)
        decided, _ = TWENTYONE.apply(state, legal[0])
        other = TWENTYONE.current_player(decided)
        if seat == 0 and other not in (None, 0) and not TWENTYONE.is_over(decided):
            assert refusal(TWENTYONE, state, decided, 0, people={0}) is None
            answered, _ = TWENTYONE.apply(decided, TWENTYONE.legal_actions(decided)[0])
            reason = refusal(TWENTYONE, state, answered, 0, people={0})
            assert reason in ("seen", "revealed", "over")
            if reason == "seen":
                checked += 1
                # another person's move is theirs, whatever it showed
                assert refusal(TWENTYONE, state, answered, 0, people={0, other}) == ("someone_else")
        state = decided
    assert checked >= 1, "a bot answered a decision of seat 0's without a card shown"


def test_nothing_to_take_back_and_foreign_positions() -> None:
    before, now = first_turn()
    with pytest.raises(ValueError, match="not an earlier one"):
        refusal(DICE21, now, before, 0, people={0})
    with pytest.raises(ValueError, match="was not to act"):
        refusal(DICE21, before, now, 1, people={0})  # seat 1 was not to act
    other = DICE21.new_game(DICE21.config(players=2), 6)
    with pytest.raises(ValueError, match="not an earlier one"):
        refusal(DICE21, other, now, 0, people={0})
    finished = finish(DICE21, now)
    assert refusal(DICE21, before, finished, 0, people={0}) == "over"


def test_the_save_keeps_what_was_taken_back_and_the_review_rates_it() -> None:
    before, now = first_turn()
    state, record = take_back(DICE21, before, now, 0, people={0})
    state = finish(DICE21, play(DICE21, state, "Roll"))  # seat 0 throws again instead
    text = core_saves.to_json(DICE21, state, (record,))
    data = json.loads(text)
    assert data["taken_back"] == [
        {"at": record.at, "seat": 0, "actions": [DICE21.action_to_dict(a) for a in record.line]}
    ]
    assert core_saves.read_taken_back(DICE21, data) == (record,)
    # the state replays from the live actions only
    assert core_saves.from_json(text)[1] == state
    review = review_match(data).for_seat(0)
    assert len(review.taken_back) == 1
    back = review.taken_back[0]
    assert back.taken_back and back.index == record.at and back.chosen == "stop"
    assert all(not d.taken_back for d in review.decisions)
    assert back not in review.decisions and back not in review.costliest


@pytest.mark.parametrize(
    "entry",
    [
        "x",
        {"at": 0, "seat": 0},
        {"at": -1, "seat": 0, "actions": [{"type": "Roll"}]},
        {"at": 1, "seat": 0, "actions": [{"type": "Roll"}]},
        {"at": 0, "seat": 9, "actions": [{"type": "Roll"}]},
        {"at": 0, "seat": True, "actions": [{"type": "Roll"}]},
        {"at": 0, "seat": 0, "actions": [{"type": "Fly"}]},
    ],
)
def test_a_bad_taken_back_list_is_refused_in_words(entry: Any) -> None:
    data = core_saves.to_data(DICE21, DICE21.new_game(DICE21.config(players=2), 1))
    data["taken_back"] = [entry]
    with pytest.raises(SaveError, match="taken-back"):
        core_saves.read_taken_back(DICE21, data)


def test_a_taken_back_move_that_does_not_fit_is_refused_by_the_review() -> None:
    before, now = first_turn()
    data = core_saves.to_data(DICE21, now)
    # seat 1 did not decide at that position
    data["taken_back"] = [
        {
            "at": len(before.history),
            "seat": 1,
            "actions": [DICE21.action_to_dict(a) for a in now.history],
        }
    ]
    with pytest.raises(SaveError, match="does not fit"):
        review_match(data)


def test_only_the_seats_last_decision_is_taken_back() -> None:
    # Twenty One, seed 0, random play: seat 0 plays twice in a row (moves 6 and 7)
    # with nothing shown between; only the second is its last decision.
    choose = random.Random(0)
    state = TWENTYONE.new_game(TWENTYONE.config(players=3), 0)
    positions = [state]
    while len(state.history) < 8:
        state, _ = TWENTYONE.apply(state, choose.choice(TWENTYONE.legal_actions(state)))
        positions.append(state)
    assert [TWENTYONE.current_player(p) for p in positions[6:8]] == [0, 0]
    assert refusal(TWENTYONE, positions[6], state, 0, people={0}) == "nothing"
    assert refusal(TWENTYONE, positions[7], state, 0, people={0}) is None


@pytest.mark.parametrize("game_id", game_ids())
def test_the_window_kept_move_by_move_says_what_a_replay_says(game_id: str) -> None:
    """The table knows whether the last decision may be taken back as each move is made
    (:class:`pygame_core.undo.Window`): on every step of random matches, with one or
    two people among bots, it gives the reason :func:`refusal` finds by replaying."""
    from pygame_core.undo import open_window

    game = get_game(game_id)
    rng = random.Random(game_id)
    checked = 0
    for match in range(4):
        players = max(game.min_players, 3)
        people = {0} if match % 2 == 0 else {0, 1}
        state = game.new_game(game.preset(next(iter(game.presets)), players), seed=match)
        window = None
        for _ in range(250):
            if game.is_over(state):
                break
            actor = game.current_player(state)
            action = rng.choice(list(game.legal_actions(state)))
            after, _ = game.apply(state, action)
            if actor in people:
                window = open_window(game, state, actor, game.view)
            if window is not None:
                window = window.follow(game, state, after, people, game.view)
                assert window.reason == refusal(game, window.before, after, window.seat, people)
                assert window.round == game.view(window.before, window.seat).round
                checked += 1
            state = after
    assert checked > 20
