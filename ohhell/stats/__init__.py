"""Statistics over simulation results: intervals and estimate tables."""

from ohhell.stats.intervals import mean_ci, paired_diff_ci, proportion_ci

__all__ = ["proportion_ci", "mean_ci", "paired_diff_ci"]
