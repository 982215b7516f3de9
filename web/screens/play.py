"""What every play screen shares: the top bar, seats, the result, the end of a match."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pygame_core import Event
from web.eventtext import log_lines
from web.i18n import Translator
from web.markup import Child, Markup, classes, fragment, h
from web.screens.common import button, log_panel, top_bar
from web.session import GameSession

SPEEDS = ("slow", "normal", "fast")


@dataclass(frozen=True)
class PlayOptions:
    """The player's display choices while playing."""

    coach: bool = False
    speed: str = "normal"
    #: Whether the current bot is "thinking" (its move is scheduled).
    bot_pending: bool = False
    #: Card games: whose eyes the table is drawn for (None: public facts only) ...
    viewer: int | None = None
    #: ... or the seat to hand the device to, with the table covered.
    cover: int | None = None
    #: The amount on the stake/bet stepper.
    amount: int = 0
    #: Cards the player has picked (Twenty One).
    selected: tuple[int, ...] = ()
    #: The window's size in CSS pixels: the felt is laid out to fit it.
    size: tuple[int, int] = (1024, 768)
    #: The room the page gives the felt and the own hand, measured once drawn.
    room: tuple[int, int] | None = None
    #: Whether sound and vibration are off (web/table/sound.js reads the same entry).
    muted: bool = False
    #: A moment held on the table until seen: its events, from its start to its end.
    moment: tuple[Event, ...] = ()
    #: The guided first round is on (what to tap and why, beside the table).
    guide: bool = False


def play_bar(tr: Translator, session: GameSession, opts: PlayOptions, subtitle: str) -> Markup:
    """Top bar of a play screen: home, the game and round, coach, speed, rules, new game."""
    gid = session.game_id
    next_speed = (
        SPEEDS[(SPEEDS.index(opts.speed) + 1) % len(SPEEDS)] if opts.speed in SPEEDS else "normal"
    )
    return top_bar(
        tr,
        f"{tr.t(f'game.{gid}.name')} · {subtitle}",
        h(
            "button",
            {
                "type": "button",
                "class": "button quiet toggle",
                "data-action": "toggle-coach",
                "data-focus": "toggle-coach",
                "aria-pressed": "true" if opts.coach else "false",
            },
            tr.t("play.coach"),
        ),
        button(
            tr.t("play.speed", speed=tr.t(f"play.speed.{opts.speed}")),
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
                "aria-pressed": "false" if opts.muted else "true",
            },
            tr.t("play.sound"),
        ),
        button(tr.t("nav.rules"), "open-rules", kind="quiet", game=gid),
        button(tr.t("play.new_game"), "new-game", kind="quiet"),
    )


def seat_badge(tr: Translator, session: GameSession, seat: int) -> Markup | None:
    """ "Bot (expert)" under a bot's name."""
    kind = session.seats[seat].kind
    if kind == "human":
        return None
    return h("span", {"class": "badge"}, tr.t("seat.bot_badge", level=tr.t(f"seat.level.{kind}")))


def seat_card(
    tr: Translator,
    session: GameSession,
    seat: int,
    status: str,
    figures: Sequence[tuple[str, str]],
    current: bool,
    extra: Markup | None = None,
) -> Markup:
    """One seat at the table: name, who plays it, status, a few figures."""
    name = session.seats[seat].name
    return h(
        "li",
        {
            "class": classes("seat-line", current and "current"),
            "aria-current": "true" if current else None,
        },
        h("span", {"class": "seat-name"}, name),
        seat_badge(tr, session, seat),
        h("span", {"class": "seat-status"}, status),
        h(
            "dl",
            {"class": "seat-figures"},
            [h("div", None, h("dt", None, k), h("dd", None, v)) for k, v in figures],
        ),
        extra,
    )


def turn_banner(tr: Translator, session: GameSession, opts: PlayOptions) -> Markup:
    """Whose turn it is, and whether a bot is thinking."""
    seat = session.current
    if seat is None:
        return h("p", {"class": "turn-banner"}, tr.t("play.match_over"))
    name = session.seats[seat].name
    if session.seats[seat].is_bot:
        return h("p", {"class": "turn-banner bot"}, tr.t("play.bot_turn", name=name))
    return h("p", {"class": "turn-banner"}, tr.t("play.your_turn", name=name))


