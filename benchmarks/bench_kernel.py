"""The compiled path against an earlier release, the plain C loop, and itself at every size.

Run from the project root (the baseline is unpacked from git into a temporary folder):

    python benchmarks/bench_kernel.py                    # writes benchmarks/RESULTS-kernel.md
    python benchmarks/bench_kernel.py --baseline 6249d57 --reps 5
    python benchmarks/bench_kernel.py --quick            # small sizes, prints only

Every figure is CPU time of one process on one core, the best of several
interleaved runs (the machine is shared: the best run is the one least
disturbed); ratios compare figures measured in this run.  The workload is
the issue's: 4 players x 7 cards, random play, Boerenbridge rules with a
fixed hand size (turned-up trump, hook, 10 + 2 per trick).

Measured:
- ``simulate()`` in summary mode on one worker (grouped by seat from the
  dealer, hand size, trump, bid and tricks) and the kernel alone
  (``run_chunk``), this code and the baseline, each in its own process;
- the kernel against ``benchmarks/c/random_play.c`` (gcc -O2 -march=native),
  after checking that both play the same deals (the same score sum);
- nanoseconds per deal for 1, 4, 7, 10 and 13 cards and 3 to 7 players, the
  fixed cost of a deal and the cost of each further card (a least-squares
  line per player count, and the step between sizes), random and folk play;
- the first compile (an empty numba cache), this code and the baseline;
- the peak memory of ``simulate()`` in row mode against its final frame;
- the Wizard deck and two decks on the compiled path against the reference
  engine (random, folk and card-odds play; 4 x 7 and the Boerenbridge
  schedule), and what still falls back (the expected-value bidder with either)
  against the compiled path on one standard deck.  ``--wizard`` measures only
  this and rewrites its section of ``benchmarks/RESULTS-kernel.md``.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import platform
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import tracemalloc
from dataclasses import replace
from io import BytesIO
from pathlib import Path
from typing import Literal

import numpy as np

import ohhell
from ohhell.engine import Strategy
from ohhell.rules import DoubleDeck, FixedHands, Rules, WizardDeck, compile_rules
from ohhell.sim import fast_path_reason, run_chunk
from ohhell.strategies import CardOdds, ExpectedValue, Folk

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent

# Run in a child process with PYTHONPATH at a source tree: prints JSON rates (units per CPU second).
CHILD = r"""
import json, sys, time
from dataclasses import replace
import ohhell
from ohhell.rules import FixedHands, compile_rules
from ohhell.sim import run_chunk, simulate
deals, repeat = int(sys.argv[1]), int(sys.argv[2])
R = ohhell.RandomStrategy()
rules = replace(ohhell.boerenbridge(4), schedule=FixedHands(size=7, rounds=1), name="4x7")
c = compile_rules(rules)
by = ["seat_from_dealer", "hand_size", "trump", "bid", "tricks"]
t0 = time.process_time()
run_chunk(c, [R] * 4, "deals", "fast", 1, 0, 10)
simulate(rules, R, deals=2000, seed=1, n_jobs=1, summary=by, progress=False)
compile_s = time.process_time() - t0
best = {"kernel": 1e9, "summary": 1e9}
for i in range(repeat):
    t0 = time.process_time()
    run_chunk(c, [R] * 4, "deals", "fast", 1000 + i, 0, deals)
    best["kernel"] = min(best["kernel"], time.process_time() - t0)
    t0 = time.process_time()
    simulate(rules, R, deals=deals, seed=i, n_jobs=1, summary=by, progress=False)
    best["summary"] = min(best["summary"], time.process_time() - t0)
