"""The setup screen: seats (name, person or bot), variant preset, options, Start."""

from __future__ import annotations

from pygame_core import get_game
from web.games import OptionField, get_ui
from web.i18n import Translator
from web.markup import Markup, fragment, h
from web.screens.common import button, error_note, top_bar
from web.seats import SEAT_KINDS
from web.setup import SetupDraft, chooses_first_bank, first_bank, variant_fields, variants


def _option_label(tr: Translator, game_id: str, name: str) -> str:
    specific = f"option.{game_id}.{name}"
    return tr.t(specific) if tr.has(specific) else tr.t(f"option.{name}")


def _value_label(tr: Translator, game_id: str, name: str, value: object) -> str:
    for key in (f"option.{game_id}.{name}.{value}", f"option.{name}.{value}"):
        if tr.has(key):
            return tr.t(key)
    return str(value)


def error_text(tr: Translator, draft: SetupDraft, field: str) -> str | None:
    """The player-facing message for ``field``'s error, in the reader's language.

    Seat names carry the setup's own codes; an option's error comes from the rules
    core, and is worded here from what the form knows about the option.
    """
    code = draft.errors.get(field)
    if code is None:
        return None
    if field.startswith("seat-"):
        return tr.t(f"setup.error.{code}")
    if field == "players":
        game = get_game(draft.game_id)
        return tr.t("setup.error.players", low=game.min_players, high=game.max_players)
    spec = next((f for f in draft.fields if f.name == field), None)
    if spec is not None and spec.kind == "number":
        value = draft.options.get(field)
        if value is None and spec.optional:
            return tr.t("setup.error.needs_number")
        if isinstance(value, int) and spec.low <= value <= spec.high:
            specific = f"setup.error.{draft.game_id}.{field}"
            return tr.t(specific) if tr.has(specific) else tr.t("setup.error.combination")
        return tr.t("setup.error.range", low=spec.low, high=spec.high)
    specific = f"setup.error.{draft.game_id}.{field}"
    return tr.t(specific) if tr.has(specific) else tr.t("setup.error.combination")


def error_announcement(tr: Translator, draft: SetupDraft) -> str:
    """What the live region says when Start finds a problem: the first field with one,
    named as the person sees it ("the name in seat 1", an option's label), and what is
    wrong with it, never the form's internal name of the field."""
    field = next(iter(draft.errors), None)
    problem = error_text(tr, draft, field) if field is not None else None
    if field is None or problem is None:
        return tr.t("setup.has_errors")
    if field.startswith("seat-") and field[5:].isdigit():
        return tr.t("setup.has_errors_seat", n=int(field[5:]) + 1, problem=problem)
    spec = next((f for f in draft.fields if f.name == field), None)
    if spec is not None and draft.visible(spec):
        option = _option_label(tr, draft.game_id, field)
        return tr.t("setup.has_errors_option", option=option, problem=problem)
    return tr.t("setup.has_errors_general", problem=problem)


def seat_row(tr: Translator, draft: SetupDraft, index: int) -> Markup:
    """One seat: name field, who plays it, remove."""
    seat = draft.seats[index]
    field = f"seat-{index}"
    error = error_note(field, error_text(tr, draft, field))
    kinds = [
        h(
            "option",
            {"value": kind, "selected": kind == seat.kind},
            tr.t(f"seat.kind.{kind}"),
        )
        for kind in SEAT_KINDS
    ]
    can_remove = len(draft.seats) > get_game(draft.game_id).min_players and not draft.is_deal
    return h(
        "li",
        {"class": "seat-row"},
        h(
            "label",
            {"class": "field name-field"},
            h("span", {"class": "field-label"}, tr.t("setup.seat_name", n=index + 1)),
            h(
                "input",
                {
                    "type": "text",
                    "value": seat.name,
                    "autocomplete": "off",
                    "data-field": "seat-name",
                    # sent at each key too: the bank's holder and "Remove ..." follow it
                    "data-live": "1",
                    "data-seat": index,
                    "data-focus": f"seat-name-{index}",
                    "aria-invalid": "true" if error else None,
                    "aria-describedby": f"error-{field}" if error else None,
                },
            ),
        ),
        h(
            "label",
            {"class": "field kind-field"},
            h("span", {"class": "field-label"}, tr.t("setup.seat_kind")),
            h(
                "select",
                {"data-field": "seat-kind", "data-seat": index, "data-focus": f"seat-kind-{index}"},
                kinds,
            ),
        ),
        button(
            tr.t("setup.remove_seat"),
            "remove-seat",
            kind="quiet small",
            focus=f"remove-seat-{index}",
            disabled=not can_remove,
            seat=index,
            title=tr.t("setup.remove_seat_named", name=seat.name),
        ),
        error,
    )


