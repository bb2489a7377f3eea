"""The compiled search: paranoid boolean alpha-beta over one deal with all hands known.

Everything in this package but :mod:`ohhell.strategies.solver.position` is
numba code over plain integers and arrays; the typed API is
:mod:`ohhell.strategies.solver.position`, which calls the entry point here
(:func:`setup`, then :func:`solve` with a question).
The search is iterative, with an explicit stack of frames in the state array
(:mod:`ohhell.strategies.solver.layout`): numba's on-disk cache cannot hold
recursive functions (numba issue #6061, a segfault on reload).  Cards are
ranked in a trick as in the fast path: over-trump > under-trump (higher rank
wins, the over-trump on equal ranks) > led suit > others
(:func:`ohhell.rules.tricks.trick_strength`).

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
- Transposition table at trick boundaries
  (:mod:`ohhell.strategies.solver.table`), with partition search: each
  value handed up carries the cards it depended on (the cards above the
  highest one each trick's winner beat in its suit, and those each bound
  compared), and the table's pattern part serves it to every position with
  the same suit lengths and the same holders of those cards.
- Equivalent cards and move ordering (:mod:`ohhell.strategies.solver.moves`).
- Bounds at trick boundaries (:mod:`ohhell.strategies.solver.bounds`): sure
  and quick tricks before the table; the ducking bound (how many tricks ``s``
  can keep to) after it, on the nodes the table does not decide.
- The tie games, for the fewest tricks (:func:`min_tricks`,
  :func:`_at_most`; from ``st[_TIEMIN]`` cards held): in
  a tie game the others' cards of a suit are known only by the interval of
  ``s``'s cards of that suit (held at the trick's start) they lie in; two
  such cards of one interval *tie* (the Setesdal pair's two suits are one
  there, in the order trumps beat each other: :func:`_tied`), and when tied cards top a trick one side
  picks which of their seats takes it, at a choice node after the trick
  (``_CHOICE``, ``_F_CH``).  Every comparison with a card of ``s`` is as in
  the game.  With the others picking, they have every play of the game and
  more, so a proof that ``s`` keeps to at most ``k`` there is one in the
  game; with ``s`` picking, a refutation there is one in the game.  The
  others' cards of one interval in one hand are one move
  (:func:`ohhell.strategies.solver.moves._gen_moves`) and the table key
  sorts the others' seats within each interval
  (:func:`ohhell.strategies.solver.table._tie_word`, under a tag of the tie
  games, whose two games share entries: :func:`_tie_view`), so the tie
  games have far fewer positions.  The bounds hold in them: they
  compare the cards of ``s`` with the others' only, and who of the others
  leads is the others' to pick in the bounds' arguments already.  So a
  choice node tries the bounds once for all its seats before trying any
  (measured on 20 deals of 4 x 10 with a trump suit: the fewest's nodes
  23.7M -> 21.3M; 60% of the positions after a choice were decided by a
  bound, the same for each seat), and the positions after it do not try
  them again (on 40 deals of 4 x 10 with a trump suit, 2.38M evaluations
  of the sure tricks and up to as many of the ducking bound fewer, the
  same nodes).
- Tie-game probes: where the game itself is searched for the fewest tricks
  (one below the others-choose game's answer, or after the tie games
  disagreed), each of its "at most" nodes at a trick boundary below the root
  with at least ``st[_PRBMIN]`` cards held is first searched in the tie game
  where ``s`` picks (a refutation there is one in the game), then in the one
  where the others pick (a proof there is one), and in the game only where
  neither decides.  ``_enter`` asks for a probe (``_PROBE``) and the loop of
  :func:`_search` runs it on the same stack: a probe is a tie-game search
  rooted at the node, whose answer :func:`_probe_next` reads when it is
  handed to that node.  A value a probe decided depends on every card (the
  tie games do not track which cards a value rests on).

Each can be turned off with the option flags (``F_*``) or
``SearchOptions.tie_games_from_cards`` and ``tie_probes_from_cards`` for
measurement.
Measured on 100 deals of 4 x 7 with a trump suit, partition search takes
``trick_bounds`` from 3.24M to 2.17M nodes (1.5x faster), on 10 deals of
4 x 10 from 71M to 60M (about as fast: the nodes cost more).

Speed notes (measured): the search calls its helpers with views of ``st``
and ``tt`` that carry no reference count (numba otherwise updates the
counts atomically around every call, a third of the time), and its small
helpers are inlined by LLVM (``layout.inlined``); every array index is
lowered without the negative-index step (:mod:`ohhell.strategies.solver.indexing`,
1.14-1.19x).  Numba's cache
only notices edits to a function's own file, and the search compiles in the
other modules' functions: after editing one of them, delete the solver's
cached ``__pycache__/*.nbi`` and ``*.nbc``.
"""

from __future__ import annotations

import numpy as np
from numba import njit, types
from numba.extending import intrinsic
from numba.np.numpy_support import carray

