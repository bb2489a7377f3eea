"""Reviewing recorded deals: every bid and card of every seat graded from that seat's view.

:func:`review_deal` validates a :class:`~ohhell.records.DealRecord` as
:func:`~ohhell.records.replay` does, then walks the deal again through the
engine's :class:`~ohhell.engine.DealState`, and at each decision grades the
choice on the :class:`~ohhell.engine.Observation` the engine gives the
seat to act (its hand, the trump card, the bids it may see, the cards played
before it: nothing else).  :func:`review_records` does this for a whole
match (a JSON Lines file of records): a deal that breaks the rules is
rejected with its line, seat and rule and the others are still reviewed.
:meth:`MatchReview.summary` gives each seat's total and mean loss, its
mistakes over 1 and over 5 points, and bidding against play.

Seeds: decision ``k`` of the deal on line ``d`` reads
``SeedSequence(entropy, spawn_key=(d, k))`` and its children (one per
batch), so a deal's grades do not depend on which other deals are reviewed.

Examples
--------
>>> import ohhell
>>> from ohhell.records import DealRecord
>>> rec = DealRecord.from_dict({"players": 4, "dealer": 3, "hand_size": 1, "trump": "H",
...     "trump_card": "2H", "hands": [["AH"], ["3H"], ["KS"], ["QD"]], "bids": [0, 1, 0, 1],
...     "tricks": [["AH", "3H", "KS", "QD"]]})
>>> review = review_records([(1, rec)], ohhell.boerenbridge(4), seed=1)
>>> [(d.seat, d.phase, d.chosen, d.best, round(d.loss, 2)) for d in review.decisions if d.loss > 0]
[(0, 'bid', '0', '1', 12.0)]
>>> print(review.summary()[["seat", "decisions", "total_loss", "bid_loss", "mistakes_over_5"]].to_string(index=False))
 seat  decisions  total_loss  bid_loss  mistakes_over_5
    0          2        12.0      12.0                1
    1          2         0.0       0.0                0
    2          2         0.0       0.0                0
    3          2         0.0       0.0                0
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from ohhell.cards import Card
from ohhell.engine import (
    BidAdjusted,
    BidMade,
    CardPlayed,
    DealResult,
    DealState,
    Observation,
    RecordError,
    SeedLike,
    TrumpNamed,
)
from ohhell.engine.stream import seed_sequence
from ohhell.records import DealRecord, replay
from ohhell.review.decision import Decision, grade
from ohhell.review.values import DEFAULT_BUDGET, Budget, t_interval
from ohhell.rules import Rules, Trump, compile_rules
from ohhell.version import __version__

__all__ = ["DealReview", "MatchReview", "decision_points", "review_deal", "review_records", "MISTAKE_THRESHOLDS"]

#: A decision is a mistake "over 1" / "over 5" when its loss exceeds these points.
MISTAKE_THRESHOLDS = (1.0, 5.0)


@dataclass(frozen=True, slots=True, kw_only=True)
class DealReview:
    """One deal: its record line, its outcome (as replayed) and its graded decisions in play order."""

    line: int
    result: DealResult
    decisions: tuple[Decision, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class MatchReview:
    """The review of a file of deals; ``rejected``: (line, reason) of the deals that could not be reviewed."""

    rules: Rules
    deals: tuple[DealReview, ...]
    rejected: tuple[tuple[int, str], ...]
    budget: Budget
    entropy: int | tuple[int, ...] | None
    meta: dict[str, object] = field(default_factory=dict)

    @property
    def decisions(self) -> tuple[Decision, ...]:
        return tuple(d for deal in self.deals for d in deal.decisions)

    @property
    def players(self) -> int:
        return max((deal.result.players for deal in self.deals), default=self.rules.players)

    def frame(self) -> pd.DataFrame:
        """One row per decision: deal, seat, phase, trick, chosen, best, loss and its interval, exact, forced,
        loss_crossfit."""
        cols = ["deal", "seat", "seat_from_dealer", "hand_size", "phase", "trick", "chosen", "best", "loss"]
        rows = [
            {**{c: getattr(d, c) for c in cols}, "loss_lo": d.loss_lo, "loss_hi": d.loss_hi, "exact": d.exact,
             "forced": d.forced, "loss_crossfit": d.loss_crossfit}
            for d in self.decisions
        ]  # fmt: skip
        return pd.DataFrame(rows, columns=[*cols, "loss_lo", "loss_hi", "exact", "forced", "loss_crossfit"])

    def summary(self) -> pd.DataFrame:
        """Per seat: decisions, total and mean loss, mistakes over 1 and 5 points, bid, adjustment and play loss,
        loss per deal.

        ``bid_loss`` counts the first bids only; ``adjust_loss`` the adjustments
        (rules where the bids may not sum to the hand size and a seat moves its
        bid, recorded with ``first_bids``); ``total_loss`` is their sum with
        ``play_loss``.  ``mean_loss_crossfit``: the mean of the decisions'
        cross-fitted losses (biased down where ``mean_loss`` is biased up).

        ``loss_per_deal`` has a t-interval over the deals (``loss_per_deal_lo``/``_hi``),
        which holds both the luck of the deals and the sampling of the values.
        """
        frame = self.frame()
        confidence = self.budget.confidence
        rows = []
        for seat in range(self.players):
            mine = frame[frame["seat"] == seat]
            per_deal = [float(mine.loss[mine["deal"] == deal.line].sum()) for deal in self.deals
                        if seat < deal.result.players]  # fmt: skip
            mean, lo, hi = t_interval(per_deal, confidence) if per_deal else (np.nan, np.nan, np.nan)
            rows.append(
                {
                    "seat": seat,
                    "deals": len(per_deal),
                    "decisions": len(mine),
                    "total_loss": float(mine.loss.sum()),
                    "mean_loss": float(mine.loss.mean()) if len(mine) else np.nan,
                    "mistakes_over_1": int((mine.loss > MISTAKE_THRESHOLDS[0]).sum()),
                    "mistakes_over_5": int((mine.loss > MISTAKE_THRESHOLDS[1]).sum()),
                    "bid_loss": float(mine.loss[mine.phase == "bid"].sum()),
                    "adjust_loss": float(mine.loss[mine.phase == "adjust"].sum()),
                    "play_loss": float(mine.loss[mine.phase == "play"].sum()),
                    "loss_per_deal": mean,
                    "loss_per_deal_lo": lo,
                    "loss_per_deal_hi": hi,
                    "mean_loss_crossfit": float(mine.loss_crossfit.mean()) if len(mine) else np.nan,
                }
            )
        return pd.DataFrame(rows)


def _state(record: DealRecord, rules: Rules, result: DealResult) -> DealState:
    named = any(isinstance(e, TrumpNamed) for e in result.events)
    return DealState(
        compile_rules(rules),
        round_index=result.round_index,
        dealer=record.dealer,
        hands=record.hands,
        trump=Trump.none() if named else record.trump,
        trump_card=record.trump_card,
        exposed=record.exposed,
        name_trump=named,
    )


def decision_points(
    record: DealRecord, rules: Rules, result: DealResult | None = None
) -> Iterator[tuple[Observation, int | Card]]:
    """Every decision of ``record`` in play order: the deciding seat's observation and the choice it made.

    ``result``: the record's replay, when the caller has it (else it is
    replayed here; a bad record raises :class:`RecordError`).
    """
    result = replay(record, rules) if result is None else result
    state = _state(record, rules, result)
    for event in result.events:
        if isinstance(event, TrumpNamed):
            state.apply_trump(event.suit)
            continue
        if not isinstance(event, BidMade | BidAdjusted | CardPlayed):
            continue
        obs = state.observation(state.current_seat)
        choice = event.card if isinstance(event, CardPlayed) else event.bid if isinstance(event, BidMade) else event.new
        yield obs, choice
        if isinstance(event, CardPlayed):
            state.apply_play(choice)
        else:
            state.apply_bid(choice)


def review_deal(
    record: DealRecord, rules: Rules, *, line: int = 1, seed: SeedLike = None, budget: Budget = DEFAULT_BUDGET
) -> DealReview:
    """Validate ``record`` (a :class:`RecordError` names the seat and the rule) and grade its every decision."""
    result = replay(record, rules)
    entropy = seed_sequence(seed).entropy
    decisions: list[Decision] = []
    for obs, choice in decision_points(record, rules, result):
        child = np.random.SeedSequence(entropy, spawn_key=(line, len(decisions)))
        decisions.append(grade(obs, choice, deal=line, seed=child, budget=budget))
    return DealReview(line=line, result=result, decisions=tuple(decisions))


def review_records(
    records: Iterable[tuple[int, DealRecord | RecordError]],
    rules: Rules,
    *,
    seed: SeedLike = None,
    budget: Budget = DEFAULT_BUDGET,
) -> MatchReview:
    """Review each (line, record) pair; records that fail (or were unreadable) go to ``rejected`` with the reason."""
    ss = seed_sequence(seed)
    deals: list[DealReview] = []
    rejected: list[tuple[int, str]] = []
    for line, item in records:
        try:
            if isinstance(item, RecordError):
                raise item
            deals.append(review_deal(item, rules, line=line, seed=ss, budget=budget))
        except (RecordError, ValueError) as exc:
            rejected.append((line, str(exc)))
    entropy = ss.entropy
    return MatchReview(
        rules=rules,
        deals=tuple(deals),
        rejected=tuple(rejected),
        budget=budget,
        entropy=entropy if isinstance(entropy, int) or entropy is None else tuple(int(e) for e in entropy),
        meta={
            "rules": repr(rules),
            "batches": budget.batches,
            "samples": budget.samples,
            "confidence": budget.confidence,
            "seed_entropy": str(entropy),
            "ohhell": __version__,
        },
    )
