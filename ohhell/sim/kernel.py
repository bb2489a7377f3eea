"""The compiled fast path: deals and matches with the built-in strategies, in numba.

A second implementation of the deal and the match for one 52-card (or
reduced) deck, the Wizard deck and two decks, reading the compiled rules (:class:`~ohhell.rules.CompiledRules`,
bundled as :class:`KernelRules` by :func:`kernel_rules`) and the documented
streams (:mod:`ohhell.engine.stream`, :mod:`ohhell.sim.streams`).  Every rule
decision is a compiled function of :mod:`ohhell.rules` that the reference
engine calls too (legal bids, the adjustment, scores with the consolation,
the trump of a round, knock-outs and standings).  What the kernel plays is
stated as sets of codes below, which :func:`ohhell.sim.paths.fast_path_reason`
checks before it runs.

Hands are bit masks, bit ``code`` for card ``code`` (13 bits a suit), so the
legal cards in ascending card order are the set bits from the lowest:
exactly the order the reference engine offers them, and a random choice
reads the same number.  A Wizard-deck hand gives each Wizard and Jester its
own bit (52-55, 56-59; :mod:`ohhell.cards.masks`); a two-deck hand keeps
the cards it holds twice in a second mask (``doubles``).  Those decks' tricks
are played by their own loops (:func:`_play_tricks_wizard`,
:func:`_play_tricks_two_decks`), chosen once a deal.  Two decks take their own
compiled entry: the kernels' last argument, ``doubles``, is None for one
deck, so numba compiles that version without the two-deck steps (they cost
the standard deck 8-15% when they were a branch of the one version).  The
reference engine stays the definition; tests
check this path against it deal for deal.  Random play reads the seat
streams exactly as :class:`~ohhell.strategies.RandomStrategy` does; the folk
player runs the very decision functions (:mod:`ohhell.strategies.folk_core`)
that :class:`~ohhell.strategies.Folk` calls.
"""

from __future__ import annotations

from typing import NamedTuple

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
    suit_mask,
)
from ohhell.engine.state import draw_trump_suits
from ohhell.engine.stream import draw_below
from ohhell.rules.compiled import CompiledRules
from ohhell.rules.deck import set_aside_twos
from ohhell.rules.match_end import last_placed, rank_compare, sort_standings
from ohhell.rules.restriction import adjust_mask, adjuster, dealer_hooked, legal_bid_mask
from ohhell.rules.scoring import round_scores
from ohhell.rules.tricks import card_strength, takes_over, trick_strength
from ohhell.rules.trump import trump_before_deal, trump_of_card
from ohhell.strategies.ev_core import ev_bid
from ohhell.strategies.folk_core import ALL_TIPS, folk_bid, folk_play
from ohhell.strategies.odds_core import seat_odds_bid
from ohhell.strategies.playout import play_tricks

__all__ = [
    "play_deals_kernel",
    "play_matches_kernel",
    "KernelRules",
    "KernelSeats",
    "DealOutputs",
    "MatchOutputs",
    "kernel_rules",
    "stream_states",
    "TRUMP_SOURCE_CODES",
    "RESTRICTION_CODES",
    "SIGHT_CODES",
    "TIE_BREAK_CODES",
    "CARD_CODES",
    "STRATEGY_KINDS",
    "WIZARD_STRATEGY_KINDS",
    "TWO_DECK_STRATEGY_KINDS",
    "MAX_COPIES",
    "MAX_WIZARDS",
    "MAX_JESTERS",
    "deck_bits",
]

U64 = np.uint64
_GAMMA = U64(0x9E3779B97F4A7C15)
_M1 = U64(0xBF58476D1CE4E5B9)
_M2 = U64(0x94D049BB133111EB)

# trump sources, as in ohhell.rules.compiled.TRUMP_SOURCES
_NONE, _FIXED, _TURN_UP, _FIRST_ROUND, _DRAW, _SETESDAL = 0, 1, 2, 3, 4, 5
# restrictions, as in ohhell.rules.compiled.RESTRICTIONS
_R_NONE, _R_HOOK, _R_FIRST, _R_HIGHEST = 0, 1, 2, 3

