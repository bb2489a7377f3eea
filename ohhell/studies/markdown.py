"""Markdown tables for reports and cheat sheets (pandas' own needs the optional tabulate)."""

from __future__ import annotations

from typing import Any

import pandas as pd

__all__ = ["markdown_table"]


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
