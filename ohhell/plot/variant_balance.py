"""What a rule change does: a forest plot of each variant's difference from the baseline, per measure.

Plots ``VariantBalance.measures`` from :func:`ohhell.studies.variant_balance`
(columns ``variant``, ``measure``, ``estimate``, ``diff``, ``diff_lo``,
``diff_hi``; NaN differences on the baseline).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np
import pandas as pd

from ohhell.plot.style import (
    category_colour,
    finish,
    interval_points,
    new_axes,
    note,
    percent_axis,
    reference_line,
    signed,
    value_labels,
    wrap,
)

if TYPE_CHECKING:
    from matplotlib.axes import Axes

__all__ = ["plot_variant_balance"]

_COLUMNS = ("variant", "measure", "estimate", "diff", "diff_lo", "diff_hi")


def _baseline(frame: pd.DataFrame, baseline: str | None) -> str:
    variants = list(dict.fromkeys(frame["variant"]))
    if baseline is None:
        meta: dict[Hashable, Any] = frame.attrs
        if isinstance(meta.get("baseline"), str):
            baseline = str(meta["baseline"])
        else:  # the variant without differences
            empty = [v for v in variants if frame.loc[frame["variant"] == v, "diff"].isna().all()]
            baseline = empty[0] if empty else variants[0]
    if baseline not in variants:
        raise ValueError(f"baseline {baseline!r} is not one of the variants {variants}")
    return baseline


def _percent(value: float) -> str:
    return (
        "n/a"
        if not np.isfinite(value)
        else "0%"
        if value == 0
        else f"{value:+.0%}"
        if abs(value) >= 0.1
        else f"{value:+.1%}"
    )


def plot_variant_balance(
    frame: pd.DataFrame,
    *,
    measures: Sequence[str] | None = None,
    standardise: bool = False,
    baseline: str | None = None,
    annotate: bool = True,
    wrap_width: int = 34,
    ax: Axes | None = None,
    title: str | None = None,
) -> Axes:
    """A forest plot: each variant's difference from the baseline with its interval, one block per measure.

    Parameters
    ----------
    frame : ``VariantBalance.measures``.
    measures : the measures to show, top to bottom (default every measure in
        the frame, in its order).  Rows are labelled with the measures'
        descriptions (the frame's ``description`` column; the measure's name
        for a frame without one).
    standardise : show ``diff / |baseline estimate|``, the change relative to
        the baseline's value (e.g. +10%: the spread of the totals grows by a
        tenth), so that measures of different scales (points, shares,
        correlations) share one axis.  Rows whose baseline estimate is 0 have
        no relative change and are left out (a note says which).  Without
        it the axis is the plain difference, each measure in its own units
        (``total_sd`` in points, the ``*_rate``, ``*_rounds`` and
        ``*_wins`` in shares, ``skill_rank_corr`` in correlation).
    baseline : the variant compared with (default the frame's
        ``attrs["baseline"]``, else the variant without differences).
    annotate : write each difference and its interval in the right margin.
    wrap_width : characters per line of a measure's description.
    ax, title : draw here (default a new figure sized to the rows); override the title.

    Filled points: the interval excludes zero; open points: it does not.
    With one compared variant every row is one measure; with several, each
    measure is a block of rows, one colour per variant (legend); with one
    measure and several variants, one row per variant named on the axis (for
    small multiples, one panel per measure).
    """
    missing = [c for c in _COLUMNS if c not in frame.columns]
    if missing:
        raise ValueError(f"the frame has no column {missing} (columns: {list(frame.columns)})")
    base = _baseline(frame, baseline)
    present = list(dict.fromkeys(frame["measure"]))
    if measures is None:
        chosen = present
    else:
        unknown = [m for m in measures if m not in present]
        if unknown:
            raise ValueError(f"no measure {unknown} in the frame (it has {present})")
        chosen = list(dict.fromkeys(measures))
    variants = [str(v) for v in dict.fromkeys(frame["variant"]) if str(v) != base]
    described = {str(m): str(m) for m in present}
    if "description" in frame.columns:
        described |= {str(m): str(d) for m, d in zip(frame["measure"], frame["description"]) if isinstance(d, str)}
    if not variants:
        raise ValueError(f"the frame holds only the baseline {base!r}: nothing to compare")
    numbers = frame[["estimate", "diff", "diff_lo", "diff_hi"]].to_numpy(dtype=np.float64)
    rows = {(str(v), str(m)): tuple(r) for v, m, r in zip(frame["variant"], frame["measure"], numbers)}
    base_est = {m: rows[(base, m)][0] if (base, m) in rows else np.nan for m in chosen}

    block = len(variants) + (0.6 if len(variants) > 1 else 0.0)
    ax = new_axes(ax, figsize=(7.0, max(2.6, 0.42 * len(chosen) * len(variants) + 1.4)))
    reference_line(ax, 0.0, orient="v")
    centres, label_y, label_text, skipped = [], [], [], []
    for i, m in enumerate(chosen):
        centres.append(i * block + (len(variants) - 1) / 2)
        for j, v in enumerate(variants):
            if (v, m) not in rows:
                continue
            _, d, lo, hi = rows[(v, m)]
            if standardise:
                scale = abs(base_est[m])
                d, lo, hi = (d / scale, lo / scale, hi / scale) if scale > 0 else (np.nan, np.nan, np.nan)
            if not np.isfinite([d, lo, hi]).all():
                skipped.append(m if len(variants) == 1 else f"{m} ({v})")
                continue
            y = i * block + j
            excludes = lo > 0 or hi < 0
            interval_points(ax, [y], [d], [lo], [hi], orient="h", color=category_colour(j), filled=excludes)
            label_y.append(y)
            fmt = _percent if standardise else signed
            label_text.append(f"{fmt(d)} [{fmt(lo)}, {fmt(hi)}]")
    by_variant = len(chosen) == 1 and len(variants) > 1  # one measure: a row per variant, named on the axis
    if by_variant:
        ax.set_yticks(range(len(variants)), labels=variants)
    else:
        ax.set_yticks(centres, labels=[wrap(described[m], wrap_width) for m in chosen])
    ax.tick_params(axis="y", labelsize=8)
    ax.set_ylim(len(chosen) * block - (block - len(variants)) - 0.5, -0.5)
    if annotate and label_y:
        value_labels(ax, label_y, label_text)
    if len(variants) > 1 and not by_variant:
        from matplotlib.lines import Line2D

        handles = [Line2D([], [], color=category_colour(j), marker="o", linestyle="") for j in range(len(variants))]
        ax.legend(handles, variants, title=f"against {base}", fontsize=8, title_fontsize=8, frameon=False)
    if standardise:
        percent_axis(ax, "x")
        xlabel = f"change relative to {base}'s value"
    else:
        xlabel = f"difference from {base}, in each measure's own units"
    if skipped:
        why = "baseline 0" if standardise else "no interval"
        note(ax, f"left out ({why}): {', '.join(skipped)}", loc="upper right")
    default = f"Variant balance: {variants[0] if len(variants) == 1 else 'the variants'} against {base}"
    if by_variant and title is None:
        default = described[chosen[0]]
    return finish(ax, title=title if title is not None else default, xlabel=xlabel, ylabel="", grid="x")
