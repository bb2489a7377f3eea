"""Strategies: players that answer from observations (never from the deal state).

``random`` (uniform legal play), ``folk`` (the rule sources' tips, one switch
each, and the "vri" spoiler) with its compiled decision core ``folk_core``.
"""

from ohhell.strategies.folk import Folk, Spoiler
from ohhell.strategies.random import RandomStrategy

__all__ = ["RandomStrategy", "Folk", "Spoiler"]
