"""The table of the two banker card games, Tjueett and Tjugoett."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pygame_core import Event
from pygame_core.banker import Draw, Stand
from web.coach import BankerAdvice, banker_advice
from web.eventtext import log_lines
from web.i18n import Translator, percent
from web.markup import Markup, classes, h
from web.screens.cards import HIDDEN, card_name, cover_screen, hand
from web.screens.common import button
from web.screens.play import (
    PlayOptions,
    match_over_panel,
    moment_panel,
    seat_badge,
    stage_section,
    table_layout,
)
from web.screens.tablescene import felt, layout_for, own_hand
from web.session import GameSession
from web.table import art

#: Events whose lines are shown on the table as they happen (payouts, the bank moving).
PAYOUT_EVENTS = frozenset(
    {"settled", "bank_broken", "bank_taken", "bank_passed", "reshuffled", "round_over"}
)


def subtitle(tr: Translator, view: Any) -> str:
    """ "Round 3 of 6", with the banker's deal in Tjugoett."""
    text = (
        tr.t("play.round_of", n=view.round, total=view.rounds)
        if view.rounds
        else tr.t("play.round", n=view.round)
    )
    if view.deals_per_bank > 1 and view.phase != "over":
        # bank_deals counts the banker's deals already played; this one is the next.
        deal = min(view.bank_deals + 1, view.deals_per_bank)
        text += " · " + tr.t("banker.deal_of", n=deal, total=view.deals_per_bank)
    return text


def final_figure(tr: Translator, chips: int, score: int, kind: str) -> str:
    """A seat's line at the end: its chips, and what it gained when that decided."""
    if kind == "gain":
        return tr.t("banker.final_gain", chips=chips, gain=f"{score:+d}")
    return str(chips)


def fresh_cards(session: GameSession, seat: int) -> int:
    """How many cards ``seat`` (or the bank, for the banker's seat) just received."""
    return sum(
        1
        for e in session.fresh
        if e.kind in ("dealt", "bank_dealt", "dealt_down") and e.get("seat") == seat
    )


def amount_panel(tr: Translator, view: Any, amount: int, action: str) -> Markup:
    """A bounded stepper for a stake or a bet, with the bounds explained when reached."""
    low, high = view.min_amount, view.max_amount
    amount = min(max(amount, low), high)
    notes = []
    if amount >= high:
        notes.append(tr.t(f"banker.{action}_max", max=high, pot=view.pot))
    if amount <= low:
        notes.append(tr.t(f"banker.{action}_min", min=low))
    return h(
        "div",
        {"class": "stepper", "role": "group", "aria-labelledby": "amount-label"},
        h("span", {"class": "field-label", "id": "amount-label"}, tr.t(f"banker.{action}_label")),
        h(
            "div",
            {"class": "stepper-row"},
            button(
                "−",
                "amount",
                kind="round",
                focus="amount-down",
                disabled=amount <= low,
                title=tr.t("banker.less"),
                delta="-1",
            ),
            h("output", {"class": "amount", "aria-live": "polite", "id": "amount"}, str(amount)),
            button(
                "+",
                "amount",
                kind="round",
                focus="amount-up",
                disabled=amount >= high,
                title=tr.t("banker.more"),
                delta="1",
            ),
        ),
        h("p", {"class": "hint", "id": "amount-note"}, " ".join(notes)) if notes else None,
        button(
            tr.t(f"banker.{action}"),
            "act",
            kind="primary big",
            focus=f"do-{action}",
            move=action,
            amount=amount,
            autofocus=True,
        ),
    )


def actions_panel(tr: Translator, session: GameSession, view: Any, amount: int) -> Markup | None:
    """What the person to act can do now."""
    if session.is_bot_turn() or session.over or view.actor != view.viewer:
        return None
    legal = set(session.legal())
    if view.phase == "stake":
        return amount_panel(tr, view, amount, "stake")
    if view.phase == "bet":
        return amount_panel(tr, view, amount, "bet")
    return h(
        "div",
        {"class": "controls"},
        button(
            tr.t("banker.draw"),
            "act",
            kind="primary big",
            focus="draw",
            move="draw",
            disabled=Draw() not in legal,
            autofocus=True,
        ),
        button(
            tr.t("banker.stand"),
            "act",
            kind="big",
            focus="stand",
            move="stand",
            disabled=Stand() not in legal,
        ),
    )


