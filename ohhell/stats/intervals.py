"""Confidence intervals: proportions, means and paired differences.

Vectorised over groups (numpy arrays in, arrays out) and checked against
:mod:`scipy.stats` in the tests: Wilson and exact (Clopper-Pearson) for
proportions, Student's t for means and for paired differences.
"""

from __future__ import annotations

from typing import Literal

import numpy as np
import numpy.typing as npt
from scipy import stats

__all__ = ["proportion_ci", "mean_ci", "paired_diff_ci", "ProportionMethod"]

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
    if not 0 < confidence < 1:
        raise ValueError(f"confidence must be in (0, 1), got {confidence}")
    alpha = 1 - confidence
    if method == "wilson":
        z = stats.norm.ppf(1 - alpha / 2)
        p = k_arr / n_arr
        denom = 1 + z * z / n_arr
        centre = (p + z * z / (2 * n_arr)) / denom
        half = z * np.sqrt(p * (1 - p) / n_arr + z * z / (4 * n_arr * n_arr)) / denom
        # at k = 0 and k = n the bounds are exactly 0 and 1 (rounding would leave 1e-17)
        lo = np.where(k_arr > 0, centre - half, 0.0)
        hi = np.where(k_arr < n_arr, centre + half, 1.0)
        return np.asarray(lo, dtype=np.float64), np.asarray(hi, dtype=np.float64)
    if method == "exact":
        with np.errstate(invalid="ignore"):
            lo = np.where(k_arr > 0, stats.beta.ppf(alpha / 2, k_arr, n_arr - k_arr + 1), 0.0)
            hi = np.where(k_arr < n_arr, stats.beta.ppf(1 - alpha / 2, k_arr + 1, n_arr - k_arr), 1.0)
        return np.asarray(lo, dtype=np.float64), np.asarray(hi, dtype=np.float64)
    raise ValueError(f"method must be 'wilson' or 'exact', got {method!r}")


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

    Examples
    --------
    >>> d, lo, hi = paired_diff_ci([3, 5, 4, 6], [1, 2, 2, 3])
    >>> d, round(lo, 3), round(hi, 3)
    (2.5, 1.581, 3.419)
    """
    xa = np.asarray(x, dtype=np.float64)
    ya = np.asarray(y, dtype=np.float64)
    if xa.shape != ya.shape:
        raise ValueError(f"paired samples must have the same shape, got {xa.shape} and {ya.shape}")
    d = xa - ya
    lo, hi = mean_ci(d.mean(), d.std(ddof=1), d.size, confidence)
    return float(d.mean()), float(lo), float(hi)
