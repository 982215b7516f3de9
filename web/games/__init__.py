"""The UI of every game by id, beside :func:`pygame_core.get_game` (see :mod:`.base`).

The project's five games are listed here; another game's UI (a test's toy game) is
added at run time with :func:`register_ui`, beside
:func:`pygame_core.registry.register_game`.

>>> get_ui("dice41").id
'dice41'
"""

from __future__ import annotations

from pygame_core import UnknownGameError
from pygame_core.registry import game_ids
from web.games import dice21, dice41, tjueett, tjugoett, twentyone
from web.games.base import FieldKind, GameUI, OptionField

#: Every game's UI object; tests/test_game_ui.py checks it matches the core registry.
_UIS: dict[str, GameUI] = {
    ui.id: ui for ui in (dice21.UI, dice41.UI, tjueett.UI, tjugoett.UI, twentyone.UI)
}


def get_ui(game_id: str) -> GameUI:
    """The UI of ``game_id``; :class:`UnknownGameError` for an id without one."""
    ui = _UIS.get(game_id)
    if ui is None:
        raise UnknownGameError(f"no UI for game {game_id!r}")
    return ui


def register_ui(ui: GameUI) -> None:
    """Add the UI of a game added to the core at run time; an id that is taken raises
    ``ValueError``."""
    if ui.id in _UIS:
        raise ValueError(f"a UI for {ui.id!r} is registered already")
    _UIS[ui.id] = ui


def unregister_ui(game_id: str) -> None:
    """Remove a UI added with :func:`register_ui`."""
    if game_id not in (dice21.UI.id, dice41.UI.id, tjueett.UI.id, tjugoett.UI.id, twentyone.UI.id):
        _UIS.pop(game_id, None)


def ui_ids() -> tuple[str, ...]:
    """The ids of the games that have a UI."""
    return tuple(_UIS)


def all_uis() -> dict[str, GameUI]:
    """Every registered game's UI by id, in the home screen's order."""
    return {gid: _UIS[gid] for gid in game_ids() if gid in _UIS}


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
