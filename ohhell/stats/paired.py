"""Paired comparisons on duplicate deals (common random numbers).

Two results simulated with the same seed play the same deals (the chance
stream does not depend on the rules' scoring or restriction, nor on the
strategies).  :func:`paired_difference` pairs them row by row and gives the
mean difference with its interval and the variance reduction against two
independent runs of the same size.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd

from ohhell.sim import SimulationResult
from ohhell.stats.intervals import mean_ci

__all__ = ["paired_difference"]


def paired_difference(
    a: SimulationResult,
    b: SimulationResult,
    column: str = "score",
    keys: Sequence[str] = ("unit", "round", "seat"),
    by: Sequence[str] = (),
    confidence: float = 0.95,
) -> pd.DataFrame:
    """Mean of ``a - b`` for ``column`` over rows paired on ``keys``.

    Returns per group: ``n``, ``mean_a``, ``mean_b``, ``diff``, ``lo``, ``hi``
    (paired t interval), and ``variance_ratio``: the variance of the mean
    difference from independent runs, ``(var_a + var_b) / n``, divided by
    the paired one, ``var(a - b) / n`` (how many times fewer deals the paired
    design needs for the same precision).
    """
    if a.deals is None or b.deals is None:
        raise ValueError("paired differences need per-deal rows (simulate without summary=)")
    cols = list(dict.fromkeys([*keys, *by, column]))
    left = a.deals[cols]
    right = b.deals[[*keys, column]]
    joined = left.merge(right, on=list(keys), suffixes=("_a", "_b"), validate="one_to_one")
    if len(joined) != len(left) or len(joined) != len(right):
        raise ValueError("the two results do not hold the same deals (same seed, units and seating?)")
    xa = joined[f"{column}_a"].astype(np.float64)
    xb = joined[f"{column}_b"].astype(np.float64)
    joined = joined.assign(_a=xa, _b=xb, _d=xa - xb)
    groups = joined.groupby(list(by), observed=True) if by else [((), joined)]
    rows = []
    for key, g in groups:
        n = len(g)
        d = g["_d"]
        lo, hi = mean_ci(d.mean(), d.std(ddof=1), n, confidence)
        paired_var = d.var(ddof=1)
        indep_var = g["_a"].var(ddof=1) + g["_b"].var(ddof=1)
        ratio = float(indep_var / paired_var) if paired_var > 0 else float("inf")
        label = dict(zip(by, key if isinstance(key, tuple) else (key,)))
        rows.append(
            {
                **label,
                "n": n,
                "mean_a": g["_a"].mean(),
                "mean_b": g["_b"].mean(),
                "diff": d.mean(),
                "lo": float(lo),
                "hi": float(hi),
                "variance_ratio": ratio,
            }
        )
    return pd.DataFrame(rows)
