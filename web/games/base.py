"""What the UI knows about one game, in one object: :class:`GameUI`.

Each game has one module in this package with one ``GameUI`` subclass. The base class
draws every table screen from a :class:`~web.frame.Frame` in one pass
(:meth:`GameUI.render`, a template method, as ``pygame_core.banker.BankerGame``'s
phase hooks are for the rules): it composes the bar, the hand-off cover, the felt, the
seats, the stage, the controls, the coach, the match's end and the log; a game fills in
only its own parts (:meth:`~GameUI.picture`, :meth:`~GameUI.seat_line`,
:meth:`~GameUI.stage`, :meth:`~GameUI.controls`, :meth:`~GameUI.coach`, its moments'
words, its standings) plus its setup form, home-tile picture, rules-page figures and
its line in the saved-games list. The mode of the frame decides what is drawn: a
replay is a picture of the table, with no control, bar or log; a held moment draws the
table as it stood at that moment, with Continue.

Buttons that make a move carry the core's own action codec
(:meth:`pygame_core.Game.action_to_dict`, see :func:`move_button`), so no game decodes
a click itself. mypy checks every hook against this base, and :func:`web.games.get_ui`
finds the object by game id beside :func:`pygame_core.get_game`.

The modules stay light to import (the home screen imports them all for the tiles):
coaches and odds are imported inside the hooks that need them.
"""

from __future__ import annotations

import abc
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Literal, final

from web.frame import COACH_THINKING
from web.markup import Child, Markup, h
from web.screens.common import button, coach_thinking_panel
from web.screens.devices import devices_panel
from web.screens.play import (
    SeatLine,
    cover_screen,
    guide_panel,
    match_over_panel,
    moment_lines,
    moment_panel,
    seat_item,
    stage_section,
    table_screen,
    take_back_panel,
)
from web.screens.practice import practice_panel
from web.screens.tablescene import Picture, felt, layout_for, own_hand

if TYPE_CHECKING:
    from fractions import Fraction

    from web.frame import Frame
    from web.i18n import Translator
    from web.seats import Seat
    from web.table.layout import TableLayout

FieldKind = Literal["choice", "toggle", "number"]

#: How a figure reads: a percentage, "1 in N", "k in 6" (die faces), a whole number,
#: a number with one decimal, or language-neutral text (such as a hand "10 + 6").
Style = Literal["percent", "one_in", "sixths", "whole", "decimal", "text"]


@dataclass(frozen=True)
class Figure:
    """One number of a rules page: its exact value and the way it is written.

    ``value`` is a :class:`~fractions.Fraction`, except for ``style == "text"``.
    """

    value: Fraction | str
    style: Style


@dataclass(frozen=True)
class OptionField:
    """One option of the setup form: how it is asked (the core decides what is valid)."""

    name: str
    kind: FieldKind
    choices: tuple[Any, ...] = ()
    low: int = 0
    high: int = 0
    #: Shown only when another option has this value: (option, value).
    show_if: tuple[str, Any] | None = None
    #: A number that may be left empty (the option's "none", e.g. no fixed round count).
    optional: bool = False


def encode_action(frame: Frame, action: Any) -> str:
    """``action`` as a button carries it: the core's codec, as JSON text."""
    return json.dumps(frame.game.action_to_dict(action), separators=(",", ":"))


def move_button(
    tr: Translator,
    frame: Frame,
    label: str,
    action: Any,
    *,
    kind: str = "big",
    focus: str,
    autofocus: bool = False,
) -> Markup:
    """A button that makes ``action``: enabled when the person at the device may take
    it now (``frame.legal``), disabled otherwise (a bot's turn)."""
    legal = action in frame.legal
    return button(
        label,
        "act",
        kind=kind,
        focus=focus,
        disabled=not legal,
        autofocus=autofocus and legal,
        move=encode_action(frame, action),
    )


