"""The rollout player: legal, reproducible and picklable under every preset; exact where it can be; stronger."""

from __future__ import annotations

import pickle
from dataclasses import replace

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ohhell
from ohhell.cards import Card, Suit, parse_cards
from ohhell.cards.masks import mask_of
from ohhell.engine import DealResult, DealState, Observation, Stream, play_deal, play_match
from ohhell.engine.stream import state_array
from ohhell.rules import (
    DoubleDeck,
    FixedHands,
    ForeheadRounds,
    NoTrump,
    Rules,
    Trump,
    WizardDeck,
    compile_rules,
)
from ohhell.strategies import Distilled, ExpectedValue, Rollout
from ohhell.strategies import rollout_core as core
from ohhell.strategies.compiled_inputs import over_wants, play_inputs, shown_out
from ohhell.strategies.distilled_weights import card_weights
from ohhell.strategies.expected_value import ev_inputs
from ohhell.strategies.registry import strategy
from ohhell.tournament import tournament
from tests.strategies import rules_variants

SMALL = Rollout(bid_samples=12, play_samples=8)


@pytest.mark.parametrize("name", ohhell.PRESETS)
def test_it_plays_a_whole_match_of_every_preset_legally_and_reproducibly(name: str) -> None:
    rules = ohhell.preset(name, 4)
    a = play_match(rules, [SMALL] * 4, seed=11)
    b = play_match(rules, [SMALL] * 4, seed=11)
    assert a.totals == b.totals
    assert [d.events for d in a.deals] == [d.events for d in b.deals]
    assert len(a.deals) == len(rules.hand_sizes)


@pytest.mark.parametrize(
    "deck",
    [WizardDeck(), DoubleDeck()],
    ids=["wizards", "two-decks"],
)
def test_decks_the_cores_do_not_model_still_play_legally(deck: object) -> None:
    rules = replace(ohhell.boerenbridge(4), deck=deck)
    for seed in range(3):
        d = play_deal(rules, [SMALL] * 4, seed=seed, round_index=3)
        assert sum(d.tricks_won) == d.hand_size


def test_it_counts_its_wizards_when_bidding() -> None:
    rules = replace(ohhell.boerenbridge(4), deck=WizardDeck(), schedule=FixedHands(size=3))
    wizard = next(c for c in rules.deck.cards() if c.is_wizard)
    state = DealState(
        compile_rules(rules), round_index=0, dealer=3,
        hands=[[wizard] * 3, parse_cards("2C 3C 4C"), parse_cards("2D 3D 4D"), parse_cards("2H 3H 4H")],
        trump=Trump.of(Suit.SPADES), trump_card=Card.parse("5S"),
    )  # fmt: skip
    assert SMALL.bid(state.observation(0), Stream(1)) == 3


def test_values_it_computes_are_exact_where_the_deal_is_decided() -> None:
    # 1-card round, first to bid holding the trump ace: it always takes the trick
    rules = replace(ohhell.openspiel(4), schedule=FixedHands(size=1))
    state = DealState(
        compile_rules(rules), round_index=0, dealer=3,
        hands=[parse_cards("AS"), parse_cards("2C"), parse_cards("3D"), parse_cards("4H")],
        trump=Trump.of(Suit.SPADES), trump_card=Card.parse("5S"),
    )  # fmt: skip
    scores = SMALL.bid_scores(state.observation(0), Stream(2))
    table = compile_rules(rules).score_table(0)
    assert scores[1] == table[1, 1] and scores[0] == table[0, 1]


def test_last_to_play_it_ducks_a_trick_it_does_not_want_and_takes_one_it_needs() -> None:
    rules = replace(ohhell.openspiel(4), schedule=FixedHands(size=2))
    hands = [parse_cards("9C 2H"), parse_cards("TC 3H"), parse_cards("JC 4H"), parse_cards("QC 2C")]
    for bid, want in ((0, "2C"), (1, "QC")):
        state = DealState(
            compile_rules(rules), round_index=0, dealer=3, hands=hands,
            trump=Trump.none(), trump_card=None,
        )  # fmt: skip
        for b in (0, 0, 0):
            state.apply_bid(b)
        state.apply_bid(bid)
        for c in ("9C", "TC", "JC"):
            state.apply_play(Card.parse(c))
        assert SMALL.play(state.observation(3), Stream(3)) == Card.parse(want)


