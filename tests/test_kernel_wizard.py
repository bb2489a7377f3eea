"""The Wizard deck and two decks on the compiled path: deal for deal, card for card, the reference engine's outcome."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import ohhell
from ohhell.cards.masks import card_mask, code_of_bit, distinct_cards
from ohhell.engine import Strategy
from ohhell.rules import (
    BlindRounds,
    DoubleDeck,
    DrawTrump,
    FixedHands,
    FollowSuit,
    ForeheadRounds,
    Ladder,
    Rules,
    RulesError,
    SetesdalTrump,
    Simultaneous,
    TurnUpOnce,
    TurnUpTrump,
    WizardDeck,
    compile_rules,
)
from ohhell.sim import fast_path_reason, kernel, run_chunk, simulate
from ohhell.sim.arrays import DealArrays, MatchArrays, arrays_equal
from ohhell.strategies import CardOdds, Distilled, ExpectedValue, Folk, RandomStrategy, Spoiler
from tests.strategies import rules_variants

RANDOM = RandomStrategy()
FOLK = Folk()
ODDS = CardOdds()
DISTILLED = Distilled()
SPOILER = Spoiler(inner=Folk().without("protect_bid"))

#: Seat line-ups by name (cut to the table's size).
LINE_UPS: dict[str, list[Strategy]] = {
    "random": [RANDOM] * 7,
    "folk": [FOLK] * 7,
    "card-odds": [ODDS] * 7,
    "mixed": [FOLK, DISTILLED, ODDS, SPOILER, Folk().without("bid_low"), RANDOM, ODDS],
}
PRESET_TABLES = [("boerenbridge", 3), ("boerenbridge", 4), ("boerenbridge", 6), ("bondebridge", 4),
                 ("bondebridge", 5), ("up-and-down-the-river", 5), ("openspiel", 4)]  # fmt: skip


def wizards(rules: Rules) -> Rules:
    return replace(rules, deck=WizardDeck(), name=f"{rules.name} (Wizard deck)")


def two_decks(rules: Rules, identical: str = "first") -> Rules:
    tricks = FollowSuit(identical_cards=identical)  # type: ignore[arg-type]
    return replace(rules, deck=DoubleDeck(), tricks=tricks, name=f"{rules.name} (two decks, {identical} wins)")


def assert_same_outcome(rules: Rules, strategies: list[Strategy], deals: int, matches: int, base: int) -> None:
    """Both paths fill identical arrays (every card played recorded), deals mode and matches mode."""
    compiled = compile_rules(rules)
    line_up = strategies[: rules.players]
    assert fast_path_reason(compiled, line_up) is None
    for mode, units in (("deals", deals), ("matches", matches)):
        ref = run_chunk(compiled, line_up, mode, "reference", base, 3, units, record_plays=True)
        fast = run_chunk(compiled, line_up, mode, "fast", base, 3, units, record_plays=True)
        assert arrays_equal(ref, fast) == [], f"{rules.name} {mode}"


@pytest.mark.parametrize("line_up", sorted(LINE_UPS))
@pytest.mark.parametrize(("name", "players"), PRESET_TABLES)
def test_the_compiled_path_replays_the_reference_engine_with_wizards(name: str, players: int, line_up: str) -> None:
    assert_same_outcome(wizards(ohhell.preset(name, players)), LINE_UPS[line_up], deals=50, matches=2, base=players)


def _small(players: int, deck: str = "wizard", **fields: object) -> Rules:
    rules = replace(ohhell.boerenbridge(players), schedule=Ladder(up_to=4), trump=TurnUpTrump())
    rules = replace(rules, **fields)  # type: ignore[arg-type]
    return wizards(rules) if deck == "wizard" else two_decks(rules, deck)


OPTIONS = {
    "turned up": {},
    "turned up once": {"trump": TurnUpOnce()},
    "drawn": {"trump": DrawTrump()},
    "drawn, any rank": {"trump": DrawTrump(plain_only=False)},
    "setesdal": {"trump": SetesdalTrump()},
    "blind": {"information": BlindRounds(hand_sizes=(1, 3))},
    "forehead": {"information": ForeheadRounds(hand_sizes=(2,))},
    "simultaneous": {"bidding": Simultaneous(), "restriction": ohhell.rules.NoRestriction()},
}


@pytest.mark.parametrize("deck", ["wizard", "first", "last"])
@pytest.mark.parametrize("line_up", sorted(LINE_UPS))
@pytest.mark.parametrize("option", sorted(OPTIONS))
def test_every_option_replays_the_reference_engine(option: str, line_up: str, deck: str) -> None:
    # deck: the Wizard deck, or two decks with the first or the last of two identical cards winning
    assert_same_outcome(_small(4, deck, **OPTIONS[option]), LINE_UPS[line_up], deals=80, matches=3, base=11)


@pytest.mark.parametrize("identical", ["first", "last"])
@pytest.mark.parametrize("line_up", sorted(LINE_UPS))
@pytest.mark.parametrize(("name", "players"), [("up-and-down-the-river", 7), ("boerenbridge", 4), ("bondebridge", 5)])
def test_the_compiled_path_replays_the_reference_engine_with_two_decks(
    name: str, players: int, line_up: str, identical: str
) -> None:
    rules = two_decks(ohhell.preset(name, players), identical)
    assert_same_outcome(rules, LINE_UPS[line_up], deals=50, matches=2, base=players)


def test_the_identical_card_rule_decides_tricks_on_both_paths() -> None:
    # 7 players x 12 cards of 104: two copies of a card often meet in a trick
    won = {}
    for identical in ("first", "last"):
        rules = replace(two_decks(ohhell.up_and_down_the_river(7), identical), schedule=FixedHands(size=12, rounds=1))
        compiled = compile_rules(rules)
        ref = run_chunk(compiled, [RANDOM] * 7, "deals", "reference", 8, 0, 200, record_plays=True)
        fast = run_chunk(compiled, [RANDOM] * 7, "deals", "fast", 8, 0, 200, record_plays=True)
        assert arrays_equal(ref, fast) == []
        won[identical] = fast.tricks
    # the same deals and the same cards until the rule first matters, then other winners
    assert (won["first"] != won["last"]).any(axis=1).sum() >= 10


def test_a_turned_up_wizard_lets_the_dealer_name_trump_on_both_paths() -> None:
    # 5 players x 11 cards of 60: the turned-up card is a Wizard about one deal in 15
    rules = replace(ohhell.boerenbridge(5), deck=WizardDeck(), schedule=FixedHands(size=11, rounds=1))
    compiled = compile_rules(rules)
    for line_up in ([RANDOM] * 5, [FOLK] * 5, [ODDS, RANDOM, FOLK, RANDOM, ODDS]):
        ref = run_chunk(compiled, line_up, "deals", "reference", 5, 0, 300, record_plays=True)
        fast = run_chunk(compiled, line_up, "deals", "fast", 5, 0, 300, record_plays=True)
        assert isinstance(fast, DealArrays)
        assert arrays_equal(ref, fast) == []
        named = fast.trump[fast.trump[:, 2] == 52]
        assert len(named) >= 5 and (named[:, 1] >= 0).all()  # a suit named every time
        assert (fast.trump[fast.trump[:, 2] == 53, 1] == -1).all()  # a Jester turned up: no trump
    # random dealers name every suit
    assert set(named[:, 1].tolist()) <= {0, 1, 2, 3}
    random_named = run_chunk(compiled, [RANDOM] * 5, "deals", "fast", 5, 0, 300).trump
    assert len(set(random_named[random_named[:, 2] == 52, 1].tolist())) == 4


def test_hands_keep_the_reference_engines_masks_and_plays_hold_card_codes() -> None:
    compiled = compile_rules(_small(4))
    fast = run_chunk(compiled, [RANDOM] * 4, "matches", "fast", 3, 0, 20, record_plays=True)
    assert isinstance(fast, MatchArrays)
    assert (fast.hands >> 54 == 0).all()  # Wizards bit 52, Jesters bit 53, nothing above
    assert {52, 53} <= set(np.unique(fast.plays).tolist()) <= set(range(54))
    # the cards played in a round are the cards dealt (Wizards and Jesters counted as their kinds)
    for j in range(20):
        for r in range(fast.hands.shape[1]):
            dealt = np.bitwise_or.reduce(fast.hands[j, r])
            played = 0
            for code in fast.plays[j, r, : compiled.hand_sizes[r]].ravel():
                played |= 1 << int(code)
            assert int(dealt) == played


def test_the_hand_bits_of_a_wizard_deck() -> None:
    bits = kernel.deck_bits(compile_rules(_small(4)).deck)
    assert sorted(bits.tolist()) == list(range(60))  # one bit per physical card
    hand = (1 << 5) | (1 << 40) | (0b0110 << 52) | (0b1001 << 56)
    assert distinct_cards(hand) == (1 << 5) | (1 << 40) | (1 << 53) | (1 << 56)
    assert card_mask(hand) == (1 << 5) | (1 << 40) | (1 << 52) | (1 << 53)
    assert [code_of_bit(b) for b in (0, 51, 52, 55, 56, 59)] == [0, 51, 52, 52, 53, 53]
    # the standard deck's bits are its codes
    plain = compile_rules(ohhell.boerenbridge(4)).deck
    assert np.array_equal(kernel.deck_bits(plain), plain)


def test_what_still_falls_back_says_why() -> None:
    compiled = compile_rules(_small(4))
    ev = ExpectedValue(samples=4)
    assert kernel.WIZARD_STRATEGY_KINDS < kernel.STRATEGY_KINDS
    reason = fast_path_reason(compiled, [ev, RANDOM, RANDOM, RANDOM])
    assert reason is not None and "Wizard deck" in reason and "ExpectedValue" in reason
    assert fast_path_reason(compile_rules(ohhell.boerenbridge(4)), [ev] * 4) is None
    too_many = np.concatenate([compiled.deck, [52]])
    reason = fast_path_reason(replace(compiled, deck=too_many), [RANDOM] * 4)
    assert reason is not None and "5 Wizards" in reason
    assert fast_path_reason(replace(compiled, deck=np.array([0, 1, 54])), [RANDOM] * 4) is not None
    one = compile_rules(ohhell.boerenbridge(4)).deck
    two = compile_rules(two_decks(ohhell.boerenbridge(4)))
    assert fast_path_reason(two, [RANDOM, FOLK, ODDS, SPOILER]) is None
    reason = fast_path_reason(two, [RANDOM, ev, RANDOM, RANDOM])
    assert reason is not None and "two decks" in reason and "ExpectedValue" in reason
    three = replace(two, deck=np.concatenate([one] * 3))
    assert "3 copies" in str(fast_path_reason(three, [RANDOM] * 4))
    mixed = replace(compiled, deck=np.concatenate([compiled.deck, [7]]))
    assert fast_path_reason(mixed, [RANDOM] * 4) is not None


def test_simulate_plays_the_wizard_deck_on_the_compiled_path_with_the_same_frames() -> None:
    rules = wizards(ohhell.boerenbridge(4))
    fast = simulate(rules, FOLK, deals=300, seed=3, n_jobs=1, progress=False)
    ref = simulate(rules, FOLK, deals=300, seed=3, n_jobs=1, engine="reference", progress=False)
    assert fast.meta["engine"] == "fast" and ref.meta["engine"] == "reference"
    assert fast.deals is not None and ref.deals is not None
    assert fast.deals.equals(ref.deals)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(
    rules=rules_variants(long_schedules=False),
    base=st.integers(0, 2**64 - 1),
    line_up=st.sampled_from(sorted(LINE_UPS)),
)
def test_the_compiled_path_replays_it_for_random_rules_with_wizards(rules: Rules, base: int, line_up: str) -> None:
    try:
        rules = wizards(rules)
    except RulesError:
        assume(False)
    assert_same_outcome(rules, LINE_UPS[line_up], deals=12, matches=1, base=base)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(
    rules=rules_variants(long_schedules=False),
    base=st.integers(0, 2**64 - 1),
    line_up=st.sampled_from(sorted(LINE_UPS)),
)
def test_the_compiled_path_replays_it_for_random_rules_with_two_decks(rules: Rules, base: int, line_up: str) -> None:
    try:  # the drawn rules keep their identical-card rule
        rules = replace(rules, deck=DoubleDeck())
    except RulesError:
        assume(False)
    assert_same_outcome(rules, LINE_UPS[line_up], deals=12, matches=1, base=base)
