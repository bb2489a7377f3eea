"""A fuzzer of deal records: mutated engine records through ``ohhell replay``, judged by an independent referee.

Valid records come from the engine's own record writer
(:meth:`DealRecord.from_result`) for seeded matches of the four presets;
hypothesis mutates one of them (drops, duplicates or alters keys, puts in
values of the wrong type, impossible cards, another trump, other bids or
dealer or round, stray bytes, deep nesting, huge numbers) and writes it
between two untouched lines.  The referee below decides, without the replay
code, whether the mutated line is a deal that can happen under the preset
and, if so, its trick winners, tricks won and scores (follow suit, trump,
the dealer's hook or the adjusting bidder, each preset's score table).

The property: the command never fails as a whole (exit status 0 or 1, no
traceback); the untouched lines are always scored; the mutated line is
either rejected with one message ``FILE:2: reason`` when the referee
rejects it, or scored exactly as the referee scores it.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from ohhell.cards import Card, Suit
from ohhell.cli import main
from ohhell.engine import RecordError, play_match
from ohhell.records import DealRecord, replay
from ohhell.rules import Rules, RulesError, Trump, preset
from ohhell.strategies import RandomStrategy
from tests.strategies import rules_variants

PRESETS = {"boerenbridge": 4, "bondebridge": 4, "up-and-down-the-river": 5, "openspiel": 3}
KEYS = ("players", "dealer", "hand_size", "trump", "trump_card", "hands", "bids", "tricks")

Outcome = tuple[list[int], list[int], list[int]]


def engine_lines(name: str) -> list[dict[str, Any]]:
    rules = preset(name, PRESETS[name])
    match = play_match(rules, [RandomStrategy()] * rules.players, seed=11)
    return [DealRecord.from_result(d).to_dict() for d in match.deals]


RECORDS = {name: engine_lines(name) for name in PRESETS}

# -- the referee ------------------------------------------------------------------------


class Invalid(Exception):
    """The referee's verdict: this line is no deal that can happen under the preset."""


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    keys = [k for k, _ in pairs]
    if len(set(keys)) != len(keys):
        raise Invalid("a key twice")
    return dict(pairs)


def _depth(value: object) -> int:
    if isinstance(value, list):
        return 1 + max((_depth(v) for v in value), default=0)
    if isinstance(value, dict):
        return 1 + max((_depth(v) for v in value.values()), default=0)
    return 0


def _number(text: str) -> int:
    if len(text.lstrip("-")) > 18:
        raise Invalid("huge number")
    return int(text)


def _constant(text: str) -> object:
    raise Invalid("NaN or Infinity")


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _card(text: object) -> Card:
    if not isinstance(text, str):
        raise Invalid("card not a string")
    try:
        card = Card.parse(text)
    except ValueError:
        raise Invalid("not a card") from None
    if not card.is_plain:
        raise Invalid("no Wizards or Jesters in a 52-card deck")
    return card


def _winner(trick: list[Card], trump: Suit | None) -> int:
    """Index in play order of the trick's winner: the highest trump, else the highest card of the led suit."""
    best = 0
    for i, card in enumerate(trick):
        top = trick[best]  # always of the led suit or a trump
        if (card.rank > top.rank) if card.suit == top.suit else (card.suit == trump):
            best = i
    return best


def _score(name: str, bid: int, took: int) -> int:
    if name == "boerenbridge":
        return 10 + 2 * took if bid == took else 0
    if name == "openspiel":
        return 10 + took if bid == took else took
    return 10 + bid if bid == took else 0  # bondebridge, up-and-down-the-river


def _trump_rule(name: str, r: int, n_rounds: int, undealt: int, trump: Trump, card: Card | None) -> None:
    """The preset's trump for round index ``r``; raise Invalid when the record's trump or card breaks it."""
    if name == "bondebridge":
        want = Trump.none() if r < 3 or r >= n_rounds - 3 else Trump.of(Suit((r - 3) % 4))
        if card is not None or trump != want:
            raise Invalid("Bondebridge rotation")
        return
    if name == "up-and-down-the-river" and r == n_rounds - 1:
        if card is not None or not trump.is_none:
            raise Invalid("final round without trump")
        return
    if name == "up-and-down-the-river" and r > 0:
        if card is not None or len(trump.suits) != 1:
            raise Invalid("round 1's suit kept")
        return
    if undealt > 0:  # a card turned up
        if card is None or card.suit is None or trump != Trump.of(card.suit):
            raise Invalid("turned-up card")
    elif card is not None or not trump.is_none:
        raise Invalid("whole deck dealt: no trump")


