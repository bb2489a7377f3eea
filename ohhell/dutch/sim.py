"""Dutch's Monte Carlo entry point: seeded rounds or matches as pandas frames, on the generic runner.

:func:`simulate` plans chunks from the amount of work only, seeds chunk
``c`` from child ``c`` of ``SeedSequence(seed)`` and unit ``j`` (a round or a
match) from its own SplitMix64 block (:func:`ohhell.sim.streams.unit_streams`:
the chance stream first, then one stream per seat), and runs the chunks with
:func:`ohhell.sim.runner.run_chunks` (joblib backends, checkpoints, progress,
Ctrl-C).  So the frames are the same for any ``n_jobs`` or backend, and the
deals of unit ``j`` depend on the seed only, never on the players: two runs
with the same seed and different players play the same deals (the first
deal of each round; a reshuffle's order follows the play).

Frames
------
``rounds``: one row per (unit, round, seat): ``match`` (matches mode; the
unit), ``round`` (the round of its match; in rounds mode the unit), ``seat``,
``player`` (its label), ``players``, ``first`` (the seat that started the
round), ``seat_from_first`` (0: the first to play; the dealer is the seat
before it), ``caller`` (this seat called), ``called`` (someone called),
``call_made`` (this seat called and the call succeeded), ``value`` (the hand
at the reveal), ``score``, ``turns``, ``ended`` (``call``, ``turn_limit``,
``stock_out``) and, in matches mode, ``total`` (after the round).

``matches`` (matches mode): one row per (match, seat): ``match``, ``seat``,
``player``, ``players``, ``rounds``, ``total``, ``winner`` (lowest total,
ties all winners), ``winners`` (how many), ``win_share`` (1 / winners for a
winner, else 0).

Examples
--------
>>> from ohhell.dutch import dutch, ThresholdPlayer, RandomPlayer
>>> res = simulate(dutch(3), [ThresholdPlayer(), RandomPlayer(), RandomPlayer()], matches=4, seed=1, n_jobs=1)
>>> res.matches.groupby("match")["win_share"].sum().tolist()
[1.0, 1.0, 1.0, 1.0]
>>> sorted(res.rounds["seat_from_first"].unique().tolist())
[0, 1, 2]
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, Literal

import numpy as np
import pandas as pd

from ohhell.dutch.play import _check, match_rounds, run_round
from ohhell.dutch.players.base import Player
from ohhell.dutch.rules import DutchRules, match_winners
from ohhell.dutch.state import RoundResult, deal
from ohhell.engine.stream import SeedLike, seed_sequence
from ohhell.sim.checkpoint import Checkpoint
from ohhell.sim.runner import run_chunks
from ohhell.sim.streams import Chunk, chunk_base, plan_chunks, unit_streams

__all__ = ["simulate", "DutchResult", "ROUND_COLUMNS", "MATCH_COLUMNS", "default_chunk_size"]

Mode = Literal["rounds", "matches"]

ROUND_COLUMNS = (
    "round",
    "seat",
    "player",
    "players",
    "first",
    "seat_from_first",
    "caller",
    "called",
    "call_made",
    "value",
    "score",
    "turns",
    "ended",
)
MATCH_COLUMNS = ("match", "seat", "player", "players", "rounds", "total", "winner", "winners", "win_share")
_ENDINGS = ("call", "turn_limit", "stock_out")


@dataclass(frozen=True, slots=True, eq=False)
class DutchResult:
    """The frames of a Dutch run (see the module docs) and what reproduces them (``meta``)."""

    rounds: pd.DataFrame
    matches: pd.DataFrame | None
    meta: dict[str, Any] = field(default_factory=dict)


def default_chunk_size(units: int) -> int:
    """About 64 chunks of 25 to 1,000 units: a Dutch unit costs milliseconds, not microseconds."""
    return min(1_000, max(25, -(-units // 64)))


@dataclass(frozen=True, slots=True)
class _Job:
    rules: DutchRules
    players: tuple[Player, ...]
    labels: tuple[str, ...]
    mode: Mode
    entropy: int | Sequence[int]
    spawn_key: tuple[int, ...]
    max_rounds: int
    fast: bool = False


@dataclass(frozen=True, slots=True, eq=False)
class _Done:
    chunk: Chunk
    rounds: pd.DataFrame
    matches: pd.DataFrame | None
    seconds: float


def _round_rows(rows: list[list[int]], r: RoundResult, unit: int, round_no: int, totals: Sequence[int] | None) -> None:
    n = r.players
    made = bool(r.call_succeeded)
    for s in range(n):
        row = [
            unit,
            round_no,
            s,
            n,
            r.first,
            (s - r.first) % n,
            int(r.caller == s),
            int(r.caller is not None),
            int(r.caller == s and made),
            r.values[s],
            r.scores[s],
            r.turns,
            _ENDINGS.index(r.ended),
        ]
        if totals is not None:
            row.append(totals[s])
        rows.append(row)


def _frames(
    job: _Job, rows: list[list[int]] | np.ndarray, mrows: list[list[int]]
) -> tuple[pd.DataFrame, pd.DataFrame | None]:
    labels = pd.CategoricalDtype(sorted(set(job.labels)))
    extra = ["total"] if job.mode == "matches" else []
    a = np.asarray(rows, dtype=np.int64).reshape(-1, len(ROUND_COLUMNS) + len(extra))
    head = "match" if job.mode == "matches" else "unit"
    cols = [head, *(c for c in ROUND_COLUMNS if c != "player"), *extra]
    f = pd.DataFrame({c: a[:, i] for i, c in enumerate(cols)})
    if job.mode == "rounds":
        f = f.drop(columns="unit")
    for c in ("caller", "called", "call_made"):
        f[c] = f[c].astype(bool)
    ended = np.asarray(_ENDINGS, dtype=object)[f["ended"].to_numpy()]
    f["ended"] = pd.Series(ended, dtype=pd.CategoricalDtype(list(_ENDINGS)))
    f["player"] = pd.Series(np.asarray(job.labels, dtype=object)[f["seat"].to_numpy()], dtype=labels)
    order = list(ROUND_COLUMNS) + extra
    f = f[["match", *order] if job.mode == "matches" else order]
    if job.mode == "rounds":
        return f, None
    m = np.asarray(mrows, dtype=np.int64).reshape(-1, 6)
    mf = pd.DataFrame({c: m[:, i] for i, c in enumerate(("match", "seat", "players", "rounds", "total", "winner"))})
    mf["winner"] = mf["winner"].astype(bool)
    mf["winners"] = mf.groupby("match")["winner"].transform("sum").astype(np.int64)
    mf["win_share"] = np.where(mf["winner"], 1.0 / mf["winners"], 0.0)
    mf["player"] = pd.Series([job.labels[s] for s in mf["seat"]], dtype=labels)
    return f, mf[list(MATCH_COLUMNS)]


def _play_chunk(job: _Job, chunk: Chunk) -> _Done:
    """Play one chunk (in a worker): units ``chunk.start ..`` from the chunk's SplitMix64 base."""
    t0 = time.perf_counter()
    base = chunk_base(np.random.SeedSequence(job.entropy, spawn_key=job.spawn_key), chunk.index)
    rules, n = job.rules, job.rules.players
    rows: list[list[int]] = []
    mrows: list[list[int]] = []
    if job.fast:  # the compiled round: the same rounds, number for number (ohhell.dutch.kernel)
        from ohhell.dutch.kernel import play_matches, play_rounds

        if job.mode == "rounds":
            out = play_rounds(rules, job.players, base=base, start=chunk.start, count=chunk.size)
            units = np.arange(chunk.start, chunk.start + chunk.size, dtype=np.int64)
            index = units
        else:
            out = play_matches(
                rules, job.players, base=base, start=chunk.start, count=chunk.size, max_rounds=job.max_rounds
            )
            units, index = out["match"], out["round"]
        k = units.shape[0]
        caller, values = out["caller"], out["values"]
        others = np.where(np.arange(n)[None, :] == np.maximum(caller, 0)[:, None], np.iinfo(np.int64).max, values)
        mine = values[np.arange(k), np.maximum(caller, 0)]
        best = others.min(axis=1)
        made = (caller >= 0) & ((mine <= best) if rules.call.tie == "caller_wins" else (mine < best))
        first = index % n if rules.turns.first == "rotate" else np.zeros_like(index)
        seat = np.arange(n, dtype=np.int64)[None, :]
        ended = out["ended_code"]
        cols = [
            np.repeat(units, n),
            np.repeat(index, n),
            np.tile(seat[0], k),
            np.full(k * n, n, dtype=np.int64),
            np.repeat(first, n),
            ((seat - first[:, None]) % n).ravel(),
            (caller[:, None] == seat).ravel().astype(np.int64),
            np.repeat(caller >= 0, n).astype(np.int64),
            ((caller[:, None] == seat) & made[:, None]).ravel().astype(np.int64),
            values.ravel(),
            out["scores"].ravel(),
            np.repeat(out["turns"], n),
            np.repeat(ended, n),
        ]
        if job.mode == "matches":
            cols.append(out["totals"].ravel())
            last = np.flatnonzero(np.r_[units[1:] != units[:-1], True])  # each match's last round
            counts = np.diff(np.r_[-1, last])
            for m, row in enumerate(last):
                totals = out["totals"][row].tolist()
                winners = match_winners(totals)
                mrows.extend([int(units[row]), s, n, int(counts[m]), totals[s], int(s in winners)] for s in range(n))
        rf, mf = _frames(job, np.stack(cols, axis=1), mrows)
        return _Done(chunk, rf, mf, time.perf_counter() - t0)
    for unit in range(chunk.start, chunk.start + chunk.size):
        chance, rngs = unit_streams(base, unit, n)
        if job.mode == "rounds":
            state = deal(rules, chance.permutation(rules.deck.size), round_index=unit)
            _round_rows(rows, run_round(state, job.players, chance, rngs), unit, unit, None)
            continue
        count, totals = 0, (0,) * n
        for result, totals, _ in match_rounds(rules, job.players, chance, rngs, job.max_rounds):
            _round_rows(rows, result, unit, result.round_index, totals)
            count += 1
        winners = match_winners(totals)
        mrows.extend([unit, s, n, count, totals[s], int(s in winners)] for s in range(n))
    rf, mf = _frames(job, rows, mrows)
    return _Done(chunk, rf, mf, time.perf_counter() - t0)


