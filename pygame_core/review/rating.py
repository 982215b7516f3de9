"""What every game's rater shares: the decision point and turning option values into a
rated :class:`~.model.Decision`.

A game's rater is a module of the game's own package, named by the game
(:attr:`~pygame_core.contract.Game.review_rater`, e.g. ``pygame_core.dice21.review``)
and imported only when a match is reviewed (:func:`rater_of`). It has a function
``rate(spot, seed, playouts) -> Decision | None``, and may have ``rate_steps`` (the
same, a piece at a time, see :mod:`.engine`) and ``standing``/``opening`` (the public
figures of its chart, see :mod:`.chart`). It sees a :class:`Spot`: the seat's *view*
at that moment, the legal actions and the action taken, never the state, so a rating
cannot use a card the seat had not seen. ``None`` means the seat had no real choice
(one legal option). A game without a rater is reviewed too: its match is replayed and
charted, and no decision is rated.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..contract import Game
from .model import MARGIN_Z, Decision, Method, Option, Reason, Unit


def rater_of(game: Game[Any, Any, Any, Any]) -> Any | None:
    """The module that rates ``game``'s decisions (imported now), ``None`` without one."""
    name = game.review_rater
    return None if name is None else importlib.import_module(name)


@dataclass(frozen=True)
class Spot:
    """A decision point: ``seat`` chose ``action`` among ``legal`` seeing ``view``;
    ``index`` is the action's position in the match."""

    index: int
    seat: int
    view: Any
    legal: tuple[Any, ...]
    action: Any


def best_option(options: Sequence[Option], chosen: str) -> Option:
    """The option of highest value; the chosen one when it is worth as much (a choice
    as good as the best is the best), else the first of the highest in ``options``
    (raters list options in the expert's order of preference on equal value)."""
    top = max(option.value for option in options)
    mine = next(option for option in options if option.key == chosen)
    if mine.value == top:
        return mine
    return next(option for option in options if option.value == top)


def make_decision(
    spot: Spot,
    kind: str,
    options: Sequence[Option],
    chosen: str,
    unit: Unit,
    method: Method,
    against: str,
    reason_for: Callable[[Option, Option], Reason],
    margin_of: Callable[[str, str], float] | None = None,
) -> Decision:
    """The rated decision: best option, cost and (for estimates, ``margin_of(best,
    chosen)``: the standard error of their difference) its margin. ``reason_for(chosen,
    best)`` gives the sentence data."""
    mine = next(option for option in options if option.key == chosen)
    best = best_option(options, chosen)
    cost = best.value - mine.value
    margin = None
    if margin_of is not None:
        margin = 0.0 if best is mine else margin_of(best.key, mine.key)
    is_best = best is mine or (margin is not None and cost <= MARGIN_Z * margin)
    return Decision(
        index=spot.index,
        seat=spot.seat,
        round=spot.view.round,
        kind=kind,
        chosen=chosen,
        best=best.key,
        options=tuple(options),
        chosen_value=mine.value,
        best_value=best.value,
        cost=cost,
        margin=margin,
        unit=unit,
        method=method,
        against=against,
        rated=True,
        is_best=is_best,
        reason=reason_for(mine, best),
    )


def unrated_decision(spot: Spot, kind: str, chosen: str, unit: Unit, reason: Reason) -> Decision:
    """A decision no model values (listed for the replay, never counted or blamed)."""
    return Decision(
        index=spot.index,
        seat=spot.seat,
        round=spot.view.round,
        kind=kind,
        chosen=chosen,
        best=chosen,
        options=(),
        chosen_value=0,
        best_value=0,
        cost=0,
        margin=None,
        unit=unit,
        method="expert_model",
        against="none",
        rated=False,
        is_best=True,
        reason=reason,
    )
