"""Fitting the distilled card policy: card decisions valued by the rollout player, and the weights that follow them.

Distillation in three steps, each a function:

1. :func:`collect_decisions` plays deals with a player and, at every card
   decision with a choice, asks a labelling player (the rollout player) for
   the mean score of each legal card from that seat's information
   (:meth:`~ohhell.strategies.Rollout.card_scores`); the decision and its
   values are kept as a :class:`Decision`.
2. :func:`decision_features` reads a decision's features and context as the
   compiled policy does (:func:`~ohhell.strategies.distilled_core.distilled_card`,
   so fitting and playing read the same numbers).
3. :func:`fit_weights` fits, context by context, the weights whose softmax
   over the legal cards gives up the least expected value (the mean of the
   chosen card's shortfall from the best card's value, an L2 penalty
   added), with ``scipy.optimize`` (L-BFGS), starting from the rollout
   policy's own card; it reports the held-out shortfall of the policy and of
   the fitted weights (argmax) per context.

``analysis/distill_cards.py`` runs them to write the shipped weights
(:mod:`ohhell.strategies.distilled_weights`); the method is imitation of a
search player by a fast policy (policy distillation; DAgger-style rounds,
Ross, Gordon and Bagnell, AISTATS 2011: the later rounds collect the states
the fitted policy itself reaches).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import fields as dataclass_fields

import numpy as np
import pandas as pd
from scipy.optimize import minimize

from ohhell.cards import Card, Suit
from ohhell.engine import Observation, Strategy, Stream
from ohhell.engine.play import play_deal
from ohhell.rules import Rules, compile_rules
from ohhell.strategies.card_odds import odds_bid
from ohhell.strategies.distilled import PolicyInputs, distilled_play
from ohhell.strategies.distilled_core import CONTEXTS, FEATURES, context_of
from ohhell.strategies.folk import longest_suit
from ohhell.strategies.rollout import Rollout

__all__ = ["Decision", "Fit", "Fitted", "collect_decisions", "decision_features", "decision_of", "fit_weights"]


@dataclass(frozen=True, slots=True)
class Decision(PolicyInputs):
    """One card decision with a choice, as the compiled policy reads it, and the labeller's value of each card."""

    values: tuple[float, ...]  # the labeller's mean score of each legal card, lowest code first


def decision_of(obs: Observation, values: dict[Card, float]) -> Decision:
    """The :class:`Decision` of an observation in the play phase, with these card values."""
    inputs = PolicyInputs.of(obs)
    fields = {f.name: getattr(inputs, f.name) for f in dataclass_fields(PolicyInputs)}
    return Decision(**fields, values=tuple(values[c] for c in sorted(obs.legal_cards, key=lambda c: c.code)))


@dataclass(repr=False)
class _Recorder:
    """Plays as ``inner``; at each card decision with a choice, records the labeller's card values first."""

    inner: Strategy
    labeller: Rollout
    out: list[Decision]

    def __repr__(self) -> str:  # an error names its player: not the decisions so far
        return repr(self.inner)

    def bid(self, obs: Observation, rng: Stream) -> int:
        return self.inner.bid(obs, rng)

    def play(self, obs: Observation, rng: Stream) -> Card:
        if len(obs.legal_cards) > 1:
            self.out.append(decision_of(obs, self.labeller.card_scores(obs, rng)))
        return self.inner.play(obs, rng)

    def name_trump(self, obs: Observation, rng: Stream) -> Suit:
        return self.inner.name_trump(obs, rng)


@dataclass(frozen=True, eq=False, repr=False)
class Fitted:
    """The distilled player with other weights than the shipped ones (for the later rounds of a fit).

    Bids as :class:`~ohhell.strategies.CardOdds` (the odds learned under
    the rollout policy's cards: these weights are not shipped, so no odds are
    learned for them); plays :func:`~ohhell.strategies.distilled.distilled_play`
    with ``weights`` (``[CONTEXTS, FEATURES]``).  Compiled decks only.
    """

    weights: np.ndarray

    def __repr__(self) -> str:  # an error names its player: not every weight
        return f"Fitted(weights of shape {self.weights.shape})"

    def bid(self, obs: Observation, rng: Stream) -> int:
        return odds_bid(obs, "policy")

    def play(self, obs: Observation, rng: Stream) -> Card:
        if len(obs.legal_cards) == 1:
            return obs.legal_cards[0]
        return distilled_play(obs, self.weights)

    def name_trump(self, obs: Observation, rng: Stream) -> Suit:
        return longest_suit(obs)


