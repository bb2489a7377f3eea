"""Duplicate tournaments: every deal replayed with the strategies rotated through the seats.

A seating of strategies (one per seat) is played under each of its
``players`` cyclic rotations on the same seed, so every strategy meets the
same cards from every seat and card luck cancels.  The unit of analysis is
the deal (or match): a strategy's results are averaged over the rotations
and seats it held in that deal, and intervals are t intervals over deals;
pairwise differences are paired over deals.

With ``records=True`` each rotation's deals are also replayed through the
reference engine on the simulator's own streams (:func:`deal_records`), so
the :class:`~ohhell.records.DealRecord` of every deal played comes back
beside the frame, checked score for score against it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from ohhell.engine import DealResult, SeedLike, Strategy, seed_sequence
from ohhell.records import DealRecord
from ohhell.rules import Rules, compile_rules
from ohhell.sim import simulate
from ohhell.sim.paths import reference_deals
from ohhell.sim.streams import chunk_base, plan_chunks
from ohhell.stats.intervals import mean_ci

__all__ = ["tournament", "TournamentResult", "deal_records"]


@dataclass(frozen=True, slots=True, eq=False)
class TournamentResult:
    """``deals``/``matches``: the long-form rows of every rotation (columns ``rotation`` and
    ``player``, the strategy's name); ``summary``: one row per player; ``pairs``: one row per
    pair of players (``a`` minus ``b``); ``meta``: what was played; ``records`` (with
    ``records=True``): by rotation, the record of each deal in unit order."""

    deals: pd.DataFrame
    matches: pd.DataFrame | None
    summary: pd.DataFrame
    pairs: pd.DataFrame
    meta: dict[str, Any]
    records: tuple[tuple[DealRecord, ...], ...] | None = None


def _replayed(
    rules: Rules,
    strategies: Sequence[Strategy],
    deals: int,
    seed: SeedLike,
    chunk_size: int | None,
    played: int | None = None,
) -> list[DealResult]:
    """The first ``played`` (default all) of the ``deals`` units of a simulation, through the reference engine."""
    compiled = compile_rules(rules)
    players = compiled.players
    if len(strategies) != players:
        raise ValueError(f"{players} players need {players} strategies, got {len(strategies)}")
    ss = seed_sequence(seed)
    out: list[DealResult] = []
    for chunk in plan_chunks(deals, chunk_size):
        size = chunk.size if played is None else min(chunk.size, played - chunk.start)
        if size <= 0:
            break
        out.extend(reference_deals(compiled, list(strategies), chunk_base(ss, chunk.index), chunk.start, size))
    return out


def deal_records(
    rules: Rules, strategies: Sequence[Strategy], *, deals: int, seed: SeedLike = None, chunk_size: int | None = None
) -> tuple[DealRecord, ...]:
    """The records of the deals ``simulate(rules, strategies, deals=deals, seed=seed)`` plays, in unit order.

    Each deal is played again through the reference engine on the streams
    the simulator gives it (:mod:`ohhell.sim.streams`: the same chunk plan,
    the same chance and seat streams, round ``i mod rounds``, dealer
    ``(first dealer + i) mod players``), so its cards, bids, plays and scores
    are the simulator's.  ``chunk_size`` must be the simulation's.

    Examples
    --------
    >>> import ohhell
    >>> from ohhell.records import replay
    >>> from ohhell.strategies import Folk
    >>> rules = ohhell.boerenbridge(4)
    >>> recs = deal_records(rules, [Folk()] * 4, deals=3, seed=1)
    >>> sim = simulate(rules, Folk(), deals=3, seed=1, n_jobs=1)
    >>> [replay(r, rules).scores for r in recs] == [
    ...     tuple(sim.deals[sim.deals.unit == u].sort_values("seat").score) for u in range(3)]
    True
    """
    return tuple(DealRecord.from_result(r) for r in _replayed(rules, strategies, deals, seed, chunk_size))


def _check_scores(results: Sequence[DealResult], frame: pd.DataFrame, rotation: int) -> None:
    """The replayed deals' scores must be the frame's, deal for deal and seat for seat."""
    rows = frame.sort_values(["unit", "seat"])
    for unit, group in rows.groupby("unit", sort=True):
        got = tuple(int(x) for x in group["score"])
        replayed = tuple(results[int(str(unit))].scores)
        if got != replayed:
            raise RuntimeError(f"rotation {rotation}, deal {unit}: replayed scores {replayed}, simulated {got}")


def _per_unit(frame: pd.DataFrame, column: str) -> pd.DataFrame:
    """Each player's mean of ``column`` per unit (deal or match), units as rows."""
    return frame.groupby(["unit", "player"], observed=True)[column].mean().unstack("player")


def _summarise(table: pd.DataFrame, name: str, confidence: float) -> pd.DataFrame:
    rows = []
    for player in table.columns:
        x = table[player].dropna().to_numpy(dtype=np.float64)
        lo, hi = mean_ci(x.mean(), x.std(ddof=1), x.size, confidence)
        rows.append({"player": player, f"{name}": x.mean(), f"{name}_lo": float(lo), f"{name}_hi": float(hi)})
    return pd.DataFrame(rows).set_index("player")


def tournament(
    rules: Rules,
    players: Mapping[str, Strategy] | Sequence[Strategy],
    *,
    deals: int | None = None,
    matches: int | None = None,
    seed: SeedLike = None,
    confidence: float = 0.95,
    records: bool = False,
    **simulate_options: Any,
) -> TournamentResult:
    """Play a duplicate tournament and summarise it.

    Parameters
    ----------
    players : the seating, one strategy per seat: a mapping name -> strategy
        (names label the results; a name may be given to several seats by
        passing a sequence instead, labelled by ``repr``).
    deals, matches : units per rotation (give one).
    seed : one seed for every rotation (the same deals in each).
    records : also return every deal's :class:`~ohhell.records.DealRecord`
        (``deals=`` only): each rotation's deals are replayed through the
        reference engine on the simulator's streams (:func:`deal_records`)
        and their scores checked against the frame, row for row (a
        ``RuntimeError`` if one differs).  This plays every deal twice.
    simulate_options : passed to :func:`ohhell.simulate` (``n_jobs``,
        ``progress``, ``engine``...).

    Returns a :class:`TournamentResult`: per player the mean score per deal,
    the made-bid rate and (matches) the match win rate, each with a
    ``confidence`` interval over units; and for each pair the mean difference
    per deal with its paired interval.

    Examples
    --------
    >>> import ohhell
    >>> from ohhell.strategies import Folk, RandomStrategy
    >>> t = tournament(ohhell.boerenbridge(4), {"folk": Folk(), "random": RandomStrategy(),
    ...     "folk 2": Folk(), "random 2": RandomStrategy()}, deals=400, seed=1, n_jobs=1)
    >>> bool(t.summary.loc["folk", "score"] > t.summary.loc["random", "score"])
    True
    """
    if isinstance(players, Mapping):
        names = list(players)
        seating = list(players.values())
    else:
        seating = list(players)
        names = [repr(s) for s in seating]
    n = rules.players
    if len(seating) != n:
        raise ValueError(f"{n} players need {n} strategies, got {len(seating)}")
    if records and deals is None:
        raise ValueError("records=True needs deals= (a match's deals are not kept as records)")
    ss = seed_sequence(seed)
    frames, match_frames = [], []
    kept: list[tuple[DealRecord, ...]] = []
    for rotation in range(n):
        order = [(s - rotation) % n for s in range(n)]  # seat s holds player order[s]
        result = simulate(rules, [seating[i] for i in order], deals=deals, matches=matches, seed=ss, **simulate_options)
        assert result.deals is not None
        label = np.array([names[i] for i in order], dtype=object)
        d = result.deals.assign(rotation=rotation, player=pd.Categorical(label[result.deals["seat"].to_numpy()]))
        frames.append(d)
        if records and deals is not None:
            seated = [seating[i] for i in order]
            played = int(result.deals["unit"].max()) + 1  # a stop= rule may end the run early
            results = _replayed(rules, seated, deals, ss, simulate_options.get("chunk_size"), played)
            _check_scores(results, result.deals, rotation)
            kept.append(tuple(DealRecord.from_result(r) for r in results))
        if result.matches is not None:
            m = result.matches
            match_frames.append(m.assign(rotation=rotation, player=pd.Categorical(label[m["seat"].to_numpy()])))
    rows = pd.concat(frames, ignore_index=True)
    rows["player"] = rows["player"].astype("category")
    matches_rows = pd.concat(match_frames, ignore_index=True) if match_frames else None
    score = _per_unit(rows.assign(per_deal=rows["score"]), "per_deal")
    made = _per_unit(rows.assign(m=rows["made"].astype(np.float64)), "m")
    summary = _summarise(score, "score", confidence).join(_summarise(made, "made", confidence))
    if matches_rows is not None:
        matches_rows["player"] = matches_rows["player"].astype("category")
        wins = _per_unit(matches_rows.assign(w=matches_rows["winner"].astype(np.float64)), "w")
        summary = summary.join(_summarise(wins, "win", confidence))
    summary = summary.reindex(list(dict.fromkeys(names)))
    pairs = []
    unique = list(dict.fromkeys(names))
    for i, a in enumerate(unique):
        for b in unique[i + 1 :]:
            diff = (score[a] - score[b]).dropna().to_numpy(dtype=np.float64)
            lo, hi = mean_ci(diff.mean(), diff.std(ddof=1), diff.size, confidence)
            pairs.append({"a": a, "b": b, "units": diff.size, "diff": diff.mean(), "lo": float(lo), "hi": float(hi)})
    meta = {
        "rules": repr(rules),
        "players": dict(zip(names, (repr(s) for s in seating))),
        "rotations": n,
        "units_per_rotation": deals if deals is not None else matches,
        "seed_entropy": ss.entropy,
        "confidence": confidence,
    }
    return TournamentResult(deals=rows, matches=matches_rows, summary=summary, pairs=pd.DataFrame(pairs), meta=meta,
                            records=tuple(kept) if records else None)  # fmt: skip
