"""Golden tests: seeded match logs checked in, and the worked examples of the rule sources.

The logs are ``tests/golden/<preset>.jsonl`` (one deal record plus its scores
per line), written by ``python -m tests.golden.regenerate``.  The worked
examples (the dealer's hook, the Bondebridge adjustment, the Setesdal trick,
the Up and Down the River score table) go through the record replay path.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from ohhell.engine import RecordError
from ohhell.records import DealRecord, ScoreSheet, replay
from ohhell.rules import SetesdalTrump, Trump, bondebridge, compile_rules, preset, up_and_down_the_river
from ohhell.rules.presets import boerenbridge
from tests.golden import regenerate
from tests.golden.regenerate import COMMAND, PLAYERS, golden_lines, golden_path

Line = dict[str, Any]

# -- the seeded matches ---------------------------------------------------------------


def first_difference(name: str, stored: list[Line], now: list[Line]) -> str | None:
    """A message naming the first deal and field that differ, or None when the logs agree."""
    hint = f"If the change is intended, regenerate with `{COMMAND}` and review the diff of tests/golden/."
    for i, (old, new) in enumerate(zip(stored, now), start=1):
        for key in [*old, *(k for k in new if k not in old)]:
            if old.get(key) != new.get(key):
                return (
                    f"golden {name}: deal {i} (line {i} of {name}.jsonl, round {old.get('round')}) field {key!r}"
                    f" differs: stored {old.get(key)!r}, now {new.get(key)!r}. {hint}"
                )
    if len(stored) != len(now):
        return f"golden {name}: the stored match has {len(stored)} deals, the seeded match now {len(now)}. {hint}"
    return None


@pytest.mark.parametrize("name", sorted(PLAYERS))
def test_seeded_match_matches_the_golden_log(name: str) -> None:
    path = golden_path(name)
    assert path.exists(), f"{path} is missing; create it with `{COMMAND}`"
    stored = regenerate.read(path)
    message = first_difference(name, stored, golden_lines(name))
    if message is not None:
        pytest.fail(message, pytrace=False)


@pytest.mark.parametrize("name", sorted(PLAYERS))
def test_golden_log_replays_to_its_scores(name: str) -> None:
    """Every stored line is a valid deal record that replays to the stored scores."""
    rules = preset(name, PLAYERS[name])
    stored = regenerate.read(golden_path(name))
    assert len(stored) == len(rules.hand_sizes)
    totals = [0] * rules.players
    sheet = ScoreSheet(rules)
    for i, line in enumerate(stored, start=1):
        out = replay(DealRecord.from_dict(line), rules)
        assert list(out.scores) == line["scores"], f"{name} deal {i}"
        assert line["round"] == i
        totals = [t + s for t, s in zip(totals, out.scores)]
        sheet.add_round(line["bids"], list(out.tricks_won))
    assert list(sheet.totals) == totals


def test_golden_files_are_exactly_what_the_script_writes(tmp_path: Path) -> None:
    assert regenerate.main(["--out", str(tmp_path)]) == 0
    for name in PLAYERS:
        written = golden_path(name, tmp_path).read_text(encoding="utf-8")
        stored = golden_path(name).read_text(encoding="utf-8")
        assert written == stored, f"{name}: `{COMMAND}` would change tests/golden/{name}.jsonl"


def test_golden_logs_show_each_presets_trump_habit() -> None:
    river = regenerate.read(golden_path("up-and-down-the-river"))
    # Trump turned up once in round 1 for the whole game; the final round without trump.
    assert river[0]["trump_card"] is not None
    assert {line["trump"] for line in river[:-1]} == {river[0]["trump"]}
    assert river[-1]["trump"] is None
    bonde = regenerate.read(golden_path("bondebridge"))
    assert [line["trump"] for line in bonde] == [None] * 3 + list("CDHS" * 3 + "CD") + [None] * 3
    boeren = regenerate.read(golden_path("boerenbridge"))
    assert all(line["trump"] == line["trump_card"][-1] for line in boeren)


def test_mismatch_message_names_the_deal_and_field_and_how_to_regenerate() -> None:
    stored = golden_lines("boerenbridge")
    now = [dict(line) for line in stored]
    assert first_difference("boerenbridge", stored, now) is None
    now[2]["bids"] = [9, 9, 9, 9]
    message = first_difference("boerenbridge", stored, now)
    assert message is not None
    assert "deal 3" in message
    assert "field 'bids'" in message
    assert f"stored {stored[2]['bids']!r}, now [9, 9, 9, 9]" in message
    assert COMMAND in message
    short = first_difference("boerenbridge", stored, now[:3])
    assert short is not None and "deal 3" in short
    assert "15 deals" in (first_difference("boerenbridge", stored, stored[:14]) or "")


def test_importing_the_script_writes_nothing(tmp_path: Path) -> None:
    import importlib

    before = {p: p.stat().st_mtime_ns for p in regenerate.GOLDEN_DIR.glob("*.jsonl")}
    importlib.reload(regenerate)
    assert {p: p.stat().st_mtime_ns for p in regenerate.GOLDEN_DIR.glob("*.jsonl")} == before


# -- the dealer's hook (boerenbridge.en.txt) -----------------------------------------

#: A 5-card Boerenbridge deal, 4 players, dealer seat 3, hearts turned up.  The three
#: before the dealer bid 2, 0, 1 (total 3), so the dealer may not bid 2.
HOOK_DEAL: Line = {
    "players": 4,
    "dealer": 3,
    "hand_size": 5,
    "trump": "H",
    "trump_card": "2H",
    "hands": [
        ["AS", "KS", "5D", "6C", "3H"],
        ["2S", "3S", "2D", "2C", "4H"],
        ["QS", "AD", "7C", "8C", "5H"],
        ["JS", "KD", "QD", "AH", "9C"],
    ],
    "tricks": [
        ["AS", "2S", "QS", "JS"],  # seat 0 wins with the ace
        ["KS", "3S", "5H", "QD"],  # seat 2, void in spades, trumps
        ["AD", "KD", "5D", "2D"],  # seat 2 leads the ace of diamonds
        ["7C", "9C", "6C", "2C"],  # seat 3
        ["AH", "3H", "4H", "8C"],  # seat 3 leads the ace of trumps
    ],
}


def hook_deal(dealer_bid: int) -> Line:
    return {**HOOK_DEAL, "bids": [2, 0, 1, dealer_bid]}


@pytest.mark.parametrize("dealer_bid", [0, 1, 3, 4, 5])
def test_hook_example_legal_dealer_bids_replay(dealer_bid: int) -> None:
    out = replay(DealRecord.from_dict(hook_deal(dealer_bid)), boerenbridge(4))
    assert out.round_index == 4
    assert out.winners == (0, 2, 2, 3, 3)
    assert out.tricks_won == (1, 0, 2, 2)
    # Only the zero bid is made (10); the dealer took 2 tricks, the one bid the hook forbade.
    assert out.scores == (0, 10, 0, 0)
    assert out.hooked


def test_hook_example_dealer_may_not_bid_two() -> None:
    with pytest.raises(RecordError) as info:
        replay(DealRecord.from_dict(hook_deal(2)), boerenbridge(4))
    message = str(info.value)
    assert message.startswith("seat 3: bid 2 is not allowed")
    assert "dealer's hook" in message
    assert "legal: [0, 1, 3, 4, 5]" in message


# -- the Bondebridge adjustment (bondebridge.no.txt) ---------------------------------

#: A 6-card Bondebridge deal (round 6, hearts), 4 players, dealer seat 3: seat 0 is left of the dealer.
ADJUST_DEAL: Line = {
    "players": 4,
    "dealer": 3,
    "hand_size": 6,
    "trump": "H",
    "trump_card": None,
    "hands": [
        ["AS", "KS", "2H", "3C", "4C", "5C"],
        ["2S", "3S", "4S", "AH", "KH", "6C"],
        ["5S", "6S", "7S", "8S", "9S", "AD"],
        ["QH", "JH", "7C", "8C", "9C", "KD"],
    ],
    "tricks": [
        ["AS", "2S", "5S", "JH"],  # seat 3 trumps the ace of spades
        ["QH", "2H", "AH", "AD"],  # seat 1, ace of trumps
        ["KH", "6S", "7C", "3C"],  # seat 1
        ["3S", "7S", "KD", "KS"],  # seat 0
        ["4C", "6C", "8S", "8C"],  # seat 3
        ["9C", "5C", "4S", "9S"],  # seat 3
    ],
}


def test_adjustment_example_bids_summing_to_six_are_rejected() -> None:
    # Counted from the dealer: 2 (dealer, seat 3), then 1, 2, 1 from the dealer's left.
    record = {**ADJUST_DEAL, "bids": [1, 2, 1, 2]}
    with pytest.raises(RecordError) as info:
        replay(DealRecord.from_dict(record), bondebridge(4))
    message = str(info.value)
    assert message.startswith("seat 0: the bids sum to the hand size (6)")
    assert "FirstBidderAdjusts" in message
    assert "seat 0 must move one up or down" in message


@pytest.mark.parametrize("adjusted", [0, 2])
def test_adjustment_example_first_bidder_moved_replays(adjusted: int) -> None:
    record = {**ADJUST_DEAL, "bids": [adjusted, 2, 1, 2]}
    out = replay(DealRecord.from_dict(record), bondebridge(4))
    assert out.round_index == 5
    assert out.trump == Trump.parse("H")
    assert out.winners == (3, 1, 1, 0, 3, 3)
    assert out.tricks_won == (1, 2, 0, 3)
    assert out.scores == (0, 12, 0, 0)


# -- the Setesdal trick (bondebridge.no.txt) -----------------------------------------

SETESDAL = replace(bondebridge(3), trump=SetesdalTrump())


def setesdal_trick(trump: str | None, cards: tuple[str, str, str]) -> Line:
    """A 1-card round, 3 players, dealer seat 2: seat 0 leads."""
    return {
        "players": 3,
        "dealer": 2,
        "hand_size": 1,
        "trump": trump,
        "trump_card": None,
        "hands": [[c] for c in cards],
        "bids": [0, 1, 1],
        "tricks": [list(cards)],
    }


def test_setesdal_example_the_higher_under_trump_beats_the_over_trump() -> None:
    # Clubs under-trump, spades over-trump; 6 of diamonds led, 10 of clubs, 9 of spades: the ten wins.
    out = replay(DealRecord.from_dict(setesdal_trick("CS", ("6D", "10C", "9S"))), SETESDAL)
    assert out.trump == Trump.parse("CS")
    assert out.winners == (1,)
    assert out.scores == (10, 11, 0)


def test_setesdal_equal_ranks_go_to_the_over_trump() -> None:
    out = replay(DealRecord.from_dict(setesdal_trick("CS", ("6D", "10C", "10S"))), SETESDAL)
    assert out.winners == (2,)
    out = replay(DealRecord.from_dict(setesdal_trick("SC", ("6D", "10C", "10S"))), SETESDAL)
    assert out.winners == (1,)


def test_setesdal_pair_in_every_round_but_not_under_fixed_rotation() -> None:
    record = setesdal_trick("CS", ("6D", "10C", "9S"))
    # Plain Bondebridge: round 1 has no trump, so the pair is refused and the led six wins.
    with pytest.raises(RecordError, match="round 1 of bondebridge has trump -"):
        replay(DealRecord.from_dict(record), bondebridge(3))
    assert replay(DealRecord.from_dict({**record, "trump": None}), bondebridge(3)).winners == (0,)
    # Under the Setesdal twist every round, the first included, has the pair.
    with pytest.raises(RecordError, match="under- and an over-trump"):
        replay(DealRecord.from_dict({**record, "trump": None}), SETESDAL)
    assert {p.source for p in compile_rules(SETESDAL).trump_plans} == {"setesdal"}


# -- Up and Down the River scoring (up-and-down-the-river-app.en.txt) ----------------


@pytest.mark.parametrize(("bid", "made", "score"), [(3, 3, 13), (0, 0, 10), (5, 5, 15), (3, 2, 0), (3, 4, 0)])
def test_up_and_down_the_river_score_table(bid: int, made: int, score: int) -> None:
    compiled = compile_rules(up_and_down_the_river(4))
    rounds = [r for r in range(compiled.n_rounds) if int(compiled.hand_sizes[r]) >= 5]
    assert rounds
    for r in rounds:
        assert int(compiled.score_table(r)[bid, made]) == score
    assert up_and_down_the_river(4).scoring.score(bid, made) == score


def test_up_and_down_the_river_examples_on_a_score_sheet() -> None:
    rules = up_and_down_the_river(4)
    sheet = ScoreSheet(rules, names=["A", "B", "C", "D"])
    # Rounds 1-4 (1 to 4 cards): A takes every trick, nobody makes their bid.
    for bids, h in (([0, 1, 1, 1], 1), ([0, 1, 1, 1], 2), ([0, 1, 1, 2], 3), ([0, 1, 1, 1], 4)):
        assert sheet.add_round(bids, [h, 0, 0, 0]) == (0, 0, 0, 0)
    # Round 5, 5 cards: A bids 3 and makes 3, B 0 and 0, C bids 5 and takes 2, D bids 3 and takes 0.
    assert sheet.next_round() == "round 5: 5 cards, dealer A, bidding first B"
    assert sheet.add_round([3, 0, 5, 3], [3, 0, 2, 0]) == (13, 10, 0, 0)
    # Round 6, 6 cards: A bids 5 and makes 5, B bids 3 and takes 1 (0), C 0 and 0.
    assert sheet.add_round([5, 3, 0, 0], [5, 1, 0, 0]) == (15, 0, 10, 10)
    assert sheet.totals == (28, 10, 10, 10)
