"""Oracle: the leader's chance of winning a 1-card, no-trump trick, in closed form.

With one card each and no trump, the player left of the dealer leads their
only card and wins unless another player holds a higher card of that suit
(everyone else holds one card, and an off-suit card never wins).  Given the
leader's card of rank r (2..14), the other ``n - 1`` cards are a uniform draw
from the remaining 51, of which ``14 - r`` beat it, so

    P(leader wins) = 1/13 * sum_{r=2}^{14} C(51 - (14 - r), n - 1) / C(51, n - 1).

The simulated frequency over N independent deals must lie within 4 standard
errors of this value.
"""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from ohhell import RandomStrategy, play_deal
from ohhell.rules import FixedHands, NoRestriction, NoTrump, Rules, StandardDeck

N = 4000


def leader_wins_probability(players: int) -> Fraction:
    """Exact P(the leader wins a 1-card no-trump trick) with ``players`` seats, one 52-card deck."""
    others = players - 1
    total = Fraction(0)
    for rank in range(2, 15):
        higher = 14 - rank
        total += Fraction(math.comb(51 - higher, others), math.comb(51, others))
    return total / 13


def test_closed_form_small_cases() -> None:
    # two players: the other card is higher and of the same suit in (0 + 1 + ... + 12) / 13 of 51 cases
    assert leader_wins_probability(2) == 1 - Fraction(78, 13 * 51)
    assert leader_wins_probability(2) == Fraction(45, 51)
    # more players can only make it harder to win the lead
    assert leader_wins_probability(2) > leader_wins_probability(3) > leader_wins_probability(4)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_leader_wins_one_card_trick_at_the_closed_form_rate(players: int) -> None:
    rules = Rules(
        name="one-card",
        players=players,
        deck=StandardDeck(),
        schedule=FixedHands(size=1, rounds=1),
        trump=NoTrump(),
        restriction=NoRestriction(),
    )
    strategies = [RandomStrategy()] * players
    wins = 0
    for i in range(N):
        dealer = i % players  # every seat deals equally often; the leader is always dealer + 1
        d = play_deal(rules, strategies, seed=(20260419, players, i), dealer=dealer)
        assert d.tricks[0].leader == (dealer + 1) % players
        wins += d.tricks[0].winner == d.tricks[0].leader
    p = float(leader_wins_probability(players))
    se = math.sqrt(p * (1 - p) / N)
    # Tolerance: 4 standard errors of a binomial proportion, SE = sqrt(p(1-p)/N).  With
    # N = 4000 that is about 0.020 (2 players, p = 0.882), 0.026 (3, p = 0.782) and 0.029
    # (4, p = 0.696); a correct engine falls outside with probability about 6e-5 per case,
    # and the fixed seeds make the outcome reproducible.
    tolerance = 4 * se
    assert abs(wins / N - p) <= tolerance, f"{wins}/{N} = {wins / N:.4f}, expected {p:.4f} +- {tolerance:.4f}"
    # Power: the naive guess 1/players (every seat equally likely) lies far outside the band.
    assert abs(1 / players - p) > 3 * tolerance
