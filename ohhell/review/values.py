"""Values of the choices at one decision, with intervals: a mean and a t-interval over independent batches.

The strong player's evaluation of a decision is a Monte Carlo mean.  To give
it an interval, the evaluation runs in ``batches`` independent batches, each
on its own child stream of a :class:`numpy.random.SeedSequence`; every
choice of a batch is scored on the same sampled deals, so the *difference*
between two choices (a loss) gets a paired interval, much tighter than the
intervals of the two values.  A value computed exactly carries no interval
(``lo == hi == mean``).

Examples
--------
>>> v = ChoiceValues.from_batches({0: [1.0, 2.0, 3.0], 1: [4.0, 4.5, 5.0]}, confidence=0.95)
>>> v.best, round(v.mean[1], 3), round(v.loss(0), 3)
(1, 4.5, 2.5)
>>> [round(x, 3) for x in v.loss_interval(0)]
[1.258, 3.742]

The loss against the best *sampled* mean is biased upward: noise lifts the
maximum of the means.  :meth:`ChoiceValues.crossfit_loss` chooses the best
on one half of the batches and values it on the other (both ways,
averaged), which is biased the other way (the best of half the batches is
sometimes not the true best).  Where the values are the truth, the two
bracket the true loss in expectation.

>>> v.crossfit_loss(0)
2.625
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

import numpy as np
from scipy import stats

from ohhell.engine import Stream
from ohhell.strategies.rollout import PLAYOUTS, Playout

__all__ = ["Budget", "DEFAULT_BUDGET", "ChoiceValues", "batch_streams", "t_interval"]

K = TypeVar("K", bound=Hashable)


@dataclass(frozen=True, slots=True, kw_only=True)
class Budget:
    """How hard a decision is searched: ``batches`` independent batches of ``samples`` sampled deals each.

    The mean of a choice is over ``batches * samples`` deals; its interval is
    a t-interval over the ``batches`` batch means (``batches >= 2``).
    ``playout``: what plays the sampled deals out after the decision, the
    distilled policy (``"distilled"``, the default) or the rollout policy
    (``"policy"``; :class:`~ohhell.strategies.Rollout`'s ``playout``).  With
    the distilled policy the review's losses add up to the tournament's score
    differences on the same deals (``analysis/review_consistency.py``: folk
    minus strong loss per deal less the score difference, -0.04 (-0.26,
    +0.19), against +0.25 (+0.03, +0.47) with the rollout policy).
    """

    batches: int = 8
    samples: int = 50
    confidence: float = 0.95
    playout: Playout = "distilled"

    def __post_init__(self) -> None:
        for name, low in (("batches", 2), ("samples", 1)):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < low:
                raise ValueError(f"Budget.{name} must be a whole number >= {low}, got {value!r}")
        if not 0.0 < self.confidence < 1.0:
            raise ValueError(f"Budget.confidence must lie strictly between 0 and 1, got {self.confidence!r}")
        if self.playout not in PLAYOUTS:
            raise ValueError(f"Budget.playout must be one of {', '.join(PLAYOUTS)}, got {self.playout!r}")


#: The budget of ``ohhell analyse`` and ``ohhell advise`` when none is given.
DEFAULT_BUDGET = Budget()


def batch_streams(seed: np.random.SeedSequence, batches: int) -> list[Stream]:
    """``batches`` independent streams, one per child of ``seed``."""
    return [Stream(child) for child in seed.spawn(batches)]


def t_interval(values: Sequence[float] | np.ndarray, confidence: float) -> tuple[float, float, float]:
    """Mean and two-sided t-interval of independent batch values (a zero-width interval when they agree)."""
    x = np.asarray(values, dtype=np.float64)
    mean = float(x.mean())
    if x.size < 2:
        return mean, mean, mean
    sd = float(x.std(ddof=1))
    if sd == 0.0 or not math.isfinite(sd):
        return mean, mean, mean
    half = float(stats.t.ppf(0.5 + confidence / 2, x.size - 1)) * sd / math.sqrt(x.size)
    return mean, mean - half, mean + half


@dataclass(frozen=True, slots=True, kw_only=True, eq=False)
class ChoiceValues(Generic[K]):
    """The expected score of each legal choice: ``mean``, ``lo``, ``hi``; ``batch`` the per-batch means.

    ``exact``: computed without sampling (``batch`` then holds the value once).
    ``best`` is the choice with the highest mean (ties: the first given).
    """

    mean: dict[K, float]
    lo: dict[K, float]
    hi: dict[K, float]
    batch: dict[K, np.ndarray]
    confidence: float
    exact: bool
    best: K

    @classmethod
    def from_batches(cls, batch: Mapping[K, Sequence[float] | np.ndarray], *, confidence: float) -> ChoiceValues[K]:
        """Values from per-batch means (every choice over the same batches)."""
        if not batch:
            raise ValueError("a decision needs at least one legal choice")
        arrays = {k: np.asarray(v, dtype=np.float64) for k, v in batch.items()}
        mean: dict[K, float] = {}
        lo: dict[K, float] = {}
        hi: dict[K, float] = {}
        for k, x in arrays.items():
            mean[k], lo[k], hi[k] = t_interval(x, confidence)
        best = max(mean, key=lambda k: mean[k])
        return cls(mean=mean, lo=lo, hi=hi, batch=arrays, confidence=confidence, exact=False, best=best)

    @classmethod
    def from_exact(cls, values: Mapping[K, float]) -> ChoiceValues[K]:
        """Values known exactly."""
        if not values:
            raise ValueError("a decision needs at least one legal choice")
        mean = {k: float(v) for k, v in values.items()}
        best = max(mean, key=lambda k: mean[k])
        batch = {k: np.array([v]) for k, v in mean.items()}
        return cls(mean=mean, lo=dict(mean), hi=dict(mean), batch=batch, confidence=1.0, exact=True, best=best)

    @classmethod
    def evaluate(
        cls, evaluate: Callable[[Stream], Mapping[K, float]], streams: Sequence[Stream], *, confidence: float
    ) -> ChoiceValues[K]:
        """Run ``evaluate`` once per stream (one batch each) and collect the batch means."""
        runs = [evaluate(s) for s in streams]
        keys = list(runs[0])
        return cls.from_batches({k: [float(r[k]) for r in runs] for k in keys}, confidence=confidence)

    def loss(self, choice: K) -> float:
        """Expected points given up by ``choice`` against the best choice (>= 0; 0 for the best)."""
        if choice not in self.mean:
            raise ValueError(f"{choice!r} is not one of the legal choices {list(self.mean)}")
        return max(0.0, self.mean[self.best] - self.mean[choice])

    def crossfit_loss(self, choice: K) -> float:
        """The loss of ``choice`` against the best of one half of the batches, valued on the other half.

        Batches ``0 .. b//2 - 1`` and ``b//2 .. b - 1`` choose in turn, the other
        half values the choice against ``choice`` (paired, on the same
        batches), and the two are averaged.  Not clipped at 0: a choice that
        is truly as good as the best scores about 0, sometimes below.  With an
        even number of batches it is never above :meth:`loss` (the best of
        the whole beats, on the whole, what each half picked).  Exact values
        (one batch): the plain :meth:`loss`.
        """
        if choice not in self.mean:
            raise ValueError(f"{choice!r} is not one of the legal choices {list(self.mean)}")
        keys = list(self.batch)
        runs = np.array([self.batch[k] for k in keys])  # [choice, batch]
        half = runs.shape[1] // 2
        if self.exact or half == 0:
            return self.loss(choice)
        c = keys.index(choice)
        total = 0.0
        for pick, judge in ((runs[:, :half], runs[:, half:]), (runs[:, half:], runs[:, :half])):
            best = int(np.argmax(pick.mean(axis=1)))
            total += float(judge[best].mean() - judge[c].mean())
        return total / 2

    def loss_interval(self, choice: K) -> tuple[float, float]:
        """A paired t-interval of ``best - choice`` over the batches (a point for exact values or the best)."""
        loss = self.loss(choice)
        if self.exact or choice == self.best:
            return loss, loss
        _, lo, hi = t_interval(self.batch[self.best] - self.batch[choice], self.confidence)
        return lo, hi
