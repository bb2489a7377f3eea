"""The documented random stream every engine path reads: xoshiro256**.

Every random decision in a deal (the shuffle, Setesdal draws, a random
first dealer, and the built-in strategies' choices) reads the next numbers of
a :class:`Stream`, so the reference engine and a compiled kernel that
implements the same few lines can replay the same deal exactly.

The algorithm, in full:

* state: four unsigned 64-bit words, from
  ``numpy.random.SeedSequence(...).generate_state(4, numpy.uint64)``;
* ``next_u64``: xoshiro256** (Blackman and Vigna, 2018):
  ``result = rotl(s1 * 5, 7) * 9``; ``t = s1 << 17``; ``s2 ^= s0``;
  ``s3 ^= s1``; ``s1 ^= s2``; ``s0 ^= s3``; ``s2 ^= t``; ``s3 = rotl(s3, 45)``
  (all modulo 2**64);
* ``integers(n)`` (uniform on ``0..n-1``, ``1 <= n < 2**32``): Lemire's
  multiply-and-shift on the high 32 bits ``x = next_u64() >> 32``:
  ``m = x * n``; if ``m mod 2**32 < (2**32 - n) mod n``, draw again; else
  return ``m >> 32``;
* ``random()`` (uniform on [0, 1)): ``(next_u64() >> 11) * 2**-53``;
* ``permutation(n)``: Fisher-Yates from the top, ``for i = n-1 .. 1:
  j = integers(i + 1); swap(a[i], a[j])`` starting from ``a = [0, 1, ..., n-1]``.

Examples
--------
>>> s = Stream(12345)
>>> [s.integers(6) for _ in range(5)]
[2, 2, 1, 5, 0]
>>> Stream(12345).permutation(5)
[4, 3, 0, 1, 2]
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import TypeVar

import numpy as np
from numba import njit

__all__ = ["Stream", "SeedLike", "seed_sequence", "next_word", "draw_below", "shuffle_codes", "state_array"]

SeedLike = int | list[int] | tuple[int, ...] | np.random.SeedSequence | None

_MASK = (1 << 64) - 1
_T = TypeVar("_T")


def seed_sequence(seed: SeedLike) -> np.random.SeedSequence:
    """``seed`` as a SeedSequence (a SeedSequence is returned as is).

    Examples
    --------
    >>> seed_sequence(-1)
    Traceback (most recent call last):
    ...
    ValueError: seed must be None, a whole number >= 0, a sequence of them or a SeedSequence, got -1
    """
    if isinstance(seed, np.random.SeedSequence):
        return seed
    try:
        return np.random.SeedSequence(seed)
    except (TypeError, ValueError):
        raise ValueError(
            f"seed must be None, a whole number >= 0, a sequence of them or a SeedSequence, got {seed!r}"
        ) from None


def _rotl(x: int, k: int) -> int:
    return ((x << k) | (x >> (64 - k))) & _MASK


class Stream:
    """A xoshiro256** stream (see the module docs for the exact algorithm).

    Parameters
    ----------
    seed : an int, a sequence of ints, a :class:`numpy.random.SeedSequence`,
        or None for fresh entropy.
    """

    __slots__ = ("_s",)

    def __init__(self, seed: SeedLike = None) -> None:
        words = seed_sequence(seed).generate_state(4, np.uint64)
        self._s = [int(w) for w in words]
        if not any(self._s):
            self._s[0] = 1

    @classmethod
    def from_state(cls, state: tuple[int, int, int, int]) -> Stream:
        """A stream continuing from ``state`` (four 64-bit words, not all zero)."""
        if len(state) != 4 or not any(state) or any(not 0 <= w <= _MASK for w in state):
            raise ValueError("a stream state is four unsigned 64-bit words, not all zero")
        out = cls.__new__(cls)
        out._s = list(state)
        return out

    @property
    def state(self) -> tuple[int, int, int, int]:
        s0, s1, s2, s3 = self._s
        return (s0, s1, s2, s3)

    def set_state(self, state: tuple[int, int, int, int] | np.ndarray) -> None:
        """Continue from ``state`` (after compiled code advanced a copy of it)."""
        words = [int(w) for w in state]
        if len(words) != 4 or not any(words) or any(not 0 <= w <= _MASK for w in words):
            raise ValueError("a stream state is four unsigned 64-bit words, not all zero")
        self._s = words

    def next_u64(self) -> int:
        """The next 64-bit word."""
        s = self._s
        result = (_rotl((s[1] * 5) & _MASK, 7) * 9) & _MASK
        t = (s[1] << 17) & _MASK
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = _rotl(s[3], 45)
        return result

    def integers(self, low: int, high: int | None = None) -> int:
        """Uniform integer in ``[0, low)``, or in ``[low, high)`` when ``high`` is given."""
        if high is None:
            low, high = 0, low
        n = high - low
        if not 1 <= n < (1 << 32):
            raise ValueError(f"integers needs 1 <= high - low < 2**32, got {n}")
        threshold = ((1 << 32) - n) % n
        while True:
            m = (self.next_u64() >> 32) * n
            if (m & 0xFFFFFFFF) >= threshold:
                return low + (m >> 32)

    def random(self) -> float:
        """Uniform float in [0, 1) with 53 random bits."""
        return (self.next_u64() >> 11) * (1.0 / (1 << 53))

    def permutation(self, n: int) -> list[int]:
        """A uniformly random permutation of ``0..n-1`` (Fisher-Yates from the top)."""
        a = list(range(n))
        self.shuffle(a)
        return a

    def shuffle(self, items: MutableSequence[_T]) -> None:
        """Shuffle ``items`` in place (Fisher-Yates from the top)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.integers(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: tuple[_T, ...] | list[_T]) -> _T:
        """One element of a non-empty sequence, uniformly (one ``integers`` draw)."""
        if not items:
            raise ValueError("choice from an empty sequence")
        return items[self.integers(len(items))]

    def numpy(self) -> np.random.Generator:
        """A NumPy Generator seeded from the next two words, for strategies that need its full API.

        Draws made through it are not part of the documented stream, so a
        compiled kernel cannot replay them.
        """
        return np.random.default_rng([self.next_u64(), self.next_u64()])

    def __repr__(self) -> str:
        return f"Stream.from_state({self.state})"


