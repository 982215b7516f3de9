"""Bots of both banker games: legal, repeatable, sensible, and fast."""

from __future__ import annotations

import time
from typing import Any

import pytest
from test_banker_scripted import run, scripted

from pygame_core.banker.bots import PlayerModel, make_bot
from pygame_core.banker.odds import pool_of
from pygame_core.banker.table import BANK, PLAY, Bet, Draw, Stand, TableState
from pygame_core.cards import FULL_DECK, parse_card
from pygame_core.rng import Rng
from pygame_core.tjueett import GAME as TJUEETT
from pygame_core.tjueett import TjueettConfig
from pygame_core.tjugoett import GAME as TJUGOETT
from pygame_core.tjugoett import TjugoettConfig


def tjueett_at(monkeypatch: pytest.MonkeyPatch, deck: str, actions: str) -> TableState:
    scripted(monkeypatch, deck)
    state, _ = run(TJUEETT, TJUEETT.new_game(TjueettConfig(players=3), 1), actions)
    return state


def choice(game: Any, state: TableState, level: str = "expert", seed: int = 0) -> Any:
    seat = game.current_player(state)
    return make_bot(level).choose(game.view(state, seat), game.legal_actions(state), seed)


def test_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError, match="level"):
        make_bot("master")


@pytest.mark.parametrize("level", ["easy", "medium", "expert"])
def test_bots_are_legal_and_repeatable(level: str) -> None:
    for game, config in ((TJUEETT, TjueettConfig(players=5)), (TJUGOETT, TjugoettConfig())):
        state = game.new_game(config, 11)
        bot = make_bot(level)
        while (seat := game.current_player(state)) is not None:
            view, legal = game.view(state, seat), game.legal_actions(state)
            action = bot.choose(view, legal, len(state.history))
            assert action in legal
            assert bot.choose(view, legal, len(state.history)) == action
            state, _ = game.apply(state, action)
        assert game.outcome(state) is not None


def test_expert_player_stands_on_20_and_draws_on_12(monkeypatch: pytest.MonkeyPatch) -> None:
    state = tjueett_at(monkeypatch, "10H 5C 10D", "S10 B2 B1")
    assert state.phase == PLAY and choice(TJUEETT, state) == Stand()
    state = tjueett_at(monkeypatch, "10H 5C 2D", "S10 B2 B1")
    assert choice(TJUEETT, state) == Draw()


def test_expert_draws_a_fifth_card_that_cannot_bust(monkeypatch: pytest.MonkeyPatch) -> None:
    # 2 + 3 + 2 + 4 = 11 on four cards: no card busts, five cards count 21.
    state = tjueett_at(monkeypatch, "2H 5C 3D 2S 4S", "S10 B2 B1 D D")
    assert len(state.hands[1]) == 4 and choice(TJUEETT, state) == Draw()
    assert choice(TJUEETT, state, "medium") == Draw()


def test_expert_banker_reads_the_face_up_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    # The player shows a 10 (12 to 21 in all): the banker on 12 must draw.
    state = tjueett_at(monkeypatch, "9H 5C 10D 10S 2S", "S10 B2 B1 S")
    assert state.phase == BANK and choice(TJUEETT, state) == Draw()
    # The player shows a 2 (at most 16): the banker on 20 stands.
    state = tjueett_at(monkeypatch, "9H 5C 2D 10S 10C", "S10 B2 B1 S")
    assert choice(TJUEETT, state) == Stand()


def test_expert_bets_up_on_an_ace_and_down_on_a_king(monkeypatch: pytest.MonkeyPatch) -> None:
    state = tjueett_at(monkeypatch, "AH KC", "S20")
    assert choice(TJUEETT, state) != Bet(1)
    state, _ = TJUEETT.apply(state, Bet(1))
    assert choice(TJUEETT, state) == Bet(1)


def test_an_ace_is_the_best_face_down_card() -> None:
    values = {}
    for name in ("AS", "7S", "KS"):
        card = parse_card(name)
        pool = pool_of(c for c in FULL_DECK if c != card)
        values[name] = PlayerModel(pool, card, instant_win=False).value(())
    assert values["AS"] > 0 > values["7S"] > values["KS"]


def test_medium_stands_on_17(monkeypatch: pytest.MonkeyPatch) -> None:
    state = tjueett_at(monkeypatch, "10H 5C 7D", "S10 B2 B1")
    assert choice(TJUEETT, state, "medium") == Stand()
    state = tjueett_at(monkeypatch, "10H 5C 6D", "S10 B2 B1")
    assert choice(TJUEETT, state, "medium") == Draw()


def test_expert_decisions_take_milliseconds() -> None:
    bot = make_bot("expert")
    times = []
    for game, config in ((TJUEETT, TjueettConfig(players=6)), (TJUGOETT, TjugoettConfig())):
        state = game.new_game(config, 5)
        chooser = Rng.from_seed(5).stream()
        for _ in range(300):
            seat = game.current_player(state)
            if seat is None:
                break
            view, legal = game.view(state, seat), game.legal_actions(state)
            started = time.perf_counter()
            bot.choose(view, legal, 0)
            times.append(time.perf_counter() - started)
            state, _ = game.apply(state, chooser.choice(legal))
    times.sort()
    assert times[len(times) // 2] < 0.05