# What this kernel plays, as the codes of ohhell.rules.compiled; fast_path_reason
# (ohhell.sim.paths) checks a CompiledRules against these before the kernel runs,
# so a new kind of rule falls back to the reference engine instead of being
# played wrong.  Add a code here only with the branch that plays it.
#: Trump sources (:data:`~ohhell.rules.compiled.TRUMP_SOURCES`).
TRUMP_SOURCE_CODES = frozenset({_NONE, _FIXED, _TURN_UP, _FIRST_ROUND, _DRAW, _SETESDAL})
#: Bid restrictions (:data:`~ohhell.rules.compiled.RESTRICTIONS`).
RESTRICTION_CODES = frozenset({_R_NONE, _R_HOOK, _R_FIRST, _R_HIGHEST})
#: What a bidder sees (:data:`~ohhell.rules.compiled.SIGHTS`): own hand, blind, forehead.
SIGHT_CODES = frozenset({0, 1, 2})
#: Tie-breaks (:data:`~ohhell.rules.compiled.TIE_BREAKS`): made bids, best round.
TIE_BREAK_CODES = frozenset({0, 1})
#: Plain card codes a deck may hold (one 52-card deck or part of it, or two decks).
CARD_CODES = frozenset(range(52))
#: Copies of a plain card a deck may hold (two decks: a hand keeps its second copies in ``doubles``).
MAX_COPIES = 2
#: Wizards (code 52) and Jesters (code 53) a deck may hold: bits 52-55 and 56-59 of a hand (the Wizard deck).
MAX_WIZARDS = 4
MAX_JESTERS = 4
#: Strategy kinds (:func:`ohhell.sim.paths.kernel_strategy`): random, folk, expected value, card odds, distilled.
STRATEGY_KINDS = frozenset({0, 1, 2, 3, 4})
#: Strategy kinds played with the Wizard deck: random, folk, card odds and distilled (whose Python versions
#: play that deck as the folk player with every tip and bid the folk bid plus one a Wizard).  Not the
#: expected-value bidder: it samples the unseen cards of a deck of distinct plain cards.
WIZARD_STRATEGY_KINDS = frozenset({0, 1, 3, 4})
#: Strategy kinds played with two decks: random, folk, card odds, distilled (as with the Wizard deck, same reasons).
TWO_DECK_STRATEGY_KINDS = frozenset({0, 1, 3, 4})
_WIZARD, _JESTER = 52, 53


@njit(cache=True, error_model="numpy")
def _mix(z: np.uint64) -> np.uint64:
    z = (z ^ (z >> U64(30))) * _M1
    z = (z ^ (z >> U64(27))) * _M2
    return z ^ (z >> U64(31))


@njit(cache=True, error_model="numpy")
def stream_states(st: np.ndarray, base: np.uint64, first: int, count: int) -> None:
    """Fill ``st[0:count]`` with the SplitMix64 blocks ``first .. first+count-1`` from ``base``."""
    for i in range(count):
        k = U64(first + i)
        x = base + U64(4) * k * _GAMMA
        zero = True
        for w in range(4):
            x += _GAMMA
            st[i, w] = _mix(x)
            if st[i, w] != U64(0):
                zero = False
        if zero:
            st[i, 0] = U64(1)


@njit(cache=True, error_model="numpy")
def _ev(
    seat: int,
    pos: int,
    n: int,
    h: int,
    dealer: int,
    sight: int,
    hands_out: np.ndarray,
    heard: np.ndarray,
    t_under: int,
    t_over: int,
    known_out: int,
    deck_mask: int,
    legal_bids: int,
    table: np.ndarray,
    packed: int,
    st: np.ndarray,
) -> int:
    """The expected-value bidder's bid (``packed``: folk tips in the low 16 bits, samples above)."""
    known = np.full(n, -1, dtype=np.int64)
    for q in range(n):
        s = (dealer + 1 + q) % n
        if (s == seat and sight == 0) or (s != seat and sight == 2):
            known[q] = hands_out[s]
    return ev_bid(known, pos, h, t_under, t_over, known_out, deck_mask, heard, legal_bids, table,
                  packed >> 16, packed & 0xFFFF, st[1 + seat : 2 + seat])  # fmt: skip


