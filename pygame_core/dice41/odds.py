"""Exact odds of 41: throws, turn scores, the best keeps and the chance to win a round.

Everything here is exact (:class:`fractions.Fraction`); floats appear only in the UI.

A position during a turn is the list of dice set aside so far (``kept``); the dice
still to throw are ``6 - len(kept)``. Only three things about ``kept`` matter for the
rest of the turn: whether a 4 and a 1 are secured, and the points of the other dice
(the sum of the kept dice minus one 4 and one 1, as far as they are there).

How it is fast enough for a browser coach
-----------------------------------------
A keep decision that ranks the six faces (take the best-ranked face that shows) only
needs, for ``n`` dice, the chance that the best-ranked face showing is the ``j``-th:
``((7 - j)**n - (6 - j)**n) / 6**n``. Every policy below is of that kind (the optimal
ones rank the faces by the value of the position after keeping them), so a whole
table of position values takes a few hundred positions times six faces, in integers:
values at ``n`` dice still to throw are kept as numerators over ``6**(n(n+1)/2)``
(the number of equally likely throw sequences left), times a common denominator of the
terminal utility. Tables are cached per utility.

Public functions
----------------
- :func:`throw_distribution` ``(n)``: every sorted throw of ``n`` dice with its chance.
- :func:`score_distribution` ``(policy, kept=())``: a turn's score under any policy.
- :func:`utility_policy`, :func:`utility_distribution`, :func:`position_value`,
  :func:`keep_values`: optimal play for any utility of the final score.
- :func:`safe_play`: the seed's rule of thumb as a policy; :func:`safe_play_distribution`.
- :func:`optimal_policy`, :func:`expected_score`, :func:`keep_expected_scores`:
  maximal expected score.
- :func:`beat_policy`, :func:`beat_chances`, :func:`keep_beat_chances`: the best chance
  to score strictly more than a known best (and the chance of a tie, which replays).
- :class:`RoundSpot`, :func:`round_win_utility`, :func:`keep_round_win_chances`,
  :func:`round_chip_utility`, :func:`keep_round_chip_values`: the chance to win the
  round, or the chips expected from it, when later players try to beat the best (the
  expert bot).
- :func:`seed_claims`: the three figures the seed text quotes, exactly.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache
from itertools import combinations_with_replacement
from math import factorial, lcm, prod

from .table import DICE, FACES, MAX_SCORE, turn_score

#: The scores a turn can end with (0 = not qualified; the least qualified score is 4).
SCORES: tuple[int, ...] = (0, *range(4, MAX_SCORE + 1))

#: ``policy(throw, kept, dice) -> value``: ``throw`` is 1 to 6, ``kept`` the dice set
#: aside so far and ``dice`` the dice just thrown (both sorted); the value must be in
#: ``dice``.
Policy = Callable[[int, tuple[int, ...], tuple[int, ...]], int]

_FOUR = 2
_ONE = 1
_BOTH = _FOUR | _ONE
_SLOTS = MAX_SCORE + 1
#: Index of every position that can no longer qualify (they are all worth the same).
_LOST = -1
_HIGH_FIRST = tuple(reversed(FACES))
#: Lexicographic weight of a win over a tie: more than any count of tie sequences.
_WIN_OVER_TIE = 6 ** (DICE * (DICE + 1) // 2) + 1

#: Equally likely throw sequences with ``n`` dice still to throw: 6**(n + ... + 1).
_SEQUENCES: tuple[int, ...] = tuple(6 ** (n * (n + 1) // 2) for n in range(DICE + 1))

#: ``_RANK_WEIGHTS[n][j]``: throws of ``n`` dice whose best-ranked face is the j-th ranked.
_RANK_WEIGHTS: tuple[tuple[int, ...], ...] = tuple(
    tuple((6 - j) ** n - (5 - j) ** n for j in range(6)) for n in range(DICE + 1)
)


def _missing(flags: int) -> int:
    return int(not flags & _FOUR) + int(not flags & _ONE)


def _keep(flags: int, points: int, value: int) -> tuple[int, int]:
    """The position after setting ``value`` aside (a first 4 or 1 is the ticket)."""
    if value == 4 and not flags & _FOUR:
        return flags | _FOUR, points
    if value == 1 and not flags & _ONE:
        return flags | _ONE, points
    return flags, points + value


def _index(n: int, flags: int, points: int) -> int:
    """A position with ``n`` dice to throw as ``flags * 25 + points``, or :data:`_LOST`."""
    return _LOST if _missing(flags) > n else flags * _SLOTS + points


def _live(n: int) -> tuple[int, ...]:
    """Every position with ``n`` dice to throw that a turn can reach and still qualify."""
    out: list[int] = []
    for flags in range(4):
        plain = DICE - n - (2 - _missing(flags))  # dice set aside as points
        if plain >= 0 and _missing(flags) <= n:
            out.extend(flags * _SLOTS + points for points in range(plain, 6 * plain + 1))
    return tuple(out)


def _moves(n: int) -> dict[int, tuple[int, ...]]:
    """For each live position with ``n`` dice to throw, the position after keeping
    each face 1 to 6."""
    return {
        index: tuple(_index(n - 1, *_keep(*divmod(index, _SLOTS), v)) for v in FACES)
        for index in _live(n)
    }


#: ``_MOVES[n][index][face - 1]``: where keeping ``face`` leads (n >= 1).
_MOVES: tuple[dict[int, tuple[int, ...]], ...] = tuple(
    _moves(n) if n else {} for n in range(DICE + 1)
)


def _flags(kept: Sequence[int]) -> int:
    return (_FOUR if 4 in kept else 0) | (_ONE if 1 in kept else 0)


def _position(kept: Sequence[int]) -> tuple[int, int]:
    """``(dice to throw, position index)`` of the dice set aside so far."""
    if len(kept) > DICE or any(v not in FACES for v in kept):
        raise ValueError(f"not a set of kept dice: {tuple(kept)!r}")
    flags, points = 0, 0
    for value in kept:
        flags, points = _keep(flags, points, value)
    n = DICE - len(kept)
    return n, _index(n, flags, points)


def _check_throw(kept: Sequence[int], dice: Sequence[int]) -> int:
    n = DICE - len(kept)
    if len(dice) != n or any(v not in FACES for v in dice):
        raise ValueError(f"after {len(kept)} kept dice a throw has {n} dice, not {dice!r}")
    return n


# -- throws --------------------------------------------------------------------------


@cache
def _throw_counts(n: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Sorted throws of ``n`` dice with their number of orderings (out of 6**n)."""
    out = []
    for dice in combinations_with_replacement(FACES, n):
        orderings = factorial(n) // prod(factorial(dice.count(v)) for v in set(dice))
        out.append((dice, orderings))
    return tuple(out)


