"""The home screen: the five games as large tiles, the language switch."""

from __future__ import annotations

from collections.abc import Sequence

from pygame_core.registry import ALL_GAME_IDS
from web.i18n import LANGUAGES, Translator
from web.markup import Markup, fragment, h
from web.saves import SavedGame, UnreadableSave
from web.screens.common import button
from web.svg import game_art

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


def game_tile(tr: Translator, game_id: str, available: bool) -> Markup:
    """One large tile. The button holds only the game's name (its accessible name);
    the picture and the blurb sit beside it and the button's hit area covers the tile."""
    blurb_id = f"blurb-{game_id}"
    return h(
        "li",
        {"class": "tile" + ("" if available else " unavailable")},
        h("span", {"class": "tile-art", "aria-hidden": "true"}, game_art(game_id)),
        h(
            "button",
            {
                "class": "tile-name",
                "type": "button",
                "data-action": "open-game",
                "data-game": game_id,
                "data-focus": f"tile-{game_id}",
                "aria-describedby": blurb_id,
                "disabled": not available,
            },
            tr.t(f"game.{game_id}.name"),
        ),
        h(
            "span",
            {"class": "tile-blurb", "id": blurb_id},
            tr.t(f"game.{game_id}.blurb") if available else tr.t("home.coming_soon"),
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


def saved_item(tr: Translator, saved: SavedGame, confirming: bool, now_ms: int) -> Markup:
    """One saved match: what it is, how far it got, Continue and Delete."""
    session = saved.session
    view = session.view(None)
    round_no = getattr(view, "round_no", None)
    progress = (
        tr.t("save.finished")
        if session.over
        else (tr.t("play.round", n=round_no) if round_no else "")
    )
    title = tr.t(f"game.{session.game_id}.name")
    actions = delete_actions(tr, saved.id, confirming) or [
        button(
            tr.t("save.continue"),
            "continue",
            kind="primary",
            focus=f"continue-{saved.id}",
            save=saved.id,
        ),
        delete_button(tr, saved.id),
    ]
    return h(
        "li",
        {"class": "saved", "data-save": saved.id},
        h(
            "div",
            {"class": "saved-info"},
            h("span", {"class": "saved-game"}, title),
            h("span", {"class": "saved-players"}, ", ".join(session.names())),
            h("span", {"class": "saved-progress"}, progress, " · ", ago(tr, saved.updated, now_ms)),
        ),
        h("div", {"class": "saved-actions"}, actions),
    )


def unreadable_item(tr: Translator, bad: UnreadableSave, confirming: bool) -> Markup:
    """An entry that cannot be loaded: the reason, and Delete (after asking)."""
    actions = delete_actions(tr, bad.id, confirming) or [delete_button(tr, bad.id)]
    return h(
        "li",
        {"class": "saved unreadable", "data-save": bad.id},
        h(
            "div",
            {"class": "saved-info"},
            h("span", {"class": "saved-game"}, tr.t("save.unreadable_title")),
            h("span", {"class": "saved-reason"}, bad.reason),
        ),
        h("div", {"class": "saved-actions"}, actions),
    )


def saved_section(
    tr: Translator,
    saved: Sequence[SavedGame],
    unreadable: Sequence[UnreadableSave],
    confirming: str | None,
    now_ms: int,
) -> Markup | None:
    """The "Continue" list, when there is anything saved."""
    active = [s for s in saved if not s.session.over]
    if not active and not unreadable:
        return None
    items = [saved_item(tr, s, s.id == confirming, now_ms) for s in active]
    items += [unreadable_item(tr, b, b.id == confirming) for b in unreadable]
    return h(
        "section",
        {"class": "saved-games", "aria-labelledby": "saved-title"},
        h("h2", {"class": "section-title", "id": "saved-title"}, tr.t("home.continue")),
        h("ul", {"class": "saved-list"}, items),
    )


def render_home(
    tr: Translator,
    available: tuple[str, ...],
    saved: Sequence[SavedGame] = (),
    unreadable: Sequence[UnreadableSave] = (),
    notice: str | None = None,
    confirming: str | None = None,
    now_ms: int = 0,
) -> Markup:
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
            h("p", {"class": "notice", "role": "alert"}, notice) if notice else None,
            saved_section(tr, saved, unreadable, confirming, now_ms),
            h("h2", {"class": "section-title"}, tr.t("home.heading")),
            h("ul", {"class": "tiles"}, [game_tile(tr, g, g in available) for g in ALL_GAME_IDS]),
        ),
    )
