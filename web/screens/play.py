"""The pieces every table screen is made of, each drawn from a :class:`~web.frame.Frame`.

:meth:`web.games.base.GameUI.render` composes them (the bar, the hand-off cover, the
felt, the seats, the stage, the controls, the coach, the match's end and the log);
each game fills in only its own parts. What a piece draws depends on the frame's mode:
a replay has no bar, no log and no control that does anything, and its banner says
which step it is rather than whose turn.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from web.frame import SPEEDS, Frame, TableUI
from web.i18n import Translator
from web.markup import Child, Markup, classes, fragment, h
from web.screens.common import button, log_panel, top_bar


@dataclass(frozen=True)
class SeatLine:
    """One seat in words, for the seat list beside the felt (screen readers read it;
    the felt is one picture): its status, a few figures, and anything else it shows."""

    status: str
    figures: Sequence[tuple[str, str]] = ()
    extra: Child = None
    #: A badge after the name where the seat is not a bot's (the bank's).
    badge: str | None = None
    css: str = ""


#: Below this window width the play bar's quieter actions (speed, sound, rules, new
#: game) go into its menu: a phone has room for Home, the title, the coach and the menu
#: in one line, not for six buttons (style.css's narrow bar agrees).
MENU_BELOW = 600


def bar_title(tr: Translator, frame: Frame, subtitle: str) -> Markup:
    """The game and how far the match is: one line ("21 · Round 1 of 3"), or on a
    narrow screen the game over the round in smaller type (the separator hidden), the
    round's parts ("Round 1 · deal 1 of 3") kept whole where it takes two lines."""
    parts = subtitle.split(" · ")
    sub: list[Child] = []
    for index, part in enumerate(parts):
        last = index == len(parts) - 1
        sub.append(h("span", {"class": "title-part"}, part if last else part + " ·"))
        if not last:
            sub.append(" ")
    return fragment(
        h("span", {"class": "title-game"}, tr.t(f"game.{frame.game.id}.name")),
        h("span", {"class": "title-sep"}, " · "),
        h("span", {"class": "title-sub"}, sub),
    )


def play_bar(tr: Translator, frame: Frame, subtitle: str) -> Markup:
    """Top bar of a play screen: home, the game and round, coach, speed, sound, rules,
    new game; on a narrow window all five behind "Menu" (a native <details>: it
    opens without a line of script)."""
    display = frame.display
    speed = display.speed if display.speed in SPEEDS else "normal"
    next_speed = SPEEDS[(SPEEDS.index(speed) + 1) % len(SPEEDS)]
    coach = h(
        "button",
        {
            "type": "button",
            "class": "button quiet toggle",
            "data-action": "toggle-coach",
            "data-focus": "toggle-coach",
            "aria-pressed": "true" if display.coach else "false",
        },
        tr.t("play.coach"),
    )
    quiet = (
        button(
            tr.t("play.speed", speed=tr.t(f"play.speed.{speed}")),
            "set-speed",
            kind="quiet",
            speed=next_speed,
        ),
        h(
            "button",
            {
                "type": "button",
                "class": "button quiet toggle",
                "data-action": "toggle-sound",
                "data-focus": "toggle-sound",
                "aria-pressed": "false" if display.muted else "true",
            },
            tr.t("play.sound"),
        ),
        button(tr.t("nav.rules"), "open-rules", kind="quiet", game=frame.game.id),
        button(tr.t("play.new_game"), "new-game", kind="quiet"),
    )
    if display.size[0] >= MENU_BELOW:
        return top_bar(tr, bar_title(tr, frame, subtitle), coach, *quiet)
    menu = h(
        "details",
        {"class": "bar-menu", "data-key": "bar-menu", "data-motion": "still"},
        h("summary", {"class": "bar-menu-summary"}, tr.t("play.menu")),
        h("div", {"class": "bar-menu-items"}, coach, quiet),
    )
    # the coach's switch too: a phone's bar keeps its room for the title
    return top_bar(tr, bar_title(tr, frame, subtitle), menu)


