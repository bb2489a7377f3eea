"""The named variants, each as its source gives it.

Every preset is a function of the player count returning a :class:`Rules`
value; change one policy with :func:`dataclasses.replace`.  ``PRESETS`` maps
the names used by the command line to these functions.  docs/variants/ has
one page per preset listing every choice and its source.

Examples
--------
>>> from dataclasses import replace
>>> from ohhell.rules.scoring import Harsh, Scoring, ExactBonus
>>> harsh = replace(boerenbridge(4), scoring=Scoring(made=ExactBonus(base=10, per_trick=2), miss=Harsh()))
>>> harsh.hand_sizes == boerenbridge(4).hand_sizes
True
>>> sorted(PRESETS)
['boerenbridge', 'bondebridge', 'openspiel', 'up-and-down-the-river']
"""

from __future__ import annotations

from typing import Protocol

from ohhell.rules.bidding import OpenHands, Sequential, Simultaneous
from ohhell.rules.deck import ReducedDeck, StandardDeck
from ohhell.rules.match_end import PlayAllRounds
from ohhell.rules.restriction import DealerHook, FirstBidderAdjusts
from ohhell.rules.schedule import BoerenbridgeLadder, Ladder
from ohhell.rules.scoring import ExactBonus, MissScoresTricks, MissZero, Scoring
from ohhell.rules.tricks import FollowSuit
from ohhell.rules.trump import FixedRotation, NoTrumpRounds, TurnUpOnce, TurnUpTrump
from ohhell.rules.variant import Rules, RulesError

__all__ = ["boerenbridge", "bondebridge", "up_and_down_the_river", "openspiel", "PRESETS", "preset"]


def _players(name: str, players: int, low: int, high: int) -> None:
    if not low <= players <= high:
        raise RulesError(f"{name} is played by {low} to {high} players, got {players}")


def boerenbridge(players: int = 4) -> Rules:
    """Boerenbridge (Dutch Oh Hell), 2-7 players.

    The player count's ladder (4: 1..8..1), a card turned up for trump every
    round, bids in turn with the dealer hooked, 10 + 2 per trick for an exact
    bid and 0 for a miss, most made bids then best round as tie-breaks.  Two
    players use a 26-card deck.  Source: ``boerenbridge.en.txt``.
    """
    _players("boerenbridge", players, 2, 7)
    return Rules(
        name="boerenbridge",
        players=players,
        deck=ReducedDeck(size=26) if players == 2 else StandardDeck(),
        schedule=BoerenbridgeLadder(),
        trump=TurnUpTrump(),
        bidding=Sequential(),
        information=OpenHands(),
        restriction=DealerHook(),
        tricks=FollowSuit(),
        scoring=Scoring(made=ExactBonus(base=10, per_trick=2), miss=MissZero()),
        match_end=PlayAllRounds(tie_breaks=("made_bids", "best_round")),
    )


def bondebridge(players: int = 4) -> Rules:
    """Bondebridge (Norwegian Oh Hell), 2-5 players.

    20 rounds 1..10,10..1; no trump in rounds 1-3 and 18-20, clubs, diamonds,
    hearts, spades in rotation from round 4; simultaneous bids; if they sum
    to the hand size the player left of the dealer moves one up or down;
    10 + the bid for an exact bid.  Source: ``bondebridge.no.txt``.
    """
    _players("bondebridge", players, 2, 5)
    return Rules(
        name="bondebridge",
        players=players,
        deck=StandardDeck(),
        schedule=Ladder(up_to=10, repeat_peak=True),
        trump=FixedRotation(),
        bidding=Simultaneous(),
        information=OpenHands(),
        restriction=FirstBidderAdjusts(),
        tricks=FollowSuit(),
        scoring=Scoring(made=ExactBonus(base=10, per_trick=1), miss=MissZero()),
        match_end=PlayAllRounds(tie_breaks=()),
    )


def up_and_down_the_river(players: int = 4) -> Rules:
    """Up and Down the River (the score-keeping app's defaults), 3-7 players.

    1..max..1 with max 10 capped by the deck (keeping a trump card), trump
    turned up once in round 1 for the whole game, the final round without
    trump, bids in turn with the dealer hooked, 10 + bid for an exact bid.
    Source: ``up-and-down-the-river-app.en.txt``.
    """
    _players("up-and-down-the-river", players, 3, 7)
    return Rules(
        name="up-and-down-the-river",
        players=players,
        deck=StandardDeck(),
        schedule=Ladder(up_to=10, fit_to_deck=True),
        trump=NoTrumpRounds(base=TurnUpOnce(), final=True),
        bidding=Sequential(),
        information=OpenHands(),
        restriction=DealerHook(),
        tricks=FollowSuit(),
        scoring=Scoring(made=ExactBonus(base=10, per_trick=1), miss=MissZero()),
        match_end=PlayAllRounds(tie_breaks=()),
    )


def openspiel(players: int = 3) -> Rules:
    """OpenSpiel's ``oh_hell`` scoring, for cross-checking against that engine.

    An exact bid scores 10 + tricks, a miss scores the tricks won; dealer's
    hook; a card turned up each deal.  OpenSpiel plays single deals; this
    preset's match is a 1..max..1 ladder (use ``FixedHands(size=k, rounds=1)``
    for OpenSpiel's ``num_tricks_fixed=k``).
    """
    _players("openspiel", players, 3, 7)
    return Rules(
        name="openspiel",
        players=players,
        deck=StandardDeck(),
        schedule=Ladder(),
        trump=TurnUpTrump(),
        bidding=Sequential(),
        information=OpenHands(),
        restriction=DealerHook(),
        tricks=FollowSuit(),
        scoring=Scoring(made=ExactBonus(base=10, per_trick=1), miss=MissScoresTricks()),
        match_end=PlayAllRounds(tie_breaks=()),
    )


class PresetFactory(Protocol):
    """A preset: a function of the player count (each has its own default)."""

    def __call__(self, players: int = ...) -> Rules: ...


PRESETS: dict[str, PresetFactory] = {
    "boerenbridge": boerenbridge,
    "bondebridge": bondebridge,
    "up-and-down-the-river": up_and_down_the_river,
    "openspiel": openspiel,
}

DESCRIPTIONS: dict[str, str] = {
    "boerenbridge": "Dutch Oh Hell: ladder to 8 (4p), turned-up trump, dealer's hook, 10 + 2 per trick",
    "bondebridge": (
        "Norwegian Oh Hell: 1..10,10..1, fixed trump rotation, simultaneous bids, first bidder adjusts, 10 + bid"
    ),
    "up-and-down-the-river": "1..10..1, trump once per game, last round no trump, dealer's hook, 10 + bid",
    "openspiel": "OpenSpiel oh_hell scoring: 10 + tricks if exact, else the tricks; dealer's hook",
}


def preset(name: str, players: int | None = None) -> Rules:
    """A preset by its command-line name (``boerenbridge``, ``bondebridge``, ...)."""
    key = name.strip().lower().replace("_", "-")
    if key not in PRESETS:
        raise RulesError(f"unknown rules {name!r}; presets are: {', '.join(sorted(PRESETS))}")
    fn = PRESETS[key]
    return fn() if players is None else fn(players)
