"""The table of Twenty One, the Danish trick game."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pygame_core.twentyone import Discard, OpenExchange, Pass, Play, RefuseExchange, Swap
from web.coach import TwentyOneAdvice, twentyone_advice
from web.eventtext import log_lines
from web.i18n import Translator
from web.markup import Markup, classes, h
from web.reviewtext import exact, margin_text, option_label, whole_percent
from web.screens.cards import card, card_name, cover_screen
from web.screens.common import button, coach_figures
from web.screens.common import coach_panel as coach_panel_markup
from web.screens.play import (
    PlayOptions,
    match_over_panel,
    moment_panel,
    seat_badge,
    stage_section,
    table_layout,
)
from web.screens.tablescene import felt, layout_for
from web.session import GameSession
from web.table import art
from web.table.cards import card_text
from web.table.layout import HandLayout, TableLayout


def subtitle(tr: Translator, view: Any) -> str:
    """ "Deal 3 · target 21"."""
    return tr.t("t21.deal_target", deal=view.round, target=view.target)


def exchange_key(view: Any) -> str:
    """The exchange's state as the table shows it: once the tricks are on, an exchange
    that was open is over."""
    if view.exchange == "open" and view.phase == "play":
        return "t21.exchange.done"
    return f"t21.exchange.{view.exchange}"


def playable_cards(legal: Sequence[Any]) -> set[int]:
    """Cards that take part in some legal play, discard or swap."""
    cards: set[int] = set()
    for action in legal:
        if isinstance(action, Play | Swap):
            cards.update(action.cards)
        elif isinstance(action, Discard):
            cards.add(action.card)
    return cards


def card_reason(tr: Translator, view: Any, legal: Sequence[Any]) -> str:
    """Why a card of the hand cannot be chosen now, in words."""
    if any(isinstance(a, Discard) for a in legal):
        return tr.t("t21.reason.discard_lowest")
    trick = view.trick
    if trick is not None and trick.plays and trick.form == 2:
        return tr.t("t21.reason.pairs")
    if trick is not None and trick.plays:
        return tr.t("t21.reason.too_low")
    return tr.t("t21.reason.not_now")


def hand_picker(
    tr: Translator,
    view: Any,
    legal: Sequence[Any],
    selected: Sequence[int],
    mine: bool,
    layout: HandLayout,
) -> Markup:
    """The viewer's hand as toggle buttons; unplayable cards disabled with the reason."""
    usable = playable_cards(legal) if mine else set()
    reason = card_reason(tr, view, legal)
    buttons = []
    for c in view.hand:
        ok = c in usable
        label = card_name(tr, c)
        buttons.append(
            h(
                "button",
                {
                    "type": "button",
                    "class": classes("card-button n21-hand-card", c in selected and "selected"),
                    "data-action": "toggle-card",
                    "data-card": c,
                    "data-focus": f"card-{c}",
                    "data-key": f"card-{c}",
                    "aria-pressed": "true" if c in selected else "false",
                    "aria-describedby": None if ok or not mine else "card-reason",
                    "disabled": not ok,
                    "title": None if ok or not mine else reason,
                },
                # The name as text (not aria-label): the picture's letters are decoration.
                h("span", {"class": "sr-only"}, label),
                art.card_face(c, tr.lang, layout.card_w),
            )
        )
    return h(
        "section",
        {"class": "my-hand", "aria-labelledby": "hand-title"},
        h("h2", {"id": "hand-title", "class": "panel-title"}, tr.t("t21.your_hand")),
        h(
            "div",
            {"class": f"hand picker n21-hand ov-{layout.overlap if layout.overlap > 0 else 'gap'}"},
            buttons,
        ),
        h("p", {"class": "hint", "id": "card-reason"}, reason)
        if mine and len(usable) < len(view.hand)
        else None,
    )


def move_buttons(
    tr: Translator, legal: Sequence[Any], selected: tuple[int, ...], view: Any
) -> Markup:
    """The moves open to the player now."""
    chosen = tuple(sorted(selected))
    kinds = {type(a) for a in legal}
    items: list[Markup] = []
    if OpenExchange in kinds:
        items.append(
            button(
                tr.t("t21.open_exchange"), "act", kind="primary big", move="open", autofocus=True
            )
        )
        items.append(button(tr.t("t21.refuse_exchange"), "act", kind="big", move="refuse"))
    if Swap in kinds:
        label = tr.t("t21.swap", n=len(chosen)) if chosen else tr.t("t21.keep_hand")
        items.append(
            button(
                label,
                "act",
                kind="primary big",
                move="swap",
                cards=",".join(map(str, chosen)),
                disabled=Swap(chosen) not in legal,
                autofocus=True,
            )
        )
        # The most the rules allow now: the hand's size or the pile's, whichever is less.
        most = max(len(a.cards) for a in legal if isinstance(a, Swap))
        items.append(h("p", {"class": "hint"}, tr.t("t21.swap_limit", n=most)))
    if Play in kinds:
        items.append(
            button(
                tr.t("t21.play"),
                "act",
                kind="primary big",
                move="play",
                cards=",".join(map(str, chosen)),
                disabled=Play(chosen) not in legal,
            )
        )
        items.append(h("p", {"class": "hint"}, tr.t("t21.pick_hint")))
    if Discard in kinds:
        discards = [a.card for a in legal if isinstance(a, Discard)]
        # One lowest card: nothing to choose, so the button needs no pick first.
        card_to_go = chosen[0] if len(chosen) == 1 else (discards[0] if len(discards) == 1 else -1)
        items.append(
            button(
                tr.t("t21.discard"),
                "act",
                kind="primary big",
                move="discard",
                cards=str(card_to_go),
                disabled=Discard(card_to_go) not in legal,
            )
        )
    if Pass in kinds:
        items.append(button(tr.t("t21.pass"), "act", kind="big", move="pass", autofocus=True))
    return h("div", {"class": "controls t21-controls"}, items)


