"""The compiled search: paranoid boolean alpha-beta over one deal with all hands known.

Everything here is numba code over plain integers and arrays; the typed API
is :mod:`ohhell.strategies.solver.position`.  The search is iterative, with
an explicit stack of frames in the state array: numba's on-disk cache cannot
hold recursive functions (numba issue #6061, a segfault on reload).

Representation
--------------
Hands are 64-bit masks, bit ``code`` for card ``code = suit * 13 + rank - 2``
(suits C, D, H, S = 0..3), as in :mod:`ohhell.sim.kernel`.  The search state
is one ``int64`` array ``st`` (layout below): the hands by seat, the current
trick, the seat the search is for (``s``), the trump pair (``under``,
``over``; -1 for none, a single trump suit is ``over``), counters and a move
buffer per ply.  Cards are ranked in a trick as in the fast path: over-trump
> under-trump (higher rank wins, the over-trump on equal ranks) > led suit >
others (:func:`_key` is the fast path's ``_strength``).

The game
--------
``s`` plays against all other seats together.  :func:`_search` answers one
boolean question: can ``s`` make its number of tricks from here on fall in
``[lo, hi]``?  Clamped to ``[0, r]`` (``r`` tricks left, the current one
included) only three shapes occur: *at least* ``lo`` (``hi == r``), *at
most* ``hi`` (``lo == 0``) and *exactly* ``lo == hi``; a trick won by ``s``
shifts both ends down by one.  The fewest and the most tricks ``s`` can force
are found by a sequence of such null-window searches.

Techniques
----------
- Alpha-beta on the 0/1 value: a node of ``s`` stops at its first winning
  card, a node of the others at their first refutation.
- Transposition table at trick boundaries, keyed exactly by relative ranks
  (who holds each remaining card, in rank order within suits; the leader,
  ``s`` and the trump), so positions that differ only in which low cards
  were played share an entry; a hash of the key picks a 4-way bucket.  An
  entry keeps bounds on the most and on the fewest tricks ``s`` can force,
  the exact targets known won or lost, and the card that decided the last
  search there (tried first next time).  A call's generation number lets
  the table be reused without clearing; entries of older generations are
  still exact and are replaced first.
- Equivalent cards: cards of one suit in one hand with no card of another
  hand (or of the current trick) between them are interchangeable; one is
  searched.  With the Setesdal pair the two trump suits interleave (under
  ``r`` < over ``r`` < under ``r+1``), so the other trump suit separates too.
- Bounds at trick boundaries: a trump of ``s`` above every other trump wins
  its trick whatever happens; an opponent's trump above every trump of ``s``
  costs ``s`` a trick, and one opponent plays one card a trick.  For the
  most tricks: when ``s`` leads, its quick tricks (tops of suits nobody can
  ruff); an opponent holding cards above all of a plain suit of ``s`` beats
  that many of its cards.  For none: ``s`` without trumps whose every card
  is below the others' cards of its suit loses every trick.
- Move ordering: the table's card first; ``s`` plays strong cards when it
  wants tricks (the cheapest winner when last to a trick) and ducks with the
  highest loser when it does not; the others play their weakest card first
  (measured against "beat s" / "duck under s" rules for them, and against a
  history heuristic, which did not help).  It saves about a quarter of the
  nodes of the fewest-tricks search and 40% of the most-tricks search; the
  rest of the tree is nodes where every card must be refuted.

Speed notes (measured): the search calls its helpers with views of ``st``
and ``tt`` that carry no reference count (numba otherwise updates the
counts atomically around every call, a third of the time); the table's
4-way buckets keep the ways' check words in one cache line.
"""

from __future__ import annotations

import numpy as np
from numba import njit, types
from numba.extending import intrinsic
from numba.np.numpy_support import carray

from ohhell.rules.tricks import trick_strength

__all__ = [
    "ST_SIZE",
    "TT_WIDTH",
    "WAYS",
    "F_TT",
    "F_EQUIV",
    "F_BOUNDS",
    "F_ORDER",
    "C_NODES",
    "C_HITS",
    "C_STORES",
    "setup",
    "max_tricks",
    "min_tricks",
    "exact",
    "root_classes",
    "card_values_kernel",
    "card_bounds_kernel",
    "exact_targets_kernel",
]

