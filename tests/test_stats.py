"""Intervals against scipy.stats, coverage against a known answer, paired comparisons."""

from __future__ import annotations

from dataclasses import replace
from math import comb

import numpy as np
import pytest
from scipy import stats

import ohhell
from ohhell.rules import ExactBonus, FixedHands, Harsh, NoTrump, Rules, Scoring
from ohhell.stats import made_rate, mean_ci, mean_score, paired_diff_ci, paired_difference, proportion_ci


@pytest.mark.parametrize("method", ["wilson", "exact"])
@pytest.mark.parametrize(("k", "n"), [(0, 10), (1, 10), (5, 10), (10, 10), (30, 100), (999, 1000), (7, 5000)])
def test_proportion_ci_matches_scipy(method: str, k: int, n: int) -> None:
    lo, hi = proportion_ci(k, n, 0.95, method)  # type: ignore[arg-type]
    ref = stats.binomtest(k, n).proportion_ci(0.95, method)
    assert float(lo) == pytest.approx(ref.low, abs=1e-9)
    assert float(hi) == pytest.approx(ref.high, abs=1e-9)


def test_proportion_ci_is_vectorised_and_checks_input() -> None:
    lo, hi = proportion_ci([1, 2, 3], [10, 20, 30])
    assert lo.shape == (3,) and (lo < hi).all()
    with pytest.raises(ValueError):
        proportion_ci(5, 4)


def test_mean_and_paired_intervals_match_scipy() -> None:
    rng = np.random.default_rng(0)
    x = rng.normal(3, 2, 40)
    y = x + rng.normal(0.5, 1, 40)
    lo, hi = mean_ci(x.mean(), x.std(ddof=1), x.size)
    ref = stats.t.interval(0.95, x.size - 1, loc=x.mean(), scale=stats.sem(x))
    assert (float(lo), float(hi)) == pytest.approx(ref)
    d, lo2, hi2 = paired_diff_ci(y, x)
    ref2 = stats.ttest_rel(y, x).confidence_interval(0.95)
    assert d == pytest.approx((y - x).mean())
    assert (lo2, hi2) == pytest.approx((ref2.low, ref2.high))


def leader_wins_one_card_no_trump(players: int) -> float:
    """P(the player left of the dealer takes the trick) in a 1-card round without trump.

    The leader's card has rank r (13 equally likely ranks); the leader wins iff
    none of the other players' n-1 cards, drawn from the 51 left, is one of the
    14 - r higher cards of the suit led.
    """
    total = 0.0
    for r in range(2, 15):
        higher = 14 - r
        total += comb(51 - higher, players - 1) / comb(51, players - 1)
    return total / 13


