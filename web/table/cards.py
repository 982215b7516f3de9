"""What a card's corner says in each language, and the same letters in text.

The corners follow what the decks sold in each country print, and the log writes a
card with exactly those letters, so the text and the table always agree:

- **sv**: E, K, D, Kn (ess, kung, dam, knekt): the modern Swedish pattern (Öberg's,
  since 1933) and Swedish packs in general print these.
- **da**: E, K, D, Kn (es, konge, dame, knægt). Current Danish packs print B (bonde)
  on the jack, older ones Kn; the rule text of Twenty One and our Danish strings say
  "knægt", so we take the older, still familiar Kn that matches the word we write.
- **nb**: E, K, D, Kn (ess, konge, dame, knekt). Norway has no index convention of its
  own (most packs sold there are English-pattern packs with J, Q, K, A); the initials
  of the Norwegian names are the letters its neighbours print, and a J beside the word
  "knekt" is the mismatch issue #16 found.
- **en**: A, K, Q, J.

>>> corner_label(11, "nb"), corner_label(14, "sv"), corner_label(12, "en")
('Kn', 'E', 'Q')
>>> card_text(make_card(11, 1), "da")
'Kn♥'
"""

from __future__ import annotations

from pygame_core.cards import make_card, rank, suit

__all__ = ["CORNERS", "SUIT_SYMBOLS", "card_text", "corner_label", "make_card"]

SUIT_SYMBOLS = ("\u2660", "\u2665", "\u2666", "\u2663")
_NORDIC = {11: "Kn", 12: "D", 13: "K", 14: "E"}
#: The letters on the court cards and the ace, per language.
CORNERS: dict[str, dict[int, str]] = {
    "nb": _NORDIC,
    "sv": _NORDIC,
    "da": _NORDIC,
    "en": {11: "J", 12: "Q", 13: "K", 14: "A"},
}


def corner_label(rank_value: int, lang: str) -> str:
    """The index printed in the corner of a card of ``rank_value`` (2-14)."""
    if not 2 <= rank_value <= 14:
        raise ValueError(f"no rank {rank_value}")
    return CORNERS[lang].get(rank_value, str(rank_value))


def card_text(card: int, lang: str) -> str:
    """A card as its corner shows it, e.g. ``Kn♥`` (nb) or ``J♥`` (en), for logs."""
    return f"{corner_label(rank(card), lang)}{SUIT_SYMBOLS[suit(card)]}"
