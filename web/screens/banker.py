"""The table of the two banker card games, Tjueett and Tjugoett."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pygame_core import Event
from pygame_core.banker import TARGET, Draw, Stand
from pygame_core.banker.table import facing_seats
from web.coach import BankerAdvice, banker_advice
from web.eventtext import log_lines
from web.i18n import Translator, percent
from web.markup import Markup, classes, h
from web.screens import common
from web.screens.cards import HIDDEN, card_name, cover_screen, hand
from web.screens.common import button
from web.screens.play import (
    PlayOptions,
    match_over_panel,
    moment_frame,
    moment_lines,
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


def subtitle(tr: Translator, view: Any, moment: Sequence[Event] = ()) -> str:
    """ "Round 3 of 6", with the banker's deal in Tjugoett. While a round's end is held
    on the table (``moment``), the round that ended, not the one the state is in."""
    number, deal = view.round, view.bank_deals + 1
    if moment:
        # the match's first round started before the log did: its deal is the first
        deal = 1
    for e in moment:
        if e.kind == "round_started":
            deal = e.get("deal")
        elif e.kind == "round_over":
            number = e.get("round")
    text = (
        tr.t("play.round_of", n=number, total=view.rounds)
        if view.rounds
        else tr.t("play.round", n=number)
    )
    if view.deals_per_bank > 1 and (view.phase != "over" or moment):
        # bank_deals counts the banker's deals already played; this one is the next.
        deal = min(deal, view.deals_per_bank)
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


def advice_sentence(tr: Translator, advice: BankerAdvice, names: Sequence[str]) -> str:
    """What to do and why, in one sentence ("Stand: one more card takes you over 21
    62 % of the time.")."""
    lang = tr.lang
    if advice.best in ("bet_more", "bet_least"):
        return tr.t(f"coach.banker_{advice.best}")
    bust = advice.bust
    chance = percent(bust, lang) if bust is not None else ""
    total = advice.total
    if advice.beats:
        # the banker: the hand most likely to beat the bank's total now
        seat = max(sorted(advice.beats), key=lambda s: advice.beats[s])
        said = {
            "name": names[seat],
            "total": total,
            "beat": percent(advice.beats[seat], lang),
            "least": advice.least,
        }
        if advice.best == "stand" and bust:
            return tr.t("coach.banker_stand_bust", chance=chance)
        key = "bank_draw" if advice.best == "draw" else "bank_stand"
        return tr.t(f"coach.banker_{key}" + ("" if advice.least else "_plain"), **said)
    reach = advice.bank_reach.get(total) if total is not None else None
    if advice.best == "stand":
        if total == TARGET:
            return tr.t("coach.banker_stand_21")
        if bust or reach is None:
            return tr.t("coach.banker_stand_bust", chance=chance)
        return tr.t("coach.banker_stand_reach", total=total, reach=percent(reach, lang))
    if not bust:
        return tr.t("coach.banker_draw_safe")
    if reach is None:
        return tr.t("coach.banker_draw_low", chance=chance)
    return tr.t("coach.banker_draw_reach", total=total, reach=percent(reach, lang), chance=chance)


def coach_panel(tr: Translator, advice: BankerAdvice | None, names: Sequence[str]) -> Markup | None:
    """What to do and why in a sentence, then the exact counting odds a tap away."""
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
                {"class": "best" if t == advice.total else None},
                h("dt", None, tr.t("coach.bank_reaches", total=t)),
                h("dd", None, percent(p, tr.lang)),
            )
            for t, p in sorted(advice.bank_reach.items())
        ]
    beats_key = "coach.banker_beats" + ("" if advice.least else "_plain")
    for seat, beat in sorted(advice.beats.items()):
        rows.append(
            h(
                "div",
                {"class": "best"},
                h(
                    "dt",
                    None,
                    tr.t(beats_key, name=names[seat], total=advice.total, least=advice.least),
                ),
                h("dd", None, percent(beat, tr.lang)),
            )
        )
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
    return common.coach_panel(
        tr,
        advice_sentence(tr, advice, names),
        h("dl", {"class": "coach-figures"}, rows),
        tr.t("coach.banker_note"),
    )


def hand_in_words(tr: Translator, view: Any, seat: int, names: Sequence[str]) -> str:
    """A hand the bank meets, as the table sees it: its face-up total and how many
    cards lie face down (never the face-down cards, nor a total they are part of)."""
    down = view.face_down[seat]
    if len(view.hands[seat]) > down:
        return tr.t("banker.need_hand_up", name=names[seat], visible=view.visible_totals[seat])
    return tr.t("banker.need_hand_down", name=names[seat], n=down)


