"""The 1-card round, exactly: P(win) by card and seat, against the share at which bidding 1 pays.

Plots :func:`ohhell.exact.one_card_analysis` (its ``win`` frame: ``position``,
``suit``, ``rank``, ``card``, ``p_win``; and, from the analysis, the score
table for one card).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from ohhell.exact.canonical import rank_name
from ohhell.exact.one_card import OneCardAnalysis
from ohhell.plot.style import finish, new_axes, percent_axis, reference_line, seat_colour, seat_label

if TYPE_CHECKING:
    from matplotlib.axes import Axes

__all__ = ["plot_one_card", "break_even_share"]

_SUITS = {"trump": ("trump", "-", True), "side": ("side suit", (0, (4, 2)), False), "plain": ("card", "-", True)}
_ANY_SEAT_COLOUR = "#333333"


def break_even_share(table: Sequence[Sequence[float]]) -> float:
    """The P(win) above which bidding 1 scores more on average than bidding 0, for a score table ``[bid][tricks]``.

    Bidding 1 pays ``p * t[1][1] + (1 - p) * t[1][0]``, bidding 0
    ``p * t[0][1] + (1 - p) * t[0][0]``; they are equal at the share returned
    (NaN when one bid is never better).

    >>> round(break_even_share(((10, 0), (0, 12))), 4)  # Boerenbridge: 10 + 2 per trick
    0.4545
    """
    (t00, t01), (t10, t11) = table
    lose, gain = float(t00) - float(t10), float(t11) - float(t01)
    if lose < 0 or gain <= 0 or lose + gain <= 0:
        return float("nan")
    return lose / (lose + gain)


def _group_label(group: list[int], players: int, shown: list[int]) -> str:
    if len(group) == players:
        return "any seat"
    if group == list(range(1, players)) and players > 2:
        return f"following seats (2nd to {seat_label(players - 1, players)})"
    if len(group) > 2 and group == list(range(group[0], group[-1] + 1)):
        return f"{seat_label(group[0], players)} to {seat_label(group[-1], players)}"
    names = [seat_label(p, players) + (" (leads)" if p == 0 else "") for p in group]
    return " or ".join(names)


def _table(win: pd.DataFrame, players: int | None) -> pd.DataFrame:
    """One table's rows: those of ``players`` seats, each (position, suit, rank) once."""
    missing = [c for c in ("position", "suit", "rank", "p_win") if c not in win.columns]
    if missing:
        raise ValueError(f"the win frame has no column {missing} (columns: {list(win.columns)})")
    if "players" in win.columns:
        counts = sorted(int(n) for n in win["players"].unique())
        if players is None and len(counts) > 1:
            raise ValueError(f"the win frame holds tables for {counts} players: choose one with players=")
        if players is not None:
            if players not in counts:
                raise ValueError(f"the win frame has no table for {players} players (it has {counts})")
            win = win[win["players"] == players]
    keys = ["position", "suit", "rank"]
    once = win.drop_duplicates([*keys, "p_win"])
    if once.duplicated(keys).any():
        raise ValueError("the win frame gives two chances for the same card and seat: give one table")
    return once


