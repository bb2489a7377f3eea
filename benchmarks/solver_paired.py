"""Two versions of the solver timed deal by deal in one process, for a ratio that the machine's drift cancels out of.

    git archive <old commit> ohhell | tar -x -C /tmp/solver-old
    python benchmarks/solver_paired.py /tmp/solver-old 4:10:suit:40 4:7:suit:200 --rounds 3

``solver_ab.py`` runs one version per process and compares sums of runs made
in alternation; on a shared machine whose speed drifts by tens of percent
within minutes, that needs many runs to see a change of a few percent.  Here
both versions are copied under temporary names (``ohhell_this`` from the
folder of the ``ohhell`` that imports, ``ohhell_other`` from a folder holding
another ``ohhell`` package, for instance from ``git archive``; their imports
rewritten) and imported side by side; every deal is solved by both, one right
after the other (which goes first alternates), each with its own table
cleared before the deal, so the two times of a deal see the same machine.
The same code on both sides gave medians of 0.990 (95% CI 0.965-1.009) at
4 x 10 and 0.995 (0.991-0.999) at 4 x 7, so differences of a percent are
within what the harness itself shows.  ``--bits`` and ``--bits-other`` set the
tables' sizes (to compare sizes, give the same code on both sides).

Prints per deal kind: the median of the per-deal ratios (other / this, so
above 1 means this version is faster) with a 95% bootstrap interval
(``scipy.stats.bootstrap``), the sums of the times, both versions' nodes, and
whether their answers are equal (they must be, for a speed change).  Deals as in
``solver_ab.py``.  The first calls compile or load each version's kernels
(outside the timing).
"""

from __future__ import annotations

import argparse
import importlib
import re
import shutil
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType

import numpy as np
from scipy import stats
from solver_deals import positions_of, random_positions

import ohhell


def _import_copy(folder: Path, into: Path, name: str) -> ModuleType:
    """The solver of the ``ohhell`` package in ``folder``, imported as ``name`` from a copy in ``into``."""
    source = folder / "ohhell"
    if not (source / "__init__.py").is_file():
        raise SystemExit(f"{folder} holds no ohhell package (expected {source}/__init__.py)")
    target = into / name
    shutil.copytree(source, target, ignore=shutil.ignore_patterns("__pycache__"))
    word = re.compile(r"\bohhell\b(?=[.\s]|$)")
    for path in target.rglob("*.py"):
        text = path.read_text()
        lines = [word.sub(name, line) if re.match(r"\s*(from|import)\s", line) else line for line in text.splitlines()]
        path.write_text("\n".join(lines) + "\n")
    if str(into) not in sys.path:
        sys.path.insert(0, str(into))
    return importlib.import_module(f"{name}.strategies.solver")


def _solve(solver: ModuleType, table: object, pos: object, seat: int) -> tuple[float, int, tuple[int, int]]:
    table.clear()  # type: ignore[attr-defined]
    t0 = time.perf_counter()
    answer = solver.trick_bounds(pos, seat, table=table)
    dt = time.perf_counter() - t0
    return dt, solver.solve_stats().nodes, answer


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("other", type=Path, help="a folder holding the other version's ohhell package")
    parser.add_argument("kinds", nargs="*", default=["4:10:suit:40"], help="players:cards:trump:deals")
    parser.add_argument(
        "--rounds", type=int, default=1, help="passes over the deals (each deal's ratio is over all its rounds)"
    )
    parser.add_argument("--bits", type=int, default=20, help="this version's table: 2**bits rows")
    parser.add_argument("--bits-other", type=int, default=None, help="the other version's table (default --bits)")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    bits = {"this": args.bits, "other": args.bits if args.bits_other is None else args.bits_other}
    with tempfile.TemporaryDirectory() as tmp:
        # both versions are imported as copies (this one from the installed package's folder), so that
        # neither is treated differently (measured: the installed package against a copy of itself ran
        # 3.5% faster at 4 x 7)
        here = Path(ohhell.__file__).resolve().parents[1]
        versions = {
            "this": _import_copy(here, Path(tmp), "ohhell_this"),
            "other": _import_copy(args.other.resolve(), Path(tmp), "ohhell_other"),
        }
        tables = {name: mod.TranspositionTable(bits=bits[name]) for name, mod in versions.items()}
        for pos, seat in random_positions(4, 5, "suit", 3, 0):  # compile or load the kernels first
            for name, mod in versions.items():
                mod.trick_bounds(mod.Position(**_fields(pos)), seat, table=tables[name])
        print(f"this: {here}  other: {args.other}")
        for kind in args.kinds:
            cases = positions_of(kind, args.seed)
            times = {name: np.zeros(len(cases)) for name in versions}
            nodes = {name: 0 for name in versions}
            answers: dict[str, list[tuple[int, int]]] = {name: [] for name in versions}
            for rnd in range(args.rounds):
                for i, (pos, seat) in enumerate(cases):
                    order = ["this", "other"] if (i + rnd) % 2 == 0 else ["other", "this"]
                    for name in order:
                        mod = versions[name]
                        dt, k, answer = _solve(mod, tables[name], mod.Position(**_fields(pos)), seat)
                        times[name][i] += dt
                        if rnd == 0:
                            nodes[name] += k
                            answers[name].append(answer)
            ratios = times["other"] / times["this"]
            ci = stats.bootstrap((ratios,), np.median, confidence_level=0.95, random_state=0).confidence_interval
            print(
                f"{kind}: other/this per deal median {np.median(ratios):.3f} (95% CI {ci.low:.3f}-{ci.high:.3f});"
                f" sums {times['this'].sum():.2f} s this, {times['other'].sum():.2f} s other ({args.rounds} rounds);"
                f" nodes {nodes['this']:,} this, {nodes['other']:,} other;"
                f" answers {'equal' if answers['this'] == answers['other'] else 'DIFFER'}",
                flush=True,
            )


def _fields(pos: object) -> dict[str, object]:
    """A position's fields, to build the same position in the other version's class."""
    return {"hands": pos.hands, "under": pos.under, "over": pos.over, "leader": pos.leader}  # type: ignore[attr-defined]


if __name__ == "__main__":
    main()
