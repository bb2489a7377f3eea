"""Playing strength against OpenSpiel's ISMCTS bot, in OpenSpiel's own ``oh_hell`` game.

Each line-up is a duplicate match (:func:`ohhell.interop.openspiel.head_to_head`):
4 players x 7 tricks, OpenSpiel's scoring (10 + tricks when exact, else the
tricks), every deal played twice with two seats each.  The opponent is
OpenSpiel's ``ISMCTSBot`` with random rollouts, ``uct_c`` = sqrt(2) x the
return range, the final policy by visit count and unlimited world samples.

Two ways of seating the OpenSpiel bot are measured (``bots_see``):
``state`` hands it the game's true state, as OpenSpiel's own tools do (its
``resample_from_infostate`` then only permutes the cards the other players
really hold, so it knows which cards are out of the stock); ``view`` hands
it a state rebuilt from its own seat's information only, as our players get,
but the compiled bot's resampling then keeps that state's random stock, so it
believes one wrong stock for the whole decision.  ``its own information``
line-ups seat OpenSpiel's Python ``ISMCTSBot`` (the same search) with a
resampler that deals every card its seat has not seen, the stock's too
(``ISMCTSFactory(resample="view")``): ISMCTS as it is meant, at the seat's
own information, and reproducible from the seed.

Usage::

    python benchmarks/bench_strength.py            # the full run, writes RESULTS-strength.md
    python benchmarks/bench_strength.py --quick    # a few deals per line-up, prints only
    python benchmarks/bench_strength.py --only strongest-fast   # rerun the matching line-ups, replace their rows

Line-ups run in parallel (joblib, one per core).
"""

from __future__ import annotations

import argparse
import platform
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from joblib import Parallel, delayed

HERE = Path(__file__).resolve().parent


@dataclass(frozen=True)
class LineUp:
    name: str
    ours: str  # a registry name, or "told-rollout" (told_rollout.py)
    simulations: int
    bots_see: str
    deals: int
    resample: str = "game"  # "view": ISMCTS deals every unseen card again, the stock's too


LINEUPS = (
    LineUp("strongest vs ISMCTS(1000), true state", "strongest", 1000, "state", 500),
    LineUp("strongest vs ISMCTS(1000), own view", "strongest", 1000, "view", 500),
    LineUp("strongest told the others' cards vs ISMCTS(1000), true state", "told-rollout", 1000, "state", 500),
    LineUp("strongest vs ISMCTS(1000), its own information", "strongest", 1000, "state", 500, "view"),
    LineUp("card-odds vs ISMCTS(100), its own information", "card-odds", 100, "state", 500, "view"),
    LineUp("card-odds vs ISMCTS(1000), its own information", "card-odds", 1000, "state", 500, "view"),
    LineUp("strongest-fast vs ISMCTS(100), its own information", "strongest-fast", 100, "state", 500, "view"),
    LineUp("strongest-fast vs ISMCTS(1000), its own information", "strongest-fast", 1000, "state", 300, "view"),
    LineUp("card-odds vs ISMCTS(100), true state", "card-odds", 100, "state", 500),
    LineUp("card-odds vs ISMCTS(100), own view", "card-odds", 100, "view", 500),
    LineUp("card-odds vs ISMCTS(1000), true state", "card-odds", 1000, "state", 500),
    LineUp("card-odds vs ISMCTS(1000), own view", "card-odds", 1000, "view", 500),
    LineUp("rollout-distilled vs ISMCTS(1000), its own information", "rollout-distilled", 1000, "state", 300, "view"),
    LineUp("PIMC vs ISMCTS(1000), true state", "pimc", 1000, "state", 300),
    LineUp("EV vs ISMCTS(1000), true state", "ev", 1000, "state", 500),
    LineUp("folk vs ISMCTS(1000), true state", "folk", 1000, "state", 500),
)


