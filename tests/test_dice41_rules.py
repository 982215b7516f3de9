"""Scenario tests for every dice41 rule, with scripted dice and built positions."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

import pytest
from contract_suite import random_playout, replay
from hypothesis import given, settings
from hypothesis import strategies as st

from pygame_core import ConfigError, Event, IllegalActionError
from pygame_core.dice41 import (
    GAME,
    Dice41Config,
    Dice41State,
    Keep,
    missing_tickets,
    points_so_far,
    turn_score,
)
from pygame_core.dice41.positions import position, with_throw
from pygame_core.positions import with_chance
from pygame_core.rng import Rng


def turn(*kept: int, filler: int = 2) -> tuple[list[tuple[int, ...]], list[int]]:
    """The throws and keeps of a turn that sets ``kept`` aside in that order: each throw
    shows the die to keep and ``filler`` on the others."""
    assert len(kept) == 6
    throws = [(k,) + (filler,) * (5 - i) for i, k in enumerate(kept)]
    return throws, list(kept[:5])


Turn = tuple[list[tuple[int, ...]], list[int]]


def play(state: Dice41State, *turns: Turn) -> tuple[Dice41State, list[Event]]:
    """Play whole turns from ``state`` (a seat about to decide on its first throw, or
    any later point if ``turns[0]`` starts there): the current dice show the first
    throw and every other throw is scripted; the dice after the script are random."""
    throws = [t for throws, _ in turns for t in throws]
    keeps = [k for _, ks in turns for k in ks]
    script = [face for t in throws[1:] for face in t]
    state = with_chance(with_throw(state, throws[0]), *script, then=Rng.from_seed(0))
    events: list[Event] = []
    for value in keeps:
        GAME.check_invariants(state)
        state, new = GAME.apply(state, Keep(value))
        events.extend(new)
    GAME.check_invariants(state)
    return state, events


def start(players: int = 2, **options: Any) -> Dice41State:
    return GAME.new_game(GAME.config(players=players, **options), seed=5)


def kinds(events: Sequence[Event]) -> list[str]:
    return [e.kind for e in events]


def find(events: Sequence[Event], kind: str) -> list[dict[str, Any]]:
    return [e.as_dict() for e in events if e.kind == kind]


QUALIFIED_18 = turn(4, 4, 1, 6, 3, 5)
PERFECT = turn(4, 1, 6, 6, 6, 6)
NO_ONE = turn(4, 6, 6, 6, 6, 6)
SIXTEEN = turn(4, 1, 6, 6, 2, 2)


# -- scoring ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kept", "score", "missing"),
    [
        ((4, 4, 1, 6, 3, 5), 18, ()),  # the seed's example: the second 4 counts 4
        ((4, 1, 6, 6, 6, 6), 24, ()),
        ((1, 1, 4, 1, 1, 1), 4, ()),  # the least qualified score
        ((4, 6, 6, 6, 6, 6), 0, (1,)),
        ((1, 6, 6, 6, 6, 6), 0, (4,)),
        ((6, 6, 6, 6, 6, 6), 0, (4, 1)),
    ],
)
def test_turn_score(kept: tuple[int, ...], score: int, missing: tuple[int, ...]) -> None:
    assert turn_score(kept) == score
    assert missing_tickets(kept) == missing


@pytest.mark.parametrize(
    ("kept", "points"),
    [
        ((), 0),
        ((6,), 6),
        ((4,), 0),  # the first 4 is the ticket
        ((4, 4), 4),  # the second 4 counts as points
        ((6, 1, 5), 11),
        ((1, 1, 4, 1), 2),
        ((6, 6, 6, 6), 24),  # points before the tickets: they count only if both come
    ],
)
def test_points_so_far_leave_out_one_4_and_one_1(kept: tuple[int, ...], points: int) -> None:
    assert points_so_far(kept) == points


@given(st.lists(st.integers(1, 6), min_size=6, max_size=6))
def test_points_so_far_of_six_dice_is_the_score_once_qualified(kept: list[int]) -> None:
    """The running score ends as the turn's score, or as 0 without both tickets, and it
    does not depend on the order the dice were set aside."""
    assert turn_score(kept) == (0 if missing_tickets(kept) else points_so_far(kept))
    for n in range(7):
        assert points_so_far(kept[:n]) == points_so_far(sorted(kept[:n]))
        assert points_so_far(kept[:n]) <= points_so_far(kept[: n + 1])


def test_points_so_far_is_shown_by_the_view_of_a_turn() -> None:
    """Mid-turn, the points of what the thrower set aside (the UI's running score)."""
    state, _ = play(start(), (QUALIFIED_18[0][:3], QUALIFIED_18[1][:3]))
    view = GAME.view(state, None)
    assert view.kept[0] == (4, 4, 1)
    assert points_so_far(view.kept[0]) == 4


# -- a turn ------------------------------------------------------------------------------


def test_a_turn_is_six_throws_of_six_to_one_dice() -> None:
    state, events = play(start(2, chips=False, match="rounds", rounds=3), QUALIFIED_18)
    thrown = find(events, "thrown")
    assert [len(e["dice"]) for e in thrown[:5]] == [5, 4, 3, 2, 1]
    assert [e["throw"] for e in thrown[:5]] == [2, 3, 4, 5, 6]
    kept = find(events, "kept")
    assert [e["throw"] for e in kept] == [1, 2, 3, 4, 5, 6]
    assert kept[-1]["kept"] == (4, 4, 1, 6, 3, 5)  # the last die was set aside by itself
    assert find(events, "turn_scored") == [{"seat": 0, "score": 18, "kept": (4, 4, 1, 6, 3, 5)}]
    # Seat 1 now throws six dice.
    assert thrown[-1] == {"seat": 1, "throw": 1, "dice": thrown[-1]["dice"]}
    assert len(thrown[-1]["dice"]) == 6
    assert GAME.current_player(state) == 1
    assert GAME.view(state, 1).throw_no == 1


def test_only_the_dice_just_thrown_can_be_kept() -> None:
    state = position(GAME.config(players=2), dice=[6, 6, 3, 1, 1, 5])
    assert GAME.legal_actions(state) == (Keep(1), Keep(3), Keep(5), Keep(6))
    before = state
    for value in (2, 4, 0, 7):
        with pytest.raises(IllegalActionError):
            GAME.apply(state, Keep(value))
    assert state == before
    after, _ = GAME.apply(state, Keep(6))
    assert after.kept[0] == (6,)
    assert len(after.dice) == 5


def test_kept_dice_stay_down_for_the_rest_of_the_turn() -> None:
    throws, _ = turn(4, 1, 6, 6, 6, 6)
    state, _ = play(start(), (throws[:3], [4, 1]))
    assert state.kept[0] == (4, 1)
    assert len(state.dice) == 4
    view = GAME.view(state, None)
    assert view.has_four[0] and view.has_one[0]
    assert view.throw_no == 3
    assert view.statuses[:2] == ("throwing", "waiting")


def test_not_qualified_scores_zero_and_names_the_missing_ticket() -> None:
    _, events = play(start(chips=False), NO_ONE)
    assert find(events, "not_qualified") == [
        {"seat": 0, "kept": (4, 6, 6, 6, 6, 6), "missing": (1,)}
    ]
    assert "penalty_chip" not in kinds(events)  # no chips, no penalty


# -- chips ----------------------------------------------------------------------------------


def test_antes_are_paid_before_the_first_throw() -> None:
    state = start(3, starting_chips=7)
    assert state.chips == (6, 6, 6)
    assert state.pot == 3


def test_penalty_chip_goes_into_the_pot_at_once() -> None:
    state, events = play(start(2), NO_ONE)
    assert find(events, "penalty_chip") == [{"seat": 0, "chips": 1, "pot": 3}]
    assert state.chips == (8, 9)
    assert state.pot == 3


def test_penalty_chip_is_what_the_seat_has() -> None:
    state = start(2, starting_chips=1)
    assert state.chips == (0, 0)
    _, events = play(state, NO_ONE)
    assert find(events, "penalty_chip") == [{"seat": 0, "chips": 0, "pot": 2}]


def test_winner_takes_the_pot() -> None:
    state, events = play(start(2), QUALIFIED_18, NO_ONE)
    assert find(events, "round_won") == [{"seat": 0, "score": 18, "chips": 3, "round": 1}]
    # 10 - ante + pot of 2 antes and seat 1's penalty; then round 2's antes.
    assert state.chips == (11, 7)
    assert state.pot == 2
    result = state.last_result
    assert result is not None
    assert (result.kind, result.seats, result.score, result.chips) == ("win", (0,), 18, 3)
    assert result.scores == (18, 0)


def test_a_24_makes_every_other_player_pay_their_ante_again() -> None:
    state, events = play(start(3), PERFECT, QUALIFIED_18, NO_ONE)
    assert find(events, "doubling_24") == [
        {"seats": (0,), "payers": (1, 2), "chips": (1, 1), "pot": 6}
    ]
    # Pot: 3 antes + 1 penalty + 2 doubling chips.
    assert find(events, "round_won")[0]["chips"] == 6
    assert kinds(events).index("doubling_24") < kinds(events).index("round_won")
    assert state.last_result is not None and state.last_result.kind == "win_24"
    assert state.last_result.doubling == 2
    assert state.chips == (9 + 6 - 1, 8 - 1, 7 - 1)


def test_a_24_from_a_position_mid_round() -> None:
    # Seat 0 scored 24 and seat 1 18; seat 2 sets aside its fifth die and misses the 1.
    kept = {0: [4, 1, 6, 6, 6, 6], 1: [4, 4, 1, 6, 3, 5], 2: [4, 6, 6, 6]}
    state = position(GAME.config(players=3), actor=2, kept=kept, dice=[6, 6])
    assert (state.chips, state.pot) == ((9, 9, 9), 3)
    next_round = [2] * 6
    state, events = GAME.apply(with_chance(state, 6, *next_round), Keep(6))
    assert find(events, "penalty_chip") == [{"seat": 2, "chips": 1, "pot": 4}]
    assert find(events, "doubling_24") == [
        {"seats": (0,), "payers": (1, 2), "chips": (1, 1), "pot": 6}
    ]
    assert find(events, "round_won")[0] == {"seat": 0, "score": 24, "chips": 6, "round": 1}
    assert find(events, "thrown")[-1] == {"seat": 1, "throw": 1, "dice": (2,) * 6}


def test_a_24_without_chips_is_just_a_win() -> None:
    state, events = play(start(2, chips=False), PERFECT, QUALIFIED_18)
    assert "doubling_24" not in kinds(events)
    assert state.last_result is not None and state.last_result.kind == "win"
    assert state.round_wins == (1, 0)


# -- ties ----------------------------------------------------------------------------------


def test_tie_at_the_top_replays_the_round_without_new_antes() -> None:
    state, events = play(start(3), QUALIFIED_18, turn(4, 1, 6, 6, 3, 3), NO_ONE)
    assert find(events, "tie_replay") == [{"seats": (0, 1), "score": 18, "pot": 4, "round": 1}]
    assert "antes" not in kinds(events)
    assert state.pot == 4 and state.chips == (9, 9, 8)
    assert (state.round_no, state.replay, state.start_seat) == (1, 1, 0)
    assert state.kept == ((), (), ()) and GAME.current_player(state) == 0
    replayed = find(events, "round_started")
    assert replayed == [{"round": 1, "start_seat": 0, "seats": (0, 1, 2), "replay": 1}]
    # The replay is decided: the whole table played again, the pot grew by one penalty.
    state, events = play(state, SIXTEEN, NO_ONE, QUALIFIED_18)
    assert find(events, "round_won") == [{"seat": 2, "score": 18, "chips": 5, "round": 1}]
    assert state.round_no == 2 and state.replays == 1


def test_everyone_at_zero_replays_the_round() -> None:
    state, events = play(start(2), NO_ONE, NO_ONE)
    assert find(events, "tie_replay") == [{"seats": (0, 1), "score": 0, "pot": 4, "round": 1}]
    assert state.last_result is not None and state.last_result.kind == "tie_replay"


def test_share_splits_the_pot_and_an_odd_chip_stays() -> None:
    state, events = play(start(3, tie="share"), QUALIFIED_18, turn(4, 1, 6, 6, 3, 3), SIXTEEN)
    assert find(events, "round_shared") == [
        {"seats": (0, 1), "score": 18, "chips": 1, "left": 1, "round": 1}
    ]
    assert state.round_wins == (1, 1, 0)
    # Round 2's antes join the odd chip.
    assert state.pot == 1 + 3
    assert state.chips == (9, 9, 8)


def test_share_still_replays_when_nobody_qualified() -> None:
    _, events = play(start(2, tie="share"), NO_ONE, NO_ONE)
    assert "tie_replay" in kinds(events) and "round_shared" not in kinds(events)


# -- rounds, seats out, the end -----------------------------------------------------------


def test_start_seat_moves_clockwise_every_round() -> None:
    state = start(3, chips=False)
    starts = []
    for _ in range(3):
        starts.append((state.start_seat, state.order))
        state, _ = play(state, QUALIFIED_18, SIXTEEN, NO_ONE)
    assert starts == [(0, (0, 1, 2)), (1, (1, 2, 0)), (2, (2, 0, 1))]


def test_a_seat_without_chips_for_the_ante_is_out() -> None:
    state, events = play(start(3, starting_chips=2), NO_ONE, QUALIFIED_18, SIXTEEN)
    assert find(events, "player_out") == [{"seat": 0}]
    # Seat 0 would have started round 2; the next seat in starts instead.
    assert state.start_seat == 1 and state.order == (1, 2)
    assert find(events, "antes")[-1] == {"seats": (1, 2), "chips": 1, "pot": 2}
    assert GAME.view(state, None).statuses == ("out", "throwing", "waiting")


def test_match_of_rounds_ends_after_the_last_round() -> None:
    state = start(2, chips=False, rounds=2)
    state, _ = play(state, QUALIFIED_18, SIXTEEN)
    state, events = play(state, QUALIFIED_18, SIXTEEN)  # seat 1 throws first now
    assert GAME.current_player(state) is None
    assert GAME.legal_actions(state) == ()
    assert find(events, "match_over") == [
        {"winners": (0, 1), "scores": (1, 1), "score_kind": "rounds"}
    ]
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (0, 1)
    view = GAME.view(state, 0)
    assert (view.phase, view.winners, view.throw_no) == ("over", (0, 1), 0)


def test_most_chips_wins_a_match_of_rounds() -> None:
    state, _ = play(start(2, rounds=1), QUALIFIED_18, NO_ONE)
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert (outcome.winners, outcome.scores, outcome.score_kind) == ((0,), (12, 8), "chips")


def test_all_chips_match_ends_when_one_seat_has_everything() -> None:
    state = start(2, starting_chips=2, match="all_chips", rounds=None)
    state, events = play(state, QUALIFIED_18, NO_ONE)
    # Seat 1 paid its ante and its penalty chip: seat 0 holds all four chips.
    assert state.chips == (4, 0) and state.pot == 0
    assert find(events, "match_over") == [
        {"winners": (0,), "scores": (4, 0), "score_kind": "chips"}
    ]


def test_all_chips_cap_ends_the_match() -> None:
    state = start(2, match="all_chips", rounds=1)
    state, events = play(state, QUALIFIED_18, SIXTEEN)
    assert state.over and "match_over" in kinds(events)


# -- view, invariants, configs, illegal actions --------------------------------------------


def test_view_shows_the_table_and_is_the_same_for_everyone() -> None:
    kept = {0: [4, 4, 1, 6, 3, 5], 1: [4]}
    state = position(GAME.config(players=3), actor=1, kept=kept, dice=[1, 2, 2, 2, 2])
    view = GAME.view(state, 2)
    assert view.viewer == 2 and view.actor == 1 and view.throw_no == 2
    assert view.kept == ((4, 4, 1, 6, 3, 5), (4,), ())
    assert view.has_four == (True, True, False) and view.has_one == (True, False, False)
    assert view.scores == (18, None, None) and view.best == 18
    assert view.statuses == ("done", "throwing", "waiting")
    assert (view.round, view.start_seat, view.replay, view.order) == (1, 0, 0, (0, 1, 2))
    assert view.pot == 3 and view.chips == (9, 9, 9) and view.uses_chips
    assert view.last_result is None and view.phase == "throwing"
    assert dataclasses.replace(GAME.view(state, None), viewer=2) == view


def test_standings_put_the_leader_first() -> None:
    state, _ = play(start(3), QUALIFIED_18, NO_ONE, SIXTEEN)
    assert GAME.view(state, None).standings == (0, 2, 1)


def test_invariants_catch_lost_chips() -> None:
    state = start(2)
    GAME.check_invariants(state)
    with pytest.raises(AssertionError):
        GAME.check_invariants(dataclasses.replace(state, pot=state.pot + 1))


def test_every_documented_event_kind_happens() -> None:
    from pygame_core.dice41 import rules

    documented = {
        line.split("``")[1]
        for line in (rules.__doc__ or "").splitlines()
        if line.startswith("- ``")
    }
    seen: set[str] = set()
    _, events = play(start(3, starting_chips=3), NO_ONE, PERFECT, SIXTEEN)
    seen |= set(kinds(events))
    _, events = play(start(2), NO_ONE, NO_ONE)
    seen |= set(kinds(events))
    _, events = play(start(3, tie="share"), QUALIFIED_18, turn(4, 1, 6, 6, 3, 3), SIXTEEN)
    seen |= set(kinds(events))
    _, events = play(start(2, starting_chips=2, match="all_chips", rounds=None), PERFECT, SIXTEEN)
    seen |= set(kinds(events))
    assert {"turn_started", "antes", "round_started", "thrown", "kept"} <= seen
    assert documented == seen


CONFIG_FIELDS = {
    "players": st.one_of(st.integers(-5, 1), st.integers(9, 50), st.booleans(), st.text()),
    "chips": st.one_of(st.integers(), st.text(), st.none()),
    "starting_chips": st.one_of(st.integers(-5, 0), st.integers(1000, 5000), st.booleans()),
    "match": st.one_of(st.text(), st.integers(), st.none()),
    "rounds": st.one_of(st.integers(-5, 0), st.integers(1000, 5000), st.booleans(), st.text()),
    "tie": st.one_of(st.text(), st.integers(), st.none()),
}


@settings(max_examples=150, deadline=None)
@given(
    st.sampled_from(sorted(CONFIG_FIELDS)).flatmap(
        lambda f: st.tuples(st.just(f), CONFIG_FIELDS[f])
    )
)
def test_invalid_config_names_the_field(field_value: tuple[str, Any]) -> None:
    field, value = field_value
    if field in ("match", "tie") and value in ("rounds", "all_chips", "replay", "share"):
        return
    with pytest.raises(ConfigError) as info:
        Dice41Config(**{field: value})
    assert info.value.field == field


@pytest.mark.parametrize(
    ("options", "field"),
    [
        ({"chips": False, "match": "all_chips"}, "match"),
        ({"match": "rounds", "rounds": None}, "rounds"),
        ({"colour": "red"}, "colour"),
    ],
)
def test_inconsistent_config_names_the_field(options: dict[str, Any], field: str) -> None:
    with pytest.raises(ConfigError) as info:
        GAME.config(players=2, **options)
    assert info.value.field == field


def test_defaults_are_the_rulings() -> None:
    config = Dice41Config()
    assert (config.chips, config.tie, config.match) == (True, "replay", "rounds")
    assert set(GAME.presets) == {"evening", "pub", "family"}
    for name in GAME.presets:
        GAME.preset(name, 8)


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 2**53 - 1), steps=st.integers(0, 30), value=st.integers(-3, 10))
def test_illegal_keep_is_refused_and_state_kept(seed: int, steps: int, value: int) -> None:
    state = GAME.new_game(GAME.config(players=3), seed)
    for _ in range(steps):
        state, _ = GAME.apply(state, GAME.legal_actions(state)[0])
    if value in state.dice:
        return
    before = state
    with pytest.raises(IllegalActionError):
        GAME.apply(state, Keep(value))
    assert state == before


def test_bad_seed_is_a_config_error() -> None:
    with pytest.raises(ConfigError) as info:
        GAME.new_game(Dice41Config(), -1)
    assert info.value.field == "seed"


def test_actions_round_trip_as_json_data() -> None:
    assert GAME.action_to_dict(Keep(4)) == {"type": "Keep", "value": 4}
    assert GAME.action_from_dict({"type": "Keep", "value": 4}) == Keep(4)
    with pytest.raises(ValueError, match="value"):
        GAME.action_from_dict({"type": "Keep", "value": "4"})


@pytest.mark.parametrize(
    "options",
    [
        {"tie": "share"},
        {"match": "all_chips", "rounds": None, "starting_chips": 3},
        {"chips": False, "tie": "share", "rounds": 3},
    ],
)
def test_random_playouts_of_configs_beyond_the_presets(options: dict[str, Any]) -> None:
    for seed in range(20):
        config = GAME.config(players=2 + seed % 7, **options)
        end = random_playout(GAME, config, seed, full_roundtrip=False)
        assert GAME.outcome(end) is not None
        assert replay(GAME, end) == end
