"""The app controller: one session object that owns all UI state.

It reads the DOM only through :class:`web.dom.Page`, asks ``pygame_core`` for every
rule, and renders screens (pure functions) into the page.
"""

from __future__ import annotations

from pygame_core.registry import game_ids
from web.dom import Page, browser_languages, query_param
from web.i18n import LANGUAGES, Translator, pick_language
from web.screens.home import render_home
from web.storage import LocalStore

LANG_KEY = "lang"


class App:
    """The whole UI session."""

    def __init__(self, store: LocalStore, lang: str) -> None:
        self.store = store
        self.tr = Translator(lang)
        self.page = Page(self.on_action, self.on_field)
        self.screen = "home"

    # -- rendering -----------------------------------------------------------------
    def render(self) -> None:
        """Draw the current screen."""
        self.page.set_language(self.tr.lang, self.tr.t("app.title"))
        self.page.mount(render_home(self.tr, game_ids()))

    # -- events --------------------------------------------------------------------
    def on_action(self, name: str, data: dict[str, str]) -> None:
        """A button was pressed."""
        if name == "set-lang" and data.get("lang") in LANGUAGES:
            self.tr = Translator(data["lang"])
            self.store.set(LANG_KEY, self.tr.lang)
        self.render()

    def on_field(self, name: str, data: dict[str, str]) -> None:
        """A form field changed."""
        self.render()


def start() -> App:
    """Build the app from the page's context, draw it and mark the page ready."""
    store = LocalStore()
    lang = pick_language(query_param("lang"), store.get(LANG_KEY), browser_languages())
    app = App(store, lang)
    app.render()
    app.page.mark_ready()
    return app
