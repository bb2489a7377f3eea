"""What one seat may know at a decision: the only thing strategies see.

The engine builds an :class:`Observation` for the seat to act; it holds that
seat's hand (or nothing when bidding blind, or the other hands in a forehead
round), the public cards (trump indicator, cards set aside), the bids it may
see, the tricks so far and the legal choices.  Nothing else of the deal is
reachable from it, so a strategy cannot cheat.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ohhell.cards import Card, Suit
from ohhell.rules import Rules, Trump

__all__ = ["Observation", "Phase", "Trick"]

#: ``name_trump``: a Wizard was turned up and the dealer names trump;
#: ``bid``: a first bid; ``adjust``: the bids summed to the hand size and this
#: seat must move one up or down; ``play``: a card to the current trick.
Phase = Literal["name_trump", "bid", "adjust", "play"]


@dataclass(frozen=True, slots=True)
class Trick:
    """A completed trick: who led, the cards in play order, who won."""

    leader: int
    cards: tuple[Card, ...]
    winner: int

    def seat_of(self, position: int, players: int) -> int:
        """Seat that played the card at ``position`` in play order."""
        return (self.leader + position) % players


@dataclass(frozen=True, slots=True, kw_only=True)
class Observation:
    """One seat's view of the deal at a decision.

    Seats are numbered 0..players-1 clockwise; ``seat_from_dealer`` counts
    from the dealer's left (0 bids first, ``players - 1`` is the dealer).
    """

    rules: Rules
    round_index: int
    phase: Phase
    seat: int
    players: int
    dealer: int
    hand_size: int
    hand: tuple[Card, ...]
    visible_hands: tuple[tuple[Card, ...] | None, ...]
    trump: Trump
    trump_card: Card | None
    exposed: tuple[Card, ...]
    bids: tuple[int | None, ...]
    tricks_won: tuple[int, ...]
    leader: int
    current_trick: tuple[Card, ...]
    completed_tricks: tuple[Trick, ...]
    match_totals: tuple[int, ...]
    legal_bids: tuple[int, ...] = ()
    legal_cards: tuple[Card, ...] = ()
    legal_suits: tuple[Suit, ...] = ()

    @property
    def seat_from_dealer(self) -> int:
        """0 for the player left of the dealer, ``players - 1`` for the dealer."""
        return (self.seat - self.dealer - 1) % self.players

    @property
    def is_dealer(self) -> bool:
        return self.seat == self.dealer

    @property
    def played_cards(self) -> tuple[Card, ...]:
        """Every card played so far this deal, completed tricks then the current one."""
        return tuple(c for t in self.completed_tricks for c in t.cards) + self.current_trick

    @property
    def tricks_left(self) -> int:
        return self.hand_size - len(self.completed_tricks)