def referee(name: str, raw: bytes) -> Outcome:
    """The outcome of the deal on ``raw`` (one line, not line 1) under preset ``name``; Invalid if it cannot happen."""
    try:
        text = raw.decode("utf-8")
        data = json.loads(text, object_pairs_hook=_pairs, parse_int=_number, parse_constant=_constant)
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise Invalid("not JSON") from None
    if not isinstance(data, dict) or any(k not in data for k in KEYS) or _depth(data) > 8:
        raise Invalid("shape")
    n, dealer, h = data["players"], data["dealer"], data["hand_size"]
    hands, bids, tricks = data["hands"], data["bids"], data["tricks"]
    if not all(_is_int(v) for v in (n, dealer, h)) or not all(isinstance(v, list) for v in (hands, bids, tricks)):
        raise Invalid("types")
    if len(hands) != n or len(bids) != n or not all(isinstance(hand, list) for hand in hands):
        raise Invalid("seats")
    if not all(isinstance(t, list) for t in tricks) or not all(_is_int(b) for b in bids):
        raise Invalid("types")
    held = [[_card(c) for c in hand] for hand in hands]
    played = [[_card(c) for c in t] for t in tricks]
    if data["trump"] is not None and not isinstance(data["trump"], str):
        raise Invalid("trump type")
    try:
        trump = Trump.parse(data["trump"])
    except ValueError:
        raise Invalid("trump") from None
    card = None if data["trump_card"] is None else _card(data["trump_card"])
    round_number = data.get("round")
    exposed = data.get("exposed", [])
    if round_number is not None and not _is_int(round_number):
        raise Invalid("round type")
    if not isinstance(exposed, list) or [_card(c) for c in exposed]:
        raise Invalid("no preset exposes a card")
    try:
        sizes = preset(name, n).hand_sizes
    except RulesError:
        raise Invalid("player count") from None
    if round_number is None:
        if h not in sizes:
            raise Invalid("hand size")
        r = sizes.index(h)
    elif not 1 <= round_number <= len(sizes) or sizes[round_number - 1] != h:
        raise Invalid("round")
    else:
        r = round_number - 1
    if not 0 <= dealer < n or any(len(hand) != h for hand in held):
        raise Invalid("dealer or hand size")
    every = [c for hand in held for c in hand] + ([card] if card is not None else [])
    if len(set(every)) != len(every):
        raise Invalid("a card twice")
    _trump_rule(name, r, len(sizes), 52 - n * h, trump, card)
    if any(not 0 <= b <= h for b in bids) or sum(bids) == h:
        raise Invalid("bids: out of range, or summing to the hand size (hook or adjustment)")
    if len(played) != h or any(len(t) != n for t in played):
        raise Invalid("tricks")
    left = [list(hand) for hand in held]
    leader, winners, took = (dealer + 1) % n, [], [0] * n
    for t in played:
        for i, c in enumerate(t):
            seat = (leader + i) % n
            if c not in left[seat]:
                raise Invalid("not that seat's card")
            if i > 0 and c.suit != t[0].suit and any(x.suit == t[0].suit for x in left[seat]):
                raise Invalid("revoke")
            left[seat].remove(c)
        leader = (leader + _winner(t, trump.suit)) % n
        winners.append(leader)
        took[leader] += 1
    return winners, took, [_score(name, b, k) for b, k in zip(bids, took)]


def test_referee_agrees_with_the_engine_on_its_own_records() -> None:
    """The referee is right on every unmutated deal (otherwise the fuzzer would prove nothing)."""
    for name, records in RECORDS.items():
        rules = preset(name, PRESETS[name])
        match = play_match(rules, [RandomStrategy()] * rules.players, seed=11)
        for record, d in zip(records, match.deals):
            assert referee(name, json.dumps(record).encode()) == (
                list(d.winners),
                list(d.tricks_won),
                list(d.scores),
            )


