"""The rules of Dutch as one frozen value composed of small policies.

Every item of the rule source (``dutch-memory-game.en.txt``, the rules of a
Dutch companion app) is a policy or an option here; :func:`dutch` is the
app's canonical rule set.  Points the source leaves open are options too, with
the reading a player would expect as the default (see ``docs/games/dutch.md``).

Examples
--------
>>> rules = dutch(4)
>>> rules.players, rules.hand_size, rules.layout.peek, rules.match_end.limit
(4, 4, 2, 100)
>>> rules.deck.size
54
>>> from dataclasses import replace
>>> replace(rules, call=Call(tie="caller_loses")).call.tie
'caller_loses'
>>> dutch(11)
Traceback (most recent call last):
...
ohhell.dutch.rules.DutchRulesError: Dutch is for 2 to 10 players, got 11
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, fields, replace
from typing import Any, Literal

from ohhell.dutch.cards import RANKS, deck_codes, is_joker, is_red, rank_of

__all__ = [
    "rules_options",
    "rules_from_options",
    "DutchRulesError",
    "Deck",
    "CardValues",
    "Layout",
    "Powers",
    "DiscardDraw",
    "Call",
    "StockOut",
    "Turns",
    "MatchEnd",
    "DutchRules",
    "dutch",
    "round_scores",
    "call_succeeds",
    "match_winners",
    "add_round",
    "NO_POWER",
    "EXCHANGE",
    "LOOK",
]

#: power codes, as :meth:`DutchRules.power_table` gives them per card
NO_POWER, EXCHANGE, LOOK = 0, 1, 2

_POWER_RANKS = (*RANKS, "JK")


class DutchRulesError(ValueError):
    """A Dutch rule set that cannot be played, with what is allowed."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Deck:
    """One 52-card deck plus ``jokers`` jokers (the source: both jokers, 54 cards).

    Names: the Dutch companion app's rules.
    """

    jokers: int = 2

    def __post_init__(self) -> None:
        if self.jokers not in (0, 1, 2):
            raise DutchRulesError(f"Deck.jokers must be 0, 1 or 2, got {self.jokers!r}")

    @property
    def size(self) -> int:
        return 52 + self.jokers

    @property
    def codes(self) -> tuple[int, ...]:
        return deck_codes(self.jokers)


@dataclass(frozen=True, slots=True, kw_only=True)
class CardValues:
    """Points per card; number cards (2..10) count their face value.

    The source: jokers -3, aces -1, black kings 0, jacks and queens 10,
    red kings 15.

    Examples
    --------
    >>> from ohhell.dutch.cards import parse
    >>> v = CardValues()
    >>> [v.value(c) for c in parse("JK AS KS KH 7D JC QS")]
    [-3, -1, 0, 15, 7, 10, 10]
    """

    joker: int = -3
    ace: int = -1
    black_king: int = 0
    red_king: int = 15
    jack: int = 10
    queen: int = 10

    def __post_init__(self) -> None:
        for name in ("joker", "ace", "black_king", "red_king", "jack", "queen"):
            if not isinstance(getattr(self, name), int) or isinstance(getattr(self, name), bool):
                raise DutchRulesError(f"CardValues.{name} must be an int, got {getattr(self, name)!r}")

    def value(self, code: int) -> int:
        if is_joker(code):
            return self.joker
        rank = code % 13
        if rank == 0:
            return self.ace
        if rank == 10:
            return self.jack
        if rank == 11:
            return self.queen
        if rank == 12:
            return self.red_king if is_red(code) else self.black_king
        return rank + 1


@dataclass(frozen=True, slots=True, kw_only=True)
class Layout:
    """Cards per player, face down in a square of ``rows`` x ``columns``, and the opening peek.

    Positions are numbered in reading order: 0 top left, 1 top right, 2 bottom
    left, 3 bottom right (for 2 x 2).  Nobody rearranges them; swaps target a
    position.  Each player privately looks at ``peek`` of their own cards once
    before the first turn (the source: any two).
    """

    rows: int = 2
    columns: int = 2
    peek: int = 2

    def __post_init__(self) -> None:
        if not (1 <= self.rows <= 3 and 1 <= self.columns <= 3):
            raise DutchRulesError(f"Layout rows and columns must be 1..3, got {self.rows} x {self.columns}")
        if not 0 <= self.peek <= self.rows * self.columns:
            raise DutchRulesError(
                f"Layout.peek must be 0..{self.rows * self.columns} (the cards in the square), got {self.peek}"
            )

    @property
    def hand_size(self) -> int:
        return self.rows * self.columns


