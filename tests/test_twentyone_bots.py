"""The bots of Twenty One: legal, deterministic, and the expert's inference and simulator."""

from __future__ import annotations

from fractions import Fraction

import pytest
from test_twentyone_rules import cards, led, table

from pygame_core.rng import Rng
from pygame_core.twentyone import (
    GAME,
    OpenExchange,
    RefuseExchange,
    TwentyOneConfig,
    infer,
    ismcts,
    odds,
    play_rank,
    playout,
    sim,
)
from pygame_core.twentyone.bots import MediumBot, make_bot
from pygame_core.twentyone.search import ExpertBot, choices, match_value


def medium_views(games: int, players: int = 4):  # type: ignore[no-untyped-def]
    """(state, view of the seat to act) along matches of medium bots."""
    bot = MediumBot()
    for seed in range(games):
        state = GAME.new_game(TwentyOneConfig(players=players), seed)
        while (seat := GAME.current_player(state)) is not None:
            view = GAME.view(state, seat)
            yield state, view
            state, _ = GAME.apply(state, bot.choose(view, GAME.legal_actions(state), 0))


@pytest.mark.parametrize("level", ["easy", "medium", "expert"])
def test_bots_are_deterministic_given_the_seed(level: str) -> None:
    bot = make_bot(level)
    state = GAME.new_game(GAME.preset("classic", 4), 11)
    for _ in range(25):
        if GAME.current_player(state) is None:
            break
        view = GAME.view(state, state.turn)
        legal = GAME.legal_actions(state)
        action = bot.choose(view, legal, 5)
        assert action in legal and bot.choose(view, legal, 5) == action
        state, _ = GAME.apply(state, action)


def test_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown bot level"):
        make_bot("grandmaster")


def test_medium_opens_the_exchange_only_without_the_best_card() -> None:
    assert sim.opens_exchange([2, 5, 9, 13], 14)
    assert not sim.opens_exchange([2, 5, 9, 14], 14)
    bot = MediumBot()
    for _, view in medium_views(3):
        if view.phase == "exchange_choice":
            holds_ace = any(play_rank(c, False) == 14 for c in view.hand)
            legal = (OpenExchange(), RefuseExchange())
            assert bot.choose(view, legal, 0) == (RefuseExchange() if holds_ace else OpenExchange())


def test_policy_keeps_the_high_card_with_two_cards() -> None:
    assert sim.lead([9, 14]) == (1, 9)
    assert sim.follow([9, 14], 1, 8) == 9
    assert sim.follow([5, 14], 1, 8) == 14
    assert sim.follow([5, 5, 9], 2, 4) == 5
    assert sim.follow([5, 5], 2, 4) == -1
    assert sim.lead([3, 3, 8, 12]) == (2, 3)


def test_the_simulator_ends_every_deal_with_one_card_each() -> None:
    stream = Rng.from_seed(3).stream()
    for players in range(2, 8):
        for pass_mode in (False, True):
            deck = [2 + i % 13 for i in range(52)]
            stream.shuffle(deck)
            hands = [sorted(deck[7 * s : 7 * s + 7]) for s in range(players)]
            pile = deck[7 * players :]
            sim.finish_exchange(hands, pile, range(players))
            assert all(len(h) == 7 for h in hands)
            sim.finish_play(hands, 0, None, pass_mode)
            assert [len(h) for h in hands] == [1] * players


def test_inferred_facts_hold_for_players_of_the_policy() -> None:
    for state, view in medium_views(6):
        assumed, certain = infer.hand_facts(view)
        for seat, hand in enumerate(state.hands):
            ranks = [play_rank(c, False) for c in hand]
            for facts in (assumed[seat], certain[seat]):
                assert all(facts.allows(r) for r in ranks)
                assert all(ranks.count(r) < 2 for r in ranks if (facts.single >> r) & 1)
                assert sum((facts.need_mask >> r) & 1 for r in ranks) >= facts.need_count


def test_the_expert_sees_through_a_forced_discard() -> None:
    # Seat 1 discarded a 6 against a led 9: it holds only 6, 7 or 8 now.
    trick = led(0, "9C")
    state = table(["2S 3S 4S 5S", "6H 7H 8D", "KS AS 10D"], 1, trick=trick)
    state, _ = GAME.apply(state, GAME.legal_actions(state)[0])
    view = GAME.view(state, 2)
    _, certain = infer.hand_facts(view)
    assert [r for r in range(2, 15) if certain[1].allows(r)] == [6, 7, 8]
    assert cards("6H")[0] not in state.hands[1]


def test_the_expert_prefers_to_keep_the_ace() -> None:
    # Two cards left against a led 9: playing the 10 keeps the ace for the end.
    state = table(["2S 3S 4S", "10H AH", "2D 3D 4D"], 1, trick=led(0, "9C"))
    action = ExpertBot(playouts=60).choose(GAME.view(state, 1), GAME.legal_actions(state), 1)
    assert action == GAME.legal_actions(state)[0]
    assert play_rank(action.cards[0], False) == 10  # type: ignore[union-attr]


