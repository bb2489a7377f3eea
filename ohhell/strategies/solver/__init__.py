"""A perfect-information solver: what one seat can force when every hand is known.

The building block of perfect-information Monte Carlo (PIMC): sample the
unseen hands, solve each sample with every card open, and average.  A
:class:`Position` holds the hands still held, the trump and the current
trick; the questions are paranoid (the seat against all others together):
:func:`trick_bounds`, :func:`can_take_exactly`, :func:`exact_targets`,
:func:`card_values` and :func:`card_trick_values`.  The search is compiled
with numba (:mod:`ohhell.strategies.solver.search`).

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
    SearchOptions,
    SolveStats,
    TranspositionTable,
    can_take_exactly,
    card_trick_values,
    card_values,
    exact_targets,
    solve_stats,
    trick_bounds,
)

__all__ = [
    "Position",
    "SearchOptions",
    "SolveStats",
    "TranspositionTable",
    "can_take_exactly",
    "card_trick_values",
    "card_values",
    "exact_targets",
    "solve_stats",
    "trick_bounds",
]
