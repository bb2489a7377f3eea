"""Bid tables: what to bid with which hand, standard and harsh scoring side by side.

For one or more hand sizes, :func:`bid_tables` simulates deals of exactly
that many cards under a variant with one strategy in every seat, groups the
hands into buckets of features (by default the number of trumps, of trump
aces and kings, and of side aces), and for each bucket and each score table
gives the bid with the highest expected score, that expectation, and how
often such a hand takes exactly that many tricks, with a Wilson interval
clustered by deal (the hands of one deal are not independent: two seats cannot
both take the one trick of a 1-card round; see
:func:`ohhell.stats.intervals.clustered_proportion_ci`).

The trick distribution of a bucket is that of the players at the table, each
playing to the bid it made itself (not to the table's best bid), and the same
distribution is scored under every score table: the tables differ only in
how they score those tricks, not in how the hands were played.

:func:`wide` pivots the long frame to one row per bucket with one column per
(value, scoring); :mod:`ohhell.studies.cheat_sheet` prints it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

import numpy as np
import pandas as pd

from ohhell.cards import Suit
from ohhell.engine import Strategy
from ohhell.rules import (
    DrawTrump,
    ExactBonus,
    FixedHands,
    FixedRotation,
    Harsh,
    MissScoresTricks,
    MissZero,
    NoTrump,
    Rules,
    RulesError,
    Scoring,
    SetesdalTrump,
    TurnUpTrump,
)
from ohhell.rules.trump import TrumpPlan, TrumpPolicy
from ohhell.sim import simulate
from ohhell.sim.frames import FEATURES
from ohhell.stats import bid_table
from ohhell.stats.intervals import clustered_proportion_ci
from ohhell.stats.tables import cluster_counts
from ohhell.studies.common import resolve, study_meta, study_seed

__all__ = [
    "bid_tables",
    "default_scorings",
    "describe_scoring",
    "deal_rules",
    "trump_for",
    "wide",
    "bucket_columns",
    "trick_columns",
    "BUCKET_COLUMNS",
    "DEFAULT_BY",
]

#: The default buckets: trumps held, trump aces and kings, aces of other suits.
DEFAULT_BY: tuple[str, ...] = ("trumps", "top_trumps", "side_aces")

#: Columns of the deals frame a bid table may be bucketed by.
BUCKET_COLUMNS: tuple[str, ...] = (*FEATURES, "no_trump", "trump", "seat_from_dealer", "bids_before")


def default_scorings(rules: Rules) -> dict[str, Scoring]:
    """``standard``: the rules' own score table; ``harsh``: the same made bids, a miss costs 1 per trick off.

    The Boer consolation is left out of both: a bid table scores one hand.

    Examples
    --------
    >>> import ohhell
    >>> s = default_scorings(ohhell.boerenbridge(4))
    >>> s["standard"].table(2).tolist(), s["harsh"].table(2).tolist()
    ([[10, 0, 0], [0, 12, 0], [0, 0, 14]], [[10, -1, -2], [-1, 12, -1], [-2, -1, 14]])
    """
    own = rules.scoring
    return {
        "standard": replace(own, consolation=None),
        "harsh": Scoring(made=own.made, miss=Harsh(), made_zero=own.made_zero),
    }


def describe_scoring(scoring: Scoring) -> str:
    """A short description of a score table, for legends.

    Examples
    --------
    >>> import ohhell
    >>> describe_scoring(default_scorings(ohhell.boerenbridge(4))["harsh"])
    'made: 10 + 2 per trick; missed: -1 per trick off'
    """
    made = scoring.made
    text = f"made: {made.base} + {made.per_trick} per trick" if isinstance(made, ExactBonus) else f"made: {made!r}"
    if scoring.made_zero is not None:
        text += f" (a made 0: {scoring.made_zero})"
    miss = scoring.miss
    if isinstance(miss, MissZero):
        text += "; missed: 0"
    elif isinstance(miss, Harsh):
        text += f"; missed: -{miss.factor} per trick off"
    elif isinstance(miss, MissScoresTricks):
        text += "; missed: the tricks taken"
    else:
        text += f"; missed: {miss!r}"
    return text


def _policy_of(plan: TrumpPlan) -> TrumpPolicy:
    if plan.source == "turn-up":
        return TurnUpTrump()
    if plan.source == "fixed" and plan.suit is not None:
        return FixedRotation(order=(plan.suit,), no_trump_first=0, no_trump_last=0)
    if plan.source == "first-round":
        # round 1's trump again: a suit everyone knows, no card of the deck out of play
        return FixedRotation(order=(Suit.SPADES,), no_trump_first=0, no_trump_last=0)
    if plan.source == "draw":
        return DrawTrump(plain_only=plan.plain_only)
    if plan.source == "setesdal":
        return SetesdalTrump()
    return NoTrump()


def trump_for(rules: Rules, hand_size: int) -> TrumpPolicy:
    """The trump a study deal of ``hand_size`` cards is played with: as the rules play that hand size.

    The first round of the schedule with ``hand_size`` cards and a trump
    decides (a hand size outside the schedule: its first round with a trump);
    no trump if every such round is played without.  A fixed suit or round 1's
    suit becomes a suit known before the deal (spades, any suit being alike),
    a card turned up stays a card turned up.

    Examples
    --------
    >>> import ohhell
    >>> trump_for(ohhell.boerenbridge(4), 5)
    TurnUpTrump()
    >>> trump_for(ohhell.bondebridge(4), 2), trump_for(ohhell.bondebridge(4), 5).order
    (NoTrump(), (<Suit.DIAMONDS: 1>,))
    """
    plans = rules.trump_plans
    sizes = rules.hand_sizes
    candidates = [p for h, p in zip(sizes, plans) if h == hand_size] or list(plans)
    with_trump = [p for p in candidates if p.source != "none"]
    return _policy_of(with_trump[0]) if with_trump else NoTrump()


def deal_rules(rules: Rules, hand_size: int, trump: TrumpPolicy | None = None) -> Rules:
    """``rules`` with every deal ``hand_size`` cards and the trump of :func:`trump_for` (or ``trump``).

    Raises ValueError when the hand size does not fit the deck for the players.

    Examples
    --------
    >>> import ohhell
    >>> deal_rules(ohhell.boerenbridge(4), 3).hand_sizes
    (3,)
    >>> deal_rules(ohhell.boerenbridge(4), 14)
    Traceback (most recent call last):
    ...
    ValueError: hand size 14 does not fit boerenbridge for 4 players: round 1: 4 players x 14 cards ...
    """
    hand_size = _whole(hand_size, "hand size", 1)
    policy = trump_for(rules, hand_size) if trump is None else trump
    try:
        return replace(rules, schedule=FixedHands(size=hand_size, rounds=1), trump=policy)
    except RulesError as exc:
        raise ValueError(f"hand size {hand_size} does not fit {rules.name} for {rules.players} players: {exc}") from exc


def trick_columns(frame: pd.DataFrame) -> list[str]:
    """The ``p_tricks_*`` columns of a bid table frame, in order of tricks."""
    cols = [c for c in frame.columns if isinstance(c, str) and c.startswith("p_tricks_")]
    return sorted(cols, key=lambda c: int(c.removeprefix("p_tricks_")))


def bucket_columns(frame: pd.DataFrame) -> list[str]:
    """The bucket (feature) columns of a bid table frame: ``attrs["by"]``, else those before ``hands``."""
    by = frame.attrs.get("by")
    if by:
        return [str(c) for c in by]
    cols = [str(c) for c in frame.columns]
    if "hands" not in cols:
        raise ValueError("not a bid table frame: no 'hands' column")
    return [c for c in cols[: cols.index("hands")] if c not in ("scoring", "hand_size")]


def _whole(value: object, name: str, minimum: int) -> int:
    """``value`` as an int (numpy integers too) if it is a whole number >= ``minimum``, else ValueError."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)) or value < minimum:
        raise ValueError(f"{name} must be a whole number >= {minimum}, got {value!r}")
    return int(value)


