"""``simulate``: the one entry point of the Monte Carlo layer.

Plans chunks from the amount of work only, seeds each chunk from its own
child of ``SeedSequence(seed)``, plays them through the compiled path when it
can (the reference engine otherwise, said once), in parallel with joblib,
optionally checkpointing each completed chunk, and returns long-form frames
(or summary counts) with the metadata needed to reproduce them.  The result
is the same whatever ``n_jobs`` or ``backend``.
"""

from __future__ import annotations

import os
import platform
import sys
import time
import warnings
from collections.abc import Sequence
from dataclasses import dataclass, field, fields
from functools import partial
from pathlib import Path
from typing import Any, Literal, Protocol

import numpy as np
import pandas as pd

from ohhell.engine import SeedLike, Strategy, seed_sequence
from ohhell.rules import CompiledRules, Rules, compile_rules
from ohhell.sim.arrays import DealArrays, MatchArrays
from ohhell.sim.checkpoint import Checkpoint
from ohhell.sim.counts import CellCounts, add_counts, count_summary, countable
from ohhell.sim.frames import deal_columns, deal_frame, join_columns, match_columns, match_frame
from ohhell.sim.paths import Mode, fast_path_reason, run_chunk
from ohhell.sim.paths import Path as EnginePath
from ohhell.sim.preflight import (
    check_arguments,
    check_memory,
    compile_ahead,
    compile_players_ahead,
    count,
    frame_columns,
)
from ohhell.sim.runner import Interrupted, run_chunks
from ohhell.sim.streams import Chunk, chunk_base, plan_chunks
from ohhell.version import __version__

__all__ = [
    "simulate",
    "SimulationResult",
    "StopRule",
    "ChunkError",
    "FastPathUnavailable",
    "Interrupted",
    "play_chunk",
    "summarize",
    "SUMMARY_COLUMNS",
]

EngineChoice = Literal["auto", "fast", "reference"]

#: The count columns of a summary table (besides the grouping columns).
SUMMARY_COLUMNS = ("n", "made", "score_sum", "score_sq")


class FastPathUnavailable(UserWarning):
    """The compiled path cannot play these rules or strategies; the reference engine does."""


class ChunkError(RuntimeError):
    """A chunk failed; the message says how to reproduce it alone."""


class StopRule(Protocol):
    """Stops a run early once an estimate is precise enough (see :mod:`ohhell.stats.targets`)."""

    def reached(self, result: SimulationResult) -> bool: ...


@dataclass(frozen=True, slots=True, eq=False)
class SimulationResult:
    """What a run produced.

    ``deals``: one row per (deal, seat) (see :mod:`ohhell.sim.frames`), or
    None in summary mode; ``matches``: one row per (match, seat) in matches
    mode; ``summary``: counts grouped by the requested columns
    (:data:`SUMMARY_COLUMNS`); ``meta``: seed, versions, rules and
    strategies, engine path, timings.
    """

    deals: pd.DataFrame | None
    matches: pd.DataFrame | None
    summary: pd.DataFrame | None
    meta: dict[str, Any] = field(default_factory=dict)

    @property
    def units(self) -> int:
        """Deals (or matches) played."""
        return int(self.meta["units_played"])


def summarize(frame: pd.DataFrame, by: Sequence[str]) -> pd.DataFrame:
    """Counts per group: rows ``n``, made bids ``made``, sum and sum of squares of ``score``."""
    score = frame["score"].astype(np.int64)
    tmp = frame[list(by)].assign(made=frame["made"].astype(np.int64), score_sum=score, score_sq=score * score, n=1)
    return tmp.groupby(list(by), observed=True, sort=True)[list(SUMMARY_COLUMNS)].sum().reset_index()


def _combine_summaries(parts: Sequence[pd.DataFrame | CellCounts], by: Sequence[str]) -> pd.DataFrame:
    if not parts:
        return pd.DataFrame(columns=[*by, *SUMMARY_COLUMNS])
    counted = [p for p in parts if isinstance(p, CellCounts)]
    if len(counted) == len(parts) and all(p.same_table(counted[0]) for p in counted):
        return add_counts(counted).frame()
    frames = [p.frame() if isinstance(p, CellCounts) else p for p in parts]
    return pd.concat(frames).groupby(list(by), observed=True, sort=True)[list(SUMMARY_COLUMNS)].sum().reset_index()


