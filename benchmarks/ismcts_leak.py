"""What knowing the stock is worth to OpenSpiel's ISMCTS: the same search with two resamplers, head to head.

Both sides are OpenSpiel's Python ``ISMCTSBot`` (random rollouts, ``uct_c`` =
sqrt(2) x the return range, final policy max visit count, unlimited world
samples), asked with the game's true state, in a duplicate match of
:func:`ohhell.interop.openspiel.head_to_head` (4 players x 7 tricks,
OpenSpiel's scoring).  "stock": each simulation's world comes from
``oh_hell``'s own ``resample_from_infostate``, which deals again only the
cards the other players hold, so the bot knows which cards are in the stock.
"view": every card its seat has not seen is dealt again, the stock's too
(``ISMCTSFactory(resample="view")``).  The difference per deal is what the
stock's knowledge buys the search.  The "view" bot is reproducible from
its seed; the "stock" one is not: ``oh_hell``'s resampling draws from the
``pyspiel.UniformProbabilitySampler`` the Python bot hands it, which no seed
reaches (found by experiment: two runs of the same deals differ).

Usage::

    python benchmarks/ismcts_leak.py --deals 200 --simulations 1000

A measurement device, not a player of the library.
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class StockISMCTS:
    """``make_bot(game, seat, seed)``: the "view" bot of ``ISMCTSFactory``, the same settings and seeds, with
    ``oh_hell``'s own resampling in place of its resampler (so it knows the stock)."""

    simulations: int

    def __call__(self, game: Any, seat: int, seed: int) -> Any:
        from ohhell.interop.openspiel import ISMCTSFactory

        bot = ISMCTSFactory(simulations=self.simulations, resample="view")(game, seat, seed)
        bot.set_resampler(None)  # the Python bot then asks the state: resample_from_infostate
        return bot


def main() -> None:
    from ohhell.interop.openspiel import ISMCTSFactory, head_to_head

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--simulations", type=int, default=1000)
    args = parser.parse_args()
    start = time.perf_counter()
    result = head_to_head(
        StockISMCTS(args.simulations),  # type: ignore[arg-type]
        ISMCTSFactory(simulations=args.simulations, resample="view"),
        deals=args.deals,
        seed=args.seed,
        bots_see="state",
        check_legal=False,
    )
    s = result.summary
    print(f"ISMCTS({args.simulations}) knowing the stock vs the same search at its own information")
    print("| deals | stock - view per deal [95% CI] | made-bid rate stock / view | bid / tricks won, stock | view |")
    print(
        f"| {args.deals} | {result.diff:+.2f} [{result.lo:+.2f}, {result.hi:+.2f}] "
        f"| {s.loc['ours', 'made']:.3f} / {s.loc['theirs', 'made']:.3f} "
        f"| {s.loc['ours', 'bid']:.2f} / {s.loc['ours', 'tricks']:.2f} "
        f"| {s.loc['theirs', 'bid']:.2f} / {s.loc['theirs', 'tricks']:.2f} |"
    )
    print(f"{time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
