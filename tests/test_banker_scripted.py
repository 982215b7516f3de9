"""Scripted decks for the banker games' scenario tests, and checks of the script itself.

``scripted(monkeypatch, "AS 7H ...")`` makes every card drawn from the deck come from
the script, in order, through the real reshuffle rule; the tests of Tjueett and
Tjugoett then apply actions and read the chips, statuses and events.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from pygame_core.banker import table
from pygame_core.banker.deck import cards_in, mask_of, take
from pygame_core.banker.table import Bet, Draw, Stake, Stand, TableState
from pygame_core.cards import parse_card
from pygame_core.contract import Event, Game
from pygame_core.rng import RngStream


class ScriptedDeck:
    """Stands in for :func:`pygame_core.banker.deck.draw`: deals the script in order."""

    def __init__(self, cards: Sequence[int]) -> None:
        self.cards = list(cards)

    def __call__(
        self, deck: int, discard: int, stream: RngStream, settled: int = 0
    ) -> tuple[int, int, int, int]:
        if not self.cards:
            raise AssertionError("the scripted deck ran out")
        card = self.cards.pop(0)
        if not deck >> card & 1:
            raise AssertionError(f"scripted card {card} is not in the deck")
        return (card, *take(deck, discard, card, settled))


def cards(text: str) -> list[int]:
    """``"AS 7H 10D"`` as card ints."""
    return [parse_card(name) for name in text.split()]


def scripted(monkeypatch: pytest.MonkeyPatch, text: str) -> ScriptedDeck:
    """Make the deck deal the cards of ``text`` in order."""
    deck = ScriptedDeck(cards(text))
    monkeypatch.setattr(table, "draw", deck)
    return deck


def run(
    game: Game[Any, TableState, Any, Any], state: TableState, actions: str
) -> tuple[TableState, list[Event]]:
    """Apply actions written as ``"S5 B2 B3 D S"`` (stake, bet, draw, stand)."""
    events: list[Event] = []
    for word in actions.split():
        action: Any
        if word == "D":
            action = Draw()
        elif word == "S":
            action = Stand()
        elif word[0] == "S":
            action = Stake(int(word[1:]))
        else:
            action = Bet(int(word[1:]))
        state, new = game.apply(state, action)
        game.check_invariants(state)
        events.extend(new)
    return state, events


def kinds(events: Sequence[Event], kind: str) -> list[dict[str, Any]]:
    """The parameters of every event of ``kind``."""
    return [e.as_dict() for e in events if e.kind == kind]


def test_scripted_deck_deals_in_order_through_the_reshuffle_rule() -> None:
    script = ScriptedDeck(cards("AS 2H"))
    deck = mask_of(cards("AS 2H 3H"))
    card, deck, discard, reshuffled = script(deck, mask_of(cards("KD")), RngStream(0))
    assert card == parse_card("AS") and not reshuffled
    card, deck, discard, reshuffled = script(deck, discard, RngStream(0))
    assert card == parse_card("2H") and reshuffled
    assert cards_in(deck) == tuple(sorted(cards("3H KD"))) and discard == 0


def test_scripted_deck_refuses_a_card_not_in_the_deck() -> None:
    with pytest.raises(AssertionError):
        ScriptedDeck(cards("KS"))(mask_of(cards("AS")), 0, RngStream(0))
