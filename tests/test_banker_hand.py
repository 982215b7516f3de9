"""Card values, the ace as 1 or 14, the five-card rule and the deck's reshuffle rule."""

from __future__ import annotations

import pytest
from test_banker_scripted import cards

from pygame_core.banker.deck import FULL_MASK, cards_in, draw, mask_of, take
from pygame_core.banker.hand import (
    best_total,
    card_value,
    effective_total,
    is_bust,
    low_total,
)
from pygame_core.cards import FULL_DECK
from pygame_core.rng import Rng


@pytest.mark.parametrize(
    ("name", "value"),
    [("2S", 2), ("9H", 9), ("10D", 10), ("JC", 11), ("QS", 12), ("KH", 13), ("AD", 1)],
)
def test_card_values(name: str, value: int) -> None:
    assert card_value(cards(name)[0]) == value


@pytest.mark.parametrize(
    ("hand", "best", "low"),
    [
        ("AS 7H", 21, 8),  # the ace counts 14
        ("AS 8H", 9, 9),  # 14 + 8 = 22 would bust: the ace counts 1
        ("AS AH", 15, 2),  # only one ace can count 14
        ("AS AH 6D", 21, 8),
        ("KS QH", 25, 25),  # bust: the low total
        ("AS", 14, 1),
    ],
)
def test_best_total_is_the_best_not_over_21(hand: str, best: int, low: int) -> None:
    assert best_total(cards(hand)) == best
    assert low_total(cards(hand)) == low


def test_five_cards_not_over_21_count_21() -> None:
    assert effective_total(cards("2S 3H 2D 3C 4S")) == 21
    assert effective_total(cards("2S 3H 2D 3C")) == 10
    assert effective_total(cards("10S 3H 2D 3C 5S")) == 23
    assert is_bust(cards("10S 3H 2D 3C 5S"))
    assert not is_bust(cards("AS AH AD AC 10S"))


def test_the_deck_reshuffles_the_moment_one_card_is_left() -> None:
    deck, discard = mask_of(cards("2S 3S 4S")), mask_of(cards("KH QH"))
    deck, discard, reshuffled = take(deck, discard, cards("2S")[0])
    assert not reshuffled and cards_in(deck) == tuple(cards("3S 4S"))
    deck, discard, reshuffled = take(deck, discard, cards("3S")[0])
    assert reshuffled and discard == 0
    assert sorted(cards_in(deck)) == sorted(cards("4S KH QH"))


def test_no_reshuffle_without_discards() -> None:
    deck, _discard, reshuffled = take(mask_of(cards("2S 3S")), 0, cards("2S")[0])
    assert not reshuffled and cards_in(deck) == tuple(cards("3S"))


def test_draw_takes_every_card_once_with_even_chances() -> None:
    stream = Rng.from_seed(5).stream()
    deck, seen = FULL_MASK, []
    for _ in range(51):
        card, deck, discard, reshuffled = draw(deck, 0, stream)
        assert not reshuffled and discard == 0
        seen.append(card)
    assert sorted(seen + list(cards_in(deck))) == list(FULL_DECK)
    counts = [0] * 4
    for seed in range(400):
        counts[draw(mask_of(range(4)), 0, Rng.from_seed(seed).stream())[0]] += 1
    assert min(counts) > 70
