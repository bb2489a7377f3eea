"""What ``simulate`` checks before its first chunk, and how it stops.

Contract tests of the argument checks (each wrong argument fails before any
chunk runs, saying what is allowed), an oracle for the memory estimate (the
rows it counts are the rows a run returns; its peak is the one tracemalloc
measures), the memory guard, the compile-ahead line, Ctrl-C, and where the
fallback warning points.
"""

from __future__ import annotations

import math
import os
import tracemalloc
import warnings
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import ohhell
from ohhell.cards import Card, Suit
from ohhell.engine import Observation, Stream, compiled_functions
from ohhell.rules import DoubleDeck, compile_rules
from ohhell.sim import (
    FastPathUnavailable,
    Interrupted,
    MemoryLimitExceeded,
    default_memory_limit,
    memory_needed,
    preflight,
)
from ohhell.sim import run as sim_run
from ohhell.sim.paths import run_chunk
from ohhell.strategies import ExpectedValue, Folk, RandomStrategy
from ohhell.tournament import tournament

RULES = ohhell.boerenbridge(4)
RANDOM = RandomStrategy()


@pytest.fixture
def no_chunks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fail the test if any chunk starts: the checks must come first."""

    def refuse(*args: Any) -> Any:
        raise AssertionError("a chunk ran before the arguments were checked")

    monkeypatch.setattr(sim_run, "play_chunk", refuse)
    monkeypatch.setattr(preflight, "run_chunk", refuse)


# -- counts ---------------------------------------------------------------------------------


@pytest.mark.parametrize("value", [1.5, "100", True, 100.0])
@pytest.mark.parametrize("kind", ["deals", "matches"])
def test_a_count_must_be_a_whole_number(no_chunks: None, kind: str, value: object) -> None:
    with pytest.raises(TypeError, match=f"{kind}= takes a whole number, got {value!r}"):
        ohhell.simulate(RULES, RANDOM, **{kind: value}, n_jobs=1)  # type: ignore[arg-type]


@pytest.mark.parametrize("value", [0, -5])
def test_a_count_must_be_at_least_one(no_chunks: None, value: int) -> None:
    with pytest.raises(ValueError, match=f"deals= must be at least 1, got {value}"):
        ohhell.simulate(RULES, RANDOM, deals=value, n_jobs=1)


def test_exactly_one_count(no_chunks: None) -> None:
    with pytest.raises(ValueError, match="exactly one of deals= or matches="):
        ohhell.simulate(RULES, RANDOM, deals=10, matches=10, n_jobs=1)


def test_a_numpy_integer_is_a_count() -> None:
    res = ohhell.simulate(RULES, RANDOM, deals=np.int64(12), seed=1, n_jobs=1)  # type: ignore[arg-type]
    assert res.units == 12 and res.deals is not None and len(res.deals) == 48


# -- the other arguments --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "error", "message"),
    [
        ({"engine": "bogus"}, ValueError, "engine= takes one of 'auto', 'fast', 'reference', got 'bogus'"),
        ({"engine": "Fast"}, ValueError, "engine= takes one of"),
        ({"n_jobs": 0}, ValueError, "n_jobs= takes a whole number other than 0"),
        ({"n_jobs": 1.5}, ValueError, "n_jobs= takes a whole number other than 0"),
        ({"chunk_size": 2.5}, TypeError, "chunk_size= takes a whole number"),
        ({"chunk_size": 0}, ValueError, "chunk_size= must be at least 1"),
        ({"summary": "seat"}, TypeError, r"summary= takes a list of column names, e\.g\. \['seat'\]"),
        ({"summary": [1, 2]}, TypeError, "summary= takes a list of column names"),
        ({"summary": ["seat", "bogus"]}, ValueError, r"cannot group by \['bogus'\]: the deals frame has unit, round"),
        ({"summary": ["trumps"]}, ValueError, "features=True adds the hand features"),
        ({"summary": ["made"]}, ValueError, "the summary counts those"),
        ({"checkpoint": 3}, TypeError, "checkpoint= takes a directory"),
        ({"checkpoint": ""}, ValueError, "empty string"),
        ({"stop": "precise"}, TypeError, "stop= takes a stop rule"),
        ({"progress": "yes"}, TypeError, "progress= takes True, False or None"),
        ({"features": 1}, TypeError, "features= takes True or False"),
        ({"memory_limit": 0}, ValueError, "memory_limit= takes a number of bytes above 0"),
        ({"backend": ""}, TypeError, "backend= takes joblib's backend name"),
    ],
)
def test_a_wrong_argument_is_refused_before_any_chunk(
    no_chunks: None,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    options: dict[str, Any],
    error: type[Exception],
    message: str,
) -> None:
    monkeypatch.chdir(tmp_path)  # nothing may be written into the working folder either
    with pytest.raises(error, match=message):
        ohhell.simulate(RULES, RANDOM, deals=100, seed=1, **{"n_jobs": 1, **options})
    assert list(tmp_path.iterdir()) == []


def test_a_summary_may_group_by_a_feature_with_features() -> None:
    res = ohhell.simulate(RULES, RANDOM, deals=200, seed=1, n_jobs=1, summary=["trumps"], features=True)
    assert res.summary is not None and int(res.summary["n"].sum()) == 800


@pytest.mark.parametrize(
    ("strategies", "message"),
    [
        ("folk", r"the strategy of seat 0 is the string 'folk'; pass a strategy, e\.g\. ohhell\.strategies"),
        (Folk, r"the strategy of seat 0 is the class Folk; pass an instance: Folk\(\)"),
        ([RANDOM, RANDOM, object(), RANDOM], "the strategy of seat 2, <object object at .*>, is not a strategy"),
        ([RANDOM, RANDOM, "ev", RANDOM], "the strategy of seat 2 is the string 'ev'"),
    ],
)
def test_strategies_are_checked_before_any_chunk(no_chunks: None, strategies: Any, message: str) -> None:
    with pytest.raises(TypeError, match=message):
        ohhell.simulate(RULES, strategies, deals=100, n_jobs=1)


def test_rules_must_be_rules(no_chunks: None) -> None:
    with pytest.raises(TypeError, match="rules= takes a Rules value"):
        ohhell.simulate("boerenbridge", RANDOM, deals=100, n_jobs=1)  # type: ignore[arg-type]


# -- the memory estimate and guard ----------------------------------------------------------


@pytest.mark.parametrize("features", [False, True])
@pytest.mark.parametrize(("mode", "units"), [("deals", 60_001), ("matches", 2_001)])
def test_the_memory_estimate_counts_the_rows_and_bounds_the_peak(mode: str, units: int, features: bool) -> None:
    """Oracle: the rows the estimate counts are the rows returned; tracemalloc's peak is 70-100% of its bytes."""
    names = [repr(RANDOM)] * 4
    chunk = units // 3
    need = memory_needed(compile_rules(RULES), names, mode, units, features, chunk)  # type: ignore[arg-type]
    count: dict[str, Any] = {mode: units}
    # loaded code and caches first: the peak measured is the run's own
    ohhell.simulate(RULES, RANDOM, **{mode: 3}, seed=3, n_jobs=1, progress=False, features=features)
    tracemalloc.start()
    try:
        res = ohhell.simulate(
            RULES, RANDOM, **count, seed=3, n_jobs=1, progress=False, chunk_size=chunk, features=features
        )
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert res.deals is not None
    assert need.rows == len(res.deals)  # no elimination in Boerenbridge: every seat plays every deal
    frame_bytes = int(res.deals.memory_usage(index=False).sum())
    assert need.row_bytes * need.rows <= frame_bytes <= need.row_bytes * need.rows + 4096  # categories aside
    assert 0.7 * need.bytes <= peak <= need.bytes


