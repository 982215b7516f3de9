"""The deck and its discard pile, with the one reshuffle rule of both banker games.

Used cards go to a discard pile and the deck is not shuffled between rounds. The moment
only one card is left in the deck, that card and the whole discard pile are shuffled
into a new deck; cards still on the table stay out.

The deck and the discard pile are kept as *sets* of cards, each a 52-bit mask (bit
``c`` set: card ``c`` is there). Taking a uniformly random card of the deck's set is
the same chance as taking the top card of a shuffled deck, so no deck order exists to
leak, and states stay small (they are copied and compared a great deal).

A hand is discarded as soon as it is settled, so at most 9 face-down cards plus one
duel (Tjueett) or the satisfied hands plus the banker's (Tjugoett, at most 41 cards)
are ever on the table: the discard pile is never empty when the deck gets down to one
card, and the deck never runs dry.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..rng import RngStream

#: Every card: bits 0 to 51 set.
FULL_MASK = (1 << 52) - 1


def cards_in(mask: int) -> tuple[int, ...]:
    """The cards of a mask, in ascending order."""
    return tuple(c for c in range(52) if mask >> c & 1)


def mask_of(cards: Iterable[int]) -> int:
    """The mask of some cards."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def take(deck: int, discard: int, card: int) -> tuple[int, int, bool]:
    """``(deck, discard, reshuffled)`` after ``card`` leaves the deck.

    ``reshuffled`` tells that the deck got down to one card and was shuffled together
    with the discard pile into a new deck.
    """
    deck &= ~(1 << card)
    if deck.bit_count() == 1 and discard:
        return deck | discard, 0, True
    return deck, discard, False


def draw(deck: int, discard: int, stream: RngStream) -> tuple[int, int, int, bool]:
    """``(card, deck, discard, reshuffled)``: a random card of the deck, then :func:`take`."""
    cards = cards_in(deck)
    card = cards[stream.randbelow(len(cards))]
    return (card, *take(deck, discard, card))
