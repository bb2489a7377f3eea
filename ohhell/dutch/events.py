"""What happens in a round, as events; each seat's view of them hides what it did not see.

The engine logs every event with its card; :func:`seen_by` gives the event as
one seat saw it (``card`` is None where that seat did not see the card).

=============  ============================================  ================================
kind           fields                                        the card is seen by
=============  ============================================  ================================
``peek``       seat, position, card                          the seat only (opening peek)
``call``       seat                                          -
``draw``       seat, source (``deck``/``discard``), card     everyone from the discard pile, else the seat only
``swap``       seat, position, card (the one put face up)    everyone
``discard``    seat, card (the drawn card, face up)          everyone
``exchange``   seat, position, other, other_position         - (blind; everyone sees which positions)
``look``       seat, other, other_position, card             the seat only
``decline``    seat                                          -
``reshuffle``  count (cards turned into the new draw pile)   -
=============  ============================================  ================================
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

__all__ = ["Event", "EventKind", "seen_by"]

EventKind = Literal["peek", "call", "draw", "swap", "discard", "exchange", "look", "decline", "reshuffle"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Event:
    """One step of a round (see the module table for the fields each kind uses)."""

    kind: EventKind
    seat: int = -1
    position: int | None = None
    other: int | None = None
    other_position: int | None = None
    card: int | None = None
    source: Literal["deck", "discard"] | None = None
    count: int | None = None


def seen_by(event: Event, viewer: int) -> Event:
    """``event`` as seat ``viewer`` saw it: private cards of other seats hidden."""
    private = event.kind in ("peek", "look") or (event.kind == "draw" and event.source == "deck")
    if private and event.seat != viewer and event.card is not None:
        return replace(event, card=None)
    return event
