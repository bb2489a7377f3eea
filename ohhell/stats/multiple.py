"""Many tests at once: Holm's step-down adjustment of p values.

A study that tests sixteen claims or eighty differences at 5% each will see
about one in twenty cross the line by chance alone.  :func:`holm` adjusts the
p values so that rejecting every adjusted p value below ``alpha`` keeps the
chance of *any* false rejection in the family at most ``alpha`` (Holm 1979),
whatever the dependence between the tests.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

__all__ = ["holm"]


def holm(p_values: npt.ArrayLike) -> npt.NDArray[np.float64]:
    """Holm-adjusted p values, in the order given; NaN entries are left out of the family and stay NaN.

    With ``m`` p values sorted ascending, ``p_(1) <= ... <= p_(m)``, the
    adjusted ``p_(i)`` is ``max_{j <= i} min(1, (m - j + 1) p_(j))``.

    Examples
    --------
    >>> holm([0.01, 0.04, 0.03, 0.005]).tolist()
    [0.03, 0.06, 0.06, 0.02]
    >>> holm([0.2, float("nan")]).tolist()
    [0.2, nan]
    """
    p = np.asarray(p_values, dtype=np.float64)
    if p.ndim != 1:
        raise ValueError(f"give the p values as one flat sequence, got shape {p.shape}")
    known = ~np.isnan(p)
    if np.any((p[known] < 0) | (p[known] > 1)):
        raise ValueError("p values must lie in [0, 1]")
    out = np.full(p.shape, np.nan)
    q = p[known]
    m = q.size
    if m == 0:
        return out
    order = np.argsort(q, kind="stable")
    scaled = np.minimum(1.0, (m - np.arange(m)) * q[order])
    adjusted = np.empty(m)
    adjusted[order] = np.maximum.accumulate(scaled)
    out[known] = adjusted
    return out
