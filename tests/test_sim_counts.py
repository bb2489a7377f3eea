"""Summary mode's compiled counts (ohhell.sim.counts) against the per-row frame they replace."""

from __future__ import annotations

import warnings

import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ohhell
from ohhell.rules import Elimination, HighFirst, compile_rules
from ohhell.sim import simulate, summarize
from ohhell.sim.counts import COUNTED, MAX_CELLS, CellCounts, add_counts, count_summary, countable
from ohhell.sim.paths import run_chunk
from ohhell.strategies import Folk
from tests.strategies import rules_variants

RANDOM = ohhell.RandomStrategy()


def _expected(rules: ohhell.Rules, strategies: list[ohhell.engine.Strategy], mode: str, by: list[str]) -> pd.DataFrame:
    """The same run's rows, summarised by pandas (the definition)."""
    res = simulate(rules, strategies, seed=3, n_jobs=1, progress=False, chunk_size=97, **{mode: 300})
    assert res.deals is not None
    return summarize(res.deals, by)


@pytest.mark.parametrize("mode", ["deals", "matches"])
@pytest.mark.parametrize(
    "by",
    [
        ["seat_from_dealer", "hand_size", "trump", "bid", "tricks"],
        ["strategy", "tricks"],
        ["round", "players", "seat"],
        list(COUNTED),
        ["hand_size"],
    ],
)
def test_counts_equal_the_frame_summary(mode: str, by: list[str]) -> None:
    rules = ohhell.boerenbridge(4)
    strategies: list[ohhell.engine.Strategy] = [RANDOM, Folk(), RANDOM, Folk()]
    got = simulate(rules, strategies, seed=3, n_jobs=1, progress=False, chunk_size=97, summary=by, **{mode: 300})
    assert got.summary is not None
    pd.testing.assert_frame_equal(got.summary, _expected(rules, strategies, mode, by))


def test_knocked_out_seats_count_from_the_dealer_at_the_table() -> None:
    """Elimination: seats out of a round are not rows, and seat_from_dealer skips them."""
    rules = ohhell.Rules(players=7, schedule=HighFirst(up_to=3), match_end=Elimination())
    by = ["round", "players", "seat", "seat_from_dealer", "bid", "tricks"]
    got = simulate(rules, RANDOM, matches=300, seed=3, n_jobs=1, progress=False, chunk_size=97, summary=by)
    assert got.summary is not None
    assert set(got.summary["players"]) == {5, 6, 7}
    pd.testing.assert_frame_equal(got.summary, _expected(rules, [RANDOM] * 7, "matches", by))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=rules_variants(), data=st.data())
def test_counts_equal_the_frame_summary_for_any_rules(rules: ohhell.Rules, data: st.DataObject) -> None:
    by = data.draw(st.lists(st.sampled_from(COUNTED), min_size=1, max_size=4, unique=True))
    compiled = compile_rules(rules)
    names = [repr(RANDOM)] * rules.players
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # rules the kernel does not play run on the reference engine
        arrays = run_chunk(compiled, [RANDOM] * rules.players, "deals", "reference", 99, 0, 40)
    frame = ohhell.sim.frames.deal_frame(compiled, names, arrays, 0)
    expected = summarize(frame, by)
    assert countable(compiled, names, by)
    got = count_summary(compiled, names, arrays, by).frame()
    pd.testing.assert_frame_equal(got, expected)


def test_adding_chunks_equals_counting_them_together() -> None:
    compiled = compile_rules(ohhell.up_and_down_the_river(5))
    names = [repr(RANDOM)] * 5
    by = ("hand_size", "bid", "made")
    whole = run_chunk(compiled, [RANDOM] * 5, "deals", "fast", 7, 0, 500)
    first = run_chunk(compiled, [RANDOM] * 5, "deals", "fast", 7, 0, 200)
    second = run_chunk(compiled, [RANDOM] * 5, "deals", "fast", 7, 200, 300)
    parts = [count_summary(compiled, names, a, by) for a in (first, second)]
    assert parts[0].same_table(parts[1])
    pd.testing.assert_frame_equal(add_counts(parts).frame(), count_summary(compiled, names, whole, by).frame())


def test_what_is_not_counted_takes_the_frame_path() -> None:
    compiled = compile_rules(ohhell.boerenbridge(4))
    names = [repr(RANDOM)] * 4
    assert not countable(compiled, names, ["unit"])
    assert not countable(compiled, names, ["score"])
    assert not countable(compiled, names, ["bid", "bid"])
    # the summary of such columns is still right (through the frame)
    res = simulate(ohhell.boerenbridge(4), RANDOM, deals=100, seed=2, n_jobs=1, summary=["score"], progress=False)
    rows = simulate(ohhell.boerenbridge(4), RANDOM, deals=100, seed=2, n_jobs=1, progress=False).deals
    assert rows is not None and res.summary is not None
    pd.testing.assert_frame_equal(res.summary, summarize(rows, ["score"]))


def test_a_table_too_large_for_a_dense_count_is_refused() -> None:
    """13 cards, 7 players: every counted column at once has more cells than MAX_CELLS."""
    compiled = compile_rules(ohhell.boerenbridge(7))
    names = [f"s{i}" for i in range(7)]
    assert not countable(compiled, names, list(COUNTED))
    cells = 1
    for r in (7, 7, 14, 14):  # seat, seat_from_dealer, bid, tricks: a small table
        cells *= r
    assert cells <= MAX_CELLS and countable(compiled, names, ["seat", "seat_from_dealer", "bid", "tricks"])


def test_cell_counts_survive_a_checkpoint(tmp_path: pytest.TempPathFactory) -> None:
    by = ["seat_from_dealer", "bid"]
    kw = {"deals": 400, "seed": 8, "n_jobs": 1, "progress": False, "chunk_size": 100, "summary": by}
    plain = simulate(ohhell.boerenbridge(4), RANDOM, **kw)  # type: ignore[arg-type]
    saved = simulate(ohhell.boerenbridge(4), RANDOM, checkpoint=tmp_path, **kw)  # type: ignore[arg-type]
    resumed = simulate(ohhell.boerenbridge(4), RANDOM, checkpoint=tmp_path, **kw)  # type: ignore[arg-type]
    assert plain.summary is not None
    pd.testing.assert_frame_equal(saved.summary, plain.summary)
    pd.testing.assert_frame_equal(resumed.summary, plain.summary)


def test_cell_counts_type() -> None:
    compiled = compile_rules(ohhell.boerenbridge(4))
    arrays = run_chunk(compiled, [RANDOM] * 4, "deals", "fast", 1, 0, 10)
    counts = count_summary(compiled, [repr(RANDOM)] * 4, arrays, ["bid"])
    assert isinstance(counts, CellCounts)
    assert int(counts.counts[:, 0].sum()) == 40
