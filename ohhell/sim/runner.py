"""The game-free part of the Monte Carlo layer: run seeded chunks of work, in parallel, resumably.

A run is a plan of chunks (:func:`~ohhell.sim.streams.plan_chunks`, sized
from the amount of work only) and a work function ``work(chunk) -> R`` that
does one chunk alone from its own seed (a game derives it with
:func:`~ohhell.sim.streams.chunk_base`).  :func:`run_chunks` plays the chunks
with joblib under ``parallel_config(backend=..., n_jobs=...)`` (``"loky"``,
``"threading"``, ``"sequential"``, or ``"dask"`` inside a
``dask.distributed.Client``), optionally saving each finished chunk to a
:class:`~ohhell.sim.checkpoint.Checkpoint` and loading the chunks a previous
run left there, with a tqdm bar on standard error, an optional stop rule
checked on the chunks in order, and Ctrl-C turned into :class:`Interrupted`.
The chunks' results come back by chunk index, so what a caller assembles
from them never depends on ``n_jobs`` or the backend.

Oh Hell's :func:`ohhell.sim.simulate` and Dutch's :func:`ohhell.dutch.sim.simulate`
both run on it; each game keeps its own work function, payload and frames.

Examples
--------
>>> from functools import partial
>>> from ohhell.sim.streams import plan_chunks
>>> out = run_chunks(partial(_square_sizes, 3), plan_chunks(10, chunk_size=4), n_jobs=1)
>>> [out.done[i] for i in sorted(out.done)], out.stopped_at
([48, 48, 12], None)
"""

from __future__ import annotations

import sys
import time
import warnings
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from joblib import Parallel, delayed, effective_n_jobs, parallel_config
from tqdm import tqdm  # text bars everywhere: tqdm.auto needs ipywidgets in notebooks

from ohhell.sim.checkpoint import Checkpoint
from ohhell.sim.streams import Chunk

__all__ = ["run_chunks", "Completed", "Interrupted"]

R = TypeVar("R")


class Interrupted(KeyboardInterrupt):
    """Ctrl-C stopped a run; the message says how many chunks finished and where they are kept."""


@dataclass(frozen=True, slots=True, eq=False)
class Completed(Generic[R]):
    """What :func:`run_chunks` finished: results by chunk index, where the stop rule held, and the time taken.

    ``done`` may hold chunks after ``stopped_at`` (a wave in flight finishes);
    a caller that stopped uses the chunks up to ``stopped_at`` only.
    """

    done: dict[int, R]
    stopped_at: int | None
    seconds: float


def _square_sizes(k: int, chunk: Chunk) -> int:
    """A toy work function for the examples: ``k`` times the chunk's size squared."""
    return k * chunk.size**2