def test_wilson_intervals_cover_a_known_answer_at_their_level() -> None:
    # 400 independent estimates of a probability known in closed form, each from 250 deals.
    players, batch, batches = 4, 250, 400
    rules = Rules(players=players, schedule=FixedHands(size=1, rounds=1), trump=NoTrump())
    p = leader_wins_one_card_no_trump(players)
    res = ohhell.simulate(rules, ohhell.RandomStrategy(), deals=batch * batches, seed=404, n_jobs=1)
    leaders = res.deals[res.deals["seat_from_dealer"] == 0].assign(batch=lambda d: d["unit"] // batch)
    k = leaders.groupby("batch")["tricks"].sum().to_numpy()
    lo, hi = proportion_ci(k, batch)
    covered = float(((lo <= p) & (p <= hi)).mean())
    # the interval's true coverage at (n=250, p) by enumeration, then the simulated one within 4 SE of it
    ks = np.arange(batch + 1)
    elo, ehi = proportion_ci(ks, batch)
    exact = float(stats.binom.pmf(ks, batch, p)[(elo <= p) & (p <= ehi)].sum())
    assert 0.93 < exact < 0.97
    assert abs(covered - exact) < 4 * np.sqrt(exact * (1 - exact) / batches)
    # and the overall estimate agrees with the closed form
    overall = leaders["tricks"].mean()
    se = np.sqrt(p * (1 - p) / len(leaders))
    assert abs(overall - p) < 4 * se


def test_tables_from_rows_and_from_summaries_agree() -> None:
    rules = ohhell.boerenbridge(4)
    rows = ohhell.simulate(rules, ohhell.RandomStrategy(), deals=3000, seed=9, n_jobs=1)
    counts = ohhell.simulate(
        rules, ohhell.RandomStrategy(), deals=3000, seed=9, n_jobs=1, summary=["seat_from_dealer", "hand_size"]
    )
    a = made_rate(rows, by=["seat_from_dealer"])
    b = made_rate(counts, by=["seat_from_dealer"])
    np.testing.assert_allclose(a[["n", "made", "rate", "lo", "hi"]], b[["n", "made", "rate", "lo", "hi"]])
    m1 = mean_score(rows, by=["hand_size"])
    m2 = mean_score(counts, by=["hand_size"])
    np.testing.assert_allclose(m1[["n", "mean", "sd", "lo", "hi"]], m2[["n", "mean", "sd", "lo", "hi"]])
    g = rows.deals[rows.deals["hand_size"] == 3]["score"]
    row = m1[m1["hand_size"] == 3].iloc[0]
    assert row["mean"] == pytest.approx(g.mean()) and row["sd"] == pytest.approx(g.std(ddof=1))


def test_duplicate_deals_reduce_the_variance_of_a_comparison() -> None:
    standard = ohhell.boerenbridge(4)
    harsh = replace(standard, scoring=Scoring(made=ExactBonus(base=10, per_trick=2), miss=Harsh()))
    a = ohhell.simulate(standard, ohhell.RandomStrategy(), deals=6000, seed=1, n_jobs=1)
    b = ohhell.simulate(harsh, ohhell.RandomStrategy(), deals=6000, seed=1, n_jobs=1)
    table = paired_difference(a, b)
    row = table.iloc[0]
    # random play ignores scoring, so the same deals give the same bids and tricks: only misses differ
    d = a.deals["score"] - b.deals["score"]
    assert (d >= 0).all() and (d[a.deals["made"]] == 0).all()
    assert row["lo"] <= d.mean() <= row["hi"]
    assert row["variance_ratio"] > 5
    independent = ohhell.simulate(harsh, ohhell.RandomStrategy(), deals=6000, seed=2, n_jobs=1)
    with pytest.raises(ValueError):
        paired_difference(a, replace_deals(independent))


def replace_deals(res: ohhell.SimulationResult) -> ohhell.SimulationResult:
    # drop one row so the two results no longer hold the same deals
    return ohhell.SimulationResult(deals=res.deals.iloc[1:], matches=None, summary=None, meta=res.meta)


def test_bid_table_scores_every_bid_against_the_tricks_taken() -> None:
    from ohhell.stats import bid_table
    from ohhell.strategies import Folk

    rules = replace(ohhell.boerenbridge(4), schedule=FixedHands(size=4, rounds=1))
    res = ohhell.simulate(rules, Folk(), deals=4000, seed=8, n_jobs=1, features=True)
    standard = bid_table(res, ["trumps", "side_aces"], 4, rules.scoring)
    rows = res.deals
    for _, row in standard.iterrows():
        bucket = rows[(rows["trumps"] == row["trumps"]) & (rows["side_aces"] == row["side_aces"])]
        assert row["hands"] == len(bucket) >= 30
        shares = bucket["tricks"].value_counts(normalize=True).reindex(range(5), fill_value=0.0).to_numpy()
        expected = [sum(shares[t] * rules.scoring.score(b, t) for t in range(5)) for b in range(5)]
        assert row["best_bid"] == int(np.argmax(expected))
        assert row["expected_score"] == pytest.approx(max(expected))
        assert row["success"] == pytest.approx(shares[int(row["best_bid"])])
    # harsh misses score below 0 where standard misses score 0: no bucket's best expectation can rise
    harsh = bid_table(
        res, ["trumps", "side_aces"], 4, Scoring(made=ExactBonus(base=10, per_trick=2), miss=Harsh(factor=20))
    )
    assert (harsh["expected_score"] <= standard["expected_score"] + 1e-9).all()
    with pytest.raises(ValueError, match="features=True"):
        bid_table(ohhell.simulate(rules, Folk(), deals=10, seed=1, n_jobs=1), ["trumps"], 4, rules.scoring)


def test_wilson_bounds_are_exactly_zero_and_one_at_the_ends() -> None:
    lo, hi = proportion_ci([0, 7], [6, 7])
    assert lo[0] == 0.0 and hi[1] == 1.0
