"""Bid tables: for each kind of hand, how many tricks it takes and what to bid.

From simulated deals with hand features (``simulate(..., features=True)``),
group the hands into buckets, take each bucket's distribution of tricks
taken, and score every possible bid against it with a score table: the bid
with the highest expected score, that expectation, and how often it is made.
The tricks are those the strategies at the table took (they played to their
own bids), so a table describes those players; use strong players.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd

from ohhell.rules import Scoring
from ohhell.sim import SimulationResult

__all__ = ["bid_table"]


def bid_table(
    data: SimulationResult | pd.DataFrame,
    by: Sequence[str],
    hand_size: int,
    scoring: Scoring,
    min_hands: int = 30,
) -> pd.DataFrame:
    """One row per bucket of ``by`` (e.g. ``["trumps", "top_trumps", "side_aces"]``) for one hand size.

    Columns: the bucket, ``hands``, ``p_tricks_0 .. p_tricks_H`` (share of hands
    taking that many tricks), ``best_bid``, ``expected_score`` (of the best
    bid) and ``success`` (share of hands that take exactly the best bid).
    Buckets with fewer than ``min_hands`` hands are left out.

    Examples
    --------
    >>> import ohhell
    >>> from dataclasses import replace
    >>> from ohhell.rules import FixedHands
    >>> from ohhell.strategies import Folk
    >>> rules = replace(ohhell.boerenbridge(4), schedule=FixedHands(size=3, rounds=1))
    >>> res = ohhell.simulate(rules, Folk(), deals=3000, seed=1, n_jobs=1, features=True)
    >>> t = bid_table(res, ["trumps"], 3, rules.scoring)
    >>> t[["trumps", "best_bid"]].to_numpy().tolist()[:2]
    [[0, 0], [1, 1]]
    """
    frame = data.deals if isinstance(data, SimulationResult) else data
    if frame is None:
        raise ValueError("bid tables need per-deal rows (simulate without summary=, with features=True)")
    missing = [c for c in by if c not in frame.columns]
    if missing:
        raise ValueError(f"no column {missing}: simulate with features=True (columns: {list(frame.columns)})")
    rows = frame[frame["hand_size"] == hand_size]
    if rows.empty:
        raise ValueError(f"no deals of {hand_size} cards in the data")
    counts = rows.groupby([*by, "tricks"], observed=True).size().unstack("tricks", fill_value=0)
    counts = counts.reindex(columns=range(hand_size + 1), fill_value=0)
    hands = counts.sum(axis=1)
    counts = counts[hands >= min_hands]
    hands = hands[hands >= min_hands]
    p = counts.to_numpy(dtype=np.float64) / hands.to_numpy()[:, None]
    table = scoring.table(hand_size).astype(np.float64)  # [bid, tricks]
    expected = p @ table.T  # [bucket, bid]
    best = expected.argmax(axis=1)
    out = counts.index.to_frame(index=False)
    out["hands"] = hands.to_numpy()
    for t in range(hand_size + 1):
        out[f"p_tricks_{t}"] = p[:, t]
    out["best_bid"] = best
    out["expected_score"] = expected[np.arange(len(best)), best]
    out["success"] = p[np.arange(len(best)), best]
    return out
