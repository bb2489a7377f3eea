"""The rollout player's decisions, compiled: sample the unseen cards, try each choice, play out, score.

Three layers, each over integers and card masks (conventions of
:mod:`ohhell.strategies.folk_core`):

- :func:`policy_play`: the card a bid-aware heuristic plays.  It is the
  rollout policy of the search below and the card play of the fast player.
  Unlike the folk player it tries to *lose* tricks it does not want: once
  its bid is made (or with a 0 bid) it sheds the highest card that still
  loses the trick, and when it must win a trick it does not want it wins
  with its highest card if it plays last (else its lowest winner, which a
  later player may still beat).
- :func:`finish_deal`: plays a deal out from any point (a trick may be in
  progress), every seat by :func:`policy_play` with its own bid.
- :func:`card_values` / :func:`bid_values`: for each legal choice, the mean
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
from ohhell.engine.stream import draw_below
from ohhell.rules.tricks import trick_strength
from ohhell.strategies.folk_core import ALL_TIPS, folk_bid, folk_estimate, highest_card, lowest_card, sure_winner

__all__ = [
    "policy_play",
    "winning_position",
    "over_wants_of",
    "cards_array",
    "shuffle_codes",
    "finish_deal",
    "deal_unseen",
    "card_values",
    "bid_values",
    "bid_weight",
    "hook_mask",
]

_ALL52 = (1 << 52) - 1


@njit(cache=True, error_model="numpy")
def policy_play(
    hand: int,
    legal: int,
    trick: np.ndarray,
    trick_len: int,
    seat: int,
    players: int,
    t_under: int,
    t_over: int,
    bids: np.ndarray,
    won: np.ndarray,
    played: int,
    over_wants: bool,
) -> int:
    """The rollout policy's card (a code in ``legal``).

    Short of its bid: lead a card no unseen card can beat if it has one,
    else the highest card of a side suit (the highest trump without one);
    following, win with the lowest winning card when last and the highest
    otherwise, or play the lowest card when it cannot win.
    Bid made (or exceeded): lead the lowest card; following, play the
    highest card that loses the trick so far; with only winners, the
    highest when last, the lowest otherwise.  Past its bid, it plays as if
    short when ``over_wants`` (the score table pays for more tricks on a
    miss, as OpenSpiel's does; :func:`over_wants_of`).
    """
    if legal & (legal - 1) == 0:
        return lowest_bit(legal)
    need = bids[seat] - won[seat]
    wants = need > 0 or (need < 0 and over_wants)
    if trick_len == 0:
        if not wants:
            return lowest_card(legal, t_under, t_over)
        unseen = ~(hand | played) & _ALL52
        w = sure_winner(legal, unseen, t_under, t_over)
        if w >= 0:
            return w
        side = legal
        for suit in range(4):
            if suit in (t_over, t_under):
                side &= ~suit_mask(suit)
        return highest_card(side if side else legal, t_under, t_over)
    led = trick[0] // 13
    best_key = -1
    for i in range(trick_len):
        k = trick_strength(trick[i], led, t_under, t_over)
        if k > best_key:
            best_key = k
    winners = 0
    m = legal
    while m:
        c = lowest_bit(m)
        m &= m - 1
        if trick_strength(c, led, t_under, t_over) > best_key:
            winners |= 1 << c
    losers = legal & ~winners
    last = trick_len == players - 1
    if wants:
        if winners:
            return lowest_card(winners, t_under, t_over) if last else highest_card(winners, t_under, t_over)
        return lowest_card(legal, t_under, t_over)
    if losers:
        return highest_card(losers, t_under, t_over)
    return highest_card(legal, t_under, t_over) if last else lowest_card(legal, t_under, t_over)


@njit(cache=True, error_model="numpy")
def over_wants_of(table: np.ndarray) -> bool:
    """Whether a seat past its bid gains by more tricks: OpenSpiel's table (a miss scores the tricks), not harsh.

    Read off a table of at least two cards as ``table[0, 2] > table[0, 1]``;
    tables of one card never ask.
    """
    return bool(table.shape[0] >= 3 and table[0, 2] > table[0, 1])


@njit(cache=True, inline="always", error_model="numpy")
def winning_position(trick: np.ndarray, players: int, t_under: int, t_over: int) -> int:
    """Position in play order of the card that wins a complete trick of one deck."""
    led = trick[0] // 13
    best = 0
    best_key = -1
    for i in range(players):
        k = trick_strength(trick[i], led, t_under, t_over)
        if k > best_key:
            best_key = k
            best = i
    return best


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
) -> None:
    """Play the deal out by :func:`policy_play`: ``hands`` (masks) are emptied, ``won`` counts the tricks.

    ``trick`` (a buffer of ``players``) holds the ``trick_len`` cards of the
    trick in progress, led by ``leader``; ``tricks_left`` counts it too.
    """
    seat = (leader + trick_len) % players
    for _ in range(tricks_left):
        while trick_len < players:
            hand = hands[seat]
            legal = hand
            if trick_len > 0:
                follow = hand & suit_mask(trick[0] // 13)
                if follow != 0:
                    legal = follow
            c = policy_play(
                hand, legal, trick, trick_len, seat, players, t_under, t_over, bids, won, played, over_wants
            )
            bit = 1 << c
            hands[seat] = hand & ~bit
            played |= bit
            trick[trick_len] = c
            trick_len += 1
            seat += 1
            if seat == players:
                seat = 0
        leader = (leader + winning_position(trick, players, t_under, t_over)) % players
        won[leader] += 1
        seat = leader
        trick_len = 0


@njit(cache=True, inline="always", error_model="numpy")
def shuffle_codes(codes: np.ndarray, st: np.ndarray) -> None:
    """Shuffle ``codes`` in place (Fisher-Yates from the end, reading row 0 of the stream ``st``)."""
    for i in range(codes.shape[0] - 1, 0, -1):
        j = draw_below(st, 0, i + 1)
        tmp = codes[i]
        codes[i] = codes[j]
        codes[j] = tmp


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
def card_values(
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
    spread: float,
    st: np.ndarray,
) -> np.ndarray:
    """Mean score of seat ``me`` (``table[bid, tricks]``) for each card code (``-inf`` where not legal).

    ``hands_known``: masks of the cards known to be in each hand (this
    seat's hand; 0 for the others); ``room``: how many more cards each seat
    holds (0 for ``me``); ``pool_mask``: the cards this seat cannot see.
    With ``spread > 0`` each sample is weighted by how well it explains the
    others' bids (:func:`bid_weight`; ``played_by``: the cards each seat has
    played this deal, ``h`` the hand size).
    """
    n = room.shape[0]
    over = over_wants_of(table)
    pool = cards_array(pool_mask)
    sums = np.zeros(52, dtype=np.float64)
    count = 0.0
    hands = np.empty(n, dtype=np.int64)
    work = np.empty(n, dtype=np.int64)
    tricks = np.empty(n, dtype=np.int64)
    buf = np.empty(n, dtype=np.int64)
    bid = bids[me]
    for _ in range(samples):
        for s in range(n):
            hands[s] = hands_known[s]
        if not deal_unseen(pool, room, voids, hands, st, 50):
            for s in range(n):
                hands[s] = hands_known[s]
            no_voids = np.zeros(n, dtype=np.int64)
            deal_unseen(pool, room, no_voids, hands, st, 1)
        weight = 1.0
        if spread > 0:
            for s in range(n):
                if s != me:
                    weight *= bid_weight(hands[s] | played_by[s], bids[s], h, t_under, t_over, spread)
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
            if trick_len + 1 == n:
                w = (leader + winning_position(buf, n, t_under, t_over)) % n
                tricks[w] += 1
                finish_deal(work, n, w, buf, 0, tricks_left - 1, bids, tricks, t_under, t_over, played | bit, over)
            else:
                finish_deal(work, n, leader, buf, trick_len + 1, tricks_left, bids, tricks, t_under, t_over,
                            played | bit, over)  # fmt: skip
            sums[c] += weight * table[bid, tricks[me]]
    out = np.full(52, -np.inf)
    c_mask = legal
    while c_mask:
        c = lowest_bit(c_mask)
        c_mask &= c_mask - 1
        out[c] = sums[c] / count if count > 0 else 0.0
    return out


@njit(cache=True, error_model="numpy")
def bid_weight(dealt: int, bid: int, h: int, t_under: int, t_over: int, spread: float) -> float:
    """How well a dealt hand explains a bid: ``exp(-(bid - estimate)^2 / (2 spread^2))``.

    The estimate is the folk count of the hand's tricks
    (:func:`~ohhell.strategies.folk_core.folk_estimate`).
    """
    gap = bid - folk_estimate(dealt, h, t_under, t_over, ALL_TIPS)
    return float(np.exp(-0.5 * gap * gap / (spread * spread)))


@njit(cache=True, error_model="numpy")
def hook_mask(h: int, total: int, all_bids: int) -> int:
    """The bids the dealer may make under the hook after bids summing to ``total``."""
    forbidden = h - total
    if 0 <= forbidden <= h:
        return all_bids & ~(1 << forbidden)
    return all_bids


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
) -> np.ndarray:
    """Mean score of each bid (``-inf`` where not legal) over ``samples`` sampled deals played out by the policy.

    Positions count from the dealer's left (``n - 1`` deals and leads
    nothing; position 0 leads the first trick); ``known_hands`` by position
    holds a mask or -1 for a hand this seat cannot see (its own too when
    bidding blind or on the forehead); ``heard`` a bid or -1.  Bids not heard
    are the folk player's bids of the sampled hands, made after hearing this
    seat's bid (unless bidding is simultaneous); under the hook the dealer's
    forbidden bid is avoided.  Reads row 0 of ``st``.
    """
    n = known_hands.shape[0]
    over = over_wants_of(table)
    seen = known_out
    for q in range(n):
        if known_hands[q] >= 0:
            seen |= known_hands[q]
    pool = cards_array(deck_mask & ~seen)
    sums = np.zeros(h + 1, dtype=np.float64)
    hands = np.empty(n, dtype=np.int64)
    work = np.empty(n, dtype=np.int64)
    bids = np.empty(n, dtype=np.int64)
    tricks = np.zeros(n, dtype=np.int64)
    buf = np.zeros(n, dtype=np.int64)
    all_bids = (1 << (h + 1)) - 1
    room = np.zeros(n, dtype=np.int64)
    no_voids = np.zeros(n, dtype=np.int64)
    for q in range(n):
        if known_hands[q] < 0:
            room[q] = h
    for _ in range(samples):
        for q in range(n):
            hands[q] = known_hands[q] if known_hands[q] >= 0 else 0
        deal_unseen(pool, room, no_voids, hands, st, 1)
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
                        allowed = hook_mask(h, total, all_bids)
                    if simultaneous:
                        bids[q] = folk_bid(hands[q], h, n, t_under, t_over, ALL_TIPS, 0, 0, all_bids)
                    else:
                        bids[q] = folk_bid(hands[q], h, n, t_under, t_over, ALL_TIPS, total, q, allowed)
                total += bids[q]
            for q in range(n):
                work[q] = hands[q]
                tricks[q] = 0
            finish_deal(work, n, 0, buf, 0, h, bids, tricks, t_under, t_over, 0, over)
            sums[b] += table[b, tricks[pos]]
    out = np.full(h + 1, -np.inf)
    for b in range(h + 1):
        if (legal_bids >> b) & 1:
            out[b] = sums[b] / samples
    return out