out = {"kernel": deals / best["kernel"], "summary": deals / best["summary"], "warm_up_s": compile_s}
for name, strategy in (("random", R), ("folk", ohhell.strategies.Folk())):
    for hand in (1, 13):
        ch = compile_rules(replace(rules, schedule=FixedHands(size=hand, rounds=1)))
        run_chunk(ch, [strategy] * 4, "deals", "fast", 1, 0, 10)
        t = 1e9
        for i in range(repeat):
            t0 = time.process_time()
            run_chunk(ch, [strategy] * 4, "deals", "fast", 70 + i, 0, deals // 10)
            t = min(t, time.process_time() - t0)
        out[f"{name}_{hand}"] = 1e9 * t / (deals // 10)
print(json.dumps(out))
"""


def unpack(rev: str) -> Path:
    """The package at git revision ``rev`` in a temporary folder."""
    data = subprocess.run(["git", "-C", str(ROOT), "archive", rev, "ohhell"], check=True, capture_output=True).stdout
    folder = Path(tempfile.mkdtemp(prefix="ohhell-baseline-"))
    with tarfile.open(fileobj=BytesIO(data)) as tar:
        tar.extractall(folder, filter="data")
    return folder


def child(tree: Path, deals: int, repeat: int, cache: Path) -> dict[str, float]:
    env = {**os.environ, "PYTHONPATH": str(tree), "NUMBA_CACHE_DIR": str(cache)}
    out = subprocess.run([sys.executable, "-c", CHILD, str(deals), str(repeat)], env=env, check=True,
                         capture_output=True, text=True, cwd=tree).stdout  # fmt: skip
    result: dict[str, float] = json.loads(out.strip().splitlines()[-1])
    return result


def release_comparison(rev: str, deals: int, reps: int) -> dict[str, dict[str, float]]:
    """Best rates of this code and of ``rev``, in alternating child processes (first compile timed too)."""
    base = unpack(rev)
    caches = {name: Path(tempfile.mkdtemp(prefix=f"numba-{name}-")) for name in ("this", "baseline")}
    trees = {"this": ROOT, "baseline": base}
    best: dict[str, dict[str, float]] = {name: {"kernel": 0.0, "summary": 0.0} for name in trees}
    for rep in range(reps):
        for name, tree in trees.items():
            r = child(tree, deals, 3, caches[name])
            if rep == 0:
                best[name]["first_compile_s"] = r["warm_up_s"]
            best[name]["kernel"] = max(best[name]["kernel"], r["kernel"])
            best[name]["summary"] = max(best[name]["summary"], r["summary"])
            for key in ("random_1", "random_13", "folk_1", "folk_13"):
                best[name][key] = min(best[name].get(key, 1e18), r[key])
    shutil.rmtree(base, ignore_errors=True)
    for c in caches.values():
        shutil.rmtree(c, ignore_errors=True)
    return best


def fixed(players: int, hand: int) -> Rules:
    """Boerenbridge rules with one fixed hand size."""
    return replace(ohhell.boerenbridge(players), schedule=FixedHands(size=hand, rounds=1), name=f"{players}x{hand}")


def kernel_seconds(players: int, hand: int, deals: int, repeat: int, folk: bool = False) -> float:
    """Best CPU seconds per deal of the kernel."""
    strategy = Folk() if folk else ohhell.RandomStrategy()
    c = compile_rules(fixed(players, hand))
    run_chunk(c, [strategy] * players, "deals", "fast", 1, 0, 10)
    best = 1e9
    for i in range(repeat):
        t0 = time.process_time()
        run_chunk(c, [strategy] * players, "deals", "fast", 50 + i, 0, deals)
        best = min(best, time.process_time() - t0)
    return best / deals


def c_loop(deals: int, repeat: int) -> tuple[float, float, bool] | None:
    """(C loop s/deal, kernel s/deal, same deals) for 4 x 7, interleaved best-of runs."""
    cc = shutil.which("gcc") or shutil.which("cc")
    if cc is None:
        return None
    exe = Path(tempfile.mkdtemp()) / "random_play"
    subprocess.run([cc, "-O2", "-march=native", "-o", str(exe), str(HERE / "c" / "random_play.c")], check=True)
    base = 987654321
    c = compile_rules(fixed(4, 7))
    rnd = [ohhell.RandomStrategy()] * 4
    arrays = run_chunk(c, rnd, "deals", "fast", base, 0, deals)
    best_c = best_k = 1e9
    total = 0
    for _ in range(repeat):
        out = subprocess.run([str(exe), "4", "7", str(deals), str(base)], check=True, capture_output=True,
                             text=True).stdout.split()  # fmt: skip
        best_c = min(best_c, float(out[1]))
        total = int(out[2])
        t0 = time.process_time()
        run_chunk(c, rnd, "deals", "fast", base, 0, deals)
        best_k = min(best_k, time.process_time() - t0)
    return best_c / deals, best_k / deals, int(arrays.scores.sum()) == total


def cost_table(deals: int, repeat: int, folk: bool) -> dict[int, dict[int, float]]:
    """ns per deal by players and hand size (sizes the deck allows)."""
    table: dict[int, dict[int, float]] = {}
    for players in range(3, 8):
        table[players] = {}
        for hand in (1, 4, 7, 10, 13):
            if players * hand <= 52:
                table[players][hand] = 1e9 * kernel_seconds(players, hand, deals, repeat, folk)
    return table


def line(costs: dict[int, float]) -> tuple[float, float]:
    """Least-squares fixed cost and cost per card of ns per deal against the hand size."""
    h = np.array(list(costs), dtype=float)
    y = np.array(list(costs.values()))
    slope, intercept = np.polyfit(h, y, 1)
    return float(intercept), float(slope)


def row_memory(deals: int) -> tuple[float, float]:
    """(peak traced bytes during ``simulate()`` in row mode, bytes of the final frame), 4 x 7, one worker."""
    rules = fixed(4, 7)
    ohhell.simulate(rules, ohhell.RandomStrategy(), deals=1000, seed=1, n_jobs=1, progress=False)
    tracemalloc.start()
    res = ohhell.simulate(rules, ohhell.RandomStrategy(), deals=deals, seed=1, n_jobs=1, progress=False)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert res.deals is not None
    return float(peak), float(res.deals.memory_usage(deep=True).sum())


def chunk_seconds(
    rules: Rules, strategy: Strategy, path: Literal["fast", "reference"], deals: int, repeat: int
) -> float:
    """Best CPU seconds per deal of ``run_chunk`` in deals mode on ``path``."""
    c = compile_rules(rules)
    seats = [strategy] * rules.players
    run_chunk(c, seats, "deals", path, 1, 0, 10)
    best = 1e9
    for i in range(repeat):
        t0 = time.process_time()
        run_chunk(c, seats, "deals", path, 90 + i, 0, deals)
        best = min(best, time.process_time() - t0)
    return best / deals


#: Marks the Wizard section of RESULTS-kernel.md (``--wizard`` rewrites only it).
WIZARD_MARK = "<!-- wizard deck -->"


def wizard_section(fast_deals: int, ref_deals: int, repeat: int, command: str) -> list[str]:
    """The speed-up of the Wizard deck and two decks over the reference engine; the slowdown of what falls back."""
    t_start = time.time()
    schedules = {"4 x 7": fixed(4, 7), "Boerenbridge schedule, 4 players": ohhell.boerenbridge(4)}
    players: dict[str, Strategy] = {"random": ohhell.RandomStrategy(), "folk": Folk(), "card odds": CardOdds()}
    lines = [
        WIZARD_MARK,
        "## The Wizard deck and two decks on the compiled path",
        "",
        f"Command: `{command}`.  CPU time per deal, best of {repeat} runs of `run_chunk` in deals mode "
        f"({fast_deals:,} deals on the compiled path, {ref_deals:,} on the reference engine), one core; the same",
        "deals on both paths (tests/test_kernel_wizard.py checks them deal for deal).",
        "",
        "| deck | rules | play | compiled (deals/s) | reference engine (deals/s) | speed-up |",
        "|---|---|---|---:|---:|---:|",
    ]
    for deck_name, deck in (("Wizard deck (60 cards)", WizardDeck()), ("two decks (104 cards)", DoubleDeck())):
        for where, plain in schedules.items():
            rules = replace(plain, deck=deck)
            for name, strategy in players.items():
                assert fast_path_reason(compile_rules(rules), [strategy] * 4) is None
                fast = chunk_seconds(rules, strategy, "fast", fast_deals, repeat)
                ref = chunk_seconds(rules, strategy, "reference", ref_deals, repeat)
                lines.append(
                    f"| {deck_name} | {where} | {name} | {1 / fast:,.0f} | {1 / ref:,.0f} | {ref / fast:,.0f}x |"
                )
    lines += [
        "",
        "Still on the reference engine (4 x 7), against the compiled path on one standard deck with the same",
        "players:",
        "",
        "| falls back | play | reference engine (deals/s) | compiled, standard deck (deals/s) | slowdown |",
        "|---|---|---:|---:|---:|",
    ]
    base = fixed(4, 7)
    ev = ExpectedValue(samples=8)
    fallbacks: list[tuple[str, Rules, str, Strategy]] = [
        ("Wizard deck", replace(base, deck=WizardDeck()), "expected value (8 samples)", ev),
        ("two decks", replace(base, deck=DoubleDeck()), "expected value (8 samples)", ev),
    ]
    for what, rules, name, strategy in fallbacks:
        assert fast_path_reason(compile_rules(rules), [strategy] * 4) is not None
        few = max(ref_deals // (20 if isinstance(strategy, ExpectedValue) else 1), 20)
        ref = chunk_seconds(rules, strategy, "reference", few, repeat)
        fast = chunk_seconds(base, strategy, "fast", fast_deals // (10 if isinstance(strategy, ExpectedValue) else 1),
                             repeat)  # fmt: skip
        lines.append(f"| {what} | {name} | {1 / ref:,.0f} | {1 / fast:,.0f} | {ref / fast:,.0f}x |")
    lines += ["", f"({time.time() - t_start:.0f} s.)", ""]
    return lines


def write_wizard_section(lines: list[str]) -> None:
    """Replace the Wizard section of RESULTS-kernel.md (everything from its mark), or append it."""
    path = HERE / "RESULTS-kernel.md"
    text = path.read_text() if path.exists() else ""
    if WIZARD_MARK in text:
        text = text[: text.index(WIZARD_MARK)]
    path.write_text(text.rstrip("\n") + "\n\n" + "\n".join(lines))


def played(rates: dict[str, float], name: str) -> float:
    """ns per card played at 4 players: the step from 1 to 13 cards a hand, over the 48 more cards played."""
    return (rates[f"{name}_13"] - rates[f"{name}_1"]) / (12 * 4)


def cloop_only(times: int, deals: int, repeat: int) -> None:
    """The kernel against the C loop ``times`` times over, then the 4-player random sizes (for a quiet machine)."""
    print("| measurement | kernel deals/s | C loop deals/s | kernel / C loop | same deals |")
    print("|---|---:|---:|---:|---|")
    for i in range(times):
        cl = c_loop(deals, repeat)
        if cl is None:
            print("no C compiler")
            return
        c_s, k_s, same = cl
        print(f"| {i + 1} | {1 / k_s:,.0f} | {1 / c_s:,.0f} | {c_s / k_s:.2f}x | {same} |")
    row = {h: 1e9 * kernel_seconds(4, h, 100_000, 5) for h in (1, 4, 7, 10, 13)}
    steps = ", ".join(f"{(row[b] - row[a]) / (b - a):.0f}" for a, b in itertools.pairwise(sorted(row)))
    fixed_ns, per_card = line(row)
    cells = " | ".join(f"{v:,.0f}" for v in row.values())
    print(
        f"\n4 players, random, ns per deal at 1/4/7/10/13 cards: {cells}; fixed {fixed_ns:,.0f} ns, "
        f"{per_card:.0f} ns per card, steps {steps}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--baseline", default="6249d57", help="git revision to compare with (default: 6249d57)")
    parser.add_argument("--reps", type=int, default=4, help="alternating child runs per side (default 4)")
    parser.add_argument("--quick", action="store_true", help="small sizes; print only")
    parser.add_argument(
        "--wizard", action="store_true", help="only the Wizard deck and the fallbacks; rewrites their section"
    )
    parser.add_argument(
        "--cloop",
        type=int,
        metavar="N",
        default=0,
        help="only the kernel against the C loop, N separate interleaved measurements, and the 4-player sizes; prints",
    )
    args = parser.parse_args()
    if args.cloop:
        cloop_only(args.cloop, 300_000, 10)
        return
    if args.wizard:
        command = f"python benchmarks/bench_kernel.py --wizard{' --quick' if args.quick else ''}"
        section = wizard_section(20_000 if args.quick else 200_000, 300 if args.quick else 3_000, 3, command)
        print("\n".join(section))
        if not args.quick:
            write_wizard_section(section)
        return
    deals = 30_000 if args.quick else 300_000
    repeat = 2 if args.quick else 5
    t_start = time.time()
    load_start = os.getloadavg()[0]
    rel = release_comparison(args.baseline, deals, 1 if args.quick else args.reps)
    cl = c_loop(deals, repeat * 2)
    size_deals = 10_000 if args.quick else 100_000
    random_costs = cost_table(size_deals, repeat, folk=False)
    folk_costs = cost_table(size_deals // 4, repeat, folk=True)
    commit = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True,
                            text=True).stdout.strip()  # fmt: skip
    this, base = rel["this"], rel["baseline"]
    lines = [
        f"# Compiled path against release {args.baseline}, the C loop, and by size ({time.strftime('%Y-%m-%d')})",
        "",
        f"Machine: {platform.machine()}, {os.cpu_count()} cores (shared), Python {platform.python_version()}, "
        f"numpy {np.__version__}; this code at commit {commit}.  Command: `python benchmarks/bench_kernel.py"
        f" --baseline {args.baseline} --reps {args.reps}`"
        f"{' --quick' if args.quick else ''}; {time.time() - t_start:.0f} s; load average (1 min) "
        f"{load_start:.2f} at the start, {os.getloadavg()[0]:.2f} at the end of the timings (this run holds one core).",
        "CPU time of one process, best of the interleaved runs; 4 players x 7 cards, random play, Boerenbridge rules",
        "with a fixed hand size.",
        "",
        f"| 4 x 7, one core | release {args.baseline} (deals/s) | this code (deals/s) | this / release |",
        "|---|---:|---:|---:|",
        f"| `simulate()`, summary mode, 1 worker | {base['summary']:,.0f} | {this['summary']:,.0f} | "
        f"{this['summary'] / base['summary']:.2f}x |",
        f"| the kernel alone (`run_chunk`) | {base['kernel']:,.0f} | {this['kernel']:,.0f} | "
        f"{this['kernel'] / base['kernel']:.2f}x |",
        f"| summary mode / kernel | {base['summary'] / base['kernel']:.2f} | "
        f"{this['summary'] / this['kernel']:.2f} | |",
        f"| first compile (empty numba cache), CPU s | {base['first_compile_s']:.1f} | "
        f"{this['first_compile_s']:.1f} | |",
        f"| random play, ns per card played (4 x 1 to 4 x 13) | {played(base, 'random'):.1f} | "
        f"{played(this, 'random'):.1f} | |",
        f"| folk play, ns per card played (4 x 1 to 4 x 13) | {played(base, 'folk'):.1f} | "
        f"{played(this, 'folk'):.1f} | |",
        f"| folk over random, ns per card played | {played(base, 'folk') - played(base, 'random'):.1f} | "
        f"{played(this, 'folk') - played(this, 'random'):.1f} | |",
        "",
    ]
    if cl is not None:
        c_s, k_s, same = cl
        lines += [
            "| 4 x 7 random deals, one core | deals/s | kernel / this |",
            "|---|---:|---:|",
            f"| the kernel | {1 / k_s:,.0f} | |",
            f"| C loop, gcc -O2 -march=native, the same draw changes | {1 / c_s:,.0f} | {c_s / k_s:.2f}x |",
            "",
            f"Same deals (score sums equal): {same}.",
            "",
        ]
    for name, costs in (("random play", random_costs), ("folk play", folk_costs)):
        lines += [
            f"Nanoseconds per deal, {name} (kernel, one core); fixed cost and cost per further card in the hand",
            "from a least-squares line over the sizes; steps: ns per card between consecutive sizes.",
            "",
            "| players | 1 | 4 | 7 | 10 | 13 | fixed ns | ns per card | steps 1-4, 4-7, 7-10, 10-13 |",
            "|---|---:|---:|---:|---:|---:|---:|---:|---|",
        ]
        for players, row in costs.items():
            cells = [f"{row[h]:,.0f}" if h in row else "" for h in (1, 4, 7, 10, 13)]
            fixed_ns, per_card = line(row)
            sizes = sorted(row)
            steps = ", ".join(f"{(row[b] - row[a]) / (b - a):.0f}" for a, b in itertools.pairwise(sizes))
            lines.append(f"| {players} | {' | '.join(cells)} | {fixed_ns:,.0f} | {per_card:.0f} | {steps} |")
        lines.append("")
    mem_deals = 50_000 if args.quick else 500_000
    peak, final = row_memory(mem_deals)
    mib = 2**20 * mem_deals / 1e6
    lines += [
        f"Row mode, 4 x 7, {mem_deals:,} deals on one worker (tracemalloc): peak {peak / mib:.1f} MiB per million "
        f"deals, final frame {final / mib:.1f} MiB, peak / frame {peak / final:.2f}.",
        "",
    ]
    per_card_random = line(random_costs[4])[1]
    per_card_folk = line(folk_costs[4])[1]
    lines += [
        f"Folk play costs {per_card_folk - per_card_random:.0f} ns a card more than random play at 4 players "
        f"({per_card_folk:.0f} vs {per_card_random:.0f} ns per further card in the hand; a card here is one more "
        "trick, one card from each player).",
        "",
    ]
    command = f"python benchmarks/bench_kernel.py --baseline {args.baseline} --reps {args.reps}"
    lines += wizard_section(30_000 if args.quick else 200_000, 300 if args.quick else 3_000, repeat, command)
    text = "\n".join(lines)
    print(text)
    if not args.quick:
        (HERE / "RESULTS-kernel.md").write_text(text)


if __name__ == "__main__":
    main()
