"""The strategy numbers of the rules pages, computed by the games' own odds modules.

A rules page (``web/rules/<game_id>.<lang>.md``) writes each number as a ``{name}``
placeholder; :func:`figures` gives the text for every name, in the page's language.
The values come out of the project's exact odds (:class:`fractions.Fraction`), through
each game's ``GameUI.figures``, and from the presets the setup offers; they are turned
into text only at the very end, so a page can never drift from the rules core.

The odds modules are imported inside the functions: this module is loaded only when a
rules page opens, and the home screen pays nothing for it. Every answer is cached.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import cache
from types import MappingProxyType
from typing import TYPE_CHECKING

from web.games.base import Figure
from web.i18n import DECIMAL_POINT, decimal, percent

if TYPE_CHECKING:
    from web.games.base import GameUI

#: The word between the two numbers of "1 in 70".
_IN: Mapping[str, str] = {"nb": "av", "sv": "av", "da": "ud af", "en": "in"}


def exact_figures(ui: GameUI) -> Mapping[str, Figure]:
    """Every figure of the rules pages of ``ui``'s game, exact (the same in every
    language): the game UI's own figures and every preset's numbers
    (:func:`preset_figures`)."""
    return MappingProxyType({**_preset_figures(ui.id), **ui.figures()})


def preset_figures(game_id: str) -> Mapping[str, Figure]:
    """``preset_<preset>_<option>`` for every whole-number option of every preset (as
    the setup offers it: ``game.preset(name, min_players)``), and
    ``preset_<preset>_players`` when the preset fixes the number of players.

    >>> preset_figures("dice41")["preset_family_rounds"].value
    Fraction(5, 1)
    """
    return MappingProxyType(_preset_figures(game_id))


@cache
def _preset_figures(game_id: str) -> dict[str, Figure]:
    from pygame_core import get_game

    game = get_game(game_id)
    out: dict[str, Figure] = {}
    for name, options in game.presets.items():
        config = game.config_to_dict(game.preset(name, game.min_players))
        for option, value in config.items():
            if option != "players" and isinstance(value, int) and not isinstance(value, bool):
                out[f"preset_{name}_{option}"] = Figure(Fraction(value), "whole")
        if "players" in options:
            out[f"preset_{name}_players"] = Figure(Fraction(options["players"]), "whole")
    return out


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
def _figures(ui: GameUI, lang: str) -> Mapping[str, str]:
    if lang not in DECIMAL_POINT:
        raise ValueError(f"unsupported language {lang!r}")
    return {name: render(figure, lang) for name, figure in exact_figures(ui).items()}


def figures(ui: GameUI, lang: str) -> dict[str, str]:
    """The ``{placeholder}`` values of a rules page of ``ui``'s game, for ``lang``.

    >>> from web.games import get_ui
    >>> figures(get_ui("dice21"), "nb")["bust_18"]
    '3 av 6'
    """
    return dict(_figures(ui, lang))
