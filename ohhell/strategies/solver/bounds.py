"""Bounds at trick boundaries: tricks the seat ``s`` takes or loses whatever anyone plays.

The search (:mod:`ohhell.strategies.solver.search`) uses these before
searching a node that starts a trick, with the ``F_BOUNDS`` option:

- a trump of ``s`` above every other trump wins its trick whatever happens;
  an opponent's trump above every trump of ``s`` costs ``s`` a trick, and one
  opponent plays one card a trick (:func:`_sure_bounds`);
- for the most tricks: when ``s`` leads, its quick tricks (tops of suits
  nobody can ruff, :func:`_quick_tricks`); an opponent holding cards above
  all of a plain suit of ``s`` beats that many of its cards (:func:`_covered`);
- for the fewest: ``s`` without trumps whose every card is below the others'
  cards of its suit loses every trick (:func:`_loses_all`).

Trumps are compared by key ``2 * rank + 1`` for the over-trump and
``2 * rank`` for the under-trump (the fast path's order for the Setesdal
pair; a single trump suit is the over-trump).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ohhell.strategies.solver.layout import _ALL, _H, _HI13, _LEADER, _LO13, _N, _OVER, _POP13, _S, _UNDER


@njit(cache=True, inline="always", error_model="numpy")
def _trump_bits(under: int, over: int) -> int:
    t = 0
    if under >= 0:
        t |= 0x1FFF << (13 * under)
    if over >= 0:
        t |= 0x1FFF << (13 * over)
    return t


@njit(cache=True, inline="always", error_model="numpy")
def _top_trump_key(mask: int, under: int, over: int) -> int:
    """Key of the highest trump in ``mask`` (-1 when none)."""
    best = -1
    if over >= 0:
        b = (mask >> (13 * over)) & 0x1FFF
        if b != 0:
            best = 2 * int(_HI13[b]) + 1
    if under >= 0:
        b = (mask >> (13 * under)) & 0x1FFF
        if b != 0:
            k = 2 * int(_HI13[b])
            if k > best:
                best = k
    return best


@njit(cache=True, inline="always", error_model="numpy")
def _trumps_above(mask: int, key: int, under: int, over: int) -> int:
    """How many trumps of ``mask`` rank above trump key ``key`` (2 * rank + over)."""
    count = 0
    if over >= 0:
        b = (mask >> (13 * over)) & 0x1FFF
        lowest = (key - 1) // 2 + 1 if key >= 0 else 0  # over rank r beats key iff 2r + 1 > key
        count += _POP13[b & ~((1 << lowest) - 1)]
    if under >= 0:
        b = (mask >> (13 * under)) & 0x1FFF
        lowest = key // 2 + 1 if key >= 0 else 0  # under rank r beats key iff 2r > key
        count += _POP13[b & ~((1 << lowest) - 1)]
    return int(count)


@njit(cache=True, error_model="numpy")
def _sure_bounds(st: np.ndarray, r: int) -> tuple[int, int]:
    """Tricks ``s`` takes whatever anyone plays: at least its master trumps, at most ``r`` minus the
    most trumps one opponent holds above all of the trumps of ``s``."""
    under = st[_UNDER]
    over = st[_OVER]
    if over < 0:
        return 0, r
    n = st[_N]
    s = st[_S]
    mine = st[_H + s]
    others = st[_ALL] & ~mine
    lb = _trumps_above(mine, _top_trump_key(others, under, over), under, over)
    top_mine = _top_trump_key(mine, under, over)
    worst = 0
    for j in range(n):
        if j != s:
            c = _trumps_above(st[_H + j], top_mine, under, over)
            if c > worst:
                worst = c
    return lb, r - worst


@njit(cache=True, error_model="numpy")
def _covered(st: np.ndarray) -> int:
    """Tricks the others can make sure ``s`` loses (when they play against its tricks): in each plain
    suit, while one opponent holds cards above every card ``s`` holds there, that opponent beats each
    card ``s`` plays of the suit (led, followed or discarded, the card loses)."""
    under = st[_UNDER]
    over = st[_OVER]
    n = st[_N]
    s = st[_S]
    mine = st[_H + s]
    total = 0
    for q in range(4):
        if q in (under, over):
            continue
        m = (mine >> (13 * q)) & 0x1FFF
        if m == 0:
            continue
        above = ~((1 << (_HI13[m] + 1)) - 1)
        best = 0
        for j in range(n):
            if j != s:
                h = int(_POP13[(st[_H + j] >> (13 * q)) & 0x1FFF & above])
                if h > best:
                    best = h
        count = int(_POP13[m])
        total += best if best < count else count
    return total


@njit(cache=True, error_model="numpy")
def _loses_all(st: np.ndarray) -> bool:
    """Whether ``s`` can lose every trick left, whatever the others do (at a trick boundary).

    Enough: ``s`` holds no trump; in each suit its cards are all below every card of that suit the
    others hold (or the others hold none of it: those cards are only ever discarded); and when it
    leads, some suit of it is held by another seat (who must then follow higher).  Following with
    any card or discarding then always loses, and ``s`` never leads again.
    """
    under = st[_UNDER]
    over = st[_OVER]
    s = st[_S]
    mine = st[_H + s]
    if (mine & _trump_bits(under, over)) != 0:
        return False
    others = st[_ALL] & ~mine
    lead_ok = st[_LEADER] != s
    for q in range(4):
        m = (mine >> (13 * q)) & 0x1FFF
        o = (others >> (13 * q)) & 0x1FFF
        if m == 0 or o == 0:
            continue
        if _HI13[m] > _LO13[o]:
            return False
        lead_ok = True
    return bool(lead_ok)


@njit(cache=True, error_model="numpy")
def _quick_tricks(st: np.ndarray) -> int:
    """Tricks ``s`` on lead can cash at once: its master trumps, then in each plain suit its cards above
    every other card of that suit, as often as every opponent holding a trump still follows."""
    under = st[_UNDER]
    over = st[_OVER]
    n = st[_N]
    s = st[_S]
    mine = st[_H + s]
    others = st[_ALL] & ~mine
    tb = _trump_bits(under, over)
    total = 0
    if over >= 0:
        total = _trumps_above(mine, _top_trump_key(others, under, over), under, over)
    for q in range(4):
        if q in (under, over):
            continue
        m = (mine >> (13 * q)) & 0x1FFF
        if m == 0:
            continue
        o = (others >> (13 * q)) & 0x1FFF
        tops = int(_POP13[m >> (_HI13[o] + 1)]) if o != 0 else int(_POP13[m])
        if tops == 0:
            continue
        if over >= 0:
            for j in range(n):
                if j != s and (st[_H + j] & tb) != 0:
                    length = int(_POP13[(st[_H + j] >> (13 * q)) & 0x1FFF])
                    if length < tops:
                        tops = length
        total += tops
    return total


# ---- the cards each bound depends on (partition search) -------------------------------------------
# Masks closed upward in each suit: a bound that compares ranks holds for every position with the same
# suit lengths and the same holders of the cards at or above the ranks it compares.


@njit(cache=True, inline="always", error_model="numpy")
def _from_rank(q: int, t: int) -> int:
    """Suit ``q``'s ranks ``t`` and above, as a card mask."""
    return ((0x1FFF << t) & 0x1FFF) << (13 * q)


