"""Time whole PIMC matches with whichever ``ohhell`` is importable, to compare two versions.

The machine's timings drift with other load, so run the two versions in
alternation and compare ratios (from the project root):

    mkdir /tmp/pimc-old && git archive <old commit> ohhell benchmarks | tar -x -C /tmp/pimc-old
    for i in 1 2 3; do
        PYTHONPATH=/tmp/pimc-old python benchmarks/pimc_ab.py
        python benchmarks/pimc_ab.py
    done

Plays three 4-player Boerenbridge matches (1..8..1) with four PIMC players
(10 samples, the default horizon, bidding with ExpectedValue(64)) after one
warm-up match, and prints the seconds they took and a hash of the matches
(every deal, bid and card): equal hashes mean the two versions played the
same games.
"""

from __future__ import annotations

import argparse
import hashlib
import time
from pathlib import Path

import ohhell
from ohhell.engine import play_match
from ohhell.strategies import ExpectedValue
from ohhell.strategies.pimc import PIMC


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--matches", type=int, default=3)
    args = parser.parse_args()
    rules = ohhell.boerenbridge(4)
    pimc = PIMC(samples=10, bid_with=ExpectedValue(samples=64))
    play_match(rules, [pimc] * 4, seed=0)  # compiles (or loads) the solver
    t0 = time.perf_counter()
    games = [repr(play_match(rules, [pimc] * 4, seed=100 + i)) for i in range(args.matches)]
    seconds = time.perf_counter() - t0
    digest = hashlib.sha1("".join(games).encode()).hexdigest()[:12]
    print(f"{Path(ohhell.__file__).parent}: {args.matches} matches in {seconds:.2f} s; games {digest}")


if __name__ == "__main__":
    main()
