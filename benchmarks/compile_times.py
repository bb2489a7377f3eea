"""The first compilation of each compiled entry point, from an empty numba cache, and where it goes.

Each target runs in a fresh Python process with an empty ``NUMBA_CACHE_DIR`` of its own (and
``OHHELL_CACHE_DIR=off``), one after the other, so the times are what a new user's first call
costs on this machine: wall and CPU seconds of the first call, and numba's own time per compiler
pass of the target's largest compiled function (``pipeline_times`` of its metadata: the IR-level
inlining, type inference, lowering to machine code).  These are the numbers the "compiling ...
about N s" lines of :mod:`ohhell.sim.preflight` and :mod:`ohhell.dutch.kernel` quote.

Usage::

    python benchmarks/compile_times.py                 # every target
    python benchmarks/compile_times.py deals solver    # some of them
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile
import textwrap

#: target -> (what it is, code that makes the first call, module and name of the function whose passes are shown)
TARGETS: dict[str, tuple[str, str, str]] = {
    "deals": (
        "the simulator, deals (one deck)",
        """
        from ohhell.rules import compile_rules, presets
        from ohhell.sim.paths import run_chunk
        from ohhell.strategies import RandomStrategy
        run_chunk(compile_rules(presets.boerenbridge(4)), [RandomStrategy()] * 4, "deals", "fast", 0, 0, 1)
        """,
        "ohhell.sim.kernel.entry:_play_deals",
    ),
    "matches": (
        "the simulator, matches (one deck)",
        """
        from ohhell.rules import compile_rules, presets
        from ohhell.sim.paths import run_chunk
        from ohhell.strategies import RandomStrategy
        run_chunk(compile_rules(presets.boerenbridge(4)), [RandomStrategy()] * 4, "matches", "fast", 0, 0, 1)
        """,
        "ohhell.sim.kernel.entry:_play_matches",
    ),
    "deals-two-decks": (
        "the simulator, deals (two decks)",
        """
        from dataclasses import replace
        from ohhell.rules import DoubleDeck, FollowSuit, compile_rules, presets
        from ohhell.sim.paths import run_chunk
        from ohhell.strategies import RandomStrategy
        rules = replace(presets.boerenbridge(4), deck=DoubleDeck(), tricks=FollowSuit(identical_cards="first"))
        run_chunk(compile_rules(rules), [RandomStrategy()] * 4, "deals", "fast", 0, 0, 1)
        """,
        "ohhell.sim.kernel.entry:_play_deals",
    ),
    "solver": (
        "the perfect-information solver (PIMC's search)",
        """
        from ohhell.cards import parse_cards, Suit
        from ohhell.rules import Trump
        from ohhell.strategies.solver import Position, trick_bounds
        pos = Position.from_cards([parse_cards("AH 2C"), parse_cards("KH 3C")], Trump.of(Suit.HEARTS))
        trick_bounds(pos, 0)
        """,
        "ohhell.strategies.solver.search:_search",
    ),
    "dutch": (
        "the Dutch round",
        """
        from ohhell.dutch.kernel import compile_ahead
        compile_ahead(announce=False)
        """,
        "ohhell.dutch.kernel:_rounds",
    ),
}

_CHILD = """
import json, time
t0, c0 = time.perf_counter(), time.process_time()
{call}
wall, cpu = time.perf_counter() - t0, time.process_time() - c0
import importlib
module, name = {function!r}.split(":")
dispatcher = getattr(importlib.import_module(module), name)
passes = {{}}
for sig in dispatcher.signatures:
    for pipeline in dispatcher.get_metadata(sig).get("pipeline_times", {{}}).values():
        for key, t in pipeline.items():
            label = key.split("_", 1)[1]
            passes[label] = passes.get(label, 0.0) + t.init + t.run + t.finalize
print(json.dumps({{"wall": wall, "cpu": cpu, "passes": passes, "signatures": len(dispatcher.signatures)}}))
"""


def measure(target: str) -> dict[str, object]:
    """Run ``target``'s first call in a fresh process with an empty numba cache; its times."""
    _, call, function = TARGETS[target]
    code = _CHILD.format(call=textwrap.dedent(call), function=function)
    with tempfile.TemporaryDirectory(prefix="ohhell-compile-") as cache:
        env = {**os.environ, "NUMBA_CACHE_DIR": cache, "OHHELL_CACHE_DIR": "off"}
        done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    result: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("targets", nargs="*", metavar="target", help=f"some of {', '.join(TARGETS)} (default: all)")
    args = parser.parse_args(argv)
    unknown = [t for t in args.targets if t not in TARGETS]
    if unknown:
        parser.error(f"unknown target(s) {', '.join(unknown)}; choose from {', '.join(TARGETS)}")
    targets = args.targets or list(TARGETS)
    print(f"Machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}.")
    print(f"Command: `{' '.join(['python benchmarks/compile_times.py', *args.targets])}`.")
    print()
    print("| first call | wall s | CPU s | function | its passes: inlining / type inference / lowering / rest, s |")
    print("|---|---:|---:|---|---|")
    for target in targets:
        r = measure(target)
        passes: dict[str, float] = r["passes"]  # type: ignore[assignment]
        inline = passes.get("inline_inlinables", 0.0)
        infer = passes.get("nopython_type_inference", 0.0)
        lower = passes.get("native_lowering", 0.0)
        rest = sum(passes.values()) - inline - infer - lower
        what, _, function = TARGETS[target]
        print(
            f"| {what} | {r['wall']:.1f} | {r['cpu']:.1f} | `{function.split(':')[1]}` |"
            f" {inline:.1f} / {infer:.1f} / {lower:.1f} / {rest:.1f} |",
            flush=True,
        )
    print()
    print(
        "Type inference includes the compilation of the compiled functions the function calls without"
        " inlining them (each is compiled when its first call is typed)."
    )


if __name__ == "__main__":
    main()
