"""What to bid with a hand at the table: each legal bid's expected score and chance of being made.

:func:`advise_bid` builds the bidder's :class:`~ohhell.engine.Observation`
from what it knows (its cards, the trump, its seat from the dealer, the bids
before it) and scores every legal bid as the strong player does
(:meth:`Rollout.bid_scores <ohhell.strategies.Rollout.bid_scores>`: sampled
deals of the unseen cards, every seat bidding and playing the rollout
policy), in independent batches for the intervals.  The chance of making a
bid comes from the same sampled deals: the compiled bid search
(:func:`ohhell.strategies.rollout_core.bid_values`) is run a second time from
the same stream state with the score table plus ``M`` points for taking
exactly the bid, so the difference of the two means over ``M`` is the share
of deals in which the bid was made.  A 1-card round with a turned-up card is
answered exactly (:mod:`ohhell.review.one_card`).

Without the turned-up card (``trump`` given as a suit only) the sampled
deals may hand the unknown turned-up card to an opponent: a small
approximation; pass ``trump_card`` to remove it.

Examples
--------
>>> import ohhell
>>> a = advise_bid(ohhell.boerenbridge(4), hand="AH", trump_card="2H", seat_from_dealer=0, seed=1)
>>> a.best, a.rows[1].score, a.rows[1].p_made, a.exact
(1, 12.0, 1.0, True)
>>> a = advise_bid(ohhell.boerenbridge(4), hand="AS KS 7H 2C 3D", trump="H", seat_from_dealer=2, bids=[1, 0],
...     seed=1, budget=Budget(batches=4, samples=50))
>>> [r.bid for r in a.rows], a.best in (0, 1, 2)
([0, 1, 2, 3, 4, 5], True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

import numpy as np

from ohhell.cards import Card, Suit, parse_cards
from ohhell.engine import Observation, SeedLike, Stream, observation_from_view
from ohhell.engine.stream import seed_sequence, state_array
from ohhell.review.one_card import one_card_bid_values
from ohhell.review.values import Budget, batch_streams, t_interval
from ohhell.rules import Rules, Sequential, Trump, compile_rules
from ohhell.strategies import Rollout
from ohhell.strategies import rollout_core as core
from ohhell.strategies.compiled_inputs import compiled_deck
from ohhell.strategies.expected_value import ev_inputs
from ohhell.strategies.folk import trump_pair
from ohhell.strategies.rollout import playout_weights

__all__ = ["BidAdvice", "BidOption", "advise_bid", "bidder_view", "ADVICE_BUDGET"]

#: The default budget of advice: 10 batches of 200 sampled deals played out by the rollout policy (about
#: 0.1 s at 4 x 7 once compiled; ``playout="distilled"`` plays them by the distilled policy, about twice as long).
ADVICE_BUDGET = Budget(batches=10, samples=200, playout="policy")

#: Points added for a made bid in the second run; larger than any score swing of a deal.
_MADE_BONUS = 1 << 20


@dataclass(frozen=True, slots=True, kw_only=True)
class BidOption:
    """One legal bid: expected score and P(made), each with its interval."""

    bid: int
    score: float
    score_lo: float
    score_hi: float
    p_made: float
    p_made_lo: float
    p_made_hi: float


@dataclass(frozen=True, slots=True, kw_only=True)
class BidAdvice:
    """The advice: one row per legal bid (in order), the recommended bid, and how it was computed."""

    rows: tuple[BidOption, ...]
    best: int
    exact: bool
    budget: Budget
    note: str

    def table(self) -> str:
        """A plain-text table, the recommended bid marked."""
        ci = "" if self.exact else f" ({self.budget.confidence:.0%} interval)"
        lines = [f"{'bid':>4}  {'E[score]' + ci:<28}  {'P(made)' + ci:<28}"]
        for r in self.rows:
            if self.exact:
                score, made = f"{r.score:7.2f}", f"{r.p_made:6.3f}"
            else:
                score = f"{r.score:7.2f} ({r.score_lo:6.2f}, {r.score_hi:6.2f})"
                made = f"{r.p_made:6.3f} ({max(0.0, r.p_made_lo):5.3f}, {min(1.0, r.p_made_hi):5.3f})"
            mark = "  <- bid this" if r.bid == self.best else ""
            lines.append(f"{r.bid:>4}  {score:<28}  {made:<28}{mark}")
        lines.append(self.note)
        return "\n".join(lines)


def _round_index(rules: Rules, players: int, hand_size: int) -> int:
    c = compile_rules(rules)
    for r, (h, n) in enumerate(zip(c.hand_sizes, c.players_in_round)):
        if int(h) == hand_size and int(n) == players:
            return r
    sizes = sorted({int(h) for h in c.hand_sizes})
    raise ValueError(f"{rules.name} has no {hand_size}-card round for {players} players (hand sizes: {sizes})")


def _suit(text: str | Suit | None) -> Suit | None:
    if text is None or isinstance(text, Suit):
        return text
    t = text.strip().upper()
    if t in ("", "N", "NT", "NONE", "-"):
        return None
    letters = {"C": Suit.CLUBS, "D": Suit.DIAMONDS, "H": Suit.HEARTS, "S": Suit.SPADES}
    if t not in letters:
        raise ValueError(f"trump must be a suit letter C, D, H or S (or 'none'), got {text!r}")
    return letters[t]


def bidder_view(
    rules: Rules,
    *,
    hand: str | Sequence[Card],
    seat_from_dealer: int,
    trump: str | Suit | None = None,
    trump_card: str | Card | None = None,
    bids: Sequence[int] = (),
) -> Observation:
    """The bidding :class:`Observation` of the seat ``seat_from_dealer`` (0 bids first) holding ``hand``.

    The dealer is seat ``players - 1`` and the bidder seat ``seat_from_dealer``;
    ``bids``: the bids before it, from the dealer's left.  The round is the
    rules' first with this hand size.  ``trump``: a suit letter; in a
    turned-up round ``trump_card`` may be given instead (or as well).
    """
    cards = parse_cards(hand) if isinstance(hand, str) else tuple(hand)
    n = rules.players
    if isinstance(seat_from_dealer, bool) or not isinstance(seat_from_dealer, int) or not 0 <= seat_from_dealer < n:
        raise ValueError(f"seat_from_dealer must be 0..{n - 1} (0 bids first, {n - 1} deals), got {seat_from_dealer!r}")
    if len(bids) != seat_from_dealer and not rules.bidding.simultaneous:
        raise ValueError(f"seat {seat_from_dealer} from the dealer bids after {seat_from_dealer} bids, got {len(bids)}")
    if rules.bidding.simultaneous and bids:
        raise ValueError(f"{rules.name} bids simultaneously: the other bids are not known when bidding; drop --bids")
    card = Card.parse(trump_card) if isinstance(trump_card, str) else trump_card
    suit = _suit(trump)
    r = _round_index(rules, n, len(cards))
    plan = rules.trump_plans[r]
    dealer = n - 1
    seat = seat_from_dealer
    view_rules = replace(rules, bidding=Sequential()) if rules.bidding.simultaneous else rules
    given: Trump | None = None
    placeholder = False
    if plan.source == "turn-up" and card is None and suit is not None:
        # the turned-up card is unknown: stand in the lowest card of the suit not held, then forget it
        card = next(Card.of(rank, suit) for rank in range(2, 15) if Card.of(rank, suit) not in cards)
        placeholder = True
    elif plan.source != "turn-up" and suit is not None:
        given = Trump.of(suit)
    heard = list(bids) if not rules.bidding.simultaneous else [0] * seat  # stand-ins, hidden below
    obs = observation_from_view(view_rules, round_index=r, seat=seat, dealer=dealer, hand=cards, trump_card=card,
                                trump=given, bids=heard, plays=())  # fmt: skip
    if suit is not None and obs.trump.suits != (suit,):
        raise ValueError(f"the round's trump is {obs.trump}, not {suit.name.lower()}")
    if placeholder:
        obs = replace(obs, trump_card=None)
    if rules.bidding.simultaneous:
        obs = replace(obs, rules=rules, bids=(None,) * n, legal_bids=tuple(range(len(cards) + 1)))
    return obs


def _made_shares(obs: Observation, samples: int, rng: Stream, weights: np.ndarray) -> np.ndarray:
    """The share of ``samples`` sampled deals in which each bid was made (the rollout bid search, made-bonus table)."""
    known, pos, out, deck, legal, heard, _, table = ev_inputs(obs)
    under, over = trump_pair(obs.trump)
    hook = obs.rules.restriction.kind == "hook"
    bonus = table + _MADE_BONUS * np.eye(table.shape[0], dtype=np.int64)
    st = state_array(rng)
    plain = core.bid_values(known, pos, obs.hand_size, under, over, out, deck, heard, legal, table, samples, hook,
                            obs.rules.bidding.simultaneous, st.copy(), weights)  # fmt: skip
    more = core.bid_values(known, pos, obs.hand_size, under, over, out, deck, heard, legal, bonus, samples, hook,
                           obs.rules.bidding.simultaneous, st, weights)  # fmt: skip
    legal_mask = np.isfinite(plain)
    return np.where(legal_mask, (np.where(legal_mask, more, 0.0) - np.where(legal_mask, plain, 0.0)) / _MADE_BONUS, 0.0)


def advise_bid(
    rules: Rules,
    *,
    hand: str | Sequence[Card],
    seat_from_dealer: int,
    trump: str | Suit | None = None,
    trump_card: str | Card | None = None,
    bids: Sequence[int] = (),
    seed: SeedLike = None,
    budget: Budget = ADVICE_BUDGET,
) -> BidAdvice:
    """Each legal bid's expected score and P(made), with intervals, and the bid to make (see the module docs)."""
    obs = bidder_view(
        rules, hand=hand, seat_from_dealer=seat_from_dealer, trump=trump, trump_card=trump_card, bids=bids
    )
    legal = obs.legal_bids
    exact = one_card_bid_values(obs)
    if exact is not None:
        # a 1-card round: the table's made score for bid b is reached exactly when bid b is made
        table = compile_rules(rules).score_table(obs.round_index)
        rows = []
        for b, v in exact.items():
            made, missed = float(table[b, b]), float(table[b, 1 - b])
            p = (v - missed) / (made - missed) if made != missed else float("nan")
            rows.append(BidOption(bid=b, score=v, score_lo=v, score_hi=v, p_made=p, p_made_lo=p, p_made_hi=p))
        best = max(exact, key=lambda b: (exact[b], -b))
        note = "exact: the 1-card round from ohhell.exact (earlier bidders bid by the exact analysis)"
        return BidAdvice(rows=tuple(rows), best=best, exact=True, budget=budget, note=note)
    if not compiled_deck(obs):
        raise ValueError(f"{rules.name}: advice covers one deck of plain cards (no Wizards, Jesters or two decks)")
    # unweighted samples and policy bids for the seats still to bid: P(made) is read off these very deals
    player = Rollout(bid_samples=budget.samples, bid_inference=False, odds_bids=False, playout=budget.playout)
    weights = playout_weights(budget.playout)
    scores: list[np.ndarray] = []
    shares: list[np.ndarray] = []
    for stream in batch_streams(seed_sequence(seed), budget.batches):
        start = stream.state
        scores.append(player.bid_scores(obs, stream))
        shares.append(_made_shares(obs, budget.samples, Stream.from_state(start), weights))
    score_runs, made_runs = np.array(scores), np.array(shares)
    rows = []
    for b in legal:
        m, lo, hi = t_interval(score_runs[:, b], budget.confidence)
        pm, plo, phi = t_interval(made_runs[:, b], budget.confidence)
        rows.append(BidOption(bid=b, score=m, score_lo=lo, score_hi=hi, p_made=pm, p_made_lo=plo, p_made_hi=phi))
    best = max(rows, key=lambda r: (r.score, -r.bid)).bid
    note = (
        f"rollouts: {budget.batches} batches x {budget.samples} sampled deals, every seat bidding and playing the"
        f" {'distilled' if budget.playout == 'distilled' else 'rollout'} policy; P(made) from the same deals"
    )
    return BidAdvice(rows=tuple(rows), best=best, exact=False, budget=budget, note=note)
