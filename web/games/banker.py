"""What the UIs of the two banker games share (Tjueett and Tjugoett): the stake and bet
stepper, the face-down card, the bank's hand, and the round's duels at its end."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any, ClassVar

from pygame_core.cards import make_card
from web.games.base import GameUI, move_button
from web.i18n import percent
from web.markup import Child, Markup, classes, h
from web.screens import common
from web.screens.cards import HIDDEN, card_name, hand
from web.screens.common import button
from web.screens.play import SeatLine, moment_lines
from web.screens.tablescene import Picture
from web.table import art

if TYPE_CHECKING:
    from pygame_core.banker.advice import BankerAdvice
    from pygame_core.banker.table import Duel
    from web.frame import Frame
    from web.games.base import Figure
    from web.i18n import Translator
    from web.seats import Seat

#: The example hands of the banker games' bust figures: (total, cards as named in
#: :func:`pygame_core.cards.parse_card`). No aces, so each total is unambiguous.
BANKER_HANDS: tuple[tuple[int, tuple[str, ...]], ...] = (
    (14, ("9S", "5H")),
    (16, ("10S", "6H")),
    (18, ("10S", "8H")),
)
#: Events whose lines are shown on the table as they happen (payouts, the bank moving).
PAYOUT_EVENTS = frozenset(
    {"settled", "bank_broken", "bank_taken", "bank_passed", "reshuffled", "round_over"}
)
#: A card's width in the list of the round's hands (the felt shows them larger).
DUEL_CARD_W = 30


def final_figure(tr: Translator, chips: int, score: int, kind: str) -> str:
    """A seat's line at the end: its chips ("13 chips"), and what it gained when that
    decided ("13 chips (+3)")."""
    if kind == "gain":
        return tr.t("banker.final_gain", chips=chips, gain=f"{score:+d}")
    return tr.t("play.standing.chips", n=chips)


def fresh_cards(frame: Frame, seat: int) -> int:
    """How many cards ``seat`` (or the bank, for the banker's seat) just received."""
    return sum(
        1
        for e in frame.fresh
        if e.kind in ("dealt", "bank_dealt", "dealt_down") and e.get("seat") == seat
    )


def amount_panel(tr: Translator, frame: Frame, action: str) -> Markup:
    """A bounded stepper for a stake or a bet, with the bounds explained when reached."""
    from pygame_core.banker import Bet, Stake

    view = frame.view
    low, high = view.min_amount, view.max_amount
    amount = min(max(frame.display.amount, low), high)
    notes = []
    if amount >= high:
        notes.append(tr.t(f"banker.{action}_max", max=high, pot=view.pot))
    if amount <= low:
        notes.append(tr.t(f"banker.{action}_min", min=low))
    move = Stake(amount) if action == "stake" else Bet(amount)
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
        move_button(
            tr,
            frame,
            tr.t(f"banker.{action}"),
            move,
            kind="primary big",
            focus=f"do-{action}",
            autofocus=True,
        ),
    )


