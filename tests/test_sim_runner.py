"""The generic chunk runner (ohhell.sim.runner): order, backends, checkpoints, stop rules, Ctrl-C."""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from ohhell.sim.checkpoint import Checkpoint
from ohhell.sim.runner import Interrupted, run_chunks
from ohhell.sim.streams import Chunk, chunk_base, plan_chunks


def draws(seed: int, chunk: Chunk) -> np.ndarray:
    """A chunk's work: ``chunk.size`` numbers from the chunk's own seed."""
    rng = np.random.default_rng(chunk_base(seed, chunk.index))
    return rng.integers(0, 1000, size=chunk.size)


def joined(done: dict[int, np.ndarray]) -> np.ndarray:
    return np.concatenate([done[i] for i in sorted(done)])


def save(a: np.ndarray) -> dict[str, Any]:
    return {"values": a}


def load(chunk: Chunk, payload: dict[str, Any] | None) -> np.ndarray | None:
    return None if payload is None or len(payload["values"]) != chunk.size else payload["values"]


CHUNKS = plan_chunks(95, chunk_size=10)


@pytest.mark.parametrize(("backend", "n_jobs"), [("sequential", 1), ("threading", 2), ("loky", 2)])
def test_the_results_do_not_depend_on_the_backend_or_workers(backend: str, n_jobs: int) -> None:
    ref = run_chunks(partial(draws, 5), CHUNKS, n_jobs=1)
    out = run_chunks(partial(draws, 5), CHUNKS, n_jobs=n_jobs, backend=backend)
    assert sorted(out.done) == list(range(len(CHUNKS))) and out.stopped_at is None
    assert np.array_equal(joined(out.done), joined(ref.done)) and len(joined(ref.done)) == 95


def test_a_checkpoint_is_resumed_and_only_the_missing_chunks_run(tmp_path: Path) -> None:
    manifest = {"run": "toy", "units": 95}
    first = run_chunks(partial(draws, 5), CHUNKS, store=Checkpoint(tmp_path, manifest), save=save, load=load)
    (tmp_path / "chunk-000003.npz").unlink()
    ran: list[int] = []

    def counted(chunk: Chunk) -> np.ndarray:
        ran.append(chunk.index)
        return draws(5, chunk)

    again = run_chunks(counted, CHUNKS, store=Checkpoint(tmp_path, manifest), save=save, load=load)
    assert ran == [3] and np.array_equal(joined(again.done), joined(first.done))
    with pytest.raises(ValueError, match="save= and load="):
        run_chunks(counted, CHUNKS, store=Checkpoint(tmp_path, manifest))


def test_a_stop_rule_is_checked_on_the_chunks_in_order() -> None:
    seen: list[int] = []

    def enough(parts: Any) -> bool:
        seen.append(len(parts))
        return sum(len(p) for p in parts) >= 30

    out = run_chunks(partial(draws, 5), CHUNKS, n_jobs=2, backend="threading", stop=enough)
    assert out.stopped_at == 2 and seen == [1, 2, 3]


def test_ctrl_c_is_interrupted_with_the_count_of_finished_and_saved_chunks(tmp_path: Path) -> None:
    def breaks_at_4(chunk: Chunk) -> np.ndarray:
        if chunk.index == 4:
            raise KeyboardInterrupt
        return draws(5, chunk)

    store = Checkpoint(tmp_path, {"run": "toy"})
    with pytest.raises(Interrupted, match=r"after 4 of 10 chunks; 4 chunks are saved in .*rerun to resume"):
        run_chunks(breaks_at_4, CHUNKS, store=store, save=save, load=load)
    assert store._lock_fd is None  # the folder is released
