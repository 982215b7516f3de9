"""The UI of 21: the dice game of pushing your luck towards 21 (or 36)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any, ClassVar

from web.games.base import GameUI, OptionField, move_button
from web.i18n import percent
from web.markup import Child, Markup, h
from web.screens.common import coach_figures, coach_panel
from web.screens.dice import dice_row, die_picture, rounds_subtitle, sentence_percents
from web.screens.play import SeatLine
from web.screens.tablescene import Picture
from web.table import art

if TYPE_CHECKING:
    from pygame_core.dice21.advice import Dice21Advice
    from web.frame import Frame
    from web.games.base import Figure
    from web.i18n import Translator


def seat_status(tr: Translator, seat: Any) -> str:
    """A seat's state this round, with its total where it has one ("Stood at 17")."""
    if seat.status == "rolling":
        return tr.t("status.rolling", total=seat.total)
    if seat.status == "stood":
        return tr.t("status.stood", total=seat.total)
    if seat.status == "bust":
        return tr.t("status.bust", total=sum(seat.throws))
    return tr.t(f"status.{seat.status}")


def result_line(tr: Translator, frame: Frame) -> Markup | None:
    """The last round's result, with its reason (a replay shows it until the next
    round begins: it is a step of the story there, not what just happened)."""
    result = frame.view.last_result
    if result is None or (frame.mode == "replay" and result.round_no < frame.view.round):
        return None
    winners = tr.join(frame.names[s] for s in result.winners)
    text = tr.t(
        f"result.dice21.{result.reason}", names=winners, total=result.total, round=result.round_no
    )
    if result.pot:
        text += " " + tr.t("result.pot", chips=result.pot)
    return h("p", {"class": "result"}, text)


def dice21_sentence(tr: Translator, advice: Dice21Advice) -> str:
    """What to do now and why, in one sentence."""
    from web.reviewtext import whole_percent

    lang = tr.lang
    if advice.stop is None:
        return tr.t("coach.d21.first", roll=whole_percent(advice.roll, lang))
    stop, roll, bust = sentence_percents(lang, advice.stop, advice.roll, advice.bust)
    if advice.stop == advice.roll and advice.bust:
        return tr.t("coach.d21.equal", stop=stop)
    if not advice.should_stop:
        return tr.t("coach.d21.roll", roll=roll, stop=stop)
    if advice.bust:
        return tr.t("coach.d21.stop", stop=stop, bust=bust)
    return tr.t("coach.d21.stop_safe", stop=stop)


def dice21_coach(tr: Translator, advice: Dice21Advice | None) -> Markup | None:
    """The sentence, then the bust chance and the win chances of stopping and rolling
    on behind "Show the figures"."""
    if advice is None:
        return None
    rows = [(tr.t("coach.bust_next"), percent(advice.bust, tr.lang), False)]
    if advice.stop is not None:
        rows.append((tr.t("coach.win_stop"), percent(advice.stop, tr.lang), advice.should_stop))
    rows.append((tr.t("coach.win_roll"), percent(advice.roll, tr.lang), not advice.should_stop))
    return coach_panel(tr, dice21_sentence(tr, advice), coach_figures(rows))


