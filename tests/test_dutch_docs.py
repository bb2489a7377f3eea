"""docs/games/dutch.md stays true: its examples run, and it names every policy and option of the rules."""

from __future__ import annotations

import dataclasses
import doctest
from pathlib import Path

from ohhell.dutch import rules as dutch_rules

PAGE = Path(__file__).resolve().parents[1] / "docs" / "games" / "dutch.md"


def test_the_page_examples_run() -> None:
    result = doctest.testfile(
        str(PAGE), module_relative=False, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    )
    assert result.attempted > 20 and result.failed == 0


def test_the_page_names_every_policy_and_option() -> None:
    text = PAGE.read_text()
    policies = [
        cls
        for cls in vars(dutch_rules).values()
        if isinstance(cls, type) and dataclasses.is_dataclass(cls) and cls is not dutch_rules.DutchRules
    ]
    assert len(policies) == 9
    for cls in policies:
        assert f"`{cls.__name__}" in text, cls.__name__
        for f in dataclasses.fields(cls):
            assert f.name in text, f"{cls.__name__}.{f.name} is not documented in {PAGE.name}"


STUDIES_PAGE = PAGE.parent / "dutch-studies.md"
RESULTS = PAGE.parents[2] / "analysis" / "results"


def test_the_studies_page_quotes_the_committed_reports() -> None:
    """Every finding the studies page lists is a headline line of a committed report, word for word."""
    reports = "\n".join(p.read_text() for p in sorted(RESULTS.glob("dutch-*/report.md")))
    quoted = [line for line in STUDIES_PAGE.read_text().splitlines() if line.startswith("- ")]
    assert len(quoted) > 30
    missing = [line for line in quoted if line not in reports]
    assert not missing, missing[:3]
    for config in sorted((PAGE.parents[2] / "analysis").glob("dutch-*.toml")):
        assert f"analysis/{config.name}" in STUDIES_PAGE.read_text(), config.name
