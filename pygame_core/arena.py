"""Play bots against each other and print win rates with 95 % confidence intervals.

Usage::

    python -m pygame_core.arena dice21 --bots expert,medium --games 2000 --seed 1
    python -m pygame_core.arena tjueett --bots expert,medium,medium --fixed-seats

``--bots`` lists a level per seat (cycled when there are more seats). Unless
``--fixed-seats`` is given, the line-up rotates one seat each game so no level keeps a
seat's advantage. A shared win counts as a fraction of a win. Game-specific figures
from ``Game.arena_metrics`` are averaged over the games.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field

from .contract import BOT_LEVELS
from .registry import get_game

Z95 = 1.959963984540054


def wilson_interval(successes: float, trials: int) -> tuple[float, float]:
    """The Wilson score interval (95 %) for a proportion."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denom = 1 + Z95**2 / trials
    centre = (p + Z95**2 / (2 * trials)) / denom
    half = Z95 * math.sqrt(p * (1 - p) / trials + Z95**2 / (4 * trials**2)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """Mean and its normal-approximation 95 % interval."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return (mean, mean, mean)
    half = Z95 * statistics.stdev(values) / math.sqrt(len(values))
    return (mean, mean - half, mean + half)


@dataclass
class LevelStats:
    """Running figures for one bot level."""

    seats: int = 0
    wins: float = 0.0
    decide_ms: list[float] = field(default_factory=list)


@dataclass
class ArenaResult:
    """Everything one arena run measured."""

    games: int
    levels: dict[str, LevelStats]
    metrics: dict[str, list[float]]
    seat_wins: list[float]


def run_arena(
    game_id: str,
    bots: Sequence[str],
    games: int,
    seed: int = 0,
    preset: str | None = None,
    players: int | None = None,
    fixed_seats: bool = False,
) -> ArenaResult:
    """Play ``games`` matches and collect win rates, decision times and metrics."""
    game = get_game(game_id)
    for level in bots:
        if level not in BOT_LEVELS:
            raise SystemExit(f"unknown bot level {level!r}; choose from {', '.join(BOT_LEVELS)}")
    count = players or max(len(bots), game.min_players)
    preset_name = preset or next(iter(game.presets))
    config = game.preset(preset_name, count)
    engines = {level: game.make_bot(level) for level in set(bots)}
    levels: dict[str, LevelStats] = defaultdict(LevelStats)
    metrics: dict[str, list[float]] = defaultdict(list)
    seat_wins = [0.0] * count
    for index in range(games):
        shift = 0 if fixed_seats else index % count
        lineup = [bots[(seat - shift) % len(bots)] for seat in range(count)]
        state = game.new_game(config, seed + index)
        while (seat := game.current_player(state)) is not None:
            level = lineup[seat]
            legal = game.legal_actions(state)
            started = time.perf_counter()
            action = engines[level].choose(game.view(state, seat), legal, len(state.history))
            levels[level].decide_ms.append((time.perf_counter() - started) * 1000)
            state, _ = game.apply(state, action)
        result = game.outcome(state)
        assert result is not None
        for seat in range(count):
            levels[lineup[seat]].seats += 1
        for winner in result.winners:
            share = 1 / len(result.winners)
            levels[lineup[winner]].wins += share
            seat_wins[winner] += share
        for name, value in game.arena_metrics(state).items():
            metrics[name].append(float(value))
    return ArenaResult(games, dict(levels), dict(metrics), seat_wins)


def format_report(result: ArenaResult) -> str:
    """The result as Markdown tables."""
    lines = [
        f"games: {result.games}",
        "",
        "| bot | seats | wins | win rate per seat | 95 % interval | p50 ms | p95 ms |",
        "|---|---|---|---|---|---|---|",
    ]
    for level, stats in sorted(result.levels.items()):
        low, high = wilson_interval(stats.wins, stats.seats)
        times = sorted(stats.decide_ms) or [0.0]
        p50 = times[len(times) // 2]
        p95 = times[min(len(times) - 1, int(len(times) * 0.95))]
        lines.append(
            f"| {level} | {stats.seats} | {stats.wins:g} | {stats.wins / stats.seats:.4f} "
            f"| {low:.4f} - {high:.4f} | {p50:.2f} | {p95:.2f} |"
        )
    lines += ["", "| seat | win rate | 95 % interval |", "|---|---|---|"]
    for seat, wins in enumerate(result.seat_wins):
        low, high = wilson_interval(wins, result.games)
        lines.append(f"| {seat} | {wins / result.games:.4f} | {low:.4f} - {high:.4f} |")
    if result.metrics:
        lines += ["", "| metric | mean | 95 % interval |", "|---|---|---|"]
        for name, values in sorted(result.metrics.items()):
            mean, low, high = mean_interval(values)
            lines.append(f"| {name} | {mean:.4f} | {low:.4f} - {high:.4f} |")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(prog="python -m pygame_core.arena", description=__doc__)
    parser.add_argument("game", help="game id, e.g. dice21")
    parser.add_argument("--bots", default="expert,medium", help="level per seat, comma-separated")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--preset", default=None)
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--fixed-seats", action="store_true", help="do not rotate the line-up")
    args = parser.parse_args(argv)
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    result = run_arena(
        args.game, bots, args.games, args.seed, args.preset, args.players, args.fixed_seats
    )
    print(format_report(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