# -- the mutations -------------------------------------------------------------------------

JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 25),
    st.integers(10**17, 10**40),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=3),
    st.lists(st.integers(0, 3), max_size=4),
    st.recursive(st.integers(0, 2), lambda inner: st.lists(inner, min_size=1, max_size=1), max_leaves=1).map(
        lambda v: [[[[[[[[[v]]]]]]]]]
    ),
    st.dictionaries(st.sampled_from(["a", "bids"]), st.integers(0, 2), max_size=2),
)
CARD_TEXT = st.one_of(
    st.sampled_from([str(Card(code)) for code in range(52)]),
    st.sampled_from(["W", "N", "1S", "10h", " as ", "", "AX", "ZZ", "11H"]),
)
TRUMPS = st.sampled_from([None, "C", "D", "H", "S", "CS", "SH", "HH", "X", "", "-", "hs"])
Mutation = Callable[[dict[str, Any]], None]


@st.composite
def dict_mutation(draw: st.DrawFn, n: int, h: int) -> Mutation:
    """One change to the dict of a record of ``n`` seats and ``h`` cards each (a no-op if earlier changes
    removed what it changes)."""
    kind = draw(
        st.sampled_from(
            ["drop", "junk", "card", "trump", "bid", "bids", "dealer", "round", "swap", "exposed", "size", "players"]
        )
    )
    if kind == "drop":
        key = draw(st.sampled_from([*KEYS, "round"]))
        return lambda d: d.pop(key, None)
    if kind == "junk":
        key = draw(st.sampled_from([*KEYS, "round", "exposed"]))
        value = draw(JUNK)
        return lambda d: d.__setitem__(key, value)
    if kind == "card":
        text = draw(CARD_TEXT)
        where = draw(st.sampled_from(["hand", "trick", "trump_card", "exposed"]))
        i, j = draw(st.integers(0, 20)), draw(st.integers(0, 20))

        def put_card(d: dict[str, Any]) -> None:
            if where in ("hand", "trick"):
                lists = d["hands"] if where == "hand" else d["tricks"]
                if lists and lists[i % len(lists)]:
                    target = lists[i % len(lists)]
                    target[j % len(target)] = text
            elif where == "trump_card":
                d["trump_card"] = text
            else:
                d["exposed"] = [text]

        return put_card
    if kind == "trump":
        trump = draw(TRUMPS)
        return lambda d: d.__setitem__("trump", trump)
    if kind == "bid":
        seat, bid = draw(st.integers(0, n - 1)), draw(st.integers(-2, h + 2))
        return lambda d: d["bids"].__setitem__(seat, bid)
    if kind == "bids":
        bids = draw(st.lists(st.integers(0, h), min_size=n, max_size=n))
        return lambda d: d.__setitem__("bids", bids)
    if kind == "dealer":
        dealer = draw(st.integers(-1, n))
        return lambda d: d.__setitem__("dealer", dealer)
    if kind == "round":
        number = draw(st.one_of(st.none(), st.integers(0, 21)))
        return lambda d: d.__setitem__("round", number)
    if kind == "swap":
        a, b = draw(st.integers(0, 20)), draw(st.integers(0, 20))

        def swap(d: dict[str, Any]) -> None:
            trick = d["tricks"][a % len(d["tricks"])]
            x, y = a % len(trick), b % len(trick)
            trick[x], trick[y] = trick[y], trick[x]

        return swap
    if kind == "exposed":
        cards = draw(st.lists(CARD_TEXT, max_size=2))
        return lambda d: d.__setitem__("exposed", cards)
    if kind == "size":
        size = draw(st.integers(0, 12))
        return lambda d: d.__setitem__("hand_size", size)
    players = draw(st.integers(0, 8))
    return lambda d: d.__setitem__("players", players)


