"""Where a player's strength is: one player's bids with another's cards, against ISMCTS at its own information.

A seat bids as ``--bids`` and plays its cards as ``--cards`` (registry
names), in :func:`ohhell.interop.openspiel.head_to_head` against OpenSpiel's
ISMCTS with the resampler that deals every card its seat has not seen
(``ismcts(..., resample="view")``), 4 players x 7 tricks, OpenSpiel's
scoring.  Comparing ``--bids rollout --cards card-odds`` with
``--bids card-odds --cards card-odds`` on the same seed says how much of the
card-odds player's deficit is its bidding.

Usage::

    python benchmarks/strength_split.py --bids rollout --cards card-odds --deals 300 --simulations 100

A measurement device, not a player of the library.
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass

from ohhell.cards import Card, Suit
from ohhell.engine import Observation, Strategy, Stream


@dataclass(frozen=True)
class Split:
    """Bids as ``bidder``, plays and names trump as ``player``."""

    bidder: Strategy
    player: Strategy

    def bid(self, obs: Observation, rng: Stream) -> int:
        return self.bidder.bid(obs, rng)

    def play(self, obs: Observation, rng: Stream) -> Card:
        return self.player.play(obs, rng)

    def name_trump(self, obs: Observation, rng: Stream) -> Suit:
        return self.player.name_trump(obs, rng)


def main() -> None:
    from ohhell.interop.openspiel import head_to_head, ismcts
    from ohhell.strategies.registry import strategy

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bids", default="card-odds")
    parser.add_argument("--cards", default="card-odds")
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--simulations", type=int, default=100)
    parser.add_argument("--out", default=None, help="write the per-deal scores to this CSV (for paired comparisons)")
    args = parser.parse_args()
    start = time.perf_counter()
    ours = Split(strategy(args.bids), strategy(args.cards))
    result = head_to_head(
        ours, ismcts(simulations=args.simulations, seed=args.seed, resample="view"), deals=args.deals, seed=args.seed
    )
    if args.out:
        result.per_deal.to_csv(args.out, index=False)
    s = result.summary
    print(f"bids {args.bids}, cards {args.cards} vs ISMCTS({args.simulations}) at its own information")
    print(
        f"| {args.bids} | {args.cards} | {args.deals} | {result.diff:+.2f} [{result.lo:+.2f}, {result.hi:+.2f}] "
        f"| {s.loc['ours', 'made']:.3f} / {s.loc['theirs', 'made']:.3f} "
        f"| {s.loc['ours', 'bid']:.2f} / {s.loc['ours', 'tricks']:.2f} |"
    )
    print(f"{time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
