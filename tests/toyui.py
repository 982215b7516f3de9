"""The UI of the toy game of ``tests/toygame.py``: one module, as a game's UI is."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

from toygame import Hold, Roll

from web.frame import Frame
from web.games.base import GameUI, OptionField, move_button
from web.i18n import Translator
from web.markup import Child, Markup, h
from web.screens.play import SeatLine
from web.screens.tablescene import Picture
from web.table import art

#: Its words, in English only (the other languages fall back to these).
TEXTS = {
    "game.toypig.name": "Pig",
    "game.toypig.blurb": "Roll on, or hold before a 1 takes the lot.",
    "event.toypig.rolled": "{seat} rolls {dice}.",
    "event.toypig.bust": "{seat} rolls a 1 and loses the turn.",
    "event.toypig.stood": "{seat} holds {total}.",
    "event.toypig.round_won": "{seat} wins the round with {total}.",
    "event.toypig.match_over": "{winners} wins the match.",
    "toy.roll": "Roll",
    "toy.hold": "Hold",
    "toy.turn": "This turn: {total}",
    "preset.toypig.short": "Short",
    "preset.toypig.short.hint": "One round.",
    "preset.toypig.long": "Long",
    "preset.toypig.long.hint": "Three rounds.",
    "option.toypig.rounds": "Rounds",
}


class PigUI(GameUI):
    id: ClassVar[str] = "toypig"
    css: ClassVar[str] = "toy"
    moment_titles: ClassVar[frozenset[str]] = frozenset({"round_won", "stood", "bust"})
    moment_kinds: ClassVar[frozenset[str]] = frozenset({"stood", "bust", "round_won"})
    form: ClassVar[tuple[OptionField, ...]] = (OptionField("rounds", "number", low=1, high=9),)
    texts: ClassVar[Mapping[str, Mapping[str, str]]] = {"en": TEXTS}

    def tile_art(self, lang: str) -> Markup:
        return art.die(1, 56, "tile-svg")

    def picture(self, tr: Translator, frame: Frame) -> Picture:
        view = frame.view
        return Picture(
            [
                art.Seat(
                    name,
                    dice=(view.last_die,) if seat == view.actor and view.last_die else (),
                    note=str(view.totals[seat]),
                    active=seat == view.actor,
                )
                for seat, name in enumerate(frame.names)
            ]
        )

    def seat_line(self, tr: Translator, frame: Frame, seat: int) -> SeatLine:
        view = frame.view
        return SeatLine(str(view.totals[seat]), [("wins", str(view.wins[seat]))])

    def stage(self, tr: Translator, frame: Frame) -> Sequence[Child]:
        return (h("p", {"class": "toy-turn"}, tr.t("toy.turn", total=frame.view.turn_total)),)

    def controls(self, tr: Translator, frame: Frame) -> Child:
        return h(
            "div",
            {"class": "controls"},
            move_button(tr, frame, tr.t("toy.roll"), Roll(), kind="primary big", focus="roll"),
            move_button(tr, frame, tr.t("toy.hold"), Hold(), focus="hold"),
        )


UI = PigUI()
