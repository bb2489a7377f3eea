"""What every plot shares: seat names and colours, verdict colours, estimates drawn with their intervals.

Colours are the Okabe-Ito palette (readable with the common colour-vision
deficiencies).  A seat keeps its colour in every plot: the seats that bid
before the dealer run through blues, green, orange and purple in bidding
order, and the dealer is always vermillion, the seat the hook singles out.

Nothing here changes matplotlib's global settings; every function draws on
the Axes it is given.

Examples
--------
>>> seat_labels(4)
['1st bidder', '2nd', '3rd', 'dealer']
>>> seat_colour(3, 4) == DEALER_COLOUR
True
>>> signed(0.5), signed(-0.0123), signed(0.0)
('+0.5', '-0.0123', '0')
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Literal

import numpy as np
import numpy.typing as npt

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.container import ErrorbarContainer
    from matplotlib.lines import Line2D

__all__ = [
    "BIDDER_COLOURS",
    "DEALER_COLOUR",
    "CATEGORY_COLOURS",
    "VERDICT_COLOURS",
    "REFERENCE_COLOUR",
    "FIGSIZE",
    "ordinal",
    "seat_label",
    "seat_labels",
    "seat_colour",
    "category_colour",
    "new_axes",
    "interval_points",
    "reference_line",
    "percent_axis",
    "value_labels",
    "note",
    "finish",
    "wrap",
    "signed",
    "errorbar_containers",
]

#: Seats bidding before the dealer, in bidding order (first bidder first).
BIDDER_COLOURS: tuple[str, ...] = (
    "#0072B2",  # blue
    "#56B4E9",  # sky blue
    "#009E73",  # bluish green
    "#E69F00",  # orange
    "#CC79A7",  # reddish purple
    "#8C6D31",  # brown
    "#999999",  # grey
    "#000000",  # black
    "#B8A22E",  # olive
)
#: The dealer, in every plot.
DEALER_COLOUR = "#D55E00"
#: Groups that are not seats (hue values, variants), in order.
CATEGORY_COLOURS: tuple[str, ...] = (
    "#0072B2",
    "#E69F00",
    "#009E73",
    "#CC79A7",
    "#56B4E9",
    "#D55E00",
    "#000000",
    "#999999",
)
#: The verdicts of :func:`ohhell.studies.folk_tips`.
VERDICT_COLOURS: dict[str, str] = {
    "supported": "#009E73",
    "refuted": "#D55E00",
    "not shown": "#8C8C8C",
    "no effect": "#000000",
    # the verdicts of a costs-nothing claim (the margin is folk_tips.COSTS_NOTHING_MARGIN)
    "equivalent within +/-0.05": "#009E73",
    "costs": "#D55E00",
    "gains": "#0072B2",
}
#: Zero lines, fair shares and break-even lines.
REFERENCE_COLOUR = "#555555"
#: The default size of a new figure, inches (a notebook cell's width).
FIGSIZE: tuple[float, float] = (7.0, 4.0)


def ordinal(k: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``, ... ``11th``, ``12th``, ``21st``."""
    suffix = "th" if 10 <= k % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(k % 10, "th")
    return f"{k}{suffix}"


def seat_label(seat: int, players: int, *, dealer: str = "dealer") -> str:
    """The name of a seat counted from the dealer's left: ``1st bidder``, ``2nd``, ..., ``dealer``."""
    if not 0 <= seat < players:
        raise ValueError(f"seat {seat} is not one of the {players} seats")
    if seat == players - 1:
        return dealer
    return "1st bidder" if seat == 0 else ordinal(seat + 1)


def seat_labels(players: int, *, dealer: str = "dealer") -> list[str]:
    """:func:`seat_label` of every seat, first bidder first."""
    return [seat_label(s, players, dealer=dealer) for s in range(players)]


def seat_colour(seat: int, players: int) -> str:
    """The colour of a seat counted from the dealer's left (the dealer's is :data:`DEALER_COLOUR`)."""
    if seat == players - 1:
        return DEALER_COLOUR
    return BIDDER_COLOURS[seat % len(BIDDER_COLOURS)]


def category_colour(i: int) -> str:
    """The colour of the ``i``-th group of a plot that is not by seat."""
    return CATEGORY_COLOURS[i % len(CATEGORY_COLOURS)]


def new_axes(ax: Axes | None, figsize: tuple[float, float] = FIGSIZE) -> Axes:
    """``ax`` itself, or the Axes of a new figure of ``figsize`` with a constrained layout."""
    if ax is not None:
        return ax
    import matplotlib.pyplot as plt

    _, created = plt.subplots(figsize=figsize, layout="constrained")
    return created


def _errors(estimate: npt.NDArray[np.float64], lo: npt.NDArray[np.float64], hi: npt.NDArray[np.float64]) -> Any:
    # rounding can leave an estimate a hair outside its interval: an error bar must not be negative
    return np.vstack([np.clip(estimate - lo, 0.0, None), np.clip(hi - estimate, 0.0, None)])


