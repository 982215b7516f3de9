"""Card values and hand totals of the banker games (Tjueett and Tjugoett).

Number cards count as printed, jack 11, queen 12, king 13, and an ace 1 or 14. A hand
always counts at its best total not over 21; since two aces at 14 would already make
28, at most one ace ever counts high. Five cards not over 21 count as 21.

>>> from pygame_core.cards import parse_card
>>> best_total([parse_card("AS"), parse_card("7H")])
21
>>> best_total([parse_card("AS"), parse_card("7H"), parse_card("5D")])
13
>>> effective_total([parse_card(c) for c in ("2S", "3H", "2D", "4C", "AS")])
21
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import ACE, rank

#: The target total: over it is bust.
TARGET = 21
#: Nobody may hold more than five cards; five without bust count as 21.
MAX_CARDS = 5
#: What an ace adds when it counts 14 instead of 1.
ACE_BONUS = 13
#: Stands for a face-down card in a view.
HIDDEN = -1


def rank_value(card_rank: int) -> int:
    """The low value of a rank (2-14): the ace counts 1 here, the rest as printed."""
    return 1 if card_rank == ACE else card_rank


#: Every card's low value, by card number (totals are counted at every step).
_VALUE_OF = tuple(rank_value(rank(c)) for c in range(52))


def card_value(card: int) -> int:
    """The low value of a card: the ace counts 1, J 11, Q 12, K 13."""
    return _VALUE_OF[card]


def low_total(cards: Sequence[int]) -> int:
    """The total with every ace at 1 (the smallest total the hand can show)."""
    return sum([_VALUE_OF[c] for c in cards])


def has_ace(cards: Sequence[int]) -> bool:
    """Whether the hand holds an ace."""
    return 1 in [_VALUE_OF[c] for c in cards]


def best_of(low: int, ace: bool) -> int:
    """The best total of a hand with low total ``low`` (an ace counts 14 if that fits)."""
    return low + ACE_BONUS if ace and low + ACE_BONUS <= TARGET else low


def best_total(cards: Sequence[int]) -> int:
    """The best total not over 21 (or the low total if the hand is bust)."""
    return best_of(low_total(cards), has_ace(cards))


def is_bust(cards: Sequence[int]) -> bool:
    """Whether the hand is over 21 even with every ace at 1."""
    return low_total(cards) > TARGET


def effective_total(cards: Sequence[int]) -> int:
    """The total that decides the hand: five cards not over 21 count as 21."""
    if len(cards) == MAX_CARDS and not is_bust(cards):
        return TARGET
    return best_total(cards)
