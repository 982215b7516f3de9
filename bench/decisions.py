"""Timings of the Python side of Nordic 21, run the same way in CPython and in Pyodide.

``bench.py`` imports this module directly (CPython) and also ships it to a bench page
that runs it in the browser's Pyodide next to the unpacked app zip, so both columns of
the report come from one piece of code:

- :func:`bot_timings`: what a bot move costs the app (``GameSession.bot_action``: make
  the bot, build the seat's view and the legal actions, ``choose``), per game and level,
  over seeded matches where every seat is a bot of that level;
- :func:`coach_timings`: the odds coach (the game's own ``Game.advise``) on the acting
  seat's view (as a person would see it), in seeded matches driven by medium bots;
- :func:`playout_rate`: seeded random legal actions through the public ``apply``;
- :func:`review_timings`: the after-the-game review (``pygame_core.review``) of one
  person's decisions over a 10-round match (Twenty One: 10 deals) played by medium bots.

Pure standard library and the app's own packages; Python 3.11 and Pyodide's 3.14.
"""

from __future__ import annotations

import json
import random
import sys
import time
from collections.abc import Callable
from typing import Any

from pygame_core import BOT_LEVELS, Game, game_ids, get_game

#: Banker games: a coach for them may be called ``banker_advice``.


def bot_seed(seed: int, step: int) -> int:
    """A bot's seed for one decision, as ``web.session.bot_seed`` makes it."""
    return (seed * 1_000_003 + step * 7_919) % (2**53)


def bench_config(game: Game[Any, Any, Any, Any]) -> Any:
    """The config the timings use: the game's first preset, three players if allowed."""
    players = min(max(game.min_players, 3), game.max_players)
    return game.preset(next(iter(game.presets)), players)


def environment() -> dict[str, Any]:
    """The interpreter, the games registered and the games that have a coach."""
    advice = [gid for gid in game_ids() if coach_function(gid) is not None]
    return {
        "python": sys.version.split()[0],
        "platform": sys.platform,
        "games": list(game_ids()),
        "levels": list(BOT_LEVELS),
        "coach_functions": advice,
    }


class Budget:
    """When to stop sampling: ``target`` samples, or ``seconds`` passed once ``minimum``
    samples are in, or in any case after four times ``seconds``."""

    def __init__(self, target: int, minimum: int, seconds: float) -> None:
        self.target = target
        self.minimum = min(minimum, target)
        self.started = time.perf_counter()
        self.soft = self.started + seconds
        self.hard = self.started + 4 * seconds

    def more(self, count: int) -> bool:
        """Whether to take another sample when ``count`` are in."""
        now = time.perf_counter()
        if count >= self.target or now >= self.hard:
            return False
        return now < self.soft or count < self.minimum

    def elapsed(self) -> float:
        """Seconds since the start."""
        return time.perf_counter() - self.started


def bot_timings(
    game_id: str,
    level: str,
    decisions: int,
    budget_s: float,
    min_decisions: int = 50,
    seed: int = 1,
) -> dict[str, Any]:
    """Milliseconds per bot move of ``level`` in ``game_id``, every seat that level.

    Plays seeded matches (seed, seed + 1, ...) until ``decisions`` moves were timed, or
    ``budget_s`` seconds passed with at least ``min_decisions`` moves (see
    :class:`Budget`). Each move is timed as the app makes it (``GameSession.bot_action``):
    ``make_bot``, ``view``, ``legal_actions`` and ``choose``.
    """
    game = get_game(game_id)
    config = bench_config(game)
    times: list[float] = []
    matches = 0
    budget = Budget(decisions, min_decisions, budget_s)
    match_seed = seed
    while budget.more(len(times)):
        state = game.new_game(config, match_seed)
        matches += 1
        while budget.more(len(times)):
            seat = game.current_player(state)
            if seat is None:
                break
            step = len(state.history)
            t0 = time.perf_counter()
            bot = game.make_bot(level)
            action = bot.choose(
                game.view(state, seat), game.legal_actions(state), bot_seed(match_seed, step)
            )
            times.append((time.perf_counter() - t0) * 1000)
            state, _ = game.apply(state, action)
        match_seed += 1
    return {
        "game": game_id,
        "level": level,
        "ms": times,
        "matches": matches,
        "seconds": budget.elapsed(),
        "budget_hit": len(times) < decisions,
    }


def coach_function(game_id: str) -> tuple[str, Callable[..., Any]] | None:
    """The coach for ``game_id`` (its name and the function), or None if it has none:
    the game's own ``advise`` (the core's coach, :meth:`pygame_core.Game.advise`)."""
    game = get_game(game_id)
    if type(game).advise is Game.advise:
        return None
    return f"{type(game).__name__}.advise", game.advise


