"""The review engine: inputs, determinism, progress in slices, summaries, old saves."""

from __future__ import annotations

import ast
import copy
import itertools
import json
from fractions import Fraction
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from pygame_core import IllegalActionError, SaveError, get_game, to_json
from pygame_core.review import (
    COSTLIEST,
    Decision,
    Match,
    Option,
    Reason,
    accuracy,
    decision_accuracy,
    iter_review,
    load_match,
    rate_decision,
    replay_frames,
    review_match,
    summarize,
)
from pygame_core.review.rating import Spot, make_decision
from pygame_core.saves import to_data
from pygame_core.twentyone import OpenExchange, Swap, play_rank

FIXTURES = Path(__file__).parent / "fixtures" / "saves"


def bot_match(
    game_id: str, levels: tuple[str, ...], seed: int, preset: str | None = None, **options: Any
) -> Match:
    """A finished match of bots of ``levels`` (one per seat), deterministic in ``seed``."""
    game = get_game(game_id)
    if preset is not None:
        config = game.preset(preset, len(levels))
        if options:
            config = game.config(**{**game.config_to_dict(config), **options})
    else:
        config = game.config(players=len(levels), **options)
    state = game.new_game(config, seed)
    bots = [game.make_bot(level) for level in levels]
    while (seat := game.current_player(state)) is not None:
        view = game.view(state, seat)
        action = bots[seat].choose(
            view, game.legal_actions(state), seed * 7919 + len(state.history)
        )
        state, _ = game.apply(state, action)
    return Match(game, state.config, state.seed, state.history)


def test_every_input_form_gives_the_same_review() -> None:
    match = bot_match("dice21", ("easy", "medium", "expert"), 3, match="rounds", rounds=3)
    game = match.game
    state = load_state(match)
    document = to_data(game, state)
    forms = [
        match,
        to_json(game, state),
        document,
        (game.id, match.config, match.seed, match.actions),
        (game.id, document["config"], match.seed, document["actions"]),
    ]
    reviews = [review_match(form, seats=(0, 2)) for form in forms]
    assert all(review == reviews[0] for review in reviews)
    assert [s.seat for s in reviews[0].seats] == [0, 2]
    assert reviews[0].over and reviews[0].actions == len(match.actions)


def load_state(match: Match) -> Any:
    state = match.game.new_game(match.config, match.seed)
    for action in match.actions:
        state, _ = match.game.apply(state, action)
    return state


def test_review_never_mutates_its_input_document() -> None:
    match = bot_match("tjugoett", ("medium", "easy", "expert"), 5)
    document = to_data(match.game, load_state(match))
    before = copy.deepcopy(document)
    review_match(document)
    assert document == before


def test_bad_input_gets_a_clear_error() -> None:
    match = bot_match("dice21", ("easy", "easy"), 1)
    with pytest.raises(SaveError):
        review_match("{not json")
    with pytest.raises(SaveError):
        review_match({"format": "something else"})
    with pytest.raises(ValueError, match="no seat 5"):
        review_match(match, seats=(5,))
    with pytest.raises(ValueError, match="playouts"):
        review_match(match, playouts=1)
    with pytest.raises(IllegalActionError):
        review_match(("dice21", match.config, match.seed, (*match.actions, *match.actions)))


@pytest.mark.parametrize("game_id", ["dice41", "tjueett", "twentyone"])
def test_iter_review_reports_progress_and_ends_with_the_review(game_id: str) -> None:
    levels = ("easy", "medium", "medium")
    match = bot_match(game_id, levels, 11)
    steps = list(iter_review(match, seats=(0, 1), seed=4, playouts=6))
    assert steps[0].done == 0 and steps[0].total > 0
    # One decision a step; one that takes long (Twenty One) a world a step, repeating.
    done = [s.done for s in steps]
    assert [d for i, d in enumerate(done) if i == 0 or d != done[i - 1]] == list(
        range(steps[0].total + 1)
    )
    if game_id == "twentyone":
        assert len(steps) > steps[0].total + 1
    assert all(s.review is None for s in steps[:-1])
    final = steps[-1].review
    assert final is not None
    assert final == review_match(match, seats=(0, 1), seed=4, playouts=6)


