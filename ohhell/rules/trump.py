"""Trump policies: how each round's trump is decided.

A policy compiles, round by round, to a :class:`TrumpPlan` (plain data the
engine acts on): no trump, a fixed suit, a card turned up after the deal,
round 1's trump again, a card drawn before the deal, or the Setesdal pair.
The engine draws what is random from the deal's chance stream.

A round's trump is a :class:`Trump` value: no suit, one suit, or (Setesdal)
an under-trump and an over-trump.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Protocol, runtime_checkable

from numba import njit

from ohhell.cards import Card, Suit
from ohhell.rules.checks import MAX_ROUNDS, flag, integer, integers, items, policy, store
from ohhell.rules.deck import twos_set_aside

__all__ = [
    "Trump",
    "TrumpPlan",
    "TrumpSource",
    "TrumpPolicy",
    "TurnUpTrump",
    "TurnUpOnce",
    "FixedRotation",
    "DrawTrump",
    "SetesdalTrump",
    "NoTrump",
    "NoTrumpRounds",
    "trump_before_deal",
    "trump_of_card",
]


@dataclass(frozen=True, slots=True)
class Trump:
    """A round's trump: ``()`` none, ``(suit,)``, or Setesdal ``(under, over)``.

    Examples
    --------
    >>> str(Trump.of(Suit.HEARTS)), str(Trump.none()), str(Trump((Suit.CLUBS, Suit.SPADES)))
    ('H', '-', 'CS')
    """

    suits: tuple[Suit, ...] = ()

    def __post_init__(self) -> None:
        suits: tuple[object, ...] = self.suits
        if type(suits) is not tuple:
            suits = items("Trump.suits", suits, "(Suit.HEARTS,)")
            store(self, "suits", suits)
        for s in suits:
            if not isinstance(s, Suit):
                raise TypeError(f"Trump.suits must hold Suit values (e.g. Suit.HEARTS), got {s!r}")
        if len(suits) > 2 or len(set(suits)) != len(suits):
            raise ValueError(f"a trump is no suit, one suit or two different suits, got {suits}")

    @classmethod
    def none(cls) -> Trump:
        return cls(())

    @classmethod
    def of(cls, suit: Suit) -> Trump:
        return cls((suit,))

    @classmethod
    def parse(cls, text: str | None) -> Trump:
        """Parse ``None``/``""``/``-`` (no trump), ``H``, or ``CS`` (Setesdal under, over)."""
        if text is None or text.strip() in ("", "-"):
            return cls.none()
        return cls(tuple(Suit.parse(ch) for ch in text.strip()))

    @property
    def is_none(self) -> bool:
        return not self.suits

    @property
    def suit(self) -> Suit | None:
        """The single trump suit (the over-trump for Setesdal), or None."""
        return self.suits[-1] if self.suits else None

    def is_trump(self, suit: Suit | None) -> bool:
        return suit is not None and suit in self.suits

    def letters(self) -> str | None:
        """Record form: None, ``"H"`` or ``"CS"``."""
        return "".join(s.letter for s in self.suits) or None

    def __str__(self) -> str:
        return self.letters() or "-"


TrumpSource = Literal["none", "fixed", "turn-up", "first-round", "draw", "setesdal"]
_SOURCES: tuple[TrumpSource, ...] = ("none", "fixed", "turn-up", "first-round", "draw", "setesdal")


@dataclass(frozen=True, slots=True)
class TrumpPlan:
    """What the engine does for one round's trump.

    ``turn-up``: the first undealt card is turned up (none left: no trump; a
    Wizard: the dealer names trump; a Jester: no trump).  ``first-round``:
    the trump of the match's first round.  ``draw``: a card is drawn and shown
    before the deal and set aside; with ``plain_only`` a jack, queen, king or
    ace means no trump ("grand").  ``setesdal``: an under- and an over-trump
    suit are drawn at random, the over-trump redrawn while equal.
    """

    source: TrumpSource
    suit: Suit | None = None
    plain_only: bool = False

    def __post_init__(self) -> None:
        if self.source not in _SOURCES:
            allowed = ", ".join(repr(s) for s in _SOURCES)
            raise ValueError(f"TrumpPlan.source must be one of {allowed}, got {self.source!r}")
        if self.suit is not None and not isinstance(self.suit, Suit):
            raise TypeError(f"TrumpPlan.suit must be a Suit or None, got {self.suit!r}")
        if (self.source == "fixed") != (self.suit is not None):
            raise ValueError(f"TrumpPlan: a 'fixed' plan names its suit and no other plan does, got {self!r}")
        if not isinstance(self.plain_only, bool):
            raise TypeError(f"TrumpPlan.plain_only must be True or False, got {self.plain_only!r}")

    @property
    def uses_stock_card(self) -> bool:
        """Whether this round takes a card of the deck out of the deal."""
        return self.source in ("turn-up", "draw")

    @property
    def known_before_deal(self) -> bool:
        """Whether the trump is known before the deal (fixed, round 1's, Setesdal's pair)."""
        return self.source in ("fixed", "first-round", "setesdal")

    def trump_of_drawn(self, card: Card) -> Trump:
        """The trump a card drawn before the deal makes (a ``draw`` plan): its suit; none for a
        Wizard or a Jester, or with ``plain_only`` a jack, queen, king or ace.

        >>> from ohhell.cards import parse_cards
        >>> plan = TrumpPlan("draw", plain_only=True)
        >>> plan.trump_of_drawn(parse_cards("QH")[0]).is_none, plan.trump_of_drawn(parse_cards("9H")[0]).suit
        (True, <Suit.HEARTS: 2>)
        """
        suit = trump_of_card(_DRAW, self.plain_only, card.code)
        return Trump.none() if suit < 0 else Trump.of(Suit(suit))

    def shown_before_play(self, aside: int, trump: Trump) -> tuple[tuple[Card, ...], bool]:
        """The cards a round shows face up before play: the ``aside`` twos of the short game (clubs
        first, skipping the suits of ``trump`` when it is known before the deal), and whether a drawn
        trump card follows them.  The deal, a seat's view and a record's replay all read this.

        >>> from ohhell.cards import Suit
        >>> twos, drawn = TrumpPlan("fixed", Suit.CLUBS).shown_before_play(2, Trump.of(Suit.CLUBS))
        >>> " ".join(map(str, twos)), drawn
        ('2D 2H', False)
        """
        return twos_set_aside(aside, trump.suits if self.known_before_deal else ()), self.source == "draw"


@runtime_checkable
class TrumpPolicy(Protocol):
    """Decides each round's :class:`TrumpPlan`."""

    def plan(self, round_index: int, hand_sizes: tuple[int, ...]) -> TrumpPlan: ...

    @property
    def keeps_card_back(self) -> bool:
        """True when some round turns up or draws a card of the deck."""
        ...


