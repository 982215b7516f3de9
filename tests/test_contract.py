"""The contract suite: seeded random playouts of every registered game and preset."""

from __future__ import annotations

import dataclasses
from collections import Counter
from typing import Any

import pytest
import toygame
from contract_suite import (
    PLAYOUTS,
    ROUNDTRIP_EVERY,
    SAVE_REPLAY_EVERY,
    Scan,
    check_hides_something,
    check_outcome,
    check_save,
    check_view,
    contains_rng,
    players_for,
    random_playout,
)

from pygame_core import BOT_LEVELS, Game, IllegalActionError, game_ids, get_game
from pygame_core.rng import Rng

CASES = [(gid, preset) for gid in game_ids() for preset in get_game(gid).presets]
#: The playouts of a game and preset run in chunks of this many seeds, one test each,
#: so that pytest-xdist shares the long games out evenly between workers.
CHUNK = 250
CHUNKS = [
    (gid, preset, start) for gid, preset in CASES for start in range(0, max(PLAYOUTS, 1), CHUNK)
]


def test_every_game_is_registered() -> None:
    assert game_ids(), "no game is registered"


@pytest.mark.parametrize(("game_id", "preset", "start"), CHUNKS)
def test_random_playouts(game_id: str, preset: str, start: int) -> None:
    game = get_game(game_id)
    pauses: Counter[str] = Counter()
    for seed in range(start, min(start + CHUNK, PLAYOUTS)):
        config = game.preset(preset, players_for(game, seed))
        end = random_playout(
            game, config, seed, full_roundtrip=seed % ROUNDTRIP_EVERY == 0, pauses=pauses
        )
        check_outcome(game, end)
        check_save(game, end, replay=seed % SAVE_REPLAY_EVERY == 0)
    # every match of every game holds at least its last round's end on the table
    assert start >= PLAYOUTS or pauses, "no round ended in these playouts"


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
def test_a_game_that_hides_information_has_some_unseen_card(game_id: str) -> None:
    check_hides_something(get_game(game_id))


def test_a_hiding_game_without_unseen_cards_is_refused() -> None:
    class Hiding(type(toygame.GAME)):  # type: ignore[misc]
        hides_information = True

    with pytest.raises(AssertionError, match="no seat has an unseen card"):
        check_hides_something(Hiding())


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


# -- the cheap checks still catch what the full walks caught -------------------------
@dataclasses.dataclass(frozen=True)
class _Part:
    cards: tuple[int, ...] = ()
    extra: Any = None


@dataclasses.dataclass(frozen=True)
class _View:
    viewer: int | None = None
    hand: tuple[int, ...] = ()
    parts: tuple[_Part, ...] = ()
    last: _Part | None = None


@dataclasses.dataclass(frozen=True)
class _RngView:
    viewer: int | None = None
    rng: Rng | None = None


def test_the_scan_finds_an_rng_wherever_it_hides() -> None:
    rng = Rng.from_seed(1)
    scan = Scan()
    clean = _View(0, (1, 2), (_Part((3,)),), _Part())
    assert not scan.holds_rng(clean) and scan.is_frozen(clean)
    hidden = [
        _View(0, (1, rng)),  # type: ignore[arg-type]  # breaks its declared type
        _View(0, (), (_Part((3,), extra=(rng,)),)),
        _View(0, (), clean.parts, _Part(extra={"key": rng})),
        _View(0, (), clean.parts, _Part(extra={rng: 1})),
        _View(0, (), clean.parts, _Part(extra=[[rng]])),
        _View(0, (), clean.parts, _Part(extra=rng.stream())),
    ]
    for view in hidden:
        assert scan.holds_rng(view), view
        assert contains_rng(view), view


def test_the_scan_never_remembers_a_mutable_part() -> None:
    scan = Scan()
    box: list[Any] = []
    view = _View(0, (), (_Part(extra=box),))
    assert not scan.holds_rng(view) and not scan.is_frozen(view)
    box.append(Rng.from_seed(2))
    assert scan.holds_rng(view), "a list seen before is walked again"


def test_a_view_declared_or_found_to_hold_an_rng_is_refused() -> None:
    with pytest.raises(AssertionError, match="declared to hold an RNG"):
        check_view(_RngView(), Scan())
    with pytest.raises(AssertionError, match="never hold the RNG"):
        check_view(_View(last=_Part(extra=Rng.from_seed(3))), Scan())


def _mutating_game(how: str) -> Game[Any, Any, Any, Any]:
    base = type(get_game("dice21"))

    class Mutating(base):  # type: ignore[valid-type, misc]
        def _step(self, state: Any, action: Any) -> Any:
            step = super()._step(state, action)
            if how == "field":
                object.__setattr__(state, "seed", state.seed + 1)
            elif how == "deep":
                object.__setattr__(state.rng, "state", state.rng.state ^ 1)
            return step

    return Mutating()


@pytest.mark.parametrize("how", ["field", "deep"])
def test_a_playout_catches_apply_changing_its_input(how: str) -> None:
    game = _mutating_game(how)
    with pytest.raises(AssertionError, match="change"):
        random_playout(game, game.preset("classic", 2), 1, full_roundtrip=False)


def test_a_playout_refuses_a_state_with_a_mutable_part() -> None:
    base = type(get_game("dice21"))

    class Listy(base):  # type: ignore[valid-type, misc]
        def _step(self, state: Any, action: Any) -> Any:
            new, events, pauses = super()._step(state, action)
            return dataclasses.replace(new, totals=list(new.totals)), events, pauses

    game = Listy()
    with pytest.raises(AssertionError, match="deeply immutable"):
        random_playout(game, game.preset("classic", 2), 1, full_roundtrip=False)


def test_a_playout_checks_every_held_moment() -> None:
    base = type(get_game("dice21"))

    class Acting(base):  # type: ignore[valid-type, misc]
        def view(self, state: Any, seat: int | None) -> Any:
            view = super().view(state, seat)
            return dataclasses.replace(view, actor=0) if state.pause and seat == 1 else view

    game = Acting()
    with pytest.raises(AssertionError, match="nobody acts"):
        _play(game, seeds=range(20))


def _play(game: Game[Any, Any, Any, Any], seeds: range) -> None:
    for seed in seeds:
        random_playout(game, game.preset("classic", 3), seed, full_roundtrip=False)
