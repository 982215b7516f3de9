"""The registry of games by id; a game's package is imported only when asked for.

The five games of the project are one list, :data:`ALL_GAME_IDS`; each is the package
of the core named by its id (``pygame_core.dice21``), whose ``GAME`` is the game.
Another game (a test's toy game, a game in development) is added at run time with
:func:`register_game`, so a new game needs no edit of this file to be played, saved,
reviewed and replayed.
"""

from __future__ import annotations

import importlib
from typing import Any

from .contract import Game
from .errors import UnknownGameError

#: Every game of the project, in the order the home screen lists them. Each is the
#: package ``pygame_core.<id>``, imported lazily: the home screen needs none of them,
#: and each costs start-up time in the browser.
ALL_GAME_IDS = ("dice21", "dice41", "tjueett", "tjugoett", "twentyone")


#: Games added at run time (:func:`register_game`), by id.
_ADDED: dict[str, Game[Any, Any, Any, Any]] = {}


def register_game(game: Game[Any, Any, Any, Any]) -> None:
    """Add ``game`` under its ``id`` (listed after the project's own games); an id that
    is taken raises ``ValueError``."""
    if game.id in ALL_GAME_IDS or game.id in _ADDED:
        raise ValueError(f"a game {game.id!r} is registered already")
    _ADDED[game.id] = game


def unregister_game(game_id: str) -> None:
    """Remove a game added with :func:`register_game` (the project's own stay)."""
    _ADDED.pop(game_id, None)


def game_ids() -> tuple[str, ...]:
    """Ids of the games that are implemented, in home-screen order."""
    return (*ALL_GAME_IDS, *_ADDED)


def get_game(game_id: str) -> Game[Any, Any, Any, Any]:
    """The game registered under ``game_id``; :class:`UnknownGameError` otherwise."""
    added = _ADDED.get(game_id) if isinstance(game_id, str) else None
    if added is not None:
        return added
    if not isinstance(game_id, str) or game_id not in ALL_GAME_IDS:
        raise UnknownGameError(f"unknown game {game_id!r}")
    game = importlib.import_module(f"{__package__}.{game_id}").GAME
    assert isinstance(game, Game) and game.id == game_id
    return game
