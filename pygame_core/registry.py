"""The registry of games by id; a game's module is imported only when asked for."""

from __future__ import annotations

import importlib
from typing import Any

from .contract import Game
from .errors import UnknownGameError

#: Game id -> module that defines ``GAME``. Imported lazily: the home screen needs
#: none of them, and each costs start-up time in the browser.
_MODULES: dict[str, str] = {
    "tjueett": "pygame_core.tjueett",
    "tjugoett": "pygame_core.tjugoett",
    "dice21": "pygame_core.dice21",
    "dice41": "pygame_core.dice41",
    "twentyone": "pygame_core.twentyone",
}

#: Every game of the project, in the order the home screen lists them.
ALL_GAME_IDS = ("dice21", "dice41", "tjueett", "tjugoett", "twentyone")


def game_ids() -> tuple[str, ...]:
    """Ids of the games that are implemented, in home-screen order."""
    return tuple(g for g in ALL_GAME_IDS if g in _MODULES)


def get_game(game_id: str) -> Game[Any, Any, Any, Any]:
    """The game registered under ``game_id``; :class:`UnknownGameError` otherwise."""
    module_name = _MODULES.get(game_id) if isinstance(game_id, str) else None
    if module_name is None:
        raise UnknownGameError(f"unknown game {game_id!r}")
    game = importlib.import_module(module_name).GAME
    assert isinstance(game, Game)
    return game
