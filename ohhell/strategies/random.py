"""The uniformly random legal player: a baseline, and a fuzzer for the engine."""

from __future__ import annotations

from dataclasses import dataclass

from ohhell.cards import Card, Suit
from ohhell.engine import Observation, Stream

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

    def bid(self, obs: Observation, rng: Stream) -> int:
        return obs.legal_bids[int(rng.integers(len(obs.legal_bids)))]

    def play(self, obs: Observation, rng: Stream) -> Card:
        return obs.legal_cards[int(rng.integers(len(obs.legal_cards)))]

    def name_trump(self, obs: Observation, rng: Stream) -> Suit:
        return obs.legal_suits[int(rng.integers(len(obs.legal_suits)))]
