"""The information-set search player: legal, reproducible and picklable under every preset; right where decided."""

from __future__ import annotations

import pickle
from dataclasses import replace

import numpy as np
import pytest

import ohhell
from ohhell.cards import Card, parse_cards
from ohhell.cards.masks import mask_of
from ohhell.engine import DealState, Stream, play_deal, play_match
from ohhell.engine.stream import state_array
from ohhell.rules import DoubleDeck, FixedHands, Trump, WizardDeck, compile_rules
from ohhell.strategies import ISMCTS, Rollout
from ohhell.strategies import ismcts_core as core
from ohhell.strategies.compiled_inputs import policy_card

SMALL = ISMCTS(iterations=40, worlds=8, bidder=Rollout(bid_samples=12, play_samples=8))


@pytest.mark.parametrize("name", ohhell.PRESETS)
def test_it_plays_a_whole_match_of_every_preset_legally_and_reproducibly(name: str) -> None:
    rules = ohhell.preset(name, 4)
    a = play_match(rules, [SMALL] * 4, seed=11)
    b = play_match(rules, [SMALL] * 4, seed=11)
    assert a.totals == b.totals
    assert [d.events for d in a.deals] == [d.events for d in b.deals]
    assert len(a.deals) == len(rules.hand_sizes)


@pytest.mark.parametrize("deck", [WizardDeck(), DoubleDeck()], ids=["wizards", "two-decks"])
def test_decks_the_cores_do_not_model_still_play_legally(deck: object) -> None:
    rules = replace(ohhell.boerenbridge(4), deck=deck)
    for seed in range(3):
        d = play_deal(rules, [SMALL] * 4, seed=seed, round_index=3)
        assert sum(d.tricks_won) == d.hand_size


def _two_card_lead() -> DealState:
    # no trump; seat 0 leads having bid 0, holding 3C and 9H; nobody else holds a club, one of them the ten of
    # hearts: leading 3C takes the trick in every deal, leading 9H loses both tricks in every deal
    rules = replace(ohhell.openspiel(4), schedule=FixedHands(size=2))
    state = DealState(
        compile_rules(rules), round_index=0, dealer=3,
        hands=[parse_cards("3C 9H"), parse_cards("TH 4D"), parse_cards("5D 6D"), parse_cards("7D 8D")],
        trump=Trump.none(), trump_card=None,
    )  # fmt: skip
    for b in (0, 1, 0, 0):
        state.apply_bid(b)
    return state


def test_told_the_others_cards_it_finds_the_lead_that_makes_a_zero_bid_where_the_policy_does_not() -> None:
    obs = _two_card_lead().observation(0)
    others = mask_of(parse_cards("TH 4D 5D 6D 7D 8D"))
    assert policy_card(obs) == Card.parse("3C")  # the rollout policy leads its lowest card
    assert ISMCTS(iterations=200, worlds=16).play(obs, Stream(1), unseen=others) == Card.parse("9H")


def test_last_to_play_it_ducks_a_trick_it_does_not_want_and_takes_one_it_needs() -> None:
    rules = replace(ohhell.openspiel(4), schedule=FixedHands(size=2))
    hands = [parse_cards("9C 2H"), parse_cards("TC 3H"), parse_cards("JC 4H"), parse_cards("QC 2C")]
    for bid, want in ((0, "2C"), (1, "QC")):
        state = DealState(
            compile_rules(rules), round_index=0, dealer=3, hands=hands, trump=Trump.none(), trump_card=None,
        )  # fmt: skip
        for b in (0, 0, 0, bid):
            state.apply_bid(b)
        for c in ("9C", "TC", "JC"):
            state.apply_play(Card.parse(c))
        assert ISMCTS(iterations=200, worlds=16).play(state.observation(3), Stream(3)) == Card.parse(want)


def test_a_forced_card_is_played_without_searching() -> None:
    state = _two_card_lead()
    state.apply_play(Card.parse("9H"))
    obs = state.observation(1)
    assert obs.legal_cards == (Card.parse("TH"),)
    rng = Stream(4)
    before = rng.state
    assert SMALL.play(obs, rng) == Card.parse("TH")
    assert rng.state == before


def test_every_iteration_visits_one_root_card_and_the_same_stream_gives_the_same_search() -> None:
    obs = _two_card_lead().observation(0)
    a_visits, a_means = ISMCTS(iterations=123, worlds=8).card_visits(obs, Stream(5))
    b_visits, b_means = ISMCTS(iterations=123, worlds=8).card_visits(obs, Stream(5))
    assert sum(a_visits.values()) == 123
    assert (a_visits, a_means) == (b_visits, b_means)
    assert all(0.0 <= m <= 1.0 for m in a_means.values())


def test_worlds_deal_every_unseen_card_and_respect_the_voids() -> None:
    # seat 1 has shown out of clubs: no world gives it a club
    n = 4
    hands_known = np.array([mask_of(parse_cards("AS KS")), 0, 0, 0], dtype=np.int64)
    room = np.array([0, 2, 2, 2], dtype=np.int64)
    voids = np.array([0, 1 << 0, 0, 0], dtype=np.int64)  # bit suit 0: clubs
    pool = mask_of(parse_cards("2C 3C 4D 5D 6H 7H 8S 9S"))
    worlds, weights = core.draw_worlds(
        hands_known, 0, room, voids, pool, np.zeros(n, dtype=np.int64), -1, -1, np.zeros(n, dtype=np.int64),
        2, np.zeros((1, 1, 1, 1, 1, 1, 1, 1)), 3, False, 50, state_array(Stream(6)),
    )  # fmt: skip
    clubs = mask_of(parse_cards("2C 3C"))
    assert np.all(weights == 1.0)
    for w in worlds:
        assert w[0] == hands_known[0]
        assert [int(x).bit_count() for x in w[1:]] == [2, 2, 2]
        assert int(w[1] | w[2] | w[3]) & ~pool == 0
        assert w[1] & clubs == 0


def test_it_is_a_frozen_value_that_pickles_and_hashes() -> None:
    p = ISMCTS(iterations=7, worlds=3)
    assert pickle.loads(pickle.dumps(p)) == p
    assert hash(p) == hash(ISMCTS(iterations=7, worlds=3))
    with pytest.raises(AttributeError):
        p.iterations = 3  # type: ignore[misc]


@pytest.mark.parametrize(
    "bad",
    [{"iterations": 0}, {"worlds": 1.5}, {"iterations": True}, {"uct_c": -1.0}, {"uct_c": float("inf")},
     {"inference": 1}, {"bidder": "rollout"}],
)  # fmt: skip
def test_bad_settings_are_refused(bad: dict[str, object]) -> None:
    with pytest.raises(ValueError, match="ISMCTS"):
        ISMCTS(**bad)  # type: ignore[arg-type]