@dataclass(frozen=True, slots=True, kw_only=True)
class TurnUpTrump:
    """After each deal the next card of the stock is turned up; its suit is trump.

    No card left (the whole deck dealt): that round has no trump.

    Names: Boerenbridge ("troef"), English Oh Hell, OpenSpiel's oh_hell, Up
    and Down the River "New each round".
    """

    def plan(self, round_index: int, hand_sizes: tuple[int, ...]) -> TrumpPlan:
        return TrumpPlan("turn-up")

    @property
    def keeps_card_back(self) -> bool:
        return True


@dataclass(frozen=True, slots=True, kw_only=True)
class TurnUpOnce:
    """A card is turned up in round 1 only; its suit is trump for the whole match.

    Names: Up and Down the River app, "Trump mode: Once per game" (its default).
    """

    def plan(self, round_index: int, hand_sizes: tuple[int, ...]) -> TrumpPlan:
        return TrumpPlan("turn-up") if round_index == 0 else TrumpPlan("first-round")

    @property
    def keeps_card_back(self) -> bool:
        return True


@dataclass(frozen=True, slots=True, kw_only=True)
class FixedRotation:
    """Trump follows a fixed suit order; the first and last rounds have none.

    ``order`` is a tuple of :class:`~ohhell.cards.Suit` values (a suit may
    come more than once; a list is kept as a tuple).

    Bondebridge: rounds 1-3 and 18-20 without trump, rounds 4-17 clubs,
    diamonds, hearts, spades, clubs, ... (round 4 clubs, round 17 diamonds).

    Examples
    --------
    >>> r = FixedRotation()
    >>> sizes = tuple(range(1, 11)) + tuple(range(10, 0, -1))
    >>> [r.plan(i, sizes).source for i in (2, 3, 16, 17)]
    ['none', 'fixed', 'fixed', 'none']
    >>> [r.plan(i, sizes).suit.letter for i in (3, 4, 7, 16)]
    ['C', 'D', 'C', 'D']
    """

    order: tuple[Suit, ...] = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
    no_trump_first: int = 3
    no_trump_last: int = 3

    def __post_init__(self) -> None:
        order = items("FixedRotation.order", self.order, "(Suit.CLUBS, Suit.HEARTS)")
        for i, s in enumerate(order):
            if not isinstance(s, Suit):
                raise TypeError(
                    f"FixedRotation.order[{i}] must be a Suit (e.g. Suit.HEARTS, or Suit.parse('H')), got {s!r}"
                )
        if not order:
            raise ValueError("FixedRotation.order must name at least one suit")
        store(self, "order", order)
        for name in ("no_trump_first", "no_trump_last"):
            value = integer(f"FixedRotation.{name}", getattr(self, name), low=0, high=MAX_ROUNDS)
            store(self, name, value)

    def plan(self, round_index: int, hand_sizes: tuple[int, ...]) -> TrumpPlan:
        n = len(hand_sizes)
        if round_index < self.no_trump_first or round_index >= n - self.no_trump_last:
            return TrumpPlan("none")
        return TrumpPlan("fixed", self.order[(round_index - self.no_trump_first) % len(self.order)])

    @property
    def keeps_card_back(self) -> bool:
        return False


