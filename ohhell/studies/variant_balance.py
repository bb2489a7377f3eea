"""Variant balance: what a rule change does to skill, luck, seat fairness and bidding.

Each variant plays the same matches from the same seed (duplicate deals:
the chance stream does not depend on the scoring, the restriction or the
strategies, so variants that differ only there play identical cards), and
every measure is computed per match, so a variant is compared with the
baseline by a paired difference over matches.

Two tables are seated for every variant:

- **a level table** (every seat the same strategy, by default the fast
  strong player ``strongest-fast``) measures luck, seat fairness and bidding behaviour:
  ``zero_bid_rate`` (share of bids that are 0), ``made_rate``,
  ``overbid_rounds`` / ``underbid_rounds`` (the sum of the bids above or
  below the hand size), ``flat_out_rounds`` (everyone misses),
  ``total_sd`` (spread of the final totals within a match, in points),
  ``halftime_leader_wins`` (a leader after half the rounds wins the match)
  and ``seat_win_spread`` (highest minus lowest win rate by seat counted from
  the first dealer, with a bootstrap interval; its chi-square test of equal
  seats is in ``p_equal_seats``);
- **a skill ladder** (strategies of known, distinct strength, rotated
  through the seats on the same matches) measures the skill signal:
  ``strongest_wins`` (the strongest strategy wins the match) and
  ``skill_rank_corr`` (Spearman correlation of strength and final total
  within a match, averaged over matches; equal strategies count as equally
  strong).  Every rotation replays the same matches (a duplicate design:
  each strategy meets the same cards from every seat), so a match's
  rotations are one observation, not ``players``: each measure is averaged
  over the rotations of a match and the matches are the units (``n``;
  ``plays`` counts the games).

Binary measures get Wilson intervals (clustered by match for the skill
ladder's), means t intervals; differences from the baseline a paired t
interval and p value over matches (a paired bootstrap for the seat spread,
:func:`scipy.stats.bootstrap`).  ``p_holm`` adjusts every p value of the run
for their number (Holm).
"""

from __future__ import annotations

import zlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd
from scipy import stats

from ohhell.engine import SeedLike
from ohhell.rules import Rules
from ohhell.sim import simulate
from ohhell.stats.intervals import clustered_proportion_ci, mean_ci
from ohhell.stats.multiple import holm
from ohhell.studies.common import (
    StrategyLike,
    first_dealers,
    label_of,
    resolve,
    seating,
    study_meta,
    study_seed,
    sub_checkpoint,
)
from ohhell.studies.seat_advantage import win_table

__all__ = ["variant_balance", "with_descriptions", "VariantBalance", "MEASURES", "DEFAULT_LADDER"]

#: Measure name -> (description, binary per match).
MEASURES: dict[str, tuple[str, bool]] = {
    "strongest_wins": ("the strongest strategy wins the match", True),
    "skill_rank_corr": ("Spearman correlation of strength and final total", False),
    "halftime_leader_wins": ("a leader at half-time wins the match", True),
    "total_sd": ("spread (sd) of the final totals in a match, points", False),
    "seat_win_spread": ("highest minus lowest win rate by seat from the first dealer", False),
    "made_rate": ("share of bids made", False),
    "zero_bid_rate": ("share of bids that are 0", False),
    "overbid_rounds": ("share of rounds bid above the hand size", False),
    "underbid_rounds": ("share of rounds bid below the hand size", False),
    "flat_out_rounds": ("share of rounds where everyone misses", False),
}


def with_descriptions(frame: pd.DataFrame) -> pd.DataFrame:
    """The frame with each measure's ``description`` from :data:`MEASURES` where it lacks the column (a
    frame saved before :func:`variant_balance` wrote it); a measure not there is described by its name."""
    if "description" in frame.columns or "measure" not in frame.columns:
        return frame
    out = frame.copy()
    described = [MEASURES[m][0] if m in MEASURES else str(m) for m in frame["measure"]]
    out.insert(list(out.columns).index("measure") + 1, "description", described)
    return out


#: The measures of the skill ladder (one value per match, averaged over its rotations).
_SKILL = ("strongest_wins", "skill_rank_corr")

#: Strongest first: the expected-value bidder, folk, folk without counting top trumps, random (more
#: seats get more random players, of equal strength among themselves).
DEFAULT_LADDER: tuple[str, ...] = ("strongest-fast", "ev:16", "folk", "random", "random", "random", "random")


