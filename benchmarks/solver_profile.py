"""Where the solver's time goes, by compiled function: ``perf`` samples named through a map of numba's code.

    python benchmarks/solver_profile.py 4:10:suit:40

Needs Linux ``perf``.  The script runs itself under ``perf record``; the child
compiles the solver into an empty numba cache (about a minute: numba keeps
the names of a function's code only for what it compiled in the process),
writes ``/tmp/perf-<pid>.map`` (the address range of every compiled solver
function, which ``perf report`` reads to name samples in JIT code), then
solves the deals (``trick_bounds``, table cleared per deal, as
``solver_ab.py``).  Prints each solver function's share of the samples taken
in solver code.  Functions numba inlined (``search._enter``, the node
functions, everything compiled with ``inline="always"``) count in their
caller, mostly ``search._search``.  ``--keep PATH`` keeps perf's data for
``perf report -i PATH`` (``perf annotate`` cannot read JIT code after the
process exits).
"""

from __future__ import annotations

import argparse
import gc
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path


def _readable(symbol: str) -> str:
    """``module.function`` from numba's mangled name (``..._ZN6ohhell10strategies6solver6search7_searchB3v36...``)."""
    m = re.search(r"_ZN6ohhell10strategies6solver(.*)", symbol)
    if not m:
        return symbol
    rest = m.group(1)
    parts = []
    while k := re.match(r"\d+", rest):  # each name is its length, then its characters
        n = int(k.group(0))
        rest = rest[k.end() :]
        parts.append(rest[:n])
        rest = rest[n:]
    return ".".join(parts)


def _child(kinds: list[str], seed: int) -> None:
    """Solve the deals after writing the perf map of the compiled solver (run under ``perf record``)."""
    from numba.core.registry import CPUDispatcher
    from solver_deals import positions_of, random_positions

    from ohhell.strategies.solver import TranspositionTable, trick_bounds

    table = TranspositionTable()
    for pos, seat in random_positions(4, 5, "suit", 3, 0):  # compile every kernel the deals use
        trick_bounds(pos, seat, table=table)
    starts: dict[int, str] = {}
    for obj in gc.get_objects():
        if not isinstance(obj, CPUDispatcher):
            continue
        for cres in obj.overloads.values():
            library = cres.library
            module = getattr(library, "_final_module", None)
            if module is None:
                continue
            for fn in module.functions:
                if fn.is_declaration or "solver" not in fn.name:
                    continue
                address = library.get_pointer_to_function(fn.name)
                if address:
                    starts[address] = fn.name
    addresses = sorted(starts)
    with open(f"/tmp/perf-{os.getpid()}.map", "w") as fh:
        for i, a in enumerate(addresses):
            size = min(addresses[i + 1] - a, 1 << 20) if i + 1 < len(addresses) else 1 << 16
            fh.write(f"{a:x} {size:x} {starts[a]}\n")
    print(f"mapped {len(addresses)} compiled solver functions", file=sys.stderr)
    for kind in kinds:
        t0 = time.perf_counter()
        for pos, seat in positions_of(kind, seed):
            table.clear()
            trick_bounds(pos, seat, table=table)
        print(f"{kind}: {time.perf_counter() - t0:.2f} s", file=sys.stderr)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("kinds", nargs="*", default=["4:10:suit:40"], help="players:cards:trump:deals")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--frequency", type=int, default=2000, help="samples a second")
    parser.add_argument("--keep", type=Path, help="keep perf's data here")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        _child(args.kinds, args.seed)
        return
    if shutil.which("perf") is None:
        sys.exit("solver_profile.py needs Linux perf on the PATH")
    with tempfile.TemporaryDirectory() as tmp:
        data = args.keep or Path(tmp) / "perf.data"
        env = dict(os.environ, NUMBA_CACHE_DIR=str(Path(tmp) / "numba"))
        cmd = ["perf", "record", "-q", "-F", str(args.frequency), "-o", str(data), sys.executable, __file__]
        subprocess.run([*cmd, *args.kinds, "--seed", str(args.seed), "--child"], check=True, env=env)
        report = subprocess.run(
            ["perf", "report", "-i", str(data), "--no-children", "--sort", "symbol", "--stdio", "-q"],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
    shares: dict[str, float] = defaultdict(float)
    for line in report.splitlines():
        m = re.match(r"\s*([\d.]+)%\s+\[\.\]\s+(\S+)", line)
        if m and "6solver" in m.group(2) and not m.group(2).startswith("_ZN7cpython"):
            shares[_readable(m.group(2))] += float(m.group(1))
    total = sum(shares.values())
    if total == 0:
        sys.exit("no samples in solver code (is perf allowed to sample? see /proc/sys/kernel/perf_event_paranoid)")
    print(f"{'function':<36} share of the solver's samples")
    for name, share in sorted(shares.items(), key=lambda x: -x[1]):
        if share / total >= 0.002:
            print(f"{name:<36} {100 * share / total:6.1f}%")


if __name__ == "__main__":
    main()
