"""Trick rules: which cards may be played, and who wins a trick.

Follow suit if able, otherwise any card; the highest trump wins, else the
highest card of the suit led.  The same two functions serve the Wizard deck
(Wizards and Jesters may always be played; the first Wizard wins; Jesters
lose, the first one winning an all-Jester trick; a Jester led leaves the suit
to the first plain card) and the Setesdal pair of trumps (both beat plain
suits; between them the higher rank wins, the over-trump on equal ranks).
Two identical cards (two decks) are split by ``identical_cards``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from numba import njit

from ohhell.cards import Card, Suit
from ohhell.cards.masks import RANK_OF, SUIT_OF, cards_of, suit_mask
from ohhell.rules.checks import choice
from ohhell.rules.trump import Trump

__all__ = [
    "FollowSuit",
    "IdenticalCards",
    "card_strength",
    "led_suit",
    "legal_cards",
    "legal_mask",
    "takes_over",
    "trick_strength",
    "trick_winner",
]

IdenticalCards = Literal["first", "last"]


@dataclass(frozen=True, slots=True, kw_only=True)
class FollowSuit:
    """Follow suit if able, otherwise discard or trump; the trick's winner leads next.

    ``identical_cards``: with two decks, which of two identical cards wins
    when both are the best in a trick: ``"first"`` played (the common table
    rule, default) or ``"last"``.

    Names: every source.
    """

    identical_cards: IdenticalCards = "first"

    def __post_init__(self) -> None:
        choice("FollowSuit.identical_cards", self.identical_cards, ("first", "last"))


def led_suit(trick: Sequence[Card]) -> Suit | None:
    """The suit to follow: the first plain card's suit, unless a Wizard comes first.

    None when nothing decides a suit yet (empty trick, only Jesters so far) or
    a Wizard was played before any plain card (no obligation).
    """
    for card in trick:
        if card.is_wizard:
            return None
        if card.is_plain:
            return card.suit
    return None


def legal_cards(hand: Sequence[Card], trick: Sequence[Card]) -> tuple[Card, ...]:
    """The distinct cards of ``hand`` that may be played to ``trick`` (sorted).

    The decision is :func:`legal_mask`, the compiled function the kernel calls
    too; Wizards and Jesters may always be played.

    Examples
    --------
    >>> from ohhell.cards import parse_cards
    >>> [str(c) for c in legal_cards(parse_cards("AS 3H 9H"), parse_cards("KH"))]
    ['3H', '9H']
    """
    distinct = sorted(set(hand))
    suit = led_suit(trick)
    plain = 0
    for c in distinct:
        if c.is_plain:
            plain |= 1 << c.code
    legal = legal_mask(plain, -1 if suit is None else int(suit))
    if legal == plain:
        return tuple(distinct)
    return tuple(sorted(list(cards_of(legal)) + [c for c in distinct if not c.is_plain]))


@njit(cache=True, inline="always", error_model="numpy")
def legal_mask(plain: int, led: int) -> int:
    """The cards of ``plain`` (a mask of plain cards, bit ``code``) that may be played when ``led`` is the
    suit to follow (-1: none yet, or a Wizard came first): those of that suit if it holds any, else all.

    Examples
    --------
    >>> bin(legal_mask(0b1 | 1 << 14, 1)), bin(legal_mask(0b1, 1)), bin(legal_mask(0b1, -1))
    ('0b100000000000000', '0b1', '0b1')
    """
    if led >= 0:
        follow = plain & suit_mask(led)
        if follow != 0:
            return follow
    return plain


def trick_winner(trick: Sequence[Card], trump: Trump, identical_cards: IdenticalCards = "first") -> int:
    """Index (in play order) of the card that wins ``trick``.

    The decision is :func:`card_strength` and :func:`takes_over`, the compiled
    functions the kernel calls too.

    Examples
    --------
    The Setesdal example: clubs under-trump, spades over-trump; 6 of diamonds
    led, 10 of clubs, 9 of spades: the ten wins.

    >>> from ohhell.cards import parse_cards
    >>> trick_winner(parse_cards("6D TC 9S"), Trump((Suit.CLUBS, Suit.SPADES)))
    1
    """
    if not trick:
        raise ValueError("an empty trick has no winner")
    lead = led_suit(trick)
    led = -1 if lead is None else int(lead)
    suits = [int(s) for s in trump.suits]
    t_under, t_over = (suits[0], suits[1]) if len(suits) == 2 else (-1, suits[0] if suits else -1)
    last = identical_cards == "last"
    best = 0
    best_key = card_strength(trick[0].code, led, t_under, t_over)
    for i in range(1, len(trick)):
        code = trick[i].code
        key = card_strength(code, led, t_under, t_over)
        if takes_over(key, best_key, code, trick[best].code, last):
            best, best_key = i, key
    return best


@njit(cache=True, inline="always", error_model="numpy")
def trick_strength(code: int, led: int, t_under: int, t_over: int) -> int:
    """How a plain card (by code) ranks in a trick, for compiled paths; the highest wins.

    Over-trump, then under-trump (Setesdal; a single trump suit is ``t_over``),
    by rank, the over-trump first on equal ranks; then the led suit by rank;
    any other card 0.  ``-1`` means no such suit.  The first card of a trick
    with the highest strength wins (one deck: no two cards tie).
    """
    suit = int(SUIT_OF[code])
    rank = int(RANK_OF[code])
    if suit == t_over:
        return 3000 + 2 * rank + 1
    if suit == t_under:
        return 3000 + 2 * rank
    if suit == led:
        return 2000 + 2 * rank
    return 0


_WIZARD_STRENGTH = 1 << 20


@njit(cache=True, inline="always", error_model="numpy")
def card_strength(code: int, led: int, t_under: int, t_over: int) -> int:
    """How any card (by :class:`~ohhell.cards.Card` code) ranks in a trick; the highest wins.

    A Wizard (code 52) above everything, a Jester (53) below everything; a
    plain card :func:`trick_strength` + 1, so that an off-suit plain card still
    beats a Jester.  ``led``: the suit to follow (-1: none, as after a Wizard
    led).  On one standard deck this orders the cards as :func:`trick_strength`.
    """
    if code < 52:
        return trick_strength(code, led, t_under, t_over) + 1
    if code == 52:
        return _WIZARD_STRENGTH
    return 0


@njit(cache=True, inline="always", error_model="numpy")
def takes_over(key: int, best_key: int, code: int, best_code: int, identical_last: bool) -> bool:
    """Does a card of strength ``key`` (code ``code``) take the trick from the best so far?

    A higher strength does; of two identical plain cards (two decks) the first
    played keeps it, or the last with ``identical_last``.  Wizards and Jesters
    are never identical cards here: the first Wizard wins, and a Jester only
    in a trick of Jesters (the first).
    """
    return key > best_key or (identical_last and code == best_code and code < 52)
