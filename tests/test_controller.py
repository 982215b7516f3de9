"""The app controller under pytest: its handlers driven through a fake page, with the
real SaveBook, Stats and screens on a dict store (no browser).

Every step presses a button that is on the rendered screen (found in the markup the
fake page was given), so a test cannot press what a player could not.
"""

from __future__ import annotations

import re

import pytest
from tables import DictStore, FakePage, act, controls, moves, press, started

from pygame_core import game_ids, get_game
from pygame_core.dice21 import Roll, Stop
from web.app import Address, App
from web.controllers.play import OPEN_KEY
from web.i18n import Translator
from web.saves import GAME_PREFIX
from web.storage import PREFIX


def test_home_first_then_a_game_setup_as_a_new_address() -> None:
    app, page, _ = started()
    assert app.screen == "home" and page.address == "" and page.new_screens == [True]
    press(app, page, "open-game", game="dice21")
    assert app.screen == "setup" and page.history == ["", "#/setup/dice21"]
    assert page.new_screens[-1] is True
    press(app, page, "set-preset", preset=list(get_game("dice21").presets)[1])
    assert page.new_screens[-1] is False, "a change on the same screen is patched in"


def test_a_match_starts_saves_and_bots_play_it_to_the_end() -> None:
    app, page, store = started()
    press(app, page, "open-game", game="dice21")
    app.on_field("seat-kind", {"seat": "0", "value": "easy"})
    press(app, page, "start-game")
    save_id = app.play.save_id
    assert app.screen == "play" and save_id is not None
    assert page.address == Address("play", save_id).text
    assert store.get(OPEN_KEY) == save_id
    page.run_timers()
    assert app.play.session is not None and app.play.session.over
    assert "match-over" in page.markup and OPEN_KEY not in store.data
    assert app.ctx.book.history()[0][0].summary.finished
    assert page.announced, "the bots' moves are announced"


def test_a_person_plays_through_the_act_buttons() -> None:
    app, page, _ = started(seed=3)
    press(app, page, "open-game", game="dice21")
    press(app, page, "start-game")
    for _ in range(200):
        page.run_timers()
        session = app.play.session
        if session is None or session.over:
            break
        if 'data-action="moment-seen"' in page.markup:
            press(app, page, "moment-seen")
            continue
        act(app, page, Stop() if _total(page) >= 17 and Stop() in moves(app, page) else Roll())
    assert app.play.session is not None and app.play.session.over


def _total(page: FakePage) -> int:
    found = re.search(r'class="total-value"[^>]*>(\d+)<', page.markup)
    return int(found.group(1)) if found else 0


def test_back_forward_and_reload_on_every_address() -> None:
    app, page, store = started()
    press(app, page, "open-game", game="tjueett")
    press(app, page, "open-rules", game="tjueett")
    assert app.screen == "rules" and page.address == "#/rules/tjueett"
    press(app, page, "close-rules")  # the browser's Back
    assert app.screen == "setup" and page.address == "#/setup/tjueett"
    page.move(+1)
    assert app.screen == "rules"
    page.move(-1)
    press(app, page, "start-game")
    save_id = app.play.save_id
    assert save_id is not None and page.address == f"#/play/{save_id}"
    page.move(-1)
    assert app.screen == "setup"
    page.move(+1)
    assert app.screen == "play" and app.play.save_id == save_id
    page.move(-2)
    assert app.screen == "home"
    # A reload on each address comes back to that screen.
    for address, screen in [
        (f"#/play/{save_id}", "play"),
        ("#/setup/dice41", "setup"),
        ("#/rules/twentyone", "rules"),
        ("#/nonsense", "home"),
    ]:
        again = App(store, "en", FakePage())
        again.open_address(address)
        assert again.screen == screen, address
    assert again.page.history == [""]  # type: ignore[attr-defined]


