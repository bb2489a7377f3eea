"""The card-odds player: compiled path = reference, learned odds, the trick model, contract."""

from __future__ import annotations

import itertools
import pickle
import warnings
from dataclasses import replace

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ohhell
from ohhell.cards import Card, Suit, parse_cards
from ohhell.engine import DealState, Stream, play_deal, play_match
from ohhell.rules import ExactBonus, FixedHands, Harsh, Rules, Scoring, Trump, WizardDeck, compile_rules
from ohhell.sim import fast_path_reason
from ohhell.strategies import CardOdds, ExpectedValue, Folk, RandomStrategy
from ohhell.strategies import odds_core as core
from ohhell.strategies.card_odds import round_odds
from ohhell.strategies.registry import strategy
from tests.paths import assert_paths_agree
from tests.strategies import rules_variants

ODDS = CardOdds()


@pytest.mark.parametrize(("name", "players"), [("boerenbridge", 4), ("bondebridge", 3), ("up-and-down-the-river", 5),
                                               ("openspiel", 6), ("boerenbridge", 2)])  # fmt: skip
def test_the_compiled_path_plays_it_card_for_card_like_the_reference(name: str, players: int) -> None:
    rules = ohhell.preset(name, players)
    compiled = compile_rules(rules)
    mixed = [ODDS, Folk(), ODDS, RandomStrategy(), ExpectedValue(samples=4), ODDS][:players]
    for strategies in ([ODDS] * players, mixed):
        assert_paths_agree(compiled, strategies, 9, 40)


@settings(max_examples=25, deadline=None)
@given(rules=rules_variants(long_schedules=False), base=st.integers(0, 2**64 - 1))
def test_the_compiled_path_replays_it_for_random_rules(rules: Rules, base: int) -> None:
    compiled = compile_rules(rules)
    strategies = [ODDS] * rules.players
    if fast_path_reason(compiled, strategies) is not None:
        d = play_deal(rules, strategies[: rules.players_per_round[0]], seed=base % 2**32)  # the fallback plays legally
        assert sum(d.tricks_won) == d.hand_size
        return
    assert_paths_agree(compiled, strategies, base, 12)


@settings(max_examples=60, deadline=None)
@given(chances=st.lists(st.floats(0, 1), min_size=0, max_size=8))
def test_the_trick_count_is_the_poisson_binomial_of_the_chances(chances: list[float]) -> None:
    m = len(chances)
    dist = np.zeros(m + 1)
    core.trick_distribution(np.array([*chances, 0.0]), m, dist)
    brute = np.zeros(m + 1)
    for wins in itertools.product((0, 1), repeat=m):
        brute[sum(wins)] += np.prod([p if w else 1 - p for p, w in zip(chances, wins)])
    assert np.allclose(dist, brute, atol=1e-12)


def test_learned_odds_are_reproducible_and_rank_the_cards() -> None:
    compiled = compile_rules(replace(ohhell.boerenbridge(4), schedule=FixedHands(size=5, rounds=1)))
    odds = round_odds(compiled)
    assert odds.shape == (1, 3, core.POSITIONS, core.FIELDS, core.INTENTS, 2, 13, core.LENGTHS, core.HIGHER)
    assert ((odds >= 0) & (odds <= 1)).all()
    assert not odds.flags.writeable
    again = round_odds(compile_rules(replace(ohhell.boerenbridge(4), schedule=FixedHands(size=5, rounds=1))))
    assert np.array_equal(odds, again)
    one_trump = odds[0, 1, 0, 1, core.ANY_BID]  # position 0 (nothing heard), a trump round, any bid
    assert one_trump[1, 12, 0, 0] > 0.9 > one_trump[1, 0, 0, 0]  # a lone trump ace takes its trick, a lone two seldom
    assert one_trump[0, 12, 0, 0] > one_trump[0, 0, 0, 0]  # side ace over side two
    # played for a bid of 0 a side king (a lone one, nothing higher held) is shed more often than played for 2
    by_intent = odds[0, 1, 0, 1, :, 0, 11, 0, 0]
    assert by_intent[0] < by_intent[2]


def test_its_bid_follows_the_score_table() -> None:
    # a hand worth about one trick bids 1 under the usual table, but 0 under a table that pays
    # 50 for a made 0 and nothing for any other made bid; the trump ace keeps it off 0 there too
    rules = replace(ohhell.boerenbridge(4), schedule=FixedHands(size=3))
    zero_only = replace(rules, scoring=Scoring(made=ExactBonus(base=0, per_trick=0), made_zero=50, miss=Harsh()))
    others = [parse_cards("2C 3C 4C"), parse_cards("2D 3D 4D"), parse_cards("2H 3H 4H")]

    def first_bid(r: Rules, hand: str) -> int:
        hands = [parse_cards(hand), *others]
        state = DealState(compile_rules(r), round_index=0, dealer=3, hands=hands, trump=Trump.of(Suit.SPADES),
                          trump_card=Card.parse("5S"))  # fmt: skip
        return ODDS.bid(state.observation(0), Stream(0))

    assert first_bid(rules, "AH KC 5D") == 1
    assert first_bid(zero_only, "AH KC 5D") == 0
    assert first_bid(zero_only, "AS KH 9C") >= 1


def test_every_preset_and_wizards_play_legally_and_deterministically() -> None:
    for name in ohhell.PRESETS:
        rules = ohhell.preset(name, 4)
        a = play_match(rules, [ODDS] * 4, seed=3)
        assert a.totals == play_match(rules, [ODDS] * 4, seed=3).totals
    wizards = replace(ohhell.boerenbridge(4), deck=WizardDeck())
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        d = play_deal(wizards, [ODDS] * 4, seed=1, round_index=4)
    assert sum(d.tricks_won) == d.hand_size


def test_it_is_a_frozen_value_and_the_registry_names_it() -> None:
    assert pickle.loads(pickle.dumps(ODDS)) == ODDS and hash(ODDS) == hash(CardOdds())
    assert strategy("card-odds") == CardOdds()


def test_it_beats_the_folk_player_on_the_compiled_path() -> None:
    from ohhell.tournament import tournament

    t = tournament(ohhell.boerenbridge(4), {"odds": ODDS, "folk": Folk(), "odds 2": ODDS, "folk 2": Folk()},
                   deals=3000, seed=5, n_jobs=1, progress=False)  # fmt: skip
    pair = t.pairs.set_index(["a", "b"]).loc[("odds", "folk")]
    assert pair["lo"] > 0, pair
