"""The UI of Twenty One, the Danish trick game where the last card left scores."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from web.games.base import GameUI, OptionField, move_button
from web.markup import Child, Markup, classes, h
from web.reviewtext import exact, margin_text, option_label, whole_percent
from web.screens.cards import card, card_name
from web.screens.common import coach_figures
from web.screens.common import coach_panel as coach_panel_markup
from web.screens.play import SeatLine, moment_lines
from web.screens.tablescene import Picture
from web.table import art
from web.table.cards import card_text

if TYPE_CHECKING:
    from pygame_core.twentyone.advice import TwentyOneAdvice
    from web.frame import Frame
    from web.i18n import Translator
    from web.seats import Seat
    from web.table.layout import HandLayout, TableLayout


def exchange_key(view: Any) -> str:
    """The exchange's state as the table shows it: once the tricks are on, an exchange
    that was open is over."""
    if view.exchange == "open" and view.phase == "play":
        return "t21.exchange.done"
    return f"t21.exchange.{view.exchange}"


def playable_cards(legal: Sequence[Any]) -> set[int]:
    """Cards that take part in some legal play, discard or swap."""
    from pygame_core.twentyone import Discard, Play, Swap

    cards: set[int] = set()
    for action in legal:
        if isinstance(action, Play | Swap):
            cards.update(action.cards)
        elif isinstance(action, Discard):
            cards.add(action.card)
    return cards


def card_reason(tr: Translator, view: Any, legal: Sequence[Any]) -> str:
    """Why a card of the hand cannot be chosen now, in words."""
    from pygame_core.twentyone import Discard

    if any(isinstance(a, Discard) for a in legal):
        return tr.t("t21.reason.discard_lowest")
    trick = view.trick
    if trick is not None and trick.plays and trick.form == 2:
        return tr.t("t21.reason.pairs")
    if trick is not None and trick.plays:
        return tr.t("t21.reason.too_low")
    if view.phase == "exchange_choice":
        return tr.t("t21.reason.exchange_first")
    return tr.t("t21.reason.not_now")


def hand_picker(tr: Translator, frame: Frame, layout: HandLayout) -> Markup:
    """The viewer's hand as toggle buttons; unplayable cards disabled with the reason."""
    view, legal, selected = frame.view, frame.legal, frame.display.selected
    mine = frame.asks
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


def move_buttons(tr: Translator, frame: Frame) -> Markup:
    """The moves open to the player now (each button carries its action)."""
    from pygame_core.twentyone import Discard, OpenExchange, Pass, Play, RefuseExchange, Swap

    legal = frame.legal
    chosen = tuple(sorted(frame.display.selected))
    kinds = {type(a) for a in legal}
    items: list[Markup] = []
    if OpenExchange in kinds:
        items.append(
            move_button(
                tr,
                frame,
                tr.t("t21.open_exchange"),
                OpenExchange(),
                kind="primary big",
                focus="open",
                autofocus=True,
            )
        )
        items.append(
            move_button(tr, frame, tr.t("t21.refuse_exchange"), RefuseExchange(), focus="refuse")
        )
    if Swap in kinds:
        label = tr.t("t21.swap", n=len(chosen)) if chosen else tr.t("t21.keep_hand")
        items.append(
            move_button(
                tr, frame, label, Swap(chosen), kind="primary big", focus="swap", autofocus=True
            )
        )
        # The most the rules allow now: the hand's size or the pile's, whichever is less.
        most = max(len(a.cards) for a in legal if isinstance(a, Swap))
        items.append(h("p", {"class": "hint"}, tr.t("t21.swap_limit", n=most)))
    if Play in kinds:
        items.append(
            move_button(tr, frame, tr.t("t21.play"), Play(chosen), kind="primary big", focus="play")
        )
        items.append(h("p", {"class": "hint"}, tr.t("t21.pick_hint")))
    if Discard in kinds:
        discards = [a.card for a in legal if isinstance(a, Discard)]
        # One lowest card: nothing to choose, so the button needs no pick first.
        card_to_go = chosen[0] if len(chosen) == 1 else (discards[0] if len(discards) == 1 else -1)
        items.append(
            move_button(
                tr,
                frame,
                tr.t("t21.discard"),
                Discard(card_to_go),
                kind="primary big",
                focus="discard",
            )
        )
    if Pass in kinds:
        items.append(move_button(tr, frame, tr.t("t21.pass"), Pass(), focus="pass", autofocus=True))
    return h("div", {"class": "controls t21-controls"}, items)


