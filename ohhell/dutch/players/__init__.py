"""Dutch players, by name: ``random``, ``threshold`` and ``memory``.

Examples
--------
>>> sorted(PLAYERS)
['memory', 'random', 'threshold']
>>> player("threshold")
ThresholdPlayer(call_below=8, keep_below=4, unknown_value=6.0, blind_exchange_from=9)
"""

from __future__ import annotations

from collections.abc import Callable

from ohhell.dutch.players.base import Player
from ohhell.dutch.players.memory import MemoryPlayer
from ohhell.dutch.players.random import RandomPlayer
from ohhell.dutch.players.threshold import ThresholdPlayer

__all__ = ["Player", "RandomPlayer", "ThresholdPlayer", "MemoryPlayer", "PLAYERS", "player"]

PLAYERS: dict[str, Callable[[], Player]] = {
    "random": RandomPlayer,
    "threshold": ThresholdPlayer,
    "memory": MemoryPlayer,
}


def player(name: str) -> Player:
    """A player by its registry name."""
    key = name.strip().lower()
    if key not in PLAYERS:
        raise ValueError(f"unknown Dutch player {name!r}; players are: {', '.join(sorted(PLAYERS))}")
    return PLAYERS[key]()
