"""Strategies: players that answer from observations (never from the deal state)."""

from ohhell.strategies.random import RandomStrategy

__all__ = ["RandomStrategy"]
