"""Keeping score of a real game: :class:`ScoreSheet`.

Enter each round's bids and tricks; the sheet checks them against the rules
(bid range, the restriction, tricks summing to the hand size), keeps the
running totals with the same ledger the simulator uses (dealer rotation,
elimination, tie-breaks) and names the winner, or the leader of an abandoned
match.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pandas as pd

from ohhell.engine import MatchLedger, RecordError, RoundSeating
from ohhell.rules import Rules, compile_rules
from ohhell.rules.restriction import adjusting_seat, hooked_bid

if TYPE_CHECKING:
    from matplotlib.axes import Axes

__all__ = ["ScoreSheet"]


class ScoreSheet:
    """The score sheet of one match of ``rules``.

    Parameters
    ----------
    rules : the variant played.
    names : one name per seat (default ``seat 0``, ``seat 1``, ...).
    first_dealer : the first dealer's seat (needed when the rules draw it at random).

    Examples
    --------
    The first two rounds of a 4-player Boerenbridge match (1 and 2 cards):

    >>> from ohhell.rules import boerenbridge
    >>> sheet = ScoreSheet(boerenbridge(4), names=["Anna", "Bram", "Cor", "Dirk"])
    >>> sheet.next_round()
    'round 1: 1 card, dealer Anna, bidding first Bram'
    >>> sheet.add_round(bids=[0, 1, 0, 1], tricks=[0, 1, 0, 0])
    (10, 12, 10, 0)
    >>> sheet.add_round(bids=[1, 1, 0, 0], tricks=[0, 0, 0, 2])
    Traceback (most recent call last):
    ...
    ohhell.engine.errors.RecordError: round 2: the dealer (Bram) may not bid 1: the bids would sum to the hand size...
    >>> sheet.add_round(bids=[1, 2, 0, 0], tricks=[1, 0, 0, 1])
    (12, 0, 10, 0)
    >>> sheet.totals, sheet.leaders()
    ((22, 12, 20, 0), ('Anna',))
    """

    def __init__(self, rules: Rules, names: Sequence[str] | None = None, first_dealer: int | None = None) -> None:
        self.rules = rules
        self.compiled = compile_rules(rules)
        n = rules.players
        self.names = tuple(names) if names is not None else tuple(f"seat {s}" for s in range(n))
        if len(self.names) != n or len(set(self.names)) != n:
            raise ValueError(f"give {n} different names, one per seat; got {list(self.names)}")
        if any(not isinstance(name, str) or not name.strip() for name in self.names):
            raise ValueError(f"names must be non-empty strings, one per seat; got {list(self.names)}")
        if first_dealer is None:
            if rules.first_dealer == "random":
                raise ValueError("these rules draw the first dealer: pass first_dealer= (the seat that dealt)")
            first_dealer = rules.first_dealer
        if isinstance(first_dealer, bool) or not isinstance(first_dealer, int) or not 0 <= first_dealer < n:
            raise ValueError(f"first_dealer must be a seat 0..{n - 1}, got {first_dealer!r}")
        self.ledger = MatchLedger(self.compiled, first_dealer)
        self._seating: RoundSeating | None = None
        self.rounds: list[dict[str, object]] = []

    @property
    def finished(self) -> bool:
        return self.ledger.finished

    def seating(self) -> RoundSeating:
        """Who plays the next round (match seats) and who deals."""
        if self._seating is None or self._seating.round_index != self.ledger.round_index:
            self._seating = self.ledger.next_seating()
        return self._seating

    def next_round(self) -> str:
        """A one-line description of the next round."""
        s = self.seating()
        h = int(self.compiled.hand_sizes[s.round_index])
        first = s.seats[(s.dealer + 1) % len(s.seats)]
        card = "card" if h == 1 else "cards"
        dealer = self.names[s.dealer_seat]
        return f"round {s.round_index + 1}: {h} {card}, dealer {dealer}, bidding first {self.names[first]}"

    def add_round(self, bids: Sequence[int], tricks: Sequence[int]) -> tuple[int, ...]:
        """Check and add one round (bids and tricks by seat of those playing); return its scores."""
        s = self.seating()
        r = s.round_index
        h = int(self.compiled.hand_sizes[r])
        n = len(s.seats)
        where = f"round {r + 1}"
        if len(bids) != n or len(tricks) != n:
            raise RecordError(f"{where}: give {n} bids and {n} trick counts (one per player at the table)")
        for local, (b, t) in enumerate(zip(bids, tricks)):
            name = self.names[s.seats[local]]
            if not 0 <= b <= h:
                raise RecordError(f"{where}: {name} bid {b}; bids run from 0 to {h}")
            if not 0 <= t <= h:
                raise RecordError(f"{where}: {name} took {t} tricks; a {h}-card round has {h}")
        if sum(tricks) != h:
            raise RecordError(f"{where}: the tricks sum to {sum(tricks)}; they must sum to the hand size {h}")
        kind = self.compiled.restriction
        dealer_name = self.names[s.dealer_seat]
        if kind == "hook" and bids[s.dealer] == hooked_bid(h, [b for i, b in enumerate(bids) if i != s.dealer]):
            raise RecordError(
                f"{where}: the dealer ({dealer_name}) may not bid {bids[s.dealer]}: the bids would sum to the"
                " hand size (dealer's hook)"
            )
        if kind in ("first-adjusts", "highest-adjusts") and sum(bids) == h:
            who = adjusting_seat(kind, h, list(bids), s.dealer)
            assert who is not None
            raise RecordError(
                f"{where}: the bids sum to the hand size {h}; {self.names[s.seats[who]]} must move one up or down"
            )
        outcome = self.compiled.score_round(r, s.dealer, list(bids), list(tricks))
        made = [b == t for b, t in zip(bids, tricks)]
        self.ledger.record(s, outcome.scores, made)
        for local, seat in enumerate(s.seats):
            self.rounds.append(
                {
                    "round": r + 1,
                    "hand_size": h,
                    "player": self.names[seat],
                    "seat": seat,
                    "seat_from_dealer": (local - s.dealer - 1) % n,
                    "bid": bids[local],
                    "tricks": tricks[local],
                    "made": made[local],
                    "score": outcome.scores[local],
                    "total": self.ledger.totals[seat],
                }
            )
        return outcome.scores

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(self.ledger.totals)

    def leaders(self) -> tuple[str, ...]:
        """The winner(s) once finished; before that, the leader(s) after the last completed round."""
        return tuple(self.names[s] for s in self.ledger.winners())

    def standings(self) -> tuple[str, ...]:
        return tuple(self.names[s] for s in self.ledger.final_standings())

    def to_frame(self) -> pd.DataFrame:
        """One row per round and player: bid, tricks, made, score, running total."""
        return pd.DataFrame(self.rounds)

    def running_totals(self) -> pd.DataFrame:
        """Totals after each round, one column per player."""
        rows = self.ledger.running_totals()
        return pd.DataFrame(rows, columns=list(self.names), index=pd.RangeIndex(1, len(rows) + 1, name="round"))

    def plot(self, ax: Axes | None = None) -> Axes:
        """Running totals, one line per player; returns the Axes."""
        import matplotlib.pyplot as plt

        if ax is None:
            _, ax = plt.subplots(figsize=(7, 4))
        data = self.running_totals()
        for name in data.columns:
            ax.plot(data.index, data[name], marker="o", markersize=3, label=name)
        ax.set_xlabel("round")
        ax.set_ylabel("total")
        ax.set_title(f"{self.rules.name}: running totals")
        ax.grid(alpha=0.3)
        ax.legend(frameon=False)
        return ax
