"""Match policies: who plays each round, when the match ends, who wins.

The winner is the highest total; ties are broken by the policy's
``tie_breaks`` in order (Boerenbridge: most made bids, then the highest
single-round score); players still level share the win.  An abandoned match
goes to the leader after the last completed round (the same ranking on the
rounds played, see :func:`standings`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, Protocol, runtime_checkable

import numpy as np
from numba import njit

from ohhell.rules.checks import choice, integer, items, store

__all__ = [
    "TieBreak",
    "MatchEnd",
    "PlayAllRounds",
    "Elimination",
    "standings",
    "winners",
    "rank_key",
    "rank_compare",
    "last_placed",
    "sort_standings",
]

#: ``made_bids``: more exact bids ranks higher; ``best_round``: a higher best single-round score.
TieBreak = Literal["made_bids", "best_round"]
_TIE_BREAKS: tuple[TieBreak, ...] = ("made_bids", "best_round")


def _tie_breaks(owner: str, value: object) -> tuple[TieBreak, ...]:
    """A tuple of tie-breaks, each at most once (a list is kept as a tuple)."""
    out = items(owner, value, "('made_bids', 'best_round') or ()")
    for i, tb in enumerate(out):
        choice(f"{owner}[{i}]", tb, _TIE_BREAKS)
    if len(set(out)) != len(out):
        raise ValueError(f"{owner} must name each tie-break at most once, got {out}")
    return out  # type: ignore[return-value]


@runtime_checkable
class MatchEnd(Protocol):
    """Who plays each round and how the match is decided."""

    @property
    def tie_breaks(self) -> tuple[TieBreak, ...]: ...

    def players_per_round(self, players: int, hand_sizes: tuple[int, ...]) -> tuple[int, ...]: ...


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayAllRounds:
    """Everyone plays every round of the schedule; highest total wins.

    ``tie_breaks``: a tuple of ``"made_bids"`` and ``"best_round"``, in
    order, each at most once (``()``: players level on total share the win).

    Names: every source; the tie-breaks are Boerenbridge's.
    """

    tie_breaks: tuple[TieBreak, ...] = ("made_bids", "best_round")

    def __post_init__(self) -> None:
        store(self, "tie_breaks", _tie_breaks("PlayAllRounds.tie_breaks", self.tie_breaks))

    def players_per_round(self, players: int, hand_sizes: tuple[int, ...]) -> tuple[int, ...]:
        return (players,) * len(hand_sizes)


@dataclass(frozen=True, slots=True, kw_only=True)
class Elimination:
    """On the way back up the schedule, the last-placed player is knocked out each round.

    Before every round whose hand is larger than the previous round's, the
    active player ranked last (totals, then the tie-breaks; still level: the
    higher seat number) leaves the table, while more than ``min_players``
    remain (fewer than the players at the table, which
    :class:`~ohhell.rules.Rules` checks).  The deal keeps rotating among those
    left; ``tie_breaks`` as for :class:`PlayAllRounds`.  Pair it with a
    high-first schedule that starts at a smaller hand (e.g. ``HighFirst(up_to=7)``
    for seven players).

    Names: Bondebridge house rule for more than five players ("flere enn fem
    spillere").

    Examples
    --------
    >>> Elimination().players_per_round(7, (3, 2, 1, 2, 3))
    (7, 7, 7, 6, 5)
    """

    min_players: int = 2
    tie_breaks: tuple[TieBreak, ...] = ("made_bids", "best_round")

    def __post_init__(self) -> None:
        try:
            store(self, "min_players", integer("Elimination.min_players", self.min_players, low=2))
        except ValueError as exc:
            raise ValueError(f"{exc} (a round needs two players)") from None
        store(self, "tie_breaks", _tie_breaks("Elimination.tie_breaks", self.tie_breaks))

    def check_table(self, players: int, hand_sizes: tuple[int, ...]) -> None:
        """Someone can be knocked out: fewer ``min_players`` than players (called by Rules)."""
        if self.min_players >= players:
            raise ValueError(
                f"Elimination.min_players={self.min_players} knocks nobody out at {players} players:"
                f" use min_players from 2 to {players - 1}, or PlayAllRounds()"
            )

    def players_per_round(self, players: int, hand_sizes: tuple[int, ...]) -> tuple[int, ...]:
        out: list[int] = []
        active = players
        for i, h in enumerate(hand_sizes):
            if i > 0 and h > hand_sizes[i - 1] and active > self.min_players:
                active -= 1
            out.append(active)
        return tuple(out)


def rank_key(
    seat: int,
    totals: Sequence[int],
    made_bids: Sequence[int],
    best_round: Sequence[int],
    tie_breaks: Sequence[TieBreak],
) -> tuple[int, ...]:
    """What a seat is ranked by: total, then each tie-break (larger is better)."""
    parts = [totals[seat]]
    for tb in tie_breaks:
        parts.append(made_bids[seat] if tb == "made_bids" else best_round[seat])
    return tuple(parts)


def standings(
    totals: Sequence[int],
    made_bids: Sequence[int],
    best_round: Sequence[int],
    tie_breaks: Sequence[TieBreak],
    seats: Sequence[int] | None = None,
) -> tuple[int, ...]:
    """Seats ordered first to last (ties after every tie-break: lower seat first).

    Examples
    --------
    >>> standings([50, 60, 60], [3, 4, 5], [16, 16, 14], ("made_bids", "best_round"))
    (2, 1, 0)
    """
    pool = range(len(totals)) if seats is None else seats
    return tuple(
        sorted(pool, key=lambda s: (tuple(-p for p in rank_key(s, totals, made_bids, best_round, tie_breaks)), s))
    )


def winners(
    totals: Sequence[int],
    made_bids: Sequence[int],
    best_round: Sequence[int],
    tie_breaks: Sequence[TieBreak],
    seats: Sequence[int] | None = None,
) -> tuple[int, ...]:
    """The seat(s) that win: first place, shared when level on every tie-break.

    Examples
    --------
    >>> winners([60, 60, 50], [4, 4, 3], [16, 16, 14], ("made_bids", "best_round"))
    (0, 1)
    """
    pool = list(range(len(totals))) if seats is None else list(seats)
    keys = {s: rank_key(s, totals, made_bids, best_round, tie_breaks) for s in pool}
    top = max(keys.values())
    return tuple(s for s in pool if keys[s] == top)


# -- compiled: the ranking, one function each for the reference ledger and the kernel --


@njit(cache=True, inline="always", error_model="numpy")
def rank_compare(a: int, b: int, totals: np.ndarray, made: np.ndarray, best: np.ndarray, tie_breaks: np.ndarray) -> int:
    """1 if seat ``a`` ranks above seat ``b``, -1 below, 0 level (the key of :func:`rank_key`).

    ``tie_breaks``: codes of :data:`ohhell.rules.compiled.TIE_BREAKS` in
    order (0 made bids, 1 best round).
    """
    if totals[a] != totals[b]:
        return 1 if totals[a] > totals[b] else -1
    for q in range(tie_breaks.shape[0]):
        x = made[a] if tie_breaks[q] == 0 else best[a]
        y = made[b] if tie_breaks[q] == 0 else best[b]
        if x != y:
            return 1 if x > y else -1
    return 0


@njit(cache=True, error_model="numpy")
def last_placed(
    active: np.ndarray, totals: np.ndarray, made: np.ndarray, best: np.ndarray, tie_breaks: np.ndarray
) -> int:
    """The active seat (``active[s] == 1``) ranked last, the higher seat on full ties: who is knocked out."""
    last = -1
    for s in range(active.shape[0]):
        if active[s] == 0:
            continue
        if last < 0 or rank_compare(s, last, totals, made, best, tie_breaks) <= 0:
            last = s
    return last


@njit(cache=True, error_model="numpy")
def sort_standings(
    seats: np.ndarray, totals: np.ndarray, made: np.ndarray, best: np.ndarray, tie_breaks: np.ndarray
) -> None:
    """Order ``seats`` (given in ascending seat order) first to last in place; full ties keep seat order."""
    for a in range(1, seats.shape[0]):
        s = seats[a]
        b = a - 1
        while b >= 0 and rank_compare(s, seats[b], totals, made, best, tie_breaks) > 0:
            seats[b + 1] = seats[b]
            b -= 1
        seats[b + 1] = s
