"""The card-odds player's decisions, compiled: each card's chance of taking a trick, learned in self-play.

A hand's trick count is modelled as a sum of independent chances, one per
card (a Poisson-binomial count); the chance of a card depends on the
bidder's position from the dealer's left, the bids it heard against their
fair share, the bid its holder pursues (0, 1, 2, 3 or more: a card played
for a bid of 0 is shed where it can be), whether it is a trump, its rank,
how many cards of its suit the hand holds (1 to 5 or more) and how many of
them rank above it (0, 1, 2 or more).  The bid is the legal one with the
highest expected score under the round's own score table, each bid's trick
count taken from the chances of the cards played for that bid
(:func:`odds_bid`).  Cards are played by the rollout policy
(:func:`~ohhell.strategies.policy_core.policy_play`).

The chances are learned by self-play (:func:`self_play_credits`): deals of
the round are played by ``n`` card-odds players, a share of whose bids is
moved to a neighbouring bid so that every hand is also seen pursuing bids
it would not choose, and each card that wins a trick is credited; a few
rounds of learning from the previous round's table reach a table
consistent with the way the table itself bids and plays.  Odds arrays, per
round: ``[trump kind, position, field, intent, is trump, rank, length
class, higher class]`` with trump kinds 0 (no trump), 1 (one suit), 2 (two
suits, Setesdal) and intent :data:`ANY_BID` for a holder whose bid is not
known.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ohhell.cards.masks import lowest_bit, popcount, suit_mask
from ohhell.engine.stream import draw_below, shuffle_codes
from ohhell.plain import plain
from ohhell.rules.restriction import hook_bids
from ohhell.rules.tricks import legal_mask, trick_strength
from ohhell.strategies.distilled_core import distilled_card
from ohhell.strategies.policy_core import over_wants_of, policy_card, winning_position

__all__ = [
    "LENGTHS",
    "HIGHER",
    "FIELDS",
    "INTENTS",
    "ANY_BID",
    "field_class",
    "intent_class",
    "higher_class",
    "length_class",
    "POSITIONS",
    "card_chances",
    "trick_distribution",
    "odds_bid",
    "seat_odds_bid",
    "self_play_credits",
    "trump_kind",
]

#: Suit-length classes (1, 2, 3, 4, 5 or more) and bidder positions the odds distinguish.
LENGTHS = 5
POSITIONS = 7
#: Classes of how many higher cards of its suit the hand also holds (0, 1, 2 or more).
HIGHER = 3
#: Classes of the bids heard before this one against their fair share: fewer, about even, more.
FIELDS = 3
#: Classes of the bid the card's holder pursues (0, 1, 2, 3 or more), and one more for "any bid".
INTENTS = 5
ANY_BID = INTENTS - 1
#: Share of the self-play bids (in learning) replaced by a neighbouring legal bid, so that each
#: intent class also sees hands that would rather bid otherwise.
EXPLORE_PERCENT = 20


@njit(cache=True, inline="always", error_model="numpy")
def trump_kind(t_under: int, t_over: int) -> int:
    """0 no trump, 1 one trump suit, 2 two (Setesdal)."""
    if t_over < 0:
        return 0
    return 2 if t_under >= 0 else 1


@njit(cache=True, inline="always", error_model="numpy")
def length_class(suit_cards: int) -> int:
    """The length class of a suit holding: 0 for one card .. ``LENGTHS - 1`` for ``LENGTHS`` or more."""
    k = int(np.int64(popcount(suit_cards)))
    return LENGTHS - 1 if k >= LENGTHS else k - 1


@njit(cache=True, inline="always", error_model="numpy")
def higher_class(suit_cards: int, code: int) -> int:
    """How many cards of ``suit_cards`` rank above card ``code`` (0, 1, or ``HIGHER - 1`` for more)."""
    k = int(np.int64(popcount(suit_cards & ~((1 << (code + 1)) - 1))))
    return HIGHER - 1 if k >= HIGHER else k


@njit(cache=True, inline="always", error_model="numpy")
def field_class(heard_sum: int, heard_count: int, h: int, n: int) -> int:
    """0 when the bids heard claim half a trick or more below their share (``h / n`` each), 2 above, else 1."""
    gap = heard_sum - heard_count * h / n
    if gap < -0.5:
        return 0
    return 2 if gap > 0.5 else 1


@njit(cache=True, inline="always", error_model="numpy")
def intent_class(bid: int) -> int:
    """The intent class of a bid: the bid itself up to ``INTENTS - 2``, which stands for that many or more."""
    return min(bid, INTENTS - 2)


@njit(cache=True, error_model="numpy")
def card_chances(
    hand: int, odds: np.ndarray, pos: int, field: int, intent: int, t_under: int, t_over: int, out: np.ndarray
) -> int:
    """Each card's chance of a trick into ``out`` (lowest card first), its holder pursuing a bid of
    intent class ``intent`` (:data:`ANY_BID`: whatever it bid); returns the number of cards.

    ``odds``: one round's array ``[kind, position, field, intent, is trump, rank, length class, higher class]``.
    """
    kind = trump_kind(t_under, t_over)
    p = min(pos, POSITIONS - 1)
    m = 0
    for s in range(4):
        cards = hand & suit_mask(s)
        if cards == 0:
            continue
        length = length_class(cards)
        trump = 1 if s in (t_over, t_under) else 0
        x = cards
        while x:
            c = lowest_bit(x)
            x &= x - 1
            out[m] = odds[kind, p, field, intent, trump, c % 13, length, higher_class(cards, c)]
            m += 1
    return m


@njit(cache=True, error_model="numpy")
def trick_distribution(chances: np.ndarray, m: int, dist: np.ndarray) -> None:
    """``dist[k]``: the chance of exactly ``k`` tricks from ``m`` independent chances (a Poisson-binomial count)."""
    dist[0] = 1.0
    for k in range(1, dist.shape[0]):
        dist[k] = 0.0
    for i in range(m):
        p = chances[i]
        for k in range(i + 1, 0, -1):
            dist[k] = dist[k] * (1.0 - p) + dist[k - 1] * p
        dist[0] *= 1.0 - p


@njit(cache=True, inline="always", error_model="numpy")
def _expected_score(dist: np.ndarray, h: int, table: np.ndarray, b: int) -> float:
    """The expected score of bid ``b`` when the trick count has distribution ``dist``."""
    value = 0.0
    for k in range(h + 1):
        value += dist[k] * table[b, k]
    return value


@njit(cache=True, error_model="numpy")
def _best_bid(dist: np.ndarray, h: int, table: np.ndarray, legal_bids: int) -> int:
    best = -1
    best_value = -np.inf
    for b in range(h + 1):
        if not (legal_bids >> b) & 1:
            continue
        value = _expected_score(dist, h, table, b)
        if value > best_value + 1e-12:
            best = b
            best_value = value
    return best


@njit(cache=True, error_model="numpy")
def _best_intended_bid(
    hand: int, h: int, pos: int, field: int, t_under: int, t_over: int, odds: np.ndarray, table: np.ndarray,
    legal_bids: int,
) -> int:  # fmt: skip
    """The legal bid whose own trick distribution (the hand played for that bid) scores best."""
    chances = np.empty(max(h, 1), dtype=np.float64)
    dist = np.zeros(h + 1, dtype=np.float64)
    best = -1
    best_value = -np.inf
    done = -1
    for b in range(h + 1):
        if not (legal_bids >> b) & 1:
            continue
        intent = intent_class(b)
        if intent != done:
            m = card_chances(hand, odds, pos, field, intent, t_under, t_over, chances)
            trick_distribution(chances, m, dist)
            done = intent
        value = _expected_score(dist, h, table, b)
        if value > best_value + 1e-12:
            best = b
            best_value = value
    return best


@njit(cache=True, error_model="numpy")
def odds_bid(
    hand: int,
    h: int,
    pos: int,
    field: int,
    t_under: int,
    t_over: int,
    odds: np.ndarray,
    table: np.ndarray,
    legal_bids: int,
) -> int:
    """The legal bid with the highest expected score for ``hand`` (ties: the lower bid), each bid's
    trick count taken from the chances of the cards played for that bid."""
    return _best_intended_bid(hand, h, pos, field, t_under, t_over, odds, table, legal_bids)


@njit(cache=True, error_model="numpy")
def seat_odds_bid(
    hands: np.ndarray,
    pos: int,
    n: int,
    h: int,
    sight: int,
    heard_sum: int,
    heard_count: int,
    t_under: int,
    t_over: int,
    odds: np.ndarray,
    table: np.ndarray,
    legal_bids: int,
) -> int:
    """The bid of the seat at ``pos`` (``hands`` by position from the dealer's left), having heard
    ``heard_count`` bids summing to ``heard_sum``.

    ``sight`` 0: its own hand; 1 (blind): an unseen hand expects ``h / n``
    tricks; 2 (forehead): the tricks the hands it sees are not expected to
    take, shared evenly over its ``h`` cards.
    """
    field = field_class(heard_sum, heard_count, h, n)
    if sight == 0:
        return odds_bid(hands[pos], h, pos, field, t_under, t_over, odds, table, legal_bids)
    expected = h / n
    if sight == 2:
        chances = np.empty(max(h, 1), dtype=np.float64)
        others = 0.0
        for q in range(n):
            if q == pos:
                continue
            m = card_chances(hands[q], odds, q, plain(1), plain(ANY_BID), t_under, t_over, chances)
            for i in range(m):
                others += chances[i]
        expected = min(max(h - others, 0.0), float(h))
    each = np.full(max(h, 1), expected / max(h, 1), dtype=np.float64)
    dist = np.zeros(h + 1, dtype=np.float64)
    trick_distribution(each, h, dist)
    return _best_bid(dist, h, table, legal_bids)


@njit(cache=True, nogil=True, error_model="numpy")
def self_play_credits(
    deck: np.ndarray,
    n: int,
    h: int,
    kind: int,
    hook: bool,
    odds: np.ndarray,
    table: np.ndarray,
    deals: int,
    st: np.ndarray,
    wins: np.ndarray,
    counts: np.ndarray,
    weights: np.ndarray,
) -> None:
    """Play ``deals`` deals of ``h`` cards by ``n`` card-odds players and credit the cards that win tricks.

    Position 0 (the dealer's left) bids first and leads; the trump is a
    random suit (kind 1), two different random suits (kind 2) or none.
    ``wins``/``counts`` (shape ``[position, field, intent (0..INTENTS - 2), is trump, rank, length
    class, higher class]``) are added to.  ``EXPLORE_PERCENT`` bids in a hundred are moved to a
    neighbouring legal bid, so that hands are also seen pursuing bids they would not choose.
    The cards are played by the rollout policy (``weights`` empty) or by the distilled card
    policy with these weights (:func:`~ohhell.strategies.distilled_core.distilled_card`).
    Reads row 0 of ``st``.
    """
    distilled = weights.shape[0] > 0
    no_features = np.zeros((0, 1))
    voids = np.zeros(n, dtype=np.int64)
    over = over_wants_of(table)
    order = deck.copy()
    hands = np.zeros(n, dtype=np.int64)
    dealt = np.zeros(n, dtype=np.int64)
    bids = np.zeros(n, dtype=np.int64)
    won = np.zeros(n, dtype=np.int64)
    trick = np.zeros(n, dtype=np.int64)
    fields = np.zeros(n, dtype=np.int64)
    all_bids = (1 << (h + 1)) - 1
    for _ in range(deals):
        shuffle_codes(order, st)
        for q in range(n):
            hands[q] = 0
            won[q] = 0
            voids[q] = 0
        for i in range(n * h):
            hands[i % n] |= 1 << order[i]
        t_under = plain(-1)  # plain: see ohhell.plain (no versions compiled for the starting constants)
        t_over = plain(-1)
        if kind >= 1:
            t_over = draw_below(st, 0, 4)
        if kind == 2:
            t_under = draw_below(st, 0, 3)
            if t_under >= t_over:
                t_under += 1
        total = plain(0)
        for q in range(n):
            legal = hook_bids(h, total, all_bids) if hook and q == n - 1 else all_bids
            fields[q] = field_class(total, q, h, n)
            b = odds_bid(hands[q], h, q, fields[q], t_under, t_over, odds, table, legal)
            if draw_below(st, 0, 100) < EXPLORE_PERCENT:
                step = 1 if draw_below(st, 0, 2) == 1 else -1
                if 0 <= b + step <= h and (legal >> (b + step)) & 1:
                    b += step
            bids[q] = b
            total += bids[q]
            dealt[q] = hands[q]
        leader = 0
        played = plain(0)
        for t in range(h):
            seat = leader
            led = plain(-1)
            best_key = plain(-1)
            best_seat = plain(-1)
            for p in range(n):
                hand = hands[seat]
                legal_cards = legal_mask(hand, led if p > 0 else -1)
                if p > 0 and (hand & suit_mask(led)) == 0:  # shown out of the suit led
                    voids[seat] |= 1 << led
                if distilled:
                    c = distilled_card(hand, legal_cards, p, led, best_key, best_seat, seat, n, bids, won, h - t,
                                       t_under, t_over, played, voids, over, weights, no_features)  # fmt: skip
                else:
                    c = policy_card(hand, legal_cards, p, led, best_key, bids[seat] - won[seat], n, t_under, t_over,
                                    played, over)  # fmt: skip
                if p == 0:
                    led = c // 13
                key = trick_strength(c, led, t_under, t_over)
                if key > best_key:
                    best_key = key
                    best_seat = seat
                hands[seat] = hand & ~(1 << c)
                played |= 1 << c
                trick[p] = c
                seat += 1
                if seat == n:
                    seat = 0
            best = winning_position(trick, n, t_under, t_over)
            leader = (leader + best) % n
            won[leader] += 1
            c = trick[best]
            s = c // 13
            held = dealt[leader] & suit_mask(s)
            trump = 1 if s in (t_over, t_under) else 0
            p_ = min(leader, POSITIONS - 1)
            wins[p_, fields[leader], intent_class(bids[leader]), trump, c % 13, length_class(held),
                 higher_class(held, c)] += 1  # fmt: skip
        for q in range(n):
            for s in range(4):
                cards = dealt[q] & suit_mask(s)
                if cards == 0:
                    continue
                length = length_class(cards)
                trump = 1 if s in (t_over, t_under) else 0
                x = cards
                while x:
                    c = lowest_bit(x)
                    x &= x - 1
                    counts[min(q, POSITIONS - 1), fields[q], intent_class(bids[q]), trump, c % 13, length,
                           higher_class(cards, c)] += 1  # fmt: skip
