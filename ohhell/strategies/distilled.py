"""The distilled player: the card-odds bid, and cards by a linear policy fitted to the rollout player's card values.

:class:`Distilled` is the library's fast strong player for studies of
millions of deals: both its decisions run on the compiled path.  Its card
play is :func:`~ohhell.strategies.distilled_core.distilled_card` with the
shipped weights (:func:`~ohhell.strategies.distilled_weights.card_weights`),
fitted so that its card gives up as little as possible of what the rollout
player (:class:`~ohhell.strategies.Rollout`) estimates each card is worth
(:mod:`ohhell.strategies.distill`); its bid is the card-odds bid
(:func:`~ohhell.strategies.card_odds.odds_bid`) with each card's chance of a
trick learned in self-play under this same card play.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ohhell.cards import Card, Suit
from ohhell.cards.masks import mask_of
from ohhell.engine import Observation, Stream
from ohhell.rules.tricks import trick_strength
from ohhell.strategies import odds_core
from ohhell.strategies.card_odds import odds_bid
from ohhell.strategies.compiled_inputs import compiled_deck, over_wants, shown_out
from ohhell.strategies.distilled_core import FEATURES, distilled_card
from ohhell.strategies.distilled_weights import card_weights
from ohhell.strategies.folk import Folk, longest_suit, trump_pair

__all__ = ["Distilled", "PolicyInputs", "distilled_play", "trick_so_far"]

_NO_FEATURES = np.zeros((0, FEATURES))


def trick_so_far(obs: Observation) -> tuple[int, int, int]:
    """``(led suit, trick strength of the winning card, its holder)`` of the trick so far (-1s when empty)."""
    under, over = trump_pair(obs.trump)
    led = -1 if not obs.current_trick else int(obs.current_trick[0].code) // 13
    best_key, best_seat = -1, -1
    for i, c in enumerate(obs.current_trick):
        k = int(trick_strength(c.code, led, under, over))
        if k > best_key:
            best_key, best_seat = k, (obs.leader + i) % obs.players
    return led, best_key, best_seat


@dataclass(frozen=True, slots=True)
class PolicyInputs:
    """A card decision as the compiled policy reads it (:func:`~ohhell.strategies.distilled_core.distilled_card`)."""

    players: int
    seat: int
    hand: int
    legal: int
    trick_len: int
    led: int
    best_key: int
    best_seat: int
    bids: tuple[int, ...]
    won: tuple[int, ...]
    left: int
    under: int
    over: int
    played: int
    voids: tuple[int, ...]
    over_wants: bool

    @classmethod
    def of(cls, obs: Observation) -> PolicyInputs:
        """The inputs of an observation in the play phase (compiled decks only)."""
        under, over = trump_pair(obs.trump)
        led, best_key, best_seat = trick_so_far(obs)
        return cls(
            obs.players, obs.seat, mask_of(obs.hand), mask_of(obs.legal_cards), len(obs.current_trick), led,
            best_key, best_seat, tuple(b if b is not None else 0 for b in obs.bids), tuple(obs.tricks_won),
            obs.tricks_left, under, over, mask_of(obs.played_cards), tuple(int(v) for v in shown_out(obs)),
            over_wants(obs.rules),
        )  # fmt: skip

    def card(self, weights: np.ndarray, features: np.ndarray = _NO_FEATURES) -> int:
        """The policy's card code under ``weights``; fills ``features`` (``[legal cards, FEATURES]``) if given."""
        code = distilled_card(
            self.hand, self.legal, self.trick_len, self.led, self.best_key, self.best_seat, self.seat, self.players,
            np.array(self.bids, dtype=np.int64), np.array(self.won, dtype=np.int64), self.left, self.under,
            self.over, self.played, np.array(self.voids, dtype=np.int64), self.over_wants, weights, features,
        )  # fmt: skip
        return int(code)


def distilled_play(obs: Observation, weights: np.ndarray | None = None) -> Card:
    """The distilled policy's card for an observation in the play phase (compiled decks only), with the
    shipped weights or ``weights`` (``[CONTEXTS, FEATURES]``)."""
    return Card(PolicyInputs.of(obs).card(card_weights() if weights is None else weights))


@dataclass(frozen=True, slots=True, kw_only=True)
class Distilled:
    """Bids by learned per-card trick chances; plays the card a linear policy fitted to rollouts scores highest.

    Cards: each legal card is scored by weights that depend on what the
    seat still wants (no more tricks, one, more, every trick left) and where
    it plays (lead, follow, last), over features of the card on the table:
    whether it wins the trick so far, how many unseen cards could beat it,
    its rank and suit length, whether it is the master of its suit, the
    players after it who want tricks or have shown out of its suit, the
    surplus of masters over the tricks it still needs, and the rollout
    policy's own choice (:mod:`ohhell.strategies.distilled_core`).  The
    weights are fitted offline to the rollout player's card values
    (:mod:`ohhell.strategies.distill`, ``analysis/distill_cards.py``), so
    that the card it plays loses as little as possible of the best card's
    estimated value.  Bids: the card-odds bid
    (:class:`~ohhell.strategies.CardOdds`) with chances learned under this
    card play.  Deterministic (never reads its stream).  With a Wizard deck
    or two decks: the folk bid of its plain cards plus one per Wizard, folk
    play, as the card-odds player.

    Names: policy distillation, a fast policy trained to imitate a search
    player's choices (as the rollout policy networks of AlphaGo were trained
    from expert moves; here a linear softmax over hand-made features, fitted
    to the search player's value of each move), with DAgger-style rounds
    (Ross, Gordon and Bagnell, AISTATS 2011).

    Examples
    --------
    >>> from ohhell import boerenbridge, play_deal
    >>> d = play_deal(boerenbridge(4), [Distilled()] * 4, seed=1, round_index=4)
    >>> d.hand_size, sum(d.tricks_won)
    (5, 5)
    """

    def bid(self, obs: Observation, rng: Stream) -> int:
        return odds_bid(obs, "distilled")

    def compiled_functions(self) -> tuple[object, ...]:
        return (odds_core.seat_odds_bid, distilled_card)

    def play(self, obs: Observation, rng: Stream) -> Card:
        if len(obs.legal_cards) == 1:
            return obs.legal_cards[0]
        if not compiled_deck(obs):
            return Folk().play(obs, rng)
        return distilled_play(obs)

    def name_trump(self, obs: Observation, rng: Stream) -> Suit:
        return longest_suit(obs)