def need_text(tr: Translator, view: Any, names: Sequence[str]) -> str | None:
    """The plain words beside the totals: what the bank needs against the viewer's own
    standing hand (the viewer knows its total), or, while the bank draws, what it has
    and which hands it meets as far as the table can see them."""
    viewer = view.viewer
    if viewer is not None and viewer != view.banker and view.status[viewer] == "stood":
        total = view.own_total
        if total is None:
            return None
        if total >= TARGET:
            return tr.t("banker.need_you_21")
        return tr.t("banker.need_you", total=total)
    if view.phase != "bank" or not view.bank_hand:
        return None
    seats = facing_seats(view)
    hands = ", ".join(hand_in_words(tr, view, s, names) for s in seats)
    if viewer == view.banker:
        return tr.t("banker.need_bank", total=view.bank_total, hands=hands)
    return tr.t("banker.need_other", total=view.bank_total, hands=hands)


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
        note = f"{tr.t('banker.bank_badge')} {view.bank_total}"  # short: fits a phone's plate
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


#: Settlements where the bank's hand met the player's (the others need no bank hand).
AGAINST_BANK = frozenset({"bank_bust", "higher", "lower", "tie"})


@dataclass(frozen=True)
class Duel:
    """One hand settled in a round, as the round's events showed it to the viewer: the
    player's cards (None: face down, never shown), the bank's hand it met (empty when
    the bank played no hand against it: a bust, a 21 paid at once, a refund), the
    result and the chips it moved."""

    seat: int
    cards: tuple[int | None, ...]
    bank: tuple[int, ...]
    outcome: str
    reason: str
    bet: int
    paid: int
    total: int
    bank_total: int


def round_duels(events: Sequence[Event], viewer: int | None) -> list[Duel]:
    """Every hand settled in the round of ``events``, in the order it was settled, each
    with the bank hand it met (Tjueett's duels and Tjugoett's fresh hands each have
    their own; a shared bank hand belongs to every hand it met). Only events ``viewer``
    may see are read: the core's own visibility."""
    cards: dict[int, list[int | None]] = {}
    down: dict[int, list[int]] = {}
    bank: list[int] = []
    bank_done = False
    duels: list[Duel] = []
    for e in events:
        if not e.visible_for(viewer):
            continue
        seat = e.get("seat")
        if e.kind == "round_started":
            cards, down, bank, bank_done = {}, {}, [], False
        elif e.kind == "bank_dealt":
            if bank_done:
                bank, bank_done = [], False
            bank.append(e.get("card"))
        elif e.kind == "dealt":
            cards.setdefault(seat, []).append(e.get("card"))
        elif e.kind == "dealt_down":
            down.setdefault(seat, []).append(len(cards.get(seat, [])))
            cards.setdefault(seat, []).append(None)
        elif e.kind == "hidden_card" and down.get(seat):
            cards[seat][down[seat][-1]] = e.get("card")
        elif e.kind == "shown":
            for index, card in zip(down.get(seat, []), e.get("hand", ()), strict=False):
                cards[seat][index] = card
        elif e.kind == "settled":
            against = e.get("reason") in AGAINST_BANK
            bank_done = bank_done or against
            duels.append(
                Duel(
                    seat,
                    tuple(cards.get(seat, ())),
                    tuple(bank) if against else (),
                    e.get("outcome"),
                    e.get("reason"),
                    e.get("bet"),
                    e.get("paid"),
                    e.get("total"),
                    e.get("bank_total"),
                )
            )
    return duels


def duel_chips(duel: Duel) -> int:
    """The chips a settlement moved, seen from the player: won, lost, or none back."""
    if duel.outcome == "won":
        return duel.paid
    if duel.outcome == "lost":
        return -duel.bet
    return 0


def duel_text(tr: Translator, duel: Duel, names: Sequence[str]) -> str:
    """ "Bo wins 2 · higher than the bank": who won what, and why."""
    name = names[duel.seat]
    if duel.outcome == "won":
        head = tr.t("banker.duel_won", name=name, chips=duel.paid)
    elif duel.outcome == "lost":
        head = tr.t("banker.duel_lost", name=name, chips=duel.bet)
    else:
        head = tr.t("banker.duel_refunded", name=name, chips=duel.bet)
    return f"{head} · {tr.t(f'banker.reason.{duel.reason}')}"


#: A card's width in the list of the round's hands (the felt shows them larger).
DUEL_CARD_W = 30


def duel_hand(tr: Translator, cards: Sequence[int | None], label: str, total: int) -> Markup:
    """A settled hand in the moment's list: small cards with their names, its total."""
    items = [
        h(
            "span",
            {"class": "card", "role": "img", "aria-label": tr.t("card.face_down")},
            art.card_back(DUEL_CARD_W),
        )
        if c is None
        else h(
            "span",
            {"class": "card", "role": "img", "aria-label": card_name(tr, c)},
            art.card_face(c, tr.lang, DUEL_CARD_W),
        )
        for c in cards
    ]
    return h(
        "span",
        {"class": "duel-hand"},
        h("span", {"class": "hand", "role": "group", "aria-label": label}, items),
        h("span", {"class": "duel-total"}, str(total)),
    )


