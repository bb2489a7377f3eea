"""Statistics over simulation results: intervals, estimate tables, bid tables, paired comparisons, precision targets."""

from ohhell.stats.bid_tables import bid_table
from ohhell.stats.intervals import mean_ci, paired_diff_ci, proportion_ci
from ohhell.stats.paired import paired_difference
from ohhell.stats.tables import counts_of, made_rate, mean_score, win_rate
from ohhell.stats.targets import Precision

__all__ = [
    "proportion_ci",
    "mean_ci",
    "paired_diff_ci",
    "made_rate",
    "mean_score",
    "win_rate",
    "counts_of",
    "paired_difference",
    "Precision",
    "bid_table",
]
