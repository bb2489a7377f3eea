"""The folk tips on trial: every tip in the rule sources as a claim, tested with numbers.

Two kinds of claim:

- **a tip as a habit** ("count trump ace and king first", "bid low when
  unsure", "once you have missed, spoil the others: it costs nothing"): a
  duplicate tournament of the folk player against the same player with that
  one tip switched off (two of each, alternating, every deal replayed with
  the seating rotated).  The number is the score per deal with the tip minus
  without, with its paired interval over deals;
- **a tip as a fact about hands** ("in a 1-card round bid 1 with a trump or
  an ace", "bid 0 with a card below a ten of a side suit", "with one ace and
  one trump in five cards, 2 is realistic", "bid zero with a hand of sevens
  to nines and no trump"): the share of such hands that take the tricks the
  tip says, from simulated deals (Wilson interval clustered by deal: the
  hands of one deal are not independent), against the break-even share at
  which that bid beats the alternative under the rules' scoring.

Verdicts: ``supported`` when the interval lies on the tip's side of its
threshold, ``refuted`` when it lies on the other side, ``not shown`` when it
straddles it; ``no effect`` when switching the tip off changes no decision
at all under those rules (for example watching the bids under simultaneous
bidding).  "It costs nothing" is a claim of equivalence, tested with two
one-sided t tests against a margin fixed in advance,
:data:`COSTS_NOTHING_MARGIN` points per deal: ``equivalent within +/-M`` when
the test shows the difference inside the margin, ``costs`` (``gains``) when
the interval lies below (above) 0 and equivalence is not shown, else ``not
shown``.  An interval that merely reaches 0 shows nothing.

Each claim's test has a p value (``p_value``); ``p_holm`` adjusts them for
the number of claims tested together (Holm), and ``verdict_holm`` keeps a
verdict only where the adjusted p value is below ``1 - confidence``.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal

import numpy as np
import pandas as pd
from scipy import stats

from ohhell.engine import SeedLike
from ohhell.rules import FixedHands, Rules, preset
from ohhell.sim import simulate
from ohhell.stats.intervals import clustered_proportion_ci, equivalence_test, paired_diff_ci
from ohhell.stats.multiple import holm
from ohhell.stats.tables import cluster_counts
from ohhell.strategies import Folk, Spoiler
from ohhell.studies.common import StrategyLike, label_of, seating, study_meta, study_seed
from ohhell.tournament import tournament

__all__ = ["folk_tips", "holm_verdicts", "with_claim_columns", "Claim", "CLAIMS", "COSTS_NOTHING_MARGIN", "VERDICTS"]

Kind = Literal["habit", "hands"]

#: "It costs nothing" means: with the tip minus without lies within this many points per deal of 0
#: (two one-sided tests).  A seat scores 4.6 to 6.4 points a deal at these tables; 0.05 is under 1% of
#: that, a ninth of the largest habit measured, and 0.75 points over a 15-round match.
COSTS_NOTHING_MARGIN = 0.05

#: Every verdict a claim can get.
VERDICTS: tuple[str, ...] = (
    "supported",
    "refuted",
    "not shown",
    "no effect",
    f"equivalent within +/-{COSTS_NOTHING_MARGIN:g}",
    "costs",
    "gains",
)

#: Ranks ten to ace of every suit (bits ``suit * 13 + rank - 2``).
_HIGH = sum(0x1F00 << (13 * s) for s in range(4))
_ACES = sum(1 << (13 * s + 12) for s in range(4))


@dataclass(frozen=True, slots=True)
class Claim:
    """One tip as a testable claim.

    ``habit`` claims name the folk tip switched off (``tip``; ``"spoil"`` is the
    Spoiler against plain folk).  ``hands`` claims select hands of
    ``hand_size`` cards with ``select(rows)`` and claim the share taking
    ``tricks`` tricks is above (``direction`` +1) or below (-1) the break-even
    share of bidding ``bid`` instead of ``alternative``.
    """

    key: str
    source: str
    text: str
    kind: Kind
    rules: str
    tip: str = ""
    hand_size: int = 0
    bid: int = 0
    alternative: int = 0
    direction: int = 1
    select: Callable[[pd.DataFrame], pd.Series] | None = None
    costs_nothing: bool = False

    @property
    def side(self) -> int:
        """+1 when the claim says its number lies above the threshold, -1 below (a habit: +1, a gain):
        the frame's ``direction``."""
        return self.direction if self.kind == "hands" else 1


