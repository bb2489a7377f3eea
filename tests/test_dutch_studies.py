"""The Dutch studies at tiny sizes: their tables hold together, the designs cancel what they should, the runner
reads a finished study back, and ``ohhell dutch study`` prints the report."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from scipy import stats

from ohhell.cli import main
from ohhell.dutch import studies
from ohhell.dutch.study_runner import headlines, load_config, run_study

ROOT = Path(__file__).resolve().parents[1]


def test_the_ladder_puts_threshold_above_random_on_the_same_deals() -> None:
    t = studies.strength_ladder(ladder=("random", "threshold"), memory=(), rounds=30, matches=4, seed=3)
    row = t["steps"].iloc[0]
    assert row["points_lo"] > 0 and row["points_lo"] <= row["points"] <= row["points_hi"]
    assert row["deals"] == 30 and row["matches"] == 4 and row["strong_seat_share"] == 0.5
    assert -0.5 <= row["win_gain"] <= 0.5 and t["memory"].empty


def test_seat_advantage_shares_add_up_and_its_tests_are_scipys() -> None:
    t = studies.seat_advantage(players=(2, 3), rounds=30, matches=12, seed=5)
    wins, tests = t["wins"], t["tests"]
    assert np.allclose(wins.groupby("players")["estimate"].sum(), 1.0)
    assert (wins["lo"] <= wins["estimate"]).all() and (wins["estimate"] <= wins["hi"]).all()
    assert set(t["rounds"]["seat_from_first"]) == {0, 1, 2}
    assert np.allclose(t["rounds"].groupby("players")["vs_table"].sum(), 0.0)
    # the chi-square test of equal seats, recomputed from the single-winner counts
    for row in tests.itertuples():
        assert 0 <= row.wins_p <= 1 and 0 <= row.rounds_p <= 1 and row.single_winner_matches <= 12
    assert list(tests["rounds_test"]) == ["wilcoxon", "friedman"]


def test_the_equal_seats_test_rejects_unequal_seats_and_keeps_equal_ones() -> None:
    """The seat-advantage test is scipy's chi-square on single-winner counts: it sees a real lean, not noise."""
    rng = np.random.default_rng(0)
    equal = np.bincount(rng.integers(0, 4, size=400), minlength=4)
    leaning = np.bincount(rng.choice(4, size=400, p=[0.4, 0.2, 0.2, 0.2]), minlength=4)
    assert stats.chisquare(equal).pvalue > 0.05 and stats.chisquare(leaning).pvalue < 0.001


def test_a_perfect_memory_against_itself_has_exactly_the_fair_share() -> None:
    """Rotating the one player over the seats on the same seeds cancels the seats: against itself, 1/n exactly."""
    t = studies.memory_matters(imperfect=("memory", "memory:forget=0.3"), matches=3, seed=2)["wins"]
    same = t.iloc[0]
    assert same["win_share"] == pytest.approx(0.25) and same["round_margin"] == pytest.approx(0.0)
    assert 0 <= t.iloc[1]["lo"] <= t.iloc[1]["win_share"] <= t.iloc[1]["hi"] <= 1


def test_powers_are_compared_on_the_same_deals() -> None:
    t = studies.powers_worth(variants=("canonical (J exchange, Q look)", "no powers"), rounds=20, matches=3, seed=4)
    table = t["table"].set_index("variant")
    canon = table.loc["canonical (J exchange, Q look)"]
    assert canon["vs_canonical"] == 0 and canon["vs_canonical_lo"] == 0
    assert list(t["seat"]["seat_0"]) == list(studies.DECLINERS)


def test_match_length_and_the_half_way_leader() -> None:
    t = studies.match_length(players=(2,), limits=(30, 60), matches=8, seed=1)
    length, luck = t["length"], t["luck"]
    assert (length["estimate"] >= 1).all() and (luck["lo"] >= 0).all() and (luck["hi"] <= 1).all()
    assert list(luck["chance"]) == [0.5, 0.5]


def test_when_to_call_plays_both_branches_from_the_same_position() -> None:
    t = studies.when_to_call(players=(2,), rounds=20, forks=4, seed=6)
    d = t["decisions"]
    assert len(d) > 0 and (d["gain"] == d["score_play"] - d["score_call"]).all()
    assert (d.loc[d["made"], "score_call"] == 0).all()  # a made call scores 0
    failed = d[~d["made"]]
    assert (failed["score_call"] % 2 == 0).all()  # a failed call scores twice the hand
    assert ((d["unknown"] >= 0) & (d["unknown"] <= 4)).all()


def test_the_runner_reads_a_finished_study_back_and_the_command_prints_the_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / "tiny.toml"
    config.write_text(
        'study = "dutch-match-length"\ntitle = "Tiny"\nseed = 3\n[params]\nplayers = [2]\nlimits = [30]\nmatches = 5\n'
    )
    first = run_study(config)
    again = run_study(config)
    assert first.computed and not again.computed and first.out == tmp_path / "results" / "tiny"
    assert again.tables["length"].equals(first.tables["length"])
    text = first.report.read_text()
    assert "2 players, limit 30" in text and "seed 3" in text and "ohhell dutch study" in text
    assert (first.out / "figure.png").stat().st_size > 0
    assert main(["dutch", "study", str(config)]) == 0
    assert "Headline findings" in capsys.readouterr().out
    bad = tmp_path / "bad.toml"
    bad.write_text('study = "dutch-match-length"\ntitle = "x"\nseed = 1\n[params]\nlimit = 3\n')
    with pytest.raises(ValueError, match="has no parameter limit"):
        load_config(bad)


@pytest.mark.parametrize("path", sorted((ROOT / "analysis").glob("dutch-*.toml")), ids=lambda p: p.stem)
def test_every_config_is_valid_and_its_committed_results_are_its_own(path: Path) -> None:
    config = load_config(path)
    assert config["study"] in studies.STUDIES and config["seed"] == 2026
    results = ROOT / "analysis" / "results" / path.stem
    done = json.loads((results / "done.json").read_text())
    assert done["config"] == config and done["scale"] == 1
    tables = {t: pd.read_csv(results / f"{t}.csv") for t in done["tables"]}
    report = (results / "report.md").read_text()
    for line in headlines(config["study"], tables):
        assert line in report
