"""The setup form's model: seats, preset and options, checked by the rules core.

Which options a game's setup shows (and how: a choice, a toggle, a number stepper) is
presentation and lives in the game's UI object (``GameUI.form``); whether a combination
is valid is the core's call: the draft is turned into the game's config and any
:class:`ConfigError` is shown next to the field it names.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from pygame_core import ConfigError, get_game
from web.games import OptionField, get_ui
from web.session import MAX_NAME, SEAT_KINDS, Seat, SeatKind


@dataclass(frozen=True)
class SetupDraft:
    """What the setup form holds; immutable, each change gives a new draft."""

    game_id: str
    seats: tuple[Seat, ...]
    preset: str
    options: Mapping[str, Any]
    errors: Mapping[str, str] = field(default_factory=dict)

    @property
    def fields(self) -> tuple[OptionField, ...]:
        """The options this game's form shows."""
        return get_ui(self.game_id).form

    def visible(self, option: OptionField) -> bool:
        """Whether ``option`` applies given the other options."""
        if option.show_if is None:
            return True
        other, value = option.show_if
        return bool(self.options.get(other) == value)


def default_names(default_name: str, bot_name: str, count: int) -> tuple[Seat, ...]:
    """One person and bots: the usual way to start."""
    seats = [Seat(default_name.format(n=1), "human")]
    seats += [Seat(bot_name.format(n=i + 1), "medium") for i in range(1, count)]
    return tuple(seats)


def new_draft(game_id: str, seats: tuple[Seat, ...]) -> SetupDraft:
    """A draft with the game's first preset."""
    game = get_game(game_id)
    if len(seats) > game.max_players:
        seats = seats[: game.max_players]
    preset = next(iter(game.presets))
    return apply_preset(SetupDraft(game_id, seats, preset, {}), preset)


def apply_preset(draft: SetupDraft, preset: str) -> SetupDraft:
    """The draft with ``preset``'s options (over the config defaults)."""
    game = get_game(draft.game_id)
    if preset not in game.presets:
        return draft
    base = game.config_to_dict(game.preset(preset, game.min_players))
    base.pop("players", None)
    return replace(draft, preset=preset, options=base, errors={})


def set_option(draft: SetupDraft, name: str, raw: str) -> SetupDraft:
    """The draft with option ``name`` set from the form's text ``raw``."""
    spec = next((f for f in draft.fields if f.name == name), None)
    if spec is None:
        return draft
    value: Any
    if spec.kind == "toggle":
        value = raw in ("1", "true", "on")
    elif spec.kind == "number":
        text = raw.strip()
        if not text and spec.optional:
            value = None
        else:
            value = int(text) if text.lstrip("-").isdigit() else raw
    else:
        value = next((c for c in spec.choices if str(c) == raw), raw)
    return replace(draft, options={**draft.options, name: value}, errors={})


def set_seat(
    draft: SetupDraft, index: int, name: str | None = None, kind: str | None = None
) -> SetupDraft:
    """The draft with seat ``index`` renamed or given to someone else."""
    if not 0 <= index < len(draft.seats):
        return draft
    seat = draft.seats[index]
    if name is not None:
        # Kept whole, even past MAX_NAME: the form says it is too long, never cuts it.
        seat = replace(seat, name=name)
    if kind is not None and kind in SEAT_KINDS:
        seat = replace(seat, kind=_kind(kind))
    seats = draft.seats[:index] + (seat,) + draft.seats[index + 1 :]
    return replace(draft, seats=seats, errors={})


def _kind(kind: str) -> SeatKind:
    for k in SEAT_KINDS:
        if k == kind:
            return k
    return "human"


def add_seat(draft: SetupDraft, seat: Seat) -> SetupDraft:
    """One more seat, up to the game's maximum."""
    if len(draft.seats) >= get_game(draft.game_id).max_players:
        return draft
    return replace(draft, seats=(*draft.seats, seat), errors={})


def remove_seat(draft: SetupDraft, index: int) -> SetupDraft:
    """One seat fewer, down to the game's minimum."""
    if len(draft.seats) <= get_game(draft.game_id).min_players or not 0 <= index < len(draft.seats):
        return draft
    return replace(draft, seats=draft.seats[:index] + draft.seats[index + 1 :], errors={})


def validate(draft: SetupDraft) -> tuple[Any | None, dict[str, str]]:
    """The config, or the errors as {field: error code or core reason}.

    Codes: ``name_empty``, ``name_long``, ``name_twice`` for ``seat-<i>`` fields, the
    core's :class:`ConfigError` reason for an option.
    """
    errors: dict[str, str] = {}
    seen: set[str] = set()
    for i, seat in enumerate(draft.seats):
        name = seat.name.strip()
        if not name:
            errors[f"seat-{i}"] = "name_empty"
        elif len(name) > MAX_NAME:
            errors[f"seat-{i}"] = "name_long"
        elif name.casefold() in seen:
            errors[f"seat-{i}"] = "name_twice"
        seen.add(name.casefold())
    game = get_game(draft.game_id)
    try:
        config = game.config(players=len(draft.seats), **draft.options)
    except ConfigError as exc:
        errors[exc.field] = exc.reason
        return None, errors
    except TypeError as exc:
        errors["config"] = str(exc)
        return None, errors
    return (None, errors) if errors else (config, errors)


def check_field(draft: SetupDraft, field: str) -> SetupDraft:
    """The draft with ``field``'s error shown if it has one now (a field is checked as
    it is left, not only at Start); other fields' errors stay as they were."""
    _, errors = validate(draft)
    if field in errors:
        return replace(draft, errors={**draft.errors, field: errors[field]})
    return draft


def seats_for_start(draft: SetupDraft) -> tuple[Seat, ...]:
    """The seats with their names tidied (whitespace trimmed)."""
    return tuple(replace(s, name=s.name.strip()) for s in draft.seats)
