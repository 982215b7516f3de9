"""Tjueett scenarios with a scripted deck: every payout rule, the bank, the match end."""

from __future__ import annotations

import dataclasses

import pytest
from test_banker_scripted import cards, kinds, run, scripted

from pygame_core.banker.deck import cards_in, mask_of
from pygame_core.banker.table import BANK, BET, OVER, PLAY, REFUNDED, STAKE, TableState
from pygame_core.cards import FULL_DECK
from pygame_core.contract import Outcome
from pygame_core.tjueett import GAME, TjueettConfig


def start(players: int = 3, **options: object) -> TableState:
    return GAME.new_game(TjueettConfig(players=players, **options), seed=1)  # type: ignore[arg-type]


def settled(events: list, seat: int) -> dict:  # type: ignore[type-arg]
    (result,) = [e for e in kinds(events, "settled") if e["seat"] == seat]
    return result


def test_a_round_opens_with_the_banker_staking() -> None:
    state = start()
    assert (state.phase, GAME.current_player(state), state.round) == (STAKE, 0, 1)
    assert GAME.legal_actions(state)[0].amount == 1  # type: ignore[union-attr]
    assert len(GAME.legal_actions(state)) == 30


def test_higher_total_wins_and_ties_go_to_the_banker(monkeypatch: pytest.MonkeyPatch) -> None:
    # Hidden 10H / 5C; seat 1: 10 + 9 = 19 against 10 + 7; seat 2: 5 + K = 18 against 9 + 9.
    scripted(monkeypatch, "10H 5C 9D 10S 7S KD 9H 9C")
    state, events = run(GAME, start(), "S10 B3 B2")
    assert state.pot == 10 and state.bets == (0, 3, 2) and state.status[1] == "playing"
    assert kinds(events, "hidden_card")[0]["card"] == cards("10H")[0]
    state, events = run(GAME, state, "S S S S")
    assert settled(events, 1) | {"total": 19, "bank_total": 17} == settled(events, 1)
    assert (settled(events, 1)["outcome"], settled(events, 1)["reason"]) == ("won", "higher")
    assert (settled(events, 2)["outcome"], settled(events, 2)["reason"]) == ("lost", "tie")
    # The banker took back the pot (10 - 3 + 2 = 9); the next round starts.
    assert state.chips == (29, 13, 8) and state.pot == 0
    assert state.results == (0, 0, 0) and state.round == 2
    assert kinds(events, "round_over")[0]["results"] == (-1, 3, -2)
    assert kinds(events, "bank_taken")[0]["amount"] == 9


