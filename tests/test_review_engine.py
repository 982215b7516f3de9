"""The review engine: inputs, determinism, progress in slices, summaries, old saves."""

from __future__ import annotations

import ast
import copy
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
