"""The extension point for Dutch players: the :class:`Player` protocol.

A player answers one question: the action to take, from an
:class:`~ohhell.dutch.observation.Observation` (its ``legal`` field lists the
choices) and its seat's own random stream.  The engine checks every answer.

A player may also have ``for_round(seat) -> Player``: the engine then plays
the round with what it returns for that seat (a player that keeps a memory
over the round, as the forgetful memory player does).
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from ohhell.dutch.actions import Action
from ohhell.dutch.observation import Observation
from ohhell.engine.stream import Stream

__all__ = ["Player"]


@runtime_checkable
class Player(Protocol):
    """A Dutch player."""

    def act(self, obs: Observation, rng: Stream) -> Action: ...
