"""The play screens of the two dice games, 21 and 41."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from pygame_core.dice21 import Roll, Stop
from pygame_core.dice41 import Keep, points_so_far
from web.coach import Dice21Advice, Dice41Advice, dice21_advice, dice41_advice
from web.eventtext import join, log_lines
from web.i18n import Translator, decimal, percent
from web.markup import Markup, classes, h
from web.reviewtext import whole_percent
from web.screens.common import button, coach_figures, coach_panel
from web.screens.play import (
    PlayOptions,
    match_over_panel,
    moment_panel,
    seat_card,
    stage_section,
    table_layout,
)
from web.screens.tablescene import felt, layout_for
from web.session import GameSession
from web.svg import die_face
from web.table import art


def dice_row(tr: Translator, dice: tuple[int, ...], fresh: bool, css: str = "dice") -> Markup:
    """Dice drawn as pictures, with their values as text for screen readers."""
    label = tr.t("dice.showing", values=", ".join(str(d) for d in dice))
    return h(
        "div",
        {"class": classes(css, fresh and "rolled"), "role": "img", "aria-label": label},
        [h("span", {"class": "die"}, die_face(d)) for d in dice],
    )


def _rounds_subtitle(
    tr: Translator, round_no: int, planned: int | None, kind: str = "normal"
) -> str:
    if kind == "deciding":
        return tr.t("play.deciding_round")
    if planned:
        return tr.t("play.round_of", n=round_no, total=planned)
    return tr.t("play.round", n=round_no)


def _human_to_act(session: GameSession) -> bool:
    return session.current is not None and not session.is_bot_turn()


# -- 21 --------------------------------------------------------------------------------


def _dice21_status(tr: Translator, seat: Any) -> str:
    if seat.status == "rolling":
        return tr.t("status.rolling", total=seat.total)
    if seat.status == "stood":
        return tr.t("status.stood", total=seat.total)
    if seat.status == "bust":
        return tr.t("status.bust", total=sum(seat.throws))
    return tr.t(f"status.{seat.status}")


def dice21_result(tr: Translator, session: GameSession, result: Any) -> Markup | None:
    """The last round's result, with its reason."""
    if result is None:
        return None
    names = session.names()
    winners = join([names[s] for s in result.winners], tr)
    text = tr.t(
        f"result.dice21.{result.reason}", names=winners, total=result.total, round=result.round_no
    )
    if result.pot:
        text += " " + tr.t("result.pot", chips=result.pot)
    return h("p", {"class": "result"}, text)


def sentence_percents(lang: str, *chances: Fraction) -> list[str]:
    """Chances for a sentence: whole percentages, or one decimal where two of them would
    otherwise read the same (the sentence must not say 50 % against 50 %)."""
    whole = [whole_percent(c, lang) for c in chances]
    if len(set(whole)) < len(set(chances)):
        return [percent(c, lang) for c in chances]
    return whole


def dice21_sentence(tr: Translator, advice: Dice21Advice) -> str:
    """What to do now and why, in one sentence."""
    lang = tr.lang
    if advice.stop is None:
        return tr.t("coach.d21.first", roll=whole_percent(advice.roll, lang))
    stop, roll, bust = sentence_percents(lang, advice.stop, advice.roll, advice.bust)
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