@njit(cache=True, error_model="numpy")
def _trump_mark(st: np.ndarray) -> int:
    """What :func:`_sure_bounds` depends on: the trumps from the lower of the two top trumps (of ``s``
    and of the others) up; both suits of a Setesdal pair whole."""
    under = st[_UNDER]
    over = st[_OVER]
    if over < 0:
        return 0
    if under >= 0:
        return _from_rank(under, 0) | _from_rank(over, 0)
    s = st[_S]
    mine = (st[_H + s] >> (13 * over)) & 0x1FFF
    oth = ((st[_ALL] & ~st[_H + s]) >> (13 * over)) & 0x1FFF
    if mine == 0 or oth == 0:  # then the bounds count trumps only
        return 0
    t = min(int(_HI13[mine]), int(_HI13[oth]))
    return _from_rank(over, t)


@njit(cache=True, error_model="numpy")
def _suit_mark(st: np.ndarray, kind: int) -> int:
    """What a plain-suit bound depends on, per suit held by ``s`` and the others: the others' top card
    up (``kind`` 0, :func:`_quick_tricks`), the others' lowest card up (1, :func:`_loses_all`), the top
    card of ``s`` up (2, :func:`_covered`)."""
    under = st[_UNDER]
    over = st[_OVER]
    s = st[_S]
    mine = st[_H + s]
    others = st[_ALL] & ~mine
    out = 0
    for q in range(4):
        if kind != 1 and q in (under, over):
            continue
        m = (mine >> (13 * q)) & 0x1FFF
        o = (others >> (13 * q)) & 0x1FFF
        if m == 0 or o == 0:
            continue
        if kind == 0:
            out |= _from_rank(q, int(_HI13[o]))
        elif kind == 1:
            out |= _from_rank(q, int(_LO13[o]))
        else:
            out |= _from_rank(q, int(_HI13[m]))
    return out
