"""Confidence intervals: proportions, means and paired differences.

Vectorised over groups (numpy arrays in, arrays out) and checked against
:mod:`scipy.stats` in the tests: Wilson and exact (Clopper-Pearson) for
proportions, Student's t for means and for paired differences, and two one-sided
t tests (TOST) for a difference shown to lie within a margin.

When the observations of a proportion come in clusters (the seats of one deal,
the rotations of one match), :func:`clustered_proportion_ci` widens or narrows
the interval by the design effect: the cluster-robust (sandwich) variance of the
share divided by the variance it would have if every observation were
independent.  The seats of one deal are not independent: in a 1-card round
only one of them can take the trick (the design effect is below 1 and the
naive interval too wide), in bigger hands seats that share a trump suit take
tricks together.
"""

from __future__ import annotations

from typing import Literal, NamedTuple

import numpy as np
import numpy.typing as npt
from scipy import stats

__all__ = [
    "proportion_ci",
    "clustered_proportion_ci",
    "design_effect",
    "mean_ci",
    "paired_diff_ci",
    "equivalence_test",
    "Equivalence",
    "ProportionMethod",
]

FloatArray = npt.NDArray[np.float64]
ProportionMethod = Literal["wilson", "exact"]


def proportion_ci(
    k: npt.ArrayLike, n: npt.ArrayLike, confidence: float = 0.95, method: ProportionMethod = "wilson"
) -> tuple[FloatArray, FloatArray]:
    """Interval for a binomial proportion from ``k`` successes in ``n`` trials.

    ``wilson``: the Wilson score interval; ``exact``: Clopper-Pearson (beta
    quantiles).  Both agree with :meth:`scipy.stats.binomtest(k, n).proportion_ci`.

    Examples
    --------
    >>> lo, hi = proportion_ci(30, 100)
    >>> round(float(lo), 4), round(float(hi), 4)
    (0.2189, 0.3958)
    """
    k_arr = np.asarray(k, dtype=np.float64)
    n_arr = np.asarray(n, dtype=np.float64)
    if np.any(n_arr <= 0) or np.any(k_arr < 0) or np.any(k_arr > n_arr):
        raise ValueError("need 0 <= k <= n and n > 0")
    return _interval(k_arr, n_arr, np.ones_like(n_arr), confidence, method)


def _interval(
    k: FloatArray, n: FloatArray, deff: FloatArray, confidence: float, method: ProportionMethod
) -> tuple[FloatArray, FloatArray]:
    """Wilson or Clopper-Pearson at the effective size ``n / deff`` (``deff`` 0: the share is known exactly)."""
    if not 0 < confidence < 1:
        raise ValueError(f"confidence must be in (0, 1), got {confidence}")
    alpha = 1 - confidence
    p = k / n
    if method == "wilson":
        z = stats.norm.ppf(1 - alpha / 2)
        w = z * z * deff / n  # z^2 / n_eff, finite when n_eff is infinite
        denom = 1 + w
        centre = (p + w / 2) / denom
        half = np.sqrt(w * p * (1 - p) + w * w / 4) / denom
        # at k = 0 and k = n the bounds are exactly 0 and 1 (rounding would leave 1e-17)
        lo = np.where(k > 0, centre - half, 0.0)
        hi = np.where(k < n, centre + half, 1.0)
        return np.asarray(lo, dtype=np.float64), np.asarray(hi, dtype=np.float64)
    if method == "exact":
        with np.errstate(invalid="ignore", divide="ignore"):
            n_eff = np.where(deff > 0, n / np.where(deff > 0, deff, 1.0), np.inf)
            k_eff = p * n_eff
            lo = np.where(k > 0, stats.beta.ppf(alpha / 2, k_eff, n_eff - k_eff + 1), 0.0)
            hi = np.where(k < n, stats.beta.ppf(1 - alpha / 2, k_eff + 1, n_eff - k_eff), 1.0)
            lo = np.where(np.isfinite(n_eff) | (k == 0), lo, p)
            hi = np.where(np.isfinite(n_eff) | (k == n), hi, p)
        return np.asarray(lo, dtype=np.float64), np.asarray(hi, dtype=np.float64)
    raise ValueError(f"method must be 'wilson' or 'exact', got {method!r}")


