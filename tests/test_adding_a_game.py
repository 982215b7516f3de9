"""The list of files a new game adds (``docs/architecture.md``, "Adding a game") holds
for every game of the project, and a game kept outside it (the toy game) needs none of
them: only its own two modules and the two registration calls of ``tests/conftest.py``.
"""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest
import toygame
import toyui
from registered import site_games

from pygame_core import BOT_LEVELS, get_game
from pygame_core.registry import ALL_GAME_IDS, game_ids
from web.games import get_ui
from web.i18n import LANGUAGES, Translator

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "architecture.md"
START, END = "<!-- add-a-game:start -->", "<!-- add-a-game:end -->"
#: A list item that names a file: ``- `path`: what it is``.
ITEM = re.compile(r"^- `([^`]+\.[a-z]+)`:", re.M)
#: A comparison with a game's id in code: a branch on one game.
BRANCH = r"""(?:==|!=|\bin)\s*\(?["']{id}["']|["']{id}["']\s*(?:==|!=)"""


def section() -> str:
    text = DOC.read_text("utf-8")
    assert START in text and END in text, "docs/architecture.md lost its markers"
    return text.split(START, 1)[1].split(END, 1)[0]


def listed() -> tuple[list[str], list[str]]:
    """The files every game adds, and the optional ones, as the section lists them."""
    required, _, optional = section().partition("\nOptional:\n")
    return ITEM.findall(required), ITEM.findall(optional)


def paths(pattern: str, game_id: str) -> list[Path]:
    """``pattern`` with ``<id>`` filled in, once per language where it has ``<lang>``."""
    name = pattern.replace("<id>", game_id)
    langs = LANGUAGES if "<lang>" in name else ("",)
    return [ROOT / name.replace("<lang>", lang) for lang in langs]


def test_the_section_lists_the_core_package_its_bots_its_ui_and_its_rules_pages() -> None:
    required, optional = listed()
    assert required == [
        "pygame_core/<id>/__init__.py",
        "pygame_core/<id>/bots.py",
        "web/games/<id>.py",
        "web/rules/<id>.<lang>.md",
    ]
    assert optional == ["pygame_core/<id>/review.py"]
    assert "`ALL_GAME_IDS` in `pygame_core/registry.py`" in section()


@pytest.mark.parametrize("game_id", site_games())
def test_every_game_of_the_project_has_each_listed_file(game_id: str) -> None:
    required, _ = listed()
    missing = [p for pattern in required for p in paths(pattern, game_id) if not p.is_file()]
    assert not missing, missing
    # what the files hold: the core's GAME, its bots, its UI with its name in every language
    game = get_game(game_id)
    assert importlib.import_module(f"pygame_core.{game_id}").GAME is game
    assert all(game.make_bot(level) is not None for level in BOT_LEVELS)
    assert importlib.import_module(f"web.games.{game_id}").UI is get_ui(game_id)
    for lang in LANGUAGES:
        assert Translator(lang).t(f"game.{game_id}.name") != f"game.{game_id}.name"
    # the one edit: its id in the registry's list
    assert game_id in ALL_GAME_IDS
    # a rater, where it has one, is a module of the game's package or its family's,
    # never of the generic review engine
    if game.review_rater is not None:
        rater = importlib.import_module(game.review_rater)
        where = Path(rater.__file__ or "").resolve().relative_to(ROOT)
        assert where.parts[0] == "pygame_core" and where.parts[1] != "review", where
        assert where.name == "review.py", where


@pytest.mark.parametrize("game_id", site_games())
def test_no_shared_code_branches_on_a_game(game_id: str) -> None:
    """Outside a game's own files (and its family's, the banker games'), no code of the
    core or the UI compares with its id."""
    own = {Path("pygame_core") / game_id, Path("web/games") / f"{game_id}.py"}
    family = {Path("pygame_core/banker"), Path("web/games/banker.py")}
    branch = re.compile(BRANCH.format(id=re.escape(game_id)))
    found = []
    for source in sorted([*(ROOT / "pygame_core").rglob("*.py"), *(ROOT / "web").rglob("*.py")]):
        rel = source.relative_to(ROOT)
        if any(rel == p or p in rel.parents for p in own | family):
            continue
        for n, line in enumerate(source.read_text("utf-8").splitlines(), 1):
            if branch.search(line):
                found.append(f"{rel}:{n}: {line.strip()}")
    assert not found, found


def test_the_toy_needs_only_its_own_modules_and_two_calls() -> None:
    """The toy game is registered (tests/conftest.py: register_game, register_ui) and
    played by the suites over the registry, with no file of the project naming it and
    none of the listed files: its core and UI are its two modules, its words its UI's."""
    toy = toygame.GAME.id
    assert toy in game_ids() and toy not in ALL_GAME_IDS and toy not in site_games()
    assert get_game(toy) is toygame.GAME and get_ui(toy) is toyui.UI
    required, optional = listed()
    assert not any(p.exists() for pattern in required + optional for p in paths(pattern, toy))
    for lang in LANGUAGES:  # its texts came with its UI (other languages: English)
        assert Translator(lang).t(f"game.{toy}.name") == toyui.TEXTS[f"game.{toy}.name"]
    named = [
        source.relative_to(ROOT)
        for top in ("pygame_core", "web", "scripts")
        for source in (ROOT / top).rglob("*")
        if source.is_file()
        and source.suffix in {".py", ".json", ".md", ".toml"}
        and toy in source.read_text("utf-8", errors="replace")
    ]
    assert not named, named
    calls = (Path(__file__).parent / "conftest.py").read_text("utf-8")
    assert "register_game(toygame.GAME)" in calls and "register_ui(toyui.UI)" in calls
