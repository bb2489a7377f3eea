"""The choices a Dutch player makes, as small frozen values with a text form.

Positions are 0..hand_size-1 in reading order of the square; a card of
another seat is ``seat:position``.

==============================  =================  ===================================================
action                          text               when
==============================  =================  ===================================================
``Peek(position)``              ``peek 1``         the opening peek, one card at a time
``CallDutch()``                 ``call``           start of a turn, before drawing
``DrawDeck()``                  ``draw``           start of a turn: top of the face-down draw pile
``TakeDiscard()``               ``take``           start of a turn: the face-up top of the discard pile
``Swap(position)``              ``swap 2``         holding a drawn card: it replaces that card, which goes face up
``Discard()``                   ``discard``        holding a card drawn from the deck: straight onto the discard pile
``Exchange(position, seat, p)`` ``exchange 0 2:3`` a jack went face up: own card 0 for seat 2's card 3, blind
``Look(seat, position)``        ``look 2:3``       a queen went face up: look at seat 2's card 3 (own seat allowed)
``Decline()``                   ``decline``        a power went face up and its player does not use it
==============================  =================  ===================================================

Examples
--------
>>> parse_action("exchange 0 2:3")
Exchange(position=0, seat=2, other_position=3)
>>> str(Look(seat=1, position=0)), str(Swap(position=2))
('look 1:0', 'swap 2')
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = [
    "Action",
    "Peek",
    "CallDutch",
    "DrawDeck",
    "TakeDiscard",
    "Swap",
    "Discard",
    "Exchange",
    "Look",
    "Decline",
    "parse_action",
]


@dataclass(frozen=True, slots=True)
class Peek:
    position: int

    def __str__(self) -> str:
        return f"peek {self.position}"


@dataclass(frozen=True, slots=True)
class CallDutch:
    def __str__(self) -> str:
        return "call"


@dataclass(frozen=True, slots=True)
class DrawDeck:
    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class TakeDiscard:
    def __str__(self) -> str:
        return "take"


@dataclass(frozen=True, slots=True)
class Swap:
    position: int

    def __str__(self) -> str:
        return f"swap {self.position}"


@dataclass(frozen=True, slots=True)
class Discard:
    def __str__(self) -> str:
        return "discard"


@dataclass(frozen=True, slots=True)
class Exchange:
    position: int
    seat: int
    other_position: int

    def __str__(self) -> str:
        return f"exchange {self.position} {self.seat}:{self.other_position}"


@dataclass(frozen=True, slots=True)
class Look:
    seat: int
    position: int

    def __str__(self) -> str:
        return f"look {self.seat}:{self.position}"


@dataclass(frozen=True, slots=True)
class Decline:
    def __str__(self) -> str:
        return "decline"


Action = Peek | CallDutch | DrawDeck | TakeDiscard | Swap | Discard | Exchange | Look | Decline

_SIMPLE: dict[str, Action] = {
    "call": CallDutch(),
    "draw": DrawDeck(),
    "take": TakeDiscard(),
    "discard": Discard(),
    "decline": Decline(),
}
_FORMS = (
    (re.compile(r"peek (\d+)"), lambda m: Peek(int(m[1]))),
    (re.compile(r"swap (\d+)"), lambda m: Swap(int(m[1]))),
    (re.compile(r"exchange (\d+) (\d+):(\d+)"), lambda m: Exchange(int(m[1]), int(m[2]), int(m[3]))),
    (re.compile(r"look (\d+):(\d+)"), lambda m: Look(int(m[1]), int(m[2]))),
)


def parse_action(value: str) -> Action:
    """The action of its text form (see the module table)."""
    s = " ".join(value.strip().lower().split())
    if s in _SIMPLE:
        return _SIMPLE[s]
    for pattern, build in _FORMS:
        m = pattern.fullmatch(s)
        if m:
            action: Action = build(m)
            return action
    raise ValueError(
        f"not a Dutch action: {value!r}; actions are peek P, call, draw, take, swap P, discard,"
        " exchange P SEAT:P, look SEAT:P, decline"
    )
