"""The ``ohhell`` command line: variants, rules, play, replay, score.

Commands are run in-process through :func:`ohhell.cli.main` (output captured
with ``capsys``); one test runs the installed console script.
"""

from __future__ import annotations

import csv
import io
import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from ohhell.cli import main
from ohhell.engine import play_match
from ohhell.records import DealRecord
from ohhell.rules import PRESETS, boerenbridge
from ohhell.strategies import RandomStrategy
from tests.test_records import two_card_deal

PRESET_NAMES = ["boerenbridge", "bondebridge", "openspiel", "up-and-down-the-river"]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def revoke_record() -> dict[str, Any]:
    """The legal 2-card deal of test_records, except that seat 1 trumps the led ace of spades while holding a spade."""
    return {**two_card_deal(), "tricks": [["AS", "KH", "4D", "6S"], ["2C", "3S", "5D", "7C"]]}


# -- variants and rules ---------------------------------------------------------------


def test_variants_lists_the_four_presets(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "variants")
    assert status == 0
    assert err == ""
    lines = out.splitlines()
    assert [line.split()[0] for line in lines] == PRESET_NAMES
    assert sorted(PRESETS) == PRESET_NAMES
    assert "dealer's hook" in lines[0]
    assert "first bidder adjusts" in lines[1]


def test_rules_bondebridge_for_five(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "rules", "bondebridge", "--players", "5")
    assert status == 0
    assert out.splitlines()[0] == "bondebridge: 5 players, 20 rounds"
    assert "hand sizes: 1 2 3 4 5 6 7 8 9 10 10 9 8 7 6 5 4 3 2 1" in out
    assert "FixedRotation" in out
    assert "Simultaneous()" in out
    assert "FirstBidderAdjusts()" in out


def test_rules_default_players(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "rules", "boerenbridge")
    assert status == 0
    assert out.startswith("boerenbridge: 4 players, 15 rounds")


def test_rules_with_an_impossible_player_count(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "rules", "boerenbridge", "--players", "9")
    assert status == 2
    assert out == ""
    assert "boerenbridge is played by 2 to 7 players, got 9" in err


@pytest.mark.parametrize(
    "argv",
    [["rules", "whist"], ["play", "--rules", "whist"], ["score", "--rules", "whist", "--input", "-"]],
    ids=["rules", "play", "score"],
)
def test_unknown_preset(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    status, out, err = run(capsys, *argv)
    assert status == 2
    assert out == ""
    assert "unknown rules 'whist'" in err
    assert "presets are: " + ", ".join(PRESET_NAMES) in err


def test_unknown_preset_for_replay(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["play", "--rules", "boerenbridge", "--seed", "1", "--records", "m.jsonl"]) == 0
    capsys.readouterr()
    status, out, err = run(capsys, "replay", "m.jsonl", "--rules", "whist")
    assert status == 2
    assert out == ""
    assert err.count("unknown rules 'whist'") == 1
    assert "presets are: " + ", ".join(PRESET_NAMES) in err


def test_argparse_errors_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["replay", "x.jsonl", "--rules", "boerenbridge", "--format", "xml"])
    assert info.value.code == 2
    assert "invalid choice: 'xml'" in capsys.readouterr().err
    with pytest.raises(SystemExit) as info:
        main([])
    assert info.value.code == 2


# -- play and replay ------------------------------------------------------------------


