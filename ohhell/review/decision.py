"""One graded decision: the choice taken, the best choice and the loss, from the deciding seat's view.

:func:`evaluate` scores every legal choice of an :class:`~ohhell.engine.Observation`
(what that seat knew when it chose, nothing more) by the strong player
(:class:`~ohhell.strategies.Rollout`) in independent batches, or exactly in a
1-card bid (:mod:`ohhell.review.one_card`); a choice with one legal option is
not searched (its loss is 0).  :func:`grade` adds the choice taken.

Examples
--------
>>> import ohhell
>>> from ohhell.cards import Card
>>> from ohhell.engine import DealState
>>> from ohhell.rules import compile_rules, Trump
>>> rules = ohhell.boerenbridge(4)
>>> state = DealState(compile_rules(rules), round_index=0, dealer=3, hands=[[Card.parse(c)] for c in
...     ("AH", "3H", "KS", "QD")], trump=Trump.parse("H"), trump_card=Card.parse("2H"))
>>> d = grade(state.observation(0), 0, deal=1, seed=np.random.SeedSequence(1))
>>> d.phase, d.chosen, d.best, d.loss, d.exact
('bid', '0', '1', 12.0, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

import numpy as np

from ohhell.cards import Card
from ohhell.engine import Observation, Stream
from ohhell.review.one_card import one_card_bid_values
from ohhell.review.values import DEFAULT_BUDGET, Budget, ChoiceValues, batch_streams
from ohhell.strategies import Rollout
from ohhell.strategies.compiled_inputs import compiled_deck

__all__ = ["Decision", "evaluate", "grade", "values_player", "ReviewPhase"]

ReviewPhase = Literal["bid", "adjust", "play"]


def _num(value: float) -> float | None:
    """A value rounded for JSON; None where it was not computed (a forced choice is not searched)."""
    return None if value != value else round(value, 4)


def _label(choice: int | Card) -> str:
    return str(choice)


@dataclass(frozen=True, slots=True, kw_only=True)
class Decision:
    """A graded decision.  Choices are written as text: a bid ``"2"``, a card ``"QS"``.

    ``deal``: the record's line (or deal number); ``phase``: ``bid`` (a first
    bid), ``adjust`` (the adjusting seat's move one up or down after bids
    summing to the hand size, graded from its view of every seat's bid) or
    ``play``; ``trick``: 1-based trick of a card (0 for a bid or an
    adjustment); ``values`` / ``lo`` / ``hi``: each legal choice's
    expected score and interval; ``loss`` and ``loss_lo`` / ``loss_hi``: the
    expected points given up against ``best`` with a paired interval;
    ``loss_crossfit``: the loss against the best of half the batches, valued
    on the other half (:meth:`ChoiceValues.crossfit_loss`; biased down where
    ``loss`` is biased up);
    ``exact``: values without sampling; ``forced``: one legal choice.
    """

    deal: int
    seat: int
    seat_from_dealer: int
    hand_size: int
    phase: ReviewPhase
    trick: int
    chosen: str
    best: str
    loss: float
    loss_lo: float
    loss_hi: float
    loss_crossfit: float
    values: dict[str, float]
    lo: dict[str, float]
    hi: dict[str, float]
    exact: bool
    forced: bool

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (one line of ``ohhell analyse --format jsonl``)."""
        return {
            "deal": self.deal,
            "seat": self.seat,
            "seat_from_dealer": self.seat_from_dealer,
            "hand_size": self.hand_size,
            "phase": self.phase,
            "trick": self.trick,
            "chosen": self.chosen,
            "best": self.best,
            "loss": round(self.loss, 4),
            "loss_interval": [round(self.loss_lo, 4), round(self.loss_hi, 4)],
            "loss_crossfit": round(self.loss_crossfit, 4),
            "values": {k: _num(v) for k, v in self.values.items()},
            "intervals": {k: [_num(self.lo[k]), _num(self.hi[k])] for k in self.values},
            "exact": self.exact,
            "forced": self.forced,
        }


def _check_searchable(obs: Observation) -> None:
    if not compiled_deck(obs):
        raise ValueError(
            f"{obs.rules.name}: the strong player's search covers one deck of plain cards; this deck"
            " (Wizards, Jesters or two decks) cannot be graded"
        )


def values_player(budget: Budget = DEFAULT_BUDGET) -> Rollout:
    """The strong player whose searches give the review's values: :class:`~ohhell.strategies.Rollout` with
    ``budget.samples`` sampled deals a batch, the unseen cards dealt uniformly (consistent with the suits
    each seat has shown out of, not weighted by what the others' bids and cards suggest), the bidders still
    to come bidding as the card-odds player; the deals played out by ``budget.playout``.

    Why not weighted: the strong player weighs its samples that way itself, so an evaluator sharing that
    model shares its errors and credits the strong player's choices with gains the table does not pay
    (``analysis/review_consistency.py``: summed over every decision and seat, the weighted values
    overstate the strong seat's score by 0.53 (0.29, 0.76) points a deal; these add up within the
    intervals for strong and folk seats alike).
    """
    return Rollout(
        bid_samples=budget.samples,
        play_samples=budget.samples,
        inference=False,
        bid_inference=False,
        odds_bids=True,
        playout=budget.playout,
    )


def evaluate(obs: Observation, *, seed: np.random.SeedSequence, budget: Budget = DEFAULT_BUDGET) -> ChoiceValues[Any]:
    """The expected score of each legal choice of the seat to act in ``obs``, from its view only.

    Keys are bids (``int``) in a bid or adjustment, cards in play.
    """
    if obs.phase in ("bid", "adjust"):
        legal_bids = obs.legal_bids
        if len(legal_bids) == 1:
            return ChoiceValues.from_exact({legal_bids[0]: float("nan")})
        exact = one_card_bid_values(obs)
        if exact is not None:
            return ChoiceValues.from_exact(exact)
        _check_searchable(obs)
        player = values_player(budget)

        def bids(rng: Stream) -> dict[int, float]:
            scores = player.bid_scores(obs, rng)
            return {b: float(scores[b]) for b in legal_bids}

        return ChoiceValues.evaluate(bids, batch_streams(seed, budget.batches), confidence=budget.confidence)
    if obs.phase != "play":
        raise ValueError(f"only bids and cards are graded, not a {obs.phase!r} decision")
    if len(obs.legal_cards) == 1:
        return ChoiceValues.from_exact({obs.legal_cards[0]: float("nan")})
    _check_searchable(obs)
    player = values_player(budget)
    return ChoiceValues.evaluate(
        lambda rng: player.card_scores(obs, rng), batch_streams(seed, budget.batches), confidence=budget.confidence
    )


def grade(
    obs: Observation,
    chosen: int | Card,
    *,
    deal: int,
    seed: np.random.SeedSequence,
    budget: Budget = DEFAULT_BUDGET,
) -> Decision:
    """Grade the choice ``chosen`` made by the seat to act in ``obs``."""
    values = evaluate(obs, seed=seed, budget=budget)
    if chosen not in values.mean:
        raise ValueError(f"seat {obs.seat} chose {chosen}, not a legal choice ({', '.join(map(str, values.mean))})")
    forced = len(values.mean) == 1
    loss = 0.0 if forced else values.loss(chosen)
    lo, hi = (0.0, 0.0) if forced else values.loss_interval(chosen)
    phase: ReviewPhase = "play" if obs.phase == "play" else "adjust" if obs.phase == "adjust" else "bid"
    return Decision(
        deal=deal,
        seat=obs.seat,
        seat_from_dealer=obs.seat_from_dealer,
        hand_size=obs.hand_size,
        phase=phase,
        trick=len(obs.completed_tricks) + 1 if phase == "play" else 0,
        chosen=_label(chosen),
        best=_label(values.best),
        loss=loss,
        loss_lo=lo,
        loss_hi=hi,
        loss_crossfit=0.0 if forced else values.crossfit_loss(chosen),
        values={_label(k): v for k, v in values.mean.items()},
        lo={_label(k): v for k, v in values.lo.items()},
        hi={_label(k): v for k, v in values.hi.items()},
        exact=values.exact,
        forced=forced,
    )
