"""``ohhell advise --rules NAME --players N --hand "AS KH 7C" --trump H --seat-from-dealer K``: what to bid."""

from __future__ import annotations

import argparse
import json
from typing import Any

from ohhell.cli.common import add_rules_options, rules_from


def register(sub: Any) -> None:
    p = sub.add_parser(
        "advise",
        help="the expected score and chance of making each legal bid for a hand, and the bid to make",
        description="Scores every legal bid of HAND by the strong player's rollouts over sampled deals of the"
        " unseen cards (exact in a 1-card round with the turned-up card given), with intervals over"
        " independent batches. Seats count from the dealer's left: 0 bids first, N-1 deals.",
    )
    add_rules_options(p)
    p.add_argument("--hand", required=True, help='your cards, e.g. "AS KH 7C TD"')
    p.add_argument("--trump", default=None, metavar="SUIT", help="trump suit letter C/D/H/S, or none")
    p.add_argument("--trump-card", default=None, metavar="CARD", help="the turned-up card, e.g. 7H (optional)")
    p.add_argument("--seat-from-dealer", type=int, required=True, metavar="K", help="0 bids first, N-1 deals")
    p.add_argument("--bids", default="", help="the bids before yours, from the dealer's left, e.g. 1,0")
    p.add_argument("--seed", type=int, default=None, help="seed (default: fresh entropy)")
    p.add_argument("--batches", type=int, default=10, help="independent batches (default 10)")
    p.add_argument("--samples", type=int, default=200, help="sampled deals per batch (default 200)")
    p.add_argument(
        "--playout",
        choices=("policy", "distilled"),
        default="policy",
        help="what plays the sampled deals out: the rollout policy (default) or the distilled policy",
    )
    p.add_argument("--format", choices=("table", "json"), default="table")
    p.set_defaults(handler=run)


def _bids(text: str) -> list[int]:
    parts = [t for t in text.replace(" ", ",").split(",") if t]
    try:
        return [int(t) for t in parts]
    except ValueError:
        raise ValueError(f"--bids must be whole numbers separated by commas, e.g. 1,0; got {text!r}") from None


def _row(r: Any) -> dict[str, Any]:
    return {
        "bid": r.bid,
        "score": r.score,
        "score_interval": [r.score_lo, r.score_hi],
        "p_made": r.p_made,
        "p_made_interval": [r.p_made_lo, r.p_made_hi],
    }


def run(args: argparse.Namespace) -> int:
    from ohhell.review.advise import advise_bid
    from ohhell.review.values import Budget

    rules = rules_from(args)
    advice = advise_bid(
        rules,
        hand=args.hand,
        seat_from_dealer=args.seat_from_dealer,
        trump=args.trump,
        trump_card=args.trump_card,
        bids=_bids(args.bids),
        seed=args.seed,
        budget=Budget(batches=args.batches, samples=args.samples, playout=args.playout),
    )
    if args.format == "json":
        out = {
            "best": advice.best,
            "exact": advice.exact,
            "bids": [
                {
                    "bid": r.bid,
                    "score": r.score,
                    "score_interval": [r.score_lo, r.score_hi],
                    "p_made": r.p_made,
                    "p_made_interval": [r.p_made_lo, r.p_made_hi],
                }
                for r in advice.rows
            ],
            "note": advice.note,
        }
        print(json.dumps(out))
    else:
        print(advice.table())
    return 0
