"""What the kernel's steps pass each other: the rules, the seats, the outputs and the work buffers.

Each bundle is a NamedTuple of integers and arrays.  The entry points
(:mod:`ohhell.sim.kernel.entry`) receive :class:`KernelRules`,
:class:`KernelSeats` and the outputs from Python, allocate a
:class:`DealWork` (and for matches a :class:`LedgerWork`), and hand the
steps views of them without a reference count (:func:`ohhell.unowned.unowned`,
by :func:`unowned_rules` and its neighbours): numba would otherwise update two
counts atomically for every array of a bundle at every step of every deal.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit

from ohhell.rules.compiled import CompiledRules
from ohhell.sim.kernel.supported import JESTER, WIZARD
from ohhell.unowned import unowned

__all__ = [
    "KernelRules",
    "KernelSeats",
    "DealOutputs",
    "MatchOutputs",
    "DealWork",
    "LedgerWork",
    "RoundFacts",
    "kernel_rules",
    "deck_bits",
    "deal_work",
    "ledger_work",
    "unowned_rules",
    "unowned_seats",
    "unowned_deal_outputs",
    "unowned_match_outputs",
    "unowned_work",
    "unowned_ledger",
]


class KernelRules(NamedTuple):
    """The compiled rules as the kernel reads them (:func:`kernel_rules`); arrays by round.

    ``tie_breaks``: codes of :data:`~ohhell.rules.compiled.TIE_BREAKS`;
    ``restriction``: a code of :data:`~ohhell.rules.compiled.RESTRICTIONS`;
    ``cons_points`` 0: no Boer consolation; ``deck``: the bit of each card in
    the rules' deck order (:func:`deck_bits`); ``deck_mask``: the deck's bits
    as a mask; ``wizards``: the deck holds Wizards and Jesters (hands keep
    one bit per copy, :mod:`ohhell.cards.masks`); ``identical_last``: of two
    identical cards the one played last wins (else the first; two decks).
    """

    hand_sizes: np.ndarray
    players_in_round: np.ndarray
    trump_source: np.ndarray
    trump_suit: np.ndarray
    draw_plain: np.ndarray
    set_aside: np.ndarray
    score_tables: np.ndarray
    sight: np.ndarray
    deck: np.ndarray
    deck_mask: int
    tie_breaks: np.ndarray
    restriction: int
    cons_points: int
    cons_ties: bool
    simultaneous: bool
    wizards: bool
    identical_last: bool


class KernelSeats(NamedTuple):
    """Who plays, by match seat.

    ``kinds``/``flags``: 0 random play, 1 folk (flags: its tips), 2 the
    expected-value bidder with folk play (flags: tips | samples << 16), 3 the
    card-odds player, 4 the distilled player (flags, for both: more tricks pay
    past the bid; ``odds``: the learned odds ``[round, kind - 3, ...]``, see
    :mod:`ohhell.strategies.odds_core`; ``weights``: the distilled card policy's,
    see :mod:`ohhell.strategies.distilled_core`, empty when unused).  ``all_random``: every seat plays at
    random (the strategy switches are skipped).  A plain field: as a numba
    literal it saved no measurable time in the kernel but sent every call
    through numba's slow dispatch (about 10 ms a call, benchmarks/RESULTS.md).
    """

    kinds: np.ndarray
    flags: np.ndarray
    odds: np.ndarray
    all_random: bool
    weights: np.ndarray


class DealOutputs(NamedTuple):
    """What :func:`~ohhell.sim.kernel.entry.play_deals_kernel` writes, by deal (``plays`` empty: not recorded)."""

    round: np.ndarray
    dealer: np.ndarray
    trump: np.ndarray
    hands: np.ndarray
    bids: np.ndarray
    tricks: np.ndarray
    scores: np.ndarray
    plays: np.ndarray


class MatchOutputs(NamedTuple):
    """What :func:`~ohhell.sim.kernel.entry.play_matches_kernel` writes, by match (and round, by match seat)."""

    dealer: np.ndarray
    trump: np.ndarray
    hands: np.ndarray
    bids: np.ndarray
    tricks: np.ndarray
    scores: np.ndarray
    totals: np.ndarray
    rank: np.ndarray
    winner: np.ndarray
    plays: np.ndarray


class DealWork(NamedTuple):
    """The buffers of one deal, by seat of the deal (0 .. n-1; a match's active seats in order).

    ``st``: the deal's streams (row 0 chance, ``1 + seat`` the seat's own);
    ``dealt``: the hands as dealt (masks; card masks once played, see
    :func:`ohhell.sim.kernel.tricks.play`); ``hands``: the hands in play (and
    by position from the dealer's left while the card-odds player bids);
    ``bids``, ``first_bids`` (before an adjustment), ``tricks``, ``scores``;
    ``trump``: [under-trump, over-trump, turned-up card code]; ``order``: the
    shuffled deck; ``trick_buf`` and ``voids``: the trick loop's; ``kinds``,
    ``flags``: the seats' strategies; ``no_plays``: an empty plays record.
    """

    st: np.ndarray
    dealt: np.ndarray
    hands: np.ndarray
    bids: np.ndarray
    first_bids: np.ndarray
    tricks: np.ndarray
    scores: np.ndarray
    trump: np.ndarray
    order: np.ndarray
    trick_buf: np.ndarray
    voids: np.ndarray
    kinds: np.ndarray
    flags: np.ndarray
    no_plays: np.ndarray


class RoundFacts(NamedTuple):
    """What every step after the deal knows of the round (:func:`ohhell.sim.kernel.round.play_round`).

    ``r``: the round's index; ``n`` seats; ``h`` cards a hand; the ``dealer`` (a seat of the deal);
    ``t_under``/``t_over``: the trump suits (-1 none; one trump suit is ``t_over``); ``known_out``: the
    cards everyone sees that are in no hand, as a mask; ``folk_deck``: the Wizard deck or two decks,
    where the card-odds and distilled players bid and play as the folk player.
    """

    r: int
    n: int
    h: int
    dealer: int
    t_under: int
    t_over: int
    known_out: int
    folk_deck: bool


class LedgerWork(NamedTuple):
    """A match's ledger, by match seat (as :class:`ohhell.engine.ledger.MatchLedger`).

    ``st_all``: every seat's stream (row 0 chance); ``totals``, ``made`` (bids
    made), ``best`` (best round), ``played`` (rounds played); ``active``: 1
    while in the match; ``out_order``: the final order, filled from the last
    as seats are knocked out; ``local``: the match seat of each seat of the
    round's deal.
    """

    st_all: np.ndarray
    totals: np.ndarray
    made: np.ndarray
    best: np.ndarray
    played: np.ndarray
    active: np.ndarray
    out_order: np.ndarray
    local: np.ndarray


def deck_bits(deck: np.ndarray) -> np.ndarray:
    """The hand bit of each card of a deck (card codes, in order): its code for a plain card, the
    k-th Wizard 52 + k and the k-th Jester 56 + k (k from 0), as :mod:`ohhell.cards.masks` lays out
    a Wizard-deck hand.

    Examples
    --------
    >>> deck_bits(np.array([0, 52, 51, 53, 52])).tolist()
    [0, 52, 51, 56, 53]
    """
    codes = np.asarray(deck, dtype=np.int64)
    bits = codes.copy()
    for code, first in ((WIZARD, 52), (JESTER, 56)):
        where = np.flatnonzero(codes == code)
        bits[where] = first + np.arange(where.size)
    return bits


def kernel_rules(compiled: CompiledRules) -> KernelRules:
    """The kernel's bundle of a :class:`~ohhell.rules.CompiledRules` (every code computed there)."""
    c = compiled
    bits = deck_bits(c.deck)
    arrays = (c.hand_sizes, c.players_in_round, c.trump_source, c.trump_suit, c.draw_plain, c.set_aside)
    hand_sizes, players_in_round, trump_source, trump_suit, draw_plain, set_aside = (
        np.ascontiguousarray(a) for a in arrays
    )
    return KernelRules(
        hand_sizes=hand_sizes,
        players_in_round=players_in_round,
        trump_source=trump_source,
        trump_suit=trump_suit,
        draw_plain=draw_plain,
        set_aside=set_aside,
        score_tables=np.ascontiguousarray(c.score_tables),
        sight=np.ascontiguousarray(c.sight),
        deck=bits,
        deck_mask=sum(1 << int(b) for b in bits),
        tie_breaks=np.ascontiguousarray(c.tie_break_codes),
        restriction=c.restriction_code,
        cons_points=c.consolation_points,
        cons_ties=c.consolation_ties,
        simultaneous=c.simultaneous,
        wizards=bool(c.wizards),
        identical_last=not c.identical_first,
    )


