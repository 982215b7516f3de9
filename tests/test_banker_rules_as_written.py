"""Tjueett and Tjugoett as their texts tell them (issue #14), with a scripted deck.

Each test quotes the rule it checks. Points 1 to 4 failed on the code before the
issue: the table learnt a Tjueett player's hidden 21, the cards of a settled duel went
to the discard pile at once, the Tjugoett banker waited for every player, and a
Tjugoett player's second card lay face up.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest
from test_banker_scripted import cards, kinds, run, scripted

from pygame_core.banker.deck import FULL_MASK, cards_in, mask_of
from pygame_core.banker.hand import HIDDEN
from pygame_core.banker.odds import draw_pool, pool_of, unseen_pool
from pygame_core.banker.table import (
    BANK,
    BET,
    DRAW,
    PLAY,
    STAKE,
    STAND,
    WAITING,
    TableState,
)
from pygame_core.contract import Event
from pygame_core.saves import SaveError, from_data
from pygame_core.tjueett import GAME as TJUEETT
from pygame_core.tjueett import TjueettConfig
from pygame_core.tjugoett import GAME as TJUGOETT
from pygame_core.tjugoett import TjugoettConfig


def tjueett(players: int = 3, **options: Any) -> TableState:
    return TJUEETT.new_game(TjueettConfig(players=players, **options), seed=1)


def tjugoett(players: int = 3, chips: int = 20, **options: Any) -> TableState:
    return TJUGOETT.new_game(TjugoettConfig(players=players, chips=chips, **options), seed=1)


def seen_by(events: list[Event], seat: int | None) -> list[Event]:
    return [e for e in events if e.visible_for(seat)]


def max_bet(state: TableState) -> int:
    return max(a.amount for a in TJUGOETT.legal_actions(state))  # type: ignore[union-attr]


# -- 1. Tjueett: "så lenge han ønsker ... sier han at han 'står'" -------------------------
def test_tjueett_a_player_on_21_is_not_stood_for_him(monkeypatch: pytest.MonkeyPatch) -> None:
    # Seat 1: ace face down, then a 7 face up: 14 + 7 = 21 on two cards.
    scripted(monkeypatch, "AH 5C 7D 10S 9S")
    state, _ = run(TJUEETT, tjueett(), "S10 B5 B1")
    assert (state.phase, state.actor) == (PLAY, 1)
    assert TJUEETT.legal_actions(state) == (DRAW, STAND)
    assert TJUEETT.view(state, 1).own_total == 21


def test_tjueett_the_table_cannot_tell_a_hidden_21(monkeypatch: pytest.MonkeyPatch) -> None:
    # The same face-up 7 over an ace (21) and over a 2 (9): seat 2 and a spectator see
    # the same table, the same events and the same seat to act.
    scripted(monkeypatch, "AH 5C 7D 10S 9S")
    on_21, events_21 = run(TJUEETT, tjueett(), "S10 B5 B1")
    scripted(monkeypatch, "2H 5C 7D")
    on_9, events_9 = run(TJUEETT, tjueett(), "S10 B5 B1")
    for seat in (2, None):
        assert TJUEETT.view(on_21, seat) == TJUEETT.view(on_9, seat)
        assert seen_by(events_21, seat) == seen_by(events_9, seat)
    assert TJUEETT.legal_actions(on_21) == TJUEETT.legal_actions(on_9)


def test_tjueett_a_player_on_a_soft_21_may_draw(monkeypatch: pytest.MonkeyPatch) -> None:
    # A + 7 = 21; a 5 makes it 1 + 7 + 5 = 13, and the player plays on.
    scripted(monkeypatch, "AH 5C 7D 5S 10S 9S")
    state, events = run(TJUEETT, tjueett(), "S10 B5 B1 D")
    assert (state.phase, state.actor) == (PLAY, 1)
    assert TJUEETT.view(state, 1).own_total == 13
    assert not kinds(events, "settled")


def test_tjueett_five_cards_still_stand_by_themselves(monkeypatch: pytest.MonkeyPatch) -> None:
    # "Det er ikke lov å trekke til mer enn fem kort": five cards end the drawing.
    scripted(monkeypatch, "2H 5C 3D 2S 3S 4D 10S 9C")
    state, events = run(TJUEETT, tjueett(), "S10 B2 B1 D D D")
    assert [e["seat"] for e in kinds(events, "stood")] == [1]
    assert state.phase == BANK and state.opponent == 1


# -- 2. "Alle brukte kort legges vekk i en kastehaug etter hver omgang" ---------------------
#: Seat 1: 10H + 9D = 19 stands; bank 10S + 7S = 17 stands; seat 1 wins. Seat 2: 5C + KD.
TWO_DUELS = "10H 5C 9D 10S 7S KD"


def test_tjueett_a_settled_duel_stays_on_the_table_until_the_round_is_over(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    scripted(monkeypatch, TWO_DUELS + " 9H 9C")
    state, _ = run(TJUEETT, tjueett(), "S10 B3 B2 S S")
    assert (state.phase, state.actor) == (PLAY, 2)
    assert state.discard == 0
    view = TJUEETT.view(state, 2)
    assert view.hands[1] == tuple(cards("10H 9D")) and view.face_down[1] == 0
    assert view.bank_used == tuple(sorted(cards("10S 7S")))
    assert view.discard == ()
    # Seat 2 stands on 18, the banker's 18 wins the tie: the round is over.
    state, _ = run(TJUEETT, state, "S S")
    assert state.round == 2 and state.hands == ((), (), ())
    assert state.discard == mask_of(cards(TWO_DUELS + " 9H 9C"))


def test_tjugoett_a_paid_hand_stays_on_the_table_until_the_round_is_over(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Seat 1: 10H, then JD: 21, paid at once and shown, but not discarded yet.
    scripted(monkeypatch, "10H 5C JD KD 9S 2C 3C")
    state, _ = run(TJUGOETT, tjugoett(), "S10 B3")
    assert (state.phase, state.actor, state.discard) == (BET, 2, 0)
    assert TJUGOETT.view(state, 2).hands[1] == tuple(cards("10H JD"))
    state, _ = run(TJUGOETT, state, "B2 D")  # seat 2: 5 + K + 9 = 27, bust
    assert state.discard == mask_of(cards("10H 5C JD KD 9S"))


def _mid_round_small_deck(monkeypatch: pytest.MonkeyPatch, discard: list[int]) -> TableState:
    """Seat 1's duel settled, seat 2 to play; the deck down to three cards."""
    scripted(monkeypatch, TWO_DUELS + " 9H 9C")
    state, _ = run(TJUEETT, tjueett(), "S10 B3 B2 S S")
    left = mask_of(cards("9H 9C 2S"))
    return dataclasses.replace(state, deck=left, discard=mask_of(discard))


