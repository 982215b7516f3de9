"""A game's rules page: the project's own text, with figures from the odds modules and
small pictures of the key rules (:mod:`web.rulespictures`)."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from web.i18n import Translator
from web.markup import Markup, fragment, h
from web.screens.common import button, top_bar

if TYPE_CHECKING:
    from web.games.base import GameUI

RULES = Path(__file__).resolve().parent.parent / "rules"
#: A picture's line once the figures are filled in: ``{{picture:dice41_qualify}}`` in the
#: source (``format_map`` turns the doubled braces into single ones).
PICTURE_LINE = re.compile(r"\{picture:([a-z0-9_]+)\}")


def page_text(ui: GameUI, lang: str) -> str:
    """The page's source with its figures filled in."""
    from web.rulesfigures import figures

    source = (RULES / f"{ui.id}.{lang}.md").read_text("utf-8")
    return source.format_map(figures(ui, lang))


def render_markdown(
    text: str, picture: Callable[[str], Markup] | None = None
) -> tuple[str, Markup]:
    """The title and body of a page in the rules' tiny Markdown subset.

    A line that is nothing but ``{picture:<name>}`` becomes ``picture(name)``; with no
    ``picture`` to draw it, such a line is refused (:class:`ValueError`)."""
    title = ""
    blocks: list[Markup] = []
    items: list[Markup] = []
    paragraph: list[str] = []

    def flush() -> None:
        if paragraph:
            blocks.append(h("p", None, " ".join(paragraph)))
            paragraph.clear()
        if items:
            blocks.append(h("ul", None, list(items)))
            items.clear()

    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("# ") and not title:
            title = stripped[2:]
        elif stripped.startswith("## "):
            flush()
            blocks.append(h("h2", None, stripped[3:]))
        elif found := PICTURE_LINE.fullmatch(stripped):
            flush()
            if picture is None:
                raise ValueError(f"no picture can be drawn here: {stripped!r}")
            blocks.append(picture(found.group(1)))
        elif stripped.startswith("- "):
            if paragraph:
                flush()
            items.append(h("li", None, stripped[2:]))
        elif not stripped:
            flush()
        else:
            if items:
                flush()
            paragraph.append(stripped)
    flush()
    return title, fragment(blocks)


def render_rules(tr: Translator, ui: GameUI) -> Markup:
    """The rules page of ``ui``'s game in the reader's language."""
    from web.rulespictures import render

    title, body = render_markdown(page_text(ui, tr.lang), lambda name: render(tr, name))
    return fragment(
        top_bar(
            tr,
            tr.t("rules.title", game=title or tr.t(f"game.{ui.id}.name")),
            button(tr.t("rules.back"), "close-rules", kind="quiet", autofocus=True),
        ),
        h("main", {"class": "rules", "id": "main"}, h("article", {"class": "rules-text"}, body)),
    )
