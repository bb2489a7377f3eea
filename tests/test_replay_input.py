"""Reading a file of deal records: each line decoded and guarded on its own, and ``ohhell replay`` on big files.

A line that is not UTF-8, nests too deep, holds a huge number, NaN or a key
given twice is rejected with its line number; every other line of the file
is still read and scored.  A UTF-8 byte-order mark before line 1 is skipped.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ohhell.cli import main
from ohhell.engine import RecordError, play_match
from ohhell.records import DealRecord, read_jsonl, replay_file
from ohhell.records.record import MAX_DEPTH, MAX_DIGITS, MAX_LINE_BYTES
from ohhell.rules import boerenbridge
from ohhell.strategies import RandomStrategy
from tests.test_records import two_card_deal

GOOD = json.dumps(two_card_deal()).encode()


def read(tmp_path: Path, *lines: bytes) -> list[tuple[int, DealRecord | RecordError]]:
    path = tmp_path / "deals.jsonl"
    path.write_bytes(b"\n".join(lines) + b"\n")
    return list(read_jsonl(path))


def only_error(items: list[tuple[int, DealRecord | RecordError]], line: int) -> str:
    """The lines other than ``line`` are good records; return the message of ``line``'s error."""
    found = dict(items)
    for number, item in found.items():
        if number != line:
            assert isinstance(item, DealRecord), f"line {number}: {item}"
    error = found[line]
    assert isinstance(error, RecordError)
    return str(error)


def test_an_invalid_utf8_byte_rejects_its_line_only(tmp_path: Path) -> None:
    bad = GOOD.replace(b'"AS"', b'"A\xffS"', 1)
    items = read(tmp_path, GOOD, bad, GOOD)
    assert [n for n, _ in items] == [1, 2, 3]
    message = only_error(items, 2)
    column = bad.index(b"\xff") + 1
    assert message == f"not valid UTF-8: byte 0xff at byte {column} of the line"


def test_a_utf8_byte_order_mark_before_line_one_is_skipped(tmp_path: Path) -> None:
    items = read(tmp_path, b"\xef\xbb\xbf" + GOOD, GOOD)
    assert all(isinstance(item, DealRecord) for _, item in items)
    # Only before line 1: elsewhere it is a stray character.
    assert "not valid JSON" in only_error(read(tmp_path, GOOD, b"\xef\xbb\xbf" + GOOD), 2)


def test_a_huge_number_rejects_its_line(tmp_path: Path) -> None:
    huge = GOOD.replace(b'"dealer": 3', b'"dealer": ' + b"9" * 5000)
    message = only_error(read(tmp_path, GOOD, huge, GOOD), 2)
    assert message == f"a number with 5000 digits; numbers in a deal record have at most {MAX_DIGITS}"
    negative = GOOD.replace(b'"dealer": 3', b'"dealer": -' + b"1" * (MAX_DIGITS + 1))
    assert f"{MAX_DIGITS + 1} digits" in only_error(read(tmp_path, negative), 1)
    long_float = GOOD.replace(b'"dealer": 3', b'"dealer": 3.' + b"0" * 5000)
    assert "whole numbers" in only_error(read(tmp_path, long_float), 1)
    # The longest allowed number is read, and refused as a dealer only because it is no seat.
    at_limit = GOOD.replace(b'"dealer": 3', b'"dealer": ' + b"9" * MAX_DIGITS)
    assert isinstance(read(tmp_path, at_limit)[0][1], DealRecord)


@pytest.mark.parametrize("text", [b"[" * 100_000, b'{"players": ' + b"[" * 50 + b"]" * 50 + b"}"])
def test_deep_nesting_rejects_its_line(tmp_path: Path, text: bytes) -> None:
    message = only_error(read(tmp_path, GOOD, text, GOOD), 2)
    assert message == f"arrays or objects nested more than {MAX_DEPTH} deep; a deal record nests 3"


def test_brackets_inside_strings_do_not_count_as_nesting(tmp_path: Path) -> None:
    text = GOOD.replace(b'"trump_card": "2H"', b'"trump_card": "' + b"[" * 50 + b'\\"' + b'"')
    message = only_error(read(tmp_path, text), 1)
    assert message.startswith("trump_card: unknown card")


def test_nan_and_infinity_are_refused(tmp_path: Path) -> None:
    for constant in (b"NaN", b"Infinity", b"-Infinity"):
        message = only_error(read(tmp_path, GOOD.replace(b'"dealer": 3', b'"dealer": ' + constant)), 1)
        assert message == f"not valid JSON: {constant.decode()} is not a number a deal record can hold"


def test_a_key_given_twice_is_refused(tmp_path: Path) -> None:
    twice = GOOD.replace(b'"bids": [', b'"bids": [0, 0, 0, 0], "bids": [')
    assert only_error(read(tmp_path, twice), 1) == "key 'bids' appears twice in one object"


