"""What the UI knows about one game, in one object: :class:`GameUI`.

Each game has one module in this package with one ``GameUI`` subclass: its setup form,
its play screen, how a tapped button becomes an action, its home-tile picture, its
coach, its rules-page figures and its line in the saved-games list. mypy checks every
method against this base, and :func:`web.games.get_ui` finds the object by game id
beside :func:`pygame_core.get_game`, so nothing is looked up by string elsewhere.

The modules stay light to import (the home screen imports them all for the tiles):
play screens, coaches and odds are imported inside the methods that need them.
"""

from __future__ import annotations

import abc
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from web.markup import Markup

if TYPE_CHECKING:
    from web.i18n import Translator
    from web.rulesfigures import Figure
    from web.screens.play import PlayOptions
    from web.session import GameSession

FieldKind = Literal["choice", "toggle", "number"]


@dataclass(frozen=True)
class OptionField:
    """One option of the setup form: how it is asked (the core decides what is valid)."""

    name: str
    kind: FieldKind
    choices: tuple[Any, ...] = ()
    low: int = 0
    high: int = 0
    #: Shown only when another option has this value: (option, value).
    show_if: tuple[str, Any] | None = None
    #: A number that may be left empty (the option's "none", e.g. no fixed round count).
    optional: bool = False


class GameUI(abc.ABC):
    """The UI of one game; one instance per game, registered in :mod:`web.games`."""

    #: The game's registry id (the same as its core ``Game.id``).
    id: ClassVar[str]
    #: The options its setup form shows, in order.
    form: ClassVar[tuple[OptionField, ...]]
    #: Event kinds that end a moment worth holding on the table (a round, a deal, a
    #: trick): the controller keeps it on screen until the person taps Continue.
    moment_ends: ClassVar[frozenset[str]] = frozenset()
    #: Event kinds where such a moment's story starts (the table is drawn from them).
    moment_starts: ClassVar[frozenset[str]] = frozenset()
    #: Where the default setup seats the person (the banker games: not the bank's seat,
    #: so a first game is played as a player first).
    person_seat: ClassVar[int] = 0

    @abc.abstractmethod
    def tile_art(self) -> Markup:
        """The small picture on the game's home tile."""

    @abc.abstractmethod
    def render_play(self, tr: Translator, session: GameSession, opts: PlayOptions) -> Markup:
        """The play screen, drawn for ``opts.viewer`` (or covered for ``opts.cover``)."""

    @abc.abstractmethod
    def decode(self, data: Mapping[str, str]) -> Any:
        """The action a tapped play button stands for (from its ``data-*`` values)."""

    @abc.abstractmethod
    def coach(self, view: Any, legal: Sequence[Any]) -> Any | None:
        """What the coach says about the acting seat's ``view`` (None: nothing)."""

    @property
    def text_families(self) -> tuple[str, ...]:
        """Where its log texts are looked up, most specific first: ``event.<family>.*``."""
        return (self.id,)

    def figures(self) -> Mapping[str, Figure]:
        """The exact figures its rules pages quote as ``{name}`` (besides the presets)."""
        return {}

    def progress(self, tr: Translator, round_no: int) -> str:
        """How far a match in progress got, for the saved-games list."""
        return tr.t("play.round", n=round_no)

    def guide_step(self, view: Any, legal: Sequence[Any]) -> str | None:
        """The guided first round's text key for the person to act now (None: the
        general "your turn" line)."""
        return None

    def amount_range(self, view: Any) -> tuple[int, int]:
        """The smallest and largest amount its stake/bet stepper allows now."""
        return (0, 0)
