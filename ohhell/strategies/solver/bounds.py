"""Bounds at trick boundaries: tricks the seat ``s`` takes or loses whatever anyone plays.

The search (:mod:`ohhell.strategies.solver.search`) uses these before
searching a node that starts a trick, with the ``F_BOUNDS`` option:

- each trump of ``s`` is played in a trick of its own and loses only to a
  higher trump played there, each higher trump of the others in one trick:
  ``s`` takes at least its trumps less the most disjoint pairs of one of
  them with a higher trump of the others; and each trump of an opponent
  costs ``s`` its trick unless ``s`` plays a higher trump there: ``s`` loses
  at least the most, over the opponents, of their trumps less the most such
  pairs with a trump of ``s`` (:func:`_sure_bounds`; these counts replaced
  the trumps above every trump of the other side, which they never fall
  below);
- for the most tricks: when ``s`` leads, its quick tricks (tops of suits
  nobody can ruff, :func:`_quick_tricks`); an opponent holding cards above
  all of a plain suit of ``s`` beats that many of its cards (:func:`_covered`);
- for the fewest: ``s`` without trumps whose every card is below the others'
  cards of its suit loses every trick (:func:`_loses_all`); and the ducking
  bound below (:func:`_ducks`, with the ``F_DUCK`` option too; the search
  tries it after the transposition table).

The ducking bound: how many tricks ``s`` can keep to.  ``s`` plays: on
lead, a card with a guard that still holds its suit (a *safe* lead) when it
has one; void in the led suit, a plain card while it holds one.  A *guard*
of a card of ``s`` is another seat whose every card of that suit (trumps
included) is higher.  ``s`` is *trapped* when it must lead without a safe
lead, or holds only trumps.  Until then:

1. it wins a trick only by following suit with no card of the suit below
   the led card (it plays under the led card when it can), and then it plays
   its highest card of the suit.  So in a suit its wins take its cards from
   the top down, and each needs a led card (of the others) below every card
   of ``s`` still held there, the lowest card it will win with among them:
   if that card is its ``k``-th highest of the suit, with ``b`` cards of the
   others below it, it wins at most ``min(k, b)`` tricks in the suit.  So it
   wins at most ``w`` tricks, the sum over the suits of the most ``min(k,
   b)`` over its cards (:func:`_forced_wins`), ``wp`` of them in plain suits;
2. each card it plays below the lowest card (now) of a guard that still holds
   the suit loses (led or followed, the guard must play above it; discarded,
   it is a plain card, as ``s`` discards trumps only when trapped);
3. after each trick it wins it leads safely and loses the next.

Never trapped, it takes at most ``w`` tricks, and by 3 at most ``(r + 1 -
e) // 2`` (a lost trick after each win, and the first one lost when ``s``
leads now: ``e = 1``).  Trapped after ``T`` tricks
(from then on it may take every trick: ``r - T``), having lost ``l`` of them,
it takes at most ``r - l``; a lower bound on ``l`` holds for every way the
others can trap it.  Trapped on lead: every guard has run out of its suit,
or ``s`` has played all its cards below that guard's lowest card.  Say the
guards of a set ``Z`` run out (then ``T >= M``, the most cards of the suits
it runs out of that one seat holds: one card a trick) and in each suit ``s``
plays all its cards below the lowest card of the highest other guard (``A``
cards in all, each a lost trick by 2).  Then ``l >= A``; ``l >= T - w >=
M - w`` by 1; and by 3 the wins before ``T`` are at most ``l + 1 - e``
(``e = 1`` when ``s`` leads now: its safe lead now loses too), so ``l >=
(M + e) // 2``.  In each suit only the guards with the most cards of ``s``
below them need be tried first (running out a guard while one with more
stays changes no ``A`` and only raises ``M``).  Trapped with only trumps:
``T >= r - t`` (``t`` its trumps) and before then its wins with plain cards
are at most ``wp``, so ``l >= max(r - t - wp, (r - t + e) // 2)``.  A trap on
lead needs a win first (``w >= 1``), and on lead now without a safe lead it
is trapped at once (no bound).  So ``s`` keeps to ``max(w, r - l_min)``, the
least ``l`` over the traps.  With ``w = 0`` (and a safe lead now if it
leads) it loses every trick but those the trumps' trap costs: this covers
:func:`_loses_all`, whose dependence is smaller.  Checked against the exact
fewest tricks on 180,000 random positions (2-6 players, 1-6 tricks, one to
four suits dealt, every kind of trump) and 45,000 positions searched in
4 x 10 deals.  Measured on ``trick_bounds`` (the same deals, in alternation
with the version before): 4 x 10 with a trump suit, 40 deals, 107.4M ->
93.2M nodes (median 1.27M -> 1.07M) and about 1.07x less time at the median,
1.02x in sum; without trump, 20 deals, 94.6M -> 69.2M nodes and 1.13x less
time; 4 x 7 with a trump suit 4.16M -> 3.62M nodes, about as fast.  It
decides the node at a trick boundary; what it saves is mostly the cheap
nodes below it that the table would also decide.  The count of wins by
suit in 1 (:func:`_forced_wins`, which the tests check against the one-suit
game it bounds) replaced the most disjoint pairs of a card of ``s`` with a
lower card of the others, never fewer: on the same 4 x 10 deals 92.9M ->
91.2M nodes with a trump suit and 66.0M -> 64.4M without, in about the same
time; it fired on 14% more of 11,245 positions searched in 4 x 10 deals and
never against the exact fewest tricks there or on 18,000 random positions
(2-5 players, 1-7 tricks).

Trumps are compared by key ``2 * rank + 1`` for the over-trump and
``2 * rank`` for the under-trump (the fast path's order for the Setesdal
pair; a single trump suit is the over-trump).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ohhell.cards.masks import lowest_bit, popcount
from ohhell.strategies.solver.layout import (
    _ALL,
    _BSC,
    _H,
    _LEADER,
    _N,
    _OVER,
    _S,
    _UNDER,
    _hi13,
    _lo13,
    inlined,
    uncounted,
)


@njit(cache=True, inline="always", error_model="numpy")
def _trump_bits(under: int, over: int) -> int:
    t = 0
    if under >= 0:
        t |= 0x1FFF << (13 * under)
    if over >= 0:
        t |= 0x1FFF << (13 * over)
    return t


@njit(cache=True, inline="always", error_model="numpy")
def _spread(x: int) -> int:
    """Bit ``k`` of a 13-bit mask moved to bit ``2 k``."""
    x = (x | (x << 8)) & 0x00FF00FF
    x = (x | (x << 4)) & 0x0F0F0F0F
    x = (x | (x << 2)) & 0x33333333
    return (x | (x << 1)) & 0x55555555


@njit(cache=True, inline="always", error_model="numpy")
def _trump_order(mask: int, under: int, over: int) -> int:
    """The trumps of ``mask`` as a mask in the order trumps beat each other: their ranks for a single
    trump suit; with the Setesdal pair bit ``2 * rank + 1`` for the over-trump, ``2 * rank`` for the
    under-trump (26 bits)."""
    b = (mask >> (13 * over)) & 0x1FFF
    if under < 0:
        return int(b)
    return int(_spread((mask >> (13 * under)) & 0x1FFF) | (_spread(b) << 1))


@njit(cache=True, inline="always", error_model="numpy")
def _unpaired(a: int, b: int) -> int:
    """How many cards of ``a`` are left over by the most disjoint pairs of a card of ``a`` with a higher
    card of ``b`` (disjoint masks in one order, up to 26 bits).

    Pairing from the top down (each card of ``a`` takes one of the cards of ``b`` seen above it while
    any is left) is a matching of brackets, a card of ``b`` opening and one of ``a`` closing: the cards
    left over are the most, over the cards ``c`` of ``a``, of the cards of ``a`` less those of ``b`` from
    ``c`` up (at least 0).  Counted so, a loop over the cards of ``a`` with two bit counts each, instead
    of a branch on every card of either mask (measured: about 3x less time a call).
    """
    left = 0
    x = a
    while x != 0:
        t = lowest_bit(x)
        x &= x - 1
        v = popcount(a >> t) - popcount(b >> t)
        if v > left:
            left = v
    return int(left)


@inlined
def _sure_bounds(st: np.ndarray, r: int) -> tuple[int, int]:
    """Tricks ``s`` takes whatever anyone plays (the module docstring): at least its trumps less the
    most of them the others' higher trumps can beat one a trick; at most ``r`` less the most trumps
    one opponent holds that ``s`` cannot overtake one a trick."""
    under = st[_UNDER]
    over = st[_OVER]
    if over < 0:
        return 0, r
    n = st[_N]
    s = st[_S]
    mine = _trump_order(st[_H + s], under, over)
    lb = _unpaired(mine, _trump_order(st[_ALL] & ~st[_H + s], under, over))
    worst = 0
    for j in range(n):
        if j != s:
            c = _unpaired(_trump_order(st[_H + j], under, over), mine)
            if c > worst:
                worst = c
    return lb, r - worst


@inlined
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
        above = ~((1 << (_hi13(m) + 1)) - 1)
        best = 0
        for j in range(n):
            if j != s:
                h = int(popcount((st[_H + j] >> (13 * q)) & 0x1FFF & above))
                if h > best:
                    best = h
        count = int(popcount(m))
        total += best if best < count else count
    return total


@inlined
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
        if _hi13(m) > _lo13(o):
            return False
        lead_ok = True
    return bool(lead_ok)


@inlined
def _quick_tricks(st: np.ndarray) -> int:
    """Tricks ``s`` on lead can make sure of: in each plain suit its cards above every other card of that
    suit, as often as every opponent holding a trump still follows (cashed first, so no trump is played
    meanwhile), and its trumps that no higher trump can beat (as in :func:`_sure_bounds`)."""
    under = st[_UNDER]
    over = st[_OVER]
    n = st[_N]
    s = st[_S]
    mine = st[_H + s]
    others = st[_ALL] & ~mine
    tb = _trump_bits(under, over)
    total = 0
    if over >= 0:
        total = _unpaired(_trump_order(mine, under, over), _trump_order(others, under, over))
    for q in range(4):
        if q in (under, over):
            continue
        m = (mine >> (13 * q)) & 0x1FFF
        if m == 0:
            continue
        o = (others >> (13 * q)) & 0x1FFF
        tops = int(popcount(m >> (_hi13(o) + 1))) if o != 0 else int(popcount(m))
        if tops == 0:
            continue
        if over >= 0:
            for j in range(n):
                if j != s and (st[_H + j] & tb) != 0:
                    length = int(popcount((st[_H + j] >> (13 * q)) & 0x1FFF))
                    if length < tops:
                        tops = length
        total += tops
    return total


@njit(cache=True, inline="always", error_model="numpy")
def _forced_wins(m: int, o: int) -> int:
    """The most tricks ``s`` can be made to win by following suit (13-bit masks of one suit: ``m`` its
    cards, ``o`` the others'), when it wins only if it must and then plays its highest card: the most
    ``min(k, b)`` over its ``k``-th highest card with ``b`` cards of the others below it."""
    best = 0
    k = 0
    while m != 0:
        x = _hi13(m)
        m &= ~(1 << x)
        k += 1
        b = popcount(o & ((1 << x) - 1))
        v = k if k < b else b
        if v > best:
            best = v
        if b <= best:  # lower cards have no more of the others' cards below them
            break
    return int(best)


@uncounted
def _ducks(st: np.ndarray, hi: int) -> bool:
    """Whether ``s`` can keep its tricks to at most ``hi`` by ducking (at a trick boundary, ``hi < r``).

    The argument is the module docstring's (the ducking bound): ``s`` wins at most ``w`` tricks
    (its cards paired with lower led cards of their suit) until it is trapped, on lead with no safe
    lead or holding only trumps, and each way of trapping it costs the others time in which ``s``
    loses tricks.  Every way must leave ``s`` at least ``r - hi`` lost tricks.  Scratch in
    ``st[_BSC:]``: for suit ``q`` and its ``i``-th guard (largest ``g`` first; up to six), ``g`` at
    ``24 q + i``, the seat at ``24 q + 8 + i``, its cards of the suit at ``24 q + 16 + i``; then
    cards by seat.
    """
    under = st[_UNDER]
    over = st[_OVER]
    n = st[_N]
    s = st[_S]
    mine = st[_H + s]
    others = st[_ALL] & ~mine
    r = 0
    w = 0  # wins by following suit above a lower led card
    wp = 0  # of them with plain cards
    t = 0  # trumps of s
    for q in range(4):
        m = (mine >> (13 * q)) & 0x1FFF
        if m == 0:
            continue
        r += popcount(m)
        x = _forced_wins(m, (others >> (13 * q)) & 0x1FFF)
        w += x
        if q in (under, over):
            t += popcount(m)
        else:
            wp += x
    e = 1 if st[_LEADER] == s else 0
    if min(w, (r + 1 - e) // 2) > hi:  # never trapped: each win is followed by a lost safe lead (3)
        return False
    need = r - hi  # tricks s must be sure to lose
    if t > 0:  # trapped with only trumps left: after its r - t plain cards
        tau = r - t
        if tau - wp < need and (tau + e) // 2 < need:
            return False
    # guards: for each suit, the others holding only cards above some cards of s there (g of them)
    total = 0  # the lost tricks if no guard is made void
    ng0 = 0
    ng1 = 0
    ng2 = 0
    ng3 = 0
    for q in range(4):
        m = (mine >> (13 * q)) & 0x1FFF
        k = 0
        if m != 0 and ((others >> (13 * q)) & 0x1FFF) != 0:
            b = _BSC + 24 * q
            for j in range(n):
                if j == s:
                    continue
                hj = (st[_H + j] >> (13 * q)) & 0x1FFF
                if hj == 0:
                    continue
                g = popcount(m & ((1 << _lo13(hj)) - 1))
                if g == 0:
                    continue
                i = k  # insert, largest g first
                while i > 0 and st[b + i - 1] < g:
                    st[b + i] = st[b + i - 1]
                    st[b + 8 + i] = st[b + 8 + i - 1]
                    st[b + 16 + i] = st[b + 16 + i - 1]
                    i -= 1
                st[b + i] = g
                st[b + 8 + i] = j
                st[b + 16 + i] = popcount(hj)
                k += 1
            if k > 0:
                total += st[b]
        if q == 0:
            ng0 = k
        elif q == 1:
            ng1 = k
        elif q == 2:
            ng2 = k
        else:
            ng3 = k
    if e == 1 and total == 0:
        return False  # on lead now without a safe lead
    if w == 0:
        return True  # never wins, so never leads again (the trumps' trap is checked above)
    if total < need:
        return False
    c = _BSC + 96
    for k0 in range(ng0 + 1):  # the first k of each suit's guards made void before the trap
        for k1 in range(ng1 + 1):
            for k2 in range(ng2 + 1):
                for k3 in range(ng3 + 1):
                    # the cards of s played below the guards left (cheap, and most ways stop here)
                    lost = 0
                    if k0 < ng0:
                        lost += st[_BSC + k0]
                    if k1 < ng1:
                        lost += st[_BSC + 24 + k1]
                    if k2 < ng2:
                        lost += st[_BSC + 48 + k2]
                    if k3 < ng3:
                        lost += st[_BSC + 72 + k3]
                    if lost >= need:
                        continue
                    for j in range(n):
                        st[c + j] = 0
                    for q in range(4):
                        k = k0 if q == 0 else (k1 if q == 1 else (k2 if q == 2 else k3))
                        b = _BSC + 24 * q
                        for i in range(k):
                            st[c + st[b + 8 + i]] += st[b + 16 + i]
                    mm = 0
                    for j in range(n):
                        if st[c + j] > mm:
                            mm = st[c + j]
                    if mm - w < need and (mm + e) // 2 < need:
                        return False
    return True


# ---- the cards each bound depends on (partition search) -------------------------------------------
# Masks closed upward in each suit: a bound that compares ranks holds for every position with the same
# suit lengths and the same holders of the cards at or above the ranks it compares.


@njit(cache=True, inline="always", error_model="numpy")
def _from_rank(q: int, t: int) -> int:
    """Suit ``q``'s ranks ``t`` and above, as a card mask."""
    return ((0x1FFF << t) & 0x1FFF) << (13 * q)


@inlined
def _trump_mark(st: np.ndarray) -> int:
    """What :func:`_sure_bounds` depends on: the trumps from the lowest trump of ``s`` up (the others'
    trumps below it are below every trump of ``s``, and the suit lengths count them); both suits of a
    Setesdal pair whole."""
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
    return _from_rank(over, int(_lo13(mine)))


@inlined
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
            out |= _from_rank(q, int(_hi13(o)))
        elif kind == 1:
            out |= _from_rank(q, int(_lo13(o)))
        else:
            out |= _from_rank(q, int(_hi13(m)))
    return out


@inlined
def _duck_mark(st: np.ndarray) -> int:
    """What :func:`_ducks` depends on: in each suit held by ``s`` and the others, the lowest card of
    ``s`` up (the others' cards below it are known from the suit lengths; trumps are counted)."""
    mine = st[_H + st[_S]]
    others = st[_ALL] & ~mine
    out = 0
    for q in range(4):
        m = (mine >> (13 * q)) & 0x1FFF
        if m != 0 and ((others >> (13 * q)) & 0x1FFF) != 0:
            out |= _from_rank(q, int(_lo13(m)))
    return out