@dataclass(frozen=True, slots=True, kw_only=True)
class Powers:
    """Which ranks carry a power when they go face up onto the discard pile.

    ``exchange`` ranks (the source: jacks) let their player exchange one of
    their face-down cards with one opponent card, blind; ``look`` ranks (the
    source: queens) let them privately look at one face-down card, their own
    or an opponent's.  A power triggers only when the card goes face up on the
    discard pile by its player's action (a drawn card discarded, or a hand
    card replaced by a swap), never when it moves into a hand, is revealed at
    scoring, or starts the discard pile.

    Open points: ``optional`` (the source says a power "lets" its player act,
    so the player may decline, default True); ``spare_caller`` (whether the
    Dutch caller's cards are out of reach of an exchange; the source is
    silent, default False: they are not protected).

    Names: the source; "if your table gives powers to other ranks, record that
    as a house rule" is ``replace(Powers(), exchange=("J", "K"))``.
    """

    exchange: tuple[str, ...] = ("J",)
    look: tuple[str, ...] = ("Q",)
    optional: bool = True
    spare_caller: bool = False

    def __post_init__(self) -> None:
        for name in ("exchange", "look"):
            ranks = getattr(self, name)
            if not isinstance(ranks, tuple) or any(r not in _POWER_RANKS for r in ranks):
                raise DutchRulesError(
                    f"Powers.{name} must be a tuple of ranks from {' '.join(_POWER_RANKS)}, got {ranks!r}"
                )
        both = set(self.exchange) & set(self.look)
        if both:
            raise DutchRulesError(f"a rank carries one power, not two: {' '.join(sorted(both))}")

    def of(self, code: int) -> int:
        """The power of a card: :data:`NO_POWER`, :data:`EXCHANGE` or :data:`LOOK`."""
        rank = rank_of(code)
        if rank in self.exchange:
            return EXCHANGE
        if rank in self.look:
            return LOOK
        return NO_POWER


@dataclass(frozen=True, slots=True, kw_only=True)
class DiscardDraw:
    """A card taken from the discard pile must be swapped into the hand (the source).

    ``must_swap=False`` is the house rule that lets it go straight back.
    """

    must_swap: bool = True


@dataclass(frozen=True, slots=True, kw_only=True)
class Call:
    """Calling "Dutch" at the start of a turn, before drawing.

    The caller skips that turn, every other player has exactly one more turn,
    then all hands are revealed.  The call succeeds when the caller's hand is
    the lowest, or tied for lowest with ``tie="caller_wins"`` (the app's
    canonical rule; ``"caller_loses"`` needs strictly lowest).  A successful
    caller scores ``success_score`` (0), a failed one their hand value times
    ``fail_multiplier`` (2); the others score their hand values.

    Open point: ``earliest_turn``, the number of turns the table must have
    played in the round before anyone may call (0: even the first player on
    the first turn; the source sets no minimum).
    """

    tie: Literal["caller_wins", "caller_loses"] = "caller_wins"
    success_score: int = 0
    fail_multiplier: int = 2
    earliest_turn: int = 0

    def __post_init__(self) -> None:
        if self.tie not in ("caller_wins", "caller_loses"):
            raise DutchRulesError(f"Call.tie must be 'caller_wins' or 'caller_loses', got {self.tie!r}")
        if self.fail_multiplier < 1:
            raise DutchRulesError(f"Call.fail_multiplier must be at least 1, got {self.fail_multiplier}")
        if self.earliest_turn < 0:
            raise DutchRulesError(f"Call.earliest_turn must be 0 or more, got {self.earliest_turn}")


@dataclass(frozen=True, slots=True, kw_only=True)
class StockOut:
    """What happens when the draw pile is empty at the start of a turn (the source is silent).

    ``"reshuffle"`` (default): the discard pile except its top card is shuffled
    face down into a new draw pile (a chance step), the top card stays as the
    discard pile.  ``"end_round"``: the round ends at once, hands are
    revealed and scored as after a call (if there was one) or at face value.
    """

    rule: Literal["reshuffle", "end_round"] = "reshuffle"

    def __post_init__(self) -> None:
        if self.rule not in ("reshuffle", "end_round"):
            raise DutchRulesError(f"StockOut.rule must be 'reshuffle' or 'end_round', got {self.rule!r}")


