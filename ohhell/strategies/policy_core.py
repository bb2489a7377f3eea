"""The rollout policy, compiled: the card a bid-aware heuristic plays, for every seat.

:func:`policy_play` is the rollout policy of the rollout player's search
(:mod:`ohhell.strategies.rollout_core`), the card play of the card-odds
player (:mod:`ohhell.strategies.odds_core`, and kernel kind 3 of the fast
path).  Unlike the folk player it tries to *lose* tricks it does not want:
once its bid is made (or with a 0 bid) it sheds the highest card that still
loses the trick, and when it must win a trick it does not want it wins with
its highest card if it plays last (else its lowest winner, which a later
player may still beat).  Conventions of :mod:`ohhell.strategies.folk_core`.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ohhell.cards.masks import lowest_bit, suit_mask
from ohhell.rules.tricks import trick_strength
from ohhell.strategies.folk_core import highest_card, lowest_card, sure_winner

__all__ = ["policy_card", "policy_play", "over_wants_of", "trick_state", "winning_position"]

_ALL52 = (1 << 52) - 1


@njit(cache=True, error_model="numpy")
def policy_card(
    hand: int,
    legal: int,
    trick_len: int,
    led: int,
    best_key: int,
    need: int,
    players: int,
    t_under: int,
    t_over: int,
    played: int,
    over_wants: bool,
) -> int:
    """The rollout policy's card (a code in ``legal``).

    Short of its bid: lead a card no unseen card can beat if it has one,
    else the highest card of a side suit (the highest trump without one);
    following, win with the lowest winning card when last and the highest
    otherwise, or play the lowest card when it cannot win.
    Bid made (or exceeded): lead the lowest card; following, play the
    highest card that loses the trick so far; with only winners, the
    highest when last, the lowest otherwise.  Past its bid, it plays as if
    short when ``over_wants`` (the score table pays for more tricks on a
    miss, as OpenSpiel's does; :func:`over_wants_of`).

    The trick so far is given as numbers (no array, so a compiled caller
    pays no reference counting per card): ``trick_len`` cards, ``led`` their
    suit, ``best_key`` the :func:`~ohhell.rules.tricks.trick_strength` of
    the card winning it; ``need``: the player's bid less its tricks.
    """
    if legal & (legal - 1) == 0:
        return lowest_bit(legal)
    wants = need > 0 or (need < 0 and over_wants)
    if trick_len == 0:
        if not wants:
            return lowest_card(legal, t_under, t_over)
        unseen = ~(hand | played) & _ALL52
        w = sure_winner(legal, unseen, t_under, t_over)
        if w >= 0:
            return w
        side = legal
        for suit in range(4):
            if suit in (t_over, t_under):
                side &= ~suit_mask(suit)
        return highest_card(side if side else legal, t_under, t_over)
    winners = 0
    m = legal
    while m:
        c = lowest_bit(m)
        m &= m - 1
        if trick_strength(c, led, t_under, t_over) > best_key:
            winners |= 1 << c
    losers = legal & ~winners
    last = trick_len == players - 1
    if wants:
        if winners:
            return lowest_card(winners, t_under, t_over) if last else highest_card(winners, t_under, t_over)
        return lowest_card(legal, t_under, t_over)
    if losers:
        return highest_card(losers, t_under, t_over)
    return highest_card(legal, t_under, t_over) if last else lowest_card(legal, t_under, t_over)


@njit(cache=True, error_model="numpy")
def policy_play(
    hand: int,
    legal: int,
    trick: np.ndarray,
    trick_len: int,
    seat: int,
    players: int,
    t_under: int,
    t_over: int,
    bids: np.ndarray,
    won: np.ndarray,
    played: int,
    over_wants: bool,
) -> int:
    """The rollout policy's card (a code in ``legal``): :func:`policy_card` of the trick ``trick[0:trick_len]``."""
    led, best_key, _ = trick_state(trick, trick_len, 0, players, t_under, t_over)
    return policy_card(hand, legal, trick_len, led, best_key, bids[seat] - won[seat], players, t_under, t_over,
                       played, over_wants)  # fmt: skip


@njit(cache=True, inline="always", error_model="numpy")
def trick_state(
    trick: np.ndarray, trick_len: int, leader: int, players: int, t_under: int, t_over: int
) -> tuple[int, int, int]:
    """``(led suit, trick strength of the winning card, its seat)`` of the trick ``trick[0:trick_len]`` led by
    ``leader`` (-1s when it is empty)."""
    led = -1
    best_key = -1
    best_seat = -1
    if trick_len > 0:
        led = trick[0] // 13
        for i in range(trick_len):
            k = trick_strength(trick[i], led, t_under, t_over)
            if k > best_key:
                best_key = k
                best_seat = (leader + i) % players
    return led, best_key, best_seat


@njit(cache=True, error_model="numpy")
def over_wants_of(table: np.ndarray) -> bool:
    """Whether a seat past its bid gains by more tricks: OpenSpiel's table (a miss scores the tricks), not harsh.

    Read off a table of at least two cards as ``table[0, 2] > table[0, 1]``;
    tables of one card never ask.
    """
    return bool(table.shape[0] >= 3 and table[0, 2] > table[0, 1])


@njit(cache=True, inline="always", error_model="numpy")
def winning_position(trick: np.ndarray, players: int, t_under: int, t_over: int) -> int:
    """Position in play order of the card that wins a complete trick of one deck."""
    led = trick[0] // 13
    best = 0
    best_key = -1
    for i in range(players):
        k = trick_strength(trick[i], led, t_under, t_over)
        if k > best_key:
            best_key = k
            best = i
    return best