def plot_one_card(
    analysis: OneCardAnalysis | pd.DataFrame,
    *,
    positions: Sequence[int] | None = None,
    players: int | None = None,
    break_even: float | bool = True,
    merge: bool = True,
    ax: Axes | None = None,
    title: str | None = None,
) -> Axes:
    """P(win) of a 1-card round by the rank of your card: trumps solid, side suits dashed, one colour per seat.

    Parameters
    ----------
    analysis : a :class:`~ohhell.exact.OneCardAnalysis`, or its ``win`` frame.
    positions : the seats to show, counted from the dealer's left (0 leads
        and bids first; default all).
    break_even : True draws the share at which bidding 1 beats bidding 0
        under the analysis's score table for one card
        (:func:`break_even_share`; Boerenbridge's 10 + 2 per trick: 45%);
        a number draws that share; False draws none (nor does True with a
        bare ``win`` frame, which has no score table).
    players : with a ``win`` frame holding several tables (a ``players``
        column, as when frames of several analyses are stacked), the table
        to show; required when there is more than one.  Rows repeated for
        other score tables (a ``scoring`` column) are drawn once: P(win)
        does not depend on the scoring.
    merge : seats whose chances are the same for every card share one line
        (a trump's chance does not depend on the seat, and every seat but the
        leader's follows suit alike): the default draws three lines with a
        trump, two without.
    ax, title : draw here (default a new 7x4 figure); override the title.

    What a player reads off it: a card above the break-even line is worth a
    bid of 1 *for the first bidder*, who has heard no bids.  Later seats also
    learn from the bids before them (a bid of 1 before you makes a win less
    likely), and the dealer may be forced by the hook; their exact rules are
    in ``analysis.summary``.

    Returns the Axes: one line per (suit, seat group), one point per rank.
    """
    win = _table(analysis.win if isinstance(analysis, OneCardAnalysis) else analysis, players)
    if isinstance(analysis, OneCardAnalysis):
        if players is not None and players != analysis.players:
            raise ValueError(f"the analysis is of {analysis.players} players, not {players}")
        players = analysis.players
    elif players is None:
        players = int(win["position"].max()) + 1
    shown = sorted(set(win["position"].astype(int)) if positions is None else {int(p) for p in positions})
    unknown = [p for p in shown if not 0 <= p < players]
    if unknown:
        raise ValueError(f"positions {unknown} are not seats of a {players}-player round")
    ax = new_axes(ax)
    suits = [s for s in ("trump", "side", "plain") if s in set(win["suit"])]
    trump = "trump" in suits
    for suit in suits:
        name, style, filled = _SUITS[suit]
        curves = {
            p: win[(win["position"] == p) & (win["suit"] == suit)].sort_values("rank")[["rank", "p_win"]] for p in shown
        }
        groups: list[list[int]] = []
        for p in shown:
            same = next(
                (
                    g
                    for g in groups
                    if merge
                    and np.array_equal(curves[g[0]]["rank"].to_numpy(), curves[p]["rank"].to_numpy())
                    and np.allclose(curves[g[0]]["p_win"].to_numpy(), curves[p]["p_win"].to_numpy(), atol=1e-12)
                ),
                None,
            )
            if same is None:
                groups.append([p])
            else:
                same.append(p)
        for group in groups:
            curve = curves[group[0]]
            label = _group_label(group, players, shown)
            mixed = len(group) > 1 and group == shown  # one line for every seat shown: no seat's colour
            colour = _ANY_SEAT_COLOUR if mixed else seat_colour(group[0], players)
            ax.plot(
                curve["rank"].to_numpy(),
                curve["p_win"].to_numpy(),
                linestyle=style,
                marker="o",
                markersize=4.0,
                linewidth=1.5,
                color=colour,
                markerfacecolor=colour if filled else "white",
                label=f"{name}, {label}" if trump else label,
                zorder=3,
            )
    if break_even is not False:
        share = float("nan")
        if isinstance(break_even, bool):
            if isinstance(analysis, OneCardAnalysis):
                share = break_even_share(analysis.table)
        else:
            share = float(break_even)
        if np.isfinite(share):
            reference_line(ax, share, dashed=True, label=f"break-even for bidding 1 ({share:.0%})")
    ranks = list(range(2, 15))
    ax.set_xticks(ranks, labels=[rank_name(r) for r in ranks])
    ax.set_xlim(1.5, 14.5)
    ax.set_ylim(-0.02, 1.02)
    ax.set_yticks(np.linspace(0.0, 1.0, 6))
    percent_axis(ax, "y")
    ax.legend(fontsize=8, frameon=False, loc="upper left")
    default = f"Who wins a 1-card round: {players} players, {'a turned-up trump' if trump else 'no trump'}"
    return finish(
        ax,
        title=title if title is not None else default,
        xlabel="rank of your card" + (" (a trump's chance averaged over the turned-up card)" if trump else ""),
        ylabel="P(you win the trick)",
    )
