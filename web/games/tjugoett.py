"""The UI of Tjugoett, the Swedish banker game."""

from __future__ import annotations

from typing import ClassVar

from pygame_core.cards import make_card
from web.games.banker import BankerUI
from web.games.base import OptionField
from web.markup import Markup, h
from web.table import art


class TjugoettUI(BankerUI):
    """Tjugoett."""

    def tile_art(self, lang: str) -> Markup:
        # three sevens, face up: not Tjueett's back and card, and 21 at a glance
        return h(
            "span",
            {"class": "tile-pair tile-three"},
            [art.card_face(make_card(7, s), lang, 56, "tile-svg") for s in (2, 0, 1)],
        )

    id: ClassVar[str] = "tjugoett"
    form: ClassVar[tuple[OptionField, ...]] = (
        OptionField("chips", "number", low=1, high=1000),
        OptionField("min_bet", "number", low=1, high=100),
        OptionField("deals_per_bank", "number", low=1, high=100),
        OptionField("banker_plays", "choice", ("at_once", "after_all", "after_all_each")),
        OptionField("rounds", "number", low=1, high=999, optional=True),
    )


UI = TjugoettUI()
