"""ohhell: rules, engine and studies for the Oh Hell family of trick-taking games.

Layers, lowest first: :mod:`ohhell.cards`, :mod:`ohhell.rules` (policies and
presets), :mod:`ohhell.engine` (deals and matches), :mod:`ohhell.strategies`
(players), :mod:`ohhell.sim` (Monte Carlo), :mod:`ohhell.stats` (intervals),
:mod:`ohhell.records` (deal records, replay, score sheets) and
:mod:`ohhell.cli`.

Examples
--------
>>> import ohhell
>>> rules = ohhell.boerenbridge(players=4)
>>> match = ohhell.play_match(rules, [ohhell.RandomStrategy()] * 4, seed=2026)
>>> len(match.deals), len(match.totals)
(15, 4)
"""

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

__version__ = "0.1.0"

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
