"""The match ledger: dealer rotation, who is at the table, running totals, the winner.

Shared by simulated matches (:func:`ohhell.engine.play_match`) and the score
sheet of a real game (:class:`ohhell.records.ScoreSheet`), so both apply the
same dealer rotation, elimination and tie-breaks.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from ohhell.rules.compiled import CompiledRules
from ohhell.rules.match_end import last_placed, rank_compare, sort_standings

__all__ = ["MatchLedger", "RoundSeating"]


@dataclass(frozen=True, slots=True)
class RoundSeating:
    """Who plays the next round: match seats in clockwise order and the local dealer."""

    round_index: int
    seats: tuple[int, ...]
    dealer: int

    @property
    def dealer_seat(self) -> int:
        """The dealer as a match seat."""
        return self.seats[self.dealer]


class MatchLedger:
    """Running state of a match between rounds (match seats 0..players-1)."""

    def __init__(self, compiled: CompiledRules, first_dealer: int) -> None:
        n = compiled.players
        if not 0 <= first_dealer < n:
            raise ValueError(f"first dealer must be a seat 0..{n - 1}, got {first_dealer}")
        self.compiled = compiled
        self.players = n
        self.round_index = 0
        self.dealer = first_dealer
        self.active = list(range(n))
        self.totals = [0] * n
        self.made = [0] * n
        self.best = [0] * n
        self.played = [0] * n
        self.knocked_out: list[tuple[int, int]] = []
        self.history: list[tuple[RoundSeating, tuple[int, ...]]] = []

    @property
    def finished(self) -> bool:
        return self.round_index >= self.compiled.n_rounds

    def next_seating(self) -> RoundSeating:
        """Knock out whoever the schedule drops, then say who plays and who deals."""
        if self.finished:
            raise ValueError(f"the match is over after {self.compiled.n_rounds} rounds")
        want = int(self.compiled.players_in_round[self.round_index])
        while len(self.active) > want:
            active = np.zeros(self.players, dtype=np.int64)
            active[self.active] = 1
            last = int(last_placed(active, *self._ranking()))
            if self.dealer == last:
                self.dealer = self._next_active(self.dealer)
            self.active.remove(last)
            self.knocked_out.append((self.round_index, last))
        return RoundSeating(self.round_index, tuple(self.active), self.active.index(self.dealer))

    def record(self, seating: RoundSeating, scores: Sequence[int], made: Sequence[bool]) -> None:
        """Add a finished round's scores (local seats, in ``seating`` order) and move the deal on."""
        if seating.round_index != self.round_index:
            raise ValueError(f"expected round {self.round_index + 1}, got round {seating.round_index + 1}")
        for local, seat in enumerate(seating.seats):
            best = scores[local] if self.played[seat] == 0 else max(self.best[seat], scores[local])
            self.totals[seat] += scores[local]
            self.made[seat] += int(made[local])
            self.best[seat] = best
            self.played[seat] += 1
        self.history.append((seating, tuple(scores)))
        self.dealer = self._next_active(self.dealer)
        self.round_index += 1

    def _ranking(
        self,
    ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.int64]]:
        """What the compiled ranking reads: totals, made bids, best rounds by seat, the tie-break codes."""
        return (
            np.array(self.totals, dtype=np.int64),
            np.array(self.made, dtype=np.int64),
            np.array(self.best, dtype=np.int64),
            self.compiled.tie_break_codes,
        )

    def standings(self) -> tuple[int, ...]:
        """Active seats first to last (knocked-out seats are not included)."""
        seats = np.array(self.active, dtype=np.int64)
        sort_standings(seats, *self._ranking())
        return tuple(int(s) for s in seats)

    def final_standings(self) -> tuple[int, ...]:
        """Every seat first to last: the players left, then the knocked-out, last out first."""
        return self.standings() + tuple(s for _, s in reversed(self.knocked_out))

    def winners(self) -> tuple[int, ...]:
        """The leader(s) now: after the last round, the winner; earlier, the leader of an abandoned match."""
        order = self.standings()
        ranking = self._ranking()
        return tuple(s for s in self.active if rank_compare(s, order[0], *ranking) == 0)

    def running_totals(self) -> list[tuple[int, ...]]:
        """Totals by match seat after each recorded round."""
        totals = [0] * self.players
        out = []
        for seating, scores in self.history:
            for local, seat in enumerate(seating.seats):
                totals[seat] += scores[local]
            out.append(tuple(totals))
        return out

    def _next_active(self, seat: int) -> int:
        for step in range(1, self.players + 1):
            s = (seat + step) % self.players
            if s in self.active:
                return s
        raise ValueError("no active seat")
