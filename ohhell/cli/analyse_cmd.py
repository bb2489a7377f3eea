"""``ohhell analyse FILE --rules NAME [--format table|jsonl|html]``: grade every bid and card of recorded deals."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ohhell.cli.common import add_rules_options, rules_from


def register(sub: Any) -> None:
    p = sub.add_parser(
        "analyse",
        help="grade every bid and card of recorded deals against the strong player, seat by seat",
        description="FILE holds deal records (the JSON record of `ohhell replay`): one per line (a match), or one"
        " JSON record or a JSON list of records. Every decision"
        " of every seat is graded from that seat's information only: the expected score of each legal choice"
        " (exact in 1-card bids, else rollouts in independent batches with a t-interval), the best choice and"
        " the loss. Bad deals are reported on stderr with their line, seat and rule; the others are still"
        " analysed. Exit status 1 if any deal was rejected.",
    )
    p.add_argument("file", help="JSON Lines file of deal records")
    add_rules_options(p)
    p.add_argument("--format", choices=("table", "jsonl", "html"), default="table")
    p.add_argument("--output", "-o", default=None, metavar="PATH", help="write here instead of stdout")
    p.add_argument("--seed", type=int, default=0, help="seed of the evaluation (default 0)")
    p.add_argument("--batches", type=int, default=8, help="independent batches per decision (default 8)")
    p.add_argument("--samples", type=int, default=50, help="sampled deals per batch (default 50)")
    p.add_argument(
        "--playout",
        choices=("distilled", "policy"),
        default="distilled",
        help="what plays the sampled deals out: the distilled policy (default) or the rollout policy",
    )
    p.add_argument(
        "--threshold",
        type=float,
        default=1.0,
        help="a loss above this is marked and listed (default 1 point; -1 lists every decision)",
    )
    p.add_argument(
        "--sheet",
        action="store_true",
        help="FILE is a score sheet (the `ohhell score --input` format: bids / tricks per round, no cards):"
        " grade the bids only, from bid-value tables of simulated strong players",
    )
    p.add_argument("--names", default=None, help="with --sheet: comma-separated player names, in seat order")
    p.add_argument("--first-dealer", type=int, default=None, help="with --sheet: seat of the first dealer")
    p.add_argument("--deals", type=int, default=100_000, help="with --sheet: simulated deals for the tables")
    p.set_defaults(handler=run)


def _records(path: str) -> list[tuple[int, Any]]:
    """(number, record or error) pairs: JSON Lines, or one JSON record (a list of records) spread over lines."""
    from ohhell.engine import RecordError
    from ohhell.records import DealRecord, read_jsonl

    with open(path, encoding="utf-8") as fh:
        text = fh.read()
    try:
        whole = json.loads(text)
    except json.JSONDecodeError:
        return list(read_jsonl(path))
    items = whole if isinstance(whole, list) else [whole]
    out: list[tuple[int, Any]] = []
    for number, data in enumerate(items, start=1):
        try:
            out.append((number, DealRecord.from_dict(data)))
        except RecordError as exc:
            out.append((number, exc))
    return out


def _first_players(records: list[tuple[int, Any]]) -> int | None:
    for _, item in records:
        if not isinstance(item, Exception):
            return int(item.players)
    return None


def run_sheet(args: argparse.Namespace) -> int:
    from ohhell.cli.score_cmd import parse_names, parse_round
    from ohhell.records import ScoreSheet
    from ohhell.review.sheet import bid_value_table, review_sheet

    if args.format == "html":
        raise ValueError(
            "--sheet reviews bids only; choose --format table or jsonl (the HTML report needs card records)"
        )
    names = parse_names(args.names) if args.names else None
    rules = rules_from(args, len(names) if names else None)
    sheet = ScoreSheet(rules, names=names, first_dealer=args.first_dealer)
    with open(args.file, encoding="utf-8") as fh:
        for number, line in enumerate(fh, start=1):
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            try:
                _, bids, tricks = parse_round(line)
                sheet.add_round(bids, tricks)
            except ValueError as exc:
                raise ValueError(f"{args.file}:{number}: {exc}") from None
    table = bid_value_table(rules, deals=args.deals, seed=args.seed)
    review = review_sheet(sheet, table)
    print(review.note, file=sys.stderr)
    if args.format == "jsonl":
        for row in review.decisions.to_dict(orient="records"):
            row["values"] = {str(k): round(v, 4) for k, v in row["values"].items()}
            clean = {k: (None if isinstance(v, float) and v != v else v) for k, v in row.items()}
            print(json.dumps({**clean, "phase": "bid"}))
    else:
        print(review.decisions.drop(columns=["values"]).to_string(index=False))
        print()
        print(review.summary.to_string(index=False))
    return 0


def run(args: argparse.Namespace) -> int:
    if args.sheet:
        return run_sheet(args)
    from ohhell.review import Budget, review_records
    from ohhell.review.text import decisions_table, summary_table
    from ohhell.rules import PRESETS, RulesError, preset

    if args.rules.strip().lower().replace("_", "-") not in PRESETS:
        raise RulesError(f"unknown rules {args.rules!r}; presets are: {', '.join(sorted(PRESETS))}")
    records = _records(args.file)
    players = args.players if args.players is not None else _first_players(records)
    rules = preset(args.rules, players)
    budget = Budget(batches=args.batches, samples=args.samples, playout=args.playout)
    review = review_records(records, rules, seed=args.seed, budget=budget)
    for line, reason in review.rejected:
        print(f"{args.file}:{line}: {reason}", file=sys.stderr)
    if args.format == "jsonl":
        text = "".join(json.dumps(d.to_dict()) + "\n" for d in review.decisions)
    elif args.format == "html":
        from ohhell.review.html_report import render_html

        text = render_html(review, threshold=args.threshold, title=f"Review of {args.file}")
    else:
        text = decisions_table(review, threshold=args.threshold) + "\n\n" + summary_table(review) + "\n"
    if args.output:
        with open(args.output, "w", encoding="utf-8") as fh:
            fh.write(text)
    else:
        sys.stdout.write(text)
    total = len(review.deals) + len(review.rejected)
    print(f"{len(review.deals)} of {total} deals analysed, {len(review.rejected)} rejected", file=sys.stderr)
    return 1 if review.rejected else 0