@st.composite
def mutated_line(draw: st.DrawFn) -> tuple[str, bytes, bytes]:
    """A preset, an untouched engine line, and one mutated line."""
    name = draw(st.sampled_from(sorted(PRESETS)))
    records = RECORDS[name]
    original = records[draw(st.integers(0, len(records) - 1))]
    record = json.loads(json.dumps(original))
    for _ in range(draw(st.integers(1, 3))):
        mutation = draw(dict_mutation(original["players"], original["hand_size"]))
        with contextlib.suppress(KeyError, IndexError, TypeError, AttributeError):
            mutation(record)
    text = json.dumps(record).encode()
    text_kind = draw(st.sampled_from(["none"] * 8 + ["duplicate", "byte", "huge", "nest"]))
    if text_kind == "duplicate":
        key = draw(st.sampled_from(sorted(record) or ["players"]))
        value = json.dumps(record.get(key, 0) if draw(st.booleans()) else draw(JUNK)).encode()
        text = text[:-1] + b', "' + key.encode() + b'": ' + value + b"}"
    elif text_kind == "byte":
        at = draw(st.integers(0, len(text)))
        text = text[:at] + bytes([draw(st.integers(0x80, 0xFF))]) + text[at:]
    elif text_kind == "huge":
        text = text.replace(b'"dealer": ', b'"dealer": ' + b"1" * draw(st.integers(19, 5000)), 1)
    elif text_kind == "nest":
        text = text[:-1] + b', "x": ' + b"[" * draw(st.integers(8, 100_000)) + b"]" * 3 + b"}"
    return name, json.dumps(original).encode(), text


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(case=mutated_line())
def test_every_mutated_line_is_rejected_by_line_or_scored_as_the_referee_scores_it(
    case: tuple[str, bytes, bytes], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    name, good, line = case
    path = tmp_path / "fuzz.jsonl"
    path.write_bytes(good + b"\n" + line + b"\n" + good + b"\n")
    status = main(["replay", str(path), "--rules", name, "--format", "jsonl"])
    out, err = capsys.readouterr()
    assert status in (0, 1), err
    rows = {row["line"]: row for row in map(json.loads, out.splitlines())}
    assert 1 in rows and 3 in rows, err
    try:
        expected = referee(name, line)
    except Invalid as verdict:
        event(f"rejected: {verdict}")
        assert 2 not in rows, f"scored a deal the referee rejects ({verdict}): {line[:300]!r}"
        messages = err.splitlines()
        assert len(messages) == 2, err
        assert messages[0].startswith(f"{path}:2: ") and len(messages[0]) > len(f"{path}:2: ") + 5
        assert messages[1] == "2 of 3 deals valid, 1 rejected"
        assert status == 1
        return
    event("accepted, changed" if line != good else "accepted, unchanged")
    assert status == 0, f"rejected a deal the referee accepts: {err}"
    assert (rows[2]["winners"], rows[2]["tricks_won"], rows[2]["scores"]) == expected


# -- any rules: mutated records never break replay ----------------------------------------


@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow])
@given(rules=rules_variants(), seed=st.integers(0, 2**32 - 1), data=st.data())
def test_mutated_records_of_any_rules_replay_or_are_refused(rules: Rules, seed: int, data: st.DataObject) -> None:
    """Under generated rules (Wizards, two decks, the short game, drawn trump, Setesdal, elimination, ...) a
    mutated engine record either replays to a consistent outcome or raises RecordError, nothing else."""
    match = play_match(rules, [RandomStrategy()] * rules.players, seed=seed)
    d = match.deals[data.draw(st.integers(0, len(match.deals) - 1), label="deal")]
    original = DealRecord.from_result(d).to_dict()
    record = json.loads(json.dumps(original))
    for _ in range(data.draw(st.integers(1, 3), label="changes")):
        mutation = data.draw(dict_mutation(d.players, d.hand_size))
        with contextlib.suppress(KeyError, IndexError, TypeError, AttributeError):
            mutation(record)
    try:
        out = replay(DealRecord.from_json(json.dumps(record)), rules)
    except RecordError as exc:
        event("refused")
        assert str(exc)
        return
    event("accepted, changed" if record != original else "accepted, unchanged")
    assert sum(out.tricks_won) == out.hand_size == len(out.tricks)
    assert len(out.scores) == len(out.bids) == out.players
    if record == original:
        assert (out.winners, out.tricks_won, out.scores) == (d.winners, d.tricks_won, d.scores)
