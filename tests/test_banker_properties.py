"""Properties of both banker games: hidden cards stay hidden, bad input is refused.

The leak property also covers Twenty One, the third game with hidden cards: two
states that differ only in cards a seat has not seen must give that seat the same
view, the same events (every automatic step of a move included) and the same legal
actions, move after move, until one of those cards is shown to it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pygame_core import ConfigError, IllegalActionError
from pygame_core.banker import table
from pygame_core.banker.deck import FULL_MASK, cards_in, mask_of, take
from pygame_core.banker.game import BankerGame
from pygame_core.banker.hand import HIDDEN
from pygame_core.banker.table import Bet, Draw, Stake, Stand, TableState, face_down_count
from pygame_core.contract import Event, Game
from pygame_core.rng import Rng, RngStream
from pygame_core.tjueett import GAME as TJUEETT
from pygame_core.tjugoett import GAME as TJUGOETT
from pygame_core.twentyone import GAME as TWENTYONE
from pygame_core.twentyone import TwentyOneState

GAMES: dict[str, BankerGame[Any]] = {"tjueett": TJUEETT, "tjugoett": TJUGOETT}


def played(game: Game[Any, Any, Any, Any], preset: str, players: int, seed: int, steps: int) -> Any:
    """A state after up to ``steps`` random legal actions."""
    state = game.new_game(game.preset(preset, players), seed)
    chooser = Rng.from_seed(seed + 1).stream()
    for _ in range(steps):
        legal = game.legal_actions(state)
        if not legal:
            break
        state, _ = game.apply(state, chooser.choice(legal))
    return state


@st.composite
def positions(draw: st.DrawFn) -> tuple[BankerGame[Any], TableState]:
    game = GAMES[draw(st.sampled_from(sorted(GAMES)))]
    preset = draw(st.sampled_from(sorted(game.presets)))
    players = draw(st.integers(game.min_players, game.max_players))
    state = played(game, preset, players, draw(st.integers(0, 10_000)), draw(st.integers(0, 60)))
    return game, state


def face_down(game: BankerGame[Any], state: TableState, seat: int) -> int:
    return face_down_count(state.hands[seat], state.status[seat], game.hidden_hands)


def unseen_by(
    game: Game[Any, Any, Any, Any], state: Any, viewer: int | None
) -> tuple[list[int], list[int]]:
    """The cards ``viewer`` has not seen: other seats' face-down cards, and the deck."""
    others = [s for s in range(state.config.players) if s != viewer]
    if isinstance(state, TwentyOneState):
        return [c for s in others for c in state.hands[s]], list(state.pile)
    assert isinstance(game, BankerGame)
    down = [c for s in others for c in state.hands[s][: face_down(game, state, s)]]
    return down, list(cards_in(state.deck))


def own_down(game: Game[Any, Any, Any, Any], state: Any, seat: int | None) -> list[int]:
    """The cards ``seat`` holds that the others have not seen."""
    if seat is None:
        return []
    if isinstance(state, TwentyOneState):
        return list(state.hands[seat])
    assert isinstance(game, BankerGame)
    return list(state.hands[seat][: face_down(game, state, seat)])


def relabel(
    game: Game[Any, Any, Any, Any], state: Any, viewer: int | None, sigma: dict[int, int]
) -> Any:
    """``state`` with the cards ``viewer`` has not seen exchanged by ``sigma``."""
    others = [s for s in range(state.config.players) if s != viewer]
    hands = list(state.hands)
    if isinstance(state, TwentyOneState):
        for s in others:
            hands[s] = tuple(sorted(sigma.get(c, c) for c in hands[s]))
        pile = tuple(sigma.get(c, c) for c in state.pile)
        return dataclasses.replace(state, hands=tuple(hands), pile=pile)
    assert isinstance(game, BankerGame)
    for s in others:
        down = face_down(game, state, s)
        hands[s] = tuple(sigma.get(c, c) for c in hands[s][:down]) + hands[s][down:]
    deck = mask_of(sigma.get(c, c) for c in cards_in(state.deck))
    return dataclasses.replace(state, hands=tuple(hands), deck=deck)


def rehide(state: TableState, viewer: int | None, order: list[int], rng: int) -> TableState:
    """The same table with every card ``viewer`` cannot see dealt differently."""
    game = TJUGOETT if state.config.__class__.__name__ == "TjugoettConfig" else TJUEETT
    down, deck = unseen_by(game, state, viewer)
    unknown = down + deck
    shuffled = [unknown[i] for i in sorted(range(len(unknown)), key=order.__getitem__)]
    other = relabel(game, state, viewer, dict(zip(unknown, shuffled, strict=True)))
    return dataclasses.replace(other, rng=Rng(rng))