def test_the_estimate_grows_with_the_features() -> None:
    c = compile_rules(RULES)
    plain = memory_needed(c, ["r"] * 4, "deals", 1000, False)
    more = memory_needed(c, ["r"] * 4, "deals", 1000, True)
    assert more.rows == plain.rows == 4000 and more.row_bytes > plain.row_bytes


def test_a_run_that_does_not_fit_is_refused_with_summary_mode_suggested(no_chunks: None, tmp_path: Path) -> None:
    with pytest.raises(MemoryLimitExceeded, match=r"1,000,000,000 deals would keep 4,000,000,000 rows") as info:
        ohhell.simulate(RULES, RANDOM, deals=10**9, seed=1, checkpoint=tmp_path / "run")
    text = str(info.value)
    assert "pass summary=[...]" in text and "half of this machine's memory" in text
    assert isinstance(info.value, ValueError) and not (tmp_path / "run").exists()


def test_memory_limit_overrides_the_default(no_chunks: None) -> None:
    with pytest.raises(MemoryLimitExceeded, match=r"above the limit of 0\.0 GB \(memory_limit=\)"):
        ohhell.simulate(RULES, RANDOM, deals=1000, n_jobs=1, memory_limit=10_000)


def test_memory_limit_lets_a_run_through() -> None:
    res = ohhell.simulate(RULES, RANDOM, deals=100, seed=1, n_jobs=1, memory_limit=math.inf)
    assert res.units == 100


