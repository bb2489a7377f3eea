"""Time ``trick_bounds`` on fixed deals with whichever ``ohhell`` is importable, to compare two versions.

The machine's timings drift with other load, so run the two versions in
alternation on the same deals and compare ratios (from the project root):

    git worktree add /tmp/solver-old <old commit>
    for i in 1 2 3; do
        PYTHONPATH=/tmp/solver-old python benchmarks/solver_ab.py
        python benchmarks/solver_ab.py
    done

Prints, per deal kind, the median and 95th percentile of the time, the sum
of the times, the median and sum of the nodes, and a hash of the answers
(equal for versions that agree).  Same deals as ``bench_solver.py``.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import numpy as np
from solver_deals import positions_of, random_positions

import ohhell
from ohhell.strategies.solver import TranspositionTable, solve_stats, trick_bounds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("kinds", nargs="*", default=["4:7:suit:200", "4:10:suit:40"], help="players:cards:trump:deals")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    print(Path(ohhell.__file__).parent)
    table = TranspositionTable()
    for pos, seat in random_positions(4, 5, "suit", 3, 0):  # compile or load the kernels first
        trick_bounds(pos, seat, table=table)
    for kind in args.kinds:
        times, nodes, answers = [], [], []
        for pos, seat in positions_of(kind, args.seed):
            table.clear()
            t0 = time.perf_counter()
            answers.append(trick_bounds(pos, seat, table=table))
            times.append(time.perf_counter() - t0)
            nodes.append(solve_stats().nodes)
        t = np.array(times)
        print(
            f"{kind}: median {np.median(t) * 1e3:.2f} ms, p95 {np.percentile(t, 95) * 1e3:.1f} ms,"
            f" sum {t.sum():.2f} s; nodes median {np.median(nodes):,.0f}, sum {sum(nodes):,};"
            f" answers {hash(tuple(answers)) & 0xFFFFFFFF:08x}",
            flush=True,
        )


if __name__ == "__main__":
    main()
