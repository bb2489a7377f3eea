"""Rules: one small policy per concern, combined in a :class:`Rules` value.

The folder lists the concerns: ``deck``, ``schedule``, ``trump``,
``bidding`` (order and information), ``restriction``, ``tricks``,
``scoring``, ``match_end``; ``variant`` combines them, ``presets`` names the
sources' variants and ``compiled`` derives the plain data engines use.
"""

from ohhell.rules.bidding import BlindRounds, ForeheadRounds, OpenHands, Sequential, Simultaneous
from ohhell.rules.compiled import CompiledRules, compile_rules
from ohhell.rules.deck import DoubleDeck, ReducedDeck, StandardDeck, WizardDeck
from ohhell.rules.match_end import Elimination, PlayAllRounds, standings, winners
from ohhell.rules.presets import PRESETS, boerenbridge, bondebridge, openspiel, preset, up_and_down_the_river
from ohhell.rules.restriction import DealerHook, FirstBidderAdjusts, HighestBidderAdjusts, NoRestriction
from ohhell.rules.schedule import BoerenbridgeLadder, ExplicitSchedule, FixedHands, HighFirst, Ladder, ShortGame
from ohhell.rules.scoring import BoerConsolation, ExactBonus, Harsh, MissScoresTricks, MissZero, Scoring
from ohhell.rules.tricks import FollowSuit, legal_cards, trick_winner
from ohhell.rules.trump import (
    DrawTrump,
    FixedRotation,
    NoTrump,
    NoTrumpRounds,
    SetesdalTrump,
    Trump,
    TrumpPlan,
    TurnUpOnce,
    TurnUpTrump,
)
from ohhell.rules.variant import Rules, RulesError

__all__ = [
    "Rules",
    "RulesError",
    "CompiledRules",
    "compile_rules",
    "StandardDeck",
    "DoubleDeck",
    "ReducedDeck",
    "WizardDeck",
    "Ladder",
    "HighFirst",
    "FixedHands",
    "ShortGame",
    "ExplicitSchedule",
    "BoerenbridgeLadder",
    "Trump",
    "TrumpPlan",
    "TurnUpTrump",
    "TurnUpOnce",
    "FixedRotation",
    "DrawTrump",
    "SetesdalTrump",
    "NoTrump",
    "NoTrumpRounds",
    "Sequential",
    "Simultaneous",
    "OpenHands",
    "BlindRounds",
    "ForeheadRounds",
    "NoRestriction",
    "DealerHook",
    "FirstBidderAdjusts",
    "HighestBidderAdjusts",
    "FollowSuit",
    "legal_cards",
    "trick_winner",
    "Scoring",
    "ExactBonus",
    "MissZero",
    "Harsh",
    "MissScoresTricks",
    "BoerConsolation",
    "PlayAllRounds",
    "Elimination",
    "standings",
    "winners",
    "PRESETS",
    "preset",
    "boerenbridge",
    "bondebridge",
    "up_and_down_the_river",
    "openspiel",
]
