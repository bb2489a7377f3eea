"""Strategies: players that answer from observations (never from the deal state).

``random`` (uniform legal play), ``folk`` (the rule sources' tips, one switch
each, and the "vri" spoiler) with its compiled decision core ``folk_core``,
``expected_value`` (bids by simulated expected score, ``ev_core``),
``playout`` (the compiled trick-play loop they share with the fast path),
``solver`` (perfect-information search) and ``pimc`` (Monte Carlo over it),
``rollout`` (the strong player: every choice by rollouts of the bid-aware
policy ``policy_core`` over sampled deals, ``rollout_core``) and ``card_odds`` (the fast
strong player: bids from per-card trick chances learned in self-play,
``odds_core``; plays the rollout policy; on the compiled path), ``distilled``
(the card-odds bids with cards by a linear policy fitted to the rollout
player's card values, ``distilled_core``, fitted by ``distill``, weights in
``distilled_weights``; on the compiled path); ``ismcts``
(the rollout player's bids, card play by an information-set tree search with
the rollout policy's playouts, ``ismcts_core``).
"""

from ohhell.strategies.card_odds import CardOdds
from ohhell.strategies.distilled import Distilled
from ohhell.strategies.expected_value import ExpectedValue
from ohhell.strategies.folk import Folk, Spoiler
from ohhell.strategies.ismcts import ISMCTS
from ohhell.strategies.pimc import PIMC
from ohhell.strategies.random import RandomStrategy
from ohhell.strategies.rollout import Rollout

__all__ = ["RandomStrategy", "Folk", "Spoiler", "ExpectedValue", "PIMC", "Rollout", "CardOdds", "Distilled", "ISMCTS"]
