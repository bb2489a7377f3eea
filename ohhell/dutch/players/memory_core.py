"""The memory player's decisions and its fallible memory, compiled for :mod:`ohhell.dutch.kernel`.

Each function here is one step of :class:`~ohhell.dutch.players.memory.MemoryPlayer`
written over integer arrays, so that the compiled round replays the
reference engine's rounds exactly (the kernel's tests compare them round for
round, forgetful players included):

- :func:`memory_choice`: :meth:`MemoryPlayer.decide`, belief included
  (the unseen cards and the two means of
  :func:`~ohhell.dutch.players.memory.belief`; the same floating point sums
  in the same order, the same stream draws for the call's chance);
- :func:`recall`: :meth:`~ohhell.dutch.players.memory.RoundMemory.recall`,
  with the events it reads kept as the index of the last event that showed
  each card (public events for every seat, private ones per seat).

Conventions: a seat's memory of the table is ``mk[seat, position]`` (a card
code, -1 unknown); ``kept[seat, position]`` marks the positions their owner
filled with a card it drew from the deck and kept (public: every seat saw
the swap); a choice is ``(kind, a, b, c)`` in the kernel's action codes.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ohhell.dutch.players.memory import _call_wins
from ohhell.engine.stream import next_word

__all__ = ["memory_choice", "recall", "MEMORY_PARAMS"]

#: the columns of the kernel's parameter row for a memory player
MEMORY_PARAMS = (
    "samples",
    "call_chance",
    "call_below",
    "final_turn_gain",
    "min_exchange_gain",
    "forget",
    "capacity",
    "use_exchange",
    "use_look",
)

# the kernel's action kinds (ohhell.dutch.kernel)
_PEEK, _CALL, _DRAW, _TAKE, _SWAP, _DISCARD, _EXCHANGE, _LOOK, _DECLINE = range(9)

_TWO_POW_53 = 1.0 / 9007199254740992.0


@njit(cache=True, inline="always", error_model="numpy")
def memory_choice(
    phase: int,
    me: int,
    mk: np.ndarray,
    kept: np.ndarray,
    values: np.ndarray,
    vmin: int,
    disc: np.ndarray,
    dn: int,
    held: int,
    legal: np.ndarray,
    nl: int,
    params: np.ndarray,
    ties_win: bool,
    st: np.ndarray,
    row: int,
    ibuf: np.ndarray,
    fbuf: np.ndarray,
    st1: np.ndarray,
    choice: np.ndarray,
) -> None:  # pragma: no cover - compiled
    """:meth:`MemoryPlayer.decide` for seat ``me`` into ``choice`` (legal or not: the kernel checks, as it does).

    ``params``: the player's row (:data:`MEMORY_PARAMS`); ``st[row]``: its
    stream.  Scratch: ``ibuf`` (at least ``values.size + n * h`` plus the
    value range), ``fbuf`` (``n * h + 2 * n``), ``st1`` (one stream row).
    The belief is :func:`~ohhell.dutch.players.memory.belief`'s: the unseen
    codes ascending, their mean and the mean of their ``max(1, m // 2)``
    lowest values; every expected value is summed in the reference's order,
    so the floating point results are the same.  (The steps are written out
    in one function: numba counts a reference for every array handed to a
    call, inlined or not, and this runs at every decision.)
    """
    choice[:] = 0
    if phase == 0:
        choice[:] = legal[0]
        return
    n, h = mk.shape[0], mk.shape[1]
    size = values.shape[0]
    has_call = has_draw = has_take = has_discard = has_decline = False
    for j in range(nl):
        k = legal[j, 0]
        has_call |= k == _CALL
        has_draw |= k == _DRAW
        has_take |= k == _TAKE
        has_discard |= k == _DISCARD
        has_decline |= k == _DECLINE
    # -- the belief: unseen codes into ibuf[:m], their mean and low mean ------------------------------
    located = np.int64(0)
    for s in range(n):
        for p in range(h):
            c = mk[s, p]
            if c >= 0:
                located |= np.int64(1) << c
    for i in range(dn):
        located |= np.int64(1) << disc[i]
    if held >= 0:
        located |= np.int64(1) << held
    bins0 = size + n * h  # ibuf: unseen codes, then owners, then the value bins
    nbins = ibuf.shape[0] - bins0
    for b in range(nbins):
        ibuf[bins0 + b] = 0
    m = 0
    total = 0
    for c in range(size):
        if not (located >> c) & 1:
            ibuf[m] = c
            m += 1
            total += values[c]
            ibuf[bins0 + values[c] - vmin] += 1
    mean = 0.0
    low = 0.0
    if m > 0:
        want = max(1, m // 2)
        low_sum = 0
        got = 0
        for b in range(nbins):
            if got == want:
                break
            take = min(ibuf[bins0 + b], want - got)
            low_sum += take * (b + vmin)
            got += take
        mean = float(total) / float(m)
        low = float(low_sum) / float(want)
    # -- every position's expected value (fbuf[:n * h]) and every hand's (fbuf[n * h:][:n]) -------------
    hands0 = n * h
    for s in range(n):
        t = 0.0
        for p in range(h):
            c = mk[s, p]
            if c >= 0:
                e = float(values[c])
            elif kept[s, p] and s != me:
                e = low
            else:
                e = mean
            fbuf[s * h + p] = e
            t += e
        fbuf[hands0 + s] = t
    mine0 = me * h
    worst = 0
    worst_v = fbuf[mine0]
    for p in range(1, h):
        if fbuf[mine0 + p] > worst_v:
            worst = p
            worst_v = fbuf[mine0 + p]
    if phase == 1:
        if has_call:
            mine = fbuf[hands0 + me]
            ftg = params[3]
            others = np.inf
            for s in range(n):
                if s != me:
                    t = fbuf[hands0 + s] - ftg
                    if t < others:
                        others = t
            if mine <= params[2]:
                choice[0] = _CALL
                return
            if mine <= others:
                owners0 = size
                k = 0
                for s in range(n):
                    for p in range(h):
                        if mk[s, p] < 0:
                            ibuf[owners0 + k] = s
                            k += 1
                chance = 0.0
                if m >= k:
                    base0 = hands0 + n
                    for s in range(n):
                        known = 0
                        for p in range(h):
                            if mk[s, p] >= 0:
                                known += values[mk[s, p]]
                        fbuf[base0 + s] = float(known) - (0.0 if s == me else ftg)
                    samples = int(params[0])
                    st1[0, :] = st[row, :]
                    wins = _call_wins(
                        ibuf[:m],
                        ibuf[owners0 : owners0 + k],
                        fbuf[base0 : base0 + n],
                        values,
                        st1,
                        samples,
                        me,
                        ties_win,
                    )
                    st[row, :] = st1[0, :]
                    chance = float(wins) / float(samples)
                if chance >= params[1]:
                    choice[0] = _CALL
                    return
        if dn > 0 and has_take:
            take_gain = worst_v - float(values[disc[dn - 1]])
            gain = 0.0
            for i in range(m):
                g = worst_v - float(values[ibuf[i]])
                gain += 0.0 if g < 0.0 else g
            draw_gain = gain / float(max(1, m))
            if take_gain > 0 and (take_gain >= draw_gain or not has_draw):
                choice[0] = _TAKE
                return
        if has_draw:
            choice[0] = _DRAW
        else:
            choice[:] = legal[0]
        return
    if phase == 2:
        if worst_v - float(values[held]) > 0 or not has_discard:
            choice[0] = _SWAP
            choice[1] = worst
        else:
            choice[0] = _DISCARD
        return
    if (phase == 3 or phase == 4) and has_decline:
        use = params[7] if phase == 3 else params[8]
        if use == 0.0:
            choice[0] = _DECLINE
            return
    if phase == 3:
        best = -1
        b_loss = 0.0
        b_hand = 0.0
        b_rel = 0
        b_p = 0
        b_q = 0
        for j in range(nl):
            if legal[j, 0] != _EXCHANGE:
                continue
            p, o, q = legal[j, 1], legal[j, 2], legal[j, 3]
            loss = -(fbuf[mine0 + p] - fbuf[o * h + q])
            rel = (o - me) % n
            hand = fbuf[hands0 + o]
            if best < 0 or (
                loss < b_loss
                or (
                    loss == b_loss
                    and (
                        hand < b_hand
                        or (hand == b_hand and (rel < b_rel or (rel == b_rel and (p < b_p or (p == b_p and q < b_q)))))
                    )
                )
            ):
                best = j
                b_loss, b_hand, b_rel, b_p, b_q = loss, hand, rel, p, q
        if best >= 0 and -b_loss >= params[4]:
            choice[:] = legal[best]
        else:
            choice[0] = _DECLINE
        return
    if phase == 4:
        # its own first unknown card, else the first of the hand that seems lowest (the nearest seat on ties)
        target = me
        for p in range(h):
            if mk[me, p] < 0:
                break
        else:
            target = -1
            t_hand = 0.0
            t_rel = 0
            for s in range(n):
                if s == me:
                    continue
                hand = fbuf[hands0 + s]
                rel = (s - me) % n
                if target < 0 or hand < t_hand or (hand == t_hand and rel < t_rel):
                    target, t_hand, t_rel = s, hand, rel
        for q in range(h):
            if mk[target, q] < 0:
                choice[0] = _LOOK
                choice[1] = target
                choice[2] = q
                return
        choice[0] = _DECLINE
        return
    choice[:] = legal[0]


@njit(cache=True, error_model="numpy")
def recall(
    v: int,
    turn: int,
    known_v: np.ndarray,
    rem: np.ndarray,
    memo: np.ndarray,
    shown_pub: np.ndarray,
    shown_own: np.ndarray,
    looked: np.ndarray,
    events: int,
    forget: float,
    capacity: int,
    st: np.ndarray,
    row: int,
    order: np.ndarray,
    mk: np.ndarray,
) -> None:  # pragma: no cover - compiled
    """:meth:`RoundMemory.recall` for seat ``v`` at a decision; the remembered table into ``mk``.

    ``rem[c]``: when card ``c`` was (last) seen, in sightings counted from
    0 (-1: not remembered); ``memo``: ``[clock, last turn (-1: none),
    located mask at the last decision, events seen then]``; ``shown_pub[c]``
    / ``shown_own[c]``: the index of the last public / this seat's private
    event showing ``c``; ``looked[c]``: of the last peek or look of ``v``
    showing ``c``; ``events``: how many events so far; ``capacity`` -1 for
    none; ``order`` scratch.
    """
    size = rem.shape[0]
    if memo[1] >= 0 and forget > 0:
        elapsed = turn - memo[1]
        if elapsed > 0:
            keep = (1.0 - forget) ** float(elapsed)
            for c in range(size):
                if rem[c] >= 0:
                    r = float(next_word(st, row) >> np.uint64(11)) * _TWO_POW_53
                    if r >= keep:
                        rem[c] = -1
    memo[1] = turn
    located = np.int64(0)
    for s in range(known_v.shape[0]):
        for p in range(known_v.shape[1]):
            c = known_v[s, p]
            if c >= 0:
                located |= np.int64(1) << c
    seen = located & ~memo[2]
    since = memo[3]
    k = 0
    for c in range(size):
        if not (located >> c) & 1:
            continue
        if looked[c] >= since:
            seen |= np.int64(1) << c
        if (seen >> c) & 1:
            w = max(shown_pub[c], shown_own[c])
            key = w if w >= since else -1
            # insertion by (when, code): codes arrive ascending, so ties keep their order
            i = k
            while i > 0 and order[i - 1, 0] > key:
                order[i, 0] = order[i - 1, 0]
                order[i, 1] = order[i - 1, 1]
                i -= 1
            order[i, 0] = key
            order[i, 1] = c
            k += 1
    for i in range(k):
        rem[order[i, 1]] = memo[0]
        memo[0] += 1
    count = 0
    for c in range(size):
        if rem[c] >= 0:
            if not (located >> c) & 1:
                rem[c] = -1
            else:
                count += 1
    if capacity >= 0:
        while count > capacity:
            oldest = -1
            for c in range(size):
                if rem[c] >= 0 and (oldest < 0 or rem[c] < rem[oldest]):
                    oldest = c
            rem[oldest] = -1
            count -= 1
    memo[2] = located
    memo[3] = events
    for s in range(known_v.shape[0]):
        for p in range(known_v.shape[1]):
            c = known_v[s, p]
            mk[s, p] = c if c >= 0 and rem[c] >= 0 else -1
