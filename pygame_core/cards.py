"""Playing cards shared by the card games.

A card is an ``int`` from 0 to 51: ``suit * 13 + (rank - 2)``, with ranks 2 to 14
(11 jack, 12 queen, 13 king, 14 ace) and suits 0 to 3 (spades, hearts, diamonds,
clubs). Plain ints keep states small, hashable and JSON-safe, and searches fast.

>>> card_name(make_card(14, 0))
'AS'
>>> rank(parse_card("10H")), suit(parse_card("10H"))
(10, 1)
"""

from __future__ import annotations

SUITS = "SHDC"
RANK_NAMES = {11: "J", 12: "Q", 13: "K", 14: "A"}
ACE = 14
FULL_DECK: tuple[int, ...] = tuple(range(52))


def make_card(rank_value: int, suit_index: int) -> int:
    """The card of ``rank_value`` (2-14) and ``suit_index`` (0-3)."""
    if not 2 <= rank_value <= 14 or not 0 <= suit_index <= 3:
        raise ValueError("no such card")
    return suit_index * 13 + rank_value - 2


def rank(card: int) -> int:
    """The rank, 2 to 14 (ace high)."""
    return card % 13 + 2


def suit(card: int) -> int:
    """The suit index, 0 to 3."""
    return card // 13


def card_name(card: int) -> str:
    """A short name such as ``"10H"`` or ``"AS"``."""
    r = rank(card)
    return f"{RANK_NAMES.get(r, str(r))}{SUITS[suit(card)]}"


def parse_card(text: str) -> int:
    """Inverse of :func:`card_name`; raises ``ValueError`` on anything else."""
    names = {v: k for k, v in RANK_NAMES.items()}
    head, tail = text[:-1], text[-1:]
    if tail not in SUITS or not head:
        raise ValueError(f"not a card: {text!r}")
    rank_value = names[head] if head in names else int(head)
    return make_card(rank_value, SUITS.index(tail))


def is_card(value: object) -> bool:
    """Whether ``value`` is a valid card int."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 52
