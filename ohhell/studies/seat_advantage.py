"""Seat advantage: does it matter where you sit?

Three questions, each answered with intervals:

- **per deal**: the expected score of each seat counted from the dealer
  (0 bids first, ``players - 1`` deals and, under the hook, is hooked), and
  each seat's *advantage*: its score minus the mean of the other seats in the
  same deal (a within-deal comparison, so the deal's luck cancels).  Equal
  seats are tested with Friedman's test over deals (each deal a block;
  :func:`scipy.stats.friedmanchisquare` from three seats up) and
  the effect size is Kendall's W (0: seats interchangeable, 1: the seat
  decides the order every deal);
- **per match**: the probability of winning the match by seat counted from
  the first dealer (0 bids first in round 1); a shared win counts for each
  winner.  Equal seats are tested with a chi-square goodness-of-fit test of
  the win counts against equal shares, effect size Cohen's w;
- **the hook's cost**: the same deals replayed without the bid restriction
  (duplicate deals: the chance stream does not depend on the restriction);
  each seat's score with the hook minus without, paired over deals.

Every seat holds the same strategy, so any difference is the seat's.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

import numpy as np
import pandas as pd
from scipy import stats

from ohhell.engine import SeedLike
from ohhell.rules import NoRestriction, Rules
from ohhell.sim import simulate
from ohhell.stats.intervals import mean_ci, proportion_ci
from ohhell.stats.paired import paired_difference
from ohhell.studies.common import StrategyLike, first_dealers, seating, study_meta, study_seed, sub_checkpoint

__all__ = ["seat_advantage", "SeatAdvantage", "win_table"]


@dataclass(frozen=True, slots=True, eq=False)
class SeatAdvantage:
    """The frames of a seat-advantage study (each tidy, with counts and intervals).

    ``deal_scores``: per ``seat_from_dealer``: ``n``, ``mean``, ``lo``, ``hi``
    and ``advantage``, ``advantage_lo``, ``advantage_hi``.
    ``match_wins``: per ``seat_from_first_dealer``: ``matches``, ``wins``,
    ``rate``, ``lo``, ``hi``, ``fair`` (the equal share of the wins).
    ``tests``: per measure: ``test``, ``statistic``, ``df``, ``p_value``,
    ``effect``, ``effect_size``, ``n``.
    ``hook_cost``: per ``seat_from_dealer``: ``n``, ``with_hook``,
    ``without_hook``, ``diff``, ``lo``, ``hi`` (None when the rules have no
    restriction).
    ``meta``: rules, players, table, sizes, seed entropy, version.
    """

    deal_scores: pd.DataFrame
    match_wins: pd.DataFrame | None
    tests: pd.DataFrame
    hook_cost: pd.DataFrame | None
    meta: dict[str, Any]

    def frames(self) -> dict[str, pd.DataFrame]:
        """The non-empty frames by name, each tagged with the rules and players (for saving)."""
        out = {"deal_scores": self.deal_scores, "tests": self.tests}
        if self.match_wins is not None:
            out["match_wins"] = self.match_wins
        if self.hook_cost is not None:
            out["hook_cost"] = self.hook_cost
        tag = {"rules": self.meta["rules"], "players": self.meta["players"]}
        return {k: v.assign(**tag)[[*tag, *v.columns]] for k, v in out.items()}


def _deal_table(rows: pd.DataFrame, players: int, confidence: float) -> tuple[pd.DataFrame, np.ndarray]:
    full = rows[rows["players"] == players]
    wide = full.pivot_table(index=["unit", "round"], columns="seat_from_dealer", values="score", observed=True)
    scores = wide.dropna().to_numpy(dtype=np.float64)  # [deal, seat from dealer]
    n = scores.shape[0]
    others = (scores.sum(axis=1, keepdims=True) - scores) / (players - 1)
    adv = scores - others
    lo, hi = mean_ci(scores.mean(axis=0), scores.std(axis=0, ddof=1), n, confidence)
    alo, ahi = mean_ci(adv.mean(axis=0), adv.std(axis=0, ddof=1), n, confidence)
    table = pd.DataFrame(
        {
            "seat_from_dealer": np.arange(players),
            "n": n,
            "mean": scores.mean(axis=0),
            "lo": lo,
            "hi": hi,
            "advantage": adv.mean(axis=0),
            "advantage_lo": alo,
            "advantage_hi": ahi,
        }
    )
    return table, scores


def _friedman_statistic(scores: np.ndarray) -> tuple[float, float]:
    """Friedman's chi-square (tie-corrected) and its p value.

    :func:`scipy.stats.friedmanchisquare` (deals as blocks, seats as
    treatments) where it applies: three seats or more and not every deal a
    tie.  With two seats scipy declines, but the statistic is still defined
    (a sign test on the deals that are not tied): :func:`_friedman_formula`.
    """
    if scores.shape[1] >= 3 and np.any(scores != scores[:, :1]):
        res = stats.friedmanchisquare(*scores.T)
        return float(res.statistic), float(res.pvalue)
    return _friedman_formula(scores)


def _friedman_formula(scores: np.ndarray) -> tuple[float, float]:
    """Friedman's statistic by the textbook formula (a test checks it against scipy's at 3 seats and more);
    a table of ties gets statistic 0, p = 1 (nothing tells the seats apart)."""
    n, k = scores.shape
    ranks = stats.rankdata(scores, axis=1)
    chi2 = 12.0 / (n * k * (k + 1)) * float((ranks.sum(axis=0) ** 2).sum()) - 3.0 * n * (k + 1)
    ordered = np.sort(scores, axis=1)
    starts = np.ones(ordered.shape, dtype=bool)
    starts[:, 1:] = ordered[:, 1:] != ordered[:, :-1]
    run = np.cumsum(starts, axis=1) - 1 + (np.arange(n) * k)[:, None]  # a tie group's id, unique over deals
    counts = np.bincount(run.ravel(), minlength=n * k).astype(np.float64)
    ties = float((counts**3 - counts).sum())
    correction = 1.0 - ties / (n * k * (k * k - 1))
    if correction <= 0:  # every deal tied: nothing tells the seats apart
        return 0.0, 1.0
    chi2 /= correction
    return chi2, float(stats.chi2.sf(chi2, k - 1))


def _friedman(scores: np.ndarray) -> dict[str, Any]:
    n, k = scores.shape
    statistic, p_value = _friedman_statistic(scores)
    return {
        "measure": "deal score",
        "test": "Friedman (deals as blocks)",
        "statistic": statistic,
        "df": k - 1,
        "p_value": p_value,
        "effect": "Kendall's W",
        "effect_size": statistic / (n * (k - 1)),
        "n": n,
    }


def win_table(matches: pd.DataFrame, players: int, confidence: float) -> tuple[pd.DataFrame, dict[str, Any]]:
    """Match wins by seat from the first dealer (Wilson intervals) and the chi-square test of equal seats.

    ``matches``: rows with ``seat_from_first_dealer``, ``n`` (matches) and ``wins``.
    """
    c = matches.groupby("seat_from_first_dealer")[["n", "wins"]].sum().reindex(range(players), fill_value=0)
    wins = c["wins"].to_numpy(dtype=np.int64)
    n = c["n"].to_numpy(dtype=np.int64)
    lo, hi = proportion_ci(wins, n, confidence)
    fair = wins.sum() / n.sum()
    table = pd.DataFrame(
        {
            "seat_from_first_dealer": np.arange(players),
            "matches": n,
            "wins": wins,
            "rate": wins / n,
            "lo": lo,
            "hi": hi,
            "fair": fair,
        }
    )
    res = stats.chisquare(wins)
    test = {
        "measure": "match win",
        "test": "chi-square, equal shares of the wins",
        "statistic": float(res.statistic),
        "df": players - 1,
        "p_value": float(res.pvalue),
        "effect": "Cohen's w",
        "effect_size": float(np.sqrt(res.statistic / wins.sum())),
        "n": int(wins.sum()),
    }
    return table, test


def _first_dealer_positions(rules: Rules, result: Any) -> pd.DataFrame:
    """Match rows with ``n``, ``wins`` and the seat counted from the first dealer."""
    players = rules.players
    if result.summary is not None:  # summary mode: counts per seat, first dealer fixed
        m = result.matches
        first = int(rules.first_dealer)
        return pd.DataFrame(
            {
                "seat_from_first_dealer": (m["seat"].to_numpy() - first - 1) % players,
                "n": m["n"].to_numpy(),
                "wins": m["wins"].to_numpy(),
            }
        )
    dealer = first_dealers(result.deals)
    m = result.matches
    seat_from_first = (m["seat"].to_numpy() - dealer.reindex(m["unit"]).to_numpy() - 1) % players
    return pd.DataFrame(
        {"seat_from_first_dealer": seat_from_first, "n": 1, "wins": m["winner"].to_numpy().astype(np.int64)}
    )


def seat_advantage(
    rules: Rules,
    strategies: StrategyLike = "strongest-fast",
    *,
    deals: int,
    matches: int = 0,
    seed: SeedLike = None,
    hook_cost: bool = True,
    confidence: float = 0.95,
    n_jobs: int = 1,
    progress: bool | None = None,
    checkpoint: str | None = None,
) -> SeatAdvantage:
    """Expected score by seat from the dealer, match wins by seat from the first dealer, the hook's cost.

    Parameters
    ----------
    rules : the variant (deal ``i`` plays round ``i mod rounds``, dealer ``i mod players``).
    strategies : the strategy every seat plays (a name or a strategy;
        default the fast strong player, ``"strongest-fast"``).
    deals : deals for the per-deal scores and the hook's cost.
    matches : whole matches for the win probabilities (0 skips them).
    hook_cost : also replay the deals without the bid restriction (when the
        rules have one) and give each seat's difference.
    n_jobs, progress, checkpoint : as for :func:`ohhell.simulate`.

    Examples
    --------
    >>> import ohhell
    >>> s = seat_advantage(ohhell.boerenbridge(4), "folk", deals=2000, matches=50, seed=1)
    >>> s.deal_scores[["seat_from_dealer", "n"]].to_numpy().tolist()
    [[0, 2000], [1, 2000], [2, 2000], [3, 2000]]
    >>> sorted(s.tests["measure"])
    ['deal score', 'match win']
    """
    if deals < 2:
        raise ValueError(f"deals must be at least 2 (an interval needs two), got {deals}")
    if matches < 0:
        raise ValueError(f"matches must be 0 or more, got {matches}")
    seats, table = seating(rules, strategies)
    ss = study_seed(seed)
    deal_seed, match_seed = ss.spawn(2)
    options: dict[str, Any] = {"n_jobs": n_jobs, "progress": progress}
    with_rules = simulate(
        rules, seats, deals=deals, seed=deal_seed, checkpoint=sub_checkpoint(checkpoint, "deals"), **options
    )
    assert with_rules.deals is not None
    deal_scores, matrix = _deal_table(with_rules.deals, rules.players, confidence)
    tests = [_friedman(matrix)]
    match_wins = None
    if matches > 0:
        fixed_first = rules.first_dealer != "random"
        played = simulate(
            rules,
            seats,
            matches=matches,
            seed=match_seed,
            summary=["seat_from_dealer"] if fixed_first else None,
            checkpoint=sub_checkpoint(checkpoint, "matches"),
            **options,
        )
        match_wins, test = win_table(_first_dealer_positions(rules, played), rules.players, confidence)
        tests.append(test)
    cost = None
    if hook_cost and rules.restriction.kind != "none":
        free = simulate(
            replace(rules, restriction=NoRestriction()),
            seats,
            deals=deals,
            seed=deal_seed,
            checkpoint=sub_checkpoint(checkpoint, "deals-without-restriction"),
            **options,
        )
        paired = paired_difference(with_rules, free, by=["seat_from_dealer"], confidence=confidence)
        cost = paired.rename(columns={"mean_a": "with_hook", "mean_b": "without_hook"}).drop(columns="variance_ratio")
    meta = study_meta(
        "seat_advantage",
        ss,
        rules=rules.name,
        players=rules.players,
        restriction=rules.restriction.kind,
        table=table,
        deals=deals,
        matches=matches,
    )
    return SeatAdvantage(deal_scores, match_wins, pd.DataFrame(tests), cost, meta)