def _hand_sizes(hand_size: int | np.integer[Any] | Sequence[int]) -> list[int]:
    raw = [hand_size] if isinstance(hand_size, (int, np.integer)) else list(hand_size)
    if not raw:
        raise ValueError("give at least one hand size")
    sizes = [_whole(k, "hand sizes", 1) for k in raw]
    if len(set(sizes)) != len(sizes):
        raise ValueError(f"hand sizes repeat: {sizes}")
    return sizes


def _check_by(by: Sequence[str]) -> list[str]:
    if isinstance(by, str):
        by = [by]
    cols = list(by)
    if not cols:
        raise ValueError(f"bucket by at least one column of: {', '.join(BUCKET_COLUMNS)}")
    unknown = [c for c in cols if c not in BUCKET_COLUMNS]
    if unknown:
        raise ValueError(f"cannot bucket hands by {unknown}; choose from {', '.join(BUCKET_COLUMNS)}")
    if len(set(cols)) != len(cols):
        raise ValueError(f"bucket columns repeat: {cols}")
    return cols


def _check_scorings(scorings: Mapping[str, Scoring]) -> dict[str, Scoring]:
    tables = dict(scorings)
    if not tables:
        raise ValueError("give at least one scoring")
    for name, s in tables.items():
        if not isinstance(name, str) or not name.strip():
            raise ValueError(f"scoring names must be non-empty strings, got {name!r}")
        if not isinstance(s, Scoring):
            raise ValueError(f"scoring {name!r} must be an ohhell.rules.Scoring, got {s!r}")
    return tables