def test_twentyone_estimates_are_reproducible_and_depend_on_the_seed() -> None:
    match = bot_match("twentyone", ("medium", "easy", "medium"), 2)
    first = review_match(match, seats=(1,), seed=7, playouts=8)
    assert first == review_match(match, seats=(1,), seed=7, playouts=8)
    other = review_match(match, seats=(1,), seed=8, playouts=8)
    values = [o.value for d in first.seats[0].decisions for o in d.options]
    assert values != [o.value for d in other.seats[0].decisions for o in d.options]
    for decision in first.seats[0].decisions:
        assert decision.method == "expert_search" and decision.unit == "match_win"
        assert decision.margin is not None and decision.margin >= 0
        assert all(o.margin is not None for o in decision.options)


@pytest.mark.parametrize(
    ("game_id", "levels"),
    [
        ("dice21", ("easy", "medium", "expert")),
        ("dice41", ("easy", "medium")),
        ("tjueett", ("easy", "medium", "expert")),
        ("tjugoett", ("easy", "expert", "medium")),
        ("twentyone", ("easy", "medium", "expert")),
    ],
)
def test_summaries_add_up(game_id: str, levels: tuple[str, ...]) -> None:
    match = bot_match(game_id, levels, 21)
    review = review_match(match, playouts=6)
    assert [s.seat for s in review.seats] == list(range(len(levels)))
    for seat in review.seats:
        rated = [d for d in seat.decisions if d.rated]
        missed = [d for d in rated if not d.is_best]
        assert seat.rated == len(rated) and seat.best == len(rated) - len(missed)
        assert seat.total_cost == pytest.approx(sum(d.cost for d in missed))
        assert list(seat.costliest) == sorted(missed, key=lambda d: (-d.cost, d.index))[:COSTLIEST]
        for decision in seat.decisions:
            assert decision.seat == seat.seat
            assert decision.cost >= 0
            keys = [o.key for o in decision.options]
            assert len(keys) == len(set(keys))
            if decision.rated:
                assert decision.chosen in keys and decision.best in keys
                assert decision.best_value == max(o.value for o in decision.options)
                assert decision.cost == decision.best_value - decision.chosen_value
                if decision.margin is None:
                    assert decision.is_best == (decision.cost == 0)


def test_exact_games_keep_fractions() -> None:
    review = review_match(bot_match("dice41", ("easy", "medium"), 4, chips=False))
    decisions = [d for s in review.seats for d in s.decisions]
    assert decisions
    assert all(isinstance(o.value, Fraction) for d in decisions for o in d.options)
    assert all(isinstance(d.cost, Fraction) and d.unit == "round_win" for d in decisions)


def fixture_documents() -> list[tuple[str, dict[str, Any]]]:
    names = sorted(p.name for p in FIXTURES.glob("*.json") if p.name != "expected.json")
    return [(name, json.loads((FIXTURES / name).read_text())["game"]) for name in names]


@pytest.mark.parametrize(("name", "document"), fixture_documents())
def test_old_saves_can_be_reviewed_and_replayed(name: str, document: dict[str, Any]) -> None:
    expected = json.loads((FIXTURES / "expected.json").read_text())[name.removesuffix(".json")]
    review = review_match(document)
    assert review.over == expected["finished"]
    assert review.actions == len(document["actions"])
    players = document["config"]["players"]
    assert [s.seat for s in review.seats] == list(range(players))
    replay = replay_frames(document, viewer=0, reveal_all=review.over)
    assert len(replay) == len(document["actions"]) + 1
    if name == "dice21_finished.json":
        # Gus (seat 0) rolled and stopped through a whole series: every stop after a
        # throw was a choice, and each is rated.
        gus = review.for_seat(0)
        assert gus.rated == len(gus.decisions) > 0


def test_load_match_checks_every_action() -> None:
    match = bot_match("dice21", ("easy", "easy"), 9)
    assert load_match(match) is match
    again = load_match((match.game.id, match.config, match.seed, match.actions))
    assert again == match


