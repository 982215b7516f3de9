"""The home screen: the five games as large tiles, the language switch."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from web.games import GameUI
from web.i18n import LANGUAGES, Translator
from web.markup import Markup, fragment, h
from web.saves import SaveInfo, UnreadableSave
from web.saves.practice import PracticeItem
from web.screens.common import button, code_entry
from web.screens.practice import practice_section
from web.stats import StatsTable

#: Each language's name in itself, so a reader finds their own language.
LANGUAGE_NAMES = {"nb": "Norsk", "sv": "Svenska", "da": "Dansk", "en": "English"}


def language_switch(tr: Translator) -> Markup:
    """Four buttons, the current one pressed."""
    buttons = [
        h(
            "button",
            {
                "class": "lang-button",
                "type": "button",
                "lang": lang,
                "data-action": "set-lang",
                "data-lang": lang,
                "data-focus": f"lang-{lang}",
                "aria-pressed": "true" if lang == tr.lang else "false",
            },
            LANGUAGE_NAMES[lang],
        )
        for lang in LANGUAGES
    ]
    return h("nav", {"class": "lang-switch", "aria-label": tr.t("lang.label")}, buttons)


def game_tile(tr: Translator, ui: GameUI) -> Markup:
    """One large tile. The button holds only the game's name (its accessible name);
    the picture and the blurb sit beside it and the button's hit area covers the tile."""
    game_id = ui.id
    blurb_id = f"blurb-{game_id}"
    return h(
        "li",
        {"class": "tile"},
        h("span", {"class": "tile-art", "aria-hidden": "true"}, ui.tile_art(tr.lang)),
        h(
            "button",
            {
                "class": "tile-name",
                "type": "button",
                "data-action": "open-game",
                "data-game": game_id,
                "data-focus": f"tile-{game_id}",
                "aria-describedby": blurb_id,
            },
            tr.t(f"game.{game_id}.name"),
        ),
        h(
            "span",
            {"class": "tile-blurb", "id": blurb_id},
            tr.t(f"game.{game_id}.blurb"),
        ),
    )


