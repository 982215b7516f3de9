"""What the UIs of the two banker games share (Tjueett and Tjugoett)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any, ClassVar

from pygame_core.cards import make_card
from web.games.base import GameUI
from web.markup import Markup, h
from web.svg import card_face
from web.table.art import card_back

if TYPE_CHECKING:
    from web.coach import BankerAdvice
    from web.i18n import Translator
    from web.rulesfigures import Figure
    from web.screens.play import PlayOptions
    from web.session import GameSession

#: The example hands of the banker games' bust figures: (total, cards as named in
#: :func:`pygame_core.cards.parse_card`). No aces, so each total is unambiguous.
BANKER_HANDS: tuple[tuple[int, tuple[str, ...]], ...] = (
    (14, ("9S", "5H")),
    (16, ("10S", "6H")),
    (18, ("10S", "8H")),
)


class BankerUI(GameUI):
    """A banker game: stake and bet stepper, a face-down card, the bank's hand."""

    moment_ends: ClassVar[frozenset[str]] = frozenset({"round_over"})
    moment_starts: ClassVar[frozenset[str]] = frozenset({"round_started"})
    #: Seat 0 holds the bank first (and keeps it with a fixed bank): a bot does.
    person_seat: ClassVar[int] = 1

    @property
    def text_families(self) -> tuple[str, ...]:
        """Its own texts, then the texts both banker games share."""
        return (self.id, "banker")

    def tile_art(self) -> Markup:
        # number cards only: the tile is the same in every language (no corner letters)
        return h(
            "span",
            {"class": "tile-pair"},
            card_back(56, "tile-svg"),
            card_face(make_card(10, 1), "tile-svg"),
        )

    def render_play(self, tr: Translator, session: GameSession, opts: PlayOptions) -> Markup:
        from web.screens.banker import render_banker

        return render_banker(tr, session, opts)

    def decode(self, data: Mapping[str, str]) -> Any:
        from pygame_core.banker import Bet, Draw, Stake, Stand

        move = data.get("move")
        if move == "draw":
            return Draw()
        if move == "stand":
            return Stand()
        amount = int(data.get("amount", "0"))
        return Stake(amount) if move == "stake" else Bet(amount)

    def coach(self, view: Any, legal: Sequence[Any]) -> BankerAdvice | None:
        from web.coach import banker_advice

        return banker_advice(view)

    def figures(self) -> Mapping[str, Figure]:
        return _figures()

    def guide_step(self, view: Any, legal: Sequence[Any]) -> str | None:
        if view.phase in ("stake", "bet"):
            return f"guide.banker.{view.phase}"
        return "guide.banker.play"

    def amount_range(self, view: Any) -> tuple[int, int]:
        return (view.min_amount, view.max_amount)


@cache
def _figures() -> dict[str, Figure]:
    from pygame_core.banker.odds import bust_chance, pool_of
    from pygame_core.cards import FULL_DECK, parse_card, rank
    from web.rulesfigures import Figure

    out: dict[str, Figure] = {}
    for total, names in BANKER_HANDS:
        hand = [parse_card(name) for name in names]
        if sum(rank(card) for card in hand) != total:
            raise ValueError(f"the example hand {names} does not make {total}")
        pool = pool_of(card for card in FULL_DECK if card not in hand)
        out[f"hand_{total}"] = Figure(" + ".join(str(rank(card)) for card in hand), "text")
        out[f"bust_{total}"] = Figure(bust_chance(pool, hand), "percent")
    return out