from ohhell.cards.masks import popcount
from ohhell.plain import plain  # a literal would build a second version of the search (first solve 51 -> 46-47 s)
from ohhell.rules.tricks import trick_strength
from ohhell.strategies.solver.bounds import (
    _covered,
    _duck_mark,
    _ducks,
    _from_rank,
    _loses_all,
    _quick_tricks,
    _suit_mark,
    _sure_bounds,
    _trump_mark,
    _trump_order,
)
from ohhell.strategies.solver.layout import (
    _ALL,
    _BKK,
    _BSK,
    _CHOICE,
    _E_GEN,
    _E_VAL,
    _F_CH,
    _F_CHECK,
    _F_HI,
    _F_I,
    _F_KEY,
    _F_LA,
    _F_LB,
    _F_LEADER,
    _F_LO,
    _F_M,
    _F_OKEY,
    _F_P,
    _F_POFF,
    _F_R,
    _F_REL,
    _F_ROW,
    _F_TAG,
    _F_TLEN,
    _F_TMASK,
    _F_TMK,
    _F_VAL,
    _FLAGS,
    _FR,
    _FW,
    _GEN,
    _H,
    _KIL,
    _LEADER,
    _LIMIT,
    _M_SEAT,
    _M_TIE,
    _MINGEN,
    _MV,
    _N,
    _NB,
    _NBA,
    _NOPRB,
    _OVER,
    _OWN,
    _PRB,
    _PRB_FL,
    _PRB_HI,
    _PRB_LO,
    _PRB_ST,
    _PRBMIN,
    _PRBON,
    _Q_HI,
    _Q_LO,
    _RET,
    _ROOT,
    _S,
    _TAG,
    _TIEMIN,
    _TLEN,
    _TMASK,
    _TRK,
    _UNDER,
    C_ABORTED,
    C_HITS,
    C_NODES,
    C_STORES,
    F_BOUNDS,
    F_DUCK,
    F_ORDER,
    F_PART,
    F_TT,
    _hi13,
    inlined,
)
from ohhell.strategies.solver.moves import _classes, _gen_moves, _order_moves
from ohhell.strategies.solver.table import (
    _active_buckets,
    _card_of,
    _init_keys,
    _key_remove,
    _key_restore,
    _kmax,
    _lengths,
    _make_key,
    _prefetch_row,
    _pt_bucket,
    _pt_find,
    _pt_store,
    _rel_count,
    _rel_mask,
    _relative,
    _tt_find,
    _tt_store,
)

__all__ = [
    "setup",
    "solve",
    "max_tricks",
    "min_tricks",
    "root_classes",
    "Q_FEWEST",
    "Q_MOST",
    "Q_BOUNDS",
    "Q_EXACT",
    "Q_REACH",
    "Q_TARGETS",
    "CARD",
    "Q_CARD_EXACT",
    "Q_CARD_BOUNDS",
    "Q_CARD_REACH",
    "OUT_CODES",
    "OUT_FIRST",
    "OUT_SECOND",
    "OUT_SIZE",
]

_BIG = 99  # a window end beyond any number of tricks
_PROBE = -2  # _enter: ask the tie games about this node first
_EVERY_CARD = (1 << 52) - 1
_DUCKING = F_BOUNDS | F_DUCK


_INT64_PTR = types.CPointer(types.int64)  # type: ignore[no-untyped-call]  # numba's types are untyped


@intrinsic
def _int64_ptr(typingctx: object, addr: types.Integer) -> tuple[object, object]:
    """An ``int64 *`` from an address (to view an array the caller keeps alive)."""
    sig = _INT64_PTR(types.intp)

    def codegen(context, builder, signature, args):  # type: ignore[no-untyped-def]
        return builder.inttoptr(args[0], context.get_value_type(_INT64_PTR))

    return sig, codegen


@inlined
def _last_trick(st: np.ndarray) -> int:
    """1 if ``s`` wins the last trick (everyone holds one card), else 0."""
    n = st[_N]
    leader = st[_LEADER]
    under = st[_UNDER]
    over = st[_OVER]
    best = leader
    best_key = -1
    led = -1
    wc = -1
    for i in range(n):
        p = (leader + i) % n
        h = st[_H + p]
        c0 = 0
        for q in range(4):
            b = (h >> (13 * q)) & 0x1FFF
            if b != 0:
                c0 = 13 * q + int(_hi13(b))
        if i == 0:
            led = c0 // 13
        k = trick_strength(c0, led, under, over)
        if k > best_key:
            best_key = k
            best = p
            wc = c0
    # the cards the result depends on: the winner's suit above the highest card of it the winner beat
    q = wc // 13
    beaten = -1
    for i in range(n):
        h = (st[_H + i] >> (13 * q)) & 0x1FFF
        if h != 0 and 13 * q + int(_hi13(h)) != wc:
            beaten = max(beaten, int(_hi13(h)))
    st[_RET] = 0 if beaten < 0 else _from_rank(q, beaten + 1)
    if under >= 0 and q in (under, over):
        st[_RET] = _from_rank(under, 0) | _from_rank(over, 0)
    return 1 if best == st[_S] else 0


@inlined
def _trick_mark(st: np.ndarray, ply: int, n: int, leader: int, winner: int) -> int:
    """The cards a finished trick's winner depends on (its cards at plies ``ply - n + 1 .. ply``): the
    winner's suit above the highest card of that suit it beat (nothing if it beat none by rank)."""
    first = _TRK + 8 + ply - n + 1
    pos = winner - leader
    if pos < 0:
        pos += n
    wc = st[first + pos]
    q = wc // 13
    under = st[_UNDER]
    beaten = -1
    for i in range(n):
        c = st[first + i]
        if i != pos and c // 13 == q:
            beaten = max(beaten, c - 13 * q)
    if under >= 0 and q in (under, st[_OVER]):
        return _from_rank(under, 0) | _from_rank(st[_OVER], 0)
    return 0 if beaten < 0 else _from_rank(q, beaten + 1)


