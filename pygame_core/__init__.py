"""Nordic 21 rules core: five Scandinavian "21" table games in pure Python.

The same code runs under pytest (CPython 3.11) and in the browser (Pyodide, CPython
3.14). It never imports ``js`` or ``pyscript``, never reads the clock and never uses
the ``random`` module: all chance comes from the seeded :class:`~pygame_core.rng.Rng`
stored in each state.

The contract
------------
Every game is looked up by id (``dice21``, ``dice41``, ``tjueett``, ``tjugoett``,
``twentyone``) and offers the same interface (:class:`~pygame_core.contract.Game`)::

    game = get_game("dice21")
    config = game.preset("classic", players=3)       # or game.config(players=3, ...)
    state = game.new_game(config, seed=7)
    while (seat := game.current_player(state)) is not None:
        legal = game.legal_actions(state)            # frozen, hashable actions
        view = game.view(state, seat)                # only what that seat may know
        action = game.make_bot("expert").choose(view, legal, seed=len(state.history))
        state, events = game.apply(state, action)    # pure: the old state is intact
    result = game.outcome(state)                     # winners and final scores
    text = to_json(game, state)                      # versioned; replays exactly
    game, state = from_json(text)

- Configs are frozen dataclasses validated on construction; a bad one raises
  :class:`ConfigError` naming the field. Each game lists named ``presets``.
- ``apply`` raises :class:`IllegalActionError` for an action not in ``legal_actions``.
- Every view has ``viewer``, ``actor``, ``round``, ``phase`` and ``over``
  (:class:`~pygame_core.contract.GameView`); ``Game.hides_information`` says whether
  two seats' views can differ.
- ``view(state, seat)`` never holds the RNG, the deck order or another seat's hidden
  cards; events carry ``visible_to`` so private ones can be filtered per viewer.
- ``from_json`` raises :class:`SaveError` (and only that) for anything it cannot load.

Odds live in each game's ``odds`` module as exact :class:`fractions.Fraction` values;
bots see only a view and the legal actions. The coach is ``game.advise(view, legal,
seed)`` (each game's ``advice`` module; ``None`` when the viewer has nothing to
decide). ``python -m pygame_core.arena`` plays bots against each other.
"""

from __future__ import annotations

from .contract import BOT_LEVELS, Event, Game, GameView, Outcome, Pause, Step, events_for
from .errors import ConfigError, IllegalActionError, Nordic21Error, SaveError, UnknownGameError
from .registry import ALL_GAME_IDS, game_ids, get_game
from .rng import Rng
from .saves import SCHEMA_VERSION, from_json, to_json

__all__ = [
    "ALL_GAME_IDS",
    "BOT_LEVELS",
    "SCHEMA_VERSION",
    "ConfigError",
    "Event",
    "Game",
    "GameView",
    "IllegalActionError",
    "Nordic21Error",
    "Outcome",
    "Pause",
    "Rng",
    "SaveError",
    "Step",
    "UnknownGameError",
    "events_for",
    "from_json",
    "game_ids",
    "get_game",
    "to_json",
]
