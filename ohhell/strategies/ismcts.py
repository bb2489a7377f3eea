"""The information-set search player: the rollout player's bids, card play by ISMCTS with the rollout policy.

:class:`ISMCTS` bids as :class:`~ohhell.strategies.rollout.Rollout` does
and plays each card by an information-set Monte Carlo tree search of its
own (:mod:`ohhell.strategies.ismcts_core`): deals of the cards it cannot
see, weighted by the bids heard, one tree over the cards played from the
decision, every seat choosing by its own mean score, playouts by the
rollout policy.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from ohhell.cards import Card, Suit
from ohhell.engine import Observation, Stream
from ohhell.engine.stream import state_array
from ohhell.strategies import ismcts_core as core
from ohhell.strategies.compiled_inputs import compiled_deck, play_inputs, policy_card, shown_out
from ohhell.strategies.folk import Folk, longest_suit
from ohhell.strategies.rollout import NO_ODDS, Rollout

__all__ = ["ISMCTS"]


@dataclass(frozen=True, slots=True, kw_only=True)
class ISMCTS:
    """Bids by rollouts (:class:`~ohhell.strategies.rollout.Rollout`), cards by information-set tree search.

    Each card decision draws ``worlds`` deals of the cards this seat cannot
    see (consistent with the suits each player has shown out of), weighted
    with ``inference`` by how likely each opponent's dealt hand was to take
    exactly the tricks it bid (the card-odds trick model, as the rollout
    player weighs its samples), then runs ``iterations`` descents of one
    search tree over the cards played from the decision: each descent picks
    a world in proportion to its weight, every seat chooses among the cards
    legal for it there by UCB1 (constant ``uct_c`` on scores scaled to
    ``[0, 1]`` by the round's score table) on its *own* mean score, one new
    card is added to the tree (the rollout policy's card first) and the deal
    is played out by the rollout policy
    (:func:`~ohhell.strategies.policy_core.policy_play`: every seat pursuing
    its own bid).  The card played is the one searched most often (ties:
    the higher mean score, then the rollout policy's card).  A decision with
    one legal choice is not searched.  Reproducible: the search reads the
    seat's own stream.

    Measured (``benchmarks/RESULTS-strength.md``, 4 players x 7 cards,
    OpenSpiel's scoring): seat for seat against the rollout player its card
    play gains +0.06 a deal (95% interval -0.12 to +0.23, 1000 duplicate
    deals), and against OpenSpiel's ISMCTS(1000) it stands where the rollout
    player does; about 5 ms a card decision (p95 about 11 ms).

    Bids are ``bidder``'s (default ``Rollout()``).  With a Wizard deck or
    two decks (which the compiled cores do not model) it plays as the folk
    player, as the rollout player does.

    Names: single-observer information-set Monte Carlo tree search
    (Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree
    Search", IEEE Transactions on Computational Intelligence and AI in
    Games 4(2), 2012) with max^n backups (each seat maximising its own
    score; Sturtevant, 2003) and a heuristic playout policy instead of
    random playouts.

    Examples
    --------
    >>> from ohhell import boerenbridge, play_deal
    >>> fast = ISMCTS(iterations=50, worlds=8, bidder=Rollout(bid_samples=8, play_samples=8))
    >>> d = play_deal(boerenbridge(4), [fast] * 4, seed=1, round_index=4)
    >>> d.hand_size, len(d.bids)
    (5, 4)
    """

    iterations: int = 4000
    worlds: int = 200
    uct_c: float = 0.4
    inference: bool = True
    bidder: Rollout = field(default_factory=Rollout)

    def __post_init__(self) -> None:
        for name in ("iterations", "worlds"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise ValueError(f"ISMCTS.{name} must be a whole number >= 1, got {value!r}")
        if isinstance(self.uct_c, bool) or not isinstance(self.uct_c, (int, float)) or not self.uct_c >= 0:
            raise ValueError(f"ISMCTS.uct_c must be a number >= 0, got {self.uct_c!r}")
        if not math.isfinite(self.uct_c):
            raise ValueError(f"ISMCTS.uct_c must be finite, got {self.uct_c!r}")
        if not isinstance(self.inference, bool):
            raise ValueError(f"ISMCTS.inference must be True or False, got {self.inference!r}")
        if not isinstance(self.bidder, Rollout):
            raise ValueError(f"ISMCTS.bidder must be a Rollout, got {self.bidder!r}")

    # -- decisions ------------------------------------------------------------

    def compiled_functions(self) -> tuple[object, ...]:
        return (core.draw_worlds, core.search, *self.bidder.compiled_functions())

    def bid(self, obs: Observation, rng: Stream, unseen: int | None = None) -> int:
        """The bidder's bid (``unseen``: as in :meth:`Rollout.bid_scores`)."""
        return self.bidder.bid(obs, rng, unseen)

    def card_visits(
        self, obs: Observation, rng: Stream, unseen: int | None = None
    ) -> tuple[dict[Card, float], dict[Card, float]]:
        """Visits and mean scaled score of each legal card at the search's root, advancing ``rng``.

        Compiled decks only.  ``unseen``: a mask of the cards the other
        hands hold between them, when an outside program knows them (default:
        every card it has not seen, some of them left in the stock).
        """
        p = play_inputs(obs, unseen)
        odds = Rollout._odds(obs) if self.inference else NO_ODDS
        st = state_array(rng)
        worlds, weights = core.draw_worlds(
            p.hands_known, obs.seat, p.room, shown_out(obs), p.pool, p.bids, p.under, p.over, p.played_by,
            obs.hand_size, odds, obs.dealer, obs.rules.bidding.simultaneous, self.worlds, st,
        )  # fmt: skip
        visits, means = core.search(
            worlds, weights, obs.seat, p.trick, len(obs.current_trick), obs.leader, obs.tricks_left, p.bids, p.won,
            p.under, p.over, p.played, p.table, self.iterations, float(self.uct_c), st,
        )  # fmt: skip
        rng.set_state(st[0])
        legal = obs.legal_cards
        return {c: float(visits[c.code]) for c in legal}, {c: float(means[c.code]) for c in legal}

    def play(self, obs: Observation, rng: Stream, unseen: int | None = None) -> Card:
        """The legal card searched most often (``unseen``: as in :meth:`card_visits`)."""
        if len(obs.legal_cards) == 1:
            return obs.legal_cards[0]
        if not compiled_deck(obs):
            return Folk().play(obs, rng)
        visits, means = self.card_visits(obs, rng, unseen)
        own = policy_card(obs)
        return max(obs.legal_cards, key=lambda c: (visits[c], means[c], c == own))

    def name_trump(self, obs: Observation, rng: Stream) -> Suit:
        return longest_suit(obs)