@dataclass(frozen=True, slots=True, kw_only=True)
class DrawTrump:
    """A card is drawn and shown before each deal; its suit is trump.

    With ``plain_only`` (the common Norwegian habit) only 2-10 count and a
    jack, queen, king or ace means a round without trump ("grand").  The drawn
    card is set aside face up for the round.

    Names: Bondebridge house rule "trekk trumfen".
    """

    plain_only: bool = True

    def __post_init__(self) -> None:
        store(self, "plain_only", flag("DrawTrump.plain_only", self.plain_only))

    def plan(self, round_index: int, hand_sizes: tuple[int, ...]) -> TrumpPlan:
        return TrumpPlan("draw", plain_only=self.plain_only)

    @property
    def keeps_card_back(self) -> bool:
        return True


@dataclass(frozen=True, slots=True, kw_only=True)
class SetesdalTrump:
    """An under-trump and an over-trump suit are drawn before each round.

    Both beat the two plain suits; between them the higher card wins and the
    over-trump wins equal ranks.  If the same suit is drawn twice, a new
    over-trump is drawn.  Suit must be followed as usual.

    Names: Bondebridge house rule "Setesdal-twist".
    """

    def plan(self, round_index: int, hand_sizes: tuple[int, ...]) -> TrumpPlan:
        return TrumpPlan("setesdal")

    @property
    def keeps_card_back(self) -> bool:
        return False


@dataclass(frozen=True, slots=True, kw_only=True)
class NoTrump:
    """No round has trump: the highest card of the led suit always wins."""

    def plan(self, round_index: int, hand_sizes: tuple[int, ...]) -> TrumpPlan:
        return TrumpPlan("none")

    @property
    def keeps_card_back(self) -> bool:
        return False


