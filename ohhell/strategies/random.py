"""The uniformly random legal player: a baseline, and a fuzzer for the engine."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ohhell.cards import Card, Suit
from ohhell.engine import Observation

__all__ = ["RandomStrategy"]


@dataclass(frozen=True, slots=True, kw_only=True)
class RandomStrategy:
    """Every decision uniformly at random among the legal choices.

    Each decision reads exactly one ``rng.integers(len(legal))`` draw.

    Examples
    --------
    >>> from ohhell.engine import play_deal
    >>> from ohhell.rules import boerenbridge
    >>> play_deal(boerenbridge(4), [RandomStrategy()] * 4, seed=3).hand_size
    1
    """

    def bid(self, obs: Observation, rng: np.random.Generator) -> int:
        return obs.legal_bids[int(rng.integers(len(obs.legal_bids)))]

    def play(self, obs: Observation, rng: np.random.Generator) -> Card:
        return obs.legal_cards[int(rng.integers(len(obs.legal_cards)))]

    def name_trump(self, obs: Observation, rng: np.random.Generator) -> Suit:
        return obs.legal_suits[int(rng.integers(len(obs.legal_suits)))]
