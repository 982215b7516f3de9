"""The review's words: one plain sentence per rated decision, and its figures.

The review engine (:mod:`pygame_core.review`) hands each decision a
:class:`~pygame_core.review.Reason`: a ``kind`` and its numbers. This module words it
in the reader's language (``review.reason.<family>.<kind>`` in ``web/locales``) and
formats the numbers: chances as whole percentages in the sentence, exact fractions
kept exact until here and shown in full behind "Exact figures".

>>> from fractions import Fraction
>>> exact(Fraction(1, 3), "round_win", "nb")
'33,3\xa0%'
>>> fraction_text(Fraction(1, 3))
'1/3'
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Protocol

from web.i18n import Translator, decimal

if TYPE_CHECKING:
    from pygame_core.review import Decision, Number, Unit

#: The longest exact fraction an accuracy is shown with (a sum of many exact chances
#: can have a denominator of dozens of digits: then the percentage alone).
FRACTION_CHARS = 15


class ReviewWords(Protocol):
    """How a game words its decisions (each game's UI, :class:`web.games.base.GameUI`)."""

    def reason_key(self, decision: Decision) -> str:
        """The locale key of ``decision``'s sentence."""
        ...

    def reason_params(
        self, tr: Translator, decision: Decision, names: Sequence[str]
    ) -> dict[str, Any]:
        """The sentence's placeholders, worded for ``tr``."""
        ...


def whole_percent(value: Number, lang: str) -> str:
    """A chance rounded to a whole percentage, as a sentence shows it: ``"38 %"``."""
    # A no-break space: a line never starts with the "%".
    return f"{decimal(Fraction(value) * 100, lang, 0)}\u00a0%"


def accuracy_percent(value: Number, lang: str) -> str:
    """An accuracy as a whole percentage (``"87 %"``): 100 only when every choice was the
    best, 0 only when none kept anything (a 99.6 shows as 99, a 0.3 as 1)."""
    share = Fraction(value)
    shown = round(share * 100)
    if share < 1:
        shown = min(shown, 99)
    if share > 0:
        shown = max(shown, 1)
    return f"{shown}\u00a0%"


def accuracy_exact(value: Number, lang: str) -> str:
    """An accuracy as "Exact figures" shows it: one decimal, and the fraction when exact
    and short enough to read (``"86,7 % = 13/15"``)."""
    shown = f"{decimal(Fraction(value) * 100, lang, 1)}\u00a0%"
    whole = fraction_text(value)
    return f"{shown} = {whole}" if whole and len(whole) <= FRACTION_CHARS else shown


def chips(value: Number, lang: str) -> str:
    """Chips expected, to two decimals (a sign only when negative)."""
    return decimal(Fraction(value), lang, 2)


def amount(value: Number, unit: Unit, lang: str) -> str:
    """A figure, rounded for a sentence (chips as a number, chances as percentages)."""
    return chips(value, lang) if unit == "chips" else whole_percent(value, lang)


def cost_text(tr: Translator, value: Number, margin: float | None, unit: Unit) -> str:
    """What one decision cost, with its unit: ``"43 %"``, ``"0.68 chips"``, ``"5 % ± 2 %"``."""
    shown = amount(value, unit, tr.lang)
    if unit == "chips":
        shown = tr.t("review.amount.chips", x=shown)
    return f"{shown} {margin_text(margin, unit, tr.lang)}".strip()


def exact(value: Number, unit: Unit, lang: str) -> str:
    """A figure as "Exact figures" shows it: one decimal more than a sentence."""
    if unit == "chips":
        return decimal(Fraction(value), lang, 3)
    return f"{decimal(Fraction(value) * 100, lang, 1)}\u00a0%"


def fraction_text(value: Number) -> str | None:
    """An exact figure in full (``"57979/69984"``); ``None`` for a model's or an
    estimate's float, or a whole number."""
    if isinstance(value, Fraction) and value.denominator != 1:
        return f"{value.numerator}/{value.denominator}"
    return None


def margin_text(margin: float | None, unit: Unit, lang: str) -> str:
    """``"± 3 %"`` for an estimate's standard error (none for exact figures)."""
    if margin is None:
        return ""
    return f"± {amount(margin, unit, lang)}"


def rank_word(tr: Translator, value: int) -> str:
    """A play rank (2-14, or 1 for a low ace) in words."""
    return tr.t(f"card.rank.{14 if value == 1 else value}")


def option_label(tr: Translator, key: str) -> str:
    """A choice of a decision by its option key (``roll``, ``keep_4``, ``play_2_11`` ...)."""
    head, _, rest = key.partition("_")
    if head in ("keep", "bet", "stake"):
        return tr.t(f"review.option.{head}", n=rest)
    if head == "swap":
        count, _, played = rest.partition("_")
        if count == "0":
            return tr.t("review.option.swap_none")
        key = "review.option.swap_as_played" if played else "review.option.swap"
        return tr.t(key + ("_one" if count == "1" else ""), n=count)
    if head == "play":
        form, _, value = rest.partition("_")
        return tr.t(f"review.option.play_{form}", rank=rank_word(tr, int(value)))
    return tr.t(f"review.option.{key}")


def play_phrase(tr: Translator, choice: Sequence[int], config_key: str) -> str:
    """A trick play (form, rank) in words: "one king", "a pair of nines", "discard"."""
    form, value = choice
    if form == 0:
        return tr.t(f"review.play.{config_key}")
    return tr.t(f"review.play.{form}", rank=rank_word(tr, value))


def sentence(tr: Translator, ui: ReviewWords, decision: Decision, names: Sequence[str]) -> str:
    """The one plain sentence about ``decision``, in ``tr``'s language: its game's
    words (``review.reason.<family>.<kind>``, see :class:`ReviewWords`)."""
    params = ui.reason_params(tr, decision, names)
    return tr.t(ui.reason_key(decision), **params)


def unit_label(tr: Translator, unit: Unit) -> str:
    """What a decision's figures measure."""
    return tr.t(f"review.unit.{unit}")


def total_cost(tr: Translator, cost: Number, margin: float | None, unit: Unit) -> str:
    """What the decisions that were not the best cost in all, in words."""
    lang = tr.lang
    if unit == "round_win":
        return tr.t("review.cost.round_win", cost=decimal(Fraction(cost), lang, 2))
    if unit == "chips":
        return tr.t("review.cost.chips", cost=chips(cost, lang))
    return tr.t(
        "review.cost.match_win",
        cost=decimal(Fraction(cost), lang, 2),
        margin=decimal(Fraction(margin or 0.0), lang, 2),
    )
