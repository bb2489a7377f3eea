"""The transposition table: position keys, and finding and storing entries.

The search stores what it learns at trick boundaries.  A position is keyed
exactly by relative ranks (who holds each remaining card, in rank order
within suits; the leader, ``s`` and the trump), so positions that differ
only in which low cards were played share an entry; a hash of the key picks
a 4-way bucket.  An entry keeps bounds on the most and on the fewest tricks
``s`` can force, the exact targets known won or lost, and the card that
decided the last search there (tried first next time), named by its rank
among the cards still held (:func:`_relative`, :func:`_card_of`).  A call's
generation number lets the table be reused without clearing; entries of
older generations are still exact and are replaced first.

The key (:func:`_make_key`): for each suit, the seats holding its remaining
cards from the lowest up (3 bits a card, after a leading 1); the Setesdal
pair as one merged sequence (under r < over r < under r + 1), 4 bits a card
(seat, and 1 for the over-trump), ranks 0..6 in the under-trump's word and
7..12 in the over-trump's.  Positions with equal keys are the same game up
to renaming cards, so they share an entry whatever was played before.  In
a tie game (:mod:`ohhell.strategies.solver.search`) each run of the others'
seats between two cards of ``s`` is sorted (:func:`_tie_word`): the tie game
knows no more of them; with the Setesdal pair, each run of the others' trumps
of both suits between two trumps of ``s`` (:func:`_tie_pair_words`).  The
row layout and the packed values are in :mod:`ohhell.strategies.solver.layout`;
the 4-way buckets keep the ways' check words in one cache line (measured).
The plain suits' words and the suit lengths are kept in the state as cards
are played and taken back (:func:`_key_remove`, :func:`_key_restore`: a
played card's 3-bit digit is cut out of its suit's word), so a probe only
hashes them, and a pattern (partition search) is the last digits of a word;
the pattern buckets keep their ways' check words in one line too.  Measured
against computing them at each probe, in alternation on 20 deals of 4 x 10:
about 5% less time, the same nodes.

Partition search (:func:`_pt_find`, :func:`_pt_store`): an entry also
records, for each suit, how many of its top cards the values depend on
(the search hands that up with each value).  The exact entries keep those
counts so that a hit passes them on; the pattern part, a third of the
table's rows after the exact part, keys entries by every seat's suit
lengths (and tag and leader) and keeps for each suit the holders of those
top cards only: a position with the same lengths and the same holders of
the top cards has the same values (map its lower cards onto the entry's
position hand by hand in rank order; no trick or bound the values rest on
compared two of them).  With the Setesdal pair the two trump suits
interleave and the pattern part is not used.
"""

from __future__ import annotations

import numpy as np
from llvmlite import ir
from numba import njit, types
from numba.core import cgutils
from numba.extending import intrinsic

from ohhell.cards.masks import highest_bit, lowest_bit, popcount
from ohhell.strategies.solver.bounds import _trump_order
from ohhell.strategies.solver.layout import (
    _ALL,
    _E_GEN,
    _E_KEY,
    _E_TAG,
    _E_VAL,
    _FLAGS,
    _GEN,
    _H,
    _KEYW,
    _LENA,
    _LENB,
    _M_TIE,
    _MINGEN,
    _N,
    _NB,
    _NBA,
    _OVER,
    _OWN,
    _S,
    _SEL13,
    _TWC,
    _TWN,
    _UNDER,
    C_STORES,
    PW,
    PWAYS,
    TT_WIDTH,
    WAYS,
    _lo13,
    inlined,
    uncounted,
)

_GEN_BITS = np.int64(0xFFFFFFFF)


