"""Information-set Monte Carlo tree search for one seat's card play, compiled.

Two steps, over integers and card masks (conventions of
:mod:`ohhell.strategies.folk_core`):

- :func:`draw_worlds`: ``worlds`` deals of the cards the seat cannot see
  (:func:`~ohhell.strategies.rollout_core.deal_unseen`, respecting the suits
  each seat has shown out of), each weighted, as the rollout player weighs
  its samples, by how likely each opponent's sampled hand was to take
  exactly the tricks it bid under the card-odds trick model
  (:func:`~ohhell.strategies.odds_core.card_chances`,
  :func:`~ohhell.strategies.odds_core.trick_distribution`).
- :func:`search`: single-observer ISMCTS (Cowling, Powley and Whitehouse,
  "Information Set Monte Carlo Tree Search", IEEE TCIAIG 2012) over those
  worlds.  Each iteration picks one world (in proportion to its weight) and
  descends one tree whose nodes are the sequences of cards played from the
  decision (a child per card, whoever plays it); among the children whose
  card is legal in that world the seat to move picks by UCB1 on its *own*
  mean return (every seat maximises its own score, max^n-style), each
  child's exploration term counting the visits of its parent in which it
  was available.  The first legal card with no child is expanded (the
  rollout policy's card if it is one of them, else one at random); the deal
  is then played out by :func:`~ohhell.strategies.policy_core.policy_play`
  (every seat pursuing its own bid) and every seat's score, from the
  round's score table scaled to ``[0, 1]``, is added along the path.  The
  last trick is played out, not searched (its cards are forced).

The tree lives in preallocated arrays (a node per expansion, so at most
``iterations + 1`` nodes; children as linked lists), no Python objects.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ohhell.cards.masks import lowest_bit, popcount
from ohhell.engine.stream import draw_below, next_word
from ohhell.rules.tricks import legal_mask
from ohhell.strategies.distilled_core import FEATURES
from ohhell.strategies.policy_core import over_wants_of, policy_play, winning_position
from ohhell.strategies.rollout_core import bid_fields, cards_array, finish_deal, weighted_sample

__all__ = ["draw_worlds", "search"]

_TWO_53 = 1.0 / 9007199254740992.0


@njit(cache=True, error_model="numpy")
def draw_worlds(
    hands_known: np.ndarray,
    me: int,
    room: np.ndarray,
    voids: np.ndarray,
    pool_mask: int,
    bids: np.ndarray,
    t_under: int,
    t_over: int,
    played_by: np.ndarray,
    h: int,
    odds: np.ndarray,
    dealer: int,
    simultaneous: bool,
    worlds: int,
    st: np.ndarray,
) -> tuple[np.ndarray, np.ndarray]:
    """``worlds`` deals (hand masks ``[worlds, n]``) and their weights, advancing row 0 of ``st``.

    Arguments as in :func:`~ohhell.strategies.rollout_core.card_value_table`
    (whose samples these are): ``hands_known`` the cards known in each hand,
    ``room`` how many more each seat holds, ``pool_mask`` the cards this seat
    cannot see, ``odds`` the round's card-odds array (a dummy of another
    shape: every weight 1).
    """
    n = room.shape[0]
    pool = cards_array(pool_mask)
    out = np.empty((worlds, n), dtype=np.int64)
    weights = np.ones(worlds, dtype=np.float64)
    hands = np.empty(n, dtype=np.int64)
    chances = np.empty(max(h, 1), dtype=np.float64)
    dist = np.zeros(h + 1, dtype=np.float64)
    infer = odds.shape[0] == 3
    positions = np.empty(n, dtype=np.int64)
    fields = np.empty(n, dtype=np.int64)
    if infer:
        bid_fields(bids, dealer, simultaneous, h, positions, fields)
    for k in range(worlds):
        weights[k] = weighted_sample(pool, room, voids, hands_known, hands, st, me, infer, played_by, odds,
                                     positions, fields, bids, t_under, t_over, chances, dist)  # fmt: skip
        for s in range(n):
            out[k, s] = hands[s]
    return out, weights


@njit(cache=True, inline="always", error_model="numpy")
def _legal_of(hand: int, trick: np.ndarray, trick_len: int) -> int:
    """The cards of ``hand`` that may be played to the trick so far (follow suit)."""
    return legal_mask(hand, trick[0] // 13 if trick_len > 0 else -1)


@njit(cache=True, inline="always", error_model="numpy")
def _random_card(cards: int, st: np.ndarray) -> int:
    """A card of the (non-empty) mask ``cards``, uniformly at random."""
    r = draw_below(st, 0, popcount(cards))
    x = cards
    for _ in range(r):
        x &= x - 1
    return lowest_bit(x)


@njit(cache=True, error_model="numpy")
def search(
    worlds: np.ndarray,
    weights: np.ndarray,
    me: int,
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
    iterations: int,
    uct_c: float,
    st: np.ndarray,
) -> tuple[np.ndarray, np.ndarray]:
    """Visits and mean scaled return of seat ``me`` of each card code at the root (0 where not searched).

    ``worlds`` / ``weights``: from :func:`draw_worlds` (``worlds[k, me]`` is
    this seat's hand); the state: the ``trick_len`` cards of the trick in
    progress (``trick``, a buffer of ``n``) led by ``leader``, ``tricks_left``
    counting it, ``won`` the tricks taken, ``played`` the mask of cards
    played.  ``iterations`` descents, ``uct_c`` the UCB1 constant on returns
    scaled to ``[0, 1]`` by the range of ``table``.  Reads row 0 of ``st``.
    """
    n_worlds, n = worlds.shape[0], worlds.shape[1]
    over = over_wants_of(table)
    lo = table.min()
    span = float(table.max() - lo)
    if span <= 0.0:
        span = 1.0
    cum = np.empty(n_worlds, dtype=np.float64)
    total = 0.0
    for k in range(n_worlds):
        total += weights[k]
        cum[k] = total
    uniform = total <= 0.0
    budget = iterations + 1
    card = np.full(budget, -1, dtype=np.int64)
    first = np.full(budget, -1, dtype=np.int64)
    sibling = np.full(budget, -1, dtype=np.int64)
    visits = np.zeros(budget, dtype=np.float64)
    avail = np.zeros(budget, dtype=np.float64)
    sums = np.zeros((budget, n), dtype=np.float64)
    nodes = 1
    path = np.empty(tricks_left * n + 2, dtype=np.int64)
    work = np.empty(n, dtype=np.int64)
    tricks = np.empty(n, dtype=np.int64)
    buf = np.empty(n, dtype=np.int64)
    no_weights = np.zeros((0, FEATURES))  # the rollouts play the rollout policy
    no_voids = np.zeros(n, dtype=np.int64)  # (so not read)
    for _ in range(iterations):
        if uniform:
            k = draw_below(st, 0, n_worlds)
        else:
            u = float(next_word(st, 0) >> np.uint64(11)) * _TWO_53 * total
            lo_k, hi_k = 0, n_worlds - 1
            while lo_k < hi_k:
                mid = (lo_k + hi_k) // 2
                if cum[mid] > u:
                    hi_k = mid
                else:
                    lo_k = mid + 1
            k = lo_k
        for s in range(n):
            work[s] = worlds[k, s]
            tricks[s] = won[s]
        for i in range(trick_len):
            buf[i] = trick[i]
        tl = trick_len
        ld = leader
        left = tricks_left
        pl = played
        seat = (ld + tl) % n
        node = 0
        path[0] = 0
        depth = 1
        while left > 1 or (left == 1 and depth == 1):
            hand = work[seat]
            legal = _legal_of(hand, buf, tl)
            tried = 0
            best = -1
            best_value = -np.inf
            log_avail = 0.0
            ch = first[node]
            while ch >= 0:
                c = card[ch]
                if (legal >> c) & 1:
                    tried |= 1 << c
                    avail[ch] += 1.0
                    log_avail = np.log(avail[ch])
                    value = sums[ch, seat] / visits[ch] + uct_c * np.sqrt(log_avail / visits[ch])
                    if value > best_value:
                        best_value = value
                        best = ch
                ch = sibling[ch]
            untried = legal & ~tried
            expand = untried != 0 and nodes < budget
            if expand:
                pc = policy_play(hand, legal, buf, tl, seat, n, t_under, t_over, bids, tricks, pl, over)
                c = pc if (untried >> pc) & 1 else _random_card(untried, st)
                new = nodes
                nodes += 1
                card[new] = c
                sibling[new] = first[node]
                first[node] = new
                avail[new] = 1.0
                node = new
            elif best >= 0:
                node = best
                c = card[best]
            else:
                break
            path[depth] = node
            depth += 1
            bit = 1 << c
            work[seat] = hand & ~bit
            pl |= bit
            buf[tl] = c
            tl += 1
            seat += 1
            if seat == n:
                seat = 0
            if tl == n:
                ld = (ld + winning_position(buf, n, t_under, t_over)) % n
                tricks[ld] += 1
                seat = ld
                tl = 0
                left -= 1
            if expand:
                break
        if left > 0:
            finish_deal(work, n, ld, buf, tl, left, bids, tricks, t_under, t_over, pl, over, no_weights, no_voids)
        for i in range(depth):
            v = path[i]
            visits[v] += 1.0
            for s in range(n):
                sums[v, s] += (table[bids[s], tricks[s]] - lo) / span
    out_visits = np.zeros(52, dtype=np.float64)
    out_means = np.zeros(52, dtype=np.float64)
    ch = first[0]
    while ch >= 0:
        out_visits[card[ch]] = visits[ch]
        out_means[card[ch]] = sums[ch, me] / visits[ch] if visits[ch] > 0 else 0.0
        ch = sibling[ch]
    return out_visits, out_means
