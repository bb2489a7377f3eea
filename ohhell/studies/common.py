"""What every study shares: strategies given by name or value, labels, where checkpoints go, safe writes."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pandas as pd
from numpy.random import SeedSequence

from ohhell.engine import SeedLike, Strategy, seed_sequence
from ohhell.rules import Rules
from ohhell.sim.checkpoint import atomic_write
from ohhell.strategies.registry import strategy
from ohhell.version import __version__

__all__ = [
    "StrategyLike",
    "resolve",
    "label_of",
    "seating",
    "sub_checkpoint",
    "study_seed",
    "study_meta",
    "first_dealers",
    "atomic_write",
    "sha256",
    "StudyPartWarning",
]


class StudyPartWarning(UserWarning):
    """A finished study part on disk was not used (damaged or failing its checksum) and is recomputed."""


#: A strategy, or its name for :func:`ohhell.strategies.registry.strategy` (``"folk"``, ``"ev"``...).
StrategyLike = Strategy | str


def resolve(s: StrategyLike) -> Strategy:
    """The strategy itself, or the one a name stands for."""
    return strategy(s) if isinstance(s, str) else s


def label_of(s: StrategyLike) -> str:
    """A short label: the name given, or the strategy's class name."""
    return s if isinstance(s, str) else type(s).__name__


def seating(rules: Rules, strategies: StrategyLike | Sequence[StrategyLike]) -> tuple[tuple[Strategy, ...], str]:
    """One strategy per seat (a single one fills the table) and a label for the table."""
    if isinstance(strategies, (str, Strategy)):
        seats: list[StrategyLike] = [strategies] * rules.players
    else:
        seats = list(strategies)
    if len(seats) != rules.players:
        raise ValueError(f"{rules.players} players need 1 or {rules.players} strategies, got {len(seats)}")
    labels = [label_of(s) for s in seats]
    label = labels[0] if len(set(labels)) == 1 else ",".join(labels)
    return tuple(resolve(s) for s in seats), label


def sub_checkpoint(root: str | Path | None, *parts: object) -> Path | None:
    """The checkpoint directory of one run inside a study's checkpoint root (None stays None)."""
    if root is None:
        return None
    return Path(root).joinpath(*(str(p).replace("/", "_").replace(" ", "_") for p in parts))


def study_seed(seed: SeedLike) -> SeedSequence:
    """One seed sequence for the whole study (None draws fresh entropy, recorded in the meta)."""
    return seed_sequence(seed)


def study_meta(study: str, ss: SeedSequence, **fields: Any) -> dict[str, Any]:
    """What a study's frames carry in ``attrs``: the study, the seed's entropy and the version."""
    meta: dict[str, Any] = {"study": study, "seed_entropy": str(ss.entropy), "ohhell": __version__}
    for key, value in fields.items():
        meta[key] = dict(value) if isinstance(value, Mapping) else value
    return meta


def first_dealers(rows: pd.DataFrame) -> pd.Series:
    """The seat that dealt round 1 of each match (indexed by ``unit``), from a matches-mode deals frame."""
    first_round = rows[(rows["round"] == 1) & (rows["seat_from_dealer"] == rows["players"] - 1)]
    return first_round.set_index("unit")["seat"].sort_index()


def sha256(data: bytes) -> str:
    """The SHA-256 of ``data`` in hex."""
    return hashlib.sha256(data).hexdigest()
