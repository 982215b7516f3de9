"""Practising a costly moment again (pygame_core.practice): the position rebuilt as the
seat saw it, and a new choice rated with the review's own figures."""

from __future__ import annotations

import copy
import json
from dataclasses import replace
from typing import Any

import pytest

from pygame_core import IllegalActionError, SaveError, get_game
from pygame_core import saves as core_saves
from pygame_core.practice import answer, puzzle_data, puzzle_of, read_puzzle
from pygame_core.review import load_match, review_match
from pygame_core.review.model import Decision

DICE21 = get_game("dice21")


def hasty_match(seed: int = 5) -> str:
    """A finished 21 match (as its save text): seat 0 stops as soon as it may, seat 1
    is a medium bot."""
    state = DICE21.new_game(DICE21.config(players=2), seed)
    bot = DICE21.make_bot("medium")
    while (seat := DICE21.current_player(state)) is not None:
        legal = DICE21.legal_actions(state)
        if seat == 0:
            action = legal[-1]
        else:
            action = bot.choose(DICE21.view(state, seat), legal, len(state.history))
        state, _ = DICE21.apply(state, action)
    return core_saves.to_json(DICE21, state)


def costliest(text: str) -> Decision:
    decisions = review_match(text, seats=(0,)).for_seat(0).costliest
    assert decisions, "the hasty stops cost something"
    return decisions[0]


def test_the_puzzle_is_the_position_the_seat_decided_in() -> None:
    text = hasty_match()
    decision = costliest(text)
    match = load_match(text)
    puzzle = puzzle_of(match, decision)
    assert puzzle.index == decision.index and puzzle.seat == 0
    assert puzzle.view == DICE21.view(match.states[decision.index], 0)
    assert puzzle.chosen == decision.chosen


def test_the_first_choice_again_gets_the_reviews_own_figures() -> None:
    text = hasty_match()
    decision = costliest(text)
    puzzle = puzzle_of(load_match(text), decision)
    again = answer(puzzle, load_match(text).actions[decision.index])
    assert again == decision
    assert not again.is_best and again.cost > 0


def test_the_best_choice_is_rated_best_with_the_same_options() -> None:
    text = hasty_match()
    decision = costliest(text)
    puzzle = puzzle_of(load_match(text), decision)
    rated = [answer(puzzle, action) for action in puzzle.legal]
    best = [r for r in rated if r.chosen == decision.best]
    assert len(best) == 1 and best[0].is_best and best[0].cost == 0
    assert {r.options for r in rated} == {decision.options}


def test_the_document_round_trips_and_is_json() -> None:
    text = hasty_match()
    puzzle = puzzle_of(load_match(text), costliest(text))
    data = puzzle_data(puzzle)
    kept = copy.deepcopy(data)
    again = read_puzzle(json.loads(json.dumps(data)))
    assert again == puzzle
    assert data == kept, "reading never changes the document"
    # the app's own keys beside the puzzle's are left alone
    assert read_puzzle({**data, "solved": True, "id": "p1"}) == puzzle


def _broken(data: dict[str, Any], **change: Any) -> dict[str, Any]:
    return {**data, **change}


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"format": "chess"}, "not a Nordic 21 practice moment"),
        ({"schema": 9}, "newer version"),
        ({"seat": "0"}, "not a seat number"),
        ({"seat": True}, "not a seat number"),
        ({"seat": 1}, "not a decision of that seat"),
        ({"chosen": ""}, "first choice"),
        ({"chosen": None}, "first choice"),
        ({"position": {"format": "nordic21-game"}}, "the save is damaged"),
    ],
)
def test_a_bad_puzzle_is_refused_in_words(change: dict[str, Any], words: str) -> None:
    text = hasty_match()
    data = puzzle_data(puzzle_of(load_match(text), costliest(text)))
    with pytest.raises(SaveError, match=words):
        read_puzzle(_broken(data, **change))


def test_an_answer_must_be_a_choice_of_the_moment() -> None:
    text = hasty_match()
    puzzle = puzzle_of(load_match(text), costliest(text))
    with pytest.raises(IllegalActionError):
        answer(puzzle, object())


def test_an_unrated_or_foreign_decision_is_not_a_puzzle() -> None:
    text = hasty_match()
    decision = costliest(text)
    match = load_match(text)
    with pytest.raises(ValueError, match="rated decision"):
        puzzle_of(match, replace(decision, rated=False))
    with pytest.raises(ValueError, match="not of this match"):
        puzzle_of(match, replace(decision, seat=1))
