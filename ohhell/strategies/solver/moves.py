"""Move generation and ordering: the legal cards of the seat to move, one per class, best first.

Equivalent cards: cards of one suit in one hand with no card of another hand
(nor the card winning the current trick so far) between them are
interchangeable: the trick's other cards are beaten by that one and leave
with the trick.  The search tries one of them, the highest
(:func:`_gen_moves`, with the ``F_EQUIV`` option).  With the Setesdal pair
the two trump suits interleave (under ``r`` < over ``r`` < under ``r+1``),
so the other trump suit separates too (:func:`_separated`).  In a tie game
(:mod:`ohhell.strategies.solver.search`) the others' cards are separated
only by the cards ``s`` held at the trick's start.
:func:`_classes` lists every legal card with its class, for the per-card
questions at the root.

Move ordering (:func:`_order_moves`, with the ``F_ORDER`` option): ``s``
plays strong cards when it wants tricks (the cheapest winner when last to a
trick) and ducks with the highest loser when it does not; the others play
their weakest card first (measured against "beat s" / "duck under s" rules
for them, and against a history heuristic, which did not help).  When ``s``
wants no tricks it leads a card another hand must beat (all that hand's
cards of the suit above it), the highest such first; the others lead a card
below every card ``s`` holds of the suit when no other card of theirs lies
above it there (``s`` must win it), then a card that makes ``s`` take the
trick all the same (below its lowest card of the suit, and every other hand
can stay under that card: :func:`_forces`), lead a suit ``s`` is void in
last, and shed high cards in a trick ``s`` has already lost; following
while ``s`` may still take the trick they stay under the lowest card ``s``
can play (or under its card when it has played), the highest such card
first, and play low when ``s`` can duck anyway; discards go by rank (the
high ones first by whoever wants ``s`` to win, the low ones by whoever
wants it to lose).  Measured on 40 deals of 4 x 10 with a trump suit
(trick_bounds, sum of nodes): these rules for the others 115.4M -> 107.3M
(median 1.48M -> 1.27M); on 20 deals of 4 x 10 without trump 98.6M -> 94.7M.
The search puts the transposition table's card first, else at the others'
nodes the card that last refuted at the same ply (a killer move).
Measured on 20 deals of 4 x 10 (trick_bounds): the others' rules and the
killer 118M -> 109M nodes, the lead of ``s`` 107M -> 102M; most of the
tree is nodes where every card must be refuted.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ohhell.rules.tricks import trick_strength
from ohhell.strategies.solver.layout import (
    _ALL,
    _BKK,
    _BSK,
    _FLAGS,
    _H,
    _LEADER,
    _M_TIE,
    _MV,
    _N,
    _OVER,
    _S,
    _SC,
    _TLEN,
    _TRK,
    _UNDER,
    F_EQUIV,
    _hi13,
    _lo13,
    inlined,
    uncounted,
)

_SUIT = np.int64(0x1FFF)


@njit(cache=True, inline="always", error_model="numpy")
def _separated(q: int, lowc: int, highc: int, oth: int, cross: int, under: int, over: int) -> bool:
    """Whether a card of another hand lies between ranks ``lowc < highc`` of suit ``q`` (13-bit masks).

    ``cross``: the other hands' cards of the other Setesdal trump suit (0 otherwise).
    """
    between = ((1 << highc) - 1) & ~((1 << (lowc + 1)) - 1)
    if (oth & between) != 0:
        return True
    if cross == 0:
        return False
    if q == under:  # over rank u lies between under ranks lowc < highc iff lowc <= u < highc
        return (cross & (((1 << highc) - 1) & ~((1 << lowc) - 1))) != 0
    # q is the over-trump: under rank u lies between over ranks iff lowc < u <= highc
    return (cross & (((1 << (highc + 1)) - 1) & ~((1 << (lowc + 1)) - 1))) != 0


@njit(cache=True, inline="always", error_model="numpy")
def _legal(st: np.ndarray, p: int, ply: int) -> int:
    hand = st[_H + p]
    tlen = st[_TLEN]
    if tlen > 0:
        led = st[_TRK + 8 + ply - tlen] // 13
        follow = hand & (_SUIT << (13 * led))
        if follow != 0:
            return int(follow)
    return int(hand)


@njit(cache=True, inline="always", error_model="numpy")
def _gen_moves(st: np.ndarray, p: int, ply: int) -> int:
    """The representatives of the legal cards of ``p`` into the ply's move list; returns the count."""
    mv = _MV + 16 * ply
    legal = _legal(st, p, ply)
    hand = st[_H + p]
    others = st[_ALL] & ~hand
    tlen = st[_TLEN]
    if tlen > 0:  # of the trick's cards only the one winning it so far separates (it decides the trick)
        pos = st[_BSK + 8 + ply - 1] - st[_LEADER]
        if pos < 0:
            pos += st[_N]
        others |= np.int64(1) << st[_TRK + 8 + ply - tlen + pos]
    s = st[_S]
    if (st[_FLAGS] & _M_TIE) != 0 and p != s:
        # a tie game: the others' cards are known by the interval of the cards s held at the trick's
        # start they lie in, so only those separate
        others = st[_H + s]
        s_pos = s - st[_LEADER]
        if s_pos < 0:
            s_pos += st[_N]
        if s_pos < tlen:
            others |= np.int64(1) << st[_TRK + 8 + ply - tlen + s_pos]
    under = st[_UNDER]
    over = st[_OVER]
    equiv = (st[_FLAGS] & F_EQUIV) != 0
    m = 0
    if equiv and under < 0:
        # one card a run: the highest card of p, then the highest below the highest separating card
        # below it, and so on (the legal cards of a suit are all of p's cards of it)
        for q in range(4):
            bits = (legal >> (13 * q)) & 0x1FFF
            oth = (others >> (13 * q)) & 0x1FFF
            while bits != 0:
                c = int(_hi13(bits))
                st[mv + m] = 13 * q + c
                m += 1
                below = oth & ((1 << c) - 1)
                if below == 0:
                    break
                bits &= (1 << int(_hi13(below))) - 1
        return m
    for q in range(4):
        bits = (legal >> (13 * q)) & 0x1FFF
        if bits == 0:
            continue
        oth = (others >> (13 * q)) & 0x1FFF
        cross = 0
        if under >= 0 and q == under:
            cross = (others >> (13 * over)) & 0x1FFF
        elif under >= 0 and q == over:
            cross = (others >> (13 * under)) & 0x1FFF
        prev = -1
        while bits != 0:
            c = int(_hi13(bits))
            bits ^= 1 << c
            if prev < 0 or not equiv or _separated(q, c, prev, oth, cross, under, over):
                st[mv + m] = 13 * q + c
                m += 1
            prev = c
    return m


