"""Duplicate tournaments: every deal replayed with the strategies rotated through the seats.

A seating of strategies (one per seat) is played under each of its
``players`` cyclic rotations on the same seed, so every strategy meets the
same cards from every seat and card luck cancels.  The unit of analysis is
the deal (or match): a strategy's results are averaged over the rotations
and seats it held in that deal, and intervals are t intervals over deals;
pairwise differences are paired over deals.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from ohhell.engine import SeedLike, Strategy, seed_sequence
from ohhell.rules import Rules
from ohhell.sim import simulate
from ohhell.stats.intervals import mean_ci

__all__ = ["tournament", "TournamentResult"]


@dataclass(frozen=True, slots=True, eq=False)
class TournamentResult:
    """``deals``/``matches``: the long-form rows of every rotation (columns ``rotation`` and
    ``player``, the strategy's name); ``summary``: one row per player; ``pairs``: one row per
    pair of players (``a`` minus ``b``); ``meta``: what was played."""

    deals: pd.DataFrame
    matches: pd.DataFrame | None
    summary: pd.DataFrame
    pairs: pd.DataFrame
    meta: dict[str, Any]


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
    ss = seed_sequence(seed)
    frames, match_frames = [], []
    for rotation in range(n):
        order = [(s - rotation) % n for s in range(n)]  # seat s holds player order[s]
        result = simulate(rules, [seating[i] for i in order], deals=deals, matches=matches, seed=ss, **simulate_options)
        assert result.deals is not None
        label = np.array([names[i] for i in order], dtype=object)
        d = result.deals.assign(rotation=rotation, player=pd.Categorical(label[result.deals["seat"].to_numpy()]))
        frames.append(d)
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
    return TournamentResult(deals=rows, matches=matches_rows, summary=summary, pairs=pd.DataFrame(pairs), meta=meta)