def run_chunks(
    work: Callable[[Chunk], R],
    chunks: Sequence[Chunk],
    *,
    n_jobs: int = 1,
    backend: str = "loky",
    store: Checkpoint | None = None,
    save: Callable[[R], Mapping[str, Any]] | None = None,
    load: Callable[[Chunk, dict[str, Any] | None], R | None] | None = None,
    stop: Callable[[Sequence[R]], bool] | None = None,
    prepare: Callable[[int], None] | None = None,
    keep: Callable[[R], R] | None = None,
    progress: bool = False,
    desc: str = "",
    unit: str = "unit",
) -> Completed[R]:
    """Play every chunk of ``chunks`` not already in ``store``; see the module docs.

    Parameters
    ----------
    work : a picklable function of one :class:`~ohhell.sim.streams.Chunk` (for
        example ``functools.partial(play, job)``); it runs in the workers.
    chunks : the plan, chunk ``i`` at position ``i``.
    n_jobs, backend : joblib's.  With ``n_jobs=1`` or a single chunk to play
        the chunks run in this process, in order.
    store : an open checkpoint (closed when the run ends); with it ``save``
        turns a result into the payload written for its chunk and ``load``
        turns a payload read back (None if the file was refused) into a
        result (None: recompute the chunk).
    stop : called with the results of chunks ``0..i`` (in order) after each
        chunk ``i`` has finished with all chunks before it; the run stops
        at the first ``i`` where it returns True.  Chunks are then taken in
        waves of twice the number of workers.
    prepare : called with the number of chunks still to play, once, before
        the bar starts (to compile ahead, say).
    keep : what of a finished (or loaded) result to hold until the end, once
        it is saved (for example a compact form of it: the checkpoint still
        gets the whole result).  Default: the result itself.
    progress, desc, unit : the bar on standard error, counting each
        finished chunk's ``size``.

    Ctrl-C raises :class:`Interrupted`, whose message says how many chunks
    finished and, with a store, how many are saved and where.
    """
    if store is not None and (save is None or load is None):
        raise ValueError("a checkpoint store needs save= and load=")
    done: dict[int, R] = {}
    try:
        if store is not None:
            assert load is not None
            for index in sorted(store.done()):
                if index < len(chunks):
                    loaded = load(chunks[index], store.load(index))
                    if loaded is not None:
                        done[index] = loaded if keep is None else keep(loaded)
        if prepare is not None:
            prepare(len(chunks) - len(done))
        t0 = time.perf_counter()
        bar = tqdm(
            total=sum(c.size for c in chunks),
            unit=unit,
            unit_scale=True,
            disable=not progress,
            desc=desc,
            file=sys.stderr,
        )
        bar.update(sum(chunks[i].size for i in done))
        stopped_at: int | None = None
        try:
            with parallel_config(backend=backend, n_jobs=n_jobs), warnings.catch_warnings():
                # joblib's note, on Ctrl-C, that it cancelled the tasks in flight: the message below says it all
                warnings.filterwarnings("ignore", r"\d+ tasks which were still being processed", UserWarning)
                stopped_at = _run(work, chunks, done, store, save, keep, n_jobs, bar, stop)
        except KeyboardInterrupt as exc:
            saved = f"; {len(store.done())} chunks are saved in {store.dir}: rerun to resume" if store else ""
            raise Interrupted(f"interrupted after {len(done)} of {len(chunks)} chunks{saved}") from exc
        finally:
            bar.close()
    finally:
        if store is not None:
            store.close()
    return Completed(done=done, stopped_at=stopped_at, seconds=time.perf_counter() - t0)


def _run(
    work: Callable[[Chunk], R],
    chunks: Sequence[Chunk],
    done: dict[int, R],
    store: Checkpoint | None,
    save: Callable[[R], Mapping[str, Any]] | None,
    keep: Callable[[R], R] | None,
    n_jobs: int,
    bar: Any,
    stop: Callable[[Sequence[R]], bool] | None,
) -> int | None:
    """Play the missing chunks; return the chunk index at which ``stop`` was reached, if any."""
    pending = [c for c in chunks if c.index not in done]

    def finish(chunk: Chunk, result: R) -> None:
        if store is not None:  # saved first: a chunk counted as done is on disk when Ctrl-C comes
            assert save is not None
            store.save(chunk.index, dict(save(result)))
        done[chunk.index] = result if keep is None else keep(result)
        bar.update(chunk.size)

    checked = 0

    def reached() -> int | None:
        """The first chunk, in order, after which ``stop`` holds (checking each chunk once)."""
        nonlocal checked
        assert stop is not None
        while checked in done:
            if stop([done[i] for i in range(checked + 1)]):
                return checked
            checked += 1
        return None

    parallel = Parallel(return_as="generator_unordered")
    if stop is None:
        if pending:
            for chunk, result in _iterate(parallel, work, pending, n_jobs):
                finish(chunk, result)
        return None
    hit = reached()  # chunks loaded from a checkpoint may already be enough
    wave = 2 * max(1, effective_n_jobs(n_jobs))
    while hit is None and pending:
        batch, pending = pending[:wave], pending[wave:]
        for chunk, result in _iterate(parallel, work, batch, n_jobs):
            finish(chunk, result)
        hit = reached()
    return hit


def _tagged(work: Callable[[Chunk], R], chunk: Chunk) -> tuple[Chunk, R]:
    return chunk, work(chunk)


def _iterate(
    parallel: Parallel, work: Callable[[Chunk], R], chunks: Sequence[Chunk], n_jobs: int
) -> Iterator[tuple[Chunk, R]]:
    if len(chunks) == 1 or n_jobs == 1:
        for c in chunks:
            yield c, work(c)
        return
    yield from parallel(delayed(_tagged)(work, c) for c in chunks)
