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
    return all(c in COUNTED for c in by) and _layout(compiled, tuple(names), tuple(by)) is not None


class _Table(NamedTuple):
    """What the counting pass reads besides the chunk's arrays: the rules' rounds and the table's layout.

    A row's cell is ``sum(digit[i] * strides[i]) - offset`` over the digits of
    :data:`_DIGITS` (stride 0 for a digit that is not a grouping column).
    """

    players_in_round: np.ndarray
    hand_sizes: np.ndarray
    trump_codes: np.ndarray
    strategy_of_seat: np.ndarray
    strides: np.ndarray  # by digit of _DIGITS
    offset: int


class _Layout(NamedTuple):
    """A grouping's dense table: its digits' lows and radices, its cells, the counting pass's inputs."""

    lows: np.ndarray
    radices: np.ndarray
    cells: int
    strategies: tuple[str, ...]
    table: _Table


#: The last ``((compiled rules, names, by), layout)`` a process counted with: every chunk of a run shares it
#: (kept while the very same rules object comes back, as ``ohhell.sim.paths`` keeps the kernel's inputs).
_last_layout: list[tuple[tuple[CompiledRules, tuple[str, ...], tuple[str, ...]], _Layout | None]] = []


def _layout(compiled: CompiledRules, names: tuple[str, ...], by: tuple[str, ...]) -> _Layout | None:
    """The dense table of grouping ``by`` (None when a column is not a digit, is repeated, or the table is too
    large)."""
    if _last_layout:
        (c, n, b), found = _last_layout[0]
        if c is compiled and n == names and b == by:
            return found
    layout: _Layout | None = None
    if all(c in _CODE for c in by) and len(set(by)) == len(by):
        ranges = _ranges(compiled, names)
        lows = np.array([ranges[c][0] for c in by], dtype=np.int64)
        radices = np.array([ranges[c][1] for c in by], dtype=np.int64)
        cells = 1
        for radix in radices:
            cells *= int(radix)
        if cells <= MAX_CELLS:
            strides = np.zeros(len(_DIGITS), dtype=np.int64)
            offset = 0
            stride = 1
            for c, low, radix in reversed(list(zip(by, lows, radices))):  # first column most significant
                strides[_CODE[c]] = stride
                offset += int(low) * stride
                stride *= int(radix)
            unique = strategy_categories(names)
            strategy_of_seat = np.array([unique.index(n) for n in names], dtype=np.int64)
            table = _Table(compiled.players_in_round, compiled.hand_sizes, TRUMP_CODES, strategy_of_seat, strides,
                           offset)  # fmt: skip
            layout = _Layout(lows, radices, cells, tuple(unique), table)
    _last_layout[:] = [((compiled, names, by), layout)]
    return layout


@njit(cache=True, inline="always", error_model="numpy")
def _add_row(
    table: _Table, r: int, n: int, s: int, from_dealer: int, trump_code: int, b: int, t: int, sc: int, out: np.ndarray
) -> None:
    """Add one row (seat ``s`` of a deal of round ``r`` with ``n`` seats) to its cell of ``out``."""
    st = table.strides
    made = 1 if b == t else 0
    cell = (
        r * st[0] + n * st[1] + s * st[2] + from_dealer * st[3] + table.hand_sizes[r] * st[4] + trump_code * st[5]
        + b * st[6] + t * st[7] + made * st[8] + table.strategy_of_seat[s] * st[9] - table.offset
    )  # fmt: skip
    out[cell, 0] += 1
    out[cell, 1] += made
    out[cell, 2] += sc
    out[cell, 3] += sc * sc


@njit(cache=True, error_model="numpy")
def _count_deals(
    bids: np.ndarray, tricks: np.ndarray, scores: np.ndarray, dealer: np.ndarray, trump: np.ndarray,
    rounds: np.ndarray, table: _Table, out: np.ndarray,
) -> None:  # fmt: skip
    """Deals mode (seats ``0 .. n - 1`` at the table): add every (deal, seat) row to ``out[cell]`` =
    (n, made, score sum, score squares)."""
    for u in range(bids.shape[0]):
        r = rounds[u]
        n = table.players_in_round[r]
        trump_code = table.trump_codes[(trump[u, 0] + 1) * 5 + (trump[u, 1] + 1)]
        from_dealer = n - 1 - dealer[u]  # of seat 0: (0 - dealer - 1) mod n
        for s in range(n):
            _add_row(table, r, n, s, from_dealer, trump_code, bids[u, s], tricks[u, s], scores[u, s], out)
            from_dealer += 1
            if from_dealer == n:
                from_dealer = 0


@njit(cache=True, error_model="numpy")
def _count_matches(
    bids: np.ndarray, tricks: np.ndarray, scores: np.ndarray, dealer: np.ndarray, trump: np.ndarray,
    table: _Table, out: np.ndarray,
) -> None:  # fmt: skip
    """Matches mode (``[match, round, seat]`` by match seat, bid -1: sat out): the seats at the table are
    those with a bid, numbered in order for the seat from the dealer; otherwise as :func:`_count_deals`."""
    players = bids.shape[2]
    for u in range(bids.shape[0]):
        for r in range(bids.shape[1]):
            n = table.players_in_round[r]
            trump_code = table.trump_codes[(trump[u, r, 0] + 1) * 5 + (trump[u, r, 1] + 1)]
            d = dealer[u, r]
            local_dealer = 0
            for s in range(d):
                if bids[u, r, s] >= 0:
                    local_dealer += 1
            w = 0
            for s in range(players):
                b = bids[u, r, s]
                if b < 0:
                    continue
                from_dealer = (w - local_dealer - 1) % n
                _add_row(table, r, n, s, from_dealer, trump_code, b, tricks[u, r, s], scores[u, r, s], out)
                w += 1


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
    cells = 1
    for radix in first.radices:
        cells *= int(radix)
    if cells > 4 * sum(p.cells.shape[0] for p in parts):  # a sparse table: sum by the occupied cells
        unique, where = np.unique(np.concatenate([p.cells for p in parts]), return_inverse=True)
        total = np.zeros((unique.shape[0], 4), dtype=np.int64)
        np.add.at(total, where, np.concatenate([p.counts for p in parts]))
        return CellCounts(first.by, first.lows, first.radices, first.strategies, unique, total)
    dense = np.zeros((cells, 4), dtype=np.int64)
    for p in parts:
        dense[p.cells] += p.counts  # a part's cells are distinct
    occupied = np.flatnonzero(dense[:, 0])
    return CellCounts(first.by, first.lows, first.radices, first.strategies, occupied, dense[occupied])


def count_summary(
    compiled: CompiledRules, names: Sequence[str], arrays: DealArrays | MatchArrays, by: Sequence[str]
) -> CellCounts:
    """The summary counts of one chunk grouped by ``by`` (see :func:`countable`)."""
    layout = _layout(compiled, tuple(names), tuple(by))
    if layout is None:
        raise ValueError(f"summary by {list(by)} is not counted in compiled code (see countable)")
    out = np.zeros((layout.cells, 4), dtype=np.int64)
    if isinstance(arrays, MatchArrays):
        _count_matches(arrays.bids, arrays.tricks, arrays.scores, arrays.dealer, arrays.trump, layout.table, out)
    else:
        _count_deals(arrays.bids, arrays.tricks, arrays.scores, arrays.dealer, arrays.trump, arrays.round,
                     layout.table, out)  # fmt: skip
    occupied = np.flatnonzero(out[:, 0])
    return CellCounts(tuple(by), layout.lows, layout.radices, layout.strategies, occupied, out[occupied])


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
