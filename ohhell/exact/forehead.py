"""Forehead 1-card rounds ("pannekortet"): each player sees every card but its own.

What is modelled: a bidder's own card is uniform over the ``U = size - (n - 1)``
cards it does not see, and it wins exactly when its card beats the best card
it sees (given the suit led).  So it wins with probability ``k / U``, where
``k`` is the number of unseen cards that would win: for a non-leader, the
cards beating the best card it sees (all of them unseen); for the leader,
whose own card sets the suit led, the trumps above the best trump it sees,
or, seeing no trump, every trump plus, per side suit, the cards above the
best of that suit it sees.  Each bidder bids 1 when that scores more at
``k / U`` (a threshold ``k >= K``).

Simplified: bidders do not infer anything about their own card from the bids
they hear (earlier bidders saw it); under a simultaneous restriction the
forced move is applied but not anticipated.  The hooked dealer is forced as
the rules say.  Given these strategies the seat totals are exact.

How the totals are computed: loop over the leader's card ``c0`` (which sets
the suit led); the other ``n - 1`` cards are a uniform subset of the rest.
Order the "strong" cards (trumps, then the led suit) by strength; what every
bid depends on is the best two strong cards ``a``, ``b`` among the others
(every non-leader but ``a``'s holder sees the trick's best card; ``a``'s
holder sees the better of ``c0`` and ``b``), and, when no one else holds a
trump, the sum over the other side suits of the cards above the others' best
in that suit (for the leader's ``k``), counted with a small convolution over
suits.  ``a``'s holder is any non-leader with equal chance.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt
from numba import njit

from ohhell.exact.canonical import CanonicalDeck, canonical_deck
from ohhell.exact.solution import Decisions, SeatTotals, Solution, decide, expected

__all__ = ["forehead_bids", "forehead_k", "forehead_totals", "solve_forehead", "KIND_CODES"]

IntArray = npt.NDArray[np.int64]

#: Restriction codes of the compiled loop.
KIND_CODES = {"none": 0, "hook": 1, "first-adjusts": 2, "highest-adjusts": 3}


def forehead_bids(table: IntArray, unseen: int) -> npt.NDArray[np.int64]:
    """The bid for each ``k = 0..unseen`` (unseen cards that would win): bid 1 when it scores more.

    Examples
    --------
    >>> import numpy as np
    >>> table = np.array([[10, 0], [0, 11]])  # 10 + bid, a miss scores 0
    >>> forehead_bids(table, 46).tolist().index(1)  # 11 k > 10 (46 - k): bid 1 from 22 of 46 on
    22
    """
    out = np.zeros(unseen + 1, dtype=np.int64)
    for k in range(unseen + 1):
        events = [(0, float(k), float(unseen))], [(1, float(k), float(unseen))]
        out[k] = decide(expected(table, events[0]), expected(table, events[1]))
    return out


@njit(cache=True)
def _comb(n: int, k: int) -> float:
    if k < 0 or k > n:
        return 0.0
    out = 1.0
    for j in range(k):
        out = out * (n - j) / (j + 1)
    return float(round(out))


@njit(cache=True)
def _null_table(suits: int, m_max: int) -> np.ndarray:
    """``G[m, S]``: m-subsets of ``suits`` suits of 13 with ``S`` = sum over suits of the cards above its best."""
    per = np.zeros((14, 14))
    per[0, 13] = 1.0
    for k in range(1, 14):
        for best in range(2, 15):
            per[k, 14 - best] += _comb(best - 2, k - 1)
    g = np.zeros((m_max + 1, 13 * suits + 1))
    g[0, 0] = 1.0
    for _ in range(suits):
        new = np.zeros_like(g)
        for m1 in range(m_max + 1):
            for s1 in range(g.shape[1]):
                if g[m1, s1] == 0.0:
                    continue
                for m2 in range(m_max + 1 - m1):
                    for x in range(14):
                        if per[m2, x] != 0.0 and s1 + x < g.shape[1]:
                            new[m1 + m2, s1 + x] += g[m1, s1] * per[m2, x]
        g = new
    return g


@njit(cache=True)
def _settle(
    out: np.ndarray,
    dist: np.ndarray,
    weight: float,
    k0: int,
    k_top: int,
    k_holder: int,
    a_wins: bool,
    beta: np.ndarray,
    table: np.ndarray,
    kind: int,
    consolation: float,
) -> None:
    n = out.shape[1]
    bids = np.zeros(n, dtype=np.int64)
    for holder in range(1, n):
        w = weight / (n - 1)
        bids[0] = beta[k0]
        dist[0, k0] += w
        for i in range(1, n):
            k = k_holder if i == holder else k_top
            bids[i] = beta[k]
            dist[i, k] += w
        for i in range(n):
            out[1, i] += w * bids[i]
        winner = holder if a_wins else 0
        hooked = False
        total = 0
        for i in range(n):
            total += bids[i]
        if kind == 1:
            heard = total - bids[n - 1]
            if heard <= 1:
                bids[n - 1] = heard
                hooked = True
        elif kind == 2 and total == 1:
            bids[0] = 1 - bids[0]
        elif kind == 3 and total == 1:
            for i in range(n):
                if bids[i] == 1:
                    bids[i] = 0
        for i in range(n):
            won = 1 if i == winner else 0
            out[0, i] += w * won
            out[2, i] += w * bids[i]
            out[3, i] += w * (1.0 if bids[i] == won else 0.0)
            out[4, i] += w * table[bids[i], won]
            if hooked and i == n - 1 and bids[i] != won:
                out[4, i] += w * consolation


@njit(cache=True)
def forehead_totals(
    trump: bool, n: int, beta: np.ndarray, table: np.ndarray, kind: int, consolation: float
) -> tuple[np.ndarray, np.ndarray]:
    """Per position: P(win), P(first bid 1), P(final bid 1), P(made), expected score; and P(k) by position."""
    t_in = 12 if trump else 0
    suits = 3 if trump else 4
    size = t_in + 13 * suits
    out = np.zeros((5, n))
    dist = np.zeros((n, size - n + 2))
    total = _comb(size - 1, n - 1)
    kbar = np.zeros(size, dtype=np.int64)
    is_tr = np.zeros(size, dtype=np.bool_)
    beats = np.zeros(size, dtype=np.bool_)
    for c0 in range(t_in + 13):
        c0_trump = c0 < t_in
        m = 0
        for t in range(t_in - 1, -1, -1):  # trumps, best first (index 11 is the best)
            if c0_trump and t == c0:
                continue
            kbar[m], is_tr[m], beats[m] = 11 - t, True, (not c0_trump) or t > c0
            m += 1
        if c0_trump:
            k0_self, mult, nulls, lead_none = 11 - c0, 1.0, suits, 0
        else:
            r0 = c0 - t_in + 2
            for r in range(14, 1, -1):
                if r != r0:
                    kbar[m], is_tr[m], beats[m] = t_in + 14 - r, False, r > r0
                    m += 1
            k0_self, mult, nulls, lead_none = t_in + 14 - r0, float(suits), suits - 1, 13
        g = _null_table(nulls, n - 1)
        base = mult / (size * total)
        for s in range(g.shape[1]):  # nobody else holds a strong card: the leader wins
            if g[n - 1, s] > 0:
                _settle(
                    out,
                    dist,
                    base * g[n - 1, s],
                    t_in + lead_none + s,
                    k0_self,
                    k0_self,
                    False,
                    beta,
                    table,
                    kind,
                    consolation,
                )
        n_null = 13 * nulls
        for ja in range(m):
            a_wins = beats[ja]
            k_top = kbar[ja] if a_wins else k0_self
            if n >= 2:  # a is the only strong card among the others
                if is_tr[ja]:
                    w = _comb(n_null, n - 2)
                    _settle(out, dist, base * w, kbar[ja], k_top, k0_self, a_wins, beta, table, kind, consolation)
                else:
                    for s in range(g.shape[1]):
                        if g[n - 2, s] > 0:
                            _settle(
                                out,
                                dist,
                                base * g[n - 2, s],
                                kbar[ja] + s,
                                k_top,
                                k0_self,
                                a_wins,
                                beta,
                                table,
                                kind,
                                consolation,
                            )
            if n < 3:
                continue
            for jb in range(ja + 1, m):
                k_holder = (kbar[jb] if beats[jb] else k0_self) if a_wins else k_top
                weaker = m - 1 - jb
                if is_tr[ja]:
                    w = _comb(weaker + n_null, n - 3)
                    _settle(out, dist, base * w, kbar[ja], k_top, k_holder, a_wins, beta, table, kind, consolation)
                    continue
                for s in range(g.shape[1]):
                    w = 0.0
                    for t in range(n - 2):
                        w += _comb(weaker, t) * g[n - 3 - t, s]
                    if w > 0:
                        _settle(
                            out, dist, base * w, kbar[ja] + s, k_top, k_holder, a_wins, beta, table, kind, consolation
                        )
    return out, dist


def solve_forehead(
    n: int, table: IntArray, *, trump: bool, simultaneous: bool, kind: str, consolation: float = 0.0
) -> Solution:
    """Forehead bidding (see the module docs for what is modelled)."""
    deck = canonical_deck(trump)
    unseen = deck.size - (n - 1)
    beta = forehead_bids(table, unseen)
    out, dist = forehead_totals(trump, n, beta, table.astype(np.float64), KIND_CODES[kind], float(consolation))
    seats = SeatTotals(n)
    seats.p_win[:], seats.p_first_bid1[:], seats.p_bid1[:] = out[0], out[1], out[2]
    seats.p_made[:], seats.score[:] = out[3], out[4]
    rows: list[dict[str, object]] = []
    for i in range(n):
        for k in range(unseen + 1):
            evs = [expected(table, [(b, float(k), float(unseen))]) / unseen for b in (0, 1)]
            rows.append(
                {
                    "position": i,
                    "history": "*",
                    "signal": k,
                    "suit": "forehead",
                    "higher": -1,
                    "rank": 0,
                    "card": f"{k} of {unseen} unseen win",
                    "p_joint": float(dist[i, k]),
                    "p_win": k / unseen,
                    "ev_bid0": evs[0],
                    "ev_bid1": evs[1],
                    "bid": int(beta[k]),
                    "forced": False,
                }
            )
    decisions: Decisions = {(i, ()): tuple(int(b) for b in beta) for i in range(n)}
    notes: list[str] = ["forehead: each bidder bids by its chance of winning given the cards it sees"]
    if not simultaneous:
        notes.append("forehead: a bidder does not infer its own card from the bids it hears")
    if kind in ("first-adjusts", "highest-adjusts"):
        notes.append(f"forehead: the {kind} move is applied to the bids but not anticipated by the bidders")
    return Solution(decisions=decisions, rows=rows, seats=seats, notes=tuple(notes))


def forehead_k(position: int, cards: Sequence[int | None], deck: CanonicalDeck) -> int:
    """``k`` for ``position``: unseen cards that would win, given the canonical cards it sees (its own is None).

    Examples
    --------
    >>> deck = canonical_deck(trump=False)
    >>> forehead_k(1, [11, None, 25], deck)  # K led, an A of another suit: only the A of the led suit wins
    1
    >>> forehead_k(0, [None, 11, 25], deck)  # the leader sees a K and an A: 1 + 0 + 13 + 13 cards would win
    27
    """
    others = [c for q, c in enumerate(cards) if q != position and c is not None]
    if position != 0:
        lead = cards[0]
        assert lead is not None
        led = int(deck.suit[lead])

        def strength(c: int) -> tuple[int, int]:
            kind = 2 if deck.is_trump[c] else (1 if int(deck.suit[c]) == led else 0)
            return kind, -int(deck.higher[c])

        best = max(others, key=strength)
        return int(deck.higher[best]) + (0 if deck.is_trump[best] else deck.trumps)
    trumps = [int(deck.higher[c]) for c in others if deck.is_trump[c]]
    if trumps:
        return min(trumps)
    k = deck.trumps
    for s in range(1 if deck.trump else 0, deck.n_suits):
        seen = [int(deck.higher[c]) for c in others if int(deck.suit[c]) == s]
        k += min(seen) if seen else 13
    return k
