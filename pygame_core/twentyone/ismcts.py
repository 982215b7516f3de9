"""Information-set Monte Carlo tree search over the rest of a deal.

The plain determinized search (:mod:`.search`) plays each root choice out on a dealt
world, and its own later moves see that world's hidden hands. Here the searching
seat's own decisions are nodes of a tree keyed by what that seat has seen (its
information set: the public plays since the root, its own hand following from its
own moves), so the statistics of a node are shared by every dealt world that leads
to it, and a move chosen in the tree cannot depend on cards the seat cannot see.

Each iteration takes a dealt world (:class:`.infer.Worlds`), walks down the tree
(UCB1 at the seat's own nodes; the other seats play the policy of :mod:`.sim`, as the
medium bots do, and their plays, with a discarded card's rank, are what the seat sees),
adds one node, finishes the deal with the rollout and backs the match value up.

Measured against three medium bots (seats rotating, 95 % intervals): with 300
iterations, 36.3 % (33.3-39.3, 1,000 games, seed 5000) against the determinized
search's 36.3 % on the same games, at about half its CPU time; with 550 iterations
(about its CPU time), 36.7 % (34.6-38.8, 2,000 games, seed 1) against its 36.4 %
(34.3-38.5). No better, so :class:`~.search.ExpertBot` uses it only with
``tree=True``. Own nodes below the root see too few visits to beat the lookahead
there (taking the lookahead's move for a node's first visits, ``warm``, measured
34.8 %). More iterations did not change that: 1,500 (about the move time the expert
may take, CPU p95 103 ms) won 37.6 % (35.5-39.8) of the same 2,000 games, where the
determinized search won 37.1 % (35.0-39.2) the same day; nor did nodes keyed by the own
hand, the trick and the seats' card counts instead of every play seen (36.7 %).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from . import playout, sim

#: A move as ``(form, rank)``; ``(0, 0)`` is the discard of the lowest card or the pass.
Move = tuple[int, int]
#: What the seat saw of one turn: (seat, form, rank, discarded rank).
Seen = tuple[int, int, int, int]


class Node:
    """The statistics of one information set of the searching seat."""

    __slots__ = ("count", "moves", "totals", "visits")

    def __init__(self, moves: list[Move]) -> None:
        self.moves = moves
        self.visits = [0] * len(moves)
        self.totals = [0.0] * len(moves)
        self.count = 0

    def select(self, exploration: float) -> int:
        """The move to try: each untried one first, then the best by UCB1."""
        if 0 in self.visits:
            return self.visits.index(0)
        log_n = math.log(self.count)
        best_index, best_value = 0, -1.0
        for i, visits in enumerate(self.visits):
            value = self.totals[i] / visits + exploration * math.sqrt(log_n / visits)
            if value > best_value:
                best_index, best_value = i, value
        return best_index

    def update(self, index: int, value: float) -> None:
        """Count one iteration through move ``index`` that ended with ``value``."""
        self.count += 1
        self.visits[index] += 1
        self.totals[index] += value

    def best(self) -> Move:
        """The most tried move (the best average among equals)."""
        index = max(
            range(len(self.moves)),
            key=lambda i: (self.visits[i], self.totals[i] / max(1, self.visits[i])),
        )
        return self.moves[index]


def step(
    hands: list[list[int]], turn: int, trick: sim.TrickState | None, move: Move, pass_mode: bool
) -> tuple[int, sim.TrickState | None] | None:
    """Play ``move`` of ``turn`` in place; the next seat and trick (``None``: it leads),
    or ``None`` once the deal is over. The same rules as :func:`sim.finish_play`."""
    n = len(hands)
    hand = hands[turn]
    form, value = move
    if trick is None:
        sim.remove(hand, form, value)
        leader, best, best_seat = turn, value, turn
    else:
        leader, form, best, best_seat = trick
        if value > 0:
            sim.remove(hand, form, value)
            best, best_seat = value, turn
        elif not pass_mode:
            del hand[0]
    nxt = (turn + 1) % n
    while nxt != leader and len(hands[nxt]) < 2:
        nxt = (nxt + 1) % n
    if nxt != leader:
        return nxt, (leader, form, best, best_seat)
    for offset in range(n):
        seat = (best_seat + offset) % n
        if len(hands[seat]) >= 2:
            return seat, None
    return None


def policy_move(hand: list[int], trick: sim.TrickState | None) -> Move:
    """The policy's move of ``hand`` facing ``trick`` (see :mod:`.sim`)."""
    if trick is None:
        return sim.lead(hand)
    _, form, best, _ = trick
    value = sim.follow(hand, form, best)
    return (form, value) if value > 0 else (0, 0)


def search(
    mine: list[int],
    me: int,
    turn: int,
    trick: sim.TrickState | None,
    worlds: Sequence[list[list[int]]],
    score: playout.Score,
    iterations: int,
    pass_mode: bool,
    exploration: float,
    lookahead: bool = True,
    warm: int = 0,
) -> Node:
    """The root node after ``iterations`` of the search; ``turn`` must be ``me``.

    ``mine`` is the seat's hand (play ranks). Iteration ``i`` plays on the hidden hands
    ``worlds[i % len(worlds)]`` (dealing is the dearest part, so worlds are reused).
    ``score`` values the last cards for the seat. Beyond the tree the seat's moves are
    the one-step lookahead of :mod:`.playout` (``lookahead``) or the policy. A node
    below the root takes the lookahead's move on the world at hand for its first
    ``warm`` visits (a node seen once or twice has no statistics worth trusting).
    """
    tree: dict[tuple[Seen, ...], Node] = {}
    root = tree[()] = Node(playout.own_options(mine, trick))
    for i in range(iterations):
        hands = [h[:] for h in worlds[i % len(worlds)]]
        hands[me] = mine[:]
        at, state = turn, trick
        seen: tuple[Seen, ...] = ()
        path: list[tuple[Node, int]] = []
        while True:
            hand = hands[at]
            if at == me:
                node = tree.get(seen)
                fresh = node is None
                if node is None:
                    node = tree[seen] = Node(playout.own_options(hand, state))
                if node is not root and node.count < warm:
                    index = node.moves.index(playout.best_move(hands, at, state, pass_mode, score))
                else:
                    index = node.select(exploration)
                path.append((node, index))
                move = node.moves[index]
                if fresh:
                    if lookahead:
                        playout.finish_play(hands, at, state, pass_mode, me, score, move)
                    else:
                        sim.finish_play(hands, at, state, pass_mode, move)
                    break
                discarded = 0
            else:
                move = policy_move(hand, state)
                discarded = hand[0] if move[0] == 0 and not pass_mode else 0
            seen = (*seen, (at, move[0], move[1], discarded))
            following = step(hands, at, state, move, pass_mode)
            if following is None:
                break
            at, state = following
        value = score(tuple(h[0] for h in hands))
        for node, index in path:
            node.update(index, value)
    return root
