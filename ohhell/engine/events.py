"""The event log of a deal: what happened, in order."""

from __future__ import annotations

from dataclasses import dataclass

from ohhell.cards import Card, Suit

__all__ = ["Event", "TrumpNamed", "BidMade", "BidAdjusted", "CardPlayed", "TrickWon"]


@dataclass(frozen=True, slots=True)
class TrumpNamed:
    """The dealer named trump after a Wizard was turned up."""

    seat: int
    suit: Suit


@dataclass(frozen=True, slots=True)
class BidMade:
    seat: int
    bid: int


@dataclass(frozen=True, slots=True)
class BidAdjusted:
    """The bids summed to the hand size; ``seat`` moved from ``old`` to ``new``."""

    seat: int
    old: int
    new: int


@dataclass(frozen=True, slots=True)
class CardPlayed:
    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class TrickWon:
    seat: int
    trick_index: int


Event = TrumpNamed | BidMade | BidAdjusted | CardPlayed | TrickWon