# ---- state layout (indices into st) -------------------------------------------------------------
_H = 0  # hands by seat, 7 slots
_N = 32
_S = 33  # the seat searched for
_UNDER = 34
_OVER = 35
_LEADER = 36
_TLEN = 37  # cards played to the current trick
_ALL = 39  # union of the hands
_TMASK = 40  # cards of the current trick
_GEN = 41  # this call's generation
_MINGEN = 42  # entries older than this are invalid (a cleared table)
_FLAGS = 43
_TAG = 44  # seat, trump and player count, for the table entries
C_NODES = 48
C_HITS = 49
C_STORES = 50
_MAXPLY = 7 * 13 + 2
# By ply (index base + 8 + ply; the current trick's earlier cards sit at the plies before the root):
# the card played at that ply, the seat winning its trick so far and that card's key.  A trick's cards
# are at plies ply - tlen .. ply - 1, so deeper tricks never overwrite the ones above them.
_TRK = 64
_BSK = _TRK + _MAXPLY + 8
_BKK = _BSK + _MAXPLY + 8
_MV = _BKK + _MAXPLY + 8  # moves, 16 a ply
_SC = _MV + 16 * _MAXPLY  # move scores, 16 a ply
_FR = _SC + 16 * _MAXPLY  # a frame a ply: the node's window, moves and undo data
_FW = 20
_F_LO, _F_HI, _F_R, _F_P, _F_M, _F_I, _F_TLEN, _F_LEADER, _F_TMASK, _F_ROW, _F_TAG, _F_VAL, _F_CHECK, _F_KEY = range(14)
# (_F_KEY: the node's 4 key words, up to _F_KEY + 3)
_OWN = _FR + _FW * _MAXPLY  # the seat holding each card (cards never change hands)
ST_SIZE = _OWN + 64

# ---- option flags ---------------------------------------------------------------------------
F_TT = 1
F_EQUIV = 2
F_BOUNDS = 4
F_ORDER = 8

# ---- transposition table rows -------------------------------------------------------------------
# A trick-boundary position is keyed by relative ranks: for each suit, the seats holding its
# remaining cards from the lowest up (3 bits a card, after a leading 1); the Setesdal pair as one
# merged sequence (under r < over r < under r + 1), 4 bits a card (seat, and 1 for the over-trump),
# ranks 0..6 in the under-trump's word and 7..12 in the over-trump's.  Positions with equal keys
# are the same game up to renaming cards, so they share an entry whatever was played before.
# The table is 4-way buckets of 32 words (four cache lines): words 0..3 the ways' check words (a
# 64-bit hash of key and tag, odd; 0 for empty), so a probe reads one line, then for way w at 4 + 7w
# the tag (seat, trump, players, leader), the 4 key words, the generation and the packed values:
# 4 bits each max_lo, max_hi, min_lo, min_hi (bits 0..15), exact targets won (bits 16..29) and lost
# (bits 32..45), tricks left (bits 48..51), the card that decided the last search + 1 (bits 52..57).
TT_WIDTH = 32
WAYS = 4
_E_TAG = 0
_E_KEY = 1
_E_GEN = 5
_E_VAL = 6

_SUIT = np.int64(0x1FFF)
_BIG = 99

_POP13 = np.array([bin(x).count("1") for x in range(8192)], dtype=np.int64)
_HI13 = np.array([x.bit_length() - 1 for x in range(8192)], dtype=np.int64)
_LO13 = np.array([(x & -x).bit_length() - 1 for x in range(8192)], dtype=np.int64)


_INT64_PTR = types.CPointer(types.int64)  # type: ignore[no-untyped-call]  # numba's types are untyped


@intrinsic
def _int64_ptr(typingctx: object, addr: types.Integer) -> tuple[object, object]:
    """An ``int64 *`` from an address (to view an array the caller keeps alive)."""
    sig = _INT64_PTR(types.intp)

    def codegen(context, builder, signature, args):  # type: ignore[no-untyped-def]
        return builder.inttoptr(args[0], context.get_value_type(_INT64_PTR))

    return sig, codegen


