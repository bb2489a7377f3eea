"""The rollout player's decisions, compiled: sample the unseen cards, try each choice, play out, score.

Two layers over the rollout policy (:func:`~ohhell.strategies.policy_core.policy_play`,
or the distilled policy :func:`~ohhell.strategies.distilled_core.distilled_card` when
given its weights), each over integers and card masks (conventions of
:mod:`ohhell.strategies.folk_core`):

- :func:`finish_deal`: plays a deal out from any point (a trick may be in
  progress), every seat by :func:`policy_play` (or :func:`distilled_card`) with its own bid.
- :func:`card_value_table` / :func:`bid_value_table`: for each legal choice, the mean
  score of this seat over sampled deals of the cards it cannot see (one
  sample shared by every choice: common random numbers), each played out by
  :func:`finish_deal` and scored with the round's score table.

Sampling (:func:`deal_unseen`) deals each unseen card to a random open slot
of a hand that has not shown out of its suit, or to the undealt stock, and
starts again on a dead end: with no voids that is a uniform deal of the
unseen cards.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ohhell.cards.masks import lowest_bit, popcount, suit_mask
from ohhell.engine.stream import draw_below, shuffle_codes
from ohhell.rules.restriction import hook_bids
from ohhell.rules.tricks import legal_mask, trick_strength
from ohhell.strategies.distilled_core import FEATURES, distilled_card
from ohhell.strategies.folk_core import ALL_TIPS, folk_bid
from ohhell.strategies.odds_core import card_chances, field_class, intent_class, odds_bid, trick_distribution
from ohhell.strategies.policy_core import over_wants_of, policy_card, trick_state, winning_position

__all__ = [
    "finish_deal",
    "deal_unseen",
    "card_value_table",
    "bid_values",
    "bid_value_table",
    "bid_fields",
    "weighted_sample",
    "cards_array",
    "NO_WEIGHTS",
]

#: The ``weights`` that make the rollouts play the rollout policy (no distilled policy).
NO_WEIGHTS = np.zeros((0, FEATURES))


@njit(cache=True, inline="always", error_model="numpy")
def cards_array(mask: int) -> np.ndarray:
    """The codes of a mask's cards, lowest first."""
    m = popcount(mask)
    out = np.empty(m, dtype=np.int64)
    x = mask
    for i in range(m):
        out[i] = lowest_bit(x)
        x &= x - 1
    return out


@njit(cache=True, error_model="numpy")
def finish_deal(
    hands: np.ndarray,
    players: int,
    leader: int,
    trick: np.ndarray,
    trick_len: int,
    tricks_left: int,
    bids: np.ndarray,
    won: np.ndarray,
    t_under: int,
    t_over: int,
    played: int,
    over_wants: bool,
    weights: np.ndarray,
    voids: np.ndarray,
) -> None:
    """Play the deal out by :func:`policy_play`: ``hands`` (masks) are emptied, ``won`` counts the tricks.

    ``trick`` (a buffer of ``players``) holds the ``trick_len`` cards of the
    trick in progress, led by ``leader``; ``tricks_left`` counts it too.
    With ``weights`` (``[CONTEXTS, FEATURES]``; empty: :data:`NO_WEIGHTS`)
    every seat plays by :func:`~ohhell.strategies.distilled_core.distilled_card`
    instead, reading and updating ``voids`` (per seat, the suits it has shown
    out of so far, bit ``suit``); without, ``voids`` is not read.
    """
    distilled = weights.shape[0] > 0
    no_features = weights[:0]
    led, best_key, best_seat = trick_state(trick, trick_len, leader, players, t_under, t_over)
    seat = (leader + trick_len) % players
    for t in range(tricks_left):
        while trick_len < players:
            hand = hands[seat]
            legal = legal_mask(hand, led if trick_len > 0 else -1)
            if distilled and trick_len > 0 and (hand & suit_mask(led)) == 0:  # shown out of the suit led
                voids[seat] |= 1 << led
            if distilled:
                c = distilled_card(hand, legal, trick_len, led, best_key, best_seat, seat, players, bids, won,
                                   tricks_left - t, t_under, t_over, played, voids, over_wants, weights,
                                   no_features)  # fmt: skip
            else:
                c = policy_card(hand, legal, trick_len, led, best_key, bids[seat] - won[seat], players, t_under,
                                t_over, played, over_wants)  # fmt: skip
            bit = 1 << c
            hands[seat] = hand & ~bit
            played |= bit
            trick[trick_len] = c
            if trick_len == 0:
                led = c // 13
            k = trick_strength(c, led, t_under, t_over)
            if k > best_key:
                best_key = k
                best_seat = seat
            trick_len += 1
            seat += 1
            if seat == players:
                seat = 0
        won[best_seat] += 1
        seat = best_seat
        trick_len = 0
        led = -1
        best_key = -1
        best_seat = -1


