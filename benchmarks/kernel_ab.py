"""Time the kernel on a few workloads with whichever ``ohhell`` is importable, to compare two versions.

The machine's timings drift with other load, so run the two versions in
alternation and compare ratios (from the project root):

    git worktree add /tmp/kernel-old <old commit>
    for i in 1 2; do
        PYTHONPATH=/tmp/kernel-old python benchmarks/kernel_ab.py
        python benchmarks/kernel_ab.py
    done

After a checkout in the old worktree, delete its numba cache files
(``find /tmp/kernel-old -name '*.nb[ic]' -delete``): numba would otherwise
load code compiled from the previous checkout's callees.

Prints the best CPU rate of ``run_chunk`` on the compiled path, per workload:
4 x 7 deals (Boerenbridge rules with a fixed hand size) with random, folk and
distilled play, and whole 4-player Boerenbridge matches with random and folk
play.
"""

from __future__ import annotations

import argparse
import time
from dataclasses import replace
from pathlib import Path

import ohhell
from ohhell.engine import Strategy
from ohhell.rules import FixedHands, Rules, compile_rules
from ohhell.sim import run_chunk
from ohhell.sim.paths import Mode
from ohhell.strategies import Distilled, Folk


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=200_000, help="random 4 x 7 deals a run (the others fewer)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per workload, the best kept")
    args = parser.parse_args()
    boerenbridge = ohhell.boerenbridge(4)
    fixed = replace(boerenbridge, schedule=FixedHands(size=7, rounds=1), name="4x7")
    random: Strategy = ohhell.RandomStrategy()
    workloads: list[tuple[str, Rules, Strategy, Mode, int]] = [
        ("random 4x7 deals", fixed, random, "deals", args.deals),
        ("folk 4x7 deals", fixed, Folk(), "deals", args.deals // 2),
        ("distilled 4x7 deals", fixed, Distilled(), "deals", args.deals // 4),
        ("random 4p matches", boerenbridge, random, "matches", args.deals // 40),
        ("folk 4p matches", boerenbridge, Folk(), "matches", args.deals // 80),
    ]
    rates = []
    for name, rules, strategy, mode, units in workloads:
        c = compile_rules(rules)
        seats = [strategy] * rules.players
        run_chunk(c, seats, mode, "fast", 1, 0, 10)
        best = float("inf")
        for i in range(args.repeat):
            t0 = time.process_time()
            run_chunk(c, seats, mode, "fast", 100 + i, 0, units)
            best = min(best, time.process_time() - t0)
        rates.append(f"{name} {units / best:,.0f}/s")
    print(Path(ohhell.__file__).parent, "|", "; ".join(rates), flush=True)


if __name__ == "__main__":
    main()
