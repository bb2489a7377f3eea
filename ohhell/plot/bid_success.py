"""How often a bid is made: the made rate with its interval against a grouping column.

Plots the frame of :func:`ohhell.studies.bid_success` (columns: the grouping
columns, ``bid``, ``n``, ``made``, ``rate``, ``lo``, ``hi``).
"""

from __future__ import annotations

from collections.abc import Hashable
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
    seat_colour,
    seat_label,
)
from ohhell.stats.intervals import proportion_ci

if TYPE_CHECKING:
    from matplotlib.axes import Axes

__all__ = ["plot_bid_success", "AXIS_NAMES"]

#: Axis and legend names of the grouping columns.
AXIS_NAMES: dict[str, str] = {
    "bid": "bid",
    "hand_size": "cards in the hand",
    "players": "players",
    "round": "round",
    "seat": "seat",
    "seat_from_dealer": "seat (bidding order)",
    "bids_before": "sum of the bids before",
    "no_trump": "no-trump round",
    "trump": "trump suit",
    "strategy": "strategy",
    "trumps": "trumps in the hand",
    "top_trumps": "trump aces and kings",
    "side_aces": "aces of other suits",
    "side_kings": "kings of other suits",
    "voids": "void suits",
    "singletons": "singleton suits",
}

_COUNTS = ("n", "made", "rate", "lo", "hi")


def _pooled(frame: pd.DataFrame, keys: list[str], confidence: float) -> pd.DataFrame:
    """One row per ``keys``: the rows as they are, or their counts summed and the interval recomputed."""
    if not frame.duplicated(keys).any():
        return frame[[*keys, *_COUNTS]].reset_index(drop=True)
    counts = frame.groupby(keys, observed=True, sort=True)[["n", "made"]].sum().reset_index()
    n = counts["n"].to_numpy(dtype=np.int64)
    made = counts["made"].to_numpy(dtype=np.int64)
    lo, hi = proportion_ci(made, n, confidence)
    return counts.assign(rate=made / n, lo=lo, hi=hi)


def _players(frame: pd.DataFrame, column: str) -> int:
    players = frame.attrs.get("players")
    if isinstance(players, int):
        return players
    if "players" in frame.columns and frame["players"].nunique() == 1:
        return int(frame["players"].iloc[0])
    return int(frame[column].max()) + 1


