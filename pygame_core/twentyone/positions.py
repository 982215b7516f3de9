"""Twenty One positions for scenario tests (see :mod:`pygame_core.positions`).

Cards are written as in :func:`pygame_core.cards.parse_card` (``"AS 10H KD"``) or given
as card ints.

>>> from pygame_core.cards import card_name
>>> from pygame_core.twentyone import GAME
>>> state = position(GAME.config(players=3), ["2S 3S 4S", "5H 9H KH", "2D 3D"],
...                  trick=[(0, "8C")])
>>> state.turn, [card_name(a.cards[0]) for a in GAME.legal_actions(state)]
(1, ['9H', 'KH'])
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Literal

from ..cards import card_name
from ..errors import ConfigError
from ..positions import Cards, cards_of, check_count, check_distinct, check_seat, per_seat
from ..scripted import ScriptedRng, Shuffled
from . import GAME
from .table import (
    DECK_SIZE,
    HAND_SIZE,
    Action,
    Discard,
    Pass,
    Play,
    TwentyOneConfig,
    TwentyOneState,
)

#: One turn of the trick in progress: ``(seat, cards)``; a pass is ``(seat, "")``.
TrickTurn = tuple[int, Cards]


def position(
    config: TwentyOneConfig,
    hands: Sequence[Cards],
    *,
    actor: int | None = None,
    dealer: int | None = None,
    trick: Sequence[TrickTurn] = (),
    pile: Cards = (),
    scores: Sequence[int] | None = None,
    deal: int = 1,
    phase: Literal["play", "exchange_choice"] = "play",
    next_deal: Sequence[Cards] | None = None,
    seed: int = 0,
) -> TwentyOneState:
    """A deal in progress with ``hands`` (one per seat, sorted by the builder).

    ``phase``: ``"play"`` (the exchange is over or off) or ``"exchange_choice"`` (seven
    cards each; the leader decides). ``dealer`` defaults to the last seat, so seat 0
    leads the deal. ``trick``: the turns of the trick in progress, from its leader,
    each ``(seat, cards)`` (one card that cannot follow is a discard, ``""`` a pass);
    the rules play them from ``hands`` plus those cards, so each must be legal.
    ``actor``: who acts now (with a trick: the rules say; without: default the deal's
    leader, who must hold two cards or more). ``pile``: the top of the draw
    pile, in order; every card not placed follows, in ascending order. ``scores``:
    the totals before this deal. ``next_deal``: the hands of the next deal (seven
    cards each; the rest make its pile); without it the next deal is shuffled from
    ``seed``.

    >>> from pygame_core.twentyone import GAME
    >>> position(GAME.config(players=2), ["AS KS", "AS 2H"])
    Traceback (most recent call last):
    pygame_core.errors.ConfigError: hands: AS is given twice
    """
    players = config.players
    held = [tuple(sorted(cards_of("hands", h))) for h in per_seat("hands", hands, players)]
    dealer = players - 1 if dealer is None else check_seat("dealer", dealer, players)
    leader = (dealer + 1) % players
    turns = [(check_seat("trick", seat, players), cards_of("trick", c)) for seat, c in trick]
    top = list(cards_of("pile", pile))
    placed = [c for h in held for c in h] + [c for _, cards in turns for c in cards] + top
    check_distinct("hands", placed)
    rest = [c for c in range(DECK_SIZE) if c not in set(placed)]
    # Before the trick, each seat also held the cards it has played in it.
    before = [list(h) for h in held]
    for seat, cards in turns:
        before[seat] += cards
    for seat, hand in enumerate(before):
        if not 1 <= len(hand) <= HAND_SIZE:
            raise ConfigError("hands", f"seat {seat} holds {len(hand)} cards, not 1 to 7")
    if phase == "exchange_choice":
        if not config.exchange:
            raise ConfigError("phase", "this config has no exchange")
        if turns or any(len(h) != HAND_SIZE for h in held):
            raise ConfigError("hands", "before the exchange everyone holds seven cards")
        if actor is not None and actor != leader:
            raise ConfigError("actor", f"the deal's leader {leader} decides the exchange")
    elif phase != "play":
        raise ConfigError("phase", f"must be 'play' or 'exchange_choice', not {phase!r}")
    totals = (0,) * players if scores is None else per_seat("scores", scores, players)
    for total in totals:
        check_count("scores", total, 0, config.target - 1)
    first = turns[0][0] if turns else leader if actor is None else actor
    first = check_seat("actor", first, players)
    if phase == "play" and len(before[first]) < 2:
        raise ConfigError("actor", f"seat {first} holds one card and plays no more")
    exchange = "pending" if phase == "exchange_choice" else "refused" if config.exchange else "off"
    opened = GAME.new_game(config, seed)
    state = dataclasses.replace(
        opened,
        rng=opened.rng if next_deal is None else _deal_script(config, next_deal),
        deal=check_count("deal", deal, 1),
        dealer=dealer,
        leader=leader,
        phase=phase,
        turn=first,
        hands=tuple(tuple(sorted(h)) for h in before),
        pile=tuple(top + rest),
        exchange=exchange,
        scores=totals,
    )
    state = _play_trick(state, turns)
    if actor is not None and actor != state.turn:
        raise ConfigError("actor", f"seat {state.turn} plays next in this trick, not {actor}")
    return state


def _play_trick(state: TwentyOneState, turns: list[tuple[int, tuple[int, ...]]]) -> TwentyOneState:
    """``state`` after the trick's turns, each checked and played by the rules."""
    for seat, cards in turns:
        if state.turn != seat:
            raise ConfigError("trick", f"seat {state.turn} plays next in this trick, not {seat}")
        wanted: list[Action] = [Play(tuple(sorted(cards)))]
        wanted += [Discard(cards[0])] if len(cards) == 1 else []
        wanted += [] if cards else [Pass()]
        legal = set(GAME.legal_actions(state))
        action = next((a for a in wanted if a in legal), None)
        if action is None:
            names = " ".join(card_name(c) for c in cards) or "a pass"
            raise ConfigError("trick", f"seat {seat} may not play {names} there")
        state, _ = GAME.apply(state, action)
        if state.trick is None:
            raise ConfigError("trick", "the trick is complete: give the next one's turns")
    return dataclasses.replace(state, history=())


def _deal_script(config: TwentyOneConfig, next_deal: Sequence[Cards]) -> ScriptedRng:
    """A scripted shuffle that deals ``next_deal`` (the rest of the deck is the pile)."""
    hands = [cards_of("next_deal", h) for h in per_seat("next_deal", next_deal, config.players)]
    for seat, hand in enumerate(hands):
        if len(hand) != HAND_SIZE:
            raise ConfigError("next_deal", f"seat {seat} is dealt {len(hand)} cards, not 7")
    dealt = [c for h in hands for c in h]
    check_distinct("next_deal", dealt)
    order = dealt + [c for c in range(DECK_SIZE) if c not in set(dealt)]
    return ScriptedRng.of(Shuffled(tuple(order)))