@inlined
def _tied(st: np.ndarray, ply: int, n: int, leader: int, winner: int) -> int:
    """In a tie game, the seats whose cards tie at the top of the trick just completed (its cards at
    plies ``ply - n + 1 .. ply``; ``winner`` the real winner, not ``s``), as a mask; 0 when no card ties.

    Two cards of the others tie when they are of one suit with no card ``s`` held at the trick's start
    between them; with the Setesdal pair, two trumps of either trump suit with no trump of ``s`` between
    them in the order trumps beat each other (under ``r`` < over ``r`` < under ``r + 1``: place ``2 r``
    and ``2 r + 1``)."""
    first = _TRK + 8 + ply - n + 1
    s = st[_S]
    wpos = winner - leader
    if wpos < 0:
        wpos += n
    spos = s - leader
    if spos < 0:
        spos += n
    wc = st[first + wpos]
    q = wc // 13
    wr = wc - 13 * q
    start = st[_H + s] | (np.int64(1) << st[first + spos])  # what s held at the trick's start
    under = st[_UNDER]
    over = st[_OVER]
    pair = under >= 0 and q in (under, over)
    if pair:  # the pair's trumps in the order they beat each other
        sh = _trump_order(start, under, over)
        wr = 2 * wr + (1 if q == over else 0)
    else:
        sh = (start >> (13 * q)) & 0x1FFF
    mask = 0
    for i in range(n):
        c = st[first + i]
        cq = c // 13
        if i in (wpos, spos) or (cq != q and not (pair and cq in (under, over))):
            continue
        cr = c - 13 * cq
        if pair:
            cr = 2 * cr + (1 if cq == over else 0)
        a, b = (cr, wr) if cr < wr else (wr, cr)
        if (sh & ((1 << b) - 1) & ~((1 << (a + 1)) - 1)) == 0:
            j = leader + i
            if j >= n:
                j -= n
            mask |= 1 << j
    return 0 if mask == 0 else mask | (1 << winner)


@njit(cache=True, inline="always", error_model="numpy")
def _decide(val: int, lo: int, hi: int, r: int) -> int:
    """What a table entry's values say about the window ``[lo, hi]`` (of ``r`` tricks): 1 or 0, -1 for
    nothing."""
    if hi == r:
        if lo <= (val & 15):
            return 1
        if lo > ((val >> 4) & 15):
            return 0
    elif lo == 0:
        if hi >= ((val >> 12) & 15):
            return 1
        if hi < ((val >> 8) & 15):
            return 0
    else:
        if lo > ((val >> 4) & 15) or lo < ((val >> 8) & 15) or ((val >> (32 + lo)) & 1) != 0:
            return 0
        if ((val >> (16 + lo)) & 1) != 0:
            return 1
    return -1


@njit(cache=True, inline="always", error_model="numpy")
def _sure_decides(st: np.ndarray, r: int, lo: int, hi: int) -> int:
    """What the sure tricks (:func:`ohhell.strategies.solver.bounds._sure_bounds`) say about the window
    ``[lo, hi]`` of ``r`` tricks: 1 or 0 (the cards that decided it in ``st[_RET]``), -1 for nothing."""
    lb, ub = _sure_bounds(st, r)
    if lo > ub or hi < lb:
        st[_RET] = _trump_mark(st)
        return 0
    if lo <= lb and hi >= ub:
        st[_RET] = _trump_mark(st)
        return 1
    return -1


@njit(cache=True, inline="always", error_model="numpy")
def _tie_view(val: int, seat_picks: bool) -> int:
    """A tie-game entry's values as one game's "fewest" bounds (bits 8..15, for :func:`_decide`).

    The two tie games share their entries: the others-choose game's bounds on the fewest sit in the
    fewest's fields (bits 8..15), the seat-chooses game's in the most's (bits 0..7; the tie games ask
    no "at least" question).  The seat-chooses fewest is at most the others-choose one, so a proof in
    the others' game is one in the seat's, and a refutation in the seat's game is one in the others'.
    """
    s_lo = val & 15
    s_hi = (val >> 4) & 15
    o_lo = (val >> 8) & 15
    o_hi = (val >> 12) & 15
    if seat_picks:
        return (s_lo << 8) | (min(s_hi, o_hi) << 12)
    return (max(o_lo, s_lo) << 8) | (o_hi << 12)


@inlined
def _use_ties(st: np.ndarray) -> bool:
    """Whether the fewest tricks are asked of the tie games first: at least ``st[_TIEMIN]`` (> 0) cards
    still held by all the players together."""
    return bool(st[_TIEMIN] > 0 and popcount(st[_ALL]) >= st[_TIEMIN])


@njit(cache=True, inline="always", error_model="numpy")
def _tie_game(flags: int, seat_picks: bool) -> int:
    """The search's flags for a tie game (no partition search there), the seat or the others picking."""
    return (flags & ~F_PART) | _M_TIE | (_M_SEAT if seat_picks else 0)


@njit(cache=True, inline="always", error_model="numpy")
def _probes(st: np.ndarray) -> bool:
    """Whether an "at most" node of the game, at a trick boundary, is first asked of the tie games: the
    search is the game's own after the tie games disagreed at its root (``st[_PRBON]``, set by
    :func:`_game_at_most`) and at least ``st[_PRBMIN]`` cards are held."""
    return bool(st[_PRBON] != 0 and st[_PRBMIN] > 0 and popcount(st[_ALL]) >= st[_PRBMIN])


