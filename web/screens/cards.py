"""What the card games' tables share: cards drawn with their names in words."""

from __future__ import annotations

from collections.abc import Sequence

from pygame_core.cards import rank, suit
from web.i18n import Translator
from web.markup import Markup, classes, h
from web.table import art

#: A card's width in the seat list (it is read by screen readers; the felt shows it).
LIST_CARD_W = 42

#: The rules cores mark a face-down card the viewer may not see with -1.
HIDDEN = -1


def card_name(tr: Translator, card: int) -> str:
    """A card in words, e.g. "queen of hearts" / "hjerter dame"."""
    return tr.t(
        "card.name", rank=tr.t(f"card.rank.{rank(card)}"), suit=tr.t(f"card.suit.{suit(card)}")
    )


def card(
    tr: Translator, value: int, fresh: bool = False, own_hidden: bool = False, keyed: bool = True
) -> Markup:
    """One card as a picture with its name as text (a back for a hidden card).

    ``keyed``: the card keeps one element while it is on the table; a card shown a
    second time (the last deal's cards, beside the new hands) is drawn without a key.
    """
    if value == HIDDEN:
        return h(
            "span",
            {"class": "card", "role": "img", "aria-label": tr.t("card.face_down")},
            art.card_back(LIST_CARD_W),
        )
    label = card_name(tr, value)
    if own_hidden:
        label = tr.t("card.your_hidden", card=label)
    return h(
        "span",
        {
            "class": classes("card", fresh and "dealt", own_hidden and "own-hidden"),
            "role": "img",
            "aria-label": label,
            # One element per face-up card while it stays on the table (the patcher
            # moves it from hand to trick); a face-down card has no key to give away.
            "data-key": f"card-{value}" if keyed else None,
        },
        art.card_face(value, tr.lang, LIST_CARD_W),
    )


def hand(
    tr: Translator,
    cards: Sequence[int],
    label: str,
    fresh: int = 0,
    own_hidden: int = 0,
    keyed: bool = True,
) -> Markup:
    """A row of cards; the last ``fresh`` of them just arrived (animated).

    The first ``own_hidden`` are the viewer's own face-down cards (named as such);
    ``keyed``: see :func:`card` (the seat list repeats in words what the felt draws).
    """
    items = [
        card(
            tr,
            c,
            i >= len(cards) - fresh,
            own_hidden=i < own_hidden and c != HIDDEN,
            keyed=keyed,
        )
        for i, c in enumerate(cards)
    ]
    return h("div", {"class": "hand", "role": "group", "aria-label": label}, items)