def render_dice21(tr: Translator, session: GameSession, opts: PlayOptions) -> Markup:
    """The 21 table."""
    view = session.view(None)
    config = view.config
    legal = set(session.legal())
    human = _human_to_act(session)
    subtitle = _rounds_subtitle(tr, view.round, view.rounds_planned, view.round_kind)
    seats = [
        seat_card(
            tr,
            session,
            s.seat,
            _dice21_status(tr, s),
            [(tr.t("figure.total"), str(s.total))]
            + ([(tr.t("figure.chips"), str(s.chips))] if config.chips else [])
            + [(tr.t("figure.rounds_won"), str(s.rounds_won))],
            s.seat == view.actor,
        )
        for s in view.seats
    ]
    if session.over:
        standings = sorted(
            ((s.seat, str(s.chips if config.chips else s.rounds_won)) for s in view.seats),
            key=lambda x: -int(x[1]),
        )
        stage = match_over_panel(tr, session, standings)
    else:
        current = view.seats[view.actor]
        fresh = any(e.kind == "rolled" for e in session.fresh)
        throw_caption = (
            tr.t("play.last_throw", name=session.seats[view.last_throw_seat].name)
            if view.last_throw and view.last_throw_seat is not None
            else tr.t("play.no_throw_yet")
        )
        stage = stage_section(
            tr,
            session,
            opts,
            h(
                "div",
                {"class": "total-box"},
                h(
                    "span",
                    {"class": "total-label"},
                    tr.t("play.total_of", name=session.seats[view.actor].name),
                ),
                h("span", {"class": "total-value"}, str(current.total)),
                h("span", {"class": "total-target"}, tr.t("play.target", target=config.target)),
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
            h(
                "div",
                {"class": "controls"},
                button(
                    tr.t("play.roll"),
                    "act",
                    kind="primary big",
                    focus="roll",
                    disabled=not (human and Roll() in legal),
                    autofocus=human,
                    move="roll",
                ),
                button(
                    tr.t("play.stop"),
                    "act",
                    kind="big",
                    focus="stop",
                    disabled=not (human and Stop() in legal),
                    move="stop",
                ),
            ),
        )
    if opts.moment and not session.over:
        stage = moment_panel(tr, session, opts, frozenset({"round_won", "bust"}))
    pot = h("p", {"class": "pot"}, tr.t("play.pot", chips=view.pot)) if config.chips else None
    # not over a held moment: the coach speaks of the next decision, once it is on screen
    coach = (
        dice21_coach(tr, dice21_advice(view)) if opts.coach and human and not opts.moment else None
    )
    lines = log_lines(session.events, None, session.game_id, session.names(), tr)
    table = felt(
        tr,
        layout_for(session, opts),
        [
            art.Seat(
                session.seats[s.seat].name,
                chips=s.chips if config.chips else None,
                dice=view.last_throw if s.seat == view.last_throw_seat else (),
                note=f"{_dice21_status(tr, s)} · {s.total}",
                active=s.seat == view.actor,
            )
            for s in view.seats
        ],
        pot=view.pot if config.chips else None,
    )
    return table_layout(
        tr,
        session,
        opts,
        subtitle,
        "dice21",
        [stage, dice21_result(tr, session, view.last_result), coach],
        seats,
        lines,
        side_top=pot,
        felt=table,
    )


# -- 41 --------------------------------------------------------------------------------


def _dice41_status(tr: Translator, view: Any, seat: int) -> str:
    status = view.statuses[seat]
    if status == "done":
        return tr.t("status.scored", score=view.scores[seat])
    return tr.t(f"status41.{status}")


def dice41_result(tr: Translator, session: GameSession, result: Any) -> Markup | None:
    """The last round's result, with its reason."""
    if result is None:
        return None
    names = join([session.names()[s] for s in result.seats], tr)
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
    return h(
        "p", {"class": "points-so-far"}, tr.t("play.points_so_far", points=points_so_far(kept))
    )


def seat_note41(tr: Translator, view: Any, seat: int) -> str:
    """A seat's line on the felt: the thrower's running score (short enough for eight
    seats; the tickets it still needs are in the stage), else its status."""
    kept = view.kept[seat]
    if seat != view.actor or not kept:
        return _dice41_status(tr, view, seat)
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


def render_dice41(tr: Translator, session: GameSession, opts: PlayOptions) -> Markup:
    """The 41 table."""
    view = session.view(None)
    human = _human_to_act(session)
    legal = set(session.legal())
    show_coach = opts.coach and human and not session.over and not opts.moment
    advice = dice41_advice(view) if show_coach else None
    subtitle = _rounds_subtitle(tr, view.round, view.rounds if view.match == "rounds" else None)
    seats = [
        seat_card(
            tr,
            session,
            seat,
            _dice41_status(tr, view, seat),
            ([(tr.t("figure.chips"), str(view.chips[seat]))] if view.uses_chips else [])
            + [(tr.t("figure.rounds_won"), str(view.round_wins[seat]))],
            seat == view.actor,
            dice_row(tr, view.kept[seat], False, "dice mini") if view.kept[seat] else None,
        )
        for seat in range(view.players)
    ]
    if session.over:
        standings = [
            (s, str(view.chips[s] if view.uses_chips else view.round_wins[s]))
            for s in view.standings
        ]
        stage = match_over_panel(tr, session, standings)
    else:
        seat = view.actor
        fresh = any(e.kind == "thrown" for e in session.fresh)
        dice_buttons = []
        for index, value in enumerate(view.dice):
            dice_buttons.append(
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
                        "data-move": "keep",
                        "data-value": value,
                        "data-focus": f"die-{index}",
                        "aria-label": tr.t("play.set_aside", value=value),
                        "disabled": not (human and Keep(value) in legal),
                        "data-autofocus": human and index == 0,
                    },
                    die_face(value),
                )
            )
        best = (
            tr.t("play.best_so_far", score=view.best)
            if view.best is not None
            else tr.t("play.no_best_yet")
        )
        stage = stage_section(
            tr,
            session,
            opts,
            h("p", {"class": "throw-caption"}, tr.t("play.throw_of", n=view.throw_no), " ", best),
            h("p", {"class": "hint asks"}, tr.t("play.tap_to_set_aside") if human else ""),
            h(
                "div",
                {"class": "dice dice-choice", "role": "group", "aria-label": tr.t("dice.thrown")},
                dice_buttons,
            ),
            # right under the dice it speaks of: in view beside the felt on a tablet,
            # and after the dice (which come first) in the phone's panel
            dice41_coach(tr, advice),
            h(
                "div",
                {"class": "set-aside"},
                h("h3", {"class": "panel-title"}, tr.t("play.set_aside_title")),
                h(
                    "div",
                    {"class": "kept-row"},
                    dice_row(tr, view.kept[seat], False, "dice kept"),
                    running_score(tr, view.kept[seat]),
                )
                if view.kept[seat]
                else h("p", {"class": "hint"}, tr.t("play.none_yet")),
                tickets(tr, view.has_four[seat], view.has_one[seat]),
            ),
        )
    if opts.moment and not session.over:
        stage = moment_panel(tr, session, opts, frozenset({"round_won", "not_qualified"}))
    pot = h("p", {"class": "pot"}, tr.t("play.pot", chips=view.pot)) if view.uses_chips else None
    lines = log_lines(session.events, None, session.game_id, session.names(), tr)
    table = felt(
        tr,
        layout_for(session, opts),
        [
            art.Seat(
                session.seats[seat].name,
                chips=view.chips[seat] if view.uses_chips else None,
                # the throw lies in front of the thrower, beside what it set aside
                dice=view.kept[seat] + (view.dice if seat == view.actor else ()),
                note=seat_note41(tr, view, seat),
                active=seat == view.actor,
            )
            for seat in range(view.players)
        ],
        pot=view.pot if view.uses_chips else None,
    )
    return table_layout(
        tr,
        session,
        opts,
        subtitle,
        "dice41",
        [stage, dice41_result(tr, session, view.last_result)],
        seats,
        lines,
        side_top=pot,
        felt=table,
    )
