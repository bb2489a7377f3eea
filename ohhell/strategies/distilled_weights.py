"""The distilled card policy's fitted weights, shipped with the package (``distilled_weights.json``).

The file holds one weight per context and feature of
:mod:`ohhell.strategies.distilled_core`, named as there, and how they were
fitted: the command, the decisions it read and the value the policy loses
against the rollout player's estimates on held-out decisions.
``analysis/distill_cards.py`` writes it (see
:mod:`ohhell.strategies.distill`).
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from typing import Any

import numpy as np

from ohhell.strategies.distilled_core import CONTEXTS, FEATURE_NAMES

__all__ = ["card_weights", "weights_file", "WEIGHTS_FILE"]

WEIGHTS_FILE = "distilled_weights.json"


def weights_file() -> dict[str, Any]:
    """The shipped weights file, as read (weights, feature names, how they were fitted)."""
    text = resources.files("ohhell.strategies").joinpath(WEIGHTS_FILE).read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


@lru_cache(maxsize=1)
def card_weights() -> np.ndarray:
    """The shipped weights, ``[CONTEXTS, FEATURES]`` (read-only).

    Raises ``RuntimeError`` when the file's features are not those of
    :data:`~ohhell.strategies.distilled_core.FEATURE_NAMES` in order (the
    features changed and the weights were not fitted again).
    """
    data = weights_file()
    if tuple(data["features"]) != FEATURE_NAMES:
        raise RuntimeError(
            f"{WEIGHTS_FILE} was fitted for other features than ohhell.strategies.distilled_core's;"
            " fit them again with analysis/distill_cards.py"
        )
    weights = np.array(data["weights"], dtype=np.float64)
    if weights.shape != (CONTEXTS, len(FEATURE_NAMES)):
        expected = (CONTEXTS, len(FEATURE_NAMES))
        raise RuntimeError(f"{WEIGHTS_FILE}: weights of shape {weights.shape}, expected {expected}")
    weights.setflags(write=False)
    return weights