@intrinsic
def _prefetch(typingctx: object, arr: types.Array, i: types.Integer) -> tuple[object, object]:
    """Ask the processor to bring the cache line of ``arr[i]`` (a 1-d array) in, without waiting."""
    sig = types.void(arr, i)

    def codegen(context, builder, signature, args):  # type: ignore[no-untyped-def]
        aryty = signature.args[0]
        ary = context.make_array(aryty)(context, builder, args[0])
        ptr = cgutils.get_item_pointer(  # type: ignore[no-untyped-call]  # numba's helpers are untyped
            context, builder, aryty, ary, [args[1]], wraparound=False
        )
        i32 = ir.IntType(32)
        fnty = ir.FunctionType(ir.VoidType(), [cgutils.voidptr_t, i32, i32, i32])
        fn = cgutils.get_or_insert_function(builder.module, fnty, "llvm.prefetch.p0")  # type: ignore[no-untyped-call]
        # a read (0), kept in every cache level (3), of data (1)
        builder.call(fn, [builder.bitcast(ptr, cgutils.voidptr_t), i32(0), i32(3), i32(1)])
        return context.get_dummy_value()

    return sig, codegen


@njit(cache=True, inline="always", error_model="numpy")
def _prefetch_row(tf: np.ndarray, b: int) -> None:
    """Start loading bucket ``b``'s row (its cache lines of 8 words) of the table seen as one row ``tf``."""
    i = b * TT_WIDTH
    for line in range(TT_WIDTH // 8):
        _prefetch(tf, i + 8 * line)  # type: ignore[call-arg, arg-type]  # typed by numba


@uncounted
def _init_keys(st: np.ndarray) -> None:
    """Fill the key words and suit lengths kept in ``st`` from the hands (at set-up)."""
    a = st[_ALL]
    for q in range(4):
        x = (a >> (13 * q)) & 0x1FFF
        k = 1
        while x != 0:
            c = int(_lo13(x))
            x &= x - 1
            k = (k << 3) | st[_OWN + 13 * q + c]
        st[_KEYW + q] = k
    la = 0
    lb = 0
    for p in range(st[_N]):
        h = st[_H + p]
        v = (
            popcount(h & 0x1FFF)
            | (popcount((h >> 13) & 0x1FFF) << 4)
            | (popcount((h >> 26) & 0x1FFF) << 8)
            | (popcount((h >> 39) & 0x1FFF) << 12)
        )
        if p < 4:
            la |= v << (16 * p)
        else:
            lb |= v << (16 * (p - 4))
    st[_LENA] = la
    st[_LENB] = lb


@njit(cache=True, inline="always", error_model="numpy")
def _key_remove(st: np.ndarray, p: int, c: int) -> int:
    """Take card ``c`` of seat ``p`` out of the key words and lengths (before it leaves ``st[_ALL]``);
    returns the suit's key word as it was, for :func:`_key_restore`."""
    q = c // 13
    held = (st[_ALL] >> (13 * q)) & 0x1FFF
    r = c - 13 * q
    t = 3 * int(popcount(held >> (r + 1)))  # the bits of the digits of the higher cards
    old = int(st[_KEYW + q])
    st[_KEYW + q] = ((old >> (t + 3)) << t) | (old & ((np.int64(1) << t) - 1))
    if p < 4:
        st[_LENA] -= np.int64(1) << (16 * p + 4 * q)
    else:
        st[_LENB] -= np.int64(1) << (16 * (p - 4) + 4 * q)
    return old


@njit(cache=True, inline="always", error_model="numpy")
def _key_restore(st: np.ndarray, p: int, c: int, old: int) -> None:
    """Undo :func:`_key_remove`."""
    q = c // 13
    st[_KEYW + q] = old
    if p < 4:
        st[_LENA] += np.int64(1) << (16 * p + 4 * q)
    else:
        st[_LENB] += np.int64(1) << (16 * (p - 4) + 4 * q)


@njit(cache=True, inline="always", error_model="numpy")
def _put_run(out: int, t: int, counts: int) -> tuple[int, int]:
    """Append a run of the others' cards (``counts``: 4 bits a seat) to the key word ``out`` at bit ``t``,
    seat 6 first; returns the word and the next bit."""
    for j in range(6, -1, -1):
        for _ in range((counts >> (4 * j)) & 15):
            out |= j << t
            t += 3
    return out, t


@inlined
def _tie_word(word: int, s: int) -> int:
    """A suit's key word in a tie game: within each run of other seats' cards between two cards of
    ``s`` (or beyond its highest or lowest), the seats in a fixed order (seat 6 first from the top)
    instead of by rank: the tie game knows the others' cards only by the interval of ``s``'s cards
    they lie in."""
    out = 0
    t = 0
    counts = 0  # 4 bits a seat: the run's cards held by each seat
    while word > 1:
        d = word & 7
        word >>= 3
        if d != s:
            counts += 1 << (4 * d)
            continue
        out, t = _put_run(out, t, counts)
        counts = 0
        out |= s << t
        t += 3
    out, t = _put_run(out, t, counts)
    return out | (1 << t)


@uncounted
def _tie_pair_words(st: np.ndarray, kb: int, under: int, over: int) -> None:
    """The Setesdal pair's key words in a tie game, at ``st[kb + under]`` and ``st[kb + over]``: its trumps
    in the order they beat each other (under ``r`` < over ``r`` < under ``r + 1``), 4 bits a card (seat,
    and 1 for the over-trump), each run of the others' trumps between two trumps of ``s`` in a fixed
    order (seat 6 first, its over-trumps first) instead of by rank, as :func:`_tie_word` does for one
    suit: those trumps tie whichever suit of the pair they are of.  The first 14 cards go in the first
    word, the rest in the second.  (The loops are over the cards held, not over the ranks: numba's
    compiler unrolled the rank loops into the search, which took a third more time to compile.)"""
    s = st[_S]
    a = st[_ALL]
    x = _trump_order(a, under, over)
    w1 = 1
    w2 = 1
    k = 0
    counts = np.int64(0)  # the run of the others' trumps: 4 bits a digit (seat << 1 | over)
    while True:
        mine = -1
        if x != 0:
            b = lowest_bit(x)
            x &= x - 1
            half = b & 1
            j = st[_OWN + 13 * (over if half else under) + (b >> 1)]
            if j != s:
                counts += np.int64(1) << (4 * (2 * j + half))
                continue
            mine = 2 * s + half
        while counts != 0 or mine >= 0:  # the run, highest digit first, then the trump of s
            if counts != 0:
                d = highest_bit(int(counts)) >> 2
                counts -= np.int64(1) << (4 * d)
            else:
                d = mine
                mine = -1
            if k < 14:
                w1 = (w1 << 4) | d
            else:
                w2 = (w2 << 4) | d
            k += 1
        if x == 0:
            break
    st[kb + under] = w1
    st[kb + over] = w2


@inlined
def _make_key(st: np.ndarray, kb: int, tag: int) -> int:
    """Write the relative-rank key of the trick boundary to ``st[kb:kb + 4]``; returns its check word
    (a hash of key and ``tag``, odd so never 0)."""
    under = st[_UNDER]
    over = st[_OVER]
    for q in range(4):
        st[kb + q] = st[_KEYW + q]
    tie = (st[_FLAGS] & _M_TIE) != 0
    if tie:
        s = st[_S]
        for q in range(4):  # a suit's word seen before (in any suit): its tie word as then
            if under >= 0 and q in (under, over):
                continue  # the Setesdal pair's words: below
            w = st[kb + q]
            c = _TWC + 2 * ((w ^ (w >> 11) ^ (w >> 23)) & (_TWN - 1))
            if st[c] != w:
                st[c] = w
                st[c + 1] = _tie_word(w, s)
            st[kb + q] = st[c + 1]
    if under >= 0 and tie:
        _tie_pair_words(st, kb, under, over)
    elif under >= 0:
        a = st[_ALL]
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
    return 16 * q + int(popcount((st[_ALL] >> (13 * q)) & ((1 << (c - 13 * q)) - 1)))


@inlined
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
    return 13 * q + int(_lo13(x))


@inlined
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
                and (tt[b, e + _E_GEN] & _GEN_BITS) >= st[_MINGEN]
            ):
                return e
    return -1


