"""Tjugoett scenarios with a scripted deck: instant payouts, the banker's hand, the bank."""

from __future__ import annotations

import pytest
from test_banker_scripted import kinds, run, scripted

from pygame_core.banker.table import BANK, BET, OVER, PLAY, STAKE, TableState
from pygame_core.tjugoett import GAME, TjugoettConfig

#: Three deals where both players go bust on their second card (kings, queens, jacks).
BUSTS = "KH KC QH QC KD KS QD QS JH JD JC JS"


def start(players: int = 3, chips: int = 20, **options: object) -> TableState:
    config = TjugoettConfig(players=players, chips=chips, **options)  # type: ignore[arg-type]
    return GAME.new_game(config, seed=1)


def outcomes(events: list) -> list[tuple[int, str, str, int]]:  # type: ignore[type-arg]
    return [(e["seat"], e["outcome"], e["reason"], e["paid"]) for e in kinds(events, "settled")]


def max_bet(state: TableState) -> int:
    return max(a.amount for a in GAME.legal_actions(state))  # type: ignore[union-attr]


def test_21_is_paid_at_once_and_the_pot_bounds_the_next_bet(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    scripted(monkeypatch, "10H 5C JD KD 10S 9S 2C 3C")
    state, events = run(GAME, start(), "S10 B3")
    assert outcomes(events) == [(1, "won", "twenty_one", 3)]
    assert (state.chips, state.pot, state.phase, state.actor) == ((10, 23, 20), 7, BET, 2)
    assert max_bet(state) == 7
    # Seat 2 stands on 18; the banker's one hand of 19 beats it.
    state, events = run(GAME, state, "B2 S S")
    assert outcomes(events) == [(2, "lost", "lower", 0)]
    # The pot (9) plays on: the second deal starts without a stake.
    assert (state.pot, state.round, state.bank_deals, state.phase) == (9, 2, 1, BET)
    assert GAME.view(state, 1).bank_deals == 1


def test_21_on_more_cards_is_paid_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    scripted(monkeypatch, "5H 5C 6D 10D 9C")
    state, events = run(GAME, start(), "S10 B2 D")
    assert outcomes(events) == [(1, "won", "twenty_one", 2)]
    state, _ = run(GAME, state, "B1")
    assert (state.phase, state.actor) == (PLAY, 2)


def test_bust_loses_the_bet_to_the_pot(monkeypatch: pytest.MonkeyPatch) -> None:
    scripted(monkeypatch, "KH 5C QD 9C")
    state, events = run(GAME, start(), "S10 B4 B1")
    assert outcomes(events) == [(1, "lost", "bust", 0)]
    assert state.pot == 14 and state.chips[1] == 16


def test_five_cards_are_paid_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    scripted(monkeypatch, "2H 5C 3D 2S 3S 4D 10C")
    state, events = run(GAME, start(), "S10 B1 D D D")
    assert outcomes(events) == [(1, "won", "five_cards", 1)]
    assert (state.phase, state.actor) == (BET, 2)


def test_the_banker_lays_out_one_hand_against_all_satisfied_players(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    scripted(monkeypatch, "10H 5C 8D 10C 10S 7S 2C 3C")
    state, events = run(GAME, start(banker_plays="after_all"), "S10 B2 S B3 S")
    assert state.phase == BANK and state.opponent is None and len(state.bank_hand) == 2
    state, events = run(GAME, state, "S")
    assert outcomes(events) == [(1, "won", "higher", 2), (2, "lost", "lower", 0)]
    assert state.pot == 11


def test_banker_21_beats_every_satisfied_player(monkeypatch: pytest.MonkeyPatch) -> None:
    scripted(monkeypatch, "10H 5C 8D 10C AS 7S 2C 3C")
    state, events = run(GAME, start(banker_plays="after_all"), "S10 B2 S B3 S")
    assert outcomes(events) == [(1, "lost", "lower", 0), (2, "lost", "lower", 0)]
    assert state.pot == 15


def test_ties_go_to_the_banker(monkeypatch: pytest.MonkeyPatch) -> None:
    scripted(monkeypatch, "10H 5C 8D 10C 10S 8S 2C 3C")
    _state, events = run(GAME, start(banker_plays="after_all"), "S10 B2 S B3 S S")
    assert outcomes(events) == [(1, "lost", "tie", 0), (2, "lost", "lower", 0)]


def test_five_cards_count_21_for_the_banker(monkeypatch: pytest.MonkeyPatch) -> None:
    scripted(monkeypatch, "10H 5C 9D 10C 2S 3S 2D 3D 4C 2C 3C")
    _state, events = run(GAME, start(banker_plays="after_all"), "S10 B2 S B3 S D D D")
    assert outcomes(events) == [(1, "lost", "lower", 0), (2, "lost", "lower", 0)]
    assert kinds(events, "settled")[0]["bank_total"] == 21


def test_a_bust_banker_pays_until_the_bank_is_blown(monkeypatch: pytest.MonkeyPatch) -> None:
    scripted(monkeypatch, "10H 5C 8D 10C KS QS")
    state, events = run(GAME, start(banker_plays="after_all"), "S4 B4 S")
    assert max_bet(state) == 4
    state, events = run(GAME, state, "B3 S")
    assert outcomes(events) == [(1, "won", "bank_bust", 4), (2, "refunded", "bank_broken", 0)]
    assert kinds(events, "bank_broken") == [{"seat": 0}]
    # The banker opens a new bank for the second of the three deals.
    assert (state.chips, state.pot, state.phase, state.actor) == ((16, 24, 20), 0, STAKE, 0)
    assert state.bank_deals == 1


def test_three_deals_then_the_bank_passes_left(monkeypatch: pytest.MonkeyPatch) -> None:
    scripted(monkeypatch, BUSTS)
    state, events = run(GAME, start(), "S5 B1 B1 B1 B1 B1 B1")
    assert len(kinds(events, "staked")) == 1
    assert kinds(events, "bank_taken") == [{"seat": 0, "amount": 11}]
    assert kinds(events, "bank_passed") == [{"seat": 1, "from_seat": 0}]
    assert (state.chips, state.banker, state.phase, state.actor) == ((26, 17, 17), 1, STAKE, 1)
    assert state.bank_deals == 0


def test_a_blown_banker_without_chips_passes_the_bank(monkeypatch: pytest.MonkeyPatch) -> None:
    scripted(monkeypatch, "10H 5C JD")
    state, events = run(GAME, start(), "S20 B20")
    assert outcomes(events) == [(1, "won", "twenty_one", 20)]
    assert [e["seat"] for e in kinds(events, "shown")] == [1, 2]
    assert kinds(events, "bank_passed") == [{"seat": 1, "from_seat": 0}]
    assert (state.chips, state.banker, state.phase) == ((0, 40, 20), 1, STAKE)
    assert state.status[0] == "out"


def test_each_satisfied_player_can_meet_a_fresh_banker_hand(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    scripted(monkeypatch, "10H 5C 8D 10C 10S 9S 10D 6D 2C 3C")
    state, events = run(GAME, start(banker_plays="after_all_each"), "S10 B2 S B3 S")
    assert state.opponent == 1
    state, events = run(GAME, state, "S")
    assert state.opponent == 2 and list(state.bank_hand) == [
        e["card"] for e in kinds(events, "bank_dealt")
    ]
    state, events = run(GAME, state, "S")
    assert outcomes(events) == [(2, "lost", "lower", 0)]


def test_the_match_ends_when_the_bank_has_gone_round(monkeypatch: pytest.MonkeyPatch) -> None:
    scripted(monkeypatch, BUSTS)
    state, events = run(GAME, start(deals_per_bank=1), "S5 B1 B1 S5 B1 B1 S5 B1 B1")
    assert state.phase == OVER
    assert kinds(events, "match_over")[-1] == {
        "reason": "lap",
        "winners": (0, 1, 2),
        "chips": (20, 20, 20),
    }


def test_the_match_ends_after_the_agreed_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    scripted(monkeypatch, BUSTS)
    state, events = run(GAME, start(rounds=1), "S5 B1 B1")
    assert kinds(events, "match_over") == [
        {"reason": "rounds", "winners": (0,), "chips": (22, 19, 19)}
    ]
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.score_kind == "chips"
