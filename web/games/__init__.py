"""The UI of every game by id, beside :func:`pygame_core.get_game` (see :mod:`.base`).

A game's UI is found from its id, as its rules are: the module ``web.games.<id>``
exposes ``UI`` (a :class:`GameUI`), and the games are the core registry's
(:func:`pygame_core.registry.game_ids`), so this package lists none of them. A game
whose UI lives elsewhere (a test's toy game) adds it with :func:`register_ui`. Either
way the UI's own words (:attr:`GameUI.texts`) join the translation tables when it is
found.

>>> get_ui("dice41").id
'dice41'
"""

from __future__ import annotations

import importlib

from pygame_core import UnknownGameError
from pygame_core.registry import game_ids
from web.games.base import FieldKind, GameUI, OptionField
from web.i18n import add_texts

#: Every game's UI object found so far, by id (tests/test_game_ui.py checks that every
#: registered game has one).
_UIS: dict[str, GameUI] = {}
#: The ids of the UIs added with :func:`register_ui` (the ones that can be removed).
_ADDED: set[str] = set()


def _found(ui: GameUI) -> GameUI:
    _UIS[ui.id] = ui
    add_texts(ui.texts)
    return ui


def _load(game_id: str) -> GameUI | None:
    """The UI of ``game_id`` from its module ``web.games.<id>``; None where there is no
    such module."""
    name = f"{__name__}.{game_id}"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as error:
        if error.name == name:
            return None
        raise
    ui = getattr(module, "UI", None)
    if not isinstance(ui, GameUI) or ui.id != game_id:
        raise TypeError(f"{name}.UI is not the GameUI of {game_id!r}")
    return _found(ui)


def get_ui(game_id: str) -> GameUI:
    """The UI of ``game_id``; :class:`UnknownGameError` for an id without one."""
    ui = _UIS.get(game_id)
    if ui is None and isinstance(game_id, str) and game_id in game_ids():
        ui = _load(game_id)
    if ui is None:
        raise UnknownGameError(f"no UI for game {game_id!r}")
    return ui


def register_ui(ui: GameUI) -> None:
    """Add the UI of a game whose UI is not ``web.games.<id>`` (a test's toy game), its
    texts with it; an id that is taken raises ``ValueError``."""
    if ui.id in _UIS:
        raise ValueError(f"a UI for {ui.id!r} is registered already")
    _ADDED.add(ui.id)
    _found(ui)


def unregister_ui(game_id: str) -> None:
    """Remove a UI added with :func:`register_ui` (the project's own stay)."""
    if game_id in _ADDED:
        _ADDED.discard(game_id)
        del _UIS[game_id]


def all_uis() -> dict[str, GameUI]:
    """Every registered game's UI by id, in the home screen's order (a game of the core
    without a UI is left out)."""
    uis = {}
    for game_id in game_ids():
        ui = _UIS.get(game_id) or _load(game_id)
        if ui is not None:
            uis[game_id] = ui
    return uis


def ui_ids() -> tuple[str, ...]:
    """The ids of the registered games that have a UI."""
    return tuple(all_uis())


# The start-up imports every game's UI (the home screen's tiles draw them all), so the
# build precompiles them with the rest of the start (scripts/pyc.mjs).
all_uis()

__all__ = [
    "FieldKind",
    "GameUI",
    "OptionField",
    "all_uis",
    "get_ui",
    "register_ui",
    "ui_ids",
    "unregister_ui",
]
