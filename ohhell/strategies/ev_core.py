"""The expected-value bidder's decision, compiled: deal the unseen cards, play out, score.

For each sample the cards this seat cannot see are dealt at random to the
hands it does not know (reading the seat's own stream), the other players'
bids are those heard or else what the folk player would bid, and the deal
is played out by folk players once for every bid this seat may make (the
same sampled deal for every bid: common random numbers).  The bid with the
highest mean score under the round's score table wins (ties: the lower).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ohhell.cards.masks import lowest_bit, popcount
from ohhell.engine.stream import draw_below
from ohhell.strategies.folk_core import folk_bid
from ohhell.strategies.playout import play_tricks

__all__ = ["ev_bid", "ev_scores"]


@njit(cache=True, error_model="numpy")
def ev_scores(
    known_hands: np.ndarray,
    pos: int,
    h: int,
    t_under: int,
    t_over: int,
    known_out: int,
    deck_mask: int,
    heard: np.ndarray,
    legal_bids: int,
    table: np.ndarray,
    samples: int,
    flags: int,
    st: np.ndarray,
) -> np.ndarray:
    """Mean score of each bid (``-inf`` where not legal) over ``samples`` sampled deals.

    Positions count from the dealer's left (``n - 1`` deals); ``known_hands``
    by position holds a mask or -1 for a hand this seat cannot see;
    ``heard`` by position a bid or -1; ``st`` the seat's stream (row 0).
    """
    n = known_hands.shape[0]
    seen = known_out
    for q in range(n):
        if known_hands[q] >= 0:
            seen |= known_hands[q]
    pool_mask = deck_mask & ~seen
    m = popcount(pool_mask)
    pool = np.empty(m, dtype=np.int64)
    x = pool_mask
    for i in range(m):
        pool[i] = lowest_bit(x)
        x &= x - 1
    sums = np.zeros(h + 1, dtype=np.float64)
    hands = np.empty(n, dtype=np.int64)
    work = np.empty(n, dtype=np.int64)
    bids = np.empty(n, dtype=np.int64)
    tricks = np.zeros(n, dtype=np.int64)
    kinds = np.ones(n, dtype=np.int64)
    flag_arr = np.full(n, flags, dtype=np.int64)
    trick_buf = np.zeros(n, dtype=np.int64)
    no_plays = np.empty((0, 0), dtype=np.int64)
    no_weights = np.zeros((0, 1))
    voids = np.zeros(n, dtype=np.int64)
    all_bids = (1 << (h + 1)) - 1
    for _ in range(samples):
        k = 0
        for q in range(n):
            if known_hands[q] >= 0:
                hands[q] = known_hands[q]
                continue
            mask = 0
            for _c in range(h):
                j = k + draw_below(st, 0, m - k)
                tmp = pool[k]
                pool[k] = pool[j]
                pool[j] = tmp
                mask |= 1 << pool[k]
                k += 1
            hands[q] = mask
        total = 0
        for q in range(n):
            if q == pos:
                bids[q] = 0
                continue
            if heard[q] >= 0:
                bids[q] = heard[q]
            else:
                bids[q] = folk_bid(hands[q], h, n, t_under, t_over, flags, total, q, all_bids)
            total += bids[q]
        for b in range(h + 1):
            if not (legal_bids >> b) & 1:
                continue
            bids[pos] = b
            for q in range(n):
                work[q] = hands[q]
                tricks[q] = 0
            play_tricks(work, n, h, 0, bids, tricks, t_under, t_over, kinds, flag_arr, st, trick_buf, no_plays, False,
                        no_weights, voids)  # fmt: skip
            sums[b] += table[b, tricks[pos]]
    out = np.full(h + 1, -np.inf)
    for b in range(h + 1):
        if (legal_bids >> b) & 1:
            out[b] = sums[b] / samples
    return out


@njit(cache=True, error_model="numpy")
def ev_bid(
    known_hands: np.ndarray,
    pos: int,
    h: int,
    t_under: int,
    t_over: int,
    known_out: int,
    deck_mask: int,
    heard: np.ndarray,
    legal_bids: int,
    table: np.ndarray,
    samples: int,
    flags: int,
    st: np.ndarray,
) -> int:
    """The legal bid with the highest mean score (ties: the lower bid); see :func:`ev_scores`."""
    scores = ev_scores(known_hands, pos, h, t_under, t_over, known_out, deck_mask, heard, legal_bids, table,
                       samples, flags, st)  # fmt: skip
    best = -1
    for b in range(h + 1):
        if (legal_bids >> b) & 1 and (best < 0 or scores[b] > scores[best]):
            best = b
    return best
