"""What :func:`ohhell.simulate` checks before its first chunk.

Its arguments (:func:`check_arguments`), so a wrong one fails at once with
what is allowed instead of inside a chunk; the memory the rows will take
(:func:`memory_needed`, refused above :func:`default_memory_limit` with a
pointer to summary mode); and the compiled kernel (:func:`compile_ahead`),
or on the reference engine the players' own compiled functions
(:func:`compile_players_ahead`), built once in this process, with a line
saying so, before the workers start and before the progress bar measures
anything.
"""

from __future__ import annotations

import math
import os
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

import numpy as np

from ohhell.engine import Strategy, compiled_functions
from ohhell.rules import CompiledRules, Rules
from ohhell.sim.arrays import DealArrays, MatchArrays
from ohhell.sim.frames import deal_frame, match_frame
from ohhell.sim.paths import Mode, copies_of_a_card, reference_deals, run_chunk

__all__ = [
    "ENGINES",
    "MemoryLimitExceeded",
    "MemoryEstimate",
    "check_arguments",
    "count",
    "frame_columns",
    "memory_needed",
    "default_memory_limit",
    "check_memory",
    "compile_ahead",
    "COMPILE_SECONDS",
    "CHUNK_ROW_BYTES",
    "needs_compiling",
    "dispatcher_needs_compiling",
    "announced_compile",
    "compile_players_ahead",
]

#: The values of ``engine=``.
ENGINES = ("auto", "fast", "reference")

#: Seconds (least, most) the first compilation of each kernel took on a 2-core machine (numba 0.68, no
#: cache; the same code 31 s and 42 s one day, 61 s and 69 s another, ``benchmarks/RESULTS-compile.md``):
#: quoted in the "compiling" line, not relied on.
COMPILE_SECONDS = {"deals": (30, 60), "matches": (40, 70)}
#: The same for the players' own compiled functions on the reference engine (PIMC's solver 28-41 s, the
#: rollout player 29 s measured).
PLAYERS_COMPILE_SECONDS = (30, 45)


class MemoryLimitExceeded(ValueError):
    """The rows a run would keep do not fit under the memory limit."""


#: The most deals, matches or chunk units one call plans (10**12 deals would take years on one machine).
MAX_UNITS = 10**12


def count(value: object, name: str) -> int:
    """``value`` as a count of at least 1; a bool, float or string is refused."""
    if isinstance(value, bool) or not isinstance(value, int | np.integer):
        raise TypeError(f"{name}= takes a whole number, got {value!r} ({type(value).__name__})")
    if value < 1:
        raise ValueError(f"{name}= must be at least 1, got {value}")
    if value > MAX_UNITS:
        raise ValueError(
            f"{name}= must be at most {MAX_UNITS:,} (the work plan is built before the run), got {value:,};"
            " run it as several seeded calls"
        )
    return int(value)


def _strategy(value: object, seat: int) -> None:
    where = f"the strategy of seat {seat}"
    if isinstance(value, str):
        raise TypeError(
            f"{where} is the string {value!r}; pass a strategy, e.g. ohhell.strategies.registry.strategy({value!r})"
        )
    if isinstance(value, type):
        raise TypeError(f"{where} is the class {value.__name__}; pass an instance: {value.__name__}()")
    if not isinstance(value, Strategy):
        raise TypeError(f"{where}, {value!r}, is not a strategy: it needs bid, play and name_trump methods")


