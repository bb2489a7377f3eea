"""The compiled Dutch round against the reference engine, round for round, and its place in simulate()."""

from __future__ import annotations

import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ohhell.dutch import MemoryPlayer, Player, RandomPlayer, ThresholdPlayer, dutch, simulate
from ohhell.dutch.kernel import kernel_reason, play_rounds
from ohhell.dutch.play import run_round
from ohhell.dutch.rules import DutchRules
from ohhell.dutch.state import RoundResult, deal
from ohhell.sim.streams import unit_streams
from tests.test_dutch_players import RULE_SETS


def lineups(n: int) -> dict[str, list[Player]]:
    return {
        "threshold": [ThresholdPlayer()] * n,
        "random": [RandomPlayer()] * n,
        "mixed": [ThresholdPlayer() if s % 2 == 0 else RandomPlayer() for s in range(n)],
        "eager threshold": [ThresholdPlayer(call_below=12, keep_below=6, blind_exchange_from=5)] * n,
    }


def reference(rules: DutchRules, players: list[Player], base: int, unit: int) -> RoundResult:
    chance, rngs = unit_streams(base, unit, rules.players)
    return run_round(deal(rules, chance.permutation(rules.deck.size), round_index=unit), players, chance, rngs)


def check(rules: DutchRules, players: list[Player], base: int, start: int, count: int) -> list[RoundResult]:
    out = play_rounds(rules, players, base=base, start=start, count=count)
    done = []
    for i in range(count):
        r = reference(rules, players, base, start + i)
        assert out["caller"][i] == (-1 if r.caller is None else r.caller), i
        assert (out["turns"][i], out["ended"][i]) == (r.turns, r.ended), i
        assert out["final_hands"][i].tolist() == [list(h) for h in r.final_hands], i
        assert out["values"][i].tolist() == list(r.values) and out["scores"][i].tolist() == list(r.scores), i
        done.append(r)
    return done


@pytest.mark.parametrize("rules_name", sorted(RULE_SETS))
def test_the_compiled_round_is_the_reference_round(rules_name: str) -> None:
    rules = RULE_SETS[rules_name]
    played = []
    for players in lineups(rules.players).values():
        played += check(rules, players, base=0x1234_5678_9ABC, start=3, count=12)
    if rules.turns.turn_limit <= 150 or rules.stock_out.rule == "end_round":  # a table that never calls: the limits
        played += check(rules, [ThresholdPlayer(call_below=-99)] * rules.players, base=77, start=0, count=4)
    endings = {r.ended for r in played}
    assert "call" in endings
    if rules_name.startswith("10 players"):
        assert any(r.reshuffles for r in played) and "turn_limit" in endings  # the chance steps were replayed too
    if "empty pile" in rules_name:
        assert "stock_out" in endings


@settings(max_examples=20, deadline=None)
@given(
    base=st.integers(0, 2**64 - 1),
    start=st.integers(0, 10**6),
    players=st.integers(2, 7),
    lineup=st.sampled_from(["threshold", "random", "mixed", "eager threshold"]),
)
def test_any_base_and_unit_replays_exactly(base: int, start: int, players: int, lineup: str) -> None:
    rules = dutch(players)
    check(rules, lineups(players)[lineup], base=base, start=start, count=3)


def test_simulate_uses_it_for_rounds_and_the_frames_do_not_change() -> None:
    players = [ThresholdPlayer(), RandomPlayer(), ThresholdPlayer()]
    fast = simulate(dutch(3), players, rounds=80, seed=6, chunk_size=30, progress=False)
    ref = simulate(dutch(3), players, rounds=80, seed=6, chunk_size=30, progress=False, engine="reference")
    assert fast.meta["engine"] == "fast" and ref.meta["engine"] == "reference"
    pd.testing.assert_frame_equal(fast.rounds, ref.rounds)
    assert simulate(dutch(3), MemoryPlayer(), rounds=3, seed=1, progress=False).meta["engine"] == "reference"


def test_what_it_cannot_play_is_refused_with_the_reason() -> None:
    assert kernel_reason([ThresholdPlayer(), RandomPlayer()]) is None
    assert "seat 1" in str(kernel_reason([ThresholdPlayer(), MemoryPlayer()]))
    with pytest.raises(ValueError, match="cannot play seat 0"):
        play_rounds(dutch(2), [MemoryPlayer(), RandomPlayer()], base=1, start=0, count=1)
    with pytest.raises(ValueError, match="engine='fast' cannot play"):
        simulate(dutch(2), MemoryPlayer(), rounds=2, seed=1, engine="fast", progress=False)
    with pytest.raises(ValueError, match="engine='fast' cannot play matches"):
        simulate(dutch(2), ThresholdPlayer(), matches=2, seed=1, engine="fast", progress=False)