def duels_list(tr: Translator, duels: Sequence[Duel], names: Sequence[str]) -> Markup | None:
    """The round's settled hands: each player's cards beside the bank hand it met, who
    won what and the chips it moved."""
    if not duels:
        return None
    rows = []
    for duel in duels:
        name = names[duel.seat]
        hands = [duel_hand(tr, duel.cards, tr.t("banker.hand_of", name=name), duel.total)]
        if duel.bank:
            hands.append(h("span", {"class": "duel-against"}, tr.t("banker.duel_against")))
            hands.append(duel_hand(tr, duel.bank, tr.t("banker.bank_cards"), duel.bank_total))
        rows.append(
            h(
                "li",
                {
                    "class": classes("duel", duel.outcome),
                    "data-seat": duel.seat,
                    "data-reason": duel.reason,
                },
                h("p", {"class": "duel-result"}, duel_text(tr, duel, names)),
                h("div", {"class": "duel-hands"}, hands),
            )
        )
    return h("ul", {"class": "revealed-hands duels", "aria-label": tr.t("banker.duels")}, rows)


def moment_seats(
    tr: Translator, session: GameSession, view: Any, opts: PlayOptions
) -> list[art.Seat]:
    """The seats at the end of the round: cards as they were shown, each player's result
    against the bank with the chips it moved, and everyone's chips now (paid)."""
    cards = moment_cards(view, opts.moment, opts.viewer)
    duels = {d.seat: d for d in round_duels(opts.moment, opts.viewer)}
    ended = next((e for e in opts.moment if e.kind == "round_over"), None)
    banker = ended.get("banker") if ended is not None else view.banker
    results = ended.get("results") if ended is not None else ()
    seats = []
    for seat in range(view.players):
        duel = duels.get(seat)
        note, mark = "", None
        if duel is not None:
            note = f"{tr.t(f'banker.status.{duel.outcome}')} {duel_chips(duel):+d} · {duel.total}"
            mark = "won" if duel.outcome == "won" else ("bust" if duel.reason == "bust" else None)
        elif seat == banker:
            # short: a phone's seat plate holds a few words
            note = tr.t("banker.bank_badge")
            if seat < len(results):
                note += f" {results[seat]:+d}"
        elif cards[seat]:
            # thrown in when the bank broke before this seat bet: shown, not played
            note = tr.t("banker.status.void")
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


def round_moment_panel(tr: Translator, session: GameSession, opts: PlayOptions) -> Markup:
    """The round's end held on the table: what it came to, Continue, then every hand
    settled in it (with the bank hand it met) and the bank's moves."""
    names = session.names()
    ended = next((e for e in opts.moment if e.kind == "round_over"), None)
    banker = ended.get("banker") if ended is not None else session.view(None).banker
    results = ended.get("results") if ended is not None else ()
    duels = round_duels(opts.moment, opts.viewer)
    # the title says the round is over; the hands below say who won what
    others = [e for e in opts.moment if e.kind in PAYOUT_EVENTS - {"settled", "round_over"}]
    lines = log_lines(others, opts.viewer, session.game_id, names, tr)
    if banker < len(results):
        lines.append(tr.t("banker.duel_bank", name=names[banker], chips=f"{results[banker]:+d}"))
    return moment_frame(tr, session, opts, duels_list(tr, duels, names), moment_lines(lines))


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
        need = need_text(tr, view, names)
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
            h("p", {"class": "bank-need"}, need) if need else None,
            actions_panel(tr, session, view, opts.amount),
        )
    coach = coach_panel(tr, banker_advice(view), names) if opts.coach else None
    lines = log_lines(session.events, opts.viewer, session.game_id, names, tr)
    own = seat_cards(view, view.viewer) if view.viewer is not None else ()
    mine = tuple(c for c in own if c != HIDDEN)
    if opts.moment:
        mine = ()  # the moment shows the round that ended, not the next one's hand
        seats = moment_seats(tr, session, view, opts)
        stage = round_moment_panel(tr, session, opts)
    else:
        seats = [table_seat(tr, session, view, s) for s in range(view.players)]
    layout = layout_for(session, opts, hand_cards=len(mine))
    # The view holds the discard pile as a set: show one of its cards that is not also
    # lying at a seat (a held round's cards are already in it).
    lying = {c for info in seats for c in info.cards}
    top = next((c for c in reversed(view.discard) if c not in lying), None)
    table = [
        felt(tr, layout, seats, pot=view.pot, deck=view.deck_size, discard=top),
        own_hand(tr, layout, mine, [card_name(tr, c) for c in mine]),
    ]
    return table_layout(
        tr,
        session,
        opts,
        subtitle(tr, spectator, opts.moment),
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