@inlined
def _tt_store(
    st: np.ndarray, tt: np.ndarray, b: int, check: int, tag: int, kb: int, r: int, val: int, relk: int, e: int
) -> None:
    """Store ``val`` for the key at ``st[kb:kb + 4]``, depending on the top ``relk`` cards of each suit, in
    entry ``e`` (the key's entry, :func:`_tt_find`) or, when ``e < 0``, a new one."""
    if e >= 0:
        relk = _kmax(relk, (tt[b, e + _E_GEN] >> 32) & 0xFFFF)
    else:
        # replace: an empty or older-generation entry first, else the one with fewest tricks left
        w_best = 0
        best = 1 << 40
        gen = st[_GEN]
        for w in range(WAYS):
            x = 4 + 7 * w
            g = tt[b, x + _E_GEN] & _GEN_BITS
            cost = ((tt[b, x + _E_VAL] >> 48) & 15) if g == gen and tt[b, w] != 0 else -(1 << 30) + g
            if cost < best:
                best = cost
                w_best = w
        tt[b, w_best] = check
        e = 4 + 7 * w_best
        tt[b, e + _E_TAG] = tag
        for q in range(4):
            tt[b, e + _E_KEY + q] = st[kb + q]
    tt[b, e + _E_GEN] = st[_GEN] | (np.int64(relk) << 32)
    tt[b, e + _E_VAL] = (val & ~(np.int64(15) << 48)) | (np.int64(r) << 48)
    st[C_STORES] += 1