@dataclass(frozen=True, slots=True, eq=False)
class VariantBalance:
    """``measures``: one row per (variant, measure): ``description`` (of the measure, from
    :data:`MEASURES`), ``n`` (matches), ``estimate``, ``lo``, ``hi``,
    and against the baseline ``diff``, ``diff_lo``, ``diff_hi``, ``p_value`` (NaN on the baseline),
    ``plays`` (games behind the ``n`` matches: ``n`` times the rotations for the skill ladder) and
    ``p_holm`` (Holm over every p value of the run);
    ``seats``: win rate by seat from the first dealer per variant (level table), with intervals;
    ``meta``: variants, tables, sizes, seed entropy, version."""

    measures: pd.DataFrame
    seats: pd.DataFrame
    meta: dict[str, Any]

    def frames(self) -> dict[str, pd.DataFrame]:
        """The frames by name (for saving)."""
        return {"measures": self.measures, "seats": self.seats}


def _level_units(rules: Rules, rows: pd.DataFrame, matches: pd.DataFrame) -> tuple[pd.DataFrame, np.ndarray]:
    """Per-match measures of the level table, and the [match, seat from first dealer] win matrix."""
    players = rules.players
    rows = rows.assign(zero=(rows["bid"] == 0).astype(np.float64), made_f=rows["made"].astype(np.float64))
    per_match = rows.groupby("unit")[["zero", "made_f"]].mean()
    rounds = rows.groupby(["unit", "round"]).agg(bids=("bid", "sum"), hand=("hand_size", "first"), made=("made", "any"))
    rounds = rounds.assign(
        over=(rounds["bids"] > rounds["hand"]).astype(np.float64),
        under=(rounds["bids"] < rounds["hand"]).astype(np.float64),
        flat=(~rounds["made"]).astype(np.float64),
    )
    per_round = rounds.groupby("unit")[["over", "under", "flat"]].mean()
    totals = matches.pivot(index="unit", columns="seat", values="total").to_numpy(dtype=np.float64)
    winner = matches.pivot(index="unit", columns="seat", values="winner").to_numpy(dtype=bool)
    n_rounds = int(rows["round"].max())
    half = rows[rows["round"] <= n_rounds // 2]
    by_seat = half.pivot_table(index="unit", columns="seat", values="score", aggfunc="sum", fill_value=0)
    cum = by_seat.reindex(columns=range(players), fill_value=0).to_numpy(dtype=np.float64)
    leaders = cum == cum.max(axis=1, keepdims=True)
    dealer = first_dealers(rows).to_numpy()
    order = (dealer[:, None] + 1 + np.arange(players)[None, :]) % players  # seat of position j
    by_position = np.take_along_axis(winner, order, axis=1)
    units = pd.DataFrame(
        {
            "halftime_leader_wins": (leaders & winner).any(axis=1).astype(np.float64),
            "total_sd": totals.std(axis=1, ddof=1),
            "made_rate": per_match["made_f"].to_numpy(),
            "zero_bid_rate": per_match["zero"].to_numpy(),
            "overbid_rounds": per_round["over"].to_numpy(),
            "underbid_rounds": per_round["under"].to_numpy(),
            "flat_out_rounds": per_round["flat"].to_numpy(),
        }
    )
    return units, by_position.astype(np.float64)


def _skill_units(results: Sequence[pd.DataFrame], strength: np.ndarray) -> pd.DataFrame:
    """Per match, averaged over its rotations: the strongest wins, and the rank correlation of strength and total.

    ``strength[i]`` is the strength of ladder entry ``i`` (equal for equal
    strategies, so their order does not count); entry 0 is the strongest.
    Every rotation plays the same matches, so a match is one unit: its
    rotations are averaged (``strongest_wins`` becomes the share of them the
    strongest won).
    """
    players = strength.size
    wins, corrs = [], []
    sr = stats.rankdata(strength)
    sc = sr - sr.mean()
    for rotation, m in enumerate(results):
        totals = m.pivot(index="unit", columns="seat", values="total").to_numpy(dtype=np.float64)
        winner = m.pivot(index="unit", columns="seat", values="winner").to_numpy(dtype=bool)
        seat_of = (np.arange(players) + rotation) % players  # ladder entry i sits at seat (i + rotation)
        totals, winner = totals[:, seat_of], winner[:, seat_of]  # columns now in ladder order
        ranks = stats.rankdata(totals, axis=1)
        rc = ranks - ranks.mean(axis=1, keepdims=True)
        denom = np.sqrt((rc**2).sum(axis=1) * (sc**2).sum())
        corrs.append(np.where(denom > 0, (rc * sc).sum(axis=1) / np.where(denom > 0, denom, 1.0), 0.0))
        wins.append(winner[:, 0].astype(np.float64))
    return pd.DataFrame({"strongest_wins": np.mean(wins, axis=0), "skill_rank_corr": np.mean(corrs, axis=0)})


def _spread(wins: np.ndarray) -> float:
    rates = wins.mean(axis=0)
    return float(rates.max() - rates.min())


def _spreads(wins: np.ndarray, idx: np.ndarray) -> np.ndarray:
    """The spread of every resample: ``idx`` [..., match] indexes the matches of ``wins`` [match, seat]."""
    rates = wins[idx].mean(axis=-2)
    return np.asarray(rates.max(axis=-1) - rates.min(axis=-1), dtype=np.float64)


def _bootstrap_spread(
    wins: np.ndarray, base: np.ndarray | None, confidence: float, seed: int, resamples: int = 9999
) -> tuple[float, float, float, float, float, float]:
    """Spread, its percentile interval, and (against ``base``, same matches) the paired difference's.

    :func:`scipy.stats.bootstrap` resamples the match indices, so the spread
    of a variant and of the baseline are taken on the same resampled matches
    (both runs start from the same ``seed``, hence draw the same resamples).
    """
    n = wins.shape[0]
    matches = (np.arange(n),)

    def boot(statistic: Any) -> Any:
        return stats.bootstrap(
            matches,
            statistic,
            n_resamples=resamples,
            batch=500,
            vectorized=True,
            confidence_level=confidence,
            method="percentile",
            rng=np.random.default_rng(seed),
        )

    own = boot(lambda i, axis=-1: _spreads(wins, i))
    lo, hi = float(own.confidence_interval.low), float(own.confidence_interval.high)
    if base is None:
        return lo, hi, np.nan, np.nan, np.nan, np.nan
    paired = boot(lambda i, axis=-1: _spreads(wins, i) - _spreads(base, i))
    diffs = paired.bootstrap_distribution
    # two-sided bootstrap p value, never below 2 / (resamples + 1)
    below, above = int((diffs <= 0).sum()), int((diffs >= 0).sum())
    p = min(1.0, 2 * (min(below, above) + 1) / (resamples + 1))
    ci = paired.confidence_interval
    return lo, hi, _spread(wins) - _spread(base), float(ci.low), float(ci.high), p


def _estimate(x: np.ndarray, binary: bool, confidence: float, plays: int = 1) -> tuple[float, float, float]:
    """Estimate and interval of a per-match measure; ``plays``: games per match a binary measure averages."""
    n = x.size
    if binary:
        k = np.rint(x * plays)  # the games of each match the event happened in
        lo, hi, _ = clustered_proportion_ci(k.sum(), n * plays, n, (k * k).sum(), (k * plays).sum(), n * plays * plays)
        return float(x.mean()), float(lo), float(hi)
    lo, hi = mean_ci(x.mean(), x.std(ddof=1), n, confidence)
    return float(x.mean()), float(lo), float(hi)


def _paired(x: np.ndarray, base: np.ndarray, confidence: float) -> tuple[float, float, float, float]:
    d = x - base
    if np.all(d == d[0]):  # identical (or constant shift): no spread to test
        return float(d[0]), float(d[0]), float(d[0]), 1.0 if d[0] == 0 else 0.0
    test = stats.ttest_rel(x, base)
    ci = test.confidence_interval(confidence)
    return float(d.mean()), float(ci.low), float(ci.high), float(test.pvalue)


def variant_balance(
    variants: Mapping[str, Rules],
    *,
    matches: int,
    skill_matches: int | None = None,
    seed: SeedLike = None,
    table: StrategyLike = "strongest-fast",
    ladder: Sequence[StrategyLike] = DEFAULT_LADDER,
    baseline: str | None = None,
    confidence: float = 0.95,
    n_jobs: int = 1,
    progress: bool | None = None,
    checkpoint: str | None = None,
) -> VariantBalance:
    """Compare variants on the same matches: skill signal, luck, seat fairness, bidding behaviour.

    Parameters
    ----------
    variants : name -> rules, all for the same number of players.
    matches : matches of the level table per variant.
    skill_matches : matches per rotation of the skill ladder (default
        ``matches // players``; 0 skips the skill measures).
    table : the strategy of every seat at the level table.
    ladder : strategies strongest first; the first ``players`` sit at the
        skill table, rotated through the seats.
    baseline : the variant the others are compared with (default the first).

    Examples
    --------
    >>> import ohhell
    >>> from dataclasses import replace
    >>> from ohhell.rules import Harsh, Scoring
    >>> bb = ohhell.boerenbridge(4)
    >>> harsh = replace(bb, scoring=Scoring(made=bb.scoring.made, miss=Harsh()))
    >>> vb = variant_balance({"standard": bb, "harsh": harsh}, matches=40, skill_matches=0, seed=1)
    >>> vb.measures.query("measure == 'made_rate'")[["variant", "n"]].to_numpy().tolist()
    [['standard', 40], ['harsh', 40]]
    """
    if not variants:
        raise ValueError("give at least one variant")
    counts = {name: r.players for name, r in variants.items()}
    if len(set(counts.values())) != 1:
        raise ValueError(f"variants must seat the same number of players, got {counts}")
    if matches < 2:
        raise ValueError(f"matches must be at least 2, got {matches}")
    players = next(iter(counts.values()))
    base_name = baseline if baseline is not None else next(iter(variants))
    if base_name not in variants:
        raise ValueError(f"baseline {base_name!r} is not one of the variants {list(variants)}")
    skill_n = matches // players if skill_matches is None else skill_matches
    if skill_n and len(ladder) < players:
        raise ValueError(f"the ladder needs at least {players} strategies, got {len(ladder)}")
    climbers = [resolve(s) for s in ladder[:players]]
    labels = [label_of(s) for s in ladder[:players]]
    strength = np.array([-labels.index(x) for x in labels], dtype=np.float64)  # equal strategies, equal strength
    if skill_n and (len(set(labels)) < 2 or labels.count(labels[0]) > 1):
        raise ValueError(f"the ladder's first {players} strategies need a single strongest and another: {labels}")
    ss = study_seed(seed)
    level_seed, skill_seed, boot_seed = ss.spawn(3)
    options: dict[str, Any] = {"n_jobs": n_jobs, "progress": progress}
    units: dict[str, dict[str, np.ndarray]] = {}  # per variant, measure: one value per match
    wins: dict[str, np.ndarray] = {}
    for name, rules in variants.items():
        seats, _ = seating(rules, table)
        res = simulate(
            rules,
            seats,
            matches=matches,
            seed=level_seed,
            checkpoint=sub_checkpoint(checkpoint, name, "level"),
            **options,
        )
        assert res.deals is not None and res.matches is not None
        level, wins[name] = _level_units(rules, res.deals, res.matches)
        units[name] = {k: level[k].to_numpy() for k in level.columns}
        if skill_n:
            rotated = []
            for rotation in range(players):
                seat_strats = [climbers[(s - rotation) % players] for s in range(players)]
                r = simulate(
                    rules,
                    seat_strats,
                    matches=skill_n,
                    seed=skill_seed,
                    checkpoint=sub_checkpoint(checkpoint, name, f"skill-{rotation}"),
                    **options,
                )
                assert r.matches is not None
                rotated.append(r.matches)
            skill = _skill_units(rotated, strength)
            units[name].update({k: skill[k].to_numpy() for k in skill.columns})
    rows = []
    for name in variants:
        for measure, (description, binary) in MEASURES.items():
            row: dict[str, Any] = {"variant": name, "measure": measure, "description": description}
            if measure == "seat_win_spread":
                base = None if name == base_name else wins[base_name]
                # resamples drawn from the variant's own stream: its interval does not depend on the list's order
                own_seed = int(
                    np.random.SeedSequence([*boot_seed.generate_state(4), zlib.crc32(name.encode())]).generate_state(
                        1, np.uint64
                    )[0]
                )
                lo, hi, d, dlo, dhi, p = _bootstrap_spread(wins[name], base, confidence, own_seed)
                row |= {"n": wins[name].shape[0], "estimate": _spread(wins[name]), "lo": lo, "hi": hi}
                row |= {"diff": d, "diff_lo": dlo, "diff_hi": dhi, "p_value": p}
            elif measure in units[name]:
                x = units[name][measure]
                plays = players if measure in _SKILL else 1
                est, lo, hi = _estimate(x, binary, confidence, plays)
                row |= {"n": x.size, "estimate": est, "lo": lo, "hi": hi}
                if name == base_name:
                    row |= {"diff": np.nan, "diff_lo": np.nan, "diff_hi": np.nan, "p_value": np.nan}
                else:
                    d, dlo, dhi, p = _paired(x, units[base_name][measure], confidence)
                    row |= {"diff": d, "diff_lo": dlo, "diff_hi": dhi, "p_value": p}
            else:
                continue
            row["plays"] = row["n"] * (players if measure in _SKILL else 1)
            rows.append(row)
    seat_frames = []
    for name, w in wins.items():
        seat_counts = pd.DataFrame(
            {"seat_from_first_dealer": np.arange(players), "n": w.shape[0], "wins": w.sum(axis=0)}
        )
        seat_wins, equal_seats = win_table(seat_counts, players, confidence)
        seat_frames.append(seat_wins.drop(columns="fair").assign(p_equal_seats=equal_seats["p_value"], variant=name))
    by_seat = pd.concat(seat_frames, ignore_index=True)
    by_seat = by_seat[["variant", *by_seat.columns.drop("variant")]]
    measures = pd.DataFrame(rows)
    measures["p_holm"] = holm(measures["p_value"].to_numpy(dtype=np.float64))
    meta = study_meta(
        "variant_balance",
        ss,
        variants={k: repr(v) for k, v in variants.items()},
        baseline=base_name,
        players=players,
        table=label_of(table),
        ladder=[label_of(s) for s in ladder[:players]],
        matches=matches,
        skill_matches=skill_n,
    )
    measures.attrs.update(meta)
    return VariantBalance(measures, by_seat, meta)
