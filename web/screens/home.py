"""The home screen: the five games as large tiles, the language switch."""

from __future__ import annotations

from pygame_core.registry import ALL_GAME_IDS
from web.i18n import LANGUAGES, Translator
from web.markup import Markup, fragment, h
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
    """One large tile; its accessible name is the game's name alone."""
    blurb_id = f"blurb-{game_id}"
    return h(
        "li",
        None,
        h(
            "button",
            {
                "class": "tile",
                "type": "button",
                "data-action": "open-game",
                "data-game": game_id,
                "data-focus": f"tile-{game_id}",
                "aria-label": tr.t(f"game.{game_id}.name"),
                "aria-describedby": blurb_id,
                "disabled": not available,
            },
            h("span", {"class": "tile-art", "aria-hidden": "true"}, game_art(game_id)),
            h("span", {"class": "tile-name"}, tr.t(f"game.{game_id}.name")),
            h(
                "span",
                {"class": "tile-blurb", "id": blurb_id},
                tr.t(f"game.{game_id}.blurb") if available else tr.t("home.coming_soon"),
            ),
        ),
    )


def render_home(tr: Translator, available: tuple[str, ...]) -> Markup:
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
            h("h2", {"class": "section-title"}, tr.t("home.heading")),
            h("ul", {"class": "tiles"}, [game_tile(tr, g, g in available) for g in ALL_GAME_IDS]),
        ),
    )
