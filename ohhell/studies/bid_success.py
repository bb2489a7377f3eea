"""Bid-success probabilities: how often a bid of k is made, and by which hands, seats and tables.

Deals are simulated with hand features (:func:`ohhell.simulate` with
``features=True``) and counted in summary mode, per group and deal: the
seats of one deal are not independent (in a 1-card round at most one of them
takes the trick), so the interval clusters the bids by deal
(:func:`ohhell.stats.intervals.clustered_proportion_ci`; the plain Wilson
interval when no deal gives a group two bids).  The summary keeps a few
integers per group and deal, well below the rows frame, though it still grows
with the deals.  A bid's success depends
on the hand, the seat (the dealer bids last, under the hook), the bids
before it, the rules and the players at the table (they bid and play to
their own bids): every one of those can be a grouping column.

Grouping columns: any column of the deals frame (see
:mod:`ohhell.sim.frames`), e.g. ``hand_size``, ``players``,
``seat_from_dealer``, ``bids_before``, ``no_trump``, ``trumps``,
``top_trumps``, ``side_aces``, ``side_kings``, ``voids``, ``singletons``,
``strategy``.  ``bid`` is always one of them.
"""

from __future__ import annotations

from collections.abc import Sequence

import pandas as pd

from ohhell.engine import SeedLike
from ohhell.rules import Rules
from ohhell.sim import simulate
from ohhell.sim.frames import FEATURES
from ohhell.stats.intervals import ProportionMethod
from ohhell.stats.tables import made_rate
from ohhell.studies.common import StrategyLike, seating, study_meta, study_seed, sub_checkpoint

__all__ = ["bid_success", "GROUPS"]

#: Columns a bid-success table may be grouped by.
GROUPS = (
    "hand_size",
    "players",
    "round",
    "seat",
    "seat_from_dealer",
    "bids_before",
    "no_trump",
    "trump",
    "strategy",
    *FEATURES,
)


def bid_success(
    rules: Rules,
    strategies: StrategyLike | Sequence[StrategyLike] = "strongest-fast",
    *,
    deals: int,
    seed: SeedLike = None,
    by: Sequence[str] = ("hand_size",),
    confidence: float = 0.95,
    method: ProportionMethod = "wilson",
    n_jobs: int = 1,
    progress: bool | None = None,
    checkpoint: str | None = None,
) -> pd.DataFrame:
    """P(bid made) per bid and group, with counts and intervals.

    Parameters
    ----------
    rules : the variant; deal ``i`` plays round ``i mod rounds`` of its schedule.
    strategies : one for the whole table or one per seat (names or strategies).
    deals : deals to simulate.
    by : grouping columns (:data:`GROUPS`); ``bid`` is added last.
    confidence, method : the interval (Wilson or exact Clopper-Pearson).
    n_jobs, progress, checkpoint : as for :func:`ohhell.simulate` (results do
        not depend on ``n_jobs``; a checkpoint directory makes the run resumable).

    Returns one row per group and bid: the grouping columns, ``bid``, ``n``
    (bids of that size in the group), ``made``, ``rate``, ``lo``, ``hi``
    (clustered by deal), ``units`` (deals with such a bid) and
    ``design_effect`` (the interval's variance against independent bids).
    ``attrs`` holds the rules, table, deals, seed entropy and version.

    Examples
    --------
    >>> import ohhell
    >>> t = bid_success(ohhell.boerenbridge(4), "folk", deals=2000, seed=1, by=["hand_size"])
    >>> list(t.columns)
    ['hand_size', 'bid', 'n', 'made', 'rate', 'lo', 'hi', 'units', 'design_effect']
    >>> int(t["n"].sum())
    8000
    """
    if deals < 1:
        raise ValueError(f"deals must be at least 1, got {deals}")
    unknown = [c for c in by if c not in GROUPS and c != "bid"]
    if unknown:
        raise ValueError(f"cannot group bid success by {unknown}; choose from {', '.join(GROUPS)}")
    groups = [c for c in dict.fromkeys(by) if c != "bid"] + ["bid"]
    seats, table = seating(rules, strategies)
    ss = study_seed(seed)
    result = simulate(
        rules,
        seats,
        deals=deals,
        seed=ss,
        n_jobs=n_jobs,
        progress=progress,
        checkpoint=sub_checkpoint(checkpoint, "bid_success"),
        summary=[*groups, "unit"],  # per deal too: the interval clusters the seats of a deal
        features=any(c in FEATURES or c in ("bids_before", "no_trump") for c in groups),
    )
    out = made_rate(result, by=groups, confidence=confidence, method=method)
    out.attrs.update(study_meta("bid_success", ss, rules=rules.name, players=rules.players, table=table, deals=deals))
    return out