def test_player_bust_loses_at_once_and_shows_the_hidden_card(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    scripted(monkeypatch, "KH 5C QD 9C")
    state, events = run(GAME, start(), "S10 B4 B1")
    assert settled(events, 1)["reason"] == "bust" and settled(events, 1)["bet"] == 4
    assert kinds(events, "shown")[0] == {
        "seat": 1,
        "card": cards("KH")[0],
        "hand": (cards("KH")[0],),
        "total": 25,
    }
    assert state.pot == 14 and state.opponent == 2 and state.phase == PLAY


def test_banker_bust_pays_the_bet(monkeypatch: pytest.MonkeyPatch) -> None:
    scripted(monkeypatch, "7H 5C 8D 10S 5S KD 9C")
    state, events = run(GAME, start(), "S10 B4 B1 S D")
    assert settled(events, 1)["reason"] == "bank_bust" and settled(events, 1)["paid"] == 4
    assert state.chips[1] == 14 and state.pot == 6


def test_banker_draws_at_least_two_and_may_draw_up_to_five(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    scripted(monkeypatch, "7H 5C 8D 2S 3S")
    state, events = run(GAME, start(), "S10 B4 B1 S")
    assert len(state.bank_hand) == 2 and state.phase == BANK
    assert [e["card"] for e in kinds(events, "bank_dealt")] == cards("2S 3S")


def test_five_cards_count_21_for_the_player(monkeypatch: pytest.MonkeyPatch) -> None:
    # 2 + 3 + 2 + 3 + 4 = 14 on five cards: 21, stands by itself; the banker's 20 loses.
    scripted(monkeypatch, "2H 5C 3D 2S 3S 4D 10S 10C 9C")
    state, events = run(GAME, start(), "S10 B2 B1 D D D")
    assert [e["seat"] for e in kinds(events, "stood")] == [1]
    assert state.phase == BANK and state.opponent == 1
    state, events = run(GAME, state, "S")
    assert settled(events, 1) | {"outcome": "won", "total": 21, "bank_total": 20} == settled(
        events, 1
    )


def test_five_cards_count_21_for_the_banker(monkeypatch: pytest.MonkeyPatch) -> None:
    # The player stands on 20; the banker's five cards 2 + 3 + 2 + 3 + 4 count 21.
    scripted(monkeypatch, "10H 5C 10D 2S 3S 2D 3D 4C 9C")
    _state, events = run(GAME, start(), "S10 B2 B1 S D D D")
    assert settled(events, 1) | {"outcome": "lost", "total": 20, "bank_total": 21} == settled(
        events, 1
    )
    assert len(kinds(events, "bank_dealt")) == 5


def test_ace_counts_14_and_21_ties_go_to_the_banker(monkeypatch: pytest.MonkeyPatch) -> None:
    # A + 7 = 21; the player stands (his own choice); the banker's 10 + J = 21 wins the tie.
    scripted(monkeypatch, "AH 5C 7D 10S JS 9C")
    state, events = run(GAME, start(), "S10 B5 B1 S")
    assert settled(events, 1) | {"reason": "tie", "total": 21, "bank_total": 21} == settled(
        events, 1
    )
    assert state.pot == 15


def test_broken_bank_refunds_the_players_not_yet_played(monkeypatch: pytest.MonkeyPatch) -> None:
    scripted(monkeypatch, "10H 5C 4D 9H 10S 8S")
    state, events = run(GAME, start(players=4), "S3 B3 B2 B1 S S")
    assert settled(events, 1)["paid"] == 3
    assert kinds(events, "bank_broken") == [{"seat": 0}]
    assert [(e["seat"], e["outcome"]) for e in kinds(events, "settled")][1:] == [
        (2, REFUNDED),
        (3, REFUNDED),
    ]
    assert state.chips == (27, 13, 10, 10) and state.round == 2


def test_a_short_pot_pays_what_it_has(monkeypatch: pytest.MonkeyPatch) -> None:
    # Pot 4: seat 1 wins 3, seat 2 (bet 4) wins too and gets the last chip.
    scripted(monkeypatch, "10H 10C 9D 10S 7S 9C 10D 8S")
    state, events = run(GAME, start(), "S4 B3 B4 S S S S")
    assert settled(events, 2) | {"bet": 4, "paid": 1} == settled(events, 2)
    assert kinds(events, "bank_broken") == [{"seat": 0}]
    assert state.chips == (26, 13, 11)


def test_the_fixed_banker_who_cannot_stake_ends_the_match(monkeypatch: pytest.MonkeyPatch) -> None:
    scripted(monkeypatch, "10H 9D 10S 7S")
    state, events = run(GAME, start(players=2, banker_chips=1), "S1 B1 S S")
    assert state.phase == OVER and GAME.current_player(state) is None
    assert kinds(events, "match_over")[0]["reason"] == "bank_bust"
    outcome = GAME.outcome(state)
    # The seats started unequal (fixed bank): what each gained or lost decides.
    assert outcome == Outcome((1,), (-1, 1), "gain")


def test_the_match_ends_after_the_agreed_rounds(monkeypatch: pytest.MonkeyPatch) -> None:
    scripted(monkeypatch, "10H 9D 10S 9S")
    state, events = run(GAME, start(players=2, rounds=1), "S5 B2 S S")
    assert kinds(events, "match_over")[0] == {
        "reason": "rounds",
        "winners": (0,),
        "chips": (32, 8),
    }
    assert GAME.legal_actions(state) == ()
    assert GAME.arena_metrics(state) == {
        "rounds": 1,
        "bank_gain": 2,
        "bank_gain_per_round": 2,
        "seat0_gain_per_round": 2,
        "seat1_gain_per_round": -2,
    }


def test_equal_stacks_share_the_win(monkeypatch: pytest.MonkeyPatch) -> None:
    scripted(monkeypatch, "10H 9D 10S 9S")
    state, _ = run(GAME, start(players=2, rounds=1, banker_chips=10), "S5 B1 S S")
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.scores == (11, 9)
    scripted(monkeypatch, "10H 9D 10S 8S")
    state, _ = run(GAME, start(players=2, rounds=1, banker_chips=10), "S5 B1 S S")
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (1,)
    state = dataclasses.replace(state, chips=(10, 10))
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (0, 1)


def test_rotating_bank_passes_left_and_a_lap_ends_the_match(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    config = {"bank": "rotating", "banker_chips": 15, "chips": 15, "rounds": None}
    scripted(monkeypatch, "10H 9D 10S 9S  10C 9C 10D 8D")
    state, events = run(GAME, start(players=2, **config), "S5 B2 S S")
    assert kinds(events, "bank_passed") == [{"seat": 1, "from_seat": 0}]
    assert (state.banker, GAME.current_player(state), state.chips) == (1, 1, (17, 13))
    state, events = run(GAME, state, "S4 B3 S S")
    # Seat 0's 19 beats 18: the pot (4 - 3) goes back to seat 1; the lap is complete.
    assert kinds(events, "bank_taken") == [{"seat": 1, "amount": 1}]
    assert kinds(events, "match_over")[0]["reason"] == "lap"
    assert state.chips == (20, 10)


def test_bets_are_bounded_by_the_pot_and_the_stack(monkeypatch: pytest.MonkeyPatch) -> None:
    scripted(monkeypatch, "10H 9D")
    state, _ = run(GAME, start(players=2), "S25")
    assert state.phase == BET
    amounts = [a.amount for a in GAME.legal_actions(state)]  # type: ignore[union-attr]
    assert amounts == list(range(1, 11))
    state, _ = run(GAME, state, "B10")
    assert state.phase == PLAY and state.bets == (0, 10)


def test_reshuffle_when_one_card_is_left(monkeypatch: pytest.MonkeyPatch) -> None:
    scripted(monkeypatch, "10H 5C 9D 10S 7S")
    state, _ = run(GAME, start(), "S10 B1 B1")
    on_table = set(state.hands[1] + state.hands[2])
    left = cards("10S 7S 2C")
    discard = [c for c in FULL_DECK if c not in on_table and c not in left]
    state = dataclasses.replace(state, deck=mask_of(left), discard=mask_of(discard))
    GAME.check_invariants(state)
    state, events = run(GAME, state, "S")
    assert kinds(events, "reshuffled") == [{"deck_size": 1 + len(discard), "round_cards": 0}]
    assert state.discard == 0 and len(cards_in(state.deck)) == 1 + len(discard)
    # The cards on the table stayed out of the new deck.
    assert not any(state.deck >> c & 1 for c in state.bank_hand + state.hands[1])
