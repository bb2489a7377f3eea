"""Checkpoints: every completed chunk on disk, so a rerun resumes exactly.

A checkpoint directory holds ``manifest.json`` (what the run is: rules and
strategies repr, mode, units, chunk plan, seed entropy and spawn key, engine
path, summary columns) and one ``chunk-NNNNNN.pkl`` per completed chunk,
written to a temporary name and renamed, so a killed process leaves either a
whole chunk or none.  A rerun with the same arguments loads the chunks it
finds and plays only the others; arguments that differ from the manifest are
refused rather than mixed.
"""

from __future__ import annotations

import json
import os
import pickle
from pathlib import Path
from typing import Any

__all__ = ["Checkpoint", "CheckpointMismatch"]


class CheckpointMismatch(ValueError):
    """The checkpoint directory belongs to a different run."""


class Checkpoint:
    """A directory of completed chunks for one run (see the module docs)."""

    def __init__(self, directory: str | Path, manifest: dict[str, Any]) -> None:
        self.dir = Path(directory)
        self.dir.mkdir(parents=True, exist_ok=True)
        path = self.dir / "manifest.json"
        text = json.dumps(manifest, sort_keys=True, indent=1)
        if path.exists():
            old = json.loads(path.read_text(encoding="utf-8"))
            if old != json.loads(text):
                diff = sorted(k for k in set(old) | set(manifest) if old.get(k) != manifest.get(k))
                raise CheckpointMismatch(
                    f"{self.dir} holds chunks of a different run (differs in: {', '.join(diff)});"
                    " use another directory or delete this one"
                )
        else:
            self._atomic_write(path, text.encode("utf-8"))

    def _chunk_path(self, index: int) -> Path:
        return self.dir / f"chunk-{index:06d}.pkl"

    @staticmethod
    def _atomic_write(path: Path, data: bytes) -> None:
        tmp = path.with_name(path.name + f".tmp{os.getpid()}")
        with open(tmp, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)

    def done(self) -> set[int]:
        """Indices of the chunks already on disk."""
        return {int(p.stem.split("-")[1]) for p in self.dir.glob("chunk-*.pkl")}

    def save(self, index: int, payload: object) -> None:
        self._atomic_write(self._chunk_path(index), pickle.dumps(payload, protocol=pickle.HIGHEST_PROTOCOL))

    def load(self, index: int) -> Any:
        with open(self._chunk_path(index), "rb") as fh:
            return pickle.load(fh)