def test_an_estimate_within_its_margin_of_the_best_is_not_blamed() -> None:
    spot = Spot(4, 1, SimpleNamespace(round=2), (), None)
    options = (Option("a", 0.50, 0.01), Option("b", 0.48, 0.01))

    def decide(margin: float) -> Decision:
        return make_decision(
            spot,
            "play",
            options,
            "b",
            "match_win",
            "expert_search",
            "x",
            lambda mine, best: Reason.make("r", chosen=mine.key, best=best.key),
            lambda best, mine: margin,
        )

    unsure = decide(0.02)
    assert unsure.best == "a" and unsure.cost == pytest.approx(0.02)
    assert unsure.is_best and unsure.margin == 0.02 and unsure.round == 2
    sure = decide(0.005)
    assert not sure.is_best and sure.reason.as_dict() == {"chosen": "b", "best": "a"}
    assert summarize(1, [unsure, sure], "match_win").total_cost == pytest.approx(0.02)


def test_a_choice_worth_as_much_as_the_best_is_the_best() -> None:
    spot = Spot(0, 0, SimpleNamespace(round=1), (), None)
    options = (Option("stop", Fraction(1, 2)), Option("roll", Fraction(1, 2)))
    decision = make_decision(
        spot,
        "roll_or_stop",
        options,
        "roll",
        "round_win",
        "exact_odds",
        "x",
        lambda mine, best: Reason.make("r"),
    )
    assert decision.best == "roll" and decision.cost == 0 and decision.is_best
    assert decision.margin is None


def test_the_review_is_pure_core_code() -> None:
    # No browser module, no clock, no module-level random: the same review on CPython
    # and in Pyodide, given the seed. (functools: the match keeps its replay in a
    # cached_property, computed once from its own fields.)
    allowed = {
        "__future__",
        "collections",
        "dataclasses",
        "fractions",
        "functools",
        "importlib",
        "math",
        "typing",
    }
    package = Path(__file__).parent.parent / "pygame_core" / "review"
    for path in package.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [node.module or ""]
            elif isinstance(node, ast.ImportFrom):
                # Relative: the review package itself or the rest of the core (the
                # contract's Step ...), never beyond pygame_core.
                assert node.level <= 2, f"{path.name} imports from outside the core"
                continue
            else:
                continue
            for name in names:
                assert name.split(".")[0] in allowed, f"{path.name} imports {name}"


def test_a_twentyone_swap_of_other_than_the_lowest_cards_is_valued_as_played() -> None:
    game = get_game("twentyone")
    medium = game.make_bot("medium")
    state = game.new_game(game.preset("classic", 4), 3)
    while game.view(state, None).phase != "exchange":
        seat = game.current_player(state)
        legal = game.legal_actions(state)
        # Open the exchange, so that the first seat has one.
        action = (
            OpenExchange()
            if OpenExchange() in legal
            else medium.choose(game.view(state, seat), legal, 0)
        )
        state, _ = game.apply(state, action)
    seat = game.current_player(state)
    view = game.view(state, seat)
    highest = max(view.hand, key=lambda c: (play_rank(c, False), c))
    decision = rate_decision(game, state, Swap((highest,)), seed=2, playouts=16)
    assert decision is not None and decision.kind == "swap"
    keys = [o.key for o in decision.options]
    assert decision.chosen == "swap_1_as_played" and "swap_1" in keys and "swap_0" in keys
    assert decision.reason.get("chosen") == "swap_1_as_played"
    # Giving away the best card is the worst of these exchanges.
    values = {o.key: o.value for o in decision.options}
    assert values["swap_1_as_played"] < values["swap_1"]


# -- accuracy (pygame_core/review/accuracy.py) -------------------------------------------


def _made(
    values: tuple[Any, ...],
    chosen: int,
    margins: tuple[float, ...] | None = None,
    margin_of: float | None = None,
) -> Decision:
    """A rated decision by hand: options ``o0``, ``o1``, ... worth ``values``, the
    ``chosen``-th taken (an estimate when ``margins`` and ``margin_of`` are given)."""
    spot = Spot(0, 0, SimpleNamespace(round=1), (), None)
    options = tuple(
        Option(f"o{i}", value, margins[i] if margins else None) for i, value in enumerate(values)
    )
    estimated = margin_of is not None
    return make_decision(
        spot,
        "k",
        options,
        f"o{chosen}",
        "match_win" if estimated else "round_win",
        "expert_search" if estimated else "exact_odds",
        "x",
        lambda mine, best: Reason.make("r"),
        (lambda best, mine: margin_of) if estimated else None,  # type: ignore[arg-type,return-value]
    )


