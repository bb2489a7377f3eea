"""The ``ohhell`` command line: variants, rules, play, replay, score; start time, shared flags, Ctrl-C.

Commands are run in-process through :func:`ohhell.cli.main` (output captured
with ``capsys``); one test runs the installed console script.
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from ohhell.cli import COMMANDS, build_parser, main
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


# -- start time: building the parser imports no heavy library ---------------------------

HEAVY = ("numba", "scipy", "pandas", "matplotlib")

#: Command modules that still import the library at module level (none today). A name here
#: marks its test as a strict xfail, which fails as a reminder once the module is lazy.
NOT_YET_LAZY: tuple[str, ...] = ()


def heavy_after(code: str) -> list[str]:
    """The heavy modules a fresh interpreter has imported after running ``code``."""
    probe = f"{code}\nimport sys\nprint(' '.join(m for m in {HEAVY!r} if m in sys.modules))"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60, check=True)
    return done.stdout.split()


def test_importing_ohhell_is_light() -> None:
    assert heavy_after("import ohhell, ohhell.cli, ohhell.cli.common") == []
    assert heavy_after("import ohhell; ohhell.boerenbridge") == ["numba", "scipy"]  # on first use


def test_the_lazy_names_are_the_public_ones() -> None:
    import ohhell

    assert set(ohhell.__all__) <= set(dir(ohhell))
    assert all(getattr(ohhell, name) is not None for name in ohhell.__all__)
    assert ohhell.simulate is __import__("ohhell.sim", fromlist=["simulate"]).simulate
    with pytest.raises(AttributeError, match="module 'ohhell' has no attribute 'simulat'"):
        ohhell.simulat  # noqa: B018


def test_one_version_everywhere() -> None:
    """The version results record (``ohhell.version``) is the package's, the one ``pyproject.toml`` builds
    (it reads it from there) and the one installed."""
    import importlib.metadata
    import tomllib

    import ohhell
    from ohhell.version import __version__

    pyproject = tomllib.loads((Path(__file__).resolve().parents[1] / "pyproject.toml").read_text())
    assert "version" in pyproject["project"]["dynamic"]
    assert pyproject["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "ohhell.version.__version__"}
    assert ohhell.__version__ == __version__ == importlib.metadata.version("ohhell")


@pytest.mark.parametrize(
    "name",
    [
        pytest.param(n, marks=pytest.mark.xfail(strict=True, reason="imports the library at module level"))
        if n in NOT_YET_LAZY
        else n
        for n in COMMANDS
    ],
)
def test_registering_a_command_imports_no_heavy_library(name: str) -> None:
    code = (
        "import importlib\nfrom ohhell.cli.common import Parser\n"
        "sub = Parser(prog='ohhell').add_subparsers(parser_class=Parser)\n"
        f"importlib.import_module('ohhell.cli.{name}').register(sub)"
    )
    assert heavy_after(code) == []


@pytest.mark.xfail(bool(NOT_YET_LAZY), strict=True, reason=f"{', '.join(NOT_YET_LAZY)} import the library eagerly")
def test_help_imports_no_heavy_library() -> None:
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "ohhell.cli", "--help"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0 and "variants" in done.stdout
    imported = {line.rsplit("|", 1)[-1].strip() for line in done.stderr.splitlines() if line.startswith("import time")}
    assert "ohhell.cli" in imported and not imported & set(HEAVY)


# -- help pages -----------------------------------------------------------------------------


def subparsers() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(action.choices)


def test_every_help_page_fills_in_its_lists() -> None:
    from ohhell.strategies.registry import NAMES

    pages = {name: p.format_help() for name, p in subparsers().items()}
    for name, text in pages.items():
        assert not re.search(r"\{[a-z_]+\}", text), name
        assert "%%" not in text, name
    assert "95% interval" in pages["tournament"]
    flat = {name: " ".join(text.split()) for name, text in pages.items()}
    assert ", ".join(NAMES).replace("-", "- ").split()[0] in flat["tournament"]
    joined = {name: text.replace("- ", "-") for name, text in flat.items()}  # argparse wraps at hyphens
    assert "card-odds" in joined["tournament"] and "card-odds" in joined["bid-table"]
    assert "(default strongest-fast)" in joined["bid-table"] and "(default strongest-fast)" in joined["seat-advantage"]
    assert "boerenbridge, bondebridge, openspiel" in flat["play"]
    assert "restriction: hook, first-adjusts" in flat["variant-balance"]
    assert "side_aces" in flat["bid-table"]


# -- one convention for --jobs and --progress -------------------------------------------

SIMULATING = ("tournament", "bid-table", "study", "seat-advantage", "bid-success", "variant-balance", "folk-tips")


def test_jobs_and_progress_are_one_convention(capsys: pytest.CaptureFixture[str]) -> None:
    pages = subparsers()
    with_jobs = {name for name, p in pages.items() if any("--jobs" in a.option_strings for a in p._actions)}
    assert with_jobs == set(SIMULATING)
    for name in SIMULATING:
        required = {"tournament": ["--rules", "boerenbridge", "--strategies", "folk", "--deals", "5"]}
        required["bid-table"] = ["--rules", "boerenbridge"]
        base = [name, *required.get(name, [])]
        parser = build_parser()
        args = parser.parse_args(base)
        assert (args.jobs, args.progress) == (-1, None), name  # None: on when standard error is a terminal
        args = parser.parse_args([*base, "--jobs", "3", "--no-progress"])
        assert (args.jobs, args.progress) == (3, False), name
        args = parser.parse_args([*base, "--n-jobs", "2"])  # the old spelling still works
        assert args.jobs == 2, name
        assert "--n-jobs is deprecated, use --jobs" in capsys.readouterr().err
        assert "--n-jobs" not in pages[name].format_help()
        with pytest.raises(SystemExit) as info:
            parser.parse_args([*base, "--jobs", "0"])
        assert info.value.code == 2
        assert "argument --jobs: takes a whole number of worker processes" in capsys.readouterr().err


def test_tournament_passes_jobs_and_progress(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import ohhell.tournament

    seen: dict[str, Any] = {}
    real = ohhell.tournament.tournament

    def spy(*args: Any, **kwargs: Any) -> Any:
        seen.update(kwargs)
        return real(*args, **{**kwargs, "n_jobs": 1})

    monkeypatch.setattr(ohhell.tournament, "tournament", spy)
    argv = ["tournament", "--rules", "boerenbridge", "--strategies", "folk,random,folk,random", "--deals", "40"]
    status, _, err = run(capsys, *argv, "--jobs", "2", "--no-progress")
    assert status == 0 and (seen["n_jobs"], seen["progress"]) == (2, False)
    assert "deal/s" not in err  # no bar
    status, _, err = run(capsys, *argv, "--jobs", "1")  # captured: not a terminal
    assert status == 0 and (seen["n_jobs"], seen["progress"]) == (1, False) and "deal/s" not in err
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    status, _, err = run(capsys, *argv, "--jobs", "1")
    assert status == 0 and (seen["n_jobs"], seen["progress"]) == (1, True) and "deal/s" in err
    status, _, err = run(capsys, *argv, "--jobs", "1", "--no-progress")
    assert status == 0 and seen["progress"] is False and "deal/s" not in err


# -- Ctrl-C -------------------------------------------------------------------------------


def test_ctrl_c_exits_130_with_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    import ohhell.sim.run

    real = ohhell.sim.run.play_chunk

    def interrupted_at_1(job: Any, chunk: Any) -> Any:
        if chunk.index == 1:
            raise KeyboardInterrupt
        return real(job, chunk)

    monkeypatch.setattr(ohhell.sim.run, "play_chunk", interrupted_at_1)
    argv = ["seat-advantage", "--deals", "3000", "--matches", "0", "--jobs", "1", "--no-progress"]
    status, out, err = run(capsys, *argv, "--out", str(tmp_path))
    assert status == 130 and out == ""
    assert err.splitlines() == [
        f"ohhell seat-advantage: interrupted after 1 of 3 chunks; 1 chunks are saved in {tmp_path}"
        f"{os.sep}checkpoints{os.sep}boerenbridge-4{os.sep}deals: rerun to resume"
    ]
    monkeypatch.setattr(ohhell.sim.run, "play_chunk", real)
    status, out, err = run(capsys, *argv, "--out", str(tmp_path))
    assert status == 0, err


# -- one-card output for machines --------------------------------------------------------


def test_one_card_csv_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    from ohhell.exact import one_card_analysis

    analysis = one_card_analysis(boerenbridge(3))
    status, out, err = run(capsys, "one-card", "--rules", "boerenbridge", "--players", "3", "--format", "csv")
    assert status == 0 and err == ""
    rows = list(csv.DictReader(io.StringIO(out)))
    assert list(rows[0]) == list(analysis.seats.columns)
    assert [round(float(r["expected_score"]), 9) for r in rows] == analysis.seats["expected_score"].round(9).tolist()
    argv = ["one-card", "--rules", "boerenbridge", "--players", "3", "--format", "csv", "--table", "summary"]
    status, out, _ = run(capsys, *argv)
    assert [r["text"] for r in csv.DictReader(io.StringIO(out))] == analysis.summary["text"].tolist()
    status, out, _ = run(capsys, "one-card", "--rules", "boerenbridge", "--players", "3", "--format", "json")
    document = json.loads(out)
    assert status == 0 and document["meta"]["players"] == 3 and document["meta"]["restriction"] == "hook"
    assert set(document["tables"]) == {"seats", "summary", "thresholds", "win"}
    assert len(document["tables"]["win"]) == len(analysis.win)
    assert [s["p_win"] for s in document["tables"]["seats"]] == pytest.approx(analysis.seats["p_win"].tolist())
