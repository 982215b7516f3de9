"""Replay frames: step forward and back; other seats' hidden cards stay hidden unless
every card is revealed after the end."""

from __future__ import annotations

import pytest
from test_review_engine import bot_match

from pygame_core.banker.hand import HIDDEN
from pygame_core.banker.table import UNSETTLED
from pygame_core.registry import game_ids
from pygame_core.review import Match, replay_frames


def states_of(match: Match) -> list[object]:
    """The match's states, replayed here through the rules (not :attr:`Match.states`)."""
    game = match.game
    state = game.new_game(match.config, match.seed)
    states = [state]
    for action in match.actions:
        state, _ = game.apply(state, action)
        states.append(state)
    return states


@pytest.mark.parametrize("game_id", game_ids())
def test_a_match_is_replayed_once_and_keeps_every_state_and_step(game_id: str) -> None:
    match = bot_match(game_id, ("medium", "easy", "medium"), 6)
    game = match.game
    states = states_of(match)
    assert list(match.states) == states
    assert len(match.steps) == len(match.actions)
    assert match.states is match.states and match.steps is match.steps, "replayed once"
    state = states[0]
    for index, (action, step) in enumerate(zip(match.actions, match.steps, strict=True)):
        assert step.state is match.states[index + 1]
        assert step.events == game.apply(state, action)[1]
        marks = [pause.events for pause in step.pauses]
        assert marks == sorted(marks) and all(0 <= m <= len(step.events) for m in marks)
        for pause in step.pauses:
            # A moment is for drawing only: nobody is to act in it.
            assert game.current_player(pause.state) is None
            assert game.view(pause.state, None).actor is None
        state = states[index + 1]
    assert any(step.pauses for step in match.steps), "a round's end is held"
    # The replay is drawn from the same states.
    replay = replay_frames(match, viewer=0)
    assert [f.view for f in replay.frames] == [game.view(s, 0) for s in match.states]


@pytest.mark.parametrize("game_id", game_ids())
def test_frames_are_the_viewers_views_step_by_step(game_id: str) -> None:
    match = bot_match(game_id, ("medium", "easy", "medium"), 6)
    replay = replay_frames(match, viewer=1)
    states = states_of(match)
    game = match.game
    assert len(replay) == len(match.actions) + 1
    for index, frame in enumerate(replay.frames):
        assert frame.index == index
        assert frame.view == game.view(states[index], 1)
        assert frame.actor == game.current_player(states[index])
        assert all(event.visible_for(1) for event in frame.events)
        assert frame.revealed == ()
        if index:
            assert frame.action == match.actions[index - 1]
            assert frame.by == game.current_player(states[index - 1])
    first = replay.frames[0]
    assert first.action is None and first.by is None and first.events == ()
    assert replay.frames[-1].actor is None


def test_stepping_forward_and_back_stays_inside_the_replay() -> None:
    replay = replay_frames(bot_match("dice21", ("easy", "medium"), 2), viewer=0)
    last = len(replay) - 1
    assert replay.step(0, -1) == 0
    assert replay.step(0, 1) == 1
    assert replay.step(5, -2) == 3
    assert replay.step(last, 1) == last
    assert replay.step(last - 1, 10) == last
    position = 0
    for _ in range(last):
        position = replay.step(position, 1)
    assert position == last
    for _ in range(3):
        position = replay.step(position, -1)
    assert replay.at(position) is replay.frames[last - 3]
    with pytest.raises(IndexError):
        replay.at(last + 1)


@pytest.mark.parametrize("game_id", ["tjueett", "tjugoett"])
def test_banker_frames_hide_the_other_seats_face_down_cards(game_id: str) -> None:
    match = bot_match(game_id, ("medium", "expert", "easy"), 3)
    hidden_seen = 0
    for frame in replay_frames(match, viewer=2).frames:
        for seat, hand in enumerate(frame.view.hands):
            if seat != 2 and hand and frame.view.status[seat] in UNSETTLED:
                # A hand not yet settled shows its face-down card to its owner only.
                assert hand[0] == HIDDEN
                hidden_seen += 1
        assert not any(e.kind == "hidden_card" and e.get("seat") != 2 for e in frame.events)
    assert hidden_seen > 0


def test_twentyone_frames_show_only_the_viewers_hand() -> None:
    match = bot_match("twentyone", ("medium", "medium", "easy"), 4)
    states = states_of(match)
    for frame, state in zip(replay_frames(match, viewer=0).frames, states, strict=True):
        assert frame.view.hand == state.hands[0]  # type: ignore[attr-defined]
        assert not any(e.kind == "dealt" and e.get("seat") != 0 for e in frame.events)
    spectator = replay_frames(match, viewer=None)
    assert all(frame.view.hand == () for frame in spectator.frames)


@pytest.mark.parametrize("game_id", ["tjugoett", "twentyone"])
def test_reveal_all_after_the_end_shows_every_hand_and_event(game_id: str) -> None:
    match = bot_match(game_id, ("medium", "easy", "medium"), 7)
    game = match.game
    states = states_of(match)
    replay = replay_frames(match, viewer=0, reveal_all=True)
    private = 0
    for frame, state in zip(replay.frames, states, strict=True):
        for seat, hand in frame.revealed:
            own = game.view(state, seat)
            assert hand == (own.hand if game_id == "twentyone" else own.hands[seat])
        private += sum(e.visible_to is not None and 0 not in e.visible_to for e in frame.events)
    assert private > 0
    assert any(len(frame.revealed) > 1 for frame in replay.frames)


def test_reveal_all_is_refused_before_the_end() -> None:
    match = bot_match("tjueett", ("medium", "easy"), 1)
    unfinished = Match(match.game, match.config, match.seed, match.actions[:-3])
    with pytest.raises(ValueError, match="once the match is over"):
        replay_frames(unfinished, viewer=0, reveal_all=True)
    assert len(replay_frames(unfinished, viewer=0)) == len(unfinished.actions) + 1
    with pytest.raises(ValueError, match="no seat 4"):
        replay_frames(match, viewer=4)
