"""Grading the bids of a score sheet (only bids and tricks kept, no cards) from bid-value tables.

Without the cards a bid can only be compared with what bids are worth in the
same spot: the hand size, the seat from the dealer and the sum of the bids
before it.  :func:`bid_value_table` measures that on simulated deals of a
strong player (the distilled player, ``strongest-fast``, on the compiled
path): the mean score of each bid in each spot, with its count and a
t-interval.  :func:`review_sheet`
grades each bid of a :class:`~ohhell.records.ScoreSheet` against the best
bid of its spot (among the bids seen at least ``min_hands`` times there).
The cards were not recorded, so no card is graded, and a bid's value is
averaged over the hands that strong players bid it with: a low loss says
the bid was a usual one for the spot, not that it suited the hand.

Examples
--------
>>> import ohhell
>>> from ohhell.records import ScoreSheet
>>> rules = ohhell.boerenbridge(4)
>>> sheet = ScoreSheet(rules, names=["Anna", "Bram", "Cor", "Dirk"])
>>> _ = sheet.add_round(bids=[0, 1, 0, 1], tricks=[0, 1, 0, 0])
>>> table = bid_value_table(rules, deals=4000, seed=1)
>>> review = review_sheet(sheet, table)
>>> review.note.split(":")[0]
'cards were not recorded'
>>> list(review.decisions.columns)[:8]
['round', 'player', 'seat', 'seat_from_dealer', 'hand_size', 'bids_before', 'chosen', 'best']
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd
from scipy import stats

from ohhell.engine import SeedLike
from ohhell.records import ScoreSheet
from ohhell.rules import Rules, compile_rules
from ohhell.rules.restriction import hooked_bid
from ohhell.sim import simulate
from ohhell.stats.tables import counts_of
from ohhell.strategies.registry import strategy

__all__ = ["bid_value_table", "review_sheet", "SheetReview", "SHEET_NOTE"]

SHEET_NOTE = (
    "cards were not recorded: bids graded from bid-value tables (hand size, seat from the dealer, bids before);"
    " no card graded"
)


def _spot(rules: Rules) -> list[str]:
    by = ["hand_size", "seat_from_dealer"]
    return by if rules.bidding.simultaneous else [*by, "bids_before"]


def bid_value_table(
    rules: Rules, *, strategy_name: str = "strongest-fast", deals: int = 200_000, seed: SeedLike = None,
    confidence: float = 0.95, n_jobs: int = 1,
) -> pd.DataFrame:  # fmt: skip
    """The mean score of each bid by spot, from ``deals`` simulated deals of ``strategy_name`` at every seat.

    One row per spot and bid: ``hand_size``, ``seat_from_dealer``,
    ``bids_before`` (not with simultaneous bids), ``bid``, ``n``, ``mean``,
    ``sd``, ``lo``, ``hi``.
    """
    by = [*_spot(rules), "bid"]
    player = strategy(strategy_name)
    result = simulate(rules, [player] * rules.players, deals=deals, seed=seed, n_jobs=n_jobs, summary=by,
                      features=True, progress=False)  # fmt: skip
    c = counts_of(result, by)
    n = c["n"].to_numpy(dtype=np.float64)
    mean = c["score_sum"].to_numpy(dtype=np.float64) / n
    var = (c["score_sq"].to_numpy(dtype=np.float64) - n * mean * mean) / np.maximum(n - 1, 1)
    sd = np.sqrt(np.maximum(var, 0.0))
    half = stats.t.ppf(0.5 + confidence / 2, np.maximum(n - 1, 1)) * sd / np.sqrt(n)
    half = np.where(n >= 2, half, np.nan)
    out = c[[*by, "n"]].assign(mean=mean, sd=sd, lo=mean - half, hi=mean + half).reset_index(drop=True)
    out.attrs.update({"rules": repr(rules), "strategy": strategy_name, "deals": deals, "confidence": confidence})
    return out


@dataclass(frozen=True, slots=True, kw_only=True)
class SheetReview:
    """Each bid of the sheet graded (``decisions``), per player (``summary``), and the note on what was graded."""

    decisions: pd.DataFrame
    summary: pd.DataFrame
    note: str


def review_sheet(sheet: ScoreSheet, table: pd.DataFrame, *, min_hands: int = 30) -> SheetReview:
    """Grade every bid of ``sheet`` against the best bid of its spot in ``table`` (see :func:`bid_value_table`).

    ``decisions``: one row per round and player: the spot, ``chosen``,
    ``best``, ``loss`` (best mean minus the chosen bid's mean, 0 when the
    chosen bid is the best, NaN when the chosen bid was seen fewer than
    ``min_hands`` times in that spot), ``loss_lo``/``loss_hi`` (a Welch
    interval), and ``values`` (bid -> mean score).
    """
    rules = sheet.rules
    by = _spot(rules)
    hook = compile_rules(rules).restriction == "hook"
    confidence = float(table.attrs.get("confidence", 0.95))
    z = float(stats.norm.ppf(0.5 + confidence / 2))
    cells: dict[tuple[int, ...], tuple[int, float, float]] = {}
    for rec in table.to_dict(orient="records"):
        key = (*tuple(int(rec[k]) for k in by), int(rec["bid"]))
        cells[key] = (int(rec["n"]), float(rec["mean"]), float(rec["sd"]))
    rows: list[dict[str, object]] = []
    entries = sheet.rounds
    for rnd in sorted({int(str(e["round"])) for e in entries}):
        order = sorted((e for e in entries if e["round"] == rnd), key=lambda e: int(str(e["seat_from_dealer"])))
        bids = [int(str(e["bid"])) for e in order]
        h = int(str(order[0]["hand_size"]))
        for i, entry in enumerate(order):
            before = sum(bids[:i])
            forbidden = hooked_bid(h, bids[:i]) if hook and i == len(order) - 1 else None
            spot = (h, i, before)[: len(by)]
            values: dict[int, tuple[int, float, float]] = {}
            for b in range(h + 1):
                cell = cells.get((*spot, b))
                if b != forbidden and cell is not None and cell[0] >= min_hands:
                    values[b] = cell
            chosen = bids[i]
            row: dict[str, object] = {
                "round": rnd, "player": entry["player"], "seat": int(str(entry["seat"])), "seat_from_dealer": i,
                "hand_size": h, "bids_before": before if "bids_before" in by else None, "chosen": chosen,
            }  # fmt: skip
            if chosen not in values:
                seen = cells.get((*spot, chosen), (0, np.nan, np.nan))[0]
                rows.append({**row, "best": None, "loss": np.nan, "loss_lo": np.nan, "loss_hi": np.nan, "n": seen,
                             "values": {}})  # fmt: skip
                continue
            best = max(values, key=lambda b: values[b][1])
            (na, ma, sa), (nb, mb, sb) = values[best], values[chosen]
            loss = ma - mb
            half = 0.0 if best == chosen else z * float(np.sqrt(sa * sa / na + sb * sb / nb))
            rows.append({**row, "best": best, "loss": loss, "loss_lo": loss - half, "loss_hi": loss + half, "n": nb,
                         "values": {b: v[1] for b, v in values.items()}})  # fmt: skip
    decisions = pd.DataFrame(rows)
    summary = (
        decisions.groupby(["seat", "player"], sort=True)
        .agg(bids=("chosen", "size"), graded=("loss", "count"), total_loss=("loss", "sum"),
             mean_loss=("loss", "mean"), mistakes_over_1=("loss", lambda x: int((x > 1).sum())),
             mistakes_over_5=("loss", lambda x: int((x > 5).sum())))
        .reset_index()
    )  # fmt: skip
    return SheetReview(decisions=decisions, summary=summary, note=SHEET_NOTE)
