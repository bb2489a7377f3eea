"""A round of Dutch as a JSON record, and its replay.

A record holds everything needed to replay the round exactly and what it
came to::

    {"game": "dutch", "version": 1, "rules": "dutch", "players": 3, "limit": 100,
     "round": 0,                                  # round of the match (sets who starts)
     "deal": ["7H", "JK", ...],                   # the whole deck, top card first
     "reshuffles": [["2C", ...], ...],            # each new draw pile, top card first
     "actions": [[0, "peek 0"], [0, "peek 1"], ..., [2, "call"], ...],
     "caller": 2,                                 # seat, or null
     "final_hands": [["KH", "TD", "AS", "JK"], ...],
     "scores": [0, 17, 23]}

Cards are rank + suit (``KH``, ``TD``, ``AS``; ``10D`` is read too), both
jokers ``JK``; actions are the text forms of :mod:`ohhell.dutch.actions`,
each with the seat that took it.  ``rules`` is the preset's name,
``"dutch"``, when the round was played under ``dutch(players,
limit=limit)``, else the options in which its rules differ from that preset,
by policy (:func:`~ohhell.dutch.rules.rules_options`, e.g. ``{"powers":
{"exchange": ["J", "K"]}, "call": {"tie": "caller_loses"}}``); replay plays
the record under those rules.  ``caller``, ``final_hands`` and ``scores``
are checked when present.

Examples
--------
>>> from ohhell.dutch import dutch, play_round, RandomPlayer
>>> r = play_round(dutch(3), [RandomPlayer()] * 3, seed=11)
>>> rec = RoundRecord.from_result(r)
>>> again = replay(RoundRecord.from_json(rec.to_json()))
>>> again.scores == r.scores and again.final_hands == r.final_hands
True
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ohhell.dutch.actions import parse_action
from ohhell.dutch.cards import parse, text
from ohhell.dutch.rules import DutchRules, DutchRulesError, rules_from_options, rules_options
from ohhell.dutch.state import RoundResult, deal
from ohhell.engine.errors import IllegalMoveError, RecordError

__all__ = ["RoundRecord", "replay", "read_jsonl", "read_records", "write_jsonl", "FORMAT_VERSION"]

FORMAT_VERSION = 1


@dataclass(frozen=True, slots=True, kw_only=True)
class RoundRecord:
    """One recorded round (see the module docs for the JSON form)."""

    players: int
    limit: int
    round_index: int
    deal: tuple[str, ...]
    reshuffles: tuple[tuple[str, ...], ...]
    actions: tuple[tuple[int, str], ...]
    caller: int | None = None
    final_hands: tuple[tuple[str, ...], ...] | None = None
    scores: tuple[int, ...] | None = None
    #: the options in which the round's rules differ from ``dutch(players, limit=limit)`` (empty: none)
    options: dict[str, dict[str, Any]] = field(default_factory=dict)

    @property
    def rules(self) -> DutchRules:
        """The rules the round was played under."""
        return rules_from_options(self.options, players=self.players, limit=self.limit)

    @classmethod
    def from_result(cls, result: RoundResult) -> RoundRecord:
        return cls(
            players=result.players,
            limit=result.rules.match_end.limit,
            round_index=result.round_index,
            deal=tuple(text(c) for c in result.deal),
            reshuffles=tuple(tuple(text(c) for c in r) for r in result.reshuffles),
            actions=tuple((seat, str(a)) for seat, a in result.actions),
            caller=result.caller,
            final_hands=tuple(tuple(text(c) for c in h) for h in result.final_hands),
            scores=result.scores,
            options=rules_options(result.rules),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "game": "dutch",
            "version": FORMAT_VERSION,
            "rules": self.options if self.options else "dutch",
            "players": self.players,
            "limit": self.limit,
            "round": self.round_index,
            "deal": list(self.deal),
            "reshuffles": [list(r) for r in self.reshuffles],
            "actions": [[s, a] for s, a in self.actions],
            "caller": self.caller,
            "final_hands": None if self.final_hands is None else [list(h) for h in self.final_hands],
            "scores": None if self.scores is None else list(self.scores),
        }

    @classmethod
    def from_json(cls, data: object) -> RoundRecord:
        """Read a record, with a :class:`RecordError` naming the first malformed field."""
        if not isinstance(data, dict):
            raise RecordError(f"a Dutch round record is a JSON object, got {type(data).__name__}")
        if data.get("game") != "dutch":
            raise RecordError(f"not a Dutch round record: 'game' is {data.get('game')!r}, expected 'dutch'")
        if data.get("version") != FORMAT_VERSION:
            raise RecordError(f"record version {data.get('version')!r} is not supported (only {FORMAT_VERSION})")
        options = data.get("rules", "dutch")
        if options == "dutch":
            options = {}
        elif not isinstance(options, dict):
            raise RecordError(
                f"unknown rules {options!r}; records give the preset 'dutch' or the options that differ from it"
            )
        else:
            try:
                rules_from_options(options, players=data.get("players", 4), limit=data.get("limit", 100))
            except (DutchRulesError, TypeError) as exc:
                raise RecordError(f"bad rules: {exc}") from None
        for key in ("players", "deal", "actions"):
            if key not in data:
                raise RecordError(f"record has no {key!r}")

        def as_int(key: str, value: object) -> int:
            if not isinstance(value, int) or isinstance(value, bool):
                raise RecordError(f"{key} must be an integer, got {value!r}")
            return value

        def as_cards(key: str, value: object) -> tuple[str, ...]:
            if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
                raise RecordError(f"{key} must be a list of cards like 'KH', 'TD', 'JK', got {value!r}")
            return tuple(value)

        actions = data["actions"]
        if not isinstance(actions, list) or not all(
            isinstance(a, list) and len(a) == 2 and isinstance(a[0], int) and isinstance(a[1], str) for a in actions
        ):
            raise RecordError("actions must be a list of [seat, action] pairs, e.g. [0, 'peek 1']")
        reshuffles = data.get("reshuffles", [])
        if not isinstance(reshuffles, list):
            raise RecordError("reshuffles must be a list of card lists")
        caller = data.get("caller")
        hands = data.get("final_hands")
        scores = data.get("scores")
        if hands is not None and not isinstance(hands, list):
            raise RecordError("final_hands must be a list of card lists, one per seat")
        if scores is not None and (not isinstance(scores, list) or not all(isinstance(x, int) for x in scores)):
            raise RecordError("scores must be a list of integers, one per seat")
        return cls(
            players=as_int("players", data["players"]),
            limit=as_int("limit", data.get("limit", 100)),
            round_index=as_int("round", data.get("round", 0)),
            deal=as_cards("deal", data["deal"]),
            reshuffles=tuple(as_cards(f"reshuffles[{i}]", r) for i, r in enumerate(reshuffles)),
            actions=tuple((int(s), a) for s, a in actions),
            caller=None if caller is None else as_int("caller", caller),
            final_hands=None if hands is None else tuple(as_cards(f"final_hands[{i}]", h) for i, h in enumerate(hands)),
            scores=None if scores is None else tuple(scores),
            options=options,
        )


def _codes(texts: Sequence[str], pool: Sequence[int], what: str) -> list[int]:
    """The codes of ``texts`` drawn from ``pool`` (the jokers are one text for two codes)."""
    left = list(pool)
    out = []
    for t in texts:
        try:
            code = parse([t])[0]
        except ValueError as exc:
            raise RecordError(f"{what}: {exc}") from None
        if code == 52 and 52 not in left:
            code = 53
        if code not in left:
            raise RecordError(f"{what}: {t} is not among the cards to be shuffled")
        left.remove(code)
        out.append(code)
    return out


def replay(record: RoundRecord, rules: DutchRules | None = None) -> RoundResult:
    """Play ``record`` through the engine, checking every action; a bad record raises :class:`RecordError`."""
    try:
        rules = rules if rules is not None else record.rules
        order = parse(record.deal)
        state = deal(rules, order, round_index=record.round_index)
    except (DutchRulesError, ValueError) as exc:
        raise RecordError(f"bad deal: {exc}") from None
    reshuffles = list(record.reshuffles)

    def chance() -> None:
        if not reshuffles:
            raise RecordError("the draw pile ran out but the record has no more reshuffles")
        cards = _codes(reshuffles.pop(0), state.chance_cards(), f"reshuffle {len(state.reshuffles) + 1}")
        try:
            state.apply_chance(cards)
        except ValueError as exc:
            raise RecordError(f"reshuffle {len(state.reshuffles) + 1}: {exc}") from None

    for i, (seat, action_text) in enumerate(record.actions):
        while state.is_chance:
            chance()
        if state.is_over:
            raise RecordError(f"action {i + 1} ({seat}: {action_text!r}) comes after the end of the round")
        if seat != state.seat:
            raise RecordError(f"action {i + 1} ({action_text!r}) is by seat {seat}, but seat {state.seat} is to act")
        try:
            state.apply(parse_action(action_text), who="record")
        except IllegalMoveError as exc:
            raise RecordError(f"action {i + 1}: {exc}") from None
        except ValueError as exc:
            raise RecordError(f"action {i + 1}: {exc}") from None
    while state.is_chance and reshuffles:
        chance()
    if not state.is_over:
        raise RecordError(f"the record ends before the round does (seat {state.seat} to act, phase {state.phase})")
    if reshuffles:
        raise RecordError(f"{len(reshuffles)} recorded reshuffle(s) were never needed")
    result = state.result()
    if (record.final_hands is not None or record.scores is not None) and record.caller != result.caller:
        raise RecordError(f"recorded caller {record.caller} but the actions make it {result.caller}")
    if record.final_hands is not None:
        hands = tuple(tuple(text(c) for c in h) for h in result.final_hands)
        if tuple(tuple(c.upper().replace("10", "T") for c in h) for h in record.final_hands) != hands:
            raise RecordError(f"recorded final hands {record.final_hands} but the actions give {hands}")
    if record.scores is not None and tuple(record.scores) != result.scores:
        raise RecordError(f"recorded scores {list(record.scores)} but the rules give {list(result.scores)}")
    return result


def write_jsonl(records: Sequence[RoundRecord], path: str | Path) -> None:
    """One record per line."""
    with open(path, "w", encoding="utf-8") as f:
        for r in records:
            f.write(json.dumps(r.to_json()) + "\n")


def read_jsonl(path: str | Path) -> Iterator[tuple[int, RoundRecord | RecordError]]:
    """``(line number, record)`` per non-empty line; a malformed line gives its :class:`RecordError`."""
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, start=1):
            if not line.strip():
                continue
            try:
                yield n, RoundRecord.from_json(json.loads(line))
            except json.JSONDecodeError as exc:
                yield n, RecordError(f"not JSON: {exc.msg} at column {exc.colno}")
            except RecordError as exc:
                yield n, exc


def read_records(path: str | Path) -> list[tuple[int, RoundRecord | RecordError]]:
    """Records of a file holding one JSON record, a JSON list of records, or JSON Lines.

    Each item is ``(number, record)``: the line number for JSON Lines, the
    position (from 1) in a list, 1 for a single record; a malformed record
    gives its :class:`RecordError` in place.
    """
    content = Path(path).read_text(encoding="utf-8")
    try:
        whole = json.loads(content)
    except json.JSONDecodeError:
        return list(read_jsonl(path))
    items = whole if isinstance(whole, list) else [whole]
    out: list[tuple[int, RoundRecord | RecordError]] = []
    for i, item in enumerate(items, start=1):
        try:
            out.append((i, RoundRecord.from_json(item)))
        except RecordError as exc:
            out.append((i, exc))
    return out