def test_forehead_bids_read_the_hands_it_sees() -> None:
    rules = replace(
        ohhell.bondebridge(4), schedule=FixedHands(size=1), information=ForeheadRounds(hand_sizes=(1,)),
        trump=NoTrump(),
    )  # fmt: skip
    compiled = compile_rules(rules)

    def first_bid(others: str) -> int:
        cards = parse_cards(others)
        state = DealState(
            compiled, round_index=0, dealer=3, hands=[parse_cards("5C"), *([c] for c in cards)],
            trump=Trump.none(), trump_card=None,
        )  # fmt: skip
        return Rollout(bid_samples=64).bid(state.observation(0), Stream(4))

    # the others hold three aces: the unseen own card cannot win, so bid 0;
    # they hold three twos: any own card of the led suit wins the lead, so bid 1
    assert first_bid("AC AD AH") == 0
    assert first_bid("2C 2D 2H") == 1


def _one_card_bid_heard(bid: int) -> DealState:
    # 1-card OpenSpiel round, spades trump; seat 0 (first to bid) has bid ``bid``, seat 1 holds the 9 of trumps
    rules = replace(ohhell.openspiel(4), schedule=FixedHands(size=1))
    state = DealState(
        compile_rules(rules), round_index=0, dealer=3,
        hands=[parse_cards("3C"), parse_cards("9S"), parse_cards("4D"), parse_cards("5H")],
        trump=Trump.of(Suit.SPADES), trump_card=Card.parse("2S"),
    )  # fmt: skip
    state.apply_bid(bid)
    return state


def test_bid_inference_reads_a_heard_bid_of_one_as_a_strong_card() -> None:
    # A heard bid of 1 makes a high trump in the leader's hand likelier, so the 9 of trumps wins less often:
    # bid 1 is worth less with inference.  The values are means of 1 or 11 over 2,000 samples; the
    # tolerance is four standard errors of the plain mean (10 * sqrt(p (1 - p) / n)).
    obs = _one_card_bid_heard(1).observation(1)
    plain = Rollout(bid_samples=2000, bid_inference=False, odds_bids=False).bid_scores(obs, Stream(5))
    inferred = Rollout(bid_samples=2000, bid_inference=True, odds_bids=False).bid_scores(obs, Stream(5))
    p = (plain[1] - 1) / 10
    se = 10 * np.sqrt(p * (1 - p) / 2000)
    assert inferred[1] < plain[1] - 4 * se, (plain, inferred)


def test_without_the_card_odds_model_the_bid_values_are_the_plain_rollouts() -> None:
    obs = _one_card_bid_heard(0).observation(1)
    a = Rollout(bid_samples=300, bid_inference=False, odds_bids=False).bid_scores(obs, Stream(6))
    known, pos, out, deck, legal, heard, _, table = ev_inputs(obs)
    st = state_array(Stream(6))
    b = core.bid_values(known, pos, 1, -1, int(Suit.SPADES), out, deck, heard, legal, table, 300, True, False, st,
                        core.NO_WEIGHTS)  # fmt: skip
    assert np.array_equal(a, b)


def test_told_the_others_cards_a_one_card_deal_is_exact() -> None:
    obs = _one_card_bid_heard(0).observation(1)
    others = mask_of(parse_cards("3C 4D 5H"))
    table = compile_rules(obs.rules).score_table(0)
    exact = [table[0, 1], table[1, 1]]  # the 9 of trumps takes the trick
    assert list(SMALL.bid_scores(obs, Stream(7), unseen=others)) == pytest.approx(exact, rel=1e-12)
    assert list(SMALL.bid_scores(obs, Stream(7))) != pytest.approx(exact, rel=1e-12)


def test_it_is_a_frozen_value_that_pickles_and_hashes() -> None:
    r = Rollout(bid_samples=5, play_samples=7)
    assert pickle.loads(pickle.dumps(r)) == r
    assert hash(r) == hash(Rollout(bid_samples=5, play_samples=7))
    with pytest.raises(AttributeError):
        r.play_samples = 3  # type: ignore[misc]


@pytest.mark.parametrize(
    "bad",
    [{"bid_samples": 0}, {"play_samples": 1.5}, {"play_samples": True}, {"inference": 1}, {"bid_inference": 1},
     {"odds_bids": "yes"}],
)  # fmt: skip
def test_bad_settings_are_refused(bad: dict[str, object]) -> None:
    with pytest.raises(ValueError, match="Rollout"):
        Rollout(**bad)  # type: ignore[arg-type]


