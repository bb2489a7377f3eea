"""``ohhell dutch simulate`` and ``ohhell dutch replay``, run in-process through :func:`ohhell.cli.main`."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

import pytest

from ohhell.cli import main
from ohhell.dutch.cards import parse
from ohhell.dutch.rules import Call, CardValues, round_scores

CARD = re.compile(r"^([A2-9TJQK][CDHS]|JK)$")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_simulate_writes_one_json_object_per_round(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "dutch", "simulate", "--players", "3", "--rounds", "15", "--seed", "4")
    assert status == 0
    rows = [json.loads(line) for line in out.splitlines()]
    assert len(rows) == 15
    values = CardValues()
    totals = [0, 0, 0]
    for row in rows:
        assert row["players"] == 3
        assert row["caller"] is None or 0 <= row["caller"] < 3
        hands = row["final_hands"]
        assert len(hands) == 3 and all(len(h) == 4 and all(CARD.match(c) for c in h) for h in hands)
        hand_values = [sum(values.value(c) for c in parse(h)) for h in hands]
        assert row["scores"] == list(round_scores(hand_values, row["caller"], Call()))
        totals = [0, 0, 0] if row["round"] == 0 else totals
        totals = [t + s for t, s in zip(totals, row["scores"])]
        assert row["totals"] == totals
        assert row["match_over"] == (max(totals) >= 100)
        if row["match_over"]:
            assert row["winners"] == [s for s in range(3) if totals[s] == min(totals)]
    assert any(r["match_over"] for r in rows)
    assert "15 rounds" in err and "calls succeeded" in err
    again = run(capsys, "dutch", "simulate", "--players", "3", "--rounds", "15", "--seed", "4")[1]
    assert again == out
    other = run(capsys, "dutch", "simulate", "--players", "3", "--rounds", "15", "--seed", "5")[1]
    assert other != out


def test_simulate_csv_and_mixed_players(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["dutch", "simulate", "--players", "2", "--rounds", "4", "--format", "csv"]
    status, out, _ = run(capsys, *argv, "--player", "memory", "--player", "threshold")
    assert status == 0
    table = list(csv.DictReader(io.StringIO(out)))
    assert len(table) == 4
    assert {"caller", "hand_0", "hand_1", "score_0", "score_1", "total_0", "total_1"} <= set(table[0])
    assert all(len(r["hand_0"].split()) == 4 for r in table)


def test_simulated_records_replay_and_a_tampered_one_is_rejected(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "rounds.jsonl"
    status, out, _ = run(capsys, "dutch", "simulate", "--rounds", "6", "--seed", "8", "--records", str(path))
    assert status == 0
    scores = [json.loads(line)["scores"] for line in out.splitlines()]
    status, out, err = run(capsys, "dutch", "replay", str(path), "--format", "json")
    assert status == 0 and "6 of 6 rounds valid" in err
    assert [json.loads(line)["scores"] for line in out.splitlines()] == scores
    lines = path.read_text().splitlines()
    bad = json.loads(lines[1])
    bad["scores"][0] += 1
    bad_action = json.loads(lines[2])
    bad_action["actions"][0][1] = "discard"
    path.write_text("\n".join([lines[0], json.dumps(bad), json.dumps(bad_action), "{not json"]) + "\n")
    status, out, err = run(capsys, "dutch", "replay", str(path))
    assert status == 1
    assert "1 of 4 rounds valid, 3 rejected" in err
    assert ":2: recorded scores" in err and ":3: action 1: seat" in err and "'discard'" in err and ":4: not JSON" in err
    assert out.startswith("record    1  called by")


def test_bad_input_is_one_line_and_a_non_zero_exit(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    for argv, message in (
        (["dutch", "simulate", "--players", "11"], "Dutch is for 2 to 10 players, got 11"),
        (["dutch", "simulate", "--rounds", "0"], "--rounds must be at least 1"),
        (["dutch", "simulate", "--player", "clever"], "unknown Dutch player 'clever'"),
        (["dutch", "simulate", "--players", "3", "--player", "random", "--player", "random"], "one per seat (3)"),
        (["dutch", "replay", str(tmp_path / "missing.jsonl")], "No such file"),
    ):
        status, out, err = run(capsys, *argv)
        assert status == 2 and out == "" and message in err and err.count("\n") == 1, (argv, err)


def test_replay_reads_one_pretty_printed_record_or_a_list(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    from ohhell.dutch import RandomPlayer, dutch, play_round
    from ohhell.dutch.record import RoundRecord

    records = [RoundRecord.from_result(play_round(dutch(2), [RandomPlayer()] * 2, seed=s)).to_json() for s in (1, 2)]
    one, many = tmp_path / "one.json", tmp_path / "many.json"
    one.write_text(json.dumps(records[0], indent=2))
    many.write_text(json.dumps(records))
    status, out, err = run(capsys, "dutch", "replay", str(one))
    assert status == 0 and "1 of 1 rounds valid" in err and out.count("\n") == 1
    status, out, err = run(capsys, "dutch", "replay", str(many), "--format", "json")
    assert status == 0 and [json.loads(line)["scores"] for line in out.splitlines()] == [r["scores"] for r in records]


def test_dutch_study_takes_jobs_and_progress_as_every_command_does(capsys: pytest.CaptureFixture[str]) -> None:
    from ohhell.cli import build_parser

    parser = build_parser()
    args = parser.parse_args(["dutch", "study", "c.toml"])
    assert (args.jobs, args.progress) == (-1, None)  # every core; progress when standard error is a terminal
    args = parser.parse_args(["dutch", "study", "c.toml", "--jobs", "2", "--no-progress"])
    assert (args.jobs, args.progress) == (2, False)
    args = parser.parse_args(["dutch", "study", "c.toml", "--n-jobs", "3"])  # the old spelling still works
    assert args.jobs == 3 and "--n-jobs is deprecated, use --jobs" in capsys.readouterr().err


def test_a_round_under_house_rules_records_its_rules_and_replays_under_them(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from dataclasses import replace

    from ohhell.dutch import MemoryPlayer, dutch, play_round
    from ohhell.dutch.record import RoundRecord, replay
    from ohhell.dutch.rules import DiscardDraw, Powers, rules_from_options
    from tests.test_dutch_players import RULE_SETS

    for name, rules in RULE_SETS.items():
        r = play_round(rules, [MemoryPlayer()] * rules.players, seed=4)
        data = json.loads(json.dumps(RoundRecord.from_result(r).to_json()))
        assert (data["rules"] == "dutch") == (rules == dutch(rules.players)), name
        again = replay(RoundRecord.from_json(data))  # the record's own rules, not the preset's
        assert (again.scores, again.final_hands, again.events) == (r.scores, r.final_hands, r.events), name
    house = replace(
        dutch(3), powers=Powers(exchange=("J", "K"), optional=False), discard_draw=DiscardDraw(must_swap=False)
    )
    record = RoundRecord.from_result(play_round(house, [MemoryPlayer()] * 3, seed=9)).to_json()
    assert record["rules"] == {
        "powers": {"exchange": ["J", "K"], "optional": False},
        "discard_draw": {"must_swap": False},
    }
    assert rules_from_options(record["rules"], players=3) == house
    bad = dict(record, rules={"powers": {"exchanges": ["J"]}})
    path = tmp_path / "house.jsonl"
    path.write_text(
        json.dumps(record) + "\n" + json.dumps(bad) + "\n" + json.dumps(dict(record, rules="wizard")) + "\n"
    )
    status, _, err = run(capsys, "dutch", "replay", str(path))
    assert status == 1 and "1 of 3 rounds valid" in err
    assert "unknown option powers.exchanges; powers has: exchange, look, optional, spare_caller" in err
    assert "unknown rules 'wizard'" in err
