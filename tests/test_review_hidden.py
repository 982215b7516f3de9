"""Fairness: a rated decision never uses a card the seat had not seen.

Property: at decision points of random matches of the hidden-card games, the cards
the deciding seat cannot see (the deck or pile, the others' hidden cards, what they
gave away) are dealt anew, and the RNG replaced; the seat's view stays the same, and
so must the rating. The banker games' ratings also agree with the expert's own play.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from registered import rated
from test_review_engine import bot_match

from pygame_core import get_game
from pygame_core.banker.deck import cards_in, mask_of
from pygame_core.banker.hand import HIDDEN
from pygame_core.banker.table import BANK, PLAY, Bet, Draw, Stand
from pygame_core.review import rate_decision, review_match
from pygame_core.rng import Rng, RngStream

LEVELS = ("easy", "medium", "expert")


def banker_redealt(game: Any, state: Any, seat: int, stream: RngStream) -> Any:
    """``state`` with every card ``seat`` cannot see dealt anew (same places, counts)."""
    view = game.view(state, seat)
    places = [
        (owner, i)
        for owner, hand in enumerate(view.hands)
        for i, card in enumerate(hand)
        if card == HIDDEN
    ]
    unseen = [state.hands[o][i] for o, i in places] + list(cards_in(state.deck))
    stream.shuffle(unseen)
    hands = [list(hand) for hand in state.hands]
    for (owner, i), card in zip(places, unseen, strict=False):
        hands[owner][i] = card
    return dataclasses.replace(
        state,
        hands=tuple(tuple(h) for h in hands),
        deck=mask_of(unseen[len(places) :]),
        rng=Rng.from_seed(stream.next_u64()),
    )


def twentyone_redealt(game: Any, state: Any, seat: int, stream: RngStream) -> Any:
    """``state`` with the others' hands, the pile and what the others gave away dealt
    anew from the cards ``seat`` has not seen (same counts)."""
    others = [s for s in range(state.config.players) if s != seat]
    unseen = [c for s in others for c in state.hands[s] + state.swapped_out[s]]
    unseen += list(state.pile)
    stream.shuffle(unseen)
    hands, given = list(state.hands), list(state.swapped_out)
    for s in others:
        hands[s] = tuple(sorted(unseen[: len(hands[s])]))
        del unseen[: len(hands[s])]
        given[s] = tuple(sorted(unseen[: len(given[s])]))
        del unseen[: len(given[s])]
    return dataclasses.replace(
        state,
        hands=tuple(hands),
        swapped_out=tuple(given),
        pile=tuple(unseen),
        rng=Rng.from_seed(stream.next_u64()),
    )


def dice_redealt(game: Any, state: Any, seat: int, stream: RngStream) -> Any:
    """The dice games hide only the coming throws: another RNG."""
    return dataclasses.replace(state, rng=Rng.from_seed(stream.next_u64()))


REDEAL = {
    "tjueett": banker_redealt,
    "tjugoett": banker_redealt,
    "twentyone": twentyone_redealt,
    "dice21": dice_redealt,
    "dice41": dice_redealt,
}


#: The games with hidden cards, each checked by a property test below.
HIDDEN_CARDS = ("tjueett", "tjugoett", "twentyone")


def test_every_game_has_a_redeal_and_its_hidden_cards_a_property_test() -> None:
    assert set(REDEAL) == set(rated())
    hiding = {g for g in rated() if get_game(g).hides_information}
    assert hiding == set(HIDDEN_CARDS)


def check_view_only(game_id: str, seed: int, samples: int) -> int:
    """Rate up to ``samples`` decisions of a random match before and after a redeal of
    the unseen cards; returns how many redeals changed some hidden card."""
    game = get_game(game_id)
    players = 3 + seed % 2
    levels = tuple(LEVELS[(seed + k) % 3] for k in range(players))
    match = bot_match(game_id, levels, seed)
    stream = Rng.from_seed(seed).stream()
    picks = {stream.randbelow(len(match.actions)) for _ in range(samples)}
    changed = 0
    state = game.new_game(match.config, match.seed)
    for index, action in enumerate(match.actions):
        if index in picks:
            seat = game.current_player(state)
            assert seat is not None
            other = REDEAL[game_id](game, state, seat, stream)
            game.check_invariants(other)
            assert game.view(other, seat) == game.view(state, seat)
            assert game.legal_actions(other) == game.legal_actions(state)
            changed += other.rng != state.rng and _cards(other) != _cards(state)
            rating = rate_decision(game, state, action, seed, playouts=4)
            assert rate_decision(game, other, action, seed, playouts=4) == rating
        state, _ = game.apply(state, action)
    return changed


def _cards(state: Any) -> Any:
    return getattr(state, "hands", None), getattr(state, "pile", None)


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 10**6))
def test_banker_ratings_are_a_function_of_the_view(seed: int) -> None:
    for game_id in ("tjueett", "tjugoett"):
        check_view_only(game_id, seed, samples=12)


@settings(max_examples=6, deadline=None)
@given(st.integers(0, 10**6))
def test_twentyone_ratings_are_a_function_of_the_view(seed: int) -> None:
    check_view_only("twentyone", seed, samples=4)


def test_redeals_do_change_hidden_cards() -> None:
    # The property above would hold trivially if nothing hidden ever changed.
    assert sum(check_view_only(g, s, 8) for g in ("tjueett", "twentyone") for s in (1, 2)) > 0


def test_dice_ratings_do_not_see_the_coming_throws() -> None:
    # Every game without hidden cards (the dice games): only the coming throws hidden.
    for game_id in rated():
        if not get_game(game_id).hides_information:
            assert REDEAL[game_id] is dice_redealt
            check_view_only(game_id, 5, samples=10)


def test_banker_best_is_the_experts_play() -> None:
    for game_id in ("tjueett", "tjugoett"):
        game = get_game(game_id)
        expert = game.make_bot("expert")
        for seed in range(6):
            match = bot_match(game_id, ("medium", "easy", "expert", "medium"), seed)
            review = review_match(match)
            by_index = {d.index: d for s in review.seats for d in s.decisions}
            state = game.new_game(match.config, match.seed)
            for index, action in enumerate(match.actions):
                decision = by_index.get(index)
                if decision is not None and decision.rated:
                    view = game.view(state, decision.seat)
                    choice = expert.choose(view, game.legal_actions(state), 0)
                    if view.phase in (PLAY, BANK):
                        wanted = "draw" if isinstance(choice, Draw) else "stand"
                        assert decision.best == wanted or decision.cost == 0
                        assert isinstance(action, (Draw, Stand))
                    else:
                        assert isinstance(choice, Bet)
                        low, high = view.min_amount, view.max_amount
                        # The expert's bet goes up with the hand's value: the best
                        # bet by expectation is the largest exactly when it is > 0.
                        per_chip = decision.reason.get("per_chip")
                        assert decision.best == f"bet_{high if per_chip > 0 else low}"
                        if choice.amount > low:
                            assert per_chip > 0
                state, _ = game.apply(state, action)
