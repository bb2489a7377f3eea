"""Playing out the tricks of a deal with the built-in players, compiled.

:func:`play_tricks` is the trick-play loop of the fast path and of the
strategies that look ahead by playing deals out (the expected-value bidder):
follow suit, the highest trump or card of the led suit wins, the winner
leads.  Seats play at random (``kinds`` 0, reading their own stream, row
``1 + seat`` of ``st``, as :class:`~ohhell.strategies.RandomStrategy` does)
or as the folk player (``kinds`` 1 and 2, with its tips in ``flags``), or
by the rollout policy (``kinds`` 3, :func:`~ohhell.strategies.policy_core.policy_card`;
``flags`` 1: more tricks pay past the bid), or by the distilled policy (``kinds`` 4,
:func:`~ohhell.strategies.distilled_core.distilled_card` with ``weights``; ``flags`` as 3).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ohhell.cards.masks import SUIT_OF, kth_bit, popcount, suit_mask
from ohhell.engine.stream import draw_below
from ohhell.plain import plain
from ohhell.rules.tricks import legal_mask, trick_strength
from ohhell.strategies.distilled_core import distilled_card
from ohhell.strategies.folk_core import folk_play
from ohhell.strategies.policy_core import policy_card

__all__ = ["play_tricks"]


@njit(cache=True, inline="always", error_model="numpy")
def play_tricks(
    hands: np.ndarray,
    n: int,
    h: int,
    leader: int,
    bids: np.ndarray,
    tricks: np.ndarray,
    t_under: int,
    t_over: int,
    kinds: np.ndarray,
    flags: np.ndarray,
    st: np.ndarray,
    trick_buf: np.ndarray,
    plays: np.ndarray,
    all_random: bool,
    weights: np.ndarray,
    voids: np.ndarray,
) -> None:
    """Play ``h`` tricks from ``hands`` (masks, emptied), adding each trick to ``tricks`` (by seat).

    ``plays`` (``[trick, position]``, or empty) records the cards; ``trick_buf``
    is a work buffer of ``n``; ``all_random`` skips the strategy switch when
    every seat plays at random.  ``weights``: the distilled policy's (empty
    when no seat is of kind 4); ``voids``: a work buffer of ``n`` (the suits
    each seat has shown out of, kept only when ``weights`` is not empty).
    """
    record = plays.shape[0] > 0
    played = plain(0)  # plain: see ohhell.plain (no versions compiled for the starting constants)
    track_voids = weights.shape[0] > 0  # only the distilled policy reads them
    if track_voids:
        for s in range(n):
            voids[s] = 0
    for t in range(h):
        led = plain(-1)
        best = plain(-1)
        best_key = plain(-1)
        seat = leader - 1
        for p in range(n):
            seat += 1
            if seat == n:
                seat = 0
            hand = hands[seat]
            legal = legal_mask(hand, led)
            if track_voids and led >= 0 and (hand & suit_mask(led)) == 0:  # shown out of the suit led
                voids[seat] |= 1 << led
            if all_random or kinds[seat] == 0:
                c = kth_bit(legal, draw_below(st, 1 + seat, popcount(legal)))
            elif kinds[seat] == 3:
                over = flags[seat] & 1 == 1
                c = policy_card(hand, legal, p, led, best_key, bids[seat] - tricks[seat], n, t_under, t_over, played,
                                over)  # fmt: skip
            elif kinds[seat] == 4:
                c = distilled_card(hand, legal, p, led, best_key, best, seat, n, bids, tricks, h - t, t_under, t_over,
                                   played, voids, flags[seat] & 1 == 1, weights, weights[:0])  # fmt: skip
            else:
                c = folk_play(
                    hand, legal, p, led, best_key, bids[best] - tricks[best] if p > 0 else 0, n, t_under, t_over,
                    bids[seat], tricks[seat], h - t, played, flags[seat],
                )  # fmt: skip
            hands[seat] = hand & ~(np.int64(1) << np.int64(c))
            if not all_random:
                played |= 1 << c
                trick_buf[p] = c
            if record:
                plays[t, p] = c
            if p == 0:
                led = int(SUIT_OF[c])
            key = trick_strength(c, led, t_under, t_over)
            if key > best_key:
                best_key = key
                best = seat
        tricks[best] += 1
        leader = best
