"""One rule decision, one compiled function: the codes in CompiledRules, what the kernel supports.

The compiled rule functions of ``ohhell.rules`` are checked here against the
Python policies they replace in the engines (oracle tests over random
inputs); :func:`~ohhell.sim.fast_path_reason` is checked to refuse any code
the kernel does not state it plays.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

import ohhell
from ohhell.rules import (
    BoerConsolation,
    DrawTrump,
    Elimination,
    ExactBonus,
    FirstBidderAdjusts,
    HighestBidderAdjusts,
    NoRestriction,
    PlayAllRounds,
    Scoring,
    compile_rules,
)
from ohhell.rules.compiled import RESTRICTIONS, TIE_BREAKS, TRUMP_SOURCES
from ohhell.sim import fast_path_reason, kernel

RANDOM = ohhell.RandomStrategy()


# -- the codes the kernel reads are in CompiledRules ---------------------------


@pytest.mark.parametrize(
    ("restriction", "code"),
    [(NoRestriction(), 0), (ohhell.rules.DealerHook(), 1), (FirstBidderAdjusts(), 2), (HighestBidderAdjusts(), 3)],
)
def test_the_restriction_code_names_the_policy(restriction: object, code: int) -> None:
    c = compile_rules(replace(ohhell.boerenbridge(4), restriction=restriction))
    assert c.restriction_code == code
    assert RESTRICTIONS[c.restriction_code] == c.restriction


def test_consolation_draw_and_tie_break_codes_follow_the_policies() -> None:
    plain = compile_rules(ohhell.boerenbridge(4))
    assert (plain.consolation_points, plain.consolation_ties) == (0, True)
    assert plain.tie_break_codes.tolist() == [0, 1]
    rules = replace(
        ohhell.boerenbridge(4),
        trump=DrawTrump(plain_only=False),
        scoring=Scoring(made=ExactBonus(base=10, per_trick=1), consolation=BoerConsolation(points=3, ties=False)),
        match_end=PlayAllRounds(tie_breaks=("best_round",)),
    )
    c = compile_rules(rules)
    assert (c.consolation_points, c.consolation_ties) == (3, False)
    assert [TIE_BREAKS[t] for t in c.tie_break_codes] == ["best_round"]
    assert not c.draw_plain.any() and c.draw_plain.shape == (c.n_rounds,)
    assert compile_rules(replace(rules, trump=DrawTrump())).draw_plain.all()
    assert compile_rules(replace(rules, match_end=Elimination(tie_breaks=()))).tie_break_codes.shape == (0,)


# -- what the kernel supports is data, checked before it runs -----------------


def test_every_known_code_is_supported_by_the_kernel() -> None:
    assert frozenset(range(len(TRUMP_SOURCES))) == kernel.TRUMP_SOURCE_CODES
    assert frozenset(range(len(RESTRICTIONS))) == kernel.RESTRICTION_CODES
    assert frozenset(range(len(TIE_BREAKS))) == kernel.TIE_BREAK_CODES
    assert fast_path_reason(compile_rules(ohhell.boerenbridge(4)), [RANDOM] * 4) is None


def test_an_unknown_trump_source_code_falls_back_naming_it() -> None:
    c = compile_rules(ohhell.boerenbridge(4))
    sources = c.trump_source.copy()
    sources[3] = len(TRUMP_SOURCES)  # a trump source added to the rules but not to the kernel
    reason = fast_path_reason(replace(c, trump_source=sources), [RANDOM] * 4)
    assert reason is not None and "trump source" in reason and f"code {len(TRUMP_SOURCES)}" in reason


def test_a_trump_source_the_kernel_drops_falls_back_naming_it(monkeypatch: pytest.MonkeyPatch) -> None:
    c = compile_rules(ohhell.bondebridge(4))
    assert fast_path_reason(c, [RANDOM] * 4) is None
    fixed = TRUMP_SOURCES.index("fixed")
    monkeypatch.setattr(kernel, "TRUMP_SOURCE_CODES", kernel.TRUMP_SOURCE_CODES - {fixed})
    reason = fast_path_reason(c, [RANDOM] * 4)
    assert reason is not None and "'fixed'" in reason


def test_an_unknown_restriction_code_falls_back_naming_it() -> None:
    c = compile_rules(ohhell.boerenbridge(4))
    reason = fast_path_reason(replace(c, restriction_code=7), [RANDOM] * 4)
    assert reason is not None and "bid restriction code 7" in reason


def test_unknown_tie_break_and_sight_codes_fall_back_naming_them() -> None:
    c = compile_rules(ohhell.boerenbridge(4))
    reason = fast_path_reason(replace(c, tie_break_codes=np.array([0, 5], dtype=np.int64)), [RANDOM] * 4)
    assert reason is not None and "tie-break code 5" in reason
    sight = c.sight.copy()
    sight[0] = 9
    reason = fast_path_reason(replace(c, sight=sight), [RANDOM] * 4)
    assert reason is not None and "sight code 9" in reason


def test_a_fast_run_with_an_unknown_code_is_refused_not_played() -> None:
    from ohhell.sim import run_chunk

    c = compile_rules(ohhell.boerenbridge(4))
    bad = replace(c, restriction_code=9)
    with pytest.raises(ValueError, match="bid restriction code 9"):
        run_chunk(bad, [RANDOM] * 4, "deals", "fast", 1, 0, 5)
