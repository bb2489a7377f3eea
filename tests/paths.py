"""A shared check of the two engine paths: the kernel plays exactly what the reference engine plays."""

from __future__ import annotations

from collections.abc import Sequence

from ohhell.engine import Strategy
from ohhell.rules import CompiledRules
from ohhell.sim import fast_path_reason, run_chunk
from ohhell.sim.arrays import arrays_equal


def assert_paths_agree(compiled: CompiledRules, strategies: Sequence[Strategy], base: int, deals: int) -> None:
    """``deals`` deals and one match of chunk ``base`` fill identical arrays on both paths, every card recorded."""
    assert fast_path_reason(compiled, strategies) is None
    for mode, units in (("deals", deals), ("matches", 1)):
        ref = run_chunk(compiled, strategies, mode, "reference", base, 0, units, record_plays=True)
        fast = run_chunk(compiled, strategies, mode, "fast", base, 0, units, record_plays=True)
        assert arrays_equal(ref, fast) == [], (compiled.rules.name, mode)