def bid_tables(
    rules: Rules,
    strategy: str | Strategy = "strongest-fast",
    *,
    hand_size: int | np.integer[Any] | Sequence[int],
    deals: int,
    seed: int,
    by: Sequence[str] = DEFAULT_BY,
    scorings: Mapping[str, Scoring] | None = None,
    n_jobs: int = 1,
    progress: bool = False,
    min_hands: int = 30,
    trump: TrumpPolicy | None = None,
) -> pd.DataFrame:
    """Bid tables for ``rules`` under several score tables, in one long frame.

    Parameters
    ----------
    rules : the variant: deck, players, bidding, restriction and trump.
    strategy : the player in every seat, by name (default ``"strongest-fast"``;
        ``"ev"``, ``"folk"``..., see :mod:`ohhell.strategies.registry`) or as
        a strategy.
    hand_size : cards per hand, or several hand sizes (one simulation each,
        every one with the same ``seed``).
    deals : deals simulated per hand size (each gives one hand per seat).
    seed : the seed of every simulation.
    by : the bucket columns (:data:`BUCKET_COLUMNS`; default :data:`DEFAULT_BY`).
    scorings : score tables by name (default :func:`default_scorings`:
        ``standard`` and ``harsh``).
    n_jobs, progress : as for :func:`ohhell.simulate` (``n_jobs`` never
        changes the result).
    min_hands : buckets with fewer hands are left out.
    trump : the trump policy of the deals (default :func:`trump_for`: as the
        rules play that hand size; give ``NoTrump()`` for tables without trump).

    Every deal has ``hand_size`` cards (the rules with ``FixedHands(size=hand_size,
    rounds=1)`` and that trump); the dealer moves one seat each deal, so every
    seat is bid from equally often and the buckets mix bidding positions
    (add ``seat_from_dealer`` to ``by`` to split them).  The tricks a bucket
    takes are those of the strategy playing to the bid it made itself, and the
    one trick distribution is scored under every table: ``best_bid`` is the
    best answer to how such hands play out, not a bid the strategy made.
    It ignores the bidding restriction (the hooked dealer may not be allowed it).

    Returns one row per scoring, hand size and bucket: ``scoring``,
    ``hand_size``, the bucket columns, ``hands``, ``p_tricks_0 ..
    p_tricks_H`` (share of the bucket's hands taking that many tricks; H the
    largest hand size, shares of impossible counts 0), ``best_bid``,
    ``expected_score`` (of the best bid), ``success`` (share taking exactly
    the best bid), ``successes`` (their count), ``success_lo``/``success_hi``
    (its 95% Wilson interval, clustered by deal) and ``design_effect`` (that
    interval's variance against independent hands; 1: no two hands of a deal
    in the bucket).  ``hands`` and the shares are the same under
    every scoring.  ``attrs`` records the study, seed (and its entropy), ohhell version, rules,
    strategy, deals, buckets, scorings (``repr`` and described) and trump.

    Examples
    --------
    >>> import ohhell
    >>> t = bid_tables(ohhell.boerenbridge(4), "folk", hand_size=2, deals=500, seed=1, by=["trumps"])
    >>> list(t.columns)  # doctest: +NORMALIZE_WHITESPACE
    ['scoring', 'hand_size', 'trumps', 'hands', 'p_tricks_0', 'p_tricks_1', 'p_tricks_2', 'best_bid',
     'expected_score', 'success', 'successes', 'success_lo', 'success_hi', 'design_effect']
    >>> t["scoring"].unique().tolist(), t.attrs["seed"], t.attrs["strategy"]
    (['standard', 'harsh'], 1, 'folk')
    """
    sizes = _hand_sizes(hand_size)
    cols = _check_by(by)
    deals = _whole(deals, "deals", 1)
    seed = _whole(seed, "seed", 0)
    min_hands = _whole(min_hands, "min_hands", 1)
    tables = _check_scorings(default_scorings(rules) if scorings is None else scorings)
    player = resolve(strategy)
    if not isinstance(player, Strategy):
        raise TypeError(f"strategy must be a name or an ohhell Strategy, got {strategy!r}")
    deal_rules_by_size = {k: deal_rules(rules, k, trump) for k in sizes}  # every size checked before simulating
    largest = max(sizes)
    parts: list[pd.DataFrame] = []
    for k, k_rules in deal_rules_by_size.items():
        result = simulate(k_rules, player, deals=deals, seed=seed, n_jobs=n_jobs, progress=progress, features=True)
        for name, scoring in tables.items():
            part = bid_table(result, cols, k, scoring, min_hands=min_hands)
            part = _with_success_ci(part, result.deals, cols)
            part.insert(0, "hand_size", k)
            part.insert(0, "scoring", name)
            parts.append(part)
    frame = pd.concat(parts, ignore_index=True)
    shares = [f"p_tricks_{t}" for t in range(largest + 1)]
    frame[shares] = frame.reindex(columns=shares).fillna(0.0).astype(np.float64)
    frame["hand_size"] = frame["hand_size"].astype(np.int64)
    frame["hands"] = frame["hands"].astype(np.int64)
    frame["best_bid"] = frame["best_bid"].astype(np.int64)
    frame["successes"] = frame["successes"].astype(np.int64)
    order = [
        "scoring",
        "hand_size",
        *cols,
        "hands",
        *shares,
        "best_bid",
        "expected_score",
        "success",
        "successes",
        "success_lo",
        "success_hi",
        "design_effect",
    ]
    frame = frame.reindex(columns=order)
    frame.attrs.update(
        study_meta(
            "bid_tables",
            study_seed(seed),
            seed=seed,
            rules_name=rules.name,
            players=rules.players,
            rules=repr(rules),
            strategy=strategy if isinstance(strategy, str) else repr(strategy),
            hand_sizes=sizes,
            deals=deals,
            by=cols,
            min_hands=min_hands,
            scorings={name: repr(s) for name, s in tables.items()},
            scoring_rules={name: describe_scoring(s) for name, s in tables.items()},
            trump={k: repr(r.trump) for k, r in deal_rules_by_size.items()},
        )
    )
    return frame


