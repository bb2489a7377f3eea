"""The play of the tricks, in compiled code: the standard deck's loop, the Wizard deck's and two decks'.

The steps of the reference engine's play (``DealState.apply_play``, the
winner by :func:`ohhell.rules.tricks.trick_winner`): :func:`play` deals each
deck to its own loop, chosen once a deal, so the standard deck's loop
(:func:`ohhell.strategies.playout.play_tricks`, shared with the players that
play deals out) pays nothing for the others.  Each loop decides a trick with
the compiled functions of :mod:`ohhell.rules.tricks` that ``trick_winner``
calls (:func:`~ohhell.rules.tricks.trick_strength`,
:func:`~ohhell.rules.tricks.card_strength`, :func:`~ohhell.rules.tricks.takes_over`).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ohhell.cards.masks import (
    JESTER_BITS,
    PLAIN_BITS,
    SUIT_OF,
    WIZARD_BITS,
    card_mask,
    code_of_bit,
    distinct_cards,
    kth_bit,
    lowest_bit,
    popcount,
)
from ohhell.engine.stream import draw_below
from ohhell.plain import plain
from ohhell.rules.tricks import card_strength, legal_mask, takes_over, trick_strength
from ohhell.sim.kernel.bundles import DealWork, KernelRules, KernelSeats, RoundFacts
from ohhell.sim.kernel.supported import WIZARD
from ohhell.strategies.folk_core import ALL_TIPS, folk_play
from ohhell.strategies.playout import play_tricks

__all__ = ["play", "play_wizard", "play_two_decks"]


# play_wizard and play_two_decks are compiled on their own, not inlined into play: inlined, 4 x 7 random
# play ran 13-15% faster with the Wizard deck (two decks within the noise), but the first compile of the two
# kernels took 88-91 s against 68-74 s (measured in alternation, fresh caches, 2026-12-06).
@njit(cache=True, error_model="numpy")
def play_wizard(facts: RoundFacts, leader: int, work: DealWork, plays: np.ndarray, all_random: bool) -> None:
    """:func:`~ohhell.strategies.playout.play_tricks` for the Wizard deck (hands of :mod:`ohhell.cards.masks`).

    The rules of :mod:`ohhell.rules.tricks`: Wizards and Jesters may always
    be played; the suit to follow is the first plain card's unless a Wizard
    came before it; the first Wizard wins, else the best plain card, a
    Jester only in a trick of Jesters (the first).  Random play draws among
    the distinct legal cards in card order.  The folk player (kinds 1, and
    3 with every tip: the card-odds player's Wizard-deck play) plays as
    :func:`ohhell.strategies.folk.folk_play`: a Wizard while short of its
    bid, a Jester once it is made, else the compiled folk card of its plain
    cards against the trick's plain cards (their first card's suit led, its
    best card's holder counted from the leader along the plain cards).
    ``plays`` records card codes.
    """
    n, h, t_under, t_over = facts.n, facts.h, facts.t_under, facts.t_over
    hands, bids, tricks, kinds, flags, st = work.hands, work.bids, work.tricks, work.kinds, work.flags, work.st
    record = plays.shape[0] > 0
    played = plain(0)  # plain: see ohhell.plain (no versions compiled for the starting constants)
    for t in range(h):
        led = plain(-1)  # the suit to follow, -1 none (yet)
        wizard_led = False  # a Wizard came before any plain card: no suit to follow
        best = -1
        best_key = -1
        plain_len = plain(0)  # the folk player's view of the trick: its plain cards
        plain_led = plain(-1)
        plain_key = plain(-1)
        plain_best = 0
        seat = leader - 1
        for p in range(n):
            seat += 1
            if seat == n:
                seat = 0
            hand = hands[seat]
            plains = hand & PLAIN_BITS
            legal = legal_mask(plains, led)
            if all_random or kinds[seat] == 0:
                cards = distinct_cards(hand) & ~(plains & ~legal)
                b = kth_bit(cards, draw_below(st, 1 + seat, popcount(cards)))
            else:
                wizards = hand & WIZARD_BITS
                jesters = hand & JESTER_BITS
                if tricks[seat] < bids[seat] and wizards != 0:
                    b = lowest_bit(wizards)
                elif tricks[seat] >= bids[seat] and jesters != 0:
                    b = lowest_bit(jesters)
                elif legal == 0:
                    b = lowest_bit(distinct_cards(hand))
                else:
                    short = plain(0)
                    if plain_len > 0:
                        holder = (leader + plain_best) % n
                        short = bids[holder] - tricks[holder]
                    tips = plain(ALL_TIPS) if kinds[seat] >= 3 else flags[seat]
                    b = folk_play(plains, legal, plain_len, plain_led, plain_key, short, n, t_under, t_over,
                                  bids[seat], tricks[seat], h - t, played, tips)  # fmt: skip
            hands[seat] = hand & ~(np.int64(1) << np.int64(b))
            code = code_of_bit(b)
            if record:
                plays[t, p] = code
            if code < 52:
                played |= 1 << code
                if led < 0 and not wizard_led:
                    led = int(SUIT_OF[code])
                if plain_len == 0:
                    plain_led = int(SUIT_OF[code])
                k = trick_strength(code, plain_led, t_under, t_over)
                if k > plain_key:
                    plain_key = k
                    plain_best = plain_len
                plain_len += 1
            elif code == WIZARD and led < 0:
                wizard_led = True
            key = card_strength(code, led, t_under, t_over)  # led: -1 after a Wizard led
            if key > best_key:  # the first of the highest wins (one Wizard deck: no identical plain cards)
                best_key = key
                best = seat
        tricks[best] += 1
        leader = best


@njit(cache=True, error_model="numpy")
def play_two_decks(
    facts: RoundFacts,
    leader: int,
    work: DealWork,
    doubles: np.ndarray,
    plays: np.ndarray,
    all_random: bool,
    identical_last: bool,
) -> None:
    """:func:`~ohhell.strategies.playout.play_tricks` for two decks: ``hands`` hold each seat's distinct cards,
    ``doubles`` the cards it holds twice (both emptied).

    A card held twice leaves ``doubles`` first.  Of two identical cards best
    in a trick the first played wins, or the last with ``identical_last``
    (:func:`ohhell.rules.tricks.trick_winner`).  Random play draws among the
    distinct legal cards; the folk player (kinds 1, and 3 with every tip: the
    card-odds player's play with two decks) plays the compiled folk card of
    its distinct cards, the trick's best card being the first of the highest
    strength (:func:`ohhell.strategies.folk_core.trick_so_far`), as
    :func:`ohhell.strategies.folk.folk_play` does.
    """
    n, h, t_under, t_over = facts.n, facts.h, facts.t_under, facts.t_over
    hands, bids, tricks, kinds, flags, st = work.hands, work.bids, work.tricks, work.kinds, work.flags, work.st
    record = plays.shape[0] > 0
    played = plain(0)  # plain: see ohhell.plain
    for t in range(h):
        led = plain(-1)
        best = -1
        best_key = plain(-1)
        best_card = -1
        view_pos = 0  # the folk player's view of the trick: its first card of the highest strength
        seat = leader - 1
        for p in range(n):
            seat += 1
            if seat == n:
                seat = 0
            hand = hands[seat]
            legal = legal_mask(hand, led)
            if all_random or kinds[seat] == 0:
                c = kth_bit(legal, draw_below(st, 1 + seat, popcount(legal)))
            else:
                short = plain(0)
                if p > 0:
                    holder = (leader + view_pos) % n
                    short = bids[holder] - tricks[holder]
                tips = plain(ALL_TIPS) if kinds[seat] >= 3 else flags[seat]
                c = folk_play(hand, legal, p, led, best_key, short, n, t_under, t_over, bids[seat], tricks[seat],
                              h - t, played, tips)  # fmt: skip
            bit = np.int64(1) << np.int64(c)
            if doubles[seat] & bit:
                doubles[seat] &= ~bit
            else:
                hands[seat] = hand & ~bit
            played |= 1 << c
            if record:
                plays[t, p] = c
            if p == 0:
                led = int(SUIT_OF[c])
            key = trick_strength(c, led, t_under, t_over)
            if takes_over(key, best_key, c, best_card, identical_last):
                if key > best_key:  # the folk player's view: the first card of the highest strength
                    view_pos = p
                best_key = key
                best = seat
                best_card = c
        tricks[best] += 1
        leader = best


@njit(cache=True, inline="always", error_model="numpy")
def play(
    facts: RoundFacts,
    rules: KernelRules,
    seats: KernelSeats,
    work: DealWork,
    plays: np.ndarray,
    doubles: np.ndarray | None,
) -> None:
    """Play the ``h`` tricks of the hands dealt (``work.dealt``) from the dealer's left: ``work.tricks`` by seat,
    ``plays`` (``[trick, position]``, or empty) the cards.  With the Wizard deck ``work.dealt`` becomes card
    masks (one bit per card code) after play.  ``doubles``: as for :func:`ohhell.sim.kernel.deal.deal`."""
    n, h, t_under, t_over = facts.n, facts.h, facts.t_under, facts.t_over
    hands, tricks = work.hands, work.tricks
    for s in range(n):
        hands[s] = work.dealt[s]
        tricks[s] = 0
    leader = facts.dealer + 1
    if leader == n:
        leader = 0
    if rules.wizards:
        play_wizard(facts, leader, work, plays, seats.all_random)
        for s in range(n):
            work.dealt[s] = card_mask(work.dealt[s])
    elif doubles is not None:
        play_two_decks(facts, leader, work, doubles, plays, seats.all_random, rules.identical_last)
    else:
        play_tricks(
            hands, n, h, leader, work.bids, tricks, t_under, t_over, work.kinds, work.flags, work.st, work.trick_buf,
            plays, seats.all_random, seats.weights, work.voids,
        )  # fmt: skip