@dataclass(frozen=True, slots=True, kw_only=True)
class NoTrumpRounds:
    """Another trump policy, except that chosen rounds are played without trump.

    ``final``: the match's last round (Up and Down the River: "the final round
    has no trump"; with a high-first ladder that is whatever the schedule ends
    on).  ``one_card``: every 1-card round.  ``peak``: every round at the
    schedule's largest hand (Boerenbridge "zonder troef": often the 1-card
    round and the top of the ladder).  ``rounds``: explicit 0-based indices
    (a tuple, each at most once; every index must be a round of the
    schedule, which :class:`~ohhell.rules.Rules` checks).

    Examples
    --------
    >>> p = NoTrumpRounds(base=TurnUpTrump(), final=True)
    >>> p.plan(0, (1, 2, 1)).source, p.plan(2, (1, 2, 1)).source
    ('turn-up', 'none')
    """

    base: TrumpPolicy
    final: bool = False
    one_card: bool = False
    peak: bool = False
    rounds: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        policy("NoTrumpRounds.base", self.base, TrumpPolicy, "e.g. TurnUpTrump()")
        for name in ("final", "one_card", "peak"):
            store(self, name, flag(f"NoTrumpRounds.{name}", getattr(self, name)))
        rounds = integers("NoTrumpRounds.rounds", self.rounds, low=0, high=MAX_ROUNDS - 1, unique=True)
        store(self, "rounds", rounds)

    def check_table(self, players: int, hand_sizes: tuple[int, ...]) -> None:
        """Every round named is a round of the schedule (called by :class:`~ohhell.rules.Rules`)."""
        beyond = [r for r in self.rounds if r >= len(hand_sizes)]
        if beyond:
            raise ValueError(
                f"NoTrumpRounds.rounds names round index {beyond[0]}, but the schedule has"
                f" {len(hand_sizes)} rounds (indices 0..{len(hand_sizes) - 1})"
            )
        check = getattr(self.base, "check_table", None)
        if callable(check):
            check(players, hand_sizes)

    def plan(self, round_index: int, hand_sizes: tuple[int, ...]) -> TrumpPlan:
        h = hand_sizes[round_index]
        if (
            (self.final and round_index == len(hand_sizes) - 1)
            or (self.one_card and h == 1)
            or (self.peak and h == max(hand_sizes))
            or round_index in self.rounds
        ):
            return TrumpPlan("none")
        return self.base.plan(round_index, hand_sizes)

    @property
    def keeps_card_back(self) -> bool:
        return self.base.keeps_card_back


# -- compiled: the trump of a round, for the reference engine and the kernel --
# Sources by code (ohhell.rules.compiled.TRUMP_SOURCES): 0 none, 1 fixed,
# 2 turn-up, 3 first-round, 4 draw, 5 setesdal.  Suits are 0..3, -1 none.

_FIXED, _TURN_UP, _FIRST_ROUND, _DRAW, _SETESDAL = 1, 2, 3, 4, 5
_OUTSIDE_A_MATCH = -2


@njit(cache=True, inline="always", error_model="numpy")
def trump_before_deal(
    source: int, fixed_suit: int, first_under: int, first_over: int, drawn_under: int, drawn_over: int
) -> tuple[int, int]:
    """The (under, over) trump known before the deal (a single trump is ``over``; -1 none).

    ``fixed_suit``: the plan's suit; ``first_under``/``first_over``: round
    1's trump, or -2 for a deal played outside a match; ``drawn_under``/
    ``drawn_over``: the suits the chance step drew for this round (Setesdal's
    pair; the over for a first-round trump outside a match), -1 when none was
    drawn.  A turned-up or drawn card decides later (:func:`trump_of_card`).

    Examples
    --------
    >>> trump_before_deal(1, 2, -1, -1, -1, -1)  # fixed: hearts
    (-1, 2)
    >>> trump_before_deal(5, -1, -1, -1, 0, 3)  # Setesdal: clubs under, spades over
    (0, 3)
    """
    if source == _FIXED:
        return -1, fixed_suit
    if source == _FIRST_ROUND:
        if first_over == _OUTSIDE_A_MATCH:
            return -1, drawn_over
        return first_under, first_over
    if source == _SETESDAL:
        return drawn_under, drawn_over
    return -1, -1


@njit(cache=True, inline="always", error_model="numpy")
def trump_of_card(source: int, plain_only: bool, code: int) -> int:
    """The trump suit a turned-up (source 2) or drawn (source 4) card makes, or -1 for none.

    ``code``: the card (``suit * 13 + rank - 2``; 52 and above are Wizards
    and Jesters, which make no suit trump; -1 no card).  A drawn jack,
    queen, king or ace makes no trump with ``plain_only``.

    Examples
    --------
    >>> trump_of_card(4, True, 2 * 13 + 12), trump_of_card(4, False, 2 * 13 + 12)  # the ace of hearts drawn
    (-1, 2)
    """
    if code < 0 or code >= 52:
        return -1
    if source == _DRAW and plain_only and code % 13 + 2 > 10:
        return -1
    if source in (_DRAW, _TURN_UP):
        return code // 13
    return -1
