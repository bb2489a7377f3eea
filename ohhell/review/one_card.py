"""Exact bid values of a 1-card round from one seat's view, read off :mod:`ohhell.exact`.

In a 1-card round every card is forced, so a bid's expected score is the
seat's chance of winning the trick given its card, the turned-up card and
the bids it heard.  :func:`one_card_bid_values` looks that up in
:func:`~ohhell.exact.one_card_analysis` (which reads what the earlier bids
say about the earlier bidders' cards: they bid by the exact analysis).  It
returns None where the analysis does not apply: rules it does not model, a
fixed or drawn trump (13 trumps in play, not the analysis' turned-up card),
bidding blind or on the forehead, an adjustment, or bids heard that the
exact bidders would never make (then the caller samples instead).

Examples
--------
The leader of a 4-player Boerenbridge round holding the ace of trumps wins
for sure: bid 1 scores 12, bid 0 scores 0.

>>> import ohhell
>>> from ohhell.cards import Card
>>> from ohhell.engine import DealState
>>> from ohhell.rules import compile_rules
>>> rules = ohhell.boerenbridge(4)
>>> state = DealState(compile_rules(rules), round_index=0, dealer=3, hands=[[Card.parse(c)] for c in
...     ("AH", "3H", "KS", "QD")], trump=ohhell.rules.Trump.parse("H"), trump_card=Card.parse("2H"))
>>> one_card_bid_values(state.observation(0))
{0: 0.0, 1: 12.0}
"""

from __future__ import annotations

from functools import lru_cache

from ohhell.engine import Observation
from ohhell.exact import OneCardAnalysis, one_card_analysis
from ohhell.exact.canonical import canonical_card, canonical_deck
from ohhell.rules import Rules, StandardDeck

__all__ = ["one_card_bid_values", "exact_analysis"]


@lru_cache(maxsize=32)
def exact_analysis(rules: Rules, players: int, trump: bool) -> OneCardAnalysis | None:
    """The exact 1-card analysis of ``rules`` (None where it does not model them); cached per rules."""
    try:
        return one_card_analysis(rules, players, trump=trump)
    except ValueError:
        return None


def one_card_bid_values(obs: Observation) -> dict[int, float] | None:
    """Exact expected score of each legal bid of a 1-card bid decision, or None where not modelled."""
    rules = obs.rules
    if obs.hand_size != 1 or obs.phase != "bid" or len(obs.hand) != 1 or not isinstance(rules.deck, StandardDeck):
        return None
    if rules.information.sight(1) != "own" or rules.scoring.consolation is not None:
        return None
    plan = rules.trump_plans[obs.round_index]
    if plan.source == "turn-up" and obs.trump_card is not None and obs.trump_card.suit is not None:
        trump = True
    elif plan.source == "none" or (plan.source == "turn-up" and obs.trump_card is None and not obs.trump.suits):
        trump = False
    else:
        return None
    if obs.exposed:
        return None
    analysis = exact_analysis(rules, obs.players, trump)
    if analysis is None:
        return None
    position = obs.seat_from_dealer
    if analysis.simultaneous:
        history = "-"
    else:
        heard = [obs.bids[(obs.dealer + 1 + q) % obs.players] for q in range(position)]
        if any(b is None for b in heard):
            return None
        history = " ".join(str(b) for b in heard) if heard else "-"
    deck = canonical_deck(trump)
    signal = int(deck.cls[canonical_card(obs.hand[0], obs.trump_card if trump else None)])
    rows = analysis.thresholds
    row = rows[(rows["position"] == position) & (rows["history"] == history) & (rows["signal"] == signal)]
    if len(row) != 1 or not float(row["p_joint"].iloc[0]) > 0.0:
        return None
    ev = {0: float(row["ev_bid0"].iloc[0]), 1: float(row["ev_bid1"].iloc[0])}
    return {b: ev[b] for b in obs.legal_bids}