def match_over_panel(
    tr: Translator, session: GameSession, standings: Sequence[tuple[int, str]]
) -> Markup:
    """The end of a match: winners, the final figures, what next."""
    result = session.game.outcome(session.state)
    names = session.names()
    winners = [names[s] for s in result.winners] if result else []
    title = (
        tr.t("play.winner", name=winners[0])
        if len(winners) == 1
        else tr.t("play.winners_shared", names=", ".join(winners))
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
        {"class": "panel match-over", "aria-labelledby": "over-title"},
        h("h2", {"id": "over-title"}, title),
        h("ol", {"class": "standings"}, rows),
        h(
            "div",
            {"class": "actions"},
            button(tr.t("play.play_again"), "play-again", kind="primary big", autofocus=True),
            button(tr.t("review.button"), "open-review", kind="big"),
            button(tr.t("play.new_game"), "new-game", kind="big"),
            button(tr.t("nav.home"), "go-home", kind="big"),
        ),
    )


def moment_text(tr: Translator, session: GameSession, opts: PlayOptions) -> str:
    """What the felt says large during a moment: its last event's line."""
    lines = log_lines(opts.moment[-1:], opts.viewer, session.game_id, session.names(), tr)
    return lines[-1] if lines else ""


def moment_panel(
    tr: Translator, session: GameSession, opts: PlayOptions, kinds: frozenset[str]
) -> Markup:
    """A moment held on the table: who won what, in words, and Continue."""
    shown = [e for e in opts.moment if e.kind in kinds]
    lines = log_lines(shown, opts.viewer, session.game_id, session.names(), tr)
    return moment_frame(tr, session, opts, moment_lines(lines))


def moment_frame(tr: Translator, session: GameSession, opts: PlayOptions, *body: Child) -> Markup:
    """The frame of a held moment: its title, Continue, then ``body`` (what it came to).
    Continue comes before the body: on a phone the list of payouts may run long."""
    return h(
        "section",
        {"class": "stage moment-panel", "aria-labelledby": "moment-title"},
        h("h2", {"id": "moment-title", "class": "turn-banner"}, moment_text(tr, session, opts)),
        button(tr.t("play.moment_continue"), "moment-seen", kind="primary big", autofocus=True),
        *body,
    )


def moment_lines(lines: Sequence[str]) -> Markup | None:
    """A moment's lines in words, as a list (None when there are none)."""
    return (
        h("ul", {"class": "moment-lines"}, [h("li", None, line) for line in lines])
        if lines
        else None
    )


def stage_section(
    tr: Translator, session: GameSession, opts: PlayOptions, *children: Child
) -> Markup:
    """The middle of the table: whose turn it is, then the game's own pieces."""
    return h(
        "section",
        {"class": "stage", "aria-labelledby": "stage-title"},
        h("h2", {"id": "stage-title", "class": "sr-only"}, tr.t("play.table")),
        turn_banner(tr, session, opts),
        *children,
    )


def guide_panel(tr: Translator, session: GameSession, opts: PlayOptions) -> Markup | None:
    """The guided first round: one sentence on what to tap now and why, and Skip."""
    if not opts.guide or session.over:
        return None
    from web.games import get_ui

    seat = session.current
    if opts.moment:
        key = "guide.moment"
    elif seat is not None and not session.seats[seat].is_bot:
        step = get_ui(session.game_id).guide_step(session.view(seat), session.legal())
        key = step or "guide.turn"
    else:
        key = "guide.wait"
    return h(
        "aside",
        {"class": "panel guide", "aria-labelledby": "guide-title", "data-key": "guide"},
        h("h2", {"id": "guide-title", "class": "panel-title"}, tr.t("guide.title")),
        h("p", {"class": "guide-text", "aria-live": "polite"}, tr.t(key)),
        button(tr.t("guide.skip"), "guide-skip", kind="quiet"),
    )


def history(tr: Translator, lines: Sequence[str]) -> Markup:
    """The log as a drawer, closed: the table itself is how the game is followed."""
    return h(
        "details",
        {"class": "history", "data-key": "history"},
        # not a .button: its background transition would start from paper on insertion
        h("summary", {"class": "history-summary"}, tr.t("play.history")),
        log_panel(tr, lines),
    )


def table_layout(
    tr: Translator,
    session: GameSession,
    opts: PlayOptions,
    subtitle: str,
    css: str,
    main: Sequence[Child],
    seats: Sequence[Markup],
    log: Sequence[str],
    side_top: Child = None,
    felt: Child = None,
) -> Markup:
    """A play screen: the bar, the felt (and the own hand), and beside or under it what
    to do now, the seats in words (for screen readers: the felt is one picture) and the
    history drawer."""
    side = [
        *main,
        side_top,
        h("ul", {"class": "seats sr-only", "aria-label": tr.t("play.seats")}, seats),
        history(tr, log),
    ]
    return fragment(
        play_bar(tr, session, opts, subtitle),
        h(
            "main",
            {"class": f"table {css}", "id": "main"},
            # the guide's sentence over the felt, so the controls stay in view
            h("div", {"class": "table-main"}, guide_panel(tr, session, opts), felt),
            h("div", {"class": "table-side"}, side),
        ),
    )
