"""Bid restrictions: keeping the sum of the bids off the hand size.

Each policy is a frozen value.  The engines consult the restriction through
the compiled functions at the bottom of this module (:func:`legal_bid_mask`,
:func:`adjuster`, :func:`adjust_mask`, :func:`dealer_hooked`), which take the
restriction's code (:data:`ohhell.rules.compiled.RESTRICTIONS`: 0 none,
1 hook, 2 first adjusts, 3 highest adjusts) and work on integers only; the
plain Python functions beside them say the same rules over lists.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, Protocol, runtime_checkable

import numpy as np
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
    "legal_bid_mask",
    "dealer_hooked",
    "adjuster",
    "adjust_mask",
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


# -- compiled: one decision each, read by the reference engine and the kernel --

_HOOK, _FIRST_ADJUSTS, _HIGHEST_ADJUSTS = 1, 2, 3  # codes of ohhell.rules.compiled.RESTRICTIONS


@njit(cache=True, inline="always", error_model="numpy")
def legal_bid_mask(restriction: int, hand_size: int, is_dealer: bool, earlier_total: int) -> int:
    """The bids a player may make in the bidding, as a mask (bit ``b``: bid ``b``).

    Any bid from 0 to the hand size, less the dealer's hooked bid under the
    hook (code 1) after earlier bids summing to ``earlier_total``.

    Examples
    --------
    >>> bin(legal_bid_mask(1, 5, True, 3))  # the hook: bids 2, 0, 1 before the dealer forbid 2
    '0b111011'
    """
    bids = (1 << (hand_size + 1)) - 1
    if restriction == _HOOK and is_dealer:
        return hook_bids(hand_size, earlier_total, bids)
    return bids


@njit(cache=True, inline="always", error_model="numpy")
def dealer_hooked(restriction: int, hand_size: int, others_total: int) -> bool:
    """Whether the hook forbade the dealer a bid in range (the others bid ``others_total``)."""
    return restriction == _HOOK and 0 <= hand_size - others_total <= hand_size


@njit(cache=True, inline="always", error_model="numpy")
def adjuster(restriction: int, hand_size: int, bids: np.ndarray, n: int, dealer: int) -> int:
    """The seat that must move its bid after everyone bid (``bids[0:n]`` by seat), or -1.

    Only when the bids sum to the hand size: the dealer's left (code 2) or
    the highest bidder, the nearest the dealer's left on ties (code 3).
    """
    if restriction != _FIRST_ADJUSTS and restriction != _HIGHEST_ADJUSTS:
        return -1
    total = 0
    for s in range(n):
        total += bids[s]
    if total != hand_size:
        return -1
    seat = (dealer + 1) % n
    if restriction == _HIGHEST_ADJUSTS:
        top = -1
        for i in range(n):
            s = (dealer + 1 + i) % n
            if bids[s] > top:
                top = bids[s]
                seat = s
    return seat


@njit(cache=True, inline="always", error_model="numpy")
def adjust_mask(bid: int, hand_size: int) -> int:
    """The bids an adjusting player may move to, as a mask: one down or one up, within 0..hand size."""
    out = 0
    if bid >= 1:
        out |= 1 << (bid - 1)
    if bid + 1 <= hand_size:
        out |= 1 << (bid + 1)
    return out
