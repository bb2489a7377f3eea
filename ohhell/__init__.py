"""ohhell: rules, engine and studies for the Oh Hell family of trick-taking games.

Layers, lowest first: :mod:`ohhell.cards`, :mod:`ohhell.rules` (policies and
presets), :mod:`ohhell.engine` (deals and matches), :mod:`ohhell.strategies`
(players), :mod:`ohhell.sim` (Monte Carlo), :mod:`ohhell.stats` (intervals),
:mod:`ohhell.records` (deal records, replay, score sheets) and
:mod:`ohhell.cli`.

The names below are imported on first use, so ``import ohhell`` (and the
command line's ``--help``) does not load numba, pandas or scipy until a
name that needs them is touched.

Examples
--------
>>> import ohhell
>>> rules = ohhell.boerenbridge(players=4)
>>> match = ohhell.play_match(rules, [ohhell.RandomStrategy()] * 4, seed=2026)
>>> len(match.deals), len(match.totals)
(15, 4)
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ohhell.cards import Card, Suit
    from ohhell.engine import (
        DealResult,
        DealState,
        IllegalMoveError,
        MatchResult,
        Observation,
        Strategy,
        play_deal,
        play_match,
    )
    from ohhell.rules import (
        PRESETS,
        Rules,
        RulesError,
        boerenbridge,
        bondebridge,
        compile_rules,
        openspiel,
        preset,
        up_and_down_the_river,
    )
    from ohhell.sim import SimulationResult, simulate
    from ohhell.strategies import RandomStrategy

from ohhell.version import __version__

#: Where each public name lives; imported by :func:`__getattr__` on first use.
_HOMES = {
    "Card": "ohhell.cards",
    "Suit": "ohhell.cards",
    "Rules": "ohhell.rules",
    "RulesError": "ohhell.rules",
    "PRESETS": "ohhell.rules",
    "preset": "ohhell.rules",
    "compile_rules": "ohhell.rules",
    "boerenbridge": "ohhell.rules",
    "bondebridge": "ohhell.rules",
    "up_and_down_the_river": "ohhell.rules",
    "openspiel": "ohhell.rules",
    "Observation": "ohhell.engine",
    "Strategy": "ohhell.engine",
    "DealState": "ohhell.engine",
    "DealResult": "ohhell.engine",
    "MatchResult": "ohhell.engine",
    "IllegalMoveError": "ohhell.engine",
    "play_deal": "ohhell.engine",
    "play_match": "ohhell.engine",
    "RandomStrategy": "ohhell.strategies",
    "simulate": "ohhell.sim",
    "SimulationResult": "ohhell.sim",
}

__all__ = [
    "Card",
    "Suit",
    "Rules",
    "RulesError",
    "PRESETS",
    "preset",
    "compile_rules",
    "boerenbridge",
    "bondebridge",
    "up_and_down_the_river",
    "openspiel",
    "Observation",
    "Strategy",
    "DealState",
    "DealResult",
    "MatchResult",
    "IllegalMoveError",
    "play_deal",
    "play_match",
    "RandomStrategy",
    "simulate",
    "SimulationResult",
    "__version__",
]


def __getattr__(name: str) -> object:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'ohhell' has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value  # later lookups skip this function
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_HOMES})