@dataclass(frozen=True, slots=True)
class _Job:
    rules: Rules
    strategies: tuple[Strategy, ...]
    names: tuple[str, ...]
    mode: Mode
    path: EnginePath
    entropy: int | Sequence[int]
    spawn_key: tuple[int, ...]
    summary: tuple[str, ...] | None
    features: bool = False


@dataclass(frozen=True, slots=True, eq=False)
class _Done:
    chunk: Chunk
    arrays: DealArrays | MatchArrays | None
    summary: pd.DataFrame | CellCounts | None  # CellCounts: counted in compiled code (ohhell.sim.counts)
    match_summary: pd.DataFrame | None
    seconds: float
    # rows mode, once saved: the chunk's deal (and match) frame columns instead of its raw arrays
    columns: tuple[dict[str, Any], dict[str, Any] | None] | None = None


def _compact(compiled: CompiledRules, job: _Job, d: _Done) -> _Done:
    """A finished chunk as it is kept until the end: its frame columns, not its raw arrays (a third the size)."""
    if d.arrays is None:
        return d
    deals = deal_columns(compiled, job.names, d.arrays, d.chunk.start, job.features)
    matches = match_columns(job.names, d.arrays, d.chunk.start) if isinstance(d.arrays, MatchArrays) else None
    return _Done(d.chunk, None, None, None, d.seconds, (deals, matches))


def play_chunk(job: _Job, chunk: Chunk) -> _Done:
    """Play one chunk (in a worker).  Failures name the chunk's seed."""
    t0 = time.perf_counter()
    ss = np.random.SeedSequence(job.entropy, spawn_key=job.spawn_key)
    try:
        compiled = compile_rules(job.rules)
        base = chunk_base(ss, chunk.index)
        arrays = run_chunk(compiled, job.strategies, job.mode, job.path, base, chunk.start, chunk.size)
    except MemoryError:
        raise  # not this chunk's fault, and replaying it alone would not show why
    except Exception as exc:
        raise ChunkError(
            f"chunk {chunk.index} (units {chunk.start}..{chunk.start + chunk.size - 1}) failed: {exc!r}."
            f" Reproduce it alone: SeedSequence(entropy={job.entropy}, spawn_key={job.spawn_key}), chunk"
            f" {chunk.index}: ohhell.sim.paths.run_chunk(compile_rules(rules), strategies, {job.mode!r},"
            f" {job.path!r}, ohhell.sim.streams.chunk_base(seed_sequence, {chunk.index}), {chunk.start},"
            f" {chunk.size})"
        ) from exc
    if job.summary is None:
        return _Done(chunk, arrays, None, None, time.perf_counter() - t0)
    if countable(compiled, job.names, job.summary):
        counts: pd.DataFrame | CellCounts = count_summary(compiled, job.names, arrays, job.summary)  # no row frame
    else:
        # only the grouping columns and the counted ones: summary mode never needs the rest
        needed = {*job.summary, "made", "score"}
        frame = deal_frame(compiled, job.names, arrays, chunk.start, job.features, columns=needed)
        counts = summarize(frame, job.summary)
    match_counts = None
    if isinstance(arrays, MatchArrays):
        m = match_frame(job.names, arrays, chunk.start)
        match_counts = (
            m.assign(n=1, wins=m["winner"].astype(np.int64), total_sum=m["total"].astype(np.int64))
            .assign(total_sq=lambda d: d["total_sum"] ** 2)
            .groupby(["seat", "strategy"], observed=True)[["n", "wins", "total_sum", "total_sq"]]
            .sum()
            .reset_index()
        )
    return _Done(chunk, None, counts, match_counts, time.perf_counter() - t0)


_warned: set[str] = set()