@njit(cache=True, inline="always", error_model="numpy")
def _popcount(x: int) -> int:
    return int(
        _POP13[x & 0x1FFF] + _POP13[(x >> 13) & 0x1FFF] + _POP13[(x >> 26) & 0x1FFF] + _POP13[(x >> 39) & 0x1FFF]
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


@njit(cache=True, error_model="numpy")
def _classes(st: np.ndarray, p: int, ply: int, codes: np.ndarray, reps: np.ndarray) -> int:
    """Every legal card of ``p`` (descending within suits) and its class representative (the highest
    card of its run of equivalent cards); returns the count."""
    legal = _legal(st, p, ply)
    hand = st[_H + p]
    others = (st[_ALL] & ~hand) | st[_TMASK]
    under = st[_UNDER]
    over = st[_OVER]
    equiv = (st[_FLAGS] & F_EQUIV) != 0
    m = 0
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
        rep = -1
        while bits != 0:
            c = int(_HI13[bits])
            bits ^= 1 << c
            if prev < 0 or not equiv or _separated(q, c, prev, oth, cross, under, over):
                rep = 13 * q + c
            codes[m] = 13 * q + c
            reps[m] = rep
            m += 1
            prev = c
    return m


@njit(cache=True, inline="always", error_model="numpy")
def _gen_moves(st: np.ndarray, p: int, ply: int) -> int:
    """The representatives of the legal cards of ``p`` into the ply's move list; returns the count."""
    mv = _MV + 16 * ply
    legal = _legal(st, p, ply)
    hand = st[_H + p]
    others = (st[_ALL] & ~hand) | st[_TMASK]
    under = st[_UNDER]
    over = st[_OVER]
    equiv = (st[_FLAGS] & F_EQUIV) != 0
    m = 0
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
            c = int(_HI13[bits])
            bits ^= 1 << c
            if prev < 0 or not equiv or _separated(q, c, prev, oth, cross, under, over):
                st[mv + m] = 13 * q + c
                m += 1
            prev = c
    return m


@njit(cache=True, error_model="numpy")
def _order_moves(st: np.ndarray, p: int, ply: int, m: int, want: bool) -> None:
    """Sort the ply's ``m`` moves best first for the mover.  ``want``: ``s`` wants tricks.

    ``s`` wanting tricks plays its strongest card (the cheapest winner when last to the trick);
    not wanting them it leads its weakest card and follows with the highest card that still loses.
    The others play their weakest card first (a discard, then low cards): measured on random deals
    this beat the "beat s" / "duck under s" rules tried for them.
    """
    mv = _MV + 16 * ply
    sc = _SC + 16 * ply
    s = st[_S]
    tlen = st[_TLEN]
    under = st[_UNDER]
    over = st[_OVER]
    last = tlen == st[_N] - 1
    led = st[_TRK + 8 + ply - tlen] // 13 if tlen > 0 else -1
    best_key = st[_BKK + 8 + ply - 1] if tlen > 0 else -1
    for i in range(m):
        c = st[mv + i]
        key = trick_strength(c, led if led >= 0 else c // 13, under, over)
        if p != s:
            score = -key
        elif want:
            if not last:
                score = key
            elif key > best_key:
                score = 20000 - key  # the cheapest winner
            else:
                score = 10000 - key
        elif tlen == 0:
            score = -key
        elif key <= best_key:
            score = 20000 + key  # the highest card that still loses
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


@njit(cache=True, error_model="numpy")
def _make_key(st: np.ndarray, kb: int, tag: int) -> int:
    """Write the relative-rank key of the trick boundary to ``st[kb:kb + 4]``; returns its check word
    (a hash of key and ``tag``, odd so never 0)."""
    a = st[_ALL]
    under = st[_UNDER]
    over = st[_OVER]
    for q in range(4):
        if under >= 0 and q in (under, over):
            continue
        x = (a >> (13 * q)) & 0x1FFF
        k = 1
        while x != 0:
            c = int(_LO13[x])
            x &= x - 1
            k = (k << 3) | st[_OWN + 13 * q + c]
        st[kb + q] = k
    if under >= 0:
        xu = (a >> (13 * under)) & 0x1FFF
        xo = (a >> (13 * over)) & 0x1FFF
        lo_word = 1
        hi_word = 1
        for r in range(13):
            if (xu >> r) & 1:
                w = st[_OWN + 13 * under + r] << 1
                if r < 7:
                    lo_word = (lo_word << 4) | w
                else:
                    hi_word = (hi_word << 4) | w
            if (xo >> r) & 1:
                w = (st[_OWN + 13 * over + r] << 1) | 1
                if r < 7:
                    lo_word = (lo_word << 4) | w
                else:
                    hi_word = (hi_word << 4) | w
        st[kb + under] = lo_word
        st[kb + over] = hi_word
    h = (np.uint64(st[kb]) ^ np.uint64(tag)) * np.uint64(0x9E3779B97F4A7C15)
    h = (h ^ np.uint64(st[kb + 1])) * np.uint64(0xBF58476D1CE4E5B9)
    h = (h ^ np.uint64(st[kb + 2])) * np.uint64(0x94D049BB133111EB)
    h = (h ^ np.uint64(st[kb + 3])) * np.uint64(0x9E3779B97F4A7C15)
    return int(np.int64(h ^ (h >> np.uint64(29)))) | 1


@njit(cache=True, inline="always", error_model="numpy")
def _relative(st: np.ndarray, c: int) -> int:
    """Card ``c`` as its suit and how many cards of that suit still held are below it (``16 q + k``),
    so that a table entry names the same card in every position sharing its key."""
    q = c // 13
    return 16 * q + int(_POP13[(st[_ALL] >> (13 * q)) & ((1 << (c - 13 * q)) - 1)])


@njit(cache=True, error_model="numpy")
def _card_of(st: np.ndarray, rel: int) -> int:
    """The card :func:`_relative` names here, or -1 for none."""
    if rel < 0:
        return -1
    q = rel // 16
    x = (st[_ALL] >> (13 * q)) & 0x1FFF
    for _ in range(rel - 16 * q):
        x &= x - 1
    if x == 0:
        return -1
    return 13 * q + int(_LO13[x])


@njit(cache=True, error_model="numpy")
def _tt_find(st: np.ndarray, tt: np.ndarray, b: int, check: int, tag: int, kb: int) -> int:
    """The entry (``4 + 7 * way``) of bucket ``b`` for the key at ``st[kb:kb + 4]``, or -1."""
    for w in range(WAYS):
        if tt[b, w] == check:
            e = 4 + 7 * w
            if (
                tt[b, e + _E_TAG] == tag
                and tt[b, e + _E_KEY] == st[kb]
                and tt[b, e + _E_KEY + 1] == st[kb + 1]
                and tt[b, e + _E_KEY + 2] == st[kb + 2]
                and tt[b, e + _E_KEY + 3] == st[kb + 3]
                and tt[b, e + _E_GEN] >= st[_MINGEN]
            ):
                return e
    return -1


@njit(cache=True, error_model="numpy")
def _tt_store(st: np.ndarray, tt: np.ndarray, b: int, check: int, tag: int, kb: int, r: int, val: int) -> None:
    """Store ``val`` for the key at ``st[kb:kb + 4]``."""
    e = _tt_find(st, tt, b, check, tag, kb)
    if e < 0:
        # replace: an empty or older-generation entry first, else the one with fewest tricks left
        w_best = 0
        best = 1 << 40
        gen = st[_GEN]
        for w in range(WAYS):
            x = 4 + 7 * w
            g = tt[b, x + _E_GEN]
            cost = ((tt[b, x + _E_VAL] >> 48) & 15) if g == gen and tt[b, w] != 0 else -(1 << 30) + g
            if cost < best:
                best = cost
                w_best = w
        tt[b, w_best] = check
        e = 4 + 7 * w_best
        tt[b, e + _E_TAG] = tag
        for q in range(4):
            tt[b, e + _E_KEY + q] = st[kb + q]
    tt[b, e + _E_GEN] = st[_GEN]
    tt[b, e + _E_VAL] = (val & ~(np.int64(15) << 48)) | (np.int64(r) << 48)
    st[C_STORES] += 1


@njit(cache=True, error_model="numpy")
def _last_trick(st: np.ndarray) -> int:
    """1 if ``s`` wins the last trick (everyone holds one card), else 0."""
    n = st[_N]
    leader = st[_LEADER]
    under = st[_UNDER]
    over = st[_OVER]
    best = leader
    best_key = -1
    led = -1
    for i in range(n):
        p = (leader + i) % n
        h = st[_H + p]
        c0 = 0
        for q in range(4):
            b = (h >> (13 * q)) & 0x1FFF
            if b != 0:
                c0 = 13 * q + int(_HI13[b])
        if i == 0:
            led = c0 // 13
        k = trick_strength(c0, led, under, over)
        if k > best_key:
            best_key = k
            best = p
    return 1 if best == st[_S] else 0


@njit(cache=True, error_model="numpy")
def _enter(st: np.ndarray, tt: np.ndarray, ply: int, lo: int, hi: int) -> int:
    """Start the node at ``ply``: 0 or 1 when decided at once, else -1 with its frame and moves set."""
    st[C_NODES] += 1
    n = st[_N]
    s = st[_S]
    tlen = st[_TLEN]
    leader = st[_LEADER]
    p = leader + tlen
    if p >= n:
        p -= n
    r = _popcount(st[_H + p])
    if lo < 0:
        lo = 0
    if hi > r:
        hi = r
    if lo > hi:
        return 0
    if lo == 0 and hi == r:
        return 1
    flags = st[_FLAGS]
    f = _FR + _FW * ply
    st[f + _F_ROW] = -1
    e = -1
    val = 0
    if tlen == 0:
        if r == 1:
            d = _last_trick(st)
            return 1 if lo <= d <= hi else 0
        lb = 0
        ub = r
        ub_max = r
        if (flags & F_BOUNDS) != 0:
            lb, ub = _sure_bounds(st, r)
            if lo > ub or hi < lb:
                return 0
            if lo <= lb and hi >= ub:
                return 1
            if hi == r and p == s and lo <= _quick_tricks(st):
                return 1
            if lo == 0 and _loses_all(st):
                return 1
            if lo > 0:  # at least lo tricks are needed: the others may cover the suits of s
                max_ub = r - _covered(st)
                if lo > max_ub:
                    return 0
                if max_ub < ub:
                    ub_max = max_ub
        if (flags & F_TT) != 0:
            tag = st[_TAG] | (leader + 1)
            kb = f + _F_KEY
            check = _make_key(st, kb, tag)
            b = (check >> 1) & (tt.shape[0] - 1)
            e = _tt_find(st, tt, b, check, tag, kb)
            if e >= 0:
                val = tt[b, e + _E_VAL]
                max_lo = val & 15
                max_hi = (val >> 4) & 15
                min_lo = (val >> 8) & 15
                min_hi = (val >> 12) & 15
                st[C_HITS] += 1
                if hi == r:
                    if lo <= max_lo:
                        return 1
                    if lo > max_hi:
                        return 0
                elif lo == 0:
                    if hi >= min_hi:
                        return 1
                    if hi < min_lo:
                        return 0
                else:
                    if lo > max_hi or lo < min_lo or ((val >> (32 + lo)) & 1) != 0:
                        return 0
                    if ((val >> (16 + lo)) & 1) != 0:
                        return 1
            else:
                val = lb | (min(ub, ub_max) << 4) | (lb << 8) | (ub << 12)
            st[f + _F_ROW] = b
            st[f + _F_TAG] = tag
            st[f + _F_CHECK] = check
            st[f + _F_VAL] = val
    m = _gen_moves(st, p, ply)
    want = lo > 0  # at least / exactly lo > 0: s wants tricks; at most: it does not
    if (flags & F_ORDER) != 0:
        _order_moves(st, p, ply, m, want)
    if st[f + _F_ROW] >= 0 and e >= 0:  # the table's best card first
        best = _card_of(st, ((val >> 52) & 63) - 1)
        if best >= 0:
            mv = _MV + 16 * ply
            for i in range(m):
                if st[mv + i] == best:
                    for j in range(i, 0, -1):
                        st[mv + j] = st[mv + j - 1]
                    st[mv] = best
                    break
    st[f + _F_LO] = lo
    st[f + _F_HI] = hi
    st[f + _F_R] = r
    st[f + _F_P] = p
    st[f + _F_M] = m
    st[f + _F_I] = 0
    st[f + _F_TLEN] = tlen
    st[f + _F_LEADER] = leader
    st[f + _F_TMASK] = st[_TMASK]
    return -1


@njit(cache=True, inline="always", error_model="numpy")
def _place(st: np.ndarray, ply: int, tlen: int, p: int, c: int) -> int:
    """Record card ``c`` of seat ``p`` at ``ply`` (the ``tlen``-th card of its trick); returns the seat
    now winning the trick."""
    i = _TRK + 8 + ply
    st[i] = c
    k = trick_strength(c, st[i - tlen] // 13, st[_UNDER], st[_OVER])
    b = _BKK + 8 + ply
    if tlen == 0 or k > st[b - 1]:
        st[_BSK + 8 + ply] = p
        st[b] = k
        return p
    st[b] = st[b - 1]
    w = int(st[_BSK + 8 + ply - 1])
    st[_BSK + 8 + ply] = w
    return w


@njit(cache=True, inline="always", error_model="numpy")
def _play_child(st: np.ndarray, ply: int) -> int:
    """Play the frame's current card; returns 1 if that completes a trick ``s`` wins, else 0."""
    f = _FR + _FW * ply
    c = st[_MV + 16 * ply + st[f + _F_I]]
    p = st[f + _F_P]
    tlen = st[f + _F_TLEN]
    n = st[_N]
    bit = np.int64(1) << c
    st[_H + p] ^= bit
    st[_ALL] ^= bit
    w = _place(st, ply, tlen, p, c)
    if tlen + 1 == n:
        st[_TLEN] = 0
        st[_LEADER] = w
        st[_TMASK] = 0
        return 1 if w == st[_S] else 0
    st[_TLEN] = tlen + 1
    st[_TMASK] = st[f + _F_TMASK] | bit
    return 0


@njit(cache=True, inline="always", error_model="numpy")
def _undo_child(st: np.ndarray, ply: int) -> None:
    f = _FR + _FW * ply
    c = st[_MV + 16 * ply + st[f + _F_I]]
    p = st[f + _F_P]
    bit = np.int64(1) << c
    st[_H + p] ^= bit
    st[_ALL] ^= bit
    st[_TLEN] = st[f + _F_TLEN]
    st[_LEADER] = st[f + _F_LEADER]
    st[_TMASK] = st[f + _F_TMASK]


@njit(cache=True, error_model="numpy")
def _finish(st: np.ndarray, tt: np.ndarray, ply: int, result: bool, best: int) -> None:
    """Record a trick-boundary node's result in the table, with the card that decided it (or -1)."""
    f = _FR + _FW * ply
    b = st[f + _F_ROW]
    if b < 0:
        return
    tag = st[f + _F_TAG]
    check = st[f + _F_CHECK]
    kb = f + _F_KEY
    lo = st[f + _F_LO]
    hi = st[f + _F_HI]
    r = st[f + _F_R]
    e = _tt_find(st, tt, b, check, tag, kb)
    val = tt[b, e + _E_VAL] if e >= 0 else st[f + _F_VAL]  # a deeper search may have refined it meanwhile
    max_lo = val & 15
    max_hi = (val >> 4) & 15
    min_lo = (val >> 8) & 15
    min_hi = (val >> 12) & 15
    if hi == r:
        if result:
            max_lo = max(max_lo, lo)
        else:
            max_hi = min(max_hi, lo - 1)
    elif lo == 0:
        if result:
            min_hi = min(min_hi, hi)
        else:
            min_lo = max(min_lo, hi + 1)
    elif result:
        val |= np.int64(1) << (16 + lo)
        max_lo = max(max_lo, lo)
        min_hi = min(min_hi, lo)
    else:
        val |= np.int64(1) << (32 + lo)
    val = (val & ~np.int64(0xFFFF)) | max_lo | (max_hi << 4) | (min_lo << 8) | (min_hi << 12)
    if best >= 0:
        val = (val & ~(np.int64(63) << 52)) | (np.int64(_relative(st, best) + 1) << 52)
    _tt_store(st, tt, b, check, tag, kb, r, val)


@njit(cache=True, error_model="numpy")
def _search(st: np.ndarray, tt: np.ndarray, root: int, lo: int, hi: int) -> bool:
    """Can ``s`` make its tricks from here on (the current trick included) fall in ``[lo, hi]``?

    Depth-first with an explicit stack of frames (numba cannot cache recursive functions); the node
    at ``ply`` keeps its window, moves and undo data in frame ``ply``, its moves from ``root`` on.
    """
    # Views of the same memory without a reference count: numba would otherwise update the counts of
    # `st` and `tt` (atomic operations) around every call below, a third of the time when measured.
    st = carray(_int64_ptr(st.ctypes.data), st.shape[0])  # type: ignore[call-arg]  # typed by numba
    tt = carray(_int64_ptr(tt.ctypes.data), (tt.shape[0], tt.shape[1]))
    s = st[_S]
    ply = root
    while True:
        e = _enter(st, tt, ply, lo, hi)  # the one call site: numba inlines it
        while e >= 0:  # a value for the node at ply: hand it up until a node has a card left to try
            if ply == root:
                return e == 1
            ply -= 1
            _undo_child(st, ply)
            f = _FR + _FW * ply
            i = st[f + _F_I]
            mover_is_s = st[f + _F_P] == s
            if mover_is_s == (e == 1):  # a cutoff: s found a winning card, or the others a refutation
                best = st[_MV + 16 * ply + i]
            elif i + 1 < st[f + _F_M]:
                st[f + _F_I] = i + 1
                break
            else:
                e = 0 if mover_is_s else 1
                best = -1
            _finish(st, tt, ply, e == 1, best)
        # go down the current card of the node at ply
        d = _play_child(st, ply)
        f = _FR + _FW * ply
        lo = st[f + _F_LO] - d
        hi = st[f + _F_HI] - d
        ply += 1


# ---- entry points ---------------------------------------------------------------------------


@njit(cache=True, error_model="numpy")
def setup(
    st: np.ndarray,
    hands: np.ndarray,
    trick: np.ndarray,
    leader: int,
    seat: int,
    under: int,
    over: int,
    gen: int,
    mingen: int,
    flags: int,
) -> None:
    """Fill ``st`` for a position (validated by the caller) and zero the counters."""
    st[:] = 0
    n = hands.shape[0]
    st[_N] = n
    st[_S] = seat
    st[_UNDER] = under
    st[_OVER] = over
    st[_LEADER] = leader
    st[_GEN] = gen
    st[_MINGEN] = mingen
    st[_FLAGS] = flags
    st[_TAG] = (np.int64(seat + 1) << 8) | ((under + 1) << 12) | ((over + 1) << 16) | (n << 20)
    a = 0
    for p in range(n):
        st[_H + p] = hands[p]
        a |= hands[p]
        for c in range(52):
            if (hands[p] >> c) & 1:
                st[_OWN + c] = p
    st[_ALL] = a
    t = trick.shape[0]
    st[_TLEN] = t
    tm = 0
    for i in range(t):  # at the plies before the root (ply 0)
        c = trick[i]
        tm |= np.int64(1) << c
        _place(st, i - t, i, (leader + i) % n, c)
    st[_TMASK] = tm


@njit(cache=True, error_model="numpy")
def _mover_tricks_left(st: np.ndarray) -> int:
    p = (st[_LEADER] + st[_TLEN]) % st[_N]
    return _popcount(st[_H + p])


@njit(cache=True, error_model="numpy")
def _start_bounds(st: np.ndarray) -> tuple[int, int]:
    r = _mover_tricks_left(st)
    if st[_TLEN] == 0 and (st[_FLAGS] & F_BOUNDS) != 0:
        return _sure_bounds(st, r)
    return 0, r


@njit(cache=True, error_model="numpy")
def max_tricks(st: np.ndarray, tt: np.ndarray, ply: int) -> int:
    """The most tricks ``s`` can force from the position in ``st`` (upward null-window searches)."""
    lb, ub = _start_bounds(st)
    k = lb
    while k < ub and _search(st, tt, ply, k + 1, _BIG):
        k += 1
    return k


@njit(cache=True, error_model="numpy")
def min_tricks(st: np.ndarray, tt: np.ndarray, ply: int) -> int:
    """The fewest tricks ``s`` can force from the position in ``st`` (downward null-window searches)."""
    lb, ub = _start_bounds(st)
    k = ub
    while k > lb and _search(st, tt, ply, -_BIG, k - 1):
        k -= 1
    return k


@njit(cache=True, error_model="numpy")
def exact(st: np.ndarray, tt: np.ndarray, ply: int, target: int) -> bool:
    """Can ``s`` force exactly ``target`` tricks from the position in ``st``?"""
    if target < 0 or target > _mover_tricks_left(st):
        return False
    return _search(st, tt, ply, target, target)


@njit(cache=True, error_model="numpy")
def root_classes(st: np.ndarray, codes: np.ndarray, reps: np.ndarray) -> int:
    """The mover's legal cards and their class representatives."""
    p = (st[_LEADER] + st[_TLEN]) % st[_N]
    return _classes(st, p, 0, codes, reps)


@njit(cache=True, error_model="numpy")
def _play(st: np.ndarray, c: int) -> int:
    """Play card ``c`` for the mover at ply 0 in place (the root of a card's search is then ply 1);
    returns 1 if it completes a trick won by ``s``, else 0."""
    n = st[_N]
    tlen = st[_TLEN]
    leader = st[_LEADER]
    p = (leader + tlen) % n
    bit = np.int64(1) << c
    st[_H + p] ^= bit
    st[_ALL] ^= bit
    w = _place(st, 0, tlen, p, c)
    if tlen + 1 == n:
        st[_TLEN] = 0
        st[_LEADER] = w
        st[_TMASK] = 0
        return 1 if w == st[_S] else 0
    st[_TLEN] = tlen + 1
    st[_TMASK] |= bit
    return 0


@njit(cache=True, error_model="numpy")
def card_values_kernel(st: np.ndarray, tt: np.ndarray, target: int, codes: np.ndarray, values: np.ndarray) -> int:
    """For each legal card of the mover (``s``): does playing it keep exactly ``target`` forced?"""
    reps = np.empty(13, dtype=np.int64)
    m = root_classes(st, codes, reps)
    work = st.copy()
    for i in range(m):
        if reps[i] != codes[i]:
            for j in range(i):
                if codes[j] == reps[i]:
                    values[i] = values[j]
            continue
        work[:] = st
        d = _play(work, codes[i])
        values[i] = 1 if _search(work, tt, 1, target - d, target - d) else 0
        for q in range(C_NODES, C_STORES + 1):
            st[q] = work[q]
    return m


@njit(cache=True, error_model="numpy")
def card_bounds_kernel(st: np.ndarray, tt: np.ndarray, codes: np.ndarray, lows: np.ndarray, highs: np.ndarray) -> int:
    """For each legal card of the mover: the fewest and most tricks ``s`` then forces (from the root)."""
    reps = np.empty(13, dtype=np.int64)
    m = root_classes(st, codes, reps)
    work = st.copy()
    for i in range(m):
        if reps[i] != codes[i]:
            for j in range(i):
                if codes[j] == reps[i]:
                    lows[i] = lows[j]
                    highs[i] = highs[j]
            continue
        work[:] = st
        d = _play(work, codes[i])
        lows[i] = d + min_tricks(work, tt, 1)
        highs[i] = d + max_tricks(work, tt, 1)
        for q in range(C_NODES, C_STORES + 1):
            st[q] = work[q]
    return m


@njit(cache=True, error_model="numpy")
def exact_targets_kernel(st: np.ndarray, tt: np.ndarray, out: np.ndarray) -> int:
    """``out[k] = 1`` when ``s`` can force exactly ``k`` tricks, for ``k`` in ``0..r``; returns ``r``.

    One search per target, sharing the table.  (Finding the fewest and most tricks first would rule
    targets out, but costs more: a failing exact search is cheap, a bound needs a succeeding one.)
    """
    r = _mover_tricks_left(st)
    for k in range(r + 1):
        out[k] = 1 if _search(st, tt, 0, k, k) else 0
    return r
