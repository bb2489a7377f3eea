"""PIMC: sampled deals respect what the seat has seen; it plays legally and reproducibly."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ohhell
from ohhell.cards.masks import cards_of, mask_of
from ohhell.engine import Observation, Stream, deal, play_match
from ohhell.rules import FixedHands, compile_rules
from ohhell.strategies import ExpectedValue, Folk, RandomStrategy
from ohhell.strategies.pimc import PIMC, sample_hands


def _observations_along_a_deal(seed: int) -> list[Observation]:
    """Every card-decision observation of one 4 x 5 deal played by random players."""
    rules = replace(ohhell.boerenbridge(4), schedule=FixedHands(size=5, rounds=1))
    state = deal(compile_rules(rules), round_index=0, dealer=3, players=4, rng=Stream(seed))
    rng = Stream(seed + 1)
    random = RandomStrategy()
    out = []
    while not state.is_over:
        seat = state.current_seat
        obs = state.observation(seat)
        if state.phase in ("bid", "adjust"):
            state.apply_bid(random.bid(obs, rng))
        else:
            out.append(obs)
            state.apply_play(random.play(obs, rng))
    return out


@settings(max_examples=25)
@given(seed=st.integers(0, 10_000), pick=st.integers(0, 19))
def test_sampled_hands_fit_everything_the_seat_has_seen(seed: int, pick: int) -> None:
    obs = _observations_along_a_deal(seed)[pick]
    hands = sample_hands(obs, Stream(seed))
    assert hands is not None
    n = obs.players
    assert hands[obs.seat] == mask_of(obs.hand)
    seen = mask_of([*obs.played_cards, *obs.exposed, *([obs.trump_card] if obs.trump_card else [])])
    union = 0
    for s, h in enumerate(hands):
        assert h & seen == 0 and h & union == 0
        union |= h
        played = sum(1 for t in obs.completed_tricks for i in range(len(t.cards)) if (t.leader + i) % n == s)
        played += sum(1 for i in range(len(obs.current_trick)) if (obs.leader + i) % n == s)
        assert bin(h).count("1") == obs.hand_size - played
    # a player who showed out of a suit holds none of it
    for t in [*obs.completed_tricks]:
        led = t.cards[0].suit
        for i, c in enumerate(t.cards[1:], start=1):
            if c.suit != led:
                s = (t.leader + i) % n
                assert all(card.suit != led for card in cards_of(hands[s]))


def test_pimc_plays_legally_and_reproducibly() -> None:
    rules = replace(ohhell.boerenbridge(4), schedule=FixedHands(size=5, rounds=2))
    players = [PIMC(samples=4, bid_with=Folk()), Folk(), PIMC(samples=4, bid_with=ExpectedValue(samples=8)), Folk()]
    a = play_match(rules, players, seed=3)  # the engine checks every card
    b = play_match(rules, players, seed=3)
    assert a.totals == b.totals and [d.tricks for d in a.deals] == [d.tricks for d in b.deals]


def test_pimc_scores_cards_by_the_solver() -> None:
    pimc = PIMC(samples=6, bid_with=Folk())
    scored = 0
    for obs in _observations_along_a_deal(7) + _observations_along_a_deal(8):
        scores = pimc.card_scores(obs, Stream(1))
        if scores is None:  # one legal card, or the bid already out of reach: nothing to choose
            need = obs.bids[obs.seat] - obs.tricks_won[obs.seat]  # type: ignore[operator]
            assert len(obs.legal_cards) == 1 or not 0 <= need <= obs.tricks_left or obs.tricks_left > pimc.horizon
            continue
        scored += 1
        assert set(scores) == set(obs.legal_cards)
        assert all(0 <= v <= 2 * 6 for v in scores.values())
        assert pimc.play(obs, Stream(1)) in [c for c, v in scores.items() if v == max(scores.values())]
    assert scored > 0


def test_bad_samples_are_refused() -> None:
    with pytest.raises(ValueError, match="samples"):
        PIMC(samples=0)
