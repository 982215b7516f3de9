"""The setup form's model: seats, variant and options, checked by the rules core.

Which options a game's setup shows (and how: a choice, a toggle, a number stepper) is
presentation and lives in the game's UI object (``GameUI.form``); whether a combination
is valid is the core's call: the draft is turned into the game's config and any
:class:`ConfigError` is shown next to the field it names.

**Variants and options never ask the same thing twice.** The variant buttons (the
core's presets) decide the rule choices that tell the presets apart (:func:`variant_fields`:
the choices and switches whose value differs from one preset to another); the options
list only what the variant leaves open (amounts, the match's length, the other house
rules), starting from the variant's values. A rule choice no preset makes (Tjugoett's
"a hand against each") is a variant of its own (:func:`variants`). Twenty One's
presets are one variant of scoring each and three house rules, so there the variant
decides only the scoring and the house rules stay switches (its UI's
``variant_fields``).
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import cache
from types import MappingProxyType
from typing import Any

from pygame_core import ConfigError, get_game
from pygame_core.deals import Deal
from web.games import OptionField, get_ui
from web.seats import MAX_NAME, SEAT_KINDS, Seat, SeatKind, kinds_of_letters


@dataclass(frozen=True)
class SetupDraft:
    """What the setup form holds; immutable, each change gives a new draft."""

    game_id: str
    seats: tuple[Seat, ...]
    preset: str
    options: Mapping[str, Any]
    errors: Mapping[str, str] = field(default_factory=dict)
    #: The review shows everyone's hidden cards after the match (see
    #: web/controllers/review.py).
    reveal_after: bool = True
    #: The people sharing the device agree that each may take back their last decision
    #: (asked only where several people play here; one person against bots may anyway).
    take_backs: bool = False
    #: A shared deal's seed (:mod:`pygame_core.deals`): the match deals the same cards
    #: and dice as the deal did, so its rules and its number of players stay as they
    #: are (None: a new deal).
    deal_seed: int | None = None
    #: The banker games: the seat (in the form's order) that holds the bank first. At
    #: Start the seats are turned round the table so that it sits first, where the core
    #: gives the bank (:func:`seats_for_start`).
    bank_first: int = 0

    @property
    def is_deal(self) -> bool:
        """Whether this is a shared deal (its rules and seats' number are fixed)."""
        return self.deal_seed is not None

    @property
    def fields(self) -> tuple[OptionField, ...]:
        """The options this game's form shows."""
        return get_ui(self.game_id).form

    def visible(self, option: OptionField) -> bool:
        """Whether ``option`` is asked: the variant does not decide it, and it applies
        given the other options."""
        if option.name in variant_fields(self.game_id):
            return False
        if option.show_if is None:
            return True
        other, value = option.show_if
        return bool(self.options.get(other) == value)


def default_names(default_name: str, bot_name: str, count: int) -> tuple[Seat, ...]:
    """One person and bots: the usual way to start ("Player 1", "Bot 1", "Bot 2"...:
    people and bots each counted on their own, whatever seat they sit in)."""
    seats = [Seat(default_name.format(n=1), "human")]
    seats += [Seat(bot_name.format(n=n), "medium") for n in range(1, count)]
    return tuple(seats)


def free_name(template: str, seats: tuple[Seat, ...]) -> str:
    """``template`` ("Bot {n}") with the lowest ``n`` from 1 that no seat's name has."""
    taken = {s.name for s in seats}
    return next(name for n in itertools.count(1) if (name := template.format(n=n)) not in taken)


def opening_seats(
    game_id: str, default_name: str, bot_name: str, remembered: tuple[str, ...] = ()
) -> tuple[Seat, ...]:
    """The seats a new setup of ``game_id`` starts with: one person (named as last
    time, if a name is ``remembered``) and as many bots as the game needs, at least one,
    the person at the game's seat for a newcomer (a bot holds the bank in the banker
    games). The build's prerendered setup starts from these too."""
    game = get_game(game_id)
    person, *bots = default_names(default_name, bot_name, max(2, game.min_players))
    if remembered:
        person = replace(person, name=remembered[0])
    at = min(get_ui(game_id).person_seat, len(bots))
    return (*bots[:at], person, *bots[at:])


@cache
def variant_fields(game_id: str) -> frozenset[str]:
    """The options the variant buttons decide (and the options list does not show):
    the rule choices the presets differ in, unless the game's UI names fewer (Twenty
    One's presets ``no_exchange``, ``pass`` and ``low_ace`` are each one house rule of
    the classic game: a person may combine them)."""
    named = get_ui(game_id).variant_fields
    if named:
        return frozenset(named)
    presets = _preset_options(game_id)
    return frozenset(
        f.name
        for f in get_ui(game_id).form
        if f.kind in ("choice", "toggle")
        and len({repr(options.get(f.name)) for options in presets.values()}) > 1
    )


def _preset_options(game_id: str) -> dict[str, dict[str, Any]]:
    game = get_game(game_id)
    out = {}
    for name in game.presets:
        options = game.config_to_dict(game.preset(name, game.min_players))
        options.pop("players", None)
        out[name] = options
    return out


@cache
def variants(game_id: str) -> Mapping[str, Mapping[str, Any]]:
    """The variant buttons, in order, each with the options it starts from: every
    preset that differs from the ones before it in what variants decide, then one for
    each choice of those that no preset makes (named by the choice)."""
    decided = variant_fields(game_id)
    out: dict[str, Mapping[str, Any]] = {}
    seen: set[tuple[object, ...]] = set()
    presets = _preset_options(game_id)
    for name, options in presets.items():
        mark = tuple(repr(options.get(f)) for f in sorted(decided))
        if mark not in seen:
            seen.add(mark)
            out[name] = MappingProxyType(options)
    first = next(iter(presets.values()))
    for spec in get_ui(game_id).form:
        if spec.name in decided and spec.kind == "choice":
            for choice in spec.choices:
                if all(o.get(spec.name) != choice for o in presets.values()):
                    out[str(choice)] = MappingProxyType({**first, spec.name: choice})
    return MappingProxyType(out)


def new_draft(game_id: str, seats: tuple[Seat, ...]) -> SetupDraft:
    """A draft with the game's first variant."""
    game = get_game(game_id)
    if len(seats) > game.max_players:
        seats = seats[: game.max_players]
    name, options = next(iter(variants(game_id).items()))
    return SetupDraft(game_id, seats, name, dict(options))


def deal_draft(deal: Deal, default_name: str, bot_name: str) -> SetupDraft:
    """A draft that plays shared ``deal``: its game, rules and seed, a seat for each of
    its seats, played as the code says (people named "Player n", bots "Bot n"), and the
    variant button of its rules pressed (none if no variant has them)."""
    options = get_game(deal.game_id).config_to_dict(deal.config)
    options.pop("players", None)
    decided = variant_fields(deal.game_id)
    preset = next(
        (
            name
            for name, values in variants(deal.game_id).items()
            if all(values.get(f) == options.get(f) for f in decided)
        ),
        "",
    )
    seats: list[Seat] = []
    for kind in kinds_of_letters(deal.seats):
        person = kind in ("human", "device")
        seats.append(Seat(free_name(default_name if person else bot_name, tuple(seats)), kind))
    return SetupDraft(deal.game_id, tuple(seats), preset, options, deal_seed=deal.seed)


def apply_preset(draft: SetupDraft, preset: str) -> SetupDraft:
    """The draft with variant ``preset``: its rules, and its values for the options a
    person has not changed from the variant before (a number typed in stays)."""
    table = variants(draft.game_id)
    if preset not in table or draft.is_deal:
        return draft
    before = table.get(draft.preset, {})
    decided = variant_fields(draft.game_id)
    kept = {
        name: value
        for name, value in draft.options.items()
        if name not in decided and name in before and value != before[name]
    }
    return replace(draft, preset=preset, options={**table[preset], **kept}, errors={})


def set_option(draft: SetupDraft, name: str, raw: str) -> SetupDraft:
    """The draft with option ``name`` set from the form's text ``raw``."""
    spec = next((f for f in draft.fields if f.name == name), None)
    if spec is None or draft.is_deal:
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
    """One more seat, up to the game's maximum (a shared deal's seats stay as many)."""
    if len(draft.seats) >= get_game(draft.game_id).max_players or draft.is_deal:
        return draft
    return replace(draft, seats=(*draft.seats, seat), errors={})


def remove_seat(draft: SetupDraft, index: int) -> SetupDraft:
    """One seat fewer, down to the game's minimum (a shared deal's seats stay as many)."""
    if (
        len(draft.seats) <= get_game(draft.game_id).min_players
        or not 0 <= index < len(draft.seats)
        or draft.is_deal
    ):
        return draft
    # the first bank stays with the same person (the first seat, if it was theirs)
    bank = draft.bank_first
    bank = 0 if bank == index else bank - 1 if index < bank else bank
    seats = draft.seats[:index] + draft.seats[index + 1 :]
    return replace(draft, seats=seats, errors={}, bank_first=bank)


def chooses_first_bank(game_id: str) -> bool:
    """Whether the game's setup asks who holds the bank first (the banker games)."""
    return bool(getattr(get_ui(game_id), "first_bank_choice", False))


def first_bank(draft: SetupDraft) -> int:
    """The seat (in the form's order) that holds the bank first: the one chosen, seat 0
    in a shared deal (its seats are the deal's) or where the setup asks nothing."""
    if draft.is_deal or not chooses_first_bank(draft.game_id):
        return 0
    return draft.bank_first if 0 <= draft.bank_first < len(draft.seats) else 0


def set_first_bank(draft: SetupDraft, raw: str) -> SetupDraft:
    """The draft with the seat numbered ``raw`` (from 0) holding the bank first."""
    if not raw.isdigit() or not 0 <= int(raw) < len(draft.seats) or draft.is_deal:
        return draft
    return replace(draft, bank_first=int(raw))


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
    """The seats with their names tidied (whitespace trimmed), turned round the table so
    that the one chosen to hold the bank first sits first (everyone keeps who follows
    them)."""
    seats = tuple(replace(s, name=s.name.strip()) for s in draft.seats)
    at = first_bank(draft)
    return seats[at:] + seats[:at]
