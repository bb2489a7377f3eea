"""Golden and oracle tests for the trick rules: ``legal_cards`` and ``trick_winner``.

The golden cases are the worked examples of the rule sources (the Bondebridge
trump example and the Setesdal example) and the Wizard deck rules as the
WizardDeck docstring gives them; the oracle tests compare against a tiny
independent implementation written here from the card codes
(``code = suit * 13 + rank - 2``).
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ohhell.cards import Card, Suit, parse_cards
from ohhell.rules import Trump, legal_cards, trick_winner
from tests.strategies import distinct_plain_cards

HEARTS = Trump.of(Suit.HEARTS)
SPADES = Trump.of(Suit.SPADES)
NONE = Trump.none()
SETESDAL = Trump((Suit.CLUBS, Suit.SPADES))  # clubs under-trump, spades over-trump


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def strs(cs: tuple[Card, ...]) -> list[str]:
    return [str(c) for c in cs]


# -- legal cards ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "trick", "legal"),
    [
        ("AS 3H 9H", "KH", ["3H", "9H"]),  # follow suit if able
        ("AS 3H 9H", "KD", ["3H", "9H", "AS"]),  # void: any card, trump or not
        ("AS 3H 9H", "", ["3H", "9H", "AS"]),  # leading: any card, trump included
        ("2C AS 3H", "KS 3H", ["AS"]),  # the first card decides the suit, not a trump played later
        ("AS AS 3H", "QS", ["AS"]),  # two decks: a duplicate is listed once
    ],
)
def test_legal_cards_follow_suit(hand: str, trick: str, legal: list[str]) -> None:
    assert strs(legal_cards(cards(hand), cards(trick))) == legal


@pytest.mark.parametrize(
    ("hand", "trick", "legal"),
    [
        ("W N 3H 9S", "KH", ["3H", "W", "N"]),  # Wizards and Jesters are always legal
        ("W N 3H 9S", "W 2H", ["3H", "9S", "W", "N"]),  # a Wizard led: no suit to follow
        ("W N 3H 9S", "N", ["3H", "9S", "W", "N"]),  # only a Jester so far: no suit yet
        ("W N 3H 9S", "N 5S", ["9S", "W", "N"]),  # Jester led: the first plain card sets the suit
        ("W N 3H 9S", "N N 5D", ["3H", "9S", "W", "N"]),  # void in the suit set by the plain card
    ],
)
def test_legal_cards_with_wizards_and_jesters(hand: str, trick: str, legal: list[str]) -> None:
    assert set(strs(legal_cards(cards(hand), cards(trick)))) == set(legal)


# -- trick winner: golden cases ----------------------------------------------------


@pytest.mark.parametrize(
    ("trick", "trump", "winner"),
    [
        ("5D KD AC", NONE, 1),  # highest of the led suit; an off-suit ace does not win
        ("5D 2D 3D", NONE, 0),
        ("AS 2H", HEARTS, 1),  # "even a 2 of hearts beats an ace of spades"
        ("KS 3H AS", HEARTS, 1),  # Bondebridge: K spades led, 3 of hearts trumps, A spades follows
        ("KS 3H QH", HEARTS, 2),  # over-trumping: the highest trump wins
        ("2H AH", HEARTS, 1),  # trump led: highest trump
        ("AD KS QS", SPADES, 1),
        ("9C 9D 9H 9S", NONE, 0),  # equal ranks of other suits never beat the led suit
    ],
)
def test_trick_winner_standard(trick: str, trump: Trump, winner: int) -> None:
    assert trick_winner(cards(trick), trump) == winner


@pytest.mark.parametrize(
    ("trick", "winner"),
    [
        ("6D TC 9S", 1),  # the source example: the 10 of clubs beats the 9 of spades
        ("6D TC TS", 2),  # equal ranks: the over-trump wins ...
        ("6D TS TC", 1),  # ... whichever was played first
        ("AD 2C", 1),  # the under-trump beats a plain suit
        ("AH 2S KD", 1),  # so does the over-trump
        ("2C AH 3C", 2),  # under-trump led: higher under-trump wins
        ("KS AC", 1),  # over-trump led, higher under-trump wins by rank
    ],
)
def test_trick_winner_setesdal(trick: str, winner: int) -> None:
    assert trick_winner(cards(trick), SETESDAL) == winner


@pytest.mark.parametrize(
    ("trick", "trump", "winner"),
    [
        ("5H W W", NONE, 1),  # the first Wizard wins
        ("W AS W", SPADES, 0),  # a Wizard beats the highest trump
        ("AS 2S W", SPADES, 2),
        ("N N N", NONE, 0),  # all Jesters: the first one wins
        ("N N N N", HEARTS, 0),
        ("N 5H KH", NONE, 2),  # Jester led: the first plain card sets the suit (hearts)
        ("N 5H AS", NONE, 1),  # ... so an ace of another suit does not win
        ("N 5H 2S", SPADES, 2),  # ... and trump still beats it
        ("2C N", NONE, 0),  # a Jester always loses
        ("N N 2C", NONE, 2),
        ("N W 5H", HEARTS, 1),
    ],
)
def test_trick_winner_wizard_deck(trick: str, trump: Trump, winner: int) -> None:
    assert trick_winner(cards(trick), trump) == winner


@pytest.mark.parametrize(
    ("trick", "trump", "first", "last"),
    [
        ("AS AS", NONE, 0, 1),
        ("KS AS AS", NONE, 1, 2),
        ("2H 5S 2H", HEARTS, 0, 2),  # identical trumps
        ("AS KS KS", NONE, 0, 0),  # identical cards that do not win change nothing
        ("3D AS AS", NONE, 0, 0),  # identical off-suit discards never win
        ("TC TC", SETESDAL, 0, 1),
        ("N N", NONE, 0, 0),  # the all-Jester rule is not an identical-card tie
        ("W W", NONE, 0, 0),  # nor is the first-Wizard rule
    ],
)
def test_two_decks_identical_cards(trick: str, trump: Trump, first: int, last: int) -> None:
    assert trick_winner(cards(trick), trump, "first") == first
    assert trick_winner(cards(trick), trump, "last") == last
    assert trick_winner(cards(trick), trump) == first  # "first" is the default table rule


def test_empty_trick_has_no_winner() -> None:
    with pytest.raises(ValueError, match="empty trick"):
        trick_winner((), NONE)


# -- oracle: an independent implementation on card codes -----------------------------


def oracle_winner(codes: list[int], trump_suit: int | None) -> int:
    """Standard trick rule on raw codes: highest trump, else highest card of the led suit."""
    led = codes[0] // 13
    trumps = [i for i, c in enumerate(codes) if trump_suit is not None and c // 13 == trump_suit]
    pool = trumps or [i for i, c in enumerate(codes) if c // 13 == led]
    return max(pool, key=lambda i: codes[i] % 13)


def oracle_legal(hand: list[int], led: int | None) -> set[int]:
    following = {c for c in hand if led is not None and c // 13 == led}
    return following or set(hand)


@given(
    trick=distinct_plain_cards(1, 7),
    trump_suit=st.one_of(st.none(), st.integers(0, 3)),
)
def test_trick_winner_agrees_with_the_oracle(trick: list[Card], trump_suit: int | None) -> None:
    trump = NONE if trump_suit is None else Trump.of(Suit(trump_suit))
    expected = oracle_winner([c.code for c in trick], trump_suit)
    assert trick_winner(trick, trump) == expected
    # single deck: no identical cards, so the identical-card rule cannot matter
    assert trick_winner(trick, trump, "last") == expected


@given(
    hand=st.lists(st.integers(0, 51), min_size=1, max_size=10),
    trick=distinct_plain_cards(0, 6),
)
def test_legal_cards_agree_with_the_oracle(hand: list[int], trick: list[Card]) -> None:
    led = trick[0].code // 13 if trick else None
    legal = legal_cards([Card(c) for c in hand], trick)
    assert {c.code for c in legal} == oracle_legal(hand, led)
    assert list(legal) == sorted(set(legal))  # distinct and sorted


@given(data=st.data())
def test_setesdal_agrees_with_an_oracle(data: st.DataObject) -> None:
    under, over = data.draw(st.permutations(range(4)))[:2]
    trick = [c.code for c in data.draw(distinct_plain_cards(1, 7))]
    led = trick[0] // 13

    # both trumps rank above plain suits; among trumps higher rank, then over-trump
    def key(c: int) -> tuple[int, int, int]:
        if c // 13 in (under, over):
            return (2, c % 13, int(c // 13 == over))
        return (1, c % 13, 0) if c // 13 == led else (0, 0, 0)

    expected = max(range(len(trick)), key=lambda i: key(trick[i]))
    assert trick_winner([Card(c) for c in trick], Trump((Suit(under), Suit(over)))) == expected


@given(data=st.data())
def test_wizard_deck_and_two_deck_tricks_agree_with_an_oracle(data: st.DataObject) -> None:
    """Any cards (Wizards, Jesters, identical plain cards), any trump: the winner is that of the rules in words.

    The first Wizard wins; else the best trump, else the best card of the suit
    led (the first plain card's), an identical copy of the best card winning
    only under "last"; a trick of Jesters goes to the first.
    """
    codes = data.draw(st.lists(st.integers(0, 53), min_size=1, max_size=7))
    trump_suit = data.draw(st.one_of(st.none(), st.integers(0, 3)))
    last = data.draw(st.booleans())
    wizards = [i for i, c in enumerate(codes) if c == 52]
    plain = [i for i, c in enumerate(codes) if c < 52]
    if wizards:
        expected = wizards[0]
    elif not plain:
        expected = 0
    else:
        led = codes[plain[0]] // 13  # no Wizard in the trick: the first plain card's suit is led
        trumps = [i for i in plain if trump_suit is not None and codes[i] // 13 == trump_suit]
        pool = trumps or [i for i in plain if codes[i] // 13 == led]
        top = max(codes[i] % 13 for i in pool)
        best = [i for i in pool if codes[i] % 13 == top]
        expected = best[-1] if last else best[0]
    trump = NONE if trump_suit is None else Trump.of(Suit(trump_suit))
    assert trick_winner([Card(c) for c in codes], trump, "last" if last else "first") == expected
