"""``ohhell replay FILE --rules NAME``: validate and score recorded deals."""

from __future__ import annotations

import argparse
import csv
import json
import sys
from typing import Any

from ohhell.cli.common import add_rules_options, rules_from
from ohhell.engine import DealResult, RecordError
from ohhell.records import read_jsonl, replay
from ohhell.rules import PRESETS, RulesError


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
    p.set_defaults(handler=run)


def _row(line: int, result: DealResult) -> dict[str, Any]:
    return {
        "line": line,
        "winners": list(result.winners),
        "tricks_won": list(result.tricks_won),
        "scores": list(result.scores),
    }


def run(args: argparse.Namespace) -> int:
    if args.rules.strip().lower().replace("_", "-") not in PRESETS:
        raise RulesError(f"unknown rules {args.rules!r}; presets are: {', '.join(sorted(PRESETS))}")
    rows: list[dict[str, Any]] = []
    failed = 0
    for line, item in read_jsonl(args.file):
        try:
            if isinstance(item, RecordError):
                raise item
            rules = rules_from(args, item.players)
            rows.append(_row(line, replay(item, rules)))
        except (RecordError, RulesError) as exc:
            failed += 1
            print(f"{args.file}:{line}: {exc}", file=sys.stderr)
    if args.format == "jsonl":
        for row in rows:
            print(json.dumps(row))
    elif args.format == "csv":
        writer = csv.writer(sys.stdout)
        writer.writerow(["line", "winners", "tricks_won", "scores"])
        for row in rows:
            writer.writerow([row["line"]] + [" ".join(map(str, row[k])) for k in ("winners", "tricks_won", "scores")])
    else:
        for row in rows:
            print(
                f"line {row['line']:>4}  trick winners {' '.join(map(str, row['winners'])):<20}"
                f"  tricks {' '.join(map(str, row['tricks_won'])):<14}  scores {' '.join(map(str, row['scores']))}"
            )
    total = len(rows) + failed
    print(f"{len(rows)} of {total} deals valid, {failed} rejected", file=sys.stderr)
    return 1 if failed else 0
