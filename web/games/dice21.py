"""The UI of 21: the dice game of pushing your luck towards 21 (or 36)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any, ClassVar

from web.games.base import GameUI, OptionField
from web.markup import Markup
from web.svg import die_face

if TYPE_CHECKING:
    from web.coach import Dice21Advice
    from web.i18n import Translator
    from web.rulesfigures import Figure
    from web.screens.play import PlayOptions
    from web.session import GameSession


class Dice21UI(GameUI):
    """21."""

    id: ClassVar[str] = "dice21"
    moment_ends: ClassVar[frozenset[str]] = frozenset({"round_won"})
    moment_starts: ClassVar[frozenset[str]] = frozenset({"round_won"})
    form: ClassVar[tuple[OptionField, ...]] = (
        OptionField("dice", "choice", (1, 2)),
        OptionField("target", "choice", (21, 36)),
        OptionField("match", "choice", ("single", "series", "rounds")),
        OptionField("rounds", "number", low=1, high=99, show_if=("match", "rounds")),
        OptionField("chips", "toggle"),
        OptionField("starting_chips", "number", low=1, high=1000, show_if=("chips", True)),
        OptionField("tie_pot", "choice", ("rolloff", "split"), show_if=("chips", True)),
    )

    def tile_art(self) -> Markup:
        return die_face(6, "tile-svg")

    def render_play(self, tr: Translator, session: GameSession, opts: PlayOptions) -> Markup:
        from web.screens.dice import render_dice21

        return render_dice21(tr, session, opts)

    def decode(self, data: Mapping[str, str]) -> Any:
        from pygame_core.dice21 import Roll, Stop

        return Roll() if data.get("move") == "roll" else Stop()

    def guide_step(self, view: Any, legal: Sequence[Any]) -> str | None:
        return "guide.dice21.roll"

    def coach(self, view: Any, legal: Sequence[Any]) -> Dice21Advice | None:
        from web.coach import dice21_advice

        return dice21_advice(view)

    def figures(self) -> Mapping[str, Figure]:
        return _figures()


@cache
def _figures() -> dict[str, Figure]:
    from fractions import Fraction

    from pygame_core.dice21.odds import (
        bust_chance,
        chance_to_pass,
        first_mover_win_chance,
        turn_odds,
    )
    from web.rulesfigures import Figure

    dice, target = 1, 21
    out = {f"bust_{t}": Figure(bust_chance(t, dice, target), "sixths") for t in range(16, 21)}
    out["pass_17"] = Figure(chance_to_pass(17, dice, target), "percent")
    out["first_2p"] = Figure(first_mover_win_chance(2, dice, target), "percent")
    out["first_5p"] = Figure(first_mover_win_chance(5, dice, target), "percent")
    # The first of two players stops from this total on and rolls on below it.
    stops = [t for t in range(1, target) if turn_odds(t, 0, 0, 1, 2, dice, target).should_stop]
    threshold = stops[0]
    if stops != list(range(threshold, target)):
        raise ArithmeticError("the first player's best play is not a single threshold")
    out["first_stop_2p"] = Figure(Fraction(threshold), "whole")
    return out


UI = Dice21UI()
