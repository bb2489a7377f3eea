"""The rollout player: every decision by Monte Carlo rollouts of a bid-aware policy over sampled deals.

:class:`Rollout` is the library's strong player.  At each decision it deals
the cards it cannot see at random (consistent with the suits each player
has shown out of), tries every legal choice on the same sampled deals, plays
each deal out with the compiled rollout policy
(:func:`~ohhell.strategies.policy_core.policy_play`: every seat pursuing
its own bid, ducking what it does not want) and takes the choice with the
highest mean score under the round's own score table.  Its bids are
evaluated the same way: each legal bid is played out by the policy that the
rest of the deal is modelled with, not by a coalition or a solver.  With
``playout="distilled"`` the rollouts play the distilled policy
(:func:`~ohhell.strategies.distilled_core.distilled_card`) instead.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Literal, get_args

import numpy as np

from ohhell.cards import Card, Suit
from ohhell.cards.masks import mask_of
from ohhell.engine import Observation, Stream
from ohhell.engine.stream import state_array
from ohhell.rules import compile_rules
from ohhell.strategies import rollout_core as core
from ohhell.strategies.card_odds import round_odds
from ohhell.strategies.compiled_inputs import compiled_deck, play_inputs, policy_card, shown_out, wizard_aware_bid
from ohhell.strategies.distilled import distilled_play
from ohhell.strategies.distilled_weights import card_weights
from ohhell.strategies.expected_value import ev_inputs
from ohhell.strategies.folk import Folk, longest_suit, trump_pair

NO_ODDS = np.zeros((1, 1, 1, 1, 1, 1, 1, 1))  # the compiled cores' "no card-odds model"

#: What plays the rollouts out: the rollout policy or the distilled policy.
Playout = Literal["policy", "distilled"]
PLAYOUTS: tuple[str, ...] = get_args(Playout)

__all__ = [
    "Rollout",
    "Playout",
    "PLAYOUTS",
    "playout_weights",
]


@lru_cache(maxsize=2)
def playout_weights(playout: Playout) -> np.ndarray:
    """The compiled cores' ``weights`` for a playout: the shipped distilled weights (a writable copy, so the
    compiled code sees one array type), or :data:`~ohhell.strategies.rollout_core.NO_WEIGHTS` for the policy."""
    if playout == "policy":
        return core.NO_WEIGHTS
    return np.array(card_weights())


@dataclass(frozen=True, slots=True, kw_only=True, repr=False)
class Rollout:
    """Bids and cards by rollouts: the legal choice with the best mean score over sampled deals.

    ``bid_samples``: sampled deals per bid decision (each played out once
    for every legal bid); ``play_samples``: sampled deals per card decision
    (each played out once for every legal card); ``inference``: weigh each
    card-play sample by how likely each opponent's sampled hand was to take
    exactly the tricks it bid, under the card-odds player's learned trick
    model (:func:`~ohhell.strategies.card_odds.round_odds`; measured, it
    adds about 0.15 a deal).  ``bid_inference``: weigh each bid sample the
    same way by the bids already heard (each earlier bidder's sampled hand
    taking exactly its bid); ``odds_bids``: the bids not yet made are the
    card-odds player's bids of the sampled hands instead of the folk bids
    (:func:`~ohhell.strategies.rollout_core.bid_value_table`).  ``playout``: what
    plays every seat's remaining cards in the rollouts (of bids and cards):
    ``"policy"``, the rollout policy; ``"distilled"``, the distilled policy
    (:func:`~ohhell.strategies.distilled_core.distilled_card` with the shipped
    weights, seeing the suits each seat has shown out of), stronger but
    slower per rollout, with the card-odds chances (of ``inference``,
    ``bid_inference`` and ``odds_bids``) learned under distilled play; ties
    between cards then go to the distilled policy's own card.  A decision with one legal
    choice is not searched.  Reproducible: the samples read the seat's own
    stream.  Objective: this seat's mean score under the round's score table
    (so harsh scoring, a zero-bid bonus, OpenSpiel's tricks-on-a-miss and a
    blind multiplier all move its choices); the Boer consolation and a bid
    adjustment still to come are not counted.  Ties go to the rollout
    policy's own card (the playout's), then the lower bid.

    Bidding blind or on the forehead it samples its own hand too (and uses
    the hands it sees).  With a Wizard deck or two decks (which the compiled
    cores do not model) it bids as the folk player on its plain cards plus
    one trick per Wizard, and plays as the folk player: weaker there.

    Names: Monte Carlo rollouts as on-line policy improvement (Tesauro and
    Galperin, NIPS 1996) over determinised deals, as in the perfect-information
    Monte Carlo players of trick-taking games (Ginsberg's GIB; Long, Sturtevant,
    Buro and Furtak, AAAI 2010), with a heuristic policy instead of a
    perfect-information solver at the leaves.

    Examples
    --------
    >>> from ohhell import boerenbridge, play_deal
    >>> d = play_deal(boerenbridge(4), [Rollout(bid_samples=8, play_samples=8)] * 4, seed=1, round_index=4)
    >>> d.hand_size, len(d.bids)
    (5, 4)
    """

    bid_samples: int = 400
    play_samples: int = 300
    inference: bool = True
    bid_inference: bool = True
    odds_bids: bool = True
    playout: Playout = "policy"

    def __post_init__(self) -> None:
        for name in ("bid_samples", "play_samples"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise ValueError(f"Rollout.{name} must be a whole number >= 1, got {value!r}")
        for name in ("inference", "bid_inference", "odds_bids"):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"Rollout.{name} must be True or False, got {getattr(self, name)!r}")
        if not isinstance(self.playout, str) or self.playout not in PLAYOUTS:
            allowed = " or ".join(repr(p) for p in PLAYOUTS)
            raise ValueError(f"Rollout.playout must be {allowed}, got {self.playout!r}")

    def __repr__(self) -> str:
        # the default playout is left out, so the default player's name stays what it was before the option
        shown = ("bid_samples", "play_samples", "inference", "bid_inference", "odds_bids")
        extra = () if self.playout == "policy" else ("playout",)
        return f"Rollout({', '.join(f'{k}={getattr(self, k)!r}' for k in shown + extra)})"

    @staticmethod
    def _odds(obs: Observation, playout: Playout = "policy") -> np.ndarray:
        """The card-odds player's learned trick chances for this round, under ``playout``'s card play
        (learned on first use)."""
        odds: np.ndarray = round_odds(compile_rules(obs.rules), playout)[obs.round_index]
        return odds

    # -- decisions ------------------------------------------------------------

    def bid_scores(self, obs: Observation, rng: Stream, unseen: int | None = None) -> np.ndarray:
        """Mean score of each bid ``0..hand_size`` (``-inf`` where not legal), advancing ``rng``.

        ``unseen``: a mask of the cards the hands it cannot see are dealt from,
        when an outside program knows them (default: every card it has not
        seen, some of them left in the stock).
        """
        scores: np.ndarray = self.bid_scores_by_seat(obs, rng, unseen)[:, obs.seat]
        return scores

    def bid_scores_by_seat(self, obs: Observation, rng: Stream, unseen: int | None = None) -> np.ndarray:
        """Mean score of every seat (column) for each bid of this seat (row), on the same samples as
        :meth:`bid_scores` (whose numbers are the column of this seat)."""
        known, pos, out, deck, legal, heard, _, table = ev_inputs(obs)
        if unseen is not None:
            deck = unseen | out | mask_of(obs.hand)
        under, over = trump_pair(obs.trump)
        hook = obs.rules.restriction.kind == "hook" and obs.phase == "bid"
        simultaneous = obs.rules.bidding.simultaneous and obs.phase == "bid"
        odds = self._odds(obs, self.playout) if self.bid_inference or self.odds_bids else NO_ODDS
        st = state_array(rng)
        by_position = core.bid_value_table(known, pos, obs.hand_size, under, over, out, deck, heard, legal, table,
                                           self.bid_samples, hook, simultaneous, odds, self.bid_inference,
                                           self.odds_bids, st, playout_weights(self.playout))  # fmt: skip
        rng.set_state(st[0])
        n = obs.players
        return by_position[:, [(s - obs.dealer - 1) % n for s in range(n)]]

    def compiled_functions(self) -> tuple[object, ...]:
        return (core.bid_value_table, core.card_value_table)

    def bid(self, obs: Observation, rng: Stream, unseen: int | None = None) -> int:
        """The legal bid with the best mean score (``unseen``: as in :meth:`bid_scores`)."""
        if len(obs.legal_bids) == 1:
            return obs.legal_bids[0]
        if not compiled_deck(obs):
            return wizard_aware_bid(obs)
        scores = self.bid_scores(obs, rng, unseen)
        return int(max(obs.legal_bids, key=lambda b: (scores[b], -b)))

    def card_scores(self, obs: Observation, rng: Stream, unseen: int | None = None) -> dict[Card, float]:
        """Mean score of each legal card over the samples, advancing ``rng`` (compiled decks only).

        ``unseen``: a mask of the cards the other hands hold between them, when
        an outside program knows them (default: every card it has not seen,
        some of them left in the stock).
        """
        return {c: float(v[obs.seat]) for c, v in self.card_scores_by_seat(obs, rng, unseen).items()}

    def card_scores_by_seat(self, obs: Observation, rng: Stream, unseen: int | None = None) -> dict[Card, np.ndarray]:
        """Mean score of every seat (by seat) for each legal card of this seat, on the same samples as
        :meth:`card_scores` (whose numbers are this seat's)."""
        p = play_inputs(obs, unseen)
        odds = self._odds(obs, self.playout) if self.inference else NO_ODDS
        st = state_array(rng)
        values = core.card_value_table(
            p.hands_known, obs.seat, p.room, shown_out(obs), p.pool, mask_of(obs.legal_cards), p.trick,
            len(obs.current_trick), obs.leader, obs.tricks_left, p.bids, p.won, p.under, p.over, p.played, p.table,
            self.play_samples, p.played_by, obs.hand_size, odds, obs.dealer,
            obs.rules.bidding.simultaneous, st, playout_weights(self.playout),
        )  # fmt: skip
        rng.set_state(st[0])
        return {c: values[c.code] for c in obs.legal_cards}

    def play(self, obs: Observation, rng: Stream, unseen: int | None = None) -> Card:
        """The legal card with the best mean score (``unseen``: as in :meth:`card_scores`)."""
        if len(obs.legal_cards) == 1:
            return obs.legal_cards[0]
        if not compiled_deck(obs):
            return Folk().play(obs, rng)
        scores = self.card_scores(obs, rng, unseen)
        best = max(scores.values())
        own = policy_card(obs) if self.playout == "policy" else self._distilled_card(obs)
        if scores[own] >= best:
            return own
        return next(c for c in obs.legal_cards if scores[c] >= best)

    @staticmethod
    def _distilled_card(obs: Observation) -> Card:
        return distilled_play(obs)

    def name_trump(self, obs: Observation, rng: Stream) -> Suit:
        return longest_suit(obs)
