"""The extension point for players: the :class:`Strategy` protocol.

A strategy answers three questions from an :class:`Observation` and an
explicit random stream (:class:`~ohhell.engine.stream.Stream`, its seat's own;
``rng.numpy()`` gives a NumPy Generator when its full API is wanted): a bid (also asked in the ``adjust`` phase, with
the allowed moves in ``legal_bids``), a card, and, when a Wizard is turned
up and it deals, a trump suit.  The engine checks every answer.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from ohhell.cards import Card, Suit
from ohhell.engine.observation import Observation
from ohhell.engine.stream import Stream

__all__ = ["Strategy"]


@runtime_checkable
class Strategy(Protocol):
    """A player: bidding, card-play and trump-naming decisions."""

    def bid(self, obs: Observation, rng: Stream) -> int: ...

    def play(self, obs: Observation, rng: Stream) -> Card: ...

    def name_trump(self, obs: Observation, rng: Stream) -> Suit: ...