@njit(cache=True, inline="always", error_model="numpy")
def _probe_start(st: np.ndarray, ply: int, lo: int, hi: int) -> None:
    """Search the node at ``ply`` in the tie game where the seat chooses first (its refutation holds in
    the game), keeping the game's flags and the node's window."""
    st[_PRB] = ply + 1
    st[_PRB_ST] = 1
    st[_PRB_FL] = st[_FLAGS]
    st[_PRB_LO] = lo
    st[_PRB_HI] = hi
    st[_FLAGS] = _tie_game(st[_FLAGS], True)


@njit(cache=True, inline="always", error_model="numpy")
def _probe_next(st: np.ndarray, e: int) -> bool:
    """A tie game's answer ``e`` for the probed node: True when it holds in the game (a refutation
    where the seat chooses, a proof where the others do); else the next search of the node is set up
    (the others-choose game, then the game itself without a probe)."""
    real = st[_PRB_FL]
    stage = st[_PRB_ST]
    if (stage == 1 and e == 0) or (stage == 2 and e == 1):
        st[_FLAGS] = real
        st[_PRB] = 0
        return True
    if stage == 1:
        st[_FLAGS] = _tie_game(real, False)
        st[_PRB_ST] = 2
    else:
        st[_FLAGS] = real
        st[_PRB] = 0
        st[_NOPRB] = 1
    return False


@njit(cache=True, inline="always", error_model="numpy")
def _enter(st: np.ndarray, tt: np.ndarray, tf: np.ndarray, ply: int, lo: int, hi: int) -> int:
    """Start the node at ``ply``: 0 or 1 when decided at once (the cards that decided it in ``st[_RET]``),
    else -1 with its frame and moves set."""
    st[C_NODES] += 1
    st[_RET] = 0
    n = st[_N]
    s = st[_S]
    tlen = st[_TLEN]
    leader = st[_LEADER]
    p = leader + tlen
    if p >= n:
        p -= n
    r = popcount(st[_H + p])
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
    ch = st[_CHOICE]
    probe = st[_NOPRB] == 0
    st[_NOPRB] = 0
    if ch != 0:  # a tie game's choice: who of the tied seats takes the trick just completed
        if r > 1 and lo == 0 and (flags & F_BOUNDS) != 0:
            # the bounds read the leader only as "is it s", never here (s does not tie): what decides
            # one choice decides them all (the tie games ask "at most" only)
            d = _sure_decides(st, r, lo, hi)
            if d >= 0:
                return d
            if _loses_all(st):
                st[_RET] = _suit_mark(st, 1)
                return 1
            if (flags & _DUCKING) == _DUCKING and _ducks(st, hi):
                st[_RET] = _duck_mark(st)
                return 1
        mv = _MV + 16 * ply
        m = 0
        for j in range(n):
            if (ch >> j) & 1:
                st[mv + m] = j
                m += 1
        st[f + _F_ROW] = -1
        st[f + _F_POFF] = -1
        st[f + _F_REL] = 0
        st[f + _F_LO] = lo
        st[f + _F_HI] = hi
        st[f + _F_R] = r
        st[f + _F_P] = s if (flags & _M_SEAT) != 0 else leader
        st[f + _F_M] = m
        st[f + _F_I] = 0
        st[f + _F_TLEN] = 0
        st[f + _F_LEADER] = leader
        st[f + _F_TMASK] = 0
        st[f + _F_CH] = ch
        return -1
    st[f + _F_ROW] = -1
    st[f + _F_POFF] = -1
    st[f + _F_REL] = 0
    e = -1
    val = 0
    # a trick boundary after a tie game's choice: the choice's bounds, tried above for every seat it
    # could pick, failed (read only at trick boundaries)
    chosen = tlen == 0 and ply > st[_ROOT] and st[f - _FW + _F_CH] != 0
    tag = 0
    kb = f + _F_KEY
    check = 0
    b = 0
    if tlen == 0:
        if r == 1:
            d = _last_trick(st)
            return 1 if lo <= d <= hi else 0
        if (flags & F_TT) != 0:  # the key first: its row of the table loads while the bounds are tried
            tag = st[_TAG] | (leader + 1) | ((flags & _M_TIE) << 17)  # the tie games (one tag): bit 24
            check = _make_key(st, kb, tag)
            b = (check >> 1) & (st[_NBA] - 1)
            _prefetch_row(tf, b)
        if (flags & F_BOUNDS) != 0 and not chosen:
            d = _sure_decides(st, r, lo, hi)
            if d >= 0:
                return d
            if hi == r and p == s and lo <= _quick_tricks(st):
                st[_RET] = _trump_mark(st) | _suit_mark(st, 0)
                return 1
            if lo == 0 and _loses_all(st):
                st[_RET] = _suit_mark(st, 1)
                return 1
            if lo > 0:  # at least lo tricks are needed: the others may cover the suits of s
                max_ub = r - _covered(st)
                if lo > max_ub:
                    st[_RET] = _suit_mark(st, 2)
                    return 0
        if (flags & F_TT) != 0:
            e = _tt_find(st, tt, b, check, tag, kb)
            if e >= 0:
                val = tt[b, e + _E_VAL]
                st[C_HITS] += 1
                if (flags & _M_TIE) != 0:
                    d = _decide(_tie_view(val, (flags & _M_SEAT) != 0), lo, hi, r)
                else:
                    d = _decide(val, lo, hi, r)
                if d >= 0:
                    if (flags & F_PART) != 0:
                        st[_RET] = _rel_mask(st, (tt[b, e + _E_GEN] >> 32) & 0xFFFF)
                    return d
            else:
                val = (r << 4) | (r << 12)  # values found by search only (the bounds are checked anew)
            if (flags & F_PART) != 0:
                la, lb_ = _lengths(st)
                off = _pt_bucket(st, tag, la, lb_)
                x = _pt_find(st, tf, off, tag, la, lb_)
                if x >= 0:
                    pval = tf[x + 8]
                    d = _decide(pval, lo, hi, r)
                    if d >= 0:
                        st[C_HITS] += 1
                        st[_RET] = _rel_mask(st, (tf[x + 7] >> 32) & 0xFFFF)
                        return d
                    if e < 0:  # its card first
                        val = (val & ~(np.int64(63) << 52)) | (pval & (np.int64(63) << 52))
                        e = 0
                st[f + _F_POFF] = off
                st[f + _F_LA] = la
                st[f + _F_LB] = lb_
            st[f + _F_ROW] = b
            st[f + _F_TAG] = tag
            st[f + _F_CHECK] = check
            st[f + _F_VAL] = val
    if tlen == 0 and lo == 0 and (flags & _DUCKING) == _DUCKING and not chosen and _ducks(st, hi):
        st[_RET] = _duck_mark(st)  # after the table: most nodes it would decide, the table decides first
        return 1
    if probe and tlen == 0 and lo == 0 and ply != st[_ROOT] and (flags & _M_TIE) == 0 and _probes(st):
        return _PROBE  # ask the tie games first (search._search)
    m = _gen_moves(st, p, ply)
    want = lo > 0  # at least / exactly lo > 0: s wants tricks; at most: it does not
    if (flags & F_ORDER) != 0:
        _order_moves(st, p, ply, plain(m), want)
    best = -1
    if st[f + _F_ROW] >= 0 and e >= 0:  # the table's best card first
        best = _card_of(st, ((val >> 52) & 63) - 1)
    if best < 0 and p != s and tlen == 0:  # else the others' last refutation at this ply, when they lead
        best = st[_KIL + ply] - 1  # (following, their card is better left to the move order: measured)
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
    st[f + _F_CH] = 0
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
    """Play the frame's current card (or, at a tie game's choice, give the trick to the current seat);
    returns 1 if that completes a trick ``s`` wins, else 0."""
    f = _FR + _FW * ply
    c = st[_MV + 16 * ply + st[f + _F_I]]
    if st[f + _F_CH] != 0:
        st[_LEADER] = c
        st[_CHOICE] = 0
        st[f + _F_TMK] = 0
        return 0
    p = st[f + _F_P]
    tlen = st[f + _F_TLEN]
    n = st[_N]
    bit = np.int64(1) << c
    st[f + _F_OKEY] = _key_remove(st, p, c)
    st[_H + p] ^= bit
    st[_ALL] ^= bit
    w = _place(st, ply, tlen, p, c)
    if tlen + 1 == n:
        st[f + _F_TMK] = _trick_mark(st, ply, n, st[f + _F_LEADER], w) if (st[_FLAGS] & F_PART) != 0 else 0
        st[_TLEN] = 0
        st[_LEADER] = w
        st[_TMASK] = 0
        if w == st[_S]:
            return 1
        if (st[_FLAGS] & _M_TIE) != 0:
            st[_CHOICE] = _tied(st, ply, n, st[f + _F_LEADER], w)
        return 0
    st[f + _F_TMK] = 0
    st[_TLEN] = tlen + 1
    st[_TMASK] = st[f + _F_TMASK] | bit
    return 0


