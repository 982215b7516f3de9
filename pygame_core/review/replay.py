"""Replay frames: the match step by step, as one seat saw it.

Frame ``i`` is the table after the first ``i`` actions (frame 0: the deal before any
action), as :meth:`~pygame_core.contract.Game.view` shows it to the viewer, with the
events of action ``i`` that the viewer may see. A decision of a review at ``index``
sits between frames ``index`` and ``index + 1``.

Hidden cards stay hidden: a seat's face-down cards appear only in frames seen by that
seat, unless ``reveal_all`` (allowed only once the match is over, when the players
chose to show everything); then every event is shown and each frame also lists every
seat's hand with its hidden cards (:attr:`Frame.revealed`), from that seat's own view.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..contract import Event, events_for
from .match import MatchInput, load_match


@dataclass(frozen=True)
class Frame:
    """The table after ``index`` actions, for the replay's viewer.

    ``action`` is the action that led here and ``by`` the seat that took it (both
    ``None`` in frame 0); ``events`` what it caused, as far as the viewer may see;
    ``actor`` the seat to act next (``None`` at the end); ``view`` the viewer's view;
    ``revealed`` (with ``reveal_all`` only) ``(seat, hand)`` for every seat holding
    cards, each hand as its owner sees it (its hidden cards face up).
    """

    index: int
    action: Any | None
    by: int | None
    events: tuple[Event, ...]
    actor: int | None
    view: Any
    revealed: tuple[tuple[int, tuple[int, ...]], ...]


@dataclass(frozen=True)
class Replay:
    """Every frame of a match for one viewer (``None``: a spectator)."""

    game: str
    viewer: int | None
    reveal_all: bool
    frames: tuple[Frame, ...]

    def __len__(self) -> int:
        return len(self.frames)

    def at(self, index: int) -> Frame:
        """Frame ``index`` (0 to ``len - 1``); ``IndexError`` outside."""
        if not 0 <= index < len(self.frames):
            raise IndexError(f"no frame {index}: the replay has {len(self.frames)}")
        return self.frames[index]

    def step(self, index: int, delta: int) -> int:
        """The frame ``delta`` steps on from ``index`` (back when negative), kept
        inside the replay: what the forward and back buttons do."""
        return max(0, min(len(self.frames) - 1, index + delta))


def replay_frames(match: MatchInput, viewer: int | None = None, reveal_all: bool = False) -> Replay:
    """The replay of ``match`` as ``viewer`` saw it (see the module docstring).

    ``reveal_all`` on a match that is not over raises ``ValueError``: hidden cards are
    shown to everyone only after the end.
    """
    loaded = load_match(match)
    game = loaded.game
    players = loaded.config.players
    if viewer is not None and (
        isinstance(viewer, bool) or not isinstance(viewer, int) or not 0 <= viewer < players
    ):
        raise ValueError(f"no seat {viewer!r} in a match of {players} players")
    states = loaded.states
    caused: list[tuple[Event, ...]] = [(), *(step.events for step in loaded.steps)]
    state = states[-1]
    if reveal_all and not game.is_over(state):
        raise ValueError("hidden cards are shown to everyone only once the match is over")
    frames = []
    for index, (now, events) in enumerate(zip(states, caused, strict=True)):
        revealed: tuple[tuple[int, tuple[int, ...]], ...] = ()
        if reveal_all and game.hides_information:
            cards = ((s, game.own_cards(game.view(now, s), s)) for s in range(players))
            revealed = tuple((s, c) for s, c in cards if c)
        frames.append(
            Frame(
                index=index,
                action=loaded.actions[index - 1] if index else None,
                by=game.current_player(states[index - 1]) if index else None,
                events=events if reveal_all else events_for(events, viewer),
                actor=game.current_player(now),
                view=game.view(now, viewer),
                revealed=revealed,
            )
        )
    return Replay(game.id, viewer, reveal_all, tuple(frames))
