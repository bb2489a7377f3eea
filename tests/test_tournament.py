"""Duplicate tournaments: rotations share the deals, summaries and pairs agree with the rows."""

from __future__ import annotations

import numpy as np
import pytest

import ohhell
from ohhell.cli import main
from ohhell.stats import paired_diff_ci
from ohhell.strategies import ExpectedValue, Folk, RandomStrategy, Spoiler
from ohhell.strategies.registry import strategy
from ohhell.tournament import tournament


def test_every_rotation_plays_the_same_deals_and_summaries_follow_the_rows() -> None:
    rules = ohhell.bondebridge(4)
    players = {"folk": Folk(), "random": RandomStrategy(), "spoiler": Spoiler(), "random 2": RandomStrategy()}
    t = tournament(rules, players, deals=300, seed=5, n_jobs=1, progress=False)
    rows = t.deals
    assert set(rows["rotation"]) == {0, 1, 2, 3}
    # duplicate format: the same deal (unit) has the same hand sizes and trump in every rotation
    per_deal = rows.groupby("unit")[["hand_size", "trump"]].nunique()
    assert (per_deal == 1).all().all()
    # each player sat in every seat once per deal
    seats = rows.groupby(["unit", "player"], observed=True)["seat"].nunique()
    assert (seats == 4).all()
    # the summary is the mean over deals of each player's per-deal mean
    folk = rows[rows["player"] == "folk"].groupby("unit")["score"].mean()
    assert t.summary.loc["folk", "score"] == pytest.approx(folk.mean())
    random_ = rows[rows["player"] == "random"].groupby("unit")["score"].mean()
    d, lo, hi = paired_diff_ci(folk.to_numpy(), random_.to_numpy())
    pair = t.pairs[(t.pairs["a"] == "folk") & (t.pairs["b"] == "random")].iloc[0]
    assert (pair["diff"], pair["lo"], pair["hi"]) == pytest.approx((d, lo, hi))
    assert pair["lo"] > 0  # the folk player beats random play, with an interval excluding 0


def test_matches_give_win_rates_that_sum_to_at_least_one_per_match() -> None:
    players = {"ev": ExpectedValue(samples=8), "folk": Folk(), "random": RandomStrategy()}
    t = tournament(ohhell.bondebridge(3), players, matches=20, seed=2, n_jobs=1, progress=False)
    assert t.matches is not None
    assert {"win", "win_lo", "win_hi"} <= set(t.summary.columns)
    wins = t.matches.groupby(["unit", "rotation"])["winner"].sum()
    assert (wins >= 1).all()
    assert np.isclose(t.summary["win"].sum(), t.matches["winner"].sum() / (20 * 3))


def test_bad_seating_is_refused() -> None:
    with pytest.raises(ValueError, match="4 players need 4 strategies"):
        tournament(ohhell.boerenbridge(4), [Folk()] * 3, deals=10, seed=1)


def test_strategy_names() -> None:
    assert strategy("folk-no-track_trumps") == Folk(track_trumps=False)
    assert strategy("ev:12") == ExpectedValue(samples=12)
    assert strategy("spoiler") == Spoiler(inner=Folk())
    with pytest.raises(ValueError, match="unknown strategy"):
        strategy("oracle")


def test_tournament_command(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["tournament", "--rules", "boerenbridge", "--strategies", "folk,random,folk,random",
                 "--deals", "200", "--seed", "1", "--n-jobs", "1"])  # fmt: skip
    out = capsys.readouterr().out
    assert code == 0
    assert "folk (3)" in out and "random (4)" in out and "diff" in out