# -- the same stream in compiled code ------------------------------------------
# Compiled paths keep stream states as rows of a uint64 array ``st`` (four
# words each, the state a Stream holds); these are Stream.next_u64 and
# Stream.integers for row ``k``, number for number.

_U64 = np.uint64
_LOW32 = np.uint64(0xFFFFFFFF)


@njit(cache=True, inline="always", error_model="numpy")
def _rotl_c(x: np.uint64, k: int) -> np.uint64:
    return (x << _U64(k)) | (x >> _U64(64 - k))


@njit(cache=True, inline="always", error_model="numpy")
def next_word(st: np.ndarray, k: int) -> np.uint64:
    """:meth:`Stream.next_u64` of the stream in row ``k`` of ``st``."""
    s0, s1, s2, s3 = st[k, 0], st[k, 1], st[k, 2], st[k, 3]
    result = _rotl_c(s1 * _U64(5), 7) * _U64(9)
    t = s1 << _U64(17)
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= t
    s3 = _rotl_c(s3, 45)
    st[k, 0], st[k, 1], st[k, 2], st[k, 3] = s0, s1, s2, s3
    return result


@njit(cache=True, inline="always", error_model="numpy")
def draw_below(st: np.ndarray, k: int, n: int) -> int:
    """:meth:`Stream.integers` ``(n)`` of the stream in row ``k`` of ``st``.

    Lemire's bounded draw: the rejection threshold ``2**32 mod n`` is below
    ``n``, so it is computed (a division) only when the low half falls below
    ``n``, which is rare; the numbers drawn are the same.
    """
    nn = _U64(n)
    while True:
        m = (next_word(st, k) >> _U64(32)) * nn
        low = m & _LOW32
        if low >= nn or low >= (_U64(4294967296) - nn) % nn:
            return np.int64(m >> _U64(32))  # type: ignore[return-value]  # int64, never uint64, in numba


@njit(cache=True, inline="always", error_model="numpy")
def shuffle_codes(codes: np.ndarray, st: np.ndarray) -> None:
    """Shuffle ``codes`` in place (Fisher-Yates from the end, ``draw_below(st, 0, i + 1)`` for each ``i``)."""
    for i in range(codes.shape[0] - 1, 0, -1):
        j = draw_below(st, 0, i + 1)
        tmp = codes[i]
        codes[i] = codes[j]
        codes[j] = tmp


def state_array(stream: Stream) -> np.ndarray:
    """A one-row state array of ``stream`` for compiled code (read back with :meth:`Stream.set_state`)."""
    return np.array([stream.state], dtype=np.uint64)
