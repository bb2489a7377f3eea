"""What one seat may know at a decision: the only thing a Dutch player sees.

An :class:`Observation` holds the public table (discard pile, draw pile size,
who called, every swap and exchange as positions) and this seat's private
sightings (its opening peek, the cards it drew from the deck, its queen
looks).  ``known`` is what a perfect memory makes of those: for every seat and
position the card this seat knows is there, or None.  Nothing else of the
state is reachable from it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ohhell.dutch.actions import Action
from ohhell.dutch.events import Event
from ohhell.dutch.rules import DutchRules

__all__ = ["Observation", "Phase"]

#: ``peek``: the opening peek; ``turn``: call or draw; ``drawn``: holding a
#: drawn card; ``exchange`` / ``look``: a jack / queen went face up;
#: ``chance``: the draw pile is rebuilt (no player acts); ``over``: hands revealed.
Phase = Literal["peek", "turn", "drawn", "exchange", "look", "chance", "over"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Observation:
    """One seat's view of the round at its decision."""

    rules: DutchRules
    round_index: int
    seat: int
    players: int
    first: int
    phase: Phase
    turn: int
    caller: int | None
    known: tuple[tuple[int | None, ...], ...]
    discard: tuple[int, ...]
    draw_size: int
    held: int | None
    held_source: Literal["deck", "discard"] | None
    events: tuple[Event, ...]
    match_totals: tuple[int, ...]
    legal: tuple[Action, ...]
    #: the points of every card code under these rules (``rules.value_table()``)
    values: tuple[int, ...]

    @property
    def hand_size(self) -> int:
        return self.rules.hand_size

    @property
    def own(self) -> tuple[int | None, ...]:
        """The cards this seat knows in its own square (None: not known)."""
        return self.known[self.seat]

    @property
    def discard_top(self) -> int | None:
        return self.discard[-1] if self.discard else None