@njit(cache=True, error_model="numpy")
def deal_unseen(
    pool: np.ndarray, room: np.ndarray, voids: np.ndarray, hands: np.ndarray, st: np.ndarray, tries: int
) -> bool:
    """Deal the cards of ``pool`` into ``hands`` (OR-ed in) so seat ``s`` gets ``room[s]`` more cards.

    Cards left over go to the stock.  A card goes to a random open slot of a
    seat not void in its suit (``voids[s]``: bit ``suit``) or of the stock.
    Returns False (``hands`` unchanged) if ``tries`` attempts hit dead ends.
    Reads row 0 of the stream ``st``.
    """
    n = room.shape[0]
    m = pool.shape[0]
    need = 0
    for s in range(n):
        need += room[s]
    stock = m - need
    left = np.empty(n + 1, dtype=np.int64)
    got = np.zeros(n, dtype=np.int64)
    for _ in range(tries):
        shuffle_codes(pool, st)
        for s in range(n):
            left[s] = room[s]
            got[s] = 0
        left[n] = stock
        ok = True
        for i in range(m):
            c = pool[i]
            suit = c // 13
            total = int(left[n])
            for s in range(n):
                if left[s] > 0 and not (voids[s] >> suit) & 1:
                    total += left[s]
            if total == 0:
                ok = False
                break
            r = draw_below(st, 0, total)
            target = n
            for s in range(n):
                if left[s] > 0 and not (voids[s] >> suit) & 1:
                    if r < left[s]:
                        target = s
                        break
                    r -= left[s]
            left[target] -= 1
            if target < n:
                got[target] |= 1 << c
        if ok:
            for s in range(n):
                hands[s] |= got[s]
            return True
    return False


@njit(cache=True, error_model="numpy")
def bid_fields(
    bids: np.ndarray, dealer: int, simultaneous: bool, h: int, positions: np.ndarray, fields: np.ndarray
) -> None:
    """Each seat's position from the dealer's left and the field class of the bids it heard, into
    ``positions`` and ``fields`` (the keys :func:`weighted_sample` reads the card-odds chances with)."""
    n = bids.shape[0]
    for s in range(n):
        positions[s] = (s - dealer - 1) % n
        heard_sum = 0
        if not simultaneous:
            for q in range(positions[s]):
                heard_sum += bids[(dealer + 1 + q) % n]
        fields[s] = field_class(heard_sum, 0 if simultaneous else positions[s], h, n)


