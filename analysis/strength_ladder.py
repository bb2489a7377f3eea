"""The strength ladder: Random < Folk < Expected-value bidder < CardOdds < Distilled < Rollout, duplicate tournaments.

Each step seats the two players alternately (A, B, A, B) at a 4-player table
and replays every deal with the seating rotated.  Reported per step: the
mean score per deal of each player, the difference with its 95% paired
interval over deals, and each player's made-bid rate.

    python analysis/strength_ladder.py                       # writes analysis/results/strength_ladder.md
    python analysis/strength_ladder.py --deals 2000 --pimc-deals 300 --rollout-deals 500

``rollout`` is the library's ``strongest``; ``distilled`` (the card-odds bids
with the distilled card policy) and ``card-odds`` are the compiled players
(``strongest-fast`` names one of them, see ``ohhell.strategies.registry``);
card-odds -> rollout is measured as well, and PIMC beside them (expected
value -> PIMC -> rollout).
"""

from __future__ import annotations

import argparse
import time
from itertools import pairwise
from pathlib import Path

import ohhell
from ohhell.engine import Strategy
from ohhell.stats import paired_diff_ci
from ohhell.strategies import CardOdds, Distilled, ExpectedValue, Folk, RandomStrategy, Rollout
from ohhell.strategies.pimc import PIMC
from ohhell.tournament import tournament

OUT = Path(__file__).resolve().parent / "results"


def step(
    rules: ohhell.Rules, a: tuple[str, Strategy], b: tuple[str, Strategy], deals: int, seed: int, n_jobs: int
) -> str:
    (na, sa), (nb, sb) = a, b
    seating = {na: sa, nb: sb, f"{na} 2": sa, f"{nb} 2": sb}
    t0 = time.perf_counter()
    t = tournament(rules, seating, deals=deals, seed=seed, progress=False, n_jobs=n_jobs)
    rows = t.deals.assign(side=t.deals["player"].astype(str).str.removesuffix(" 2"))
    per_deal = rows.groupby(["unit", "side"])["score"].mean().unstack()
    made = rows.groupby("side")["made"].mean()
    d, lo, hi = paired_diff_ci(per_deal[nb].to_numpy(), per_deal[na].to_numpy())
    return (
        f"| {rules.name} | {na} -> {nb} | {deals} x 4 | {per_deal[na].mean():.3f} | {per_deal[nb].mean():.3f} |"
        f" {d:+.3f} ({lo:+.3f}, {hi:+.3f}) | {made[na]:.3f} | {made[nb]:.3f} | {time.perf_counter() - t0:.0f} |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=5000, help="deals per rotation for the compiled steps")
    parser.add_argument("--pimc-deals", type=int, default=300, help="deals per rotation for the PIMC step")
    parser.add_argument("--pimc-samples", type=int, default=10)
    parser.add_argument("--rollout-deals", type=int, default=500, help="deals per rotation for the rollout steps")
    parser.add_argument("--ev-samples", type=int, default=64)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--n-jobs", type=int, default=-1)
    args = parser.parse_args()
    ev = ExpectedValue(samples=args.ev_samples)
    players = [
        ("random", RandomStrategy()),
        ("folk", Folk()),
        ("ev", ev),
        ("card-odds", CardOdds()),
        ("distilled", Distilled()),
        ("rollout", Rollout()),
    ]
    pimc = ("pimc", PIMC(samples=args.pimc_samples, bid_with=ev))
    steps = [*pairwise(players), (players[3], players[5]), (players[2], pimc), (pimc, players[5])]
    lines = [
        f"Command: `python analysis/strength_ladder.py --deals {args.deals} --pimc-deals {args.pimc_deals}"
        f" --rollout-deals {args.rollout_deals}"
        f" --pimc-samples {args.pimc_samples} --ev-samples {args.ev_samples} --seed {args.seed}`; ohhell"
        f" {ohhell.__version__}; 4 players, seating A B A B, every deal replayed in 4 rotations.",
        "",
        "| rules | step A -> B | deals | A score/deal | B score/deal | B - A (95% CI) | A made | B made | seconds |",
        "|---|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for name in ("boerenbridge", "bondebridge"):
        rules = ohhell.preset(name, 4)
        for a, b in steps:
            deals = {"pimc": args.pimc_deals, "rollout": args.rollout_deals}.get(b[0], args.deals)
            lines.append(step(rules, a, b, deals, args.seed, args.n_jobs))
            print(lines[-1], flush=True)
    OUT.mkdir(exist_ok=True)
    (OUT / "strength_ladder.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"written to {OUT / 'strength_ladder.md'}")


if __name__ == "__main__":
    main()
