"""Issue 48: the banker games' setup chooses who holds the bank first. The core gives
the bank to seat 0, so at Start the seats are turned round the table (everyone keeps
who follows them) until the chosen one sits first."""

from __future__ import annotations

import pytest
from tables import frame, press, started

from web.seats import Seat


@pytest.mark.parametrize("game", ["tjueett", "tjugoett"])
def test_the_third_seat_chosen_holds_the_bank_and_the_order_round_the_table_stays(
    game: str,
) -> None:
    app, page, _ = started()
    press(app, page, "open-game", game=game)
    press(app, page, "add-seat")
    assert 'data-field="bank-first"' in page.markup
    app.on_field("seat-name", {"seat": "2", "value": "Kari", "typing": "1"})
    app.on_field("bank-first", {"value": "2"})
    assert "Kari holds the bank first" in page.markup  # the name as it is typed
    draft = app.setup.draft
    press(app, page, "start-game")
    session = app.play.session
    assert session is not None and draft is not None
    s = (*draft.seats[:2], Seat("Kari", draft.seats[2].kind), *draft.seats[3:])
    assert session.seats == s[2:] + s[:2]
    assert frame(app).view.banker == 0
    assert frame(app).names[0] == "Kari"


def test_removing_a_seat_before_the_chosen_one_keeps_the_bank_with_its_person() -> None:
    app, page, _ = started()
    press(app, page, "open-game", game="tjueett")
    press(app, page, "add-seat")
    app.on_field("bank-first", {"value": "2"})
    draft = app.setup.draft
    assert draft is not None
    chosen = draft.seats[2].name
    press(app, page, "remove-seat", seat="0")
    assert f"{chosen} holds the bank first" in page.markup


def test_the_twenty_one_setup_asks_nothing_of_a_bank() -> None:
    app, page, _ = started()
    press(app, page, "open-game", game="dice21")
    assert 'data-field="bank-first"' not in page.markup