def test_the_registry_names_it_and_the_strongest_alias_points_at_it() -> None:
    assert strategy("strongest") == Rollout()
    assert strategy("rollout:30") == Rollout(play_samples=30, bid_samples=40)
    with pytest.raises(ValueError, match="rollout:SAMPLES"):
        strategy("rollout:x")


def test_it_beats_the_expected_value_bidder_on_duplicate_deals() -> None:
    # fixed seed; the assertion is the paired 95% interval (from the deals' standard error) above 0
    rules = replace(ohhell.boerenbridge(4), schedule=FixedHands(size=5))
    roll = Rollout(bid_samples=60, play_samples=40)
    t = tournament(
        rules, {"rollout": roll, "ev": ExpectedValue(), "rollout 2": roll, "ev 2": ExpectedValue()},
        deals=120, seed=3, engine="reference", n_jobs=1,
    )  # fmt: skip
    pair = t.pairs.set_index(["a", "b"]).loc[("rollout", "ev")]
    assert pair["lo"] > 0, pair
    assert np.isfinite(pair["diff"])


@settings(max_examples=40, deadline=None)
@given(rules=rules_variants(long_schedules=False), seed=st.integers(0, 2**32 - 1), pick=st.integers(0, 50))
def test_it_plays_any_rule_combination_legally_and_the_same_for_the_same_stream(
    rules: Rules, seed: int, pick: int
) -> None:
    r = pick % len(rules.hand_sizes)
    players = rules.players_per_round[r]
    a = play_deal(rules, [SMALL] * players, seed=seed, round_index=r)
    b = play_deal(rules, [SMALL] * players, seed=seed, round_index=r)
    assert a.events == b.events
    assert sum(a.tricks_won) == a.hand_size


def test_every_seats_values_where_the_rest_of_the_deal_is_decided() -> None:
    # seat 3 plays last to trick 1 of 2, void in clubs; the others hold one heart each (told); trump spades. The ace
    # of trumps takes both tricks (its 2 of diamonds leads the last one unfollowed); the 2 ducks, then the ace ruffs
    rules = replace(ohhell.openspiel(4), schedule=FixedHands(size=2))
    state = DealState(
        compile_rules(rules), round_index=0, dealer=3,
        hands=[parse_cards("9C 2H"), parse_cards("TC 3H"), parse_cards("JC 4H"), parse_cards("AS 2D")],
        trump=Trump.of(Suit.SPADES), trump_card=Card.parse("5S"),
    )  # fmt: skip
    bids = (0, 0, 1, 2)  # the hook forbids a sum of 2
    for b in bids:
        state.apply_bid(b)
    for c in ("9C", "TC", "JC"):
        state.apply_play(Card.parse(c))
    obs = state.observation(3)
    table = compile_rules(rules).score_table(0)
    values = SMALL.card_scores_by_seat(obs, Stream(3), unseen=mask_of(parse_cards("2H 3H 4H")))
    for card, tricks in (("AS", (0, 0, 0, 2)), ("2D", (0, 0, 1, 1))):
        assert values[Card.parse(card)].tolist() == pytest.approx(
            [table[b, t] for b, t in zip(bids, tricks)], rel=1e-12
        )
    assert SMALL.card_scores(obs, Stream(3)) == {c: v[3] for c, v in SMALL.card_scores_by_seat(obs, Stream(3)).items()}


def test_the_bid_values_of_every_seat_are_read_by_seat_not_by_position() -> None:
    # dealer 0: seat 1 bids first, holding the trump ace of a 1-card round (its column is exact)
    rules = replace(ohhell.openspiel(4), schedule=FixedHands(size=1))
    state = DealState(
        compile_rules(rules), round_index=0, dealer=0,
        hands=[parse_cards("2C"), parse_cards("AS"), parse_cards("3D"), parse_cards("4H")],
        trump=Trump.of(Suit.SPADES), trump_card=Card.parse("5S"),
    )  # fmt: skip
    obs = state.observation(1)
    by_seat = SMALL.bid_scores_by_seat(obs, Stream(2))
    table = compile_rules(rules).score_table(0)
    assert by_seat.shape == (2, 4) and by_seat[:, 1].tolist() == [table[0, 1], table[1, 1]]
    assert by_seat[:, 1].tolist() == SMALL.bid_scores(obs, Stream(2)).tolist()
    assert (by_seat[:, [0, 2, 3]] <= table[:, 0].max()).all()  # the others never take the trick


