"""The expected-value bidder: bids what maximises its expected score, plays as the folk player."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ohhell.cards import Card, Suit
from ohhell.cards.masks import mask_of
from ohhell.engine import Observation, Stream
from ohhell.engine.stream import state_array
from ohhell.rules import compile_rules
from ohhell.strategies import ev_core
from ohhell.strategies.folk import Folk, longest_suit, trump_pair

__all__ = ["ExpectedValue", "ev_inputs"]


def _plain(cards: tuple[Card, ...]) -> int:
    return mask_of(c for c in cards if c.is_plain)


def ev_inputs(obs: Observation) -> tuple[np.ndarray, int, int, int, int, np.ndarray, int, np.ndarray]:
    """What the compiled bidder reads: known hands and heard bids by position from the dealer's left,
    this seat's position, unseen-card masks, the legal bids and the round's score table."""
    n = obs.players
    seat_at = [(obs.dealer + 1 + q) % n for q in range(n)]
    known = np.full(n, -1, dtype=np.int64)
    heard = np.full(n, -1, dtype=np.int64)
    for q, seat in enumerate(seat_at):
        visible = obs.visible_hands[seat]
        if visible is not None and (seat != obs.seat or obs.hand):
            known[q] = _plain(visible)
        bid = obs.bids[seat]
        if bid is not None and seat != obs.seat:
            heard[q] = bid
    if obs.hand:
        known[seat_at.index(obs.seat)] = _plain(obs.hand)
    out = _plain(obs.exposed) | (_plain((obs.trump_card,)) if obs.trump_card is not None else 0)
    deck = mask_of(c for c in obs.rules.deck.cards() if c.is_plain)
    legal = 0
    for b in obs.legal_bids:
        legal |= 1 << b
    table = np.ascontiguousarray(compile_rules(obs.rules).score_table(obs.round_index))
    return known, seat_at.index(obs.seat), out, deck, legal, heard, n, table


@dataclass(frozen=True, slots=True, kw_only=True)
class ExpectedValue:
    """Bids the number with the highest expected score; plays as ``play`` (a :class:`Folk`).

    The trick distribution of each bid is estimated by a fast simulation:
    ``samples`` deals of the cards it cannot see, each played out by folk
    players once for every bid it may make (:mod:`ohhell.strategies.ev_core`),
    scored with the round's own score table, so harsh scoring, a zero-bid
    bonus or a blind multiplier change its bids where they should.  It uses
    the bids already made (the others' later bids are folk bids of the
    sampled hands) and the bid restriction (only legal bids compete).  The
    Boer consolation is not counted.

    Names: the expected-value approach of Oh Hell programs (e.g. the bidding
    of Monte Carlo players in the OpenSpiel literature); the play is the
    sources' folk advice.

    Examples
    --------
    >>> from ohhell import bondebridge, play_match
    >>> m = play_match(bondebridge(4), [ExpectedValue(samples=16)] + [Folk()] * 3, seed=1)
    >>> len(m.deals)
    20
    """

    samples: int = 64
    play_as: Folk = field(default_factory=Folk)

    def __post_init__(self) -> None:
        if self.samples < 1:
            raise ValueError(f"ExpectedValue.samples must be >= 1, got {self.samples}")

    def bid_scores(self, obs: Observation, rng: Stream) -> np.ndarray:
        """Mean score of each bid (``-inf`` for a bid not allowed), advancing ``rng``."""
        known, pos, out, deck, legal, heard, _, table = ev_inputs(obs)
        under, over = trump_pair(obs.trump)
        st = state_array(rng)
        scores = ev_core.ev_scores(known, pos, obs.hand_size, under, over, out, deck, heard, legal, table,
                                   self.samples, self.play_as.flags, st)  # fmt: skip
        rng.set_state(st[0])
        return scores

    def bid(self, obs: Observation, rng: Stream) -> int:
        scores = self.bid_scores(obs, rng)
        return int(max(obs.legal_bids, key=lambda b: (scores[b], -b)))

    def compiled_functions(self) -> tuple[object, ...]:
        return (ev_core.ev_scores, *self.play_as.compiled_functions())

    def play(self, obs: Observation, rng: Stream) -> Card:
        return self.play_as.play(obs, rng)

    def name_trump(self, obs: Observation, rng: Stream) -> Suit:
        return longest_suit(obs)