def throw_distribution(n: int) -> tuple[tuple[tuple[int, ...], Fraction], ...]:
    """Every outcome of throwing ``n`` dice (1 to 6) as (sorted dice, probability).

    >>> [(d, str(p)) for d, p in throw_distribution(1)][:2]
    [((1,), '1/6'), ((2,), '1/6')]
    """
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= DICE:
        raise ValueError("n must be 1 to 6")
    total = 6**n
    return tuple((dice, Fraction(count, total)) for dice, count in _throw_counts(n))


# -- any policy ------------------------------------------------------------------------


def score_distribution(policy: Policy, kept: Sequence[int] = ()) -> dict[int, Fraction]:
    """The distribution of the turn's final score (0: not qualified) under ``policy``.

    Starts from the dice already set aside (``kept``). The last single die is kept
    without asking the policy, as in the game. Positions with the same kept dice are
    merged, so ``policy`` must depend only on the sorted tuples it is given.
    """
    start = tuple(sorted(kept))
    n_start, _ = _position(start)
    masses: dict[tuple[int, ...], int] = {start: 1}
    for n in range(n_start, 0, -1):
        following: dict[tuple[int, ...], int] = defaultdict(int)
        for so_far, mass in masses.items():
            for dice, count in _throw_counts(n):
                value = dice[0] if n == 1 else policy(DICE + 1 - n, so_far, dice)
                if value not in dice:
                    raise ValueError(f"policy kept {value!r}, not among {dice!r}")
                following[tuple(sorted((*so_far, value)))] += mass * count
        masses = following
    return _normalise(((turn_score(final), mass) for final, mass in masses.items()), n_start)


