"""Engine benchmarks: reference engine vs compiled fast path, OpenSpiel, a plain C loop, scaling, memory.

Run from the project root:

    python benchmarks/bench_engine.py            # full run, writes benchmarks/RESULTS.md
    python benchmarks/bench_engine.py --quick    # smaller sizes, prints only

Every number is measured in this run on this machine; ratios compare
measurements taken in the same run.  Speeds are single-core unless the row
says otherwise.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

import numpy as np

import ohhell
from ohhell.engine import Strategy
from ohhell.rules import FixedHands, Rules, compile_rules
from ohhell.sim import run_chunk, simulate
from ohhell.strategies import Folk

HERE = Path(__file__).resolve().parent
RANDOM = ohhell.RandomStrategy()


def fixed(players: int, hand: int) -> Rules:
    """Boerenbridge rules (turned-up trump, hook, 10 + 2 per trick) with one fixed hand size."""
    return replace(ohhell.boerenbridge(players), schedule=FixedHands(size=hand, rounds=1), name=f"{players}x{hand}")


def rate(rules: Rules, mode: str, path: str, units: int, repeat: int = 3, strategy: Strategy = RANDOM) -> float:
    """Best of ``repeat`` runs, in units per second (deals, or matches)."""
    compiled = compile_rules(rules)
    strategies = [strategy] * rules.players
    run_chunk(compiled, strategies, mode, path, 1, 0, min(units, 10))  # type: ignore[arg-type]  # warm up
    best = float("inf")
    for i in range(repeat):
        t0 = time.perf_counter()
        run_chunk(compiled, strategies, mode, path, 1000 + i, 0, units)  # type: ignore[arg-type]
        best = min(best, time.perf_counter() - t0)
    return units / best


def chunk_cost(sizes: tuple[int, ...] = (1_000, 50_000), repeat: int = 5) -> list[tuple[int, float]]:
    """Milliseconds per fast-path call (4 x 7 deals, random play) for each chunk size, best of ``repeat``.

    The difference between sizes, per deal, is the kernel; what is left at
    the small size is the fixed cost of a call (argument checks, dispatch).
    """
    return [(size, size / rate(fixed(4, 7), "deals", "fast", size, repeat) * 1000) for size in sizes]


def openspiel_rate(players: int, hand: int, seconds: float) -> float | None:
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("oh_hell", {"players": players, "num_tricks_fixed": hand})
    rng = random.Random(1)
    n = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                action = rng.choice(state.chance_outcomes())[0]
            else:
                action = rng.choice(state.legal_actions())
            state.apply_action(action)
        n += 1
    return n / (time.perf_counter() - t0)


def c_loop(players: int, hand: int, deals: int) -> tuple[float, bool] | None:
    """Deals/s of benchmarks/c/random_play.c, and whether it played the same deals as the fast path."""
    cc = shutil.which("gcc") or shutil.which("cc")
    if cc is None:
        return None
    exe = Path(tempfile.mkdtemp()) / "random_play"
    subprocess.run([cc, "-O2", "-o", str(exe), str(HERE / "c" / "random_play.c")], check=True)
    base = 987654321
    best = float("inf")
    total = 0
    for _ in range(3):
        out = subprocess.run([str(exe), str(players), str(hand), str(deals), str(base)], check=True,
                             capture_output=True, text=True).stdout.split()  # fmt: skip
        best = min(best, float(out[1]))
        total = int(out[2])
    arrays = run_chunk(compile_rules(fixed(players, hand)), [RANDOM] * players, "deals", "fast", base, 0, deals)
    return deals / best, int(arrays.scores.sum()) == total


def scaling(deals: int) -> tuple[float, float]:
    """Deals/s of simulate() in summary mode with 1 and 2 worker processes (best of 2 runs each, warm workers)."""
    rules = fixed(4, 7)
    by = ["seat_from_dealer", "bid", "tricks"]
    kw = {"deals": deals, "seed": 5, "summary": by, "chunk_size": deals // 32, "progress": False}
    simulate(rules, RANDOM, n_jobs=2, **kw)  # start the workers and load the compiled kernels in them
    out = []
    for n_jobs in (1, 2):
        best = float("inf")
        for _ in range(2):
            t0 = time.perf_counter()
            simulate(rules, RANDOM, n_jobs=n_jobs, **kw)
            best = min(best, time.perf_counter() - t0)
        out.append(deals / best)
    return out[0], out[1]


def memory(deals: int) -> tuple[float, float]:
    """Bytes per million deals (4 x 7): the per-row frame, and a summary table."""
    rules = fixed(4, 7)
    rows = simulate(rules, RANDOM, deals=deals, seed=1, n_jobs=1, progress=False).deals
    assert rows is not None
    summary = simulate(rules, RANDOM, deals=deals, seed=1, n_jobs=1, progress=False,
                       summary=["seat_from_dealer", "hand_size", "trump", "bid", "tricks"]).summary  # fmt: skip
    assert summary is not None
    per_million = 1e6 / deals
    return rows.memory_usage(deep=True).sum() * per_million, summary.memory_usage(deep=True).sum()


def jit_costs() -> tuple[float, float, float]:
    """Import time, first call with an empty JIT cache (compilation), first call with the cache warm."""
    code = (
        "import time; t=time.perf_counter(); import ohhell; t1=time.perf_counter();"
        "ohhell.simulate(ohhell.boerenbridge(4), ohhell.RandomStrategy(), deals=10, matches=None, seed=1,"
        " n_jobs=1, progress=False);"
        "ohhell.simulate(ohhell.boerenbridge(4), ohhell.RandomStrategy(), matches=2, seed=1, n_jobs=1, progress=False);"
        "print(t1-t, time.perf_counter()-t1)"
    )
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "NUMBA_CACHE_DIR": cache}
        cold = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
        warm = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    imp, first_cold = map(float, cold.stdout.split())
    _, first_warm = map(float, warm.stdout.split())
    return imp, first_cold, first_warm


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="smaller sizes; print only")
    args = parser.parse_args()
    q = args.quick
    lines = [
        f"# Engine benchmarks ({time.strftime('%Y-%m-%d')})",
        "",
        f"Machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()},"
        f" numpy {np.__version__}.  Command: `python benchmarks/bench_engine.py{' --quick' if q else ''}`.",
        "Boerenbridge rules (turned-up trump, dealer's hook, 10 + 2 per trick).  Best of 3 runs; one core.",
        "",
        "| workload | players | reference engine (units/s) | fast path (units/s) | fast / reference |",
        "|---|---|---:|---:|---:|",
    ]
    workloads = [
        ("4 players x 7 cards (deals)", fixed(4, 7), "deals", 300 if q else 3000, 200_000 if q else 2_000_000),
        ("4 players x 1 card (deals)", fixed(4, 1), "deals", 1000 if q else 10_000, 500_000 if q else 5_000_000),
        ("7 players x 7 cards (deals)", fixed(7, 7), "deals", 200 if q else 2000, 100_000 if q else 1_000_000),
        ("Boerenbridge 4p ladder (matches)", ohhell.boerenbridge(4), "matches", 20 if q else 200,
         10_000 if q else 100_000),
    ]  # fmt: skip
    fast_47 = 0.0
    for strategy, who in ((RANDOM, "random"), (Folk(), "folk")):
        for label, rules, mode, n_ref, n_fast in workloads:
            ref = rate(rules, mode, "reference", n_ref // (2 if who == "folk" else 1), 1 if q else 3, strategy)
            fast = rate(rules, mode, "fast", n_fast // (2 if who == "folk" else 1), 3, strategy)
            if label.startswith("4 players x 7") and who == "random":
                fast_47 = fast
            lines.append(f"| {label} | {who} | {ref:,.0f} | {fast:,.0f} | {fast / ref:,.0f}x |")
            print(lines[-1], flush=True)
    lines += ["", "| 4 players x 7 cards, random play | deals/s | fast path / this |", "|---|---:|---:|"]
    osr = openspiel_rate(4, 7, 2 if q else 10)
    if osr is None:
        lines.append("| OpenSpiel `oh_hell` from Python | not installed (`pip install -e .[benchmark]`) | |")
    else:
        lines.append(f"| OpenSpiel `oh_hell` driven from Python | {osr:,.0f} | {fast_47 / osr:,.0f}x |")
    c = c_loop(4, 7, 200_000 if q else 2_000_000)
    if c is None:
        lines.append("| plain C loop (benchmarks/c) | no C compiler | |")
    else:
        c_rate, same = c
        check = "same deals as the fast path" if same else "DIFFERENT deals (check failed)"
        lines.append(f"| plain C loop, gcc -O2 ({check}) | {c_rate:,.0f} | {fast_47 / c_rate:.2f}x |")
    print("\n".join(lines[-3:]), flush=True)
    one, two = scaling(800_000 if q else 8_000_000)
    lines += [
        "",
        "| simulate(), 4 x 7, summary mode, best of 2 | deals/s |",
        "|---|---:|",
        f"| 1 worker | {one:,.0f} |",
        f"| 2 workers (loky) | {two:,.0f} ({two / one:.2f}x) |",
    ]
    costs = chunk_cost()
    (small, small_ms), (large, large_ms) = costs
    per_deal = (large_ms - small_ms) / (large - small)
    lines += [
        "",
        "| fast-path call, 4 x 7 random deals, best of 5 | ms per call |",
        "|---|---:|",
        *(f"| {size:,} deals | {ms:.2f} |" for size, ms in costs),
        f"| fixed cost of a call (the {small:,}-deal call less {small:,} deals at the marginal rate) |"
        f" {small_ms - small * per_deal:.2f} |",
    ]
    rows_mem, summary_mem = memory(50_000 if q else 500_000)
    lines += [
        "",
        "| results of 4 x 7 deals | memory |",
        "|---|---:|",
        f"| per-row frame (4 rows a deal) | {rows_mem / 2**20:,.1f} MiB per million deals |",
        f"| summary table (seat x hand size x trump x bid x tricks) | {summary_mem / 2**10:,.1f} KiB,"
        " any number of deals |",
    ]
    imp, cold, warm = jit_costs()
    lines += [
        "",
        "| start-up | seconds |",
        "|---|---:|",
        f"| `import ohhell` | {imp:.2f} |",
        f"| first deals + matches, empty JIT cache (compiles both kernels) | {cold:.2f} |",
        f"| the same, JIT cache on disk | {warm:.2f} |",
    ]
    text = "\n".join(lines) + "\n"
    print(text)
    if not q:
        (HERE / "RESULTS.md").write_text(text, encoding="utf-8")
        print(f"written to {HERE / 'RESULTS.md'}")


if __name__ == "__main__":
    main()