def last_trick_text(tr: Translator, frame: Frame) -> str:
    """Between tricks: who took the last one, with which cards, and who leads next (the
    taker, unless the taker has no cards left)."""
    view = frame.view
    last = view.tricks[-1]
    cards = " ".join(card_text(c, tr.lang) for c in last.top_cards)
    winner, name = frame.names[last.top_seat], frame.names[view.actor]
    if last.top_seat == view.actor:
        return tr.t("t21.took_and_leads", name=name, cards=cards)
    return tr.t("t21.took_then_leads", winner=winner, cards=cards, name=name)


def trick_panel(tr: Translator, frame: Frame) -> Markup:
    """The trick on the table (a trick's end is held on the table as it lay: between
    tricks the table is clear, the next lead to come)."""
    view = frame.view
    trick = view.trick
    names = frame.names
    if trick is None:
        leads = view.actor is not None and bool(view.tricks)
        text = last_trick_text(tr, frame) if leads else tr.t("t21.no_trick")
        return h("section", {"class": "trick empty"}, h("p", {"class": "hint"}, text))
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
        {"class": "trick", "aria-labelledby": frame.id("trick-title")},
        h(
            "h2",
            {"id": frame.id("trick-title"), "class": "panel-title"},
            title,
            " · ",
            tr.t("t21.best_so_far", name=names[trick.top_seat]),
        ),
        h("ol", {"class": "trick-plays"}, rows),
    )


def reveal_panel(tr: Translator, frame: Frame) -> Markup | None:
    """The last cards of the previous deal and what they scored (a held deal's end
    shows them on the felt and in its own words)."""
    result = frame.view.last_deal
    if result is None or frame.moment is not None:
        return None
    return h(
        "section",
        {"class": "panel reveal-panel", "aria-labelledby": frame.id("reveal-title")},
        h(
            "h2",
            {"id": frame.id("reveal-title"), "class": "panel-title"},
            tr.t("t21.reveal_title", deal=result.deal),
        ),
        reveals(tr, frame),
    )


def reveals(tr: Translator, frame: Frame) -> Markup:
    """Every seat's last card of the latest deal and what it scored, one line each."""
    result = frame.view.last_deal
    assert result is not None
    rows = [
        h(
            "li",
            {"class": classes("reveal", result.points[s] and "scored")},
            h("span", None, frame.names[s]),
            card(tr, result.last_cards[s], keyed=False),
            h("span", None, tr.t("t21.points", n=result.points[s])),
        )
        for s in range(len(result.last_cards))
    ]
    return h("ul", {"class": "reveals"}, rows)


#: The coach names a move without cards as its button does.
COACH_BUTTONS = {
    "OpenExchange": "t21.open_exchange",
    "RefuseExchange": "t21.refuse_exchange",
    "Pass": "t21.pass",
}


