"""The compiled bit helpers of ohhell.cards.masks against plain Python, and the bounded draw against Stream."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from ohhell.cards import masks
from ohhell.engine import Stream
from ohhell.engine.stream import draw_below, state_array

MASKS = st.integers(min_value=1, max_value=(1 << 52) - 1)


@given(MASKS)
def test_counts_and_ends(x: int) -> None:
    bits = [i for i in range(52) if x >> i & 1]
    assert masks.popcount(x) == len(bits)
    assert masks.lowest_bit(x) == bits[0]
    assert masks.highest_bit(x) == bits[-1]


@given(MASKS, st.data())
def test_kth_bit_both_ways(x: int, data: st.DataObject) -> None:
    bits = [i for i in range(52) if x >> i & 1]
    k = data.draw(st.integers(min_value=0, max_value=len(bits) - 1))
    assert masks.kth_bit(x, k) == bits[k]
    assert masks.kth_bit_by_clearing(x, k) == bits[k]
    if masks.HAS_PDEP:
        assert masks.kth_bit_by_pdep(x, k) == bits[k]


def test_popcount_of_zero_and_of_a_full_deck() -> None:
    assert masks.popcount(0) == 0
    assert masks.popcount((1 << 52) - 1) == 52


@pytest.mark.parametrize("n", [1, 2, 3, 7, 52, 2**31 - 1, 2**32 - 1, 3 * 2**30])
def test_the_bounded_draw_reads_the_stream_as_integers_does(n: int) -> None:
    """The lazy threshold draws the very numbers of the documented rejection rule (large n reject often)."""
    ref = Stream.from_state((1, 2, 3, 4))
    arr = state_array(Stream.from_state((1, 2, 3, 4)))
    for _ in range(2000):
        assert draw_below(arr, 0, n) == ref.integers(n)
    assert tuple(int(w) for w in arr[0]) == ref.state


def test_the_bounded_draw_rejects_exactly_where_the_rule_does() -> None:
    """For n = 3 * 2**30 a quarter of the words are rejected; count them against the rule itself."""
    n = 3 * 2**30
    stream = Stream.from_state((9, 8, 7, 6))
    arr = state_array(Stream.from_state((9, 8, 7, 6)))
    threshold = (2**32 - n) % n
    words = 0
    for _ in range(500):
        draw_below(arr, 0, n)
        while True:
            words += 1
            m = (stream.next_u64() >> 32) * n
            if m & 0xFFFFFFFF >= threshold:
                break
        assert tuple(int(w) for w in arr[0]) == stream.state
    # words per draw are geometric with acceptance 3/4: mean 4/3, standard error sqrt(1/4) / (3/4) / sqrt(500)
    se = np.sqrt(0.25) / 0.75 / np.sqrt(500)
    assert abs(words / 500 - 4 / 3) < 5 * se
