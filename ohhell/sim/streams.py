"""How a simulation's random streams are planned: chunks, then SplitMix64 blocks.

A run of ``N`` units (deals or matches) is cut into chunks of a size that
depends on ``N`` only (:func:`plan_chunks`), never on the number of workers.
Chunk ``c`` takes child ``c`` of ``numpy.random.SeedSequence(seed)`` and from
it one 64-bit ``base`` (``generate_state(1, uint64)[0]``).  Unit ``j`` of the
run (its index in the whole run), which lies in chunk ``c``, has
``1 + players`` streams (chance first, then one per seat); stream
``k = j * (1 + players) + s`` starts from the four SplitMix64 outputs number
``4k .. 4k + 3`` of the sequence seeded with chunk ``c``'s ``base``.  So any unit can be
rebuilt alone from (seed, chunk, index) and both engine paths read the same
numbers.

SplitMix64 (Steele, Lea and Flood, 2014): ``x += 0x9E3779B97F4A7C15``;
``z = x``; ``z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9``;
``z = (z ^ (z >> 27)) * 0x94D049BB133111EB``; output ``z ^ (z >> 31)``
(modulo 2**64).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ohhell.engine.stream import SeedLike, Stream, seed_sequence

__all__ = ["Chunk", "plan_chunks", "chunk_base", "unit_streams", "splitmix_state", "GAMMA"]

GAMMA = 0x9E3779B97F4A7C15
_MASK = (1 << 64) - 1


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def splitmix_state(base: int, k: int) -> tuple[int, int, int, int]:
    """Stream ``k``'s state: SplitMix64 outputs ``4k .. 4k+3`` from ``base``."""
    x = (base + 4 * k * GAMMA) & _MASK
    out = []
    for _ in range(4):
        x = (x + GAMMA) & _MASK
        out.append(_mix(x))
    if not any(out):
        out[0] = 1
    return (out[0], out[1], out[2], out[3])


@dataclass(frozen=True, slots=True)
class Chunk:
    """Units ``start .. start + size - 1`` of a run, seeded by child ``index``."""

    index: int
    start: int
    size: int


def plan_chunks(n_units: int, chunk_size: int | None = None) -> tuple[Chunk, ...]:
    """Cut ``n_units`` into chunks; the default size depends on ``n_units`` only.

    Default: about 64 chunks, each of 1 000 to 200 000 units.

    Examples
    --------
    >>> [(c.start, c.size) for c in plan_chunks(2500, chunk_size=1000)]
    [(0, 1000), (1000, 1000), (2000, 500)]
    """
    if n_units < 1:
        raise ValueError(f"need at least one deal or match, got {n_units}")
    if chunk_size is None:
        chunk_size = min(200_000, max(1_000, -(-n_units // 64)))
    if chunk_size < 1:
        raise ValueError(f"chunk_size must be >= 1, got {chunk_size}")
    return tuple(
        Chunk(i, start, min(chunk_size, n_units - start)) for i, start in enumerate(range(0, n_units, chunk_size))
    )


def chunk_base(seed: SeedLike, chunk_index: int) -> int:
    """The 64-bit SplitMix64 base of chunk ``chunk_index`` of a run seeded with ``seed``."""
    ss = seed_sequence(seed)
    child = np.random.SeedSequence(ss.entropy, spawn_key=(*ss.spawn_key, chunk_index), pool_size=ss.pool_size)
    return int(child.generate_state(1, np.uint64)[0])


def unit_streams(base: int, unit: int, players: int) -> tuple[Stream, list[Stream]]:
    """Chance stream and seat streams of unit ``unit`` (its index in the run) from its chunk's base."""
    first = unit * (1 + players)
    chance = Stream.from_state(splitmix_state(base, first))
    return chance, [Stream.from_state(splitmix_state(base, first + 1 + s)) for s in range(players)]