def _choose_path(compiled: CompiledRules, strategies: Sequence[Strategy], engine: EngineChoice) -> EnginePath:
    if engine == "reference":
        return "reference"
    reason = fast_path_reason(compiled, strategies)
    if reason is None:
        return "fast"
    if engine == "fast":
        raise ValueError(f"engine='fast' cannot play {reason}; use engine='auto' or 'reference'")
    if reason not in _warned:
        _warned.add(reason)
        warnings.warn(
            f"the compiled path cannot play {reason}: using the reference engine",
            FastPathUnavailable,
            stacklevel=_caller_level(),
        )
    return "reference"


_PACKAGE = str(Path(__file__).resolve().parents[1]) + os.sep


def _caller_level() -> int:
    """The ``stacklevel`` of the first frame outside this package, seen from the caller of this function.

    A warning then names the user's line that called :func:`simulate` (or
    :func:`ohhell.tournament.tournament`, a study...), not a line inside ohhell.
    """
    frame = sys._getframe(1)
    level = 1
    while frame.f_back is not None and frame.f_code.co_filename.startswith(_PACKAGE):
        frame = frame.f_back
        level += 1
    return level


def _versions() -> dict[str, str]:
    import joblib
    import numba
    import scipy

    return {
        "ohhell": __version__,
        "python": platform.python_version(),
        "numpy": np.__version__,
        "numba": numba.__version__,
        "pandas": pd.__version__,
        "scipy": scipy.__version__,
        "joblib": joblib.__version__,
    }


