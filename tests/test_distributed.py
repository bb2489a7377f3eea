"""The same simulate() call on a dask.distributed cluster gives the same result."""

from __future__ import annotations

import pandas as pd
import pytest

import ohhell

distributed = pytest.importorskip("distributed")


def test_dask_backend_on_a_local_cluster_matches_a_local_run() -> None:
    rules = ohhell.bondebridge(4)
    kwargs = {"deals": 4000, "seed": 31, "chunk_size": 500}
    local = ohhell.simulate(rules, ohhell.RandomStrategy(), n_jobs=1, **kwargs)
    with (
        distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster,
        distributed.Client(cluster),
    ):
        remote = ohhell.simulate(rules, ohhell.RandomStrategy(), backend="dask", n_jobs=-1, **kwargs)
        counts = ohhell.simulate(
            rules, ohhell.RandomStrategy(), backend="dask", n_jobs=-1, summary=["seat_from_dealer"], **kwargs
        )
    pd.testing.assert_frame_equal(local.deals, remote.deals)
    assert int(counts.summary["n"].sum()) == 4 * 4000
    assert remote.meta["backend"] == "dask"