@njit(cache=True, inline="always", error_model="numpy")
def _undo_child(st: np.ndarray, ply: int) -> None:
    f = _FR + _FW * ply
    if st[f + _F_CH] != 0:
        st[_CHOICE] = st[f + _F_CH]
        st[_LEADER] = st[f + _F_LEADER]
        return
    st[_CHOICE] = 0
    c = st[_MV + 16 * ply + st[f + _F_I]]
    p = st[f + _F_P]
    bit = np.int64(1) << c
    st[_H + p] ^= bit
    st[_ALL] ^= bit
    _key_restore(st, p, c, st[f + _F_OKEY])
    st[_TLEN] = st[f + _F_TLEN]
    st[_LEADER] = st[f + _F_LEADER]
    st[_TMASK] = st[f + _F_TMASK]


@njit(cache=True, inline="always", error_model="numpy")
def _update(val: int, lo: int, hi: int, r: int, result: bool) -> int:
    """An entry's values with the answer ``result`` for the window ``[lo, hi]`` (of ``r`` tricks)."""
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
        val |= 1 << (16 + lo)
        max_lo = max(max_lo, lo)
        min_hi = min(min_hi, lo)
    else:
        val |= 1 << (32 + lo)
    return (val & ~0xFFFF) | max_lo | (max_hi << 4) | (min_lo << 8) | (min_hi << 12)


