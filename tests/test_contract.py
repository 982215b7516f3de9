"""The contract suite: seeded random playouts of every registered game and preset."""

from __future__ import annotations

import pytest
from contract_suite import (
    PLAYOUTS,
    ROUNDTRIP_EVERY,
    check_outcome,
    players_for,
    random_playout,
    replay,
)

from pygame_core import BOT_LEVELS, IllegalActionError, from_json, game_ids, get_game, to_json

CASES = [(gid, preset) for gid in game_ids() for preset in get_game(gid).presets]


def test_every_game_is_registered() -> None:
    assert game_ids(), "no game is registered"


@pytest.mark.parametrize(("game_id", "preset"), CASES)
def test_random_playouts(game_id: str, preset: str) -> None:
    game = get_game(game_id)
    for seed in range(PLAYOUTS):
        config = game.preset(preset, players_for(game, seed))
        end = random_playout(game, config, seed, full_roundtrip=seed % ROUNDTRIP_EVERY == 0)
        check_outcome(game, end)
        assert from_json(to_json(game, end))[1] == end
        if seed % 10 == 0:
            assert replay(game, end) == end


@pytest.mark.parametrize(("game_id", "preset"), CASES)
def test_same_seed_same_match(game_id: str, preset: str) -> None:
    game = get_game(game_id)
    config = game.preset(preset, game.min_players)
    assert random_playout(game, config, 99, full_roundtrip=False) == random_playout(
        game, config, 99, full_roundtrip=False
    )


@pytest.mark.parametrize("game_id", game_ids())
@pytest.mark.parametrize("level", BOT_LEVELS)
def test_bots_play_legal_moves_to_the_end(game_id: str, level: str) -> None:
    game = get_game(game_id)
    bot = game.make_bot(level)
    for seed in range(4):
        preset = sorted(game.presets)[seed % len(game.presets)]
        state = game.new_game(game.preset(preset, players_for(game, seed)), seed)
        for _ in range(20_000):
            seat = game.current_player(state)
            if seat is None:
                break
            legal = game.legal_actions(state)
            action = bot.choose(game.view(state, seat), legal, len(state.history))
            assert action in legal
            state, _ = game.apply(state, action)
        check_outcome(game, state)


@pytest.mark.parametrize("game_id", game_ids())
def test_illegal_action_is_refused_and_state_kept(game_id: str) -> None:
    game = get_game(game_id)
    state = game.new_game(game.preset(sorted(game.presets)[0], game.min_players), 3)
    legal = set(game.legal_actions(state))
    foreign = [a for t in game.action_types for a in _samples(t) if a not in legal]
    assert foreign, "expected some action that is illegal at the start"
    before = state
    for action in foreign:
        with pytest.raises(IllegalActionError):
            game.apply(state, action)
    assert state == before


def _samples(action_type: type) -> list[object]:
    """A few instances of an action type with small field values."""
    import dataclasses
    import itertools
    import typing

    hints = typing.get_type_hints(action_type)
    fields = [f for f in dataclasses.fields(action_type) if f.init]
    pools: list[list[object]] = []
    for f in fields:
        tp = hints[f.name]
        if tp is int:
            pools.append([0, 1, 5, 13, 60])
        elif tp is bool:
            pools.append([False, True])
        elif typing.get_origin(tp) is tuple:
            pools.append([(), (0,), (0, 1), (51, 50)])
        elif typing.get_origin(tp) is typing.Literal:
            pools.append(list(typing.get_args(tp)))
        else:
            pools.append([None])
    out = []
    for combo in itertools.islice(itertools.product(*pools), 50):
        try:
            out.append(action_type(*combo))
        except (TypeError, ValueError):
            continue
    return out
