"""Bid restrictions: keeping the sum of the bids off the hand size.

Each policy is a frozen value; the engine consults it through the plain
functions at the bottom of this module, which work on integers only.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, Protocol, runtime_checkable

from numba import njit

__all__ = [
    "BidRestriction",
    "RestrictionKind",
    "NoRestriction",
    "DealerHook",
    "FirstBidderAdjusts",
    "HighestBidderAdjusts",
    "hooked_bid",
    "hook_bids",
    "adjusting_seat",
    "adjust_options",
]

RestrictionKind = Literal["none", "hook", "first-adjusts", "highest-adjusts"]


@runtime_checkable
class BidRestriction(Protocol):
    """How the rule "the bids may not sum to the hand size" is enforced, if at all."""

    @property
    def kind(self) -> RestrictionKind: ...


@dataclass(frozen=True, slots=True, kw_only=True)
class NoRestriction:
    """The bids may sum to anything; everyone can make it in the same round.

    Names: Bondebridge groups that "drop the rule" ("dropper regelen helt").
    """

    @property
    def kind(self) -> RestrictionKind:
        return "none"


@dataclass(frozen=True, slots=True, kw_only=True)
class DealerHook:
    """The dealer, bidding last, may not bid the number that makes the sum equal the hand size.

    Needs sequential bidding.

    Names: Boerenbridge "boerenregel", Up and Down the River, English Oh Hell
    ("the hook"), OpenSpiel.

    Examples
    --------
    The source's example: 5 cards, bids 2, 0, 1 before the dealer, who may not bid 2.

    >>> hooked_bid(5, [2, 0, 1])
    2
    """

    @property
    def kind(self) -> RestrictionKind:
        return "hook"


@dataclass(frozen=True, slots=True, kw_only=True)
class FirstBidderAdjusts:
    """If the bids sum to the hand size, the player left of the dealer moves one up or down.

    Their choice; never below 0 nor above the hand size.

    Names: Bondebridge ("spilleren til venstre for giver må endre meldingen").

    Examples
    --------
    The source's example: 4 players, 6 cards, bids 2, 1, 2, 1 (sum 6); the
    player left of the dealer bid 1 and must go to 2 or 0.  Here the dealer
    is seat 3 and bid 2, so seat 0 (left of the dealer) bid 1:

    >>> dealer = 3
    >>> bids = [1, 2, 1, 2]  # by seat: seat 0 is left of dealer 3
    >>> seat = adjusting_seat("first-adjusts", 6, bids, dealer)
    >>> seat, adjust_options(bids[seat], 6)
    (0, (0, 2))
    """

    @property
    def kind(self) -> RestrictionKind:
        return "first-adjusts"


@dataclass(frozen=True, slots=True, kw_only=True)
class HighestBidderAdjusts:
    """If the bids sum to the hand size, the highest bidder moves one up or down.

    Ties: the tied bidder nearest the dealer's left adjusts.

    Names: Bondebridge house rule ("spilleren med høyeste melding").
    """

    @property
    def kind(self) -> RestrictionKind:
        return "highest-adjusts"


def hooked_bid(hand_size: int, earlier_bids: Sequence[int]) -> int | None:
    """The bid the dealer may not make under the hook, or None when it is out of range."""
    forbidden = hand_size - sum(earlier_bids)
    return forbidden if 0 <= forbidden <= hand_size else None


@njit(cache=True, error_model="numpy")
def hook_bids(hand_size: int, earlier_total: int, bids: int) -> int:
    """The bid mask ``bids`` less the dealer's hooked bid after bids summing to ``earlier_total``
    (compiled, for the players' simulations; the same rule as :func:`hooked_bid`)."""
    forbidden = hand_size - earlier_total
    if 0 <= forbidden <= hand_size:
        return bids & ~(1 << forbidden)
    return bids


def adjusting_seat(kind: RestrictionKind, hand_size: int, bids: Sequence[int], dealer: int) -> int | None:
    """After simultaneous-style bidding: the seat that must adjust, or None."""
    if kind not in ("first-adjusts", "highest-adjusts") or sum(bids) != hand_size:
        return None
    n = len(bids)
    order = [(dealer + 1 + i) % n for i in range(n)]
    if kind == "first-adjusts":
        return order[0]
    top = max(bids)
    return next(s for s in order if bids[s] == top)


def adjust_options(bid: int, hand_size: int) -> tuple[int, ...]:
    """The bids an adjusting player may move to: one down or one up, within 0..hand size."""
    return tuple(b for b in (bid - 1, bid + 1) if 0 <= b <= hand_size)