def coach_panel(tr: Translator, advice: BankerAdvice | None, names: Sequence[str]) -> Markup | None:
    """Counting odds from the cards this seat has not seen."""
    if advice is None:
        return None
    rows = []
    if advice.bust is not None:
        rows.append(
            h(
                "div",
                None,
                h("dt", None, tr.t("coach.bust_next_card")),
                h("dd", None, percent(advice.bust, tr.lang)),
            )
        )
    if advice.bank_reach:
        rows += [
            h(
                "div",
                None,
                h("dt", None, tr.t("coach.bank_reaches", total=t)),
                h("dd", None, percent(p, tr.lang)),
            )
            for t, p in sorted(advice.bank_reach.items())
        ]
    for seat, totals in sorted(advice.player_totals.items()):
        rows += [
            h(
                "div",
                None,
                h("dt", None, tr.t("coach.player_total", name=names[seat], total=t)),
                h("dd", None, percent(p, tr.lang)),
            )
            for t, p in sorted(totals.items())
        ]
    return h(
        "aside",
        {"class": "panel coach", "aria-labelledby": "coach-title"},
        h("h2", {"id": "coach-title", "class": "panel-title"}, tr.t("play.coach")),
        h("dl", {"class": "coach-figures"}, rows),
        h("p", {"class": "coach-tip"}, tr.t("coach.banker_note")),
    )


def seat_row(tr: Translator, session: GameSession, view: Any, seat: int) -> Markup:
    """One seat: name, chips, bet, cards, status and this round's gain."""
    is_banker = seat == view.banker
    cards = view.hands[seat]
    status = tr.t(f"banker.status.{view.status[seat]}")
    reason = view.reasons[seat]
    if reason:
        status += " · " + tr.t(f"banker.reason.{reason}")
    figures = [(tr.t("figure.chips"), str(view.chips[seat]))]
    if view.bets[seat]:
        figures.append((tr.t("figure.bet"), str(view.bets[seat])))
    if view.results[seat]:
        figures.append((tr.t("figure.this_round"), f"{view.results[seat]:+d}"))
    return h(
        "li",
        {
            "class": classes("seat-line", seat == view.actor and "current", is_banker and "banker"),
            "aria-current": "true" if seat == view.actor else None,
        },
        h("span", {"class": "seat-name"}, session.seats[seat].name),
        seat_badge(tr, session, seat)
        or (h("span", {"class": "badge bank"}, tr.t("banker.bank_badge")) if is_banker else None),
        h("span", {"class": "seat-status"}, status),
        hand(
            tr,
            cards,
            tr.t("banker.hand_of", name=session.seats[seat].name),
            fresh_cards(session, seat),
            own_hidden=view.face_down[seat] if seat == view.viewer else 0,
            keyed=False,
        )
        if cards
        else None,
        h(
            "dl",
            {"class": "seat-figures"},
            [h("div", None, h("dt", None, k), h("dd", None, v)) for k, v in figures],
        ),
    )


def seat_cards(view: Any, seat: int) -> tuple[int, ...]:
    """The cards lying in front of ``seat``: the bank's hand at the banker's seat."""
    cards: tuple[int, ...] = view.bank_hand if seat == view.banker else view.hands[seat]
    return cards


def table_seat(tr: Translator, session: GameSession, view: Any, seat: int) -> art.Seat:
    """What the felt shows at ``seat``: chips, cards (face down as the view has them),
    and its status in a few words."""
    status = view.status[seat]
    note = tr.t(f"banker.status.{status}")
    if seat == view.banker and view.bank_hand:
        note = tr.t("banker.bank_total", total=view.bank_total)
    elif view.bets[seat]:
        note = f"{note} · {tr.t('figure.bet')} {view.bets[seat]}"
    mark = {"won": "won", "lost": "bust"}.get(status)
    return art.Seat(
        session.seats[seat].name,
        chips=view.chips[seat],
        cards=tuple(None if c == HIDDEN else c for c in seat_cards(view, seat)),
        note=note,
        active=seat == view.actor,
        mark=mark,
    )


def moment_cards(view: Any, events: Sequence[Event], viewer: int | None) -> list[list[int | None]]:
    """Every seat's cards as the round's events showed them to ``viewer`` (None: face
    down, never shown): the round's end stays on the felt after the next one began.
    The bank's seat keeps its last hand."""
    cards: list[list[int | None]] = [[] for _ in range(view.players)]
    down: list[list[int]] = [[] for _ in range(view.players)]
    bank_done = False
    for e in events:
        if not e.visible_for(viewer):
            continue
        seat = e.get("seat")
        if e.kind == "bank_dealt":
            if bank_done:
                cards[seat], bank_done = [], False
            cards[seat].append(e.get("card"))
        elif e.kind == "dealt":
            cards[seat].append(e.get("card"))
        elif e.kind == "dealt_down":
            down[seat].append(len(cards[seat]))
            cards[seat].append(None)
        elif e.kind == "hidden_card" and down[seat]:
            cards[seat][down[seat][-1]] = e.get("card")
        elif e.kind == "shown":
            for index, card in zip(down[seat], e.get("hand", ()), strict=False):
                cards[seat][index] = card
        elif e.kind == "settled":
            bank_done = True
    return cards


