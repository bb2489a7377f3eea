"""Monte Carlo layer: :func:`simulate` and what it is built from.

``streams`` plans chunks and their SplitMix64 stream blocks, ``kernel`` is
the numba fast path, ``paths`` runs one chunk through either engine path into
the arrays of ``arrays``, ``frames`` turns them into long-form frames,
``counts`` counts summary groups in compiled code, ``checkpoint`` keeps
completed chunks on disk, ``preflight`` checks a run's arguments, memory and
compiled kernel before it starts, ``runner`` runs seeded chunks of any game's
work in parallel and resumably, and ``run`` ties it together for Oh Hell.
"""

from ohhell.sim.checkpoint import CheckpointLocked, CheckpointMismatch, CheckpointWarning
from ohhell.sim.paths import fast_path_reason, run_chunk
from ohhell.sim.preflight import MemoryEstimate, MemoryLimitExceeded, default_memory_limit, memory_needed
from ohhell.sim.run import (
    SUMMARY_COLUMNS,
    ChunkError,
    FastPathUnavailable,
    Interrupted,
    SimulationResult,
    StopRule,
    simulate,
    summarize,
)
from ohhell.sim.runner import Completed, run_chunks
from ohhell.sim.streams import chunk_base, plan_chunks, unit_streams

__all__ = [
    "simulate",
    "SimulationResult",
    "StopRule",
    "ChunkError",
    "FastPathUnavailable",
    "Interrupted",
    "MemoryLimitExceeded",
    "MemoryEstimate",
    "memory_needed",
    "default_memory_limit",
    "CheckpointMismatch",
    "CheckpointLocked",
    "CheckpointWarning",
    "SUMMARY_COLUMNS",
    "summarize",
    "fast_path_reason",
    "run_chunk",
    "plan_chunks",
    "chunk_base",
    "unit_streams",
    "run_chunks",
    "Completed",
]