def _with_success_ci(part: pd.DataFrame, rows: pd.DataFrame | None, cols: list[str]) -> pd.DataFrame:
    """``part`` with ``successes`` and its interval clustered by deal: each hand scores 1 if it took the best bid."""
    if rows is None:
        raise ValueError("bid tables need per-deal rows")
    empty = {"successes": np.empty(0, np.int64), "success_lo": np.empty(0), "success_hi": np.empty(0)}
    if part.empty:
        return part.assign(**empty, design_effect=np.empty(0))
    best = part[[*cols, "best_bid"]]
    hands = rows[[*cols, "unit", "tricks"]].merge(best, on=cols, how="inner")
    hands = hands.assign(hit=hands["tricks"] == hands["best_bid"])
    c = cluster_counts(hands, cols, "unit", value="hit")
    c = part[cols].merge(c, on=cols, how="left", validate="one_to_one")
    lo, hi, deff = clustered_proportion_ci(c["made"], c["n"], c["units"], c["sum_k2"], c["sum_km"], c["sum_m2"])
    return part.assign(successes=c["made"].to_numpy(dtype=np.int64), success_lo=lo, success_hi=hi, design_effect=deff)


def wide(frame: pd.DataFrame, values: Sequence[str] = ("best_bid", "success", "expected_score")) -> pd.DataFrame:
    """One row per hand size and bucket, with ``hands`` and a ``{value}_{scoring}`` column per value and scoring.

    Scorings come in the order of ``attrs["scorings"]`` (else of first appearance).

    Examples
    --------
    >>> import ohhell
    >>> t = bid_tables(ohhell.boerenbridge(4), "folk", hand_size=2, deals=500, seed=1, by=["trumps"])
    >>> list(wide(t, values=["best_bid"]).columns)
    ['hand_size', 'trumps', 'hands', 'best_bid_standard', 'best_bid_harsh']
    """
    keys = ["hand_size", *bucket_columns(frame)]
    missing = [c for c in [*keys, "scoring", "hands", *values] if c not in frame.columns]
    if missing:
        raise ValueError(f"not a bid table frame: no column {missing}")
    names = list(frame.attrs.get("scorings") or dict.fromkeys(frame["scoring"]))
    names = [n for n in names if (frame["scoring"] == n).any()]
    out = frame[[*keys, "hands"]].drop_duplicates(subset=keys).set_index(keys)
    for name in names:
        part = frame[frame["scoring"] == name].set_index(keys)[list(values)]
        out = out.join(part.rename(columns={v: f"{v}_{name}" for v in values}), how="outer")
    out = out.reset_index().sort_values(keys, kind="stable").reset_index(drop=True)
    out.attrs.update(frame.attrs)
    return out
