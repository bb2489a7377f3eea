"""A perfect-information solver: what one seat can force when every hand is known.

The building block of perfect-information Monte Carlo (PIMC): sample the
unseen hands, solve each sample with every card open, and average.  A
:class:`Position` holds the hands still held, the trump and the current
trick; the questions are paranoid (the seat against all others together):
:func:`trick_bounds` (or one of its ends, :func:`most_tricks`,
:func:`fewest_tricks`), :func:`can_take_exactly`, :func:`exact_targets`,
:func:`card_values`, :func:`card_trick_values` and :func:`card_reach`.  :class:`SearchOptions`
turns search techniques off (for measurement; never a value changes) and
caps a call's nodes (:class:`SearchLimitExceeded`).

Modules
-------
- :mod:`~ohhell.strategies.solver.position`: the typed API (positions,
  options, the transposition table object, the questions, node counts);
- :mod:`~ohhell.strategies.solver.search`: the compiled search (null-window
  alpha-beta with an explicit stack; the fewest tricks searched upward, the
  most upward; each value carries the cards it depended on) and the entry
  points the API calls;
- :mod:`~ohhell.strategies.solver.layout`: the layouts of the state and table
  arrays, option flags, counters and bit tables;
- :mod:`~ohhell.strategies.solver.indexing`: the solver's compiled functions
  index their arrays without Python's negative-index step;
- :mod:`~ohhell.strategies.solver.moves`: legal cards, equivalent-card
  classes, move generation and ordering (heuristics, the table's card, a
  killer move);
- :mod:`~ohhell.strategies.solver.bounds`: tricks won or lost whatever anyone
  plays (trumps no higher trump can beat, quick tricks, covered suits) and the tricks the seat
  can keep to by ducking;
- :mod:`~ohhell.strategies.solver.table`: position keys and the
  transposition table's find and store, exact entries and partition-search
  entries (keyed by suit lengths and the holders of the cards that mattered).

The search is compiled with numba and cached on disk; numba's cache only
notices edits to a function's own file, so after editing a compiled module
here, delete ``__pycache__/*.nbi`` and ``*.nbc`` in this folder.

Examples
--------
>>> from ohhell.cards import parse_cards, Suit
>>> from ohhell.rules import Trump
>>> pos = Position.from_cards([parse_cards("AH 2C"), parse_cards("KH 3C")], Trump.of(Suit.HEARTS))
>>> trick_bounds(pos, 0)
(1, 1)
"""

from ohhell.strategies.solver.position import (
    Position,
    SearchLimitExceeded,
    SearchOptions,
    SolveStats,
    TranspositionTable,
    can_take_exactly,
    card_reach,
    card_trick_values,
    card_values,
    exact_targets,
    fewest_tricks,
    most_tricks,
    solve_stats,
    trick_bounds,
)

__all__ = [
    "Position",
    "SearchLimitExceeded",
    "SearchOptions",
    "SolveStats",
    "TranspositionTable",
    "can_take_exactly",
    "card_reach",
    "card_trick_values",
    "card_values",
    "exact_targets",
    "fewest_tricks",
    "most_tricks",
    "solve_stats",
    "trick_bounds",
]