def test_match_value_is_the_share_of_the_win_when_the_match_ends() -> None:
    for _, view in medium_views(1):
        if view.phase == "play" and view.viewer is not None:
            me = view.viewer
            others = [0] * 4
            assert match_value(view, others) < 0.5
            win = [21 if s == me else 0 for s in range(4)]
            assert match_value(view, win) == 1.0
            tie = [21 if s in (me, (me + 1) % 4) else 0 for s in range(4)]
            assert match_value(view, tie) == 0.5
            break


def test_choices_group_actions_by_rank() -> None:
    state = table(["5S 5H 5D 9C", "2S 3S 4S"], 0)
    options = choices(GAME.view(state, 0), GAME.legal_actions(state))
    assert sorted(options) == [(3, 1, 5), (3, 1, 9), (3, 2, 5)]


def test_draw_chances_are_exact() -> None:
    assert odds.draw_chance(4, 45, 1) == Fraction(4, 45)
    assert odds.draw_chance(4, 45, 0) == 0
    assert odds.draw_chance(0, 45, 7) == 0
    # Two draws from 45 with 4 aces: 1 - (41 * 40) / (45 * 44).
    assert odds.draw_chance(4, 45, 2) == 1 - Fraction(41 * 40, 45 * 44)
    assert odds.draw_chance(3, 3, 1) == 1
    with pytest.raises(ValueError, match="unseen"):
        odds.draw_chance(5, 4, 1)


def test_swap_chance_counts_the_unseen_cards_of_the_rank() -> None:
    state = GAME.new_game(TwentyOneConfig(players=4), 8)
    view = GAME.view(state, 0)
    aces_held = sum(1 for c in view.hand if play_rank(c, False) == 14)
    expected = odds.draw_chance(4 - aces_held, 45, 3)
    assert odds.swap_chance(view, 14, 3) == expected


def test_own_options_list_every_distinct_move() -> None:
    assert playout.own_options([3, 3, 8, 8, 12], None) == [(1, 3), (2, 3), (1, 8), (2, 8), (1, 12)]
    assert playout.own_options([3, 3, 8], None) == [(1, 3), (2, 3), (1, 8)]
    assert playout.own_options([8, 14], None) == [(1, 8), (1, 14)]
    assert playout.own_options([3, 9, 9, 12], (1, 1, 9, 1)) == [(1, 9), (1, 12)]
    assert playout.own_options([3, 9, 9, 12], (1, 2, 5, 1)) == [(2, 9)]
    assert playout.own_options([9, 9], (1, 2, 5, 1)) == [(0, 0)]
    assert playout.own_options([3, 5], (1, 1, 9, 1)) == [(0, 0)]


def test_the_own_lookahead_leads_high_to_force_out_an_ace() -> None:
    # Seat 2 keeps its ace against the policy's lead of the 9; leading the king forces
    # the ace out, and the queen then ties for the best last card.
    hands = [[9, 12, 13], [5, 7, 9], [3, 12, 14]]

    def mine(last: tuple[int, ...]) -> float:
        return float(sim.points(last, False)[0])

    assert sim.lead(hands[0]) == (1, 9)
    assert playout.best_move(hands, 0, None, False, mine) == (1, 13)
    assert hands == [[9, 12, 13], [5, 7, 9], [3, 12, 14]]
    playout.finish_play(hands, 0, None, False, 0, mine)
    assert [h[0] for h in hands] == [12, 7, 12]


def test_the_lookahead_reuses_the_policy_score_it_already_played_out() -> None:
    # playout.finish_play carries the score of the chosen move's policy continuation to
    # the seat's next turn instead of playing the policy move out again: every deal
    # must end exactly as when each turn plays every move out afresh.
    stream = Rng.from_seed(11).stream()

    def mine(last: tuple[int, ...]) -> float:
        return float(sim.points(last, False)[0]) - 0.1 * last[0]

    def afresh(hands: list[list[int]], pass_mode: bool) -> None:
        def choose(h: list[list[int]], seat: int, state: sim.TrickState | None) -> tuple[int, int]:
            return playout.best_move(h, seat, state, pass_mode, mine)

        sim.finish_play(hands, 0, None, pass_mode, None, 0, choose)

    for game in range(300):
        pass_mode = game % 2 == 1
        deck = [2 + i % 13 for i in range(52)]
        stream.shuffle(deck)
        players = 2 + game % 4
        hands = [sorted(deck[7 * s : 7 * s + 7]) for s in range(players)]
        expected = [h[:] for h in hands]
        afresh(expected, pass_mode)
        policy = [h[:] for h in hands]
        sim.finish_play(policy, 0, None, pass_mode)
        looked = [h[:] for h in hands]
        playout.finish_play(looked, 0, None, pass_mode, 0, mine)
        assert looked == expected
        # With more cards than ``most`` the seat plays the policy: with none allowed,
        # the whole deal is the policy's.
        playout.finish_play(hands, 0, None, pass_mode, 0, mine, None, 0)
        assert hands == policy