@dataclass(frozen=True, slots=True, kw_only=True)
class Turns:
    """Who starts a round and how long a round without a call may last (both not in the source).

    ``first="rotate"``: round ``r`` of a match starts with seat ``r mod
    players`` (the deal moves clockwise); ``"fixed"``: seat 0 always starts.
    ``turn_limit``: after that many turns without a call the round ends and
    every hand scores its value (so a table that never calls still ends).
    """

    first: Literal["rotate", "fixed"] = "rotate"
    turn_limit: int = 1000

    def __post_init__(self) -> None:
        if self.first not in ("rotate", "fixed"):
            raise DutchRulesError(f"Turns.first must be 'rotate' or 'fixed', got {self.first!r}")
        if self.turn_limit < 1:
            raise DutchRulesError(f"Turns.turn_limit must be at least 1, got {self.turn_limit}")

    def first_seat(self, round_index: int, players: int) -> int:
        return round_index % players if self.first == "rotate" else 0


@dataclass(frozen=True, slots=True, kw_only=True)
class MatchEnd:
    """The match ends after the round in which any total reaches or passes ``limit`` (app default 100).

    The lowest cumulative total wins; tied totals are tied winners.
    """

    limit: int = 100

    def __post_init__(self) -> None:
        if self.limit < 1:
            raise DutchRulesError(f"MatchEnd.limit must be at least 1, got {self.limit}")


@dataclass(frozen=True, slots=True, kw_only=True)
class DutchRules:
    """A complete Dutch rule set: the number of players and one policy per concern."""

    players: int
    deck: Deck = field(default_factory=Deck)
    values: CardValues = field(default_factory=CardValues)
    layout: Layout = field(default_factory=Layout)
    powers: Powers = field(default_factory=Powers)
    discard_draw: DiscardDraw = field(default_factory=DiscardDraw)
    call: Call = field(default_factory=Call)
    stock_out: StockOut = field(default_factory=StockOut)
    turns: Turns = field(default_factory=Turns)
    match_end: MatchEnd = field(default_factory=MatchEnd)

    def __post_init__(self) -> None:
        if not isinstance(self.players, int) or not 2 <= self.players <= 10:
            raise DutchRulesError(f"Dutch is for 2 to 10 players, got {self.players!r}")
        expected = {
            "deck": Deck,
            "values": CardValues,
            "layout": Layout,
            "powers": Powers,
            "discard_draw": DiscardDraw,
            "call": Call,
            "stock_out": StockOut,
            "turns": Turns,
            "match_end": MatchEnd,
        }
        for name, cls in expected.items():
            if not isinstance(getattr(self, name), cls):
                raise DutchRulesError(f"DutchRules.{name} must be a {cls.__name__}, got {getattr(self, name)!r}")
        needed = self.players * self.hand_size + 2
        if needed > self.deck.size:
            raise DutchRulesError(
                f"{self.players} players x {self.hand_size} cards need {needed} cards (hands, one to turn up and one"
                f" to draw), the deck has {self.deck.size}"
            )

    @property
    def hand_size(self) -> int:
        return self.layout.hand_size

    def value_table(self) -> tuple[int, ...]:
        """Points of every card code in the deck (index = code)."""
        return tuple(self.values.value(c) for c in self.deck.codes)

    def power_table(self) -> tuple[int, ...]:
        """Power of every card code in the deck (index = code)."""
        return tuple(self.powers.of(c) for c in self.deck.codes)


def dutch(players: int = 4, *, limit: int = 100) -> DutchRules:
    """The Dutch companion app's canonical rules for ``players`` (2..10) and score limit ``limit``."""
    return DutchRules(players=players, match_end=MatchEnd(limit=limit))


_POLICIES = ("deck", "values", "layout", "powers", "discard_draw", "call", "stock_out", "turns")


