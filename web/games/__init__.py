"""The UI of every game by id, beside :func:`pygame_core.get_game` (see :mod:`.base`).

>>> get_ui("dice41").id
'dice41'
"""

from __future__ import annotations

from collections.abc import Mapping

from pygame_core import UnknownGameError
from web.games import dice21, dice41, tjueett, tjugoett, twentyone
from web.games.base import FieldKind, GameUI, OptionField

#: Every game's UI object; tests/test_game_ui.py checks it matches the core registry.
_UIS: Mapping[str, GameUI] = {
    ui.id: ui for ui in (dice21.UI, dice41.UI, tjueett.UI, tjugoett.UI, twentyone.UI)
}


def get_ui(game_id: str) -> GameUI:
    """The UI of ``game_id``; :class:`UnknownGameError` for an id without one."""
    ui = _UIS.get(game_id)
    if ui is None:
        raise UnknownGameError(f"no UI for game {game_id!r}")
    return ui


def ui_ids() -> tuple[str, ...]:
    """The ids of the games that have a UI."""
    return tuple(_UIS)


__all__ = ["FieldKind", "GameUI", "OptionField", "get_ui", "ui_ids"]
