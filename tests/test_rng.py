"""The seeded RNG: pinned outputs (the browser must draw the very same numbers)."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pygame_core.rng import Rng


def test_splitmix64_reference_outputs() -> None:
    # Seed 0 mixes to state 0: the first outputs of the published SplitMix64 reference.
    stream = Rng.from_seed(0).stream()
    assert [stream.next_u64() for _ in range(3)] == [
        16294208416658607535,
        7960286522194355700,
        487617019471545679,
    ]


def test_pinned_draws_and_shuffle() -> None:
    stream = Rng.from_seed(2026).stream()
    assert [stream.randbelow(6) for _ in range(12)] == [5, 5, 1, 0, 0, 5, 3, 1, 1, 2, 4, 3]
    stream = Rng.from_seed(7).stream()
    items = list(range(10))
    stream.shuffle(items)
    assert items == [1, 6, 8, 2, 4, 9, 3, 0, 7, 5]
    assert stream.freeze().to_hex() == "a2a177a8f4b63bd1"


def test_pinned_quick_shuffle() -> None:
    # The bots' cheaper shuffle (several swaps cut from each output) is pinned too: the
    # Twenty One expert's dealt worlds, and so its moves, must not move under it.
    stream = Rng.from_seed(42).stream()
    items = list(range(20))
    stream.quick_shuffle(items)
    assert items == [8, 6, 15, 5, 13, 10, 7, 14, 3, 17, 0, 16, 9, 12, 4, 11, 2, 18, 19, 1]
    assert stream.next_u64() == 3069497704473277141


def test_streams_do_not_change_the_frozen_state() -> None:
    rng = Rng.from_seed(5)
    stream = rng.stream()
    stream.die(6)
    assert rng == Rng.from_seed(5)
    assert stream.freeze() != rng


@given(st.integers(min_value=0, max_value=2**64 - 1))
def test_hex_round_trip(state: int) -> None:
    assert Rng.from_hex(Rng(state).to_hex()) == Rng(state)


@pytest.mark.parametrize("bad", ["", "xyz", "0" * 15, 12])
def test_bad_hex_is_refused(bad: object) -> None:
    with pytest.raises(ValueError, match=r"."):
        Rng.from_hex(bad)  # type: ignore[arg-type]


def test_die_is_fair_enough() -> None:
    stream = Rng.from_seed(1).stream()
    counts = Counter(stream.die(6) for _ in range(60_000))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    assert all(abs(c - 10_000) < 400 for c in counts.values())