class KernelRules(NamedTuple):
    """The compiled rules as the kernel reads them (:func:`kernel_rules`); arrays by round.

    ``tie_breaks``: codes of :data:`~ohhell.rules.compiled.TIE_BREAKS`;
    ``restriction``: a code of :data:`~ohhell.rules.compiled.RESTRICTIONS`;
    ``cons_points`` 0: no Boer consolation; ``deck``: the bit of each card in
    the rules' deck order (:func:`deck_bits`); ``deck_mask``: the deck's bits
    as a mask; ``wizards``: the deck holds Wizards and Jesters (hands keep
    one bit per copy, :mod:`ohhell.cards.masks`); ``identical_last``: of two
    identical cards the one played last wins (else the first; two decks).
    """

    hand_sizes: np.ndarray
    players_in_round: np.ndarray
    trump_source: np.ndarray
    trump_suit: np.ndarray
    draw_plain: np.ndarray
    set_aside: np.ndarray
    score_tables: np.ndarray
    sight: np.ndarray
    deck: np.ndarray
    deck_mask: int
    tie_breaks: np.ndarray
    restriction: int
    cons_points: int
    cons_ties: bool
    simultaneous: bool
    wizards: bool
    identical_last: bool


class KernelSeats(NamedTuple):
    """Who plays, by match seat.

    ``kinds``/``flags``: 0 random play, 1 folk (flags: its tips), 2 the
    expected-value bidder with folk play (flags: tips | samples << 16), 3 the
    card-odds player, 4 the distilled player (flags, for both: more tricks pay
    past the bid; ``odds``: the learned odds ``[round, kind - 3, ...]``, see
    :mod:`ohhell.strategies.odds_core`; ``weights``: the distilled card policy's,
    see :mod:`ohhell.strategies.distilled_core`, empty when unused).  ``all_random``: every seat plays at
    random (the strategy switches are skipped).  A plain field: as a numba
    literal it saved no measurable time in the kernel but sent every call
    through numba's slow dispatch (about 10 ms a call, benchmarks/RESULTS.md).
    """

    kinds: np.ndarray
    flags: np.ndarray
    odds: np.ndarray
    all_random: bool
    weights: np.ndarray


class DealOutputs(NamedTuple):
    """What :func:`play_deals_kernel` writes, by deal (``plays`` empty: not recorded)."""

    round: np.ndarray
    dealer: np.ndarray
    trump: np.ndarray
    hands: np.ndarray
    bids: np.ndarray
    tricks: np.ndarray
    scores: np.ndarray
    plays: np.ndarray


class MatchOutputs(NamedTuple):
    """What :func:`play_matches_kernel` writes, by match (and round, by match seat)."""

    dealer: np.ndarray
    trump: np.ndarray
    hands: np.ndarray
    bids: np.ndarray
    tricks: np.ndarray
    scores: np.ndarray
    totals: np.ndarray
    rank: np.ndarray
    winner: np.ndarray
    plays: np.ndarray


def deck_bits(deck: np.ndarray) -> np.ndarray:
    """The hand bit of each card of a deck (card codes, in order): its code for a plain card, the
    k-th Wizard 52 + k and the k-th Jester 56 + k (k from 0), as :mod:`ohhell.cards.masks` lays out
    a Wizard-deck hand.

    Examples
    --------
    >>> deck_bits(np.array([0, 52, 51, 53, 52])).tolist()
    [0, 52, 51, 56, 53]
    """
    codes = np.asarray(deck, dtype=np.int64)
    bits = codes.copy()
    for code, first in ((_WIZARD, 52), (_JESTER, 56)):
        where = np.flatnonzero(codes == code)
        bits[where] = first + np.arange(where.size)
    return bits


def kernel_rules(compiled: CompiledRules) -> KernelRules:
    """The kernel's bundle of a :class:`~ohhell.rules.CompiledRules` (every code computed there)."""
    c = compiled
    bits = deck_bits(c.deck)
    return KernelRules(
        hand_sizes=c.hand_sizes,
        players_in_round=c.players_in_round,
        trump_source=c.trump_source,
        trump_suit=c.trump_suit,
        draw_plain=c.draw_plain,
        set_aside=c.set_aside,
        score_tables=c.score_tables,
        sight=c.sight,
        deck=bits,
        deck_mask=sum(1 << int(b) for b in bits),
        tie_breaks=c.tie_break_codes,
        restriction=c.restriction_code,
        cons_points=c.consolation_points,
        cons_ties=c.consolation_ties,
        simultaneous=c.simultaneous,
        wizards=bool(c.wizards),
        identical_last=not c.identical_first,
    )


@njit(cache=True, error_model="numpy")
def _named_trump(hand: int, sight: int, random: bool, st: np.ndarray, seat: int) -> int:
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


