"""What the two dice games' tables share: dice drawn with their values in words, the
round in the bar, and chances worded for a sentence."""

from __future__ import annotations

from typing import TYPE_CHECKING

from web.i18n import Translator, percent
from web.markup import Markup, classes, h
from web.table import art

if TYPE_CHECKING:
    from fractions import Fraction

#: A die's size in the stage beside the felt (CSS sizes its box; the SVG scales).
STAGE_DIE = 100


def die_picture(value: int) -> Markup:
    """One die showing ``value``, for the stage and the tiles (the felt draws its own)."""
    return art.die(value, STAGE_DIE, "die-svg")


def dice_row(tr: Translator, dice: tuple[int, ...], fresh: bool, css: str = "dice") -> Markup:
    """Dice drawn as pictures, with their values as text for screen readers."""
    label = tr.t("dice.showing", values=", ".join(str(d) for d in dice))
    return h(
        "div",
        {"class": classes(css, fresh and "rolled"), "role": "img", "aria-label": label},
        [h("span", {"class": "die"}, die_picture(d)) for d in dice],
    )


def rounds_subtitle(
    tr: Translator, round_no: int, planned: int | None, kind: str = "normal"
) -> str:
    """ "Round 2 of 3" (or "Round 2", or "Deciding round")."""
    if kind == "deciding":
        return tr.t("play.deciding_round")
    if planned:
        return tr.t("play.round_of", n=round_no, total=planned)
    return tr.t("play.round", n=round_no)


def sentence_percents(lang: str, *chances: Fraction) -> list[str]:
    """Chances for a sentence: whole percentages, or one decimal where two of them would
    otherwise read the same (the sentence must not say 50 % against 50 %)."""
    from web.reviewtext import whole_percent

    whole = [whole_percent(c, lang) for c in chances]
    if len(set(whole)) < len(set(chances)):
        return [percent(c, lang) for c in chances]
    return whole
