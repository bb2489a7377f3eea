"""Blind 1-card rounds: every bid is made before anyone sees a card.

Nobody knows anything about the cards when bidding (the turned-up card does
not help: the game is the same whichever card is turned up), so each bid is a
number, the same in every deal, and a bid heard tells nothing.  Position
``i`` wins with probability ``p_i`` (summed over the card classes of
:mod:`ohhell.exact.counting`).  Sequential: each seat bids what scores more
at ``p_i``; the hooked dealer is forced when the others' bids sum to 0 or 1.
Simultaneous: the bids are a game with known moves; best responses (taking
the restriction's forced move into account) are iterated to a fixed point.
The score table already holds the blind multiplier.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from ohhell.exact.canonical import CanonicalDeck
from ohhell.exact.counting import counts, falling
from ohhell.exact.solution import Decisions, SeatTotals, Solution, decide, expected, final_bids, history_label

__all__ = ["win_probabilities", "solve_blind"]

IntArray = npt.NDArray[np.int64]


def win_probabilities(deck: CanonicalDeck, n: int) -> npt.NDArray[np.float64]:
    """``p_i``: the chance that position ``i`` wins the trick (they sum to 1)."""
    d1 = falling(deck.size - 1, n - 1)
    free = [None] * n
    out = np.zeros(n)
    for i in range(n):
        for cl in range(deck.n_classes):
            w, _ = counts(i, int(deck.representative[cl]), free, deck)
            out[i] += float(deck.class_size[cl]) * w
    return out / (deck.size * d1)


def _score(table: IntArray, bid: int, p: float) -> float:
    return expected(table, [(bid, p, 1.0)])


def solve_blind(
    deck: CanonicalDeck, n: int, table: IntArray, *, simultaneous: bool, kind: str, consolation: float = 0.0
) -> Solution:
    """Blind bidding; ``kind`` is the restriction (``hook`` needs sequential bidding)."""
    p = win_probabilities(deck, n)
    naive = [decide(_score(table, 0, float(p[i])), _score(table, 1, float(p[i]))) for i in range(n)]
    bids = list(naive)
    iterations = 0
    forced = [False] * n
    if not simultaneous and kind == "hook":
        heard = sum(bids[: n - 1])
        if heard <= 1:
            bids[n - 1], forced[n - 1] = heard, True
    if simultaneous and kind in ("first-adjusts", "highest-adjusts"):
        stable = False
        while not stable:
            if iterations >= 100:
                raise RuntimeError(f"blind best responses under {kind} did not settle in 100 rounds")
            iterations += 1
            stable = True
            for i in range(n):
                value = []
                for b in (0, 1):
                    trial = [*bids[:i], b, *bids[i + 1 :]]
                    value.append(_score(table, final_bids(trial, kind)[i], float(p[i])))
                choice = decide(value[0], value[1])
                if choice != bids[i]:
                    bids[i], stable = choice, False
    final = final_bids(bids, kind) if simultaneous else bids
    seats = SeatTotals(n)
    rows: list[dict[str, object]] = []
    for i in range(n):
        pi = float(p[i])
        seats.add(i, 1.0, bids[i], [(final[i], pi, 1.0)], table)
        if forced[i] and consolation:
            seats.score[i] += consolation * (1 - pi if final[i] == 1 else pi)
        rows.append(
            {
                "position": i,
                "history": history_label(None),
                "signal": 0,
                "suit": "blind",
                "higher": -1,
                "rank": 0,
                "card": "any (blind)",
                "p_joint": 1.0,
                "p_win": pi,
                "ev_bid0": _score(table, 0, pi),
                "ev_bid1": _score(table, 1, pi),
                "bid": bids[i],
                "forced": forced[i],
            }
        )
    decisions: Decisions = {(i, ()): (bids[i],) for i in range(n)}
    return Solution(decisions=decisions, rows=rows, seats=seats, iterations=iterations)