def shown_out_of(d: DealResult) -> list[int]:
    """The suits each seat failed to follow over a whole deal (bit ``suit``)."""
    void = [0] * d.players
    for t in d.tricks:
        led = t.cards[0].code // 13
        for i, c in enumerate(t.cards[1:], start=1):
            if c.code // 13 != led:
                void[t.seat_of(i, d.players)] |= 1 << led
    return void


class _Watcher:
    """The distilled player, keeping the observation of every card decision it makes."""

    def __init__(self) -> None:
        self.seen: list[Observation] = []

    def bid(self, obs: Observation, rng: Stream) -> int:
        return Distilled().bid(obs, rng)

    def play(self, obs: Observation, rng: Stream) -> Card:
        self.seen.append(obs)
        return Distilled().play(obs, rng)

    def name_trump(self, obs: Observation, rng: Stream) -> Suit:
        return Distilled().name_trump(obs, rng)


@pytest.mark.parametrize(
    ("name", "round_index"),
    [("boerenbridge", 0), ("boerenbridge", 2), ("boerenbridge", 6), ("openspiel", 4), ("openspiel", 11),
     ("bondebridge", 1), ("bondebridge", 7)],
)  # fmt: skip
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_distilled_playout_plays_the_deal_out_as_four_distilled_players(
    name: str, round_index: int, seed: int
) -> None:
    # from every card decision of a deal four distilled players played (any trick, any position in it), every hand
    # told and the bids fixed, the distilled playout takes the tricks they took and ends on their last trick
    rules = ohhell.preset(name, 4)
    watchers = [_Watcher() for _ in range(4)]
    d = play_deal(rules, watchers, seed=seed, round_index=round_index)
    assert d.events == play_deal(rules, [Distilled()] * 4, seed=seed, round_index=round_index).events
    weights = np.array(card_weights())
    last = [c.code for c in d.tricks[-1].cards]
    decisions = [obs for w in watchers for obs in w.seen]
    assert len(decisions) == 4 * d.hand_size
    for obs in decisions:
        p = play_inputs(obs)
        hands = np.array([mask_of(d.hands[s]) & ~int(p.played_by[s]) for s in range(4)], dtype=np.int64)
        won = p.won.copy()
        trick = p.trick.copy()
        voids = shown_out(obs)
        core.finish_deal(hands, 4, obs.leader, trick, len(obs.current_trick), obs.tricks_left, p.bids, won,
                         p.under, p.over, p.played, over_wants(rules), weights, voids)  # fmt: skip
        assert won.tolist() == list(d.tricks_won), (obs.tricks_left, len(obs.current_trick))
        assert hands.tolist() == [0] * 4
        assert trick.tolist() == last
        assert voids.tolist() == shown_out_of(d)


DISTILLED_SMALL = Rollout(bid_samples=12, play_samples=8, playout="distilled")


@pytest.mark.parametrize("name", ["boerenbridge", "bondebridge"])
def test_distilled_rollouts_play_legally_reproducibly_and_not_as_the_policy_rollouts(name: str) -> None:
    rules = ohhell.preset(name, 4)
    plain = replace(DISTILLED_SMALL, playout="policy")
    differ = 0
    for seed, r in ((1, 2), (2, 4), (3, 6)):
        a = play_deal(rules, [DISTILLED_SMALL] * 4, seed=seed, round_index=r)
        assert a.events == play_deal(rules, [DISTILLED_SMALL] * 4, seed=seed, round_index=r).events
        assert sum(a.tricks_won) == a.hand_size
        differ += a.events != play_deal(rules, [plain] * 4, seed=seed, round_index=r).events
    assert differ > 0
    assert pickle.loads(pickle.dumps(DISTILLED_SMALL)) == DISTILLED_SMALL
    assert hash(DISTILLED_SMALL) == hash(Rollout(bid_samples=12, play_samples=8, playout="distilled"))
    assert plain != DISTILLED_SMALL and Rollout().playout == "policy"
    # the name (a tournament's label) tells them apart; the default player's is the one it had before the option
    assert repr(DISTILLED_SMALL).endswith(", playout='distilled')")
    assert (
        repr(Rollout())
        == "Rollout(bid_samples=400, play_samples=300, inference=True, bid_inference=True, odds_bids=True)"
    )


@pytest.mark.parametrize("bad", ["tree", "Distilled", 1, None])
def test_an_unknown_playout_is_refused_naming_the_choices(bad: object) -> None:
    with pytest.raises(ValueError, match=r"Rollout\.playout must be 'policy' or 'distilled'"):
        Rollout(playout=bad)  # type: ignore[arg-type]
