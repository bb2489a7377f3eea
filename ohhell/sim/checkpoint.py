"""Checkpoints: every completed chunk on disk, so a rerun resumes exactly, and never mixes runs.

A checkpoint directory holds ``manifest.json`` (what the run is: rules and
strategies repr, mode, units, chunk plan, seed entropy and spawn key, engine
path, summary columns, package version) and one ``chunk-NNNNNN.npz`` per
completed chunk.  Each chunk file carries the run's identity (a SHA-256 of
the manifest) and a SHA-256 of its own contents; it is written to a
temporary name and renamed, so a killed process leaves either a whole chunk
or none; and it holds plain arrays only (NumPy's ``npz``, read with
``allow_pickle=False``), so reading a checkpoint folder never runs code.

A run holds an exclusive lock on its folder (``lock``) while it plays: a
second run on the same folder is refused at once.  A rerun with the same
arguments loads the chunks it finds and plays only the others; arguments
that differ from the manifest are refused (:class:`CheckpointMismatch`).  A
chunk file that is not this run's, is damaged or does not check out is
never used: it is recomputed, with a warning naming the file.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import warnings
import zipfile
from contextlib import suppress
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

__all__ = ["Checkpoint", "CheckpointMismatch", "CheckpointLocked", "CheckpointWarning", "atomic_write", "run_identity"]


def atomic_write(path: Path, data: bytes) -> None:
    """Write ``path`` whole or not at all: a temporary file in the same folder, fsync, then rename over ``path``.

    A process killed while writing leaves the old file (or none) and a
    ``.tmp`` file, never a truncated ``path``.
    """
    tmp = path.with_name(f"{path.name}.tmp{os.getpid()}")
    try:
        with open(tmp, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    finally:
        if tmp.exists():
            tmp.unlink()


class CheckpointMismatch(ValueError):
    """The checkpoint directory belongs to a different run."""


class CheckpointLocked(RuntimeError):
    """Another run is using the checkpoint directory."""


class CheckpointWarning(UserWarning):
    """A chunk file was not used (another run's, damaged or failing its checksum) and is recomputed."""


def run_identity(manifest: dict[str, Any]) -> str:
    """The SHA-256 of a manifest (its JSON with sorted keys): what every chunk file of the run carries."""
    return hashlib.sha256(json.dumps(manifest, sort_keys=True).encode("utf-8")).hexdigest()


# -- plain-array encoding of a chunk's payload ----------------------------------


def frame_to_arrays(frame: pd.DataFrame, prefix: str) -> tuple[dict[str, np.ndarray], list[dict[str, Any]]]:
    """A frame as named plain arrays plus a column description (names, kinds, categories' order)."""
    arrays: dict[str, np.ndarray] = {}
    columns: list[dict[str, Any]] = []
    for i, name in enumerate(frame.columns):
        col = frame[name]
        key = f"{prefix}.{i}"
        if isinstance(col.dtype, pd.CategoricalDtype):
            cats = col.cat.categories
            arrays[key] = col.cat.codes.to_numpy(dtype=np.int64)
            arrays[key + ".categories"] = _plain(cats.to_numpy())
            columns.append({"name": str(name), "kind": "category", "ordered": bool(col.cat.ordered)})
        else:
            arrays[key] = _plain(col.to_numpy())
            columns.append({"name": str(name), "kind": "plain", "dtype": str(col.dtype)})
    return arrays, columns


def frame_from_arrays(arrays: Any, prefix: str, columns: list[dict[str, Any]]) -> pd.DataFrame:
    data: dict[str, Any] = {}
    for i, spec in enumerate(columns):
        key = f"{prefix}.{i}"
        if spec["kind"] == "category":
            cats = arrays[key + ".categories"]
            data[spec["name"]] = pd.Categorical.from_codes(arrays[key], categories=cats, ordered=spec["ordered"])
        else:
            values = arrays[key]
            data[spec["name"]] = values.astype(object) if spec["dtype"] == "object" else values
    return pd.DataFrame(data)


def _plain(values: np.ndarray) -> np.ndarray:
    """Object columns (strings) as fixed-width unicode, so no pickle is needed to read them back."""
    if values.dtype == object:
        if not all(isinstance(v, str) for v in values):
            raise TypeError("a checkpoint column holds objects other than strings")
        return values.astype(str)
    return values


def _digest(arrays: dict[str, np.ndarray], meta: dict[str, Any]) -> str:
    h = hashlib.sha256(json.dumps(meta, sort_keys=True).encode("utf-8"))
    for key in sorted(arrays):
        a = np.ascontiguousarray(arrays[key])
        h.update(key.encode("utf-8"))
        h.update(str(a.dtype).encode("utf-8"))
        h.update(str(a.shape).encode("utf-8"))
        h.update(a.tobytes())
    return h.hexdigest()


class Checkpoint:
    """A directory of completed chunks for one run (see the module docs); use as a context manager."""

    def __init__(self, directory: str | Path, manifest: dict[str, Any]) -> None:
        if str(directory).strip() == "":
            raise ValueError("checkpoint must name a directory, got an empty string")
        self.dir = Path(directory)
        self.dir.mkdir(parents=True, exist_ok=True)
        self.identity = run_identity(manifest)
        self._lock_fd: int | None = None
        self._lock()
        try:
            self._check_manifest(manifest)
        except BaseException:
            self.close()
            raise
        old = sorted(self.dir.glob("chunk-*.pkl"))
        if old:
            warnings.warn(
                f"{self.dir} holds {len(old)} chunk files of an older format (pickles): they are not read",
                CheckpointWarning,
                stacklevel=3,
            )

    # -- the folder lock and the manifest --------------------------------------

    def _lock(self) -> None:
        path = self.dir / "lock"
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            import fcntl
        except ImportError:  # no advisory locks on this platform: the manifest check still applies
            self._lock_fd = fd
            return
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            holder = os.pread(fd, 64, 0).decode("ascii", "replace").strip() or "?"
            os.close(fd)
            raise CheckpointLocked(
                f"{self.dir} is in use by another run (pid {holder}); wait for it or use another directory"
            ) from None
        os.ftruncate(fd, 0)
        os.pwrite(fd, str(os.getpid()).encode("ascii"), 0)
        self._lock_fd = fd

    def close(self) -> None:
        """Release the folder lock."""
        if self._lock_fd is not None:
            with suppress(OSError):
                os.close(self._lock_fd)
            self._lock_fd = None

    def __enter__(self) -> Checkpoint:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _check_manifest(self, manifest: dict[str, Any]) -> None:
        path = self.dir / "manifest.json"
        text = json.dumps(manifest, sort_keys=True, indent=1)
        if path.exists():
            try:
                old = json.loads(path.read_text(encoding="utf-8"))
            except (ValueError, UnicodeDecodeError) as exc:
                raise CheckpointMismatch(
                    f"{path} is not a readable manifest ({exc}); use another directory or delete this one"
                ) from None
            if not isinstance(old, dict) or old != json.loads(text):
                keys = set(old) | set(manifest) if isinstance(old, dict) else set(manifest)
                diff = sorted(k for k in keys if not isinstance(old, dict) or old.get(k) != manifest.get(k))
                raise CheckpointMismatch(
                    f"{self.dir} holds chunks of a different run (differs in: {', '.join(diff)});"
                    " use another directory or delete this one"
                )
        else:
            atomic_write(path, text.encode("utf-8"))

    # -- chunk files -------------------------------------------------------------

    def _chunk_path(self, index: int) -> Path:
        return self.dir / f"chunk-{index:06d}.npz"

    def done(self) -> set[int]:
        """Indices of the chunk files on disk (not yet checked: :meth:`load` checks each)."""
        out = set()
        for p in self.dir.glob("chunk-*.npz"):
            with suppress(ValueError):
                out.add(int(p.stem.split("-")[1]))
        return out

    def save(self, index: int, payload: dict[str, Any]) -> None:
        """Write one chunk: ``payload`` maps names to arrays, frames or JSON-able values."""
        arrays: dict[str, np.ndarray] = {}
        meta: dict[str, Any] = {"run": self.identity, "index": index, "values": {}, "frames": {}}
        for name, value in payload.items():
            if isinstance(value, pd.DataFrame):
                a, columns = frame_to_arrays(value, f"frame.{name}")
                arrays.update(a)
                meta["frames"][name] = columns
            elif isinstance(value, np.ndarray):
                arrays[f"array.{name}"] = _plain(value)
            else:
                meta["values"][name] = value
        meta["checksum"] = _digest(arrays, meta)
        arrays["meta"] = np.frombuffer(json.dumps(meta, sort_keys=True).encode("utf-8"), dtype=np.uint8)
        buffer = io.BytesIO()
        np.savez(buffer, **arrays)  # type: ignore[arg-type]
        atomic_write(self._chunk_path(index), buffer.getvalue())

    def load(self, index: int) -> dict[str, Any] | None:
        """The payload of chunk ``index``, or None (with a warning) when the file must not be used."""
        path = self._chunk_path(index)
        try:
            with np.load(path, allow_pickle=False) as data:
                arrays = {k: data[k] for k in data.files}
        except (OSError, ValueError, EOFError, KeyError, zipfile.BadZipFile) as exc:
            return self._reject(path, f"it cannot be read ({type(exc).__name__}: {exc})")
        try:
            meta = json.loads(arrays.pop("meta").tobytes().decode("utf-8"))
            checksum = meta.pop("checksum")
        except (KeyError, ValueError, UnicodeDecodeError, AttributeError):
            return self._reject(path, "it has no readable description")
        if meta.get("run") != self.identity:
            return self._reject(path, "it belongs to another run")
        if meta.get("index") != index or _digest(arrays, meta) != checksum:
            return self._reject(path, "its contents fail their checksum")
        out: dict[str, Any] = dict(meta["values"])
        for key, value in arrays.items():
            if key.startswith("array."):
                out[key.removeprefix("array.")] = value
        for name, columns in meta["frames"].items():
            out[name] = frame_from_arrays(arrays, f"frame.{name}", columns)
        return out

    def _reject(self, path: Path, why: str) -> dict[str, Any] | None:
        """Warn that ``path`` is not used; the chunk is then recomputed (and its file overwritten)."""
        warnings.warn(f"checkpoint chunk {path} is not used: {why}; it is recomputed", CheckpointWarning, stacklevel=3)
        return None