def _payload(d: _Done) -> dict[str, Any]:
    out: dict[str, Any] = {"start": d.chunk.start, "size": d.chunk.size, "seconds": d.seconds, "rounds": d.rounds}
    if d.matches is not None:
        out["matches"] = d.matches
    return out


def _from_payload(chunk: Chunk, payload: dict[str, Any] | None) -> _Done | None:
    if payload is None or payload.get("start") != chunk.start or payload.get("size") != chunk.size:
        return None
    return _Done(chunk, payload["rounds"], payload.get("matches"), float(payload["seconds"]))


def simulate(
    rules: DutchRules,
    players: Player | Sequence[Player],
    *,
    rounds: int | None = None,
    matches: int | None = None,
    seed: SeedLike = None,
    n_jobs: int = 1,
    backend: str = "loky",
    chunk_size: int | None = None,
    checkpoint: str | Path | None = None,
    progress: bool | None = None,
    labels: Sequence[str] | None = None,
    max_rounds: int = 10_000,
    engine: Literal["auto", "fast", "reference"] = "auto",
) -> DutchResult:
    """Play ``rounds`` single rounds or ``matches`` whole matches of ``rules``.

    Parameters
    ----------
    rules : the rule set (:func:`ohhell.dutch.dutch` and house rules).
    players : one player for every seat, or one per seat.
    rounds, matches : how many (give exactly one, at least 1).  Round ``j``
        is played as round ``j`` of a match with zero totals: under
        ``Turns(first="rotate")`` seat ``j mod players`` starts it.
    seed : anything :class:`numpy.random.SeedSequence` takes (None: fresh
        entropy, kept in ``meta["seed_entropy"]``).
    n_jobs, backend : joblib's; they never change the result.
    chunk_size : units per chunk (default :func:`default_chunk_size`).
    checkpoint : a directory: finished chunks are kept there and a rerun with
        the same arguments resumes from them.
    progress : a bar on standard error (default: when there is more than one chunk).
    labels : the ``player`` column, one per seat (default: each player's repr).
    max_rounds : a match still running after this many rounds is an error.
    engine : ``"auto"``: the compiled round (:mod:`ohhell.dutch.kernel`), in
        both modes, when every seat is a random, threshold or memory player,
        else the reference engine; ``"fast"`` insists on the compiled round;
        ``"reference"`` never uses it.  The frames are the same either way.

    Ctrl-C raises :class:`ohhell.sim.runner.Interrupted`.
    """
    if (rounds is None) == (matches is None):
        raise ValueError("give exactly one of rounds= or matches=")
    mode: Mode = "rounds" if rounds is not None else "matches"
    units = rounds if rounds is not None else matches
    if isinstance(units, bool) or not isinstance(units, (int, np.integer)) or units < 1:
        raise ValueError(f"{mode}= must be a whole number of at least 1, got {units!r}")
    seats = tuple(players) if isinstance(players, Sequence) else (players,) * rules.players
    _check(rules, seats)
    names = tuple(labels) if labels is not None else tuple(repr(p) for p in seats)
    if len(names) != rules.players:
        raise ValueError(f"labels= needs one label per seat ({rules.players}), got {len(names)}")
    from ohhell.dutch.kernel import kernel_reason

    if engine not in ("auto", "fast", "reference"):
        raise ValueError(f"engine must be 'auto', 'fast' or 'reference', got {engine!r}")
    reason = kernel_reason(seats)
    if engine == "fast" and reason is not None:
        raise ValueError(f"engine='fast' cannot play {reason}; use engine='auto' or 'reference'")
    fast = engine != "reference" and reason is None
    chunks = plan_chunks(int(units), chunk_size if chunk_size is not None else default_chunk_size(int(units)))
    ss = seed_sequence(seed)
    assert ss.entropy is not None
    job = _Job(rules, seats, names, mode, ss.entropy, tuple(ss.spawn_key), max_rounds, fast)
    manifest = {
        "game": "dutch",
        "rules": repr(rules),
        "players": [repr(p) for p in seats],
        "labels": list(names),
        "mode": mode,
        "units": int(units),
        "chunk_size": chunks[0].size,
        "seed_entropy": str(ss.entropy),
        "spawn_key": list(ss.spawn_key),
        "max_rounds": max_rounds,
    }
    store = Checkpoint(checkpoint, manifest) if checkpoint is not None else None
    show = progress if progress is not None else len(chunks) > 1

    def prepare(missing: int) -> None:
        if fast and missing and backend != "dask":  # dask workers compile on their machines
            from ohhell.dutch.kernel import compile_ahead

            compile_ahead(announce=show)

    run = run_chunks(
        partial(_play_chunk, job),
        chunks,
        n_jobs=n_jobs,
        backend=backend,
        store=store,
        save=_payload,
        load=_from_payload,
        prepare=prepare,
        progress=show,
        desc=f"Dutch {rules.players} players, {mode}",
        unit="round" if mode == "rounds" else "match",
    )
    parts = [run.done[i] for i in sorted(run.done)]
    rf = pd.concat([d.rounds for d in parts], ignore_index=True)
    mf = (
        pd.concat([d.matches for d in parts if d.matches is not None], ignore_index=True) if mode == "matches" else None
    )
    meta = {
        "rules": repr(rules),
        "players": [repr(p) for p in seats],
        "labels": list(names),
        "mode": mode,
        "units": int(units),
        "chunks": len(chunks),
        "chunk_size": chunks[0].size,
        "seed_entropy": ss.entropy,
        "spawn_key": tuple(ss.spawn_key),
        "n_jobs": n_jobs,
        "backend": backend,
        "wall_seconds": run.seconds,
        "chunk_seconds": sum(d.seconds for d in parts),
        "engine": "fast" if fast else "reference",
    }
    return DutchResult(rounds=rf, matches=mf, meta=meta)