def test_a_deleted_match_address_says_so_and_goes_home() -> None:
    app, page, _ = started()
    press(app, page, "open-game", game="dice21")
    press(app, page, "start-game")
    save_id = app.play.save_id
    press(app, page, "go-home")
    press(app, page, "delete-save", save=save_id or "")
    press(app, page, "confirm-delete", save=save_id or "")
    page.move(-1)
    assert app.screen == "home" and page.address == ""
    assert app.ctx.notice is not None


def test_tjugoett_default_setup_starts() -> None:
    app, page, _ = started()
    press(app, page, "open-game", game="tjugoett")
    assert app.setup.draft is not None and len(app.setup.draft.seats) == 3
    press(app, page, "start-game")
    assert app.screen == "play"


def test_too_few_seats_says_why() -> None:
    app, page, _ = started()
    press(app, page, "open-game", game="tjugoett")
    draft = app.setup.draft
    assert draft is not None
    app.setup.draft = draft.__class__(draft.game_id, draft.seats[:2], draft.preset, draft.options)
    press(app, page, "start-game")
    assert app.screen == "setup"
    assert Translator("en").t("setup.error.players", low=3, high=10) in page.markup


def test_a_field_is_checked_as_it_is_left_and_a_long_name_is_refused() -> None:
    app, page, _ = started()
    press(app, page, "open-game", game="dice21")
    long_name = "A" * 40
    app.on_field("seat-name", {"seat": "0", "value": long_name})
    tr = Translator("en")
    assert tr.t("setup.error.name_long") in page.markup
    assert f'value="{long_name}"' in page.markup, "the name is kept whole, not cut"
    press(app, page, "start-game")
    assert app.screen == "setup"
    app.on_field("option", {"name": "rounds", "value": "0"})
    app.on_field("option", {"name": "match", "value": "rounds"})
    press(app, page, "set-option", name="match", value="rounds")
    app.on_field("option", {"name": "rounds", "value": "0"})
    assert tr.t("setup.error.range", low=1, high=99) in page.markup


def test_two_people_hand_the_device_over_before_cards_show() -> None:
    app, page, _ = started(seed=5)
    press(app, page, "open-game", game="twentyone")
    app.on_field("seat-kind", {"seat": "1", "value": "human"})
    press(app, page, "start-game")
    assert 'data-action="show-cards"' in page.markup and "my-hand" not in page.markup
    press(app, page, "show-cards")
    assert "my-hand" in page.markup


def test_every_action_a_screen_renders_has_a_handler() -> None:
    app, page, _ = started()
    seen: set[str] = set()

    def collect() -> None:
        seen.update(c["data-action"] for c in controls(page.markup))

    collect()
    for game in game_ids():
        press(app, page, "open-game", game=game)
        collect()
        press(app, page, "start-game")
        collect()
        page.run_timers(50)
        collect()
        press(app, page, "go-home")
        collect()
    assert seen <= set(app.actions), sorted(seen - set(app.actions))
    app.on_action("no-such-action", {})  # ignored, never raises


def test_unknown_handler_names_are_not_looked_up_on_the_app() -> None:
    app, page, _ = started()
    before = page.markup
    app.on_action("__init__", {})
    app.on_action("render", {})
    assert app.screen == "home" and page.markup == before


@pytest.mark.parametrize("status", ["newer", "finished"])
def test_another_tab_moving_the_match_on_is_followed(status: str) -> None:
    store = DictStore()
    app, page, _ = started(store=store)
    press(app, page, "open-game", game="dice21")
    press(app, page, "start-game")
    save_id = app.play.save_id
    assert save_id is not None
    other, _, _ = started(store=store)
    other.open_address(f"#/play/{save_id}")
    session = other.play.session
    assert session is not None
    if status == "finished":
        while not session.over:
            other.play.perform(session.legal()[0])
    else:
        other.play.perform(session.legal()[0])
    app.on_storage(PREFIX + GAME_PREFIX + save_id)
    expected = "save.stale" if status == "newer" else "save.finished_elsewhere"
    assert app.ctx.notice_text() == Translator("en").t(expected)
