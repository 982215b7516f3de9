"""Scripted chance (``pygame_core.scripted.ScriptedRng``) and the position builders of every game.

The builders must refuse impossible positions with a ConfigError naming the argument,
and build positions the rules accept: the invariants hold and random play from them
reaches the end of the match. Scenario tests of the banker games show the builder
and a scripted deck in use without patching the deck module.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from test_banker_scripted import kinds, run

from pygame_core import ConfigError, get_game
from pygame_core.banker.positions import position as banker_position
from pygame_core.banker.positions import with_cards
from pygame_core.banker.table import BET, PLAY, STAKE
from pygame_core.cards import parse_card
from pygame_core.dice21 import Roll, Stop
from pygame_core.dice21.positions import position as dice21_position
from pygame_core.dice41 import Keep
from pygame_core.dice41.positions import position as dice41_position
from pygame_core.dice41.positions import with_throw
from pygame_core.positions import with_chance
from pygame_core.rng import Rng
from pygame_core.scripted import Below, ChanceScriptError, ScriptedRng, Shuffled
from pygame_core.twentyone import Play
from pygame_core.twentyone.positions import position as twentyone_position

DICE21 = get_game("dice21")
DICE41 = get_game("dice41")
TJUEETT = get_game("tjueett")
TJUGOETT = get_game("tjugoett")
TWENTYONE = get_game("twentyone")


def card(name: str) -> int:
    return parse_card(name)


# -- scripted chance -----------------------------------------------------------------------
def test_a_script_gives_its_outcomes_in_order_then_says_it_ran_out() -> None:
    stream = ScriptedRng.of(3, Below(4, n=10), Shuffled((2, 0, 1))).stream()
    items = [0, 1, 2]
    assert stream.die(6) == 3 and stream.randbelow(10) == 4
    stream.shuffle(items)
    assert items == [2, 0, 1]
    with pytest.raises(ChanceScriptError, match=r"ran out.*a die of 6 sides after 3"):
        stream.die(6)


@pytest.mark.parametrize(
    ("outcome", "ask"),
    [
        (Shuffled((1, 2)), lambda s: s.die(6)),  # a shuffle where the rules throw
        (4, lambda s: s.randbelow(10)),  # a die where the rules pick a number
        (Below(3, n=5), lambda s: s.randbelow(4)),  # drawn from another number of cards
        (Below(7), lambda s: s.randbelow(4)),
        (Shuffled((1, 2)), lambda s: s.shuffle([1, 3])),  # not the items shuffled
        (6, lambda s: s.die(4)),
    ],
)
def test_an_outcome_of_the_wrong_kind_is_a_clear_error(
    outcome: Any, ask: Callable[[Any], Any]
) -> None:
    with pytest.raises(ChanceScriptError, match="scripted outcome 1 is"):
        ask(ScriptedRng.of(outcome).stream())


@pytest.mark.parametrize(
    ("outcome", "message"),
    [(7, "1 to 6, not 7"), (0, "not 0"), (True, "not a scripted"), ("4", "not a scripted")],
)
def test_an_impossible_outcome_is_refused_when_scripted(outcome: Any, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        ScriptedRng.of(outcome)


def test_freeze_keeps_the_rest_of_the_script_and_then_hands_over() -> None:
    then = Rng.from_seed(42)
    stream = ScriptedRng.of(1, 2, then=then).stream()
    assert stream.die(6) == 1
    rest = stream.freeze()
    assert rest == ScriptedRng(0, (2,), then, 1)
    again = rest.stream()
    assert again.die(6) == 2
    assert again.freeze() == then  # script used up: the plain generator goes on
    assert [again.die(6) for _ in range(3)] == [6, 4, 2]  # seed 42's first dice


def test_a_raw_draw_needs_the_generator_after_the_script() -> None:
    with pytest.raises(ChanceScriptError):
        ScriptedRng.of(1).stream().random()
    assert ScriptedRng.of(then=Rng.from_seed(1)).stream().random() == (
        Rng.from_seed(1).stream().random()
    )


def test_a_scripted_state_replays_the_same_and_is_not_changed() -> None:
    state = with_chance(DICE21.new_game(DICE21.config(players=2), 3), 5)
    first = DICE21.apply(state, Roll())
    assert DICE21.apply(state, Roll()) == first
    assert state.rng == ScriptedRng.of(5)


# -- refusing impossible positions -------------------------------------------------------------
D21 = DICE21.config(players=3)
D21_CHIPS = DICE21.config(players=3, chips=True, starting_chips=5)
D41 = DICE41.config(players=2)
T21 = TWENTYONE.config(players=2)
T3 = TWENTYONE.config(players=3)
TJU = TJUEETT.config(players=3)
TJG = TJUGOETT.config(players=3)

REFUSED: list[tuple[Callable[[], Any], str, str]] = [
    # dice21
    (lambda: dice21_position(D21, actor=3), "actor", "seat 3 is not at a table of 3"),
    (lambda: dice21_position(D21, start_seat=-1), "start_seat", "seat -1"),
    (lambda: dice21_position(D21, throws={0: 7}), "throws", "1 to 6, not 7"),
    (lambda: dice21_position(D21, next_dice=[6, 7]), "next_dice", "not 7"),
    (lambda: dice21_position(D21, throws={1: 4}), "throws", "plays later"),
    (lambda: dice21_position(D21, actor=1), "throws", "at least one throw"),
    (lambda: dice21_position(D21, throws={0: [6, 6, 6, 3]}), "throws", "ended the turn"),
    (lambda: dice21_position(D21, actor=1, throws={0: [6] * 5}), "throws", "ended on 24"),
    (lambda: dice21_position(D21_CHIPS, chips=(5, 5, 5), pot=3), "chips", "the match has 15"),
    (lambda: dice21_position(D21_CHIPS, chips=(9, 9, 9)), "chips", "hold 27"),
    (lambda: dice21_position(D21, out=[1]), "out", "only a match with chips"),
    (lambda: dice21_position(D21, round_no=2), "round_no", "at most 1"),
    # dice41
    (lambda: dice41_position(D41, dice=[1, 2, 3, 4, 5, 7]), "dice", "not 7"),
    (lambda: dice41_position(D41, dice=[1, 2, 3]), "dice", "throws 6 dice, not 3"),
    (lambda: dice41_position(D41, actor=1), "kept", "set aside six dice"),
    (lambda: dice41_position(D41, kept={0: [4, 1, 6, 6, 6]}), "kept", "at most four"),
    (lambda: dice41_position(D41, kept={1: [4]}), "kept", "has not played"),
    (lambda: dice41_position(D41, kept={5: [4]}), "kept", "seat 5"),
    (lambda: dice41_position(D41, chips=(20, 1)), "chips", "the match has 20"),
    # Twenty One
    (lambda: twentyone_position(T21, ["AS KS", "AS 2H"]), "hands", "AS is given twice"),
    (lambda: twentyone_position(T21, ["AS KS", "QS"], pile="KS"), "hands", "KS is given twice"),
    (lambda: twentyone_position(T21, ["AS 1S", "QS"]), "hands", "no such card '1S'"),
    (lambda: twentyone_position(T21, ["AS 53", "QS"]), "hands", "no such card"),
    (lambda: twentyone_position(T21, [range(8), "QS"]), "hands", "holds 8 cards"),
    (lambda: twentyone_position(T21, ["AS KS"]), "hands", "one entry per seat"),
    (lambda: twentyone_position(T21, ["AS KS", "QS"], actor=1), "actor", "holds one card"),
    (lambda: twentyone_position(T21, ["AS KS", "QS 2D"], actor=2), "actor", "seat 2"),
    (lambda: twentyone_position(T21, ["AS KS", "QS 2D"], trick=[(0, "")]), "trick", "a pass"),
    (lambda: twentyone_position(T21, ["AS", "QS"]), "actor", "holds one card"),
    (
        lambda: twentyone_position(T21, ["2S 3S", "KH"], trick=[(0, "8C"), (1, "5D")]),
        "trick",
        "may not play 5D there",
    ),
    (
        lambda: twentyone_position(T21, ["2S 3S", "5D"], trick=[(0, "8C"), (1, "KH")]),
        "trick",
        "the trick is complete",
    ),
    (
        lambda: twentyone_position(T3, ["2S 3S", "KH 5D", "4C 6C"], trick=[(0, "8C"), (2, "9C")]),
        "trick",
        "seat 1 plays next in this trick, not 2",
    ),
    (
        lambda: twentyone_position(T3, ["2S 3S", "KH 5D", "4C 6C"], trick=[(0, "8C")], actor=2),
        "actor",
        "seat 1 plays next in this trick, not 2",
    ),
    (lambda: twentyone_position(T21, ["AS 2S", "QS 2D"], scores=[21, 0]), "scores", "20"),
    (
        lambda: twentyone_position(T21, ["AS 2S", "QS 2D"], next_deal=[range(7), range(6, 13)]),
        "next_deal",
        "given twice",
    ),
    (lambda: twentyone_position(T21, ["AS 2S", "QS 2D"], next_deal=["AS"]), "next_deal", "seat"),
    (
        lambda: twentyone_position(T21, ["AS 2S", "QS 2D"], phase="exchange_choice"),
        "hands",
        "seven cards",
    ),
    # banker games
    (lambda: banker_position(TJUEETT, TJU, banker=1), "banker", "fixed bank"),
    (lambda: banker_position(TJUGOETT, TJG, banker=3), "banker", "seat 3"),
    (lambda: banker_position(TJUGOETT, TJG, chips=[15, 15, 16]), "chips", "the match has 45"),
    (lambda: banker_position(TJUEETT, TJU, pot=5), "pot", "empty pot"),
    (lambda: banker_position(TJUEETT, TJU, round=5), "round", "at most 4"),
    (lambda: banker_position(TJUGOETT, TJG, bank_deals=3), "bank_deals", "at most 2"),
    (lambda: banker_position(TJUGOETT, TJG, discard=range(51)), "discard", "leave two cards"),
    (lambda: banker_position(TJUGOETT, TJG, discard="KS", next_cards="KS"), "next_cards", "KS"),
    (lambda: banker_position(TJUGOETT, TJG, next_cards=list(range(53))), "next_cards", "53 cards"),
    (lambda: banker_position(TJUGOETT, TJG, next_cards="AS 2S AS"), "next_cards", "AS is given"),
    (lambda: banker_position(TJUGOETT, TJG, chips=[45, 0, 0]), "round", "match is over"),
    (lambda: banker_position(TJUGOETT, TJG, chips=[0, 20, 25]), "chips", "cannot stake"),
]


@pytest.mark.parametrize(("build", "field", "message"), REFUSED)
def test_an_impossible_position_names_the_argument(
    build: Callable[[], Any], field: str, message: str
) -> None:
    with pytest.raises(ConfigError, match=message) as raised:
        build()
    assert raised.value.field == field


# -- positions the rules accept -----------------------------------------------------------------
ACCEPTED: list[tuple[Any, Callable[[], Any]]] = [
    (DICE21, lambda: dice21_position(D21, start_seat=2, actor=1, throws={2: [6, 6, 6], 0: [4, 5]})),
    (
        DICE21,
        lambda: dice21_position(
            D21_CHIPS, out=[1], chips=(6, 0, 7), actor=2, throws={0: [6, 6, 6, 6]}
        ),
    ),
    (DICE21, lambda: dice21_position(DICE21.config(players=2, dice=2, match="series"))),
    (DICE41, lambda: dice41_position(D41, actor=1, kept={0: [6] * 6, 1: [4, 1]})),
    (
        DICE41,
        lambda: dice41_position(
            DICE41.config(players=3, chips=False), start_seat=1, round_no=4, round_wins=(1, 1, 1)
        ),
    ),
    (TWENTYONE, lambda: twentyone_position(T21, ["3S 4S", "AH KD"], trick=[(0, "2S")])),
    (
        TWENTYONE,
        lambda: twentyone_position(
            TWENTYONE.config(players=3),
            [range(7), range(7, 14), range(14, 21)],
            dealer=1,
            phase="exchange_choice",
        ),
    ),
    (TJUEETT, lambda: banker_position(TJUEETT, TJU, round=3, discard="AS KS QS")),
    (
        TJUEETT,
        lambda: banker_position(
            TJUEETT, TJUEETT.config(bank="rotating", banker_chips=10), banker=2
        ),
    ),
    (TJUGOETT, lambda: banker_position(TJUGOETT, TJG, banker=1, pot=4, bank_deals=1)),
    (TJUGOETT, lambda: banker_position(TJUGOETT, TJG, chips=[20, 5, 20])),
]


@pytest.mark.parametrize(("game", "build"), ACCEPTED)
def test_a_built_position_holds_the_invariants_and_plays_to_the_end(
    game: Any, build: Callable[[], Any]
) -> None:
    state = build()
    for seed in range(3):
        chooser = Rng.from_seed(seed).stream()
        playing = state
        for _ in range(20_000):
            game.check_invariants(playing)
            legal = game.legal_actions(playing)
            if not legal:
                break
            playing, _ = game.apply(playing, chooser.choice(legal))
        assert game.outcome(playing) is not None


# -- the builders in use -----------------------------------------------------------------------
def test_dice21_actor_and_throws_make_the_turn_order() -> None:
    state = dice21_position(D21, start_seat=2, actor=0, throws={2: [6, 6, 6, 6], 0: [4, 5]})
    assert state.order == (2, 0, 1) and DICE21.current_player(state) == 0
    assert state.status == ("rolling", "waiting", "bust")
    assert DICE21.legal_actions(state) == (Roll(), Stop())


def test_dice41_with_throw_then_a_script() -> None:
    state = dice41_position(D41, next_dice=[1, 6, 6, 6, 6])
    state = with_throw(state, [4, 6, 6, 6, 6, 6])
    state, events = DICE41.apply(state, Keep(4))
    assert [e.get("dice") for e in events if e.kind == "thrown"] == [(1, 6, 6, 6, 6)]
    with pytest.raises(ChanceScriptError, match="ran out"):
        DICE41.apply(state, Keep(1))


def test_twentyone_next_deal_deals_the_scripted_hands() -> None:
    state = twentyone_position(
        T21, ["KS 2S", "AH 3H"], next_deal=["2C 3C 4C 5C 6C 7C 8C", "2D 3D 4D 5D 6D 7D 8D"]
    )
    state, _ = TWENTYONE.apply(state, Play((card("2S"),)))
    state, events = TWENTYONE.apply(state, Play((card("3H"),)))
    dealt = {e.get("seat"): e.get("cards") for e in events if e.kind == "dealt"}
    assert dealt == {0: state.hands[0], 1: state.hands[1]}
    assert state.hands[0] == tuple(
        sorted(card(n) for n in ["2C", "3C", "4C", "5C", "6C", "7C", "8C"])
    )
    assert state.pile[0] == card("2S")  # the rest of the deck, in order
    assert state.deal == 2 and state.scores == (0, 11)


def test_tjueett_higher_total_wins_and_ties_go_to_the_banker() -> None:
    # The scenario of test_tjueett_rules, with the deck scripted through the builder.
    state = banker_position(TJUEETT, TJU, next_cards="10H 5C 9D 10S 7S KD 9H 9C")
    assert (state.phase, state.actor) == (STAKE, 0)
    state, events = run(TJUEETT, state, "S10 B3 B2")
    assert kinds(events, "hidden_card")[0]["card"] == card("10H")
    assert state.phase == PLAY and state.status[1] == "playing"
    state, events = run(TJUEETT, state, "S S S S")
    settled = {e["seat"]: (e["outcome"], e["reason"]) for e in kinds(events, "settled")}
    assert settled == {1: ("won", "higher"), 2: ("lost", "tie")}
    assert state.chips == (29, 13, 8) and state.round == 2


def test_tjugoett_round_opens_with_the_pot_left_and_deals_at_once() -> None:
    state = banker_position(
        TJUGOETT, TJG, banker=1, pot=6, bank_deals=1, round=2, next_cards="10H 5C JD"
    )
    assert (state.phase, state.actor, state.pot, state.chips) == (BET, 2, 6, (15, 9, 15))
    state, events = run(TJUGOETT, state, "B3")
    assert kinds(events, "settled")[0] | {"outcome": "won"} == kinds(events, "settled")[0]
    assert kinds(events, "settled")[0]["reason"] == "twenty_one"
    assert state.actor == 0 and state.phase == BET


def test_a_script_may_end_with_the_reshuffle() -> None:
    keep = {card(n) for n in ["AS", "KS", "QS", "JS"]}
    discard = [c for c in range(52) if c not in keep]
    state = banker_position(TJUGOETT, TJG, discard=discard, next_cards="AS KS QS")
    state, events = run(TJUGOETT, state, "S5 B1")
    assert [e["deck_size"] for e in kinds(events, "reshuffled")] == [49]
    with pytest.raises(ConfigError, match="reshuffled before the last card"):
        banker_position(TJUGOETT, TJG, discard=discard, next_cards="AS KS QS JS")
    assert with_cards(state, "2S").rng == ScriptedRng.of(Below(0, 49))
    assert (state.phase, state.actor) == (PLAY, 1)