class Dice21UI(GameUI):
    """21."""

    id: ClassVar[str] = "dice21"
    css: ClassVar[str] = "dice21"
    review_family: ClassVar[str] = "dice21"
    chance: ClassVar[str] = "dice"
    reason_kinds: ClassVar[tuple[str, ...]] = (
        "stood_too_soon",
        "stood_below_best",
        "rolled_too_far",
        "stood_right",
        "rolled_right",
    )
    moment_titles: ClassVar[frozenset[str]] = frozenset(
        {"round_won", "round_shared", "all_bust_replay"}
    )
    moment_kinds: ClassVar[frozenset[str]] = frozenset(
        {"bust", "tie_rolloff", "round_won", "round_shared"}
    )
    form: ClassVar[tuple[OptionField, ...]] = (
        OptionField("dice", "choice", (1, 2)),
        OptionField("target", "choice", (21, 36)),
        OptionField("match", "choice", ("single", "series", "rounds")),
        OptionField("rounds", "number", low=1, high=99, show_if=("match", "rounds")),
        OptionField("chips", "toggle"),
        OptionField("starting_chips", "number", low=1, high=1000, show_if=("chips", True)),
        OptionField("tie_pot", "choice", ("rolloff", "split"), show_if=("chips", True)),
    )

    def tile_art(self, lang: str) -> Markup:
        return art.die(6, 56, "tile-svg")

    def subtitle(self, tr: Translator, frame: Frame) -> str:
        view = frame.view
        return rounds_subtitle(tr, view.round, view.rounds_planned, view.round_kind)

    def picture(self, tr: Translator, frame: Frame) -> Picture:
        view = frame.view
        chips = view.config.chips
        # a round's end (held, or the match's last) lights up the round's winners
        result = view.last_result if view.phase != "playing" else None
        won = set(result.winners) if result is not None else set()
        return Picture(
            [
                art.Seat(
                    frame.names[s.seat],
                    chips=s.chips if chips else None,
                    dice=view.last_throw if s.seat == view.last_throw_seat else (),
                    # the status says the total where there is one ("Stood at 17")
                    note=seat_status(tr, s),
                    active=s.seat == view.actor,
                    mark="won" if s.seat in won else "bust" if s.status == "bust" else None,
                )
                for s in view.seats
            ],
            pot=view.pot if chips else None,
        )

    def seat_line(self, tr: Translator, frame: Frame, seat: int) -> SeatLine:
        view = frame.view
        s = view.seats[seat]
        figures = [(tr.t("figure.total"), str(s.total))]
        if view.config.chips:
            figures.append((tr.t("figure.chips"), str(s.chips)))
        figures.append((tr.t("figure.rounds_won"), str(s.rounds_won)))
        return SeatLine(seat_status(tr, s), figures)

    def stage(self, tr: Translator, frame: Frame) -> Sequence[Child]:
        view = frame.view
        actor = view.actor
        assert actor is not None
        fresh = any(e.kind == "rolled" for e in frame.fresh)
        throw_caption = (
            tr.t("play.last_throw", name=frame.names[view.last_throw_seat])
            if view.last_throw and view.last_throw_seat is not None
            else tr.t("play.no_throw_yet")
        )
        return (
            h(
                "div",
                {"class": "total-box"},
                h("span", {"class": "total-label"}, tr.t("play.total_of", name=frame.names[actor])),
                h("span", {"class": "total-value"}, str(view.seats[actor].total)),
                h(
                    "span",
                    {"class": "total-target"},
                    tr.t("play.target", target=view.config.target),
                ),
            ),
            # the plain words beside the number: what this seat has to beat
            h(
                "p",
                {"class": "to-beat"},
                tr.t("play.best_so_far", score=view.best_total)
                if view.best_total
                else tr.t("play.no_best_yet"),
            ),
            h("p", {"class": "throw-caption"}, throw_caption),
            dice_row(tr, view.last_throw, fresh)
            if view.last_throw
            else h("div", {"class": "dice empty"}),
        )

    def controls(self, tr: Translator, frame: Frame) -> Child:
        from pygame_core.dice21 import Roll, Stop

        return h(
            "div",
            {"class": "controls"},
            move_button(
                tr,
                frame,
                tr.t("play.roll"),
                Roll(),
                kind="primary big",
                focus="roll",
                autofocus=True,
            ),
            move_button(tr, frame, tr.t("play.stop"), Stop(), focus="stop"),
        )

    def side(self, tr: Translator, frame: Frame) -> Sequence[Child]:
        view = frame.view
        pot = (
            h("p", {"class": "pot"}, tr.t("play.pot", chips=view.pot))
            if view.config.chips
            else None
        )
        return (result_line(tr, frame), pot)

    def coach(self, tr: Translator, frame: Frame) -> Markup | None:
        return dice21_coach(tr, self.advice(frame))

    def standings(self, tr: Translator, frame: Frame) -> Sequence[tuple[int, str]]:
        """Every seat's chips ("14 chips") or rounds won ("3 rounds won"), the best first."""
        result = frame.outcome
        assert result is not None
        order = sorted(range(len(frame.seats)), key=lambda seat: -result.scores[seat])
        key = f"play.standing.{result.score_kind}"
        return [(seat, tr.t(key, n=result.scores[seat])) for seat in order]

    def guide_step(self, frame: Frame) -> str | None:
        return "guide.dice21.roll"

    def guide_sentences(self) -> tuple[str, ...]:
        return (*super().guide_sentences(), "guide.dice21.roll")

    def reason_key(self, decision: Any) -> str:
        key = super().reason_key(decision)
        reason = decision.reason
        if reason.kind in ("stood_too_soon", "stood_right") and reason.get("next_seat") is None:
            key += ".last"
        return key

    def reason_params(self, tr: Translator, decision: Any, names: Sequence[str]) -> dict[str, Any]:
        from web.reviewtext import whole_percent

        p = super().reason_params(tr, decision, names)
        nxt = p.get("next_seat")
        p["next"] = names[nxt] if nxt is not None and nxt < len(names) else ""
        for name in ("stop", "roll", "bust"):
            p[name] = whole_percent(p[name], tr.lang)
        return p

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
    from web.games.base import Figure

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

__all__ = ["UI", "Dice21UI", "dice21_coach", "dice21_sentence", "die_picture"]
