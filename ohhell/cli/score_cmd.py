"""``ohhell score``: keep score of a real game, round by round."""

from __future__ import annotations

import argparse
import sys
from typing import Any, TextIO

from ohhell.cli.common import add_rules_options, rules_from
from ohhell.engine import RecordError
from ohhell.records import ScoreSheet

FORMAT = "each round: the bids, a slash, the tricks, one number per player, e.g. `1 0 2 0 / 1 1 1 0`"


def register(sub: Any) -> None:
    p = sub.add_parser(
        "score",
        help="keep score of a real game (bids and tricks per round)",
        description=f"Reads rounds from --input or standard input, {FORMAT}. A round that breaks the rules is"
        " refused with the reason and can be entered again. Prints the running totals and the winner.",
    )
    add_rules_options(p)
    p.add_argument("--names", default=None, help="comma-separated player names, in seat order")
    p.add_argument("--first-dealer", type=int, default=None, help="seat of the first dealer (default: preset's)")
    p.add_argument("--input", default=None, help="file with one round per line (default: standard input)")
    p.add_argument("--chart", default=None, help="write the running-totals chart to this image file")
    p.set_defaults(handler=run)


def _parse(line: str) -> tuple[list[int], list[int]]:
    if "/" not in line:
        raise ValueError(f"expected {FORMAT}")
    left, right = line.split("/", 1)
    return [int(x) for x in left.split()], [int(x) for x in right.split()]


def run(args: argparse.Namespace) -> int:
    names = [n.strip() for n in args.names.split(",")] if args.names else None
    rules = rules_from(args, len(names) if names else None)
    sheet = ScoreSheet(rules, names=names, first_dealer=args.first_dealer)
    stream: TextIO = open(args.input, encoding="utf-8") if args.input else sys.stdin  # noqa: SIM115
    interactive = stream.isatty()
    refused = 0
    try:
        while not sheet.finished:
            if interactive:
                print(f"{sheet.next_round()} > ", end="", flush=True)
            line = stream.readline()
            if not line:
                break
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            try:
                bids, tricks = _parse(line)
                scores = sheet.add_round(bids, tricks)
            except (ValueError, RecordError) as exc:
                refused += 1
                print(f"refused: {exc}", file=sys.stderr)
                continue
            print(f"round {len(sheet.ledger.history)}: scores {' '.join(map(str, scores))}")
    finally:
        if stream is not sys.stdin:
            stream.close()
    print(sheet.running_totals().to_string())
    state = "winner" if sheet.finished else "leader (match not finished)"
    print(f"{state}: {', '.join(sheet.leaders())}")
    if args.chart:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        fig, ax = plt.subplots(figsize=(7, 4))
        sheet.plot(ax=ax)
        fig.savefig(args.chart, dpi=120, bbox_inches="tight")
        plt.close(fig)
        print(f"chart written to {args.chart}")
    return 1 if refused and not interactive else 0
