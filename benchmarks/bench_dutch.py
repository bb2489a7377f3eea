"""Dutch rounds per second on one core: the compiled round against the reference engine, per line-up.

Usage::

    python benchmarks/bench_dutch.py [--players 4] [--rounds 20000] [--reference-rounds 200] [--repeats 3]
                                     [--out benchmarks/RESULTS-dutch.md]

For each line-up (every seat the same player) it times
:func:`ohhell.dutch.kernel.play_rounds` on ``--rounds`` rounds and the
reference engine (:func:`ohhell.dutch.play.run_round` on the same units'
streams) on ``--reference-rounds``, in CPU time, best of ``--repeats``
alternating runs, after one warm-up call (numba's compile is not timed); then
the same for whole matches (:func:`~ohhell.dutch.kernel.play_matches`).  The
compiled and reference rounds of the timed units are checked to be the same
rounds (scores), so the two columns time the same work.
"""

from __future__ import annotations

import argparse
import platform
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

from ohhell.dutch import MemoryPlayer, Player, RandomPlayer, ThresholdPlayer, dutch
from ohhell.dutch.kernel import play_matches, play_rounds
from ohhell.dutch.play import match_rounds, run_round
from ohhell.dutch.state import deal
from ohhell.sim.streams import unit_streams

LINEUPS: dict[str, Player] = {
    "random": RandomPlayer(),
    "threshold": ThresholdPlayer(),
    "memory": MemoryPlayer(),
    "memory:forget=0.1": MemoryPlayer(forget=0.1),
    "memory:capacity=4": MemoryPlayer(capacity=4),
}
BASE = 20261202


def _cpu(fn: Callable[[], object], repeats: int) -> float:
    best = float("inf")
    for _ in range(repeats):
        t = time.process_time()
        fn()
        best = min(best, time.process_time() - t)
    return best


def _reference_rounds(players: list[Player], count: int) -> list[list[int]]:
    rules = dutch(len(players))
    out = []
    for unit in range(count):
        chance, rngs = unit_streams(BASE, unit, rules.players)
        state = deal(rules, chance.permutation(rules.deck.size), round_index=unit)
        out.append(list(run_round(state, players, chance, rngs).scores))
    return out


def _reference_matches(players: list[Player], count: int) -> int:
    rules = dutch(len(players))
    rounds = 0
    for unit in range(count):
        chance, rngs = unit_streams(BASE, unit, rules.players)
        rounds += sum(1 for _ in match_rounds(rules, players, chance, rngs))
    return rounds


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--rounds", type=int, default=20_000)
    ap.add_argument("--reference-rounds", type=int, default=200)
    ap.add_argument("--matches", type=int, default=400)
    ap.add_argument("--reference-matches", type=int, default=4)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--out", type=Path, default=None)
    a = ap.parse_args()
    rules = dutch(a.players)
    rows = []
    for name, player in LINEUPS.items():
        seats = [player] * a.players
        play_rounds(rules, seats, base=BASE, start=0, count=5)  # compile / load the cache
        play_matches(rules, seats, base=BASE, start=0, count=1)
        check = play_rounds(rules, seats, base=BASE, start=0, count=a.reference_rounds)["scores"].tolist()
        assert check == _reference_rounds(seats, a.reference_rounds), name
        fast = _cpu(lambda: play_rounds(rules, seats, base=BASE, start=0, count=a.rounds), a.repeats)  # noqa: B023
        ref = _cpu(lambda: _reference_rounds(seats, a.reference_rounds), a.repeats)  # noqa: B023
        out = play_matches(rules, seats, base=BASE, start=0, count=a.matches)
        per_match = len(out["match"]) / a.matches
        fast_m = _cpu(lambda: play_matches(rules, seats, base=BASE, start=0, count=a.matches), a.repeats)  # noqa: B023
        ref_rounds = _reference_matches(seats, a.reference_matches)
        ref_m = _cpu(lambda: _reference_matches(seats, a.reference_matches), a.repeats)  # noqa: B023
        turns = float(np.mean(play_rounds(rules, seats, base=BASE, start=0, count=2000)["turns"]))
        row = (
            name,
            a.rounds / fast,
            a.reference_rounds / ref,
            (a.rounds / fast) / (a.reference_rounds / ref),
            turns,
            fast / a.rounds / turns * 1e9,
            a.matches / fast_m,
            per_match,
            (len(out["match"]) / fast_m) / (ref_rounds / ref_m),
        )
        rows.append(row)
        print(
            f"{name}: {row[1]:,.0f} rounds/s compiled, {row[2]:,.0f} reference ({row[3]:,.0f}x); "
            f"{row[4]:.1f} turns a round, {row[5]:,.0f} ns a turn; {row[6]:,.0f} matches/s "
            f"({row[7]:.1f} rounds each), {row[8]:,.0f}x the reference",
            flush=True,
        )
    if a.out is not None:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
        lines = [
            "# Dutch: the compiled round against the reference engine",
            "",
            f"Measured by `python benchmarks/bench_dutch.py --players {a.players} --rounds {a.rounds} "
            f"--reference-rounds {a.reference_rounds} --matches {a.matches} --reference-matches "
            f"{a.reference_matches} --repeats {a.repeats} --out {a.out}` on this machine ({platform.machine()}, "
            f"Python {platform.python_version()}, commit {commit}), one core, CPU time, best of {a.repeats} runs; "
            "every seat plays the same player; the compiled rounds were checked to equal the reference "
            "engine's on the timed units.",
            "",
            "| line-up | compiled rounds/s | reference rounds/s | ratio | turns a round | ns a turn, compiled "
            "| compiled matches/s | rounds a match | matches: ratio in rounds/s |",
            "|---|---|---|---|---|---|---|---|---|",
        ]
        lines += [
            f"| {r[0]} | {r[1]:,.0f} | {r[2]:,.0f} | {r[3]:,.0f}x | {r[4]:.1f} | {r[5]:,.0f} | {r[6]:,.0f} "
            f"| {r[7]:.1f} | {r[8]:,.0f}x |"
            for r in rows
        ]
        a.out.write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