@njit(cache=True, inline="always", error_model="numpy")
def _finish(st: np.ndarray, tt: np.ndarray, tf: np.ndarray, ply: int, result: bool, best: int, rel: int) -> None:
    """Record a trick-boundary node's result in the table, with the card that decided it (or -1) and
    the cards it depends on (``rel``, a mask closed upward in each suit)."""
    f = _FR + _FW * ply
    b = st[f + _F_ROW]
    if b < 0:  # not a trick boundary the table keeps (inlined: no call is paid for the nodes inside tricks)
        return
    tag = st[f + _F_TAG]
    check = st[f + _F_CHECK]
    kb = f + _F_KEY
    lo = st[f + _F_LO]
    hi = st[f + _F_HI]
    r = st[f + _F_R]
    relk = _rel_count(st, rel)
    bits = np.int64(0)
    if best >= 0:
        bits = np.int64(_relative(st, best) + 1) << 52
    e = _tt_find(st, tt, b, check, tag, kb)
    val = tt[b, e + _E_VAL] if e >= 0 else st[f + _F_VAL]  # a deeper search may have refined it meanwhile
    if (st[_FLAGS] & _M_SEAT) != 0:  # the seat-chooses game's bounds in bits 0..7 (see _tie_view)
        pair = _update(((val & 15) << 8) | (((val >> 4) & 15) << 12), lo, hi, r, result)
        val = (val & ~np.int64(0xFF)) | ((pair >> 8) & 15) | (((pair >> 12) & 15) << 4)
    else:
        val = _update(val, lo, hi, r, result)
    if best >= 0:
        val = (val & ~(np.int64(63) << 52)) | bits
    _tt_store(st, tt, b, check, tag, kb, r, val, relk, e)
    off = st[f + _F_POFF]
    if off >= 0:
        la = st[f + _F_LA]
        lb = st[f + _F_LB]
        x = _pt_find(st, tf, off, tag, la, lb)
        if x >= 0:
            pval = tf[x + 8]
            relk = _kmax(relk, (tf[x + 7] >> 32) & 0xFFFF)
        else:
            pval = (r << 4) | (r << 12)
        pval = _update(pval, lo, hi, r, result)
        if best >= 0:
            pval = (pval & ~(np.int64(63) << 52)) | bits
        _pt_store(st, tf, off, tag, la, lb, r, pval, relk, x)


@njit(cache=True, inline="always", error_model="numpy")
def _ask(st: np.ndarray, tt: np.ndarray, root: int, lo: int, hi: int) -> bool:
    """Can ``s`` make its tricks from here on (the current trick included) fall in ``[lo, hi]``?  The
    search from ply ``root`` (:func:`_search`).

    The question travels in ``st``, so that :func:`_search` has one signature: numba compiles a
    function once for each constant its callers pass (a root of 0 or 1, ``_BIG``, ...),
    and the search, with its node functions inlined, is the costly one to compile (measured: the
    first solve with an empty cache took 137 s with five such versions, 52 s with one)."""
    st[_ROOT] = root
    st[_Q_LO] = lo
    st[_Q_HI] = hi
    return _search(st, tt)


@njit(cache=True, error_model="numpy")
def _search(st: np.ndarray, tt: np.ndarray) -> bool:
    """Can ``s`` make its tricks from here on (the current trick included) fall in ``[lo, hi]``, from
    ply ``root`` (``st[_Q_LO]``, ``st[_Q_HI]``, ``st[_ROOT]``: see :func:`_ask`)?

    Depth-first with an explicit stack of frames (numba cannot cache recursive functions); the node
    at ``ply`` keeps its window, moves and undo data in frame ``ply``, its moves from ``root`` on.
    Each value handed up carries the cards it depends on (``rel``: at a cutoff those of the card that
    decided, else of all the cards tried, with those of the tricks completed on the way), which the
    table's pattern part stores it under (partition search).
    """
    # Views of the same memory without a reference count: numba would otherwise update the counts of
    # `st` and `tt` (atomic operations) around every call below, a third of the time when measured.
    st = carray(_int64_ptr(st.ctypes.data), st.shape[0])  # type: ignore[call-arg]  # typed by numba
    tf = carray(_int64_ptr(tt.ctypes.data), tt.shape[0] * tt.shape[1])  # the table as one row
    tt = carray(_int64_ptr(tt.ctypes.data), (tt.shape[0], tt.shape[1]))
    st[_NB] = tt.shape[0] * 2 // 3  # the exact part's buckets; the pattern part is the last third
    st[_NBA] = _active_buckets(st)  # of which the search uses a prefix sized to the position
    s = st[_S]
    root = st[_ROOT]
    lo = st[_Q_LO]
    hi = st[_Q_HI]
    ply = root
    st[_PRB] = 0
    st[_NOPRB] = 0
    again = False
    while True:
        if st[C_NODES] >= st[_LIMIT]:  # out of nodes: stop, the position left as it is (unanswered)
            st[C_ABORTED] = 1
            if st[_PRB] != 0:
                st[_FLAGS] = st[_PRB_FL]
            return False
        e = _enter(st, tt, tf, ply, lo, hi)  # the one call site: numba inlines it
        if e == _PROBE:
            _probe_start(st, ply, lo, hi)
            continue  # enter the node again, in the tie game
        rel = st[_RET]
        while e >= 0:  # a value for the node at ply: hand it up until a node has a card left to try
            if ply + 1 == st[_PRB]:  # a tie game's answer for a node of the game
                if not _probe_next(st, e):
                    lo = st[_PRB_LO]
                    hi = st[_PRB_HI]
                    again = True
                    break
                rel = _EVERY_CARD  # (the tie games do not track the cards a value depends on)
            if ply == root:
                return e == 1
            ply -= 1
            _undo_child(st, ply)
            f = _FR + _FW * ply
            rel |= st[f + _F_TMK]
            i = st[f + _F_I]
            mover_is_s = st[f + _F_P] == s
            if mover_is_s == (e == 1):  # a cutoff: s found a winning card, or the others a refutation
                best = st[_MV + 16 * ply + i]
                if not mover_is_s and st[f + _F_CH] == 0:
                    st[_KIL + ply] = best + 1
            elif i + 1 < st[f + _F_M]:
                st[f + _F_I] = i + 1
                st[f + _F_REL] |= rel
                break
            else:
                e = 0 if mover_is_s else 1
                best = -1
                rel |= st[f + _F_REL]
            _finish(st, tt, tf, ply, e == 1, best, rel)
        if again:  # the probed node, in the next game
            again = False
            continue
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
    limit: int,
) -> None:
    """Fill ``st`` for a position (validated by the caller) and zero the counters; the searches stop
    after ``limit`` nodes (``C_ABORTED`` then set, the answers void)."""
    st[:] = 0
    n = hands.shape[0]
    st[_N] = n
    st[_S] = seat
    st[_UNDER] = under
    st[_OVER] = over
    st[_LEADER] = leader
    st[_GEN] = gen
    st[_MINGEN] = mingen
    st[_FLAGS] = flags if under < 0 else flags & ~F_PART  # the Setesdal pair: no partition search
    st[_LIMIT] = limit
    st[_TAG] = (np.int64(seat + 1) << 8) | ((under + 1) << 12) | ((over + 1) << 16) | (n << 20)
    a = 0
    for p in range(n):
        st[_H + p] = hands[p]
        a |= hands[p]
        for c in range(52):
            if (hands[p] >> c) & 1:
                st[_OWN + c] = p
    st[_ALL] = a
    _init_keys(st)
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
    return popcount(st[_H + p])