def _trump_or_ace(rows: pd.DataFrame) -> pd.Series:
    return (rows["trumps"] > 0) | (rows["side_aces"] > 0)


def _low_side_card(rows: pd.DataFrame) -> pd.Series:
    return (rows["trumps"] == 0) & ((rows["hand"] & _HIGH) == 0)


def _ace_and_trump(rows: pd.DataFrame) -> pd.Series:
    return (rows["trumps"] == 1) & (rows["side_aces"] == 1)


def _side_ace(rows: pd.DataFrame) -> pd.Series:
    return (rows["trumps"] == 0) & (rows["side_aces"] > 0)


def _weak_hand(rows: pd.DataFrame) -> pd.Series:
    low = sum(0x0E0 << (13 * s) for s in range(4))  # sevens, eights, nines
    return (rows["trumps"] == 0) & ((rows["hand"] & ~low) == 0)


#: Every tip in the rule sources (Boerenbridge's English page, the Norwegian summary).
CLAIMS: tuple[Claim, ...] = (
    Claim(
        "one_card_trump_or_ace",
        "boerenbridge",
        "In a 1-card round bid 1 if you have a trump or an ace.",
        "hands",
        "boerenbridge",
        hand_size=1,
        bid=1,
        alternative=0,
        direction=1,
        select=_trump_or_ace,
    ),
    Claim(
        "one_card_side_ace",
        "boerenbridge",
        "In a 1-card round bid 1 if you have an ace (of a side suit: the tip's 'or an ace' on its own).",
        "hands",
        "boerenbridge",
        hand_size=1,
        bid=1,
        alternative=0,
        direction=1,
        select=_side_ace,
    ),
    Claim(
        "one_card_low_side_card",
        "boerenbridge",
        "In a 1-card round bid 0 if your card is below a ten of a side suit.",
        "hands",
        "boerenbridge",
        hand_size=1,
        bid=1,
        alternative=0,
        direction=-1,
        select=_low_side_card,
    ),
    Claim(
        "five_cards_ace_and_trump",
        "boerenbridge",
        "In a 5-card hand with one ace and one trump, a bid of 2 is realistic (rather than 1): one side ace and"
        " exactly one trump.",
        "hands",
        "boerenbridge",
        hand_size=5,
        bid=2,
        alternative=1,
        direction=1,
        select=_ace_and_trump,
    ),
    Claim(
        "weak_hand_bids_zero",
        "boerenbridge",
        "Bid zero with a weak hand: only sevens to nines and no trump (3 cards) make 0 rather than 1.",
        "hands",
        "boerenbridge",
        hand_size=3,
        bid=0,
        alternative=1,
        direction=1,
        select=_weak_hand,
    ),
    Claim(
        "count_top_trumps",
        "bondebridge",
        "Count the trump ace and king first.",
        "habit",
        "bondebridge",
        tip="count_top_trumps",
    ),
    Claim(
        "no_trump_high_cards",
        "bondebridge",
        "In no-trump rounds only high cards and length count.",
        "habit",
        "bondebridge",
        tip="no_trump_high_cards",
    ),
    Claim("bid_low", "bondebridge", "Bid low when unsure.", "habit", "bondebridge", tip="bid_low"),
    Claim(
        "watch_the_field",
        "bondebridge",
        "Watch whether the round is over- or under-bid.",
        "habit",
        "bondebridge",
        tip="watch_the_field",
    ),
    Claim(
        "zero_bid_shed",
        "bondebridge",
        "With a 0 bid, get rid of high cards early.",
        "habit",
        "bondebridge",
        tip="zero_bid_shed",
    ),
    Claim(
        "spoil",
        "bondebridge",
        "Once you have missed, spoil the others: it costs nothing.",
        "habit",
        "bondebridge",
        tip="spoil",
        costs_nothing=True,
    ),
    Claim(
        "watch_the_bids",
        "boerenbridge",
        "Watch the other bids: as dealer, bid the orphaned trick.",
        "habit",
        "boerenbridge",
        tip="watch_the_field",
    ),
    Claim(
        "dealer_backup", "boerenbridge", "Dealer: plan alternate bids.", "habit", "boerenbridge", tip="dealer_backup"
    ),
    Claim(
        "protect_bid",
        "boerenbridge",
        "Protect your bid: once made, lose the rest; one short, press for it.",
        "habit",
        "boerenbridge",
        tip="protect_bid",
    ),
    Claim(
        "small_rounds",
        "boerenbridge",
        "Small-hand rounds are about the trump: bid by the trump and the aces.",
        "habit",
        "boerenbridge",
        tip="small_rounds",
    ),
    Claim(
        "track_trumps",
        "boerenbridge",
        "Track trumps played; once they are gone, cash side aces.",
        "habit",
        "boerenbridge",
        tip="track_trumps",
    ),
)


