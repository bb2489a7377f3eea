"""The solver's compiled functions index without negative indices, and never need one.

:mod:`ohhell.strategies.solver.indexing` lowers the solver's own array indexing
without Python's negative-index step (1.14-1.19x faster: ``benchmarks/RESULTS-solver.md``).
Contract tests: the hook is in place, it covers the solver's functions and no
one else's.  And a run with numba's bounds checks on (a fresh process, an empty
cache): a negative index, which the solver would now read outside its array,
raises there instead; every answer must match this process's.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np
from numba import njit

from ohhell.strategies.solver import (
    Position,
    SearchOptions,
    can_take_exactly,
    card_reach,
    card_trick_values,
    card_values,
    exact_targets,
    trick_bounds,
)
from ohhell.strategies.solver import search as _search
from ohhell.strategies.solver.indexing import installed, mangled_prefix
from tests.test_solver import _random_deal


@njit(cache=False)
def _last(a: np.ndarray) -> int:
    return int(a[-1])


def test_the_hook_covers_the_solver_and_nothing_else() -> None:
    assert installed()
    trick_bounds(Position(hands=(0b11, 0b1100), over=0), 0)
    prefix = mangled_prefix("ohhell.strategies.solver")
    assert prefix == "_ZN6ohhell10strategies6solver"
    names = [result.fndesc.mangled_name for result in _search.solve.overloads.values()]
    assert names and all(name.startswith(prefix) for name in names)
    # a function outside the solver, compiled after the hook, still reads a[-1] as Python does
    assert _last(np.arange(5, dtype=np.int64)) == 4


def _deal(rng: random.Random, players: int, cards: int, trump: str, played: int) -> Position:
    """A deal as the solver's tests draw it, the first ``played`` cards of its trick played (each the
    lowest legal card, so the position stays legal)."""
    pos = _random_deal(rng, players, cards, trump)
    for _ in range(played):
        pos = pos.play(min(pos.legal_cards()))
    return pos


def answers() -> list[object]:
    """Every question of the solver on seeded deals that reach its tie games, probes, Setesdal pair,
    partition search and card questions (ties from every position on the first deals)."""
    rng = random.Random(2026)
    everywhere = SearchOptions(tie_games_from_cards=1, tie_probes_from_cards=1)
    out: list[object] = []
    for players, cards, trump, played, options in [
        (4, 7, "one", 0, everywhere),
        (4, 7, "setesdal", 1, everywhere),
        (4, 8, "one", 2, None),
        (3, 9, "none", 0, None),
        (5, 6, "setesdal", 3, None),
        (7, 4, "one", 0, everywhere),
    ]:
        for _ in range(2):
            pos = _deal(rng, players, cards, trump, played)
            seat = rng.randrange(players)
            lo, hi = trick_bounds(pos, seat, options=options)
            out.append([lo, hi, list(exact_targets(pos, seat, options=options))])
            out.append(can_take_exactly(pos, seat, (lo + hi) // 2, options=options))
            out.append(sorted(card_trick_values(pos, seat, options=options).items()))
            out.append(sorted(card_reach(pos, seat, lo, options=options).items()))
            out.append(sorted(card_values(pos, pos.to_move, 1, options=options).items()))
    return out


def test_the_solver_never_indexes_outside_its_arrays() -> None:
    """The solver compiled with numba's bounds checks (``NUMBA_BOUNDSCHECK=1``) in a fresh process with an
    empty cache: no IndexError, and the same answers as here."""
    here = json.loads(json.dumps(answers()))
    root = Path(__file__).resolve().parent.parent
    code = "import json; from tests.test_solver_indexing import answers; print(json.dumps(answers()))"
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "NUMBA_BOUNDSCHECK": "1", "NUMBA_CACHE_DIR": cache, "OHHELL_CACHE_DIR": "off"}
        done = subprocess.run(
            [sys.executable, "-c", code], cwd=root, env=env, capture_output=True, text=True, timeout=600, check=False
        )
    assert done.returncode == 0, done.stderr[-3000:]
    assert json.loads(done.stdout.strip().splitlines()[-1]) == here