def plot_bid_success(
    frame: pd.DataFrame,
    *,
    x: str = "bid",
    hue: str | None = None,
    min_n: int = 30,
    annotate_n: bool = False,
    confidence: float = 0.95,
    dodge: float | None = None,
    ax: Axes | None = None,
    title: str | None = None,
) -> Axes:
    """The share of bids made, with its interval, against ``x``; one line per value of ``hue``.

    Parameters
    ----------
    frame : a :func:`~ohhell.studies.bid_success` frame.
    x : the column on the x axis (default ``bid``).
    hue : a grouping column drawn as one coloured line per value (``None``:
        one line).  ``seat_from_dealer`` as ``x`` or ``hue`` is named
        ``1st bidder``, ``2nd``, ..., ``dealer`` in the seat colours of
        :mod:`ohhell.plot.style`.
    min_n : points with fewer bids than this are left out (a note says how
        many); 0 keeps them all.
    annotate_n : write each point's number of bids next to it.
    confidence : the interval's confidence when rows are pooled (below).
    dodge : horizontal shift between the lines, in units of the smallest x
        step (default 0.08 when there are several lines on a numeric axis).
    ax : draw here (default: a new 7x4 figure).
    title : overrides the default title.

    The frame may hold other grouping columns than ``x`` and ``hue`` (e.g.
    ``hand_size`` when plotting by bid and seat): their rows are pooled, the
    bids and made bids summed and a Wilson interval at ``confidence``
    recomputed, so each point is the made rate of all those bids together.
    Without pooling the frame's own intervals are drawn.

    Returns the Axes: one error-bar container per line, one point per
    (hue, x) shown; y from 0 to 100%.
    """
    missing = [c for c in (x, *([hue] if hue else []), *_COUNTS) if c not in frame.columns]
    if missing:
        raise ValueError(f"the frame has no column {missing} (columns: {list(frame.columns)})")
    if hue == x:
        raise ValueError(f"hue and x are the same column {x!r}")
    keys = [hue, x] if hue else [x]
    data = _pooled(frame, keys, confidence)
    shown = data[data["n"] >= min_n]
    dropped = len(data) - len(shown)
    ax = new_axes(ax)

    numeric = pd.api.types.is_numeric_dtype(data[x]) and not pd.api.types.is_bool_dtype(data[x])
    levels = sorted((shown if len(shown) else data)[x].unique().tolist())
    if numeric:
        steps = np.diff(np.asarray(levels, dtype=np.float64))
        step = float(steps.min()) if steps.size else 1.0
        where: dict[Hashable, float] = {v: float(v) for v in levels}
    else:
        step = 1.0
        where = {v: float(i) for i, v in enumerate(levels)}
    values: list[Any] = sorted(shown[hue].unique().tolist()) if hue else [None]
    groups = [(v, shown if hue is None else shown[shown[hue] == v]) for v in values]
    shift = (0.08 if dodge is None else dodge) * step if len(groups) > 1 else 0.0
    seats = _players(frame, "seat_from_dealer") if "seat_from_dealer" in (x, hue) else 0

    for i, (value, part) in enumerate(groups):
        part = part.sort_values(x)
        label: str | None
        pos = part[x].map(where).to_numpy(dtype=np.float64) + (i - (len(groups) - 1) / 2) * shift
        if hue == "seat_from_dealer":
            colour, label = seat_colour(int(value), seats), seat_label(int(value), seats)
        else:
            colour, label = category_colour(i), (None if hue is None else str(value))
        interval_points(ax, pos, part["rate"], part["lo"], part["hi"], color=colour, label=label, line=numeric)
        if annotate_n:
            for px, py, n in zip(pos, part["rate"], part["n"]):
                ax.annotate(
                    f"{int(n)}", (px, py), xytext=(4, 3), textcoords="offset points", fontsize=6.5, color=colour
                )

    if x == "seat_from_dealer":
        ax.set_xticks([where[v] for v in levels], labels=[seat_label(int(v), seats) for v in levels])
    elif not numeric:
        ax.set_xticks([where[v] for v in levels], labels=[str(v) for v in levels])
    elif len(levels) <= 15 and all(float(v).is_integer() for v in levels):
        ax.set_xticks([where[v] for v in levels], labels=[str(int(v)) for v in levels])
    ax.set_ylim(-0.02, 1.02)
    ax.set_yticks(np.linspace(0.0, 1.0, 6))
    percent_axis(ax, "y")
    if hue and len(shown):
        ax.legend(title=AXIS_NAMES.get(hue, hue), fontsize=8, title_fontsize=8, frameon=False, ncols=2)
    if dropped:
        note(ax, f"{dropped} point{'s' if dropped > 1 else ''} with fewer than {min_n} bids left out")
    if annotate_n:
        note(ax, "numbers: bids behind each point", loc="upper right")
    return finish(
        ax, title=title if title is not None else _title(frame), xlabel=AXIS_NAMES.get(x, x), ylabel="bids made"
    )


def _title(frame: pd.DataFrame) -> str:
    meta: dict[Hashable, Any] = frame.attrs
    parts = [str(meta["rules"])] if "rules" in meta else []
    if "players" in meta:
        table = meta.get("table")
        who = f"{table} players" if isinstance(table, str) and "," not in table else "players"
        parts.append(f"{meta['players']} {who}")
    return "How often a bid is made" + (f" ({', '.join(parts)})" if parts else "")