def claim_seed(ss: np.random.SeedSequence, key: str) -> np.random.SeedSequence:
    """The seed of one claim: a child of the study's seed named by the claim, whatever else is tested."""
    return np.random.SeedSequence(ss.entropy, spawn_key=(*ss.spawn_key, zlib.crc32(key.encode())))


def _verdict(
    lo: float, hi: float, threshold: float, direction: int, costs_nothing: bool, equivalent: bool = False
) -> str:
    """The verdict from the interval; ``equivalent``: the two one-sided tests showed the margin (costs nothing)."""
    if lo == hi == threshold == 0.0:
        return "no effect"  # the switch changes no decision under these rules
    if costs_nothing:
        if equivalent:
            return f"equivalent within +/-{COSTS_NOTHING_MARGIN:g}"
        if hi < threshold:
            return "costs"
        if lo > threshold:
            return "gains"
        return "not shown"
    above, below = lo > threshold, hi < threshold
    if (above and direction > 0) or (below and direction < 0):
        return "supported"
    if above or below:
        return "refuted"
    return "not shown"


def _habit(
    claim: Claim, rules: Rules, deals: int, seed: SeedLike, confidence: float, options: dict[str, Any]
) -> dict[str, Any]:
    with_tip = Spoiler(inner=Folk()) if claim.tip == "spoil" else Folk()
    without = Folk() if claim.tip == "spoil" else Folk().without(claim.tip)
    table = {"with": with_tip, "without": without, "with 2": with_tip, "without 2": without}
    players = rules.players
    seats = dict(list(table.items())[:players]) if players <= 4 else None
    if seats is None or len(seats) < 2:
        raise ValueError(f"habit claims are played at 2 to 4 seats, not {players}")
    t = tournament(rules, seats, deals=deals, seed=seed, **options)
    rows = t.deals.assign(side=t.deals["player"].astype(str).str.split(" ").str[0])
    per_deal = rows.groupby(["unit", "side"])["score"].mean().unstack()
    x, y = per_deal["with"].to_numpy(), per_deal["without"].to_numpy()
    d, lo, hi = paired_diff_ci(x, y, confidence)
    constant = bool(np.all(x - y == (x - y)[0]))
    margin, equivalent = np.nan, False
    if claim.costs_nothing:
        test = equivalence_test(x, y, COSTS_NOTHING_MARGIN, alpha=1 - confidence)
        margin, p_value, equivalent = COSTS_NOTHING_MARGIN, test.p_value, test.p_value < 1 - confidence
    elif constant:
        p_value = 1.0 if d == 0 else 0.0
    else:
        p_value = float(stats.ttest_rel(x, y).pvalue)
    if constant and d == 0:
        p_value = np.nan  # no decision changes: nothing to test
    return {
        "measure": "score per deal, with the tip minus without",
        "n": len(per_deal),
        "estimate": d,
        "lo": lo,
        "hi": hi,
        "threshold": 0.0,
        "with": float(per_deal["with"].mean()),
        "without": float(per_deal["without"].mean()),
        "margin": margin,
        "p_value": float(p_value),
        "design_effect": np.nan,
        "_equivalent": equivalent,
    }


