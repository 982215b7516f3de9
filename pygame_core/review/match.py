"""A match as the review and the replay read it: loaded once, replayed once.

:func:`load_match` takes a save document (or a tuple of game id, config, seed and
actions) and checks every action against the rules; the :class:`Match` it returns
replays the match through the rules on first use and keeps every state and step, so
the review (:mod:`.engine`), its chart (:mod:`.chart`) and the replay (:mod:`.replay`)
of one match share them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from ..contract import Game, Step
from ..registry import get_game
from ..saves import DOCUMENT, from_data, read_taken_back
from ..undo import TakenBack


@dataclass(frozen=True)
class Match:
    """A match as the save format keeps it: the game, config, seed and actions.

    :attr:`states` and :attr:`steps` replay it through the rules once, on first use,
    and keep what they found: the review and the replay of one match share them.
    """

    game: Game[Any, Any, Any, Any]
    config: Any
    seed: int
    actions: tuple[Any, ...]
    #: The decisions taken back during the match (:mod:`pygame_core.undo`).
    taken_back: tuple[TakenBack, ...] = ()

    @cached_property
    def _played(self) -> tuple[tuple[Any, ...], tuple[Step, ...]]:
        state = self.game.new_game(self.config, self.seed)
        states, steps = [state], []
        for action in self.actions:
            step = self.game.apply_paused(state, action)
            state = step.state
            states.append(state)
            steps.append(step)
        return tuple(states), tuple(steps)

    @property
    def states(self) -> tuple[Any, ...]:
        """Every state of the match: ``states[i]`` after the first ``i`` actions."""
        return self._played[0]

    @property
    def steps(self) -> tuple[Step, ...]:
        """What each action did: ``steps[i]`` the events and moments of action ``i``."""
        return self._played[1]


#: What :func:`load_match` accepts: a core save document (JSON text or parsed data,
#: see :mod:`pygame_core.saves`), a :class:`Match`, or ``(game_id, config, seed,
#: actions)`` with the config and actions as objects or as their JSON-safe data.
MatchInput = str | bytes | Mapping[str, Any] | Match | tuple[str, Any, int, Sequence[Any]]


def load_match(match: MatchInput) -> Match:
    """The :class:`Match` of ``match``, every action checked against the rules.

    A save document that cannot load raises :class:`~pygame_core.errors.SaveError`;
    a tuple with an unknown game, a bad config or an illegal action raises the rules'
    own error (all are ``ValueError``).
    """
    if isinstance(match, Match):
        return match
    if isinstance(match, tuple):
        game_id, config, seed, actions = match
        game = get_game(game_id)
        if not isinstance(config, game.config_type):
            config = game.config_from_dict(config)
        parsed = tuple(game.action_from_dict(a) if isinstance(a, dict) else a for a in actions)
        loaded = Match(game, config, seed, parsed)
        loaded.states  # noqa: B018 (replayed now: an illegal action raises here, once)
        return loaded
    data = DOCUMENT.parse(match) if isinstance(match, (str, bytes)) else dict(match)
    game, state = from_data(data)
    taken_back = read_taken_back(game, data)
    return Match(game, state.config, state.seed, tuple(state.history), taken_back)
