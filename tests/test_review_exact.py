"""21 and 41: the review's best option is the exact optimum of the odds modules, on
positions built by hand; a deliberate bad stop shows as the costliest moment."""

from __future__ import annotations

import dataclasses
import itertools

import pytest
from test_review_engine import bot_match

from pygame_core.dice21 import GAME as DICE21
from pygame_core.dice21 import Dice21State, Roll, Stop
from pygame_core.dice21.odds import turn_odds
from pygame_core.dice41 import GAME as DICE41
from pygame_core.dice41 import odds as odds41
from pygame_core.dice41.rules import Dice41State, Keep
from pygame_core.review import Match, rate_decision, replay_frames, review_match
from pygame_core.rng import Rng

ROLL, STOP = Roll(), Stop()


def dice21_position(
    players: int, before: tuple[int | None, ...], own: int, dice: int = 1, target: int = 21
) -> Dice21State:
    """The turn of the ``len(before)``-th player in order, on ``own`` after a throw; the
    players before stood on their totals (``None``: bust)."""
    state = DICE21.new_game(DICE21.config(players=players, dice=dice, target=target), 0)
    totals, throws, status = list(state.totals), list(state.throws), list(state.status)
    for place, total in enumerate(before):
        seat = state.order[place]
        value = target + 1 if total is None else total
        totals[seat], throws[seat] = value, (value,)
        status[seat] = "bust" if total is None else "stood"
    seat = state.order[len(before)]
    totals[seat], throws[seat], status[seat] = own, (own,), "rolling"
    return dataclasses.replace(
        state, turn=len(before), totals=tuple(totals), throws=tuple(throws), status=tuple(status)
    )


def dice21_positions() -> list[tuple[int, tuple[int | None, ...], int, int, int]]:
    out = []
    for dice, target in ((1, 21), (2, 36)):
        for players in (2, 3, 4):
            for place in range(players):
                for before in itertools.product((None, 14, 17, 19), repeat=place):
                    for own in range(1, target, 3 if target == 36 else 1):
                        out.append((players, before, own, dice, target))
    return out


def test_dice21_best_option_is_the_exact_optimum_on_built_positions() -> None:
    expert = DICE21.make_bot("expert")
    for players, before, own, dice, target in dice21_positions():
        state = dice21_position(players, before, own, dice, target)
        stood = [t for t in before if t is not None]
        best = max(stood, default=0)
        odds = turn_odds(
            own,
            best,
            stood.count(best) if best else 0,
            players - 1 - len(before),
            players,
            dice,
            target,
        )
        seat = DICE21.current_player(state)
        assert seat is not None
        choice = expert.choose(DICE21.view(state, seat), DICE21.legal_actions(state), 0)
        for action in (STOP, ROLL):
            decision = rate_decision(DICE21, state, action)
            assert decision is not None
            values = {o.key: o.value for o in decision.options}
            assert values == {"stop": odds.stop, "roll": odds.roll}
            optimum = "stop" if odds.should_stop else "roll"
            assert optimum == ("stop" if choice == STOP else "roll")
            if odds.stop == odds.roll:
                # Both are worth the same: whichever was chosen is the best.
                assert decision.best == decision.chosen and decision.cost == 0
            else:
                assert decision.best == optimum
            assert decision.best_value == odds.best
            assert decision.method == "exact_odds" and decision.unit == "round_win"


def test_dice21_standing_on_15_before_a_player_who_only_needs_to_beat_15() -> None:
    state = dice21_position(2, (), 15)
    decision = rate_decision(DICE21, state, STOP)
    assert decision is not None
    odds = turn_odds(15, 0, 0, 1, 2, 1, 21)
    assert not decision.is_best and decision.best == "roll"
    assert decision.cost == odds.roll - odds.stop > 0
    reason = decision.reason
    assert reason.kind == "stood_too_soon"
    assert reason.as_dict() == {
        "total": 15,
        "best_total": 0,
        "best_holders": 0,
        "after": 1,
        "next_seat": state.order[1],
        "stop": odds.stop,
        "roll": odds.roll,
        "bust": odds.bust,
        "target": 21,
    }


def deliberate_bad_stop(seed: int) -> tuple[Match, int, int]:
    """A single round of 21: the first player rolls to 12 or more and stops there; the
    other plays the expert. Returns the match, the first player and the stop's index."""
    state = DICE21.new_game(DICE21.config(players=2), seed)
    human = state.order[0]
    expert = DICE21.make_bot("expert")
    stop_index = -1
    while (seat := DICE21.current_player(state)) is not None:
        legal = DICE21.legal_actions(state)
        if seat == human:
            action = STOP if STOP in legal and state.totals[seat] >= 12 else ROLL
            if action == STOP:
                stop_index = len(state.history)
        else:
            action = expert.choose(DICE21.view(state, seat), legal, 0)
        state, _ = DICE21.apply(state, action)
    return Match(DICE21, state.config, state.seed, state.history), human, stop_index


