"""The kernel's two entry points: a chunk of deals, a chunk of matches.

Each allocates its work buffers (:func:`~ohhell.sim.kernel.bundles.deal_work`,
:func:`~ohhell.sim.kernel.bundles.ledger_work`) and hands everything to an
inner loop, whose arguments keep the arrays alive while it works on views
of them without a reference count (:mod:`ohhell.unowned`): the steps of a
deal then cost nothing in atomic count updates, however many arrays their
bundles hold.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ohhell.engine.stream import draw_below
from ohhell.sim.kernel.bundles import (
    DealOutputs,
    DealWork,
    KernelRules,
    KernelSeats,
    LedgerWork,
    MatchOutputs,
    deal_work,
    ledger_work,
    unowned_deal_outputs,
    unowned_ledger,
    unowned_match_outputs,
    unowned_rules,
    unowned_seats,
    unowned_work,
)
from ohhell.sim.kernel.ledger import final_standings, next_seating, pass_deal, record, start_match
from ohhell.sim.kernel.round import play_round
from ohhell.sim.kernel.streams import stream_states

__all__ = ["play_deals_kernel", "play_matches_kernel"]


@njit(cache=True, error_model="numpy")
def _play_deals(
    base: np.uint64,
    first_unit: int,
    n_deals: int,
    players: int,
    first_dealer: int,
    owned_rules: KernelRules,
    owned_seats: KernelSeats,
    owned_out: DealOutputs,
    owned_work: DealWork,
    doubles: np.ndarray | None,
) -> None:
    rules = unowned_rules(owned_rules)
    seats = unowned_seats(owned_seats)
    out = unowned_deal_outputs(owned_out)
    work = unowned_work(owned_work)
    for s in range(players):  # no match: the deal's seats are the match seats
        work.kinds[s] = seats.kinds[s]
        work.flags[s] = seats.flags[s]
    record_plays = out.plays.shape[0] > 0
    n_rounds = rules.hand_sizes.shape[0]
    for j in range(n_deals):
        unit = first_unit + j
        stream_states(work.st, base, unit * (1 + players), 1 + players)
        r = unit % n_rounds
        n = rules.players_in_round[r]
        dealer = (first_dealer + unit) % n
        plays = out.plays[j] if record_plays else work.no_plays
        play_round(r, n, dealer, -2, -2, rules, seats, work, plays, doubles)
        out.round[j] = r
        out.dealer[j] = dealer
        for q in range(3):
            out.trump[j, q] = work.trump[q]
        for s in range(n):
            out.hands[j, s] = work.dealt[s]
            out.bids[j, s] = work.bids[s]
            out.tricks[j, s] = work.tricks[s]
            out.scores[j, s] = work.scores[s]


@njit(cache=True, error_model="numpy")
def play_deals_kernel(
    base: np.uint64,
    first_unit: int,
    n_deals: int,
    players: int,
    first_dealer: int,
    rules: KernelRules,
    seats: KernelSeats,
    out: DealOutputs,
    doubles: np.ndarray | None,
) -> None:
    """Deals ``first_unit .. first_unit + n_deals - 1`` of a chunk: deal ``i`` plays round
    ``i mod rounds`` with dealer ``(first_dealer + i) mod players`` (no match context).

    ``doubles``: None for one deck, a work buffer of ``players`` for two decks
    (:func:`~ohhell.sim.kernel.round.play_round`)."""
    work = deal_work(players, rules.deck.shape[0])
    _play_deals(base, first_unit, n_deals, players, first_dealer, rules, seats, out, work, doubles)


@njit(cache=True, error_model="numpy")
def _play_matches(
    base: np.uint64,
    first_unit: int,
    n_matches: int,
    players: int,
    first_dealer: int,
    owned_rules: KernelRules,
    owned_seats: KernelSeats,
    owned_out: MatchOutputs,
    owned_work: DealWork,
    owned_ledger: LedgerWork,
    doubles: np.ndarray | None,
) -> None:
    rules = unowned_rules(owned_rules)
    seats = unowned_seats(owned_seats)
    out = unowned_match_outputs(owned_out)
    work = unowned_work(owned_work)
    ledger = unowned_ledger(owned_ledger)
    record_plays = out.plays.shape[0] > 0
    n_rounds = rules.hand_sizes.shape[0]
    for j in range(n_matches):
        unit = first_unit + j
        stream_states(ledger.st_all, base, unit * (1 + players), 1 + players)
        dealer = first_dealer
        if dealer < 0:
            dealer = draw_below(ledger.st_all, 0, players)
        start_match(players, ledger)
        n_active = players
        first_under = -1
        first_over = -1
        for r in range(n_rounds):
            dealer, local_dealer, n_active = next_seating(r, players, dealer, n_active, rules, seats, ledger, work)
            plays = out.plays[j, r] if record_plays else work.no_plays
            play_round(r, n_active, local_dealer, first_under, first_over, rules, seats, work, plays, doubles)
            if r == 0:
                first_under = work.trump[0]
                first_over = work.trump[1]
            record(j, r, players, n_active, dealer, ledger, work, out)
            dealer = pass_deal(dealer, players, ledger.active)
        final_standings(j, players, n_active, rules, ledger, out)


@njit(cache=True, error_model="numpy")
def play_matches_kernel(
    base: np.uint64,
    first_unit: int,
    n_matches: int,
    players: int,
    first_dealer: int,
    rules: KernelRules,
    seats: KernelSeats,
    out: MatchOutputs,
    doubles: np.ndarray | None,
) -> None:
    """Whole matches.  Per-round outputs are by match seat (-1 where a seat sat out).

    ``first_dealer`` < 0 draws it from the chance stream (``integers(players)``).
    ``out.rank``: 0 for first.  ``doubles``: as for :func:`play_deals_kernel`.
    """
    work = deal_work(players, rules.deck.shape[0])
    ledger = ledger_work(players)
    _play_matches(base, first_unit, n_matches, players, first_dealer, rules, seats, out, work, ledger, doubles)