def simulate(
    rules: Rules,
    strategies: Strategy | Sequence[Strategy],
    *,
    deals: int | None = None,
    matches: int | None = None,
    seed: SeedLike = None,
    n_jobs: int = -1,
    backend: str = "loky",
    engine: EngineChoice = "auto",
    chunk_size: int | None = None,
    checkpoint: str | Path | None = None,
    summary: Sequence[str] | None = None,
    stop: StopRule | None = None,
    progress: bool | None = None,
    features: bool = False,
    memory_limit: float | None = None,
) -> SimulationResult:
    """Play ``deals`` single deals or ``matches`` whole matches of ``rules``.

    Parameters
    ----------
    rules : the variant.
    strategies : one strategy for every seat, or one per seat.
    deals, matches : how many (give exactly one, a whole number of at least
        1).  Deal ``i`` plays round ``i mod rounds`` of the schedule with
        dealer ``(first dealer + i) mod players``.
    seed : anything :class:`numpy.random.SeedSequence` takes; None draws fresh
        entropy, recorded in ``meta["seed_entropy"]``.
    n_jobs, backend : joblib's (``-1`` all cores; ``"loky"``, ``"threading"``,
        ``"sequential"``, or ``"dask"`` inside a ``dask.distributed.Client``).
        They never change the result.
    engine : ``"auto"`` (compiled when possible), ``"fast"`` or ``"reference"``.
    chunk_size : units per chunk (default from the number of units only).
    checkpoint : a directory; completed chunks are written there as they
        finish and a rerun with the same arguments resumes from them.
    summary : grouping columns of the deals frame (e.g. ``["seat_from_dealer",
        "hand_size", "bid"]``): keep only counts per group (for very large runs).
    stop : a :class:`StopRule`; chunks are taken in order and the run stops
        after the first chunk at which it is reached (``deals``/``matches`` is
        then the cap).
    progress : a progress bar on standard error (default: when the run has
        more than one chunk).  The first run on a machine compiles the fast
        path before the bar starts, saying so on the same stream (numba keeps
        the result in its cache, so later runs load it in a second).
    features : add hand-feature columns to the deals frame (trumps, top trumps,
        side aces and kings, voids, singletons; see
        :func:`ohhell.sim.frames.hand_features`); ``summary=`` may group by them.
    memory_limit : bytes the kept rows may take at their peak (estimated up
        front from the frame's dtypes, see
        :func:`ohhell.sim.preflight.memory_needed`); above it the run is
        refused with :class:`~ohhell.sim.preflight.MemoryLimitExceeded`, a
        ``ValueError`` suggesting ``summary=``.  Default: half of the physical
        memory (or of the process's cgroup limit); ``math.inf``: no check.
        Summary mode keeps only counts and is never checked.

    Arguments are checked before any chunk runs: a wrong type or value raises
    ``TypeError`` or ``ValueError`` saying what is allowed.  Ctrl-C raises
    :class:`Interrupted` (a ``KeyboardInterrupt``) whose message says how
    many chunks finished and, with ``checkpoint=``, where they are kept.

    Examples
    --------
    >>> import ohhell
    >>> res = simulate(ohhell.boerenbridge(4), ohhell.RandomStrategy(), deals=2000, seed=1, n_jobs=1)
    >>> len(res.deals), sorted(res.deals.columns)[:4]
    (8000, ['bid', 'hand_size', 'made', 'players'])
    >>> res.meta["engine"]
    'fast'
    """
    if (deals is None) == (matches is None):
        raise ValueError("give exactly one of deals= or matches=")
    mode: Mode = "deals" if deals is not None else "matches"
    n_units = count(deals, "deals") if deals is not None else count(matches, "matches")
    if isinstance(strategies, Sequence) and not isinstance(strategies, str):
        strats: tuple[Strategy, ...] = tuple(strategies)
    else:
        strats = (strategies,) * getattr(rules, "players", 1)
    check_arguments(
        rules,
        strats,
        engine=engine,
        n_jobs=n_jobs,
        backend=backend,
        chunk_size=chunk_size,
        checkpoint=checkpoint,
        summary=summary,
        stop=stop,
        progress=progress,
        features=features,
        memory_limit=memory_limit,
    )
    if len(strats) != rules.players:
        raise ValueError(f"{rules.players} players need {rules.players} strategies, got {len(strats)}")
    names = tuple(repr(s) for s in strats)
    compiled = compile_rules(rules)
    by = tuple(summary) if summary is not None else None
    if by is not None:
        clash = sorted(set(by) & set(SUMMARY_COLUMNS))
        if clash:
            raise ValueError(
                f"summary= cannot group by {clash}: the summary counts those ({', '.join(SUMMARY_COLUMNS)})"
            )
        columns = frame_columns(compiled, names, features)
        unknown = [c for c in by if c not in columns]
        if unknown:
            hint = "" if features else "; features=True adds the hand features"
            raise ValueError(f"summary= cannot group by {unknown}: the deals frame has {', '.join(columns)}{hint}")
    chunks = plan_chunks(n_units, chunk_size)
    if by is None:
        check_memory(compiled, names, mode, n_units, features, memory_limit, chunks[0].size)
    path = _choose_path(compiled, strats, engine)
    ss = seed_sequence(seed)
    assert ss.entropy is not None  # a SeedSequence always holds its entropy
    job = _Job(rules, strats, names, mode, path, ss.entropy, tuple(ss.spawn_key), by, features)
    manifest = {
        "rules": repr(rules),
        "strategies": list(names),
        "mode": mode,
        "units": n_units,
        "chunk_size": chunks[0].size,
        "seed_entropy": str(ss.entropy),
        "spawn_key": list(ss.spawn_key),
        "engine": path,
        "summary": list(by) if by else None,
        "features": features,
    }
    manifest["version"] = _versions()["ohhell"]
    store = Checkpoint(checkpoint, manifest) if checkpoint is not None else None
    show = progress if progress is not None else len(chunks) > 1

    def prepare(missing: int) -> None:
        if not missing or backend == "dask":  # dask workers compile on their machines
            return
        if path == "fast":
            compile_ahead(compiled, strats, mode, announce=show)
        else:
            compile_players_ahead(compiled, strats, announce=show)

    def reached(parts: Sequence[_Done]) -> bool:
        assert stop is not None
        so_far = _assemble(compiled, job, parts)
        so_far.meta["units_played"] = sum(d.chunk.size for d in parts)
        return stop.reached(so_far)

    run = run_chunks(
        partial(play_chunk, job),
        chunks,
        n_jobs=n_jobs,
        backend=backend,
        store=store,
        save=_payload,
        load=lambda chunk, payload: _from_payload(chunk, payload, mode),
        stop=reached if stop is not None else None,
        prepare=prepare,
        keep=partial(_compact, compiled, job),
        progress=show,
        desc=f"{rules.name} {mode}",
        unit="deal" if mode == "deals" else "match",
    )
    done, stopped_at = run.done, run.stopped_at
    used = [done[i] for i in sorted(done) if stopped_at is None or i <= stopped_at]
    done.clear()  # from here the chunks are held by ``used`` alone, which the assembly empties as it goes
    result = _assemble(compiled, job, used, consume=True)
    wall = run.seconds
    played = sum(d.chunk.size for d in used)
    result.meta.update(
        {
            "rules_name": rules.name,
            "rules": repr(rules),
            "strategies": list(names),
            "mode": mode,
            "units_requested": n_units,
            "units_played": played,
            "chunks": len(used),
            "chunk_size": chunks[0].size,
            "seed_entropy": ss.entropy,
            "spawn_key": tuple(ss.spawn_key),
            "engine": path,
            "n_jobs": n_jobs,
            "backend": backend,
            "wall_seconds": wall,
            "chunk_seconds": sum(d.seconds for d in used),
            "versions": _versions(),
            "stopped_early": stopped_at is not None and stopped_at < len(chunks) - 1,
        }
    )
    return result