def collect_decisions(
    rules: Rules,
    player: Strategy,
    *,
    deals: int,
    seed: int,
    round_index: int | None = None,
    labeller: Rollout | None = None,
) -> list[Decision]:
    """The card decisions of ``deals`` deals of ``rules`` played by ``player`` at every seat, valued by ``labeller``.

    ``round_index``: the round of every deal (default: a random round per
    deal); the dealer is random.  ``labeller`` (default ``Rollout()``) reads
    each seat's stream before the seat plays, so the deals are reproducible
    from ``seed`` but differ from those ``player`` alone would play.
    """
    compiled = compile_rules(rules)
    n = int(compiled.players)
    labeller = Rollout() if labeller is None else labeller
    rng = np.random.default_rng([seed, 0])
    out: list[Decision] = []
    seats = [_Recorder(player, labeller, out)] * n
    for d in range(deals):
        r = int(rng.integers(compiled.n_rounds)) if round_index is None else round_index
        k = int(compiled.players_in_round[r])
        play_deal(rules, seats[:k], seed=[seed, 1, d], round_index=r, dealer=int(rng.integers(k)))
    return out


def decision_features(decision: Decision) -> tuple[np.ndarray, int, np.ndarray]:
    """``(features [cards, FEATURES], context, shortfall of each card from the best card's value)``."""
    d = decision
    features = np.zeros((len(d.values), FEATURES))
    d.card(np.zeros((CONTEXTS, FEATURES)), features)
    values = np.array(d.values)
    context = int(context_of(d.bids[d.seat] - d.won[d.seat], d.left, d.trick_len, d.players, d.over_wants))
    return features, context, values.max() - values


def _stack(rows: Sequence[tuple[np.ndarray, np.ndarray]]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    x = np.concatenate([f for f, _ in rows])
    shortfall = np.concatenate([s for _, s in rows])
    segment = np.repeat(np.arange(len(rows)), [len(s) for _, s in rows])
    return x, shortfall, segment


def _objective(
    w: np.ndarray, x: np.ndarray, shortfall: np.ndarray, segment: np.ndarray, count: int, l2: float
) -> tuple[float, np.ndarray]:
    """The mean shortfall under the softmax policy, with an L2 penalty, and its gradient."""
    z = x @ w
    top = np.full(count, -np.inf)
    np.maximum.at(top, segment, z)
    e = np.exp(z - top[segment])
    pi = e / np.bincount(segment, e, count)[segment]
    mean = np.bincount(segment, pi * shortfall, count)
    grad = x.T @ (pi * (shortfall - mean[segment])) / count + 2.0 * l2 * w
    return float(mean.mean() + l2 * w @ w), grad


def _argmax_shortfall(w: np.ndarray, x: np.ndarray, shortfall: np.ndarray, segment: np.ndarray) -> np.ndarray:
    """The shortfall of the first highest-scoring card of each decision (the compiled policy's tie rule)."""
    order = np.lexsort((-(x @ w), segment))
    first = np.r_[True, segment[order][1:] != segment[order][:-1]]
    result: np.ndarray = shortfall[order][first]
    return result


@dataclass(frozen=True)
class Fit:
    """Fitted weights ``[CONTEXTS, FEATURES]`` and, per context, the decisions and held-out mean shortfalls."""

    weights: np.ndarray
    report: pd.DataFrame  # index context; train, test, policy shortfall, fitted shortfall (held-out means)


def fit_weights(decisions: Sequence[Decision], *, l2: float = 1e-5, test_share: float = 0.25, seed: int = 0) -> Fit:
    """Fit the distilled policy's weights to ``decisions`` (see the module docs); ``test_share`` of them held out.

    A context with no training decision keeps the rollout policy's card
    (weight 1 on that feature, 0 elsewhere).
    """
    if not decisions:
        raise ValueError("fit_weights needs at least one decision")
    read = [decision_features(d) for d in decisions]
    contexts = np.array([c for _, c, _ in read])
    held_out = np.random.default_rng(seed).random(len(read)) < test_share
    weights = np.zeros((CONTEXTS, FEATURES))
    weights[:, 0] = 1.0
    rows = []
    for k in range(CONTEXTS):
        train = [(read[i][0], read[i][2]) for i in np.flatnonzero((contexts == k) & ~held_out)]
        test = [(read[i][0], read[i][2]) for i in np.flatnonzero((contexts == k) & held_out)]
        start = np.zeros(FEATURES)
        start[0] = 2.0
        if train:
            x, shortfall, segment = _stack(train)
            result = minimize(
                _objective, start, args=(x, shortfall, segment, len(train), l2), jac=True, method="L-BFGS-B"
            )
            weights[k] = result.x
        policy = fitted = float("nan")
        if test:
            x, shortfall, segment = _stack(test)
            policy = float(_argmax_shortfall(start, x, shortfall, segment).mean())
            fitted = float(_argmax_shortfall(weights[k], x, shortfall, segment).mean())
        rows.append({"context": k, "train": len(train), "test": len(test), "policy": policy, "fitted": fitted})
    weights.setflags(write=False)
    return Fit(weights=weights, report=pd.DataFrame(rows).set_index("context"))
