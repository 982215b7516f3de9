"""Exact odds of dice21, as :class:`fractions.Fraction` values.

Everything here is a pure function of small integers and is cached, so the odds coach
and the expert bot can ask for any position every turn. ``dice`` is 1 or 2 dice per
throw and ``target`` the total to reach (21 or 36 in the game; any target from 1 to 60
is accepted, which lets tests check the model on small boards by brute force).

The round model
---------------
A player in the middle of a round sees: their own ``total`` (0 before the first throw),
the ``best`` total among players who stood and how many of them hold it (``holders``),
and how many fresh players are still to play ``after`` them. Players who stood below the
best no longer matter. Every later player maximises their own chance of winning the
round, knowing everything that happened before them; a tie at the top is settled by a
fair roll-off, so each of ``k`` tied players wins with chance ``1/k``. When stopping and
rolling on are worth exactly the same, the player stops (the expert bot does the same, so
the model and the bot agree to the last fraction).

If everyone busts the round is replayed; a replay is valued as the fair share
``1/players`` for everyone. Under optimal play this never changes a decision and never
happens: the last player, with nothing to beat, stops after the first throw, which
cannot bust. So :func:`first_mover_win_chance` is the exact chance that the first player
wins the round, replays included, when everyone plays this way.

How it is computed
------------------
Every chance in this model is a rational whose denominator divides
``D = 840 * ways**K`` (840 = lcm(1..8) covers tie shares and the replay share, ``ways``
is 6 or 36 per throw, ``K`` bounds the throws left in a round of 8 players). The tables
therefore hold integer numerators over that one ``D``: exact like ``Fraction`` but an
order of magnitude faster, because no gcd is taken at each step. Every division checks
that it leaves no remainder, so a slip in that reasoning would raise instead of
rounding. Results leave the module as ``Fraction``.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from .table import Dice21View

#: Most players in a round (sizes the common denominator).
MAX_PLAYERS = 8
#: Largest target the odds accept.
MAX_TARGET = 60
#: lcm(1..8): every tie share 1/k and replay share 1/players is a whole part of it.
_SHARES = 840


@dataclass(frozen=True)
class TurnOdds:
    """The acting player's exact chance to win the round if they stop now or roll on.

    ``stop`` is ``None`` before the first throw of the turn (stopping is not allowed
    then); ``bust`` is the chance that the next throw goes over the target.
    """

    stop: Fraction | None
    roll: Fraction
    bust: Fraction

    @property
    def should_stop(self) -> bool:
        """Whether stopping is at least as good as rolling on (ties: stop)."""
        return self.stop is not None and self.stop >= self.roll

    @property
    def best(self) -> Fraction:
        """The win chance with the better choice."""
        return self.stop if self.stop is not None and self.stop >= self.roll else self.roll


def _check_board(dice: int, target: int) -> None:
    if dice not in (1, 2) or isinstance(dice, bool):
        raise ValueError("dice must be 1 or 2")
    if isinstance(target, bool) or not isinstance(target, int) or not 1 <= target <= MAX_TARGET:
        raise ValueError(f"target must be a whole number from 1 to {MAX_TARGET}")


@cache
def _weights(dice: int) -> tuple[tuple[int, int], ...]:
    """``(sum, number of ways)`` for one throw of ``dice`` dice."""
    counts: dict[int, int] = {}
    for faces in range(6**dice):
        value = faces % 6 + 1 + (faces // 6 + 1 if dice == 2 else 0)
        counts[value] = counts.get(value, 0) + 1
    return tuple(sorted(counts.items()))


def throw_distribution(dice: int) -> tuple[tuple[int, Fraction], ...]:
    """Every sum one throw of ``dice`` six-sided dice can show, with its exact chance.

    >>> throw_distribution(1)[0]
    (1, Fraction(1, 6))
    >>> dict(throw_distribution(2))[7]
    Fraction(1, 6)
    """
    _check_board(dice, 1)
    return tuple((value, Fraction(ways, 6**dice)) for value, ways in _weights(dice))


@cache
def bust_chance(total: int, dice: int, target: int) -> Fraction:
    """The chance that the next throw from ``total`` goes over ``target``.

    >>> bust_chance(15, 1, 21), bust_chance(17, 1, 21)
    (Fraction(0, 1), Fraction(1, 3))
    """
    _check_board(dice, target)
    over = sum(ways for value, ways in _weights(dice) if total + value > target)
    return Fraction(over, 6**dice)


@cache
def chance_to_pass(threshold: int, dice: int, target: int) -> Fraction:
    """The chance that a player who starts at 0 and rolls until past ``threshold`` ends
    above it without going over ``target``.

    This is the chance that a later player beats a total of ``threshold`` when they
    roll exactly as far as needed (the rule text's "86 times in 100" for 17).

    >>> chance_to_pass(15, 1, 21)
    Fraction(1, 1)
    """
    _check_board(dice, target)
    if threshold >= target:
        return Fraction(0)
    passes: dict[int, Fraction] = {}
    for total in range(threshold, -1, -1):
        chance = Fraction(0)
        for value, p in throw_distribution(dice):
            reached = total + value
            if threshold < reached <= target:
                chance += p
            elif reached <= threshold:
                chance += p * passes[reached]
        passes[total] = chance
    return passes[0]


def view_odds(view: Dice21View, seat: int) -> TurnOdds:
    """:func:`turn_odds` for ``seat`` on its turn, from what a view shows (the coach,
    the expert and the review all ask it this way)."""
    return turn_odds(
        view.seats[seat].total,
        view.best_total,
        view.best_holders,
        view.to_play_after,
        len(view.turn_order),
        view.config.dice,
        view.config.target,
    )


def turn_odds(
    total: int, best: int, holders: int, after: int, players: int, dice: int, target: int
) -> TurnOdds:
    """The acting player's exact chance to win if they stop now versus roll on.

    ``total``: the acting player's total (0 before the first throw). ``best`` and
    ``holders``: the best total among players who stood and how many hold it (0 and 0
    when nobody stands). ``after``: players still to play after this one.
    ``players``: players in the round (a replay is worth ``1/players``).

    >>> odds = turn_odds(18, 17, 1, 0, 2, 1, 21)   # last to play, already ahead
    >>> odds.stop, odds.should_stop
    (Fraction(1, 1), True)
    """
    _check_board(dice, target)
    seats_known = holders + after + 1
    if (
        not 0 <= total < target
        or not 0 <= best <= target
        or (holders == 0) != (best == 0)
        or holders < 0
        or after < 0
        or not seats_known <= players <= MAX_PLAYERS
    ):
        raise ValueError("not a position of a turn in progress")
    if holders == 0:
        stop, roll = _open_row(after, players, dice, target)[total]
    elif total > best:
        stop, roll = _lead_row(after, dice, target)[total]
    else:
        stop, roll = _contest_row(best, holders, after, dice, target)[total]
    scale = _denominator(dice, target)
    return TurnOdds(
        None if stop is None else Fraction(stop, scale),
        Fraction(roll, scale),
        bust_chance(total, dice, target),
    )


def first_mover_win_chance(players: int = 2, dice: int = 1, target: int = 21) -> Fraction:
    """The exact chance that the first player to act wins a round of ``players`` players
    when everyone plays to maximise their own chance of winning (:func:`turn_odds`).

    >>> first_mover_win_chance(2, 1, 21) < Fraction(1, 2)
    True
    """
    return turn_odds(0, 0, 0, players - 1, players, dice, target).roll


# -- exact tables over the common denominator -------------------------------------------
# A row holds one entry per own total, ``(stop, roll)`` numerators (stop None at 0). Rows
# are filled from the highest total down, so an entry only looks up higher totals already
# built; recursion runs only across the number of players still to play (at most 7 deep),
# which keeps the call stack short enough for the browser.

_Entry = tuple[int | None, int]


@cache
def _denominator(dice: int, target: int) -> int:
    """``D``: every chance of a round on this board is a whole number of ``1/D``."""
    throws_per_turn = (target - 1) // dice + 1
    return int(_SHARES * (6**dice) ** (MAX_PLAYERS * throws_per_turn))


def _exact_div(numerator: int, divisor: int) -> int:
    quotient, rest = divmod(numerator, divisor)
    if rest:
        raise ArithmeticError("dice21 odds: a chance left the common denominator")
    return quotient


def _expect(weighted_sum: int, dice: int) -> int:
    """The expectation numerator from ``sum(ways * numerator)`` over one throw."""
    return _exact_div(weighted_sum, 6**dice)


def _times(a: int, b: int, dice: int, target: int) -> int:
    """The numerator of the product of two chances."""
    return _exact_div(a * b, _denominator(dice, target))


def _better(entry: _Entry) -> int:
    stop, roll = entry
    return stop if stop is not None and stop >= roll else roll


def _stops(entry: _Entry) -> bool:
    stop, roll = entry
    return stop is not None and stop >= roll


@cache
def _lead_row(after: int, dice: int, target: int) -> tuple[_Entry, ...]:
    """A player ahead of everyone who stood, by own total: a bust is worth 0."""
    row: list[_Entry] = [(None, 0)] * target
    for total in range(target - 1, -1, -1):
        acc = 0
        for value, ways in _weights(dice):
            reached = total + value
            if reached == target:
                acc += ways * _holder_chance(target, 1, after, dice, target)
            elif reached < target:
                acc += ways * _better(row[reached])
        stop = _holder_chance(total, 1, after, dice, target) if total else None
        row[total] = (stop, _expect(acc, dice))
    return tuple(row)


@cache
def _lead_bust_row(after: int, dice: int, target: int) -> tuple[int, ...]:
    """The chance that a player ahead of everyone ends bust, by own total."""
    lead = _lead_row(after, dice, target)
    one = _denominator(dice, target)
    row = [0] * target
    for total in range(target - 1, -1, -1):
        if _stops(lead[total]):
            continue
        acc = 0
        for value, ways in _weights(dice):
            reached = total + value
            if reached > target:
                acc += ways * one
            elif reached < target:
                acc += ways * row[reached]
        row[total] = _expect(acc, dice)
    return tuple(row)


def _stand_value(total: int, best: int, holders: int, after: int, dice: int, target: int) -> int:
    """The value of standing on ``total`` against ``holders`` players on ``best``."""
    if total < best:
        return 0
    if total == best:
        return _holder_chance(best, holders + 1, after, dice, target)
    return _holder_chance(total, 1, after, dice, target)


@cache
def _contest_row(best: int, holders: int, after: int, dice: int, target: int) -> tuple[_Entry, ...]:
    """A player at or below ``best`` (held by ``holders``), by own total 0..best."""
    lead = _lead_row(after, dice, target)
    row: list[_Entry] = [(None, 0)] * (best + 1)
    for total in range(best, -1, -1):
        acc = 0
        for value, ways in _weights(dice):
            reached = total + value
            if reached == target:
                acc += ways * _stand_value(target, best, holders, after, dice, target)
            elif best < reached < target:
                acc += ways * _better(lead[reached])
            elif reached <= best:
                acc += ways * _better(row[reached])
        stop = _stand_value(total, best, holders, after, dice, target) if total else None
        row[total] = (stop, _expect(acc, dice))
    return tuple(row)


@cache
def _holder_chance(best: int, holders: int, after: int, dice: int, target: int) -> int:
    """The chance that one of ``holders`` players standing on ``best`` wins the round
    when ``after`` fresh players still play (each optimally)."""
    if after == 0:
        return _denominator(dice, target) // holders
    return _holder_vs_row(best, holders, after - 1, dice, target)[0]


@cache
def _holder_vs_row(best: int, holders: int, after: int, dice: int, target: int) -> tuple[int, ...]:
    """A holder's chance while the next player stands at each total 0..best, with
    ``after`` players behind that player."""
    stays = _holder_chance(best, holders, after, dice, target)
    tied = _holder_chance(best, holders + 1, after, dice, target)
    beaten_then_bust = _lead_bust_row(after, dice, target)
    contest = _contest_row(best, holders, after, dice, target)
    one = _denominator(dice, target)
    row = [0] * (best + 1)
    for total in range(best, -1, -1):
        if _stops(contest[total]):
            row[total] = tied if total == best else stays
            continue
        acc = 0
        # The chance that the next player ends bust (at once, or after passing best),
        # times ways; the holder then still holds, so it is multiplied by ``stays`` once.
        falls = 0
        for value, ways in _weights(dice):
            reached = total + value
            if reached > target:
                falls += ways * one
            elif reached == target:
                if reached == best:
                    acc += ways * tied
            elif reached > best:
                falls += ways * beaten_then_bust[reached]
            else:
                acc += ways * row[reached]
        row[total] = _expect(acc + _times(falls, stays, dice, target), dice)
    return tuple(row)


@cache
def _open_row(after: int, players: int, dice: int, target: int) -> tuple[_Entry, ...]:
    """A player with nobody standing, by own total: a bust is worth 0 unless everyone
    after also busts (then the replay is worth ``1/players``)."""
    bust_value = _exact_div(_all_bust(after, players, dice, target), players)
    row: list[_Entry] = [(None, 0)] * target
    for total in range(target - 1, -1, -1):
        acc = 0
        for value, ways in _weights(dice):
            reached = total + value
            if reached > target:
                acc += ways * bust_value
            elif reached == target:
                acc += ways * _holder_chance(target, 1, after, dice, target)
            else:
                acc += ways * _better(row[reached])
        stop = _holder_chance(total, 1, after, dice, target) if total else None
        row[total] = (stop, _expect(acc, dice))
    return tuple(row)


@cache
def _all_bust(count: int, players: int, dice: int, target: int) -> int:
    """The chance that ``count`` fresh players, with nobody standing, all bust."""
    one = _denominator(dice, target)
    if count == 0:
        return one
    first = _open_row(count - 1, players, dice, target)
    busts = [0] * target
    for total in range(target - 1, -1, -1):
        if _stops(first[total]):
            continue
        acc = 0
        for value, ways in _weights(dice):
            reached = total + value
            if reached > target:
                acc += ways * one
            elif reached < target:
                acc += ways * busts[reached]
        busts[total] = _expect(acc, dice)
    return _times(busts[0], _all_bust(count - 1, players, dice, target), dice, target)
