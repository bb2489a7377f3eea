"""Answers of the solver on seeded random deals, to compare one version of the search with another.

Run from the project root:

    python benchmarks/check_solver.py --write answers.json   # record this version's answers
    python benchmarks/check_solver.py --check answers.json   # compare with recorded ones

Deals: 4 x 5, 4 x 7, 3 x 8, 5 x 5 and 7 x 4 with a trump suit, no trump and
the Setesdal pair (seat 0 leads, one random seat asked about), 60 of each kind
by default; for each, ``trick_bounds`` and ``exact_targets``.  A speed-up of
the search must leave every answer as it was.  Prints the nodes and seconds
of the whole run.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from solver_deals import random_positions

from ohhell.strategies.solver import TranspositionTable, exact_targets, solve_stats, trick_bounds

SIZES = [(4, 5), (4, 7), (3, 8), (5, 5), (7, 4)]


def answers(deals: int, seed: int) -> tuple[dict[str, list[object]], int, float]:
    """The answers by deal, the nodes searched and the seconds taken."""
    table = TranspositionTable()
    out: dict[str, list[object]] = {}
    nodes = 0
    t0 = time.perf_counter()
    for players, cards in SIZES:
        for trump in ("suit", "none", "setesdal"):
            cases = random_positions(players, cards, trump, deals, seed + 10 * players + cards)
            for i, (pos, seat) in enumerate(cases):
                table.clear()
                lo, hi = trick_bounds(pos, seat, table=table)
                nodes += solve_stats().nodes
                table.clear()
                targets = exact_targets(pos, seat, table=table)
                nodes += solve_stats().nodes
                out[f"{players}x{cards}-{trump}-{i}"] = [seat, lo, hi, list(targets)]
    return out, nodes, time.perf_counter() - t0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=60, help="deals of each size and trump kind")
    parser.add_argument("--seed", type=int, default=11)
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--write", type=Path, help="record the answers to this file")
    group.add_argument("--check", type=Path, help="compare the answers with this file")
    args = parser.parse_args()
    got, nodes, seconds = answers(args.deals, args.seed)
    print(f"{len(got)} deals, {nodes:,} nodes, {seconds:.2f} s")
    if args.write:
        args.write.write_text(json.dumps(got, sort_keys=True), encoding="utf-8")
        print(f"written to {args.write}")
        return
    want = json.loads(args.check.read_text(encoding="utf-8"))
    bad = [k for k in want if want[k] != got.get(k)]
    for k in bad[:20]:
        print(f"{k}: recorded {want[k]}, now {got.get(k)}")
    print(f"{len(want) - len(bad)} of {len(want)} answers as recorded")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
