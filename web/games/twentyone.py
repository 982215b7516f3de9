"""The UI of Twenty One, the Danish trick game where the last card scores."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from web.games.base import GameUI, OptionField
from web.markup import Markup, h
from web.svg import card_face

if TYPE_CHECKING:
    from web.i18n import Translator
    from web.screens.play import PlayOptions
    from web.session import GameSession


class TwentyOneUI(GameUI):
    """Twenty One (its rules pages quote no odds)."""

    id: ClassVar[str] = "twentyone"
    moment_ends: ClassVar[frozenset[str]] = frozenset({"trick_won", "deal_scored"})
    moment_starts: ClassVar[frozenset[str]] = frozenset({"trick_won", "deal_started"})
    form: ClassVar[tuple[OptionField, ...]] = (
        OptionField("scoring", "choice", ("highest", "everyone")),
        OptionField("target", "number", low=1, high=1000),
        OptionField("exchange", "toggle"),
        OptionField("cannot_beat", "choice", ("discard", "pass")),
        OptionField("low_ace", "toggle"),
    )

    def tile_art(self) -> Markup:
        return h(
            "span", {"class": "tile-pair"}, card_face(12, "tile-svg"), card_face(48, "tile-svg")
        )

    def render_play(self, tr: Translator, session: GameSession, opts: PlayOptions) -> Markup:
        from web.screens.twentyone import render_twentyone

        return render_twentyone(tr, session, opts)

    def decode(self, data: Mapping[str, str]) -> Any:
        from pygame_core.twentyone import Discard, OpenExchange, Pass, Play, RefuseExchange, Swap

        move = data.get("move")
        text = data.get("cards", "")
        cards = tuple(sorted(int(c) for c in text.split(",") if c.strip().lstrip("-").isdigit()))
        if move == "open":
            return OpenExchange()
        if move == "refuse":
            return RefuseExchange()
        if move == "pass":
            return Pass()
        if move == "discard":
            return Discard(cards[0] if cards else -1)
        if move == "swap":
            return Swap(cards)
        return Play(cards)

    def guide_step(self, view: Any, legal: Sequence[Any]) -> str | None:
        from pygame_core.twentyone import OpenExchange, Play

        if any(isinstance(a, OpenExchange) for a in legal):
            return "guide.twentyone.exchange"
        if any(isinstance(a, Play) for a in legal):
            return "guide.twentyone.play"
        return None

    def coach(self, view: Any, legal: Sequence[Any]) -> Any | None:
        from web.coach import twentyone_advice

        return twentyone_advice(view, legal)

    def progress(self, tr: Translator, round_no: int) -> str:
        return tr.t("save.deal", n=round_no)


UI = TwentyOneUI()
