"""Sets of plain cards as 64-bit masks: bit ``code`` for card ``code`` (13 bits a suit).

Small numba-compiled helpers shared by every compiled path (the fast engine,
the strategies' decision cores, the solver).  They run from Python too (as
compiled functions), so a decision written with them is the same code in the
reference engine and in a kernel.

Examples
--------
>>> from ohhell.cards import parse_cards
>>> m = mask_of(parse_cards("2C AC KH"))
>>> popcount(m), lowest_bit(m), highest_bit(m), kth_bit(m, 1)
(3, 0, 37, 12)
>>> popcount(m & suit_mask(2))
1
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np
from numba import njit

from ohhell.cards.card import Card

__all__ = ["popcount", "kth_bit", "lowest_bit", "highest_bit", "suit_mask", "mask_of", "cards_of", "SUIT_OF", "RANK_OF"]

_U64 = np.uint64
_DEBRUIJN = np.uint64(0x03F79D71B4CB0A89)
_DEBRUIJN_INDEX = np.zeros(64, dtype=np.int64)
for _i in range(64):
    _DEBRUIJN_INDEX[((1 << _i) * 0x03F79D71B4CB0A89 & 0xFFFFFFFFFFFFFFFF) >> 58] = _i

#: Suit (0..3) and rank index (0 for a two .. 12 for an ace) of each code 0..63.
SUIT_OF = np.array([c // 13 for c in range(64)], dtype=np.int64)
RANK_OF = np.array([c % 13 for c in range(64)], dtype=np.int64)


@njit(cache=True, inline="always", error_model="numpy")
def popcount(x: int) -> int:
    """Number of cards in a mask (SWAR bit count)."""
    v = np.uint64(x)
    v = v - ((v >> _U64(1)) & _U64(0x5555555555555555))
    v = (v & _U64(0x3333333333333333)) + ((v >> _U64(2)) & _U64(0x3333333333333333))
    v = (v + (v >> _U64(4))) & _U64(0x0F0F0F0F0F0F0F0F)
    return int((v * _U64(0x0101010101010101)) >> _U64(56))


@njit(cache=True, inline="always", error_model="numpy")
def lowest_bit(x: int) -> int:
    """Code of the lowest card of a non-empty mask."""
    low = np.uint64(x & -x)
    return int(_DEBRUIJN_INDEX[(low * _DEBRUIJN) >> _U64(58)])


@njit(cache=True, inline="always", error_model="numpy")
def kth_bit(x: int, k: int) -> int:
    """Code of the k-th lowest card (0-based) of a mask with more than k cards."""
    for _ in range(k):
        x &= x - 1
    return lowest_bit(x)


@njit(cache=True, inline="always", error_model="numpy")
def highest_bit(x: int) -> int:
    """Code of the highest card of a non-empty mask."""
    b = 0
    for shift in (32, 16, 8, 4, 2, 1):
        if x >> (b + shift):
            b += shift
    return b


@njit(cache=True, inline="always", error_model="numpy")
def suit_mask(suit: int) -> int:
    """All thirteen cards of a suit."""
    return 0x1FFF << (13 * suit)


def mask_of(cards: Iterable[Card]) -> int:
    """The mask of some plain cards (a Wizard or Jester raises ValueError)."""
    m = 0
    for c in cards:
        if not c.is_plain:
            raise ValueError(f"{c} is not a plain card: masks hold the 52 suited cards only")
        m |= 1 << c.code
    return m


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards of a mask, lowest code first."""
    return tuple(Card(code) for code in range(52) if mask >> code & 1)