def advice_sentence(tr: Translator, advice: BankerAdvice, names: Sequence[str]) -> str:
    """What to do and why, in one sentence ("Stand: one more card takes you over 21
    62 % of the time.")."""
    from fractions import Fraction

    from pygame_core.banker import TARGET

    lang = tr.lang
    if advice.best == "stake":
        return tr.t("coach.banker_stake", stake=advice.stake)
    if advice.best in ("bet_more", "bet_least"):
        return tr.t(f"coach.banker_{advice.best}")
    bust = advice.bust
    chance = percent(bust, lang) if bust is not None else ""
    total = advice.total

    def only(value: Fraction | None) -> str:
        # "only 12 %", but never "only 57 %": more than half is not little
        return tr.t("coach.only") if value is not None and value < Fraction(1, 2) else ""

    if advice.beats:
        # the banker: the hand most likely to beat the bank's total now
        seat = max(sorted(advice.beats), key=lambda s: advice.beats[s])
        said = {
            "name": names[seat],
            "total": total,
            "beat": percent(advice.beats[seat], lang),
            "least": advice.least,
            "only": only(advice.beats[seat]),
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
        return tr.t(
            "coach.banker_stand_reach", total=total, reach=percent(reach, lang), only=only(reach)
        )
    if not bust:
        return tr.t("coach.banker_draw_safe")
    if reach is None:
        return tr.t("coach.banker_draw_low", chance=chance, only=only(bust))
    return tr.t(
        "coach.banker_draw_reach",
        total=total,
        reach=percent(reach, lang),
        chance=chance,
        only=only(bust),
    )


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
    from pygame_core.banker import TARGET
    from pygame_core.banker.table import facing_seats

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


def bank_cards(view: Any) -> tuple[int, ...]:
    """The cards in front of the bank: its hand in play, or at a round's end (and the
    match's) the last hand it played (already thrown in with the round's used cards)."""
    if view.bank_hand or view.phase not in ("round_over", "over"):
        return tuple(view.bank_hand)
    met = [d.bank for d in view.duels if d.bank]
    return met[-1] if met else ()


def met_by_bank(view: Any) -> list[int]:
    """At a duel's end: the seats the bank's hand was just settled against."""
    return [d.seat for d in view.duels if d.bank and d.bank == tuple(view.bank_hand)]


def seat_status(view: Any, seat: int) -> str:
    """The seat's state in one word (a ``banker.status.*``/``banker.note.*`` key): the
    core's, except that the player choosing their bet now is ``betting``, never
    ``waiting`` (the core's word for a player still to bet, on their turn too)."""
    status = str(view.status[seat])
    if status == "waiting" and seat == view.actor and view.phase == "bet":
        return "betting"
    return status


def seat_cards(view: Any, seat: int) -> tuple[int, ...]:
    """The cards lying in front of ``seat``: the bank's at the banker's seat."""
    cards: tuple[int, ...] = bank_cards(view) if seat == view.banker else view.hands[seat]
    return cards


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


def duel_hand(tr: Translator, cards: Sequence[int], label: str, total: int) -> Markup:
    """A settled hand in the moment's list: small cards with their names, its total."""
    items = [
        h(
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


def duels_list(
    tr: Translator, duels: Sequence[Duel], names: Sequence[str], said: bool = True
) -> Markup | None:
    """The round's settled hands: each player's cards beside the bank hand it met, who
    won what and the chips it moved (not with ``said=False``: a title above says it)."""
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
                h("p", {"class": "duel-result"}, duel_text(tr, duel, names)) if said else None,
                h("div", {"class": "duel-hands"}, hands),
            )
        )
    return h("ul", {"class": "revealed-hands duels", "aria-label": tr.t("banker.duels")}, rows)


class BankerUI(GameUI):
    """A banker game: stake and bet stepper, a face-down card, the bank's hand."""

    css: ClassVar[str] = "banker-table"
    review_family: ClassVar[str] = "banker"
    reason_kinds: ClassVar[tuple[str, ...]] = (
        "stood_right",
        "stood_too_soon",
        "drew_right",
        "drew_too_far",
        "bet_right",
        "bet_too_much",
        "bet_too_little",
        "stake",
    )
    moment_titles: ClassVar[frozenset[str]] = frozenset({"round_over"})
    #: Seat 0 holds the bank first (and keeps it with a fixed bank): a bot does.
    person_seat: ClassVar[int] = 1

    @property
    def text_families(self) -> tuple[str, ...]:
        """Its own texts, then the texts both banker games share."""
        return (self.id, "banker")

    def tile_art(self, lang: str) -> Markup:
        # number cards only: the tile is the same in every language (no corner letters)
        return h(
            "span",
            {"class": "tile-pair"},
            art.card_back(56, "tile-svg"),
            art.card_face(make_card(10, 1), lang, 56, "tile-svg"),
        )

    def subtitle(self, tr: Translator, frame: Frame) -> str:
        """ "Round 3 of 6", with the banker's deal in Tjugoett (a held round's end is
        drawn from its own state: the round that ended)."""
        view = frame.view
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

    def picture(self, tr: Translator, frame: Frame) -> Picture:
        view = frame.view
        # a round's or duel's end, or the match's: the hands as they were settled
        held = view.phase in ("round_over", "duel_over", "over")
        seats = [self.felt_seat(tr, frame, seat, held) for seat in range(view.players)]
        # the own hand stays under the felt at a round's end too, so the table keeps still
        own = seat_cards(view, view.viewer) if view.viewer is not None else ()
        # The view holds the discard pile as a set: show one of its cards that is not
        # also lying at a seat.
        lying = {c for info in seats for c in info.cards}
        top = next((c for c in reversed(view.discard) if c not in lying), None)
        return Picture(
            seats,
            pot=view.pot,
            deck=view.deck_size,
            discard=top,
            # the card alone says nothing: it is the top of the used cards, out of play
            discard_caption=tr.t("banker.discard_pile") if top is not None else "",
            discard_said=tr.t("banker.discard_top", card=card_name(tr, top))
            if top is not None
            else "",
            hand=tuple(c for c in own if c != HIDDEN),
        )

    def felt_seat(self, tr: Translator, frame: Frame, seat: int, held: bool) -> art.Seat:
        """What the felt shows at ``seat``: chips, cards (face down as the view has
        them), and its state in a few words: at a round's end, each player's result
        against the bank with the chips it moved, and the bank's gain."""
        view = frame.view
        status = seat_status(view, seat)
        duel = next((d for d in view.duels if d.seat == seat), None) if held else None
        # short: a phone's seat plate holds a few words
        note = tr.t(f"banker.note.{status}", bet=view.bets[seat])
        mark = {"won": "won", "lost": "bust"}.get(status)
        if duel is not None:
            note = f"{tr.t(f'banker.status.{duel.outcome}')} {duel.chips:+d} · {duel.total}"
            mark = "won" if duel.outcome == "won" else ("bust" if duel.reason == "bust" else None)
        elif seat == view.banker and held:
            note = f"{tr.t('banker.bank_badge')} {view.results[seat]:+d}"
        elif seat == view.banker and view.bank_hand:
            note = f"{tr.t('banker.bank_badge')} {view.bank_total}"
        return art.Seat(
            frame.names[seat],
            chips=view.chips[seat],
            cards=tuple(None if c == HIDDEN else c for c in seat_cards(view, seat)[-8:]),
            note=note,
            active=seat == view.actor,
            mark=mark,
        )

    def seat_line(self, tr: Translator, frame: Frame, seat: int) -> SeatLine:
        view = frame.view
        status = tr.t(f"banker.status.{seat_status(view, seat)}")
        reason = view.reasons[seat]
        if reason:
            status += " · " + tr.t(f"banker.reason.{reason}")
        figures = [(tr.t("figure.chips"), str(view.chips[seat]))]
        if view.bets[seat]:
            figures.append((tr.t("figure.bet"), str(view.bets[seat])))
        if view.results[seat]:
            figures.append((tr.t("figure.this_round"), f"{view.results[seat]:+d}"))
        cards = view.hands[seat]
        name = frame.names[seat]
        return SeatLine(
            status,
            figures,
            extra=hand(
                tr,
                cards,
                tr.t("banker.hand_of", name=name),
                fresh_cards(frame, seat),
                own_hidden=view.face_down[seat] if seat == view.viewer else 0,
                keyed=False,
            )
            if cards
            else None,
            badge=tr.t("banker.bank_badge") if seat == view.banker else None,
            css="banker" if seat == view.banker else "",
        )

    def stage(self, tr: Translator, frame: Frame) -> Sequence[Child]:
        view = frame.view
        need = need_text(tr, view, frame.names)
        return (
            h(
                "div",
                {"class": "bank"},
                h(
                    "p",
                    {"class": "bank-title"},
                    tr.t("banker.bank_of", name=frame.names[view.banker]),
                ),
                h("p", {"class": "bank-total"}, tr.t("banker.bank_total", total=view.bank_total))
                if view.bank_hand
                else None,
            ),
            h("p", {"class": "own-total"}, tr.t("banker.your_total", total=view.own_total))
            if view.own_total is not None and view.viewer != view.banker
            else None,
            h("p", {"class": "bank-need"}, need) if need else None,
        )

    def controls(self, tr: Translator, frame: Frame) -> Child:
        from pygame_core.banker import TARGET, Draw, Stand

        view = frame.view
        if not frame.asks or view.actor != view.viewer:
            return None
        if view.phase in ("stake", "bet"):
            return amount_panel(tr, frame, view.phase)
        # on 21 the gold button is Stand: one more card can only spoil it
        on_21 = view.own_total == TARGET and view.viewer != view.banker
        return h(
            "div",
            {"class": "controls"},
            move_button(
                tr,
                frame,
                tr.t("banker.draw"),
                Draw(),
                kind="big" if on_21 else "primary big",
                focus="draw",
                autofocus=not on_21,
            ),
            move_button(
                tr,
                frame,
                tr.t("banker.stand"),
                Stand(),
                kind="primary big" if on_21 else "big",
                focus="stand",
                autofocus=on_21,
            ),
        )

    def side(self, tr: Translator, frame: Frame) -> Sequence[Child]:
        if frame.moment is not None:
            return ()
        payouts = [e for e in frame.fresh if e.kind in PAYOUT_EVENTS]
        lines = self.words(tr, frame, payouts)
        return (
            h(
                "ul",
                {"class": "payouts", "aria-label": tr.t("banker.payouts")},
                [h("li", None, line) for line in lines],
            )
            if lines
            else None,
        )

    def coach(self, tr: Translator, frame: Frame) -> Markup | None:
        return coach_panel(tr, self.advice(frame), frame.names)

    def moment_title(self, tr: Translator, frame: Frame) -> str:
        """A duel's end: who won what against the bank; a round's end: its own line."""
        assert frame.moment is not None
        if frame.moment.kind != "duel":
            return super().moment_title(tr, frame)
        view = frame.view
        met = [d for d in view.duels if d.seat in met_by_bank(view)]
        return "; ".join(duel_text(tr, d, frame.names) for d in met)

    def moment_body(self, tr: Translator, frame: Frame) -> Sequence[Child]:
        """Every hand settled in the round with the bank hand it met, then the bank's
        moves and what the bank came to (a duel's end: the hands the bank just met)."""
        assert frame.moment is not None
        view = frame.view
        if frame.moment.kind == "duel":
            met = [d for d in view.duels if d.seat in met_by_bank(view)]
            # one hand met: the title says its result, the hands are shown under it
            return (duels_list(tr, met, frame.names, said=len(met) > 1),)
        others = [
            e for e in frame.moment.events if e.kind in PAYOUT_EVENTS - {"settled", "round_over"}
        ]
        lines = self.words(tr, frame, others)
        banker = view.banker
        lines.append(
            tr.t("banker.duel_bank", name=frame.names[banker], chips=f"{view.results[banker]:+d}")
        )
        return (duels_list(tr, view.duels, frame.names), moment_lines(lines))

    def moments(self, pauses: Sequence[Any]) -> list[Any]:
        """A duel's end directly followed by the round's end is shown as the round's end
        (it lists every duel)."""
        return [
            p
            for i, p in enumerate(pauses)
            if not (p.kind == "duel" and i + 1 < len(pauses) and pauses[i + 1].kind == "round")
        ]

    def moment_waits(self, kind: str, view: Any, seats: Sequence[Seat]) -> bool:
        """A round's end waits for Continue, and so does a duel's end where a person
        played against the bank (they see their result before the device is handed
        on); a duel of a bot against the bank stays a moment."""
        if kind != "duel":
            return True
        return any(not seats[seat].is_bot for seat in met_by_bank(view))

    def standings(self, tr: Translator, frame: Frame) -> Sequence[tuple[int, str]]:
        result = frame.outcome
        assert result is not None
        view = frame.view
        # Ranked by what decided the match: chips, or (fixed bank) chips gained.
        order = sorted(range(view.players), key=lambda seat: -result.scores[seat])
        return [
            (seat, final_figure(tr, view.chips[seat], result.scores[seat], result.score_kind))
            for seat in order
        ]

    def figures(self) -> Mapping[str, Figure]:
        return _figures()

    def guide_step(self, frame: Frame) -> str | None:
        phase = frame.view.phase
        if phase in ("stake", "bet"):
            return f"guide.banker.{phase}"
        return "guide.banker.play"

    def guide_sentences(self) -> tuple[str, ...]:
        steps = ("guide.banker.stake", "guide.banker.bet", "guide.banker.play")
        return (*super().guide_sentences(), *steps, "guide.moment.duel")

    def amount_range(self, view: Any) -> tuple[int, int]:
        return (view.min_amount, view.max_amount)

    def amount_default(self, view: Any) -> int:
        """A stake starts at what the expert stakes (a quarter of the bank's chips);
        a bet at the smallest."""
        if view.phase == "stake":
            from pygame_core.banker.advice import suggested_stake

            return suggested_stake(view)
        return int(view.min_amount)

    #: The setup asks who holds the bank first (web.setup.first_bank): the seats are
    #: turned at Start so that they sit at seat 0, where the core gives the bank.
    first_bank_choice: ClassVar[bool] = True

    def setup_note(self, tr: Translator, draft: Any) -> str | None:
        """Who holds the bank first (the seat chosen, seat 0 by default), and that the
        others play against it."""
        from web.setup import first_bank

        return tr.t("setup.bank_first", name=draft.seats[first_bank(draft)].name)

    def reason_key(self, decision: Any) -> str:
        key = super().reason_key(decision)
        return key + ".bank" if decision.reason.get("role") == "banker" else key

    def reason_params(self, tr: Translator, decision: Any, names: Sequence[str]) -> dict[str, Any]:
        from fractions import Fraction

        from web.reviewtext import chips, whole_percent

        p = super().reason_params(tr, decision, names)
        bust = p.get("bust")
        p["bust"] = whole_percent(bust if bust is not None else 0, tr.lang)
        for name in ("stand", "draw"):
            if name in p:
                p[name] = chips(p[name], tr.lang)
        if "per_chip" in p:
            p["per_chip"] = chips(abs(Fraction(p["per_chip"])), tr.lang)
        return p


@cache
def _figures() -> dict[str, Figure]:
    from pygame_core.banker.odds import bust_chance, pool_of
    from pygame_core.cards import FULL_DECK, parse_card, rank
    from web.games.base import Figure

    out: dict[str, Figure] = {}
    for total, names in BANKER_HANDS:
        cards = [parse_card(name) for name in names]
        if sum(rank(card) for card in cards) != total:
            raise ValueError(f"the example hand {names} does not make {total}")
        pool = pool_of(card for card in FULL_DECK if card not in cards)
        out[f"hand_{total}"] = Figure(" + ".join(str(rank(card)) for card in cards), "text")
        out[f"bust_{total}"] = Figure(bust_chance(pool, cards), "percent")
    return out
