"""Solver benchmarks: time and nodes per deal of the perfect-information solver.

Run from the project root:

    python benchmarks/bench_solver.py            # 200 deals at 4 x 7, 100 at 4 x 10, per trump kind,
                                                 # 12 at 4 x 13 (larger table, node limit); writes RESULTS-solver.md
    python benchmarks/bench_solver.py --quick    # fewer deals, prints only

For each random deal (seat 0 leads, the seat asked about drawn at random)
the table gives the median (with a distribution-free 95% confidence interval
from the order statistics) and 95th percentile of the wall time of
``trick_bounds`` (the fewest and the most tricks the seat can force), of
``most_tricks`` alone and of ``can_take_exactly`` with the target drawn as
the seat's most tricks, each
measured from an empty transposition table (cleared between calls), with the
nodes searched.  At 4 x 13 the table has 2**22 rows (``--bits-13``; the default
2**20 is small for 13 cards: ``TranspositionTable``'s docstring) and each call
stops at a node limit (``--limit``);
the table says how many deals reached it, and a deal that did counts with
the time and nodes it took to reach it (so the medians and percentiles are
then lower bounds), its ``can_take_exactly`` not measured.  JIT compilation is excluded (warmed up first) and measured
separately, in fresh processes with an empty and with a warm numba cache.
The ablation table turns one search technique off at a time on a sample of
deals (the tie games, which start at 30 cards held, on 4 x 10 deals).  One
core; every number is from this run on this machine.  The script rewrites
RESULTS-solver.md up to its marker line and keeps the sections written by
hand below it.
"""

from __future__ import annotations

import argparse
import os
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
from scipy import stats
from solver_deals import random_positions

from ohhell.strategies.solver import (
    Position,
    SearchLimitExceeded,
    SearchOptions,
    TranspositionTable,
    can_take_exactly,
    most_tricks,
    solve_stats,
    trick_bounds,
)

MARKER = "<!-- written by hand below this line; bench_solver.py rewrites only what is above it -->"


def measure(
    cases: list[tuple[Position, int]], table: TranspositionTable, options: SearchOptions | None = None
) -> dict[str, np.ndarray]:
    """Per deal: seconds and nodes of trick_bounds, of most_tricks, then of can_take_exactly(target =
    most tricks); ``capped``: the deals whose trick_bounds reached the options' node limit (their
    can_take_exactly is NaN)."""
    tb_t, tb_n, mt_t, mt_n, ex_t, ex_n = [], [], [], [], [], []
    capped = 0
    for pos, seat in cases:
        table.clear()
        t0 = time.perf_counter()
        try:
            _, hi = trick_bounds(pos, seat, table=table, options=options)
        except SearchLimitExceeded:
            hi = -1
            capped += 1
        tb_t.append(time.perf_counter() - t0)
        tb_n.append(solve_stats().nodes)
        table.clear()
        t0 = time.perf_counter()
        try:
            most_tricks(pos, seat, table=table, options=options)
            mt_t.append(time.perf_counter() - t0)
            mt_n.append(solve_stats().nodes)
        except SearchLimitExceeded:
            mt_t.append(float("nan"))
            mt_n.append(float("nan"))
        if hi < 0:
            ex_t.append(float("nan"))
            ex_n.append(float("nan"))
            continue
        table.clear()
        t0 = time.perf_counter()
        can_take_exactly(pos, seat, hi, table=table, options=options)
        ex_t.append(time.perf_counter() - t0)
        ex_n.append(solve_stats().nodes)
    kinds = (("tb_t", tb_t), ("tb_n", tb_n), ("mt_t", mt_t), ("mt_n", mt_n), ("ex_t", ex_t), ("ex_n", ex_n))
    out = {k: np.array(v, dtype=float) for k, v in kinds}
    out["capped"] = np.array([capped])
    return out


def ms(x: np.ndarray, q: float) -> str:
    if np.isnan(x).all():
        return "-"
    return f"{np.nanpercentile(x, q) * 1e3:,.2f}"


def median_ci(x: np.ndarray, level: float = 0.95) -> str:
    """A distribution-free confidence interval of the median time, in ms: the order statistics
    ``x_(k)`` and ``x_(n + 1 - k)`` with the largest ``k`` for which ``P(Binomial(n, 1/2) < k)`` is at
    most ``(1 - level) / 2`` (coverage at least ``level``); "-" when the deals are too few."""
    xs = np.sort(x[~np.isnan(x)])
    n = len(xs)
    j = -1
    while j + 1 < n and stats.binom.cdf(j + 1, n, 0.5) <= (1 - level) / 2:
        j += 1
    if j < 0:
        return "-"
    return f"{xs[j] * 1e3:,.2f}-{xs[n - 1 - j] * 1e3:,.2f}"


def count(x: np.ndarray, q: float) -> str:
    if np.isnan(x).all():
        return "-"
    return f"{np.nanpercentile(x, q):,.0f}"


