"""Row mode keeps each finished chunk as frame columns and joins them column by column."""

from __future__ import annotations

import tracemalloc
from functools import partial

import pandas as pd
import pytest

import ohhell
from ohhell.rules import compile_rules
from ohhell.sim import simulate
from ohhell.sim.frames import deal_frame, match_frame
from ohhell.sim.paths import run_chunk
from ohhell.sim.runner import run_chunks
from ohhell.sim.streams import chunk_base, plan_chunks
from ohhell.strategies import Folk

RANDOM = ohhell.RandomStrategy()


@pytest.mark.parametrize("mode", ["deals", "matches"])
def test_rows_are_the_chunks_frames_concatenated(mode: str) -> None:
    """The definition: each chunk's frame, concatenated in chunk order (dtypes and categories included)."""
    rules = ohhell.up_and_down_the_river(4)
    strategies = [RANDOM, Folk(), RANDOM, Folk()]
    names = [repr(s) for s in strategies]
    units = 250
    res = simulate(rules, strategies, seed=4, n_jobs=1, progress=False, chunk_size=60, features=True, **{mode: units})
    compiled = compile_rules(rules)
    ss = ohhell.engine.seed_sequence(4)
    arrays = [
        run_chunk(compiled, strategies, mode, "fast", chunk_base(ss, c.index), c.start, c.size)  # type: ignore[arg-type]
        for c in plan_chunks(units, 60)
    ]
    starts = [c.start for c in plan_chunks(units, 60)]
    expected = pd.concat(
        [deal_frame(compiled, names, a, s, features=True) for a, s in zip(arrays, starts, strict=True)],
        ignore_index=True,
    )
    pd.testing.assert_frame_equal(res.deals, expected)
    if mode == "matches":
        expected_m = pd.concat([match_frame(names, a, s) for a, s in zip(arrays, starts, strict=True)],  # type: ignore[arg-type]
                               ignore_index=True)  # fmt: skip
        pd.testing.assert_frame_equal(res.matches, expected_m)


def test_the_peak_of_a_rows_run_stays_under_twice_its_frame() -> None:
    """Measured with tracemalloc (allocations, not time): the chunks' raw arrays are not all held at once."""
    rules = ohhell.boerenbridge(4)
    simulate(rules, RANDOM, deals=500, seed=1, n_jobs=1, progress=False)  # compile and warm up
    tracemalloc.start()
    try:
        res = simulate(rules, RANDOM, deals=60_000, seed=1, n_jobs=1, progress=False)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert res.deals is not None
    final = res.deals.memory_usage(deep=True).sum()
    assert peak < 2 * final, (peak, final)


def test_a_stop_rule_sees_the_kept_chunks_and_leaves_them_whole() -> None:
    """Partial results (for a stop rule) must not empty what the final assembly joins."""

    class AfterRows:
        def __init__(self) -> None:
            self.calls = 0

        def reached(self, result: ohhell.sim.SimulationResult) -> bool:
            self.calls += 1
            assert result.deals is not None
            return len(result.deals) >= 2000

    stop = AfterRows()
    res = simulate(
        ohhell.boerenbridge(4), RANDOM, deals=5000, seed=3, n_jobs=1, chunk_size=250, stop=stop, progress=False
    )
    assert stop.calls >= 2
    assert res.deals is not None and len(res.deals) == 4 * res.units
    full = simulate(ohhell.boerenbridge(4), RANDOM, deals=5000, seed=3, n_jobs=1, chunk_size=250, progress=False)
    assert full.deals is not None
    pd.testing.assert_frame_equal(res.deals, full.deals.iloc[: len(res.deals)])


def _double(chunk: ohhell.sim.streams.Chunk) -> list[int]:
    return [chunk.size, chunk.size]


def test_the_runner_keeps_what_keep_returns() -> None:
    out = run_chunks(_double, plan_chunks(10, chunk_size=4), n_jobs=1, keep=partial(sum, start=0))
    assert [out.done[i] for i in sorted(out.done)] == [8, 8, 4]
