"""Statistics over simulation results: intervals, estimate tables, bid tables, paired comparisons, precision targets."""

from ohhell.stats.bid_tables import bid_table
from ohhell.stats.intervals import (
    clustered_proportion_ci,
    design_effect,
    equivalence_test,
    mean_ci,
    paired_diff_ci,
    proportion_ci,
)
from ohhell.stats.multiple import holm
from ohhell.stats.paired import paired_difference
from ohhell.stats.tables import cluster_counts, counts_of, made_rate, mean_score, win_rate
from ohhell.stats.targets import Precision

__all__ = [
    "proportion_ci",
    "clustered_proportion_ci",
    "design_effect",
    "mean_ci",
    "paired_diff_ci",
    "equivalence_test",
    "holm",
    "made_rate",
    "mean_score",
    "win_rate",
    "counts_of",
    "cluster_counts",
    "paired_difference",
    "Precision",
    "bid_table",
]