def jit_costs() -> tuple[float, float]:
    """First solve in a fresh process with an empty numba cache (compilation) and with the cache warm."""
    code = (
        "import time; from ohhell.strategies.solver import Position, trick_bounds, card_values, exact_targets;"
        "p = Position(hands=(0b11, 0b1100), over=0); t = time.perf_counter();"
        "trick_bounds(p, 0); exact_targets(p, 0); card_values(p, 0, 1); print(time.perf_counter() - t)"
    )
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "NUMBA_CACHE_DIR": cache}
        cold = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
        warm = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    return float(cold.stdout), float(warm.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="fewer deals")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--limit", type=int, default=400_000_000, help="node limit per call at 4 x 13")
    parser.add_argument("--bits-13", type=int, default=22, help="table rows (log2) at 4 x 13")
    args = parser.parse_args()
    q = args.quick
    cmd = "python benchmarks/bench_solver.py" + (" --quick" if q else "")
    capped_options = SearchOptions(node_limit=args.limit)
    table = TranspositionTable()
    warm = random_positions(4, 5, "suit", 3, 0)
    measure(warm, table)  # compile (or load) every kernel first

    lines = [
        f"# Solver benchmarks ({time.strftime('%Y-%m-%d')})",
        "",
        f"Machine: {platform.platform()}, {platform.machine()}, {os.cpu_count()} cores,"
        f" Python {platform.python_version()}, numpy {np.__version__}.  Command: `{cmd}`.",
        f"Transposition table {table.rows:,} rows, cleared before every call (a search uses the first"
        " 2**(c // 2 - 3) of them for c cards held, at least 4,096).  Times per deal in ms, one core.",
        f"At 4 x 13 the table has {1 << args.bits_13:,} rows and each call stops after {args.limit:,} nodes:"
        " *over limit* counts the deals whose"
        " trick_bounds did (then the medians and p95 are lower bounds, and can_take_exactly is not measured).",
        "",
        "| deal | trump | deals | over limit | trick_bounds median | its 95% CI | p95 | nodes median | p95 |"
        " most_tricks median | p95 | nodes median |"
        " can_take_exactly(max) median | p95 | nodes median | p95 |",
        "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    sizes = [(4, 7, 40 if q else 200), (4, 10, 15 if q else 100)]
    if not q:
        sizes += [(3, 10, 50), (5, 7, 50), (7, 5, 50)]
    sizes += [(4, 13, 2 if q else 12)]
    big_table = TranspositionTable(bits=args.bits_13)  # (its rows are allocated at its first use)
    for players, cards, deals in sizes:
        for trump in ("suit", "none", "setesdal"):
            if trump == "setesdal" and (players != 4 or cards == 13):
                continue
            options = capped_options if cards == 13 else None
            cases = random_positions(players, cards, trump, deals, args.seed + players * 100 + cards)
            r = measure(cases, big_table if cards == 13 else table, options)
            over = int(r["capped"][0])
            lines.append(
                f"| {players} x {cards} | {trump} | {deals} | {over if options else '-'}"
                f" | {ms(r['tb_t'], 50)} | {median_ci(r['tb_t'])} | {ms(r['tb_t'], 95)}"
                f" | {count(r['tb_n'], 50)} | {count(r['tb_n'], 95)}"
                f" | {ms(r['mt_t'], 50)} | {ms(r['mt_t'], 95)} | {count(r['mt_n'], 50)}"
                f" | {ms(r['ex_t'], 50)} | {ms(r['ex_t'], 95)} | {count(r['ex_n'], 50)} | {count(r['ex_n'], 95)} |"
            )
            print(lines[-1], flush=True)

    # one technique off at a time, on a sample
    sample = random_positions(4, 7, "suit", 10 if q else 30, args.seed + 1)
    variants = [
        ("all techniques", SearchOptions()),
        ("no transposition table", SearchOptions(transposition_table=False)),
        ("no equivalent cards", SearchOptions(equivalent_cards=False)),
        ("no sure/quick-trick bounds", SearchOptions(bounds=False)),
        ("no ducking bound", SearchOptions(duck_bound=False)),
        ("no move ordering", SearchOptions(move_ordering=False)),
        ("no partition search", SearchOptions(partition=False)),
    ]

    def ablation(title: str, deals: list[tuple[Position, int]], variants: list[tuple[str, SearchOptions]]) -> None:
        lines.extend(
            [
                "",
                title,
                "",
                "| search | trick_bounds nodes | ms | can_take_exactly(max) nodes | ms |",
                "|---|---:|---:|---:|---:|",
            ]
        )
        for label, options in variants:
            r = measure(deals, table, options)
            lines.append(
                f"| {label} | {r['tb_n'].sum():,.0f} | {r['tb_t'].sum() * 1e3:,.1f}"
                f" | {r['ex_n'].sum():,.0f} | {r['ex_t'].sum() * 1e3:,.1f} |"
            )
            print(lines[-1], flush=True)

    ablation(
        f"Ablation: one technique off at a time, {len(sample)} deals of 4 x 7 with a trump suit (sums over the deals):",
        sample,
        variants,
    )
    # the tie games work only from 30 cards held: on and off on 4 x 10 deals
    big = random_positions(4, 10, "suit", 5 if q else 20, args.seed + 2)
    ablation(
        f"The tie games (from 30 cards held), on and off, {len(big)} deals of 4 x 10 with a trump suit (sums):",
        big,
        [
            ("all techniques", SearchOptions()),
            ("no tie-game probes in the game's own search", SearchOptions(tie_probes_from_cards=0)),
            ("no tie games", SearchOptions(tie_games_from_cards=0)),
        ],
    )

    cold, warm_s = jit_costs()
    lines += [
        "",
        "| start-up | seconds |",
        "|---|---:|",
        f"| first solve, empty numba cache (compiles the kernels) | {cold:.2f} |",
        f"| first solve, cache on disk | {warm_s:.2f} |",
    ]
    text = "\n".join(lines) + "\n"
    print(text)
    if not q:
        out = Path(__file__).resolve().parent / "RESULTS-solver.md"
        kept = out.read_text(encoding="utf-8").partition(MARKER)[2] if out.exists() else "\n"
        out.write_text(f"{text}\n{MARKER}{kept}", encoding="utf-8")
        print(f"written to {out}")


if __name__ == "__main__":
    main()
