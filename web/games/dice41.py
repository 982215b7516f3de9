"""The UI of 41: six dice, six throws, set one aside each time; a 4 and a 1 qualify."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any, ClassVar

from web.games.base import GameUI, OptionField, encode_action
from web.i18n import decimal, percent
from web.markup import Child, Markup, classes, h
from web.screens.common import coach_panel
from web.screens.dice import dice_row, die_picture, rounds_subtitle
from web.screens.play import SeatLine
from web.screens.tablescene import Picture
from web.table import art

if TYPE_CHECKING:
    from fractions import Fraction

    from pygame_core.dice41.advice import Dice41Advice
    from web.frame import Frame
    from web.games.base import Figure
    from web.i18n import Translator


def seat_status(tr: Translator, view: Any, seat: int) -> str:
    """A seat's state this round ("Scored 17", "Waiting" ...)."""
    status = view.statuses[seat]
    if status == "done":
        return tr.t("status.scored", score=view.scores[seat])
    if status == "not_qualified":
        from pygame_core.dice41 import missing_tickets

        # what is missing: "No 1", not "No 4 and 1" when three 4s lie there
        missing = missing_tickets(view.kept[seat])
        if len(missing) == 1:
            return tr.t(f"status41.not_qualified.{missing[0]}")
    return tr.t(f"status41.{status}")


def result_line(tr: Translator, frame: Frame) -> Markup | None:
    """The last round's result, with its reason (a replay shows it until the next
    round begins: it is a step of the story there, not what just happened)."""
    result = frame.view.last_result
    if result is None or (frame.mode == "replay" and result.round_no < frame.view.round):
        return None
    names = tr.join(frame.names[s] for s in result.seats)
    text = tr.t(
        f"result.dice41.{result.kind}", names=names, score=result.score, round=result.round_no
    )
    if result.chips:
        text += " " + tr.t("result.pot", chips=result.chips)
    return h("p", {"class": "result"}, text)


def _about(value: Fraction, lang: str) -> str:
    """An expected score for a sentence: "17" rather than "17.22" (a decimal only below 1,
    where a whole number would read 0)."""
    return decimal(value, lang, 0 if value >= 1 or value == 0 else 1)


def dice41_sentence(tr: Translator, advice: Dice41Advice) -> str:
    """Which die to set aside and why, in one sentence."""
    from web.reviewtext import whole_percent

    value = advice.best_value
    lang = tr.lang
    if advice.mode == "beat":
        chance, tie = advice.values[value], advice.ties[value]
        if chance:
            return tr.t(
                "coach.d41.beat",
                value=value,
                target=advice.target,
                chance=whole_percent(chance, lang),
            )
        if tie:
            return tr.t(
                "coach.d41.tie", value=value, target=advice.target, tie=whole_percent(tie, lang)
            )
        return tr.t("coach.d41.hopeless", target=advice.target)
    if not advice.values[value]:
        return tr.t("coach.d41.lost")
    if len(advice.values) > 1 and len(set(advice.values.values())) == 1:
        return tr.t("coach.d41.equal")
    return tr.t("coach.d41.expected", value=value, score=_about(advice.values[value], lang))


def dice41_figures(tr: Translator, advice: Dice41Advice) -> Markup:
    """Every die's figure as a table, the best marked: the score to expect, or the
    chances to beat the best score so far and to tie."""
    lang = tr.lang
    if advice.mode == "beat":
        heads = [tr.t("coach.col_beat", target=advice.target), tr.t("coach.col_tie")]
    else:
        heads = [tr.t("coach.col_expect")]
    rows = []
    for v in sorted(advice.values, reverse=True):
        if advice.mode == "beat":
            cells = [percent(advice.values[v], lang), percent(advice.ties[v], lang)]
        else:
            cells = [decimal(advice.values[v], lang, 1)]
        rows.append(
            h(
                "tr",
                {"class": classes(v == advice.best_value and "best")},
                h("th", {"scope": "row"}, str(v)),
                [h("td", None, c) for c in cells],
            )
        )
    return h(
        "table",
        {"class": "coach-table"},
        h(
            "thead",
            None,
            h(
                "tr",
                None,
                h("th", {"scope": "col"}, tr.t("coach.col_die")),
                [h("th", {"scope": "col"}, head) for head in heads],
            ),
        ),
        h("tbody", None, rows),
    )


def dice41_coach(tr: Translator, advice: Dice41Advice | None) -> Markup | None:
    """The sentence, then every die's figures behind "Show the figures"."""
    if advice is None:
        return None
    note = tr.t(f"coach.mode41.{advice.mode}", target=advice.target)
    return coach_panel(tr, dice41_sentence(tr, advice), dice41_figures(tr, advice), note)