def design_effect(
    k: npt.ArrayLike,
    n: npt.ArrayLike,
    clusters: npt.ArrayLike,
    sum_k2: npt.ArrayLike,
    sum_km: npt.ArrayLike,
    sum_m2: npt.ArrayLike,
) -> FloatArray:
    """Design effect of a share ``k / n`` whose ``n`` observations fall in ``clusters`` clusters.

    From the per-cluster counts ``k_c`` (successes) and ``m_c`` (observations)
    through their sums ``sum_k2`` = sum k_c^2, ``sum_km`` = sum k_c m_c and
    ``sum_m2`` = sum m_c^2: the cluster-robust (sandwich) variance of the share,
    ``C / (C - 1) * sum (k_c - p m_c)^2 / n^2``, divided by the variance the
    same data would give as ``n`` independent trials, ``n / (n - 1) * p (1 - p)
    / n``.  Exactly 1 when every cluster holds one observation; below 1 when the
    observations of a cluster pull apart (one seat's trick is another's loss),
    above 1 when they move together.  1 when the share is 0 or 1 (no spread to
    measure) and NaN with fewer than 2 clusters of which one holds several
    observations.

    Examples
    --------
    >>> float(design_effect(3, 6, 6, 3, 3, 6))  # six clusters of one: independent trials
    1.0
    >>> float(design_effect(3, 6, 3, 3, 6, 12))  # three pairs, one success each: the share is known
    0.0
    """
    k_a, n_a, c_a = (np.asarray(v, dtype=np.float64) for v in (k, n, clusters))
    kk, km, mm = (np.asarray(v, dtype=np.float64) for v in (sum_k2, sum_km, sum_m2))
    p = k_a / n_a
    residual = np.maximum(kk - 2 * p * km + p * p * mm, 0.0)  # sum (k_c - p m_c)^2, rounding kept >= 0
    with np.errstate(invalid="ignore", divide="ignore"):
        cluster_var = c_a / (c_a - 1) * residual / (n_a * n_a)
        independent_var = p * (1 - p) / (n_a - 1)
        deff = cluster_var / independent_var
    deff = np.where(c_a < 2, np.nan, deff)
    # no spread to measure, or clusters of one row each (where the formula is 1 up to rounding)
    return np.asarray(np.where((k_a == 0) | (k_a == n_a) | (mm == n_a), 1.0, deff), dtype=np.float64)


def clustered_proportion_ci(
    k: npt.ArrayLike,
    n: npt.ArrayLike,
    clusters: npt.ArrayLike,
    sum_k2: npt.ArrayLike,
    sum_km: npt.ArrayLike,
    sum_m2: npt.ArrayLike,
    confidence: float = 0.95,
    method: ProportionMethod = "wilson",
) -> tuple[FloatArray, FloatArray, FloatArray]:
    """Interval for a share whose observations come in clusters: (lo, hi, design effect).

    The Wilson (or Clopper-Pearson) interval at the effective sample size
    ``n / deff`` (:func:`design_effect`; Korn and Graubard's construction for
    survey data).  With clusters of one observation it is :func:`proportion_ci`
    exactly; with one cluster of several observations the between-cluster
    spread is unknown and the interval is (0, 1).  Arguments as for :func:`design_effect`.

    Examples
    --------
    >>> lo, hi, deff = clustered_proportion_ci(30, 100, 100, 30, 30, 100)  # 100 clusters of one
    >>> round(float(lo), 4), round(float(hi), 4), float(deff)
    (0.2189, 0.3958, 1.0)
    """
    k_a = np.asarray(k, dtype=np.float64)
    n_a = np.asarray(n, dtype=np.float64)
    if np.any(n_a <= 0) or np.any(k_a < 0) or np.any(k_a > n_a):
        raise ValueError("need 0 <= k <= n and n > 0")
    deff = design_effect(k_a, n_a, clusters, sum_k2, sum_km, sum_m2)
    unknown = np.isnan(deff)
    lo, hi = _interval(k_a, n_a, np.where(unknown, 1.0, deff), confidence, method)
    return np.where(unknown, 0.0, lo), np.where(unknown, 1.0, hi), deff


