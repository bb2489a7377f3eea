"""Does it matter where you sit: the frames of :func:`ohhell.studies.seat_advantage`, one plot each.

Every plot has one point per seat with its interval, in the seat colours of
:mod:`ohhell.plot.style` (the dealer vermillion), seats named from the
dealer's left: ``1st bidder``, ``2nd``, ..., ``dealer``.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Any, Literal

import numpy as np
import pandas as pd

from ohhell.plot.style import (
    finish,
    interval_points,
    new_axes,
    percent_axis,
    reference_line,
    seat_colour,
    seat_labels,
    signed,
)

if TYPE_CHECKING:
    from matplotlib.axes import Axes

__all__ = ["plot_seat_scores", "plot_match_wins", "plot_hook_cost"]


def _check(frame: pd.DataFrame | None, name: str, columns: tuple[str, ...], why_none: str) -> pd.DataFrame:
    if frame is None:
        raise ValueError(f"no {name} frame: {why_none}")
    missing = [c for c in columns if c not in frame.columns]
    if missing:
        raise ValueError(f"the {name} frame has no column {missing} (columns: {list(frame.columns)})")
    if frame[columns[0]].duplicated().any():
        raise ValueError(f"the {name} frame has more than one row per {columns[0]}: plot one table at a time")
    return frame.sort_values(columns[0])


def _where(frame: pd.DataFrame) -> str:
    """`` (boerenbridge, 4 players)`` from the columns :meth:`SeatAdvantage.frames` adds, or the attrs."""
    meta: dict[Hashable, Any] = {**frame.attrs}
    for key in ("rules", "players"):
        if key in frame.columns and frame[key].nunique() == 1:
            meta[key] = frame[key].iloc[0]
    parts = [str(meta["rules"])] if "rules" in meta else []
    if "players" in meta:
        parts.append(f"{meta['players']} players")
    return f" ({', '.join(parts)})" if parts else ""


def _per_seat(
    ax: Axes,
    seats: pd.Series,
    estimate: pd.Series,
    lo: pd.Series,
    hi: pd.Series,
    *,
    dealer: str,
    annotate: bool,
    percent: bool = False,
    sign: bool = True,
) -> None:
    players = len(seats)
    for x, (seat, e, a, b) in enumerate(zip(seats, estimate, lo, hi)):
        colour = seat_colour(int(seat), players)
        interval_points(ax, [x], [e], [a], [b], color=colour, markersize=6.0, capsize=3.5)
        if annotate:
            text = f"{e:.1%}" if percent else signed(float(e), 2) if sign else f"{e:.3g}"
            ax.annotate(text, (x, e), xytext=(7, 0), textcoords="offset points", va="center", fontsize=8, color=colour)
    ax.set_xticks(np.arange(players), labels=seat_labels(players, dealer=dealer))
    ax.set_xlim(-0.5, players - 0.5)


def plot_seat_scores(
    deal_scores: pd.DataFrame,
    *,
    value: Literal["advantage", "mean"] = "advantage",
    annotate: bool = True,
    ax: Axes | None = None,
    title: str | None = None,
) -> Axes:
    """The score per deal of each seat counted from the dealer, with its interval.

    ``value="advantage"`` (default): the seat's score minus the mean of the
    other seats in the same deal (the deal's luck cancels), with a zero line:
    above it the seat gains.  ``value="mean"``: the plain mean score per
    deal, with the mean over seats as a dashed line.  ``annotate`` writes each
    estimate next to its point.

    Takes ``SeatAdvantage.deal_scores`` (one row per ``seat_from_dealer``).
    """
    est, lo, hi = ("advantage", "advantage_lo", "advantage_hi") if value == "advantage" else ("mean", "lo", "hi")
    frame = _check(deal_scores, "deal_scores", ("seat_from_dealer", est, lo, hi), "give SeatAdvantage.deal_scores")
    ax = new_axes(ax)
    if value == "advantage":
        reference_line(ax, 0.0)
        ylabel = "points per deal above the other seats"
        default = "Who gains from the seat: score per deal against the other seats"
    else:
        reference_line(ax, float(frame[est].mean()), dashed=True, label="mean over the seats")
        ax.legend(fontsize=8, frameon=False)
        ylabel = "points per deal"
        default = "Score per deal by seat"
    _per_seat(
        ax,
        frame["seat_from_dealer"],
        frame[est],
        frame[lo],
        frame[hi],
        dealer="dealer",
        annotate=annotate,
        sign=value == "advantage",
    )
    return finish(
        ax,
        title=title if title is not None else default + _where(frame),
        xlabel="seat, counted from the dealer's left",
        ylabel=ylabel,
    )


def plot_match_wins(
    match_wins: pd.DataFrame | None,
    *,
    annotate: bool = True,
    ax: Axes | None = None,
    title: str | None = None,
) -> Axes:
    """The share of matches each seat wins, with its interval, and the equal share as a dashed line.

    Seats are counted from the first dealer's left (the seat that bids first
    in round 1); a shared win counts for every winner, so the equal share
    (the frame's ``fair``) can be a little above one in ``players``.

    Takes ``SeatAdvantage.match_wins`` (None when the study ran no matches).
    """
    frame = _check(
        match_wins,
        "match_wins",
        ("seat_from_first_dealer", "rate", "lo", "hi", "fair"),
        "the study ran no matches (seat_advantage(..., matches=N))",
    )
    ax = new_axes(ax)
    fair = float(frame["fair"].iloc[0])
    reference_line(ax, fair, dashed=True, label=f"equal share ({fair:.1%})")
    _per_seat(
        ax,
        frame["seat_from_first_dealer"],
        frame["rate"],
        frame["lo"],
        frame["hi"],
        dealer="first dealer",
        annotate=annotate,
        percent=True,
    )
    ax.set_ylim(0.0, max(float(frame["hi"].max()), fair) * 1.15)
    percent_axis(ax, "y")
    ax.legend(fontsize=8, frameon=False, loc="lower right")
    return finish(
        ax,
        title=title if title is not None else "Matches won by seat" + _where(frame),
        xlabel="seat in round 1, counted from the first dealer's left",
        ylabel="matches won",
    )


def plot_hook_cost(
    hook_cost: pd.DataFrame | None,
    *,
    annotate: bool = True,
    ax: Axes | None = None,
    title: str | None = None,
) -> Axes:
    """Each seat's score per deal with the hook minus without it (the same deals), with a zero line.

    Below zero the hook costs the seat points; the dealer, whose bid it
    restricts, usually pays, and the seats before may gain.

    Takes ``SeatAdvantage.hook_cost`` (None when the rules have no restriction).
    """
    frame = _check(
        hook_cost,
        "hook_cost",
        ("seat_from_dealer", "diff", "lo", "hi"),
        "the rules have no bid restriction, or the study ran with hook_cost=False",
    )
    ax = new_axes(ax)
    reference_line(ax, 0.0)
    _per_seat(
        ax, frame["seat_from_dealer"], frame["diff"], frame["lo"], frame["hi"], dealer="dealer", annotate=annotate
    )
    return finish(
        ax,
        title=title if title is not None else "What the bid restriction (hook) costs each seat" + _where(frame),
        xlabel="seat, counted from the dealer's left",
        ylabel="points per deal, with the bid restriction minus without",
    )
