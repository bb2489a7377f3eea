"""What every 1-card solver returns: decisions, per-signal rows and per-seat totals.

A *signal* is what a bidder's decision depends on besides its position and
the bids it heard: its card class with open hands, ``0`` when bidding blind,
and, in a forehead round, ``k``, the number of unseen cards that would win if
they were its own.  An *event* ``(final_bid, won, deals)`` is a set of deals
(counted, or weighted) in which the seat ends with ``final_bid``, of which it
wins ``won``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

__all__ = ["Solution", "SeatTotals", "Event", "Decisions", "expected", "made", "decide", "final_bids", "history_label"]

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]

#: ``(final bid, deals won, deals)``.
Event = tuple[int, float, float]
#: The bid per signal by ``(position, bids heard)``; ``()`` stands for any bids heard.
Decisions = dict[tuple[int, tuple[int, ...]], tuple[int, ...]]


def expected(table: IntArray, events: Sequence[Event]) -> float:
    """Total score over the deals of ``events`` (divide by the deals for a mean)."""
    return float(sum(table[f, 1] * w + table[f, 0] * (t - w) for f, w, t in events))


def made(events: Sequence[Event]) -> float:
    """Deals of ``events`` in which the final bid is made."""
    return float(sum(w if f == 1 else t - w for f, w, t in events))


def decide(ev0: float, ev1: float) -> int:
    """Bid 1 only when it scores strictly more (ties: the lower bid)."""
    return 1 if ev1 > ev0 else 0


def final_bids(bids: Sequence[int], kind: str) -> list[int]:
    """Bids after a simultaneous restriction's forced move (hand size 1).

    ``first-adjusts``: the bids sum to 1, so the player left of the dealer
    (position 0) moves to the other bid; ``highest-adjusts``: the only player
    who bid 1 moves to 0.

    Examples
    --------
    >>> final_bids([0, 1, 0], "first-adjusts"), final_bids([0, 1, 0], "highest-adjusts")
    ([1, 1, 0], [0, 0, 0])
    """
    out = list(bids)
    if sum(out) == 1:
        if kind == "first-adjusts":
            out[0] = 1 - out[0]
        elif kind == "highest-adjusts":
            out[out.index(1)] = 0
    return out


def history_label(history: Sequence[int] | None) -> str:
    """``"0 1"`` for bids heard, ``"-"`` for none heard, ``"*"`` (None) for any."""
    if history is None:
        return "*"
    return " ".join(map(str, history)) or "-"


@dataclass(slots=True)
class SeatTotals:
    """Per-position probabilities and expected score, accumulated over weighted events."""

    players: int
    p_win: FloatArray = field(init=False)
    p_first_bid1: FloatArray = field(init=False)
    p_bid1: FloatArray = field(init=False)
    p_made: FloatArray = field(init=False)
    score: FloatArray = field(init=False)

    def __post_init__(self) -> None:
        n = self.players
        self.p_win, self.p_first_bid1, self.p_bid1 = np.zeros(n), np.zeros(n), np.zeros(n)
        self.p_made, self.score = np.zeros(n), np.zeros(n)

    def add(self, position: int, weight: float, bid: int, events: Sequence[Event], table: IntArray) -> None:
        """Add the deals of ``events`` (counts times ``weight``) where ``position`` first bid ``bid``."""
        deals = sum(t for _, _, t in events)
        self.p_win[position] += weight * sum(w for _, w, _ in events)
        self.p_first_bid1[position] += weight * deals * bid
        self.p_bid1[position] += weight * sum(t for f, _, t in events if f == 1)
        self.p_made[position] += weight * made(events)
        self.score[position] += weight * expected(table, events)


@dataclass(frozen=True, slots=True, eq=False)
class Solution:
    """Decisions by ``(position, bids heard)`` (``()`` for any) as a bid per signal, rows, and seat totals."""

    decisions: Decisions
    rows: list[dict[str, object]]
    seats: SeatTotals
    notes: tuple[str, ...] = ()
    iterations: int = 0
