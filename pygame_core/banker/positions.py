"""Tjueett and Tjugoett positions for scenario tests (see :mod:`pygame_core.positions`).

The deck is a set of cards drawn at random (:mod:`.deck`), so "the deck order" of a
position is the cards the next draws take: :func:`with_cards` scripts them, through
the real reshuffle rule, and :func:`position` opens a round at any point of a match.

>>> from pygame_core.tjueett import GAME
>>> from pygame_core.banker.table import Bet, Stake
>>> state = position(GAME, GAME.config(players=2), next_cards="10H KD 9C")
>>> state, _ = GAME.apply(state, Stake(5))
>>> state, events = GAME.apply(state, Bet(2))
>>> [card_name(e.get("card")) for e in events if e.kind == "dealt"]
['KD']
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from ..cards import card_name
from ..errors import ConfigError
from ..positions import Cards, cards_of, check_count, check_seat, chips_and_pot
from ..scripted import Below, ScriptedRng
from .deck import FULL_MASK, mask_of, take
from .game import BankerGame
from .table import OVER, TableBuilder, TableState


def position(
    game: BankerGame[Any],
    config: Any,
    *,
    banker: int = 0,
    chips: Sequence[int] | None = None,
    pot: int | None = None,
    round: int = 1,
    bank_deals: int = 0,
    discard: Cards = (),
    next_cards: Cards = (),
    seed: int = 0,
) -> TableState:
    """Round ``round`` of ``game`` opening with ``banker`` holding the bank.

    ``chips``: every seat's stack (default: the starting stacks, the banker's less any
    ``pot``); ``pot``: what the pot holds as the round opens, in a game whose pot carries
    over (:attr:`~.game.BankerGame.pot_carries_over`, Tjugoett): left from the banker's
    last deal, which ``bank_deals`` counts; the round then deals at once.
    Stacks given without a pot put the rest of the match's chips in it. ``discard``:
    the cards already used (the deck is the rest). ``next_cards``: the cards the next
    draws take, in order (default: drawn from ``seed``).

    >>> from pygame_core.tjugoett import GAME
    >>> position(GAME, GAME.config(players=3), chips=[15, 15, 16])
    Traceback (most recent call last):
    pygame_core.errors.ConfigError: chips: stacks (15, 15, 16) hold 46; the match has 45
    """
    players = config.players
    banker = check_seat("banker", banker, players)
    # Tjueett's fixed bank stays with seat 0, which starts with the banker's stack.
    if getattr(config, "bank", None) == "fixed" and banker != 0:
        raise ConfigError("banker", "a fixed bank is held by seat 0")
    start = game._start_chips(config)
    given_pot = 0 if pot is None else pot
    default = tuple(c - given_pot * (s == banker) for s, c in enumerate(start))
    stacks, pot = chips_and_pot(chips, pot, default, given_pot, sum(start))
    if not pot and stacks[banker] < config.min_bet:
        raise ConfigError("chips", f"the banker cannot stake the minimum bet ({config.min_bet})")
    if pot and not game.pot_carries_over:
        raise ConfigError("pot", f"a {game.id} round opens with an empty pot")
    if config.rounds is not None:
        check_count("round", round, 1, config.rounds)
    round = check_count("round", round, 1)
    check_count("bank_deals", bank_deals, 0, game._deals_per_bank(config) - 1)
    used = mask_of(cards_of("discard", discard))
    if (FULL_MASK & ~used).bit_count() < 2:
        raise ConfigError("discard", "the deck would have been reshuffled: leave two cards")
    # The real opening gives every field its start; the position then moves the match on.
    base = dataclasses.replace(
        game.new_game(config, seed),
        phase=OVER,
        actor=None,
        banker=banker,
        first_banker=banker,
        chips=stacks,
        pot=pot,
        deck=FULL_MASK & ~used,
        discard=used,
        round=round - 1,
        bank_deals=bank_deals,
    )
    if next_cards:
        base = with_cards(base, next_cards)
    table = TableBuilder(base, game.hidden_hands)
    # The game's own opening: it seats the round, asks for the stake or deals.
    game._open_round(table)
    table.done()
    state = table.state
    if state.phase == OVER:
        raise ConfigError("round", "the match is over before this round: nobody can play it")
    return state


def with_cards(state: TableState, cards: Cards) -> TableState:
    """``state`` whose next draws take ``cards`` in order (then a ChanceScriptError).

    Each card must be in the deck when it is drawn; the script may not go past a
    reshuffle, whose new deck depends on the hands settled before it.

    >>> from pygame_core.tjueett import GAME
    >>> with_cards(GAME.new_game(GAME.config(players=2), 0), "AS AS")
    Traceback (most recent call last):
    pygame_core.errors.ConfigError: next_cards: AS is given twice
    """
    drawn = cards_of("next_cards", cards)
    deck, discard = state.deck, state.discard
    script = []
    for index, card in enumerate(drawn):
        if not deck >> card & 1:
            raise ConfigError("next_cards", f"{card_name(card)} is not in the deck")
        below = (deck & ((1 << card) - 1)).bit_count()
        script.append(Below(below, deck.bit_count()))
        deck, discard, reshuffled = take(deck, discard, card)
        if reshuffled and index + 1 < len(drawn):
            raise ConfigError("next_cards", "the deck is reshuffled before the last card")
    return dataclasses.replace(state, rng=ScriptedRng.of(*script))
