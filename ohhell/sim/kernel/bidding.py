"""The bidding, in compiled code: each seat's bid in turn, then the adjustment.

The steps of the reference engine's bidding (``DealState.apply_bid``): the
legal bids of each seat under the restriction
(:func:`ohhell.rules.restriction.legal_bid_mask`), the seat's strategy's
choice (:func:`choose_bid`, one branch per strategy kind, each running the
compiled decision its Python strategy calls), and the adjustment after
simultaneous bids (:func:`ohhell.rules.restriction.adjuster`,
:func:`~ohhell.rules.restriction.adjust_mask`).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ohhell.cards.masks import PLAIN_BITS, WIZARD_BITS, kth_bit, popcount
from ohhell.engine.stream import draw_below
from ohhell.plain import plain
from ohhell.rules.restriction import adjust_mask, adjuster, legal_bid_mask
from ohhell.sim.kernel.bundles import DealWork, KernelRules, KernelSeats, RoundFacts
from ohhell.strategies.ev_core import ev_bid
from ohhell.strategies.folk_core import ALL_TIPS, folk_bid
from ohhell.strategies.odds_core import seat_odds_bid

__all__ = ["bid_round", "adjust", "choose_bid", "wizard_aware_bid"]


@njit(cache=True, error_model="numpy")
def _ev(
    seat: int,
    pos: int,
    n: int,
    h: int,
    dealer: int,
    sight: int,
    dealt: np.ndarray,
    heard: np.ndarray,
    t_under: int,
    t_over: int,
    known_out: int,
    deck_mask: int,
    legal_bids: int,
    table: np.ndarray,
    packed: int,
    st: np.ndarray,
) -> int:
    """The expected-value bidder's bid (``packed``: folk tips in the low 16 bits, samples above)."""
    known = np.full(n, -1, dtype=np.int64)
    for q in range(n):
        s = (dealer + 1 + q) % n
        if (s == seat and sight == 0) or (s != seat and sight == 2):
            known[q] = dealt[s]
    return ev_bid(known, pos, h, t_under, t_over, known_out, deck_mask, heard, legal_bids, table,
                  packed >> 16, packed & 0xFFFF, st[1 + seat : 2 + seat])  # fmt: skip


@njit(cache=True, error_model="numpy")
def wizard_aware_bid(
    hand: int, sight: int, h: int, n: int, t_under: int, t_over: int, seen_sum: int, seen: int, legal_bids: int
) -> int:
    """The card-odds player's bid with the Wizard deck or two decks: the legal bid nearest the folk bid
    (every tip) of the plain cards it sees plus one a Wizard (ties: the lower), as
    :func:`ohhell.strategies.compiled_inputs.wizard_aware_bid`."""
    own = hand if sight == 0 else plain(0)
    target = folk_bid(own & PLAIN_BITS, h, n, t_under, t_over, plain(ALL_TIPS), seen_sum, seen, legal_bids)
    target += popcount(own & WIZARD_BITS)
    best = -1
    gap = 1 << 30
    for b in range(h + 1):
        if legal_bids >> b & 1 and abs(b - target) < gap:
            gap = abs(b - target)
            best = b
    return best


@njit(cache=True, inline="always", error_model="numpy")
def choose_bid(
    seat: int,
    pos: int,
    heard_sum: int,
    heard_count: int,
    adjusting: bool,
    legal: int,
    facts: RoundFacts,
    rules: KernelRules,
    seats: KernelSeats,
    work: DealWork,
) -> int:
    """The bid of ``seat`` (at ``pos`` from the dealer's left), one of ``legal``, as its strategy's ``bid``.

    ``heard_sum``/``heard_count``: the bids it has heard (the first ``heard_count`` positions; 0, 0 when
    bids are simultaneous).  ``adjusting``: the adjustment after simultaneous bids (it has heard every
    other bid; the folk player bids as if it had heard none).  With the Wizard deck or two decks
    (``facts.folk_deck``) the card-odds and distilled players bid as the folk player
    (:func:`wizard_aware_bid`).  Random play draws from the seat's own stream.
    """
    r, n, h, dealer, t_under, t_over = facts.r, facts.n, facts.h, facts.dealer, facts.t_under, facts.t_over
    st = work.st
    kind = work.kinds[seat]
    if seats.all_random or kind == 0:
        if legal == (1 << (h + 1)) - 1:  # the common case, without counting bits
            return draw_below(st, 1 + seat, h + 1)
        return kth_bit(legal, draw_below(st, 1 + seat, popcount(legal)))
    sight = rules.sight[r]
    seen_sum = plain(0) if adjusting else heard_sum  # plain: see ohhell.plain
    seen = plain(0) if adjusting else heard_count
    if kind == 1:
        own = int(work.dealt[seat]) & PLAIN_BITS if sight == 0 else plain(0)
        return folk_bid(own, h, n, t_under, t_over, work.flags[seat], seen_sum, seen, legal)
    if kind >= 3 and facts.folk_deck:
        return wizard_aware_bid(work.dealt[seat], sight, h, n, t_under, t_over, seen_sum, seen, legal)
    if kind >= 3:
        hands = work.hands  # by position from the dealer's left (a free buffer until play)
        for q in range(n):
            hands[q] = work.dealt[(dealer + 1 + q) % n]
        return seat_odds_bid(hands, pos, n, h, sight, heard_sum, heard_count, t_under, t_over,
                             seats.odds[r, kind - 3], rules.score_tables[r], legal)  # fmt: skip
    heard = np.full(n, -1, dtype=np.int64)
    for q in range(n if adjusting else heard_count):
        if q != pos:
            heard[q] = work.bids[(dealer + 1 + q) % n]
    return _ev(seat, pos, n, h, dealer, sight, work.dealt, heard, t_under, t_over, facts.known_out, rules.deck_mask,
               legal, rules.score_tables[r], work.flags[seat], st)  # fmt: skip


@njit(cache=True, inline="always", error_model="numpy")
def bid_round(facts: RoundFacts, rules: KernelRules, seats: KernelSeats, work: DealWork) -> int:
    """Every seat's bid in turn from the dealer's left (``work.bids`` and ``work.first_bids``); returns their
    sum."""
    n, dealer = facts.n, facts.dealer
    total = plain(0)
    seat = dealer
    for i in range(n):
        seat += 1
        if seat == n:
            seat = 0
        legal = legal_bid_mask(rules.restriction, facts.h, seat == dealer, total)
        heard_sum = plain(0) if rules.simultaneous else total
        heard_count = plain(0) if rules.simultaneous else i
        b = choose_bid(seat, i, heard_sum, heard_count, False, legal, facts, rules, seats, work)
        work.first_bids[seat] = b
        work.bids[seat] = b
        total += b
    return total


@njit(cache=True, inline="always", error_model="numpy")
def adjust(facts: RoundFacts, total: int, rules: KernelRules, seats: KernelSeats, work: DealWork) -> None:
    """The adjustment after simultaneous bids: the seat the restriction names (if any) changes its bid
    (``total``: the first bids' sum)."""
    n, h, dealer = facts.n, facts.h, facts.dealer
    adj = adjuster(rules.restriction, h, work.bids, n, dealer)
    if adj < 0:
        return
    old = work.bids[adj]
    pos = (adj - dealer - 1) % n
    work.bids[adj] = choose_bid(adj, pos, total - old, n - 1, True, adjust_mask(old, h), facts, rules, seats, work)
