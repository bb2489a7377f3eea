"""Counting the deals of a 1-card round that agree with what is known, and those a seat wins.

A seat ``me`` holds card ``c``; every other seat ``q`` may be constrained to a
set ``S_q`` (the cards with which its strategy makes the bid it made, or the
cards of one suit); the rest are free.  The number of ways to give the other
seats distinct cards from the ``R`` cards available is a small permanent: a
DP over the subsets of the ``k`` constrained seats while scanning the cards,
times the falling factorial ``(R - k)(R - k - 1)...`` for the free seats.

``me`` wins exactly when nobody else holds a card that beats ``c`` (remove
those from the available cards) and, if ``me`` does not lead and ``c`` is not
a trump, the leader's card is of ``c``'s suit (constrain the leader to it).

Examples
--------
Two seats, no trump.  Leading the ace of a suit (canonical card 12), every one
of the follower's 51 cards loses to it; following with a two (card 0), a seat
wins only if a lower card of its suit was led, which never happens:

>>> from ohhell.exact.canonical import canonical_deck
>>> deck = canonical_deck(trump=False)
>>> counts(0, 12, [None, None], deck)
(51.0, 51.0)
>>> counts(1, 0, [None, None], deck)
(0.0, 51.0)
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt
from numba import njit

from ohhell.exact.canonical import CanonicalDeck

__all__ = ["count_assignments", "counts", "falling"]

BoolArray = npt.NDArray[np.bool_]


@njit(cache=True, error_model="numpy")
def count_assignments(allowed: np.ndarray, avail: np.ndarray, n_free: int) -> float:
    """Ways to give ``k`` constrained seats and ``n_free`` free seats distinct available cards.

    ``allowed[q, card]``: constrained seat ``q`` may hold ``card``; ``avail``:
    the cards left for the other seats.  Counts are exact in float64 (below
    2**53 for one deck).
    """
    k = allowed.shape[0]
    full = (1 << k) - 1
    dp = np.zeros(1 << k)
    dp[0] = 1.0
    r = 0
    for card in range(avail.shape[0]):
        if not avail[card]:
            continue
        r += 1
        bits = 0
        for q in range(k):
            if allowed[q, card]:
                bits |= 1 << q
        if bits == 0:
            continue
        for mask in range(full, -1, -1):  # descending: each card goes to one seat at most
            v = dp[mask]
            if v == 0.0:
                continue
            rest = bits & ~mask
            while rest:
                low = rest & -rest
                dp[mask | low] += v
                rest ^= low
    out: float = dp[full]
    left = r - k
    for j in range(n_free):
        if left - j <= 0:
            return 0.0
        out *= left - j
    return out


def falling(n: int, k: int) -> float:
    """``n (n - 1) ... (n - k + 1)``."""
    out = 1.0
    for j in range(k):
        out *= n - j
    return out


def counts(me: int, card: int, sets: Sequence[BoolArray | None], deck: CanonicalDeck) -> tuple[float, float]:
    """(deals ``me`` wins, deals) among those where ``me`` holds ``card`` and seat ``q`` holds a card of ``sets[q]``.

    ``sets[q]`` None: seat ``q`` is free; ``sets[me]`` is ignored.  Seat 0 leads.
    """
    n = len(sets)
    avail = np.ones(deck.size, dtype=np.bool_)
    avail[card] = False
    constrained = [q for q in range(n) if q != me and sets[q] is not None]
    total_sets = [sets[q] for q in constrained]
    total = _count(total_sets, avail, n - 1 - len(constrained), deck.size)
    avail_win = avail & ~deck.beats[card]
    led = me != 0 and not bool(deck.is_trump[card])
    suit = deck.suit_mask[int(deck.suit[card])]
    win_sets: list[BoolArray] = []
    for q in range(n):
        if q == me:
            continue
        s = sets[q]
        if q == 0 and led:
            win_sets.append(suit if s is None else s & suit)
        elif s is not None:
            win_sets.append(s)
    win = _count(win_sets, avail_win, n - 1 - len(win_sets), deck.size)
    return win, total


def _count(sets: Sequence[BoolArray | None], avail: BoolArray, n_free: int, size: int) -> float:
    allowed = np.array([s for s in sets if s is not None], dtype=np.bool_).reshape(len(sets), size)
    return float(count_assignments(allowed, avail, n_free))