def first_bank_field(tr: Translator, draft: SetupDraft) -> Markup | None:
    """The banker games: who holds the bank first, a choice of the seats by name (a
    shared deal's bank is its first seat's)."""
    if not chooses_first_bank(draft.game_id):
        return None
    chosen = first_bank(draft)
    names = [
        h("option", {"value": i, "selected": i == chosen}, seat.name or str(i + 1))
        for i, seat in enumerate(draft.seats)
    ]
    return h(
        "label",
        {"class": "field first-bank-field"},
        h("span", {"class": "field-label"}, tr.t("setup.bank_first_choice")),
        h(
            "select",
            {"data-field": "bank-first", "data-focus": "bank-first", "disabled": draft.is_deal},
            names,
        ),
    )


def _show_value(value: object) -> str:
    """How a value reads in the form's markup (a switch's as "1" or "0")."""
    return "1" if value is True else ("0" if value is False else str(value))


def _option_box(option: OptionField, kind: str, shown: bool) -> dict[str, object]:
    """The attributes of an option's box: hidden while the option it depends on says so."""
    other, value = option.show_if if option.show_if else (None, None)
    return {
        "class": f"option {kind}",
        "hidden": not shown,
        "data-show-if": other,
        "data-show-value": None if other is None else _show_value(value),
    }


def option_control(
    tr: Translator, draft: SetupDraft, option: OptionField, shown: bool = True
) -> Markup:
    """One option as radio-like buttons, a switch, or a number stepper (``shown``:
    drawn visible)."""
    gid = draft.game_id
    label = _option_label(tr, gid, option.name)
    value = draft.options.get(option.name)
    locked = draft.is_deal  # a shared deal's rules are the deal's
    error = error_note(option.name, error_text(tr, draft, option.name))
    described = f"error-{option.name}" if error else None
    if option.kind == "toggle":
        control = h(
            "label",
            {"class": "switch"},
            h(
                "input",
                {
                    "type": "checkbox",
                    "checked": bool(value),
                    "disabled": locked,
                    "data-field": "option",
                    "data-name": option.name,
                    "data-focus": f"option-{option.name}",
                    "aria-describedby": described,
                },
            ),
            h("span", None, label),
        )
        return h("div", _option_box(option, "toggle", shown), control, error)
    if option.kind == "number":
        control = h(
            "label",
            {"class": "field"},
            h("span", {"class": "field-label"}, label),
            h(
                "input",
                {
                    "type": "number",
                    "inputmode": "numeric",
                    "min": option.low,
                    "max": option.high,
                    "value": value if value is not None else "",
                    "disabled": locked,
                    "data-field": "option",
                    "data-name": option.name,
                    "data-focus": f"option-{option.name}",
                    "aria-invalid": "true" if error else None,
                    "aria-describedby": described,
                },
            ),
        )
        return h("div", _option_box(option, "number", shown), control, error)
    buttons = [
        h(
            "button",
            {
                "type": "button",
                "class": "choice",
                "aria-pressed": "true" if value == choice else "false",
                "disabled": locked,
                "data-action": "set-option",
                "data-name": option.name,
                "data-value": choice,
                "data-focus": f"option-{option.name}-{choice}",
            },
            _value_label(tr, gid, option.name, choice),
        )
        for choice in option.choices
    ]
    return h(
        "div",
        {
            **_option_box(option, "choice-group", shown),
            "role": "group",
            "aria-labelledby": f"label-{option.name}",
            "aria-describedby": described,
        },
        h("span", {"class": "field-label", "id": f"label-{option.name}"}, label),
        h("div", {"class": "choices"}, buttons),
        error,
    )


def reveal_switch(tr: Translator, draft: SetupDraft) -> Markup | None:
    """Games with hidden cards: whether the review shows every hand after the match."""
    if not get_game(draft.game_id).hides_information:
        return None
    return h(
        "div",
        {"class": "option toggle"},
        h(
            "label",
            {"class": "switch"},
            h(
                "input",
                {
                    "type": "checkbox",
                    "checked": draft.reveal_after,
                    "data-field": "reveal-after",
                    "data-focus": "reveal-after",
                    "aria-describedby": "reveal-after-hint",
                },
            ),
            h("span", None, tr.t("setup.reveal_after")),
        ),
        h("p", {"class": "hint", "id": "reveal-after-hint"}, tr.t("setup.reveal_after_hint")),
    )


