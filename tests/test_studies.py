"""Contract, oracle and statistical tests of the study functions (ohhell.studies)."""

from __future__ import annotations

import warnings
from dataclasses import replace

import numpy as np
import pandas as pd
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from scipy import stats

import ohhell
from ohhell.plot.style import VERDICT_COLOURS
from ohhell.rules import Harsh, NoRestriction, Scoring
from ohhell.stats import made_rate
from ohhell.studies.bid_success import bid_success
from ohhell.studies.folk_tips import CLAIMS, COSTS_NOTHING_MARGIN, VERDICTS, Claim, _verdict, folk_tips
from ohhell.studies.seat_advantage import _first_dealer_positions, seat_advantage
from ohhell.studies.variant_balance import MEASURES, variant_balance
from tests.strategies import rules_variants

BB = ohhell.boerenbridge(4)


# --- bid success -------------------------------------------------------------------------------


def test_bid_success_counts_every_bid_once_and_matches_the_rows() -> None:
    t = bid_success(BB, "folk", deals=3000, seed=4, by=["seat_from_dealer", "trumps"])
    assert list(t.columns) == [
        "seat_from_dealer",
        "trumps",
        "bid",
        "n",
        "made",
        "rate",
        "lo",
        "hi",
        "units",
        "design_effect",
    ]
    assert int(t["n"].sum()) == 3000 * 4
    rows = ohhell.simulate(BB, ohhell.strategies.Folk(), deals=3000, seed=4, n_jobs=1, features=True).deals
    expected = made_rate(rows, by=["seat_from_dealer", "trumps", "bid"])
    pd.testing.assert_frame_equal(t, expected, check_dtype=False)
    # by seat, each deal gives a group one bid: the clustered interval is Wilson's
    ci = stats.binomtest(int(t["made"].iloc[0]), int(t["n"].iloc[0])).proportion_ci(method="wilson")
    assert t["lo"].iloc[0] == pytest.approx(ci.low) and t["hi"].iloc[0] == pytest.approx(ci.high)
    assert (t["design_effect"] == 1.0).all()
    assert t.attrs["rules"] == "boerenbridge" and t.attrs["seed_entropy"] == "4"


def test_bid_success_clusters_the_seats_of_a_deal() -> None:
    # Pooling the seats, a deal can give a bid several rows; in the 1-card rounds at most one seat takes
    # the trick, so the rows pull apart and the Wilson interval of independent rows is far too wide.
    t = bid_success(BB, "folk", deals=3000, seed=4, by=["hand_size"])
    rows = ohhell.simulate(BB, ohhell.strategies.Folk(), deals=3000, seed=4, n_jobs=1).deals
    assert rows is not None
    one = rows[(rows["hand_size"] == 1) & (rows["bid"] == 1)]
    per = one.groupby("unit")["made"].agg(["sum", "size"]).to_numpy(dtype=np.float64)
    k_c, m_c = per[:, 0], per[:, 1]
    p, n, c = k_c.sum() / m_c.sum(), m_c.sum(), len(per)
    sandwich = c / (c - 1) * ((k_c - p * m_c) ** 2).sum() / n**2
    deff = sandwich / (p * (1 - p) / (n - 1))
    z = stats.norm.ppf(0.975)
    n_eff = n / deff
    centre = (p + z * z / (2 * n_eff)) / (1 + z * z / n_eff)
    half = z * np.sqrt(p * (1 - p) / n_eff + z * z / (4 * n_eff * n_eff)) / (1 + z * z / n_eff)
    row = t[(t["hand_size"] == 1) & (t["bid"] == 1)].iloc[0]
    assert row["design_effect"] == pytest.approx(deff) and row["units"] == c
    assert (row["lo"], row["hi"]) == pytest.approx((centre - half, centre + half))
    wilson = stats.binomtest(int(row["made"]), int(row["n"])).proportion_ci(method="wilson")
    assert (wilson.high - wilson.low) / (row["hi"] - row["lo"]) > 1.5