def coach_move(tr: Translator, action: Any) -> str:
    """The coach's move as the start of its sentence, in its button's words: "Play 9♥
    9♠", "Keep my hand", "Open the exchange"."""
    from pygame_core.twentyone import Discard, Play, Swap

    if isinstance(action, Play | Swap):
        if not action.cards:
            return tr.t("t21.keep_hand")
        kind = "play" if isinstance(action, Play) else "swap"
        cards = " ".join(card_text(c, tr.lang) for c in action.cards)
        return tr.t(f"t21.coach.move.{kind}", cards=cards)
    if isinstance(action, Discard):
        return tr.t("t21.coach.move.discard", cards=card_text(action.card, tr.lang))
    return tr.t(COACH_BUTTONS[type(action).__name__])


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
    value = whole_percent(mine.value, tr.lang)
    if top.value <= mine.value:
        other = max((o for o in decision.options if o is not mine), key=lambda o: o.value)
        other_value = whole_percent(other.value, tr.lang)
        if other.value == mine.value:
            kind = "equal"
        elif other_value == value:
            # better, but not by a whole percent: "33 % against 33 %" would say nothing
            kind = "as_often"
        else:
            kind = "best"
    else:
        other = top
        other_value = whole_percent(other.value, tr.lang)
        kind = "close"
    return tr.t(
        f"t21.coach.why.{kind}",
        move=move,
        value=value,
        other=option_label(tr, other.key),
        other_value=other_value,
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


class TwentyOneUI(GameUI):
    """Twenty One (its rules pages quote no odds)."""

    id: ClassVar[str] = "twentyone"
    css: ClassVar[str] = "t21-table"
    review_family: ClassVar[str] = "twentyone"
    round_word: ClassVar[str] = "deal"
    reason_kinds: ClassVar[tuple[str, ...]] = (
        "played_right",
        "played_other",
        "exchange_right",
        "exchange_other",
    )
    moment_titles: ClassVar[frozenset[str]] = frozenset({"trick_won", "deal_scored"})
    moment_kinds: ClassVar[frozenset[str]] = frozenset(
        {"trick_won", "deal_revealed", "deal_scored"}
    )
    variant_fields: ClassVar[tuple[str, ...]] = ("scoring",)
    # the expert's search and the review's estimate: p50 19 ms, p95 53-55 ms in the
    # browser (bench, 2026-12-03; 126 ms p95 on a loaded machine)
    coach_thinks: ClassVar[bool] = True
    form: ClassVar[tuple[OptionField, ...]] = (
        OptionField("scoring", "choice", ("highest", "everyone")),
        OptionField("target", "number", low=1, high=1000),
        OptionField("exchange", "toggle"),
        OptionField("cannot_beat", "choice", ("discard", "pass")),
        OptionField("low_ace", "toggle"),
    )

    def tile_art(self, lang: str) -> Markup:
        return h(
            "span",
            {"class": "tile-pair"},
            art.card_face(12, lang, 56, "tile-svg"),
            art.card_face(48, lang, 56, "tile-svg"),
        )

    def subtitle(self, tr: Translator, frame: Frame) -> str:
        """ "Deal 3 · target 21"."""
        return tr.t("t21.deal_target", deal=frame.view.round, target=frame.view.target)

    def picture(self, tr: Translator, frame: Frame) -> Picture:
        """Every seat's cards face down (the viewer's are in the hand below; at a deal's
        end every last card face up), the pile, and the trick in the middle."""
        view = frame.view
        trick = view.trick
        centre = [(f"card-{c}", c) for play in (trick.plays if trick else ()) for c in play.cards]
        shown = view.last_deal if view.phase in ("deal_over", "over") else None
        roles = {view.dealer: tr.t("t21.dealer_badge")}
        seats = []
        for s in range(len(frame.seats)):
            if shown is not None:
                cards: tuple[int | None, ...] = (shown.last_cards[s],)
                note = tr.t("t21.points", n=shown.points[s])
            else:
                cards = () if s == view.viewer else (None,) * min(view.hand_counts[s], 7)
                note = " · ".join(
                    x for x in (roles.get(s, ""), tr.t("t21.points", n=view.scores[s])) if x
                )
            seats.append(
                art.Seat(
                    frame.names[s],
                    cards=cards,
                    note=note,
                    active=s == view.actor,
                    mark="won" if shown is not None and shown.points[s] else None,
                )
            )
        hand = tuple(view.hand)
        if shown is not None:
            # at a deal's end the own hand is the last card, the one that scored: the
            # band under the felt shows it rather than standing empty
            hand = (shown.last_cards[view.viewer],) if view.viewer is not None else ()
        return Picture(
            seats,
            deck=view.pile_count,
            centre=() if shown is not None else centre,
            hand=hand,
            # the band under the felt stays put while the hand shrinks trick by trick
            hand_room=max(1, len(view.hand)),
            trick=True,
        )

    def hand(self, tr: Translator, frame: Frame, picture: Picture, layout: TableLayout) -> Child:
        if layout.hand is None or not picture.hand:
            return None
        if frame.mode in ("live", "guest", "practice") and frame.moment is None:
            return hand_picker(tr, frame, layout.hand)
        return super().hand(tr, frame, picture, layout)

    def seat_line(self, tr: Translator, frame: Frame, seat: int) -> SeatLine:
        view = frame.view
        figures = [
            (tr.t("t21.cards_in_hand"), str(view.hand_counts[seat])),
            (tr.t("t21.score"), str(view.scores[seat])),
        ]
        roles = []
        if seat == view.dealer:
            roles.append(tr.t("t21.dealer"))
        if seat == view.leader:
            roles.append(tr.t("t21.leader"))
        return SeatLine(", ".join(roles), figures)

    def stage(self, tr: Translator, frame: Frame) -> Sequence[Child]:
        view = frame.view
        return (
            h(
                "p",
                {"class": "deck-info"},
                tr.t(exchange_key(view)),
                " · ",
                tr.t("t21.pile", n=view.pile_count),
            ),
            trick_panel(tr, frame),
        )

    def controls(self, tr: Translator, frame: Frame) -> Child:
        return move_buttons(tr, frame) if frame.asks else None

    def side(self, tr: Translator, frame: Frame) -> Sequence[Child]:
        return (reveal_panel(tr, frame),)

    def moment_body(self, tr: Translator, frame: Frame) -> Sequence[Child]:
        """A deal's end: how many tricks each seat took, in one line (each trick's end
        was held on the table as it happened; listed again, "Bo wins the trick." six
        times over, they pushed Continue down), and every seat's last card with its
        points (a phone's compact seat plates have no room for the points beside it)."""
        assert frame.moment is not None
        if frame.moment.kind != "deal" or frame.view.last_deal is None:
            return super().moment_body(tr, frame)
        taken = [0] * len(frame.seats)
        for event in frame.moment.events:
            if event.kind == "trick_won":
                taken[event.get("seat")] += 1
        line = " · ".join(
            tr.t("t21.tricks_of", name=frame.names[s], n=n) for s, n in enumerate(taken)
        )
        return (moment_lines([line] if any(taken) else []), reveals(tr, frame))

    def coach(self, tr: Translator, frame: Frame) -> Markup | None:
        """The expert bot's suggestion for this position (it sees only this view), why,
        and every choice's estimate one tap away."""
        advice = self.advice(frame)
        if advice is None:
            return None
        note = tr.t("t21.coach.figures_note") if advice.estimate else None
        rows = coach_rows(tr, advice)
        return coach_panel_markup(
            tr, coach_sentence(tr, advice), coach_figures(rows) if rows else None, note
        )

    def shows_own(self, action: Any) -> bool:
        """A swap of cards brings new ones, told only to the person who swapped."""
        from pygame_core.twentyone import Swap

        return isinstance(action, Swap) and bool(action.cards)

    def moment_waits(self, kind: str, view: Any, seats: Sequence[Seat]) -> bool:
        """A trick's end stays a moment, long enough to see who took it and with
        what; a deal's end waits for Continue."""
        return kind != "trick"

    def standings(self, tr: Translator, frame: Frame) -> Sequence[tuple[int, str]]:
        scores = frame.view.scores
        order = sorted(range(len(scores)), key=lambda s: -scores[s])
        return [(s, tr.t("play.standing.points", n=scores[s])) for s in order]

    def guide_step(self, frame: Frame) -> str | None:
        from pygame_core.twentyone import OpenExchange, Play

        legal = frame.legal
        if any(isinstance(a, OpenExchange) for a in legal):
            return "guide.twentyone.exchange"
        if any(isinstance(a, Play) for a in legal):
            return "guide.twentyone.play"
        return None

    def guide_wait(self, frame: Frame) -> str:
        # the leader's exchange first, then the tricks in the middle
        if frame.view.phase in ("exchange_choice", "exchange"):
            return "guide.wait.twentyone.exchange"
        return "guide.wait.twentyone"

    def guide_sentences(self) -> tuple[str, ...]:
        return (
            "guide.turn",
            "guide.twentyone.exchange",
            "guide.twentyone.play",
            "guide.wait.twentyone.exchange",
            "guide.wait.twentyone",
            "guide.moment.deal",
            "guide.moment.trick",
            "guide.hold",
        )

    def progress(self, tr: Translator, round_no: int) -> str:
        return tr.t("save.deal", n=round_no)

    def reason_key(self, decision: Any) -> str:
        key = super().reason_key(decision)
        reason = decision.reason
        if reason.kind.startswith("played_") and reason.get("to_beat") is None:
            key += ".lead"
        return key

    def reason_params(self, tr: Translator, decision: Any, names: Sequence[str]) -> dict[str, Any]:
        from web.reviewtext import play_phrase, rank_word

        p = super().reason_params(tr, decision, names)
        reason = decision.reason
        config_key = "pass" if decision.chosen == "pass" or decision.best == "pass" else "discard"
        if reason.kind.startswith("played_"):
            p["chosen"] = play_phrase(tr, p["chosen"], config_key)
            p["best"] = play_phrase(tr, p["best"], config_key)
            if p.get("to_beat") is not None:
                p["to_beat"] = rank_word(tr, p["to_beat"])
        else:
            p["chosen"] = option_label(tr, p["chosen"])
            p["best"] = option_label(tr, p["best"])
        p["hand"] = ", ".join(rank_word(tr, r) for r in p["hand"])
        for name in ("chosen_value", "best_value", "margin"):
            p[name] = whole_percent(p[name], tr.lang)
        return p


UI = TwentyOneUI()
