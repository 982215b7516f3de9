"""Scenario tests for every dice21 rule, with scripted dice and built positions."""

from __future__ import annotations

import dataclasses
import re
from typing import Any

import pytest
from contract_suite import random_playout, replay
from hypothesis import given, settings
from hypothesis import strategies as st

from pygame_core import ConfigError, Event, IllegalActionError, Outcome, from_json, to_json
from pygame_core.dice21 import GAME, Dice21Config, Dice21State, Roll, Stop
from pygame_core.dice21 import rules as rules_module
from pygame_core.dice21.positions import position
from pygame_core.positions import with_chance
from pygame_core.rng import Rng

ROLL, STOP = Roll(), Stop()


def act(state: Dice21State, action: Any, *faces: int) -> tuple[Dice21State, tuple[Event, ...]]:
    """Apply ``action`` with the dice scripted to show ``faces`` (in draw order); any
    other chance the action needs is a ChanceScriptError."""
    if faces:
        state = with_chance(state, *faces)
    return GAME.apply(state, action)


def kinds(events: tuple[Event, ...]) -> list[str]:
    return [e.kind for e in events]


def find(events: tuple[Event, ...], kind: str) -> list[dict[str, Any]]:
    return [e.as_dict() for e in events if e.kind == kind]


def start(players: int = 2, seed: int = 0, **options: Any) -> Dice21State:
    return GAME.new_game(GAME.config(players=players, **options), seed)


