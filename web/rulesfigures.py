"""The strategy numbers of the rules pages, computed by the games' own odds modules.

A rules page (``web/rules/<game_id>.<lang>.md``) writes each number as a ``{name}``
placeholder; :func:`figures` gives the text for every name, in the page's language.
The values come out of the project's exact odds (:class:`fractions.Fraction`) and are
turned into text only at the very end, so a page can never drift from the rules core.

The odds modules are imported inside the functions: this module is loaded only when a
rules page opens, and the home screen pays nothing for it. Every answer is cached.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from types import MappingProxyType
from typing import Literal

from web.i18n import DECIMAL_POINT, decimal, percent

#: How a figure reads: a percentage, "1 in N", "k in 6" (die faces), a whole number,
#: a number with one decimal, or language-neutral text (such as a hand "10 + 6").
Style = Literal["percent", "one_in", "sixths", "whole", "decimal", "text"]

#: The word between the two numbers of "1 in 70".
_IN: Mapping[str, str] = {"nb": "av", "sv": "av", "da": "ud af", "en": "in"}
#: The decimal separator.

#: The example hands of the banker games' bust figures: (total, cards as named in
#: :func:`pygame_core.cards.parse_card`). No aces, so each total is unambiguous.
BANKER_HANDS: tuple[tuple[int, tuple[str, ...]], ...] = (
    (14, ("9S", "5H")),
    (16, ("10S", "6H")),
    (18, ("10S", "8H")),
)


@dataclass(frozen=True)
class Figure:
    """One number of a rules page: its exact value and the way it is written.

    ``value`` is a :class:`~fractions.Fraction`, except for ``style == "text"``.
    """

    value: Fraction | str
    style: Style


def _chance(value: Fraction) -> Figure:
    return Figure(value, "percent")


@cache
def _dice21() -> dict[str, Figure]:
    from pygame_core.dice21.odds import (
        bust_chance,
        chance_to_pass,
        first_mover_win_chance,
        turn_odds,
    )

    dice, target = 1, 21
    out = {f"bust_{t}": Figure(bust_chance(t, dice, target), "sixths") for t in range(16, 21)}
    out["pass_17"] = _chance(chance_to_pass(17, dice, target))
    out["first_2p"] = _chance(first_mover_win_chance(2, dice, target))
    out["first_5p"] = _chance(first_mover_win_chance(5, dice, target))
    # The first of two players stops from this total on and rolls on below it.
    stops = [t for t in range(1, target) if turn_odds(t, 0, 0, 1, 2, dice, target).should_stop]
    threshold = stops[0]
    if stops != list(range(threshold, target)):
        raise ArithmeticError("the first player's best play is not a single threshold")
    out["first_stop_2p"] = Figure(Fraction(threshold), "whole")
    return out


@cache
def _dice41() -> dict[str, Figure]:
    from pygame_core.dice41.odds import expected_score, safe_play_distribution, seed_claims

    claims = seed_claims()
    return {
        "qualify": _chance(1 - safe_play_distribution().get(0, Fraction(0))),
        "expected": Figure(expected_score(), "decimal"),
        "safe_24": Figure(claims.safe_24, "one_in"),
        "band_16_21": _chance(claims.safe_16_to_21_given_qualified),
        "last_die": Figure(claims.last_die_one, "one_in"),
    }


def _twentyone() -> dict[str, Figure]:
    """Twenty One's pages quote no odds."""
    return {}


@cache
def _banker() -> dict[str, Figure]:
    from pygame_core.banker.odds import bust_chance, pool_of
    from pygame_core.cards import FULL_DECK, parse_card, rank

    out: dict[str, Figure] = {}
    for total, names in BANKER_HANDS:
        hand = [parse_card(name) for name in names]
        if sum(rank(card) for card in hand) != total:
            raise ValueError(f"the example hand {names} does not make {total}")
        pool = pool_of(card for card in FULL_DECK if card not in hand)
        out[f"hand_{total}"] = Figure(" + ".join(str(rank(card)) for card in hand), "text")
        out[f"bust_{total}"] = _chance(bust_chance(pool, hand))
    return out


def exact_figures(game_id: str) -> Mapping[str, Figure]:
    """Every figure of ``game_id``'s rules pages, exact (the same in every language).

    The mapping is read-only: it is the cache itself. Raises ``KeyError`` for an unknown game id.
    """
    makers: dict[str, Callable[[], dict[str, Figure]]] = {
        "dice21": _dice21,
        "dice41": _dice41,
        "tjueett": _banker,
        "tjugoett": _banker,
        "twentyone": _twentyone,
    }
    return MappingProxyType(makers[game_id]())


def one_in(value: Fraction, lang: str) -> str:
    """A small chance as "1 in N", N the nearest whole number: ``"1 in 71"``."""
    if value <= 0:
        raise ValueError("one_in needs a positive chance")
    return f"1 {_IN[lang]} {round(1 / value)}"


def sixths(value: Fraction, lang: str) -> str:
    """A chance of a die throw as die faces: ``Fraction(1, 3)`` -> ``"2 in 6"``."""
    faces = value * 6
    if faces.denominator != 1:
        raise ValueError(f"{value} is not a whole number of sixths")
    return f"{faces.numerator} {_IN[lang]} 6"


def render(figure: Figure, lang: str) -> str:
    """``figure`` written for ``lang``."""
    value = figure.value
    if isinstance(value, str):
        return value
    if figure.style == "percent":
        return percent(value, lang)
    if figure.style == "one_in":
        return one_in(value, lang)
    if figure.style == "sixths":
        return sixths(value, lang)
    if figure.style == "decimal":
        return decimal(value, lang)
    if value.denominator != 1:
        raise ValueError(f"{value} is not a whole number")
    return str(value.numerator)


@cache
def _figures(game_id: str, lang: str) -> Mapping[str, str]:
    if lang not in DECIMAL_POINT:
        raise ValueError(f"unsupported language {lang!r}")
    return {name: render(figure, lang) for name, figure in exact_figures(game_id).items()}


def figures(game_id: str, lang: str) -> dict[str, str]:
    """The ``{placeholder}`` values of a rules page, formatted for ``lang``.

    >>> figures("dice21", "nb")["bust_18"]
    '3 av 6'
    """
    return dict(_figures(game_id, lang))
