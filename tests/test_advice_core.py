"""The coach's advice, pinned by a digest: seeded random playouts of every game and
preset, the advice for every decision of the acting seat (from its own view), hashed
per playout into ``tests/data/advice_digest.json``.

The digest was recorded from ``web.coach`` before its odds moved into the core
(``Game.advise``), so this test shows the move changed no figure. Record it again only
when the advice changes on purpose: ``python -m tests.test_advice_core --record``.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import random
import subprocess
import sys
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from registered import coached

from pygame_core import Game, get_game
from pygame_core.registry import game_ids

DIGEST = Path(__file__).parent / "data" / "advice_digest.json"

#: Player counts the playouts use (clamped to each game's range).
PLAYERS = (2, 3, 5, 8)
#: Playouts per game, preset and player count: random play ends a dice21 or banker
#: match soon, so they get more. Twenty One's advice (the expert's search and the
#: review's estimate) costs tens of milliseconds, so it gets a few dozen decisions in
#: all, spread over its playouts. Any other game with a coach: 2.
SEEDS = {"dice21": 12, "dice41": 2, "tjueett": 2, "tjugoett": 2, "twentyone": 1}
DECISIONS = {"twentyone": 4}
MOST_DECISIONS = 150


def plain(value: Any) -> Any:
    """``value`` as JSON data that tells exact values, types and order apart (a
    Fraction from an int, a float to its last bit, a dict's order)."""
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, float):
        return value.hex()
    if isinstance(value, Fraction):
        return f"{value.numerator}/{value.denominator}"
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
        return [type(value).__name__, fields]
    if isinstance(value, dict):
        return [[plain(k), plain(v)] for k, v in value.items()]
    if isinstance(value, (tuple, list)):
        return [plain(v) for v in value]
    raise TypeError(f"no plain form for {value!r}")


def playouts() -> Iterator[tuple[str, Game[Any, Any, Any, Any], Any]]:
    """Every playout's name, game and config."""
    for game_id in coached():
        game = get_game(game_id)
        for preset in game.presets:
            counts = sorted({min(max(n, game.min_players), game.max_players) for n in PLAYERS})
            for players in counts:
                for seed in range(1, SEEDS.get(game_id, 2) + 1):
                    name = f"{game_id}/{preset}/{players}p/seed{seed}"
                    yield name, game, (game.preset(preset, players), seed)


def playout_digest(game: Game[Any, Any, Any, Any], config: Any, seed: int) -> dict[str, Any]:
    """The digest of one seeded random playout: how many decisions it recorded, how
    many got advice, and the hash of every decision's advice in order."""
    state = game.new_game(config, seed)
    chooser = random.Random(seed)
    wanted = DECISIONS.get(game.id, MOST_DECISIONS)
    # Twenty One: spread the few recorded decisions over the match.
    every = 7 if game.id == "twentyone" else 1
    lines = hashlib.sha256()
    decisions = advised = step = 0
    while decisions < wanted:
        seat = game.current_player(state)
        if seat is None:
            break
        legal = game.legal_actions(state)
        if step % every == 0:
            advice = game.advise(game.view(state, seat), legal, len(state.history))
            lines.update(json.dumps([step, plain(advice)]).encode() + b"\n")
            decisions += 1
            advised += advice is not None
        state, _ = game.apply(state, chooser.choice(legal))
        step += 1
    return {"decisions": decisions, "advised": advised, "sha256": lines.hexdigest()}


def record() -> None:
    """Write the digest of every playout."""
    digest = {name: playout_digest(game, *run) for name, game, run in playouts()}
    DIGEST.parent.mkdir(exist_ok=True)
    DIGEST.write_text(json.dumps(digest, indent=1, sort_keys=True) + "\n")


@pytest.mark.parametrize("game_id", coached())
def test_the_advice_matches_the_recorded_digest(game_id: str) -> None:
    recorded = json.loads(DIGEST.read_text())
    names = []
    for name, game, run in playouts():
        if game.id == game_id:
            names.append(name)
            assert playout_digest(game, *run) == recorded[name], name
    assert names and all(recorded[name]["advised"] for name in names)


