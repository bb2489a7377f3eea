"""The deal, in compiled code: shuffle, trump before the deal, hands, the turned-up card.

The steps of :func:`ohhell.engine.state.deal`, on the same chance stream
(row 0 of ``work.st``): a Fisher-Yates shuffle over deck positions, the
trump suits drawn before the deal (:func:`ohhell.engine.state.draw_trump_suits`,
:func:`ohhell.rules.trump.trump_before_deal`), the short game's twos set aside
(:func:`ohhell.rules.deck.set_aside_twos`), a trump card drawn or turned up
(:func:`ohhell.rules.trump.trump_of_card`), and the hands dealt one card at a
time from the dealer's left.  A Wizard turned up lets the dealer name trump
(:func:`name_trump`).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ohhell.cards.masks import PLAIN_BITS, code_of_bit, popcount, suit_mask
from ohhell.engine.state import draw_trump_suits
from ohhell.engine.stream import draw_below
from ohhell.rules.deck import set_aside_twos
from ohhell.rules.trump import trump_before_deal, trump_of_card
from ohhell.sim.kernel.bundles import DealWork, KernelRules
from ohhell.sim.kernel.supported import DRAW, TURN_UP

__all__ = ["deal", "name_trump"]


@njit(cache=True, error_model="numpy")
def name_trump(hand: int, sight: int, random: bool, st: np.ndarray, seat: int) -> int:
    """The suit the dealer names on a turned-up Wizard, as its strategy's ``name_trump`` does.

    Random play reads one ``integers(4)`` from the dealer's stream (row
    ``1 + seat`` of ``st``); the folk and card-odds players name the suit
    with most cards in the hand they see (the higher suit on ties; bidding
    blind or on the forehead they see none: spades).
    """
    if random:
        return draw_below(st, 1 + seat, 4)
    plain = hand & PLAIN_BITS if sight == 0 else 0
    best = 0
    most = -1
    for suit in range(4):
        k = popcount(plain & suit_mask(suit))
        if k >= most:
            most = k
            best = suit
    return best


@njit(cache=True, inline="always", error_model="numpy")
def deal(
    r: int,
    n: int,
    dealer: int,
    rules: KernelRules,
    first_under: int,
    first_over: int,
    work: DealWork,
    doubles: np.ndarray | None,
    all_random: bool,
) -> int:
    """Deal round ``r`` to ``n`` seats: ``work.dealt`` (hand masks), ``doubles`` (two decks: the cards a seat
    holds twice) and ``work.trump`` = [under, over, turned-up card code]; returns the cards everyone sees
    that are in no hand (set-aside twos, a drawn or turned-up card) as a mask.

    ``first_under``/``first_over``: the first round's trump in a match (-1 none), -2 outside a match.
    ``doubles``: None for one deck (numba then compiles no two-deck step).
    """
    st, order, hands = work.st, work.order, work.dealt
    deck = rules.deck
    d = deck.shape[0]
    h = rules.hand_sizes[r]
    src = rules.trump_source[r]
    # the shuffle: Fisher-Yates over positions, chance stream 0
    for i in range(d):
        order[i] = deck[i]
    for i in range(d - 1, 0, -1):
        j = draw_below(st, 0, i + 1)
        tmp = order[i]
        order[i] = order[j]
        order[j] = tmp
    drawn_under, drawn_over = draw_trump_suits(src, first_over == -2, st, 0)
    t_under, t_over = trump_before_deal(src, rules.trump_suit[r], first_under, first_over, drawn_under, drawn_over)
    k = rules.set_aside[r]
    length = d
    known_out = 0
    if k > 0:
        twos = set_aside_twos(k, t_under, t_over)
        known_out |= twos
        w = 0
        for i in range(d):
            c = order[i]
            if not (twos >> c) & 1:
                order[w] = c
                w += 1
        length = w
    pos = 0
    if src == DRAW:
        drawn = order[0]
        known_out |= 1 << drawn
        pos = 1
        t_over = trump_of_card(src, rules.draw_plain[r], drawn)
    for s in range(n):
        hands[s] = 0
    if doubles is not None:
        for s in range(n):
            doubles[s] = 0
    seat = dealer
    for i in range(h * n):
        seat += 1
        if seat == n:
            seat = 0
        bit = np.int64(1) << np.int64(order[pos + i])
        if doubles is not None:  # two decks: a card dealt to a seat holding it already goes to doubles
            doubles[seat] |= hands[seat] & bit
        hands[seat] |= bit
    pos += h * n
    turned = -1
    if src == TURN_UP and pos < length:
        turned = order[pos]
        known_out |= 1 << turned
        t_over = trump_of_card(src, False, turned)
        if turned >= 52:  # the Wizard deck: a Wizard turned up lets the dealer name trump
            if turned < 56:
                random = all_random or work.kinds[dealer] == 0
                t_over = name_trump(hands[dealer], rules.sight[r], random, st, dealer)
            turned = code_of_bit(turned)
    work.trump[0] = t_under
    work.trump[1] = t_over
    work.trump[2] = turned
    return known_out
