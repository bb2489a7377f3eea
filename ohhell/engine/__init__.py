"""The reference engine: deal state, observations, deals and matches.

The engine reads :class:`~ohhell.rules.CompiledRules` and asks strategies
(:class:`Strategy`) for decisions through :class:`Observation` values.
"""

from ohhell.engine.errors import IllegalMoveError, RecordError
from ohhell.engine.events import BidAdjusted, BidMade, CardPlayed, Event, TrickWon, TrumpNamed
from ohhell.engine.ledger import MatchLedger, RoundSeating
from ohhell.engine.observation import Observation, Phase, Trick
from ohhell.engine.play import MatchResult, Seed, play_deal, play_match, run_deal, streams
from ohhell.engine.state import DealResult, DealState, deal
from ohhell.engine.strategy import CompiledStrategy, Strategy, compiled_functions
from ohhell.engine.stream import SeedLike, Stream, seed_sequence
from ohhell.engine.view import observation_from_view

__all__ = [
    "Observation",
    "observation_from_view",
    "Stream",
    "SeedLike",
    "seed_sequence",
    "MatchLedger",
    "RoundSeating",
    "Phase",
    "Trick",
    "Strategy",
    "CompiledStrategy",
    "compiled_functions",
    "DealState",
    "DealResult",
    "deal",
    "run_deal",
    "play_deal",
    "play_match",
    "MatchResult",
    "Seed",
    "streams",
    "IllegalMoveError",
    "RecordError",
    "Event",
    "TrumpNamed",
    "BidMade",
    "BidAdjusted",
    "CardPlayed",
    "TrickWon",
]
