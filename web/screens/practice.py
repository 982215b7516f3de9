"""Practice: a costly moment of a finished match played again, and the home's list of
the moments still to be solved.

The table is the game's own, drawn from the seat's view at that moment (the frame's
``practice`` mode): :func:`practice_panel` beside it asks the question, and once the
person has chosen, says in one sentence how good the choice was, with the review's own
figures a tap away. A moment practised from the review (:class:`FromReview`) leads back
to that review, at its following costly moment; one from the home's list to the next
moment of the list, or home.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from web.frame import Frame, PracticeFace
from web.i18n import Translator
from web.markup import Markup, h
from web.reviewtext import ReviewWords, option_label, sentence
from web.screens.common import button

if TYPE_CHECKING:
    from web.saves.practice import PracticeItem


class PracticeWords(ReviewWords, Protocol):
    """How a game words a practice moment: its decisions' sentences, and what it calls
    a round (each game's UI, :class:`web.games.base.GameUI`, which draws this panel
    beside its table; the screen does not import the games)."""

    @property
    def round_word(self) -> str:
        """``round`` or ``deal``: the ``review.moment.*`` key that says where a move was."""
        ...


@dataclass(frozen=True)
class FromReview(PracticeFace):
    """A practice moment opened from the review on screen: once answered, the way on
    is back to that review (``practice-back``), at the costly moment after this one."""


def where(tr: Translator, ui: PracticeWords, round_no: int, index: int) -> str:
    """Where the moment was, in the review's words ("Round 2, move 23")."""
    return tr.t(f"review.moment.{ui.round_word}", round=round_no, move=index + 1)


def practice_panel(tr: Translator, frame: Frame, ui: PracticeWords) -> Markup | None:
    """The question, or once answered the verdict, its sentence and its figures."""
    face = frame.practice
    if frame.mode != "practice" or face is None:
        return None
    from web.screens.review import exact_figures

    title = h(
        "h2",
        {"class": "panel-title", "id": "practice-title"},
        where(tr, ui, face.round, face.index),
    )
    if face.answer is None:
        return h(
            "section",
            {"class": "panel practice", "aria-labelledby": "practice-title"},
            title,
            h(
                "p",
                {"class": "practice-question"},
                tr.t("practice.question", name=face.name, choice=option_label(tr, face.first)),
            ),
        )
    decision = face.answer
    verdict = "practice.right" if decision.is_best else "practice.wrong"
    again = None if decision.is_best else button(tr.t("practice.again"), "practice-again")
    if isinstance(face, FromReview):
        onward = button(
            tr.t("practice.back_to_review"), "practice-back", kind="primary", focus="practice-back"
        )
    elif face.next_id:
        onward = button(tr.t("practice.next"), "open-practice", kind="primary", item=face.next_id)
    else:
        onward = button(tr.t("practice.done"), "go-home", kind="primary", focus="practice-home")
    return h(
        "section",
        {
            "class": "panel practice answered",
            "aria-labelledby": "practice-title",
            "data-best": "true" if decision.is_best else "false",
        },
        title,
        h("p", {"class": "practice-verdict", "role": "status"}, tr.t(verdict)),
        h("p", {"class": "practice-sentence"}, sentence(tr, ui, decision, frame.names)),
        exact_figures(tr, decision),
        h("div", {"class": "actions"}, again, onward),
    )


def practice_section(
    tr: Translator, uis: Mapping[str, PracticeWords], items: Sequence[PracticeItem]
) -> Markup | None:
    """The home's "Practise my mistakes": the moments still to be solved, newest first."""
    open_items = [item for item in items if not item.solved]
    if not open_items:
        return None
    rows = [
        h(
            "li",
            {"class": "practice-item"},
            h(
                "div",
                {"class": "saved-info"},
                h("span", {"class": "saved-game"}, tr.t(f"game.{item.game_id}.name")),
                h(
                    "span",
                    {"class": "saved-players"},
                    f"{item.name} · "
                    + where(tr, uis[item.game_id], item.puzzle.view.round, item.puzzle.index),
                ),
            ),
            h(
                "div",
                {"class": "saved-actions"},
                button(
                    tr.t("practice.play"),
                    "open-practice",
                    kind="primary",
                    focus=f"practice-{item.id}",
                    item=item.id,
                ),
                button(
                    tr.t("practice.remove"),
                    "remove-practice",
                    kind="quiet",
                    focus=f"practice-remove-{item.id}",
                    item=item.id,
                ),
            ),
        )
        for item in open_items[:20]
    ]
    return h(
        "section",
        {"class": "practice-list", "aria-labelledby": "practice-list-title"},
        h("h2", {"class": "section-title", "id": "practice-list-title"}, tr.t("practice.list")),
        h("p", {"class": "hint"}, tr.t("practice.list_hint")),
        h("ul", {"class": "saved-list"}, rows),
    )
