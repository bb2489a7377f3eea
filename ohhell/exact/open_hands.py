"""Optimal bidding in a 1-card round when each player sees its own card.

Sequential: position ``i`` has heard ``h = (b_0, ..., b_{i-1})``; earlier
bidders reasoned the same way, so ``b_q`` tells that seat ``q`` holds a card of
``S_q = {c : sigma_q(c, h[:q]) = b_q}``.  For each card class, counting the
deals (:mod:`ohhell.exact.counting`) gives ``T``, the deals consistent with
``h``, and ``W``, those the bidder wins; bid 1 when
``W s[1, 1] + (T - W) s[1, 0] > W s[0, 1] + (T - W) s[0, 0]``.  Under the
hook the dealer is forced when the others' bids sum to 0 (bid 0) or 1 (bid 1).
A seat's score depends only on its own bid and trick, so later bids never
change an earlier decision: the forward pass is exact.

Simultaneous: nobody hears a bid.  Without a restriction, or for every seat
that a restriction never moves, bidding by ``W / T`` is dominant.  Under
``FirstBidderAdjusts`` position 0 also weighs how many others bid 1 (0, 1 or
more); under ``HighestBidderAdjusts`` every seat weighs the chance that all
others bid 0 (its 1 would then be moved to 0), which depends on their
strategies: best responses are iterated, position by position, to a fixed
point (an equilibrium; the iteration count is reported).
"""

from __future__ import annotations

from itertools import product

import numpy as np
import numpy.typing as npt

from ohhell.exact.canonical import CanonicalDeck
from ohhell.exact.counting import counts, falling
from ohhell.exact.solution import Decisions, Event, SeatTotals, Solution, decide, expected, history_label

__all__ = ["solve_sequential", "solve_simultaneous", "MAX_ITERATIONS"]

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]

#: Best-response rounds tried under ``HighestBidderAdjusts`` before giving up.
MAX_ITERATIONS = 100


def _row(
    deck: CanonicalDeck,
    position: int,
    history: tuple[int, ...],
    cl: int,
    win: float,
    deals: float,
    weight: float,
    evs: tuple[float, float],
    bid: int,
    forced: bool,
) -> dict[str, object]:
    return {
        "position": position,
        "history": history_label(history),
        "signal": cl,
        "suit": deck.class_suit(cl),
        "higher": deck.class_higher(cl),
        "rank": deck.class_rank(cl),
        "card": deck.label(cl),
        "p_joint": weight * deals,
        "p_win": win / deals if deals > 0 else float("nan"),
        "ev_bid0": evs[0] / deals if deals > 0 else float("nan"),
        "ev_bid1": evs[1] / deals if deals > 0 else float("nan"),
        "bid": bid,
        "forced": forced,
    }


def solve_sequential(deck: CanonicalDeck, n: int, table: IntArray, *, hook: bool, consolation: float = 0.0) -> Solution:
    """Sequential bidding with open hands (``hook``: the dealer's hook; ``consolation``: Boer points, ties count)."""
    d1 = falling(deck.size - 1, n - 1)
    seats = SeatTotals(n)
    decisions: Decisions = {}
    rows: list[dict[str, object]] = []
    free = [None] * n
    fallback = {
        (i, cl): counts(i, int(deck.representative[cl]), free, deck) for i in range(n) for cl in range(deck.n_classes)
    }
    for i in range(n):
        for history in product((0, 1), repeat=i):
            sets: list[BoolArray | None] = [
                np.asarray(np.array(decisions[(q, history[:q])])[deck.cls] == history[q]) for q in range(i)
            ]
            sets += [None] * (n - i)
            forced = hook and i == n - 1 and sum(history) <= 1
            bids = []
            for cl in range(deck.n_classes):
                win, deals = counts(i, int(deck.representative[cl]), sets, deck)
                w, t = (win, deals) if deals > 0 else fallback[(i, cl)]
                evs = (expected(table, [(0, w, t)]), expected(table, [(1, w, t)]))
                bid = sum(history) if forced else decide(*evs)
                bids.append(bid)
                weight = float(deck.class_size[cl]) / (deck.size * d1)
                seats.add(i, weight, bid, [(bid, win, deals)], table)
                if forced and consolation:
                    seats.score[i] += weight * consolation * (deals - win if bid == 1 else win)
                rows.append(_row(deck, i, history, cl, win, deals, weight, evs, bid, forced))
            decisions[(i, history)] = tuple(bids)
    return Solution(decisions=decisions, rows=rows, seats=seats)


