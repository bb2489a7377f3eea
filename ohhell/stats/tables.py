"""Estimate tables from simulation results: rates and means with intervals.

Each function takes the rows frame of :func:`ohhell.simulate` (or a summary
frame of counts), groups it, and returns one row per group with the raw
counts next to the estimate and its interval (columns ``lo`` and ``hi``).

The rows of one deal (its seats) or of one match are not independent
observations, so :func:`made_rate` clusters them by ``unit`` when it can see
the units (a rows frame, or a summary grouped by ``unit`` as well): its
interval is :func:`~ohhell.stats.intervals.clustered_proportion_ci`, which is
the plain Wilson interval whenever each unit gives the group one row.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd

from ohhell.sim import SUMMARY_COLUMNS, SimulationResult, summarize
from ohhell.stats.intervals import ProportionMethod, clustered_proportion_ci, mean_ci, proportion_ci

__all__ = ["made_rate", "mean_score", "win_rate", "counts_of", "cluster_counts"]

#: The columns of :func:`cluster_counts` besides the grouping ones.
CLUSTER_COLUMNS = ("n", "made", "units", "sum_k2", "sum_km", "sum_m2")


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


def cluster_counts(
    data: SimulationResult | pd.DataFrame, by: Sequence[str], cluster: str = "unit", value: str = "made"
) -> pd.DataFrame:
    """Per group of ``by``: ``n`` rows, ``made`` successes (the 0/1 column ``value``), ``units`` clusters
    holding them, and over the clusters the sums ``sum_k2`` of k_c^2, ``sum_km`` of k_c m_c and ``sum_m2``
    of m_c^2 (k_c, m_c: a cluster's successes and rows in the group), which
    :func:`~ohhell.stats.intervals.clustered_proportion_ci` takes.

    ``data``: a rows frame, or a summary frame grouped by ``cluster`` as well
    (its ``n`` and ``made`` are then the per-cluster counts).

    Examples
    --------
    >>> rows = pd.DataFrame({"unit": [0, 0, 1, 2], "bid": [1, 1, 1, 0], "made": [True, False, True, True]})
    >>> cluster_counts(rows, ["bid"]).to_numpy().tolist()
    [[0, 1, 1, 1, 1, 1, 1], [1, 3, 2, 2, 2, 3, 5]]
    """
    frame = data if not isinstance(data, SimulationResult) else data.summary if data.summary is not None else data.deals
    if frame is None:
        raise ValueError("the result holds no deals")
    missing = [c for c in [*by, cluster] if c not in frame.columns]
    if missing:
        raise ValueError(f"cannot cluster by {cluster!r} within {list(by)}: no column {missing}")
    if "n" in frame.columns and "made" in frame.columns and value == "made":
        per = frame.groupby([*by, cluster], observed=True)[["n", "made"]].sum()
    else:
        per = (
            frame[[*by, cluster]]
            .assign(n=1, made=frame[value].astype(np.int64))
            .groupby([*by, cluster], observed=True)[["n", "made"]]
            .sum()
        )
    m = per["n"].to_numpy(dtype=np.int64)
    k = per["made"].to_numpy(dtype=np.int64)
    per = per.assign(units=1, sum_k2=k * k, sum_km=k * m, sum_m2=m * m)
    if not by:
        return per[list(CLUSTER_COLUMNS)].sum().to_frame().T.reset_index(drop=True)
    return per.groupby(list(by), observed=True)[list(CLUSTER_COLUMNS)].sum().reset_index()


def _has_units(data: SimulationResult | pd.DataFrame, cluster: str) -> bool:
    frame = data if not isinstance(data, SimulationResult) else data.summary if data.summary is not None else data.deals
    return frame is not None and cluster in frame.columns


def made_rate(
    data: SimulationResult | pd.DataFrame,
    by: Sequence[str] = (),
    confidence: float = 0.95,
    method: ProportionMethod = "wilson",
    cluster: str | None = "unit",
) -> pd.DataFrame:
    """P(bid made) per group: ``n``, ``made``, ``rate``, ``lo``, ``hi``, ``units``, ``design_effect``.

    With ``cluster`` (default ``"unit"``: the deal, or the match) present in
    the data, the rows are clustered by it and the interval is
    :func:`~ohhell.stats.intervals.clustered_proportion_ci` (``units``: the
    clusters in the group; ``design_effect``: the variance against independent
    rows).  A summary without the cluster column, or ``cluster=None``, gets
    the Wilson (or exact) interval of independent rows, ``units`` and
    ``design_effect`` NaN.

    Examples
    --------
    >>> import ohhell
    >>> res = ohhell.simulate(ohhell.boerenbridge(4), ohhell.RandomStrategy(), deals=4000, seed=3, n_jobs=1)
    >>> t = made_rate(res, by=["hand_size"])
    >>> list(t.columns), int(t["n"].sum())
    (['hand_size', 'n', 'made', 'rate', 'lo', 'hi', 'units', 'design_effect'], 16000)
    >>> made_rate(res, by=["seat"])["design_effect"].tolist()  # one row per deal and seat: independent
    [1.0, 1.0, 1.0, 1.0]
    """
    if cluster is not None and _has_units(data, cluster) and cluster not in by:
        c = cluster_counts(data, by, cluster)
        lo, hi, deff = clustered_proportion_ci(
            c["made"], c["n"], c["units"], c["sum_k2"], c["sum_km"], c["sum_m2"], confidence, method
        )
        units = c["units"].to_numpy(dtype=np.float64)
    else:
        c = counts_of(data, by)
        lo, hi = proportion_ci(c["made"].to_numpy(), c["n"].to_numpy(), confidence, method)
        units = deff = np.full(len(c), np.nan)
    out = c[[*by, "n", "made"]].assign(rate=c["made"] / c["n"], lo=lo, hi=hi, units=units, design_effect=deff)
    return out.reset_index(drop=True)


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
