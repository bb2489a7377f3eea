"""The JSON record of one deal (JSON Lines for many).

Keys (all required unless marked optional; other keys are ignored, a key
given twice in one object is an error); ``docs/reference/deal-record.md``
has the full reference with a worked example:

``players``
    number of seats; seats go clockwise 0..players-1, the player left of
    seat ``s`` is ``(s + 1) % players``.
``dealer``
    the dealer's seat.
``hand_size``
    cards dealt to each seat.
``trump``
    suit letter ``C``/``D``/``H``/``S``, ``null`` for no trump, or two letters
    (under-trump then over-trump) for the Setesdal twist.
``trump_card``
    the card turned up (``null`` if none).
``hands``
    list by seat of card strings (rank then suit: ``AS``, ``KH``, ``TD`` or
    ``10D``, ``7C``; ``W``/``N`` for Wizard/Jester).
``bids``
    list by seat of final bids (after any adjustment).
``tricks``
    list of tricks, each the cards in play order starting with the leader's.
``round`` (optional)
    1-based round number in the rules' schedule; without it the first round
    with this hand size and player count is assumed.
``exposed`` (optional)
    cards set aside face up: the short game's twos, then a drawn trump card.
``first_bids`` (optional)
    list by seat of the bids made before an adjustment (rules where the bids
    may not sum to the hand size and a seat then moves its bid one up or
    down); absent: no adjustment was recorded.  Written when the deal had
    an adjustment.

A line is refused (a :class:`~ohhell.engine.RecordError`) when it is not
UTF-8, not JSON, nests arrays and objects deeper than :data:`MAX_DEPTH`, has
a number longer than :data:`MAX_DIGITS` digits, ``NaN`` or ``Infinity``, or
is longer than :data:`MAX_LINE_BYTES`.

Examples
--------
>>> rec = DealRecord.from_json('{"players": 2, "dealer": 1, "hand_size": 1, "trump": "H", '
...     '"trump_card": "2H", "hands": [["AS"], ["3H"]], "bids": [1, 1], "tricks": [["AS", "3H"]]}')
>>> rec.hands[1], rec.trump
((Card('3H'),), Trump(suits=(<Suit.HEARTS: 2>,)))
>>> rec.to_dict()["tricks"]
[['AS', '3H']]
>>> DealRecord.from_json('{"players": 4, "players": 5}')
Traceback (most recent call last):
...
ohhell.engine.errors.RecordError: key 'players' appears twice in one object
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from itertools import accumulate
from pathlib import Path
from typing import Any

from ohhell.cards import Card
from ohhell.engine import DealResult, RecordError
from ohhell.rules import Trump

__all__ = ["DealRecord", "read_jsonl", "write_jsonl", "MAX_DEPTH", "MAX_DIGITS", "MAX_LINE_BYTES"]

_KEYS = ("players", "dealer", "hand_size", "trump", "trump_card", "hands", "bids", "tricks")

#: Deepest nesting of arrays and objects a line may have (a record nests 3: object, hands, one hand).
MAX_DEPTH = 8
#: Most digits a number in a record may have (its numbers are seats, counts and bids).
MAX_DIGITS = 18
#: Longest line read, in bytes (a 104-card double-deck record is a few kilobytes).
MAX_LINE_BYTES = 1_000_000

_BOM = b"\xef\xbb\xbf"
#: A JSON string, or an unterminated one running to the end: matched once, left to right, never rescanned.
_JSON_STRING = re.compile(r'"(?:[^"\\]|\\.)*+"?', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}
_TOO_DEEP = f"arrays or objects nested more than {MAX_DEPTH} deep; a deal record nests 3"


def _depth(text: str) -> int:
    """How deeply arrays and objects nest in ``text``, brackets inside strings not counted; linear time."""
    brackets = _NOT_BRACKET.sub("", _JSON_STRING.sub("", text))
    return max(accumulate(map(_STEP.__getitem__, brackets)), default=0)


def _json_int(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        raise RecordError(f"a number with {digits} digits; numbers in a deal record have at most {MAX_DIGITS}")
    return int(text)


def _json_float(text: str) -> float:
    if len(text) > 2 * MAX_DIGITS:
        raise RecordError(f"a number of {len(text)} characters; numbers in a deal record are whole numbers")
    return float(text)


def _json_constant(text: str) -> object:
    raise RecordError(f"not valid JSON: {text} is not a number a deal record can hold")


def _json_object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise RecordError(f"key {key!r} appears twice in one object")
        out[key] = value
    return out


def _loads(text: str) -> object:
    """``json.loads`` refusing deep nesting, huge numbers, NaN/Infinity and duplicate keys."""
    if _depth(text) > MAX_DEPTH:
        raise RecordError(_TOO_DEEP)
    try:
        return json.loads(
            text,
            parse_int=_json_int,
            parse_float=_json_float,
            parse_constant=_json_constant,
            object_pairs_hook=_json_object,
        )
    except json.JSONDecodeError as exc:
        raise RecordError(f"not valid JSON: {exc.msg} at column {exc.colno}") from None
    except RecursionError:
        raise RecordError(_TOO_DEEP) from None


@lru_cache(maxsize=1024)
def _parse_card(text: str) -> Card:
    return Card.parse(text)


def _card(text: object, where: str) -> Card:
    if not isinstance(text, str):
        raise RecordError(f"{where}: a card must be a string such as 'AS', got {text!r}")
    try:
        return _parse_card(text)
    except ValueError as exc:
        raise RecordError(f"{where}: {exc}") from None


def _int(value: object, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RecordError(f"{where} must be an integer, got {value!r}")
    return value


@dataclass(frozen=True, slots=True, kw_only=True)
class DealRecord:
    """One deal as recorded: parsed, typed, not yet checked against any rules."""

    players: int
    dealer: int
    hand_size: int
    trump: Trump
    trump_card: Card | None
    hands: tuple[tuple[Card, ...], ...]
    bids: tuple[int, ...]
    tricks: tuple[tuple[Card, ...], ...]
    round: int | None = None
    exposed: tuple[Card, ...] = ()
    first_bids: tuple[int, ...] | None = None

    @classmethod
    def from_dict(cls, data: object) -> DealRecord:
        """Parse the documented keys; a malformed record raises :class:`RecordError`."""
        if not isinstance(data, dict):
            raise RecordError(f"a deal record must be a JSON object, got {type(data).__name__}")
        missing = [k for k in _KEYS if k not in data]
        if missing:
            raise RecordError(f"missing keys: {', '.join(missing)} (required: {', '.join(_KEYS)})")
        players = _int(data["players"], "players")
        hands_raw, bids_raw, tricks_raw = data["hands"], data["bids"], data["tricks"]
        for key, value in (("hands", hands_raw), ("bids", bids_raw), ("tricks", tricks_raw)):
            if not isinstance(value, list):
                raise RecordError(f"{key} must be a list, got {value!r}")
        if len(hands_raw) != players or len(bids_raw) != players:
            raise RecordError(f"hands and bids must list {players} seats, got {len(hands_raw)} and {len(bids_raw)}")
        trump_raw = data["trump"]
        if trump_raw is not None and not isinstance(trump_raw, str):
            raise RecordError(f"trump must be a suit letter or null, got {trump_raw!r}")
        try:
            trump = Trump.parse(trump_raw)
        except ValueError as exc:
            raise RecordError(f"trump: {exc}") from None
        hands = []
        for seat, hand in enumerate(hands_raw):
            if not isinstance(hand, list):
                raise RecordError(f"seat {seat}: hand must be a list of cards, got {hand!r}")
            hands.append(tuple(_card(c, f"seat {seat} hand") for c in hand))
        tricks = []
        for i, trick in enumerate(tricks_raw):
            if not isinstance(trick, list):
                raise RecordError(f"trick {i + 1} must be a list of cards, got {trick!r}")
            tricks.append(tuple(_card(c, f"trick {i + 1}") for c in trick))
        round_raw = data.get("round")
        exposed_raw = data.get("exposed", [])
        if not isinstance(exposed_raw, list):
            raise RecordError(f"exposed must be a list of cards, got {exposed_raw!r}")
        first_raw = data.get("first_bids")
        if first_raw is not None and (not isinstance(first_raw, list) or len(first_raw) != players):
            raise RecordError(f"first_bids must list {players} seats' bids before the adjustment, got {first_raw!r}")
        return cls(
            players=players,
            dealer=_int(data["dealer"], "dealer"),
            hand_size=_int(data["hand_size"], "hand_size"),
            trump=trump,
            trump_card=None if data["trump_card"] is None else _card(data["trump_card"], "trump_card"),
            hands=tuple(hands),
            bids=tuple(_int(b, f"seat {s} bid") for s, b in enumerate(bids_raw)),
            tricks=tuple(tricks),
            round=None if round_raw is None else _int(round_raw, "round"),
            exposed=tuple(_card(c, "exposed") for c in exposed_raw),
            first_bids=None
            if first_raw is None
            else tuple(_int(b, f"seat {s} first bid") for s, b in enumerate(first_raw)),
        )

    @classmethod
    def from_json(cls, text: str) -> DealRecord:
        """Parse one line of JSON; anything malformed (see the module docs) raises :class:`RecordError`."""
        return cls.from_dict(_loads(text))

    @classmethod
    def from_result(cls, result: DealResult) -> DealRecord:
        """The record of a played deal."""
        return cls(
            players=result.players,
            dealer=result.dealer,
            hand_size=result.hand_size,
            trump=result.trump,
            trump_card=result.trump_card,
            hands=result.hands,
            bids=result.bids,
            tricks=tuple(t.cards for t in result.tricks),
            round=result.round_index + 1,
            exposed=result.exposed,
            first_bids=result.first_bids if result.first_bids != result.bids else None,
        )

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "players": self.players,
            "dealer": self.dealer,
            "hand_size": self.hand_size,
            "trump": self.trump.letters(),
            "trump_card": None if self.trump_card is None else str(self.trump_card),
            "hands": [[str(c) for c in hand] for hand in self.hands],
            "bids": list(self.bids),
            "tricks": [[str(c) for c in trick] for trick in self.tricks],
        }
        if self.round is not None:
            out["round"] = self.round
        if self.exposed:
            out["exposed"] = [str(c) for c in self.exposed]
        if self.first_bids is not None:
            out["first_bids"] = list(self.first_bids)
        return out

    def to_json(self) -> str:
        return json.dumps(self.to_dict())


def _decode(raw: bytes, number: int) -> str:
    if number == 1 and raw.startswith(_BOM):
        raw = raw[len(_BOM) :]
    if len(raw) > MAX_LINE_BYTES:
        raise RecordError(f"a line of {len(raw):,} bytes; a deal record line has at most {MAX_LINE_BYTES:,}")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise RecordError(f"not valid UTF-8: byte 0x{raw[exc.start]:02x} at byte {exc.start + 1} of the line") from None


def read_jsonl(path: str | Path) -> Iterator[tuple[int, DealRecord | RecordError]]:
    """Each non-blank line's number and its record, or the error that stopped it.

    Each line is decoded on its own: a line that is not UTF-8 or not a deal
    record is reported with its number and the next line is read as usual.
    A UTF-8 byte-order mark before line 1 is skipped.
    """
    with open(path, "rb") as fh:
        for number, raw in enumerate(fh, start=1):
            try:
                line = _decode(raw, number)
                if not line.strip():
                    continue
                yield number, DealRecord.from_json(line)
            except RecordError as exc:
                yield number, exc


def write_jsonl(records: list[DealRecord], path: str | Path) -> None:
    with open(path, "w", encoding="utf-8") as fh:
        for rec in records:
            fh.write(rec.to_json() + "\n")
