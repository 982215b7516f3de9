"""Pieces every screen shares: the top bar, buttons, the log, the standings."""

from __future__ import annotations

from collections.abc import Sequence

from web.i18n import Translator
from web.markup import Child, Markup, classes, h


def button(
    label: str,
    action: str,
    *,
    kind: str = "",
    focus: str | None = None,
    disabled: bool = False,
    autofocus: bool = False,
    title: str | None = None,
    **data: object,
) -> Markup:
    """A real <button> that sends ``action`` (with ``data-*`` values) when pressed."""
    attrs: dict[str, object] = {
        "class": classes("button", kind),
        "type": "button",
        "data-action": action,
        "data-focus": focus or action,
        "disabled": disabled,
        "data-autofocus": autofocus,
        "title": title,
    }
    for key, value in data.items():
        attrs[f"data-{key.replace('_', '-')}"] = value
    return h("button", attrs, label)


#: A house, for Home on a narrow screen (the word stays for screen readers).
HOME_ICON = Markup(
    '<svg class="home-icon" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true"'
    ' focusable="false"><path d="M3 11.2 12 3.5l9 7.7V21h-6.2v-6.3H9.2V21H3z"'
    ' fill="currentColor"/></svg>'
)


def top_bar(tr: Translator, title: Child, *extra: Child) -> Markup:
    """The bar above every screen but home: back home, the title, screen actions."""
    return h(
        "header",
        {"class": "topbar compact"},
        h(
            "button",
            {
                "type": "button",
                "class": "button quiet home-button",
                "data-action": "go-home",
                "data-focus": "go-home",
            },
            HOME_ICON,
            h("span", {"class": "home-label"}, tr.t("nav.home")),
        ),
        h("h1", {"class": "screen-title"}, title),
        h("div", {"class": "topbar-actions"}, extra),
    )


def log_panel(tr: Translator, lines: Sequence[str]) -> Markup:
    """The event log, newest first, in a scrollable region."""
    items = [h("li", None, line) for line in reversed(lines[-60:])]
    return h(
        "section",
        {"class": "log", "aria-labelledby": "log-title"},
        h("h2", {"id": "log-title", "class": "panel-title"}, tr.t("play.log")),
        h("ul", {"class": "log-list", "tabindex": "0", "aria-label": tr.t("play.log")}, items),
    )


def error_note(field: str, text: str | None) -> Markup | None:
    """The message shown next to a field (referenced by its aria-describedby)."""
    if not text:
        return None
    return h("p", {"class": "field-error", "id": f"error-{field}", "role": "alert"}, text)


def coach_figures(rows: Sequence[tuple[str, str, bool]]) -> Markup:
    """The coach's figures as (label, value, best) rows."""
    return h(
        "dl",
        {"class": "coach-figures"},
        [
            h("div", {"class": classes(best and "best")}, h("dt", None, k), h("dd", None, v))
            for k, v, best in rows
        ],
    )


def coach_panel(
    tr: Translator, sentence: str, figures: Markup | None, note: str | None = None
) -> Markup:
    """The coach: what to do and why in one sentence, and the figures behind it one
    tap away (a native <details>)."""
    return h(
        "aside",
        {
            "class": "panel coach",
            "aria-labelledby": "coach-title",
            "data-key": "coach",
            "data-motion": "still",
        },
        h("h2", {"id": "coach-title", "class": "panel-title"}, tr.t("play.coach")),
        h("p", {"class": "coach-say"}, sentence),
        h(
            "details",
            {"class": "coach-more", "data-key": "coach-more"},
            h("summary", {"class": "coach-more-summary"}, tr.t("coach.show_figures")),
            figures,
            h("p", {"class": "coach-note"}, note) if note else None,
        )
        if figures is not None
        else None,
    )


def coach_thinking_panel(tr: Translator) -> Markup:
    """The coach while its advice is being worked out: in the place it will take, busy
    for screen readers until the advice replaces it."""
    return h(
        "aside",
        {
            "class": "panel coach coach-thinking",
            "aria-labelledby": "coach-title",
            "aria-busy": "true",
            "data-key": "coach",
            "data-motion": "still",
        },
        h("h2", {"id": "coach-title", "class": "panel-title"}, tr.t("play.coach")),
        h("p", {"class": "coach-wait"}, tr.t("coach.thinking")),
    )


def code_entry(label: str, field: str, described_by: str, action: Child, **attrs: object) -> Markup:
    """A labelled one-line field for a code (a shared deal's), beside the control that
    uses it (``action``): ``field`` is the input's id and focus key, ``attrs`` its own
    (a value shown read-only, say)."""
    return h(
        "div",
        {"class": "deal-entry"},
        h(
            "label",
            {"class": "field"},
            h("span", {"class": "field-label"}, label),
            h(
                "input",
                {
                    "id": field,
                    "type": "text",
                    "autocomplete": "off",
                    "autocapitalize": "off",
                    "spellcheck": "false",
                    **attrs,
                    "data-focus": field,
                    "aria-describedby": described_by,
                },
            ),
        ),
        action,
    )