def test_bid_success_by_bids_before_and_no_trump() -> None:
    t = bid_success(ohhell.bondebridge(4), "folk", deals=2000, seed=2, by=["no_trump", "bids_before"])
    assert set(t["no_trump"]) == {False, True}  # Bondebridge's rounds 19 and 20 have no trump
    assert (t["bids_before"] >= 0).all()
    assert ((t["lo"] <= t["rate"]) & (t["rate"] <= t["hi"])).all()


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [({"by": ["colour"]}, "cannot group"), ({"deals": 0}, "at least 1")],
)
def test_bid_success_rejects_bad_input(kwargs: dict[str, object], message: str) -> None:
    args: dict[str, object] = {"deals": 10, "seed": 1} | kwargs
    with pytest.raises(ValueError, match=message):
        bid_success(BB, "folk", **args)  # type: ignore[arg-type]


def test_bid_success_dealer_bidding_one_in_a_one_card_round_is_hooked() -> None:
    # Boerenbridge's dealer bids 1 in the 1-card round mostly when the others bid 0 in total, that is
    # when they hold the poor cards: whoever then wins the trick, the hook has forced the dealer's bid.
    t = bid_success(BB, "folk", deals=4000, seed=9, by=["hand_size", "seat_from_dealer"])
    one = t[(t["hand_size"] == 1) & (t["bid"] == 1)].set_index("seat_from_dealer")
    assert one.loc[3, "hi"] < one.loc[[0, 1, 2], "lo"].min()


# --- seat advantage ----------------------------------------------------------------------------


def test_seat_advantage_tables_are_consistent() -> None:
    s = seat_advantage(BB, "folk", deals=3000, matches=200, seed=3)
    d = s.deal_scores
    assert d["advantage"].sum() == pytest.approx(0.0, abs=1e-9)  # within-deal advantages cancel
    assert ((d["lo"] < d["mean"]) & (d["mean"] < d["hi"])).all()
    assert s.match_wins is not None and s.match_wins["matches"].eq(200).all()
    assert s.match_wins["wins"].sum() >= 200  # shared wins count for each winner
    assert s.hook_cost is not None
    assert (s.hook_cost["with_hook"] - s.hook_cost["without_hook"]).to_numpy() == pytest.approx(
        s.hook_cost["diff"].to_numpy()
    )
    assert set(s.frames()) == {"deal_scores", "tests", "match_wins", "hook_cost"}
    w = s.tests.set_index("measure").loc["match win"]
    chi = stats.chisquare(s.match_wins["wins"].to_numpy())
    assert w["p_value"] == pytest.approx(chi.pvalue)
    assert w["effect_size"] == pytest.approx(np.sqrt(chi.statistic / s.match_wins["wins"].sum()))


def test_the_hook_costs_the_dealer_and_nobody_else_much() -> None:
    # Measured at 100,000 deals: dealer -1.02 (-1.05, -0.98) per deal, other seats within 0.05 of 0.
    # At 3,000 deals the standard error is about 0.11: the dealer's cost is nine of them from 0.
    s = seat_advantage(BB, "folk", deals=3000, seed=1)
    assert s.hook_cost is not None
    cost = s.hook_cost.set_index("seat_from_dealer")
    assert cost.loc[3, "hi"] < 0
    assert cost.loc[3, "diff"] < cost.loc[[0, 1, 2], "lo"].min()
    assert s.match_wins is None and list(s.tests["measure"]) == ["deal score"]


def test_no_restriction_has_no_hook_cost() -> None:
    s = seat_advantage(replace(BB, restriction=NoRestriction()), "random", deals=200, seed=1)
    assert s.hook_cost is None