def test_accuracy_keeps_what_the_choices_kept_of_what_was_at_stake() -> None:
    # Best, worst and one in between: 1, 0 and 1/2 of the stake, each decision alone.
    best = _made((Fraction(3, 4), Fraction(1, 4), Fraction(1, 2)), 0)
    worst = _made((Fraction(3, 4), Fraction(1, 4), Fraction(1, 2)), 1)
    between = _made((Fraction(3, 4), Fraction(1, 4), Fraction(1, 2)), 2)
    assert [decision_accuracy(d) for d in (best, worst, between)] == [1, 0, Fraction(1, 2)]
    assert accuracy([best]) == 1 and accuracy([worst]) == 0
    assert accuracy([between]) == Fraction(1, 2)
    # Weighed by the stake: the worst of a choice 1/100 apart hardly counts beside the
    # best of one 1/2 apart (a plain mean would give 1/2).
    slight = _made((Fraction(51, 100), Fraction(50, 100)), 1)
    assert accuracy([best, slight]) == Fraction(50, 51)
    assert accuracy([slight, best]) == accuracy([best, slight])
    # Exact stays exact.
    assert isinstance(accuracy([best, between, slight]), Fraction)


def test_accuracy_edge_cases_one_option_all_equal_none_rated() -> None:
    only = _made((Fraction(1, 3),), 0)
    assert only.is_best and decision_accuracy(only) == 1 and accuracy([only]) == 1
    equal = _made((Fraction(1, 2), Fraction(1, 2), Fraction(1, 2)), 2)
    assert equal.is_best and decision_accuracy(equal) == 1 and accuracy([equal]) == 1
    # Nothing at stake adds nothing: a worst choice elsewhere is still all that counts.
    worst = _made((Fraction(1), Fraction(0)), 1)
    assert accuracy([only, equal, worst]) == 0
    assert accuracy([]) is None
    stake = SimpleNamespace(rated=False, is_best=True, options=(), chosen_value=0)
    assert accuracy([stake]) is None and accuracy([stake, worst]) == 0


def test_accuracy_of_estimates_forgives_what_the_margin_cannot_tell() -> None:
    # 0.02 short of the best with a margin of 0.02: within 1.96 margins, the best.
    unsure = _made((0.50, 0.48, 0.10), 1, (0.01, 0.01, 0.01), margin_of=0.02)
    assert unsure.is_best and decision_accuracy(unsure) == 1
    # The same gap, surely worse: what it kept of the stake (0.38 of 0.40).
    sure = _made((0.50, 0.48, 0.10), 1, (0.01, 0.01, 0.01), margin_of=0.005)
    assert not sure.is_best
    assert decision_accuracy(sure) == pytest.approx(0.38 / 0.40)
    assert accuracy([unsure, sure]) == pytest.approx((0.40 + 0.38) / 0.80)
    assert isinstance(accuracy([sure]), float)


@pytest.mark.parametrize(
    ("game_id", "levels"),
    [
        ("dice21", ("easy", "medium", "expert")),
        ("dice41", ("easy", "medium")),
        ("tjueett", ("easy", "medium", "expert")),
        ("twentyone", ("easy", "medium", "expert")),
    ],
)
def test_a_seats_accuracy_is_one_exactly_when_every_choice_was_the_best(
    game_id: str, levels: tuple[str, ...]
) -> None:
    review = review_match(bot_match(game_id, levels, 21), playouts=6)
    for seat in review.seats:
        assert seat.accuracy is not None and 0 <= seat.accuracy <= 1
        assert (seat.accuracy == 1) == (seat.best == seat.rated), seat.seat
        assert seat.accuracy == accuracy(seat.decisions)
        if game_id in ("dice21", "dice41"):
            assert isinstance(seat.accuracy, Fraction)
    # The easy bot of 41 misses some choices: its accuracy says so.
    if game_id == "dice41":
        assert review.for_seat(0).accuracy < 1