@settings(max_examples=150, deadline=None)
@given(positions(), st.data())
def test_a_view_never_shows_what_the_seat_has_not_seen(
    position: tuple[BankerGame[Any], TableState], data: st.DataObject
) -> None:
    game, state = position
    viewer = data.draw(st.sampled_from([None, *range(state.config.players)]))
    order = data.draw(st.permutations(range(52)))
    other = rehide(state, viewer, list(order), data.draw(st.integers(0, 2**64 - 1)))
    game.check_invariants(other)
    assert game.view(other, viewer) == game.view(state, viewer)
    seen = game.view(state, viewer)
    for seat, hand in enumerate(seen.hands):
        down = face_down(game, state, seat)
        assert seen.face_down[seat] == down
        if seat != viewer:
            assert hand[:down] == (HIDDEN,) * down and HIDDEN not in hand[down:]


@settings(max_examples=60, deadline=None)
@given(positions())
def test_events_show_a_face_down_card_to_its_owner_only(
    position: tuple[BankerGame[Any], TableState],
) -> None:
    game, state = position
    chooser = Rng.from_seed(len(state.history)).stream()

    def face_down_now(s: TableState) -> dict[int, set[int]]:
        hands = {
            seat: set(s.hands[seat][: face_down(game, s, seat)]) for seat in range(len(s.hands))
        }
        return {seat: cards for seat, cards in hands.items() if cards}

    hidden = face_down_now(state)
    for _ in range(40):
        legal = game.legal_actions(state)
        if not legal:
            break
        state, events = game.apply(state, chooser.choice(legal))
        for event in events:
            seat, card = event.get("seat"), event.get("card")
            if event.kind == "hidden_card":
                assert event.visible_to == frozenset({seat})
                hidden.setdefault(seat, set()).add(card)
                continue
            assert event.visible_to is None
            if event.kind == "shown":
                assert set(event.get("hand")) == hidden.pop(seat) and card in event.get("hand")
            else:
                assert not any(c in cards for cards in hidden.values() for c in cards_of(event))
        assert hidden == face_down_now(state)


@settings(max_examples=100, deadline=None)
@given(positions(), st.data())
def test_illegal_actions_are_refused_and_the_state_kept(
    position: tuple[BankerGame[Any], TableState], data: st.DataObject
) -> None:
    game, state = position
    amount = data.draw(st.one_of(st.integers(-3, 200), st.booleans()))
    action = data.draw(st.sampled_from([Stake(amount), Bet(amount), Draw(), Stand()]))
    legal = game.legal_actions(state)
    if action in legal and not isinstance(getattr(action, "amount", 0), bool):
        return
    before = state
    with pytest.raises(IllegalActionError):
        game.apply(state, action)
    assert state == before


def test_the_deck_is_never_in_a_view() -> None:
    state = played(TJUEETT, "fixed_bank", 4, 3, 12)
    view = TJUEETT.view(state, 1)
    assert not any(isinstance(v, int) and v == state.deck for v in dataclasses.astuple(view))
    assert view.deck_size == len(cards_in(state.deck)) and state.deck != FULL_MASK


BAD_INTS = st.one_of(st.booleans(), st.integers(-5, 0), st.just("3"), st.none(), st.just(2.0))


@settings(max_examples=120, deadline=None)
@given(st.sampled_from(sorted(GAMES)), st.data())
def test_invalid_configs_name_the_field(game_id: str, data: st.DataObject) -> None:
    game = GAMES[game_id]
    fields = ["players", "chips", "min_bet"] + (
        ["banker_chips"] if game_id == "tjueett" else ["deals_per_bank"]
    )
    field = data.draw(st.sampled_from(fields))
    value = data.draw(BAD_INTS)
    options = {"players": game.min_players, field: value}
    with pytest.raises(ConfigError) as error:
        game.config(**options)
    assert error.value.field == field


@pytest.mark.parametrize(
    ("game_id", "options", "field"),
    [
        ("tjueett", {"players": 1}, "players"),
        ("tjueett", {"players": 11}, "players"),
        ("tjugoett", {"players": 2}, "players"),
        ("tjueett", {"bank": "random"}, "bank"),
        ("tjueett", {"bank": "rotating"}, "banker_chips"),
        ("tjueett", {"rounds": None}, "rounds"),
        ("tjueett", {"rounds": 0}, "rounds"),
        ("tjueett", {"min_bet": 11}, "min_bet"),
        ("tjueett", {"banker_chips": 2, "min_bet": 3, "chips": 5}, "banker_chips"),
        ("tjugoett", {"banker_plays": "all"}, "banker_plays"),
        ("tjugoett", {"rounds": True}, "rounds"),
        ("tjugoett", {"chips": 100_001}, "chips"),
        ("tjugoett", {"colour": "red"}, "colour"),
    ],
)
def test_config_rules(game_id: str, options: dict[str, Any], field: str) -> None:
    with pytest.raises(ConfigError) as error:
        GAMES[game_id].config(**options)
    assert error.value.field == field


def test_every_preset_is_a_valid_config() -> None:
    for game in GAMES.values():
        for name in game.presets:
            for players in (game.min_players, game.max_players):
                assert game.preset(name, players).players == players
    assert TJUEETT.config(bank="rotating", banker_chips=15, chips=15, rounds=None).rounds is None


# -- the leak property over whole playouts -----------------------------------------------
#: Event parameters that carry cards.
CARD_KEYS = frozenset({"card", "cards", "hand", "given", "drawn", "last_cards", "shown"})


