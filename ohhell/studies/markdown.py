"""Markdown tables for reports and cheat sheets (pandas' own needs the optional tabulate)."""

from __future__ import annotations

import math
import sys
from typing import Any

import pandas as pd

__all__ = ["markdown_table", "p_text"]


def markdown_table(frame: pd.DataFrame) -> str:
    """A GitHub pipe table of a frame's columns and values as they print (no index).

    Examples
    --------
    >>> print(markdown_table(pd.DataFrame({"a": [1, 2], "b|c": ["x", "y"]})))
    | a | b\\|c |
    | ---: | --- |
    | 1 | x |
    | 2 | y |
    """

    def cell(x: Any) -> str:
        return str(x).replace("|", "\\|").replace("\n", " ")

    header = "| " + " | ".join(cell(c) for c in frame.columns) + " |"
    rule = "| " + " | ".join("---:" if pd.api.types.is_numeric_dtype(frame[c]) else "---" for c in frame.columns)
    rows = ["| " + " | ".join(cell(x) for x in values) + " |" for values in frame.itertuples(index=False)]
    return "\n".join([header, rule + " |", *rows])


def p_text(p: float) -> str:
    """A p value as a report prints it: two significant digits; blank when there is none (NaN); below the
    smallest positive double it is an upper bound, not zero (a test's statistic that far out underflows).

    Examples
    --------
    >>> [p_text(x) for x in (0.0312, 8.9e-09, 0.0, float("nan"))]
    ['0.031', '8.9e-09', '< 2.2e-308', '']
    """
    if math.isnan(p):
        return ""
    if p < sys.float_info.min:
        return f"< {sys.float_info.min:.2g}"
    return f"{p:.2g}"
