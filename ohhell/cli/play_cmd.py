"""``ohhell play``: play one seeded match and print its score sheet."""

from __future__ import annotations

import argparse
from typing import Any

from ohhell.cli.common import add_rules_options, rules_from


def register(sub: Any) -> None:
    p = sub.add_parser("play", help="play one seeded match with random players and print the score sheet")
    add_rules_options(p)
    p.add_argument("--seed", type=int, default=2026, help="seed of the match (default 2026)")
    p.add_argument("--records", default=None, help="write every deal as a JSON Lines record to this file")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from ohhell.engine import play_match
    from ohhell.records import DealRecord, write_jsonl
    from ohhell.strategies import RandomStrategy

    rules = rules_from(args)
    match = play_match(rules, [RandomStrategy()] * rules.players, seed=args.seed)
    if args.records:
        write_jsonl([DealRecord.from_result(d) for d in match.deals], args.records)
    n = rules.players
    print(f"{rules.name}, {n} players, seed {args.seed}")
    print(f"{'round':>5} {'cards':>5} {'trump':>5}  " + "  ".join(f"{'seat ' + str(s):>14}" for s in range(n)))
    for i, (d, seats) in enumerate(zip(match.deals, match.seats)):
        cells = [""] * n
        for local, seat in enumerate(seats):
            cells[seat] = f"{d.bids[local]}/{d.tricks_won[local]} {d.scores[local]:+d}"
        totals = match.running_totals()[i]
        print(
            f"{i + 1:>5} {d.hand_size:>5} {d.trump!s:>5}  " + "  ".join(f"{c:>8} {t:>5}" for c, t in zip(cells, totals))
        )
    print(f"winner: {', '.join('seat ' + str(s) for s in match.winners)}  totals: {list(match.totals)}")
    if args.records:
        print(f"{len(match.deals)} deal records written to {args.records}")
    return 0