def _normalise(pairs: Iterable[tuple[int, int]], n: int) -> dict[int, Fraction]:
    """Score -> probability from (score, count out of the sequences of ``n`` dice)."""
    totals: dict[int, int] = defaultdict(int)
    for score, mass in pairs:
        totals[score] += mass
    denominator = _SEQUENCES[n]
    return {s: Fraction(totals[s], denominator) for s in sorted(totals) if totals[s]}


# -- ranking policies ------------------------------------------------------------------

#: ``ranker(n, index)``: the six faces, most wanted first, in a position.
_Ranker = Callable[[int, int], tuple[int, ...]]


def _ranked_masses(ranker: _Ranker, kept: Sequence[int]) -> dict[int, Fraction]:
    """Score distribution of a ranking policy, by the rank-weight shortcut."""
    n_start, start = _position(kept)
    masses: dict[int, int] = {start: 1}
    lost = 0  # sequences through positions that can no longer qualify
    for n in range(n_start, 0, -1):
        following: dict[int, int] = defaultdict(int)
        weights, moves = _RANK_WEIGHTS[n], _MOVES[n]
        for index, mass in masses.items():
            if index == _LOST:
                lost += mass * _SEQUENCES[n]
                continue
            after = moves[index]
            for weight, value in zip(weights, ranker(n, index), strict=True):
                following[after[value - 1]] += mass * weight
        masses = following
    lost += masses.pop(_LOST, 0)
    return _normalise([(0, lost), *((i % _SLOTS, m) for i, m in masses.items())], n_start)


def _safe_ranking(flags: int) -> tuple[int, ...]:
    tickets = tuple(v for v, bit in ((4, _FOUR), (1, _ONE)) if not flags & bit)
    return tickets + tuple(v for v in _HIGH_FIRST if v not in tickets)


_SAFE_RANKINGS = tuple(_safe_ranking(flags) for flags in range(4))


def safe_play(throw: int, kept: tuple[int, ...], dice: tuple[int, ...]) -> int:
    """The seed's rule of thumb: secure the 4, then the 1, as soon as they show;
    otherwise set aside the highest die."""
    return next(v for v in _SAFE_RANKINGS[_flags(kept)] if v in dice)