# ---- partition search: entries that depend on the top cards of each suit only ---------------------


@njit(cache=True, inline="always", error_model="numpy")
def _kmax(a: int, b: int) -> int:
    """The larger of each 4-bit field of ``a`` and ``b`` (four fields)."""
    out = 0
    for q in range(4):
        x = (a >> (4 * q)) & 15
        y = (b >> (4 * q)) & 15
        out |= (x if x > y else y) << (4 * q)
    return out


@inlined
def _rel_count(st: np.ndarray, rel: int) -> int:
    """For a mask of relevant cards (closed upward in each suit): how many of each suit's cards still
    held it covers, the top ones (4 bits a suit)."""
    a = st[_ALL] & rel
    k = 0
    for q in range(4):
        k |= int(popcount((a >> (13 * q)) & 0x1FFF)) << (4 * q)
    return k


@inlined
def _rel_mask(st: np.ndarray, relk: int) -> int:
    """The mask (closed upward in each suit) of the top ``relk`` cards still held of each suit."""
    a = st[_ALL]
    m = 0
    for q in range(4):
        k = (relk >> (4 * q)) & 15
        if k == 0:
            continue
        t = int(_SEL13[16 * ((a >> (13 * q)) & 0x1FFF) + k])
        m |= ((0x1FFF << t) & 0x1FFF) << (13 * q)
    return m


@njit(cache=True, inline="always", error_model="numpy")
def _pattern(st: np.ndarray, q: int, k: int) -> int:
    """The seats holding the top ``k`` cards of suit ``q`` (the key word's last ``k`` digits), after a
    leading 1."""
    t = 3 * k
    return int((np.int64(1) << t) | (st[_KEYW + q] & ((np.int64(1) << t) - 1)))


@njit(cache=True, inline="always", error_model="numpy")
def _lengths(st: np.ndarray) -> tuple[int, int]:
    """Every seat's suit lengths, 4 bits a suit and 16 a seat: seats 0..3, then 4..6."""
    return st[_LENA], st[_LENB]


@njit(cache=True, inline="always", error_model="numpy")
def _pt_hash(tag: int, la: int, lb: int) -> int:
    h = (np.uint64(la) ^ np.uint64(tag)) * np.uint64(0x9E3779B97F4A7C15)
    h = (h ^ np.uint64(lb)) * np.uint64(0xBF58476D1CE4E5B9)
    h ^= h >> np.uint64(31)
    return int(np.int64(h))