def turn(state: Dice21State, total: int) -> tuple[Dice21State, tuple[Event, ...]]:
    """The current player throws sixes and a remainder up to ``total`` and stops there
    (the target stops by itself); returns the events of the last action."""
    events: tuple[Event, ...] = ()
    for face in [6] * (total // 6) + ([total % 6] if total % 6 else []):
        state, events = act(state, ROLL, face)
    if total < state.config.target:
        state, events = act(state, STOP)
    return state, events


def bust_turn(state: Dice21State) -> tuple[Dice21State, tuple[Event, ...]]:
    """The current player throws 6, 6, 6, 6 (24 with one die: bust on the fourth)."""
    for _ in range(3):
        state, _ = act(state, ROLL, 6)
    return act(state, ROLL, 6)


def won(winners: dict[int, int], players: int) -> tuple[int, ...]:
    """Rounds won per seat from ``{seat: rounds}``."""
    return tuple(winners.get(s, 0) for s in range(players))


# -- turns ---------------------------------------------------------------------------


def test_fresh_turn_only_allows_roll_then_stop_after_a_throw() -> None:
    state = position(GAME.config(players=2), next_dice=[4])
    assert GAME.legal_actions(state) == (ROLL,)
    with pytest.raises(IllegalActionError):
        GAME.apply(state, STOP)
    state, events = GAME.apply(state, ROLL)
    assert find(events, "rolled") == [{"seat": 0, "dice": (4,), "total": 4}]
    assert GAME.legal_actions(state) == (ROLL, STOP)


def test_reaching_the_target_ends_the_turn_automatically() -> None:
    state = position(GAME.config(players=3), throws={0: [6, 6, 3]}, next_dice=[6])
    state, events = GAME.apply(state, ROLL)
    assert kinds(events) == ["rolled", "hit_target"]
    assert state.status[0] == "stood" and state.totals[0] == 21
    assert GAME.current_player(state) == 1
    assert GAME.legal_actions(state) == (ROLL,)


def test_passing_the_target_is_a_bust_out_of_the_round() -> None:
    state = position(GAME.config(players=3), throws={0: [6, 6, 6]}, next_dice=[4])
    state, events = GAME.apply(state, ROLL)
    assert kinds(events) == ["rolled", "bust"]
    assert find(events, "bust") == [{"seat": 0, "total": 22, "paid": 0, "pot": 0}]
    assert state.status[0] == "bust"
    assert GAME.current_player(state) == 1


def test_two_dice_add_both_faces() -> None:
    state = position(GAME.config(players=2, dice=2), next_dice=[3, 5])
    state, events = GAME.apply(state, ROLL)
    assert find(events, "rolled")[0]["dice"] == (3, 5)
    assert state.totals[0] == 8


# -- round results ---------------------------------------------------------------------


def test_highest_total_not_over_the_target_wins() -> None:
    state = start(3)
    a, _, _ = state.order
    state, _ = turn(state, 19)
    state, _ = bust_turn(state)
    state, events = turn(state, 18)
    assert find(events, "round_won") == [{"seat": a, "total": 19, "reason": "outright"}]
    assert state.last_result is not None
    assert (state.last_result.reason, state.last_result.winners) == ("outright", (a,))
    assert state.over and GAME.outcome(state) == Outcome((a,), won({a: 1}, 3), "rounds")


def test_tie_is_settled_by_a_rolloff_repeated_among_ties() -> None:
    state = start(3)
    a, b, c = state.order
    state, _ = turn(state, 18)
    state, _ = turn(state, 12)
    for _ in range(3):
        state, _ = act(state, ROLL, 6)
    # c stops on 18, tying a: they roll 4-4, then 2-5.
    state, events = act(state, STOP, 4, 4, 2, 5)
    rolloffs = find(events, "tie_rolloff")
    assert rolloffs == [{"seats": (a, c), "rolls": (4, 4)}, {"seats": (a, c), "rolls": (2, 5)}]
    assert find(events, "round_won") == [{"seat": c, "total": 18, "reason": "rolloff"}]
    result = state.last_result
    assert result is not None and result.rolloff is not None
    assert result.reason == "rolloff" and result.winners == (c,)
    assert [t.dice for t in result.rolloff.throws] == [(4, 4), (2, 5)]
    assert state.winners == (c,) and state.rounds_won[b] == 0


def test_all_bust_replays_the_same_round_from_the_same_start_seat() -> None:
    state = start(2, match="series")
    a, b = state.order
    state, _ = bust_turn(state)
    state, events = bust_turn(state)
    assert kinds(events)[-2:] == ["all_bust_replay", "round_started"]
    assert find(events, "round_started") == [
        {"round": 1, "start_seat": a, "seats": (a, b), "round_kind": "normal", "replay": 1}
    ]
    assert state.round_no == 1 and state.replays == 1 and state.start_seat == a
    assert state.last_result is not None and state.last_result.reason == "all_bust"
    assert state.totals == (0, 0) and state.status[a] == "rolling"
    # The replay does not count towards the series: a second round is still to come.
    state, _ = turn(state, 20)
    state, _ = turn(state, 18)
    assert not state.over and state.round_no == 2 and state.replays == 0
    assert state.start_seat == b


# -- chips -------------------------------------------------------------------------------


def test_everyone_antes_before_a_round() -> None:
    state = start(3, chips=True, starting_chips=5)
    assert state.chips == (4, 4, 4) and state.pot == 3
    GAME.check_invariants(state)


def test_a_bust_pays_one_chip_at_once_but_only_if_there_is_one() -> None:
    config = GAME.config(players=3, chips=True, starting_chips=5)
    state, events = bust_turn(position(config))
    assert find(events, "bust")[0] == {"seat": 0, "total": 24, "paid": 1, "pot": 4}
    assert state.chips[0] == 3
    # Seat 1 antes its last chip, then busts: it has no bust chip to pay.
    broke = position(config, actor=1, throws={0: [6, 6, 6, 6]}, chips=(3, 0, 4))
    assert broke.pot == 8
    GAME.check_invariants(broke)
    state, events = bust_turn(broke)
    assert find(events, "bust")[0]["paid"] == 0 and state.chips[1] == 0


def test_winner_takes_the_pot() -> None:
    state = start(2, chips=True, starting_chips=5)
    a, _ = state.order
    state, _ = turn(state, 20)
    state, events = bust_turn(state)
    assert find(events, "pot_won") == [{"seat": a, "chips": 3}]
    assert state.chips[a] == 7 and state.pot == 0
    assert GAME.outcome(state) == Outcome((a,), state.chips, "chips")


def test_all_bust_keeps_the_pot_and_the_replay_adds_antes() -> None:
    state = start(2, chips=True, starting_chips=5, match="rounds", rounds=2)
    a, _ = state.order
    state, _ = bust_turn(state)
    state, events = bust_turn(state)
    assert kinds(events)[-4:] == ["bust", "all_bust_replay", "round_started", "ante"]
    # 2 antes + 2 bust chips stay, and the replay's 2 antes are added.
    assert state.pot == 6 and state.chips == (2, 2)
    state, _ = turn(state, 17)
    state, events = bust_turn(state)
    assert find(events, "pot_won") == [{"seat": a, "chips": 7}]
    assert state.round_no == 2  # the replay did not count as a round


def test_split_pot_keeps_the_odd_chip() -> None:
    state = start(3, chips=True, starting_chips=5, tie_pot="split")
    a, b, c = state.order
    state, _ = turn(state, 19)
    state, _ = turn(state, 18)
    state, events = turn(state, 19)
    assert "tie_rolloff" not in kinds(events)
    assert find(events, "round_shared") == [{"seats": (a, c), "total": 19}]
    assert find(events, "pot_split") == [{"seats": (a, c), "each": 1, "kept": 1}]
    assert state.last_result is not None
    assert state.last_result.reason == "split" and state.last_result.winners == (a, c)
    assert state.pot == 1 and (state.chips[a], state.chips[b], state.chips[c]) == (5, 4, 5)
    assert state.rounds_won == won({a: 1, c: 1}, 3)
    assert state.winners == tuple(sorted((a, c)))
    GAME.check_invariants(state)


def test_a_player_who_cannot_ante_is_out_and_the_start_skips_them() -> None:
    state = start(3, chips=True, starting_chips=2, match="rounds", rounds=5)
    a, b, c = state.order
    # Round 1: a wins; b busts and pays its last chip; c stands low.
    state, _ = turn(state, 20)
    state, _ = bust_turn(state)
    state, events = turn(state, 5)
    assert find(events, "player_out") == [{"seat": b}]
    assert state.status[b] == "out" and b not in state.order
    # The start would move on to b, who is out: it moves on to c.
    assert state.start_seat == c and state.order == (c, a)
    assert find(events, "round_started")[0]["seats"] == (c, a)
    assert find(events, "ante") == [{"seats": (c, a), "pot": 2}]
    assert GAME.view(state, None).seats[b].status == "out"
    GAME.check_invariants(state)


def test_the_match_ends_when_one_player_holds_every_chip() -> None:
    state = start(2, chips=True, starting_chips=1, match="rounds", rounds=9)
    a, b = state.order
    state, _ = turn(state, 19)
    state, events = bust_turn(state)
    assert state.over and state.chips[a] == 2 and state.chips[b] == 0
    assert kinds(events)[-1] == "match_over"
    assert find(events, "match_over") == [
        {"winners": (a,), "scores": state.chips, "score_kind": "chips"}
    ]


def test_the_last_player_who_can_ante_takes_the_pot() -> None:
    config = GAME.config(players=3, chips=True, starting_chips=3, match="rounds", rounds=9)
    # Seats 0 and 1 are broke after the ante; the pot holds the other 6 chips.
    state = position(config, chips=(0, 0, 3))
    for _ in range(3):
        state, events = bust_turn(state)
    assert find(events, "player_out") == [{"seat": 0}, {"seat": 1}]
    assert find(events, "pot_won") == [{"seat": 2, "chips": 7}]
    assert state.over and state.winners == (2,) and state.chips[2] == 9


def test_if_nobody_can_ante_the_same_players_replay_for_the_pot() -> None:
    state = start(2, chips=True, starting_chips=1, match="rounds", rounds=9)
    a, b = state.order
    state, _ = bust_turn(state)
    state, events = bust_turn(state)
    assert state.chips == (0, 0) and state.pot == 2
    assert "player_out" not in kinds(events) and "ante" not in kinds(events)
    assert state.order == (a, b) and not state.over
    state, _ = turn(state, 15)
    state, _ = bust_turn(state)
    assert state.over and state.chips[a] == 2 and state.winners == (a,)


# -- match formats -------------------------------------------------------------------------


def test_single_round_ends_the_match() -> None:
    state = start(2)
    _, b = state.order
    state, _ = turn(state, 17)
    state, _ = turn(state, 18)
    assert state.over and state.winners == (b,) and GAME.current_player(state) is None
    assert GAME.legal_actions(state) == ()
    assert GAME.outcome(state) == Outcome((b,), won({b: 1}, 2), "rounds")


def test_series_every_player_starts_once_then_tied_leaders_decide() -> None:
    state = start(3, seed=4, match="series")
    first = state.start_seat
    starts = []
    events: tuple[Event, ...] = ()
    while state.round_no <= 3:
        if state.turn == 0:
            starts.append(state.start_seat)
        # Whoever plays first stands on 20, then 19, then 18: the start player wins.
        state, events = turn(state, 20 - state.turn)
    assert starts == [first, (first + 1) % 3, (first + 2) % 3]
    assert state.rounds_won == (1, 1, 1)
    assert find(events, "deciding_round") == [{"seats": (0, 1, 2)}]
    assert state.round_kind == "deciding" and state.start_seat == first
    while not state.over:
        state, _ = turn(state, 20 - state.turn)
    assert state.winners == (first,) and state.rounds_won[first] == 2


def test_series_deciding_round_seats_only_the_tied_leaders() -> None:
    state = start(4, seed=4, match="series")
    w = [(state.start_seat + k) % 4 for k in range(4)]
    round_winner = {1: w[0], 2: w[1], 3: w[0], 4: w[1], 5: w[1]}
    events: tuple[Event, ...] = ()
    while state.round_no <= 4:
        seat = state.order[state.turn]
        state, events = turn(state, 20 if seat == round_winner[state.round_no] else 10)
    leaders = tuple(sorted((w[0], w[1])))
    assert find(events, "deciding_round") == [{"seats": leaders}]
    assert state.round_kind == "deciding" and state.order == (w[0], w[1])
    assert all(state.status[s] == "idle" for s in (w[2], w[3]))
    while not state.over:
        seat = state.order[state.turn]
        state, _ = turn(state, 20 if seat == round_winner[state.round_no] else 10)
    assert state.round_no == 5 and state.winners == (w[1],) and state.rounds_won[w[1]] == 3


def test_fixed_rounds_most_rounds_won_and_equal_leaders_share() -> None:
    state = start(2, match="rounds", rounds=2)
    while not state.over:
        state, _ = turn(state, 20 - 10 * state.turn)
    assert state.round_no == 2 and state.rounds_won == (1, 1)
    assert GAME.outcome(state) == Outcome((0, 1), (1, 1), "rounds")


def test_fixed_rounds_with_chips_most_chips_wins() -> None:
    state = start(2, match="rounds", rounds=2, chips=True, starting_chips=5)
    a, b = state.order
    state, _ = turn(state, 20)
    state, _ = bust_turn(state)  # a wins 3 chips: 2 antes and b's bust chip
    state, _ = turn(state, 20)  # b starts round 2 and wins the 2 antes
    state, _ = turn(state, 10)
    assert state.over and state.chips[a] == 6 and state.chips[b] == 4
    assert GAME.outcome(state) == Outcome((a,), state.chips, "chips")


def test_start_roll_off_is_recorded_and_picks_the_first_start_seat() -> None:
    seen_reroll = False
    for seed in range(60):
        state = start(4, seed=seed)
        rolloff = state.start_rolloff
        assert rolloff.throws[0].seats == (0, 1, 2, 3)
        for throw, then in zip(rolloff.throws, rolloff.throws[1:], strict=False):
            top = max(throw.dice)
            tied = tuple(s for s, d in zip(throw.seats, throw.dice, strict=True) if d == top)
            assert then.seats == tied and len(tied) > 1
        last = rolloff.throws[-1]
        assert last.dice.count(max(last.dice)) == 1
        assert last.seats[last.dice.index(max(last.dice))] == rolloff.winner
        assert state.start_seat == rolloff.winner == state.order[0]
        assert GAME.view(state, None).start_rolloff == rolloff
        seen_reroll = seen_reroll or len(rolloff.throws) > 1
    assert seen_reroll


def test_start_seat_moves_one_seat_clockwise_every_round() -> None:
    state = start(4, seed=11, match="rounds", rounds=6)
    first = state.start_seat
    starts = []
    while not state.over:
        if state.turn == 0:
            starts.append(state.start_seat)
            assert state.order == tuple((state.start_seat + k) % 4 for k in range(4))
        state, _ = turn(state, 20 - state.turn)
    assert starts == [(first + k) % 4 for k in range(6)]


# -- view, invariants, metrics -----------------------------------------------------------------


def test_view_shows_the_table_and_the_coach_inputs() -> None:
    state = start(4, seed=2, chips=True)
    a, b, c, d = state.order
    state, _ = turn(state, 18)
    state, _ = turn(state, 18)
    state, _ = act(state, ROLL, 5)
    view = GAME.view(state, c)
    assert view.viewer == c and view.actor == c and view.phase == "playing"
    assert (view.best_total, view.best_holders, view.to_play_after) == (18, 2, 1)
    assert view.seats[a].status == "stood" and view.seats[c].status == "rolling"
    assert view.seats[d].status == "waiting" and view.seats[c].throws == (5,)
    assert view.last_throw == (5,) and view.last_throw_seat == c
    assert view.pot == 4 and view.seats[b].chips == 9 and view.turn_order == state.order
    assert view.round == 1 and view.rounds_planned == 1 and view.start_seat == a
    assert dataclasses.replace(GAME.view(state, None), viewer=c) == view


def test_invariants_catch_a_chip_leak() -> None:
    state = start(3, chips=True)
    GAME.check_invariants(state)
    with pytest.raises(AssertionError):
        GAME.check_invariants(dataclasses.replace(state, pot=state.pot + 1))


def test_arena_metrics() -> None:
    state, _ = turn(start(2), 20)
    state, _ = turn(state, 10)
    assert GAME.arena_metrics(state) == {"rounds": 1, "first_mover_won": 1.0}
    assert "first_mover_won" not in GAME.arena_metrics(start(2, match="series"))


MATCH_OPTIONS = [
    {"match": "series"},
    {"match": "rounds", "rounds": 3},
    {"match": "single", "chips": True, "starting_chips": 2},
    {"match": "series", "chips": True, "starting_chips": 2, "tie_pot": "split"},
    {"match": "rounds", "rounds": 6, "chips": True, "starting_chips": 1},
    {"match": "rounds", "rounds": 4, "chips": True, "starting_chips": 3, "tie_pot": "split"},
]


@pytest.mark.parametrize("options", MATCH_OPTIONS)
def test_random_playouts_of_every_format(options: dict[str, Any]) -> None:
    """The generic contract checks over the options the presets leave at default."""
    for seed in range(60):
        config = GAME.config(players=2 + seed % 7, dice=1 + seed % 2, **options)
        end = random_playout(GAME, config, seed, full_roundtrip=seed % 20 == 0)
        assert GAME.outcome(end) is not None
        assert from_json(to_json(GAME, end))[1] == end
        if seed % 10 == 0:
            assert replay(GAME, end) == end


def test_every_event_kind_is_documented() -> None:
    documented = set(re.findall(r"^- ``(\w+)``", rules_module.__doc__ or "", re.MULTILINE))
    emitted: set[str] = set()
    for options in MATCH_OPTIONS:
        for seed in range(40):
            state = GAME.new_game(GAME.config(players=2 + seed % 4, **options), seed)
            chooser = Rng.from_seed(seed).stream()
            while not state.over:
                state, events = GAME.apply(state, chooser.choice(GAME.legal_actions(state)))
                emitted.update(kinds(events))
    assert emitted <= documented
    assert emitted >= {"rolled", "bust", "stood", "hit_target", "round_won", "tie_rolloff"}


# -- configs and illegal actions ---------------------------------------------------------------

NOT_INT = st.one_of(st.booleans(), st.none(), st.text(max_size=3), st.floats(allow_nan=False))
NOT_STR = st.one_of(st.booleans(), st.none(), st.integers())


def ints_outside(low: int, high: int) -> st.SearchStrategy[Any]:
    return st.one_of(st.integers().filter(lambda n: not low <= n <= high), NOT_INT)


BAD_VALUES: dict[str, st.SearchStrategy[Any]] = {
    "players": ints_outside(2, 8),
    "dice": st.one_of(st.integers().filter(lambda n: n not in (1, 2)), NOT_INT),
    "target": st.one_of(st.integers().filter(lambda n: n not in (21, 36)), NOT_INT),
    "match": st.one_of(
        st.text().filter(lambda t: t not in ("single", "series", "rounds")), NOT_STR
    ),
    "rounds": ints_outside(1, 99),
    "chips": st.one_of(st.integers(), st.none(), st.text(max_size=3)),
    "starting_chips": ints_outside(1, 1000),
    "tie_pot": st.one_of(st.text().filter(lambda t: t not in ("rolloff", "split")), NOT_STR),
}


@given(st.sampled_from(sorted(BAD_VALUES)), st.data())
def test_invalid_config_names_the_field(name: str, data: st.DataObject) -> None:
    options = {"players": 3, name: data.draw(BAD_VALUES[name])}
    with pytest.raises(ConfigError) as raised:
        GAME.config(**options)
    assert raised.value.field == name


@given(
    st.integers(2, 8),
    st.sampled_from([1, 2]),
    st.sampled_from([21, 36]),
    st.sampled_from(["single", "series", "rounds"]),
    st.integers(1, 99),
    st.booleans(),
    st.integers(1, 1000),
    st.sampled_from(["rolloff", "split"]),
)
def test_valid_configs_build_and_round_trip(
    players: int,
    dice: int,
    target: int,
    match: str,
    rounds: int,
    chips: bool,
    starting: int,
    tie_pot: str,
) -> None:
    config = Dice21Config(players, dice, target, match, rounds, chips, starting, tie_pot)  # type: ignore[arg-type]
    assert GAME.config_from_dict(GAME.config_to_dict(config)) == config


def test_presets_are_exactly_the_rulings() -> None:
    assert dict(GAME.presets) == {
        "classic": {"dice": 1, "target": 21},
        "two_dice": {"dice": 2, "target": 21},
        "target36": {"dice": 2, "target": 36},
    }
    assert GAME.config(players=2) == GAME.preset("classic", 2)
    with pytest.raises(ConfigError):
        GAME.config(players=2, colour="red")


@settings(max_examples=60)
@given(
    st.integers(0, 2**53 - 1),
    st.sampled_from(MATCH_OPTIONS),
    st.lists(st.booleans(), max_size=120),
)
def test_illegal_actions_are_refused_and_the_state_kept(
    seed: int, options: dict[str, Any], choices: list[bool]
) -> None:
    state = GAME.new_game(GAME.config(players=2 + seed % 7, **options), seed)
    # Once the drawn choices run out, stop whenever allowed so the match ends.
    for wants_stop in [*choices, *[True] * 2000]:
        legal = GAME.legal_actions(state)
        for action in (ROLL, STOP):
            if action not in legal:
                before = state
                with pytest.raises(IllegalActionError):
                    GAME.apply(state, action)
                assert state == before
        if state.over:
            break
        state, _ = GAME.apply(state, STOP if wants_stop and STOP in legal else ROLL)
    assert state.over