def seat_item(tr: Translator, frame: Frame, seat: int, line: SeatLine) -> Markup:
    """One seat of the seat list: name, who plays it, status, figures."""
    kind = frame.seats[seat].kind
    current = seat == frame.actor
    badge = (
        h("span", {"class": "badge"}, tr.t("seat.bot_badge", level=tr.t(f"seat.level.{kind}")))
        if frame.seats[seat].is_bot
        else h("span", {"class": "badge device"}, tr.t("seat.device_badge"))
        if frame.seats[seat].is_remote and seat != frame.viewer
        else h("span", {"class": "badge bank"}, line.badge)
        if line.badge
        else None
    )
    return h(
        "li",
        {
            "class": classes("seat-line", current and "current", line.css),
            "aria-current": "true" if current else None,
        },
        h("span", {"class": "seat-name"}, frame.seats[seat].name),
        badge,
        h("span", {"class": "seat-status"}, line.status),
        line.extra,
        h(
            "dl",
            {"class": "seat-figures"},
            [h("div", None, h("dt", None, k), h("dd", None, v)) for k, v in line.figures],
        ),
    )


def named(tr: Translator, key: str, name: str, **params: object) -> Markup:
    """The line ``key`` with ``name`` in it, the name in a span of its own: a long name
    (32 letters and no space) is cut with an ellipsis there, the line's words kept."""
    marker = "\x00"
    before, _, after = tr.t(key, name=marker, **params).partition(marker)
    return fragment(before, h("span", {"class": "name"}, name), after)


def turn_banner(tr: Translator, frame: Frame) -> Markup:
    """Whose turn it is (live), or which step of the match this is (replay: "Move 7 of
    42 · Ann to act", never an invitation to move)."""
    seat = frame.actor
    step = frame.replay
    if step is not None:
        if seat is None:
            return Markup("")
        text = named(tr, "review.banner", frame.names[seat], n=step.index + 1, total=step.total)
        return h("p", {"class": "turn-banner replay-banner"}, text)
    if seat is None:
        return h("p", {"class": "turn-banner"}, tr.t("play.match_over"))
    name = frame.names[seat]
    if frame.seats[seat].is_bot and frame.bots_wait:
        # not "thinking": the bots wait for the person's take-back or "Play on"
        return h("p", {"class": "turn-banner bot", "id": "take-back-wait"}, tr.t("undo.waiting"))
    if frame.seats[seat].is_bot:
        return h("p", {"class": "turn-banner bot"}, named(tr, "play.bot_turn", name))
    if frame.seats[seat].is_remote and seat != frame.viewer:
        return h("p", {"class": "turn-banner device"}, named(tr, "play.device_turn", name))
    if frame.mode == "guest" and seat != frame.viewer:
        # on a phone: another person's turn, at the table's device
        return h("p", {"class": "turn-banner device"}, named(tr, "play.waiting_for", name))
    return h("p", {"class": "turn-banner"}, named(tr, "play.your_turn", name))


def stage_section(tr: Translator, frame: Frame, *children: Child) -> Markup:
    """The middle of the table: whose turn it is, then the game's own pieces."""
    return h(
        "section",
        {"class": "stage", "aria-labelledby": frame.id("stage-title")},
        h("h2", {"id": frame.id("stage-title"), "class": "sr-only"}, tr.t("play.table")),
        turn_banner(tr, frame),
        *children,
    )


def moment_panel(
    tr: Translator,
    frame: Frame,
    title: str,
    *body: Child,
    waits: bool = True,
    label: str | None = None,
) -> Markup:
    """A moment held on the table: what it came to, Continue, then ``body`` (who won
    what). Continue comes before the body: on a phone the list of payouts may run long.
    A moment that goes on by itself (``waits`` false) has the same button as a skip
    (``moment-skip``): a test, or a script, can tell the two apart. ``label``: the
    button's word, if not Continue (a person's own moment: "Done")."""
    return h(
        "section",
        {
            "class": "stage moment-panel",
            "aria-labelledby": frame.id("moment-title"),
            # the core's pause kind ("round", "duel", "trick", "deal"): a marker for tests
            "data-moment": frame.moment.kind if frame.moment else None,
        },
        h("h2", {"id": frame.id("moment-title"), "class": "turn-banner"}, title),
        button(
            label or tr.t("play.moment_continue"),
            "moment-seen" if waits else "moment-skip",
            kind="primary big",
            autofocus=True,
        )
        # at the table, or on a person's own phone (their tap goes to the table)
        if frame.mode in ("moment", "guest")
        else None,
        *body,
    )


