"""Raw outcome arrays of one chunk, the same for every engine path.

Deals mode (``DealArrays``): unit ``i`` is one deal; per-seat arrays are
``[deal, seat]``.  Matches mode (``MatchArrays``): per-round arrays are
``[match, round, seat]`` by match seat, with bid and tricks ``-1`` where a
seat sat out (elimination).  ``trump`` holds ``[under, over, turned-up card]``
(-1 for none; a single trump suit is ``over``).  ``hands`` are bit masks
(bit ``code`` for card ``code``).  ``plays`` (optional) are card codes in
play order, ``[..., trick, position from the leader]``.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

import numpy as np
import numpy.typing as npt

__all__ = ["DealArrays", "MatchArrays", "arrays_equal"]

I64 = npt.NDArray[np.int64]


@dataclass(frozen=True, slots=True, eq=False)
class DealArrays:
    round: I64
    dealer: I64
    trump: I64
    hands: I64
    bids: I64
    tricks: I64
    scores: I64
    plays: I64

    @classmethod
    def empty(cls, n: int, players: int, max_hand: int, record_plays: bool) -> DealArrays:
        z = np.zeros
        return cls(
            round=z(n, np.int64),
            dealer=z(n, np.int64),
            trump=z((n, 3), np.int64),
            hands=z((n, players), np.int64),
            bids=z((n, players), np.int64),
            tricks=z((n, players), np.int64),
            scores=z((n, players), np.int64),
            plays=z((n, max_hand, players) if record_plays else (0, 0, 0), np.int64),
        )


@dataclass(frozen=True, slots=True, eq=False)
class MatchArrays:
    dealer: I64
    trump: I64
    hands: I64
    bids: I64
    tricks: I64
    scores: I64
    totals: I64
    rank: I64
    winner: I64
    plays: I64

    @classmethod
    def empty(cls, n: int, players: int, rounds: int, max_hand: int, record_plays: bool) -> MatchArrays:
        z = np.zeros
        return cls(
            dealer=z((n, rounds), np.int64),
            trump=z((n, rounds, 3), np.int64),
            hands=z((n, rounds, players), np.int64),
            bids=z((n, rounds, players), np.int64),
            tricks=z((n, rounds, players), np.int64),
            scores=z((n, rounds, players), np.int64),
            totals=z((n, players), np.int64),
            rank=z((n, players), np.int64),
            winner=z((n, players), np.int64),
            plays=z((n, rounds, max_hand, players) if record_plays else (0, 0, 0, 0), np.int64),
        )


def arrays_equal(a: DealArrays | MatchArrays, b: DealArrays | MatchArrays) -> list[str]:
    """Names of the fields that differ (empty when identical)."""
    if type(a) is not type(b):
        return ["type"]
    return [f.name for f in fields(a) if not np.array_equal(getattr(a, f.name), getattr(b, f.name))]