def test_first_dealer_positions_agree_between_rows_and_summary() -> None:
    rules = replace(BB, first_dealer=2)
    strategies = ohhell.strategies.Folk()
    rows = ohhell.simulate(rules, strategies, matches=30, seed=5, n_jobs=1)
    summary = ohhell.simulate(rules, strategies, matches=30, seed=5, n_jobs=1, summary=["seat"])
    a = _first_dealer_positions(rules, rows).groupby("seat_from_first_dealer")[["n", "wins"]].sum()
    b = _first_dealer_positions(rules, summary).groupby("seat_from_first_dealer")[["n", "wins"]].sum()
    pd.testing.assert_frame_equal(a, b, check_dtype=False)


def test_seat_advantage_with_a_random_first_dealer() -> None:
    s = seat_advantage(replace(BB, first_dealer="random"), "folk", deals=100, matches=40, seed=2, hook_cost=False)
    assert s.match_wins is not None and s.match_wins["matches"].eq(40).all()


# --- variant balance ---------------------------------------------------------------------------


def test_a_variant_against_itself_differs_by_exactly_nothing() -> None:
    vb = variant_balance(
        {"a": BB, "b": BB},
        matches=30,
        skill_matches=5,
        seed=1,
        table="folk",
        ladder=["folk", "random", "random", "random"],
    )
    b = vb.measures[vb.measures["variant"] == "b"].set_index("measure")
    assert set(b.index) == set(MEASURES)
    assert (b["diff"] == 0).all() and (b["diff_lo"] == 0).all() and (b["diff_hi"] == 0).all()
    assert b.loc["strongest_wins", "n"] == 5  # five matches, each played in four rotations
    assert b.loc["strongest_wins", "plays"] == 4 * 5 and b.loc["made_rate", "plays"] == 30


def test_scoring_alone_leaves_a_scoring_blind_table_bidding_the_same() -> None:
    harsh = replace(BB, scoring=Scoring(made=BB.scoring.made, miss=Harsh()))
    vb = variant_balance({"standard": BB, "harsh": harsh}, matches=60, skill_matches=0, seed=2, table="folk")
    h = vb.measures[vb.measures["variant"] == "harsh"].set_index("measure")
    for measure in ("made_rate", "zero_bid_rate", "overbid_rounds", "flat_out_rounds"):
        assert h.loc[measure, "diff"] == 0  # same deals, same folk bids and play: the pairing is exact
    assert h.loc["total_sd", "diff_lo"] > 0  # harsh misses spread the totals
    assert "strongest_wins" not in set(h.index)


def test_the_skill_signal_sees_folk_beat_random() -> None:
    # Folk against three random players wins far more than the 1/4 of equal players.
    vb = variant_balance(
        {"bb": BB}, matches=10, skill_matches=25, seed=3, table="folk", ladder=["folk", "random", "random", "random"]
    )
    s = vb.measures.set_index("measure")
    assert s.loc["strongest_wins", "lo"] > 0.25
    assert s.loc["skill_rank_corr", "lo"] > 0


def test_the_skill_ladder_counts_a_match_once_whatever_its_rotations() -> None:
    # the four rotations replay the same 30 matches: 30 units, each the mean of its four games
    from ohhell.stats import clustered_proportion_ci, holm
    from ohhell.studies.common import study_seed

    ladder = ["folk", "random", "random", "random"]
    vb = variant_balance(
        {"bb": BB, "harsh": replace(BB, scoring=Scoring(made=BB.scoring.made, miss=Harsh()))},
        matches=10,
        skill_matches=30,
        seed=3,
        table="folk",
        ladder=ladder,
    )
    m = vb.measures.set_index(["variant", "measure"])
    _, skill_seed, _ = study_seed(3).spawn(3)
    won = []
    for rotation in range(4):
        seats = [ohhell.strategies.registry.strategy(ladder[(s - rotation) % 4]) for s in range(4)]
        r = ohhell.simulate(BB, seats, matches=30, seed=skill_seed, n_jobs=1).matches
        assert r is not None
        won.append(r[r["seat"] == rotation].sort_values("unit")["winner"].to_numpy(dtype=np.float64))
    k = np.sum(won, axis=0)  # games of each match the folk player won
    lo, hi, _ = clustered_proportion_ci(k.sum(), 120, 30, (k * k).sum(), (k * 4).sum(), 30 * 16)
    row = m.loc[("bb", "strongest_wins")]
    assert row["n"] == 30 and row["estimate"] == pytest.approx(k.sum() / 120)
    assert (row["lo"], row["hi"]) == pytest.approx((float(lo), float(hi)))
    p = vb.measures["p_value"].to_numpy()
    np.testing.assert_allclose(vb.measures["p_holm"].to_numpy(), holm(p))
    assert np.isnan(vb.measures.loc[vb.measures["variant"] == "bb", "p_holm"]).all()


