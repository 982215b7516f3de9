"""An import that refuses a game says why in the person's language, naming where in the
file the game is (issue 48: "Ingenting ble importert: game 1: this is not a Nordic 21
save"). Through the real app on a fake page (tests/tables.py)."""

from __future__ import annotations

import copy
import json
import re
from typing import Any

import pytest
from tables import at_table, press, started

from web.app import App

#: How each language names the position of a game in the file, as a person reads it.
GAME_AT = {"nb": "spill nr. {n}", "sv": "spel nr {n}", "da": "spil nr. {n}", "en": "game {n}"}
#: Words of the core's English reasons (for developers), which no other language shows.
ENGLISH = re.compile(
    r"\b(game|history|practice|this|is|not|save|saves|the|file|seed|valid|number|"
    r"breaks|rules|replayed|summary|nothing|could|be|imported|damaged|a|of)\b",
    re.IGNORECASE,
)


def _exported_game() -> dict[str, Any]:
    app, _ = at_table("dice21", ["human", "medium"], seed=2)
    app.play.autosave()
    bundle = json.loads(app.ctx.book.export_all())
    game = bundle["games"][0]
    assert isinstance(game, dict)
    return game


def _bundle(*games: Any) -> str:
    return json.dumps(
        {"format": "nordic21-export", "schema": 1, "games": list(games), "history": []}
    )


def _foreign(game: dict[str, Any]) -> dict[str, Any]:
    """The issue's case: the game inside is not a Nordic 21 save."""
    bad = copy.deepcopy(game)
    bad["game"]["format"] = "chess"
    return bad


def _broken_seed(game: dict[str, Any]) -> dict[str, Any]:
    bad = copy.deepcopy(game)
    bad["game"]["seed"] = "seven"
    return bad


def _against_the_rules(game: dict[str, Any]) -> dict[str, Any]:
    bad = copy.deepcopy(game)
    bad["game"]["actions"] += [{"type": "Stop"}] * 3
    return bad


def _in(lang: str) -> tuple[App, Any]:
    app, page, _ = started()
    if lang != "en":
        press(app, page, "set-lang", lang=lang)
    return app, page


def _notice(app: App, text: str) -> str:
    app.import_text(text)
    notice = app.ctx.notice_text()
    assert notice
    return notice


@pytest.mark.parametrize("lang", ["nb", "sv", "da"])
@pytest.mark.parametrize("damage", [_foreign, _broken_seed, _against_the_rules])
def test_a_refused_game_is_named_and_worded_in_the_language(lang: str, damage: Any) -> None:
    app, _ = _in(lang)
    notice = _notice(app, _bundle(damage(_exported_game())))
    assert GAME_AT[lang].format(n=1) in notice, notice
    assert not ENGLISH.search(notice), notice


@pytest.mark.parametrize("lang", ["nb", "sv", "da"])
def test_the_game_refused_beside_an_imported_one_is_named_by_its_place(lang: str) -> None:
    game = _exported_game()
    app, _ = _in(lang)
    notice = _notice(app, _bundle(game, _foreign(game), _broken_seed(game)))
    assert GAME_AT[lang].format(n=2) in notice and GAME_AT[lang].format(n=3) in notice, notice
    assert not ENGLISH.search(notice), notice


def test_nb_says_filen_throughout() -> None:
    app, _ = _in("nb")
    texts = [
        _notice(app, _bundle(_foreign(_exported_game()))),
        _notice(app, '{"format": "nordic21-export", "schema": 1, "games": 3}'),
        _notice(app, "not json"),
    ]
    for text in texts:
        assert not re.search(r"\bfila\b", text, re.IGNORECASE), text
        assert not ENGLISH.search(text), text


@pytest.mark.parametrize("lang", ["nb", "sv", "da"])
def test_a_refused_file_is_worded_in_the_language(lang: str) -> None:
    app, _ = _in(lang)
    many = json.dumps({"format": "nordic21-export", "schema": 1, "games": [{}] * 1001})
    for text in ('{"format": "nordic21-export", "schema": 1, "games": 3}', many):
        notice = _notice(app, text)
        assert not ENGLISH.search(notice), notice
    assert "1000" in notice or "1 000" in notice or "1.000" in notice, notice


def test_english_says_the_same_in_english() -> None:
    app, _ = _in("en")
    notice = _notice(app, _bundle(_foreign(_exported_game())))
    assert "game 1" in notice and "Nordic 21" in notice, notice


def test_a_notice_of_refused_games_follows_a_change_of_language() -> None:
    app, page = _in("en")
    app.import_text(_bundle(_foreign(_exported_game())))
    press(app, page, "set-lang", lang="sv")
    notice = app.ctx.notice_text()
    assert notice and GAME_AT["sv"].format(n=1) in notice and not ENGLISH.search(notice)
