"""Plots of the study frames: estimates with their intervals, one function per frame.

Each function takes a frame first (or a result object where it needs more),
draws on ``ax`` (or on a new figure when ``ax`` is None), never shows the
figure nor touches matplotlib's global settings, and returns the Axes, in
the manner of pandas and seaborn::

    from ohhell.plot import plot_bid_success
    ax = plot_bid_success(table, x="bid", hue="seat_from_dealer")
    ax.figure.savefig("bids.png", dpi=150)

- :func:`plot_bid_success`: made rate by bid (or any grouping column), one
  line per group (:func:`ohhell.studies.bid_success`);
- :func:`plot_seat_scores`, :func:`plot_match_wins`, :func:`plot_hook_cost`:
  the frames of :func:`ohhell.studies.seat_advantage`;
- :func:`plot_variant_balance`: a forest plot of the differences from the
  baseline variant (:func:`ohhell.studies.variant_balance`);
- :func:`plot_folk_tips`: every claim against its threshold, coloured by
  verdict (:func:`ohhell.studies.folk_tips`);
- :func:`plot_one_card`: P(win) by card and seat in a 1-card round, with the
  break-even share of bidding 1 (:func:`ohhell.exact.one_card_analysis`).

Seat colours and names, verdict colours and the estimate-with-interval
drawing are shared through :mod:`ohhell.plot.style`.
"""

from ohhell.plot.bid_success import plot_bid_success
from ohhell.plot.folk_tips import plot_folk_tips
from ohhell.plot.one_card import break_even_share, plot_one_card
from ohhell.plot.seat_advantage import plot_hook_cost, plot_match_wins, plot_seat_scores
from ohhell.plot.style import seat_colour, seat_label, seat_labels
from ohhell.plot.variant_balance import plot_variant_balance

__all__ = [
    "plot_bid_success",
    "plot_seat_scores",
    "plot_match_wins",
    "plot_hook_cost",
    "plot_variant_balance",
    "plot_folk_tips",
    "plot_one_card",
    "break_even_share",
    "seat_label",
    "seat_labels",
    "seat_colour",
]
