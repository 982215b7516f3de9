"""The registered games, filtered by what they have, for the suites' parametrize lists.

Every per-game list of the tests comes from :func:`pygame_core.registry.game_ids` (the
toy game of ``tests/toygame.py`` included: ``tests/conftest.py`` registers it before
collection), narrowed by a property of the game, never written out by id, so a new
game is played by every suite that applies to it.
"""

from __future__ import annotations

from toygame import TEST_GAME_IDS

from pygame_core import Game, get_game
from pygame_core.registry import game_ids


def coached() -> list[str]:
    """The games with a coach: their core answers ``advise`` (a game that keeps the
    contract's default has none)."""
    return [g for g in game_ids() if type(get_game(g)).advise is not Game.advise]


def rated() -> list[str]:
    """The games whose review rates decisions (``Game.review_rater``; a game without
    a rater is replayed by the review, nothing rated)."""
    return [g for g in game_ids() if get_game(g).review_rater is not None]


def hiding() -> list[str]:
    """The games that hide information from some seat (``Game.hides_information``)."""
    return [g for g in game_ids() if get_game(g).hides_information]


def site_games() -> list[str]:
    """The games the site ships: the registered ones but those only the tests register
    (the toy game is not built into the site, has no rules page and no browser run)."""
    return [g for g in game_ids() if g not in TEST_GAME_IDS]