@njit(cache=True, error_model="numpy")
def _wizard_aware_bid(
    hand: int, sight: int, h: int, n: int, t_under: int, t_over: int, seen_sum: int, seen: int, legal_bids: int
) -> int:
    """The card-odds player's bid with the Wizard deck: the legal bid nearest the folk bid (every tip) of
    the plain cards it sees plus one a Wizard (ties: the lower), as
    :func:`ohhell.strategies.rollout.wizard_aware_bid`."""
    own = hand if sight == 0 else 0
    target = folk_bid(own & PLAIN_BITS, h, n, t_under, t_over, ALL_TIPS, seen_sum, seen, legal_bids)
    target += popcount(own & WIZARD_BITS)
    best = -1
    gap = 1 << 30
    for b in range(h + 1):
        if legal_bids >> b & 1 and abs(b - target) < gap:
            gap = abs(b - target)
            best = b
    return best


@njit(cache=True, error_model="numpy")
def _play_tricks_wizard(
    hands: np.ndarray,
    n: int,
    h: int,
    leader: int,
    bids: np.ndarray,
    tricks: np.ndarray,
    t_under: int,
    t_over: int,
    kinds: np.ndarray,
    flags: np.ndarray,
    st: np.ndarray,
    plays: np.ndarray,
    all_random: bool,
) -> None:
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
    record = plays.shape[0] > 0
    played = 0
    for t in range(h):
        led = -1  # the suit to follow, -1 none (yet)
        wizard_led = False  # a Wizard came before any plain card: no suit to follow
        best = -1
        best_key = -1
        plain_len = 0  # the folk player's view of the trick: its plain cards
        plain_led = -1
        plain_key = -1
        plain_best = 0
        seat = leader - 1
        for p in range(n):
            seat += 1
            if seat == n:
                seat = 0
            hand = hands[seat]
            plain = hand & PLAIN_BITS
            legal = plain
            if led >= 0:
                follow = plain & suit_mask(led)
                if follow != 0:
                    legal = follow
            if all_random or kinds[seat] == 0:
                cards = distinct_cards(hand) & ~(plain & ~legal)
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
                    short = 0
                    if plain_len > 0:
                        holder = (leader + plain_best) % n
                        short = bids[holder] - tricks[holder]
                    tips = ALL_TIPS if kinds[seat] >= 3 else flags[seat]
                    b = folk_play(plain, legal, plain_len, plain_led, plain_key, short, n, t_under, t_over,
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
            elif code == _WIZARD and led < 0:
                wizard_led = True
            key = card_strength(code, led, t_under, t_over)  # led: -1 after a Wizard led
            if key > best_key:  # the first of the highest wins (one Wizard deck: no identical plain cards)
                best_key = key
                best = seat
        tricks[best] += 1
        leader = best


@njit(cache=True, error_model="numpy")
def _play_tricks_two_decks(
    hands: np.ndarray,
    doubles: np.ndarray,
    n: int,
    h: int,
    leader: int,
    bids: np.ndarray,
    tricks: np.ndarray,
    t_under: int,
    t_over: int,
    kinds: np.ndarray,
    flags: np.ndarray,
    st: np.ndarray,
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
    record = plays.shape[0] > 0
    played = 0
    for t in range(h):
        led = -1
        best = -1
        best_key = -1
        best_card = -1
        view_pos = 0  # the folk player's view of the trick: its first card of the highest strength
        seat = leader - 1
        for p in range(n):
            seat += 1
            if seat == n:
                seat = 0
            hand = hands[seat]
            legal = hand
            if led >= 0:
                follow = hand & suit_mask(led)
                if follow != 0:
                    legal = follow
            if all_random or kinds[seat] == 0:
                c = kth_bit(legal, draw_below(st, 1 + seat, popcount(legal)))
            else:
                short = 0
                if p > 0:
                    holder = (leader + view_pos) % n
                    short = bids[holder] - tricks[holder]
                tips = ALL_TIPS if kinds[seat] >= 3 else flags[seat]
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
def _deal(
    r: int,
    n: int,
    dealer: int,
    rules: KernelRules,
    first_under: int,
    first_over: int,
    st: np.ndarray,
    hands_out: np.ndarray,
    bids: np.ndarray,
    first_bids: np.ndarray,
    tricks: np.ndarray,
    scores: np.ndarray,
    plays: np.ndarray,
    trump_out: np.ndarray,
    order: np.ndarray,
    hands: np.ndarray,
    kinds: np.ndarray,
    flags: np.ndarray,
    odds: np.ndarray,
    trick_buf: np.ndarray,
    all_random: bool,
    doubles: np.ndarray | None,
    weights: np.ndarray,
    voids: np.ndarray,
) -> None:
    """One deal of round ``r`` under ``rules``.  Writes the outputs; ``trump_out`` = [under, over, turned-up card].

    ``kinds``/``flags`` by local seat: 0 random play, 1 folk (flags: its tips), 2 the
    expected-value bidder with folk play (flags: tips | samples << 16), 3 the
    card-odds player, 4 the distilled player (``odds``: the learned odds
    ``[round, kind - 3, ...]``, see :mod:`ohhell.strategies.odds_core`, whole: a
    per-round view would cost two reference-count updates a deal; ``weights``: the
    distilled card policy's, :mod:`ohhell.strategies.distilled_core`).
    The round's sight (``rules.sight``): 0 bids see the own hand, 1 blind, 2 forehead.  ``order``
    (deck size), ``hands``, ``trick_buf`` and ``voids`` (players) are work buffers.
    ``all_random``: every seat plays at random (the strategy switches are
    skipped).  A plain argument: as a numba literal it saved no measurable
    time in the kernel but sent every call through numba's slow dispatch
    (about 10 ms a call, benchmarks/RESULTS.md).  ``doubles``: None for one
    deck (numba then compiles no two-deck step); with two decks a work
    buffer (players) for the cards each seat holds twice.
    """
    hand_sizes, trump_source, trump_suit, draw_plain = (
        rules.hand_sizes,
        rules.trump_source,
        rules.trump_suit,
        rules.draw_plain,
    )
    set_aside, score_tables, deck, restriction = rules.set_aside, rules.score_tables, rules.deck, rules.restriction
    cons_points, cons_ties, simultaneous = rules.cons_points, rules.cons_ties, rules.simultaneous
    wizards = rules.wizards
    folk_deck = wizards or doubles is not None  # the card-odds player bids and plays as the folk player
    sight = rules.sight[r]
    h = hand_sizes[r]
    d = deck.shape[0]
    src = trump_source[r]
    deck_mask = rules.deck_mask
    # the shuffle: Fisher-Yates over positions, chance stream 0
    for i in range(d):
        order[i] = deck[i]
    for i in range(d - 1, 0, -1):
        j = draw_below(st, 0, i + 1)
        tmp = order[i]
        order[i] = order[j]
        order[j] = tmp
    drawn_under, drawn_over = draw_trump_suits(src, first_over == -2, st, 0)
    t_under, t_over = trump_before_deal(src, trump_suit[r], first_under, first_over, drawn_under, drawn_over)
    k = set_aside[r]
    length = d
    known_out = 0  # cards everyone sees that are not in a hand: set-aside twos, a drawn or turned card
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
    if src == _DRAW:
        drawn = order[0]
        known_out |= 1 << drawn
        pos = 1
        t_over = trump_of_card(src, draw_plain[r], drawn)
    for s in range(n):
        hands_out[s] = 0
    seat = dealer
    if doubles is not None:
        for s in range(n):
            doubles[s] = 0
    for i in range(h * n):
        seat += 1
        if seat == n:
            seat = 0
        bit = np.int64(1) << np.int64(order[pos + i])
        if doubles is not None:  # two decks: a card dealt to a seat holding it already goes to doubles
            doubles[seat] |= hands_out[seat] & bit
        hands_out[seat] |= bit
    pos += h * n
    turned = -1
    if src == _TURN_UP and pos < length:
        turned = order[pos]
        known_out |= 1 << turned
        t_over = trump_of_card(src, False, turned)
        if turned >= 52:  # the Wizard deck: a Wizard turned up lets the dealer name trump
            if turned < 56:
                t_over = _named_trump(hands_out[dealer], sight, all_random or kinds[dealer] == 0, st, dealer)
            turned = code_of_bit(turned)
    trump_out[0] = t_under
    trump_out[1] = t_over
    trump_out[2] = turned
    # bids, in order from the dealer's left; random play reads the seat's own stream
    total = 0
    all_bids = (1 << (h + 1)) - 1
    seat = dealer
    for i in range(n):
        seat += 1
        if seat == n:
            seat = 0
        legal_bids = legal_bid_mask(restriction, h, seat == dealer, total)
        if all_random or kinds[seat] == 0:
            if legal_bids == all_bids:  # the common case, without counting bits
                b = draw_below(st, 1 + seat, h + 1)
            else:
                b = kth_bit(legal_bids, draw_below(st, 1 + seat, popcount(legal_bids)))
        elif kinds[seat] == 1:
            seen_sum = 0 if simultaneous else total
            seen = 0 if simultaneous else i
            own = int(hands_out[seat]) & PLAIN_BITS if sight == 0 else 0
            b = folk_bid(own, h, n, t_under, t_over, flags[seat], seen_sum, seen, legal_bids)
        elif kinds[seat] >= 3 and folk_deck:
            seen_sum = 0 if simultaneous else total
            seen = 0 if simultaneous else i
            b = _wizard_aware_bid(hands_out[seat], sight, h, n, t_under, t_over, seen_sum, seen, legal_bids)
        elif kinds[seat] >= 3:
            for q in range(n):
                hands[q] = hands_out[(dealer + 1 + q) % n]  # hands: a free work buffer until play
            heard_sum = 0 if simultaneous else total
            heard_count = 0 if simultaneous else i
            b = seat_odds_bid(hands, i, n, h, sight, heard_sum, heard_count, t_under, t_over,
                              odds[r, kinds[seat] - 3], score_tables[r], legal_bids)  # fmt: skip
        else:
            heard = np.full(n, -1, dtype=np.int64)
            if not simultaneous:
                for q in range(i):
                    heard[q] = bids[(dealer + 1 + q) % n]
            b = _ev(seat, i, n, h, dealer, sight, hands_out, heard, t_under, t_over, known_out, deck_mask,
                    legal_bids, score_tables[r], flags[seat], st)  # fmt: skip
        first_bids[seat] = b
        bids[seat] = b
        total += b
    adj = adjuster(restriction, h, bids, n, dealer)
    if adj >= 0:
        old = bids[adj]
        options = adjust_mask(old, h)
        if all_random or kinds[adj] == 0:
            # one draw even with one legal move (as the reference strategy)
            bids[adj] = kth_bit(options, draw_below(st, 1 + adj, popcount(options)))
        elif kinds[adj] == 1:
            own = int(hands_out[adj]) & PLAIN_BITS if sight == 0 else 0
            bids[adj] = folk_bid(own, h, n, t_under, t_over, flags[adj], 0, 0, options)
        elif kinds[adj] >= 3 and folk_deck:
            bids[adj] = _wizard_aware_bid(hands_out[adj], sight, h, n, t_under, t_over, 0, 0, options)
        elif kinds[adj] >= 3:
            for q in range(n):
                hands[q] = hands_out[(dealer + 1 + q) % n]  # hands: a free work buffer until play
            pos = (adj - dealer - 1) % n
            bids[adj] = seat_odds_bid(hands, pos, n, h, sight, total - old, n - 1, t_under, t_over,
                                      odds[r, kinds[adj] - 3], score_tables[r], options)  # fmt: skip
        else:
            heard = np.full(n, -1, dtype=np.int64)
            for q in range(n):
                heard[q] = bids[(dealer + 1 + q) % n]
            pos = (adj - dealer - 1) % n
            heard[pos] = -1
            bids[adj] = _ev(adj, pos, n, h, dealer, sight, hands_out, heard, t_under, t_over, known_out,
                            deck_mask, options, score_tables[r], flags[adj], st)  # fmt: skip
    # play
    for s in range(n):
        hands[s] = hands_out[s]
        tricks[s] = 0
    if wizards:
        _play_tricks_wizard(hands, n, h, (dealer + 1) % n, bids, tricks, t_under, t_over, kinds, flags, st, plays,
                            all_random)  # fmt: skip
        for s in range(n):
            hands_out[s] = card_mask(hands_out[s])
    elif doubles is not None:
        _play_tricks_two_decks(hands, doubles, n, h, (dealer + 1) % n, bids, tricks, t_under, t_over, kinds, flags,
                               st, plays, all_random, rules.identical_last)  # fmt: skip
    else:
        play_tricks(
            hands, n, h, (dealer + 1) % n, bids, tricks, t_under, t_over, kinds, flags, st, trick_buf, plays,
            all_random, weights, voids,
        )  # fmt: skip
    # scores
    hooked = dealer_hooked(restriction, h, total - first_bids[dealer])
    round_scores(score_tables[r], bids, tricks, n, dealer, hooked, cons_points, cons_ties, scores)


@njit(cache=True, error_model="numpy")
def play_deals_kernel(
    base: np.uint64,
    first_unit: int,
    n_deals: int,
    players: int,
    first_dealer: int,
    rules: KernelRules,
    seats: KernelSeats,
    out: DealOutputs,
    doubles: np.ndarray | None,
) -> None:
    """Deals ``first_unit .. first_unit + n_deals - 1`` of a chunk: deal ``i`` plays round
    ``i mod rounds`` with dealer ``(first_dealer + i) mod players`` (no match context).

    ``doubles``: None for one deck, a work buffer of ``players`` for two decks (see :func:`_deal`)."""
    kinds, flags, odds, all_random = seats.kinds, seats.flags, seats.odds, seats.all_random
    out_round, out_dealer, out_trump, out_hands = out.round, out.dealer, out.trump, out.hands
    out_bids, out_tricks, out_scores, out_plays = out.bids, out.tricks, out.scores, out.plays
    n_rounds = rules.hand_sizes.shape[0]
    st = np.empty((1 + players, 4), dtype=np.uint64)
    first_bids = np.empty(players, dtype=np.int64)
    order = np.empty(rules.deck.shape[0], dtype=np.int64)
    work = np.empty(players, dtype=np.int64)
    trick_buf = np.zeros(players, dtype=np.int64)
    voids = np.zeros(players, dtype=np.int64)
    no_plays = np.empty((0, 0), dtype=np.int64)
    hands = np.zeros(players, dtype=np.int64)
    bids = np.zeros(players, dtype=np.int64)
    tricks = np.zeros(players, dtype=np.int64)
    scores = np.zeros(players, dtype=np.int64)
    trump = np.zeros(3, dtype=np.int64)
    for j in range(n_deals):
        unit = first_unit + j
        stream_states(st, base, unit * (1 + players), 1 + players)
        r = unit % n_rounds
        n = rules.players_in_round[r]
        dealer = (first_dealer + unit) % n
        out_round[j] = r
        out_dealer[j] = dealer
        plays = out_plays[j] if out_plays.shape[0] > 0 else no_plays
        # into work buffers, copied out after: a row view of each output would cost two atomic reference-count
        # updates per array and deal
        _deal(
            r, n, dealer, rules, -2, -2, st,
            hands, bids, first_bids, tricks, scores, plays, trump, order, work,
            kinds, flags, odds, trick_buf, all_random, doubles, seats.weights, voids,
        )  # fmt: skip
        for q in range(3):
            out_trump[j, q] = trump[q]
        for s in range(n):
            out_hands[j, s] = hands[s]
            out_bids[j, s] = bids[s]
            out_tricks[j, s] = tricks[s]
            out_scores[j, s] = scores[s]


@njit(cache=True, error_model="numpy")
def play_matches_kernel(
    base: np.uint64,
    first_unit: int,
    n_matches: int,
    players: int,
    first_dealer: int,
    rules: KernelRules,
    seats: KernelSeats,
    out: MatchOutputs,
    doubles: np.ndarray | None,
) -> None:
    """Whole matches.  Per-round outputs are by match seat (-1 where a seat sat out).

    ``first_dealer`` < 0 draws it from the chance stream (``integers(players)``).
    ``out.rank``: 0 for first.  ``doubles``: as for :func:`play_deals_kernel`.
    """
    players_in_round, tie_breaks = rules.players_in_round, rules.tie_breaks
    kinds, flags, odds, all_random = seats.kinds, seats.flags, seats.odds, seats.all_random
    out_dealer, out_trump, out_hands, out_bids, out_tricks = out.dealer, out.trump, out.hands, out.bids, out.tricks
    out_scores, out_totals, out_rank, out_winner, out_plays = out.scores, out.totals, out.rank, out.winner, out.plays
    n_rounds = rules.hand_sizes.shape[0]
    st_all = np.empty((1 + players, 4), dtype=np.uint64)
    st = np.empty((1 + players, 4), dtype=np.uint64)
    first_bids = np.empty(players, dtype=np.int64)
    hands = np.empty(players, dtype=np.int64)
    bids = np.empty(players, dtype=np.int64)
    tricks = np.empty(players, dtype=np.int64)
    scores = np.empty(players, dtype=np.int64)
    trump = np.empty(3, dtype=np.int64)
    no_plays = np.empty((0, 0), dtype=np.int64)
    order = np.empty(rules.deck.shape[0], dtype=np.int64)
    work = np.empty(players, dtype=np.int64)
    trick_buf = np.zeros(players, dtype=np.int64)
    voids = np.zeros(players, dtype=np.int64)
    local_kinds = np.empty(players, dtype=np.int64)
    local_flags = np.empty(players, dtype=np.int64)
    totals = np.empty(players, dtype=np.int64)
    made = np.empty(players, dtype=np.int64)
    best = np.empty(players, dtype=np.int64)
    played = np.empty(players, dtype=np.int64)
    active = np.empty(players, dtype=np.int64)
    out_order = np.empty(players, dtype=np.int64)
    for j in range(n_matches):
        unit = first_unit + j
        stream_states(st_all, base, unit * (1 + players), 1 + players)
        dealer = first_dealer
        if dealer < 0:
            dealer = draw_below(st_all, 0, players)
        for s in range(players):
            totals[s] = 0
            made[s] = 0
            best[s] = 0
            played[s] = 0
            active[s] = 1
        n_active = players
        n_out = 0
        first_under = -1
        first_over = -1
        for r in range(n_rounds):
            want = players_in_round[r]
            while n_active > want:
                last = last_placed(active, totals, made, best, tie_breaks)
                if dealer == last:
                    for step in range(1, players + 1):
                        cand = (dealer + step) % players
                        if active[cand] == 1 and cand != last:
                            dealer = cand
                            break
                active[last] = 0
                n_active -= 1
                out_order[players - 1 - n_out] = last
                n_out += 1
            # local seats: active match seats in order
            local = np.empty(n_active, dtype=np.int64)
            w = 0
            local_dealer = 0
            for s in range(players):
                if active[s] == 1:
                    if s == dealer:
                        local_dealer = w
                    local[w] = s
                    w += 1
            # streams: chance, then the active seats' own streams
            for q in range(4):
                st[0, q] = st_all[0, q]
            for i in range(n_active):
                for q in range(4):
                    st[1 + i, q] = st_all[1 + local[i], q]
                local_kinds[i] = kinds[local[i]]
                local_flags[i] = flags[local[i]]
            plays = out_plays[j, r] if out_plays.shape[0] > 0 else no_plays
            _deal(
                r, n_active, local_dealer, rules, first_under, first_over, st,
                hands, bids, first_bids, tricks, scores, plays, trump, order, work,
                local_kinds, local_flags, odds, trick_buf, all_random, doubles, seats.weights, voids,
            )  # fmt: skip
            for q in range(4):
                st_all[0, q] = st[0, q]
            for i in range(n_active):
                for q in range(4):
                    st_all[1 + local[i], q] = st[1 + i, q]
            if r == 0:
                first_under = trump[0]
                first_over = trump[1]
            out_dealer[j, r] = dealer
            for q in range(3):
                out_trump[j, r, q] = trump[q]
            for s in range(players):
                out_bids[j, r, s] = -1
                out_tricks[j, r, s] = -1
                out_scores[j, r, s] = 0
                out_hands[j, r, s] = 0
            for i in range(n_active):
                s = local[i]
                out_hands[j, r, s] = hands[i]
                out_bids[j, r, s] = bids[i]
                out_tricks[j, r, s] = tricks[i]
                out_scores[j, r, s] = scores[i]
                totals[s] += scores[i]
                if bids[i] == tricks[i]:
                    made[s] += 1
                best[s] = scores[i] if played[s] == 0 else max(best[s], scores[i])
                played[s] += 1
            for step in range(1, players + 1):
                cand = (dealer + step) % players
                if active[cand] == 1:
                    dealer = cand
                    break
        # final standings of the active seats (stable: lower seat first on full ties)
        ranked = np.empty(n_active, dtype=np.int64)
        w = 0
        for s in range(players):
            if active[s] == 1:
                ranked[w] = s
                w += 1
        sort_standings(ranked, totals, made, best, tie_breaks)
        for i in range(n_active):
            out_order[i] = ranked[i]
        for i in range(players):
            out_rank[j, out_order[i]] = i
            out_totals[j, i] = totals[i]
            out_winner[j, i] = 0
        top = ranked[0]
        for i in range(n_active):
            s = ranked[i]
            same = rank_compare(s, top, totals, made, best, tie_breaks) == 0
            if same:
                out_winner[j, s] = 1
