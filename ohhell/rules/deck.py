"""Deck policies: which cards are in play.

Each deck is a frozen value whose :meth:`cards` lists the physical cards
(duplicates included for two decks).  The deck also says whether it holds
Wizards and Jesters, which changes trick resolution and the trump turn-up.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from numba import njit

from ohhell.cards import JESTER, WIZARD, Card, Suit
from ohhell.rules.checks import integer, items, store

__all__ = ["Deck", "StandardDeck", "DoubleDeck", "ReducedDeck", "WizardDeck", "set_aside_twos", "twos_set_aside"]

_PLAIN = tuple(Card(code) for code in range(52))


@runtime_checkable
class Deck(Protocol):
    """The cards in play. ``cards()`` lists every physical card once."""

    @property
    def has_wizards(self) -> bool: ...

    def cards(self) -> tuple[Card, ...]: ...


@dataclass(frozen=True, slots=True, kw_only=True)
class StandardDeck:
    """One 52-card French deck, no jokers, ace high.

    Names: every source (Boerenbridge, Bondebridge, Up and Down the River).
    """

    @property
    def has_wizards(self) -> bool:
        return False

    def cards(self) -> tuple[Card, ...]:
        return _PLAIN


@dataclass(frozen=True, slots=True, kw_only=True)
class DoubleDeck:
    """Two 52-card decks shuffled together (104 cards); a hand may hold a card twice.

    Which of two identical cards wins a trick is the trick rules'
    ``identical_cards`` option (default: the one played first).

    Names: Up and Down the River app, "Number of decks: 2".
    """

    @property
    def has_wizards(self) -> bool:
        return False

    def cards(self) -> tuple[Card, ...]:
        return _PLAIN + _PLAIN


@dataclass(frozen=True, slots=True, kw_only=True)
class ReducedDeck:
    """The ``size`` highest cards of one deck, for short-handed play.

    Cards are taken from the ace down, all four suits of a rank at a time; when
    ``size`` cuts a rank, the higher suits (spades, hearts, diamonds, clubs)
    are kept first.  The default 26 cards are A K Q J T 9 of every suit plus
    the eights of spades and hearts.  Pass ``cards_in_play`` (a tuple of card
    names such as ``("AS", "KH")``, as many as ``size``) to choose them explicitly.

    Names: "Boerenbridge for two" (26 cards; the source does not say which,
    so this is a parameter).
    """

    size: int = 26
    cards_in_play: tuple[str, ...] | None = None

    def __post_init__(self) -> None:
        store(self, "size", integer("ReducedDeck.size", self.size, low=1, high=52))
        if self.cards_in_play is not None:
            names = items("ReducedDeck.cards_in_play", self.cards_in_play, "('AS', 'KH')")
            parsed = []
            for i, name in enumerate(names):
                if not isinstance(name, str):
                    raise TypeError(f"ReducedDeck.cards_in_play[{i}] must be a card name such as 'AS', got {name!r}")
                try:
                    parsed.append(Card.parse(name))
                except ValueError as exc:
                    raise ValueError(f"ReducedDeck.cards_in_play[{i}]: {exc}") from None
            store(self, "cards_in_play", names)
            if any(not c.is_plain for c in parsed) or len(set(parsed)) != len(parsed):
                raise ValueError("ReducedDeck.cards_in_play must be distinct plain cards")
            if len(parsed) != self.size:
                raise ValueError(f"ReducedDeck: size={self.size} but {len(parsed)} cards were given; make them agree")

    @property
    def has_wizards(self) -> bool:
        return False

    def cards(self) -> tuple[Card, ...]:
        if self.cards_in_play is not None:
            return tuple(sorted(Card.parse(c) for c in self.cards_in_play))
        order = sorted(_PLAIN, key=lambda c: (c.rank, c.code // 13), reverse=True)
        return tuple(sorted(order[: self.size]))


@dataclass(frozen=True, slots=True, kw_only=True)
class WizardDeck:
    """52 cards plus 4 Wizards and 4 Jesters (60 cards).

    A Wizard always wins the trick (the first Wizard played wins); a Jester
    always loses (if every card is a Jester, the first one wins).  Wizards and
    Jesters may be played at any time.  A Wizard turned up lets the dealer name
    trump; a Jester turned up means no trump.

    Names: the "Wizard style" variation of Boerenbridge (Dutch student
    societies; the commercial game Wizard).
    """

    @property
    def has_wizards(self) -> bool:
        return True

    def cards(self) -> tuple[Card, ...]:
        return _PLAIN + (WIZARD,) * 4 + (JESTER,) * 4


def suits_of(deck: Deck) -> tuple[Suit, ...]:
    """Suits present among the deck's plain cards."""
    return tuple(sorted({s for c in deck.cards() if (s := c.suit) is not None}))


@njit(cache=True, inline="always", error_model="numpy")
def set_aside_twos(k: int, t_under: int, t_over: int) -> int:
    """The short game's cards set aside before the deal, as a mask of card codes (bit ``code``).

    The twos of the first ``k`` suits, clubs first, that are not a trump known
    before the deal (``t_under``/``t_over``: its suit codes, -1 for none).
    The one statement of the rule: the reference engine, the kernel, the view
    checks and the record checks all call it.
    """
    mask = 0
    removed = 0
    for s in range(4):
        if removed < k and s != t_under and s != t_over:
            mask |= 1 << (s * 13)
            removed += 1
    return mask


def twos_set_aside(k: int, known_trump: Sequence[Suit] = ()) -> tuple[Card, ...]:
    """:func:`set_aside_twos` as cards, clubs first; ``known_trump``: the trump suits known before the deal.

    Examples
    --------
    >>> " ".join(map(str, twos_set_aside(2, [Suit.CLUBS])))
    '2D 2H'
    """
    codes = [int(s) for s in known_trump] + [-1, -1]
    mask = set_aside_twos(k, codes[0], codes[1])
    return tuple(Card(code) for code in range(52) if mask >> code & 1)
