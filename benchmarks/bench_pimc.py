"""PIMC timings: seconds per card decision and per full 4-player match.

    python benchmarks/bench_pimc.py            # writes benchmarks/RESULTS-pimc.md
    python benchmarks/bench_pimc.py --quick    # fewer deals, prints only

Decisions are timed one by one (only those where PIMC searches: more than
one legal card, its bid still reachable, within the horizon); the match is a
whole 4-player Boerenbridge match (1..8..1, 15 deals) with four PIMC players.
"""

from __future__ import annotations

import argparse
import os
import platform
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

import ohhell
from ohhell.cards import Card
from ohhell.engine import Observation, Stream, play_match
from ohhell.strategies import ExpectedValue
from ohhell.strategies.pimc import PIMC

HERE = Path(__file__).resolve().parent


@dataclass(frozen=True, slots=True, kw_only=True)
class TimedPIMC:
    """PIMC that records how long each searched decision took."""

    inner: PIMC
    times: list[float] = field(default_factory=list, hash=False, compare=False)

    def bid(self, obs: Observation, rng: Stream) -> int:
        return self.inner.bid(obs, rng)

    def play(self, obs: Observation, rng: Stream) -> Card:
        t0 = time.perf_counter()
        card = self.inner.play(obs, rng)
        bid = obs.bids[obs.seat]
        need = (bid or 0) - obs.tricks_won[obs.seat]
        if len(obs.legal_cards) > 1 and 0 <= need <= obs.tricks_left <= self.inner.horizon:
            self.times.append(time.perf_counter() - t0)
        return card

    def name_trump(self, obs: Observation, rng: Stream) -> ohhell.Suit:
        return self.inner.name_trump(obs, rng)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--samples", type=int, default=10)
    args = parser.parse_args()
    rules = ohhell.boerenbridge(4)
    pimc = PIMC(samples=args.samples, bid_with=ExpectedValue(samples=64))
    play_match(rules, [pimc] * 4, seed=0)  # warm up: compiles (or loads) the solver
    matches = 1 if args.quick else 3
    timed = TimedPIMC(inner=pimc)
    match_seconds = []
    for seed in range(matches):
        t0 = time.perf_counter()
        play_match(rules, [timed] * 4, seed=100 + seed)
        match_seconds.append(time.perf_counter() - t0)
    t = np.array(timed.times)
    lines = [
        f"# PIMC timings ({time.strftime('%Y-%m-%d')})",
        "",
        f"Machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}.  Command:"
        f" `python benchmarks/bench_pimc.py{' --quick' if args.quick else ''}`.  PIMC({args.samples} samples,"
        f" horizon {pimc.horizon}) bidding with ExpectedValue(64); 4-player Boerenbridge (1..8..1).",
        "",
        "| measure | value |",
        "|---|---:|",
        f"| searched card decisions timed | {t.size} |",
        f"| seconds per decision, median | {np.median(t):.4f} |",
        f"| seconds per decision, 95th percentile | {np.percentile(t, 95):.4f} |",
        f"| seconds per decision, max | {t.max():.4f} |",
        f"| seconds per full match, four PIMC players (mean of {matches}) | {np.mean(match_seconds):.1f} |",
    ]
    text = "\n".join(lines) + "\n"
    print(text)
    if not args.quick:
        (HERE / "RESULTS-pimc.md").write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