def running_score(tr: Translator, kept: tuple[int, ...]) -> Markup:
    """What the dice set aside are worth so far, beside them (the tickets below say
    whether the 4 and the 1 are still needed)."""
    from pygame_core.dice41 import points_so_far

    return h(
        "p", {"class": "points-so-far"}, tr.t("play.points_so_far", points=points_so_far(kept))
    )


def seat_note41(tr: Translator, view: Any, seat: int) -> str:
    """A seat's line on the felt: the thrower's running score (short enough for eight
    seats; the tickets it still needs are in the stage), else its status."""
    from pygame_core.dice41 import points_so_far

    kept = view.kept[seat]
    if seat != view.actor or not kept:
        return seat_status(tr, view, seat)
    return tr.t("play.note_points", points=points_so_far(kept))


def tickets(tr: Translator, has_four: bool, has_one: bool) -> Markup:
    """Whether the 4 and the 1 are secured."""
    items = []
    for value, ok in ((4, has_four), (1, has_one)):
        text = (
            tr.t("play.ticket_ok", value=value) if ok else tr.t("play.ticket_missing", value=value)
        )
        items.append(h("li", {"class": classes("ticket", ok and "ok")}, text))
    return h("ul", {"class": "tickets", "aria-label": tr.t("play.tickets")}, items)


