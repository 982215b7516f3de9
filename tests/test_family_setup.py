"""The setup's and the home screen's logic behind issue 48's family fixes, without a
browser (e2e/test_family_setup.py shows each in the page): a seat given to a bot
takes a bot's name, a name typed key by key reaches the draft unchecked, the live
region names a field in words, a saved match's summary keeps whose turn it is (old
saves without it still read), and a success is drawn as one."""

from __future__ import annotations

from dataclasses import replace

import pytest
from tables import press, started

from pygame_core import get_game
from web.app import App
from web.controllers.base import Notice
from web.controllers.home import notice_kind
from web.i18n import Translator
from web.saves.formats import Summary, summary_data, summary_from_data
from web.screens.home import notice_line
from web.screens.setup import error_announcement
from web.seats import Seat
from web.setup import SetupDraft, new_draft, set_option, set_seat, validate


def drafted(app: App) -> SetupDraft:
    draft = app.setup.draft
    assert draft is not None
    return draft


def test_a_seat_given_to_a_bot_takes_a_bots_name_unless_it_was_typed() -> None:
    app, page, _ = started()
    press(app, page, "open-game", game="dice21")
    draft = app.setup.draft
    assert draft is not None and draft.seats[0] == Seat("Player 1", "human")
    app.on_field("seat-kind", {"seat": "0", "value": "expert"})
    assert drafted(app).seats[0].name == "Bot 2"  # Bot 1 sits beside it
    app.on_field("seat-kind", {"seat": "0", "value": "human"})
    assert drafted(app).seats[0].name == "Player 1"
    app.on_field("seat-name", {"seat": "0", "value": "Una"})
    app.on_field("seat-kind", {"seat": "0", "value": "easy"})
    assert drafted(app).seats[0].name == "Una"


def test_a_typed_name_stays_when_its_seat_goes_to_a_bot_even_if_remembered() -> None:
    """A name the setup remembered from the last match, typed again into a seat that
    then goes to a bot, is the person's, not the setup's: it stays (the cross-engine
    reload path typed "Bo", remembered from its first match, and got "Bot 1")."""
    app, page, store = started()
    store.set("names", '["Ann", "Bo"]')  # a match of Ann and Bo was started before
    press(app, page, "open-game", game="dice21")
    app.on_field("seat-name", {"seat": "1", "value": "Bo"})
    app.on_field("seat-kind", {"seat": "1", "value": "expert"})
    assert drafted(app).seats[1] == Seat("Bo", "expert")


def test_a_name_typed_key_by_key_reaches_the_draft_unchecked() -> None:
    app, page, _ = started()
    press(app, page, "open-game", game="tjueett")
    app.on_field("seat-name", {"seat": "0", "value": "", "typing": "1"})
    assert drafted(app).seats[0].name == "" and not drafted(app).errors
    app.on_field("seat-name", {"seat": "0", "value": "K", "typing": "1"})
    assert "K holds the bank first" in page.markup
    app.on_field("seat-name", {"seat": "0", "value": ""})  # left empty: now it is wrong
    assert drafted(app).errors == {"seat-0": "name_empty"}


@pytest.mark.parametrize("lang", ["nb", "sv", "da", "en"])
def test_the_live_region_names_the_field_in_words(lang: str) -> None:
    """Never "(seat-1)": the seat's number in a sentence, an option by its label, what
    is wrong in the person's language."""
    tr = Translator(lang)
    seats = (Seat("A", "human"), Seat("B", "medium"), Seat("C", "medium"))
    unnamed = set_seat(new_draft("tjueett", seats), 1, name=" ")
    said = error_announcement(tr, replace(unnamed, errors=validate(unnamed)[1]))
    assert said == tr.t("setup.has_errors_seat", n=2, problem=tr.t("setup.error.name_empty"))
    assert "seat-" not in said
    broke = set_option(new_draft("tjueett", seats), "chips", "0")
    said = error_announcement(tr, replace(broke, errors=validate(broke)[1]))
    assert said.startswith(
        tr.t("setup.has_errors_option", option=tr.t("option.tjueett.chips"), problem="")[:-1]
    )
    few = new_draft("tjueett", seats[:1])
    said = error_announcement(tr, replace(few, errors=validate(few)[1]))
    assert said.startswith(tr.t("setup.has_errors_general", problem=""))


def test_the_summary_keeps_whose_turn_and_old_saves_still_read() -> None:
    summary = Summary("dice21", ("Una", "Per"), 1, False, None, 1)
    data = summary_data(summary)
    assert summary_from_data(data) == summary
    del data["turn"]  # a save from before
    assert summary_from_data(data).turn is None
    with pytest.raises(Exception, match="turn"):
        summary_from_data({**summary_data(summary), "turn": 2})
    assert get_game("dice21").current_player is not None


def test_a_success_is_drawn_as_one() -> None:
    assert notice_kind(Notice("import.done", {"n": 6})) == "done"
    assert notice_kind(Notice("import.refused", {})) == "problem"
    assert 'class="notice done"' in str(notice_line("Importerte 6 spill.", "done"))
    assert 'role="status"' in str(notice_line("Importerte 6 spill.", "done"))
    assert 'role="alert"' in str(notice_line("Ingenting ble importert.", "problem"))