def moment_lines(lines: Sequence[str]) -> Markup | None:
    """A moment's lines in words, as a list (None when there are none)."""
    return (
        h("ul", {"class": "moment-lines"}, [h("li", None, line) for line in lines])
        if lines
        else None
    )


def match_over_panel(tr: Translator, frame: Frame, standings: Sequence[tuple[int, str]]) -> Markup:
    """The end of a match: winners, the final figures, and (live) what next."""
    result = frame.outcome
    names = frame.names
    winners = [names[s] for s in result.winners] if result else []
    title = (
        tr.t("play.winner", name=winners[0])
        if len(winners) == 1
        else tr.t("play.winners_shared", names=tr.join(winners))
    )
    rows = [
        h(
            "li",
            {
                "class": classes(
                    "standing", result is not None and seat in result.winners and "winner"
                )
            },
            h("span", None, names[seat]),
            h("span", None, figure),
        )
        for seat, figure in standings
    ]
    return h(
        "section",
        {"class": "panel match-over", "aria-labelledby": frame.id("over-title")},
        h("h2", {"id": frame.id("over-title")}, title),
        h("ol", {"class": "standings"}, rows),
        h(
            "div",
            {"class": "actions"},
            button(tr.t("play.play_again"), "play-again", kind="primary big", autofocus=True),
            button(tr.t("review.button"), "open-review", kind="big"),
            button(tr.t("play.new_game"), "new-game", kind="big"),
            button(tr.t("nav.home"), "go-home", kind="big"),
        )
        if frame.mode == "live"
        else None,
    )


def take_back_panel(tr: Translator, frame: Frame) -> Markup | None:
    """Take back my last decision: for the person who made it, while nothing new was
    shown to them; refused, the button stays, dimmed, with the reason under it. While
    the bots wait for that choice (``frame.bots_wait``), "Play on" beside it lets the
    decision stand (the stage's banner says the bots wait, :func:`turn_banner`)."""
    offer = frame.take_back
    if offer is None or frame.mode != "live" or frame.moment is not None or frame.over:
        return None
    seat, reason = offer
    label = (
        tr.t("undo.button")
        if sum(not s.is_bot for s in frame.seats) == 1
        else tr.t("undo.button_named", name=frame.names[seat])
    )
    # the bots wait for the person's choice: take it back, or let it stand and play on
    waits = frame.bots_wait and reason is None
    return h(
        "div",
        {
            "class": classes("take-back", waits and "bots-wait"),
            "data-key": "take-back",
            "data-motion": "still",
        },
        h(
            "div",
            {"class": "take-back-buttons"},
            h(
                "button",
                {
                    "type": "button",
                    "class": "button quiet",
                    "data-action": "take-back",
                    "data-focus": "take-back",
                    "data-refused": reason,
                    "disabled": reason is not None,
                    "aria-describedby": "take-back-why" if reason else None,
                },
                label,
            ),
            h(
                "button",
                {
                    "type": "button",
                    "class": "button primary",
                    "data-action": "play-on",
                    "data-focus": "play-on",
                    "aria-describedby": "take-back-wait",
                },
                tr.t("undo.play_on"),
            )
            if waits
            else None,
        ),
        h("p", {"class": "hint", "id": "take-back-why"}, refusal_words(tr, frame.ui, reason))
        if reason
        else None,
    )


def refusal_words(tr: Translator, ui: TableUI, reason: str) -> str:
    """Why a take-back is refused, in words (what was shown: the game's cards or dice)."""
    if reason == "revealed":
        return tr.t(f"undo.refused.revealed.{ui.chance}")
    return tr.t(f"undo.refused.{reason}")


