"""A player that bids a 1-card round by the exact analysis, so simulation can check it.

Examples
--------
>>> from dataclasses import replace
>>> import ohhell
>>> from ohhell.exact import one_card_analysis
>>> from ohhell.rules import FixedHands
>>> rules = replace(ohhell.boerenbridge(3), schedule=FixedHands(size=1, rounds=1))
>>> player = OneCardOptimal(one_card_analysis(rules))
>>> deal = ohhell.play_deal(rules, [player] * 3, seed=5)
>>> len(deal.bids), sum(deal.tricks_won)
(3, 1)
"""

from __future__ import annotations

from dataclasses import dataclass

from ohhell.cards import Card, Suit
from ohhell.engine import Observation, Stream
from ohhell.exact.canonical import canonical_card, canonical_deck
from ohhell.exact.forehead import forehead_k
from ohhell.exact.one_card import OneCardAnalysis

__all__ = ["OneCardOptimal"]


@dataclass(frozen=True, slots=True)
class OneCardOptimal:
    """Bids a 1-card round as :func:`~ohhell.exact.one_card_analysis` computed; plays its only card.

    It refuses (ValueError) a round the analysis does not describe: another
    hand size, player count, trump kind, bidding order, restriction or sight.
    A bid the rules forbid (the hook) is replaced by the one legal bid.
    """

    analysis: OneCardAnalysis

    def _check(self, obs: Observation) -> None:
        a = self.analysis
        if obs.hand_size != 1:
            raise ValueError(f"OneCardOptimal bids 1-card rounds only; this round has {obs.hand_size} cards")
        if obs.players != a.players:
            raise ValueError(f"the analysis is for {a.players} players; this deal has {obs.players}")
        rules = obs.rules
        if (
            rules.bidding.simultaneous != a.simultaneous
            or rules.restriction.kind != a.restriction
            or rules.information.sight(1) != a.sight
        ):
            raise ValueError(f"this round's bidding differs from the analysis ({a!r}): analyse these rules")
        turned = obs.trump_card is not None and obs.trump_card.is_plain and obs.trump.suits == (obs.trump_card.suit,)
        if a.trump and not turned:
            raise ValueError("the analysis has a turned-up trump card; this round has none (use trump=False)")
        if not a.trump and not obs.trump.is_none:
            raise ValueError(f"the analysis has no trump; this round's trump is {obs.trump} (use trump=True)")

    def signal(self, obs: Observation) -> int:
        """What the decision depends on: card class (open), 0 (blind) or ``k`` (forehead)."""
        a = self.analysis
        up = obs.trump_card if a.trump else None
        if a.sight == "blind":
            return 0
        deck = canonical_deck(a.trump)
        if a.sight == "own":
            return int(deck.cls[canonical_card(obs.hand[0], up)])
        n = obs.players
        cards: list[int | None] = []
        for q in range(n):
            hand = obs.visible_hands[(obs.dealer + 1 + q) % n]
            cards.append(None if hand is None else canonical_card(hand[0], up))
        return forehead_k(obs.seat_from_dealer, cards, deck)

    def bid(self, obs: Observation, rng: Stream) -> int:
        if obs.phase == "adjust":
            return obs.legal_bids[0]
        self._check(obs)
        n, position = obs.players, obs.seat_from_dealer
        history: tuple[int, ...] = ()
        if not self.analysis.simultaneous:
            heard = [obs.bids[(obs.dealer + 1 + q) % n] for q in range(position)]
            history = tuple(int(b) for b in heard if b is not None)
        choice = self.analysis.bid(position, history, self.signal(obs))
        return choice if choice in obs.legal_bids else obs.legal_bids[0]

    def play(self, obs: Observation, rng: Stream) -> Card:
        return obs.legal_cards[0]

    def name_trump(self, obs: Observation, rng: Stream) -> Suit:
        return obs.legal_suits[0]