@pytest.fixture
def match_file(capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """``ohhell play --rules boerenbridge --seed 1 --records tmp.jsonl`` in a temporary folder."""
    monkeypatch.chdir(tmp_path)
    status, out, err = run(capsys, "play", "--rules", "boerenbridge", "--seed", "1", "--records", "tmp.jsonl")
    assert status == 0, err
    assert "15 deal records written to tmp.jsonl" in out
    return tmp_path / "tmp.jsonl"


def test_play_prints_the_score_sheet_of_the_seeded_match(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "play", "--rules", "boerenbridge", "--seed", "1")
    assert status == 0
    match = play_match(boerenbridge(4), [RandomStrategy()] * 4, seed=1)
    lines = out.splitlines()
    assert lines[0] == "boerenbridge, 4 players, seed 1"
    assert len(lines) == 2 + 15 + 1
    assert lines[-1] == f"winner: {', '.join(f'seat {s}' for s in match.winners)}  totals: {list(match.totals)}"
    # Same seed, same match.
    assert run(capsys, "play", "--rules", "boerenbridge", "--seed", "1")[1] == out


def test_play_writes_one_record_per_deal(match_file: Path) -> None:
    lines = match_file.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 15
    match = play_match(boerenbridge(4), [RandomStrategy()] * 4, seed=1)
    for line, d in zip(lines, match.deals):
        assert DealRecord.from_json(line) == DealRecord.from_result(d)


def test_replay_jsonl(capsys: pytest.CaptureFixture[str], match_file: Path) -> None:
    status, out, err = run(capsys, "replay", str(match_file), "--rules", "boerenbridge", "--format", "jsonl")
    assert status == 0
    rows = [json.loads(line) for line in out.splitlines()]
    assert len(rows) == 15
    match = play_match(boerenbridge(4), [RandomStrategy()] * 4, seed=1)
    for i, (row, d) in enumerate(zip(rows, match.deals), start=1):
        assert {"winners", "tricks_won", "scores"} <= set(row)
        assert row["line"] == i
        assert row["winners"] == list(d.winners)
        assert row["tricks_won"] == list(d.tricks_won)
        assert row["scores"] == list(d.scores)
    assert "15 of 15 deals valid, 0 rejected" in err


def test_replay_csv(capsys: pytest.CaptureFixture[str], match_file: Path) -> None:
    status, out, _ = run(capsys, "replay", str(match_file), "--rules", "boerenbridge", "--format", "csv")
    assert status == 0
    rows = list(csv.reader(io.StringIO(out)))
    assert rows[0] == ["line", "winners", "tricks_won", "scores"]
    assert len(rows) == 16
    match = play_match(boerenbridge(4), [RandomStrategy()] * 4, seed=1)
    last = match.deals[-1]
    assert rows[-1] == [
        "15",
        " ".join(map(str, last.winners)),
        " ".join(map(str, last.tricks_won)),
        " ".join(map(str, last.scores)),
    ]


def test_replay_table(capsys: pytest.CaptureFixture[str], match_file: Path) -> None:
    status, out, _ = run(capsys, "replay", str(match_file), "--rules", "boerenbridge")
    assert status == 0
    lines = out.splitlines()
    assert len(lines) == 15
    match = play_match(boerenbridge(4), [RandomStrategy()] * 4, seed=1)
    first = match.deals[0]
    assert lines[0].startswith("line    1  trick winners")
    assert f"scores {' '.join(map(str, first.scores))}" in lines[0]
    assert f"tricks {' '.join(map(str, first.tricks_won))}" in lines[0]


def test_replay_takes_the_player_count_from_the_records(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["play", "--rules", "up-and-down-the-river", "--players", "5", "--records", "m.jsonl"]) == 0
    capsys.readouterr()
    status, out, err = run(capsys, "replay", "m.jsonl", "--rules", "up-and-down-the-river", "--format", "jsonl")
    assert status == 0, err
    assert len(out.splitlines()) == 19
    # Told a different player count, every deal is refused.
    status, out, err = run(capsys, "replay", "m.jsonl", "--rules", "up-and-down-the-river", "--players", "4")
    assert status == 1
    assert out == ""
    assert "m.jsonl:1: round 1 of up-and-down-the-river has 4 players, the record 5" in err
    assert err.splitlines()[-1] == "0 of 19 deals valid, 19 rejected"


def test_replay_reports_the_bad_deal_and_scores_the_good_ones(
    capsys: pytest.CaptureFixture[str], match_file: Path
) -> None:
    good = match_file.read_text(encoding="utf-8").splitlines()
    mixed = match_file.parent / "mixed.jsonl"
    mixed.write_text("\n".join([good[0], json.dumps(revoke_record()), good[2], "{oops"]) + "\n", encoding="utf-8")
    status, out, err = run(capsys, "replay", str(mixed), "--rules", "boerenbridge", "--format", "jsonl")
    assert status == 1
    rows = [json.loads(line) for line in out.splitlines()]
    assert [row["line"] for row in rows] == [1, 3]
    match = play_match(boerenbridge(4), [RandomStrategy()] * 4, seed=1)
    assert rows[0]["scores"] == list(match.deals[0].scores)
    assert rows[1]["scores"] == list(match.deals[2].scores)
    errors = err.splitlines()
    assert errors[0].startswith(f"{mixed}:2: ")
    assert "trick 1" in errors[0]
    assert "seat 1 revoked" in errors[0]
    assert "must follow suit" in errors[0]
    assert errors[1].startswith(f"{mixed}:4: not valid JSON")
    assert errors[-1] == "2 of 4 deals valid, 2 rejected"


def test_replay_missing_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, out, err = run(capsys, "replay", str(tmp_path / "none.jsonl"), "--rules", "boerenbridge")
    assert status == 2
    assert out == ""
    assert "ohhell replay:" in err
    assert "No such file" in err


# -- score ---------------------------------------------------------------------------


def rounds_text(seed: int) -> tuple[str, Any]:
    match = play_match(boerenbridge(4), [RandomStrategy()] * 4, seed=seed)
    lines = [f"{' '.join(map(str, d.bids))} / {' '.join(map(str, d.tricks_won))}" for d in match.deals]
    return "\n".join(lines) + "\n", match


def test_score_a_whole_match(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    text, match = rounds_text(seed=3)
    rounds = tmp_path / "rounds.txt"
    rounds.write_text("# Anna, Bram, Cor, Dirk\n\n" + text, encoding="utf-8")
    chart = tmp_path / "chart.png"
    status, out, err = run(
        capsys,
        "score",
        "--rules",
        "boerenbridge",
        "--names",
        "Anna,Bram,Cor,Dirk",
        "--input",
        str(rounds),
        "--chart",
        str(chart),
    )
    assert status == 0, err
    assert err == ""
    lines = out.splitlines()
    names = ["Anna", "Bram", "Cor", "Dirk"]
    for i, d in enumerate(match.deals, start=1):
        assert f"round {i}: scores {' '.join(map(str, d.scores))}" in lines
    # The running totals table: header with the names, then one row per round.
    assert ["15", *map(str, match.totals)] in [line.split() for line in lines]
    assert f"winner: {', '.join(names[s] for s in match.winners)}" in lines
    assert f"chart written to {chart}" in lines
    assert chart.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_score_refuses_a_bad_round(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    rounds = tmp_path / "rounds.txt"
    # Round 1 is fine; the next line hooks the dealer (Bram may not bid 1); then a line without a slash;
    # then round 2 entered again correctly.
    rounds.write_text("0 1 0 1 / 0 1 0 0\n1 1 0 0 / 0 0 0 2\n1 2 0 0\n1 2 0 0 / 1 0 0 1\n", encoding="utf-8")
    status, out, err = run(
        capsys, "score", "--rules", "boerenbridge", "--names", "Anna,Bram,Cor,Dirk", "--input", str(rounds)
    )
    assert status == 1
    refused = err.splitlines()
    assert refused[0] == (
        f"{rounds}:2: refused: round 2: the dealer (Bram) may not bid 1: the bids would sum to the hand size"
        " (dealer's hook)"
    )
    assert refused[1].startswith(f"{rounds}:3: refused: expected each round: the bids, a slash, the tricks")
    assert "round 1: scores 10 12 10 0" in out
    assert "round 2: scores 12 0 10 0" in out
    assert "leader (match not finished): Anna" in out


def test_score_refuses_tricks_that_do_not_add_up(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    rounds = tmp_path / "rounds.txt"
    rounds.write_text("0 0 0 0 / 1 1 0 0\n", encoding="utf-8")
    status, out, err = run(capsys, "score", "--rules", "bondebridge", "--input", str(rounds))
    assert status == 1
    assert "refused: round 1: the tricks sum to 2; they must sum to the hand size 1" in err
    assert "leader (match not finished): seat 0, seat 1, seat 2, seat 3" in out


def test_score_with_names_sets_the_player_count(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    rounds = tmp_path / "rounds.txt"
    rounds.write_text("0 0 0 / 1 0 0\n", encoding="utf-8")
    status, out, err = run(capsys, "score", "--rules", "openspiel", "--names", "X,Y,Z,W", "--input", str(rounds))
    assert status == 1
    assert "refused: round 1: give 4 bids and 4 trick counts" in err
    assert "X" in out and "W" in out


# -- the installed command -----------------------------------------------------------


def installed_command() -> str | None:
    """The ``ohhell`` console script next to this interpreter, else the one on PATH."""
    return shutil.which("ohhell", path=str(Path(sys.executable).parent)) or shutil.which("ohhell")


@pytest.mark.skipif(installed_command() is None, reason="the ohhell console script is not installed")
def test_console_script_variants() -> None:
    command = installed_command()
    assert command is not None
    done = subprocess.run([command, "variants"], capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert [line.split()[0] for line in done.stdout.splitlines()] == PRESET_NAMES


def test_python_dash_m() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "ohhell.cli", "rules", "nope"], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 2
    assert "presets are: " + ", ".join(PRESET_NAMES) in done.stderr