def _payload(d: _Done) -> dict[str, Any]:
    """A completed chunk as plain arrays and frames for its checkpoint file."""
    out: dict[str, Any] = {"start": d.chunk.start, "size": d.chunk.size, "seconds": d.seconds}
    if d.arrays is not None:
        out["arrays"] = "deals" if isinstance(d.arrays, DealArrays) else "matches"
        for f in fields(d.arrays):
            out[f"arrays_{f.name}"] = getattr(d.arrays, f.name)
    if d.summary is not None:
        out["summary"] = d.summary.frame() if isinstance(d.summary, CellCounts) else d.summary
    if d.match_summary is not None:
        out["match_summary"] = d.match_summary
    return out


def _from_payload(chunk: Chunk, payload: dict[str, Any] | None, mode: str) -> _Done | None:
    """A chunk read back from its checkpoint file (None when it does not fit the plan)."""
    if payload is None or payload.get("start") != chunk.start or payload.get("size") != chunk.size:
        return None
    arrays: DealArrays | MatchArrays | None = None
    kind = payload.get("arrays")
    if kind is not None:
        if kind != mode:
            return None
        cls = DealArrays if kind == "deals" else MatchArrays
        arrays = cls(**{f.name: payload[f"arrays_{f.name}"] for f in fields(cls)})
    return _Done(chunk, arrays, payload.get("summary"), payload.get("match_summary"), float(payload["seconds"]))


def _assemble(compiled: CompiledRules, job: _Job, parts: Sequence[_Done], consume: bool = False) -> SimulationResult:
    """The result of some finished chunks.  ``consume``: empty their kept columns while joining them.

    Joining column by column and dropping each chunk's copy as it goes keeps
    the peak of a large run near the final frame plus one column, instead of
    the chunks' frames and their concatenation at once.
    """
    parts = sorted(parts, key=lambda d: d.chunk.index)
    if job.summary is not None:
        counts = _combine_summaries([d.summary for d in parts if d.summary is not None], job.summary)
        match_parts = [d.match_summary for d in parts if d.match_summary is not None]
        matches = (
            pd.concat(match_parts).groupby(["seat", "strategy"], observed=True).sum().reset_index()
            if match_parts
            else None
        )
        return SimulationResult(deals=None, matches=matches, summary=counts, meta={})
    kept = [_compact(compiled, job, d).columns for d in parts]
    held = [c for c in kept if c is not None]
    deal_parts = [c[0] if consume else dict(c[0]) for c in held]
    match_parts_ = [c[1] if consume else dict(c[1]) for c in held if c[1] is not None]
    deals = join_columns(deal_parts) if deal_parts else None
    matches = join_columns(match_parts_) if job.mode == "matches" and match_parts_ else None
    return SimulationResult(deals=deals, matches=matches, summary=None, meta={})
