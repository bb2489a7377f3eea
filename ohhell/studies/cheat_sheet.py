"""The printable bid cheat sheet, and plain-text forms of a bid table frame.

A frame from :func:`ohhell.studies.bid_tables.bid_tables` is laid out as one
grid per hand size: a row per combination of all bucket columns but the last,
a column group per value of the last one (by default: rows of trumps and top
trumps, columns of side aces), and inside each group a column per scoring.
Each cell gives the best bid (large) and how often such hands take exactly
that many tricks (small); buckets with too few hands are blank.

- :func:`cheat_sheet_html`: a self-contained A4 page (inline CSS, nothing
  fetched), to open in a browser and print;
- :func:`cheat_sheet_figure`: the same grids as a matplotlib figure (the
  caller saves it, e.g. as PNG; nothing is shown);
- :func:`to_markdown`: a pipe table per hand size (needs no extra package).

For CSV use ``frame.to_csv(path, index=False)`` (the long form) or
:func:`~ohhell.studies.bid_tables.wide` first.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from ohhell.studies.bid_tables import bucket_columns, wide
from ohhell.studies.markdown import markdown_table

__all__ = ["cheat_sheet_html", "cheat_sheet_figure", "to_markdown", "footer_text"]

_LABELS = {
    "trumps": "trumps",
    "top_trumps": "trump A/K",
    "side_aces": "side aces",
    "side_kings": "side kings",
    "voids": "voids",
    "singletons": "singletons",
    "no_trump": "no trump",
    "trump": "trump",
    "seat_from_dealer": "seat from dealer",
    "bids_before": "bids before",
}


def _label(column: str) -> str:
    return _LABELS.get(column, column.replace("_", " "))


def _scorings(frame: pd.DataFrame) -> list[str]:
    names = list(frame.attrs.get("scorings") or dict.fromkeys(frame["scoring"]))
    return [str(n) for n in names if (frame["scoring"] == n).any()]


def _check(frame: pd.DataFrame) -> list[str]:
    need = ["scoring", "hand_size", "hands", "best_bid", "success", "expected_score"]
    missing = [c for c in need if c not in frame.columns]
    if missing:
        raise ValueError(f"not a bid table frame (see ohhell.studies.bid_tables): no column {missing}")
    by = bucket_columns(frame)
    if not by:
        raise ValueError("a bid table frame needs at least one bucket column")
    return by


def _value(x: Any) -> str:
    if isinstance(x, (bool, np.bool_)):
        return "yes" if x else "no"
    return str(x)


@dataclass(frozen=True, slots=True)
class _Grid:
    """One hand size laid out: row keys, column keys, and the wide rows by (row key, column key)."""

    hand_size: int
    row_columns: list[str]
    col_column: str | None
    rows: list[tuple[Any, ...]]
    cols: list[Any]
    cells: dict[tuple[tuple[Any, ...], Any], dict[str, Any]]


def _grids(frame: pd.DataFrame, by: list[str]) -> list[_Grid]:
    w = wide(frame, values=("best_bid", "success", "success_lo", "success_hi", "expected_score"))
    row_columns = by[:-1] if len(by) > 1 else by
    col_column = by[-1] if len(by) > 1 else None
    grids = []
    for k in sorted(int(x) for x in w["hand_size"].unique()):
        sub = w[w["hand_size"] == k]
        cells: dict[tuple[tuple[Any, ...], Any], dict[str, Any]] = {}
        for row in sub.to_dict("records"):
            rkey = tuple(row[c] for c in row_columns)
            ckey = row[col_column] if col_column is not None else None
            cells[(rkey, ckey)] = {str(key): value for key, value in row.items()}
        rows = sorted({r for r, _ in cells})
        cols = sorted({c for _, c in cells}) if col_column is not None else [None]
        grids.append(_Grid(k, row_columns, col_column, rows, cols, cells))
    return grids


def footer_text(frame: pd.DataFrame) -> str:
    """How the frame was made: the command (or the call), strategy, deals, seed, version."""
    a = frame.attrs
    parts = []
    if a.get("command"):
        parts.append(f"command: {a['command']}")
    elif a.get("rules_name"):
        sizes = a.get("hand_sizes", [])
        parts.append(
            f"bid_tables({a['rules_name']}({a.get('players', '')}), {a.get('strategy', '')!r}, hand_size={sizes},"
            f" deals={a.get('deals', '')}, seed={a.get('seed', '')}, by={a.get('by', [])})"
        )
    facts = []
    if a.get("strategy"):
        facts.append(f"strategy {a['strategy']} in every seat")
    if a.get("deals"):
        facts.append(f"{a['deals']} deals per hand size")
    if "seed" in a:
        facts.append(f"seed {a['seed']}")
    if a.get("min_hands"):
        facts.append(f"buckets of at least {a['min_hands']} hands")
    if a.get("ohhell"):
        facts.append(f"ohhell {a['ohhell']}")
    if facts:
        parts.append(", ".join(facts))
    return "; ".join(parts)


_TRUMP_NOTES = {
    "TurnUpTrump": "trump turned up",
    "FixedRotation": "trump suit known before the deal",
    "DrawTrump": "trump drawn before the deal",
    "SetesdalTrump": "Setesdal under- and over-trump",
    "NoTrump": "no trump",
}


def _trump_note(frame: pd.DataFrame, hand_size: int) -> str:
    """`` (no trump)`` etc. from ``attrs["trump"]``, empty when unknown."""
    policies = frame.attrs.get("trump") or {}
    policy = str(policies.get(hand_size, policies.get(str(hand_size), "")))
    note = _TRUMP_NOTES.get(policy.partition("(")[0])
    return f" ({note})" if note else ""


def _pct(x: float) -> str:
    return f"{100 * x:.0f}%"


# -- HTML -----------------------------------------------------------------------------

_CSS = """
@page { size: A4 portrait; margin: 10mm; }
* { box-sizing: border-box; }
body { font-family: "Helvetica Neue", Arial, sans-serif; color: #111; margin: 0 auto; max-width: 190mm;
  -webkit-print-color-adjust: exact; print-color-adjust: exact; }
