"""Each folk tip on its own: switch it off, everything else equal, in duplicate tournaments.

For every tip, two full folk players and two players without that tip sit
alternately (folk, folk without the tip, folk, folk without the tip); every
deal is replayed with the seating rotated, so each player meets the same
cards from every seat.  Reported: the mean score per deal of the full
player minus the player without the tip, with its 95% paired interval over
deals, and both made-bid rates.

    python analysis/folk_tips.py --deals 20000          # writes analysis/results/folk_tips.md
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import ohhell
from ohhell.stats import paired_diff_ci
from ohhell.strategies import Folk
from ohhell.strategies.folk_core import TIPS
from ohhell.tournament import tournament

OUT = Path(__file__).resolve().parent / "results"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=20_000, help="deals per rotation")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--rules", default="boerenbridge,bondebridge")
    args = parser.parse_args()
    lines = [
        f"Command: `python analysis/folk_tips.py --deals {args.deals} --seed {args.seed}`; ohhell {ohhell.__version__};"
        f" {args.deals} deals x 4 rotations per row, 4 players.",
        "",
        "| rules | tip switched off | score/deal with tip | without | difference (95% CI) | made with | made without |",
        "|---|---|---:|---:|---:|---:|---:|",
    ]
    t0 = time.perf_counter()
    for name in args.rules.split(","):
        rules = ohhell.preset(name, 4)
        for tip in TIPS:
            seating = {
                "with": Folk(),
                "without": Folk().without(tip),
                "with 2": Folk(),
                "without 2": Folk().without(tip),
            }
            t = tournament(rules, seating, deals=args.deals, seed=args.seed, progress=False)
            rows = t.deals.assign(side=t.deals["player"].astype(str).str.split(" ").str[0])
            per_deal = rows.groupby(["unit", "side"])["score"].mean().unstack()
            made = rows.groupby("side")["made"].mean()
            d, lo, hi = paired_diff_ci(per_deal["with"].to_numpy(), per_deal["without"].to_numpy())
            lines.append(
                f"| {name} | {tip} | {per_deal['with'].mean():.3f} | {per_deal['without'].mean():.3f} |"
                f" {d:+.3f} ({lo:+.3f}, {hi:+.3f}) | {made['with']:.3f} | {made['without']:.3f} |"
            )
            print(lines[-1], flush=True)
    lines.append("")
    lines.append(f"Wall time {time.perf_counter() - t0:.0f} s.")
    OUT.mkdir(exist_ok=True)
    (OUT / "folk_tips.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"written to {OUT / 'folk_tips.md'}")


if __name__ == "__main__":
    main()
