"""Plain-text tables of a review (what ``ohhell analyse --format table`` prints).

Examples
--------
>>> import ohhell
>>> from ohhell.records import DealRecord
>>> from ohhell.review import review_records
>>> rec = DealRecord.from_dict({"players": 4, "dealer": 3, "hand_size": 1, "trump": "H",
...     "trump_card": "2H", "hands": [["AH"], ["3H"], ["KS"], ["QD"]], "bids": [0, 1, 0, 1],
...     "tricks": [["AH", "3H", "KS", "QD"]]})
>>> print(decisions_table(review_records([(1, rec)], ohhell.boerenbridge(4), seed=1)))
deal  seat  phase   trick  chosen  best    loss  interval         values
   1     0  bid         -  0       1      12.00  exact            0: 0.00  1: 12.00
"""

from __future__ import annotations

from ohhell.review.match import MatchReview

__all__ = ["decisions_table", "summary_table"]


def _values(values: dict[str, float]) -> str:
    return "  ".join(f"{k}: {v:.2f}" for k, v in values.items())


def decisions_table(review: MatchReview, *, threshold: float = 1.0) -> str:
    """The decisions whose loss exceeds ``threshold``, one line each."""
    lines = [f"{'deal':>4}  {'seat':>4}  {'phase':<6}  {'trick':>5}  {'chosen':<6}  {'best':<5}  {'loss':>5}  "
             f"{'interval':<15}  values"]  # fmt: skip
    for d in review.decisions:
        if d.loss <= threshold:
            continue
        ci = "forced" if d.forced else "exact" if d.exact else f"({d.loss_lo:.2f}, {d.loss_hi:.2f})"
        trick = "-" if d.phase != "play" else str(d.trick)
        lines.append(
            f"{d.deal:>4}  {d.seat:>4}  {d.phase:<6}  {trick:>5}  {d.chosen:<6}  {d.best:<5}  {d.loss:5.2f}  "
            f"{ci:<15}  {'the only legal choice' if d.forced else _values(d.values)}"
        )
    return "\n".join(lines)


def summary_table(review: MatchReview) -> str:
    """Per seat: decisions, total and mean loss, mistakes over 1 and 5 points, bid and play loss, loss per deal.

    Where the rules adjust a bid when the bids sum to the hand size, an
    ``adjust loss`` column (the adjustments) follows the bid loss (first bids).
    """
    s = review.summary()
    conf = f"{review.budget.confidence:.0%}"
    adjusting = review.rules.restriction.kind in ("first-adjusts", "highest-adjusts")
    adjust_head = "  adjust loss" if adjusting else ""
    lines = [f"seat  decisions  total loss  mean loss  over 1  over 5  bid loss{adjust_head}  play loss  "
             f"loss per deal ({conf})"]  # fmt: skip
    for r in s.itertuples(index=False):
        adjust = f"  {r.adjust_loss:>11.2f}" if adjusting else ""
        lines.append(
            f"{r.seat:>4}  {r.decisions:>9}  {r.total_loss:>10.2f}  {r.mean_loss:>9.3f}  {r.mistakes_over_1:>6}  "
            f"{r.mistakes_over_5:>6}  {r.bid_loss:>8.2f}{adjust}  {r.play_loss:>9.2f}  {r.loss_per_deal:.2f} "
            f"({r.loss_per_deal_lo:.2f}, {r.loss_per_deal_hi:.2f})"
        )
    return "\n".join(lines)
