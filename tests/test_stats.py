"""Intervals against scipy.stats, coverage against a known answer, paired comparisons."""

from __future__ import annotations

from dataclasses import replace
from math import comb

import numpy as np
import pandas as pd
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


# --- clustered shares ------------------------------------------------------------------------------


def clustered_sample(rng: np.random.Generator, clusters: int, rho_sign: int) -> tuple[np.ndarray, np.ndarray]:
    """0/1 outcomes in clusters of 1 to 4 rows: ``rho_sign`` -1 one success at most per cluster (a trick
    only one seat can take), +1 a shared cluster effect (seats holding the same trump suit)."""
    sizes = rng.integers(1, 5, size=clusters)
    ids = np.repeat(np.arange(clusters), sizes)
    if rho_sign < 0:
        winner = rng.integers(0, 4, size=clusters)  # seat 0..3 of the cluster wins; seats past its size miss
        seat = np.concatenate([np.arange(m) for m in sizes])
        y = (seat == winner[ids]).astype(np.float64)
    else:
        p = rng.beta(2, 3, size=clusters)
        y = (rng.random(ids.size) < p[ids]).astype(np.float64)
    return y, ids


def sums_of(y: np.ndarray, ids: np.ndarray) -> tuple[float, float, int, float, float, float]:
    k = np.bincount(ids, weights=y)
    m = np.bincount(ids).astype(np.float64)
    return (
        float(k.sum()),
        float(m.sum()),
        int((m > 0).sum()),
        float((k * k).sum()),
        float((k * m).sum()),
        float((m * m).sum()),
    )


@pytest.mark.parametrize("rho_sign", [-1, 1])
def test_design_effect_is_the_sandwich_variance_over_the_binomial_one(rho_sign: int) -> None:
    from ohhell.stats import design_effect

    y, ids = clustered_sample(np.random.default_rng(7 + rho_sign), 300, rho_sign)
    k, n, c, kk, km, mm = sums_of(y, ids)
    # the cluster-robust variance of the mean of y (OLS on a constant), straight from the rows
    p = y.mean()
    scores = np.bincount(ids, weights=y - p)  # each cluster's summed residual
    sandwich = c / (c - 1) * (scores**2).sum() / n**2
    independent = y.var(ddof=1) / n
    assert float(design_effect(k, n, c, kk, km, mm)) == pytest.approx(sandwich / independent, rel=1e-12)
    assert (float(design_effect(k, n, c, kk, km, mm)) < 1) == (rho_sign < 0)


@pytest.mark.parametrize("rho_sign", [-1, 1])
def test_clustered_variance_agrees_with_a_deal_level_bootstrap(rho_sign: int) -> None:
    from ohhell.stats import design_effect

    rng = np.random.default_rng(11 + rho_sign)
    y, ids = clustered_sample(rng, 400, rho_sign)
    k_c = np.bincount(ids, weights=y)
    m_c = np.bincount(ids).astype(np.float64)
    boot = stats.bootstrap(
        (k_c, m_c),
        lambda k, m, axis=-1: k.sum(axis=axis) / m.sum(axis=axis),
        paired=True,
        vectorized=True,
        n_resamples=4000,
        rng=rng,
        method="percentile",
    )
    k, n, c, kk, km, mm = sums_of(y, ids)
    p = k / n
    var = float(design_effect(k, n, c, kk, km, mm)) * p * (1 - p) / (n - 1)
    # the bootstrap's plug-in variance lacks the C / (C - 1) factor; its own error is ~ sqrt(2 / 4000) = 2.2%
    assert boot.standard_error**2 == pytest.approx(var * (c - 1) / c, rel=0.1)


@pytest.mark.parametrize("method", ["wilson", "exact"])
def test_clusters_of_one_give_the_plain_interval(method: str) -> None:
    from ohhell.stats import clustered_proportion_ci

    y = (np.random.default_rng(3).random(500) < 0.3).astype(np.float64)
    k, n, c, kk, km, mm = sums_of(y, np.arange(y.size))
    lo, hi, deff = clustered_proportion_ci(k, n, c, kk, km, mm, method=method)  # type: ignore[arg-type]
    ref = stats.binomtest(int(k), int(n)).proportion_ci(method=method)
    assert float(deff) == 1.0
    assert (float(lo), float(hi)) == pytest.approx((ref.low, ref.high), abs=1e-12)


def test_clustered_intervals_cover_at_their_level_where_wilson_does_not() -> None:
    # 2,000 samples of 200 clusters in which at most one row per cluster succeeds: the rows are
    # negatively correlated, Wilson over-covers, the clustered interval is at its 95%
    from ohhell.stats import clustered_proportion_ci

    rng = np.random.default_rng(2026)
    reps, clusters = 2000, 200
    sizes = rng.integers(1, 5, size=(reps, clusters))
    winner = rng.integers(0, 4, size=(reps, clusters))
    k_c = (winner < sizes).astype(np.float64)  # the cluster's one success, if its winner is one of its rows
    m_c = sizes.astype(np.float64)
    p_true = 0.25  # each row succeeds with probability 1/4 whatever its cluster's size
    k, n = k_c.sum(axis=1), m_c.sum(axis=1)
    lo, hi, deff = clustered_proportion_ci(
        k, n, np.full(reps, clusters), (k_c**2).sum(axis=1), (k_c * m_c).sum(axis=1), (m_c**2).sum(axis=1)
    )
    wlo, whi = proportion_ci(k, n)
    covered = float(((lo <= p_true) & (p_true <= hi)).mean())
    wilson = float(((wlo <= p_true) & (p_true <= whi)).mean())
    se = np.sqrt(0.95 * 0.05 / reps)
    assert abs(covered - 0.95) < 4 * se
    assert wilson > 0.95 + 4 * se and float(np.median(deff)) < 0.8


