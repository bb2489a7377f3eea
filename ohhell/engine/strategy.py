"""The extension point for players: the :class:`Strategy` protocol.

A strategy answers three questions from an :class:`Observation` and an
explicit random stream (:class:`~ohhell.engine.stream.Stream`, its seat's own;
``rng.numpy()`` gives a NumPy Generator when its full API is wanted): a bid (also asked in the ``adjust`` phase, with
the allowed moves in ``legal_bids``), a card, and, when a Wizard is turned
up and it deals, a trump suit.  The engine checks every answer.

A strategy whose decisions call compiled (numba) functions may also name
them (:class:`CompiledStrategy`), so that a run builds them, with a line
saying so, before its first chunk instead of stalling at a first decision.
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from ohhell.cards import Card, Suit
from ohhell.engine.observation import Observation
from ohhell.engine.stream import Stream

__all__ = ["Strategy", "CompiledStrategy", "compiled_functions"]


@runtime_checkable
class Strategy(Protocol):
    """A player: bidding, card-play and trump-naming decisions."""

    def bid(self, obs: Observation, rng: Stream) -> int: ...

    def play(self, obs: Observation, rng: Stream) -> Card: ...

    def name_trump(self, obs: Observation, rng: Stream) -> Suit: ...


@runtime_checkable
class CompiledStrategy(Protocol):
    """A strategy that names the compiled (numba) functions its decisions call, its inner players' too."""

    def compiled_functions(self) -> tuple[Any, ...]: ...


def compiled_functions(*strategies: object) -> tuple[Any, ...]:
    """The compiled functions the given strategies name (none for one that is not a
    :class:`CompiledStrategy`), each once, in order."""
    out: dict[int, Any] = {}
    for strategy in strategies:
        if isinstance(strategy, CompiledStrategy):
            for f in strategy.compiled_functions():
                out.setdefault(id(f), f)
    return tuple(out.values())
