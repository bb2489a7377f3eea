"""Errors raised by the engine when a decision or a record breaks the rules."""

from __future__ import annotations

__all__ = ["IllegalMoveError", "RecordError"]


class IllegalMoveError(ValueError):
    """A strategy (or a record) chose something the rules do not allow.

    The message names the seat, the strategy, what it returned and what was legal.
    """

    def __init__(self, *, seat: int, who: str, phase: str, returned: object, legal: object, rule: str = "") -> None:
        self.seat = seat
        self.who = who
        self.phase = phase
        self.returned = returned
        self.legal = legal
        self.rule = rule
        why = f" ({rule})" if rule else ""
        super().__init__(f"seat {seat} ({who}) returned {returned!r} as its {phase}{why}; legal: {legal}")


class RecordError(ValueError):
    """A recorded deal that does not fit the rules or is malformed."""
