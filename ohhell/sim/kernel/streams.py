"""The seat streams of a deal or match, in compiled code: SplitMix64 blocks from a chunk's base.

The same states :func:`ohhell.sim.streams.unit_streams` gives the reference
engine (row 0 the chance stream, row ``1 + seat`` each seat's own), so both
engine paths read the same numbers.
"""

from __future__ import annotations

import numpy as np
from numba import njit

__all__ = ["stream_states"]

U64 = np.uint64
_GAMMA = U64(0x9E3779B97F4A7C15)
_M1 = U64(0xBF58476D1CE4E5B9)
_M2 = U64(0x94D049BB133111EB)


@njit(cache=True, error_model="numpy")
def _mix(z: np.uint64) -> np.uint64:
    z = (z ^ (z >> U64(30))) * _M1
    z = (z ^ (z >> U64(27))) * _M2
    return z ^ (z >> U64(31))


@njit(cache=True, error_model="numpy")
def stream_states(st: np.ndarray, base: np.uint64, first: int, count: int) -> None:
    """Fill ``st[0:count]`` with the SplitMix64 blocks ``first .. first+count-1`` from ``base``."""
    for i in range(count):
        k = U64(first + i)
        x = base + U64(4) * k * _GAMMA
        zero = True
        for w in range(4):
            x += _GAMMA
            st[i, w] = _mix(x)
            if st[i, w] != U64(0):
                zero = False
        if zero:
            st[i, 0] = U64(1)
