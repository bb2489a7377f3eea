"""Plain-text tables of a 1-card analysis (the ``ohhell one-card`` command prints these).

Examples
--------
>>> import ohhell
>>> from ohhell.exact import one_card_analysis
>>> text = format_analysis(one_card_analysis(ohhell.boerenbridge(3)), sections=("seats",))
>>> print(text)  # doctest: +NORMALIZE_WHITESPACE
Expected score per seat (position 0 leads and bids first; the last position deals)
 position  role  P(win)  P(bid 1)  P(made)  E[score]
        0 leads   0.501     0.529    0.647     7.144
        1         0.249     0.225    0.890     9.269
        2 deals   0.249     0.540    0.422     4.432
"""

from __future__ import annotations

from collections.abc import Sequence

import pandas as pd

from ohhell.exact.one_card import OneCardAnalysis

__all__ = ["format_analysis", "win_table", "seats_table", "bids_table", "SECTIONS"]

SECTIONS = ("title", "win", "bids", "seats")


def win_table(analysis: OneCardAnalysis) -> pd.DataFrame:
    """P(win): one row per card, one column per position (a presentation table)."""
    w = analysis.win
    table = w.pivot_table(index=["suit", "rank", "card"], columns="position", values="p_win", sort=False)
    table = table.reset_index(level=["suit", "rank"], drop=True)
    table.columns = [f"pos {c}" for c in table.columns]
    table.index.name = "card"
    return table


def seats_table(analysis: OneCardAnalysis) -> pd.DataFrame:
    """Per position: P(win), P(bid 1) (final bid), P(made), expected score."""
    s = analysis.seats
    out = s[["position", "role", "p_win", "p_bid1", "p_made", "expected_score"]].copy()
    out.columns = ["position", "role", "P(win)", "P(bid 1)", "P(made)", "E[score]"]
    return out


def bids_table(analysis: OneCardAnalysis, *, reached_only: bool = True) -> pd.DataFrame:
    """Per position and bids heard: P(heard), P(bid 1 | heard), the rule in words."""
    s = analysis.summary
    if reached_only:
        s = s[s["p_history"] > 0]
    out = s[["position", "history", "p_history", "p_bid1", "text"]].copy()
    out.columns = ["position", "heard", "P(heard)", "P(bid 1|heard)", "bid"]
    return out


def _title(analysis: OneCardAnalysis) -> str:
    meta = analysis.meta
    return (
        f"{analysis.rules.name}, {analysis.players} players, 1-card round, trump: {meta['trump']};"
        f" {meta['bidding']} bids ({meta['sight']} sight), restriction: {meta['restriction']};"
        f" score [bid, tricks] = {meta['score_table']}"
    )


def format_analysis(analysis: OneCardAnalysis, sections: Sequence[str] = SECTIONS) -> str:
    """The analysis as plain-text tables (``sections``: any of ``title``, ``win``, ``bids``, ``seats``)."""
    unknown = sorted(set(sections) - set(SECTIONS))
    if unknown:
        raise ValueError(f"unknown sections {unknown}; choose from {', '.join(SECTIONS)}")
    parts: list[str] = []
    fmt = "{:.3f}".format
    with pd.option_context("display.width", 200, "display.max_colwidth", 200, "display.max_rows", 500):
        if "title" in sections:
            parts.append(_title(analysis))
            for key in ("simplifications", "notes"):
                notes = analysis.meta.get(key) or ()
                assert isinstance(notes, tuple)
                parts.extend(f"note: {n}" for n in notes)
        if "win" in sections:
            avg = " (a trump's rank averaged over the turned-up card)" if analysis.trump else ""
            parts.append(f"P(win) by card and position{avg}")
            parts.append(win_table(analysis).to_string(float_format=fmt))
        if "bids" in sections:
            ranked = " (trumps ranked among the trumps in play)" if analysis.trump and analysis.sight == "own" else ""
            parts.append(f"Bids by position and bids heard{ranked}")
            table = bids_table(analysis)
            width = {c: max(len(c), *(len(str(v)) for v in table[c])) for c in ("heard", "bid")}
            table = table.rename(columns={c: c.ljust(w) for c, w in width.items()})
            left = {c.ljust(w): (lambda v, w=w: f"{v:<{w}}") for c, w in width.items()}
            parts.append(table.to_string(index=False, float_format=fmt, formatters=left))
        if "seats" in sections:
            parts.append("Expected score per seat (position 0 leads and bids first; the last position deals)")
            parts.append(seats_table(analysis).to_string(index=False, float_format=fmt))
    return "\n".join(line.rstrip() for part in parts for line in part.splitlines())