def take_backs_switch(tr: Translator, draft: SetupDraft) -> Markup | None:
    """Several people at this device: whether each may take back their last decision
    (one person against bots may anyway; a table with phones has no take-backs)."""
    people = [s for s in draft.seats if not s.is_bot]
    if len(people) < 2 or any(s.is_remote for s in people):
        return None
    return h(
        "div",
        {"class": "option toggle"},
        h(
            "label",
            {"class": "switch"},
            h(
                "input",
                {
                    "type": "checkbox",
                    "checked": draft.take_backs,
                    "data-field": "take-backs",
                    "data-focus": "take-backs",
                    "aria-describedby": "take-backs-hint",
                },
            ),
            h("span", None, tr.t("setup.take_backs")),
        ),
        h("p", {"class": "hint", "id": "take-backs-hint"}, tr.t("setup.take_backs_hint")),
    )


def device_note(tr: Translator, draft: SetupDraft) -> Markup | None:
    """Who will play on their own phone, and how they join (None: nobody)."""
    names = [s.name for s in draft.seats if s.is_remote]
    if not names:
        return None
    return h(
        "p", {"class": "setup-note device-note"}, tr.t("setup.device_note", names=tr.join(names))
    )


def variant_panel(tr: Translator, draft: SetupDraft) -> Markup:
    """The variant buttons and the options the variant leaves open.

    An option that applies only given another one (21's number of rounds, for a match
    of rounds) is drawn hidden while it does not, naming what it waits for
    (``data-show-if``, ``data-show-value``): the build's prerendered setup (web/boot.js)
    shows it as the person changes that option, before any Python runs.
    """
    gid = draft.game_id
    presets = [
        h(
            "button",
            {
                "type": "button",
                "class": "choice preset",
                "aria-pressed": "true" if name == draft.preset else "false",
                "disabled": draft.is_deal,
                "data-action": "set-preset",
                "data-preset": name,
                "data-focus": f"preset-{name}",
            },
            h("span", {"class": "preset-name"}, tr.t(f"preset.{gid}.{name}")),
            h("span", {"class": "preset-hint"}, tr.t(f"preset.{gid}.{name}.hint")),
        )
        for name in variants(gid)
    ]
    decided = variant_fields(gid)
    options = [
        option_control(tr, draft, f, shown=draft.visible(f))
        for f in draft.fields
        if f.name not in decided
    ]
    return h(
        "section",
        {"class": "panel", "aria-labelledby": "variant-title", "data-panel": "variant"},
        h("h2", {"id": "variant-title", "class": "panel-title"}, tr.t("setup.variant")),
        h(
            "div",
            {"class": "choices presets", "role": "group", "aria-labelledby": "variant-title"},
            presets,
        ),
        h("h2", {"class": "panel-title"}, tr.t("setup.options")),
        h(
            "div",
            {"class": "options"},
            options,
            reveal_switch(tr, draft),
            take_backs_switch(tr, draft),
        ),
    )


def render_setup(tr: Translator, draft: SetupDraft) -> Markup:
    """The whole setup screen."""
    game = get_game(draft.game_id)
    gid = draft.game_id
    note = get_ui(gid).setup_note(tr, draft)
    shown = {f"seat-{i}" for i in range(len(draft.seats))} | {
        f.name for f in draft.fields if draft.visible(f)
    }
    hidden = [f for f in draft.errors if f not in shown]
    general = error_note("general", error_text(tr, draft, hidden[0])) if hidden else None
    return fragment(
        top_bar(
            tr,
            tr.t("setup.title", game=tr.t(f"game.{gid}.name")),
            button(tr.t("nav.rules"), "open-rules", kind="quiet", game=gid),
        ),
        h(
            "main",
            {"class": "setup", "id": "main"},
            # first: why the rules cannot be changed, before the dimmed buttons
            h("p", {"class": "setup-note deal-note"}, tr.t("setup.deal_note"))
            if draft.is_deal
            else None,
            h(
                "section",
                {"class": "panel", "aria-labelledby": "seats-title"},
                h("h2", {"id": "seats-title", "class": "panel-title"}, tr.t("setup.seats")),
                h(
                    "ol",
                    {"class": "seat-list"},
                    [seat_row(tr, draft, i) for i in range(len(draft.seats))],
                ),
                button(
                    tr.t("setup.add_seat"),
                    "add-seat",
                    kind="quiet",
                    disabled=len(draft.seats) >= game.max_players or draft.is_deal,
                ),
                h(
                    "p",
                    {"class": "hint"},
                    tr.t("setup.seat_limits", low=game.min_players, high=game.max_players),
                ),
                first_bank_field(tr, draft),
                h("p", {"class": "setup-note"}, note) if note else None,
                device_note(tr, draft),
            ),
            variant_panel(tr, draft),
            h(
                "div",
                {"class": "setup-actions"},
                general,
                button(tr.t("setup.start"), "start-game", kind="primary big", autofocus=False),
            ),
        ),
    )