@uncounted
def _classes(st: np.ndarray, p: int, ply: int, codes: np.ndarray, reps: np.ndarray) -> int:
    """Every legal card of ``p`` (descending within suits) and its class representative (the highest
    card of its run of equivalent cards); returns the count.

    The representatives are :func:`_gen_moves`'s (in the ply's move list, overwritten), in the same
    order as the cards, each the first of its class.
    """
    k = _gen_moves(st, p, ply)
    mv = _MV + 16 * ply
    legal = _legal(st, p, ply)
    m = 0
    j = 0
    rep = -1
    for q in range(4):
        bits = (legal >> (13 * q)) & 0x1FFF
        while bits != 0:
            c = int(_hi13(bits))
            bits ^= 1 << c
            if j < k and st[mv + j] == 13 * q + c:
                rep = 13 * q + c
                j += 1
            codes[m] = 13 * q + c
            reps[m] = rep
            m += 1
    return m


@njit(cache=True, inline="always", error_model="numpy")
def _forces(st: np.ndarray, p: int, q: int, r: int, sq: int) -> bool:
    """Whether seat ``p`` (not ``s``), leading rank ``r`` of suit ``q`` (``s`` holding ``sq`` of it),
    makes ``s`` take the trick whatever it plays: everyone between can play under the lowest card of
    ``s`` there, everyone after can stay under it too (so no one is made to beat it)."""
    lo_s = int(_lo13(sq))
    if r >= lo_s:
        return False
    n = st[_N]
    s = st[_S]
    under = st[_UNDER]
    over = st[_OVER]
    tb = 0
    if over >= 0:
        tb |= _SUIT << (13 * over)
    if under >= 0:
        tb |= _SUIT << (13 * under)
    plain = q != over and q != under
    j = p + 1
    if j == n:
        j = 0
    while j != p:
        if j != s:
            h = st[_H + j]
            hq = (h >> (13 * q)) & 0x1FFF
            if hq != 0:
                if _lo13(hq) >= lo_s:
                    return False
            elif plain and (h & ~tb) == 0 and (h & tb) != 0:
                return False  # void with trumps only: must ruff
        j += 1
        if j == n:
            j = 0
    return True