def test_an_over_long_line_is_refused(tmp_path: Path) -> None:
    padded = GOOD[:-1] + b', "note": "' + b"x" * MAX_LINE_BYTES + b'"}'
    message = only_error(read(tmp_path, GOOD, padded), 2)
    assert message == f"a line of {len(padded) + 1:,} bytes; a deal record line has at most {MAX_LINE_BYTES:,}"


def test_replay_file_goes_on_after_every_kind_of_bad_line(tmp_path: Path) -> None:
    path = tmp_path / "mixed.jsonl"
    lines = [b"\xef\xbb\xbf" + GOOD, b"\xff", b"1" * 5000, b"[" * 100_000, b"", GOOD, b"{]"]
    path.write_bytes(b"\n".join(lines) + b"\n")
    outcomes = list(replay_file(path, boerenbridge(4)))
    assert [n for n, _ in outcomes] == [1, 2, 3, 4, 6, 7]
    assert [isinstance(r, RecordError) for _, r in outcomes] == [False, True, True, True, False, True]


# -- ohhell replay ---------------------------------------------------------------------


def big_file(tmp_path: Path, matches: int) -> Path:
    rules = boerenbridge(4)
    path = tmp_path / "big.jsonl"
    with path.open("w", encoding="utf-8") as fh:
        for seed in range(matches):
            for d in play_match(rules, [RandomStrategy()] * 4, seed=seed).deals:
                fh.write(DealRecord.from_result(d).to_json() + "\n")
    return path


def test_replay_command_rejects_bad_lines_and_scores_the_rest(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "deals.jsonl"
    path.write_bytes(b"\n".join([b"\xef\xbb\xbf" + GOOD, b"\xff", b"[" * 100_000, GOOD]) + b"\n")
    status = main(["replay", str(path), "--rules", "boerenbridge", "--format", "jsonl"])
    out, err = capsys.readouterr()
    assert status == 1
    assert [json.loads(line)["line"] for line in out.splitlines()] == [1, 4]
    assert err.splitlines() == [
        f"{path}:2: not valid UTF-8: byte 0xff at byte 1 of the line",
        f"{path}:3: arrays or objects nested more than {MAX_DEPTH} deep; a deal record nests 3",
        "2 of 4 deals valid, 2 rejected",
    ]


def test_progress_bar_only_when_asked_or_on_a_terminal(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = big_file(tmp_path, matches=2)
    assert main(["replay", str(path), "--rules", "boerenbridge", "--format", "csv"]) == 0
    quiet = capsys.readouterr()
    # Captured stderr is no terminal: no bar unless asked.
    assert quiet.err == "30 of 30 deals valid, 0 rejected\n"
    assert main(["replay", str(path), "--rules", "boerenbridge", "--format", "csv", "--progress"]) == 0
    shown = capsys.readouterr()
    assert "30/30" in shown.err and "lines" in shown.err
    assert shown.out == quiet.out
    assert main(["replay", str(path), "--rules", "boerenbridge", "--no-progress"]) == 0
    assert capsys.readouterr().err == "30 of 30 deals valid, 0 rejected\n"


def test_progress_bar_keeps_rejections_on_their_own_lines(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = big_file(tmp_path, matches=1)
    path.write_bytes(path.read_bytes() + b"{oops\n")
    assert main(["replay", str(path), "--rules", "boerenbridge", "--progress"]) == 1
    err = capsys.readouterr().err
    assert f"\n{path}:16: not valid JSON" in "\n" + err.replace("\r", "\n")
    assert err.rstrip().endswith("15 of 16 deals valid, 1 rejected")


@pytest.mark.parametrize(
    "text",
    [b'"' + b'\\"' * 200_000, b'{"x": "' + b'\\"[' * 100_000, b'"' * 300_001, b"[]" * 300_000],
    ids=["escaped-quotes", "unterminated-string", "quotes", "flat-brackets"],
)
def test_pathological_lines_are_rejected_as_not_json(tmp_path: Path, text: bytes) -> None:
    """Long lines of quotes, escapes and brackets (scanned once, in linear time) are just not records."""
    message = only_error(read(tmp_path, GOOD, text, GOOD), 2)
    assert message.startswith(("not valid JSON", "a deal record must be a JSON object")), message


def test_brackets_after_an_escaped_backslash_count(tmp_path: Path) -> None:
    text = b'{"x": "a\\\\", "y": ' + b"[" * 9 + b"]" * 9 + b"}"
    assert json.loads(text)["x"] == "a\\"
    assert only_error(read(tmp_path, text), 1).startswith("arrays or objects nested more than 8 deep")
