"""Config validation, illegal actions and invariants of Twenty One (property tests)."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pygame_core import ConfigError, IllegalActionError
from pygame_core.rng import Rng
from pygame_core.twentyone import (
    GAME,
    Discard,
    OpenExchange,
    Pass,
    Play,
    RefuseExchange,
    Swap,
    TwentyOneConfig,
    TwentyOneState,
)

VALID: dict[str, Any] = {
    "players": 4,
    "target": 21,
    "scoring": "highest",
    "exchange": True,
    "cannot_beat": "discard",
    "low_ace": False,
}
BAD_VALUES: dict[str, list[Any]] = {
    "players": [1, 8, 0, -3, True, "4", 4.0, None],
    "target": [0, -1, 1001, False, "21", 21.5, None],
    "scoring": ["all", "", 1, None, True],
    "exchange": [1, 0, "yes", None],
    "cannot_beat": ["skip", "", 0, None, False],
    "low_ace": [1, "no", None],
}


@given(st.sampled_from(sorted(BAD_VALUES)), st.data())
def test_an_invalid_option_raises_config_error_naming_it(field: str, data: st.DataObject) -> None:
    value = data.draw(st.sampled_from(BAD_VALUES[field]))
    with pytest.raises(ConfigError) as caught:
        TwentyOneConfig(**{**VALID, field: value})
    assert caught.value.field == field


@given(
    st.integers(2, 7),
    st.integers(1, 1000),
    st.sampled_from(["highest", "everyone"]),
    st.booleans(),
    st.sampled_from(["discard", "pass"]),
    st.booleans(),
)
def test_every_valid_config_is_accepted_and_round_trips(
    players: int, target: int, scoring: str, exchange: bool, cannot_beat: str, low_ace: bool
) -> None:
    config = GAME.config(
        players=players,
        target=target,
        scoring=scoring,
        exchange=exchange,
        cannot_beat=cannot_beat,
        low_ace=low_ace,
    )
    assert GAME.config_from_dict(GAME.config_to_dict(config)) == config


def test_unknown_options_and_presets_are_refused() -> None:
    with pytest.raises(ConfigError) as caught:
        GAME.config(players=3, jokers=True)
    assert caught.value.field == "jokers"
    with pytest.raises(ConfigError):
        GAME.preset("nonsense", 3)
    with pytest.raises(ConfigError) as caught:
        GAME.new_game(TwentyOneConfig(players=3), -1)
    assert caught.value.field == "seed"


def test_presets_cover_every_variant() -> None:
    configs = [GAME.preset(name, 4) for name in GAME.presets]
    assert TwentyOneConfig(players=4) in configs
    assert any(c.scoring == "everyone" and c.target == 50 for c in configs)
    assert any(not c.exchange for c in configs)
    assert any(c.cannot_beat == "pass" for c in configs)
    assert any(c.low_ace for c in configs)


def _states() -> list[TwentyOneState]:
    """States of every phase from seeded random play."""
    found = []
    for seed in range(6):
        preset = sorted(GAME.presets)[seed % len(GAME.presets)]
        state = GAME.new_game(GAME.preset(preset, 2 + seed), seed)
        chooser = Rng.from_seed(seed).stream()
        for step in range(60):
            if GAME.current_player(state) is None:
                break
            if step % 7 == 0:
                found.append(state)
            state, _ = GAME.apply(state, chooser.choice(GAME.legal_actions(state)))
    return found


STATES = _states()
card_lists = st.lists(st.one_of(st.integers(-2, 54), st.booleans()), max_size=4)
actions = st.one_of(
    st.just(OpenExchange()),
    st.just(RefuseExchange()),
    st.just(Pass()),
    st.builds(Swap, card_lists.map(tuple)),
    st.builds(Swap, card_lists.map(lambda c: tuple(sorted(set(c))))),
    st.builds(Play, card_lists.map(tuple)),
    st.builds(Discard, st.one_of(st.integers(-2, 54), st.booleans())),
)


@settings(max_examples=400)
@given(st.sampled_from(STATES), actions)
def test_is_legal_agrees_with_the_legal_list_and_illegal_actions_are_refused(
    state: TwentyOneState, action: Any
) -> None:
    legal = GAME.legal_actions(state)
    strictly_in = any(type(a) is type(action) and a == action for a in legal) and not any(
        isinstance(c, bool) for c in getattr(action, "cards", (getattr(action, "card", 0),))
    )
    assert GAME.is_legal(state, action) == strictly_in
    if not strictly_in:
        before = dataclasses.replace(state)
        with pytest.raises(IllegalActionError):
            GAME.apply(state, action)
        assert state == before


@given(st.sampled_from(STATES), st.data())
def test_a_hand_card_swap_is_legal_exactly_when_the_pile_allows(
    state: TwentyOneState, data: st.DataObject
) -> None:
    if state.phase != "exchange":
        return
    hand = state.hands[state.turn]
    give = tuple(sorted(data.draw(st.sets(st.sampled_from(hand)))))
    assert GAME.is_legal(state, Swap(give)) == (len(give) <= len(state.pile))
    assert GAME.is_legal(state, Swap(give)) == (Swap(give) in GAME.legal_actions(state))


@pytest.mark.parametrize("preset", sorted(GAME.presets))
def test_every_deal_ends_with_one_card_each_and_all_cards_accounted(preset: str) -> None:
    for seed in range(8):
        config = GAME.preset(preset, 2 + seed % 6)
        state = GAME.new_game(config, seed)
        chooser = Rng.from_seed(seed).stream()
        while GAME.current_player(state) is not None:
            GAME.check_invariants(state)
            deal = state.deal
            before = state.hands
            state, events = GAME.apply(state, chooser.choice(GAME.legal_actions(state)))
            if state.deal != deal or GAME.current_player(state) is None:
                revealed = next(e for e in events if e.kind == "deal_revealed")
                assert all(len(h) >= 1 for h in before)
                assert state.last_deal is not None and state.last_deal.deal == deal
                assert len(revealed.get("cards")) == config.players
        GAME.check_invariants(state)
        assert [len(h) for h in state.hands] == [1] * config.players
        assert state.last_deal is not None
        assert state.last_deal.last_cards == tuple(h[0] for h in state.hands)
        assert state.last_deal.totals == state.scores
