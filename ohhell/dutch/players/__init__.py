"""Dutch players, by name: ``random``, ``threshold`` and ``memory``.

Examples
--------
>>> sorted(PLAYERS)
['memory', 'random', 'threshold']
>>> player("threshold")
ThresholdPlayer(call_below=8, keep_below=4, unknown_value=6.0, blind_exchange_from=9)
>>> player("memory:forget=0.1,capacity=6").forget
0.1
"""

from __future__ import annotations

import dataclasses
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
    """A player by its registry name, optionally with parameters: ``NAME`` or ``NAME:FIELD=VALUE,...``.

    Values are read as numbers (``none`` is None, ``true``/``false`` are
    booleans): ``memory:forget=0.1``, ``memory:capacity=6``,
    ``memory:use_look=false``, ``threshold:call_below=6``.
    """
    key, _, params = name.strip().lower().partition(":")
    if key not in PLAYERS:
        raise ValueError(f"unknown Dutch player {name!r}; players are: {', '.join(sorted(PLAYERS))}")
    made = PLAYERS[key]()
    if not params:
        return made
    names = {f.name for f in dataclasses.fields(made)}  # type: ignore[arg-type]
    changes: dict[str, object] = {}
    for item in params.split(","):
        field, eq, value = item.partition("=")
        field = field.strip()
        if not eq or field not in names:
            raise ValueError(
                f"Dutch player {name!r}: {item!r} is not FIELD=VALUE with FIELD one of {', '.join(sorted(names))}"
            )
        v = value.strip()
        try:
            changes[field] = (
                None
                if v == "none"
                else v == "true"
                if v in ("true", "false")
                else int(v)
                if v.lstrip("-").isdigit()
                else float(v)
            )
        except ValueError:
            raise ValueError(f"Dutch player {name!r}: {field}={value!r} is not a number") from None
    out: Player = dataclasses.replace(made, **changes)  # type: ignore[type-var]
    return out