def cards_of(event: Event) -> set[int]:
    """Every card an event names."""
    found: set[int] = set()

    def walk(value: Any) -> None:
        if isinstance(value, int) and not isinstance(value, bool):
            found.add(value)
        elif isinstance(value, (tuple, list)):
            for item in value:
                walk(item)

    for key, value in event.params:
        if key in CARD_KEYS:
            walk(value)
    return found


def first_reveal(events: Sequence[Event], support: set[int]) -> int | None:
    """The index of the first event that names a card of ``support``."""
    for index, event in enumerate(events):
        if cards_of(event) & support:
            return index
    return None


class OrderedDraw:
    """Stands in for the banker deck's random draw: the first card of ``order`` left.

    Relabelling the order with the same exchange as the state keeps the two playouts
    drawing the same cards until an exchanged card comes off the deck.
    """

    def __init__(self) -> None:
        self.rank: dict[int, int] = {}

    def __call__(
        self, deck: int, discard: int, stream: RngStream, settled: int = 0
    ) -> tuple[int, int, int, int]:
        card = min(cards_in(deck), key=self.rank.__getitem__)
        return (card, *take(deck, discard, card, settled))


HIDDEN_CARD_GAMES: dict[str, Game[Any, Any, Any, Any]] = {**GAMES, "twentyone": TWENTYONE}


@st.composite
def hidden_card_positions(draw: st.DrawFn) -> tuple[Game[Any, Any, Any, Any], Any]:
    game = HIDDEN_CARD_GAMES[draw(st.sampled_from(sorted(HIDDEN_CARD_GAMES)))]
    preset = draw(st.sampled_from(sorted(game.presets)))
    players = draw(st.integers(game.min_players, min(game.max_players, 6)))
    seed = draw(st.integers(0, 10_000))
    state = played(game, preset, players, seed, draw(st.integers(0, 40)))
    # Play on to a moment with face-down cards about (not a stake, not the end).
    chooser = Rng.from_seed(seed + 2).stream()
    while game.legal_actions(state) and len(unseen_by(game, state, None)[0]) < 2:
        state, _ = game.apply(state, chooser.choice(game.legal_actions(state)))
    return game, state


@settings(max_examples=400, deadline=None)
@given(hidden_card_positions(), st.data())
def test_cards_a_seat_has_not_seen_change_nothing_it_sees(
    position: tuple[Game[Any, Any, Any, Any], Any], data: st.DataObject
) -> None:
    game, state = position
    viewer = data.draw(st.sampled_from([None, *range(state.config.players)]))
    down, deck = unseen_by(game, state, viewer)
    # Mostly other players' face-down cards (a deck card exchanged is soon drawn): all
    # of them in the banker games, in Twenty One (where a card played is shown) always
    # those of the seat to act and a few more.
    actor = game.current_player(state)
    if isinstance(game, BankerGame):
        moved = list(down)
    else:
        moved = [c for c in own_down(game, state, actor) if actor != viewer]
        pick = [c for c in down if c not in moved]
        moved += data.draw(st.lists(st.sampled_from(pick), max_size=4, unique=True)) if pick else []
    moved += data.draw(st.lists(st.sampled_from(deck), max_size=2, unique=True)) if deck else []
    if len(moved) < 2:
        return
    sigma = dict(zip(moved, data.draw(st.permutations(moved)), strict=True))
    support = {c for c, d in sigma.items() if c != d}
    other = relabel(game, state, viewer, sigma)
    game.check_invariants(other)
    order = data.draw(st.permutations(range(52)))
    drawer = OrderedDraw()
    ranks = {c: i for i, c in enumerate(order)}
    other_ranks = {sigma.get(c, c): i for c, i in ranks.items()}
    chooser = Rng.from_seed(data.draw(st.integers(0, 2**32))).stream()

    def step(s: Any, action: Any, rank: dict[int, int]) -> tuple[Any, list[Event]]:
        drawer.rank = rank
        s, events = game.apply(s, action)
        return s, [e for e in events if e.visible_for(viewer)]

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(table, "draw", drawer)
        for _ in range(60):
            assert game.view(state, viewer) == game.view(other, viewer)
            assert game.current_player(state) == game.current_player(other)
            legal = game.legal_actions(state)
            if game.current_player(state) == viewer:
                assert legal == game.legal_actions(other)
            if not legal:
                return
            action = chooser.choice(legal)
            if not game.is_legal(other, action):
                return  # another seat's own cards differ: it chose with what it holds
            state, events = step(state, action, ranks)
            other, other_events = step(other, action, other_ranks)
            shown = first_reveal(events, support)
            other_shown = first_reveal(other_events, support)
            if shown is not None or other_shown is not None:
                # An exchanged card is shown (dealt face up, or a hand settled and shown
                # as the rules say, e.g. on going bust): up to that moment, the seat saw
                # exactly the same in both.
                first = min(i for i in (shown, other_shown) if i is not None)
                assert events[:first] == other_events[:first]
                return
            assert events == other_events