def safe_play_distribution(kept: Sequence[int] = ()) -> dict[int, Fraction]:
    """Score distribution of :func:`safe_play` from the dice already set aside."""
    return _ranked_masses(lambda n, index: _SAFE_RANKINGS[index // _SLOTS], kept)


# -- optimal play for a terminal utility -----------------------------------------------


@dataclass(frozen=True)
class _Table:
    """Position values for one integer utility over final scores.

    ``values[n][index]`` is the value of a live position with ``n`` dice still to
    throw, as a numerator over ``_SEQUENCES[n] * denominator``; lost positions are all
    worth ``lost[n]``. ``rankings[n][index]`` holds the faces best first (a higher face
    first on equal value).
    """

    values: tuple[dict[int, int], ...]
    rankings: tuple[dict[int, tuple[int, ...]], ...]
    lost: tuple[int, ...]

    def value(self, n: int, index: int) -> int:
        return self.lost[n] if index == _LOST else self.values[n][index]

    def keep_values(self, n: int, index: int) -> dict[int, int]:
        """Value after keeping each face (numerators over ``_SEQUENCES[n - 1]``)."""
        if index == _LOST:
            return dict.fromkeys(FACES, self.lost[n - 1])
        return {
            v: self.value(n - 1, after) for v, after in zip(FACES, _MOVES[n][index], strict=True)
        }

    def ranking(self, n: int, index: int) -> tuple[int, ...]:
        return _HIGH_FIRST if index == _LOST else self.rankings[n][index]


@lru_cache(maxsize=256)
def _solve(utility: tuple[int, ...]) -> _Table:
    """Backward induction over positions for ``utility[score]`` (integers)."""
    lost = tuple(utility[0] * _SEQUENCES[n] for n in range(DICE + 1))
    values: list[dict[int, int]] = [{i: utility[i % _SLOTS] for i in _live(0)}]
    rankings: list[dict[int, tuple[int, ...]]] = [{}]
    for n in range(1, DICE + 1):
        below, lost_below, weights = values[n - 1], lost[n - 1], _RANK_WEIGHTS[n]
        row: dict[int, int] = {}
        ranks: dict[int, tuple[int, ...]] = {}
        for index, moves in _MOVES[n].items():
            children = sorted(
                (
                    (lost_below if m == _LOST else below[m], v)
                    for m, v in zip(moves, FACES, strict=True)
                ),
                reverse=True,
            )
            row[index] = sum(w * c for w, (c, _) in zip(weights, children, strict=True))
            ranks[index] = tuple(v for _, v in children)
        values.append(row)
        rankings.append(ranks)
    return _Table(tuple(values), tuple(rankings), lost)


def _integer_utility(utility: Sequence[Fraction | int]) -> tuple[tuple[int, ...], int]:
    """Numerators over a common denominator, indexed by score 0 to 24."""
    if len(utility) != _SLOTS:
        raise ValueError("a utility gives a value for every score from 0 to 24")
    if all(type(u) is int for u in utility):
        return tuple(utility), 1  # type: ignore[arg-type]
    fractions = [Fraction(u) for u in utility]
    denominator = lcm(*(f.denominator for f in fractions))
    return tuple(int(f * denominator) for f in fractions), denominator


def utility_policy(utility: Sequence[Fraction | int]) -> Policy:
    """The policy that maximises the expected ``utility[final score]`` (indexed by
    score 0 to 24); on equal value it keeps the higher die."""
    table = _solve(_integer_utility(utility)[0])

    def policy(throw: int, kept: tuple[int, ...], dice: tuple[int, ...]) -> int:
        n, index = _position(kept)
        _check_throw(kept, dice)
        return next(v for v in table.ranking(n, index) if v in dice)

    return policy


def utility_distribution(
    utility: Sequence[Fraction | int], kept: Sequence[int] = ()
) -> dict[int, Fraction]:
    """Score distribution under :func:`utility_policy` from the dice set aside."""
    return _ranked_masses(_solve(_integer_utility(utility)[0]).ranking, kept)


def position_value(utility: Sequence[Fraction | int], kept: Sequence[int] = ()) -> Fraction:
    """Expected ``utility[final score]`` under the policy that maximises it."""
    numerators, denominator = _integer_utility(utility)
    n, index = _position(kept)
    return Fraction(_solve(numerators).value(n, index), _SEQUENCES[n] * denominator)


def keep_values(
    utility: Sequence[Fraction | int], kept: Sequence[int], dice: Sequence[int]
) -> dict[int, Fraction]:
    """For each distinct die of ``dice``: the expected utility after setting it aside
    (and playing on optimally)."""
    n = _check_throw(kept, dice)
    numerators, denominator = _integer_utility(utility)
    _, index = _position(kept)
    values = _solve(numerators).keep_values(n, index)
    scale = _SEQUENCES[n - 1] * denominator
    return {v: Fraction(values[v], scale) for v in sorted(set(dice))}


def best_keep(values: dict[int, Fraction]) -> int:
    """The keep with the highest value (the higher die on equal value), as the bots do."""
    return max(values, key=lambda v: (values[v], v))


# -- maximal expected score ------------------------------------------------------------

_POINTS_UTILITY: tuple[int, ...] = tuple(range(_SLOTS))


def optimal_policy(throw: int, kept: tuple[int, ...], dice: tuple[int, ...]) -> int:
    """The keep that maximises the expected final score (a :data:`Policy`)."""
    return utility_policy(_POINTS_UTILITY)(throw, kept, dice)


def expected_score(kept: Sequence[int] = ()) -> Fraction:
    """Expected final score under :func:`optimal_policy` from the dice set aside."""
    return position_value(_POINTS_UTILITY, kept)


def keep_expected_scores(kept: Sequence[int], dice: Sequence[int]) -> dict[int, Fraction]:
    """For each die that could be set aside now, the expected final score (the coach)."""
    return keep_values(_POINTS_UTILITY, kept, dice)


def optimal_distribution(kept: Sequence[int] = ()) -> dict[int, Fraction]:
    """Score distribution under :func:`optimal_policy`."""
    return utility_distribution(_POINTS_UTILITY, kept)


# -- beating a known best ----------------------------------------------------------------


def _check_best(best: int) -> None:
    if isinstance(best, bool) or not isinstance(best, int) or not 0 <= best <= MAX_SCORE:
        raise ValueError("best must be a score from 0 to 24")


def _beat_utility(best: int) -> tuple[int, ...]:
    """A win outweighs any number of ties, so ties only break equal win chances."""
    _check_best(best)
    return tuple(_WIN_OVER_TIE if s > best else int(s == best) for s in range(_SLOTS))


def _split(value: int, n: int) -> tuple[Fraction, Fraction]:
    wins, ties = divmod(value, _WIN_OVER_TIE)
    return Fraction(wins, _SEQUENCES[n]), Fraction(ties, _SEQUENCES[n])


def beat_policy(best: int) -> Policy:
    """The policy that maximises the chance to score more than ``best`` (on equal
    chances, the one with the larger chance of a tie)."""
    return utility_policy(_beat_utility(best))


def beat_chances(best: int, kept: Sequence[int] = ()) -> tuple[Fraction, Fraction]:
    """``(P(score > best), P(score == best))`` under :func:`beat_policy`."""
    n, index = _position(kept)
    return _split(_solve(_beat_utility(best)).value(n, index), n)


def keep_beat_chances(
    best: int, kept: Sequence[int], dice: Sequence[int]
) -> dict[int, tuple[Fraction, Fraction]]:
    """For each die that could be set aside: ``(P(win), P(tie))`` playing on to beat
    ``best``."""
    n = _check_throw(kept, dice)
    _, index = _position(kept)
    values = _solve(_beat_utility(best)).keep_values(n, index)
    return {v: _split(values[v], n - 1) for v in sorted(set(dice))}


# -- winning the round -------------------------------------------------------------------


@dataclass(frozen=True)
class RoundSpot:
    """Where a turn stands in its round.

    ``best``: the best score of the seats that threw before (``None`` if this seat
    throws first); ``best_tied``: whether two or more of them hold it; ``later``: how
    many seats throw after this one; ``players``: how many take part in the round.
    """

    best: int | None
    best_tied: bool
    later: int
    players: int

    def __post_init__(self) -> None:
        if self.best is not None:
            _check_best(self.best)
        if not 2 <= self.players <= 8 or not 0 <= self.later < self.players:
            raise ValueError("need 2 to 8 players and fewer later players than players")


@cache
def _later_counts(best: int, tied: bool, players: int) -> tuple[int, ...]:
    """Final-score counts (over 6**21) of a later player who plays to win the round
    as if last: a win is worth 1, a replay (any tie at the top) 1/players."""
    share = tuple(
        players if s > best else int(s == best or tied) for s in range(_SLOTS)
    )  # scaled by players
    dist = utility_distribution(share)
    scale = _SEQUENCES[DICE]
    return tuple(int(dist.get(s, 0) * scale) for s in range(_SLOTS))


#: How a round ends for one seat, counted over the later seats' throw sequences:
#: (wins, wins weighted by the later seats' penalty chips, replays, replays weighted
#: by the later seats' penalty chips).
_Paths = tuple[int, int, int, int]


@cache
def _round_paths(later: int, top: int, tied: bool, mine: bool, players: int) -> _Paths:
    """:data:`_Paths` over ``6**(21 * later)`` sequences once my turn is over: ``top``
    is the best score so far, ``tied`` whether two or more hold it, ``mine`` whether I
    do."""
    if later == 0:
        return (0, 0, 1, 0) if tied else (int(mine), 0, 0, 0)
    wins = win_chips = replays = replay_chips = 0
    for score, count in enumerate(_later_counts(top, tied, players)):
        if not count:
            continue
        if score > top:
            after = (score, False, False)
        elif score == top:
            after = (top, True, mine)
        else:
            after = (top, tied, mine)
        w, wc, r, rc = _round_paths(later - 1, *after, players)
        if score == 0:  # this later seat adds a penalty chip on every path below
            wc, rc = wc + w, rc + r
        wins += count * w
        win_chips += count * wc
        replays += count * r
        replay_chips += count * rc
    return wins, win_chips, replays, replay_chips


def _paths_by_score(spot: RoundSpot) -> list[_Paths]:
    """The :data:`_Paths` for each final score 0 to 24 of this seat's turn."""
    out = []
    for score in range(_SLOTS):
        if spot.best is None or score > spot.best:
            after = (score, False, True)
        elif score == spot.best:
            after = (spot.best, True, True)
        else:
            after = (spot.best, spot.best_tied, False)
        out.append(_round_paths(spot.later, *after, spot.players))
    return out


def round_win_utility(spot: RoundSpot) -> tuple[Fraction, ...]:
    """The chance to win the round for each final score 0 to 24 of this turn.

    A tie at the top replays the round for the whole table; it is valued as a fair
    share, ``1 / players``. Later seats are assumed to play as if each were the last:
    to maximise their own chance against the best score in front of them (an
    approximation of their own look-ahead).
    """
    scale = _SEQUENCES[DICE] ** spot.later
    return tuple(
        Fraction(wins * spot.players + replays, scale * spot.players)
        for wins, _, replays, _ in _paths_by_score(spot)
    )


def round_chip_utility(spot: RoundSpot, pot: int, penalty: int) -> tuple[Fraction, ...]:
    """The chips this turn is expected to bring back, for each final score 0 to 24.

    ``pot``: chips in the pot now; ``penalty``: what a failed turn adds to it (1, or 0
    for a seat without chips). A win takes the pot with the later seats' penalty chips
    (and a 24 the other seats' doubling chips); a replay is worth a fair share of the
    pot it leaves; a failed turn costs the penalty. Later seats play as in
    :func:`round_win_utility`, and always have a chip for their penalty.
    """
    scale = _SEQUENCES[DICE] ** spot.later
    out = []
    for score, (wins, win_chips, replays, replay_chips) in enumerate(_paths_by_score(spot)):
        paid = penalty if score == 0 else 0
        doubling = spot.players - 1 if score == MAX_SCORE else 0
        won = wins * (pot + doubling) + win_chips
        shared = Fraction(replays * (pot + paid) + replay_chips, spot.players)
        out.append((won + shared) / scale - paid)
    return tuple(out)


def keep_round_win_chances(
    kept: Sequence[int], dice: Sequence[int], spot: RoundSpot
) -> dict[int, Fraction]:
    """For each die that could be set aside: the chance to win the round (a tie counted
    as its fair share) when playing on to maximise it. See :func:`round_win_utility`."""
    return keep_values(round_win_utility(spot), kept, dice)


def keep_round_chip_values(
    kept: Sequence[int], dice: Sequence[int], spot: RoundSpot, pot: int, penalty: int
) -> dict[int, Fraction]:
    """For each die that could be set aside: the chips expected back from the round
    when playing on to maximise them. See :func:`round_chip_utility`."""
    return keep_values(round_chip_utility(spot, pot, penalty), kept, dice)


def round_win_chance(spot: RoundSpot, kept: Sequence[int] = ()) -> Fraction:
    """The chance to win the round from a position, playing to maximise it."""
    return position_value(round_win_utility(spot), kept)


# -- the seed's figures ------------------------------------------------------------------


@dataclass(frozen=True)
class SeedClaims:
    """The figures the seed text quotes, computed exactly.

    ``safe_24``: a 24 with safe play ("about one turn in seventy");
    ``safe_16_to_21_given_qualified``: a qualified safe-play turn scores 16 to 21
    ("nearly three of four"); ``last_die_one``: the last single die shows the needed 1
    ("one time in six").
    """

    safe_24: Fraction
    safe_16_to_21_given_qualified: Fraction
    last_die_one: Fraction


def seed_claims() -> SeedClaims:
    """The three figures of the seed, from :func:`safe_play_distribution`."""
    safe = safe_play_distribution()
    qualified = 1 - safe.get(0, Fraction(0))
    band = sum((p for s, p in safe.items() if 16 <= s <= 21), Fraction(0))
    # Five dice down with the 4 but no 1: only the last die can still qualify the turn.
    last = 1 - safe_play_distribution((4, 6, 6, 6, 6)).get(0, Fraction(0))
    return SeedClaims(safe.get(MAX_SCORE, Fraction(0)), band / qualified, last)
