"""The solver benchmarks' random deals, importing only what every version of the solver has (``Position``).

``bench_solver.py``, ``check_solver.py`` and ``solver_ab.py`` deal from here (the scripts that take deal kinds
``players:cards:trump:deals`` through :func:`positions_of`); ``solver_ab.py`` also runs
against older versions of ``ohhell`` (``PYTHONPATH``), so this module must not need the newest API.
"""

from __future__ import annotations

import numpy as np

from ohhell.strategies.solver import Position


def random_positions(players: int, cards: int, trump: str, deals: int, seed: int) -> list[tuple[Position, int]]:
    """Random deals from one 52-card deck: seat 0 leads; ``trump`` is ``"suit"`` (random suit),
    ``"none"`` or ``"setesdal"``; each with a random seat to ask about."""
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(deals):
        deck = rng.permutation(52)
        hands = tuple(int(sum(1 << int(c) for c in deck[i * cards : (i + 1) * cards])) for i in range(players))
        under, over = -1, -1
        if trump == "suit":
            over = int(rng.integers(4))
        elif trump == "setesdal":
            under, over = (int(x) for x in rng.permutation(4)[:2])
        out.append((Position(hands=hands, under=under, over=over, leader=0), int(rng.integers(players))))
    return out


def positions_of(kind: str, seed: int) -> list[tuple[Position, int]]:
    """:func:`random_positions` for a deal kind ``players:cards:trump:deals`` (``4:10:suit:40``), seeded by
    ``seed + 100 * players + cards`` so that every script draws the same deals of a kind."""
    players, cards, trump, deals = kind.split(":")
    n, c = int(players), int(cards)
    return random_positions(n, c, trump, int(deals), seed + n * 100 + c)