def ago(tr: Translator, then_ms: int, now_ms: int) -> str:
    """How long ago, in words: "just now", "5 min ago", "3 h ago", "2 days ago"."""
    minutes = max(0, now_ms - then_ms) // 60_000
    if minutes < 1:
        return tr.t("time.just_now")
    if minutes < 60:
        return tr.t("time.minutes_ago", n=minutes)
    if minutes < 60 * 24:
        return tr.t("time.hours_ago", n=minutes // 60)
    return tr.t("time.days_ago", n=minutes // (60 * 24))


def delete_button(tr: Translator, saved_id: str) -> Markup:
    """Delete, which asks before it deletes."""
    return button(
        tr.t("save.delete"), "delete-save", kind="quiet", focus=f"delete-{saved_id}", save=saved_id
    )


def delete_actions(tr: Translator, saved_id: str, confirming: bool) -> list[Markup]:
    """The question "Delete this game for good?" with its two answers (when asking)."""
    if not confirming:
        return []
    return [
        h("span", {"class": "confirm-text"}, tr.t("save.confirm_delete")),
        button(
            tr.t("save.yes_delete"), "confirm-delete", kind="danger", save=saved_id, autofocus=True
        ),
        button(tr.t("save.keep"), "cancel-delete", kind="quiet", save=saved_id),
    ]


def summary_lines(tr: Translator, info: SaveInfo, uis: Mapping[str, GameUI]) -> list[Markup]:
    """What a listed match is: game, players, how far it got."""
    summary = info.summary
    if summary.finished and summary.result is not None:
        winners = [summary.players[s] for s in summary.result.winners if s < len(summary.players)]
        progress = tr.t("save.won_by", names=tr.join(winners))
    elif summary.round and summary.game in uis:
        progress = uis[summary.game].progress(tr, summary.round)
    else:
        progress = tr.t("save.in_progress")
    turn = summary.turn
    if not summary.finished and turn is not None and turn < len(summary.players):
        # whose turn it is: two matches of the same game and players read apart
        progress += " · " + tr.t("save.turn", name=summary.players[turn])
    return [
        h("span", {"class": "saved-game"}, tr.t(f"game.{summary.game}.name")),
        h("span", {"class": "saved-players"}, ", ".join(summary.players)),
        h("span", {"class": "saved-progress"}, progress),
    ]


def saved_item(
    tr: Translator, uis: Mapping[str, GameUI], info: SaveInfo, confirming: bool, now_ms: int
) -> Markup:
    """One match in progress: what it is, how far it got, Continue, Export and Delete."""
    actions = delete_actions(tr, info.id, confirming) or [
        button(
            tr.t("save.continue"),
            "continue",
            kind="primary",
            focus=f"continue-{info.id}",
            save=info.id,
        ),
        button(
            tr.t("save.export"), "export-one", kind="quiet", focus=f"export-{info.id}", save=info.id
        ),
        delete_button(tr, info.id),
    ]
    return h(
        "li",
        {"class": "saved", "data-save": info.id},
        h(
            "div",
            {"class": "saved-info"},
            summary_lines(tr, info, uis),
            h("span", {"class": "saved-when"}, ago(tr, info.updated, now_ms)),
        ),
        h("div", {"class": "saved-actions"}, actions),
    )


def unreadable_reason(tr: Translator, bad: UnreadableSave) -> str:
    """Why an entry cannot be read, in words ("It is damaged."): the reason an import
    refusal gives (``import.why.*``), never the core's English for developers."""
    said = tr.t(f"import.why.{bad.problem}", item=tr.t("save.unreadable_item"))
    return said[:1].upper() + said[1:] + "."


def unreadable_item(tr: Translator, bad: UnreadableSave, confirming: bool) -> Markup:
    """An entry that cannot be loaded: the reason, Export (kept as is) and Delete."""
    actions = delete_actions(tr, bad.id, confirming) or [
        button(
            tr.t("save.export"), "export-one", kind="quiet", focus=f"export-{bad.id}", save=bad.id
        ),
        delete_button(tr, bad.id),
    ]
    return h(
        "li",
        {"class": "saved unreadable", "data-save": bad.id},
        h(
            "div",
            {"class": "saved-info"},
            h("span", {"class": "saved-game"}, tr.t("save.unreadable_title")),
            h("span", {"class": "saved-reason"}, unreadable_reason(tr, bad)),
        ),
        h("div", {"class": "saved-actions"}, actions),
    )


def saved_section(
    tr: Translator,
    uis: Mapping[str, GameUI],
    saved: Sequence[SaveInfo],
    unreadable: Sequence[UnreadableSave],
    confirming: str | None,
    now_ms: int,
) -> Markup | None:
    """The "Continue" list, when there is anything saved."""
    if not saved and not unreadable:
        return None
    items = [saved_item(tr, uis, s, s.id == confirming, now_ms) for s in saved]
    items += [unreadable_item(tr, b, b.id == confirming) for b in unreadable]
    return h(
        "section",
        {"class": "saved-games", "aria-labelledby": "saved-title"},
        h("h2", {"class": "section-title", "id": "saved-title"}, tr.t("home.continue")),
        h("ul", {"class": "saved-list"}, items),
    )


def history_section(
    tr: Translator, uis: Mapping[str, GameUI], history: Sequence[SaveInfo], now_ms: int
) -> Markup | None:
    """Finished matches with their results, newest first."""
    if not history:
        return None
    items = [
        h(
            "li",
            {"class": "history-item"},
            h("div", {"class": "saved-info"}, summary_lines(tr, info, uis)),
            h("span", {"class": "saved-when"}, ago(tr, info.updated, now_ms)),
            button(
                tr.t("review.button"),
                "open-review",
                kind="quiet",
                focus=f"review-{info.id}",
                save=info.id,
            )
            if info.replayable
            else None,
        )
        for info in history[:10]
    ]
    return h(
        "section",
        {"class": "history", "aria-labelledby": "history-title"},
        h("h2", {"class": "section-title", "id": "history-title"}, tr.t("home.history")),
        h("ul", {"class": "history-list"}, items),
    )


def stats_section(tr: Translator, table: StatsTable, confirming: bool) -> Markup | None:
    """Games played, won and best score per player name and game."""
    if not table.rows and not table.problem:
        return None
    head = h(
        "tr",
        None,
        [
            h("th", {"scope": "col"}, tr.t(k))
            for k in ("stats.name", "stats.game", "stats.played", "stats.won", "stats.best")
        ],
    )
    rows = [
        h(
            "tr",
            None,
            h("th", {"scope": "row"}, row.name),
            h("td", None, tr.t(f"game.{row.game}.name")),
            h("td", {"data-label": tr.t("stats.played")}, str(row.played)),
            h("td", {"data-label": tr.t("stats.won")}, str(row.won)),
            h(
                "td",
                {"data-label": tr.t("stats.best")},
                ", ".join(best_text(tr, kind, value) for kind, value in sorted(row.best)),
            ),
        )
        for row in table.rows
    ]
    if confirming:
        actions = [
            h("span", {"class": "confirm-text"}, tr.t("stats.confirm_reset")),
            button(tr.t("stats.yes_reset"), "confirm-reset-stats", kind="danger", autofocus=True),
            button(tr.t("save.keep"), "cancel-reset-stats", kind="quiet"),
        ]
    else:
        actions = [button(tr.t("stats.reset"), "reset-stats", kind="quiet")]
    return h(
        "section",
        {"class": "stats", "aria-labelledby": "stats-title"},
        h("h2", {"class": "section-title", "id": "stats-title"}, tr.t("home.stats")),
        h("p", {"class": "notice"}, tr.t("stats.problem", reason=table.problem))
        if table.problem
        else None,
        h(
            "div",
            {"class": "table-scroll"},
            h("table", {"class": "stats-table"}, h("thead", None, head), h("tbody", None, rows)),
        ),
        h("div", {"class": "saved-actions"}, actions),
    )


def best_text(tr: Translator, kind: str, value: int) -> str:
    """A best score in words: "5 rounds", "3 chips won", "2 chips lost" (a person's
    best in a fixed-bank match can be a loss)."""
    if kind == "gain" and value < 0:
        return tr.t("stats.kind.lost", n=-value)
    return tr.t(f"stats.kind.{kind}", n=value)


def data_section(
    tr: Translator, protection: Markup | None = None, has_saves: bool = False
) -> Markup:
    """Export everything to a file, or import one; whether the saves are protected (or
    that nothing is saved yet)."""
    return h(
        "section",
        {"class": "data", "aria-labelledby": "data-title"},
        h("h2", {"class": "section-title", "id": "data-title"}, tr.t("home.data")),
        protection,
        None if has_saves else h("p", {"class": "hint"}, tr.t("home.nothing_saved")),
        h(
            "div",
            {"class": "saved-actions"},
            button(tr.t("save.export_all"), "export-all", kind="quiet") if has_saves else None,
            h(
                "label",
                {"class": "button quiet file-button"},
                tr.t("save.import"),
                h(
                    "input",
                    {
                        "type": "file",
                        "accept": "application/json,.json",
                        "class": "sr-only",
                        "data-field": "import",
                        "data-focus": "import",
                    },
                ),
            ),
        ),
    )


@dataclass(frozen=True)
class HomeData:
    """What the home screen lists besides the games."""

    saved: Sequence[SaveInfo] = ()
    unreadable: Sequence[UnreadableSave] = ()
    history: Sequence[SaveInfo] = ()
    stats: StatsTable | None = None
    notice: str | None = None
    #: How the notice is drawn: ``problem`` (red stripe, an alert), ``done`` (a
    #: success: green, a tick) or ``info`` (news), the last two a polite status.
    notice_kind: str = "problem"
    #: The entry whose Delete was pressed ("stats" for the statistics' reset).
    confirming: str | None = None
    now_ms: int = 0
    #: Whether the saves are protected; lost saves and Safari's advice (web/persist.py).
    protection: Markup | None = None
    protection_alert: Markup | None = None
    #: Whether any match, going or finished, is saved.
    has_saves: bool = False
    #: The moments kept to be practised again (web/saves/practice.py), newest first.
    practice: Sequence[PracticeItem] = ()


def join_section(tr: Translator) -> Markup:
    """A phone joining a table that another device runs (its own seat, its own hand)."""
    return h(
        "section",
        {"class": "join", "aria-labelledby": "join-title"},
        h("h2", {"class": "section-title", "id": "join-title"}, tr.t("home.join_title")),
        h("p", {"class": "join-help"}, tr.t("home.join_help")),
        button(tr.t("home.join"), "join-table", kind="big"),
    )


def deal_section(tr: Translator) -> Markup:
    """A deal someone shared (its code): the same cards and dice on this device."""
    return h(
        "section",
        {"class": "join deal", "aria-labelledby": "deal-title"},
        h("h2", {"class": "section-title", "id": "deal-title"}, tr.t("home.deal_title")),
        h("p", {"class": "join-help", "id": "deal-help"}, tr.t("home.deal_help")),
        code_entry(
            tr.t("home.deal_field"),
            "deal-input",
            "deal-help",
            # the page sends the field's text with the button (``data-take``)
            button(tr.t("home.deal_open"), "open-deal", focus="deal-open", take="deal-input"),
        ),
    )


def notice_line(text: str, kind: str) -> Markup:
    """The home screen's line of news: a problem is an alert with a red stripe; a
    success (``done``) or news (``info``) is a status that looks like one."""
    problem = kind not in ("done", "info")
    return h(
        "p",
        {
            "class": "notice" if problem else f"notice {kind}",
            "role": "alert" if problem else "status",
        },
        text,
    )


def render_home(tr: Translator, uis: Mapping[str, GameUI], data: HomeData = HomeData()) -> Markup:
    """The whole home screen."""
    return fragment(
        h(
            "header",
            {"class": "topbar"},
            h(
                "div",
                {"class": "brand"},
                h("h1", None, tr.t("app.title")),
                h("p", {"class": "tagline"}, tr.t("app.tagline")),
            ),
            language_switch(tr),
        ),
        h(
            "main",
            {"class": "home", "id": "main"},
            notice_line(data.notice, data.notice_kind) if data.notice else None,
            data.protection_alert,
            saved_section(tr, uis, data.saved, data.unreadable, data.confirming, data.now_ms),
            practice_section(tr, uis, data.practice),
            h("h2", {"class": "section-title"}, tr.t("home.heading")),
            h("ul", {"class": "tiles"}, [game_tile(tr, ui) for ui in uis.values()]),
            join_section(tr),
            deal_section(tr),
            history_section(tr, uis, data.history, data.now_ms),
            stats_section(tr, data.stats, data.confirming == "stats") if data.stats else None,
            data_section(tr, data.protection, data.has_saves),
        ),
    )
