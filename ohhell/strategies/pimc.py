"""Perfect-information Monte Carlo (PIMC): sample the unseen cards, solve each deal, vote.

At each card decision the cards this seat cannot see are dealt at random to
the other players, consistent with everything it has seen (its own hand,
the cards played, the suits a player has shown out of, the cards laid face
up), each sampled deal is solved exactly by the perfect-information solver
(:mod:`ohhell.strategies.solver`), and the card that keeps the exact number
of tricks still needed guaranteed in most samples is played.  Bids come
from ``bid_with`` (the expected-value bidder by default).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from ohhell.cards import Card, Suit
from ohhell.cards.masks import mask_of
from ohhell.engine import Observation, Strategy, Stream, compiled_functions
from ohhell.strategies.expected_value import ExpectedValue
from ohhell.strategies.folk import Folk, longest_suit, trump_pair
from ohhell.strategies.solver import Position, card_reach, card_values
from ohhell.strategies.solver import search as solver_search

__all__ = ["PIMC", "sample_hands"]


def _voids(obs: Observation) -> list[set[int]]:
    """Suits each seat has shown out of (failed to follow) this deal."""
    void: list[set[int]] = [set() for _ in range(obs.players)]
    tricks = [(t.leader, t.cards) for t in obs.completed_tricks] + [(obs.leader, obs.current_trick)]
    for leader, cards in tricks:
        if not cards:
            continue
        led = cards[0].suit
        for i, c in enumerate(cards[1:], start=1):
            if led is not None and c.suit != led:
                void[(leader + i) % obs.players].add(int(led))
    return void


def sample_hands(obs: Observation, rng: Stream, tries: int = 200) -> tuple[int, ...] | None:
    """One deal of the unseen cards to the other seats, consistent with their voids (masks by seat).

    Each unseen card goes, in random order, to a random seat that still has
    room and has not shown out of its suit; a dead end starts again (None
    after ``tries`` attempts).
    """
    n = obs.players
    deck = mask_of(c for c in obs.rules.deck.cards() if c.is_plain)
    seen = mask_of(c for c in (*obs.hand, *obs.played_cards, *obs.exposed) if c.is_plain)
    if obs.trump_card is not None and obs.trump_card.is_plain:
        seen |= 1 << obs.trump_card.code
    unseen = [c for c in range(52) if (deck >> c) & 1 and not (seen >> c) & 1]
    played_by = [0] * n
    for t in obs.completed_tricks:
        for i in range(len(t.cards)):
            played_by[(t.leader + i) % n] += 1
    for i in range(len(obs.current_trick)):
        played_by[(obs.leader + i) % n] += 1
    room = [obs.hand_size - played_by[s] if s != obs.seat else 0 for s in range(n)]
    void = _voids(obs)
    for _ in range(tries):
        rng.shuffle(unseen)
        left = list(room)
        hands = [0] * n
        ok = True
        for c in unseen:
            if sum(left) == 0:
                break
            options = [s for s in range(n) if left[s] > 0 and c // 13 not in void[s]]
            if not options:
                ok = False
                break
            s = options[rng.integers(len(options))]
            hands[s] |= 1 << c
            left[s] -= 1
        if ok and sum(left) == 0:
            hands[obs.seat] = mask_of(obs.hand)
            return tuple(hands)
    return None


@dataclass(frozen=True, slots=True, kw_only=True)
class PIMC:
    """Card play by perfect-information Monte Carlo; bids by ``bid_with``.

    ``samples``: sampled deals per decision; ``horizon``: search only when
    at most this many tricks are left (before that, play as ``fallback``: a
    reproducible cap on the solver's work); ``time_budget``: if set, stop
    sampling after this many seconds (at least one sample), which makes play
    depend on the machine's speed (leave it None for reproducible runs).
    A sample scores a card 2 if it keeps "exactly the tricks still needed"
    guaranteed against all the others, else 1 if that number stays between the
    fewest and the most tricks the seat can force, else 0; the highest total
    wins, ties going to the folk player's choice.  Once its bid cannot be
    made any more, beyond the horizon, or with a Wizard deck or two decks, it
    plays as ``fallback``.

    Names: PIMC (Ginsberg's GIB for bridge; Long et al. 2010 on why it works in
    trick-taking games).
    """

    samples: int = 20
    horizon: int = 8
    time_budget: float | None = None
    bid_with: Strategy = field(default_factory=ExpectedValue)
    fallback: Folk = field(default_factory=Folk)

    def __post_init__(self) -> None:
        if self.samples < 1:
            raise ValueError(f"PIMC.samples must be >= 1, got {self.samples}")
        if self.horizon < 1:
            raise ValueError(f"PIMC.horizon must be >= 1, got {self.horizon}")

    def bid(self, obs: Observation, rng: Stream) -> int:
        return self.bid_with.bid(obs, rng)

    def compiled_functions(self) -> tuple[object, ...]:
        return (solver_search.setup, solver_search.solve, *compiled_functions(self.bid_with, self.fallback))

    def name_trump(self, obs: Observation, rng: Stream) -> Suit:
        return longest_suit(obs)

    def card_scores(self, obs: Observation, rng: Stream) -> dict[Card, int] | None:
        """Each legal card's total over the samples (None when PIMC does not apply)."""
        bid = obs.bids[obs.seat]
        assert bid is not None
        need = bid - obs.tricks_won[obs.seat]
        if len(obs.legal_cards) == 1 or not 0 <= need <= obs.tricks_left or obs.tricks_left > self.horizon:
            return None
        if any(not c.is_plain for c in obs.rules.deck.cards()) or len(set(obs.rules.deck.cards())) != len(
            obs.rules.deck.cards()
        ):
            return None
        under, over = trump_pair(obs.trump)
        totals = {c: 0 for c in obs.legal_cards}
        start = time.perf_counter()
        for i in range(self.samples):
            if i and self.time_budget is not None and time.perf_counter() - start > self.time_budget:
                break
            hands = sample_hands(obs, rng)
            if hands is None:
                continue
            pos = Position(
                hands=hands, under=under, over=over, leader=obs.leader, trick=tuple(c.code for c in obs.current_trick)
            )
            sure = card_values(pos, obs.seat, need)
            if any(sure.values()):
                for code, ok in sure.items():
                    totals[Card(code)] += 2 if ok else 0
                continue
            for code, (at_most, at_least) in card_reach(pos, obs.seat, need).items():
                totals[Card(code)] += 1 if at_most and at_least else 0
        return totals

    def play(self, obs: Observation, rng: Stream) -> Card:
        scores = self.card_scores(obs, rng)
        folk = self.fallback.play(obs, rng)
        if not scores:
            return folk
        best = max(scores.values())
        tied = [c for c, v in scores.items() if v == best]
        return folk if folk in tied else tied[0]