def _hands(
    claim: Claim,
    rules: Rules,
    table: StrategyLike,
    deals: int,
    seed: SeedLike,
    confidence: float,
    options: dict[str, Any],
) -> dict[str, Any]:
    one_size = replace(rules, schedule=FixedHands(size=claim.hand_size, rounds=1))
    seats, _ = seating(one_size, table)
    res = simulate(one_size, seats, deals=deals, seed=seed, features=True, **options)
    assert res.deals is not None and claim.select is not None
    rows = res.deals[claim.select(res.deals).to_numpy()]
    n = len(rows)
    if n == 0:
        raise ValueError(f"no hand of {claim.key!r} in {deals} deals: simulate more")
    hits = rows[["unit"]].assign(hit=rows["tricks"] == claim.bid)
    c = cluster_counts(hits, (), "unit", value="hit").iloc[0]
    took = int(c["made"])
    lo, hi, deff = clustered_proportion_ci(
        took, n, c["units"], c["sum_k2"], c["sum_km"], c["sum_m2"], confidence=confidence
    )
    table_scores = rules.scoring.table(claim.hand_size).astype(np.float64)  # [bid, tricks]
    # share p taking `bid` tricks at which bidding `bid` and `alternative` score the same, the other
    # tricks spread as observed among those hands
    p_other = rows["tricks"].value_counts(normalize=True).reindex(range(claim.hand_size + 1), fill_value=0.0)
    rest = p_other.drop(claim.bid)
    rest = rest / rest.sum() if rest.sum() > 0 else rest
    gain_hit = table_scores[claim.bid, claim.bid] - table_scores[claim.alternative, claim.bid]
    gain_rest = float(
        sum(rest[t] * (table_scores[claim.bid, t] - table_scores[claim.alternative, t]) for t in rest.index)
    )
    threshold = -gain_rest / (gain_hit - gain_rest) if gain_hit != gain_rest else np.nan
    return {
        "measure": f"share of these hands taking {claim.bid} trick(s) ({claim.hand_size} cards)",
        "n": n,
        "estimate": took / n,
        "lo": float(lo),
        "hi": float(hi),
        "threshold": float(threshold),
        "with": np.nan,
        "without": np.nan,
        "margin": np.nan,
        "p_value": _score_p(took / n, float(threshold), n, float(deff)),
        "design_effect": float(deff),
        "_equivalent": False,
    }


def _score_p(p: float, threshold: float, n: int, deff: float) -> float:
    """Two-sided p of the score test of share = ``threshold`` at the effective size ``n / deff``.

    The test the clustered Wilson interval inverts: ``p < 1 - confidence`` exactly when the
    interval leaves the threshold out.
    """
    if not 0 < threshold < 1 or np.isnan(deff):
        return float("nan")
    if deff == 0:
        return 0.0 if p != threshold else 1.0
    z = (p - threshold) / np.sqrt(threshold * (1 - threshold) * deff / n)
    return float(2 * stats.norm.sf(abs(z)))


def holm_verdicts(frame: pd.DataFrame, confidence: float = 0.95) -> pd.DataFrame:
    """``frame`` (rows of :func:`folk_tips`, from one run or several) with ``p_holm`` and ``verdict_holm``.

    ``p_holm``: each claim's ``p_value`` adjusted by Holm's method over every
    claim in the frame with a p value (claims of no effect have none);
    ``verdict_holm``: the ``verdict`` where ``p_holm`` is below ``1 -
    confidence``, else ``not shown`` (``no effect`` stays).  Rows of a
    costs-nothing claim carry the equivalence test's p value, so they keep
    only an ``equivalent`` verdict.

    Examples
    --------
    >>> t = pd.DataFrame({"p_value": [0.01, 0.04, float("nan")], "verdict": ["supported", "refuted", "no effect"]})
    >>> holm_verdicts(t)[["p_holm", "verdict_holm"]].to_numpy().tolist()
    [[0.02, 'supported'], [0.04, 'refuted'], [nan, 'no effect']]
    """
    adjusted = holm(frame["p_value"].to_numpy(dtype=np.float64))
    keep = (adjusted < 1 - confidence) | (frame["verdict"] == "no effect").to_numpy()
    equivalence_only = frame["verdict"].isin(["costs", "gains"]).to_numpy()  # their p value is the TOST's
    verdict = np.where(keep & ~equivalence_only, frame["verdict"].to_numpy(dtype=object), "not shown")
    return frame.assign(p_holm=adjusted, verdict_holm=verdict)


def with_claim_columns(frame: pd.DataFrame) -> pd.DataFrame:
    """The frame with ``kind`` and ``direction`` filled in where it lacks them (a frame saved before
    :func:`folk_tips` wrote them): from :data:`CLAIMS` by key; a claim not there is a habit (direction
    +1) when it has a ``with`` score, else a hand claim saying "above" (+1)."""
    if {"kind", "direction"} <= set(frame.columns) or "claim" not in frame.columns:
        return frame
    known = {c.key: (c.kind, c.side) for c in CLAIMS}
    has_with = frame["with"].notna() if "with" in frame.columns else pd.Series(True, index=frame.index)
    guess = [known.get(str(k), ("habit" if w else "hands", 1)) for k, w in zip(frame["claim"], has_with)]
    out = frame.copy()
    if "kind" not in out.columns:
        out.insert(list(out.columns).index("claim") + 1, "kind", [k for k, _ in guess])
    if "direction" not in out.columns:
        out.insert(list(out.columns).index("kind") + 1, "direction", [d for _, d in guess])
    return out