def moment_seats(
    tr: Translator, session: GameSession, view: Any, opts: PlayOptions
) -> list[art.Seat]:
    """The seats at the end of the round: cards as they were shown, each player's result
    against the bank, and everyone's chips now (paid)."""
    cards = moment_cards(view, opts.moment, opts.viewer)
    results: dict[int, Event] = {
        e.get("seat"): e for e in opts.moment if e.kind == "settled" and e.visible_for(opts.viewer)
    }
    banker = next((e.get("banker") for e in opts.moment if e.kind == "round_over"), view.banker)
    seats = []
    for seat in range(view.players):
        result = results.get(seat)
        note, mark = "", None
        if result is not None:
            outcome = result.get("outcome")
            note = f"{tr.t(f'banker.status.{outcome}')} · {result.get('total')}"
            mark = (
                "won" if outcome == "won" else ("bust" if result.get("reason") == "bust" else None)
            )
        elif seat == banker:
            note = tr.t("banker.status.banker")
        seats.append(
            art.Seat(
                session.seats[seat].name,
                chips=view.chips[seat],
                cards=tuple(cards[seat][-8:]),
                note=note,
                mark=mark,
            )
        )
    return seats


def render_banker(tr: Translator, session: GameSession, opts: PlayOptions) -> Markup:
    """The banker table, drawn for ``opts.viewer`` (or covered for a hand-off)."""
    spectator = session.view(None)
    if opts.cover is not None:
        return cover_screen(tr, session, opts, opts.cover, subtitle(tr, spectator))
    view = session.view(opts.viewer)
    names = session.names()
    payouts = [] if opts.moment else [e for e in session.fresh if e.kind in PAYOUT_EVENTS]
    payout_lines = log_lines(payouts, opts.viewer, session.game_id, names, tr)
    result = session.game.outcome(session.state)
    if result is not None:
        # Ranked by what decided the match: chips, or (fixed bank) chips gained.
        order = sorted(range(view.players), key=lambda seat: -result.scores[seat])
        standings = [
            (seat, final_figure(tr, view.chips[seat], result.scores[seat], result.score_kind))
            for seat in order
        ]
        stage: Markup = match_over_panel(tr, session, standings)
    else:
        bank_name = names[view.banker]
        stage = stage_section(
            tr,
            session,
            opts,
            h(
                "div",
                {"class": "bank"},
                h("p", {"class": "bank-title"}, tr.t("banker.bank_of", name=bank_name)),
                h("p", {"class": "bank-total"}, tr.t("banker.bank_total", total=view.bank_total))
                if view.bank_hand
                else None,
            ),
            h("p", {"class": "own-total"}, tr.t("banker.your_total", total=view.own_total))
            if view.own_total is not None and view.viewer != view.banker
            else None,
            actions_panel(tr, session, view, opts.amount),
        )
    coach = coach_panel(tr, banker_advice(view), names) if opts.coach else None
    lines = log_lines(session.events, opts.viewer, session.game_id, names, tr)
    own = seat_cards(view, view.viewer) if view.viewer is not None else ()
    mine = tuple(c for c in own if c != HIDDEN)
    if opts.moment:
        mine = ()  # the moment shows the round that ended, not the next one's hand
        seats = moment_seats(tr, session, view, opts)
        stage = moment_panel(tr, session, opts, PAYOUT_EVENTS)
    else:
        seats = [table_seat(tr, session, view, s) for s in range(view.players)]
    layout = layout_for(session, opts, hand_cards=len(mine))
    table = [
        felt(
            tr,
            layout,
            seats,
            pot=view.pot,
            deck=view.deck_size,
            discard=view.discard[-1] if view.discard else None,
        ),
        own_hand(tr, layout, mine, [card_name(tr, c) for c in mine]),
    ]
    return table_layout(
        tr,
        session,
        opts,
        subtitle(tr, spectator),
        "banker-table",
        [
            stage,  # first: what to do now stays in view above the payouts
            h(
                "ul",
                {"class": "payouts", "aria-label": tr.t("banker.payouts")},
                [h("li", None, line) for line in payout_lines],
            )
            if payout_lines
            else None,
            coach,
        ],
        [seat_row(tr, session, view, s) for s in range(view.players)],
        lines,
        felt=table,
    )