@pytest.mark.parametrize("game_id", game_ids())
def test_the_advice_speaks_only_to_the_seat_to_act(game_id: str) -> None:
    game = get_game(game_id)
    state = game.new_game(game.preset(next(iter(game.presets)), 3), 5)
    chooser = random.Random(5)
    held = 0
    while (actor := game.current_player(state)) is not None:
        legal = game.legal_actions(state)
        for seat in (None, *(s for s in range(3) if s != actor)):
            assert game.advise(game.view(state, seat), legal) is None
        step = game.apply_paused(state, chooser.choice(legal))
        for pause in step.pauses:
            held += 1
            assert all(game.advise(game.view(pause.state, s), ()) is None for s in range(3))
        state = step.state
    assert held, "no held moment came up"
    assert all(game.advise(game.view(state, s), ()) is None for s in range(3))


def test_twentyone_advice_is_kept_for_a_redraw() -> None:
    game = get_game("twentyone")
    state = game.new_game(game.preset("classic", 3), 2)
    seat = game.current_player(state)
    view, legal = game.view(state, seat), game.legal_actions(state)
    first = game.advise(view, legal, 9)
    assert first is not None and game.advise(view, list(legal), 9) is first


@pytest.mark.parametrize("preset", ["classic", "low_ace"])
def test_every_twentyone_option_key_has_its_action(preset: str) -> None:
    """The coach plays the review's best option by its key: the action of each key is
    legal, and the review calls that action by the same key (cheap estimates: two
    worlds each, as only the keys matter here)."""
    from pygame_core.review.rating import Spot
    from pygame_core.twentyone.review import action_of, rate

    game = get_game("twentyone")
    state = game.new_game(game.preset(preset, 3), 4)
    chooser = random.Random(4)
    kinds = set()
    for _ in range(40):
        seat = game.current_player(state)
        assert seat is not None
        view, legal = game.view(state, seat), game.legal_actions(state)
        decision = rate(Spot(0, seat, view, legal, legal[0]), 0, 2)
        for option in decision.options if decision else ():
            if option.key.endswith("_as_played"):
                continue
            action = action_of(view, legal, option.key)
            rated = rate(Spot(0, seat, view, legal, action), 0, 2)
            assert action in legal and rated is not None and rated.chosen == option.key
            kinds.add(option.key.partition("_")[0])
        state, _ = game.apply(state, chooser.choice(legal))
    # A discard or pass is never one choice among others: only a seat that cannot beat
    # may make it, and then it must.
    assert kinds == {"open", "refuse", "swap", "play"}


def test_no_advice_module_loads_until_the_coach_is_asked() -> None:
    """A fresh interpreter: the games and their UIs load no advice (nor its odds) until
    a game's coach is asked for."""
    probe = (
        "import sys, web.games\n"
        "from pygame_core import get_game\n"
        "from pygame_core.registry import game_ids\n"
        "[get_game(g) for g in game_ids()]\n"
        "print(*sorted(m for m in sys.modules if m.endswith('.advice')))\n"
        "game = get_game('dice21')\n"
        "state = game.new_game(game.config(players=2), 1)\n"
        "seat = game.current_player(state)\n"
        "game.advise(game.view(state, seat), game.legal_actions(state))\n"
        "print(*sorted(m for m in sys.modules if m.endswith('.advice')))"
    )
    root = Path(__file__).parent.parent
    out = subprocess.run(
        [sys.executable, "-c", probe], cwd=root, capture_output=True, text=True, check=True
    )
    before, after = out.stdout.split("\n")[:2]
    assert before == ""
    assert after.split() == ["pygame_core.dice21.advice"]


if __name__ == "__main__":
    if sys.argv[1:] != ["--record"]:
        sys.exit("usage: python -m tests.test_advice_core --record")
    record()
