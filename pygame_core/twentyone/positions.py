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

from ..errors import ConfigError
from ..positions import Cards, cards_of, check_count, check_distinct, check_seat, per_seat
from ..scripted import ScriptedRng, Shuffled
from . import GAME
from .rules import (
    DECK_SIZE,
    HAND_SIZE,
    Trick,
    TrickPlay,
    TwentyOneConfig,
    TwentyOneState,
    play_rank,
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
    leads the deal. ``trick``: the turns of the trick in progress, from its leader;
    a turn that does not follow the trick's form or rank is a discard, ``""`` a pass.
    ``actor``: who acts now (default: the next seat after the trick's last turn
    holding two cards or more, else the deal's leader). ``pile``: the top of the draw
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
    turns, top_seat, top_rank = _trick_turns(config, trick)
    on_table = [c for t in turns for c in t.cards]
    top = list(cards_of("pile", pile))
    placed = [c for h in held for c in h] + on_table + top
    check_distinct("hands", placed)
    rest = [c for c in range(DECK_SIZE) if c not in set(placed)]
    if phase == "exchange_choice":
        if not config.exchange:
            raise ConfigError("phase", "this config has no exchange")
        if turns or any(len(h) != HAND_SIZE for h in held):
            raise ConfigError("hands", "before the exchange everyone holds seven cards")
        actor = leader if actor is None else actor
        if actor != leader:
            raise ConfigError("actor", f"the deal's leader {leader} decides the exchange")
    elif phase == "play":
        for seat, hand in enumerate(held):
            if not 1 <= len(hand) <= HAND_SIZE:
                raise ConfigError("hands", f"seat {seat} holds {len(hand)} cards, not 1 to 7")
        if actor is None:
            actor = _next_to_act(held, turns, leader)
        actor = check_seat("actor", actor, players)
        if len(held[actor]) < 2:
            raise ConfigError("actor", f"seat {actor} holds one card and plays no more")
        if any(t.seat == actor for t in turns):
            raise ConfigError("actor", f"seat {actor} has played in this trick already")
    else:
        raise ConfigError("phase", f"must be 'play' or 'exchange_choice', not {phase!r}")
    totals = (0,) * players if scores is None else per_seat("scores", scores, players)
    for total in totals:
        check_count("scores", total, 0, config.target - 1)
    exchange = "pending" if phase == "exchange_choice" else "refused" if config.exchange else "off"
    opened = GAME.new_game(config, seed)
    return dataclasses.replace(
        opened,
        rng=opened.rng if next_deal is None else _deal_script(config, next_deal),
        deal=check_count("deal", deal, 1),
        dealer=dealer,
        leader=leader,
        phase=phase,
        turn=actor,
        hands=tuple(held),
        pile=tuple(top + rest),
        exchange=exchange,
        trick=Trick(turns[0].seat, len(turns[0].cards), turns, top_seat, top_rank)
        if turns
        else None,
        scores=totals,
    )


def _trick_turns(
    config: TwentyOneConfig, trick: Sequence[TrickTurn]
) -> tuple[tuple[TrickPlay, ...], int, int]:
    """The trick's turns as plays, discards and passes, and who is best with what rank."""
    turns: list[TrickPlay] = []
    top_seat = top_rank = -1
    form = 0
    for seat, given in trick:
        check_seat("trick", seat, config.players)
        if any(t.seat == seat for t in turns):
            raise ConfigError("trick", f"seat {seat} plays twice in one trick")
        cards = tuple(sorted(cards_of("trick", given)))
        ranks = {play_rank(c, config.low_ace) for c in cards}
        if not turns:
            if len(cards) not in (1, 2) or len(ranks) != 1:
                raise ConfigError("trick", "a trick is led with one card or a pair")
            form = len(cards)
        if not cards:
            turns.append(TrickPlay(seat, "pass", ()))
        elif len(cards) == form and len(ranks) == 1 and min(ranks) >= top_rank:
            turns.append(TrickPlay(seat, "play", cards))
            top_seat, top_rank = seat, min(ranks)
        elif len(cards) == 1:
            turns.append(TrickPlay(seat, "discard", cards))
        else:
            raise ConfigError(
                "trick", f"seat {seat}'s {len(cards)} cards neither follow nor discard"
            )
    return tuple(turns), top_seat, top_rank


def _next_to_act(held: list[tuple[int, ...]], turns: tuple[TrickPlay, ...], leader: int) -> int:
    """The seat after the trick's last turn that still holds two cards or more."""
    if not turns:
        return leader
    players = len(held)
    for step in range(1, players):
        seat = (turns[-1].seat + step) % players
        if len(held[seat]) >= 2:
            return seat
    raise ConfigError("trick", "nobody is left to play in this trick")


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