@njit(cache=True, error_model="numpy")
def _start_bounds(st: np.ndarray) -> tuple[int, int]:
    r = _mover_tricks_left(st)
    if st[_TLEN] == 0 and (st[_FLAGS] & F_BOUNDS) != 0:
        return _sure_bounds(st, r)
    return 0, r


@njit(cache=True, inline="always", error_model="numpy")
def max_tricks(st: np.ndarray, tt: np.ndarray, ply: int) -> int:
    """The most tricks ``s`` can force from the position in ``st`` (upward null-window searches)."""
    lb, ub = _start_bounds(st)
    k = lb
    while k < ub and _ask(st, tt, ply, k + 1, _BIG) and st[C_ABORTED] == 0:
        k += 1
    return k


@njit(cache=True, inline="always", error_model="numpy")
def _game_at_most(st: np.ndarray, tt: np.ndarray, ply: int, k: int) -> bool:
    """The game's own "at most ``k``" search, one below the others-choose game's fewest or after the tie
    games disagreed about it at this root: its nodes are asked of the tie games first (:func:`_probes`;
    measured: elsewhere, as inside an exact question, the probes cost more than they save)."""
    st[_PRBON] = 1
    ok = _ask(st, tt, ply, -_BIG, k)
    st[_PRBON] = 0
    return ok


@njit(cache=True, inline="always", error_model="numpy")
def _at_most(st: np.ndarray, tt: np.ndarray, ply: int, k: int) -> bool:
    """Can ``s`` keep its tricks from here on to at most ``k``?  When :func:`_use_ties` the tie games
    answer first: a refutation where ``s`` breaks the ties, or a proof where the others do, holds in
    the game; only when they differ is the game itself searched."""
    flags = st[_FLAGS]
    if _use_ties(st):
        st[_FLAGS] = _tie_game(flags, True)
        ok = _ask(st, tt, ply, -_BIG, k)
        st[_FLAGS] = flags
        if not ok or st[C_ABORTED] != 0:
            return False
        st[_FLAGS] = _tie_game(flags, False)
        ok = _ask(st, tt, ply, -_BIG, k)
        st[_FLAGS] = flags
        if ok or st[C_ABORTED] != 0:
            return ok
        return _game_at_most(st, tt, ply, k)
    return _ask(st, tt, ply, -_BIG, k)


@njit(cache=True, inline="always", error_model="numpy")
def min_tricks(st: np.ndarray, tt: np.ndarray, ply: int) -> int:
    """The fewest tricks ``s`` can force from the position in ``st`` (upward null-window searches).

    Upward: the questions "at most k" below the answer fail, and fail cheaply far below it, where
    downward the ones above it succeed, each a proof against every card of the others (measured on
    15 deals of 4 x 10: 1.38x fewer nodes).

    When :func:`_use_ties` the climb is made in the tie game where the others break
    the ties: its fewest ``k`` is at least the game's and its proof holds in the game, so the game's
    fewest is ``k`` unless "at most ``k - 1``" succeeds; that is asked of the game itself, whose
    nodes below its root are first asked of the tie games (:func:`_game_at_most`: a refutation where
    ``s`` breaks the ties holds in the game), and so on down.  Asking the tie game where ``s`` breaks
    the ties at the root first, as before, searched more (measured: 4 x 10 with a trump suit 1.07x
    fewer nodes at the median without it, 5 x 7 1.22x; ``benchmarks/RESULTS-solver.md``): where it
    succeeds the game is searched anyway, and where it fails the game's probes below the root find
    its refutation too.
    """
    lb, ub = _start_bounds(st)
    k = lb
    flags = st[_FLAGS]
    ties = _use_ties(st)
    if ties:
        st[_FLAGS] = _tie_game(flags, False)
    while k < ub and not _ask(st, tt, ply, -_BIG, k) and st[C_ABORTED] == 0:
        k += 1
    st[_FLAGS] = flags
    while ties and k > lb and st[C_ABORTED] == 0:
        if not _game_at_most(st, tt, ply, k - 1):
            break
        k -= 1
    return k


