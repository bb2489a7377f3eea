"""A match's ledger, in compiled code: seating, knock-outs, recording the rounds, final standings.

The steps of :class:`ohhell.engine.ledger.MatchLedger`: before each round
the seats over the round's player count are knocked out, last placed first
(:func:`ohhell.rules.match_end.last_placed`), the deal passes on past them,
and the seats still in play the round as seats ``0 .. n-1`` of the deal
(:func:`next_seating`); after it, its scores are recorded (:func:`record`);
at the end the standings are sorted by the tie-breaks
(:func:`ohhell.rules.match_end.sort_standings`, ties by
:func:`~ohhell.rules.match_end.rank_compare`) (:func:`final_standings`).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ohhell.rules.match_end import last_placed, rank_compare, sort_standings
from ohhell.sim.kernel.bundles import DealWork, KernelRules, KernelSeats, LedgerWork, MatchOutputs

__all__ = ["start_match", "next_seating", "record", "pass_deal", "final_standings"]


@njit(cache=True, inline="always", error_model="numpy")
def start_match(players: int, ledger: LedgerWork) -> None:
    """Every seat in play, nothing scored."""
    for s in range(players):
        ledger.totals[s] = 0
        ledger.made[s] = 0
        ledger.best[s] = 0
        ledger.played[s] = 0
        ledger.active[s] = 1


@njit(cache=True, inline="always", error_model="numpy")
def pass_deal(dealer: int, players: int, active: np.ndarray) -> int:
    """The next seat in play after ``dealer``."""
    for step in range(1, players + 1):
        cand = (dealer + step) % players
        if active[cand] == 1:
            return cand
    return dealer


@njit(cache=True, inline="always", error_model="numpy")
def next_seating(
    r: int,
    players: int,
    dealer: int,
    n_active: int,
    rules: KernelRules,
    seats: KernelSeats,
    ledger: LedgerWork,
    work: DealWork,
) -> tuple[int, int, int]:
    """Seat round ``r``: knock out the last placed while more seats are in play than the round takes (a
    dealer knocked out passes the deal on), then give the seats in play their places ``0 .. n-1`` in the
    deal (``ledger.local``), their streams (``work.st``, from ``ledger.st_all``) and strategies.
    Returns (dealer, the dealer's seat in the deal, seats in play)."""
    active = ledger.active
    want = rules.players_in_round[r]
    while n_active > want:
        last = last_placed(active, ledger.totals, ledger.made, ledger.best, rules.tie_breaks)
        active[last] = 0
        if dealer == last:
            dealer = pass_deal(dealer, players, active)
        n_active -= 1
        ledger.out_order[n_active] = last  # the final order, filled from the last
    local = ledger.local
    w = 0
    local_dealer = 0
    for s in range(players):
        if active[s] == 1:
            if s == dealer:
                local_dealer = w
            local[w] = s
            w += 1
    st, st_all = work.st, ledger.st_all
    for q in range(4):
        st[0, q] = st_all[0, q]
    for i in range(n_active):
        for q in range(4):
            st[1 + i, q] = st_all[1 + local[i], q]
        work.kinds[i] = seats.kinds[local[i]]
        work.flags[i] = seats.flags[local[i]]
    return dealer, local_dealer, n_active


@njit(cache=True, inline="always", error_model="numpy")
def record(
    j: int, r: int, players: int, n_active: int, dealer: int, ledger: LedgerWork, work: DealWork, out: MatchOutputs
) -> None:
    """Record round ``r`` of match ``j`` (played by the seats in ``ledger.local``): the streams back to
    their seats, the round's outputs by match seat (-1 bids and tricks where a seat sat out), totals,
    bids made, best round."""
    st, st_all, local = work.st, ledger.st_all, ledger.local
    for q in range(4):
        st_all[0, q] = st[0, q]
    for i in range(n_active):
        for q in range(4):
            st_all[1 + local[i], q] = st[1 + i, q]
    out.dealer[j, r] = dealer
    for q in range(3):
        out.trump[j, r, q] = work.trump[q]
    for s in range(players):
        out.bids[j, r, s] = -1
        out.tricks[j, r, s] = -1
        out.scores[j, r, s] = 0
        out.hands[j, r, s] = 0
    for i in range(n_active):
        s = local[i]
        score = work.scores[i]
        out.hands[j, r, s] = work.dealt[i]
        out.bids[j, r, s] = work.bids[i]
        out.tricks[j, r, s] = work.tricks[i]
        out.scores[j, r, s] = score
        ledger.totals[s] += score
        if work.bids[i] == work.tricks[i]:
            ledger.made[s] += 1
        ledger.best[s] = score if ledger.played[s] == 0 else max(ledger.best[s], score)
        ledger.played[s] += 1


@njit(cache=True, inline="always", error_model="numpy")
def final_standings(
    j: int, players: int, n_active: int, rules: KernelRules, ledger: LedgerWork, out: MatchOutputs
) -> None:
    """Match ``j``'s final places (the seats in play by the tie-breaks, stable: the lower seat first on full
    ties; then the knocked out, last out first), totals and winners (every seat level with the first)."""
    totals, made, best, out_order = ledger.totals, ledger.made, ledger.best, ledger.out_order
    ranked = ledger.local  # free after the last round
    w = 0
    for s in range(players):
        if ledger.active[s] == 1:
            ranked[w] = s
            w += 1
    sort_standings(ranked[:n_active], totals, made, best, rules.tie_breaks)
    for i in range(n_active):
        out_order[i] = ranked[i]
    for i in range(players):
        out.rank[j, out_order[i]] = i
        out.totals[j, i] = totals[i]
        out.winner[j, i] = 0
    top = ranked[0]
    for i in range(n_active):
        s = ranked[i]
        if rank_compare(s, top, totals, made, best, rules.tie_breaks) == 0:
            out.winner[j, s] = 1
