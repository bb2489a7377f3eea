"""Variants by name (ohhell.studies.variants): every named change builds valid rules that do what it says."""

from __future__ import annotations

import pytest

import ohhell
from ohhell.rules import Harsh, HighFirst, NoRestriction, RulesError, TurnUpOnce, compile_rules
from ohhell.studies.variants import CHANGES, variant, variants_from


@pytest.mark.parametrize(("change", "choice"), [(c, k) for c, ks in CHANGES.items() for k in ks])
def test_every_named_change_makes_playable_rules(change: str, choice: str) -> None:
    base = "bondebridge" if (change, choice) == ("restriction", "first-adjusts") else "boerenbridge"
    try:
        rules = variant(base, 4, **{change: choice})
    except RulesError as exc:  # a change the preset cannot take must say why
        assert str(exc)
        return
    last = compile_rules(rules).n_rounds - 1
    deal = ohhell.play_deal(rules, [ohhell.strategies.Folk()] * 4, seed=1, round_index=last)
    assert sum(deal.tricks_won) == deal.hand_size


def test_changes_do_what_they_say() -> None:
    r = variant("boerenbridge", 4, miss="harsh", trump="once", restriction="none", schedule="high-first")
    assert r.scoring.miss == Harsh() and r.trump == TurnUpOnce() and r.restriction == NoRestriction()
    assert isinstance(r.schedule, HighFirst)
    assert r.scoring.table(2).tolist() == [[10, -1, -2], [-1, 12, -1], [-2, -1, 14]]
    assert variant("boerenbridge", 4, scoring="10+bid").scoring.table(1).tolist() == [[10, 0], [0, 11]]
    assert compile_rules(variant("boerenbridge", 4, schedule="fixed-5")).hand_sizes.tolist() == [5] * 10
    assert variant("boerenbridge", 4) == ohhell.boerenbridge(4)


def test_variants_from_a_config_table() -> None:
    vs = variants_from({"std": {"preset": "boerenbridge"}, "harsh": {"preset": "boerenbridge", "miss": "harsh"}}, 4)
    assert list(vs) == ["std", "harsh"] and vs["harsh"].name == "harsh" and vs["harsh"].players == 4
    with pytest.raises(ValueError, match="needs a preset"):
        variants_from({"x": {"miss": "harsh"}}, 4)
    with pytest.raises(ValueError, match="unknown change 'colour'"):
        variant("boerenbridge", 4, colour="red")
    with pytest.raises(ValueError, match="unknown schedule 'fixed-x'"):
        variant("boerenbridge", 4, schedule="fixed-x")
