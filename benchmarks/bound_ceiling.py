"""What a bound on the fewest tricks could save at most: the search with an exact oracle at one depth.

    python benchmarks/bound_ceiling.py 4:10:suit:10 --tricks-left 7 --slack 0 1 2

A measurement, not the solver.  The script copies the ``ohhell`` package it
imports into a temporary folder and adds one hook to the copy's search
(``search._search``, before a node is entered): at a trick boundary of the
game itself (not a tie game) with ``--tricks-left`` tricks left, in an "at most
``hi``" question, it asks the copy's own ``fewest_tricks`` for the exact fewest
``f`` of that position and decides the node as proved when ``f + slack <= hi``,
as a sound bound that is never more than ``slack`` tricks above the fewest
would.  It never decides a node false (the ducking bound proves only "at most").
Each setting runs in a fresh process on its own copy (numba's cache keeps the
hook's constants), ``fewest_tricks`` without the tie games
(``SearchOptions(tie_games_from_cards=0)``, so that every node is the game's),
a table of 2**20 rows cleared per deal; the oracle's own nodes are not counted.
Prints the nodes in sum and at the median for the search without the hook and
with it at each slack; the answers must be the same in every row.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

MAGIC = 10**15 + 7  # the node limit that switches the hook on (so the oracle's own searches skip it)

_HOOK_HEAD = """
from numba import objmode as _objmode

_ORC_R = {r}
_ORC_SLACK = {slack}
_MAGIC = {magic}


def _oracle(hands, leader, s, under, over):  # the exact fewest, by this copy's own search
    from ohhell.strategies.solver import Position, fewest_tricks

    pos = Position(hands=tuple(int(h) for h in hands), under=int(under), over=int(over), leader=int(leader))
    return fewest_tricks(pos, int(s))
"""

_CALL = "        e = _enter(st, tt, tf, ply, lo, hi)  # the one call site: numba inlines it\n"

_HOOK_CALL = """        e = -2
        if st[_LIMIT] == _MAGIC and st[_TLEN] == 0 and lo <= 0 and (st[_FLAGS] & _M_TIE) == 0:
            rr = popcount(st[_H + st[_LEADER]])
            if rr == _ORC_R and hi < rr:
                hs = np.zeros(st[_N], dtype=np.int64)
                for j in range(st[_N]):
                    hs[j] = st[_H + j]
                ld = st[_LEADER]
                ss = st[_S]
                un = st[_UNDER]
                ov = st[_OVER]
                with _objmode(fv="int64"):
                    fv = _oracle(hs, ld, ss, un, ov)
                if fv + _ORC_SLACK <= hi:
                    st[C_NODES] += 1
                    st[_RET] = _EVERY_CARD
                    e = 1
        if e == -2:
            e = _enter(st, tt, tf, ply, lo, hi)
"""


def hooked_copy(into: Path, tricks_left: int, slack: int) -> Path:
    """A copy of the imported ``ohhell`` in ``into`` whose search asks the oracle (see the module docstring)."""
    import ohhell

    source = Path(ohhell.__file__).parent
    target = into / "ohhell"
    shutil.copytree(source, target, ignore=shutil.ignore_patterns("__pycache__"))
    search = target / "strategies" / "solver" / "search.py"
    text = search.read_text()
    if _CALL not in text:
        sys.exit("the search's call of _enter is not where this script expects it: update _CALL")
    anchor = "\n# ---- "  # the module's first section rule (its entry points): the oracle is defined above it
    head = _HOOK_HEAD.format(r=tricks_left, slack=slack, magic=MAGIC)
    text = text.replace(_CALL, _HOOK_CALL).replace(anchor, "\n" + head + anchor, 1)
    search.write_text(text)
    return into


def run(kind: str, hook: bool) -> None:
    """In a child process: the fewest tricks of the deals, printing the nodes per deal and the answers."""
    sys.path.insert(0, str(Path(__file__).parent))
    from solver_deals import positions_of

    from ohhell.strategies.solver import SearchOptions, TranspositionTable, fewest_tricks, solve_stats

    table = TranspositionTable()
    options = SearchOptions(tie_games_from_cards=0, node_limit=MAGIC if hook else 0)
    for pos, seat in positions_of(kind, 2026):
        table.clear()
        answer = fewest_tricks(pos, seat, options=options, table=table)
        print(answer, solve_stats().nodes, flush=True)


def measure(kind: str, folder: Path | None, hook: bool) -> tuple[list[int], list[int]]:
    env = dict(os.environ)
    if folder is not None:
        env["PYTHONPATH"] = str(folder)
    args = [sys.executable, __file__, kind, "--child"] + (["--hook"] if hook else [])
    out = subprocess.run(args, env=env, check=True, capture_output=True, text=True).stdout.split()
    answers, nodes = [int(x) for x in out[0::2]], [int(x) for x in out[1::2]]
    return answers, nodes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("kind", nargs="?", default="4:10:suit:10", help="players:cards:trump:deals")
    parser.add_argument("--tricks-left", type=int, default=7)
    parser.add_argument("--slack", type=int, nargs="+", default=[0, 1])
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--hook", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        run(args.kind, args.hook)
        return
    base_answers, base_nodes = measure(args.kind, None, False)
    print(f"{args.kind}, the oracle at {args.tricks_left} tricks left")
    print(f"  no oracle: nodes {sum(base_nodes):,} in sum, median {statistics.median(base_nodes):,.0f}")
    for slack in args.slack:
        with tempfile.TemporaryDirectory() as tmp:
            answers, nodes = measure(args.kind, hooked_copy(Path(tmp), args.tricks_left, slack), True)
        same = "answers equal" if answers == base_answers else "ANSWERS DIFFER"
        median = statistics.median(nodes)
        print(f"  decided when fewest + {slack} <= hi: nodes {sum(nodes):,} in sum, median {median:,.0f}; {same}")


if __name__ == "__main__":
    main()