def test_summary_mode_is_never_refused() -> None:
    res = ohhell.simulate(RULES, RANDOM, deals=100, seed=1, n_jobs=1, summary=["seat"], memory_limit=1)
    assert res.summary is not None and int(res.summary["n"].sum()) == 400


def test_the_default_limit_is_half_the_memory() -> None:
    physical = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    assert default_memory_limit() <= physical / 2
    assert default_memory_limit() == min(physical, preflight._cgroup_limit()) / 2


@dataclass(frozen=True)
class Slow:
    """Random play the compiled path does not know (not a RandomStrategy)."""

    def bid(self, obs: Observation, rng: Stream) -> int:
        return RANDOM.bid(obs, rng)

    def play(self, obs: Observation, rng: Stream) -> Card:
        return RANDOM.play(obs, rng)

    def name_trump(self, obs: Observation, rng: Stream) -> Suit:
        return RANDOM.name_trump(obs, rng)


@dataclass(frozen=True)
class Hungry(Slow):
    def bid(self, obs: Observation, rng: Stream) -> int:
        raise MemoryError("no room")


def test_running_out_of_memory_is_not_blamed_on_the_chunk() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", FastPathUnavailable)
        with pytest.raises(MemoryError, match="no room") as info:
            ohhell.simulate(RULES, Hungry(), deals=10, n_jobs=1)
    assert "Reproduce" not in str(info.value)


# -- compiling ahead ------------------------------------------------------------------------


