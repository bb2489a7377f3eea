"""The Monte Carlo layer: fast path = reference engine, reproducibility, checkpoints, failures."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
import warnings
from dataclasses import replace
from pathlib import Path

import numba
import numpy as np
import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ohhell
from ohhell.engine import Observation, Stream
from ohhell.rules import PRESETS, FixedHands, Rules, WizardDeck, compile_rules
from ohhell.sim import (
    CheckpointMismatch,
    ChunkError,
    FastPathUnavailable,
    fast_path_reason,
    plan_chunks,
    run_chunk,
    simulate,
    summarize,
)
from ohhell.sim.arrays import arrays_equal
from ohhell.stats import Precision
from ohhell.strategies import CardOdds, Distilled, Folk
from tests.strategies import rules_variants

RANDOM = ohhell.RandomStrategy()
PLAYER_COUNTS = {"boerenbridge": range(2, 8), "bondebridge": range(2, 6), "up-and-down-the-river": range(3, 8)}


def _preset_cases() -> list[tuple[str, int]]:
    cases = []
    for name in PRESETS:
        for n in PLAYER_COUNTS.get(name, range(3, 8)):
            cases.append((name, n))
    return cases


def assert_paths_agree(rules: Rules, deals: int, matches: int, base: int) -> None:
    compiled = compile_rules(rules)
    strategies = [RANDOM] * rules.players
    for mode, n in (("deals", deals), ("matches", matches)):
        ref = run_chunk(compiled, strategies, mode, "reference", base, 3, n, record_plays=True)
        fast = run_chunk(compiled, strategies, mode, "fast", base, 3, n, record_plays=True)
        assert arrays_equal(ref, fast) == [], f"{rules.name} {mode}: fields differ"


@pytest.mark.parametrize(("name", "players"), _preset_cases())
def test_fast_path_replays_the_reference_engine_for_every_preset(name: str, players: int) -> None:
    # deals, bids, every card played and scores, deal for deal (plays are recorded)
    assert_paths_agree(ohhell.preset(name, players), deals=60, matches=3, base=2026 + players)


@settings(max_examples=40, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(rules=rules_variants(), base=st.integers(0, 2**64 - 1))
def test_fast_path_replays_the_reference_engine_for_random_rules(rules: Rules, base: int) -> None:
    if fast_path_reason(compile_rules(rules), [RANDOM] * rules.players) is not None:
        return  # Wizard deck or two decks: the reference engine plays these (tested below)
    assert_paths_agree(rules, deals=20, matches=2, base=base)


def test_unsupported_rules_fall_back_once_with_a_warning() -> None:
    # the expected-value bidder has no compiled version for the Wizard deck
    rules = replace(ohhell.boerenbridge(4), deck=WizardDeck())
    bidder = ohhell.strategies.ExpectedValue(samples=2)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        a = simulate(rules, bidder, deals=20, seed=1, n_jobs=1)
        b = simulate(rules, bidder, deals=20, seed=1, n_jobs=1)
    said = [w for w in caught if issubclass(w.category, FastPathUnavailable)]
    assert len(said) <= 1
    assert a.meta["engine"] == "reference"
    pd.testing.assert_frame_equal(a.deals, b.deals)
    with pytest.raises(ValueError, match="Wizard deck"):
        simulate(rules, bidder, deals=10, seed=1, engine="fast")
    assert simulate(rules, RANDOM, deals=10, seed=1, n_jobs=1).meta["engine"] == "fast"


@pytest.mark.parametrize("mode", ["deals", "matches"])
def test_result_does_not_depend_on_workers_backend_or_engine(mode: str) -> None:
    rules = ohhell.bondebridge(4)
    n = {"deals": 3000, "matches": 60}[mode]
    kwargs = {mode: n, "seed": 7, "chunk_size": n // 6}
    one = simulate(rules, RANDOM, n_jobs=1, **kwargs)
    two = simulate(rules, RANDOM, n_jobs=2, backend="loky", **kwargs)
    threads = simulate(rules, RANDOM, n_jobs=2, backend="threading", **kwargs)
    pd.testing.assert_frame_equal(one.deals, two.deals)
    pd.testing.assert_frame_equal(one.deals, threads.deals)
    if mode == "matches":
        pd.testing.assert_frame_equal(one.matches, two.matches)
    small = {mode: n // 10, "seed": 7, "chunk_size": n // 60}
    pd.testing.assert_frame_equal(
        simulate(rules, RANDOM, n_jobs=1, engine="reference", **small).deals,
        simulate(rules, RANDOM, n_jobs=1, engine="fast", **small).deals,
    )


def test_rows_agree_with_the_engine() -> None:
    rules = ohhell.boerenbridge(4)
    res = simulate(rules, RANDOM, matches=3, seed=11, n_jobs=1)
    assert len(res.deals) == 3 * len(rules.hand_sizes) * 4
    first = res.deals[res.deals["unit"] == 0]
    totals = first.groupby("seat")["score"].sum().to_numpy()
    assert list(totals) == list(res.matches[res.matches["unit"] == 0]["total"])
    # the dealer sits last: exactly one seat per deal has seat_from_dealer == players - 1
    per_deal = res.deals.groupby(["unit", "round"])["seat_from_dealer"].apply(lambda s: sorted(s.tolist()))
    assert all(v == [0, 1, 2, 3] for v in per_deal)
    tricks = res.deals.groupby(["unit", "round"])["tricks"].sum()
    sizes = res.deals.groupby(["unit", "round"])["hand_size"].first()
    assert (tricks == sizes).all()
    assert (res.matches.groupby("unit")["winner"].sum() >= 1).all()


def test_summary_mode_counts_what_the_rows_hold() -> None:
    rules = ohhell.boerenbridge(5)
    by = ["seat_from_dealer", "hand_size", "bid"]
    rows = simulate(rules, RANDOM, deals=5000, seed=3, n_jobs=1, chunk_size=1000)
    counts = simulate(rules, RANDOM, deals=5000, seed=3, n_jobs=2, chunk_size=1000, summary=by)
    assert counts.deals is None
    expected = summarize(rows.deals, by)
    pd.testing.assert_frame_equal(counts.summary.reset_index(drop=True), expected, check_dtype=False)


def test_chunk_plan_depends_on_the_work_only() -> None:
    assert plan_chunks(10**6) == plan_chunks(10**6)
    sizes = [c.size for c in plan_chunks(123_457)]
    assert sum(sizes) == 123_457
    assert [c.start for c in plan_chunks(2500, 1000)] == [0, 1000, 2000]
    with pytest.raises(ValueError):
        plan_chunks(0)


def test_precision_target_stops_after_the_first_chunk_that_reaches_it() -> None:
    rules = ohhell.boerenbridge(4)
    stop = Precision(estimate="made_rate", half_width=0.01)
    early = simulate(rules, RANDOM, deals=100_000, seed=5, chunk_size=1000, n_jobs=1, stop=stop)
    early2 = simulate(rules, RANDOM, deals=100_000, seed=5, chunk_size=1000, n_jobs=2, stop=stop)
    assert early.meta["stopped_early"]
    pd.testing.assert_frame_equal(early.deals, early2.deals)
    k = early.units
    assert stop.widest(early) <= 0.01
    # one chunk fewer would not have reached it, and the rows are the full run's first k deals
    full = simulate(rules, RANDOM, deals=k, seed=5, chunk_size=1000, n_jobs=1)
    pd.testing.assert_frame_equal(early.deals, full.deals)
    fewer = simulate(rules, RANDOM, deals=k - 1000, seed=5, chunk_size=1000, n_jobs=1)
    assert stop.widest(fewer) > 0.01


class Exploding:
    """Bids like RandomStrategy but raises on its 40th decision."""

    def __init__(self) -> None:
        self.calls = 0

    def __repr__(self) -> str:
        return "Exploding()"

    def bid(self, obs: Observation, rng: Stream) -> int:
        self.calls += 1
        if self.calls == 40:
            raise RuntimeError("boom")
        return obs.legal_bids[rng.integers(len(obs.legal_bids))]

    def play(self, obs: Observation, rng: Stream) -> ohhell.Card:
        return obs.legal_cards[rng.integers(len(obs.legal_cards))]

    def name_trump(self, obs: Observation, rng: Stream) -> ohhell.Suit:
        return obs.legal_suits[0]


def test_a_failing_chunk_names_its_seed() -> None:
    with pytest.raises(ChunkError, match=r"chunk \d+ \(units .*SeedSequence\(entropy=99"):
        simulate(ohhell.boerenbridge(4), [Exploding(), RANDOM, RANDOM, RANDOM], deals=200, seed=99, n_jobs=1)


def test_checkpoint_resumes_and_refuses_another_run(tmp_path: Path) -> None:
    rules = ohhell.boerenbridge(4)
    kwargs = {"deals": 4000, "seed": 8, "chunk_size": 500, "n_jobs": 1}
    first = simulate(rules, RANDOM, checkpoint=tmp_path / "ck", **kwargs)
    assert len(list((tmp_path / "ck").glob("chunk-*.npz"))) == 8
    (tmp_path / "ck" / "chunk-000003.npz").unlink()  # as if the run died before chunk 3
    again = simulate(rules, RANDOM, checkpoint=tmp_path / "ck", **kwargs)
    pd.testing.assert_frame_equal(first.deals, again.deals)
    with pytest.raises(CheckpointMismatch, match="seed_entropy"):
        simulate(rules, RANDOM, checkpoint=tmp_path / "ck", **{**kwargs, "seed": 9})


KILLED_RUN = textwrap.dedent(
    """
    import sys
    import ohhell
    ohhell.simulate(ohhell.bondebridge(4), ohhell.RandomStrategy(), deals=6000, seed=21, chunk_size=150,
                    n_jobs=1, engine="reference", checkpoint=sys.argv[1], progress=False)
    """
)


def test_a_killed_run_resumes_to_the_uninterrupted_result(tmp_path: Path) -> None:
    directory = tmp_path / "killed"
    proc = subprocess.Popen([sys.executable, "-c", KILLED_RUN, str(directory)], cwd=Path(__file__).parents[1])
    try:
        deadline = time.monotonic() + 120
        while len(list(directory.glob("chunk-*.npz"))) < 3:
            assert proc.poll() is None, "the run ended before it could be killed"
            assert time.monotonic() < deadline, "no chunk written in time"
            time.sleep(0.05)
        os.kill(proc.pid, signal.SIGKILL)
    finally:
        proc.wait()
    saved = len(list(directory.glob("chunk-*.npz")))
    assert 3 <= saved < 40
    kwargs = {"deals": 6000, "seed": 21, "chunk_size": 150, "n_jobs": 1, "engine": "reference"}
    resumed = simulate(ohhell.bondebridge(4), RANDOM, checkpoint=directory, **kwargs)
    fresh = simulate(ohhell.bondebridge(4), RANDOM, **{**kwargs, "engine": "fast"})
    pd.testing.assert_frame_equal(resumed.deals, fresh.deals)


def test_metadata_records_how_to_reproduce() -> None:
    res = simulate(ohhell.up_and_down_the_river(5), RANDOM, deals=100, seed=12345, n_jobs=1)
    meta = res.meta
    assert meta["seed_entropy"] == 12345
    assert meta["rules"] == repr(ohhell.up_and_down_the_river(5))
    assert meta["strategies"] == ["RandomStrategy()"] * 5
    assert {"numpy", "numba", "pandas", "ohhell"} <= set(meta["versions"])
    assert meta["units_played"] == 100 and meta["wall_seconds"] > 0


def test_bad_arguments_are_refused() -> None:
    rules = ohhell.boerenbridge(4)
    with pytest.raises(ValueError, match="exactly one of deals= or matches="):
        simulate(rules, RANDOM, seed=1)
    with pytest.raises(ValueError, match="4 players need 4 strategies"):
        simulate(rules, [RANDOM] * 3, deals=10, seed=1)


def test_a_deal_outside_a_match_draws_the_once_per_game_trump() -> None:
    # Up and Down the River keeps round 1's trump; single deals of later rounds draw a suit.
    res = simulate(ohhell.up_and_down_the_river(4), RANDOM, deals=19 * 400, seed=2, n_jobs=1)
    later = res.deals[(res.deals["round"] > 1) & (res.deals["round"] < 19)]
    counts = later.drop_duplicates("unit")["trump"].value_counts()
    assert set(counts[counts > 0].index) == {"C", "D", "H", "S"}
    assert (res.deals[res.deals["round"] == 19]["trump"] == "-").all()
    n = int(counts.sum())
    tolerance = 4 * np.sqrt(0.25 * 0.75 / n)  # four standard errors of a proportion of 1/4
    assert np.isclose(counts[["C", "D", "H", "S"]].to_numpy() / n, 0.25, atol=tolerance).all()


def test_hand_features_describe_the_dealt_hands() -> None:
    from ohhell.engine import deal
    from ohhell.sim.streams import chunk_base, unit_streams

    rules = ohhell.boerenbridge(4)
    res = simulate(rules, RANDOM, deals=60, seed=17, n_jobs=1, features=True)
    compiled = compile_rules(rules)
    base = chunk_base(17, 0)
    for unit in (0, 7, 23, 59):
        chance, _ = unit_streams(base, unit, 4)
        r = unit % compiled.n_rounds
        state = deal(compiled, round_index=r, dealer=unit % 4, players=4, rng=chance)
        trump = state.trump.suit
        for seat in range(4):
            row = res.deals[(res.deals["unit"] == unit) & (res.deals["seat"] == seat)].iloc[0]
            hand = state.hands[seat]
            suits = [sum(1 for c in hand if c.suit == s) for s in ohhell.Suit]
            assert row["trumps"] == sum(1 for c in hand if c.suit == trump)
            assert row["top_trumps"] == sum(1 for c in hand if c.suit == trump and c.rank >= 13)
            assert row["side_aces"] == sum(1 for c in hand if c.suit != trump and c.rank == 14)
            assert row["side_kings"] == sum(1 for c in hand if c.suit != trump and c.rank == 13)
            assert row["voids"] == suits.count(0) and row["singletons"] == suits.count(1)
            assert row["hand"] == sum(1 << c.code for c in hand)
            assert row["no_trump"] == (trump is None)
    by = ["trumps", "bid"]
    counts = simulate(rules, RANDOM, deals=60, seed=17, n_jobs=1, features=True, summary=by)
    pd.testing.assert_frame_equal(counts.summary.reset_index(drop=True), summarize(res.deals, by), check_dtype=False)


@pytest.mark.parametrize("mode", ["deals", "matches"])
def test_bids_before_sums_the_earlier_bids_of_the_same_deal(mode: str) -> None:
    rules = ohhell.bondebridge(5) if mode == "deals" else ohhell.up_and_down_the_river(3)
    size = {"deals": 80} if mode == "deals" else {"matches": 3}
    rows = simulate(rules, ohhell.strategies.Folk(), seed=5, n_jobs=1, features=True, **size).deals
    assert rows is not None
    for (_, _), g in rows.groupby(["unit", "round"]):
        bids = dict(zip(g["seat_from_dealer"], g["bid"]))
        for sfd, before in zip(g["seat_from_dealer"], g["bids_before"]):
            assert before == sum(b for k, b in bids.items() if k < sfd)


def test_every_player_mix_shares_one_compiled_kernel() -> None:
    """The kernel's inputs have the same numba types whatever plays (learned odds or none), so a run of
    random or folk seats and a run of card-odds seats use one compiled version, not two."""
    from ohhell.sim.paths import _kernel_inputs

    c = compile_rules(replace(ohhell.boerenbridge(4), schedule=FixedHands(size=3, rounds=1)))
    mixes = [[RANDOM] * 4, [Folk()] * 4, [CardOdds()] * 4, [Distilled(), RANDOM, CardOdds(), Folk()]]
    types = {str(numba.typeof(_kernel_inputs(c, seats)[:2])) for seats in mixes}
    assert len(types) == 1