@njit(cache=True, inline="always", error_model="numpy")
def weighted_sample(
    pool: np.ndarray,
    room: np.ndarray,
    voids: np.ndarray,
    hands_known: np.ndarray,
    hands: np.ndarray,
    st: np.ndarray,
    me: int,
    infer: bool,
    played_by: np.ndarray,
    odds: np.ndarray,
    positions: np.ndarray,
    fields: np.ndarray,
    bids: np.ndarray,
    t_under: int,
    t_over: int,
    chances: np.ndarray,
    dist: np.ndarray,
) -> float:
    """One sampled deal of the unseen cards into ``hands`` (after 50 dead ends, without the voids) and its weight.

    With ``infer`` the weight is the chance, under the card-odds trick model,
    that every other seat's sampled hand (with the cards it has played:
    ``played_by``) takes exactly the tricks it bid, from its position and the
    bids it heard (:func:`bid_fields`); else 1.
    """
    n = hands.shape[0]
    for s in range(n):
        hands[s] = hands_known[s]
    if not deal_unseen(pool, room, voids, hands, st, 50):
        for s in range(n):
            hands[s] = hands_known[s]
        no_voids = np.zeros(n, dtype=np.int64)
        deal_unseen(pool, room, no_voids, hands, st, 1)
    weight = 1.0
    if infer:
        for s in range(n):
            if s == me:
                continue
            m_c = card_chances(hands[s] | played_by[s], odds, positions[s], fields[s], intent_class(bids[s]),
                               t_under, t_over, chances)  # fmt: skip
            trick_distribution(chances, m_c, dist)
            weight *= dist[bids[s]]
    return weight


@njit(cache=True, error_model="numpy")
def card_value_table(
    hands_known: np.ndarray,
    me: int,
    room: np.ndarray,
    voids: np.ndarray,
    pool_mask: int,
    legal: int,
    trick: np.ndarray,
    trick_len: int,
    leader: int,
    tricks_left: int,
    bids: np.ndarray,
    won: np.ndarray,
    t_under: int,
    t_over: int,
    played: int,
    table: np.ndarray,
    samples: int,
    played_by: np.ndarray,
    h: int,
    odds: np.ndarray,
    dealer: int,
    simultaneous: bool,
    st: np.ndarray,
    weights: np.ndarray,
) -> np.ndarray:
    """Mean score of every seat (``table[bid, tricks]``, column = seat) when seat ``me`` plays each card code
    (row; ``-inf`` where not legal), on the same samples for every card and seat.

    ``hands_known``: masks of the cards known to be in each hand (this
    seat's hand; 0 for the others); ``room``: how many more cards each seat
    holds (0 for ``me``); ``pool_mask``: the cards this seat cannot see.
    With card-odds ``odds`` for the round (shape ``[3, ...]``, see
    :mod:`ohhell.strategies.odds_core`; a dummy of another shape turns this
    off) each sample is weighted by how likely each opponent's sampled hand
    (``played_by``: the cards each seat has played this deal; ``h`` the hand
    size) was to take exactly the tricks it bid, under the card-odds trick
    model with its position (from ``dealer``) and the bids it heard.
    ``weights``: the rollouts' policy, as in :func:`finish_deal` (the voids it
    starts from are ``voids``, those the sampling keeps to).
    """
    n = room.shape[0]
    over = over_wants_of(table)
    pool = cards_array(pool_mask)
    chances = np.empty(max(h, 1), dtype=np.float64)
    dist = np.zeros(h + 1, dtype=np.float64)
    sums = np.zeros((52, n), dtype=np.float64)
    count = 0.0
    hands = np.empty(n, dtype=np.int64)
    work = np.empty(n, dtype=np.int64)
    tricks = np.empty(n, dtype=np.int64)
    buf = np.empty(n, dtype=np.int64)
    shown = np.empty(n, dtype=np.int64)
    led = trick[0] // 13 if trick_len > 0 else -1
    infer = odds.shape[0] == 3
    positions = np.empty(n, dtype=np.int64)
    fields = np.empty(n, dtype=np.int64)
    if infer:  # each opponent's position from the dealer's left and the bids it heard: the same in every sample
        bid_fields(bids, dealer, simultaneous, h, positions, fields)
    for _ in range(samples):
        weight = weighted_sample(pool, room, voids, hands_known, hands, st, me, infer, played_by, odds, positions,
                                 fields, bids, t_under, t_over, chances, dist)  # fmt: skip
        count += weight
        c_mask = legal
        while c_mask:
            c = lowest_bit(c_mask)
            c_mask &= c_mask - 1
            bit = 1 << c
            for s in range(n):
                work[s] = hands[s]
                tricks[s] = won[s]
            for i in range(trick_len):
                buf[i] = trick[i]
            work[me] &= ~bit
            buf[trick_len] = c
            for s in range(n):
                shown[s] = voids[s]
            if led >= 0 and c // 13 != led:
                shown[me] |= 1 << led
            if trick_len + 1 == n:
                w = (leader + winning_position(buf, n, t_under, t_over)) % n
                tricks[w] += 1
                finish_deal(work, n, w, buf, 0, tricks_left - 1, bids, tricks, t_under, t_over, played | bit, over,
                            weights, shown)  # fmt: skip
            else:
                finish_deal(work, n, leader, buf, trick_len + 1, tricks_left, bids, tricks, t_under, t_over,
                            played | bit, over, weights, shown)  # fmt: skip
            for s in range(n):
                sums[c, s] += weight * table[bids[s], tricks[s]]
    out = np.full((52, n), -np.inf)
    c_mask = legal
    while c_mask:
        c = lowest_bit(c_mask)
        c_mask &= c_mask - 1
        for s in range(n):
            out[c, s] = sums[c, s] / count if count > 0 else 0.0
    return out