def run(lineup: LineUp, deals: int, seed: int) -> dict[str, Any]:
    from ohhell.interop.openspiel import head_to_head, ismcts
    from ohhell.strategies.registry import strategy

    start = time.perf_counter()
    if lineup.ours == "told-rollout":
        sys.path.insert(0, str(HERE))
        from told_rollout import told_rollout_factory

        ours: Any = told_rollout_factory
    else:
        ours = strategy(lineup.ours)
    result = head_to_head(
        ours,
        ismcts(simulations=lineup.simulations, seed=seed, resample=lineup.resample),  # type: ignore[arg-type]
        deals=deals,
        seed=seed,
        bots_see=lineup.bots_see,  # type: ignore[arg-type]
    )
    s = result.summary
    return {
        "line-up": lineup.name,
        "deals": deals,
        "diff": result.diff,
        "lo": result.lo,
        "hi": result.hi,
        "made_ours": float(s.loc["ours", "made"]),
        "made_theirs": float(s.loc["theirs", "made"]),
        "bid_ours": float(s.loc["ours", "bid"]),
        "tricks_ours": float(s.loc["ours", "tricks"]),
        "bid_theirs": float(s.loc["theirs", "bid"]),
        "tricks_theirs": float(s.loc["theirs", "tricks"]),
        "ms_ours": float(s.loc["ours", "ms_per_decision"]),
        "ms_theirs": float(s.loc["theirs", "ms_per_decision"]),
        "seconds": time.perf_counter() - start,
    }


def table(rows: list[dict[str, Any]]) -> str:
    lines = [
        "| line-up | deals | ours - ISMCTS per deal [95% CI] | made-bid rate ours / ISMCTS "
        "| bid / tricks won, ours | bid / tricks won, ISMCTS | ms per decision ours / ISMCTS |",
        "|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        lines.append(
            f"| {r['line-up']} | {r['deals']} | {r['diff']:+.2f} [{r['lo']:+.2f}, {r['hi']:+.2f}] "
            f"| {r['made_ours']:.3f} / {r['made_theirs']:.3f} | {r['bid_ours']:.2f} / {r['tricks_ours']:.2f} "
            f"| {r['bid_theirs']:.2f} / {r['tricks_theirs']:.2f} | {r['ms_ours']:.1f} / {r['ms_theirs']:.1f} |"
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="4 deals per line-up; print, write nothing")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--jobs", type=int, default=-1)
    parser.add_argument(
        "--only", action="append", default=None, help="rerun the line-ups whose name starts with this (repeatable)"
    )
    args = parser.parse_args()
    lineups = [lu for lu in LINEUPS if args.only is None or any(lu.name.startswith(o) for o in args.only)]
    if not lineups:
        parser.error(f"no line-up starts with {args.only!r}")
    rows = Parallel(n_jobs=args.jobs)(delayed(run)(lu, 4 if args.quick else lu.deals, args.seed) for lu in lineups)
    text = table(list(rows))
    print(text)
    if args.quick:
        return
    out = HERE / "RESULTS-strength.md"
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, cwd=HERE)
    if args.only is not None:
        old = out.read_text(encoding="utf-8").splitlines()
        fresh = {line.split(" | ")[0]: line for line in text.splitlines()[2:]}
        merged = [fresh.get(line.split(" | ")[0], line) if line.startswith("| ") else line for line in old]
        known = {line.split(" | ")[0] for line in old}
        last_row = max(i for i, line in enumerate(merged) if line.startswith("| "))
        merged[last_row + 1 : last_row + 1] = [line for key, line in fresh.items() if key not in known]
        names = ", ".join(lu.name for lu in lineups)
        only = " ".join(f"--only '{o}'" for o in args.only)
        merged.append(
            f"\nRerun by `python benchmarks/bench_strength.py {only} --seed {args.seed}` "
            f"at commit {commit.stdout.strip()}: {names}."
        )
        out.write_text("\n".join(merged) + "\n", encoding="utf-8")
        print(f"updated {out}", file=sys.stderr)
        return
    import pyspiel

    total = sum(r["seconds"] for r in rows)
    out.write_text(
        "# Strength against OpenSpiel's ISMCTS\n\n"
        f"Measured by `python benchmarks/bench_strength.py --seed {args.seed}` on this machine "
        f"({platform.machine()}, {platform.python_version()}, open_spiel {getattr(pyspiel, '__version__', '?')}, "
        f"commit {commit.stdout.strip()}), {total:.0f} s of compute over {len(rows)} line-ups "
        "run two at a time (so the time per decision is measured with the other core busy).\n\n"
        "OpenSpiel's `oh_hell`, 4 players x 7 tricks, its own scoring (10 + tricks when exact, else the "
        "tricks); duplicate deals, two seats each; ISMCTS with random rollouts, uct_c = sqrt(2) x 24 (the "
        "return range), final policy max visit count, unlimited world samples. `true state`: the bot is "
        "asked with the game's real state, as OpenSpiel's tools do (its resampling then only permutes the "
        "cards the other players hold, so it knows which cards are out of the stock); `own view`: with a "
        "state rebuilt from its seat's information only, as our players see it.\n\n"
        f"{text}\n",
        encoding="utf-8",
    )
    print(f"wrote {out}", file=sys.stderr)


if __name__ == "__main__":
    main()
