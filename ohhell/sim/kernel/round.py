"""One round, in compiled code: deal, bid, adjust, play, score.

The reference engine's deal from start to result
(:func:`ohhell.engine.state.deal`, ``DealState.apply_bid`` /
``apply_play``, ``DealState.result``), as the kernel's steps
(:mod:`~ohhell.sim.kernel.deal`, :mod:`~ohhell.sim.kernel.bidding`,
:mod:`~ohhell.sim.kernel.tricks`) and the score of
:func:`ohhell.rules.scoring.round_scores` with the hook of
:func:`ohhell.rules.restriction.dealer_hooked`.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ohhell.rules.restriction import dealer_hooked
from ohhell.rules.scoring import round_scores
from ohhell.sim.kernel.bidding import adjust, bid_round
from ohhell.sim.kernel.bundles import DealWork, KernelRules, KernelSeats, RoundFacts
from ohhell.sim.kernel.deal import deal
from ohhell.sim.kernel.tricks import play

__all__ = ["play_round"]


@njit(cache=True, inline="always", error_model="numpy")
def play_round(
    r: int,
    n: int,
    dealer: int,
    first_under: int,
    first_over: int,
    rules: KernelRules,
    seats: KernelSeats,
    work: DealWork,
    plays: np.ndarray,
    doubles: np.ndarray | None,
) -> None:
    """Round ``r`` with ``n`` seats and ``dealer``: ``work.dealt``, ``bids``, ``tricks``, ``scores`` and
    ``trump`` (= [under, over, turned-up card]) by seat; ``plays`` the cards (or empty).

    ``work.st``: the deal's streams; ``work.kinds``/``flags``: the seats' strategies (by seat of the deal).
    ``first_under``/``first_over``: the first round's trump in a match (-1 none), -2 outside a match.
    ``doubles``: None for one deck (numba then compiles no two-deck step), else a buffer of the cards
    each seat holds twice.
    """
    known_out = deal(r, n, dealer, rules, first_under, first_over, work, doubles, seats.all_random)
    h = rules.hand_sizes[r]
    folk_deck = rules.wizards or doubles is not None
    facts = RoundFacts(r, n, h, dealer, work.trump[0], work.trump[1], known_out, folk_deck)
    total = bid_round(facts, rules, seats, work)
    adjust(facts, total, rules, seats, work)
    play(facts, rules, seats, work, plays, doubles)
    hooked = dealer_hooked(rules.restriction, h, total - work.first_bids[dealer])
    round_scores(rules.score_tables[r], work.bids, work.tricks, n, dealer, hooked, rules.cons_points,
                 rules.cons_ties, work.scores)  # fmt: skip