@njit(cache=True, error_model="numpy")
def root_classes(st: np.ndarray, codes: np.ndarray, reps: np.ndarray) -> int:
    """The mover's legal cards and their class representatives (the ply-0 move list is scratch)."""
    p = (st[_LEADER] + st[_TLEN]) % st[_N]
    return _classes(st, p, plain(0), codes, reps)


@njit(cache=True, error_model="numpy")
def _play(st: np.ndarray, c: int) -> int:
    """Play card ``c`` for the mover at ply 0 in place (the root of a card's search is then ply 1);
    returns 1 if it completes a trick won by ``s``, else 0."""
    n = st[_N]
    tlen = st[_TLEN]
    leader = st[_LEADER]
    p = (leader + tlen) % n
    bit = np.int64(1) << c
    _key_remove(st, p, c)
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


# the questions of solve, about the position (the answers in first[0] and second[0]) ...
Q_FEWEST = 0  # the fewest tricks forced
Q_MOST = 1  # the most tricks forced (in second)
Q_BOUNDS = 2  # first, second: the fewest and the most
Q_EXACT = 3  # exactly target forced (0/1)
Q_REACH = 4  # first: at most target can be forced (0/1); second: at least target can (0/1)
Q_TARGETS = 5  # first[k]: exactly k forced (0/1), k from 0 to the tricks left (returned); the position only
# ... or, with CARD added, about each legal card of the mover (the i-th card's answers in first[i] and second[i])
CARD = 8
Q_CARD_EXACT = CARD + Q_EXACT
Q_CARD_BOUNDS = CARD + Q_BOUNDS
Q_CARD_REACH = CARD + Q_REACH
# where solve puts its answers: one output array (each array argument adds to the cost of a call from Python)
OUT_CODES = 0
OUT_FIRST = 16
OUT_SECOND = 32
OUT_SIZE = 48


@njit(cache=True, error_model="numpy")
def solve(st: np.ndarray, tt: np.ndarray, question: int, target: int, out: np.ndarray) -> int:
    """Answer one question (``Q_*``) about ``s``'s tricks from the position in ``st``, counted from the
    root (the current trick included), into ``out`` (``OUT_SIZE`` words: ``first`` and ``second`` at
    ``OUT_FIRST`` and ``OUT_SECOND``, 14 words each, and for a card's question the cards at
    ``OUT_CODES``); returns the number of answers (1; the tricks left for ``Q_TARGETS``; the number of
    legal cards for a card's question).

    The one entry point of the compiled search: numba links the search into each compiled function
    that calls it and optimises the whole again, about two seconds of the first compile for each
    (measured: ``benchmarks/RESULTS-solver.md``); and each question's code appears once (the position
    is answered as a single item at ply 0, each card as one at ply 1 after it is played at ply 0), as
    numba inlines ``min_tricks`` and the rest at every call site.  Cards of one class share the
    answers of its representative.  (Finding the fewest and most tricks first would rule exact targets
    out, but costs more: a failing exact search is cheap, a bound needs a succeeding one.)
    """
    codes = out[OUT_CODES : OUT_CODES + 14]
    first = out[OUT_FIRST : OUT_FIRST + 14]
    second = out[OUT_SECOND : OUT_SECOND + 14]
    reps = np.empty(13, dtype=np.int64)
    cards = question >= CARD
    m = root_classes(st, codes, reps) if cards else 1
    q = question - CARD if cards else question
    work = st.copy() if cards else st
    for i in range(m):
        if cards and reps[i] != codes[i]:
            for j in range(i):
                if codes[j] == reps[i]:
                    first[i] = first[j]
                    second[i] = second[j]
            continue
        d = 0
        ply = 0
        if cards:
            work[:] = st
            d = _play(work, codes[i])
            ply = 1
        t = target - d
        if q == Q_TARGETS:
            r = _mover_tricks_left(work)
            for k in range(r + 1):
                first[k] = 1 if _ask(work, tt, ply, k, k) else 0
                if work[C_ABORTED] != 0:
                    break
            return r
        if q == Q_EXACT:
            first[i] = 1 if 0 <= t <= _mover_tricks_left(work) and _ask(work, tt, ply, t, t) else 0
        elif q == Q_REACH:
            first[i] = 1 if _at_most(work, tt, ply, t) else 0
            second[i] = 1 if work[C_ABORTED] == 0 and _ask(work, tt, ply, t, _BIG) else 0
        else:
            if q != Q_MOST:
                first[i] = d + min_tricks(work, tt, ply)
            if q != Q_FEWEST and work[C_ABORTED] == 0:
                second[i] = d + max_tricks(work, tt, ply)
        if cards:
            for c in range(C_NODES, C_STORES + 1):
                st[c] = work[c]
            if work[C_ABORTED] != 0:
                st[C_ABORTED] = 1
                break
    return m