def folk_tips(
    *,
    deals: int,
    hand_deals: int | None = None,
    seed: SeedLike = None,
    players: int = 4,
    claims: Sequence[Claim] | Sequence[str] = CLAIMS,
    table: StrategyLike = "folk",
    confidence: float = 0.95,
    n_jobs: int = 1,
    progress: bool | None = None,
) -> pd.DataFrame:
    """Test each claim; one row per claim.

    Parameters
    ----------
    deals : deals per rotation for the habit claims.
    hand_deals : deals for each hand claim (default ``10 * deals``; cheap).
    players : seats at every table (habit claims: 2 to 4).
    claims : the claims (or their keys) to test, default all of :data:`CLAIMS`.
    table : who plays the hand claims' deals (their card play decides the tricks).

    Columns: ``claim`` (key), ``source``, ``text``, ``rules``, ``kind``
    (``hands`` or ``habit``), ``direction`` (+1 when the tip says the share
    lies above break-even, -1 below; habits +1, a gain), ``measure``,
    ``n``, ``estimate``, ``lo``, ``hi``, ``threshold`` (0 for habits, the
    break-even share for hands), ``verdict``, for habits the scores per
    deal ``with`` and ``without`` the tip, and then ``margin`` (the
    equivalence margin of a costs-nothing claim), ``p_value`` (a habit: the
    paired t test against 0, or for a costs-nothing claim the larger p of the
    two one-sided tests; a hand claim: the score test against the threshold
    at the clustered effective size), ``design_effect`` (hand claims: the
    variance of the share against independent hands), ``p_holm`` and
    ``verdict_holm`` (:func:`holm_verdicts` over the claims of this call).

    Examples
    --------
    >>> t = folk_tips(deals=200, claims=["bid_low", "one_card_trump_or_ace"], seed=1)
    >>> t[["claim", "rules"]].to_numpy().tolist()
    [['bid_low', 'bondebridge'], ['one_card_trump_or_ace', 'boerenbridge']]
    >>> set(t["verdict"]) <= set(VERDICTS)
    True
    """
    if deals < 2:
        raise ValueError(f"deals must be at least 2, got {deals}")
    by_key = {c.key: c for c in CLAIMS}
    chosen: list[Claim] = []
    for c in claims:
        if isinstance(c, str):
            if c not in by_key:
                raise ValueError(f"unknown claim {c!r}; known: {', '.join(by_key)}")
            chosen.append(by_key[c])
        else:
            chosen.append(c)
    ss = study_seed(seed)
    seeds = [claim_seed(ss, c.key) for c in chosen]
    options: dict[str, Any] = {"n_jobs": n_jobs, "progress": progress}
    rows = []
    for claim, child in zip(chosen, seeds):
        rules = preset(claim.rules, players)
        if claim.kind == "habit":
            found = _habit(claim, rules, deals, child, confidence, options)
        else:
            found = _hands(claim, rules, table, hand_deals or 10 * deals, child, confidence, options)
        equivalent = bool(found.pop("_equivalent"))
        verdict = _verdict(
            float(found["lo"]),
            float(found["hi"]),
            float(found["threshold"]),
            claim.direction,
            claim.costs_nothing,
            equivalent,
        )
        tests = {k: found.pop(k) for k in ("margin", "p_value", "design_effect")}
        rows.append(
            {
                "claim": claim.key,
                "source": claim.source,
                "text": claim.text,
                "rules": claim.rules,
                "kind": claim.kind,
                "direction": claim.side,
                **found,
                "verdict": verdict,
                **tests,
            }
        )
    out = holm_verdicts(pd.DataFrame(rows), confidence)
    out.attrs.update(
        study_meta(
            "folk_tips",
            ss,
            players=players,
            deals=deals,
            table=label_of(table),
            costs_nothing_margin=COSTS_NOTHING_MARGIN,
        )
    )
    return out
