"""Fit the distilled player's card weights (``ohhell/strategies/distilled_weights.json``) to rollout values.

Two rounds of decisions (:mod:`ohhell.strategies.distill`): the first from
the card-odds player's self-play, the second (DAgger) from the distilled
policy fitted on the first, so that the weights also see the states their
own play reaches.  Every card decision with a choice is valued by
``Rollout(play_samples=...)`` from that seat's information; the weights are
fitted on both rounds together, a quarter of the decisions held out.  The
jobs cycle through OpenSpiel's 4 x 7 game, Boerenbridge, OpenSpiel's ladder
and Bondebridge at 4 players (a random round and dealer per deal for the
last three).

    python analysis/distill_cards.py                   # about 10 minutes on 2 cores
    python analysis/distill_cards.py --jobs 8 --deals 20 --out /tmp/w.json   # a quick try

The written file holds the weights, the feature names, the command, the
decision counts and the held-out report per context; ``card_weights()``
refuses a file whose features are not the code's.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np
from joblib import Parallel, delayed
from tqdm import tqdm

import ohhell
from ohhell.engine import Strategy
from ohhell.rules import Rules, compile_rules
from ohhell.strategies import CardOdds, Rollout
from ohhell.strategies.distill import Decision, Fitted, collect_decisions, fit_weights
from ohhell.strategies.distilled_core import FEATURE_NAMES
from ohhell.strategies.distilled_weights import WEIGHTS_FILE

OUT = Path(__file__).resolve().parent.parent / "ohhell" / "strategies" / WEIGHTS_FILE


def job_rules(job: int) -> tuple[Rules, int | None]:
    """The rules of a job and its round (``None``: a random round per deal)."""
    name = ("openspiel", "boerenbridge", "openspiel", "bondebridge")[job % 4]
    rules = ohhell.preset(name, 4)
    if job % 4 == 0:
        sizes = compile_rules(rules).hand_sizes
        return rules, int(np.flatnonzero(sizes == 7)[0])
    return rules, None


def one_job(job: int, player: Strategy, deals: int, seed: int, samples: int) -> list[Decision]:
    rules, round_index = job_rules(job)
    return collect_decisions(
        rules, player, deals=deals, seed=seed, round_index=round_index, labeller=Rollout(play_samples=samples)
    )


def collect(player: Strategy, args: argparse.Namespace, seed: int, label: str) -> list[Decision]:
    tasks = (delayed(one_job)(j, player, args.deals, seed + j, args.samples) for j in range(args.jobs))
    parts = Parallel(n_jobs=args.n_jobs, return_as="generator")(tasks)
    out: list[Decision] = []
    for part in tqdm(parts, total=args.jobs, desc=label, unit=" jobs", file=sys.stderr):
        out.extend(part)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--jobs", type=int, default=64, help="jobs per round (the rules cycle every 4)")
    parser.add_argument("--deals", type=int, default=250, help="deals per job")
    parser.add_argument("--samples", type=int, default=300, help="the labelling rollout player's play samples")
    parser.add_argument("--l2", type=float, default=1e-5)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--n-jobs", type=int, default=-1)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    t0 = time.perf_counter()
    first = collect(CardOdds(), args, args.seed * 1000, "round 1 (card-odds play)")
    fit1 = fit_weights(first, l2=args.l2)
    second = collect(Fitted(fit1.weights), args, args.seed * 1000 + 500, "round 2 (fitted play)")
    fit = fit_weights(first + second, l2=args.l2)
    report = fit.report
    test = report["test"].sum()
    summary = {
        "policy": float((report["policy"] * report["test"]).sum() / test),
        "fitted": float((report["fitted"] * report["test"]).sum() / test),
    }
    command = (
        f"python analysis/distill_cards.py --jobs {args.jobs} --deals {args.deals} --samples {args.samples}"
        f" --l2 {args.l2} --seed {args.seed}"
    )
    data = {
        "features": list(FEATURE_NAMES),
        "weights": [[round(float(x), 6) for x in row] for row in fit.weights],
        "command": command,
        "ohhell": ohhell.__version__,
        "decisions": {"round 1": len(first), "round 2": len(second)},
        "held-out mean shortfall per decision": summary,
        "per context": [
            {"context": int(k), **{c: (int(v) if c in ("train", "test") else round(float(v), 4)) for c, v in r.items()}}
            for k, r in report.iterrows()
        ],
        "seconds": round(time.perf_counter() - t0),
    }
    args.out.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(report.to_string())
    print(
        f"held-out mean shortfall per decision: rollout policy {summary['policy']:.3f}, fitted {summary['fitted']:.3f}"
    )
    print(f"wrote {args.out} ({len(first)} + {len(second)} decisions, {data['seconds']} s)")


if __name__ == "__main__":
    main()