# -- the chart (pygame_core/review/chart.py) ---------------------------------------------


def test_the_chips_chart_of_a_seeded_match() -> None:
    # 41 for chips (the evening's 10 chips, ten rounds): each seat's chips at the start
    # (before the first ante) and as each round ended (the pot paid, the next ante not
    # yet in), from the replayed states.
    match = bot_match("dice41", ("medium", "easy", "expert"), 6, "evening")
    review = review_match(match, playouts=6)
    charts = {s.seat: s.chart for s in review.seats}
    assert all(c is not None and c.measure == "chips" for c in charts.values())
    first = charts[0]
    assert first is not None
    assert [p.value for p in first.points] == [10, 9, 7, 10, 9, 7, 10, 13, 16, 15, 14]
    assert [p.round for p in first.points] == list(range(11))
    assert [p.index for p in first.points][:3] == [0, 15, 30]
    assert first.points[-1].index == len(match.actions)
    # Every round's end: the chips add up to the stacks the seats began with.
    for points in zip(*(c.points for c in charts.values() if c is not None), strict=True):
        assert sum(p.value for p in points) == 30
        assert len({(p.index, p.round) for p in points}) == 1
    # The last point is the match's result.
    outcome = match.game.outcome(match.states[-1])
    assert outcome is not None
    assert tuple(c.points[-1].value for c in charts.values() if c is not None) == outcome.scores


@pytest.mark.parametrize("game_id", ["tjueett", "tjugoett"])
def test_the_banker_games_chart_counts_the_bank_as_the_bankers(game_id: str) -> None:
    match = bot_match(game_id, ("medium", "easy", "expert"), 6)
    review = review_match(match, playouts=6)
    charts = [s.chart for s in review.seats]
    assert all(c is not None and c.measure == "chips" for c in charts)
    start = match.game.view(match.states[0], None).chips
    assert tuple(c.points[0].value for c in charts if c is not None) == start
    for points in zip(*(c.points for c in charts if c is not None), strict=True):
        assert sum(p.value for p in points) == sum(start)
    end = match.game.view(match.states[-1], None)
    assert tuple(c.points[-1].value for c in charts if c is not None) == tuple(
        chips + (end.pot if seat == end.banker else 0) for seat, chips in enumerate(end.chips)
    )
    rounds = [p.round for p in charts[0].points] if charts[0] is not None else []
    assert rounds == list(range(end.round + 1))


def test_without_chips_the_chart_counts_rounds_won() -> None:
    match = bot_match("dice21", ("medium", "easy", "expert"), 6, match="rounds", rounds=4)
    review = review_match(match)
    charts = [s.chart for s in review.seats]
    assert all(c is not None and c.measure == "rounds_won" for c in charts)
    totals = [0] * 3
    for c in charts:
        assert c is not None and c.points[0].value == 0
        assert all(b.value - a.value in (0, 1) for a, b in itertools.pairwise(c.points))
    for c, seat in zip(charts, range(3), strict=True):
        assert c is not None
        totals[seat] = c.points[-1].value
    assert sum(totals) >= 4  # a shared round counts for each winner
    outcome = match.game.outcome(match.states[-1])
    assert outcome is not None and tuple(totals) == outcome.scores


def test_twenty_ones_chart_is_each_choices_estimated_share_of_the_match() -> None:
    match = bot_match("twentyone", ("medium", "easy", "medium"), 2)
    review = review_match(match, seats=(0, 1), seed=3, playouts=8)
    for seat in review.seats:
        chart = seat.chart
        assert chart is not None and chart.measure == "match_win"
        rated = [d for d in seat.decisions if d.rated]
        assert [p.index for p in chart.points] == [d.index + 1 for d in rated]
        assert [p.round for p in chart.points] == [d.round for d in rated]
        assert [p.value for p in chart.points] == [d.chosen_value for d in rated]
        chosen = [next(o for o in d.options if o.key == d.chosen) for d in rated]
        assert [p.margin for p in chart.points] == [o.margin for o in chosen]
        assert all(0 <= p.value <= 1 for p in chart.points)
