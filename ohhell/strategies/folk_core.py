"""The folk strategy's decisions, written once over integers and card masks.

These compiled functions are the whole of the folk player: the reference
engine calls them from :class:`ohhell.strategies.Folk` (after turning the
observation into masks) and the fast path calls them inside its kernel, so
both play the same cards by construction.  Each tip of the rule sources is
one bit of ``flags`` (see :data:`TIPS`), so a study can switch one off.

Conventions: cards are codes ``suit * 13 + rank - 2``; ``hand``, ``legal``
and ``played`` are masks; ``t_under``/``t_over`` the trump suits (-1 none; a
single trump is ``t_over``); ``legal_bids`` a mask with bit ``b`` for bid ``b``.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ohhell.cards.masks import highest_bit, lowest_bit, popcount, suit_mask
from ohhell.rules.tricks import trick_strength

__all__ = [
    "TIPS",
    "ALL_TIPS",
    "COUNT_TOP_TRUMPS",
    "NO_TRUMP_HIGH_CARDS",
    "BID_LOW",
    "WATCH_THE_FIELD",
    "SMALL_ROUNDS",
    "DEALER_BACKUP",
    "PROTECT_BID",
    "ZERO_BID_SHED",
    "TRACK_TRUMPS",
    "SPOIL",
    "folk_estimate",
    "folk_bid",
    "folk_play",
    "lowest_card",
    "highest_card",
    "sure_winner",
]

COUNT_TOP_TRUMPS = 1
NO_TRUMP_HIGH_CARDS = 2
BID_LOW = 4
WATCH_THE_FIELD = 8
SMALL_ROUNDS = 16
DEALER_BACKUP = 32
PROTECT_BID = 64
ZERO_BID_SHED = 128
TRACK_TRUMPS = 256
SPOIL = 512

#: Tip name -> bit, in the order the rule sources give them.
TIPS: dict[str, int] = {
    "count_top_trumps": COUNT_TOP_TRUMPS,
    "no_trump_high_cards": NO_TRUMP_HIGH_CARDS,
    "bid_low": BID_LOW,
    "watch_the_field": WATCH_THE_FIELD,
    "small_rounds": SMALL_ROUNDS,
    "dealer_backup": DEALER_BACKUP,
    "protect_bid": PROTECT_BID,
    "zero_bid_shed": ZERO_BID_SHED,
    "track_trumps": TRACK_TRUMPS,
}
ALL_TIPS = sum(TIPS.values())


@njit(cache=True, error_model="numpy")
def _is_trump(suit: int, t_under: int, t_over: int) -> bool:
    return suit in (t_over, t_under)


@njit(cache=True, error_model="numpy")
def folk_estimate(hand: int, h: int, t_under: int, t_over: int, flags: int) -> float:
    """Expected tricks of ``hand`` by the folk counting rules.

    Trump rounds: the trump ace and king one trick each and a trick more for
    many trumps (``COUNT_TOP_TRUMPS``; without it trumps count like side
    cards), a trump queen 0.5 with three trumps, other trumps 0.35; a side ace
    one trick, a king with at least one other card of its suit 0.5.
    No-trump rounds with ``NO_TRUMP_HIGH_CARDS``: an ace is a trick, a king
    only with its queen or two more cards of the suit (else 0.25), half a trick
    for each card past four in a long suit; without the tip they count as in
    a trump round.
    """
    est = 0.0
    no_trump = t_over < 0
    n_trumps = 0
    for s in range(4):
        if _is_trump(s, t_under, t_over):
            n_trumps += popcount(hand & suit_mask(s))
    for s in range(4):
        cards = hand & suit_mask(s)
        length = popcount(cards)
        if length == 0:
            continue
        ace = (cards >> (13 * s + 12)) & 1
        king = (cards >> (13 * s + 11)) & 1
        queen = (cards >> (13 * s + 10)) & 1
        if _is_trump(s, t_under, t_over) and flags & COUNT_TOP_TRUMPS:
            est += ace + king
            others = length - ace - king
            if queen:
                est += 0.5 if n_trumps >= 3 else 0.25
                others -= 1
            est += 0.35 * others
        elif no_trump and flags & NO_TRUMP_HIGH_CARDS:
            est += ace
            if king:
                est += 1.0 if (queen or length - ace >= 3) else 0.25
            if length > 4:
                est += 0.5 * (length - 4)
        else:
            est += ace
            if king and length >= 2:
                est += 0.5
    if flags & COUNT_TOP_TRUMPS and not no_trump and n_trumps >= max(3, (h + 1) // 2):
        est += 1.0
    return min(est, float(h))


@njit(cache=True, error_model="numpy")
def _nearest_legal(target: int, est: float, legal_bids: int, h: int) -> int:
    best = -1
    best_gap = 1e9
    for b in range(h + 1):
        if legal_bids >> b & 1:
            gap = abs(b - est)
            if gap < best_gap - 1e-12:
                best = b
                best_gap = gap
    return best


@njit(cache=True, error_model="numpy")
def folk_bid(
    hand: int,
    h: int,
    players: int,
    t_under: int,
    t_over: int,
    flags: int,
    earlier_sum: int,
    earlier_count: int,
    legal_bids: int,
) -> int:
    """The folk bid for ``hand``, one of ``legal_bids``.

    ``earlier_sum``/``earlier_count``: the bids this seat has heard (0, 0 when
    bidding blind to the others).  ``SMALL_ROUNDS``: in 1- and 2-card rounds
    bid the cards that are a trump or an ace (a card below a ten of a side
    suit is no trick).  ``BID_LOW``: round the estimate down, else to the
    nearest.  ``WATCH_THE_FIELD``: if the bids heard plus this bid plus the
    others' fair share leave a trick unclaimed and the hand has a part-trick,
    bid one more; if the table is over-bid by two, one less.
    ``DEALER_BACKUP``: when the wanted bid is not allowed, take the allowed
    bid nearest the estimate; without it, one more (else one less).
    """
    est = folk_estimate(hand, h, t_under, t_over, flags)
    if flags & SMALL_ROUNDS and h <= 2:
        base = 0
        for s in range(4):
            cards = hand & suit_mask(s)
            if _is_trump(s, t_under, t_over):
                base += popcount(cards)
            else:
                base += (cards >> (13 * s + 12)) & 1
        est = float(base)
    elif flags & BID_LOW:
        base = int(np.floor(est))
    else:
        base = int(np.floor(est + 0.5))
    if flags & WATCH_THE_FIELD and earlier_count > 0:
        later = players - 1 - earlier_count
        claimed = earlier_sum + base + later * h / players
        if claimed <= h - 1 and est - np.floor(est) >= 0.25:
            base += 1
        elif earlier_sum + base >= h + 2 and base >= 1:
            base -= 1
    base = max(0, min(h, base))
    if legal_bids >> base & 1:
        return base
    if flags & DEALER_BACKUP:
        return _nearest_legal(base, est, legal_bids, h)
    if base + 1 <= h and legal_bids >> (base + 1) & 1:
        return base + 1
    if base >= 1 and legal_bids >> (base - 1) & 1:
        return base - 1
    return _nearest_legal(base, float(base), legal_bids, h)


@njit(cache=True, error_model="numpy")
def lowest_card(cards: int, t_under: int, t_over: int) -> int:
    """Lowest rank, side suits before trumps, then the lower suit."""
    best = -1
    best_key = 1 << 30
    m = cards
    while m:
        c = lowest_bit(m)
        m &= m - 1
        key = (c % 13) * 8 + (4 if _is_trump(c // 13, t_under, t_over) else 0) + c // 13
        if key < best_key:
            best_key = key
            best = c
    return best


@njit(cache=True, error_model="numpy")
def highest_card(cards: int, t_under: int, t_over: int) -> int:
    """Highest rank, trumps before side suits, then the higher suit."""
    best = -1
    best_key = -1
    m = cards
    while m:
        c = lowest_bit(m)
        m &= m - 1
        key = (c % 13) * 8 + (4 if _is_trump(c // 13, t_under, t_over) else 0) + c // 13
        if key > best_key:
            best_key = key
            best = c
    return best


@njit(cache=True, error_model="numpy")
def sure_winner(hand: int, unseen: int, t_under: int, t_over: int) -> int:
    """A card of ``hand`` that no unseen card can beat if led (-1 if none)."""
    trumps_out = 0
    for s in range(4):
        if _is_trump(s, t_under, t_over):
            trumps_out |= unseen & suit_mask(s)
    m = hand
    while m:
        c = highest_bit(m)
        m &= ~(1 << c)
        s = c // 13
        higher = unseen & suit_mask(s) & ~((np.int64(1) << (c + 1)) - 1)
        if higher:
            continue
        if _is_trump(s, t_under, t_over):
            if s == t_under and t_over >= 0 and unseen & suit_mask(t_over):
                continue  # an over-trump could still beat it
            return c
        if trumps_out == 0:
            return c
    return -1


@njit(cache=True, error_model="numpy")
def trick_so_far(
    trick: np.ndarray,
    trick_len: int,
    leader: int,
    players: int,
    t_under: int,
    t_over: int,
    bids: np.ndarray,
    won: np.ndarray,
) -> tuple[int, int, int]:
    """(led suit, strength of the winning card, tricks its holder still needs) of a trick so far.

    ``trick[0:trick_len]`` are the cards from the leader; an empty trick
    gives ``(-1, -1, 0)``.  The winning card is the first with the highest
    strength.
    """
    if trick_len == 0:
        return -1, -1, 0
    led = trick[0] // 13
    best_key = -1
    best_pos = 0
    for i in range(trick_len):
        k = trick_strength(trick[i], led, t_under, t_over)
        if k > best_key:
            best_key = k
            best_pos = i
    holder = (leader + best_pos) % players
    return led, best_key, bids[holder] - won[holder]


@njit(cache=True, error_model="numpy")
def folk_play(
    hand: int,
    legal: int,
    trick_len: int,
    led: int,
    best_key: int,
    holder_short: int,
    players: int,
    t_under: int,
    t_over: int,
    bid: int,
    mine: int,
    tricks_left: int,
    played: int,
    flags: int,
) -> int:
    """The folk card (a code in ``legal``).

    ``PROTECT_BID``: still short, try to win (the lowest winning card when
    last to play, the highest winning card otherwise; save winners when the
    trick cannot be won); bid made, shed the lowest cards.  ``ZERO_BID_SHED``:
    with a 0 bid, get rid of high cards early (the highest card that does not
    win the trick so far).  ``TRACK_TRUMPS``: leading for tricks, lead the top
    trump while it is the highest out, then cash side winners only once no
    trump is out.  ``SPOIL``: once the bid is lost, let players who have their
    bid win tricks and beat players who still need them.

    The trick so far is given as numbers, not an array (see
    :func:`trick_so_far`): ``trick_len`` cards played, ``led`` their suit,
    ``best_key`` the :func:`~ohhell.rules.tricks.trick_strength` of the card
    winning it and ``holder_short`` the tricks its player still needs
    (bid less won); ``bid`` and ``mine`` are this player's.  Compiled
    callers (the kernel) keep these as they play, without an array per card.
    """
    need = bid - mine
    unseen = ~(hand | played) & ((1 << 52) - 1)
    lost = mine > bid or mine + tricks_left < bid
    if trick_len == 0:
        if flags & SPOIL and lost:
            return lowest_card(legal, t_under, t_over)
        if bid == 0 or (need <= 0 and flags & PROTECT_BID):
            return lowest_card(legal, t_under, t_over)
        if flags & TRACK_TRUMPS:
            w = sure_winner(legal, unseen, t_under, t_over)
            if w >= 0:
                return w
            return lowest_card(legal, t_under, t_over)
        return highest_card(legal, t_under, t_over)
    winners = 0
    m = legal
    while m:
        c = lowest_bit(m)
        m &= m - 1
        if trick_strength(c, led, t_under, t_over) > best_key:
            winners |= 1 << c
    losers = legal & ~winners
    last = trick_len == players - 1
    if flags & SPOIL and lost:
        if holder_short <= 0:
            return lowest_card(losers if losers else legal, t_under, t_over)
        if winners:
            return lowest_card(winners, t_under, t_over)
        return lowest_card(legal, t_under, t_over)
    if bid == 0 and mine == 0 and flags & ZERO_BID_SHED:
        if losers:
            return highest_card(losers, t_under, t_over)
        return highest_card(winners, t_under, t_over) if last else lowest_card(winners, t_under, t_over)
    wants = need > 0 or not (flags & PROTECT_BID)
    if bid == 0 and mine == 0:
        wants = False
    if wants:
        if winners:
            return lowest_card(winners, t_under, t_over) if last else highest_card(winners, t_under, t_over)
        return lowest_card(legal, t_under, t_over)
    if losers:
        return lowest_card(losers, t_under, t_over)
    return lowest_card(legal, t_under, t_over)
