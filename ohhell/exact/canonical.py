"""The 1-card round's deck up to symmetry: card classes and the cards that beat a card.

With a turned-up trump card, the 51 cards in play are 12 trumps and three side
suits of 13.  Only the order among the trumps in play matters, so the
turned-up card's rank drops out: a trump is described by ``higher``, the
number of trumps in play above it (0 for the best), and the game is the same
whatever card was turned up.  The three side suits are interchangeable, so a
side card is described by its rank.  Without trump the 52 cards are four
interchangeable suits of 13.

Canonical card indices: trump round, trumps ``0..11`` (11 is the best trump in
play) then side suits 1, 2, 3 with ``12 + 13 * (suit - 1) + rank - 2``; no
trump, ``13 * suit + rank - 2``.  A *class* is what a bidder's decision may
depend on: trump round, classes ``0..11`` are the trumps by index and
``12 + rank - 2`` the side cards by rank; no trump, ``rank - 2``.

Examples
--------
>>> from ohhell.cards import Card
>>> deck = canonical_deck(trump=True)
>>> deck.size, deck.n_classes
(51, 25)
>>> c = canonical_card(Card.parse("KH"), Card.parse("AH"))  # the king of trumps, ace turned up
>>> int(deck.higher[c]), deck.label(int(deck.cls[c]))
(0, 'trump A')
>>> int(deck.beats[canonical_card(Card.parse("AS"), Card.parse("AH"))].sum())  # a side ace: the 12 trumps
12
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import numpy.typing as npt

from ohhell.cards import RANK_CHARS, Card

__all__ = ["CanonicalDeck", "canonical_deck", "canonical_card", "rank_name", "TRUMPS_IN_PLAY"]

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]

#: Trumps in play in a round with a turned-up trump card.
TRUMPS_IN_PLAY = 12


def rank_name(rank: int) -> str:
    """``"10"`` for a ten, else the rank character (``"A"``, ``"K"``, ..., ``"2"``)."""
    return "10" if rank == 10 else RANK_CHARS[rank - 2]


@dataclass(frozen=True, slots=True, eq=False)
class CanonicalDeck:
    """Arrays over the canonical cards (see the module docs for the numbering).

    ``suit``: 0 is trump in a trump round; ``higher``: cards of the same suit
    in play above it; ``beats[c]``: the cards that beat ``c`` when ``c`` is
    trump or its suit was led; ``suit_mask[s]``: the cards of suit ``s``.
    """

    trump: bool
    size: int
    trumps: int
    suit: IntArray
    rank: IntArray
    higher: IntArray
    is_trump: BoolArray
    cls: IntArray
    n_classes: int
    class_size: IntArray
    representative: IntArray
    beats: BoolArray
    suit_mask: BoolArray

    @property
    def n_suits(self) -> int:
        return int(self.suit_mask.shape[0])

    def class_suit(self, cl: int) -> str:
        """``"trump"``, ``"side"`` or (no trump) ``"plain"``."""
        if not self.trump:
            return "plain"
        return "trump" if cl < self.trumps else "side"

    def class_higher(self, cl: int) -> int:
        return int(self.higher[self.representative[cl]])

    def class_rank(self, cl: int) -> int:
        """The rank; a trump's rank is counted as if the turned-up card were lower (``14 - higher``)."""
        return 14 - self.class_higher(cl)

    def label(self, cl: int) -> str:
        """``"trump 9"``, ``"side A"`` or ``"K"``."""
        name = rank_name(self.class_rank(cl))
        return name if not self.trump else f"{self.class_suit(cl)} {name}"


@lru_cache(maxsize=2)
def canonical_deck(trump: bool) -> CanonicalDeck:
    """The canonical deck of a round with a turned-up trump card (``trump=True``) or without trump."""
    suits: list[int] = []
    ranks: list[int] = []
    if trump:
        for t in range(TRUMPS_IN_PLAY):
            suits.append(0)
            ranks.append(t + 3)  # 3..14: ``14 - higher``
        side_suits: tuple[int, ...] = (1, 2, 3)
    else:
        side_suits = (0, 1, 2, 3)
    for s in side_suits:
        for r in range(2, 15):
            suits.append(s)
            ranks.append(r)
    suit = np.array(suits, dtype=np.int64)
    rank = np.array(ranks, dtype=np.int64)
    size = len(suits)
    is_trump = (suit == 0) if trump else np.zeros(size, dtype=np.bool_)
    higher = 14 - rank
    trumps = TRUMPS_IN_PLAY if trump else 0
    cls = np.where(is_trump, np.arange(size), trumps + rank - 2).astype(np.int64)
    n_classes = trumps + 13
    class_size = np.bincount(cls, minlength=n_classes).astype(np.int64)
    representative = np.array([int(np.flatnonzero(cls == k)[0]) for k in range(n_classes)], dtype=np.int64)
    beats = np.zeros((size, size), dtype=np.bool_)
    for c in range(size):
        same = (suit == suit[c]) & (rank > rank[c])
        beats[c] = same | (is_trump & ~is_trump[c])
    suit_mask = np.stack([suit == s for s in range(int(suit.max()) + 1)])
    return CanonicalDeck(
        trump=trump,
        size=size,
        trumps=trumps,
        suit=suit,
        rank=rank,
        higher=higher,
        is_trump=is_trump,
        cls=cls,
        n_classes=n_classes,
        class_size=class_size,
        representative=representative,
        beats=beats,
        suit_mask=suit_mask,
    )


def canonical_card(card: Card, trump_card: Card | None) -> int:
    """The canonical index of a real card, given the turned-up card (None: a round without trump)."""
    if card.suit is None:
        raise ValueError(f"the exact 1-card analysis covers plain cards only, got {card}")
    rank, suit = card.rank, int(card.suit)
    if trump_card is None:
        return 13 * suit + rank - 2
    if trump_card.suit is None or trump_card == card:
        raise ValueError(f"{card} cannot be in play with {trump_card} turned up")
    up_suit, up_rank = int(trump_card.suit), trump_card.rank
    if suit == up_suit:
        return rank - 2 - (1 if rank > up_rank else 0)
    side = [s for s in range(4) if s != up_suit].index(suit)
    return TRUMPS_IN_PLAY + 13 * side + rank - 2