def guide_panel(
    tr: Translator,
    frame: Frame,
    step_key: str | None,
    wait_key: str,
    every: Sequence[str],
) -> Markup | None:
    """The guided first round: one sentence on what to tap now and why, and Skip.

    ``step_key``: the sentence for the person to act now (None: the general one);
    ``wait_key``: the sentence while the bots play (what their turns put on the table);
    ``every``: each sentence key the game's guide may show. They are laid in the same
    place as the one shown, unseen and unread (``aria-hidden``), so that the guide keeps
    the height of its longest sentence from its first turn to its last and the felt
    under it stays where it is while the sentences change.
    """
    if not frame.display.guide or frame.mode not in ("live", "moment") or frame.over:
        return None
    seat = frame.actor
    name = frame.names[seat] if seat is not None else ""
    if frame.moment is not None:
        kind = f"guide.moment.{frame.moment.kind}"
        key = kind if tr.has(kind) else "guide.moment"
    elif frame.bots_wait:
        # the bots wait for the person's take-back or Play on: not "the bots play now"
        key = "guide.hold"
    elif seat is not None and frame.seats[seat].is_remote:
        # their own phone asks them: this screen is the table the others watch
        key = "guide.phone"
    elif seat is not None and not frame.seats[seat].is_bot:
        key = step_key or "guide.turn"
    else:
        key = wait_key
    text = tr.t(key, name=name)
    others = [tr.t(k, name=name) for k in every]
    # the sentence of each seat played on its own phone, with its name
    others += [
        tr.t("guide.phone", name=frame.names[i]) for i, s in enumerate(frame.seats) if s.is_remote
    ]
    ghosts = [t for t in dict.fromkeys(others) if t != text]
    return h(
        "aside",
        {
            "class": "panel guide",
            "aria-labelledby": "guide-title",
            "data-key": "guide",
            "data-motion": "still",
        },
        h("h2", {"id": "guide-title", "class": "panel-title"}, tr.t("guide.title")),
        h(
            "div",
            {"class": "guide-body"},
            h("p", {"class": "guide-text", "aria-live": "polite"}, text),
            *(h("p", {"class": "guide-ghost", "aria-hidden": "true"}, t) for t in ghosts),
        ),
        button(tr.t("guide.skip"), "guide-skip", kind="quiet"),
    )


def history(tr: Translator, lines: Sequence[str]) -> Markup:
    """The log as a drawer, closed: the table itself is how the game is followed."""
    return h(
        "details",
        {"class": "history", "data-key": "history", "data-motion": "still"},
        # not a .button: its background transition would start from paper on insertion
        h("summary", {"class": "history-summary"}, tr.t("play.history")),
        log_panel(tr, lines),
    )


def cover_screen(tr: Translator, frame: Frame, subtitle: str) -> Markup:
    """The hand-off screen: nothing of the table, only whom to pass the device to."""
    assert frame.cover is not None
    name = frame.names[frame.cover]
    return fragment(
        play_bar(tr, frame, subtitle),
        h(
            "main",
            {"class": "handoff", "id": "main"},
            h(
                "section",
                {"class": "handoff-card", "aria-labelledby": "handoff-title"},
                h("h2", {"id": "handoff-title"}, tr.t("handoff.pass_to", name=name)),
                h("p", None, tr.t("handoff.explain", name=name)),
                button(tr.t("handoff.show"), "show-cards", kind="primary big", autofocus=True),
                take_back_panel(tr, frame),
            ),
        ),
    )


def table_screen(
    tr: Translator,
    frame: Frame,
    subtitle: str,
    css: str,
    *,
    guide: Child,
    felt: Child,
    side: Sequence[Child],
    seats: Sequence[Markup],
) -> Markup:
    """A table: the felt (and the own hand) and beside or under it what to do now, the
    seats in words (for screen readers: the felt is one picture) and the history
    drawer; live, under the play bar. A replay is the picture only: no bar, no log."""
    seat_list = h("ul", {"class": "seats sr-only", "aria-label": tr.t("play.seats")}, seats)
    if frame.mode == "replay":
        return h(
            "div",
            {"class": f"table replay-table {css}"},
            h("div", {"class": "table-main"}, felt),
            h("div", {"class": "table-side"}, *side, seat_list),
        )
    if frame.mode == "practice":
        title = tr.t("practice.title", game=tr.t(f"game.{frame.game.id}.name"))
        return fragment(
            top_bar(tr, title),
            h(
                "main",
                {"class": f"table practice-table {css}", "id": "main"},
                h("div", {"class": "table-main"}, felt),
                h("div", {"class": "table-side"}, *side, seat_list),
            ),
        )
    return fragment(
        play_bar(tr, frame, subtitle),
        h(
            "main",
            {"class": f"table {css}", "id": "main"},
            # the guide's sentence over the felt, so the controls stay in view
            h("div", {"class": "table-main"}, guide, felt),
            h("div", {"class": "table-side"}, *side, seat_list, history(tr, frame.log)),
        ),
    )
