"""Properties of both banker games: hidden cards stay hidden, bad input is refused."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pygame_core import ConfigError, IllegalActionError
from pygame_core.banker.deck import FULL_MASK, cards_in, mask_of
from pygame_core.banker.game import BankerGame
from pygame_core.banker.hand import HIDDEN
from pygame_core.banker.table import Bet, Draw, Stake, Stand, TableState
from pygame_core.rng import Rng
from pygame_core.tjueett import GAME as TJUEETT
from pygame_core.tjugoett import GAME as TJUGOETT

GAMES: dict[str, BankerGame[Any]] = {"tjueett": TJUEETT, "tjugoett": TJUGOETT}


def played(game: BankerGame[Any], preset: str, players: int, seed: int, steps: int) -> TableState:
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


def rehide(state: TableState, viewer: int | None, order: list[int], rng: int) -> TableState:
    """The same table with every card ``viewer`` cannot see dealt differently."""
    owners = [s for s, h in enumerate(state.hands) if h and s != viewer]
    unknown = [state.hands[s][0] for s in owners] + list(cards_in(state.deck))
    shuffled = [unknown[i] for i in sorted(range(len(unknown)), key=order.__getitem__)]
    hands = list(state.hands)
    for seat, card in zip(owners, shuffled, strict=False):
        hands[seat] = (card,) + hands[seat][1:]
    deck = mask_of(shuffled[len(owners) :])
    return dataclasses.replace(state, hands=tuple(hands), deck=deck, rng=Rng(rng))


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
        if hand and seat != viewer:
            assert hand[0] == HIDDEN


@settings(max_examples=60, deadline=None)
@given(positions())
def test_events_show_a_face_down_card_to_its_owner_only(
    position: tuple[BankerGame[Any], TableState],
) -> None:
    game, state = position
    chooser = Rng.from_seed(len(state.history)).stream()
    face_down = {seat: hand[0] for seat, hand in enumerate(state.hands) if hand}
    for _ in range(40):
        legal = game.legal_actions(state)
        if not legal:
            break
        state, events = game.apply(state, chooser.choice(legal))
        for event in events:
            seat, card = event.get("seat"), event.get("card")
            if event.kind == "hidden_card":
                assert event.visible_to == frozenset({seat})
                face_down[seat] = card
                continue
            assert event.visible_to is None
            if event.kind == "shown":
                assert face_down.pop(seat) == card
            else:
                assert card not in face_down.values()
        assert face_down == {seat: hand[0] for seat, hand in enumerate(state.hands) if hand}


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
        ("tjugoett", {"banker_hand": "all"}, "banker_hand"),
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
