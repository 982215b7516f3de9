"""Golden digests of whole matches: how the rules build their states may change, what
they build may not.

For every game, preset and seed a match is played to the end (seeded random legal
moves, and for a few seeds the medium and expert bots, which read views). Every step
feeds a running SHA-256: the action as saved, the state's fields (the RNG included),
the events, every seat's view and the spectator's, and each held moment (kind, event
count, state but its RNG, and every view). The save document
(:func:`pygame_core.to_json`) is taken at the start and at the end of the match; in
between every step is checked to add just its action to the history, so the two
documents and the actions fix every step's document (writing each one would make the
check quadratic in a match's length). ``tests/data/builder_golden.json`` holds the
digests as the rules made them before the state builder (:mod:`pygame_core.builder`)
replaced the games' own.

Each registered game is a test of its own, the toy game of ``tests/toygame.py``
included (``tests/conftest.py`` registers it; ``--write`` does too).

Regenerate (only for a deliberate change of the rules)::

    python tests/test_builder_golden.py --write
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).parent.parent))
    sys.path.insert(0, str(Path(__file__).parent))

from pygame_core import Event, game_ids, get_game, to_json
from pygame_core.rng import Rng

GOLDEN = Path(__file__).parent / "data" / "builder_golden.json"
RANDOM_SEEDS = range(40)
#: The bots' seeds: two each, but one for Twenty One's expert (its search is slow).
BOT_SEEDS = {"medium": range(2), "expert": range(2)}
SLOW_BOTS = {("twentyone", "expert"): range(1)}
#: Starts the text of a step's action (no other text of a step starts so).
ACTION_MARK = "action: "


def players_for(game: Any, seed: int) -> int:
    """2 to 4 players, as far as the game seats them."""
    return min(max(game.min_players, 2 + seed % 3), game.max_players)


def event_text(event: Event) -> str:
    """An event with its seats sorted (a frozenset's repr need not be)."""
    seen = None if event.visible_to is None else sorted(event.visible_to)
    return repr((event.kind, event.params, seen))


def state_text(state: Any, skip: tuple[str, ...] = ("history",)) -> str:
    """Every field of ``state`` but those in ``skip``: the history (the actions and the
    save document fix it)."""
    return repr([getattr(state, f.name) for f in dataclasses.fields(state) if f.name not in skip])


def held_text(state: Any) -> str:
    """A held moment's state (:class:`pygame_core.Pause`) without its history and its
    RNG. Nothing draws from a held state's RNG (``apply`` refuses the state, no view
    shows it), and the games' own builders set it two ways: dice41's at where the step
    began, dice21's and the banker games' at where the stream stood."""
    return state_text(state, ("history", "rng"))


def match_steps(game: Any, config: Any, seed: int, mover: str) -> Iterator[str]:
    """The texts of one match, a step's action first: ``mover`` is ``"random"`` or a
    bot level."""
    state = game.new_game(config, seed)
    seats = (None, *range(config.players))
    yield state_text(state)
    yield to_json(game, state)
    bot = None if mover == "random" else game.make_bot(mover)
    chooser = Rng.from_seed(seed).stream()
    while (seat := game.current_player(state)) is not None:
        legal = game.legal_actions(state)
        if bot is None:
            action = chooser.choice(legal)
        else:
            action = bot.choose(game.view(state, seat), legal, len(state.history))
        step = game.apply_paused(state, action)
        assert step.state.history[:-1] == state.history and step.state.history[-1] is action
        state = step.state
        yield ACTION_MARK + json.dumps(game.action_to_dict(action), sort_keys=True)
        yield state_text(state)
        yield from (event_text(e) for e in step.events)
        yield from (repr(game.view(state, s)) for s in seats)
        for pause in step.pauses:
            yield repr((pause.kind, pause.events, len(pause.state.history)))
            yield held_text(pause.state)
            yield from (repr(game.view(pause.state, s)) for s in seats)
    yield to_json(game, state)


def matches(game_id: str) -> Iterator[tuple[str, Any, Any, int, str]]:
    """(name, game, config, seed, mover) of every match of the check of ``game_id``."""
    game = get_game(game_id)
    for preset in game.presets:
        movers = {"random": RANDOM_SEEDS, **BOT_SEEDS}
        for mover, seeds in movers.items():
            for seed in SLOW_BOTS.get((game_id, mover), seeds):
                players = players_for(game, seed)
                config = game.preset(preset, players)
                name = f"{game_id}/{preset}/{players}p/seed{seed}/{mover}"
                yield name, game, config, seed, mover


def digest(game: Any, config: Any, seed: int, mover: str) -> tuple[str, int]:
    """The digest of one match and its number of steps."""
    running = hashlib.sha256()
    steps = 0
    for text in match_steps(game, config, seed, mover):
        running.update(text.encode())
        running.update(b"\n")
        steps += text.startswith(ACTION_MARK)
    return running.hexdigest(), steps


def digests(game_id: str) -> tuple[dict[str, str], int]:
    """Every match's digest of ``game_id``, and the number of steps played in all."""
    found = {}
    steps = 0
    for name, game, config, seed, mover in matches(game_id):
        found[name], played = digest(game, config, seed, mover)
        steps += played
    return found, steps


@pytest.mark.parametrize("game_id", game_ids())
def test_every_match_builds_the_states_it_always_built(game_id: str) -> None:
    golden = json.loads(GOLDEN.read_text("utf-8"))
    found, steps = digests(game_id)
    recorded = {k: v for k, v in golden["matches"].items() if k.split("/")[0] == game_id}
    assert recorded, f"no golden digest of {game_id}: record them (see the docstring)"
    assert set(found) == set(recorded)
    changed = sorted(name for name, value in recorded.items() if found[name] != value)
    assert not changed, f"{len(changed)} matches differ, first: {changed[:5]}"
    assert steps == golden["steps"][game_id]


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        raise SystemExit("usage: python tests/test_builder_golden.py --write")
    from conftest import register_test_games

    register_test_games()
    found, steps = {}, {}
    for game_id in game_ids():
        matches_of, steps[game_id] = digests(game_id)
        found.update(matches_of)
    GOLDEN.parent.mkdir(exist_ok=True)
    text = json.dumps({"matches": found, "steps": steps}, indent=0, sort_keys=True)
    GOLDEN.write_text(text + "\n", "utf-8")
    print(f"{len(found)} matches, {sum(steps.values())} steps, written to {GOLDEN}")
