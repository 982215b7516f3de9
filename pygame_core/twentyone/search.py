"""The expert bot: determinized Monte Carlo search over the rest of the deal.

For every decision the bot lists its distinct choices by rank (suits never matter),
then repeatedly deals the cards it cannot see in a way consistent with its view
("determinization") and plays the deal out with the fast simulator of
:mod:`~pygame_core.twentyone.sim`, once per choice on the same deal. The choice with
the best average match value wins.

In a playout the other seats play the policy (the medium bots play exactly that), and
the bot's own later turns, once its hand is down to four cards, are chosen by a
one-step lookahead on the dealt world (:mod:`.playout`): a second policy-improvement
step (measured against three medium bots: about one and a half points of win rate over
own playout turns by the policy; looking ahead on every turn, with the dealt hands in
view from the deal's start, won no more and took 1.4x the time at p95, see
:data:`.playout.LOOKAHEAD_CARDS`).

The deals respect what the view tells about hidden hands (:mod:`.infer`): the counts,
the cards already seen, what failing to beat reveals, and what the other players'
choices reveal if they play sensibly.

The exchange (opening it and how many cards to swap) is left to the policy by
default: measured against three medium bots, searching it did no better (its result
hangs on unseen draws, and what follows it is a whole deal of decisions; leaving it
to the policy measured about one and a half points better), at a cost.

``ExpertBot(tree=True)`` chooses its plays by the information-set tree search of
:mod:`.ismcts` instead, whose own later moves cannot see the dealt hands; it measured
no stronger (see there), so it is not the default.

The budget is a count of playouts (never the clock), so a move is deterministic given
its seed; the default keeps a move well under the browser's time limit.

What did not help (against three medium bots, seats rotating, the same 400 games from
seed 1, where the default won 34.7 %, 95 % interval 30.2-39.5): twice the playouts
(600: 34.6 %, at twice the time), so time is not the limit; exchanging by a different
rank limit than the policy's (every card below a queen 35.6 %, below a nine 32.3 %,
below an ace 27.2 %; on all 2,000 games of seed 1, where the default won 36.6 %:
below a jack 35.8 %, below a queen 35.6 %, never opening 33.8 %, opening only without
a king or an ace 35.0 %); a softer or sharper match value (softmax scale half the target
36.3 %, the whole target 35.8 %, an eighth 34.5 %; half the target on all 2,000 games
of seed 1: 36.5 % against the default's 36.4 %). Filtering the dealt hands further by
the opponents' policy has little left to find: :mod:`.infer` already draws every fact
the policy's plays reveal (see there). Dealing the hidden hands as often as the game
brings them about (:class:`.infer.Worlds`, where a greedy deal had been up to 17 points
of probability off on who holds an ace) won 35.66 % of 4,000 games (seeds 1 and
100001) against the greedy deal's 35.58 %, at about a sixth more time a move: kept
because the review rates a person's choices with these deals.

What does limit it, measured by letting it see the true hands at some decisions only
(the first 1,000 games of seed 1, where it wins 35.6 %): seeing them when its hand
holds six or seven cards (the first two tricks) wins 48.6 %, at five cards 39.9 %, at
four 38.4 %, at three 38.0 %, at two 35.6 %. What the first tricks need to know, the
others' plays have not shown yet; no dealing of the hidden hands can know it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from ..rng import Rng
from . import infer, ismcts, playout, sim
from .policy import cannot_beat, hand_ranks, play_of, policy_action, swap_lowest
from .table import (
    Action,
    OpenExchange,
    Play,
    RefuseExchange,
    TwentyOneView,
    play_rank,
)

#: Playouts per decision of a four-player deal from full hands: the time budget (a
#: 95th percentile near 40 ms a decision in CPython, five times that in the browser).
DEFAULT_PLAYOUTS = 300
#: Cost of a playout: the cards still to be played times a quarter of the seats (each
#: move looks round the table), plus a part per seat for dealing the hidden hands. The
#: reference deal's cost (24 cards, four seats) sets the scale.
SEAT_OVERHEAD = 3
REFERENCE_COST = 24 + 4 * SEAT_OVERHEAD
#: Playouts last longer when a player unable to beat keeps the hand (and the own
#: lookahead has more turns to weigh).
PASS_VARIANT_COST = 4.0

#: A choice by rank: ("open",), ("refuse",), ("swap", count) or ("play", form, rank);
#: form 0 is a discard or pass.
Choice = tuple[int, ...]
OPEN: Choice = (0,)
REFUSE: Choice = (1,)
SWAP = 2
PLAY = 3


def choices(view: TwentyOneView, legal: Sequence[Action]) -> list[Choice]:
    """The distinct choices by rank among ``legal``."""
    if view.phase == "exchange_choice":
        return [OPEN, REFUSE]
    if view.phase == "exchange":
        return [(SWAP, k) for k in range(min(len(view.hand), view.pile_count) + 1)]
    low_ace = view.config.low_ace
    found: list[Choice] = []
    for action in legal:
        if isinstance(action, Play):
            choice = (PLAY, len(action.cards), play_rank(action.cards[0], low_ace))
        else:
            choice = (PLAY, 0, 0)
        if choice not in found:
            found.append(choice)
    return found


def to_action(view: TwentyOneView, legal: Sequence[Action], choice: Choice) -> Action:
    """The legal action that carries out ``choice``."""
    if choice == OPEN:
        return OpenExchange()
    if choice == REFUSE:
        return RefuseExchange()
    if choice[0] == SWAP:
        return swap_lowest(view, choice[1])
    if choice[1] == 0:
        return cannot_beat(legal)
    return play_of(view, legal, choice[1], choice[2])


def match_value(view: TwentyOneView, deal_points: Sequence[int]) -> float:
    """The seat's share of the match after a deal scoring ``deal_points``.

    If the match ends, the exact share of the win; otherwise a soft estimate from the
    totals (a softmax on a scale of a quarter of the target).
    """
    totals = [s + p for s, p in zip(view.scores, deal_points, strict=True)]
    best = max(totals)
    me = view.viewer
    assert me is not None
    if best >= view.target:
        if totals[me] != best:
            return 0.0
        return 1.0 / totals.count(best)
    scale = max(3.0, view.target / 4)
    weights = [math.exp((t - best) / scale) for t in totals]
    return weights[me] / sum(weights)


class ExpertBot:
    """Determinized Monte Carlo search with a count-based budget.

    ``playouts`` is the number of simulated deals per decision in a four-player deal
    from full hands; with more or fewer cards left to play it scales inversely (up to
    twice as many), so a decision takes about the same time. They are spent by
    successive halving: each round deals fresh hidden hands, plays every remaining
    choice out on each of them, and keeps the better half of the choices for the next
    round. With ``search_exchange`` the exchange decisions are searched too, else
    they follow the policy.

    With ``tree`` the plays are chosen by the information-set tree search of
    :mod:`.ismcts` instead, with ``playouts`` (scaled the same way) as its iterations,
    ``exploration`` its UCB1 constant, over ``worlds`` times as many dealt worlds;
    ``lookahead`` (else the policy) plays the seat's moves beyond the tree, and the
    first ``warm`` visits of a node below the root take the lookahead's move.
    """

    def __init__(
        self,
        playouts: int = DEFAULT_PLAYOUTS,
        search_exchange: bool = False,
        tree: bool = False,
        exploration: float = 0.5,
        lookahead: bool = True,
        worlds: float = 0.35,
        warm: int = 0,
    ) -> None:
        self.playouts = playouts
        self.search_exchange = search_exchange
        self.tree = tree
        self.exploration = exploration
        self.lookahead = lookahead
        self.worlds = worlds
        self.warm = warm

    def choose(self, view: TwentyOneView, legal: Sequence[Action], seed: int) -> Action:
        """The choice with the best average match value over the sampled deals."""
        if view.phase != "play" and not self.search_exchange:
            return policy_action(view, legal)
        options = choices(view, legal)
        if len(options) == 1:
            return to_action(view, legal, options[0])
        worlds = infer.Worlds(view, Rng.from_seed(seed).stream())
        rollout = Rollout(view)
        if self.tree and view.phase == "play":
            return self._tree_choice(view, legal, worlds, rollout)
        totals = [0.0] * len(options)
        counts = [0] * len(options)
        alive = list(range(len(options)))
        rounds = max(1, math.ceil(math.log2(len(options))))
        budget = self._budget(view)
        for _ in range(rounds):
            for _ in range(max(1, budget // (rounds * len(alive)))):
                hands, rest = worlds.deal()
                for i in alive:
                    totals[i] += rollout.value(options[i], hands, rest)
                    counts[i] += 1
            alive.sort(key=lambda i: totals[i] / counts[i], reverse=True)
            del alive[max(1, len(alive) // 2) :]
        return to_action(view, legal, options[alive[0]])

    def _tree_choice(
        self,
        view: TwentyOneView,
        legal: Sequence[Action],
        worlds: infer.Worlds,
        rollout: Rollout,
    ) -> Action:
        """The play chosen by the information-set tree search (:mod:`.ismcts`)."""
        iterations = self._budget(view)
        count = max(1, math.ceil(iterations * self.worlds))
        dealt = [worlds.deal()[0] for _ in range(count)]
        root = ismcts.search(
            rollout.mine,
            rollout.me,
            rollout.me,
            rollout.trick,
            dealt,
            rollout.score,
            iterations,
            rollout.pass_mode,
            self.exploration,
            self.lookahead,
            self.warm,
        )
        form, value = root.best()
        return to_action(view, legal, (PLAY, form, value))

    def _budget(self, view: TwentyOneView) -> int:
        """The playouts for this decision: fewer when more cards are left to play."""
        cards = sum(max(0, count - 1) for count in view.hand_counts)
        if view.config.cannot_beat == "pass":
            cards = int(cards * PASS_VARIANT_COST)
        seats = view.config.players
        cost = cards * seats // 4 + SEAT_OVERHEAD * seats
        return self.playouts * REFERENCE_COST // max(REFERENCE_COST // 2, cost)


class Rollout:
    """Plays a choice out on a dealt world from one view (what is fixed is set up once).

    The expert bot's search and the review's rater (:mod:`.review`, which also sets
    :attr:`mine` to value a swap as it was played) value their choices with it."""

    def __init__(self, view: TwentyOneView) -> None:
        me = view.viewer
        assert me is not None
        n = view.config.players
        self.view = view
        self.me = me
        self.mine = hand_ranks(view)
        self.pass_mode = view.config.cannot_beat == "pass"
        self.everyone = view.config.scoring == "everyone"
        trick = view.trick
        self.trick = (
            None if trick is None else (trick.leader, trick.form, trick.top_rank, trick.top_seat)
        )
        # The unseen cards after the hands are the pile below what others gave away.
        self.given_away = sum(max(0, c) for s, c in enumerate(view.swaps) if s != me)
        self.everyone_swaps = [(view.leader + k) % n for k in range(n)]
        self.swaps_after_me = self.everyone_swaps[(me - view.leader) % n + 1 :]
        self.cache: dict[tuple[int, ...], float] = {}

    def score(self, last: tuple[int, ...]) -> float:
        """The match value of a deal ending with last cards of ranks ``last``."""
        found = self.cache.get(last)
        if found is None:
            found = self.cache[last] = match_value(self.view, sim.points(last, self.everyone))
        return found

    def play(
        self,
        hands: list[list[int]],
        turn: int,
        trick: sim.TrickState | None,
        first: tuple[int, int] | None = None,
    ) -> None:
        """Play the deal out: the others by the policy, this seat by lookahead."""
        playout.finish_play(
            hands, turn, trick, self.pass_mode, self.me, self.score, first, playout.LOOKAHEAD_CARDS
        )

    def value(self, option: Choice, hidden: Sequence[list[int]], rest: Sequence[int]) -> float:
        """The match value of ``option`` played out to the end of the deal (see :meth:`play`)."""
        hands = [h[:] for h in hidden]
        mine = hands[self.me] = self.mine[:]
        if self.view.phase == "play":
            self.play(hands, self.me, self.trick, (option[1], option[2]))
        else:
            pile = list(rest[self.given_away :])
            if option == OPEN:
                sim.finish_exchange(hands, pile, self.everyone_swaps)
            elif option[0] == SWAP:
                count = option[1]
                del mine[:count]
                mine.extend(pile.pop() for _ in range(count))
                mine.sort()
                sim.finish_exchange(hands, pile, self.swaps_after_me)
            self.play(hands, self.view.leader, None)
        return self.score(tuple([h[0] for h in hands]))
