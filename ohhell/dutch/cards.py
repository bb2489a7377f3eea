"""Dutch's cards as small integer codes, and their text form.

A card is an ``int``: ``suit * 13 + rank`` for the 52 suited cards (suits
clubs, diamonds, hearts, spades = 0..3; ranks ace, 2, ..., 10, jack, queen,
king = 0..12) and 52, 53 for the two jokers.  Integer codes keep the engine's
state as plain lists (and, later, arrays for a compiled path).

Text: rank then suit, ``AS``, ``TD`` (or ``10D``), ``QH``, ``KC``; both jokers
are ``JK`` (they are identical cards).

Examples
--------
>>> card("KH"), card("10D"), card("JK")
(38, 22, 52)
>>> text(38), text(22), text(53)
('KH', 'TD', 'JK')
>>> parse("AS JK JK 2C")
(39, 52, 53, 1)
"""

from __future__ import annotations

from collections.abc import Iterable

__all__ = [
    "RANKS",
    "SUITS",
    "JOKERS",
    "card",
    "text",
    "parse",
    "rank_of",
    "suit_of",
    "is_joker",
    "is_red",
    "deck_codes",
]

RANKS = "A23456789TJQK"
SUITS = "CDHS"
#: the two jokers' codes
JOKERS = (52, 53)


def is_joker(code: int) -> bool:
    return code >= 52


def rank_of(code: int) -> str:
    """``"A"``, ``"2"``, ..., ``"K"``, or ``"JK"`` for a joker."""
    return "JK" if code >= 52 else RANKS[code % 13]


def suit_of(code: int) -> str | None:
    """``"C"``, ``"D"``, ``"H"``, ``"S"``, or None for a joker."""
    return None if code >= 52 else SUITS[code // 13]


def is_red(code: int) -> bool:
    return code < 52 and code // 13 in (1, 2)


def text(code: int) -> str:
    """The card's text: ``KH``, ``TD``, ``JK``."""
    if not 0 <= code <= 53:
        raise ValueError(f"a card code is 0..53, got {code}")
    return "JK" if code >= 52 else RANKS[code % 13] + SUITS[code // 13]


def card(value: str) -> int:
    """The code of one card's text (a joker is 52; :func:`parse` numbers a second one 53)."""
    s = value.strip().upper()
    if s in ("JK", "JOKER"):
        return 52
    if s.startswith("10"):
        s = "T" + s[2:]
    if len(s) != 2 or s[0] not in RANKS or s[1] not in SUITS:
        raise ValueError(f"not a card: {value!r}; write rank then suit (AS, TD or 10D, QH, KC) or JK for a joker")
    return SUITS.index(s[1]) * 13 + RANKS.index(s[0])


def parse(cards: Iterable[str] | str) -> tuple[int, ...]:
    """Codes of several cards; the first joker is 52, the second 53."""
    items = cards.split() if isinstance(cards, str) else list(cards)
    out: list[int] = []
    jokers = 0
    for item in items:
        code = card(item)
        if code == 52:
            if jokers >= 2:
                raise ValueError("a Dutch deck has at most two jokers (JK)")
            code = 52 + jokers
            jokers += 1
        out.append(code)
    return tuple(out)


def deck_codes(jokers: int) -> tuple[int, ...]:
    """The codes of a 52-card deck plus ``jokers`` jokers (0, 1 or 2)."""
    if jokers not in (0, 1, 2):
        raise ValueError(f"a Dutch deck has 0, 1 or 2 jokers, got {jokers}")
    return tuple(range(52 + jokers))
