"""Summary mode's counts, in compiled code: straight from the chunk arrays to the groups.

``simulate(..., summary=by)`` keeps, per group of the ``by`` columns, the
rows ``n``, made bids ``made`` and the sum and sum of squares of ``score``.
For the usual grouping columns (:data:`COUNTED`) this module counts them in
one compiled pass over the chunk's arrays into a dense table (one cell per
possible group), then builds the small frame of the groups that occurred:
no per-row frame is built.  The frame is the one
:func:`ohhell.sim.summarize` gives for the deals frame, column for column and
dtype for dtype (tests check it); other columns (``unit``, ``score``, the
hand features) take that slower path.

Each grouping column is a digit: its value less the lowest it can take (a
category's code for ``trump`` and ``strategy``), with as many values as the
rules allow; a group's cell is the mixed-radix number of its digits, first
column most significant, so the cells in order are the groups sorted as
``groupby(sort=True)`` sorts them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np
import pandas as pd
from numba import njit

from ohhell.rules import CompiledRules
from ohhell.sim.arrays import DealArrays, MatchArrays
from ohhell.sim.frames import TRUMP_CATEGORIES, TRUMP_CODES, strategy_categories

__all__ = ["COUNTED", "MAX_CELLS", "CellCounts", "add_counts", "countable", "count_summary"]

# the digits :func:`_add_deal` computes for each row, in this order
_DIGITS = ("round", "players", "seat", "seat_from_dealer", "hand_size", "trump", "bid", "tricks", "made", "strategy")
_CODE = {name: i for i, name in enumerate(_DIGITS)}
#: Grouping columns counted in compiled code (``made`` is a count, never a group).
COUNTED = tuple(name for name in _DIGITS if name != "made")

#: Largest dense table (cells, each four int64 counts: 128 MiB); more groups take the frame path.
MAX_CELLS = 1 << 22


def _ranges(compiled: CompiledRules, names: Sequence[str]) -> dict[str, tuple[int, int]]:
    """(lowest value, number of values) of each counted column under these rules."""
    max_hand = int(compiled.hand_sizes.max())
    in_round = compiled.players_in_round
    return {
        "round": (0, compiled.n_rounds),
        "players": (int(in_round.min()), int(in_round.max()) - int(in_round.min()) + 1),
        "seat": (0, compiled.players),
        "seat_from_dealer": (0, compiled.players),
        "hand_size": (int(compiled.hand_sizes.min()), max_hand - int(compiled.hand_sizes.min()) + 1),
        "trump": (0, len(TRUMP_CATEGORIES)),
        "bid": (0, max_hand + 1),
        "tricks": (0, max_hand + 1),
        "made": (0, 2),
        "strategy": (0, len(strategy_categories(names))),
    }


def countable(compiled: CompiledRules, names: Sequence[str], by: Sequence[str]) -> bool:
    """True when :func:`count_summary` counts ``by`` (every column counted, the table small enough)."""
    if not all(c in COUNTED for c in by) or len(set(by)) != len(by):
        return False
    ranges = _ranges(compiled, names)
    cells = 1
    for c in by:
        cells *= ranges[c][1]
    return cells <= MAX_CELLS


class _Table(NamedTuple):
    """What the counting pass reads besides the chunk's arrays: the rules' rounds and the table's layout."""

    players_in_round: np.ndarray
    hand_sizes: np.ndarray
    trump_codes: np.ndarray
    strategy_of_seat: np.ndarray
    columns: np.ndarray  # digit of each grouping column, in order
    lows: np.ndarray
    radices: np.ndarray


@njit(cache=True, inline="always", error_model="numpy")
def _add_deal(
    b_row: np.ndarray,
    t_row: np.ndarray,
    s_row: np.ndarray,
    dealer: int,
    tr: np.ndarray,
    r: int,
    n: int,
    at_table: bool,
    table: _Table,
    local: np.ndarray,
    digits: np.ndarray,
    out: np.ndarray,
) -> None:
    """Add the rows of one deal of round ``r`` (``n`` seats at the table) to ``out``.

    ``at_table``: the seats at the table are those with a bid (matches
    mode, by match seat); otherwise seats ``0 .. n - 1``.
    """
    players = b_row.shape[0]
    w = 0
    for s in range(players):
        if (at_table and b_row[s] >= 0) or (not at_table and s < n):
            local[s] = w
            w += 1
        else:
            local[s] = -1
    trump_code = table.trump_codes[(tr[0] + 1) * 5 + (tr[1] + 1)]
    local_dealer = local[dealer]
    for s in range(players):
        if local[s] < 0:
            continue
        b = b_row[s]
        t = t_row[s]
        made = 1 if b == t else 0
        digits[0] = r
        digits[1] = n
        digits[2] = s
        digits[3] = (local[s] - local_dealer - 1) % n
        digits[4] = table.hand_sizes[r]
        digits[5] = trump_code
        digits[6] = b
        digits[7] = t
        digits[8] = made
        digits[9] = table.strategy_of_seat[s]
        cell = 0
        for i in range(table.columns.shape[0]):
            cell = cell * table.radices[i] + digits[table.columns[i]] - table.lows[i]
        sc = np.int64(s_row[s])
        out[cell, 0] += 1
        out[cell, 1] += made
        out[cell, 2] += sc
        out[cell, 3] += sc * sc


