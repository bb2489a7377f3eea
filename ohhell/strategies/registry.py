"""Strategies by name, for the command line and configs.

``random``, ``folk``, ``folk-no-TIP`` (one tip switched off, e.g.
``folk-no-bid_low``), ``spoiler`` (folk with vri), ``ev`` / ``ev:SAMPLES``
(the expected-value bidder), ``pimc`` / ``pimc:SAMPLES`` (PIMC card play),
``rollout`` / ``rollout:SAMPLES`` (bids and cards by policy rollouts;
``SAMPLES`` sampled deals per card decision, 4/3 as many per bid),
``rollout-distilled`` (the same, the rollouts played by the distilled
policy: ``Rollout(playout="distilled")``).

``card-odds`` (bids from learned per-card trick chances, the rollout
policy's play; compiled) and ``distilled`` (the same bids, cards by a linear
policy fitted to the rollout player's card values; compiled).

``strongest`` always names the library's current strongest player (today
``rollout``) and ``strongest-fast`` the strongest that plays at study speed
on the compiled path (today ``distilled``, which beats ``card-odds`` in
duplicate tournaments: docs/explanation/strategies.md), so configs and
commands that ask for them follow improvements.

Examples
--------
>>> strategy("folk-no-bid_low") == Folk(bid_low=False)
True
>>> strategy("ev:32").samples
32
>>> strategy("strongest") == strategy("rollout"), strategy("strongest-fast") == strategy("distilled")
(True, True)
"""

from __future__ import annotations

from ohhell.engine import Strategy
from ohhell.strategies.card_odds import CardOdds
from ohhell.strategies.distilled import Distilled
from ohhell.strategies.expected_value import ExpectedValue
from ohhell.strategies.folk import Folk, Spoiler
from ohhell.strategies.folk_core import TIPS
from ohhell.strategies.pimc import PIMC
from ohhell.strategies.random import RandomStrategy
from ohhell.strategies.rollout import Rollout

__all__ = ["strategy", "NAMES", "ALIASES"]

NAMES = (
    "random", "folk", "folk-no-TIP", "spoiler", "ev", "ev:SAMPLES", "pimc", "pimc:SAMPLES", "rollout",
    "rollout:SAMPLES", "rollout-distilled", "card-odds", "distilled", "strongest", "strongest-fast",
)  # fmt: skip

#: Aliases that always point at the current best player of their kind.
ALIASES = {"strongest": "rollout", "strongest-fast": "distilled"}


def strategy(name: str) -> Strategy:
    """The strategy called ``name`` (see the module docs)."""
    key = name.strip().lower()
    key = ALIASES.get(key, key)
    if key == "random":
        return RandomStrategy()
    if key == "folk":
        return Folk()
    if key.startswith("folk-no-"):
        return Folk().without(key.removeprefix("folk-no-").replace("-", "_"))
    if key == "spoiler":
        return Spoiler(inner=Folk())
    if key == "pimc" or key.startswith("pimc:"):
        samples = key.partition(":")[2]
        if samples and not samples.isdigit():
            raise ValueError(f"pimc:SAMPLES needs a whole number of samples, got {name!r}")
        return PIMC(samples=int(samples)) if samples else PIMC()
    if key == "card-odds":
        return CardOdds()
    if key == "distilled":
        return Distilled()
    if key == "rollout-distilled":
        return Rollout(playout="distilled")
    if key == "rollout" or key.startswith("rollout:"):
        samples = key.partition(":")[2]
        if samples and (not samples.isdigit() or int(samples) < 1):
            raise ValueError(f"rollout:SAMPLES needs a whole number of samples >= 1, got {name!r}")
        if not samples:
            return Rollout()
        return Rollout(play_samples=int(samples), bid_samples=max(1, int(samples) * 4 // 3))
    if key == "ev" or key.startswith("ev:"):
        samples = key.partition(":")[2]
        if samples and not samples.isdigit():
            raise ValueError(f"ev:SAMPLES needs a whole number of samples, got {name!r}")
        return ExpectedValue(samples=int(samples)) if samples else ExpectedValue()
    tips = ", ".join(f"folk-no-{t}" for t in TIPS)
    raise ValueError(
        f"unknown strategy {name!r}; known: random, folk, spoiler, ev, ev:SAMPLES, pimc, pimc:SAMPLES, "
        f"rollout, rollout:SAMPLES, rollout-distilled, card-odds, distilled, strongest, strongest-fast, {tips}"
    )
