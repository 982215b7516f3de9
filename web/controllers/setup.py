"""The setup of a match: the draft a person fills in, checked by the core as it changes,
and the names remembered from the last match."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from pygame_core import get_game
from pygame_core.deals import read_deal
from web.controllers.base import Controller, Handler
from web.markup import Markup
from web.seats import Seat
from web.setup import (
    SetupDraft,
    add_seat,
    apply_preset,
    check_field,
    deal_draft,
    free_name,
    new_draft,
    opening_seats,
    remove_seat,
    seats_for_start,
    set_first_bank,
    set_option,
    set_seat,
    validate,
)
from web.storage import StorageFull

#: The people's names of the last match started (JSON list), offered in the next setup.
NAMES_KEY = "names"


class SetupController(Controller):
    """The setup screen's draft and its buttons and fields."""

    draft: SetupDraft | None = None
    #: The names typed into this setup's seats (a typed name stays when its seat goes to
    #: a bot, even if it is also one the setup remembered from the last match).
    typed: frozenset[str] = frozenset()

    def actions(self) -> Mapping[str, Handler]:
        return {
            "set-preset": self.do_set_preset,
            "set-option": self.do_set_option,
            "add-seat": self.do_add_seat,
            "remove-seat": self.do_remove_seat,
        }

    def markup(self) -> Markup | None:
        """The setup screen (None without a draft)."""
        if self.draft is None:
            return None
        from web.screens.setup import render_setup

        return render_setup(self.ctx.tr, self.draft)

    def open(self, game_id: str, seats: tuple[Seat, ...] | None = None) -> None:
        """A draft for ``game_id``: ``seats``, or one person and bots as the game needs."""
        game = get_game(game_id)
        tr = self.ctx.tr
        if seats is None:
            seats = opening_seats(
                game_id,
                tr.t("setup.default_name"),
                tr.t("setup.default_bot"),
                tuple(self.remembered_names()),
            )
        while len(seats) < game.min_players:
            seats = (*seats, Seat(free_name(tr.t("setup.default_bot"), seats), "medium"))
        self.draft = new_draft(game_id, seats)
        self.typed = frozenset()

    def open_deal(self, code: str) -> None:
        """A draft that plays the shared deal ``code`` (:class:`DealError` if it cannot
        be played: nothing changes)."""
        tr = self.ctx.tr
        deal = read_deal(code)
        self.draft = deal_draft(deal, tr.t("setup.default_name"), tr.t("setup.default_bot"))

    def again(self, draft: SetupDraft) -> None:
        """A draft that repeats a match: its seats, options and choices (the player
        count follows the seats)."""
        options = {k: v for k, v in draft.options.items() if k != "players"}
        self.draft = replace(draft, preset="", options=options)

    def started(self) -> tuple[SetupDraft, Any] | None:
        """The draft and its config, if the draft is valid; else the errors are shown
        beside their fields and read out, and None."""
        draft = self.draft
        if draft is None:
            return None
        config, errors = validate(draft)
        if config is None:
            self.draft = replace(draft, errors=errors)
            from web.screens.setup import error_announcement

            self.ctx.page.announce(error_announcement(self.ctx.tr, self.draft))
            return None
        self.remember_names(seats_for_start(draft))
        return draft, config

    def remembered_names(self) -> list[str]:
        """The people's names of the last match started (none if unreadable)."""
        try:
            names = json.loads(self.ctx.store.get(NAMES_KEY) or "[]")
        except ValueError:
            return []
        return (
            [n for n in names if isinstance(n, str) and n.strip()]
            if isinstance(names, list)
            else []
        )

    def remember_names(self, seats: tuple[Seat, ...]) -> None:
        """Keep the names people typed (not "Player 2") for the next setup."""
        tr = self.ctx.tr
        defaults = {tr.t("setup.default_name", n=n) for n in range(1, 11)}
        names = [s.name for s in seats if not s.is_bot and s.name not in defaults]
        if names:
            with contextlib.suppress(StorageFull):
                self.ctx.store.set(NAMES_KEY, json.dumps(names))

    def seat_to_person(self, index: int) -> None:
        """A bot's seat given to a person drops the bot's name (the next remembered name,
        or "Player n")."""
        draft = self.draft
        if draft is None or not 0 <= index < len(draft.seats):
            return
        tr = self.ctx.tr
        bot_names = {tr.t("setup.default_bot", n=n) for n in range(1, 11)}
        if draft.seats[index].name not in bot_names:
            return
        taken = {s.name for s in draft.seats}
        free = [n for n in self.remembered_names() if n not in taken]
        name = free[0] if free else free_name(tr.t("setup.default_name"), draft.seats)
        self.draft = set_seat(draft, index, name=name)

    def seat_to_bot(self, index: int) -> None:
        """A person's seat given to a bot takes a bot's name ("Bot 2") unless the name
        was typed: "Player n" and the names the setup filled in from the last match
        are the setup's, not a person's."""
        draft = self.draft
        if draft is None or not 0 <= index < len(draft.seats):
            return
        tr = self.ctx.tr
        filled = {tr.t("setup.default_name", n=n) for n in range(1, 11)}
        filled |= set(self.remembered_names())
        name = draft.seats[index].name.strip()
        if name not in filled or name in self.typed:
            return
        others = draft.seats[:index] + draft.seats[index + 1 :]
        self.draft = set_seat(draft, index, name=free_name(tr.t("setup.default_bot"), others))

    def on_field(self, name: str, data: dict[str, str]) -> None:
        """A form field changed (a text field: as it is left, and with ``typing`` at
        each key, unchecked so that a half-typed name is not called wrong), and is
        checked at once."""
        if self.draft is None:
            return
        value = data.get("value", "")
        if name == "seat-name":
            index = int(data.get("seat", "-1"))
            named = set_seat(self.draft, index, name=value)
            self.typed |= {value.strip()}
            typing = data.get("typing") == "1"
            if typing:  # the other fields' errors stay as they were
                errors = {k: v for k, v in self.draft.errors.items() if k != f"seat-{index}"}
                self.draft = replace(named, errors=errors)
            else:
                self.draft = check_field(named, f"seat-{index}")
        elif name == "seat-kind":
            index = int(data.get("seat", "-1"))
            self.draft = set_seat(self.draft, index, kind=value)
            if value in ("human", "device"):
                self.seat_to_person(index)
            else:
                self.seat_to_bot(index)
        elif name == "option":
            option = data.get("name", "")
            self.draft = check_field(set_option(self.draft, option, value), option)
        elif name == "bank-first":
            self.draft = set_first_bank(self.draft, value)
        elif name == "reveal-after":
            self.draft = replace(self.draft, reveal_after=value == "1")
        elif name == "take-backs":
            self.draft = replace(self.draft, take_backs=value == "1")

    def do_set_preset(self, data: dict[str, str]) -> None:
        if self.draft is not None:
            self.draft = apply_preset(self.draft, data.get("preset", ""))

    def do_set_option(self, data: dict[str, str]) -> None:
        if self.draft is not None:
            self.draft = set_option(self.draft, data.get("name", ""), data.get("value", ""))

    def do_add_seat(self, data: dict[str, str]) -> None:
        if self.draft is not None:
            bot = Seat(free_name(self.ctx.tr.t("setup.default_bot"), self.draft.seats), "medium")
            self.draft = add_seat(self.draft, bot)

    def do_remove_seat(self, data: dict[str, str]) -> None:
        if self.draft is not None:
            self.draft = remove_seat(self.draft, int(data.get("seat", "-1")))