h1 { font-size: 15pt; margin: 0 0 1mm 0; }
p.lead { font-size: 8pt; margin: 0 0 3mm 0; color: #333; }
.sheets { column-count: 2; column-gap: 6mm; }
section { break-inside: avoid; page-break-inside: avoid; margin: 0 0 4mm 0; display: inline-block; width: 100%; }
h2 { font-size: 10pt; margin: 0 0 1mm 0; }
table { border-collapse: collapse; width: 100%; font-size: 7pt; }
th { font-weight: 600; padding: 0.4mm 0.8mm; border-bottom: 0.3mm solid #444; text-align: center; }
th.key { text-align: right; }
td { padding: 0.2mm 0.8mm; text-align: center; border-bottom: 0.1mm solid #ccc; white-space: nowrap; }
td.key { text-align: right; color: #333; }
td.first { border-left: 0.3mm solid #444; }
td .bid { font-size: 11pt; font-weight: 800; line-height: 1; }
td .rate { font-size: 6pt; color: #444; margin-left: 0.6mm; }
td.differs .bid { text-decoration: underline; }
td.empty { color: #bbb; }
footer { font-size: 6.5pt; color: #555; border-top: 0.2mm solid #999; padding-top: 1mm; margin-top: 2mm; }
"""


def _shade(bid: int, hand_size: int) -> str:
    """A light blue, darker for higher bids (readable in grey on paper)."""
    frac = bid / hand_size if hand_size else 0.0
    light = 97 - 30 * frac
    return f"hsl(210, 60%, {light:.0f}%)"


def _classes(names: Sequence[str]) -> str:
    return f' class="{" ".join(names)}"' if names else ""


def _html_cell(row: dict[str, Any] | None, name: str, first: bool, hand_size: int, names: Sequence[str]) -> str:
    cls = ["first"] if first else []
    if row is None or pd.isna(row[f"best_bid_{name}"]):
        return f'<td class="{" ".join([*cls, "empty"])}">&middot;</td>'
    bid = int(row[f"best_bid_{name}"])
    if name != names[0] and bid != int(row[f"best_bid_{names[0]}"]):
        cls.append("differs")
    tip = (
        f"{name}: bid {bid}; {int(row['hands'])} hands, made {_pct(row[f'success_{name}'])}"
        f" (95% {_pct(row[f'success_lo_{name}'])}-{_pct(row[f'success_hi_{name}'])}),"
        f" expected score {row[f'expected_score_{name}']:.1f}"
    )
    return (
        f'<td{_classes(cls)} style="background:{_shade(bid, hand_size)}" title="{html.escape(tip)}">'
        f'<span class="bid">{bid}</span><span class="rate">{_pct(row[f"success_{name}"])}</span></td>'
    )


def _html_grid(g: _Grid, names: Sequence[str], trump: str) -> str:
    n = len(names)
    head1 = "".join(f'<th class="key" rowspan="2">{html.escape(_label(c))}</th>' for c in g.row_columns)
    if g.col_column is not None:
        head1 += "".join(
            f'<th colspan="{n}">{html.escape(_label(g.col_column))} {html.escape(_value(c))}</th>' for c in g.cols
        )
    else:
        head1 += f'<th colspan="{n}">best bid</th>'
    head2 = "".join(f"<th>{html.escape(s)}</th>" for s in names) * len(g.cols)
    body = []
    for r in g.rows:
        tds = "".join(f'<td class="key">{html.escape(_value(v))}</td>' for v in r)
        for c in g.cols:
            row = g.cells.get((r, c))
            tds += "".join(_html_cell(row, s, i == 0, g.hand_size, names) for i, s in enumerate(names))
        body.append(f"<tr>{tds}</tr>")
    cards = "card" if g.hand_size == 1 else "cards"
    return (
        f"<section><h2>{g.hand_size} {cards}{html.escape(trump)}</h2>"
        f"<table><thead><tr>{head1}</tr><tr>{head2}</tr></thead>"
        f"<tbody>{''.join(body)}</tbody></table></section>"
    )


def cheat_sheet_html(frame: pd.DataFrame, title: str | None = None) -> str:
    """The bid table as a self-contained printable HTML page (A4, inline CSS).

    Per hand size a grid of the buckets with the scorings side by side: the
    best bid large and bold, the share of such hands taking exactly that many
    tricks small next to it (hover for hands, 95% interval and expected
    score); a harsh bid that differs from the standard one is underlined.
    The footer says how the table was made (``attrs``).

    Examples
    --------
    >>> import ohhell
    >>> from ohhell.studies.bid_tables import bid_tables
    >>> t = bid_tables(ohhell.boerenbridge(4), "folk", hand_size=2, deals=300, seed=1, by=["trumps", "side_aces"])
    >>> page = cheat_sheet_html(t, title="Two cards")
    >>> page.startswith("<!DOCTYPE html>"), "<h1>Two cards</h1>" in page, "seed 1" in page
    (True, True, True)
    """
    by = _check(frame)
    names = _scorings(frame)
    a = frame.attrs
    if title is None:
        rules = a.get("rules_name", "")
        players = f", {a['players']} players" if a.get("players") else ""
        title = f"What to bid: {rules}{players}".rstrip(": ")
    sections = "".join(_html_grid(g, names, _trump_note(frame, g.hand_size)) for g in _grids(frame, by))
    scorings = a.get("scoring_rules") or {}
    legend = ", ".join(
        f"<b>{html.escape(n)}</b>" + (f" = {html.escape(str(scorings[n]))}" if n in scorings else "") for n in names
    )
    lead = (
        "Find your hand's row and column. Big number: the bid with the highest expected score for such hands;"
        " small: how often they take exactly that many tricks. Blank: too few hands seen. Underlined: the"
        " bid differs from the first table's. Tricks as played by the strategy named below, playing to its"
        " own bids." + (f" Tables: {legend}." if legend else "")
    )
    if not sections:
        sections = "<p>No bucket has enough hands: simulate more deals or lower min_hands.</p>"
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f"<title>{html.escape(title)}</title><style>{_CSS}</style></head><body>"
        f'<h1>{html.escape(title)}</h1><p class="lead">{lead}</p>'
        f'<div class="sheets">{sections}</div>'
        f"<footer>{html.escape(footer_text(frame))}</footer></body></html>\n"
    )


# -- figure ---------------------------------------------------------------------------


def cheat_sheet_figure(frame: pd.DataFrame, title: str | None = None) -> Figure:
    """The bid table as a matplotlib figure: per hand size one heatmap per scoring.

    Colour and the large number: the best bid; the small number: the share of
    hands taking exactly that many tricks.  Save it with ``fig.savefig(path)``
    (no window is opened).

    Examples
    --------
    >>> import ohhell
    >>> from ohhell.studies.bid_tables import bid_tables
    >>> t = bid_tables(ohhell.boerenbridge(4), "folk", hand_size=2, deals=300, seed=1, by=["trumps"])
    >>> fig = cheat_sheet_figure(t)
    >>> len(fig.axes)
    2
    """
    by = _check(frame)
    names = _scorings(frame)
    grids = _grids(frame, by)
    a = frame.attrs
    if title is None:
        title = f"What to bid: {a.get('rules_name', '')}" + (f", {a['players']} players" if a.get("players") else "")
    heights = [max(len(g.rows), 1) + 1.8 for g in grids] or [1.0]
    width = max(8.27, 1.2 + len(names) * (1.0 + 0.55 * max((len(g.cols) for g in grids), default=1)))
    fig = Figure(figsize=(width, min(0.28 * sum(heights) + 1.2, 60.0)), layout="constrained")
    fig.suptitle(title, fontsize=12, fontweight="bold")
    if not grids:
        fig.text(0.5, 0.5, "no bucket has enough hands", ha="center", va="center")
        return fig
    spec = fig.add_gridspec(len(grids), len(names), height_ratios=heights)
    for i, g in enumerate(grids):
        for j, name in enumerate(names):
            ax = fig.add_subplot(spec[i, j])
            bids = np.full((len(g.rows), len(g.cols)), np.nan)
            for (r, c), row in g.cells.items():
                if not pd.isna(row[f"best_bid_{name}"]):
                    bids[g.rows.index(r), g.cols.index(c)] = row[f"best_bid_{name}"]
            ax.set_facecolor("#f4f4f4")
            ax.imshow(bids, cmap="Blues", vmin=-0.5, vmax=g.hand_size * 1.8 + 0.5, aspect="auto")
            for (r, c), row in g.cells.items():
                if pd.isna(row[f"best_bid_{name}"]):
                    continue
                y, x = g.rows.index(r), g.cols.index(c)
                bid = int(row[f"best_bid_{name}"])
                ax.text(x, y - 0.08, str(bid), ha="center", va="center", fontsize=10, fontweight="bold")
                ax.text(x, y + 0.32, _pct(row[f"success_{name}"]), ha="center", va="center", fontsize=5.5)
            cards = "card" if g.hand_size == 1 else "cards"
            ax.set_title(f"{g.hand_size} {cards}: {name}", fontsize=8)
            ax.set_yticks(range(len(g.rows)), [" / ".join(_value(v) for v in r) for r in g.rows], fontsize=6)
            ax.set_ylabel(" / ".join(_label(c) for c in g.row_columns), fontsize=6)
            if g.col_column is not None:
                ax.set_xticks(range(len(g.cols)), [_value(c) for c in g.cols], fontsize=6)
                ax.set_xlabel(_label(g.col_column), fontsize=6)
            else:
                ax.set_xticks([])
            ax.tick_params(length=0)
            for side in ax.spines.values():
                side.set_visible(False)
    fig.supxlabel(footer_text(frame), fontsize=5, color="#555", x=0.01, ha="left", wrap=True)
    return fig


# -- markdown -------------------------------------------------------------------------


def to_markdown(frame: pd.DataFrame) -> str:
    """The bid table as markdown: per hand size a table of the buckets with each scoring's best bid side by side.

    Per scoring: ``bid``, ``made`` (share of the bucket's hands taking
    exactly that many tricks, with its 95% Wilson interval) and ``E[score]``.

    Examples
    --------
    >>> import ohhell
    >>> from ohhell.studies.bid_tables import bid_tables
    >>> t = bid_tables(ohhell.boerenbridge(4), "folk", hand_size=1, deals=300, seed=1, by=["trumps"])
    >>> print(to_markdown(t).splitlines()[2])
    | trumps | hands | bid standard | made standard | E[score] standard | bid harsh | made harsh | E[score] harsh |
    """
    by = _check(frame)
    names = _scorings(frame)
    w = wide(frame, values=("best_bid", "success", "success_lo", "success_hi", "expected_score"))
    out = []
    for k in sorted(int(x) for x in w["hand_size"].unique()):
        sub = w[w["hand_size"] == k]
        table = pd.DataFrame({c: sub[c].map(_value) for c in by})
        table["hands"] = sub["hands"].astype(np.int64)
        for name in names:
            bid = sub[f"best_bid_{name}"]
            table[f"bid {name}"] = bid.map(lambda x: "" if pd.isna(x) else str(int(x)))
            table[f"made {name}"] = [
                "" if pd.isna(p) else f"{_pct(p)} ({_pct(lo)}-{_pct(hi)})"
                for p, lo, hi in zip(sub[f"success_{name}"], sub[f"success_lo_{name}"], sub[f"success_hi_{name}"])
            ]
            table[f"E[score] {name}"] = sub[f"expected_score_{name}"].map(lambda x: "" if pd.isna(x) else f"{x:.2f}")
        cards = "card" if k == 1 else "cards"
        out.append(f"### {k} {cards}{_trump_note(frame, k)}\n\n{markdown_table(table)}")
    if not out:
        out.append("No bucket has enough hands.")
    foot = footer_text(frame)
    if foot:
        out.append(f"_{foot}_")
    return "\n\n".join(out) + "\n"
