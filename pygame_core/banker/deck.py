"""The deck and its discard pile, with the one reshuffle rule of both banker games.

Used cards go to a discard pile when the round is over ("etter hver omgang"), and the
deck is not shuffled between rounds. The moment only one card is left in the deck,
that card and the discard pile of earlier rounds are shuffled into a new deck; the
cards of the current round stay out, settled hands included. Only when there is no
discard pile to shuffle in (a big first round, or a small pile already used up by an
earlier reshuffle this round) are the settled cards of the current round shuffled in
instead: that is when the discard pile "cannot serve the round".

The deck and the discard pile are kept as *sets* of cards, each a 52-bit mask (bit
``c`` set: card ``c`` is there). Taking a uniformly random card of the deck's set is
the same chance as taking the top card of a shuffled deck, so no deck order exists to
leak, and states stay small (they are copied and compared a great deal).

The deck never runs dry: at most 9 face-down cards plus one duel of 10 cards
(Tjueett) or the unsettled hands plus the banker's (Tjugoett, at most 41 cards) are
in play, so when the deck is down to one card at least ten cards lie in the discard
pile or in this round's settled hands.
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


def take(deck: int, discard: int, card: int, settled: int = 0) -> tuple[int, int, int]:
    """``(deck, discard, shuffled_in)`` after ``card`` leaves the deck.

    When the deck gets down to one card, the discard pile (or, if it is empty, the
    ``settled`` cards of the current round) is shuffled in with it; ``shuffled_in`` is
    the mask of the cards that came back (0: no reshuffle).
    """
    deck &= ~(1 << card)
    if deck.bit_count() == 1:
        back = discard or settled
        if back:
            return deck | back, 0, back
    return deck, discard, 0


def draw(deck: int, discard: int, stream: RngStream, settled: int = 0) -> tuple[int, int, int, int]:
    """``(card, deck, discard, shuffled_in)``: a random card of the deck, then :func:`take`."""
    cards = cards_in(deck)
    card = cards[stream.randbelow(len(cards))]
    return (card, *take(deck, discard, card, settled))