@njit(cache=True, error_model="numpy")
def bid_values(
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
    hook: bool,
    simultaneous: bool,
    st: np.ndarray,
    weights: np.ndarray,
) -> np.ndarray:
    """Mean score of each bid (``-inf`` where not legal) over ``samples`` sampled deals played out by the policy
    (by the distilled policy with ``weights``, as :func:`finish_deal`).

    Positions count from the dealer's left (``n - 1`` deals and leads
    nothing; position 0 leads the first trick); ``known_hands`` by position
    holds a mask or -1 for a hand this seat cannot see (its own too when
    bidding blind or on the forehead); ``heard`` a bid or -1.  Bids not heard
    are the folk player's bids of the sampled hands, made after hearing this
    seat's bid (unless bidding is simultaneous); under the hook the dealer's
    forbidden bid is avoided.  Reads row 0 of ``st``.  The samples are not
    weighted: the column ``pos`` of :func:`bid_value_table` without the card-odds model.
    """
    no_odds = np.zeros((1, 1, 1, 1, 1, 1, 1, 1))
    values = bid_value_table(known_hands, pos, h, t_under, t_over, known_out, deck_mask, heard, legal_bids, table,
                             samples, hook, simultaneous, no_odds, False, False, st, weights)  # fmt: skip
    return values[:, pos].copy()