def check_arguments(
    rules: object,
    strategies: Sequence[object],
    *,
    engine: object,
    n_jobs: object,
    backend: object,
    chunk_size: object,
    checkpoint: object,
    summary: object,
    stop: object,
    progress: object,
    features: object,
    memory_limit: object,
) -> None:
    """Refuse, with what is allowed, any argument of ``simulate`` that cannot run (the counts aside)."""
    if not isinstance(rules, Rules):
        raise TypeError(f"rules= takes a Rules value (e.g. ohhell.boerenbridge(4)), got {type(rules).__name__}")
    for seat, s in enumerate(strategies):
        _strategy(s, seat)
    if engine not in ENGINES:
        raise ValueError(f"engine= takes one of {', '.join(map(repr, ENGINES))}, got {engine!r}")
    if isinstance(n_jobs, bool) or not isinstance(n_jobs, int | np.integer) or n_jobs == 0:
        raise ValueError(f"n_jobs= takes a whole number other than 0 (-1: every core), got {n_jobs!r}")
    if not isinstance(backend, str) or not backend:
        raise TypeError(f"backend= takes joblib's backend name, e.g. 'loky', got {backend!r}")
    if chunk_size is not None:
        count(chunk_size, "chunk_size")
    if checkpoint is not None and not isinstance(checkpoint, str | Path):
        raise TypeError(f"checkpoint= takes a directory (a str or Path), got {type(checkpoint).__name__}")
    if summary is not None:
        if isinstance(summary, str | bytes):
            raise TypeError(f"summary= takes a list of column names, e.g. [{summary!r}], got the string {summary!r}")
        if not isinstance(summary, Sequence) or not all(isinstance(c, str) for c in summary):
            raise TypeError(f"summary= takes a list of column names, got {summary!r}")
    if stop is not None and not callable(getattr(stop, "reached", None)):
        raise TypeError(f"stop= takes a stop rule with a reached(result) method (e.g. Precision), got {stop!r}")
    if progress is not None and not isinstance(progress, bool):
        raise TypeError(f"progress= takes True, False or None, got {progress!r}")
    if not isinstance(features, bool):
        raise TypeError(f"features= takes True or False, got {features!r}")
    if memory_limit is not None and (
        isinstance(memory_limit, bool) or not isinstance(memory_limit, int | float | np.integer) or not memory_limit > 0
    ):
        raise ValueError(f"memory_limit= takes a number of bytes above 0 (math.inf: no limit), got {memory_limit!r}")


def _sample(compiled: CompiledRules, names: Sequence[str], features: bool) -> Any:
    """The deals frame of one made-up deal: the run's columns and dtypes, not its values."""
    arrays = DealArrays.empty(1, compiled.players, int(compiled.hand_sizes.max()), False)
    return deal_frame(compiled, names, arrays, 0, features)


def frame_columns(compiled: CompiledRules, names: Sequence[str], features: bool) -> tuple[str, ...]:
    """The columns of the deals frame these rules and ``features`` give."""
    return tuple(_sample(compiled, names, features).columns)


def _row_bytes(frame: Any) -> int:
    """Bytes per row of a frame's columns (a categorical counts its codes)."""
    total = 0
    for name in frame.columns:
        column = frame[name]
        dtype = column.cat.codes.dtype if column.dtype == "category" else column.dtype
        total += int(np.dtype(dtype).itemsize)
    return total


def _widest(frame: Any) -> int:
    """Bytes per row of a frame's widest column."""
    return max(
        int(np.dtype(frame[c].cat.codes.dtype if frame[c].dtype == "category" else frame[c].dtype).itemsize)
        for c in frame.columns
    )


def _array_bytes(arrays: DealArrays | MatchArrays) -> int:
    return sum(getattr(arrays, f.name).nbytes for f in fields(arrays))


#: Bytes per row of the temporaries of turning one chunk into its frame (int64 repeats of the
#: deal columns, pandas' copy; more with the hand features): measured with tracemalloc, rounded up.
CHUNK_ROW_BYTES = {False: 210, True: 310}


@dataclass(frozen=True, slots=True)
class MemoryEstimate:
    """What a run keeps in memory: ``rows`` of the deals frame and the peak ``bytes``."""

    rows: int
    bytes: int
    row_bytes: int


