"""``ohhell one-card``: the exact 1-card round of a preset (P(win), optimal bids, expected score per seat)."""

from __future__ import annotations

import argparse
from dataclasses import replace
from typing import Any

from ohhell.cli.common import add_rules_options, rules_from
from ohhell.exact import format_analysis, one_card_analysis
from ohhell.rules import StandardDeck


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
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    rules = rules_from(args)
    if not isinstance(rules.deck, StandardDeck):
        print(f"note: {rules.name} uses {rules.deck!r} for {rules.players} players; analysed on one 52-card deck")
        rules = replace(rules, deck=StandardDeck())
    print(format_analysis(one_card_analysis(rules, trump=not args.no_trump)))
    return 0