def trick_panel(tr: Translator, session: GameSession, view: Any) -> Markup:
    """The trick on the table (or the last one, between tricks)."""
    trick = view.trick or (view.tricks[-1] if view.tricks else None)
    names = session.names()
    if trick is None:
        return h(
            "section", {"class": "trick empty"}, h("p", {"class": "hint"}, tr.t("t21.no_trick"))
        )
    rows = []
    for play in trick.plays:
        if play.kind == "pass":
            what: Markup | str = tr.t("t21.passed")
        elif play.kind == "discard":
            what = tr.t("t21.discarded", card=card_text(play.cards[0], tr.lang))
        else:
            # unkeyed: the felt draws the trick's cards (keyed, so they fly from the hand)
            what = h("span", {"class": "hand"}, [card(tr, c, keyed=False) for c in play.cards])
        rows.append(
            h(
                "li",
                {
                    "class": classes(
                        "trick-play", play.seat == trick.top_seat and play.kind == "play" and "top"
                    )
                },
                h("span", {"class": "trick-seat"}, names[play.seat]),
                what,
            )
        )
    title = tr.t("t21.trick_single") if trick.form == 1 else tr.t("t21.trick_pair")
    return h(
        "section",
        {"class": "trick", "aria-labelledby": "trick-title"},
        h(
            "h2",
            {"id": "trick-title", "class": "panel-title"},
            title,
            " · ",
            tr.t("t21.best_so_far", name=names[trick.top_seat]),
        ),
        h("ol", {"class": "trick-plays"}, rows),
    )


def reveal_panel(tr: Translator, session: GameSession, view: Any) -> Markup | None:
    """The last cards of the previous deal and what they scored."""
    result = view.last_deal
    if result is None:
        return None
    names = session.names()
    rows = [
        h(
            "li",
            {"class": classes("reveal", result.points[s] and "scored")},
            h("span", None, names[s]),
            card(tr, result.last_cards[s], keyed=False),
            h("span", None, tr.t("t21.points", n=result.points[s])),
        )
        for s in range(len(result.last_cards))
    ]
    return h(
        "section",
        {"class": "panel reveal-panel", "aria-labelledby": "reveal-title"},
        h(
            "h2",
            {"id": "reveal-title", "class": "panel-title"},
            tr.t("t21.reveal_title", deal=result.deal),
        ),
        h("ul", {"class": "reveals"}, rows),
    )


def seat_row(tr: Translator, session: GameSession, view: Any, seat: int) -> Markup:
    """A seat: name, cards in hand, score."""
    figures = [
        (tr.t("t21.cards_in_hand"), str(view.hand_counts[seat])),
        (tr.t("t21.score"), str(view.scores[seat])),
    ]
    roles = []
    if seat == view.dealer:
        roles.append(tr.t("t21.dealer"))
    if seat == view.leader:
        roles.append(tr.t("t21.leader"))
    return h(
        "li",
        {
            "class": classes("seat-line", seat == view.actor and "current"),
            "aria-current": "true" if seat == view.actor else None,
        },
        h("span", {"class": "seat-name"}, session.seats[seat].name),
        seat_badge(tr, session, seat),
        h("span", {"class": "seat-status"}, ", ".join(roles)) if roles else None,
        h(
            "dl",
            {"class": "seat-figures"},
            [h("div", None, h("dt", None, k), h("dd", None, v)) for k, v in figures],
        ),
    )


#: The coach names a move without cards as its button does.
COACH_BUTTONS = {
    OpenExchange: "t21.open_exchange",
    RefuseExchange: "t21.refuse_exchange",
    Pass: "t21.pass",
}


def coach_move(tr: Translator, action: Any) -> str:
    """The coach's move as the start of its sentence, in its button's words: "Play 9♥
    9♠", "Keep my hand", "Open the exchange"."""
    if isinstance(action, Play | Swap):
        if not action.cards:
            return tr.t("t21.keep_hand")
        kind = "play" if isinstance(action, Play) else "swap"
        cards = " ".join(card_text(c, tr.lang) for c in action.cards)
        return tr.t(f"t21.coach.move.{kind}", cards=cards)
    if isinstance(action, Discard):
        return tr.t("t21.coach.move.discard", cards=card_text(action.card, tr.lang))
    return tr.t(COACH_BUTTONS[type(action)])


