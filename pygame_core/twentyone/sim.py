"""A fast simulator of the rest of a deal, and the hand-made policy it plays with.

Suits never matter in play or scoring, so the simulator works on play ranks only
(:func:`~pygame_core.twentyone.table.play_rank`: 2-14, an ace 1 with the low-ace
variant): a hand is a sorted ``list`` of ints, mutated in place. The search bot plays
thousands of deals per move through it, far faster than through the immutable public
``apply``. The same policy functions drive the medium bot, so "what a sensible player
does" is written once.

The policy: keep the best card for the end and spend the low ones. Lead the lowest
card (or the lowest pair, two junk cards at once); follow with the cheapest play that
beats; with two cards keep the higher one; exchange the low cards, and open the
exchange only with a weak hand.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Sequence

from .table import points_for, rank_value

#: Ranks below this are "low" and exchanged by the policy (2 to 9).
SWAP_BELOW = 10

#: A trick in progress: (leader, form, best rank so far, seat that played it).
TrickState = tuple[int, int, int, int]


def points(last: Sequence[int], everyone: bool) -> tuple[int, ...]:
    """Each seat's points for last cards of play ranks ``last``."""
    return points_for([rank_value(r) for r in last], everyone)


def top_rank(low_ace: bool) -> int:
    """The best play rank: the ace (14), or the king (13) when the ace is low."""
    return 13 if low_ace else 14


# -- the policy --------------------------------------------------------------------------
def opens_exchange(hand: Sequence[int], best: int) -> bool:
    """Open the exchange unless the hand already holds a card of the best rank."""
    return best not in hand


def swap_count(hand: Sequence[int], pile: int) -> int:
    """How many of the lowest cards to exchange: the low ones, as far as the pile goes."""
    return min(bisect_left(hand, SWAP_BELOW), pile)


def lowest_pair(hand: Sequence[int], at_least: int) -> int:
    """The lowest rank of which ``hand`` holds two, not below ``at_least``; -1 if none."""
    for i in range(bisect_left(hand, at_least), len(hand) - 1):
        if hand[i] == hand[i + 1]:
            return hand[i]
    return -1


def lead(hand: Sequence[int]) -> tuple[int, int]:
    """The policy's lead ``(form, rank)``: the lowest pair if it is the lowest card and
    two cards are left afterwards, else the lowest single."""
    if len(hand) >= 4 and hand[0] == hand[1]:
        return 2, hand[0]
    return 1, hand[0]


def follow(hand: Sequence[int], form: int, best: int) -> int:
    """The policy's follow: the cheapest rank that beats or equals ``best``; -1 if none."""
    if form == 2:
        return lowest_pair(hand, best) if len(hand) >= 3 else -1
    i = bisect_left(hand, best)
    return hand[i] if i < len(hand) else -1


# -- the simulator -----------------------------------------------------------------------
def finish_exchange(hands: list[list[int]], pile: list[int], seats: Sequence[int]) -> None:
    """The exchange turns of ``seats`` (in order) by the policy, drawing from ``pile``.

    ``pile`` holds play ranks, top card last (``pop()`` draws).
    """
    for seat in seats:
        hand = hands[seat]
        count = swap_count(hand, len(pile))
        if count:
            del hand[:count]
            hand.extend(pile.pop() for _ in range(count))
            hand.sort()


def remove(hand: list[int], form: int, value: int) -> None:
    """Take ``form`` cards of rank ``value`` out of ``hand``."""
    i = bisect_left(hand, value)
    del hand[i : i + form]


#: Chooses a seat's move in a playout: (hands, seat, trick or None) -> (form, rank).
Chooser = Callable[[list[list[int]], int, TrickState | None], tuple[int, int]]


def finish_play(
    hands: list[list[int]],
    turn: int,
    trick: TrickState | None,
    pass_mode: bool,
    first: tuple[int, int] | None = None,
    me: int = -1,
    choose: Chooser | None = None,
) -> None:
    """Play the deal out in place by the policy until every hand holds one card.

    ``turn`` acts next, leading a new trick if ``trick`` is ``None``; its move is
    ``first`` if given (``(form, rank)`` of a lead or follow, ``(0, 0)`` for a discard
    or pass), else the policy's. With ``choose``, seat ``me`` makes its later moves by
    ``choose`` instead of the policy (the expert's lookahead, :mod:`.playout`).
    """
    # The policy's lead, follow and removal are written out inline: this loop is most
    # of the expert's time (the same moves as :func:`lead`, :func:`follow`, :func:`remove`).
    n = len(hands)
    if trick is None:
        leading, leader, form, best, best_seat = True, turn, 1, 0, turn
    else:
        leading = False
        leader, form, best, best_seat = trick
    while True:
        hand = hands[turn]
        if turn == me and first is None and choose is not None:
            first = choose(hands, turn, None if leading else (leader, form, best, best_seat))
        if leading:
            if first is not None:
                form, best = first
                i = bisect_left(hand, best)
                del hand[i : i + form]
            elif len(hand) >= 4 and hand[0] == hand[1]:
                form, best = 2, hand[0]
                del hand[:2]
            else:
                form, best = 1, hand[0]
                del hand[0]
            leader = best_seat = turn
            leading = False
        elif first is not None:
            value = first[1]
            if value > 0:
                i = bisect_left(hand, value)
                del hand[i : i + form]
                best, best_seat = value, turn
            elif not pass_mode:
                del hand[0]
        elif form == 1:
            i = bisect_left(hand, best)
            if i < len(hand):
                best, best_seat = hand[i], turn
                del hand[i]
            elif not pass_mode:
                del hand[0]
        else:
            size = len(hand)
            i = bisect_left(hand, best) if size >= 3 else size
            while i < size - 1 and hand[i] != hand[i + 1]:
                i += 1
            if i < size - 1:
                best, best_seat = hand[i], turn
                del hand[i : i + 2]
            elif not pass_mode:
                del hand[0]
        first = None
        nxt = (turn + 1) % n
        while nxt != leader and len(hands[nxt]) < 2:
            nxt = (nxt + 1) % n
        if nxt != leader:
            turn = nxt
            continue
        for step in range(n):
            seat = (best_seat + step) % n
            if len(hands[seat]) >= 2:
                turn = seat
                leading = True
                break
        else:
            return
