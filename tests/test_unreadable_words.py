"""Issue 48's leftover: an unreadable save says why in the person's language, on the
home screen's list and in the notice when it is opened (a saved match or a practice
moment), never in the core's English for developers. Through the real app on a fake
page (tests/tables.py)."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from tables import DictStore, press, started
from test_import_words import ENGLISH, _against_the_rules, _broken_seed, _exported_game, _foreign

from web.app import App
from web.saves import GAME_PREFIX

#: The core's English reason shown to a person, "(the save's seed is not a valid number)".
SAVED_REASON = re.compile(r'<span class="saved-reason">(.*?)</span>')


def _damaged(lang: str, damage: Any) -> tuple[App, Any, str]:
    game = damage(_exported_game())
    saved_id = str(game.get("id", "g1"))
    store = DictStore()
    store.set(GAME_PREFIX + saved_id, json.dumps(game))
    store.set("practice.p1", "{garbled")
    app, page, _ = started(store=store)
    press(app, page, "set-lang", lang=lang)
    return app, page, saved_id


def _english(text: str) -> list[str]:
    return ENGLISH.findall(text)


@pytest.mark.parametrize("damage", [_foreign, _broken_seed, _against_the_rules])
@pytest.mark.parametrize("lang", ["nb", "sv", "da"])
def test_an_unreadable_save_is_told_in_the_language(lang: str, damage: Any) -> None:
    app, page, saved_id = _damaged(lang, damage)
    # the listing's cheap checks may pass a save that breaks the rules: opening it finds it
    app.on_action("continue", {"save": saved_id})
    notice = app.ctx.notice_text()
    assert notice and not _english(notice), notice
    assert "saved unreadable" in page.markup  # back on the home screen, its list
    reasons = SAVED_REASON.findall(page.markup)
    assert reasons, page.markup
    for reason in reasons:
        assert not _english(reason), reason


@pytest.mark.parametrize("lang", ["nb", "sv", "da"])
def test_an_unreadable_practice_moment_is_told_in_the_language(lang: str) -> None:
    app, _, _ = _damaged(lang, _foreign)
    assert not app.practice.open("p1")
    notice = app.ctx.notice_text()
    assert notice and not _english(notice), notice
