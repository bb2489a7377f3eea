"""Checkpoints never mix runs: identity, checksums, a folder lock, no pickles; and they still resume exactly."""

from __future__ import annotations

import shutil
import warnings
import zipfile
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pytest

import ohhell
from ohhell.sim import simulate
from ohhell.sim.checkpoint import Checkpoint, CheckpointLocked, CheckpointMismatch, CheckpointWarning, run_identity

RANDOM = ohhell.RandomStrategy()
RULES = ohhell.boerenbridge(4)
KWARGS: dict[str, Any] = {"deals": 3000, "chunk_size": 500, "n_jobs": 1, "progress": False}


def run(directory: Path | None, seed: int, **extra: Any) -> pd.DataFrame:
    result = simulate(RULES, RANDOM, seed=seed, checkpoint=directory, **{**KWARGS, **extra})
    frame = result.deals if result.deals is not None else result.summary
    assert frame is not None
    return frame


def rerun_warnings(directory: Path, seed: int, **extra: Any) -> tuple[pd.DataFrame, list[str]]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        frame = run(directory, seed, **extra)
    return frame, [str(w.message) for w in caught if issubclass(w.category, CheckpointWarning)]


def test_a_deleted_manifest_cannot_hand_another_seed_the_old_chunks(tmp_path: Path) -> None:
    folder = tmp_path / "ck"
    run(folder, seed=1)
    (folder / "manifest.json").unlink()
    frame, messages = rerun_warnings(folder, seed=2)
    pd.testing.assert_frame_equal(frame, run(None, seed=2))
    assert len(messages) == 6 and all("belongs to another run" in m for m in messages)


def test_a_chunk_from_another_run_a_flipped_bit_or_a_truncated_file_is_recomputed(tmp_path: Path) -> None:
    mine, other = tmp_path / "mine", tmp_path / "other"
    run(mine, seed=3)
    run(other, seed=4)
    shutil.copy(other / "chunk-000001.npz", mine / "chunk-000001.npz")
    data = bytearray((mine / "chunk-000002.npz").read_bytes())
    data[len(data) // 2] ^= 0x10
    (mine / "chunk-000002.npz").write_bytes(bytes(data))
    (mine / "chunk-000004.npz").write_bytes((mine / "chunk-000004.npz").read_bytes()[:300])
    frame, messages = rerun_warnings(mine, seed=3)
    pd.testing.assert_frame_equal(frame, run(None, seed=3))
    named = sorted(m.split("chunk ")[1].split(" is not used")[0].rsplit("/", 1)[1] for m in messages)
    assert named == ["chunk-000001.npz", "chunk-000002.npz", "chunk-000004.npz"]
    # the recomputed chunks were written again: a third run reads every chunk without a warning
    _, again = rerun_warnings(mine, seed=3)
    assert again == []


def test_reading_a_checkpoint_never_unpickles(tmp_path: Path) -> None:
    folder = tmp_path / "ck"
    run(folder, seed=5)
    trap = tmp_path / "trap.npz"
    np.savez(trap, meta=np.array([object()], dtype=object))  # an object array is stored as a pickle
    with zipfile.ZipFile(trap) as z:
        assert any(name.endswith(".npy") for name in z.namelist())
    shutil.copy(trap, folder / "chunk-000000.npz")
    frame, messages = rerun_warnings(folder, seed=5)
    pd.testing.assert_frame_equal(frame, run(None, seed=5))
    assert len(messages) == 1 and "cannot be read" in messages[0]


def test_a_second_run_on_a_folder_in_use_is_refused_at_once(tmp_path: Path) -> None:
    folder = tmp_path / "ck"
    manifest = {"run": "someone else's"}
    with Checkpoint(folder, manifest), pytest.raises(CheckpointLocked, match="in use by another run"):
        run(folder, seed=6)
    run(folder / "next", seed=7)  # a run releases its lock when it ends: the same folder serves the next run
    run(folder / "next", seed=7)
    with Checkpoint(tmp_path / "free", manifest):
        pass
    with Checkpoint(tmp_path / "free", manifest) as again:  # released on exit, so it can be taken again
        assert again.identity == run_identity(manifest)


def test_a_different_run_is_still_refused_by_its_manifest(tmp_path: Path) -> None:
    folder = tmp_path / "ck"
    run(folder, seed=8)
    with pytest.raises(CheckpointMismatch, match="seed_entropy"):
        run(folder, seed=9)
    (folder / "manifest.json").write_text("{trunc", encoding="utf-8")
    with pytest.raises(CheckpointMismatch, match="not a readable manifest"):
        run(folder, seed=8)


def test_summary_mode_resumes_to_the_same_counts(tmp_path: Path) -> None:
    folder = tmp_path / "ck"
    by = {"summary": ["hand_size", "strategy", "trumps"], "features": True}
    first = run(folder, seed=10, **by)
    (folder / "chunk-000003.npz").unlink()
    resumed, messages = rerun_warnings(folder, seed=10, **by)
    assert messages == []
    pd.testing.assert_frame_equal(first, resumed)
    pd.testing.assert_frame_equal(first, run(None, seed=10, **by))


def test_an_empty_checkpoint_name_is_refused() -> None:
    with pytest.raises(ValueError, match="checkpoint must name a directory"):
        simulate(RULES, RANDOM, seed=1, checkpoint="", **KWARGS)
