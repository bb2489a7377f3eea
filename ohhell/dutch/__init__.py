"""Dutch, the face-down memory game: rules, the reference engine, players and records.

A second game beside Oh Hell, sharing only the project's conventions (random
streams, errors, intervals).  Cards are integer codes (:mod:`ohhell.dutch.cards`);
the rules are one frozen value (:mod:`ohhell.dutch.rules`); a round is an
explicit state (:mod:`ohhell.dutch.state`) moved by checked actions
(:mod:`ohhell.dutch.actions`); players see an
:class:`~ohhell.dutch.observation.Observation` only.  :func:`simulate`
(:mod:`ohhell.dutch.sim`) plays seeded rounds or matches into pandas frames
on the generic Monte Carlo runner (:mod:`ohhell.sim.runner`), through the
compiled round of :mod:`ohhell.dutch.kernel` when every seat is a random,
threshold or memory player; :mod:`ohhell.dutch.studies` holds the studies.

Examples
--------
>>> from ohhell.dutch import dutch, play_match, ThresholdPlayer
>>> m = play_match(dutch(4), [ThresholdPlayer()] * 4, seed=2026)
>>> len(m.winners) >= 1
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ohhell.dutch.actions import (
    Action,
    CallDutch,
    Decline,
    Discard,
    DrawDeck,
    Exchange,
    Look,
    Peek,
    Swap,
    TakeDiscard,
    parse_action,
)
from ohhell.dutch.events import Event
from ohhell.dutch.observation import Observation
from ohhell.dutch.play import MatchResult, iter_match, play_match, play_round, run_round
from ohhell.dutch.players import PLAYERS, MemoryPlayer, Player, RandomPlayer, ThresholdPlayer, player
from ohhell.dutch.rules import (
    Call,
    CardValues,
    Deck,
    DiscardDraw,
    DutchRules,
    DutchRulesError,
    Layout,
    MatchEnd,
    Powers,
    StockOut,
    Turns,
    dutch,
    match_winners,
    round_scores,
)
from ohhell.dutch.state import RoundResult, RoundState, deal

if TYPE_CHECKING:
    from ohhell.dutch.sim import DutchResult, simulate


def __getattr__(name: str) -> Any:
    """``simulate`` and ``DutchResult`` load pandas and joblib: imported when first asked for."""
    if name in ("simulate", "DutchResult"):
        from ohhell.dutch import sim

        return getattr(sim, name)
    raise AttributeError(f"module 'ohhell.dutch' has no attribute {name!r}")


__all__ = [
    "Action",
    "CallDutch",
    "Decline",
    "Discard",
    "DrawDeck",
    "Exchange",
    "Look",
    "Peek",
    "Swap",
    "TakeDiscard",
    "parse_action",
    "Event",
    "Observation",
    "MatchResult",
    "iter_match",
    "play_match",
    "play_round",
    "run_round",
    "PLAYERS",
    "MemoryPlayer",
    "Player",
    "RandomPlayer",
    "ThresholdPlayer",
    "player",
    "Call",
    "CardValues",
    "Deck",
    "DiscardDraw",
    "DutchRules",
    "DutchRulesError",
    "Layout",
    "MatchEnd",
    "Powers",
    "StockOut",
    "Turns",
    "dutch",
    "match_winners",
    "round_scores",
    "RoundResult",
    "RoundState",
    "deal",
    "simulate",
    "DutchResult",
]
