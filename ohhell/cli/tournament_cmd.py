"""``ohhell tournament``: a duplicate tournament between named strategies."""

from __future__ import annotations

import argparse
from typing import Any

from ohhell.cli.common import add_rules_options, add_run_options, rules_from


def register(sub: Any) -> None:
    p = sub.add_parser(
        "tournament",
        help="duplicate tournament: every deal replayed with the strategies rotated through the seats",
        description="Strategies by name, one per seat (repeat a name for several seats): {strategies}. Prints"
        " each strategy's mean score per deal, made-bid rate and (with --matches) match win rate, each with a"
        " 95% interval, and the pairwise differences.",
    )
    add_rules_options(p)
    p.add_argument("--strategies", required=True, help="comma-separated, one per seat, e.g. folk,ev,random,folk")
    group = p.add_mutually_exclusive_group(required=True)
    group.add_argument("--deals", type=int, help="deals per rotation")
    group.add_argument("--matches", type=int, help="matches per rotation")
    p.add_argument("--seed", type=int, default=2026, help="the seed of every rotation (default 2026)")
    add_run_options(p)
    p.add_argument("--csv", default=None, help="also write the per-deal rows to this CSV file")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    import pandas as pd

    from ohhell.strategies.registry import strategy
    from ohhell.tournament import tournament

    names = [s.strip() for s in args.strategies.split(",") if s.strip()]
    rules = rules_from(args, len(names))
    seating: dict[str, Any] = {}
    for i, name in enumerate(names):
        label = name if name not in seating else f"{name} ({i + 1})"
        seating[label] = strategy(name)
    result = tournament(
        rules,
        seating,
        deals=args.deals,
        matches=args.matches,
        seed=args.seed,
        n_jobs=args.jobs,
        progress=args.progress,
    )
    units = "deals" if args.deals else "matches"
    print(f"{rules.name}, {rules.players} players, {args.deals or args.matches} {units} x {rules.players} rotations,")
    print(f"seed {args.seed}; 95% intervals over {units}")
    with pd.option_context("display.width", 160, "display.max_columns", 20, "display.float_format", "{:.3f}".format):
        print(result.summary.to_string())
        print()
        print(result.pairs.to_string(index=False))
    if args.csv:
        result.deals.to_csv(args.csv, index=False)
        print(f"rows written to {args.csv}")
    return 0
