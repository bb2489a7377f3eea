"""What the players cost: time per decision and deals per second on one core, at 4 players x 7 cards.

- ``Rollout()`` (``strongest``) and PIMC: milliseconds per searched decision
  (median and 95th percentile over every bid and card decision of seeded
  deals, reference engine, one process).
- ``simulate()`` in summary mode on one worker, deals per second, for
  random play, the folk player, the expected-value bidder, ``CardOdds()`` and
  ``Distilled()``, Boerenbridge rules with a fixed hand of 7 cards; the
  learned odds are learned before the clock starts (their one-off cost is
  reported on its own).

Usage::

    python benchmarks/bench_players.py           # writes benchmarks/RESULTS-players.md
    python benchmarks/bench_players.py --quick   # small sizes, prints only
"""

from __future__ import annotations

import argparse
import platform
import subprocess
import time
from dataclasses import replace
from pathlib import Path

import numpy as np

import ohhell
from ohhell.engine import Observation, Strategy, Stream, deal
from ohhell.rules import FixedHands, compile_rules
from ohhell.strategies import PIMC, CardOdds, Distilled, ExpectedValue, Folk, RandomStrategy, Rollout
from ohhell.strategies.card_odds import round_odds

HERE = Path(__file__).resolve().parent
RULES = replace(ohhell.boerenbridge(4), schedule=FixedHands(size=7, rounds=1))


def decision_times(player: Strategy, deals: int) -> np.ndarray:
    """Seconds of each decision with more than one legal choice, the player in every seat."""
    compiled = compile_rules(RULES)
    out = []
    for d in range(deals):
        state = deal(compiled, round_index=0, dealer=d % 4, players=4, rng=Stream(d))
        rng = Stream(10_000 + d)
        while not state.is_over:
            obs: Observation = state.observation(state.current_seat)
            start = time.perf_counter()
            if state.phase in ("bid", "adjust"):
                choice_b = player.bid(obs, rng)
                elapsed = time.perf_counter() - start
                state.apply_bid(choice_b)
                many = len(obs.legal_bids) > 1
            else:
                choice_c = player.play(obs, rng)
                elapsed = time.perf_counter() - start
                state.apply_play(choice_c)
                many = len(obs.legal_cards) > 1
            if many:
                out.append(elapsed)
    return np.array(out)


def deals_per_second(player: Strategy, deals: int) -> float:
    ohhell.simulate(RULES, [player] * 4, deals=2000, seed=0, n_jobs=1, progress=False, summary=["bid"])  # warm-up
    best = 0.0
    for _ in range(3):
        start = time.perf_counter()
        ohhell.simulate(RULES, [player] * 4, deals=deals, seed=1, n_jobs=1, progress=False, summary=["bid"])
        best = max(best, deals / (time.perf_counter() - start))
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    search_deals = 5 if args.quick else 60
    sim_deals = 20_000 if args.quick else 300_000
    lines = ["| player | decisions | median ms | p95 ms |", "|---|---:|---:|---:|"]
    for name, player in (("Rollout() (strongest)", Rollout()), ("PIMC()", PIMC())):
        player.bid(deal(compile_rules(RULES), round_index=0, dealer=3, players=4, rng=Stream(0)).observation(0),
                   Stream(0))  # fmt: skip  # compile before timing
        t = decision_times(player, search_deals)
        lines.append(f"| {name} | {t.size} | {1000 * np.median(t):.2f} | {1000 * np.quantile(t, 0.95):.2f} |")
        print(lines[-1], flush=True)
    fresh = replace(RULES, schedule=FixedHands(size=6, rounds=1))  # a round shape no player here has learned yet
    start = time.perf_counter()
    round_odds(compile_rules(fresh))
    learn = time.perf_counter() - start
    lines += ["", "| simulate(), summary mode, one worker | deals/s |", "|---|---:|"]
    for name, player in (
        ("RandomStrategy()", RandomStrategy()),
        ("Folk()", Folk()),
        ("ExpectedValue(samples=64)", ExpectedValue()),
        ("CardOdds()", CardOdds()),
        ("Distilled()", Distilled()),
    ):
        n = sim_deals // 30 if isinstance(player, ExpectedValue) else sim_deals
        lines.append(f"| {name} | {deals_per_second(player, n):,.0f} |")
        print(lines[-1], flush=True)
    lines.append("")
    lines.append(f"CardOdds' one-off learning for a new rules value (one 6-card round shape): {learn:.2f} s.")
    text = "\n".join(lines)
    if args.quick:
        return
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, cwd=HERE)
    (HERE / "RESULTS-players.md").write_text(
        "# What the players cost\n\n"
        f"Measured by `python benchmarks/bench_players.py` on this machine ({platform.machine()}, Python "
        f"{platform.python_version()}, commit {commit.stdout.strip()}), one process, 4 players x 7 cards "
        "(Boerenbridge rules with a fixed hand of 7). Search players: every bid and card decision with more "
        "than one legal choice of seeded deals, the player in every seat. simulate(): best of 3 runs.\n\n"
        f"{text}\n",
        encoding="utf-8",
    )


if __name__ == "__main__":
    main()
