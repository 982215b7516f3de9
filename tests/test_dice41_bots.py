"""The dice41 bots: legal, repeatable, and each level plays as documented."""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest

from pygame_core.dice41 import GAME, Dice41State, Keep, odds


def position(
    dice: tuple[int, ...],
    kept: tuple[int, ...] = (),
    others: tuple[int | None, ...] = (),
    players: int = 2,
    chips: bool = True,
) -> Dice41State:
    """A hand-built state: the seats before the last one in turn order have scored
    ``others``; the last seat has set aside ``kept`` and just thrown ``dice``."""
    state = GAME.new_game(GAME.config(players=players, chips=chips), 1)
    seat = players - 1
    scores = tuple(others) + (None,) * (players - len(others))
    kept_all = ((),) * seat + (kept,)
    return dataclasses.replace(state, turn=seat, dice=dice, kept=kept_all, scores=scores)


def choose(level: str, state: Dice41State, seed: int = 0) -> int:
    seat = GAME.current_player(state)
    assert seat is not None
    action = GAME.make_bot(level).choose(GAME.view(state, seat), GAME.legal_actions(state), seed)
    assert action in GAME.legal_actions(state)
    assert isinstance(action, Keep)
    return action.value


def test_unknown_level() -> None:
    with pytest.raises(ValueError, match="unknown bot level"):
        GAME.make_bot("grandmaster")


def test_medium_secures_the_tickets_then_takes_the_highest() -> None:
    assert choose("medium", position((6, 6, 6, 4, 1, 2))) == 4
    assert choose("medium", position((6, 6, 6, 1, 2), kept=(4,))) == 1
    assert choose("medium", position((6, 5, 3, 2), kept=(4, 1))) == 6
    assert choose("medium", position((5, 3, 2, 2, 2))) == 5


def test_expert_plays_for_the_win_not_the_average() -> None:
    # Last to throw against a 20, no chips: the opening 6 is worth more than the 1.
    state = position((1, 1, 1, 1, 2, 6), others=(20,), chips=False)
    assert choose("medium", state) == 1
    assert choose("expert", state) == 6
    chances = odds.keep_round_win_chances((), (1, 1, 1, 1, 2, 6), odds.RoundSpot(20, False, 0, 2))
    assert chances[6] > chances[1]


def test_expert_with_chips_weighs_the_penalty_chip() -> None:
    # Against a 21 the 6 gives the better chance to win, but with a pot of two chips
    # the risk of paying the penalty makes the ticket worth more.
    state = position((1, 1, 1, 1, 2, 6), others=(21,), chips=False)
    assert choose("expert", state) == 6
    with_chips = position((1, 1, 1, 1, 2, 6), others=(21,))
    assert with_chips.pot == 2
    assert choose("expert", with_chips) == 1
    spot = odds.RoundSpot(21, False, 0, 2)
    values = odds.keep_round_chip_values((), (1, 1, 1, 1, 2, 6), spot, pot=2, penalty=1)
    assert values[1] > values[6]


def test_expert_needs_only_to_qualify_against_nothing() -> None:
    # The other seat failed: any qualified score wins, so the ticket comes first.
    assert choose("expert", position((1, 6, 6, 6, 6, 6), others=(0,))) == 1


def test_expert_with_one_legal_keep() -> None:
    assert choose("expert", position((3, 3, 3, 3, 3))) == 3


def test_easy_makes_mistakes_but_not_always() -> None:
    state = position((6, 6, 6, 4, 1, 2))
    picks = Counter(choose("easy", state, seed) for seed in range(300))
    assert picks[4] > 100  # usually the rule of thumb
    assert picks[6] > 60  # often the highest die instead of the ticket
    assert picks[2] > 5  # sometimes anything


@pytest.mark.parametrize("level", ["easy", "medium", "expert"])
def test_bots_are_repeatable_and_see_only_the_view(level: str) -> None:
    state = position((6, 6, 5, 4, 1, 2), others=(17, 19), players=3)
    view = GAME.view(state, 2)
    legal = GAME.legal_actions(state)
    bot = GAME.make_bot(level)
    assert {bot.choose(view, legal, s) for s in range(5)} == {
        bot.choose(view, legal, s) for s in range(5)
    }
    # The same view from a different hidden state (the rng) gives the same choice.
    other = dataclasses.replace(state, rng=GAME.new_game(state.config, 99).rng)
    assert bot.choose(GAME.view(other, 2), legal, 3) == bot.choose(view, legal, 3)


def test_expert_beats_medium_in_two_player_rounds() -> None:
    """A short run for the direction only; the report's figures use the arena."""
    wins = Counter()
    bots = {"expert": GAME.make_bot("expert"), "medium": GAME.make_bot("medium")}
    for seed in range(200):
        lineup = ("expert", "medium") if seed % 2 else ("medium", "expert")
        state = GAME.new_game(GAME.config(players=2, chips=False, rounds=1), seed)
        while (seat := GAME.current_player(state)) is not None:
            action = bots[lineup[seat]].choose(
                GAME.view(state, seat), GAME.legal_actions(state), seed
            )
            state, _ = GAME.apply(state, action)
        outcome = GAME.outcome(state)
        assert outcome is not None
        for winner in outcome.winners:
            wins[lineup[winner]] += 1
    assert wins["expert"] > wins["medium"]
