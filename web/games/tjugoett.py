"""The UI of Tjugoett, the Swedish banker game."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from pygame_core.cards import make_card
from web.games.banker import BankerUI
from web.games.base import OptionField
from web.markup import Markup, h
from web.table import art

if TYPE_CHECKING:
    from web.frame import Frame
    from web.i18n import Translator


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
    #: One deal is a "deal" (giv, givning) in every word of the game: a round is the
    #: bank going once round the table (:mod:`pygame_core.tjugoett.rules`).
    round_word: ClassVar[str] = "deal"
    form: ClassVar[tuple[OptionField, ...]] = (
        OptionField("chips", "number", low=1, high=1000),
        OptionField("min_bet", "number", low=1, high=100),
        OptionField("deals_per_bank", "number", low=1, high=100),
        OptionField("banker_plays", "choice", ("at_once", "after_all", "after_all_each")),
        OptionField("laps", "number", low=1, high=100),
    )

    def subtitle(self, tr: Translator, frame: Frame) -> str:
        """ "Round 1 of 2 · deal 3 of 3": the bank's time round the table, then the
        banker's deal (a held deal's end is drawn from its own state: the deal that
        ended). A match of a fixed number of deals (saved before the laps) counts
        those: "Deal 5 of 12"."""
        view = frame.view
        if view.laps is not None:
            text = tr.t("play.round_of", n=min(view.lap, view.laps), total=view.laps)
        elif view.rounds:
            # its deals are counted in all: a second "deal n of 3" would read as the same
            return tr.t("banker.deal_in_all", n=view.round, total=view.rounds)
        else:
            text = tr.t("save.deal", n=view.round)
        if view.deals_per_bank > 1 and view.phase != "over":
            # bank_deals counts the banker's deals already played; this one is the next.
            deal = min(view.bank_deals + 1, view.deals_per_bank)
            text += " · " + tr.t("banker.deal_of", n=deal, total=view.deals_per_bank)
        return text

    def progress(self, tr: Translator, round_no: int) -> str:
        return tr.t("save.deal", n=round_no)


UI = TjugoettUI()
