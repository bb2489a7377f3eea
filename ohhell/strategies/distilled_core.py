"""The distilled card policy, compiled: a linear score of each legal card, fitted to the rollout player's values.

:func:`distilled_card` plays the legal card with the highest score
``weights[context] . features(card)``.  The context is what the seat wants
(no more tricks; tricks with some to spare; every trick left) crossed with
where it plays (lead, follow, last); the features of a card are the few
numbers a player reads off the table: whether it wins the trick so far, how
many unseen cards could still beat it, its rank, suit length and the unseen
cards of its suit, whether the players after it want tricks or have shown
out of its suit, and whether it is the rollout policy's own card
(:func:`~ohhell.strategies.policy_core.policy_card`), which the fitted
weights correct rather than replace.  The weights are fitted offline
(:mod:`ohhell.strategies.distilled_fit`) so that the policy's card loses as
little as possible of the rollout player's estimated value.  Conventions of
:mod:`ohhell.strategies.folk_core`.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ohhell.cards.masks import lowest_bit, popcount, suit_mask
from ohhell.rules.tricks import trick_strength
from ohhell.strategies.policy_core import policy_card

__all__ = ["FEATURES", "CONTEXTS", "FEATURE_NAMES", "context_of", "distilled_card"]

_ALL52 = (1 << 52) - 1


def _ranks_up_to(top: int) -> int:
    """The mask of ranks 0..top (twos upwards) of every suit."""
    return sum(((1 << (top + 1)) - 1) << (13 * s) for s in range(4))


_TWELFTH = 1.0 / 12.0
_SIXTH = 1.0 / 6.0
# after a shift down by k, the bits that stayed in their suit: ranks 0..12-k
_STAYS_1 = _ranks_up_to(11)
_STAYS_2 = _ranks_up_to(10)
_STAYS_4 = _ranks_up_to(8)
_STAYS_8 = _ranks_up_to(4)

FEATURE_NAMES = (
    "policy card",
    "wins the trick so far",
    "wins for sure",
    "unseen cards that beat it",
    "unseen cards of its suit below it",
    "rank",
    "trump",
    "suit length in hand",
    "unseen cards of its suit",
    "highest of its suit in hand",
    "lowest of its suit in hand",
    "later players void in its suit",
    "wins x later players who want tricks",
    "rank x later players who want tricks",
    "wins for sure x need / tricks left",
    "rank x need / tricks left",
    "wins x the trick's winner wants tricks",
    "rank x trump",
    "singleton",
    "master of its suit",
    "unseen cards of its suit above it",
    "rank x surplus",
    "highest of its suit x surplus",
    "lowest of its suit x surplus",
    "trump x surplus",
    "highest of its suit x later players who want tricks",
    "lowest of its suit x later players who want tricks",
    "master x surplus",
)
#: Features of a card, and contexts (what the seat wants x where it plays) with a weight vector each.
FEATURES = len(FEATURE_NAMES)
CONTEXTS = 12


@njit(cache=True, inline="always", error_model="numpy")
def _wants(need: int, over_wants: bool) -> bool:
    return need > 0 or (need < 0 and over_wants)


@njit(cache=True, inline="always", error_model="numpy")
def context_of(need: int, left: int, trick_len: int, n: int, over_wants: bool) -> int:
    """``3 * want + place``: want 0 (no more tricks), 1 (one more, more are left), 2 (more, fewer than are
    left), 3 (every trick left); place 0 (leads), 1 (follows, not last), 2 (plays last)."""
    want = 0
    if _wants(need, over_wants):
        want = 3 if need >= left else (1 if need <= 1 else 2)
    place = 0 if trick_len == 0 else (2 if trick_len == n - 1 else 1)
    return 3 * want + place


@njit(cache=True, error_model="numpy")
def distilled_card(
    hand: int,
    legal: int,
    trick_len: int,
    led: int,
    best_key: int,
    best_seat: int,
    seat: int,
    n: int,
    bids: np.ndarray,
    won: np.ndarray,
    left: int,
    t_under: int,
    t_over: int,
    played: int,
    voids: np.ndarray,
    over_wants: bool,
    weights: np.ndarray,
    features: np.ndarray,
) -> int:
    """The legal card (a code in ``legal``) with the highest ``weights[context] . features``.

    The trick so far: ``trick_len`` cards, ``led`` their suit, ``best_key``
    the :func:`~ohhell.rules.tricks.trick_strength` of the winning card and
    ``best_seat`` its holder; ``left``: tricks left, this one included;
    ``played``: the cards played this deal (this trick's included);
    ``voids``: per seat, a mask of the suits (bit ``suit``) it has shown
    out of.  ``weights``: ``[CONTEXTS, FEATURES]``.  ``features``: empty,
    or ``[cards, FEATURES]`` to receive each legal card's features (lowest
    code first) for fitting.  Ties go to the lower code.
    """
    if legal & (legal - 1) == 0 and features.shape[0] == 0:
        return lowest_bit(legal)
    need = bids[seat] - won[seat]
    own = policy_card(hand, legal, trick_len, led, best_key, need, n, t_under, t_over, played, over_wants)
    k = context_of(need, left, trick_len, n, over_wants)
    unseen = ~(hand | played) & _ALL52
    trumps_unseen = 0
    if t_over >= 0:
        trumps_unseen |= unseen & suit_mask(t_over)
    if t_under >= 0:
        trumps_unseen |= unseen & suit_mask(t_under)
    after = n - 1 - trick_len
    after_want = 0
    v0 = 0
    v1 = 0
    v2 = 0
    v3 = 0
    q = seat
    for _ in range(after):
        q += 1
        if q == n:
            q = 0
        if _wants(bids[q] - won[q], over_wants):
            after_want += 1
        v = voids[q]
        v0 += v & 1
        v1 += (v >> 1) & 1
        v2 += (v >> 2) & 1
        v3 += (v >> 3) & 1
    after_frac = after_want / after if after > 0 else 0.0
    slack = need / left if need > 0 else 0.0
    best_wants = 0.0
    if trick_len > 0 and _wants(bids[best_seat] - won[best_seat], over_wants):
        best_wants = 1.0
    # masters: the cards of the hand above every unseen card of their suit
    beaten = unseen  # smeared down: every bit at or below an unseen card's, within its suit
    beaten |= (beaten >> 1) & _STAYS_1
    beaten |= (beaten >> 2) & _STAYS_2
    beaten |= (beaten >> 4) & _STAYS_4
    beaten |= (beaten >> 8) & _STAYS_8
    masters = popcount(hand & ~beaten)
    surplus = (masters - max(need, 0)) / left
    # the products of a card's features with the decision's numbers (features 12-16, 21-27), folded into
    # one coefficient per card feature: the same score as weights[k] . features, in fewer operations
    wk = weights[k]
    c_win = wk[1] + wk[12] * after_frac + wk[16] * best_wants
    c_sure = wk[2] + wk[14] * slack
    c_rank = wk[5] + wk[13] * after_frac + wk[15] * slack + wk[21] * surplus
    c_trump = wk[6] + wk[24] * surplus
    c_highest = wk[9] + wk[22] * surplus + wk[25] * after_frac
    c_lowest = wk[10] + wk[23] * surplus + wk[26] * after_frac
    c_master = wk[19] + wk[27] * surplus
    fill = features.shape[0] > 0
    best = -1
    best_score = -np.inf
    i = 0
    m = legal
    while m:
        c = lowest_bit(m)
        m &= m - 1
        s = c // 13
        rank = c % 13
        trump = s in (t_over, t_under)
        mine = hand & suit_mask(s)
        above = ~((np.int64(1) << (c + 1)) - 1)
        below = (np.int64(1) << c) - 1
        suit_unseen = unseen & suit_mask(s)
        if trick_len == 0:
            can_win = True
            win_now = 0.0
        else:
            can_win = trick_strength(c, led, t_under, t_over) > best_key
            win_now = 1.0 if can_win else 0.0
        higher = popcount(int(suit_unseen & above))
        beaters = 0
        if can_win:
            beaters = higher
            if not trump:
                beaters += popcount(trumps_unseen)
            elif s == t_under and t_over >= 0:
                beaters += popcount(unseen & suit_mask(t_over))
        sure = 1.0 if can_win and (beaters == 0 or after == 0) else 0.0
        void_count = v0 if s == 0 else (v1 if s == 1 else (v2 if s == 2 else v3))
        x0 = 1.0 if c == own else 0.0
        x3 = min(beaters, 8) / 8.0
        x4 = popcount(int(suit_unseen & below)) * _TWELFTH
        x5 = rank * _TWELFTH
        x6 = 1.0 if trump else 0.0
        length = popcount(mine)
        x7 = min(length, 6) * _SIXTH
        x8 = popcount(suit_unseen) * _TWELFTH
        x9 = 1.0 if mine & above == 0 else 0.0
        x10 = 1.0 if mine & below == 0 else 0.0
        x11 = void_count / after if after > 0 else 0.0
        x17 = x5 * x6
        x18 = 1.0 if length == 1 else 0.0
        x19 = 1.0 if higher == 0 else 0.0
        x20 = higher * _TWELFTH
        score = (
            wk[0] * x0 + c_win * win_now + c_sure * sure + wk[3] * x3 + wk[4] * x4 + c_rank * x5 + c_trump * x6
            + wk[7] * x7 + wk[8] * x8 + c_highest * x9 + c_lowest * x10 + wk[11] * x11 + wk[17] * x17
            + wk[18] * x18 + c_master * x19 + wk[20] * x20
        )  # fmt: skip
        if fill:
            f = features[i]
            f[0] = x0
            f[1] = win_now
            f[2] = sure
            f[3] = x3
            f[4] = x4
            f[5] = x5
            f[6] = x6
            f[7] = x7
            f[8] = x8
            f[9] = x9
            f[10] = x10
            f[11] = x11
            f[12] = win_now * after_frac
            f[13] = x5 * after_frac
            f[14] = sure * slack
            f[15] = x5 * slack
            f[16] = win_now * best_wants
            f[17] = x17
            f[18] = x18
            f[19] = x19
            f[20] = x20
            f[21] = x5 * surplus
            f[22] = x9 * surplus
            f[23] = x10 * surplus
            f[24] = x6 * surplus
            f[25] = x9 * after_frac
            f[26] = x10 * after_frac
            f[27] = x19 * surplus
        if score > best_score:
            best_score = score
            best = c
        i += 1
    return best
