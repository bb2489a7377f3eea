"""Bidding order and what a bidder may see.

Order: :class:`Sequential` (from the dealer's left, the dealer last; each
bidder hears the bids before) or :class:`Simultaneous` (fingers or dice:
nobody sees another bid before bidding).

Information: :class:`OpenHands` (bid on your own hand, the usual game),
:class:`BlindRounds` (bid before seeing any card, with a score multiplier)
and :class:`ForeheadRounds` (see every hand but your own).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Protocol, runtime_checkable

from ohhell.rules.checks import MAX_HAND, SCORE_LIMIT, integer, integers, store

__all__ = [
    "BiddingOrder",
    "Sequential",
    "Simultaneous",
    "BidInformation",
    "Sight",
    "OpenHands",
    "BlindRounds",
    "ForeheadRounds",
]


@runtime_checkable
class BiddingOrder(Protocol):
    """Whether bids are made in turn or all at once."""

    @property
    def simultaneous(self) -> bool: ...


@dataclass(frozen=True, slots=True, kw_only=True)
class Sequential:
    """Bids in turn, clockwise from the dealer's left; the dealer bids last.

    Names: Boerenbridge, Up and Down the River, English Oh Hell, OpenSpiel.
    """

    @property
    def simultaneous(self) -> bool:
        return False


@dataclass(frozen=True, slots=True, kw_only=True)
class Simultaneous:
    """Everyone bids at once (fingers on three; a fist is 0), or with hidden dice.

    Names: Bondebridge ("alle melder samtidig"; "melding med terning").
    """

    @property
    def simultaneous(self) -> bool:
        return True


#: What a seat sees when it bids: its own hand, nothing, or every hand but its own.
Sight = Literal["own", "blind", "forehead"]


@runtime_checkable
class BidInformation(Protocol):
    """What each seat sees when it bids, per hand size, and the score multiplier."""

    def sight(self, hand_size: int) -> Sight: ...

    def multiplier(self, hand_size: int) -> int: ...


@dataclass(frozen=True, slots=True, kw_only=True)
class OpenHands:
    """Everyone bids looking at their own hand."""

    def sight(self, hand_size: int) -> Sight:
        return "own"

    def multiplier(self, hand_size: int) -> int:
        return 1


@dataclass(frozen=True, slots=True, kw_only=True)
class BlindRounds:
    """Rounds of the given hand sizes are bid blind; their scores are multiplied.

    The cards are looked at only after every bid is made.  The source says "a
    higher scoring multiplier applies" without a number: ``multiplier`` is a
    parameter (default 2, an integer from 1 to 1,000,000) applied to the
    whole round score, miss or made.  ``hand_sizes`` is a tuple of hand sizes
    (each at most once; a size the schedule never deals never applies).

    Names: "Blind Boerenbridge" (1-card rounds); the Bondebridge forehead
    round played "helt usett" (fully blind).
    """

    hand_sizes: tuple[int, ...] = (1,)
    multiplier_value: int = 2

    def __post_init__(self) -> None:
        sizes = integers("BlindRounds.hand_sizes", self.hand_sizes, low=1, high=MAX_HAND, unique=True)
        store(self, "hand_sizes", sizes)
        value = integer("BlindRounds.multiplier_value", self.multiplier_value, low=1, high=SCORE_LIMIT)
        store(self, "multiplier_value", value)

    def sight(self, hand_size: int) -> Sight:
        return "blind" if hand_size in self.hand_sizes else "own"

    def multiplier(self, hand_size: int) -> int:
        return self.multiplier_value if hand_size in self.hand_sizes else 1


@dataclass(frozen=True, slots=True, kw_only=True)
class ForeheadRounds:
    """In rounds of the given hand sizes each player bids seeing every hand but their own.

    Names: Bondebridge house rule "pannekortet" (the 1-card round, cards held
    to the forehead).  ``hand_sizes`` as for :class:`BlindRounds`.
    """

    hand_sizes: tuple[int, ...] = (1,)

    def __post_init__(self) -> None:
        sizes = integers("ForeheadRounds.hand_sizes", self.hand_sizes, low=1, high=MAX_HAND, unique=True)
        store(self, "hand_sizes", sizes)

    def sight(self, hand_size: int) -> Sight:
        return "forehead" if hand_size in self.hand_sizes else "own"

    def multiplier(self, hand_size: int) -> int:
        return 1