def test_a_deliberate_bad_stop_is_the_costliest_moment_with_its_reason() -> None:
    match, human, stop_index = next(
        found for seed in range(50) if (found := deliberate_bad_stop(seed))[2] >= 0
    )
    review = review_match(match, seats=(human,))
    mine = review.for_seat(human)
    worst = mine.costliest[0]
    assert worst.index == stop_index and worst.chosen == "stop" and worst.best == "roll"
    assert worst.reason.kind == "stood_too_soon"
    total = worst.reason.get("total")
    assert 12 <= total < 21 and worst.reason.get("after") == 1
    odds = turn_odds(total, 0, 0, 1, 2, 1, 21)
    assert worst.cost == odds.roll - odds.stop > 0
    assert mine.total_cost == worst.cost
    # Every throw before the stop was the right call: rolling on below 12 always is.
    assert mine.best == mine.rated - 1


def dice41_position(
    players: int, scores: tuple[int, ...], kept: tuple[int, ...], dice: tuple[int, ...], chips: bool
) -> Dice41State:
    """The turn of the ``len(scores)``-th seat of round 1, which has set ``kept``
    aside and just threw ``dice``; the seats before it scored ``scores``."""
    config = DICE41.config(players=players, chips=chips)
    state = DICE41.new_game(config, 0)
    all_kept: list[tuple[int, ...]] = [()] * players
    all_scores: list[int | None] = [None] * players
    for place, score in enumerate(scores):
        all_scores[state.order[place]] = score
        all_kept[state.order[place]] = (4, 1, 6, 6, 6, 6)
    all_kept[state.order[len(scores)]] = kept
    return dataclasses.replace(
        state, turn=len(scores), kept=tuple(all_kept), scores=tuple(all_scores), dice=dice
    )


@pytest.mark.parametrize("chips", [False, True])
def test_dice41_best_keep_is_the_exact_optimum_on_built_positions(chips: bool) -> None:
    stream = Rng.from_seed(41).stream()
    expert = DICE41.make_bot("expert")
    checked = 0
    while checked < 120:
        players = 2 + stream.randbelow(3)
        scores = tuple(stream.choice((0, 12, 17, 20, 24)) for _ in range(stream.randbelow(players)))
        kept = tuple(stream.die(6) for _ in range(stream.randbelow(5)))
        dice = tuple(sorted(stream.die(6) for _ in range(6 - len(kept))))
        if len(set(dice)) < 2:
            continue
        state = dice41_position(players, scores, kept, dice, chips)
        seat = DICE41.current_player(state)
        assert seat is not None
        done = list(scores)
        best = max(done) if done else None
        spot = odds41.RoundSpot(
            best, best is not None and done.count(best) > 1, players - 1 - len(done), players
        )
        if chips:
            values = odds41.keep_round_chip_values(sorted(kept), dice, spot, state.pot, 1)
        else:
            values = odds41.keep_round_win_chances(sorted(kept), dice, spot)
        optimum = odds41.best_keep(values)
        choice = expert.choose(DICE41.view(state, seat), DICE41.legal_actions(state), 0)
        assert choice == Keep(optimum)
        for action in DICE41.legal_actions(state):
            decision = rate_decision(DICE41, state, action)
            assert decision is not None
            assert {o.key: o.value for o in decision.options} == {
                f"keep_{v}": value for v, value in values.items()
            }
            if decision.chosen != f"keep_{optimum}":
                # Another die worth as much is as good as the best.
                assert decision.best == f"keep_{optimum}" or decision.cost == 0
            assert decision.best_value == values[optimum]
            assert decision.cost == values[optimum] - values[action.value]
            assert decision.unit == ("chips" if chips else "round_win")
        checked += 1


def test_dice41_a_missed_ticket_is_named() -> None:
    # The 1 and two sixes are set aside and the fourth throw shows a 4: keeping
    # the 6 instead of the 4 risks the whole turn, and the reason says the best die
    # was a ticket.
    state = dice41_position(2, (), (1, 6, 6), (3, 4, 6), chips=False)
    decision = rate_decision(DICE41, state, Keep(6))
    assert decision is not None and not decision.is_best
    assert decision.reason.kind == "kept_wrong_die"
    assert decision.reason.get("best") == 4 and decision.reason.get("ticket") is True


def test_dice_review_of_expert_play_finds_no_mistake() -> None:
    for game_id in ("dice21", "dice41"):
        match = bot_match(game_id, ("expert", "expert", "expert"), 8)
        review = review_match(match)
        for seat in review.seats:
            assert seat.best == seat.rated and seat.total_cost == 0 and not seat.costliest


def test_luck_is_not_blamed_a_right_roll_that_busts_is_best() -> None:
    busted_right = 0
    for seed in range(10):
        match = bot_match("dice21", ("expert", "expert"), seed, match="rounds", rounds=5)
        review = review_match(match)
        frames = replay_frames(match).frames
        for seat in review.seats:
            for decision in seat.decisions:
                after = frames[decision.index + 1].events
                if decision.chosen == "roll" and any(e.kind == "bust" for e in after):
                    assert decision.is_best and decision.cost == 0
                    busted_right += 1
    assert busted_right > 0


def test_dice21_a_stop_below_the_best_total_is_named() -> None:
    decision = rate_decision(DICE21, dice21_position(2, (19,), 17), STOP)
    assert decision is not None and decision.reason.kind == "stood_below_best"
    assert decision.chosen_value == 0 and decision.best == "roll"
    assert decision.reason.get("best_total") == 19 and decision.reason.get("after") == 0