def test_the_first_compilation_is_announced_before_the_bar(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    calls: list[int] = []
    real = run_chunk

    def counted(*args: Any) -> Any:
        calls.append(args[-1])
        return real(*args)

    monkeypatch.setattr(preflight, "needs_compiling", lambda mode, two_decks=False: True)
    monkeypatch.setattr(preflight, "run_chunk", counted)
    res = ohhell.simulate(RULES, Folk(), deals=3000, seed=1, n_jobs=1, chunk_size=1000, progress=True)
    err = capsys.readouterr().err
    assert calls == [1]  # one throwaway deal, in this process
    line = "compiling the simulator once, about 30-60 s (later runs load it from numba's cache)..."
    assert line in err and "compiled in " in err
    assert err.index(line) < err.index("boerenbridge deals")
    again = ohhell.simulate(RULES, Folk(), deals=3000, seed=1, n_jobs=1, chunk_size=1000, progress=False)
    assert res.deals is not None and again.deals is not None and res.deals.equals(again.deals)


def test_no_line_without_a_bar_or_when_compiled(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    ohhell.simulate(RULES, Folk(), deals=10, seed=1, n_jobs=1)
    ohhell.simulate(RULES, Folk(), deals=10, seed=1, n_jobs=1, engine="reference")
    assert not preflight.needs_compiling("deals")  # compiled in this process now
    assert not any(preflight.dispatcher_needs_compiling(f) for f in Folk().compiled_functions())
    capsys.readouterr()
    monkeypatch.setattr(preflight, "needs_compiling", lambda mode, two_decks=False: True)
    ohhell.simulate(RULES, Folk(), deals=10, seed=1, n_jobs=1, progress=False)
    ohhell.simulate(RULES, Folk(), deals=10, seed=1, n_jobs=1, engine="reference", progress=True)
    assert "compiling" not in capsys.readouterr().err


def test_the_players_compiled_code_is_built_ahead_and_announced(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """On the reference engine the players' own compiled functions (a PIMC player's solver, its
    expected-value bidder, the folk players') would be built at a first decision, with the bar at zero:
    the run builds them first, in one throwaway deal of the most cards, with the line, before the bar."""
    from ohhell.strategies.pimc import PIMC

    asked: list[object] = []
    monkeypatch.setattr(
        preflight, "dispatcher_needs_compiling", lambda dispatcher, version=None: asked.append(dispatcher) or True
    )
    played: list[int] = []
    real = preflight.reference_deals

    def counted(compiled: Any, strategies: Any, base: int, start: int, size: int) -> Any:
        played.append(int(compiled.hand_sizes[start % compiled.n_rounds]))
        return real(compiled, strategies, base, start, size)

    monkeypatch.setattr(preflight, "reference_deals", counted)
    seats = [PIMC(samples=2), Folk(), Folk(), Folk()]
    ohhell.simulate(RULES, seats, deals=4, seed=1, chunk_size=2, progress=True)
    err = capsys.readouterr().err
    line = "compiling the players' compiled code once, about 30-45 s (later runs load it from numba's cache)..."
    assert asked and set(map(id, asked)) <= set(map(id, compiled_functions(*seats)))
    assert played == [8]  # the throwaway deal: Boerenbridge's 8-card round
    assert line in err and "compiled in " in err
    assert err.index(line) < err.index("boerenbridge deals")
    asked.clear()
    ohhell.simulate(RULES, RandomStrategy(), deals=4, seed=1, chunk_size=2, engine="reference", progress=True)
    assert asked == [] and "compiling" not in capsys.readouterr().err  # nothing compiled to ask about


def test_every_player_with_compiled_decisions_names_them() -> None:
    from ohhell.strategies.registry import strategy
    from ohhell.strategies.solver import search

    names = ("folk", "spoiler", "ev", "pimc", "rollout", "card-odds", "distilled")
    for name in names:
        functions = strategy(name).compiled_functions()  # type: ignore[attr-defined]
        assert functions and all(hasattr(f, "signatures") for f in functions), name  # numba dispatchers
    from ohhell.strategies.ismcts import ISMCTS

    assert all(hasattr(f, "signatures") for f in ISMCTS().compiled_functions())
    assert compiled_functions(RandomStrategy()) == ()
    pimc = compiled_functions(strategy("pimc"))
    assert len(pimc) == len(set(map(id, pimc)))  # each once, the folk fallback's and bidder's shared
    assert search.solve in pimc and ExpectedValue().compiled_functions()[0] in pimc


def test_each_compiled_version_is_asked_for_by_its_own_arguments() -> None:
    from types import SimpleNamespace

    index = {(("rules", "none"), "magic"): "file"}  # numba's on-disk index: (signature, codegen) -> file
    cache = SimpleNamespace(_cache_file=SimpleNamespace(_load_index=lambda: index))
    one_deck = SimpleNamespace(signatures=[], _cache=cache)
    assert not preflight.dispatcher_needs_compiling(one_deck)  # on disk: a version, any
    assert not preflight.dispatcher_needs_compiling(one_deck, lambda sig: str(sig[-1]) == "none")
    assert preflight.dispatcher_needs_compiling(one_deck, lambda sig: str(sig[-1]) != "none")
    built = SimpleNamespace(signatures=[("rules", "array")], _cache=SimpleNamespace())
    assert not preflight.dispatcher_needs_compiling(built, lambda sig: str(sig[-1]) != "none")  # built here
    two = replace(RULES, deck=DoubleDeck())
    ohhell.simulate(two, Folk(), deals=10, seed=1, n_jobs=1, progress=False)
    assert not preflight.needs_compiling("deals", two_decks=True)  # compiled in this process now


def test_the_bar_counts_matches(capsys: pytest.CaptureFixture[str]) -> None:
    ohhell.simulate(RULES, RANDOM, matches=20, seed=1, n_jobs=1, progress=True)
    err = capsys.readouterr().err
    assert "match/s" in err and "matche/s" not in err


# -- Ctrl-C ---------------------------------------------------------------------------------


def test_ctrl_c_keeps_the_finished_chunks(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    real = sim_run.play_chunk

    def interrupted_at_2(job: Any, chunk: Any) -> Any:
        if chunk.index == 2:
            raise KeyboardInterrupt
        return real(job, chunk)

    options: dict[str, Any] = {"deals": 4000, "seed": 5, "n_jobs": 1, "chunk_size": 1000, "progress": False}
    monkeypatch.setattr(sim_run, "play_chunk", interrupted_at_2)
    with pytest.raises(Interrupted) as info:
        ohhell.simulate(RULES, RANDOM, **options, checkpoint=tmp_path)
    assert isinstance(info.value, KeyboardInterrupt)
    assert str(info.value) == f"interrupted after 2 of 4 chunks; 2 chunks are saved in {tmp_path}: rerun to resume"
    monkeypatch.setattr(sim_run, "play_chunk", real)
    resumed = ohhell.simulate(RULES, RANDOM, **options, checkpoint=tmp_path)
    whole = ohhell.simulate(RULES, RANDOM, **options)
    assert resumed.deals is not None and whole.deals is not None and resumed.deals.equals(whole.deals)


# -- where the fallback warning points ------------------------------------------------------


def test_the_fallback_warning_names_the_callers_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sim_run, "_warned", set())
    with pytest.warns(FastPathUnavailable) as direct:
        ohhell.simulate(RULES, Slow(), deals=4, seed=1, n_jobs=1)
    monkeypatch.setattr(sim_run, "_warned", set())
    with pytest.warns(FastPathUnavailable) as nested:
        tournament(RULES, [Slow(), RANDOM, RANDOM, RANDOM], deals=4, seed=1, n_jobs=1)
    assert [Path(w.filename).name for w in [*direct, *nested]] == ["test_sim_args.py", "test_sim_args.py"]


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"estimate": "bogus"}, ValueError, "estimate must be 'made_rate' or 'mean_score'"),
        ({"half_width": 0}, ValueError, "half_width must be > 0"),
        ({"half_width": float("nan")}, ValueError, "half_width must be > 0"),
        ({"half_width": "0.1"}, TypeError, "half_width must be a number"),
        ({"confidence": 1.0}, ValueError, "confidence must be between 0 and 1"),
        ({"by": "seat"}, TypeError, "not a string"),
        ({"min_units": -1}, ValueError, "min_units must be a whole number"),
    ],
)
def test_precision_refuses_what_it_cannot_measure(kwargs: dict[str, object], error: type, match: str) -> None:
    from ohhell.stats import Precision

    with pytest.raises(error, match=match):
        Precision(**kwargs)  # type: ignore[arg-type]
    assert Precision(by=["seat"]).by == ("seat",)  # a list is kept as a tuple (the value hashes)


def test_the_audits_last_findings_are_clear_errors() -> None:
    """Found by benchmarks/audit_inputs.py: each was a hang, a silent acceptance or a message naming nothing."""
    import ohhell
    from ohhell.rules import RulesError

    rules = ohhell.boerenbridge(4)
    with pytest.raises(ValueError, match="deals= must be at most 1,000,000,000,000"):
        ohhell.simulate(rules, ohhell.RandomStrategy(), deals=10**20, seed=1, n_jobs=1)  # planned every chunk first
    with pytest.raises(ValueError, match="memory_limit= takes a number of bytes above 0"):
        ohhell.simulate(rules, ohhell.RandomStrategy(), deals=10, seed=1, n_jobs=1, memory_limit=float("nan"))
    with pytest.raises(ValueError, match="seed must be None, a whole number >= 0"):
        ohhell.simulate(rules, ohhell.RandomStrategy(), deals=10, seed=-1, n_jobs=1)
    with pytest.raises(RulesError, match="players must be at most 52"):
        replace(rules, players=100)  # said "the schedule has no rounds"
