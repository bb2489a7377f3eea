"""Strategies: players that answer from observations (never from the deal state).

``random`` (uniform legal play), ``folk`` (the rule sources' tips, one switch
each, and the "vri" spoiler) with its compiled decision core ``folk_core``,
``expected_value`` (bids by simulated expected score, ``ev_core``), and
``playout`` (the compiled trick-play loop they share with the fast path).
"""

from ohhell.strategies.expected_value import ExpectedValue
from ohhell.strategies.folk import Folk, Spoiler
from ohhell.strategies.random import RandomStrategy

__all__ = ["RandomStrategy", "Folk", "Spoiler", "ExpectedValue"]
