"""Scenario tests for the rules of Twenty One, on built positions."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

import pytest

from pygame_core import IllegalActionError, events_for
from pygame_core.cards import parse_card
from pygame_core.contract import Event
from pygame_core.twentyone import (
    GAME,
    Discard,
    OpenExchange,
    Pass,
    Play,
    RefuseExchange,
    Swap,
    TwentyOneConfig,
    TwentyOneState,
    deal_points,
)
from pygame_core.twentyone.positions import position


def cards(text: str) -> tuple[int, ...]:
    """``cards("AS 10H")`` -> the sorted card ints."""
    return tuple(sorted(parse_card(t) for t in text.split()))


def table(
    hands: Sequence[str],
    turn: int,
    *,
    trick: Sequence[tuple[int, str]] = (),
    scores: Sequence[int] | None = None,
    **options: object,
) -> TwentyOneState:
    """A play-phase position with the given hands; every other card lies in the pile."""
    config = TwentyOneConfig(players=len(hands), **options)  # type: ignore[arg-type]
    return position(config, hands, actor=turn, trick=trick, scores=scores)


def led(seat: int, text: str) -> list[tuple[int, str]]:
    """The turns of a trick just led by ``seat`` with ``text`` (one card or a pair)."""
    return [(seat, text)]


def kinds(events: Sequence[Event]) -> list[str]:
    return [e.kind for e in events]


def play(state: TwentyOneState, text: str) -> tuple[TwentyOneState, tuple[Event, ...]]:
    return GAME.apply(state, Play(cards(text)))


# -- following -----------------------------------------------------------------------------
def test_a_player_able_to_beat_must_and_may_choose_any_beating_card() -> None:
    state = table(["2S 3S 4S", "5H 9H KH", "2D 3D 4D"], 1, trick=led(0, "8C"))
    assert set(GAME.legal_actions(state)) == {Play(cards("9H")), Play(cards("KH"))}


def test_an_equal_card_is_allowed_and_takes_over_the_trick() -> None:
    state = table(["2S 3S 4S", "8H 9H", "8D 5D 6D"], 1, trick=led(0, "8C"))
    assert Play(cards("8H")) in GAME.legal_actions(state)
    state, events = play(state, "8H")
    assert events[0].as_dict() == {"seat": 1, "cards": cards("8H"), "equal": 1}
    state, events = play(state, "8D")
    assert "trick_won" in kinds(events)
    won = next(e for e in events if e.kind == "trick_won")
    assert won.get("seat") == 2 and won.get("next_leader") == 2
    assert state.turn == 2 and state.trick is None


def test_unable_to_beat_discards_a_lowest_card_of_any_suit() -> None:
    state = table(["2S 3S 4S", "3H 3D 7H", "2D 4D 5D"], 1, trick=led(0, "9C"))
    assert set(GAME.legal_actions(state)) == {Discard(cards("3H")[0]), Discard(cards("3D")[0])}
    state, events = GAME.apply(state, Discard(cards("3D")[0]))
    assert kinds(events) == ["discarded"]
    assert state.hands[1] == cards("3H 7H")


def test_discards_do_not_raise_the_bar() -> None:
    state = table(["2S 3S 4S", "3H 5H", "4D 6D 7D"], 1, trick=led(0, "5C"))
    state, _ = play(state, "5H")
    # Seat 2 must beat the 5 (the best play), not anything discarded.
    assert set(GAME.legal_actions(state)) == {Play(cards("6D")), Play(cards("7D"))}


# -- pairs --------------------------------------------------------------------------------
def test_a_pair_lead_must_be_followed_by_an_equal_or_higher_pair() -> None:
    state = table(["2S 3S 4S", "9H 9D 8H 8D AS", "2D 4D 5D"], 1, trick=led(0, "8S 8C"))
    assert set(GAME.legal_actions(state)) == {
        Play(cards("8H 8D")),
        Play(cards("9H 9D")),
    }


def test_a_single_ace_does_not_beat_a_pair_and_the_lowest_single_is_discarded() -> None:
    state = table(["2S 3S 4S", "AH 3H 7H", "2D 4D 5D"], 1, trick=led(0, "8S 8C"))
    assert GAME.legal_actions(state) == (Discard(cards("3H")[0]),)


def test_three_of_a_kind_offers_every_pair_of_it() -> None:
    state = table(["QS QH QD 2C", "2S 3S 4S"], 0)
    pairs = [a for a in GAME.legal_actions(state) if isinstance(a, Play) and len(a.cards) == 2]
    assert len(pairs) == 3


# -- one and two cards -------------------------------------------------------------------
def test_a_player_with_two_cards_may_not_lead_a_pair() -> None:
    state = table(["9S 9H", "2S 3S 4S"], 0)
    assert set(GAME.legal_actions(state)) == {Play(cards("9S")), Play(cards("9H"))}


def test_two_cards_against_a_pair_count_as_unable_even_holding_a_higher_pair() -> None:
    state = table(["2S 3S 4S", "KH KD", "2D 4D 5D"], 1, trick=led(0, "8S 8C"))
    assert set(GAME.legal_actions(state)) == {Discard(cards("KH")[0]), Discard(cards("KD")[0])}
    state, events = GAME.apply(state, Discard(cards("KH")[0]))
    assert kinds(events) == ["discarded", "out"]


def test_two_cards_against_a_pair_pass_in_the_pass_variant() -> None:
    state = table(["2S 3S 4S", "KH KD", "2D 4D 5D"], 1, trick=led(0, "8S 8C"), cannot_beat="pass")
    assert GAME.legal_actions(state) == (Pass(),)


def test_two_cards_may_follow_a_single_and_keep_the_other() -> None:
    state = table(["2S 3S 4S", "9H AH", "2D 4D 5D"], 1, trick=led(0, "8C"))
    assert set(GAME.legal_actions(state)) == {Play(cards("9H")), Play(cards("AH"))}
    state, events = play(state, "9H")
    assert kinds(events) == ["played", "out"]
    assert state.hands[1] == cards("AH")


def test_a_player_with_one_card_is_skipped() -> None:
    state = table(["2S 3S 4S", "AH", "9D 10D"], 0)
    state, _ = play(state, "4S")
    assert state.turn == 2


def test_a_trick_winner_with_one_card_hands_the_lead_on_clockwise() -> None:
    state = table(["5S 6S 7S", "9H AH", "2D 3D 4D"], 0)
    state, _ = play(state, "5S")
    state, _ = play(state, "9H")  # seat 1 wins the trick with its second-last card
    state, events = GAME.apply(state, Discard(cards("2D")[0]))
    won = next(e for e in events if e.kind == "trick_won")
    assert won.get("seat") == 1 and won.get("next_leader") == 2
    assert state.turn == 2 and state.trick is None


def test_the_deal_ends_when_everyone_holds_one_card() -> None:
    state = table(["KS 2S", "AH 3H", "10D 4D"], 0, scores=[0, 0, 0])
    state, _ = play(state, "2S")
    state, _ = play(state, "3H")
    state, events = play(state, "4D")
    order = kinds(events)
    assert order[:6] == [
        "played",
        "out",
        "trick_won",
        "deal_revealed",
        "deal_scored",
        "deal_started",
    ]
    assert order[6:] == ["dealt"] * 3
    revealed = next(e for e in events if e.kind == "deal_revealed")
    assert revealed.get("cards") == (cards("KS")[0], cards("AH")[0], cards("10D")[0])
    scored = next(e for e in events if e.kind == "deal_scored")
    assert scored.get("points") == (0, 11, 0)
    assert state.scores == (0, 11, 0) and state.deal == 2
    assert state.last_deal is not None and state.last_deal.points == (0, 11, 0)


def test_a_lone_player_with_cards_leads_until_one_is_left() -> None:
    state = table(["2S 3S 9S", "AH", "KD"], 0)
    state, _ = play(state, "2S")
    assert state.turn == 0 and state.trick is None
    state, events = play(state, "3S")
    assert "deal_scored" in kinds(events)


# -- scoring -------------------------------------------------------------------------------
def test_only_the_highest_value_scores_and_ties_all_score() -> None:
    config = TwentyOneConfig(players=4)
    assert deal_points(cards("AS") + cards("9H") + cards("3D") + cards("JC"), config) == (
        11,
        0,
        0,
        0,
    )
    last = (cards("10S")[0], cards("KH")[0], cards("3D")[0], cards("JC")[0])
    assert deal_points(last, config) == (10, 10, 0, 10)


def test_everyone_scores_the_last_card_in_that_variant() -> None:
    config = TwentyOneConfig(players=3, scoring="everyone", target=50)
    last = (cards("AS")[0], cards("9H")[0], cards("QD")[0])
    assert deal_points(last, config) == (11, 9, 10)


def test_low_ace_is_worth_one_and_ranks_lowest() -> None:
    config = TwentyOneConfig(players=2, low_ace=True)
    assert deal_points((cards("AS")[0], cards("2H")[0]), config) == (0, 2)
    state = table(["2S 3S 4S", "AH 3H 7H", "5D 6D 7D"], 1, trick=led(0, "KC"), low_ace=True)
    assert GAME.legal_actions(state) == (Discard(cards("AH")[0]),)
    state = table(["2S 3S 4S", "AH 3H 7H", "5D 6D 7D"], 1, trick=led(0, "2C"), low_ace=True)
    assert set(GAME.legal_actions(state)) == {Play(cards("3H")), Play(cards("7H"))}


def test_pass_variant_keeps_the_hand() -> None:
    state = table(["2S 3S 4S", "3H 5H", "4D 6D 7D"], 1, trick=led(0, "9C"), cannot_beat="pass")
    assert GAME.legal_actions(state) == (Pass(),)
    state, events = GAME.apply(state, Pass())
    assert kinds(events) == ["passed"]
    assert state.hands[1] == cards("3H 5H") and state.turn == 2


# -- the match -----------------------------------------------------------------------------
def test_the_match_ends_at_the_target_and_equal_totals_share_the_win() -> None:
    state = table(["KS 2S", "KH 3H", "4D 5D"], 0, scores=[11, 11, 20])
    state, _ = play(state, "2S")
    state, _ = play(state, "3H")
    state, events = play(state, "5D")
    assert kinds(events)[-1] == "match_over"
    assert GAME.current_player(state) is None and GAME.legal_actions(state) == ()
    result = GAME.outcome(state)
    assert result is not None
    assert result.scores == (21, 21, 20) and result.winners == (0, 1)
    GAME.check_invariants(state)


def test_the_highest_total_wins_when_several_reach_the_target() -> None:
    state = table(["AS 2S", "5H 3H"], 0, scores=[45, 46], scoring="everyone", target=50)
    state, _ = play(state, "2S")
    state, _ = play(state, "3H")
    result = GAME.outcome(state)
    assert result is not None and result.scores == (56, 51) and result.winners == (0,)


def test_the_dealer_moves_one_seat_each_deal_and_the_next_seat_leads() -> None:
    state = table(["KS 2S", "AH 3H", "10D 4D"], 0)
    dealer = state.dealer
    state, _ = play(state, "2S")
    state, _ = play(state, "3H")
    state, _ = play(state, "4D")
    assert state.dealer == (dealer + 1) % 3
    assert state.leader == state.turn == (dealer + 2) % 3
    assert state.phase == "exchange_choice"


def test_the_first_deal_is_led_left_of_a_random_dealer() -> None:
    dealers = set()
    for seed in range(20):
        state = GAME.new_game(TwentyOneConfig(players=4), seed)
        assert state.leader == (state.dealer + 1) % 4 == state.turn
        assert [len(h) for h in state.hands] == [7] * 4 and len(state.pile) == 24
        dealers.add(state.dealer)
    assert dealers == {0, 1, 2, 3}


# -- the exchange --------------------------------------------------------------------------
def test_the_leader_decides_the_exchange_for_everyone() -> None:
    state = GAME.new_game(TwentyOneConfig(players=3), 4)
    assert GAME.legal_actions(state) == (OpenExchange(), RefuseExchange())
    refused, events = GAME.apply(state, RefuseExchange())
    assert kinds(events) == ["exchange_refused"]
    assert refused.phase == "play" and refused.turn == state.leader
    opened, events = GAME.apply(state, OpenExchange())
    assert kinds(events) == ["exchange_opened"] and opened.turn == state.leader


def test_each_player_swaps_once_from_the_leader_round_the_table() -> None:
    state, _ = GAME.apply(GAME.new_game(TwentyOneConfig(players=3), 4), OpenExchange())
    leader = state.leader
    give = state.hands[leader][:2]
    top = state.pile[:2]
    state, events = GAME.apply(state, Swap(give))
    assert [e.kind for e in events_for(events, None)] == ["swapped"]
    private = next(e for e in events if e.kind == "swap_cards")
    assert private.visible_to == frozenset({leader})
    assert private.get("given") == give and private.get("drawn") == top
    assert set(top) <= set(state.hands[leader]) and state.swapped_out[leader] == give
    assert state.turn == (leader + 1) % 3
    state, _ = GAME.apply(state, Swap(()))
    state, events = GAME.apply(state, Swap(state.hands[state.turn][:1]))
    assert events[-1].kind == "exchange_ended" and events[-1].get("reason") == "everyone"
    assert state.phase == "play" and state.turn == leader
    assert state.swaps[leader] == 2 and len(state.pile) == 52 - 21 - 3
    GAME.check_invariants(state)


def test_swaps_are_limited_by_the_pile_and_stop_when_it_is_empty() -> None:
    state, _ = GAME.apply(GAME.new_game(TwentyOneConfig(players=7), 2), OpenExchange())
    assert len(state.pile) == 3
    legal = GAME.legal_actions(state)
    assert max(len(a.cards) for a in legal if isinstance(a, Swap)) == 3
    assert len(legal) == 1 + 7 + 21 + 35
    with pytest.raises(IllegalActionError):
        GAME.apply(state, Swap(state.hands[state.turn][:4]))
    state, _ = GAME.apply(state, Swap(state.hands[state.turn][:2]))
    assert max(len(a.cards) for a in GAME.legal_actions(state) if isinstance(a, Swap)) == 1
    state, events = GAME.apply(state, Swap(state.hands[state.turn][:1]))
    assert events[-1].as_dict() == {"reason": "pile_empty", "pile": 0}
    assert state.phase == "play" and state.turn == state.leader
    assert state.swaps.count(-1) == 5


def test_no_exchange_variant_starts_with_the_first_lead() -> None:
    state = GAME.new_game(TwentyOneConfig(players=4, exchange=False), 3)
    assert state.phase == "play" and state.exchange == "off"
    assert all(isinstance(a, Play) for a in GAME.legal_actions(state))


# -- views and events ----------------------------------------------------------------------
def test_views_show_only_the_own_hand_and_counts() -> None:
    state = GAME.new_game(TwentyOneConfig(players=4), 8)
    view = GAME.view(state, 2)
    assert view.hand == state.hands[2] and view.hand_counts == (7, 7, 7, 7)
    assert view.pile_count == 24 and view.actor == state.turn
    spectator = GAME.view(state, None)
    assert spectator.hand == () and spectator.viewer is None
    text = repr(view)
    for seat in (0, 1, 3):
        assert repr(state.hands[seat]) not in text
    assert repr(state.pile) not in text


def test_new_hands_are_private_events() -> None:
    state = table(["KS 2S", "AH 3H"], 0)
    state, _ = play(state, "2S")
    _, events = play(state, "3H")
    dealt = [e for e in events if e.kind == "dealt"]
    assert [e.visible_to for e in dealt] == [frozenset({0}), frozenset({1})]
    assert not [e for e in events_for(events, None) if e.kind == "dealt"]


def test_invariants_catch_a_lost_card() -> None:
    state = table(["KS 2S", "AH 3H"], 0)
    GAME.check_invariants(state)
    broken = dataclasses.replace(state, pile=state.pile[1:])
    with pytest.raises(AssertionError):
        GAME.check_invariants(broken)
