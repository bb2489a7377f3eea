"""Estimate tables from simulation results: rates and means with intervals.

Each function takes the rows frame of :func:`ohhell.simulate` (or a summary
frame of counts), groups it, and returns one row per group with the raw
counts next to the estimate and its interval (columns ``lo`` and ``hi``).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd

from ohhell.sim import SUMMARY_COLUMNS, SimulationResult, summarize
from ohhell.stats.intervals import ProportionMethod, mean_ci, proportion_ci

__all__ = ["made_rate", "mean_score", "win_rate", "counts_of"]


def counts_of(data: SimulationResult | pd.DataFrame, by: Sequence[str]) -> pd.DataFrame:
    """Summary counts (:data:`~ohhell.sim.SUMMARY_COLUMNS`) grouped by ``by``."""
    frame = data if not isinstance(data, SimulationResult) else data.summary if data.summary is not None else data.deals
    if frame is None:
        raise ValueError("the result holds no deals")
    if all(c in frame.columns for c in SUMMARY_COLUMNS):
        missing = [c for c in by if c not in frame.columns]
        if missing:
            raise ValueError(f"the summary was not grouped by {missing}; it has {list(frame.columns)}")
        if not by:
            return frame[list(SUMMARY_COLUMNS)].sum().to_frame().T
        return frame.groupby(list(by), observed=True)[list(SUMMARY_COLUMNS)].sum().reset_index()
    if not by:
        s = summarize(frame.assign(_all=0), ["_all"])
        return s.drop(columns="_all")
    return summarize(frame, by)


def made_rate(
    data: SimulationResult | pd.DataFrame,
    by: Sequence[str] = (),
    confidence: float = 0.95,
    method: ProportionMethod = "wilson",
) -> pd.DataFrame:
    """P(bid made) per group: ``n``, ``made``, ``rate``, ``lo``, ``hi``.

    Examples
    --------
    >>> import ohhell
    >>> res = ohhell.simulate(ohhell.boerenbridge(4), ohhell.RandomStrategy(), deals=4000, seed=3, n_jobs=1)
    >>> t = made_rate(res, by=["hand_size"])
    >>> list(t.columns), int(t["n"].sum())
    (['hand_size', 'n', 'made', 'rate', 'lo', 'hi'], 16000)
    """
    c = counts_of(data, by)
    lo, hi = proportion_ci(c["made"].to_numpy(), c["n"].to_numpy(), confidence, method)
    return c[[*by, "n", "made"]].assign(rate=c["made"] / c["n"], lo=lo, hi=hi).reset_index(drop=True)


def mean_score(data: SimulationResult | pd.DataFrame, by: Sequence[str] = (), confidence: float = 0.95) -> pd.DataFrame:
    """Mean score per deal and seat, per group: ``n``, ``mean``, ``sd``, ``lo``, ``hi``."""
    c = counts_of(data, by)
    n = c["n"].to_numpy(dtype=np.float64)
    mean = c["score_sum"].to_numpy(dtype=np.float64) / n
    var = (c["score_sq"].to_numpy(dtype=np.float64) - n * mean * mean) / np.maximum(n - 1, 1)
    sd = np.sqrt(np.maximum(var, 0.0))
    lo, hi = mean_ci(mean, sd, n, confidence)
    return c[[*by, "n"]].assign(mean=mean, sd=sd, lo=lo, hi=hi).reset_index(drop=True)


def win_rate(
    data: SimulationResult | pd.DataFrame,
    by: Sequence[str] = ("seat",),
    confidence: float = 0.95,
    method: ProportionMethod = "wilson",
) -> pd.DataFrame:
    """Match win rate per group (shared wins count as wins): ``n``, ``wins``, ``rate``, ``lo``, ``hi``."""
    frame = data.matches if isinstance(data, SimulationResult) else data
    if frame is None:
        raise ValueError("the result holds no matches (simulate with matches=...)")
    if "wins" in frame.columns:
        c = frame.groupby(list(by), observed=True)[["n", "wins"]].sum().reset_index()
    else:
        c = (
            frame.assign(n=1, wins=frame["winner"].astype(np.int64))
            .groupby(list(by), observed=True)[["n", "wins"]]
            .sum()
            .reset_index()
        )
    lo, hi = proportion_ci(c["wins"].to_numpy(), c["n"].to_numpy(), confidence, method)
    return c.assign(rate=c["wins"] / c["n"], lo=lo, hi=hi)