@njit(cache=True, error_model="numpy")
def deal_work(players: int, deck_size: int) -> DealWork:
    """Fresh buffers for the deals of ``players`` seats from a deck of ``deck_size`` cards."""
    return DealWork(
        st=np.zeros((1 + players, 4), dtype=np.uint64),
        dealt=np.zeros(players, dtype=np.int64),
        hands=np.zeros(players, dtype=np.int64),
        bids=np.zeros(players, dtype=np.int64),
        first_bids=np.zeros(players, dtype=np.int64),
        tricks=np.zeros(players, dtype=np.int64),
        scores=np.zeros(players, dtype=np.int64),
        trump=np.zeros(3, dtype=np.int64),
        order=np.zeros(deck_size, dtype=np.int64),
        trick_buf=np.zeros(players, dtype=np.int64),
        voids=np.zeros(players, dtype=np.int64),
        kinds=np.zeros(players, dtype=np.int64),
        flags=np.zeros(players, dtype=np.int64),
        no_plays=np.zeros((0, 0), dtype=np.int64),
    )


@njit(cache=True, error_model="numpy")
def ledger_work(players: int) -> LedgerWork:
    """A fresh ledger for matches of ``players`` seats."""
    return LedgerWork(
        st_all=np.zeros((1 + players, 4), dtype=np.uint64),
        totals=np.zeros(players, dtype=np.int64),
        made=np.zeros(players, dtype=np.int64),
        best=np.zeros(players, dtype=np.int64),
        played=np.zeros(players, dtype=np.int64),
        active=np.zeros(players, dtype=np.int64),
        out_order=np.zeros(players, dtype=np.int64),
        local=np.zeros(players, dtype=np.int64),
    )