def _others(dec: IntArray, deck: CanonicalDeck, me: int, ones: tuple[int, ...]) -> list[BoolArray | None]:
    """Constraint sets: seats in ``ones`` bid 1, every other seat but ``me`` bid 0."""
    sets: list[BoolArray | None] = []
    for q in range(dec.shape[0]):
        sets.append(None if q == me else np.asarray(dec[q][deck.cls] == (1 if q in ones else 0)))
    return sets


def _first_adjusts_events(
    dec: IntArray, deck: CanonicalDeck, cl: int, win: float, d1: float
) -> tuple[list[Event], list[Event]]:
    """Position 0's events for a first bid of 0 and of 1 when it must adjust if the bids sum to 1."""
    n = dec.shape[0]
    card = int(deck.representative[cl])
    a0, t0 = counts(0, card, _others(dec, deck, 0, ()), deck)
    a1, t1 = 0.0, 0.0
    for j in range(1, n):
        w, t = counts(0, card, _others(dec, deck, 0, (j,)), deck)
        a1, t1 = a1 + w, t1 + t
    bid0: list[Event] = [(1, a1, t1), (0, win - a1, d1 - t1)]
    bid1: list[Event] = [(0, a0, t0), (1, win - a0, d1 - t0)]
    return bid0, bid1


def _highest_adjusts_events(
    dec: IntArray, deck: CanonicalDeck, me: int, cl: int, win: float, d1: float
) -> tuple[list[Event], list[Event]]:
    """A seat's events for a bid of 0 and of 1 when a lone 1 is moved to 0."""
    a0, t0 = counts(me, int(deck.representative[cl]), _others(dec, deck, me, ()), deck)
    return [(0, win, d1)], [(0, a0, t0), (1, win - a0, d1 - t0)]


def solve_simultaneous(deck: CanonicalDeck, n: int, table: IntArray, *, kind: str) -> Solution:
    """Simultaneous bidding with open hands under restriction ``kind`` (none, first- or highest-adjusts)."""
    d1 = falling(deck.size - 1, n - 1)
    free = [None] * n
    win = np.array(
        [[counts(i, int(deck.representative[cl]), free, deck)[0] for cl in range(deck.n_classes)] for i in range(n)]
    )

    def events(dec: IntArray, i: int, cl: int) -> tuple[list[Event], list[Event]]:
        if kind == "first-adjusts" and i == 0:
            return _first_adjusts_events(dec, deck, cl, float(win[i, cl]), d1)
        if kind == "highest-adjusts":
            return _highest_adjusts_events(dec, deck, i, cl, float(win[i, cl]), d1)
        return [(0, float(win[i, cl]), d1)], [(1, float(win[i, cl]), d1)]

    def best(dec: IntArray, i: int) -> npt.NDArray[np.int64]:
        out = np.zeros(deck.n_classes, dtype=np.int64)
        for cl in range(deck.n_classes):
            e0, e1 = events(dec, i, cl)
            out[cl] = decide(expected(table, e0), expected(table, e1))
        return out

    dec = np.zeros((n, deck.n_classes), dtype=np.int64)
    for i in range(n):
        dec[i] = [
            decide(*(expected(table, [(b, float(win[i, cl]), d1)]) for b in (0, 1))) for cl in range(deck.n_classes)
        ]
    iterations = 0
    if kind in ("first-adjusts", "highest-adjusts"):
        movers = [0] if kind == "first-adjusts" else list(range(n))
        stable = False
        while not stable:
            if iterations >= MAX_ITERATIONS:
                raise RuntimeError(f"best responses under {kind} did not settle in {MAX_ITERATIONS} rounds")
            iterations += 1
            stable = True
            for i in movers:
                new = best(dec, i)
                if not np.array_equal(new, dec[i]):
                    dec[i], stable = new, False
    seats = SeatTotals(n)
    rows: list[dict[str, object]] = []
    weight_of = deck.class_size / (deck.size * d1)
    for i in range(n):
        for cl in range(deck.n_classes):
            e0, e1 = events(dec, i, cl)
            bid = int(dec[i, cl])
            weight = float(weight_of[cl])
            seats.add(i, weight, bid, e1 if bid else e0, table)
            evs = (expected(table, e0), expected(table, e1))
            rows.append(_row(deck, i, (), cl, float(win[i, cl]), d1, weight, evs, bid, False))
    decisions: Decisions = {(i, ()): tuple(int(b) for b in dec[i]) for i in range(n)}
    return Solution(decisions=decisions, rows=rows, seats=seats, iterations=iterations)