def mean_ci(
    mean: npt.ArrayLike, sd: npt.ArrayLike, n: npt.ArrayLike, confidence: float = 0.95
) -> tuple[FloatArray, FloatArray]:
    """Student-t interval for a mean from its sample mean, sample sd (ddof=1) and size.

    Examples
    --------
    >>> lo, hi = mean_ci(10.0, 2.0, 25)
    >>> round(float(lo), 3), round(float(hi), 3)
    (9.174, 10.826)
    """
    m = np.asarray(mean, dtype=np.float64)
    s = np.asarray(sd, dtype=np.float64)
    n_arr = np.asarray(n, dtype=np.float64)
    if np.any(n_arr < 2):
        raise ValueError("a mean's interval needs at least 2 observations")
    t = stats.t.ppf(1 - (1 - confidence) / 2, n_arr - 1)
    half = t * s / np.sqrt(n_arr)
    return np.asarray(m - half), np.asarray(m + half)


def paired_diff_ci(x: npt.ArrayLike, y: npt.ArrayLike, confidence: float = 0.95) -> tuple[float, float, float]:
    """Mean of ``x - y`` over paired observations and its t interval: (diff, lo, hi).

    :func:`scipy.stats.ttest_rel`'s interval; a constant difference gets the
    zero-width interval at that difference.

    Examples
    --------
    >>> d, lo, hi = paired_diff_ci([3, 5, 4, 6], [1, 2, 2, 3])
    >>> d, round(lo, 3), round(hi, 3)
    (2.5, 1.581, 3.419)
    """
    xa, ya = _paired(x, y)
    d = xa - ya
    if np.all(d == d[0]):
        return float(d[0]), float(d[0]), float(d[0])
    ci = stats.ttest_rel(xa, ya).confidence_interval(confidence)
    return float(d.mean()), float(ci.low), float(ci.high)


def _paired(x: npt.ArrayLike, y: npt.ArrayLike) -> tuple[FloatArray, FloatArray]:
    xa = np.asarray(x, dtype=np.float64)
    ya = np.asarray(y, dtype=np.float64)
    if xa.shape != ya.shape:
        raise ValueError(f"paired samples must have the same shape, got {xa.shape} and {ya.shape}")
    if xa.ndim != 1 or xa.size < 2:
        raise ValueError(f"paired samples need at least 2 pairs in one dimension, got shape {xa.shape}")
    return xa, ya


class Equivalence(NamedTuple):
    """Two one-sided t tests of a paired difference against ``-margin`` and ``+margin``.

    ``diff``: the mean difference; ``lo``, ``hi``: its ``1 - 2 alpha`` interval
    (inside ``(-margin, margin)`` exactly when ``p_value < alpha``);
    ``p_value``: the larger of the two one-sided p values.
    """

    diff: float
    lo: float
    hi: float
    p_value: float
    margin: float


def equivalence_test(x: npt.ArrayLike, y: npt.ArrayLike, margin: float, alpha: float = 0.05) -> Equivalence:
    """Is the mean of ``x - y`` within ``margin`` of 0?  Schuirmann's two one-sided tests (TOST).

    H0: the difference is at most ``-margin`` or at least ``+margin``; it is
    rejected at level ``alpha`` (equivalence shown) when both one-sided paired
    t tests reject, that is when the ``1 - 2 alpha`` t interval lies inside the
    margin.  A constant difference is equivalent exactly when it lies inside.

    Examples
    --------
    >>> e = equivalence_test([3.0, 3.1, 2.9, 3.05], [3.0, 3.0, 3.0, 3.0], margin=0.5)
    >>> e.p_value < 0.05, round(e.diff, 4)
    (True, 0.0125)
    """
    if not margin > 0:
        raise ValueError(f"the equivalence margin must be > 0, got {margin}")
    if not 0 < alpha < 0.5:
        raise ValueError(f"alpha must be in (0, 0.5), got {alpha}")
    xa, ya = _paired(x, y)
    d = xa - ya
    if np.all(d == d[0]):
        inside = -margin < d[0] < margin
        return Equivalence(float(d[0]), float(d[0]), float(d[0]), 0.0 if inside else 1.0, margin)
    above = stats.ttest_rel(xa + margin, ya, alternative="greater")  # H0: diff <= -margin
    below = stats.ttest_rel(xa - margin, ya, alternative="less")  # H0: diff >= +margin
    ci = stats.ttest_rel(xa, ya).confidence_interval(1 - 2 * alpha)
    return Equivalence(float(d.mean()), float(ci.low), float(ci.high), float(max(above.pvalue, below.pvalue)), margin)