def rules_options(rules: DutchRules) -> dict[str, dict[str, Any]]:
    """The options in which ``rules`` differ from :func:`dutch` (same players and limit), by policy and field.

    The JSON form of a rule set (records use it); :func:`rules_from_options` reads it back.

    Examples
    --------
    >>> r = replace(dutch(3), powers=Powers(exchange=("J", "K"), optional=False))
    >>> rules_options(r)
    {'powers': {'exchange': ['J', 'K'], 'optional': False}}
    >>> rules_from_options(rules_options(r), players=3) == r, rules_options(dutch(5))
    (True, {})
    """
    canonical = dutch(rules.players, limit=rules.match_end.limit)
    out: dict[str, dict[str, Any]] = {}
    for name in _POLICIES:
        ours, theirs = getattr(rules, name), getattr(canonical, name)
        changed = {
            f.name: list(v) if isinstance(v := getattr(ours, f.name), tuple) else v
            for f in fields(ours)
            if getattr(ours, f.name) != getattr(theirs, f.name)
        }
        if changed:
            out[name] = changed
    return out


def rules_from_options(options: object, *, players: int, limit: int = 100) -> DutchRules:
    """:func:`dutch` ``(players, limit=limit)`` with ``options`` (the form of :func:`rules_options`) applied.

    An unknown policy or field, or a value the policy refuses, raises
    :class:`DutchRulesError` naming it and what is allowed.
    """
    rules = dutch(players, limit=limit)
    if not isinstance(options, dict):
        raise DutchRulesError(f"rule options are an object of policies, got {options!r}")
    for name, changes in options.items():
        if name not in _POLICIES:
            raise DutchRulesError(f"unknown rule policy {name!r}; policies are: {', '.join(_POLICIES)}")
        policy = getattr(rules, name)
        known = [f.name for f in fields(policy)]
        if not isinstance(changes, dict):
            raise DutchRulesError(f"{name} takes an object of options ({', '.join(known)}), got {changes!r}")
        for key in changes:
            if key not in known:
                raise DutchRulesError(f"unknown option {name}.{key}; {name} has: {', '.join(known)}")
        values = {k: tuple(v) if isinstance(v, list) else v for k, v in changes.items()}
        try:
            rules = replace(rules, **{name: replace(policy, **values)})
        except TypeError as exc:
            raise DutchRulesError(f"{name}: {exc}") from None
    return rules


def call_succeeds(values: Sequence[int], caller: int, call: Call) -> bool:
    """Whether ``caller``'s hand value wins the call: lowest, or tied lowest when ties go to the caller."""
    others = [v for s, v in enumerate(values) if s != caller]
    best = min(others)
    return values[caller] <= best if call.tie == "caller_wins" else values[caller] < best


def round_scores(values: Sequence[int], caller: int | None, call: Call) -> tuple[int, ...]:
    """Each seat's round score from its revealed hand value and the caller (None: nobody called).

    Examples
    --------
    >>> round_scores([5, 5, 9], 0, Call())  # tied lowest: the call succeeds
    (0, 5, 9)
    >>> round_scores([5, 4, 9], 0, Call())  # another hand is lower: doubled
    (10, 4, 9)
    >>> round_scores([5, 5, 9], 0, Call(tie="caller_loses"))
    (10, 5, 9)
    """
    scores = list(values)
    if caller is not None:
        ok = call_succeeds(values, caller, call)
        scores[caller] = call.success_score if ok else values[caller] * call.fail_multiplier
    return tuple(scores)


def add_round(totals: Sequence[int], scores: Sequence[int], match_end: MatchEnd) -> tuple[tuple[int, ...], bool]:
    """The totals after a round, and whether the match ends with it (any total at or past the limit).

    Examples
    --------
    >>> add_round((95, 99, 80), (5, 1, 20), MatchEnd(limit=100))
    ((100, 100, 100), True)
    >>> add_round((10, 20), (-3, 79), MatchEnd())
    ((7, 99), False)
    """
    if len(totals) != len(scores):
        raise ValueError(f"one score per seat: {len(totals)} totals, {len(scores)} scores")
    after = tuple(t + s for t, s in zip(totals, scores))
    return after, max(after) >= match_end.limit


def match_winners(totals: Sequence[int]) -> tuple[int, ...]:
    """Seats with the lowest total (all of them when tied; never chosen by seat order).

    Examples
    --------
    >>> match_winners((100, 100, 100)), match_winners((90, 100, 80)), match_winners((-4, 101, -4))
    ((0, 1, 2), (2,), (0, 2))
    """
    low = min(totals)
    return tuple(s for s, t in enumerate(totals) if t == low)
