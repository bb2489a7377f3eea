"""The HTML report of a review: running totals, each deal's bids and tricks, the costly decisions marked.

:func:`render_html` returns one self-contained page (the chart is inline
SVG drawn by matplotlib; no scripts, no network): the per-seat summary, the
running totals, then one table per deal (hand dealt, bid, tricks, score,
running total by seat) followed by its decisions that cost more than ``threshold``
points, each marked ``class="costly"`` (and ``data-loss``), so a browser or
a test can find them.

Examples
--------
>>> import ohhell
>>> from ohhell.records import DealRecord
>>> from ohhell.review import review_records
>>> rec = DealRecord.from_dict({"players": 4, "dealer": 3, "hand_size": 1, "trump": "H",
...     "trump_card": "2H", "hands": [["AH"], ["3H"], ["KS"], ["QD"]], "bids": [0, 1, 0, 1],
...     "tricks": [["AH", "3H", "KS", "QD"]]})
>>> page = render_html(review_records([(1, rec)], ohhell.boerenbridge(4), seed=1))
>>> page.count('class="costly'), "<svg" in page
(1, True)
"""

from __future__ import annotations

import io
from html import escape

import numpy as np

from ohhell.review.decision import Decision
from ohhell.review.match import MISTAKE_THRESHOLDS, MatchReview

__all__ = ["render_html", "running_totals"]

_STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em; max-width: 70em; color: #222; }
table { border-collapse: collapse; margin: 0.5em 0 1em; }
th, td { border: 1px solid #ccc; padding: 0.2em 0.6em; text-align: right; }
th { background: #f3f3f3; }
tr.costly td { background: #fde2e1; }
tr.costly.severe td { background: #f8b4b0; font-weight: bold; }
.note { color: #666; font-size: 0.9em; }
section.deal { border-top: 1px solid #ddd; margin-top: 1.5em; }
"""


def running_totals(review: MatchReview) -> np.ndarray:
    """Totals by seat after each reviewed deal (deals in file order), shape ``(deals, players)``."""
    n = review.players
    scores = np.zeros((len(review.deals), n), dtype=np.int64)
    for i, deal in enumerate(review.deals):
        scores[i, : deal.result.players] = deal.result.scores
    return np.cumsum(scores, axis=0)


def _chart(review: MatchReview) -> str:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    totals = running_totals(review)
    fig, ax = plt.subplots(figsize=(7, 3.5))
    x = [d.line for d in review.deals]
    for seat in range(totals.shape[1]):
        ax.plot(x, totals[:, seat], marker="o", markersize=3, label=f"seat {seat}")
    ax.set_xlabel("deal (record line)")
    ax.set_ylabel("running total")
    ax.grid(alpha=0.3)
    ax.legend(frameon=False, fontsize=8)
    buf = io.StringIO()
    fig.savefig(buf, format="svg", bbox_inches="tight")
    plt.close(fig)
    svg = buf.getvalue()
    return svg[svg.index("<svg") :]


def _decision_row(d: Decision) -> str:
    severe = " severe" if d.loss > MISTAKE_THRESHOLDS[1] else ""
    where = {"bid": "bid", "adjust": "adjustment"}.get(d.phase, f"trick {d.trick}")
    interval = "exact" if d.exact else f"{d.loss_lo:.2f} to {d.loss_hi:.2f}"
    values = ", ".join(f"{escape(k)}: {v:.2f}" for k, v in sorted(d.values.items(), key=lambda kv: -kv[1]))
    return (
        f'<tr class="costly{severe}" data-loss="{d.loss:.4f}" data-seat="{d.seat}" data-deal="{d.deal}">'
        f"<td>{d.seat}</td><td>{where}</td><td>{escape(d.chosen)}</td><td>{escape(d.best)}</td>"
        f"<td>{d.loss:.2f}</td><td>{interval}</td><td style='text-align:left'>{values}</td></tr>"
    )


def render_html(review: MatchReview, *, threshold: float = 1.0, title: str = "Match review") -> str:
    """The review as one HTML page; decisions losing more than ``threshold`` points are marked."""
    points = "1 point" if threshold == 1 else f"{threshold:g} points"
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{escape(title)}</title><style>{_STYLE}</style></head><body>",
        f"<h1>{escape(title)}</h1>",
        f"<p class='note'>{escape(review.rules.name)}; every decision graded from the deciding seat's view by the"
        f" strong player ({review.budget.batches} batches x {review.budget.samples} sampled deals, "
        f"{review.budget.confidence:.0%} intervals; 1-card bids exact). Marked: a loss over {points}"
        f" (bold: over {MISTAKE_THRESHOLDS[1]:g}). Seed entropy {escape(str(review.meta.get('seed_entropy')))},"
        f" ohhell {escape(str(review.meta.get('ohhell')))}.</p>",
    ]
    costly = [d for d in review.decisions if d.loss > threshold]
    parts.append(f"<p id='costly-count'>{len(costly)} costly decisions in {len(review.deals)} deals.</p>")
    adjusting = review.rules.restriction.kind in ("first-adjusts", "highest-adjusts")
    adjust_head = "<th>adjust loss</th>" if adjusting else ""
    parts.append("<h2>Per seat</h2><table id='summary'><tr><th>seat</th><th>decisions</th><th>total loss</th>"
                 f"<th>mean loss</th><th>over 1</th><th>over 5</th><th>bid loss</th>{adjust_head}<th>play loss</th>"
                 "<th>loss per deal</th></tr>")  # fmt: skip
    for r in review.summary().itertuples(index=False):
        adjust = f"<td>{r.adjust_loss:.2f}</td>" if adjusting else ""
        parts.append(
            f"<tr><td>{r.seat}</td><td>{r.decisions}</td><td>{r.total_loss:.2f}</td><td>{r.mean_loss:.3f}</td>"
            f"<td>{r.mistakes_over_1}</td><td>{r.mistakes_over_5}</td><td>{r.bid_loss:.2f}</td>{adjust}"
            f"<td>{r.play_loss:.2f}</td><td>{r.loss_per_deal:.2f} ({r.loss_per_deal_lo:.2f},"
            f" {r.loss_per_deal_hi:.2f})</td></tr>"
        )
    parts.append("</table>")
    if review.deals:
        parts.append(f"<h2>Running totals</h2><figure id='totals'>{_chart(review)}</figure>")
    if review.rejected:
        parts.append("<h2>Rejected deals</h2><ul id='rejected'>")
        parts += [f"<li>line {line}: {escape(reason)}</li>" for line, reason in review.rejected]
        parts.append("</ul>")
    totals = running_totals(review)
    for i, deal in enumerate(review.deals):
        res = deal.result
        trump = str(res.trump) if res.trump.suits else "no trump"
        card = f", turned up {res.trump_card}" if res.trump_card is not None else ""
        cards = "1 card" if res.hand_size == 1 else f"{res.hand_size} cards"
        parts.append(
            f"<section class='deal' id='deal-{deal.line}'><h3>Deal {deal.line}: {cards}, dealer seat"
            f" {res.dealer}, trump {escape(trump)}{escape(card)}</h3>"
        )
        parts.append("<table class='bids'><tr><th></th>" + "".join(f"<th>seat {s}</th>" for s in range(res.players)))
        hands = tuple(" ".join(str(c) for c in sorted(h, key=lambda c: (c.suit or 0, -c.rank))) for h in res.hands)
        parts.append("<tr><th>hand</th>" + "".join(f"<td class='hand'>{escape(h)}</td>" for h in hands) + "</tr>")
        adjusted = () if res.first_bids == res.bids else (("first bid", res.first_bids),)
        for label, row in (*adjusted, ("bid", res.bids), ("tricks", res.tricks_won), ("score", res.scores),
                           ("total", tuple(int(t) for t in totals[i, : res.players]))):  # fmt: skip
            parts.append(f"<tr><th>{label}</th>" + "".join(f"<td>{v}</td>" for v in row) + "</tr>")
        parts.append("</table>")
        marked = [d for d in deal.decisions if d.loss > threshold]
        if marked:
            parts.append("<table class='decisions'><tr><th>seat</th><th>when</th><th>chosen</th><th>best</th>"
                         "<th>loss</th><th>interval</th><th>values (best first)</th></tr>")  # fmt: skip
            parts += [_decision_row(d) for d in marked]
            parts.append("</table>")
        else:
            parts.append(f"<p class='note'>No decision lost more than {points}.</p>")
        parts.append("</section>")
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"
