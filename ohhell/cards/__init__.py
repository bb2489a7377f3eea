"""Cards: the lowest layer, with no knowledge of any game's rules."""

from ohhell.cards.card import JESTER, RANK_CHARS, WIZARD, Card, Suit, format_cards, parse_cards

__all__ = ["Card", "Suit", "RANK_CHARS", "WIZARD", "JESTER", "parse_cards", "format_cards"]