def interval_points(
    ax: Axes,
    position: npt.ArrayLike,
    estimate: npt.ArrayLike,
    lo: npt.ArrayLike,
    hi: npt.ArrayLike,
    *,
    orient: Literal["v", "h"] = "v",
    color: str = CATEGORY_COLOURS[0],
    label: str | None = None,
    line: bool = False,
    marker: str = "o",
    filled: bool = True,
    markersize: float = 5.0,
    capsize: float = 2.5,
    zorder: float = 3.0,
) -> ErrorbarContainer:
    """Estimates as points with their intervals as error bars; returns the ``ErrorbarContainer``.

    ``orient="v"``: ``position`` on the x axis, the estimate on y (a point
    plot); ``"h"``: ``position`` on y, the estimate on x (a forest plot row).
    ``line`` joins the points in order; ``filled=False`` draws open markers.
    """
    pos = np.asarray(position, dtype=np.float64)
    est = np.asarray(estimate, dtype=np.float64)
    err = _errors(est, np.asarray(lo, dtype=np.float64), np.asarray(hi, dtype=np.float64))
    fmt = f"-{marker}" if line else marker
    style: dict[str, Any] = {
        "fmt": fmt,
        "color": color,
        "ecolor": color,
        "elinewidth": 1.3,
        "capsize": capsize,
        "markersize": markersize,
        "linewidth": 1.2,
        "label": label,
        "zorder": zorder,
        "markerfacecolor": color if filled else "white",
        "markeredgecolor": color,
    }
    if orient == "v":
        return ax.errorbar(pos, est, yerr=err, **style)
    return ax.errorbar(est, pos, xerr=err, **style)


def reference_line(
    ax: Axes,
    value: float,
    *,
    orient: Literal["h", "v"] = "h",
    label: str | None = None,
    dashed: bool = False,
) -> Line2D:
    """A thin line across the plot at ``value`` (a zero line, a fair share, a break-even share)."""
    style: dict[str, Any] = {
        "color": REFERENCE_COLOUR,
        "linewidth": 1.0,
        "linestyle": (0, (4, 3)) if dashed else "-",
        "zorder": 1.5,
        "label": label,
    }
    if orient == "h":
        return ax.axhline(value, **style)
    return ax.axvline(value, **style)


def percent_axis(ax: Axes, axis: Literal["x", "y"] = "y", *, decimals: int | None = None) -> None:
    """Tick labels as percentages of 1 (0.25 reads 25%)."""
    from matplotlib.ticker import PercentFormatter

    target = ax.yaxis if axis == "y" else ax.xaxis
    target.set_major_formatter(PercentFormatter(xmax=1.0, decimals=decimals))


def value_labels(ax: Axes, positions: Sequence[float], texts: Sequence[str], *, fontsize: float = 7.5) -> None:
    """Write ``texts`` in the right margin level with y ``positions`` (a forest plot's numbers).

    Drawn as the tick labels of a secondary y axis, so a constrained layout
    makes room for them.
    """
    right = ax.secondary_yaxis("right")
    right.set_yticks(list(positions), labels=list(texts))
    right.tick_params(axis="y", length=0, labelsize=fontsize, labelcolor=REFERENCE_COLOUR)
    right.spines["right"].set_visible(False)


def note(
    ax: Axes, text: str, *, loc: Literal["lower left", "lower right", "upper left", "upper right"] = "lower left"
) -> None:
    """A small grey remark inside a corner of the plot (what was left out, how it was scaled)."""
    vertical, horizontal = loc.split()
    x = 0.01 if horizontal == "left" else 0.99
    y = 0.02 if vertical == "lower" else 0.98
    ax.text(
        x,
        y,
        text,
        transform=ax.transAxes,
        ha=horizontal,
        va="bottom" if vertical == "lower" else "top",
        fontsize=7.5,
        color=REFERENCE_COLOUR,
    )


def finish(ax: Axes, *, title: str, xlabel: str, ylabel: str, grid: Literal["x", "y", "both"] = "y") -> Axes:
    """Title, axis labels and a light grid behind the data; returns ``ax``."""
    ax.set_title(title, fontsize=11)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.grid(True, axis=grid, alpha=0.3, linewidth=0.6)
    ax.set_axisbelow(True)
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)
    return ax


def wrap(text: str, width: int = 40) -> str:
    """``text`` broken into lines of at most ``width`` characters (a long label on a tick)."""
    return "\n".join(textwrap.wrap(text, width=width)) if width > 0 else text


def signed(value: float, digits: int = 3) -> str:
    """A difference with its sign and ``digits`` significant digits: ``+0.5``, ``-0.0123``, ``0``."""
    if not np.isfinite(value):
        return "n/a"
    if value == 0:
        return "0"
    return f"{value:+.{digits}g}"


def errorbar_containers(ax: Axes) -> list[ErrorbarContainer]:
    """The estimates-with-intervals drawn on ``ax``, in drawing order (what the plot tests count)."""
    from matplotlib.container import ErrorbarContainer

    return [c for c in ax.containers if isinstance(c, ErrorbarContainer)]
