"""The study runner and its command line: configs, outputs, resuming, errors."""

from __future__ import annotations

from pathlib import Path

import matplotlib

matplotlib.use("Agg")

import pandas as pd
import pytest

from ohhell.cli import main
from ohhell.studies import runner
from ohhell.studies.runner import KINDS, load_config, run_study

ANALYSIS = Path(__file__).resolve().parent.parent / "analysis"
CONFIGS = sorted(p for p in ANALYSIS.glob("*.toml") if not p.name.startswith("dutch-"))  # dutch-*: ohhell dutch study


def test_every_study_has_a_config_under_analysis() -> None:
    kinds = {load_config(p)[0]["study"] for p in CONFIGS}
    assert kinds == set(KINDS)


@pytest.mark.parametrize("config", CONFIGS, ids=lambda p: p.stem)
def test_every_analysis_config_runs_small(config: Path, tmp_path: Path) -> None:
    run = run_study(config, tmp_path, scale=0.0005, progress=False)
    assert run.report is not None and run.report.exists()
    text = run.report.read_text(encoding="utf-8")
    assert "seed 2026" in text and f"ohhell study analysis/{config.name} --scale 0.0005" in text
    for name, frame in run.tables.items():
        assert not frame.empty
        assert (tmp_path / f"{name}.csv").exists()
    for path in run.figures.values():
        assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_default_study_runs_from_the_package(tmp_path: Path) -> None:
    run = run_study(None, tmp_path / "out", scale=0.01, progress=False)
    assert set(run.tables) == {"deal_scores", "match_wins", "tests", "hook_cost"}
    assert set(run.tables["deal_scores"]["rules"]) == {"boerenbridge", "bondebridge"}
    assert "dealer" in "\n".join(run.headline)


def test_a_finished_part_is_read_back_not_recomputed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    config = {"study": "seat-advantage", "seed": 7, "params": {"rules": "boerenbridge", "players": 3, "deals": 300}}
    first = run_study(config, tmp_path, progress=False)

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("recomputed a finished part")

    report = (tmp_path / "report.md").read_text(encoding="utf-8")
    monkeypatch.setattr(runner, "seat_advantage", refuse)
    again = run_study(config, tmp_path, progress=False)
    assert (first.parts_run, first.parts_read, again.parts_run, again.parts_read) == (1, 0, 0, 1)
    assert again.seconds == pytest.approx(first.seconds, abs=0.06)  # the cost is remembered, to 0.1 s
    assert (tmp_path / "report.md").read_text(encoding="utf-8") == report  # nothing computed: report kept
    (tmp_path / "report.md").unlink()
    rebuilt = run_study(config, tmp_path, progress=False)
    assert "1 of 1 parts read from an earlier run" in rebuilt.report.read_text(encoding="utf-8")  # type: ignore[union-attr]
    for name, frame in first.tables.items():
        pd.testing.assert_frame_equal(
            frame.reset_index(drop=True), again.tables[name].reset_index(drop=True), check_dtype=False
        )


@pytest.mark.parametrize(
    ("config", "message"),
    [
        ({"study": "astrology", "seed": 1}, "choose one of"),
        ({"study": "seat-advantage"}, "integer seed"),
        ({"study": "seat-advantage", "seed": 1, "params": {"deals": -5}}, "params.deals"),
        ({"study": "variant-balance", "seed": 1, "params": {"matches": 10}}, "variants"),
    ],
)
def test_bad_configs_say_what_is_wrong(config: dict[str, object], message: str, tmp_path: Path) -> None:
    with pytest.raises(ValueError, match=message):
        run_study(config, tmp_path, progress=False)


def test_a_config_that_is_not_toml(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text("study = \n", encoding="utf-8")
    assert main(["study", str(bad), "--no-progress"]) == 2
    assert "not valid TOML" in capsys.readouterr().err


def test_study_commands(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "seats"
    args = ["--deals", "300", "--matches", "20", "--out", str(out), "--no-progress"]
    assert main(["seat-advantage", "--rules", "boerenbridge", "--players", "3,4", *args]) == 0
    printed = capsys.readouterr().out
    assert f"report: {out / 'report.md'}" in printed
    assert set(pd.read_csv(out / "deal_scores.csv")["players"]) == {3, 4}
    out = tmp_path / "balance"
    sizes = ["--matches", "10", "--skill-matches", "2", "--table", "folk"]
    assert main(["variant-balance", "--variant", "harsh:miss=harsh", *sizes, "--out", str(out), "--no-progress"]) == 0
    assert set(pd.read_csv(out / "measures.csv")["variant"]) == {"standard", "harsh"}
    out = tmp_path / "success"
    assert main(["bid-success", "--deals", "200", "--by", "seat_from_dealer", "--out", str(out), "--no-progress"]) == 0
    assert "seat_from_dealer" in pd.read_csv(out / "bid_success.csv").columns


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["variant-balance", "--variant", "harsh"], "NAME:CHANGE=CHOICE"),
        (["variant-balance"], "at least one --variant"),
        (["variant-balance", "--variant", "x:miss=sometimes"], "unknown miss"),
        (["seat-advantage", "--players", "four"], "whole numbers"),
        (["bid-success", "--by", "colour"], "cannot group"),
    ],
)
def test_study_command_errors(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert main([*argv, "--out", str(tmp_path), "--no-progress", "--scale", "0.001"]) == 2
    assert message in capsys.readouterr().err


def test_a_folder_of_another_config_is_refused(tmp_path: Path) -> None:
    config = {"study": "seat-advantage", "seed": 7, "params": {"rules": "boerenbridge", "players": 3, "deals": 200}}
    run_study(config, tmp_path, progress=False)
    bigger = {**config, "params": {**config["params"], "deals": 400}}  # type: ignore[dict-item]
    with pytest.raises(ValueError, match=r"another config \(differs in: deals\)"):
        run_study(bigger, tmp_path, progress=False)


def test_seed_flag_replaces_the_configs_seed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = tmp_path / "mine.toml"
    config.write_text(
        'study = "bid-success"\nseed = 1\n[params]\nrules = "boerenbridge"\nplayers = 3\ndeals = 300\n',
        encoding="utf-8",
    )
    assert main(["study", str(config), "--seed", "9", "--no-progress"]) == 0
    out = tmp_path / "results" / "mine-seed9"
    report = (out / "report.md").read_text(encoding="utf-8")
    assert "seed 9" in report and f"`ohhell study {config} --seed 9 --no-progress`" in report
    run = run_study(config, seed=9, progress=False, out=tmp_path / "again")
    assert f"`ohhell study {config.parent.name}/{config.name} --seed 9`" in run.report.read_text(encoding="utf-8")  # type: ignore[union-attr]
    assert f"report: {out / 'report.md'}" in capsys.readouterr().out


def test_a_study_command_reports_itself(tmp_path: Path) -> None:
    argv = ["folk-tips", "--deals", "60", "--hand-deals", "300", "--out", str(tmp_path), "--no-progress"]
    assert main(argv) == 0
    report = (tmp_path / "report.md").read_text(encoding="utf-8")
    assert "seed 2026" in report and "`ohhell " + " ".join(argv) + "`" in report
    assert len(pd.read_csv(tmp_path / "folk_tips.csv")) == len(runner.CLAIMS)
