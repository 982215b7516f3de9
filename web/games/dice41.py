"""The UI of 41: six dice, six throws, set one aside each time; a 4 and a 1 qualify."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any, ClassVar

from web.games.base import GameUI, OptionField
from web.markup import Markup, h
from web.svg import die_face

if TYPE_CHECKING:
    from web.coach import Dice41Advice
    from web.i18n import Translator
    from web.rulesfigures import Figure
    from web.screens.play import PlayOptions
    from web.session import GameSession


class Dice41UI(GameUI):
    """41."""

    id: ClassVar[str] = "dice41"
    moment_ends: ClassVar[frozenset[str]] = frozenset({"round_won"})
    moment_starts: ClassVar[frozenset[str]] = frozenset({"round_started"})
    form: ClassVar[tuple[OptionField, ...]] = (
        OptionField("chips", "toggle"),
        OptionField("starting_chips", "number", low=1, high=1000, show_if=("chips", True)),
        OptionField("match", "choice", ("rounds", "all_chips")),
        OptionField("rounds", "number", low=1, high=999),
        OptionField("tie", "choice", ("replay", "share")),
    )

    def tile_art(self) -> Markup:
        return h("span", {"class": "tile-pair"}, die_face(4, "tile-svg"), die_face(1, "tile-svg"))

    def render_play(self, tr: Translator, session: GameSession, opts: PlayOptions) -> Markup:
        from web.screens.dice import render_dice41

        return render_dice41(tr, session, opts)

    def decode(self, data: Mapping[str, str]) -> Any:
        from pygame_core.dice41 import Keep

        return Keep(int(data.get("value", "0")))

    def guide_step(self, view: Any, legal: Sequence[Any]) -> str | None:
        return "guide.dice41.keep"

    def coach(self, view: Any, legal: Sequence[Any]) -> Dice41Advice | None:
        from web.coach import dice41_advice

        return dice41_advice(view)

    def figures(self) -> Mapping[str, Figure]:
        return _figures()


@cache
def _figures() -> dict[str, Figure]:
    from fractions import Fraction

    from pygame_core.dice41.odds import expected_score, safe_play_distribution, seed_claims
    from web.rulesfigures import Figure

    claims = seed_claims()
    return {
        "qualify": Figure(1 - safe_play_distribution().get(0, Fraction(0)), "percent"),
        "expected": Figure(expected_score(), "decimal"),
        "safe_24": Figure(claims.safe_24, "one_in"),
        "band_16_21": Figure(claims.safe_16_to_21_given_qualified, "percent"),
        "last_die": Figure(claims.last_die_one, "one_in"),
    }


UI = Dice41UI()
