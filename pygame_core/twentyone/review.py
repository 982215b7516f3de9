"""Rating Twenty One decisions by the expert's search: an estimate with its margin.

Each decision's distinct choices by rank (:func:`pygame_core.twentyone.search.choices`)
are played out on the same ``playouts`` worlds, each dealt from the seat's view as the
expert deals them (:class:`pygame_core.twentyone.infer.Worlds`: consistent with
every card seen and what the others' plays revealed), by the expert's rollout (the
other seats play the medium policy, ``against="others_play_policy"``; the seat's own
later turns a one-step lookahead). A choice's value is its mean match value (the share
of the match won, :func:`~pygame_core.twentyone.search.match_value`); a choice's
margin is the standard error of that mean, and a decision's margin the standard error
of the paired difference between the best choice and the chosen one (the worlds are
shared, so the difference is much surer than either value). Every choice gets every
world (no successive halving), so the values are comparable; worlds come in batches
of :data:`BATCH`, and stop before ``playouts`` once the chosen option is the best so
far or clearly worse than it (most decisions take one batch). The seed fixes it all.

An exchange that gave away other cards than the lowest is valued as played
(key ``swap_<count>_as_played``) beside the search's swaps of the lowest cards.

Option keys: ``open``, ``refuse``, ``swap_<count>``, ``play_<form>_<rank>`` (form 1 a
single, 2 a pair; rank 2-14, or 1 for a low ace), ``discard``, ``pass``. Reason kinds:
``played_right``, ``played_other`` (params ``chosen`` and ``best``: ``(form, rank)``
with form 0 for a discard or pass; ``hand`` (own ranks); ``to_beat`` (the trick's
best rank, or ``None`` when leading)), ``exchange_right``, ``exchange_other``
(``chosen``/``best`` keys, ``hand``), each with ``chosen_value``, ``best_value`` and
``margin``.
"""

from __future__ import annotations

import math
from collections.abc import Generator, Sequence

from ..review.model import MARGIN_Z, Decision, Option, Reason
from ..review.rating import Spot, make_decision
from ..rng import Rng
from . import infer, search
from .policy import hand_ranks
from .table import (
    Action,
    OpenExchange,
    Play,
    RefuseExchange,
    Swap,
    TwentyOneView,
    play_rank,
)

AGAINST = "others_play_policy"
#: Worlds dealt at a time; more come (up to ``playouts``) only while the chosen option
#: is neither the best so far nor clearly worse than it.
BATCH = 12


def _key(view: TwentyOneView, choice: search.Choice) -> str:
    if choice == search.OPEN:
        return "open"
    if choice == search.REFUSE:
        return "refuse"
    if choice[0] == search.SWAP:
        return f"swap_{choice[1]}"
    if choice[1] == 0:
        return "pass" if view.config.cannot_beat == "pass" else "discard"
    return f"play_{choice[1]}_{choice[2]}"


def action_of(view: TwentyOneView, legal: Sequence[Action], key: str) -> Action:
    """The legal action of option ``key``, carried out as the expert carries out its
    choice (:func:`~pygame_core.twentyone.search.to_action`: a swap gives the lowest
    cards); ``KeyError`` for a key that names no choice (``swap_<count>_as_played``)."""
    by_key = {_key(view, choice): choice for choice in search.choices(view, legal)}
    return search.to_action(view, legal, by_key[key])


def _choice_of(view: TwentyOneView, action: object) -> search.Choice:
    if isinstance(action, OpenExchange):
        return search.OPEN
    if isinstance(action, RefuseExchange):
        return search.REFUSE
    if isinstance(action, Swap):
        return (search.SWAP, len(action.cards))
    if isinstance(action, Play):
        return (search.PLAY, len(action.cards), play_rank(action.cards[0], view.config.low_ace))
    return (search.PLAY, 0, 0)


def _swap_as_played(view: TwentyOneView, action: Swap) -> list[int] | None:
    """The seat's ranks with the given cards first, if they are not the lowest."""
    low_ace = view.config.low_ace
    given = sorted(play_rank(c, low_ace) for c in action.cards)
    mine = hand_ranks(view)
    if given == mine[: len(given)]:
        return None
    kept = list(mine)
    for value in given:
        kept.remove(value)
    return given + kept


