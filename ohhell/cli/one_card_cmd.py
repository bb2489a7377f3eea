"""``ohhell one-card``: the exact 1-card round of a preset (P(win), optimal bids, expected score per seat)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ohhell.cli.common import add_rules_options, rules_from

FORMATS = ("text", "csv", "json")

#: The tables of the analysis (``--table`` picks one for csv).
TABLES = ("seats", "summary", "thresholds", "win")


def register(sub: Any) -> None:
    p = sub.add_parser(
        "one-card",
        help="exact 1-card round: P(win) by card and seat, optimal bids, expected score per seat",
        description="Computes the 1-card round exactly (no simulation) for 2-7 players on one 52-card deck with"
        " the preset's bidding order, restriction, bidding sight and score table for one card. Positions count"
        " from the dealer's left: 0 leads and bids first, the last position deals.",
    )
    add_rules_options(p)
    p.add_argument("--no-trump", action="store_true", help="a round without trump (default: a card turned up)")
    p.add_argument(
        "--format",
        choices=FORMATS,
        default="text",
        help="text (default: the tables to read), csv (the --table, long form) or json (the meta and every table)",
    )
    p.add_argument(
        "--table",
        choices=TABLES,
        default="seats",
        help="the table --format csv writes (default seats): seats (per position), summary (the bids in words),"
        " thresholds (each bid with its P(win) and expected scores), win (P(win) by card)",
    )
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from dataclasses import replace

    from ohhell.exact import format_analysis, one_card_analysis
    from ohhell.rules import StandardDeck

    rules = rules_from(args)
    if not isinstance(rules.deck, StandardDeck):
        note = f"note: {rules.name} uses {rules.deck!r} for {rules.players} players; analysed on one 52-card deck"
        print(note, file=sys.stdout if args.format == "text" else sys.stderr)
        rules = replace(rules, deck=StandardDeck())
    analysis = one_card_analysis(rules, trump=not args.no_trump)
    if args.format == "csv":
        sys.stdout.write(getattr(analysis, args.table).to_csv(index=False))
    elif args.format == "json":
        document = {
            "meta": analysis.meta,
            "tables": {name: json.loads(getattr(analysis, name).to_json(orient="records")) for name in TABLES},
        }
        print(json.dumps(document, indent=1, default=str))
    else:
        print(format_analysis(analysis))
    return 0
