"""Scoring: what a made and a missed bid are worth.

A :class:`Scoring` combines a rule for a made bid (:class:`ExactBonus`), a
rule for a miss (:class:`MissZero`, :class:`Harsh`, :class:`MissScoresTricks`),
an optional value for a made 0 bid, and the optional Boer consolation.  All
but the consolation compile to a table indexed by ``[bid, tricks]``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable

import numpy as np
import numpy.typing as npt
from numba import njit

from ohhell.rules.checks import SCORE_LIMIT, flag, optional_integer, policy, score_value, store

__all__ = [
    "MadeRule",
    "MissRule",
    "ExactBonus",
    "MissZero",
    "Harsh",
    "MissScoresTricks",
    "BoerConsolation",
    "Scoring",
    "consolation_seats",
    "consoled",
    "round_scores",
]


@runtime_checkable
class MadeRule(Protocol):
    def made(self, bid: int) -> int: ...


@runtime_checkable
class MissRule(Protocol):
    def missed(self, bid: int, tricks: int) -> int: ...


@dataclass(frozen=True, slots=True, kw_only=True)
class ExactBonus:
    """An exact bid scores ``base + per_trick * tricks``.

    Names: Boerenbridge ``ExactBonus(base=10, per_trick=2)``; Up and Down the
    River and Bondebridge ``ExactBonus(base=10, per_trick=1)`` ("10 + bid");
    OpenSpiel ``ExactBonus(base=10, per_trick=1)`` ("10 + tricks").
    Both are integers from -1,000,000 to 1,000,000 (the engines count in
    integers; 10.5 is refused, not rounded).

    Examples
    --------
    >>> ExactBonus(base=10, per_trick=2).made(3)
    16
    """

    base: int = 10
    per_trick: int = 2

    def __post_init__(self) -> None:
        store(self, "base", score_value("ExactBonus.base", self.base))
        store(self, "per_trick", score_value("ExactBonus.per_trick", self.per_trick))

    def made(self, bid: int) -> int:
        return self.base + self.per_trick * bid


@dataclass(frozen=True, slots=True, kw_only=True)
class MissZero:
    """A missed bid scores 0 ("no partial credit").

    Names: Boerenbridge, Bondebridge ("ryke"), Up and Down the River.
    """

    def missed(self, bid: int, tricks: int) -> int:
        return 0


@dataclass(frozen=True, slots=True, kw_only=True)
class Harsh:
    """A missed bid scores minus ``factor`` times the difference.

    ``factor``: an integer from 1 to 1,000,000.

    Names: Boerenbridge "harshe telling" (bid 3, won 1: -2).

    Examples
    --------
    >>> Harsh().missed(3, 1)
    -2
    """

    factor: int = 1

    def __post_init__(self) -> None:
        store(self, "factor", score_value("Harsh.factor", self.factor, low=1))

    def missed(self, bid: int, tricks: int) -> int:
        return -self.factor * abs(bid - tricks)


@dataclass(frozen=True, slots=True, kw_only=True)
class MissScoresTricks:
    """A missed bid scores the tricks won (OpenSpiel's oh_hell)."""

    def missed(self, bid: int, tricks: int) -> int:
        return tricks


@dataclass(frozen=True, slots=True, kw_only=True)
class BoerConsolation:
    """+``points`` to a dealer who was hooked and came closest to their bid.

    Precisely: the consolation goes to the dealer of a round in which the
    dealer's hook removed a bid (the forbidden number was between 0 and the
    hand size), the dealer missed, and the dealer's miss ``|bid - tricks|`` is
    the smallest among every player who missed that round.  With
    ``ties=True`` (default) a dealer sharing the smallest miss still scores;
    with ``ties=False`` the dealer's miss must be strictly the smallest.
    ``points`` is an integer from 1 to 1,000,000.

    Names: Boerenbridge "Boer rule" (optional).
    """

    points: int = 5
    ties: bool = True

    def __post_init__(self) -> None:
        try:
            store(self, "points", score_value("BoerConsolation.points", self.points, low=1))
        except ValueError as exc:
            raise ValueError(f"{exc}; for no consolation use Scoring(consolation=None)") from None
        store(self, "ties", flag("BoerConsolation.ties", self.ties))


@dataclass(frozen=True, slots=True, kw_only=True)
class Scoring:
    """The complete scoring rule for one round.

    ``made_zero``: if set, a made 0 bid scores this instead of the made rule
    (Bondebridge house rule: 5 points), an integer from -1,000,000 to
    1,000,000.  ``made`` and ``miss`` are policy instances; whatever they
    return must be an integer, which :meth:`table` checks.

    Examples
    --------
    >>> s = Scoring(made=ExactBonus(base=10, per_trick=1), miss=Harsh())
    >>> s.table(2).tolist()
    [[10, -1, -2], [-1, 11, -1], [-2, -1, 12]]
    """

    made: MadeRule = field(default_factory=ExactBonus)
    miss: MissRule = field(default_factory=MissZero)
    made_zero: int | None = None
    consolation: BoerConsolation | None = None

    def __post_init__(self) -> None:
        policy("Scoring.made", self.made, MadeRule, "a made(bid) rule such as ExactBonus()")
        policy(
            "Scoring.miss", self.miss, MissRule, "a missed(bid, tricks) rule: MissZero(), Harsh() or MissScoresTricks()"
        )
        zero = optional_integer("Scoring.made_zero", self.made_zero, low=-SCORE_LIMIT, high=SCORE_LIMIT)
        store(self, "made_zero", zero)
        if self.consolation is not None and not isinstance(self.consolation, BoerConsolation):
            raise TypeError(f"Scoring.consolation must be a BoerConsolation or None, got {self.consolation!r}")

    def score(self, bid: int, tricks: int) -> int:
        """Score of one seat for one round, before any multiplier or consolation."""
        if bid == tricks:
            if bid == 0 and self.made_zero is not None:
                return self.made_zero
            return self.made.made(bid)
        return self.miss.missed(bid, tricks)

    def table(self, hand_size: int, multiplier: int = 1) -> npt.NDArray[np.int64]:
        """Scores as an array indexed ``[bid, tricks]`` for one hand size."""
        n = hand_size + 1
        rows = [[self._checked(b, t) * multiplier for t in range(n)] for b in range(n)]
        try:
            return np.array(rows, dtype=np.int64)
        except OverflowError:
            raise ValueError(f"scores of {hand_size}-card rounds (x{multiplier}) do not fit 64-bit integers") from None

    def _checked(self, bid: int, tricks: int) -> int:
        value = self.score(bid, tricks)
        if not isinstance(value, (int, np.integer)) or isinstance(value, (bool, np.bool_)):
            rule = self.made if bid == tricks else self.miss
            raise TypeError(
                f"{rule!r} scored bid {bid}, {tricks} tricks as {value!r} ({type(value).__name__}):"
                " scores must be integers"
            )
        return int(value)


def consolation_seats(
    rule: BoerConsolation | None,
    hooked: bool,
    dealer: int,
    bids: Sequence[int],
    tricks: Sequence[int],
) -> tuple[int, ...]:
    """Seats that receive the Boer consolation this round (at most the dealer)."""
    if rule is None or not hooked or bids[dealer] == tricks[dealer]:
        return ()
    misses = [abs(b - t) for b, t in zip(bids, tricks) if b != t]
    mine = abs(bids[dealer] - tricks[dealer])
    smallest = min(misses)
    if mine > smallest:
        return ()
    if not rule.ties and misses.count(smallest) > 1:
        return ()
    return (dealer,)


@njit(cache=True, inline="always", error_model="numpy")
def consoled(points: int, ties: bool, hooked: bool, dealer: int, bids: np.ndarray, tricks: np.ndarray, n: int) -> bool:
    """Whether the dealer receives the Boer consolation (compiled; the rule of :func:`consolation_seats`).

    ``points`` 0 means no consolation; ``bids``/``tricks`` by seat, ``n`` seats.
    """
    if points <= 0 or not hooked or bids[dealer] == tricks[dealer]:
        return False
    mine = abs(bids[dealer] - tricks[dealer])
    smallest = 1 << 62
    count = 0
    for s in range(n):
        if bids[s] != tricks[s]:
            miss = abs(bids[s] - tricks[s])
            if miss < smallest:
                smallest = miss
                count = 1
            elif miss == smallest:
                count += 1
    return mine <= smallest and (ties or count == 1)


@njit(cache=True, inline="always", error_model="numpy")
def round_scores(
    table: np.ndarray,
    bids: np.ndarray,
    tricks: np.ndarray,
    n: int,
    dealer: int,
    hooked: bool,
    points: int,
    ties: bool,
    scores: np.ndarray,
) -> bool:
    """A round's scores into ``scores[0:n]``: ``table[bid, tricks]``, then the consolation.

    Returns whether the dealer was consoled (see :func:`consoled`).
    """
    for s in range(n):
        scores[s] = table[bids[s], tricks[s]]
    if consoled(points, ties, hooked, dealer, bids, tricks, n):
        scores[dealer] += points
        return True
    return False
