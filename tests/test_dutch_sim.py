"""Dutch's simulate(): the same frames for any n_jobs, backend or resumed checkpoint; the rows are the engine's."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from ohhell.dutch import MemoryPlayer, RandomPlayer, ThresholdPlayer, dutch, match_winners
from ohhell.dutch.play import match_rounds, run_round
from ohhell.dutch.sim import MATCH_COLUMNS, simulate
from ohhell.dutch.state import deal
from ohhell.sim.streams import chunk_base, unit_streams

PLAYERS = [ThresholdPlayer(), RandomPlayer(), MemoryPlayer(forget=0.2)]


@pytest.mark.parametrize(("backend", "n_jobs"), [("threading", 2), ("loky", 2)])
def test_the_frames_are_the_same_for_any_n_jobs(backend: str, n_jobs: int) -> None:
    one = simulate(dutch(3), PLAYERS, matches=6, seed=11, n_jobs=1, chunk_size=2, progress=False)
    two = simulate(dutch(3), PLAYERS, matches=6, seed=11, n_jobs=n_jobs, backend=backend, chunk_size=2, progress=False)
    assert one.matches is not None and two.matches is not None
    pd.testing.assert_frame_equal(one.rounds, two.rounds)
    pd.testing.assert_frame_equal(one.matches, two.matches)
    r1 = simulate(dutch(3), PLAYERS, rounds=9, seed=11, n_jobs=1, chunk_size=4, progress=False)
    r2 = simulate(dutch(3), PLAYERS, rounds=9, seed=11, n_jobs=n_jobs, backend=backend, chunk_size=4, progress=False)
    pd.testing.assert_frame_equal(r1.rounds, r2.rounds)


def test_a_resumed_checkpoint_gives_the_same_frames(tmp_path: Path) -> None:
    ref = simulate(dutch(3), PLAYERS, matches=6, seed=4, chunk_size=2, progress=False)
    simulate(dutch(3), PLAYERS, matches=6, seed=4, chunk_size=2, checkpoint=tmp_path, progress=False)
    (tmp_path / "chunk-000001.npz").unlink()
    again = simulate(dutch(3), PLAYERS, matches=6, seed=4, chunk_size=2, checkpoint=tmp_path, progress=False)
    assert ref.matches is not None and again.matches is not None
    pd.testing.assert_frame_equal(ref.rounds, again.rounds)
    pd.testing.assert_frame_equal(ref.matches, again.matches)


def test_the_rows_are_the_engines_rounds_from_each_units_streams() -> None:
    rules = dutch(3)
    res = simulate(rules, PLAYERS, matches=3, seed=8, chunk_size=2, progress=False)
    assert res.matches is not None and list(res.matches.columns) == list(MATCH_COLUMNS)
    for unit in range(3):
        base = chunk_base(8, unit // 2)
        chance, rngs = unit_streams(base, unit, 3)
        played = list(match_rounds(rules, PLAYERS, chance, rngs))
        rows = res.rounds[res.rounds["match"] == unit]
        assert len(rows) == 3 * len(played)
        for result, totals, _ in played:
            got = rows[rows["round"] == result.round_index].sort_values("seat")
            assert got["score"].tolist() == list(result.scores) and got["total"].tolist() == list(totals)
            assert got["caller"].tolist() == [result.caller == s for s in range(3)]
        m = res.matches[res.matches["match"] == unit]
        winners = match_winners(played[-1][1])
        assert m["winner"].tolist() == [s in winners for s in range(3)]
        assert m["win_share"].sum() == pytest.approx(1.0)


def test_the_deals_do_not_depend_on_the_players() -> None:
    rules = dutch(4)
    a = simulate(rules, RandomPlayer(), rounds=6, seed=2, progress=False)
    b = simulate(rules, MemoryPlayer(), rounds=6, seed=2, progress=False)
    assert not a.rounds["score"].equals(b.rounds["score"])
    base = chunk_base(2, 0)
    for unit in range(6):
        orders = []
        for p in (RandomPlayer(), MemoryPlayer()):
            chance, rngs = unit_streams(base, unit, 4)
            order = chance.permutation(rules.deck.size)
            orders.append(order)
            result = run_round(deal(rules, order, round_index=unit), [p] * 4, chance, rngs)
            source = a if isinstance(p, RandomPlayer) else b
            assert source.rounds[source.rounds["round"] == unit]["score"].tolist() == list(result.scores)
        assert orders[0] == orders[1]
    assert (a.rounds.groupby("round")["first"].first().to_numpy() == np.arange(6) % 4).all()


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ValueError, match="exactly one of rounds= or matches="):
        simulate(dutch(3), PLAYERS, seed=1)
    with pytest.raises(ValueError, match="at least 1"):
        simulate(dutch(3), PLAYERS, rounds=0, seed=1)
    with pytest.raises(ValueError, match="labels="):
        simulate(dutch(3), PLAYERS, rounds=2, seed=1, labels=["a"])