def memory_needed(
    compiled: CompiledRules,
    names: Sequence[str],
    mode: Mode,
    n_units: int,
    features: bool,
    chunk_units: int | None = None,
) -> MemoryEstimate:
    """The peak memory of a run that keeps its rows (not summary mode).

    Each finished chunk is kept as its frame's columns and the columns are
    joined one at a time at the end, each chunk's copy dropped as it goes
    (:func:`ohhell.sim.frames.join_columns`).  So: rows of the deals frame
    times the bytes of its columns' dtypes, plus one more copy of its widest
    column (the column being joined), plus one chunk's raw arrays and the
    temporaries of building its columns (:data:`CHUNK_ROW_BYTES` per row of
    the largest chunk, ``chunk_units`` units; default the whole run); in
    matches mode also the matches frame, the same way.  A seat that sits a
    deal out (elimination) is counted as if it played, so this is an upper
    bound.

    Examples
    --------
    >>> import ohhell
    >>> c = ohhell.compile_rules(ohhell.boerenbridge(4))
    >>> need = memory_needed(c, ["RandomStrategy()"] * 4, "deals", 10**8, False, chunk_units=200_000)
    >>> need.rows, need.row_bytes, round(need.bytes / 1e9, 1)
    (400000000, 23, 12.6)
    """
    players_in_round = compiled.players_in_round.astype(np.int64)
    rounds = len(players_in_round)
    max_hand = int(compiled.hand_sizes.max())
    sample = _sample(compiled, names, features)
    row_bytes = _row_bytes(sample)
    chunk = n_units if chunk_units is None else min(chunk_units, n_units)
    if mode == "deals":
        full, rest = divmod(n_units, rounds)
        rows = full * int(players_in_round.sum()) + int(players_in_round[:rest].sum())
        arrays = _array_bytes(DealArrays.empty(1, compiled.players, max_hand, False)) * chunk
        extra = 0
    else:
        rows = n_units * int(players_in_round.sum())
        one = MatchArrays.empty(1, compiled.players, rounds, max_hand, False)
        arrays = _array_bytes(one) * chunk
        matches = match_frame(names, one, 0)
        extra = (_row_bytes(matches) + _widest(matches)) * n_units * compiled.players
    temporaries = CHUNK_ROW_BYTES[features] * -(-rows * chunk // n_units)
    kept = (row_bytes + _widest(sample)) * rows
    return MemoryEstimate(rows=rows, bytes=kept + arrays + extra + temporaries, row_bytes=row_bytes)


def _cgroup_limit() -> float:
    """The memory limit of this process's control group, if any (inf otherwise)."""
    for path in ("/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"):
        try:
            text = Path(path).read_text(encoding="ascii").strip()
        except OSError:
            continue
        if text.isdigit() and int(text) < 2**60:
            return float(int(text))
    return math.inf


def default_memory_limit() -> float:
    """Half of this machine's physical memory (or of the process's cgroup limit, when lower).

    ``math.inf`` when neither can be read.
    """
    try:
        physical = float(os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES"))
    except (ValueError, OSError, AttributeError):
        physical = math.inf
    return min(physical, _cgroup_limit()) / 2


def _gb(n: float) -> str:
    return f"{n / 1e9:,.1f} GB"


def check_memory(
    compiled: CompiledRules,
    names: Sequence[str],
    mode: Mode,
    n_units: int,
    features: bool,
    limit: float | None,
    chunk_units: int | None = None,
) -> MemoryEstimate:
    """Refuse a run whose rows would not fit under ``limit`` bytes (default: :func:`default_memory_limit`)."""
    need = memory_needed(compiled, names, mode, n_units, features, chunk_units)
    cap = default_memory_limit() if limit is None else float(limit)
    if need.bytes > cap:
        which = "half of this machine's memory" if limit is None else "memory_limit="
        raise MemoryLimitExceeded(
            f"{n_units:,} {mode} would keep {need.rows:,} rows in memory, about {_gb(need.bytes)} at their peak"
            f" ({need.row_bytes} bytes per row, twice, with the raw chunk arrays), above the limit of {_gb(cap)}"
            f" ({which}): pass summary=[...] (grouping columns, e.g. ['seat_from_dealer', 'hand_size', 'bid'])"
            f" to keep only counts per group, play fewer {mode}, or raise memory_limit= (bytes; math.inf: none)"
        )
    return need


def _kernel(mode: Mode) -> Any:
    from ohhell.sim import kernel

    return kernel.play_deals_kernel if mode == "deals" else kernel.play_matches_kernel


def needs_compiling(mode: Mode, two_decks: bool = False) -> bool:
    """Whether the first chunk of ``mode`` would compile its kernel: not built in this process, not cached.

    ``two_decks``: the kernel's two-deck version (its last argument an array, not None), compiled apart.
    """
    return dispatcher_needs_compiling(_kernel(mode), lambda sig: (str(sig[-1]) != "none") == two_decks)


def dispatcher_needs_compiling(dispatcher: Any, version: Callable[[tuple[Any, ...]], bool] | None = None) -> bool:
    """Whether calling the numba function ``dispatcher`` would compile it: not built in this process, not cached.

    ``version``: which compiled versions count, by their argument types (a tuple of numba types); None: any.
    """
    signatures = getattr(dispatcher, "signatures", None)
    if signatures is None:  # numba's JIT is off
        return False
    if any(version is None or version(tuple(sig)) for sig in signatures):  # compiled here already
        return False
    try:
        index = dispatcher._cache._cache_file._load_index()  # numba's on-disk index for this source
        return not any(version is None or version(tuple(key[0])) for key in index)
    except Exception:  # numba's cache internals moved: cannot tell, so say nothing
        return False


def compile_ahead(
    compiled: CompiledRules, strategies: Sequence[Strategy], mode: Mode, *, announce: bool
) -> float | None:
    """Compile the kernel of ``mode`` now if the first chunk would; the seconds it took, or None.

    Plays one throwaway deal (or match) in this process, so numba writes its
    cache before any worker starts: the workers then load it instead of each
    compiling, and the progress bar's rate and ETA measure play, not the
    compiler.  ``announce``: say so on standard error.
    """
    two_decks = copies_of_a_card(compiled) > 1
    if not needs_compiling(mode, two_decks):
        return None
    return announced_compile(
        "the simulator for two decks" if two_decks else "the simulator",
        COMPILE_SECONDS[mode],
        lambda: run_chunk(compiled, strategies, mode, "fast", 0, 0, 1),
        announce=announce,
    )


def announced_compile(what: str, about: tuple[int, int], build: Callable[[], object], *, announce: bool) -> float:
    """Run ``build`` (a first call that compiles ``what``) and return its seconds; ``announce``: say so on
    standard error, before (with the expected seconds, ``about``: least and most measured) and after."""
    if announce:
        low, high = about
        expected = f"{low} s" if low == high else f"{low}-{high} s"
        print(
            f"compiling {what} once, about {expected} (later runs load it from numba's cache)...",
            file=sys.stderr,
            flush=True,
        )
    t0 = time.perf_counter()
    build()
    seconds = time.perf_counter() - t0
    if announce:
        print(f"compiled in {seconds:.0f} s", file=sys.stderr, flush=True)
    return seconds


def compile_players_ahead(compiled: CompiledRules, strategies: Sequence[Strategy], *, announce: bool) -> float | None:
    """On the reference engine: build the compiled functions the players' decisions call
    (:class:`~ohhell.engine.CompiledStrategy`) now if one of them is neither built in this process nor
    cached; the seconds it took, or None.

    Plays one throwaway deal of the round with the most cards (so a PIMC player searches, a rollout
    player bids and plays), without a word unless ``announce``: else the first decision of the run
    would stall, up to half a minute, with the progress bar at zero.
    """
    functions = compiled_functions(*strategies)
    if not any(dispatcher_needs_compiling(f) for f in functions):
        return None
    biggest = int(np.argmax(compiled.hand_sizes))
    return announced_compile(
        "the players' compiled code",
        PLAYERS_COMPILE_SECONDS,
        lambda: list(reference_deals(compiled, strategies, 0, biggest, 1)),
        announce=announce,
    )
