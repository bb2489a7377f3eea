"""Precision targets: stop a simulation once an interval is narrow enough.

Pass a :class:`Precision` as ``stop=`` to :func:`ohhell.simulate`; chunks
are taken in order and the run stops after the first chunk at which the
target holds, so the result does not depend on the number of workers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from ohhell.sim import SimulationResult
from ohhell.stats.tables import made_rate, mean_score

__all__ = ["Precision"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Precision:
    """Stop when every group's interval half-width is at most ``half_width``.

    ``estimate``: ``"made_rate"`` (a proportion, Wilson interval) or
    ``"mean_score"`` (a mean, t interval); ``by``: grouping columns (none:
    the overall estimate); ``min_units``: never stop before this many units.

    Examples
    --------
    >>> import ohhell
    >>> res = ohhell.simulate(ohhell.boerenbridge(4), ohhell.RandomStrategy(), deals=200_000, seed=1,
    ...     chunk_size=2000, n_jobs=1, stop=Precision(estimate="made_rate", half_width=0.01))
    >>> res.meta["stopped_early"], res.units < 200_000
    (True, True)
    """

    estimate: Literal["made_rate", "mean_score"] = "made_rate"
    half_width: float = 0.01
    by: Sequence[str] = ()
    confidence: float = 0.95
    min_units: int = 0

    def __post_init__(self) -> None:
        if self.estimate not in ("made_rate", "mean_score"):
            raise ValueError(f"Precision.estimate must be 'made_rate' or 'mean_score', got {self.estimate!r}")
        if isinstance(self.half_width, bool) or not isinstance(self.half_width, (int, float)):
            raise TypeError(f"Precision.half_width must be a number > 0, got {self.half_width!r}")
        if not self.half_width > 0:
            raise ValueError(f"Precision.half_width must be > 0, got {self.half_width}")
        if not 0 < self.confidence < 1:
            raise ValueError(f"Precision.confidence must be between 0 and 1, got {self.confidence}")
        if isinstance(self.by, str):
            raise TypeError(f"Precision.by must be a list of column names, not a string: {self.by!r}")
        object.__setattr__(self, "by", tuple(self.by))
        if isinstance(self.min_units, bool) or not isinstance(self.min_units, int) or self.min_units < 0:
            raise ValueError(f"Precision.min_units must be a whole number >= 0, got {self.min_units!r}")

    def widest(self, result: SimulationResult) -> float:
        """The largest half-width among the groups."""
        table = (made_rate if self.estimate == "made_rate" else mean_score)(result, self.by, self.confidence)
        return float(((table["hi"] - table["lo"]) / 2).max())

    def reached(self, result: SimulationResult) -> bool:
        if result.units < self.min_units:
            return False
        return self.widest(result) <= self.half_width
