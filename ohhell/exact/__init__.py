"""Exact analyses, computed without simulation.

``one_card``: the 1-card round (who wins, optimal bids, expected score per
seat) for open, blind and forehead bidding; ``optimal``: the player that bids
by it.  Built from ``canonical`` (the deck up to symmetry), ``counting`` (the
constrained-deal counts), ``open_hands``, ``blind``, ``forehead`` (the
solvers), ``summary`` (frames and words) and ``report`` (plain-text tables).
"""

from ohhell.exact.one_card import OneCardAnalysis, one_card_analysis
from ohhell.exact.optimal import OneCardOptimal
from ohhell.exact.report import format_analysis

__all__ = ["OneCardAnalysis", "one_card_analysis", "OneCardOptimal", "format_analysis"]