def test_made_rate_clusters_the_seats_of_a_deal() -> None:
    # a 1-card round: at most one seat takes the trick, so the seats that bid 1 pull apart
    rules = replace(ohhell.boerenbridge(4), schedule=FixedHands(size=1, rounds=1))
    res = ohhell.simulate(rules, ohhell.strategies.Folk(), deals=4000, seed=5, n_jobs=1)
    t = made_rate(res, by=["bid"]).set_index("bid")
    rows = res.deals
    for bid in (0, 1):
        g = rows[rows["bid"] == bid]
        per = g.groupby("unit")["made"].agg(["sum", "size"]).to_numpy(dtype=np.float64)
        k_c, m_c = per[:, 0], per[:, 1]
        p = k_c.sum() / m_c.sum()
        c = len(per)
        var = c / (c - 1) * ((k_c - p * m_c) ** 2).sum() / m_c.sum() ** 2
        deff = var / (p * (1 - p) / (m_c.sum() - 1))
        assert t.loc[bid, "design_effect"] == pytest.approx(deff) and t.loc[bid, "units"] == c
        lo, hi = proportion_ci(k_c.sum(), m_c.sum())
        assert t.loc[bid, "hi"] - t.loc[bid, "lo"] < hi - lo  # Wilson was too wide here
    assert t.loc[1, "design_effect"] < 0.5
    # one row per deal and seat: the plain Wilson interval
    by_seat = made_rate(res, by=["seat"])
    lo, hi = proportion_ci(by_seat["made"].to_numpy(), by_seat["n"].to_numpy())
    np.testing.assert_allclose(by_seat[["lo", "hi"]].to_numpy(), np.c_[lo, hi])
    plain = made_rate(res, by=["bid"], cluster=None)
    assert plain["design_effect"].isna().all()


def test_cluster_counts_from_rows_and_from_a_summary_by_unit_agree() -> None:
    from ohhell.stats import cluster_counts

    rules = ohhell.boerenbridge(4)
    rows = ohhell.simulate(rules, ohhell.RandomStrategy(), deals=800, seed=2, n_jobs=1)
    counts = ohhell.simulate(rules, ohhell.RandomStrategy(), deals=800, seed=2, n_jobs=1, summary=["hand_size", "unit"])
    a = cluster_counts(rows, ["hand_size"])
    b = cluster_counts(counts, ["hand_size"])
    pd.testing.assert_frame_equal(a, b, check_dtype=False)
    with pytest.raises(ValueError, match="cannot cluster"):
        cluster_counts(ohhell.simulate(rules, ohhell.RandomStrategy(), deals=10, seed=2, n_jobs=1, summary=["bid"]), [])


# --- equivalence and many tests ----------------------------------------------------------------------


def test_tost_is_two_one_sided_t_tests() -> None:
    from ohhell.stats import equivalence_test

    rng = np.random.default_rng(4)
    x = rng.normal(5.0, 1.0, 60)
    for shift, margin in [(0.01, 0.3), (0.2, 0.3), (-0.25, 0.3), (0.5, 0.3)]:
        y = x - shift + rng.normal(0, 0.5, 60)
        d = x - y
        n, se = d.size, d.std(ddof=1) / np.sqrt(d.size)
        p_lower = stats.t.sf((d.mean() + margin) / se, n - 1)  # H0: diff <= -margin
        p_upper = stats.t.cdf((d.mean() - margin) / se, n - 1)  # H0: diff >= +margin
        e = equivalence_test(x, y, margin, alpha=0.05)
        assert e.p_value == pytest.approx(max(p_lower, p_upper))
        half = stats.t.ppf(0.95, n - 1) * se
        assert (e.lo, e.hi) == pytest.approx((d.mean() - half, d.mean() + half))
        assert (e.p_value < 0.05) == (-margin < e.lo and e.hi < margin)
    with pytest.raises(ValueError, match="margin"):
        equivalence_test(x, x, 0.0)


def test_holm_by_hand() -> None:
    from ohhell.stats import holm

    # sorted: 0.001 x 5 = 0.005; 0.01 x 4 = 0.04; 0.02 x 3 = 0.06; 0.03 x 2 = 0.06 (kept monotone); 0.5 x 1
    got = holm([0.03, 0.5, 0.001, 0.02, np.nan, 0.01])
    np.testing.assert_allclose(got, [0.06, 0.5, 0.005, 0.06, np.nan, 0.04])
    assert holm([0.3, 0.04]).tolist() == [0.3, 0.08]
    assert holm([0.9, 0.8]).tolist() == [1.0, 1.0]  # 0.8 x 2 capped at 1, and 0.9 kept at its running maximum
    with pytest.raises(ValueError):
        holm([1.5])