def test_the_own_lookahead_never_does_worse_than_the_policy() -> None:
    stream = Rng.from_seed(4).stream()

    def mine(last: tuple[int, ...]) -> float:
        return float(sim.points(last, False)[0])

    for _ in range(200):
        deck = [2 + i % 13 for i in range(52)]
        stream.shuffle(deck)
        hands = [sorted(deck[5 * s : 5 * s + 5]) for s in range(4)]
        chosen = playout.best_move(hands, 0, None, False, mine)
        results = []
        for move in (chosen, sim.lead(hands[0])):
            trial = [h[:] for h in hands]
            sim.finish_play(trial, 0, None, False, move)
            results.append(mine(tuple(h[0] for h in trial)))
        assert results[0] >= results[1]


def test_the_opener_kept_no_ace() -> None:
    for _, view in medium_views(3):
        if view.phase == "play" and view.exchange == "open" and not view.tricks:
            assumed, _ = infer.hand_facts(view)
            # The leader opened without an ace, so an ace it holds now was drawn.
            assert not (assumed[view.leader].need_mask >> 14) & 1
            assert (assumed[view.leader].need_mask >> 13) & 1
            break


def test_the_expert_leaves_the_exchange_to_the_policy_unless_told() -> None:
    medium, searching = MediumBot(), ExpertBot(playouts=40, search_exchange=True)
    for state, view in medium_views(2):
        if view.phase != "play":
            legal = GAME.legal_actions(state)
            assert ExpertBot().choose(view, legal, 3) == medium.choose(view, legal, 3)
            assert searching.choose(view, legal, 3) in legal


def test_the_tree_step_plays_as_the_simulator() -> None:
    stream = Rng.from_seed(12).stream()
    for players in (2, 4, 7):
        for pass_mode in (False, True):
            deck = [2 + i % 13 for i in range(52)]
            stream.shuffle(deck)
            hands = [sorted(deck[6 * s : 6 * s + 6]) for s in range(players)]
            expected = [h[:] for h in hands]
            sim.finish_play(expected, 0, None, pass_mode)
            turn, trick = 0, None
            while True:
                move = ismcts.policy_move(hands[turn], trick)
                following = ismcts.step(hands, turn, trick, move, pass_mode)
                if following is None:
                    break
                turn, trick = following
            assert hands == expected


def test_the_tree_search_leads_high_to_force_out_an_ace() -> None:
    # The position of the lookahead test above, with the hidden hands known: the tree
    # finds the king lead that forces the ace out, without a lookahead beyond it.
    hands = [[], [5, 7, 9], [3, 12, 14]]

    def mine(last: tuple[int, ...]) -> float:
        return float(sim.points(last, False)[0])

    for lookahead in (False, True):
        root = ismcts.search([9, 12, 13], 0, 0, None, [hands], mine, 60, False, 0.5, lookahead)
        assert root.best() == (1, 13)
        assert sum(root.visits) == 60


def test_the_tree_search_does_not_let_its_later_moves_see_the_hidden_hands() -> None:
    # Two equally likely worlds, the other seats' hands swapped. Leading the 10 or the
    # jack wins in both if the seat's later moves could see which world it is in (the
    # determinized lookahead's value), but its information is the same in both; the
    # tree values its own later moves per information set and leads a 7 instead.
    mine = [7, 7, 10, 11]
    worlds = [[[], [3, 6, 12, 13], [3, 6, 9, 12]], [[], [3, 6, 9, 12], [3, 6, 12, 13]]]

    def share(last: tuple[int, ...]) -> float:
        points = sim.points(last, False)
        return float(points[0] > 0) / sum(p > 0 for p in points)

    def fused(move: tuple[int, int]) -> float:
        values = []
        for world in worlds:
            hands = [mine[:], *(h[:] for h in world[1:])]
            playout.finish_play(hands, 0, None, False, 0, share, move)
            values.append(share(tuple(h[0] for h in hands)))
        return sum(values) / len(values)

    assert fused((1, 10)) == fused((1, 11)) == 1.0 > fused((1, 7))
    root = ismcts.search(mine, 0, 0, None, worlds, share, 400, False, 0.5, False)
    assert root.best() == (1, 7)
    values = {m: root.totals[i] / root.visits[i] for i, m in enumerate(root.moves)}
    assert values[(1, 7)] > 0.7 and values[(1, 10)] < 0.6 and values[(1, 11)] < 0.6


def test_the_tree_expert_is_legal_and_deterministic() -> None:
    for seed in (2, 3):
        bot = ExpertBot(playouts=40, tree=True, warm=3 * (seed - 2))
        state = GAME.new_game(GAME.preset("pass" if seed == 3 else "classic", 3), seed)
        while (seat := GAME.current_player(state)) is not None:
            view = GAME.view(state, seat)
            legal = GAME.legal_actions(state)
            action = bot.choose(view, legal, seed)
            assert action in legal and bot.choose(view, legal, seed) == action
            state, _ = GAME.apply(state, action)
