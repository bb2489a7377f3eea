"""Solver benchmarks: time and nodes per deal of the perfect-information solver.

Run from the project root:

    python benchmarks/bench_solver.py            # 200 deals at 4 x 7, 100 at 4 x 10, per trump kind;
                                                 # writes benchmarks/RESULTS-solver.md
    python benchmarks/bench_solver.py --quick    # fewer deals, prints only

For each random deal (seat 0 leads, the seat asked about drawn at random)
the table gives the median and 95th percentile of the wall time of
``trick_bounds`` (the fewest and the most tricks the seat can force) and of
``can_take_exactly`` with the target drawn as the seat's most tricks, each
measured from an empty transposition table (cleared between calls), with the
nodes searched.  JIT compilation is excluded (warmed up first) and measured
separately, in fresh processes with an empty and with a warm numba cache.
The ablation table turns one search technique off at a time on a sample of
deals.  One core; every number is from this run on this machine.
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

from ohhell.strategies.solver import (
    Position,
    SearchOptions,
    TranspositionTable,
    can_take_exactly,
    solve_stats,
    trick_bounds,
)


def random_positions(players: int, cards: int, trump: str, deals: int, seed: int) -> list[tuple[Position, int]]:
    """Random deals from one 52-card deck: seat 0 leads; ``trump`` is ``"suit"`` (random suit),
    ``"none"`` or ``"setesdal"``; each with a random seat to ask about."""
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(deals):
        deck = rng.permutation(52)
        hands = tuple(int(sum(1 << int(c) for c in deck[i * cards : (i + 1) * cards])) for i in range(players))
        under, over = -1, -1
        if trump == "suit":
            over = int(rng.integers(4))
        elif trump == "setesdal":
            under, over = (int(x) for x in rng.permutation(4)[:2])
        out.append((Position(hands=hands, under=under, over=over, leader=0), int(rng.integers(players))))
    return out


def measure(
    cases: list[tuple[Position, int]], table: TranspositionTable, options: SearchOptions | None = None
) -> dict[str, np.ndarray]:
    """Per deal: seconds and nodes of trick_bounds, then of can_take_exactly(target = most tricks)."""
    tb_t, tb_n, ex_t, ex_n = [], [], [], []
    for pos, seat in cases:
        table.clear()
        t0 = time.perf_counter()
        _, hi = trick_bounds(pos, seat, table=table, options=options)
        tb_t.append(time.perf_counter() - t0)
        tb_n.append(solve_stats().nodes)
        table.clear()
        t0 = time.perf_counter()
        can_take_exactly(pos, seat, hi, table=table, options=options)
        ex_t.append(time.perf_counter() - t0)
        ex_n.append(solve_stats().nodes)
    return {k: np.array(v, dtype=float) for k, v in (("tb_t", tb_t), ("tb_n", tb_n), ("ex_t", ex_t), ("ex_n", ex_n))}


def ms(x: np.ndarray, q: float) -> str:
    return f"{np.percentile(x, q) * 1e3:,.2f}"


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
    args = parser.parse_args()
    q = args.quick
    cmd = "python benchmarks/bench_solver.py" + (" --quick" if q else "")
    table = TranspositionTable()
    warm = random_positions(4, 5, "suit", 3, 0)
    measure(warm, table)  # compile (or load) every kernel first

    lines = [
        f"# Solver benchmarks ({time.strftime('%Y-%m-%d')})",
        "",
        f"Machine: {platform.platform()}, {platform.machine()}, {os.cpu_count()} cores,"
        f" Python {platform.python_version()}, numpy {np.__version__}.  Command: `{cmd}`.",
        f"Transposition table {table.rows:,} rows, cleared before every call.  Times per deal in ms, one core.",
        "",
        "| deal | trump | deals | trick_bounds median | p95 | nodes median | p95 |"
        " can_take_exactly(max) median | p95 | nodes median | p95 |",
        "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    sizes = [(4, 7, 40 if q else 200), (4, 10, 15 if q else 100)]
    if not q:
        sizes += [(3, 10, 50), (5, 7, 50), (7, 5, 50)]
    for players, cards, deals in sizes:
        for trump in ("suit", "none", "setesdal"):
            if trump == "setesdal" and players != 4:
                continue
            r = measure(random_positions(players, cards, trump, deals, args.seed + players * 100 + cards), table)
            lines.append(
                f"| {players} x {cards} | {trump} | {deals} | {ms(r['tb_t'], 50)} | {ms(r['tb_t'], 95)}"
                f" | {np.median(r['tb_n']):,.0f} | {np.percentile(r['tb_n'], 95):,.0f}"
                f" | {ms(r['ex_t'], 50)} | {ms(r['ex_t'], 95)}"
                f" | {np.median(r['ex_n']):,.0f} | {np.percentile(r['ex_n'], 95):,.0f} |"
            )
            print(lines[-1], flush=True)

    # one technique off at a time, on a sample
    sample = random_positions(4, 7, "suit", 10 if q else 30, args.seed + 1)
    variants = [
        ("all techniques", SearchOptions()),
        ("no transposition table", SearchOptions(transposition_table=False)),
        ("no equivalent cards", SearchOptions(equivalent_cards=False)),
        ("no sure/quick-trick bounds", SearchOptions(bounds=False)),
        ("no move ordering", SearchOptions(move_ordering=False)),
    ]
    lines += [
        "",
        f"Ablation: one technique off at a time, {len(sample)} deals of 4 x 7 with a trump suit (sums over the deals):",
        "",
        "| search | trick_bounds nodes | ms | can_take_exactly(max) nodes | ms |",
        "|---|---:|---:|---:|---:|",
    ]
    for label, options in variants:
        r = measure(sample, table, options)
        lines.append(
            f"| {label} | {r['tb_n'].sum():,.0f} | {r['tb_t'].sum() * 1e3:,.1f}"
            f" | {r['ex_n'].sum():,.0f} | {r['ex_t'].sum() * 1e3:,.1f} |"
        )
        print(lines[-1], flush=True)

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
        out.write_text(text, encoding="utf-8")
        print(f"written to {out}")


if __name__ == "__main__":
    main()
