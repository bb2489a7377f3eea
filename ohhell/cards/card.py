"""Cards, suits and ranks.

A card is a small immutable value with an integer ``code``: plain cards are
``suit * 13 + (rank - 2)`` (0..51, clubs first, twos first), the Wizard is 52
and the Jester 53.  The integer form is what compiled engines use; the
string form (rank then suit: ``AS``, ``KH``, ``TD`` or ``10D``, ``7C``; ``W``
for a Wizard, ``N`` for a Jester) is what records and people use.

Examples
--------
>>> Card.parse("10D") == Card.parse("TD")
True
>>> str(Card.parse("as")), Card.parse("AS").rank, Card.parse("AS").suit.letter
('AS', 14, 'S')
>>> str(WIZARD), str(JESTER)
('W', 'N')
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import IntEnum

__all__ = ["Card", "Suit", "RANK_CHARS", "WIZARD", "JESTER", "parse_cards", "format_cards"]


class Suit(IntEnum):
    """The four French suits, in the order used by codes and fixed rotations."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        """One-letter name: ``C``, ``D``, ``H`` or ``S``."""
        return "CDHS"[self.value]

    @property
    def symbol(self) -> str:
        """The suit symbol, for display."""
        return "\u2663\u2666\u2665\u2660"[self.value]

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Parse ``C``, ``D``, ``H`` or ``S`` (any case) or a suit symbol."""
        t = text.strip().upper()
        for suit in cls:
            if t in (suit.letter, suit.symbol, suit.name):
                return suit
        raise ValueError(f"unknown suit {text!r}: expected one of C, D, H, S")


#: Rank characters from two (rank 2) to ace (rank 14).
RANK_CHARS = "23456789TJQKA"

_WIZARD_CODE = 52
_JESTER_CODE = 53


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One playing card, identified by its integer ``code`` (see module docs)."""

    code: int

    def __post_init__(self) -> None:
        if not 0 <= self.code <= _JESTER_CODE:
            raise ValueError(f"card code {self.code} out of range 0..{_JESTER_CODE}")

    @classmethod
    def of(cls, rank: int, suit: Suit) -> Card:
        """The plain card of ``rank`` (2..14, ace high) in ``suit``."""
        if not 2 <= rank <= 14:
            raise ValueError(f"rank {rank} out of range 2..14 (ace is 14)")
        return cls(int(suit) * 13 + rank - 2)

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse ``AS``, ``KH``, ``TD``/``10D``, ``7C``, ``W`` (Wizard), ``N`` (Jester)."""
        t = text.strip().upper()
        if t in ("W", "WIZARD"):
            return WIZARD
        if t in ("N", "JESTER"):
            return JESTER
        if len(t) >= 2:
            rank_text, suit_text = t[:-1], t[-1]
            if rank_text == "10":
                rank_text = "T"
            if len(rank_text) == 1 and rank_text in RANK_CHARS and suit_text in "CDHS":
                return cls.of(RANK_CHARS.index(rank_text) + 2, Suit.parse(suit_text))
        raise ValueError(
            f"unknown card {text!r}: expected rank then suit such as AS, KH, TD or 10D, 7C"
            " (ranks 2-9, T/10, J, Q, K, A; suits C, D, H, S), or W / N for Wizard / Jester"
        )

    @property
    def is_wizard(self) -> bool:
        """True for a Wizard (Wizard deck)."""
        return self.code == _WIZARD_CODE

    @property
    def is_jester(self) -> bool:
        """True for a Jester (Wizard deck)."""
        return self.code == _JESTER_CODE

    @property
    def is_plain(self) -> bool:
        """True for an ordinary suited card."""
        return self.code < _WIZARD_CODE

    @property
    def suit(self) -> Suit | None:
        """The suit, or None for a Wizard or Jester."""
        return Suit(self.code // 13) if self.code < _WIZARD_CODE else None

    @property
    def rank(self) -> int:
        """Rank 2..14 (ace high); 15 for a Wizard, 1 for a Jester."""
        if self.code == _WIZARD_CODE:
            return 15
        if self.code == _JESTER_CODE:
            return 1
        return self.code % 13 + 2

    def __str__(self) -> str:
        if self.code == _WIZARD_CODE:
            return "W"
        if self.code == _JESTER_CODE:
            return "N"
        return RANK_CHARS[self.code % 13] + "CDHS"[self.code // 13]

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"


WIZARD = Card(_WIZARD_CODE)
JESTER = Card(_JESTER_CODE)


def parse_cards(texts: Iterable[str] | str) -> tuple[Card, ...]:
    """Parse several cards from strings or from one space-separated string."""
    items = texts.split() if isinstance(texts, str) else list(texts)
    return tuple(Card.parse(t) for t in items)


def format_cards(cards: Iterable[Card]) -> str:
    """Space-separated card strings."""
    return " ".join(str(c) for c in cards)