# ---- views without a reference count (the caller keeps the bundles' arrays alive) ----------------


@njit(cache=True, inline="always", error_model="numpy")
def unowned_rules(r: KernelRules) -> KernelRules:
    return KernelRules(
        unowned(r.hand_sizes), unowned(r.players_in_round), unowned(r.trump_source), unowned(r.trump_suit),
        unowned(r.draw_plain), unowned(r.set_aside), unowned(r.score_tables), unowned(r.sight), unowned(r.deck),
        r.deck_mask, unowned(r.tie_breaks), r.restriction, r.cons_points, r.cons_ties, r.simultaneous, r.wizards,
        r.identical_last,
    )  # fmt: skip


@njit(cache=True, inline="always", error_model="numpy")
def unowned_seats(s: KernelSeats) -> KernelSeats:
    return KernelSeats(unowned(s.kinds), unowned(s.flags), unowned(s.odds), s.all_random, unowned(s.weights))


@njit(cache=True, inline="always", error_model="numpy")
def unowned_deal_outputs(o: DealOutputs) -> DealOutputs:
    return DealOutputs(
        unowned(o.round), unowned(o.dealer), unowned(o.trump), unowned(o.hands), unowned(o.bids), unowned(o.tricks),
        unowned(o.scores), unowned(o.plays),
    )  # fmt: skip


@njit(cache=True, inline="always", error_model="numpy")
def unowned_match_outputs(o: MatchOutputs) -> MatchOutputs:
    return MatchOutputs(
        unowned(o.dealer), unowned(o.trump), unowned(o.hands), unowned(o.bids), unowned(o.tricks), unowned(o.scores),
        unowned(o.totals), unowned(o.rank), unowned(o.winner), unowned(o.plays),
    )  # fmt: skip


@njit(cache=True, inline="always", error_model="numpy")
def unowned_work(w: DealWork) -> DealWork:
    return DealWork(
        unowned(w.st), unowned(w.dealt), unowned(w.hands), unowned(w.bids), unowned(w.first_bids),
        unowned(w.tricks), unowned(w.scores), unowned(w.trump), unowned(w.order), unowned(w.trick_buf),
        unowned(w.voids), unowned(w.kinds), unowned(w.flags), unowned(w.no_plays),
    )  # fmt: skip


@njit(cache=True, inline="always", error_model="numpy")
def unowned_ledger(w: LedgerWork) -> LedgerWork:
    return LedgerWork(
        unowned(w.st_all), unowned(w.totals), unowned(w.made), unowned(w.best), unowned(w.played),
        unowned(w.active), unowned(w.out_order), unowned(w.local),
    )  # fmt: skip