class GameUI(abc.ABC):
    """The UI of one game; one instance per game, registered in :mod:`web.games`."""

    #: The game's registry id (the same as its core ``Game.id``).
    id: ClassVar[str]
    #: The options its setup form shows, in order.
    form: ClassVar[tuple[OptionField, ...]]
    #: Where the default setup seats the person (the banker games: not the bank's seat,
    #: so a first game is played as a player first).
    person_seat: ClassVar[int] = 0
    #: The CSS class of its table.
    css: ClassVar[str] = ""
    #: Event kinds whose line titles a held moment, the latest found (a round won ...).
    moment_titles: ClassVar[frozenset[str]] = frozenset()
    #: Event kinds a held moment lists in words under its title.
    moment_kinds: ClassVar[frozenset[str]] = frozenset()
    #: Options the variant buttons decide, where that is fewer than the rule choices
    #: the presets differ in (see :func:`web.setup.variant_fields`).
    variant_fields: ClassVar[tuple[str, ...]] = ()
    #: Where the review's sentences of its decisions are: ``review.reason.<family>.*``.
    review_family: ClassVar[str] = ""
    #: Every reason kind its review rater gives (each has a sentence in every language).
    reason_kinds: ClassVar[tuple[str, ...]] = ()
    #: What the game calls its rounds in the review's words: ``"round"`` or ``"deal"``
    #: (``review.moment.deal``, ``review.chart.after.deal`` ...).
    round_word: ClassVar[str] = "round"
    #: What chance shows on its table, ``"cards"`` or ``"dice"``: a take-back refused
    #: once one was shown says which (``undo.refused.revealed.dice`` ...).
    chance: ClassVar[str] = "cards"
    #: Whether its coach takes longer than a frame to work out its advice (Twenty One's
    #: expert searches): the table is drawn at once, the coach saying it is thinking,
    #: and the advice comes with the next draw (``Frame.advice``).
    coach_thinks: ClassVar[bool] = False
    #: Its own words by language (``{"en": {"game.<id>.name": ...}}``), added to the
    #: translation tables when :mod:`web.games` finds the UI; a language left out falls
    #: back to English. The project's games keep theirs in ``web/locales/<lang>.json``.
    texts: ClassVar[Mapping[str, Mapping[str, str]]] = {}

    # -- the table: the template ---------------------------------------------------------
    @final
    def render(self, tr: Translator, frame: Frame) -> Markup:
        """The table screen of ``frame``, drawn in one pass."""
        subtitle = self.subtitle(tr, frame)
        if frame.cover is not None:
            return cover_screen(tr, frame, subtitle)
        picture = self.picture(tr, frame)
        layout = layout_for(frame, max(len(picture.hand), picture.hand_room), picture.trick)
        live = frame.mode in ("live", "guest", "practice")
        if frame.moment is not None:
            # a moment nobody waits for goes on by itself (a tap skips it)
            own = frame.moment.kind == "own"  # web.match.OWN: the person's own view
            stage: Markup = moment_panel(
                tr,
                frame,
                self.moment_title(tr, frame),
                *self.moment_body(tr, frame),
                waits=frame.moment.waits,
                label=tr.t("play.own_done") if own else None,
            )
        elif frame.over:
            stage = match_over_panel(tr, frame, self.standings(tr, frame))
        else:
            stage = stage_section(
                tr,
                frame,
                *self.stage(tr, frame),
                self.controls(tr, frame) if live else None,
                *self.stage_end(tr, frame),
            )
        coach = None
        if live and frame.asks and frame.display.coach:
            thinking = frame.advice is COACH_THINKING
            coach = coach_thinking_panel(tr) if thinking else self.coach(tr, frame)
        seats = [
            seat_item(tr, frame, seat, self.seat_line(tr, frame, seat))
            for seat in range(len(frame.seats))
        ]
        return table_screen(
            tr,
            frame,
            subtitle,
            self.css,
            guide=guide_panel(
                tr,
                frame,
                self.guide_step(frame) if frame.asks else None,
                self.guide_wait(frame),
                self.guide_sentences(),
            ),
            felt=[felt(tr, layout, picture), self.hand(tr, frame, picture, layout)],
            # the coach right under the moves it speaks of, before the take-back and
            # the pot: on a phone it is in view with them (issue 48); while the bots
            # wait for the person's take-back or Play on, that choice comes first (on a
            # phone it sat under the greyed moves, at the screen's lower edge)
            side=[
                practice_panel(tr, frame, self),
                take_back_panel(tr, frame) if frame.bots_wait else None,
                stage,
                coach,
                None if frame.bots_wait else take_back_panel(tr, frame),
                devices_panel(tr, frame),
                *self.side(tr, frame),
            ],
            seats=seats,
        )

    # -- the table: what each game fills in ------------------------------------------------
    def subtitle(self, tr: Translator, frame: Frame) -> str:
        """How far the match is, after the game's name in the bar ("Round 2 of 3"):
        the round of the frame's state (a held round's end names the round that ended)."""
        return tr.t("play.round", n=frame.view.round)

    @abc.abstractmethod
    def picture(self, tr: Translator, frame: Frame) -> Picture:
        """What the felt shows: the seats, the pot, the deck, the middle, the own hand."""

    @abc.abstractmethod
    def seat_line(self, tr: Translator, frame: Frame, seat: int) -> SeatLine:
        """``seat`` in words, for the seat list."""

    def stage(self, tr: Translator, frame: Frame) -> Sequence[Child]:
        """The game's part of the stage, before its controls (totals, the trick ...)."""
        return ()

    def controls(self, tr: Translator, frame: Frame) -> Child:
        """What asks for a move: drawn live only (never in a moment or a replay),
        enabled where ``frame.legal`` allows (see :func:`move_button`)."""
        return None

    def stage_end(self, tr: Translator, frame: Frame) -> Sequence[Child]:
        """The game's part of the stage after its controls."""
        return ()

    def side(self, tr: Translator, frame: Frame) -> Sequence[Child]:
        """What follows the stage beside the felt (the last result, the pot ...)."""
        return ()

    def hand(self, tr: Translator, frame: Frame, picture: Picture, layout: TableLayout) -> Child:
        """The viewer's own cards, large under the felt (a picture: moves are buttons)."""
        from web.screens.cards import card_name

        names = [card_name(tr, c) for c in picture.hand]
        return own_hand(tr, layout, picture.hand, names)

    def coach(self, tr: Translator, frame: Frame) -> Markup | None:
        """What the coach says to the person to act (``None``: nothing)."""
        return None

    def advice(self, frame: Frame) -> Any | None:
        """The core's advice for the person to act in ``frame`` (:meth:`Game.advise`):
        the frame's own when the controller worked it out apart from the render."""
        if frame.advice is not None:
            return frame.advice
        return frame.game.advise(frame.view, frame.legal, frame.step)

    def moment_title(self, tr: Translator, frame: Frame) -> str:
        """What a held moment says large: the line of its latest titling event (a
        person's own moment after their swap: whose new cards these are)."""
        assert frame.moment is not None
        if frame.moment.kind == "own" and frame.viewer is not None:
            return tr.t("play.own_title", name=frame.names[frame.viewer])
        titled = [e for e in frame.moment.events if e.kind in self.moment_titles]
        lines = self.words(tr, frame, titled[-1:])
        return lines[-1] if lines else ""

    def moment_body(self, tr: Translator, frame: Frame) -> Sequence[Child]:
        """Under a moment's title: what it came to, in words."""
        assert frame.moment is not None
        if frame.moment.kind == "own":
            return (h("p", {"class": "hint"}, tr.t("play.own_hint")),)
        titled = [e for e in frame.moment.events if e.kind in self.moment_titles][-1:]
        shown = [e for e in frame.moment.events if e.kind in self.moment_kinds and e not in titled]
        return (moment_lines(self.words(tr, frame, shown)),)

    def moments(self, pauses: Sequence[Any]) -> list[Any]:
        """The moments of one action the table holds, of the ``Pause``s it passed
        through (all of them, by default)."""
        return list(pauses)

    def shows_own(self, action: Any) -> bool:
        """Whether ``action`` shows the person who made it something of their own that
        the table would hide at once at a shared device (Twenty One's swap: the new
        cards): their view is then held until they tap "Done" (:meth:`web.match.Table.
        own_moment`), before the next person's hand-off cover."""
        return False

    def moment_waits(self, kind: str, view: Any, seats: Sequence[Seat]) -> bool:
        """Whether a held moment of ``kind`` (drawn from ``view``, with these seats at
        the table) waits for Continue; else it stays a short while, long enough to see
        what happened, and the game goes on by itself (a tap on Continue goes on at
        once). Asked once, when the table holds the moment; a table of bots only never
        waits (:class:`web.match.Table`)."""
        return True

    def standings(self, tr: Translator, frame: Frame) -> Sequence[tuple[int, str]]:
        """The match's end: every seat with its final figure, the best first."""
        result = frame.outcome
        assert result is not None
        order = sorted(range(len(frame.seats)), key=lambda seat: -result.scores[seat])
        return [(seat, str(result.scores[seat])) for seat in order]

    def guide_step(self, frame: Frame) -> str | None:
        """The guided first round's text key for the person to act now (None: the
        general "your turn" line)."""
        return None

    def guide_wait(self, frame: Frame) -> str:
        """The guided first round's text key while the bots play: where their cards or
        dice land."""
        return f"guide.wait.{self.chance}"

    def guide_sentences(self) -> tuple[str, ...]:
        """Every text key the guided first round of this game may show (its steps, its
        waits, its moments, and ``guide.hold`` while the bots wait for the person's
        take-back; a seat on its own phone is added by the guide): the guide keeps the
        height of the longest."""
        return ("guide.turn", f"guide.wait.{self.chance}", "guide.moment", "guide.hold")

    def words(self, tr: Translator, frame: Frame, events: Sequence[Any]) -> list[str]:
        """``events`` as log lines the frame's viewer may read (the match's own wording
        of each, when the frame has one: an event is worded once)."""
        from web.eventtext import describe

        seen = [e for e in events if e.visible_for(frame.viewer)]
        if frame.wording is not None:
            lines = [frame.wording(e) for e in seen]
        else:
            lines = [describe(e, self.text_families, frame.names, tr) for e in seen]
        return [line for line in lines if line]

    # -- the review's words ---------------------------------------------------------------
    def reason_key(self, decision: Any) -> str:
        """The locale key of a reviewed decision's sentence."""
        return f"review.reason.{self.review_family}.{decision.reason.kind}"

    def reason_params(self, tr: Translator, decision: Any, names: Sequence[str]) -> dict[str, Any]:
        """The sentence's placeholders, worded (by default the reason's own)."""
        return dict(decision.reason.params)

    # -- outside the table ---------------------------------------------------------------
    @abc.abstractmethod
    def tile_art(self, lang: str) -> Markup:
        """The small picture on the game's home tile, in ``lang`` (a card's corner)."""

    @property
    def text_families(self) -> tuple[str, ...]:
        """Where its log texts are looked up, most specific first: ``event.<family>.*``."""
        return (self.id,)

    def figures(self) -> Mapping[str, Figure]:
        """The exact figures its rules pages quote as ``{name}`` (besides the presets)."""
        return {}

    def progress(self, tr: Translator, round_no: int) -> str:
        """How far a match in progress got, for the saved-games list."""
        return tr.t("play.round", n=round_no)

    def amount_range(self, view: Any) -> tuple[int, int]:
        """The smallest and largest amount its stake/bet stepper allows now."""
        return (0, 0)

    def amount_default(self, view: Any) -> int:
        """Where the stepper starts for a new decision (the smallest amount)."""
        return self.amount_range(view)[0]

    def setup_note(self, tr: Translator, draft: Any) -> str | None:
        """A line the setup shows under the seats (None: nothing to say)."""
        return None


__all__ = [
    "FieldKind",
    "Figure",
    "GameUI",
    "OptionField",
    "Picture",
    "SeatLine",
    "encode_action",
    "move_button",
]
