"""The folk tips on trial: one row per claim, how far the evidence lies on the tip's side, coloured by verdict.

Plots the frame of :func:`ohhell.studies.folk_tips` (columns ``claim``,
``text``, ``measure``, ``estimate``, ``lo``, ``hi``, ``threshold``,
``verdict``).
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

import numpy as np
import pandas as pd

from ohhell.plot.style import (
    VERDICT_COLOURS,
    finish,
    interval_points,
    new_axes,
    reference_line,
    signed,
    value_labels,
    wrap,
)

if TYPE_CHECKING:
    from matplotlib.axes import Axes

__all__ = ["plot_folk_tips", "claim_directions"]

_COLUMNS = ("claim", "text", "estimate", "lo", "hi", "threshold", "verdict")


def claim_directions(frame: pd.DataFrame) -> pd.Series:
    """+1 where a claim says its number lies above the threshold, -1 where below, per row: the
    frame's ``direction`` column (+1 for every row of a frame without one; a frame saved before the
    study wrote it gets it from :func:`~ohhell.studies.folk_tips.with_claim_columns`)."""
    if "direction" in frame.columns:
        return frame["direction"].astype(np.int64)
    return pd.Series(1, index=frame.index, dtype=np.int64)


def plot_folk_tips(
    frame: pd.DataFrame,
    *,
    wrap_width: int = 46,
    annotate: bool = True,
    ax: Axes | None = None,
    title: str | None = None,
) -> Axes:
    """Each claim's evidence measured from its threshold, oriented so that right is the tip's side.

    One row per claim (its text wrapped on the y axis), a point with its
    interval, coloured by verdict (legend), and a zero line: the threshold.

    - **hand claims** (top rows): the share of such hands taking the tricks
      the tip says minus the break-even share, in percentage points, times the
      claim's direction (:func:`claim_directions`): a tip saying "bid 0"
      claims a share *below* break-even, so its difference is flipped and
      right of zero still means "the tip is right";
    - **habit claims** (bottom rows): the score per deal with the tip minus
      without, in points.

    The two kinds have different units, so when both are present the habits
    use the bottom x axis (points per deal) and the hand claims the top one
    (percentage points): the hand claims are drawn on the habits' scale,
    stretched so their widest interval spans as much as the habits' widest,
    and the top axis reads their own numbers.  Zero is the same on both.
    ``annotate`` writes each estimate in its own units in the right margin
    (hand claims: the share itself and its break-even share).  ``no effect``
    rows (the tip changes no decision under those rules) are open black
    points at zero.

    Takes the :func:`~ohhell.studies.folk_tips` frame; the row order is kept
    within each kind.  The figure made when ``ax`` is None grows with the
    number of claims.
    """
    missing = [c for c in _COLUMNS if c not in frame.columns]
    if missing:
        raise ValueError(f"the frame has no column {missing} (columns: {list(frame.columns)})")
    if frame.empty:
        raise ValueError("the frame has no claims")
    from ohhell.studies.folk_tips import with_claim_columns  # here: importing the plots loads no study

    frame = with_claim_columns(frame)  # a frame saved before the study wrote ``kind`` and ``direction``
    data = frame.assign(_kind=frame["kind"].astype(str), _dir=claim_directions(frame))
    data = pd.concat([data[data["_kind"] == "hands"], data[data["_kind"] != "hands"]])
    hands = (data["_kind"] == "hands").to_numpy()
    # right of zero: the tip's side; hands in percentage points, habits in points
    unit = np.where(hands, 100.0, 1.0) * data["_dir"].to_numpy(dtype=np.float64)
    thr = data["threshold"].to_numpy(dtype=np.float64)
    est = (data["estimate"].to_numpy(dtype=np.float64) - thr) * unit
    a = (data["lo"].to_numpy(dtype=np.float64) - thr) * unit
    b = (data["hi"].to_numpy(dtype=np.float64) - thr) * unit
    lo, hi = np.minimum(a, b), np.maximum(a, b)
    mixed = bool(hands.any() and (~hands).any())
    scale = 1.0  # plotted x of a hand claim = its percentage points * scale
    if mixed:
        habit_reach = float(np.nanmax(np.abs(np.r_[lo[~hands], hi[~hands]])))
        hand_reach = float(np.nanmax(np.abs(np.r_[lo[hands], hi[hands]])))
        if habit_reach > 0 and hand_reach > 0:
            scale = habit_reach / hand_reach
    factor = np.where(hands, scale, 1.0)

    n = len(data)
    ax = new_axes(ax, figsize=(7.0, max(2.6, 0.5 * n + 1.5)))
    reference_line(ax, 0.0, orient="v")
    texts = []
    raw = data[["estimate", "threshold"]].to_numpy(dtype=np.float64)
    for y, verdict in enumerate(data["verdict"].astype(str)):
        colour = VERDICT_COLOURS.get(verdict, VERDICT_COLOURS["not shown"])
        f = factor[y]
        interval_points(
            ax, [y], [est[y] * f], [lo[y] * f], [hi[y] * f], orient="h", color=colour, filled=verdict != "no effect"
        )
        if hands[y]:
            share, even = raw[y]
            texts.append(f"{share:.0%} (break-even {even:.0%})")
        else:
            texts.append(f"{signed(est[y], 2)} pts")
    ax.set_yticks(np.arange(n), labels=[wrap(str(t), wrap_width) for t in data["text"]])
    ax.tick_params(axis="y", labelsize=8)
    ax.set_ylim(n - 0.5, -0.5)
    if annotate:
        value_labels(ax, list(range(n)), texts)

    hand_label = "share taking the tricks the tip says, minus break-even (percentage points)"
    habit_label = "score per deal with the tip minus without (points)"
    if mixed:
        split = int(hands.sum()) - 0.5
        ax.axhline(split, color="#999999", linewidth=0.8, linestyle=(0, (2, 2)))

        def to_points(x: Any) -> Any:
            return np.asarray(x, dtype=np.float64) / scale

        def to_plot(x: Any) -> Any:
            return np.asarray(x, dtype=np.float64) * scale

        top = ax.secondary_xaxis("top", functions=(to_points, to_plot))
        top.set_xlabel("hand claims (top rows): " + hand_label, fontsize=8)
        top.tick_params(labelsize=8)
        xlabel = "habits (bottom rows): " + habit_label
    else:
        xlabel = hand_label if hands.all() else habit_label
    widest = float(np.nanmax(np.abs(np.r_[lo * factor, hi * factor, 0.0])))
    widest = widest if widest > 0 else 1.0
    ax.set_xlim(-1.08 * widest, 1.08 * widest)  # zero in the middle: left against the tip, right for it
    from matplotlib.lines import Line2D

    xlabel = f"{xlabel}\n\u2190 against the tip          for the tip \u2192"
    present = [v for v in VERDICT_COLOURS if v in set(data["verdict"].astype(str))]
    handles = [
        Line2D(
            [],
            [],
            color=VERDICT_COLOURS[v],
            marker="o",
            linestyle="",
            markerfacecolor="white" if v == "no effect" else VERDICT_COLOURS[v],
        )
        for v in present
    ]
    ax.legend(handles, present, title="verdict", fontsize=8, title_fontsize=8, frameon=False, loc="best")
    meta: dict[Hashable, Any] = frame.attrs
    where = f" ({meta['players']} players)" if "players" in meta else ""
    return finish(
        ax, title=title if title is not None else "The folk tips on trial" + where, xlabel=xlabel, ylabel="", grid="x"
    )