def test_tjueett_the_reshuffle_keeps_this_rounds_settled_cards_out(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # "når det bare er ett kort igjen i bunken, stokker man dette kortet sammen med alle
    # kortene i kastehaugen": the pile of earlier rounds, not seat 1's finished duel.
    round_cards = mask_of(cards(TWO_DUELS))
    earlier = cards_in(FULL_MASK & ~round_cards & ~mask_of(cards("9H 9C 2S")))
    state = _mid_round_small_deck(monkeypatch, list(earlier))
    TJUEETT.check_invariants(state)
    state, events = run(TJUEETT, state, "S")  # seat 2 stands: the banker draws 9H, 9C
    assert kinds(events, "reshuffled") == [{"deck_size": 1 + len(earlier), "round_cards": 0}]
    assert state.deck == mask_of(cards("2S")) | mask_of(earlier)
    assert not state.deck & round_cards
    assert state.hands[1] == tuple(cards("10H 9D")) and state.phase == BANK


def test_tjueett_this_rounds_settled_cards_come_back_only_without_a_discard_pile(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The discard pile "cannot serve the round" when there is none: then seat 1's
    # settled hand and the banker's used hand are shuffled in with the last card. (The
    # rest of the deck is simply left out of this state; the rule only looks at the
    # deck, the discard pile and the table.)
    state = _mid_round_small_deck(monkeypatch, [])
    state, events = TJUEETT.apply(state, STAND)
    assert kinds(list(events), "reshuffled") == [{"deck_size": 5, "round_cards": 4}]
    assert state.deck == mask_of(cards("2S 10H 9D 10S 7S"))
    assert state.hands[1] == () and state.bank_used == 0
    assert state.hands[2] == tuple(cards("5C KD"))


def test_the_experts_counting_follows_the_discard_rule(monkeypatch: pytest.MonkeyPatch) -> None:
    # With five cards or fewer left, the coming draws may bring the discard pile back:
    # the earlier rounds' pile, never the settled duel still on the table.
    round_cards = mask_of(cards(TWO_DUELS))
    earlier = cards_in(FULL_MASK & ~round_cards & ~mask_of(cards("9H 9C 2S")))
    state = _mid_round_small_deck(monkeypatch, list(earlier))
    view = TJUEETT.view(state, 0)
    assert view.deck_size == 3
    unseen = unseen_pool(view)
    assert unseen == pool_of(cards("9H 9C 2S 5C"))  # the deck and seat 2's hidden card
    assert draw_pool(view) == tuple(a + b for a, b in zip(unseen, pool_of(earlier), strict=True))


# -- 3. "Vi antar att du förklarat dig nöjd ... Då lägger bankiren ut" ---------------------
def test_tjugoett_the_banker_plays_a_satisfied_player_at_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Seat 1: 10H + 8D = 18, satisfied; the banker lays out 10C + 7S = 17 before seat 2
    # bets, stands, and pays seat 1's 2 from the pot (10 - 2 = 8).
    scripted(monkeypatch, "10H 5C 8D 10C 7S KD")
    state, _ = run(TJUGOETT, tjugoett(), "S10 B2 S")
    assert (state.phase, state.actor, state.opponent) == (BANK, 0, 1)
    assert state.status[2] == WAITING and state.bets[2] == 0
    state, events = run(TJUGOETT, state, "S")
    assert [(e["seat"], e["outcome"], e["paid"]) for e in kinds(events, "settled")] == [
        (1, "won", 2)
    ]
    # The next bet is capped by the pot as it is now.
    assert (state.phase, state.actor, state.pot) == (BET, 2, 8)
    assert max_bet(state) == 8
    # Seat 2 meets a fresh banker hand: the first one stays with the round's used cards.
    assert state.bank_hand == () and state.bank_used == mask_of(cards("10C 7S"))


def test_tjugoett_the_old_order_is_an_option(monkeypatch: pytest.MonkeyPatch) -> None:
    scripted(monkeypatch, "10H 5C 8D 10C 10S 7S")
    state, _ = run(TJUGOETT, tjugoett(banker_plays="after_all"), "S10 B2 S")
    assert (state.phase, state.actor) == (BET, 2)
    assert max_bet(state) == 10
    assert TjugoettConfig().banker_plays == "at_once"
    assert TJUGOETT.preset("classic", 4).banker_plays == "at_once"
    assert TJUGOETT.preset("after_all", 4).banker_plays == "after_all"


def _old_save(banker_hand: Any, actions: list[dict[str, Any]]) -> dict[str, Any]:
    config = {
        "banker_hand": banker_hand,
        "chips": 15,
        "deals_per_bank": 3,
        "min_bet": 1,
        "players": 3,
        "rounds": None,
    }
    return {
        "format": "nordic21-game",
        "schema": 1,
        "game": "tjugoett",
        "seed": 4,
        "config": config,
        "actions": actions,
    }


@pytest.mark.parametrize(("old", "new"), [("shared", "after_all"), ("each", "after_all_each")])
def test_tjugoett_saves_with_the_old_option_name_still_load(old: str, new: str) -> None:
    game, state = from_data(_old_save(old, [{"type": "Stake", "amount": 5}]))
    assert game is TJUGOETT and state.config.banker_plays == new
    assert len(state.history) == 1
    # Written again, the config names the new option only.
    assert "banker_hand" not in json.dumps(TJUGOETT.config_to_dict(state.config))


@pytest.mark.parametrize("bad", ["all", 3, None])
def test_tjugoett_a_bad_old_option_is_a_clear_error(bad: Any) -> None:
    with pytest.raises(SaveError, match="banker_hand"):
        from_data(_old_save(bad, []))


# -- 4. "när du visat upp din hand": a Tjugoett hand is hidden until settled --------------
def test_tjugoett_a_players_cards_are_seen_by_that_player_alone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    scripted(monkeypatch, "10H 5C 8D 10C 7S")
    state, events = run(TJUGOETT, tjugoett(), "S10 B2")
    for seat in (2, 0, None):
        view = TJUGOETT.view(state, seat)
        assert view.hands[1] == (HIDDEN, HIDDEN) and view.face_down[1] == 2
        assert view.visible_totals[1] == 0
        assert not any(e.get("card") in cards("10H 8D") for e in seen_by(events, seat))
    own = TJUGOETT.view(state, 1)
    assert own.hands[1] == tuple(cards("10H 8D")) and own.own_total == 18
    assert [e["card"] for e in kinds(events, "hidden_card") if e["seat"] == 1] == cards("10H 8D")
    assert not kinds(events, "dealt")
    # Satisfied: still hidden while the banker lays out his cards.
    state, events = run(TJUGOETT, state, "S")
    assert TJUGOETT.view(state, 2).hands[1] == (HIDDEN, HIDDEN)
    assert kinds(events, "stood") == [{"seat": 1, "visible_total": 0}]
    # The showdown: the hand is shown to all.
    state, events = run(TJUGOETT, state, "S")
    assert kinds(events, "shown") == [
        {"seat": 1, "card": cards("10H")[0], "hand": tuple(cards("10H 8D")), "total": 18}
    ]
    assert TJUGOETT.view(state, 2).hands[1] == tuple(cards("10H 8D"))


def test_tjugoett_only_the_bankers_cards_lie_face_up(monkeypatch: pytest.MonkeyPatch) -> None:
    scripted(monkeypatch, "10H 5C 8D 10C 7S")
    state, _ = run(TJUGOETT, tjugoett(), "S10 B2 S")
    view = TJUGOETT.view(state, 2)
    assert view.bank_hand == tuple(cards("10C 7S")) and view.bank_total == 17


# -- 5. A pot left empty by a payment breaks the bank -------------------------------------
def test_tjueett_a_pot_paid_down_to_nothing_is_a_broken_bank(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Pot 3, seat 1 bets 3 and wins: the pot holds exactly 0, the bank is broken and
    # seat 2 gets the bet back without playing.
    scripted(monkeypatch, "10H 5C 9D 10S 7S")
    state, events = run(TJUEETT, tjueett(), "S3 B3 B2 S S")
    assert kinds(events, "bank_broken") == [{"seat": 0}]
    assert [(e["seat"], e["outcome"]) for e in kinds(events, "settled")] == [
        (1, "won"),
        (2, "refunded"),
    ]
    assert state.round == 2 and state.phase == STAKE and state.chips == (27, 13, 10)


def test_tjugoett_a_pot_paid_down_to_nothing_is_a_blown_bank(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Pot 3, seat 1 bets all of it and gets 21: paid at once, the pot is empty, the
    # deal ends and seat 2, who had not bet, is not played.
    scripted(monkeypatch, "10H 5C JD")
    state, events = run(TJUGOETT, tjugoett(), "S3 B3")
    assert kinds(events, "bank_broken") == [{"seat": 0}]
    assert [e["seat"] for e in kinds(events, "settled")] == [1]
    assert state.round == 2 and state.status[2] == WAITING
    assert kinds(events, "round_over")[0]["results"] == (-3, 3, 0)
    assert state.bank_deals == 1 and state.pot == 0 and state.phase == STAKE
    # Seat 2's face-down card was shown and thrown in with the deal.
    assert [e["seat"] for e in kinds(events, "shown")] == [1, 2]