@njit(cache=True, error_model="numpy")
def bid_value_table(
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
    hook: bool,
    simultaneous: bool,
    odds: np.ndarray,
    infer: bool,
    odds_bids: bool,
    st: np.ndarray,
    weights: np.ndarray,
) -> np.ndarray:
    """:func:`bid_values` with the card-odds model ``odds`` of the round (shape ``[3, ...]``, see
    :mod:`ohhell.strategies.odds_core`), for every position: row = the bid of ``pos``, column = the
    position whose mean score it is, on the same samples for every bid and position.

    With ``infer`` each sample is weighted by the chance that each bidder
    heard, with its sampled hand, takes exactly the tricks it bid (the
    card-odds chances of its cards, for its position, the bids it had heard
    and the bid it made), as :func:`card_value_table` weighs its samples; with
    ``odds_bids`` the bids not heard are the card-odds bids of the sampled
    hands (:func:`~ohhell.strategies.odds_core.odds_bid`, after hearing the
    bids before them) instead of the folk bids.  ``weights``: the rollouts'
    policy, as in :func:`finish_deal` (no suit shown out at the start).
    """
    n = known_hands.shape[0]
    over = over_wants_of(table)
    seen = known_out
    for q in range(n):
        if known_hands[q] >= 0:
            seen |= known_hands[q]
    pool = cards_array(deck_mask & ~seen)
    sums = np.zeros((h + 1, n), dtype=np.float64)
    hands = np.empty(n, dtype=np.int64)
    work = np.empty(n, dtype=np.int64)
    bids = np.empty(n, dtype=np.int64)
    tricks = np.zeros(n, dtype=np.int64)
    buf = np.zeros(n, dtype=np.int64)
    all_bids = (1 << (h + 1)) - 1
    room = np.zeros(n, dtype=np.int64)
    no_voids = np.zeros(n, dtype=np.int64)
    shown = np.zeros(n, dtype=np.int64)
    chances = np.empty(max(h, 1), dtype=np.float64)
    dist = np.zeros(h + 1, dtype=np.float64)
    fields = np.ones(n, dtype=np.int64)
    heard_before = 0
    for q in range(n):
        if known_hands[q] < 0:
            room[q] = h
        if not simultaneous:
            fields[q] = field_class(heard_before, q, h, n)
            if heard[q] >= 0:
                heard_before += heard[q]
    count = 0.0
    # per sample, an unheard seat's card-odds bid depends only on the field class it hears and on the one
    # bid the hook may forbid it (slot 0: none; 1 + b: bid b forbidden): computed once per key
    cache = np.empty((n, 3, h + 2), dtype=np.int64)
    for _ in range(samples):
        for q in range(n):
            hands[q] = known_hands[q] if known_hands[q] >= 0 else 0
        deal_unseen(pool, room, no_voids, hands, st, 1)
        if odds_bids:
            cache[:] = -1
        weight = 1.0
        if infer:
            for q in range(n):
                if q != pos and heard[q] >= 0 and known_hands[q] < 0:
                    m_c = card_chances(hands[q], odds, q, fields[q], intent_class(heard[q]), t_under, t_over, chances)
                    trick_distribution(chances, m_c, dist)
                    weight *= dist[heard[q]]
        count += weight
        for b in range(h + 1):
            if not (legal_bids >> b) & 1:
                continue
            total = 0
            for q in range(n):
                if q == pos:
                    bids[q] = b
                elif heard[q] >= 0:
                    bids[q] = heard[q]
                else:
                    allowed = all_bids
                    if hook and q == n - 1:
                        allowed = hook_bids(h, total, all_bids)
                    if odds_bids:
                        field = 1 if simultaneous else field_class(total, q, h, n)
                        gone = all_bids & ~allowed
                        slot = 0 if gone == 0 else 1 + lowest_bit(gone)
                        if gone & (gone - 1):
                            bids[q] = odds_bid(hands[q], h, q, field, t_under, t_over, odds, table, allowed)
                        else:
                            if cache[q, field, slot] < 0:
                                cache[q, field, slot] = odds_bid(hands[q], h, q, field, t_under, t_over, odds,
                                                                 table, allowed)  # fmt: skip
                            bids[q] = cache[q, field, slot]
                    elif simultaneous:
                        bids[q] = folk_bid(hands[q], h, n, t_under, t_over, ALL_TIPS, 0, 0, all_bids)
                    else:
                        bids[q] = folk_bid(hands[q], h, n, t_under, t_over, ALL_TIPS, total, q, allowed)
                total += bids[q]
            for q in range(n):
                work[q] = hands[q]
                tricks[q] = 0
                shown[q] = 0
            finish_deal(work, n, 0, buf, 0, h, bids, tricks, t_under, t_over, 0, over, weights, shown)
            for q in range(n):
                sums[b, q] += weight * table[bids[q], tricks[q]]
    out = np.full((h + 1, n), -np.inf)
    for b in range(h + 1):
        if (legal_bids >> b) & 1:
            for q in range(n):
                out[b, q] = sums[b, q] / count if count > 0 else 0.0
    return out
