"""Make the helpers beside the tests importable, and register the toy game.

The toy game (``tests/toygame.py`` and its UI ``tests/toyui.py``) is registered here,
before any test module is collected, so that every suite that runs over
:func:`pygame_core.registry.game_ids` (the contract, secrecy, screens, vocabulary,
golden and devices suites) plays it beside the project's own games. ``pytest_configure``
runs in every pytest-xdist worker as well as in the controller, so each process
registers it before it collects, and all of them collect the same tests.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parent.parent))


def register_test_games() -> None:
    """Register the toy game with the core and the UI (its texts come with its UI):
    one call each; a second call does nothing."""
    import toygame
    import toyui

    from pygame_core.registry import game_ids, register_game
    from web.games import register_ui

    if toygame.GAME.id not in game_ids():
        register_game(toygame.GAME)
        register_ui(toyui.UI)


def pytest_configure(config: pytest.Config) -> None:
    """Every process (each xdist worker too) registers the toy before it collects."""
    register_test_games()
