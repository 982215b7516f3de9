"""The setup form's model: seats, preset and options, checked by the rules core.

Which options a game's setup shows (and how: a choice, a toggle, a number stepper) is
presentation and lives here; whether a combination is valid is the core's call: the
draft is turned into the game's config and any :class:`ConfigError` is shown next to
the field it names.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from pygame_core import ConfigError, get_game
from web.session import MAX_NAME, SEAT_KINDS, Seat, SeatKind

FieldKind = Literal["choice", "toggle", "number"]


@dataclass(frozen=True)
class OptionField:
    """One option of the setup form."""

    name: str
    kind: FieldKind
    choices: tuple[Any, ...] = ()
    low: int = 0
    high: int = 0
    #: Shown only when another option has this value: (option, value).
    show_if: tuple[str, Any] | None = None
    #: A number that may be left empty (the option's "none", e.g. no fixed round count).
    optional: bool = False


FORMS: Mapping[str, tuple[OptionField, ...]] = {
    "dice21": (
        OptionField("dice", "choice", (1, 2)),
        OptionField("target", "choice", (21, 36)),
        OptionField("match", "choice", ("single", "series", "rounds")),
        OptionField("rounds", "number", low=1, high=99, show_if=("match", "rounds")),
        OptionField("chips", "toggle"),
        OptionField("starting_chips", "number", low=1, high=1000, show_if=("chips", True)),
        OptionField("tie_pot", "choice", ("rolloff", "split"), show_if=("chips", True)),
    ),
    "dice41": (
        OptionField("chips", "toggle"),
        OptionField("starting_chips", "number", low=1, high=1000, show_if=("chips", True)),
        OptionField("match", "choice", ("rounds", "all_chips")),
        OptionField("rounds", "number", low=1, high=999),
        OptionField("tie", "choice", ("replay", "share")),
    ),
    "tjueett": (
        OptionField("bank", "choice", ("fixed", "rotating")),
        OptionField("banker_chips", "number", low=1, high=1000),
        OptionField("chips", "number", low=1, high=1000),
        OptionField("min_bet", "number", low=1, high=100),
        OptionField("rounds", "number", low=1, high=999, optional=True),
    ),
    "tjugoett": (
        OptionField("chips", "number", low=1, high=1000),
        OptionField("min_bet", "number", low=1, high=100),
        OptionField("deals_per_bank", "number", low=1, high=100),
        OptionField("banker_plays", "choice", ("at_once", "after_all", "after_all_each")),
        OptionField("rounds", "number", low=1, high=999, optional=True),
    ),
    "twentyone": (
        OptionField("scoring", "choice", ("highest", "everyone")),
        OptionField("target", "number", low=1, high=1000),
        OptionField("exchange", "toggle"),
        OptionField("cannot_beat", "choice", ("discard", "pass")),
        OptionField("low_ace", "toggle"),
    ),
}


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
        return FORMS.get(self.game_id, ())

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
        seat = replace(seat, name=name[: MAX_NAME * 2])
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


def seats_for_start(draft: SetupDraft) -> tuple[Seat, ...]:
    """The seats with their names tidied (whitespace trimmed)."""
    return tuple(replace(s, name=s.name.strip()) for s in draft.seats)
