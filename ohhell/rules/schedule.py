"""Schedules: the hand size of every round of a match.

A schedule is asked for its hand sizes with the number of players, the deck
size and the number of cards the trump rule keeps back (1 when a card is
turned up, else 0).  It returns what it asks for; :class:`~ohhell.rules.Rules`
then checks every round against the deck and says what does not fit, unless
the schedule was told to ``fit_to_deck`` (cap the peak at what the deck allows).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from ohhell.rules.checks import MAX_HAND, MAX_ROUNDS, flag, integer, integers, optional_integer, store

__all__ = [
    "Schedule",
    "Ladder",
    "HighFirst",
    "FixedHands",
    "ShortGame",
    "ExplicitSchedule",
    "BoerenbridgeLadder",
    "deck_limit",
]


def deck_limit(players: int, deck_size: int, reserve: int) -> int:
    """Largest hand size the deck allows, keeping ``reserve`` cards back."""
    return (deck_size - reserve) // players


@runtime_checkable
class Schedule(Protocol):
    """Hand sizes for a match."""

    def hand_sizes(self, players: int, deck_size: int, reserve: int) -> tuple[int, ...]: ...


def _peak(up_to: int | None, fit_to_deck: bool, limit: int) -> int:
    if up_to is None:
        return limit
    return min(up_to, limit) if fit_to_deck else up_to


def _check_ladder(obj: Ladder | HighFirst, repeat: str) -> None:
    name = type(obj).__name__
    up_to = optional_integer(f"{name}.up_to", obj.up_to, low=1, high=MAX_HAND, none=" (the deck's limit)")
    store(obj, "up_to", up_to)
    store(obj, repeat, flag(f"{name}.{repeat}", getattr(obj, repeat)))
    store(obj, "fit_to_deck", flag(f"{name}.fit_to_deck", obj.fit_to_deck))


@dataclass(frozen=True, slots=True, kw_only=True)
class Ladder:
    """Up then down: 1, 2, ..., peak, ..., 2, 1.

    ``up_to=None`` climbs as high as the deck allows (keeping a card back for a
    turned-up trump).  ``repeat_peak`` plays the top hand twice (Bondebridge:
    1..10, 10..1, 20 rounds).  ``fit_to_deck`` caps ``up_to`` at the deck's
    limit instead of rejecting it (Up and Down the River: "the actual maximum
    may be lower").

    Names: Boerenbridge ("boven"/"onder"), Bondebridge, Up and Down the River
    (low first, the default).

    Examples
    --------
    >>> Ladder(up_to=3).hand_sizes(4, 52, 1)
    (1, 2, 3, 2, 1)
    >>> Ladder(up_to=3, repeat_peak=True).hand_sizes(4, 52, 0)
    (1, 2, 3, 3, 2, 1)
    """

    up_to: int | None = None
    repeat_peak: bool = False
    fit_to_deck: bool = False

    def __post_init__(self) -> None:
        _check_ladder(self, "repeat_peak")

    def hand_sizes(self, players: int, deck_size: int, reserve: int) -> tuple[int, ...]:
        peak = _peak(self.up_to, self.fit_to_deck, deck_limit(players, deck_size, reserve))
        up = tuple(range(1, peak + 1))
        down = tuple(range(peak if self.repeat_peak else peak - 1, 0, -1))
        return up + down


@dataclass(frozen=True, slots=True, kw_only=True)
class HighFirst:
    """Down then up: peak, ..., 2, 1, 2, ..., peak.

    ``repeat_bottom`` plays the 1-card hand twice.

    Names: Up and Down the River "High first"; the Bondebridge house rule
    "ned og opp" (start at ten, down to one and back up); English Oh Hell's
    habit of starting from the largest hand.

    Examples
    --------
    >>> HighFirst(up_to=3).hand_sizes(4, 52, 1)
    (3, 2, 1, 2, 3)
    """

    up_to: int | None = None
    repeat_bottom: bool = False
    fit_to_deck: bool = False

    def __post_init__(self) -> None:
        _check_ladder(self, "repeat_bottom")

    def hand_sizes(self, players: int, deck_size: int, reserve: int) -> tuple[int, ...]:
        peak = _peak(self.up_to, self.fit_to_deck, deck_limit(players, deck_size, reserve))
        down = tuple(range(peak, 0, -1))
        up = tuple(range(1 if self.repeat_bottom else 2, peak + 1))
        return down + up


@dataclass(frozen=True, slots=True, kw_only=True)
class FixedHands:
    """The same hand size every round ("vaste handen", often 7 or 10).

    Examples
    --------
    >>> FixedHands(size=7, rounds=3).hand_sizes(4, 52, 1)
    (7, 7, 7)
    """

    size: int = 7
    rounds: int = 10

    def __post_init__(self) -> None:
        store(self, "size", integer("FixedHands.size", self.size, low=1, high=MAX_HAND))
        store(self, "rounds", integer("FixedHands.rounds", self.rounds, low=1, high=MAX_ROUNDS))

    def hand_sizes(self, players: int, deck_size: int, reserve: int) -> tuple[int, ...]:
        return (self.size,) * self.rounds


@dataclass(frozen=True, slots=True, kw_only=True)
class ShortGame:
    """The whole deck in round 1, then down to one card: floor(deck / players) .. 1.

    With 3 or 5 players one or two cards are left over in the first round.
    ``known_leftovers`` (the Bondebridge habit) swaps them for twos of suits
    that are not trump and lays them face up, so everyone knows which cards are
    in play: in any round where fewer cards than players would stay undealt,
    that many twos (clubs first, skipping a trump known before the deal) are
    set aside face up before dealing.  A card turned up for trump then finds
    no stock, and the round is played without trump.

    Names: Bondebridge house rule "kortere spill" (3 players: 17 rounds,
    4: 13, 5: 10).

    Examples
    --------
    >>> len(ShortGame().hand_sizes(3, 52, 0)), ShortGame().hand_sizes(5, 52, 0)[:3]
    (17, (10, 9, 8))
    """

    known_leftovers: bool = True

    def __post_init__(self) -> None:
        store(self, "known_leftovers", flag("ShortGame.known_leftovers", self.known_leftovers))

    def hand_sizes(self, players: int, deck_size: int, reserve: int) -> tuple[int, ...]:
        return tuple(range(deck_size // players, 0, -1))


@dataclass(frozen=True, slots=True, kw_only=True)
class ExplicitSchedule:
    """Exactly the hand sizes given (a tuple; a list is kept as a tuple).

    Examples
    --------
    >>> ExplicitSchedule(sizes=(1, 3, 5)).hand_sizes(4, 52, 1)
    (1, 3, 5)
    """

    sizes: tuple[int, ...]

    def __post_init__(self) -> None:
        sizes = integers("ExplicitSchedule.sizes", self.sizes, low=1, high=MAX_HAND, non_empty=True)
        if len(sizes) > MAX_ROUNDS:
            raise ValueError(f"ExplicitSchedule.sizes must name at most {MAX_ROUNDS} rounds, got {len(sizes)}")
        store(self, "sizes", sizes)

    def hand_sizes(self, players: int, deck_size: int, reserve: int) -> tuple[int, ...]:
        return tuple(self.sizes)


#: Boerenbridge's common ladders by player count (the source's table).  Three
#: players are not listed in the source; this library uses 1..8..1 (the
#: four- and six-player ladder).  Two players use the 26-card deck, 1..8..1.
BOERENBRIDGE_PEAKS: dict[int, tuple[int, bool]] = {
    2: (8, False),
    3: (8, False),
    4: (8, False),
    5: (10, False),
    6: (8, False),
    7: (7, True),
}


@dataclass(frozen=True, slots=True, kw_only=True)
class BoerenbridgeLadder:
    """Boerenbridge's ladder for the player count.

    4 players 1..8..1 (15 deals), 5 players 1..10..1 (19), 6 players 1..8..1
    (15), 7 players 1..7,7..1 (14).  Not in the source: 3 players (1..8..1
    here) and 2 players (1..8..1, "a laddered match of 1 to 8").

    Examples
    --------
    >>> len(BoerenbridgeLadder().hand_sizes(7, 52, 1))
    14
    """

    def hand_sizes(self, players: int, deck_size: int, reserve: int) -> tuple[int, ...]:
        if players not in BOERENBRIDGE_PEAKS:
            raise ValueError(f"BoerenbridgeLadder is defined for 2-7 players, got {players}")
        peak, repeat = BOERENBRIDGE_PEAKS[players]
        return Ladder(up_to=peak, repeat_peak=repeat).hand_sizes(players, deck_size, reserve)