def coach_timings(
    game_id: str, samples: int, budget_s: float, min_samples: int = 50, seed: int = 101
) -> dict[str, Any]:
    """Milliseconds per coach computation on the acting seat's view.

    Medium bots play seeded matches; before each move the coach is asked about the
    acting seat's view (as if a person sat there with the coach on). Calls that return
    ``None`` (nothing to advise) are counted but not timed into ``ms``.
    """
    found = coach_function(game_id)
    if found is None:
        return {"game": game_id, "name": None, "ms": [], "idle": 0, "errors": []}
    name, func = found
    game = get_game(game_id)
    config = bench_config(game)
    bot = game.make_bot("medium")
    times: list[float] = []
    idle = 0
    errors: list[str] = []
    budget = Budget(samples, min_samples, budget_s)
    match_seed = seed
    while budget.more(len(times)):
        state = game.new_game(config, match_seed)
        while budget.more(len(times)):
            seat = game.current_player(state)
            if seat is None:
                break
            view = game.view(state, seat)
            legal = game.legal_actions(state)
            t0 = time.perf_counter()
            try:
                advice = func(view, legal)
            except Exception as exc:  # a coach that fails is reported, not fatal
                advice = None
                if len(errors) < 5:
                    errors.append(f"{type(exc).__name__}: {exc}")
            elapsed = (time.perf_counter() - t0) * 1000
            if advice is None:
                idle += 1
            else:
                times.append(elapsed)
            action = bot.choose(view, legal, bot_seed(match_seed, len(state.history)))
            state, _ = game.apply(state, action)
        match_seed += 1
    return {"game": game_id, "name": name, "ms": times, "idle": idle, "errors": errors}


def playout_rate(game_id: str, seconds: float, seed: int = 7) -> dict[str, Any]:
    """Random legal actions per second through ``apply``, over seeded matches."""
    game = get_game(game_id)
    config = bench_config(game)
    rng = random.Random(seed)
    actions = 0
    matches = 0
    started = time.perf_counter()
    deadline = started + seconds
    while time.perf_counter() < deadline:
        state = game.new_game(config, seed + matches)
        matches += 1
        while game.current_player(state) is not None:
            state, _ = game.apply(state, rng.choice(game.legal_actions(state)))
            actions += 1
            if actions % 16 == 0 and time.perf_counter() >= deadline:
                break
    elapsed = time.perf_counter() - started
    return {
        "game": game_id,
        "actions": actions,
        "matches": matches,
        "seconds": elapsed,
        "per_second": actions / elapsed if elapsed else 0.0,
    }


def review_timings(
    game_id: str, rounds: int = 10, matches: int = 2, seed: int = 301
) -> dict[str, Any]:
    """Milliseconds to review seat 0's decisions over the first ``rounds`` rounds of
    seeded medium-bot matches (the match is cut where round ``rounds + 1`` begins, or
    at its end), as the review screen does it in the browser, in one go."""
    try:
        from pygame_core.review import Match, review_match
    except ImportError:  # a revision before the review
        return {"game": game_id, "ms": [], "decisions": [], "rounds": rounds}
    game = get_game(game_id)
    config = bench_config(game)
    if isinstance(getattr(config, "rounds", None), int) and config.rounds < rounds:
        config = game.config(**{**game.config_to_dict(config), "rounds": rounds})
    bot = game.make_bot("medium")
    times: list[float] = []
    counts: list[int] = []
    for match_seed in range(seed, seed + matches):
        state = game.new_game(config, match_seed)
        while (seat := game.current_player(state)) is not None:
            if game.view(state, None).round > rounds:
                break
            action = bot.choose(
                game.view(state, seat),
                game.legal_actions(state),
                bot_seed(match_seed, len(state.history)),
            )
            state, _ = game.apply(state, action)
        match = Match(game, config, match_seed, tuple(state.history))
        t0 = time.perf_counter()
        review = review_match(match, seats=(0,), seed=1)
        times.append((time.perf_counter() - t0) * 1000)
        counts.append(len(review.for_seat(0).decisions))
    return {"game": game_id, "ms": times, "decisions": counts, "rounds": rounds}


FUNCTIONS: dict[str, Callable[..., dict[str, Any]]] = {
    "environment": environment,
    "bot_timings": bot_timings,
    "coach_timings": coach_timings,
    "review_timings": review_timings,
    "playout_rate": playout_rate,
}


def call_json(request: str) -> str:
    """Run ``{"fn": name, "kwargs": {...}}`` and return its result as JSON (the page's API)."""
    data = json.loads(request)
    return json.dumps(FUNCTIONS[data["fn"]](**data.get("kwargs", {})))