@inlined
def _order_moves(st: np.ndarray, p: int, ply: int, m: int, want: bool) -> None:
    """Sort the ply's ``m`` moves best first for the mover.  ``want``: ``s`` wants tricks.

    ``s`` wanting tricks plays its strongest card (the cheapest winner when last to the trick);
    not wanting them it leads its weakest card and follows with the highest card that still loses.
    The others play their weakest card first (a discard, then low cards): measured on random deals
    this beat the "beat s" / "duck under s" rules tried for them; but when ``s``, who wants no
    tricks, plays after them and can duck under the trick anyway, they shed their highest card
    first.  When ``s`` wants no tricks the
    others lead, in this order, a card ``s`` must beat, one between two cards of ``s`` in its suit,
    one above all of them, one that forces ``s``, a low card, a suit ``s`` lacks: the order of how
    often each kind turned out to be the refutation on 4 x 10 deals (``benchmarks/RESULTS-solver.md``).
    """
    if m < 2:
        return
    mv = _MV + 16 * ply
    sc = _SC + 16 * ply
    s = st[_S]
    tlen = st[_TLEN]
    under = st[_UNDER]
    over = st[_OVER]
    last = tlen == st[_N] - 1
    led = st[_TRK + 8 + ply - tlen] // 13 if tlen > 0 else -1
    best_key = st[_BKK + 8 + ply - 1] if tlen > 0 else -1
    n = st[_N]
    # the others when s wants no tricks: has s played to this trick and lost it already?
    s_pos = s - st[_LEADER]
    if s_pos < 0:
        s_pos += n
    s_beaten = p != s and not want and tlen > 0 and s_pos < tlen and st[_BSK + 8 + ply - 1] != s
    mine = st[_H + s]
    others_all = st[_ALL] & ~mine
    # the others following when s wants no tricks and has not lost this trick yet: the strength s's
    # weakest answer needs to stay above (-1: none, the trick does not matter to s)
    s_bar = -1
    if p != s and not want and tlen > 0 and not s_beaten:
        if s_pos < tlen:  # s has played and wins so far: the others stay under its card
            s_bar = best_key
        else:
            sq = (mine >> (13 * led)) & 0x1FFF
            if sq != 0:
                s_bar = trick_strength(13 * led + int(_lo13(sq)), led, under, over)
            else:
                tb = 0
                if over >= 0:
                    tb |= 0x1FFF << (13 * over)
                if under >= 0:
                    tb |= 0x1FFF << (13 * under)
                if (mine & ~tb) == 0:  # only trumps: s must ruff with one of them
                    lowest = 1 << 30
                    for q in (under, over):
                        if q >= 0:
                            tq = (mine >> (13 * q)) & 0x1FFF
                            if tq != 0:
                                k0 = trick_strength(13 * q + int(_lo13(tq)), led, under, over)
                                if k0 < lowest:
                                    lowest = k0
                    s_bar = lowest
            if s_bar >= 0 and best_key > s_bar:
                s_bar = -1  # s can already duck under the trick's best card
    for i in range(m):
        c = st[mv + i]
        key = trick_strength(c, led if led >= 0 else c // 13, under, over)
        # a discard (key 0): its rank, high or low first as below
        rank = c - 13 * (c // 13) if key == 0 else 0
        if p != s:
            if tlen == 0 and not want:
                # leading for s to win: below every card s holds of the suit, with no other card of the
                # others above (s must then beat it); then between the cards of s, above them, a lead
                # that forces s (_forces), else low; a suit s is void in last
                q = c // 13
                sq = (mine >> (13 * q)) & 0x1FFF
                r = c - 13 * q
                if sq == 0:
                    score = -10000 - r
                elif r < _lo13(sq) and (((others_all >> (13 * q)) & 0x1FFF) >> (_lo13(sq) + 1)) == 0:
                    score = 10000 - r
                elif r > _lo13(sq):
                    # s holds cards of the suit above and below it (it spends a low card to duck), else
                    # above them all (it takes the trick): measured better first than the forcing leads
                    score = 8000 - r if r < _hi13(sq) else 7000 - r
                elif _forces(st, p, q, r, sq):
                    score = 5000 - r
                else:
                    score = -key
            elif s_beaten:
                score = key + rank  # the trick is lost to s: shed high cards
            elif not want and tlen > 0:
                if s_bar < 0:
                    # s ducks this trick anyway: shed high cards (measured: where the low card first
                    # failed to refute, the card that did was a higher one 98% of the time)
                    score = key + rank
                elif key < s_bar:
                    score = 10000 + key + rank  # stay under the card of s, the highest such first
                else:
                    score = -key
            elif key != 0:
                score = -key
            elif want:
                score = -rank  # keeping high cards against s
            else:
                score = rank  # keeping low cards, to let s win later
        elif want:
            if not last:
                score = key + 12 - rank
            elif key > best_key:
                score = 20000 - key  # the cheapest winner
            else:
                score = 10000 - key - rank
        elif tlen == 0:
            # leading for no trick: a card some other hand must beat (all its cards of the suit are
            # higher), the highest such first; else the weakest card
            q = c // 13
            r = c - 13 * q
            score = -key
            for j in range(n):
                if j != s:
                    jq = (st[_H + j] >> (13 * q)) & 0x1FFF
                    if jq != 0 and _lo13(jq) > r:
                        score = 10000 + r
                        break
        elif key <= best_key:
            score = 20000 + key + rank  # the highest card that still loses
        else:
            score = 10000 + key
        st[sc + i] = score
    for i in range(1, m):  # insertion sort, descending score
        c = st[mv + i]
        k = st[sc + i]
        j = i - 1
        while j >= 0 and st[sc + j] < k:
            st[mv + j + 1] = st[mv + j]
            st[sc + j + 1] = st[sc + j]
            j -= 1
        st[mv + j + 1] = c
        st[sc + j + 1] = k
