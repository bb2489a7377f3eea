"""The information-set search player against the rollout player, seat for seat, in the project's own engine.

A duplicate tournament (:func:`ohhell.tournament`, every seating rotated
over the same deals) of two ``ISMCTS`` and two ``Rollout`` players in
OpenSpiel's rules (``ohhell.openspiel(4)``, 7 cards a deal): both bid the
same way, so the paired difference per deal measures the card play.  A
sharper instrument than the match against OpenSpiel's bot (no noise from
its search), for choosing settings.

Usage::

    python benchmarks/ismcts_selfplay.py --deals 150 --iterations 4000 --uct-c 0.7

A measurement device, not a player of the library.
"""

from __future__ import annotations

import argparse
import time
from dataclasses import replace


def main() -> None:
    import ohhell
    from ohhell.rules import FixedHands
    from ohhell.strategies import ISMCTS, Rollout
    from ohhell.tournament import tournament

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=150, help="deals per rotation (4 rotations)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--iterations", type=int, default=ISMCTS().iterations)
    parser.add_argument("--worlds", type=int, default=ISMCTS().worlds)
    parser.add_argument("--uct-c", type=float, default=ISMCTS().uct_c)
    args = parser.parse_args()
    rules = replace(ohhell.openspiel(4), schedule=FixedHands(size=7, rounds=1))
    player = ISMCTS(iterations=args.iterations, worlds=args.worlds, uct_c=args.uct_c)
    start = time.perf_counter()
    t = tournament(
        rules, {"ismcts": player, "rollout": Rollout(), "ismcts 2": player, "rollout 2": Rollout()},
        deals=args.deals, seed=args.seed, engine="reference", n_jobs=1,
    )  # fmt: skip
    frame = t.deals
    frame = frame.assign(side=frame["player"].str.split(" ").str[0])
    per_deal = frame.groupby(["unit", "side"])["score"].mean().unstack("side")  # over seats and rotations
    diff = per_deal["ismcts"] - per_deal["rollout"]
    se = diff.std(ddof=1) / len(diff) ** 0.5
    made = frame.assign(made=frame["bid"] == frame["tricks"]).groupby("side")["made"].mean()
    print(f"{player!r} vs Rollout(), {args.deals} deals x 4 rotations, seed {args.seed}")
    mean = diff.mean()
    print(
        f"ismcts - rollout per deal: {mean:+.3f} [{mean - 1.96 * se:+.3f}, {mean + 1.96 * se:+.3f}]"
        f" (n = {len(diff)}); made ismcts {made['ismcts']:.3f} / rollout {made['rollout']:.3f};"
        f" {time.perf_counter() - start:.0f} s"
    )


if __name__ == "__main__":
    main()