def _settled(samples: Sequence[Sequence[float]], mine: int) -> bool:
    """Whether more worlds would not change the verdict on the chosen option: it is
    the best so far, or clearly worse than the best."""
    means = [sum(s) / len(s) for s in samples]
    top = max(means)
    if means[mine] == top:
        return True
    best = means.index(top)
    diffs = [a - b for a, b in zip(samples[best], samples[mine], strict=True)]
    mean, error = _mean_and_error(diffs)
    return mean > MARGIN_Z * error


def _mean_and_error(samples: Sequence[float]) -> tuple[float, float]:
    n = len(samples)
    mean = sum(samples) / n
    if n < 2:
        return mean, 0.0
    variance = sum((x - mean) ** 2 for x in samples) / (n - 1)
    return mean, math.sqrt(variance / n)


def rate(spot: Spot, seed: int, playouts: int) -> Decision | None:
    """The decision at ``spot``, estimated on ``playouts`` worlds dealt with ``seed``."""
    steps = rate_steps(spot, seed, playouts)
    while True:
        try:
            next(steps)
        except StopIteration as done:
            decision: Decision | None = done.value
            return decision


def rate_steps(spot: Spot, seed: int, playouts: int) -> Generator[None, None, Decision | None]:
    """:func:`rate` a world at a time: it yields after each world (every choice played
    out on it) and returns the decision, so a review in the browser never holds the
    page for a whole estimate (a rich exchange takes 30 ms of CPython)."""
    view: TwentyOneView = spot.view
    choices = search.choices(view, spot.legal)
    if len(choices) < 2:
        return None
    chosen_choice = _choice_of(view, spot.action)
    keys = [_key(view, c) for c in choices]
    chosen = _key(view, chosen_choice)
    rollout = search.Rollout(view)
    runs: list[tuple[search.Rollout, search.Choice]] = [(rollout, c) for c in choices]
    if isinstance(spot.action, Swap):
        as_played = _swap_as_played(view, spot.action)
        if as_played is not None:
            # The rollout gives away the first ``count`` of its ranks, so put the cards
            # the seat gave first.
            own = search.Rollout(view)
            own.mine = as_played
            runs.append((own, chosen_choice))
            chosen = f"{chosen}_as_played"
            keys.append(chosen)
    worlds = infer.Worlds(view, Rng.from_seed(seed).stream())
    samples: list[list[float]] = [[] for _ in runs]
    chosen_index = keys.index(chosen)
    batch = max(2, min(BATCH, playouts))
    while True:
        for _ in range(batch):
            hands, rest = worlds.deal()
            for i, (run, choice) in enumerate(runs):
                samples[i].append(run.value(choice, hands, rest))
            yield
        if len(samples[0]) + batch > playouts or _settled(samples, chosen_index):
            break
    stats = [_mean_and_error(s) for s in samples]
    options = tuple(
        Option(key, mean, error) for key, (mean, error) in zip(keys, stats, strict=True)
    )
    by_key = dict(zip(keys, samples, strict=True))

    def margin_of(best: str, mine: str) -> float:
        diffs = [a - b for a, b in zip(by_key[best], by_key[mine], strict=True)]
        return _mean_and_error(diffs)[1]

    playing = view.phase == "play"
    hand = tuple(hand_ranks(view))
    to_beat = view.trick.top_rank if playing and view.trick is not None else None

    def reason(mine: Option, best: Option) -> Reason:
        verdict = "right" if best is mine else "other"
        common = {
            "hand": hand,
            "chosen_value": mine.value,
            "best_value": best.value,
            "margin": margin_of(best.key, mine.key) if best is not mine else 0.0,
        }
        if playing:
            best_choice = choices[keys.index(best.key)]
            return Reason.make(
                f"played_{verdict}",
                chosen=(chosen_choice[1], chosen_choice[2]),
                best=(best_choice[1], best_choice[2]),
                to_beat=to_beat,
                **common,
            )
        return Reason.make(f"exchange_{verdict}", chosen=mine.key, best=best.key, **common)

    kind = "play" if playing else "exchange_choice" if view.phase == "exchange_choice" else "swap"
    return make_decision(
        spot,
        kind,
        options,
        chosen,
        "match_win",
        "expert_search",
        AGAINST,
        reason,
        margin_of,
    )