def coach_sentence(tr: Translator, advice: TwentyOneAdvice) -> str:
    """The suggested move and why, in one sentence: its estimated share of the game won
    against the best other choice (or against the best one, when the estimate cannot
    tell them apart)."""
    move = coach_move(tr, advice.action)
    decision = advice.estimate
    if decision is None:
        return tr.t("t21.coach.why.only", move=move)
    mine = next(o for o in decision.options if o.key == advice.key)
    top = max(decision.options, key=lambda o: o.value)
    if top.value <= mine.value:
        other = max((o for o in decision.options if o is not mine), key=lambda o: o.value)
        kind = "best"
    else:
        other = top
        kind = "close"
    return tr.t(
        f"t21.coach.why.{kind}",
        move=move,
        value=whole_percent(mine.value, tr.lang),
        other=option_label(tr, other.key),
        other_value=whole_percent(other.value, tr.lang),
        margin=whole_percent(decision.margin or 0.0, tr.lang),
    )


def coach_rows(tr: Translator, advice: TwentyOneAdvice) -> list[tuple[str, str, bool]]:
    """Every choice's estimate with its margin, best first."""
    decision = advice.estimate
    if decision is None:
        return []
    rows = []
    for option in sorted(decision.options, key=lambda o: -o.value):
        label = option_label(tr, option.key)
        value = exact(option.value, "match_win", tr.lang)
        shown = f"{value} {margin_text(option.margin, 'match_win', tr.lang)}".strip()
        rows.append((label[:1].upper() + label[1:], shown, option.key == advice.key))
    return rows


def coach_panel(tr: Translator, session: GameSession, view: Any, legal: Sequence[Any]) -> Markup:
    """The expert bot's suggestion for this position (it sees only this view), why, and
    every choice's estimate one tap away."""
    advice = twentyone_advice(view, legal, len(session.state.history))
    assert advice is not None
    note = tr.t("t21.coach.figures_note") if advice.estimate else None
    rows = coach_rows(tr, advice)
    return coach_panel_markup(
        tr, coach_sentence(tr, advice), coach_figures(rows) if rows else None, note
    )


def twentyone_felt(tr: Translator, session: GameSession, view: Any, layout: TableLayout) -> Markup:
    """Every seat's cards face down (the viewer's are in the hand below), the pile, and
    the trick in the middle."""
    trick = view.trick or (view.tricks[-1] if view.tricks else None)
    centre = [(f"card-{c}", c) for play in (trick.plays if trick else ()) for c in play.cards]
    roles = {view.dealer: tr.t("t21.dealer")}
    seats = [
        art.Seat(
            session.seats[s].name,
            cards=() if s == view.viewer else (None,) * min(view.hand_counts[s], 7),
            note=" · ".join(
                x for x in (roles.get(s, ""), tr.t("t21.points", n=view.scores[s])) if x
            ),
            active=s == view.actor,
        )
        for s in range(len(session.seats))
    ]
    return felt(tr, layout, seats, deck=view.pile_count, centre=centre)


def render_twentyone(tr: Translator, session: GameSession, opts: PlayOptions) -> Markup:
    """The Twenty One table, drawn for ``opts.viewer`` (or covered for a hand-off)."""
    spectator = session.view(None)
    if opts.cover is not None:
        return cover_screen(tr, session, opts, opts.cover, subtitle(tr, spectator))
    view = session.view(opts.viewer)
    names = session.names()
    layout = layout_for(session, opts, hand_cards=max(1, len(view.hand)), trick=True)
    mine = (
        opts.viewer is not None
        and view.actor == opts.viewer
        and not session.is_bot_turn()
        and not opts.moment
    )
    legal = session.legal() if mine else ()
    if session.over:
        standings = sorted(
            ((s, str(view.scores[s])) for s in range(len(names))), key=lambda x: -int(x[1])
        )
        stage: Markup = match_over_panel(tr, session, standings)
    else:
        stage = stage_section(
            tr,
            session,
            opts,
            h(
                "p",
                {"class": "deck-info"},
                tr.t(exchange_key(view)),
                " · ",
                tr.t("t21.pile", n=view.pile_count),
            ),
            trick_panel(tr, session, view),
            move_buttons(tr, legal, opts.selected, view) if mine else None,
        )
    if opts.moment and not session.over:
        stage = moment_panel(
            tr, session, opts, frozenset({"trick_won", "deal_revealed", "deal_scored"})
        )
    coach = coach_panel(tr, session, view, legal) if opts.coach and mine else None
    lines = log_lines(session.events, opts.viewer, session.game_id, names, tr)
    return table_layout(
        tr,
        session,
        opts,
        subtitle(tr, spectator),
        "t21-table",
        [stage, coach, reveal_panel(tr, session, view)],
        [seat_row(tr, session, view, s) for s in range(len(names))],
        lines,
        felt=[
            twentyone_felt(tr, session, view, layout),
            hand_picker(tr, view, legal, opts.selected, mine, layout.hand)
            if view.hand and layout.hand
            else None,
        ],
    )