@njit(cache=True, inline="always", error_model="numpy")
def _active_buckets(st: np.ndarray) -> int:
    """How many buckets of the exact part a search uses, from the first: ``2**(c // 2 - 5)`` for ``c``
    cards held in all (at least 1,024, at most the table's), and a quarter as many pattern buckets.

    A search probes mostly positions new to it, each probe a row the processor must fetch; a part of
    the table sized to the search's positions (their number grows about 1.4x a card held) keeps its
    rows in the caches: a prefix of 256 KiB at 4 x 7, 8 MiB at 4 x 10, the whole default table from 46
    cards.  Measured deal by deal against the whole default table (2**18 buckets), the same answers,
    at the median: 4 x 7 1.30x faster, 4 x 10 with a trump suit 1.09x, without trump 1.12x, with the
    Setesdal pair 1.03x, 5 x 7 1.13x, 3 x 10 1.19x, 7 x 5 1.08x, 4 x 11 1.06x, the sums of the times
    within 1% or lower, for up to 11% more nodes (``benchmarks/RESULTS-solver.md``).
    """
    c = popcount(st[_ALL])
    return int(min(st[_NB], np.int64(1) << max(10, c // 2 - 5)))


@njit(cache=True, inline="always", error_model="numpy")
def _pt_bucket(st: np.ndarray, tag: int, la: int, lb: int) -> int:
    """The offset (in the flat table) of the pattern bucket for these lengths: the pattern part starts
    after the whole exact part, and a search uses its first ``st[_NBA] // 4`` buckets."""
    return 32 * int(st[_NB]) + 64 * ((_pt_hash(tag, la, lb) >> 8) & (int(st[_NBA]) // 4 - 1))


@inlined
def _pt_find(st: np.ndarray, tf: np.ndarray, off: int, tag: int, la: int, lb: int) -> int:
    """The entry (an offset in the flat table) of bucket ``off`` that serves the position, or -1."""
    check = _pt_hash(tag, la, lb) | 1
    for w in range(PWAYS):
        if tf[off + w] != check:
            continue
        x = off + 8 + PW * w
        if tf[x] == tag and tf[x + 1] == la and tf[x + 2] == lb and (tf[x + 7] & _GEN_BITS) >= st[_MINGEN]:
            relk = (tf[x + 7] >> 32) & 0xFFFF
            ok = True
            for q in range(4):
                if tf[x + 3 + q] != _pattern(st, q, (relk >> (4 * q)) & 15):
                    ok = False
                    break
            if ok:
                return x
    return -1


@inlined
def _pt_store(
    st: np.ndarray, tf: np.ndarray, off: int, tag: int, la: int, lb: int, r: int, val: int, relk: int, x: int
) -> None:
    """Store ``val`` for the position's top ``relk`` cards in entry ``x`` (an entry that serves it, with
    ``relk`` already merged) or, when ``x < 0``, a new one."""
    if x < 0:
        best = 1 << 40
        gen = st[_GEN]
        way = 0
        for w in range(PWAYS):
            y = off + 8 + PW * w
            g = tf[y + 7] & _GEN_BITS
            cost = ((tf[y + 8] >> 48) & 15) if g == gen and tf[y] != 0 else -(1 << 30) + g
            if cost < best:
                best = cost
                x = y
                way = w
        tf[off + way] = _pt_hash(tag, la, lb) | 1
        tf[x] = tag
        tf[x + 1] = la
        tf[x + 2] = lb
    for q in range(4):
        tf[x + 3 + q] = _pattern(st, q, (relk >> (4 * q)) & 15)
    tf[x + 7] = st[_GEN] | (np.int64(relk) << 32)
    tf[x + 8] = (val & ~(np.int64(15) << 48)) | (np.int64(r) << 48)
    st[C_STORES] += 1