class Dice41UI(GameUI):
    """41."""

    id: ClassVar[str] = "dice41"
    css: ClassVar[str] = "dice41"
    review_family: ClassVar[str] = "dice41"
    chance: ClassVar[str] = "dice"
    reason_kinds: ClassVar[tuple[str, ...]] = ("kept_right", "kept_wrong_die")
    moment_titles: ClassVar[frozenset[str]] = frozenset({"round_won", "round_shared", "tie_replay"})
    moment_kinds: ClassVar[frozenset[str]] = frozenset(
        {"not_qualified", "doubling_24", "round_won", "round_shared", "tie_replay"}
    )
    form: ClassVar[tuple[OptionField, ...]] = (
        OptionField("chips", "toggle"),
        OptionField("starting_chips", "number", low=1, high=1000, show_if=("chips", True)),
        OptionField("match", "choice", ("rounds", "all_chips")),
        OptionField("rounds", "number", low=1, high=999),
        OptionField("tie", "choice", ("replay", "share")),
    )

    def tile_art(self, lang: str) -> Markup:
        return h(
            "span", {"class": "tile-pair"}, art.die(4, 56, "tile-svg"), art.die(1, 56, "tile-svg")
        )

    def subtitle(self, tr: Translator, frame: Frame) -> str:
        view = frame.view
        return rounds_subtitle(tr, view.round, view.rounds if view.match == "rounds" else None)

    def picture(self, tr: Translator, frame: Frame) -> Picture:
        view = frame.view
        # a round's end (held, or the match's last) lights up the round's winners; a tie
        # at the top is replayed and has none
        result = view.last_result if view.phase != "throwing" else None
        won = set(result.seats) if result is not None and result.kind != "tie_replay" else set()
        failed = {seat for seat, status in enumerate(view.statuses) if status == "not_qualified"}
        return Picture(
            [
                art.Seat(
                    frame.names[seat],
                    chips=view.chips[seat] if view.uses_chips else None,
                    # the throw lies in front of the thrower, beside what it set aside
                    dice=view.kept[seat] + (view.dice if seat == view.actor else ()),
                    note=seat_note41(tr, view, seat),
                    active=seat == view.actor,
                    mark="won" if seat in won else "bust" if seat in failed else None,
                )
                for seat in range(view.players)
            ],
            pot=view.pot if view.uses_chips else None,
        )

    def seat_line(self, tr: Translator, frame: Frame, seat: int) -> SeatLine:
        view = frame.view
        figures = [(tr.t("figure.chips"), str(view.chips[seat]))] if view.uses_chips else []
        figures.append((tr.t("figure.rounds_won"), str(view.round_wins[seat])))
        kept = view.kept[seat]
        return SeatLine(
            seat_status(tr, view, seat),
            figures,
            extra=dice_row(tr, kept, False, "dice mini") if kept else None,
        )

    def stage(self, tr: Translator, frame: Frame) -> Sequence[Child]:
        view = frame.view
        best = (
            tr.t("play.best_so_far", score=view.best)
            if view.best is not None
            else tr.t("play.no_best_yet")
        )
        return (
            h("p", {"class": "throw-caption"}, tr.t("play.throw_of", n=view.throw_no), " ", best),
        )

    def controls(self, tr: Translator, frame: Frame) -> Child:
        from pygame_core.dice41 import Keep

        view = frame.view
        asks = frame.asks
        fresh = any(e.kind == "thrown" for e in frame.fresh)
        advice = self.advice(frame) if frame.display.coach and asks else None
        buttons = []
        for index, value in enumerate(view.dice):
            keep = Keep(value)
            buttons.append(
                h(
                    "button",
                    {
                        "type": "button",
                        "class": classes(
                            "die-button",
                            fresh and "rolled",
                            advice is not None and advice.best_value == value and "best",
                        ),
                        "data-action": "act",
                        "data-move": encode_action(frame, keep),
                        "data-value": value,
                        "data-focus": f"die-{index}",
                        "aria-label": tr.t("play.set_aside", value=value),
                        "disabled": keep not in frame.legal,
                        "data-autofocus": asks and index == 0,
                    },
                    die_picture(value),
                )
            )
        return (
            h("p", {"class": "hint"}, tr.t("play.tap_to_set_aside")) if asks else None,
            h(
                "div",
                {"class": "dice dice-choice", "role": "group", "aria-label": tr.t("dice.thrown")},
                buttons,
            ),
            # right under the dice it speaks of: in view beside the felt on a tablet,
            # and after the dice (which come first) in the phone's panel
            dice41_coach(tr, advice),
        )

    def stage_end(self, tr: Translator, frame: Frame) -> Sequence[Child]:
        view = frame.view
        seat = view.actor
        assert seat is not None
        kept = view.kept[seat]
        return (
            h(
                "div",
                {"class": "set-aside"},
                h("h3", {"class": "panel-title"}, tr.t("play.set_aside_title")),
                h(
                    "div",
                    {"class": "kept-row"},
                    dice_row(tr, kept, False, "dice kept"),
                    running_score(tr, kept),
                )
                if kept
                else h("p", {"class": "hint"}, tr.t("play.none_yet")),
                tickets(tr, view.has_four[seat], view.has_one[seat]),
            ),
        )

    def side(self, tr: Translator, frame: Frame) -> Sequence[Child]:
        view = frame.view
        pot = (
            h("p", {"class": "pot"}, tr.t("play.pot", chips=view.pot)) if view.uses_chips else None
        )
        return (result_line(tr, frame), pot)

    def coach(self, tr: Translator, frame: Frame) -> Markup | None:
        return None  # drawn under the dice it speaks of, by controls()

    def standings(self, tr: Translator, frame: Frame) -> Sequence[tuple[int, str]]:
        view = frame.view
        if view.uses_chips:
            return [(s, tr.t("play.standing.chips", n=view.chips[s])) for s in view.standings]
        return [(s, tr.t("play.standing.rounds", n=view.round_wins[s])) for s in view.standings]

    def guide_step(self, frame: Frame) -> str | None:
        return "guide.dice41.keep"

    def guide_sentences(self) -> tuple[str, ...]:
        return (*super().guide_sentences(), "guide.dice41.keep")

    def reason_key(self, decision: Any) -> str:
        key = super().reason_key(decision)
        return key + ".chips" if decision.unit == "chips" else key

    def reason_params(self, tr: Translator, decision: Any, names: Sequence[str]) -> dict[str, Any]:
        from web.reviewtext import amount

        p = super().reason_params(tr, decision, names)
        p["dice"] = ", ".join(str(d) for d in p["dice"])
        p["chosen_value"] = amount(p["chosen_value"], decision.unit, tr.lang)
        p["best_value"] = amount(p["best_value"], decision.unit, tr.lang)
        return p

    def figures(self) -> Mapping[str, Figure]:
        return _figures()


@cache
def _figures() -> dict[str, Figure]:
    from fractions import Fraction

    from pygame_core.dice41.odds import expected_score, safe_play_distribution, seed_claims
    from web.games.base import Figure

    claims = seed_claims()
    return {
        "qualify": Figure(1 - safe_play_distribution().get(0, Fraction(0)), "percent"),
        "expected": Figure(expected_score(), "decimal"),
        "safe_24": Figure(claims.safe_24, "one_in"),
        "band_16_21": Figure(claims.safe_16_to_21_given_qualified, "percent"),
        "last_die": Figure(claims.last_die_one, "one_in"),
    }


UI = Dice41UI()

__all__ = ["UI", "Dice41UI", "dice41_coach", "dice41_figures", "dice41_sentence"]