@pytest.mark.parametrize(
    ("variants", "message"),
    [({}, "at least one"), ({"a": BB, "b": ohhell.boerenbridge(5)}, "same number of players")],
)
def test_variant_balance_rejects_bad_input(variants: dict[str, ohhell.Rules], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        variant_balance(variants, matches=10, seed=1)


def test_variant_balance_rejects_an_unknown_baseline() -> None:
    with pytest.raises(ValueError, match="baseline"):
        variant_balance({"a": BB}, matches=10, baseline="b", seed=1)


# --- folk tips ---------------------------------------------------------------------------------


def test_every_claim_has_a_source_text_and_a_known_rules_preset() -> None:
    assert len({c.key for c in CLAIMS}) == len(CLAIMS)
    for c in CLAIMS:
        assert c.text and c.source in ("boerenbridge", "bondebridge") and c.rules in ohhell.rules.PRESETS
        assert (c.kind == "hands") == (c.select is not None)


@pytest.mark.parametrize(
    ("lo", "hi", "threshold", "direction", "costs_nothing", "verdict"),
    [
        (0.5, 0.6, 0.45, 1, False, "supported"),
        (0.3, 0.4, 0.45, 1, False, "refuted"),
        (0.3, 0.4, 0.45, -1, False, "supported"),
        (0.4, 0.5, 0.45, 1, False, "not shown"),
        (-0.1, 0.05, 0.0, 1, True, "not shown"),  # reaching 0 is not evidence of no cost
        (-0.1, -0.05, 0.0, 1, True, "costs"),
        (0.05, 0.1, 0.0, 1, True, "gains"),
        (0.0, 0.0, 0.0, 1, False, "no effect"),
    ],
)
def test_verdicts(lo: float, hi: float, threshold: float, direction: int, costs_nothing: bool, verdict: str) -> None:
    assert _verdict(lo, hi, threshold, direction, costs_nothing) == verdict
    assert verdict in VERDICTS


def test_costs_nothing_needs_the_equivalence_test() -> None:
    assert _verdict(-0.01, 0.02, 0.0, 1, True, equivalent=True) == f"equivalent within +/-{COSTS_NOTHING_MARGIN:g}"
    # bidding low costs about 0.24 points a deal: over 300 deals its interval still reaches 0, which
    # a "costs nothing" claim used to count as support
    costly = Claim(
        "bid_low_free", "test", "Bid low: it costs nothing.", "habit", "bondebridge", tip="bid_low", costs_nothing=True
    )
    t = folk_tips(deals=300, claims=[costly], seed=1).iloc[0]
    assert t["lo"] < 0 < t["hi"] and t["hi"] - t["lo"] > 2 * COSTS_NOTHING_MARGIN
    assert t["verdict"] == "not shown" and t["margin"] == COSTS_NOTHING_MARGIN
    assert t["p_value"] >= 0.05
    spoil = folk_tips(deals=300, claims=["spoil"], seed=1).iloc[0]
    assert (spoil["p_value"] < 0.05) == spoil["verdict"].startswith("equivalent")
    assert spoil["verdict"] in VERDICTS and set(VERDICTS) <= set(VERDICT_COLOURS)


def test_hand_claims_cluster_the_hands_of_a_deal_and_holm_adjusts_the_claims() -> None:
    from ohhell.rules import FixedHands
    from ohhell.stats import clustered_proportion_ci, holm
    from ohhell.studies.common import study_seed
    from ohhell.studies.folk_tips import claim_seed

    keys = ["one_card_trump_or_ace", "one_card_low_side_card", "bid_low", "watch_the_field"]
    t = folk_tips(deals=150, hand_deals=3000, claims=keys, seed=3).set_index("claim")
    # the same deals directly: a claim's hands of one deal are one cluster
    claim = next(c for c in CLAIMS if c.key == keys[0])
    rules = replace(ohhell.boerenbridge(4), schedule=FixedHands(size=1, rounds=1))
    seed = claim_seed(study_seed(3), claim.key)
    rows = ohhell.simulate(rules, ohhell.strategies.Folk(), deals=3000, seed=seed, n_jobs=1, features=True).deals
    assert rows is not None and claim.select is not None
    hands = rows[claim.select(rows).to_numpy()]
    per = hands.assign(hit=hands["tricks"] == 1).groupby("unit")["hit"].agg(["sum", "size"]).to_numpy(float)
    k, m = per[:, 0], per[:, 1]
    lo, hi, deff = clustered_proportion_ci(k.sum(), m.sum(), len(per), (k * k).sum(), (k * m).sum(), (m * m).sum())
    row = t.loc[keys[0]]
    assert (row["lo"], row["hi"], row["design_effect"]) == pytest.approx((float(lo), float(hi), float(deff)))
    assert row["design_effect"] < 1  # two seats cannot both take the one trick
    # the score test behind the interval: p < 0.05 exactly when the interval leaves the threshold out
    for key in keys[:2]:
        r = t.loc[key]
        assert (r["p_value"] < 0.05) == (not r["lo"] <= r["threshold"] <= r["hi"])
    assert np.isnan(t.loc["watch_the_field", "p_value"])  # no effect: nothing to test
    np.testing.assert_allclose(t["p_holm"].to_numpy(), holm(t["p_value"].to_numpy()))
    for _, r in t.iterrows():
        expected = r["verdict"] if r["p_holm"] < 0.05 or r["verdict"] == "no effect" else "not shown"
        assert r["verdict_holm"] == expected


def test_one_card_break_even_is_ten_over_twenty_two() -> None:
    # Boerenbridge: a made bid scores 10 + 2 per trick.  With one card, bidding 1 beats bidding 0 when
    # P(win) * 12 > (1 - P(win)) * 10, that is above 10/22.
    t = folk_tips(deals=100, hand_deals=2000, claims=["one_card_trump_or_ace"], seed=1)
    assert t.loc[0, "threshold"] == pytest.approx(10 / 22)
    assert t.loc[0, "lo"] <= t.loc[0, "estimate"] <= t.loc[0, "hi"]


def test_watching_the_bids_changes_nothing_when_bids_are_simultaneous() -> None:
    t = folk_tips(deals=150, claims=["watch_the_field"], seed=1)
    assert t.loc[0, "verdict"] == "no effect" and t.loc[0, "with"] == t.loc[0, "without"]


def test_unknown_claim_is_named() -> None:
    with pytest.raises(ValueError, match="unknown claim 'nope'"):
        folk_tips(deals=10, claims=["nope"])


def test_a_claim_gives_the_same_number_alone_or_with_others() -> None:
    both = folk_tips(deals=60, hand_deals=400, claims=["bid_low", "one_card_side_ace"], seed=5)
    alone = folk_tips(deals=60, hand_deals=400, claims=["one_card_side_ace"], seed=5)
    assert both.iloc[1]["estimate"] == alone.iloc[0]["estimate"] and both.iloc[1]["n"] == alone.iloc[0]["n"]


def test_equal_strategies_on_the_ladder_count_as_equally_strong() -> None:
    # Strengths folk > random = random = random.  Whenever folk finishes first, the order of the three
    # random players carries no strength: Spearman's correlation is 3 / sqrt(15) in every such match
    # (strength ranks 4, 2, 2, 2 against total ranks 4 and a permutation of 1, 2, 3).
    from ohhell.studies.variant_balance import _skill_units

    matches = pd.DataFrame(
        {
            "unit": np.repeat([0, 1, 2], 4),
            "seat": np.tile(np.arange(4), 3),
            "total": [90, 10, 20, 30, 90, 30, 20, 10, 10, 90, 20, 30],
            "winner": [True, False, False, False, True, False, False, False, False, True, False, False],
        }
    )
    got = _skill_units([matches], np.array([0.0, -1.0, -1.0, -1.0]))
    assert got["skill_rank_corr"].to_numpy()[:2] == pytest.approx([3 / np.sqrt(15)] * 2)
    assert got["strongest_wins"].tolist() == [1.0, 1.0, 0.0]
    with pytest.raises(ValueError, match="single strongest"):
        variant_balance({"bb": BB}, matches=4, skill_matches=2, seed=2, ladder=["folk", "folk", "random", "random"])


@pytest.mark.parametrize("seats", [3, 4, 6])
def test_friedman_formula_matches_scipy(seats: int) -> None:
    from ohhell.studies.seat_advantage import _friedman_statistic

    scores = np.random.default_rng(seats).integers(0, 5, size=(300, seats)).astype(np.float64)  # many ties
    scores[:, 0] += 1  # a seat advantage to find
    chi2, p = _friedman_statistic(scores)
    res = stats.friedmanchisquare(*scores.T)
    assert chi2 == pytest.approx(res.statistic) and p == pytest.approx(res.pvalue)


def test_two_seats_get_a_friedman_test_too() -> None:
    s = seat_advantage(ohhell.boerenbridge(2), "folk", deals=400, matches=10, seed=1)
    test = s.tests.set_index("measure").loc["deal score"]
    assert test["df"] == 1 and 0 <= test["p_value"] <= 1 and test["effect_size"] >= 0


# --- properties over random rule combinations ---------------------------------------------------


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=rules_variants(long_schedules=False), seed=st.integers(0, 2**32 - 1))
def test_bid_success_counts_every_bid_of_any_rules_once(rules: ohhell.Rules, seed: int) -> None:
    # Whatever the rules: every seat that bid is counted once per deal, under its bid, and each
    # rate lies inside its interval; the counts equal those of the deals' own rows.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ohhell.sim.FastPathUnavailable)  # Wizard decks, two decks
        t = bid_success(rules, "random", deals=40, seed=seed, by=["hand_size", "seat_from_dealer"])
        rows = ohhell.simulate(rules, ohhell.RandomStrategy(), deals=40, seed=seed, n_jobs=1, progress=False).deals
    assert rows is not None
    assert int(t["n"].sum()) == len(rows)
    assert int(t["made"].sum()) == int(rows["made"].sum())
    assert ((t["lo"] <= t["rate"]) & (t["rate"] <= t["hi"])).all()
    assert (t["bid"] <= t["hand_size"]).all()


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=rules_variants(players=st.integers(3, 5), long_schedules=False), seed=st.integers(0, 2**32 - 1))
def test_seat_advantages_cancel_within_every_deal(rules: ohhell.Rules, seed: int) -> None:
    assume(rules.match_end.__class__.__name__ == "PlayAllRounds")  # every seat in every deal
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ohhell.sim.FastPathUnavailable)
        s = seat_advantage(rules, "random", deals=30, seed=seed, hook_cost=False)
    assert s.deal_scores["advantage"].sum() == pytest.approx(0.0, abs=1e-9)
    assert (s.deal_scores["n"] == s.deal_scores["n"].iloc[0]).all()