@njit(cache=True, error_model="numpy")
def _count_deals(
    bids: np.ndarray, tricks: np.ndarray, scores: np.ndarray, dealer: np.ndarray, trump: np.ndarray,
    rounds: np.ndarray, table: _Table, out: np.ndarray,
) -> None:  # fmt: skip
    """Deals mode: add every (deal, seat) row to ``out[cell]`` = (n, made, score sum, score squares)."""
    local = np.empty(bids.shape[1], dtype=np.int64)
    digits = np.empty(len(_DIGITS), dtype=np.int64)
    for u in range(bids.shape[0]):
        r = rounds[u]
        n = table.players_in_round[r]
        _add_deal(bids[u], tricks[u], scores[u], dealer[u], trump[u], r, n, False, table, local, digits, out)


@njit(cache=True, error_model="numpy")
def _count_matches(
    bids: np.ndarray, tricks: np.ndarray, scores: np.ndarray, dealer: np.ndarray, trump: np.ndarray,
    table: _Table, out: np.ndarray,
) -> None:  # fmt: skip
    """Matches mode (``[match, round, seat]`` by match seat, bid -1: sat out): as :func:`_count_deals`."""
    local = np.empty(bids.shape[2], dtype=np.int64)
    digits = np.empty(len(_DIGITS), dtype=np.int64)
    for u in range(bids.shape[0]):
        for r in range(bids.shape[1]):
            n = table.players_in_round[r]
            _add_deal(bids[u, r], tricks[u, r], scores[u, r], dealer[u, r], trump[u, r], r, n, True, table, local,
                      digits, out)  # fmt: skip


@dataclass(frozen=True, slots=True, eq=False)
class CellCounts:
    """One chunk's (or several chunks') counts: the occupied cells of the dense table and their counts.

    ``counts[i]`` = (n, made, score sum, score squares) of cell ``cells[i]``;
    :meth:`frame` gives them as the summary frame.  Kept in this form until
    the end of a run, so adding chunks costs no frame per chunk.
    """

    by: tuple[str, ...]
    lows: np.ndarray
    radices: np.ndarray
    strategies: tuple[str, ...]
    cells: np.ndarray
    counts: np.ndarray

    def frame(self) -> pd.DataFrame:
        """The counts as :func:`ohhell.sim.summarize` gives them: one row per group, sorted by the groups."""
        digits: dict[str, np.ndarray] = {}
        rest = self.cells
        for c, low, radix in reversed(list(zip(self.by, self.lows, self.radices))):
            digits[c] = rest % radix + low
            rest = rest // radix
        data: dict[str, object] = {c: _column(c, digits[c], list(self.strategies)) for c in self.by}
        for i, name in enumerate(("n", "made", "score_sum", "score_sq")):
            data[name] = self.counts[:, i]
        return pd.DataFrame(data)

    def same_table(self, other: CellCounts) -> bool:
        """True when both count the same groups in the same cells."""
        return (
            self.by == other.by
            and self.strategies == other.strategies
            and np.array_equal(self.lows, other.lows)
            and np.array_equal(self.radices, other.radices)
        )


def add_counts(parts: Sequence[CellCounts]) -> CellCounts:
    """The sum of counts over the same table (see :meth:`CellCounts.same_table`)."""
    first = parts[0]
    cells = np.concatenate([p.cells for p in parts])
    counts = np.concatenate([p.counts for p in parts])
    unique, where = np.unique(cells, return_inverse=True)
    total = np.zeros((unique.shape[0], 4), dtype=np.int64)
    np.add.at(total, where, counts)
    return CellCounts(first.by, first.lows, first.radices, first.strategies, unique, total)


def count_summary(
    compiled: CompiledRules, names: Sequence[str], arrays: DealArrays | MatchArrays, by: Sequence[str]
) -> CellCounts:
    """The summary counts of one chunk grouped by ``by`` (see :func:`countable`)."""
    ranges = _ranges(compiled, names)
    lows = np.array([ranges[c][0] for c in by], dtype=np.int64)
    radices = np.array([ranges[c][1] for c in by], dtype=np.int64)
    cells = int(np.prod(radices)) if len(by) else 1
    out = np.zeros((cells, 4), dtype=np.int64)
    unique = strategy_categories(names)
    strategy_of_seat = np.array([unique.index(n) for n in names], dtype=np.int64)
    table = _Table(compiled.players_in_round, compiled.hand_sizes, TRUMP_CODES, strategy_of_seat,
                   np.array([_CODE[c] for c in by], dtype=np.int64), lows, radices)  # fmt: skip
    if isinstance(arrays, MatchArrays):
        _count_matches(arrays.bids, arrays.tricks, arrays.scores, arrays.dealer, arrays.trump, table, out)
    else:
        _count_deals(arrays.bids, arrays.tricks, arrays.scores, arrays.dealer, arrays.trump, arrays.round, table, out)
    occupied = np.flatnonzero(out[:, 0])
    return CellCounts(tuple(by), lows, radices, tuple(unique), occupied, out[occupied])


def _column(name: str, values: np.ndarray, strategies: list[str]) -> object:
    """A counted column's values with the deals frame's dtype (see :func:`ohhell.sim.frames.deal_frame`)."""
    if name == "round":
        return (values + 1).astype(np.int16)
    if name == "trump":
        return pd.Categorical.from_codes(values, categories=pd.Index(TRUMP_CATEGORIES))
    if name == "strategy":
        return pd.Categorical.from_codes(values, categories=pd.Index(strategies))
    if name == "made":
        return values.astype(bool)
    return values.astype(np.int8)
