"""The expected-value bidder: contract, scoring-aware bids, fast path = reference."""

from __future__ import annotations

import pickle
from dataclasses import replace

import numpy as np
import pytest

import ohhell
from ohhell.cards import parse_cards
from ohhell.engine import DealState, Stream, play_match
from ohhell.rules import ExactBonus, FixedHands, Harsh, MissZero, NoTrump, Rules, Scoring, Trump, compile_rules
from ohhell.sim import run_chunk
from ohhell.sim.arrays import arrays_equal
from ohhell.strategies import ExpectedValue, Folk


@pytest.mark.parametrize(("name", "players"), [("boerenbridge", 4), ("bondebridge", 3), ("up-and-down-the-river", 5)])
def test_fast_path_bids_like_the_reference(name: str, players: int) -> None:
    rules = ohhell.preset(name, players)
    strategies = [ExpectedValue(samples=6), Folk(), ExpectedValue(samples=4, play_as=Folk().without("bid_low"))] * 2
    compiled = compile_rules(rules)
    for mode, units in (("deals", 30), ("matches", 1)):
        ref = run_chunk(compiled, strategies[:players], mode, "reference", 5, 0, units, record_plays=True)
        fast = run_chunk(compiled, strategies[:players], mode, "fast", 5, 0, units, record_plays=True)
        assert arrays_equal(ref, fast) == []


def test_contract_pickles_hashes_and_plays_legally() -> None:
    ev = ExpectedValue(samples=8)
    assert pickle.loads(pickle.dumps(ev)) == ev and hash(ev) == hash(ExpectedValue(samples=8))
    rules = ohhell.boerenbridge(4)
    a = play_match(rules, [ev] * 4, seed=1)
    b = play_match(rules, [ev] * 4, seed=1)
    assert a.totals == b.totals
    with pytest.raises(ValueError, match="samples"):
        ExpectedValue(samples=0)


def _bid_scores(rules: Rules, hand: str, samples: int = 400) -> np.ndarray:
    others = ["2C 3C 4C", "5C 6C 7C"]
    state = DealState(
        compile_rules(rules),
        round_index=0,
        dealer=2,
        hands=[parse_cards(hand), *(parse_cards(h) for h in others)],
        trump=Trump.none(),
        trump_card=None,
    )
    return ExpectedValue(samples=samples).bid_scores(state.observation(0), Stream(1))


def test_expected_scores_follow_the_score_table() -> None:
    # a hand whose trick count is uncertain: standard scoring only pays the exact bid, harsh also punishes
    # the distance, so every bid's expected score is lower and the spread between bids changes
    base = Rules(players=3, schedule=FixedHands(size=3, rounds=1), trump=NoTrump())
    standard = replace(base, scoring=Scoring(made=ExactBonus(base=10, per_trick=2), miss=MissZero()))
    harsh = replace(base, scoring=Scoring(made=ExactBonus(base=10, per_trick=2), miss=Harsh(factor=5)))
    s = _bid_scores(standard, "AS KD 9H")
    h = _bid_scores(harsh, "AS KD 9H")
    assert (h <= s).all()
    # under standard scoring a bid's mean is (10 + 2b) x (share of the samples in which it was made)
    for b in range(4):
        made = s[b] * 400 / (10 + 2 * b)
        assert made == pytest.approx(round(made)) and 0 <= round(made) <= 400


def test_harsh_scoring_changes_bids_toward_the_likely_count() -> None:
    rules = ohhell.boerenbridge(4)
    harsh = replace(rules, scoring=Scoring(made=ExactBonus(base=10, per_trick=2), miss=Harsh(factor=10)))
    a = ohhell.simulate(rules, ExpectedValue(samples=16), deals=300, seed=4, n_jobs=1, progress=False)
    b = ohhell.simulate(harsh, ExpectedValue(samples=16), deals=300, seed=4, n_jobs=1, progress=False)
    assert (a.deals["bid"] != b.deals["bid"]).any()
    # under a heavy miss penalty a bid far from the trick count costs more: the mean distance shrinks
    dist_a = (a.deals["bid"] - a.deals["tricks"]).abs().mean()
    dist_b = (b.deals["bid"] - b.deals["tricks"]).abs().mean()
    assert dist_b <= dist_a
