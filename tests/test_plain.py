"""Contract of ohhell.plain: the value unchanged, typed as int64, so a callee is compiled once for the loop."""

from __future__ import annotations

from numba import njit, types

from ohhell.plain import plain


@njit
def _callee(led: int) -> int:
    return led + 1


@njit
def _loop(hand: int) -> int:
    total = 0
    led = plain(-1)  # reassigned below: without plain, numba also compiles _callee for the constant -1
    for s in range(4):
        total += _callee(led)
        if hand >> s & 1:
            led = s
    return total


@njit
def _values() -> tuple[int, int, int]:
    return plain(-1), plain(0), plain(511)


def test_the_value_is_unchanged() -> None:
    assert _values() == (-1, 0, 511)
    assert _loop(0b0101) == 0 + 1 + 1 + 3  # led: -1, 0, 0, 2


def test_the_callee_of_a_loop_is_compiled_for_int64_only() -> None:
    _loop(0)
    assert _callee.signatures == [(types.int64,)]
