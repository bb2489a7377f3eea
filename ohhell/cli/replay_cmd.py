"""``ohhell replay FILE --rules NAME``: validate and score recorded deals."""

from __future__ import annotations

import argparse
import csv
import json
import sys
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from ohhell.cli.common import add_rules_options, rules_from

if TYPE_CHECKING:
    from ohhell.engine import DealResult
    from ohhell.rules import Rules

#: Files with at least this many lines show a progress bar on a terminal.
PROGRESS_LINES = 2_000


def register(sub: Any) -> None:
    p = sub.add_parser(
        "replay",
        help="validate recorded deals (JSON Lines) against a preset and score them",
        description="Each line of FILE is one deal record (see docs/reference/deal-record.md). Bad deals are"
        " reported on stderr with their line; the others are still scored. Exit status 1 if any failed.",
    )
    p.add_argument("file", help="JSON Lines file of deal records")
    add_rules_options(p)
    p.add_argument("--format", choices=("jsonl", "csv", "table"), default="table")
    p.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help=f"a progress bar on stderr (default: for files of {PROGRESS_LINES:,} lines or more, on a terminal)",
    )
    p.set_defaults(handler=run)


def _row(line: int, result: DealResult) -> dict[str, Any]:
    return {
        "line": line,
        "winners": list(result.winners),
        "tricks_won": list(result.tricks_won),
        "scores": list(result.scores),
    }


def _writer(fmt: str) -> Callable[[dict[str, Any]], None]:
    """A function printing one scored row in ``fmt``, as it comes (the csv header first)."""
    if fmt == "jsonl":
        return lambda row: print(json.dumps(row))
    if fmt == "csv":
        writer = csv.writer(sys.stdout)
        writer.writerow(["line", "winners", "tricks_won", "scores"])
        return lambda row: writer.writerow(
            [row["line"]] + [" ".join(map(str, row[k])) for k in ("winners", "tricks_won", "scores")]
        )

    def table(row: dict[str, Any]) -> None:
        print(
            f"line {row['line']:>4}  trick winners {' '.join(map(str, row['winners'])):<20}"
            f"  tricks {' '.join(map(str, row['tricks_won'])):<14}  scores {' '.join(map(str, row['scores']))}"
        )

    return table


def _count_lines(path: str) -> int:
    with open(path, "rb") as fh:
        return sum(chunk.count(b"\n") for chunk in iter(lambda: fh.read(1 << 20), b""))


def _with_progress(items: Iterator[Any], path: str, wanted: bool | None) -> tuple[Iterator[Any], Callable[[str], None]]:
    """``items`` with a tqdm bar on stderr when asked, or by default for big files on a terminal;
    and the function that prints a message on stderr without breaking the bar."""

    def say(message: str) -> None:
        print(message, file=sys.stderr)

    if wanted is False or (wanted is None and not sys.stderr.isatty()):
        return items, say
    total = _count_lines(path)
    if wanted is None and total < PROGRESS_LINES:
        return items, say
    from tqdm import tqdm

    bar = tqdm(items, total=total, unit=" lines", file=sys.stderr, mininterval=0.5)
    return iter(bar), lambda message: tqdm.write(message, file=sys.stderr)


def run(args: argparse.Namespace) -> int:
    from ohhell.engine import RecordError
    from ohhell.records.record import DealRecord, read_jsonl
    from ohhell.records.replay import replay
    from ohhell.rules import PRESETS, RulesError

    if args.rules.strip().lower().replace("_", "-") not in PRESETS:
        raise RulesError(f"unknown rules {args.rules!r}; presets are: {', '.join(sorted(PRESETS))}")
    rules_by_players: dict[int, Rules | RulesError] = {}

    def rules_for(rec: DealRecord) -> Rules:
        if rec.players not in rules_by_players:
            try:
                rules_by_players[rec.players] = rules_from(args, rec.players)
            except RulesError as exc:
                rules_by_players[rec.players] = exc
        found = rules_by_players[rec.players]
        if isinstance(found, RulesError):
            raise RulesError(str(found))
        return found

    write = _writer(args.format)
    valid = failed = 0
    lines, say = _with_progress(read_jsonl(args.file), args.file, args.progress)
    for line, item in lines:
        try:
            if isinstance(item, RecordError):
                raise item
            result = replay(item, rules_for(item))
        except (RecordError, RulesError) as exc:
            failed += 1
            say(f"{args.file}:{line}: {exc}")
            continue
        valid += 1
        write(_row(line, result))
    sys.stdout.flush()
    print(f"{valid} of {valid + failed} deals valid, {failed} rejected", file=sys.stderr)
    return 1 if failed else 0
