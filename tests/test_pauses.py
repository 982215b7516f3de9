"""Held moments (:class:`pygame_core.Pause`): the table as it stood when a round, trick
or deal ended inside one action, before the next one began.

What every held moment of every game must be (a table nobody acts on, which every
seat's view draws: ``contract_suite.check_pause``) is checked here for every seat at
every pause of a dozen matches per game and preset, and at every pause of every
contract playout; the other tests are the games' own moments."""

from __future__ import annotations

from typing import Any

import pytest
from contract_suite import Scan, check_pause

from pygame_core import Pause, game_ids, get_game
from pygame_core.rng import Rng

CASES = [(gid, preset) for gid in game_ids() for preset in get_game(gid).presets]


def playout_pauses(game: Any, config: Any, seed: int) -> list[tuple[Any, Any, Pause]]:
    """Every (state before, action, pause) of a seeded random playout, checking that
    ``apply_paused`` agrees with ``apply`` at every step."""
    state = game.new_game(config, seed)
    chooser = Rng.from_seed(seed).stream()
    found = []
    while game.current_player(state) is not None:
        action = chooser.choice(game.legal_actions(state))
        step = game.apply_paused(state, action)
        assert (step.state, step.events) == game.apply(state, action)
        counts = [p.events for p in step.pauses]
        assert counts == sorted(counts) and all(0 < n <= len(step.events) for n in counts)
        found += [(state, action, p) for p in step.pauses]
        state = step.state
    return found


@pytest.mark.parametrize(("game_id", "preset"), CASES)
def test_a_pause_is_a_table_nobody_acts_on(game_id: str, preset: str) -> None:
    """A quick check of every seat's view at every pause of a dozen matches (the
    contract playouts check every pause too, with one seat's view in turn)."""
    game = get_game(game_id)
    seen = 0
    for seed in range(12):
        config = game.preset(preset, game.min_players + seed % 3)
        scan = Scan()
        for before, action, pause in playout_pauses(game, config, seed):
            seen += 1
            check_pause(game, action, (*before.history, action), pause, scan)
    assert seen, "no round ended in a dozen matches"


def test_dice21_round_end_keeps_the_rounds_totals() -> None:
    game = get_game("dice21")
    config = game.preset("classic", 3)
    found = playout_pauses(game, config.__class__(players=3, match="rounds", rounds=3), 4)
    assert len({p.state.round_no for _, _, p in found}) >= 2
    for _, _, pause in found:
        view = game.view(pause.state, None)
        result = view.last_result
        assert result is not None and result.round_no == view.round
        if result.reason != "all_bust":
            assert max(s.total for s in view.seats if s.status == "stood") == result.total


def test_twentyone_trick_end_shows_the_whole_trick() -> None:
    game = get_game("twentyone")
    config = game.preset(sorted(game.presets)[0], 3)
    tricks = [p for _, _, p in playout_pauses(game, config, 2) if p.kind == "trick"]
    deals = [p for _, _, p in playout_pauses(game, config, 2) if p.kind == "deal"]
    assert tricks and deals
    for pause in tricks:
        trick = game.view(pause.state, None).trick
        # every play of it (one, when the others hold their last card only)
        assert trick is not None and trick.top_seat in {p.seat for p in trick.plays}
    for pause in deals:
        view = game.view(pause.state, 0)
        assert view.last_deal is not None and view.last_deal.deal == view.round
        assert view.hand_counts == (1,) * config.players


@pytest.mark.parametrize("game_id", ["tjueett", "tjugoett"])
def test_banker_round_end_shows_every_duel_with_its_bank_hand(game_id: str) -> None:
    game = get_game(game_id)
    config = game.preset(sorted(game.presets)[0], 3)
    pauses = [p for _, _, p in playout_pauses(game, config, 5)]
    assert pauses
    met = 0
    for pause in pauses:
        view = game.view(pause.state, None)
        settled = {d.seat for d in view.duels}
        assert settled, "a round ends with some hand settled"
        for duel in view.duels:
            # a settled hand lies face up for everyone: its cards are the real ones
            assert view.hands[duel.seat] == duel.cards
            if duel.bank:
                met += 1
                assert duel.reason in {"bank_bust", "higher", "lower", "tie"}
    assert met, "no hand met the bank in these rounds"
