"""The tie games in the solver: time with them from several numbers of tricks left, and where the fewest's work goes.

    python benchmarks/bench_tie_games.py 4:10:suit:20 --from 0 30
    python benchmarks/bench_tie_games.py 4:13:suit:8 --from 0 30 --limit 40000000 --bits 22
    python benchmarks/bench_tie_games.py 4:10:suit:20 --split

The first form runs ``trick_bounds`` (``--question fewest``: ``fewest_tricks``)
on the same deals (those of ``solver_ab.py``) with
``SearchOptions(tie_games_from_cards=k)`` for each ``k`` given (0: no tie games),
one setting after the other in one process, a table of ``2**bits`` rows
cleared before each call, and prints the median, 95th percentile and sum of
the times, the nodes and the calls that reached the node limit; it stops if
two settings disagree on an answer.

``--split`` climbs to the fewest tricks as ``search.min_tricks`` does, one
question at a time through the search's own entry point, and prints per deal
the nodes of each part: the others-choose game's refutations below its
fewest and its proof at it, then the seat-chooses game's and the real game's
questions on the way down (with ``--limit``, a deal that reaches it shows
"over" and the parts it got through).
"""

from __future__ import annotations

import argparse
import time

import numpy as np
from solver_deals import positions_of, random_positions

from ohhell.strategies.solver import (
    SearchLimitExceeded,
    SearchOptions,
    TranspositionTable,
    fewest_tricks,
    solve_stats,
    trick_bounds,
)
from ohhell.strategies.solver import layout as L
from ohhell.strategies.solver import position as P
from ohhell.strategies.solver import search as S


def compare(kinds: list[str], froms: list[int], question: str, limit: int, bits: int, seed: int) -> None:
    table = TranspositionTable(bits=bits)
    solve = trick_bounds if question == "bounds" else fewest_tricks
    for pos, seat in random_positions(4, 5, "suit", 3, 0):  # compile or load the kernels first
        solve(pos, seat, table=table)
    for kind in kinds:
        deals = positions_of(kind, seed)
        answers: dict[int, list[object]] = {}
        for k in froms:
            options = SearchOptions(tie_games_from_cards=k, node_limit=limit)
            times, nodes, got, over = [], [], [], 0
            for pos, seat in deals:
                table.clear()
                t0 = time.perf_counter()
                try:
                    got.append(solve(pos, seat, options=options, table=table))
                except SearchLimitExceeded:
                    got.append(None)
                    over += 1
                times.append(time.perf_counter() - t0)
                nodes.append(solve_stats().nodes)
            for other, theirs in answers.items():
                both = [(a, b) for a, b in zip(got, theirs, strict=True) if a is not None and b is not None]
                if any(a != b for a, b in both):
                    raise SystemExit(f"{kind}: tie_games_from_cards={k} and {other} disagree")
            answers[k] = got
            t = np.array(times)
            print(
                f"{kind} {question} tie_games_from_cards={k}: median {np.median(t) * 1e3:.2f} ms,"
                f" p95 {np.percentile(t, 95) * 1e3:.1f} ms, sum {t.sum():.2f} s;"
                f" nodes median {np.median(nodes):,.0f}, sum {sum(nodes):,}; over the limit {over}/{len(deals)}",
                flush=True,
            )


def _ask(run: P._Run, flags: int, k: int, game: int) -> tuple[bool, int]:
    """One "at most k" question in ``game`` (0: the game itself, with its tie-game probes, as after the
    tie games disagreed; or the tie games' mode bits); its answer and nodes."""
    st = run.st
    st[L._FLAGS] = S._tie_game(flags, bool(game & L._M_SEAT)) if game else flags
    before = int(st[L.C_NODES])
    ok = bool(S._ask(st, run.tt, 0, -99, k) if game else S._game_at_most(st, run.tt, 0, k))
    st[L._FLAGS] = flags
    return ok, int(st[L.C_NODES]) - before


def split(kind: str, bits: int, seed: int, limit: int, seat_first: bool) -> None:
    table = TranspositionTable(bits=bits)
    options = SearchOptions(node_limit=limit)
    others, mine = L._M_TIE, L._M_TIE | L._M_SEAT
    total = np.zeros(4, dtype=np.int64)
    print("deal fewest | others-choose: refutations, proof | seat-chooses | real  (nodes)")
    for i, (pos, seat) in enumerate(positions_of(kind, seed)):
        table.clear()
        run = P._start(pos, seat, options, table)
        lb, ub = S._start_bounds(run.st)
        k, parts = lb, [0, 0, 0, 0]
        while seat_first and k < ub:  # climb in the seat-chooses game, then prove in the others' or the real one
            ok, nodes = _ask(run, options.flags, k, mine)
            parts[2] += nodes
            if ok:
                ok, nodes = _ask(run, options.flags, k, others)
                parts[1] += nodes
                if not ok:
                    ok, nodes = _ask(run, options.flags, k, 0)
                    parts[3] += nodes
                if ok:
                    break
            k += 1
        while not seat_first and k < ub:
            ok, nodes = _ask(run, options.flags, k, others)
            parts[1 if ok else 0] += nodes
            if ok:
                break
            k += 1
        while not seat_first and k > lb:
            ok, nodes = _ask(run, options.flags, k - 1, mine)
            parts[2] += nodes
            if not ok:
                break
            ok, nodes = _ask(run, options.flags, k - 1, 0)
            parts[3] += nodes
            if not ok:
                break
            k -= 1
        total += parts
        fewest = "over" if run.st[L.C_ABORTED] else str(k)
        print(f"{i:4} {fewest:>6} | {parts[0]:12,} {parts[1]:12,} | {parts[2]:12,} | {parts[3]:12,}", flush=True)
    print(f"all         | {total[0]:12,} {total[1]:12,} | {total[2]:12,} | {total[3]:12,}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("kinds", nargs="*", default=["4:10:suit:20"], help="players:cards:trump:deals")
    parser.add_argument("--from", dest="froms", type=int, nargs="+", default=[0, 30], help="tie_games_from_cards")
    parser.add_argument("--question", choices=["bounds", "fewest"], default="bounds")
    parser.add_argument("--limit", type=int, default=0, help="node limit per call (0: none)")
    parser.add_argument("--bits", type=int, default=20, help="table of 2**bits rows")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--split", action="store_true", help="where the fewest's nodes go, per deal")
    parser.add_argument("--seat-first", action="store_true", help="--split: climb in the seat-chooses game instead")
    args = parser.parse_args()
    if args.split:
        for kind in args.kinds:
            split(kind, args.bits, args.seed, args.limit, args.seat_first)
    else:
        compare(args.kinds, args.froms, args.question, args.limit, args.bits, args.seed)


if __name__ == "__main__":
    main()
