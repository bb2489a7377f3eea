"""The compiled Dutch round against the reference engine, round for round, and its place in simulate()."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ohhell.dutch import MemoryPlayer, Player, RandomPlayer, ThresholdPlayer, dutch, simulate
from ohhell.dutch.actions import Action
from ohhell.dutch.kernel import kernel_reason, play_matches, play_rounds
from ohhell.dutch.observation import Observation
from ohhell.dutch.play import match_rounds, run_round
from ohhell.dutch.rules import DutchRules
from ohhell.dutch.state import RoundResult, deal
from ohhell.engine.stream import Stream
from ohhell.sim.streams import unit_streams
from tests.test_dutch_players import RULE_SETS


def lineups(n: int) -> dict[str, list[Player]]:
    return {
        "threshold": [ThresholdPlayer()] * n,
        "random": [RandomPlayer()] * n,
        "mixed": [ThresholdPlayer() if s % 2 == 0 else RandomPlayer() for s in range(n)],
        "eager threshold": [ThresholdPlayer(call_below=12, keep_below=6, blind_exchange_from=5)] * n,
        "memory": [MemoryPlayer()] * n,
        "forgetful memory": [MemoryPlayer(forget=0.15)] * n,
        "small memory": [MemoryPlayer(capacity=3)] * n,
        "memory without powers": [MemoryPlayer(use_exchange=False, use_look=False, samples=8)] * n,
        "all three": [
            [MemoryPlayer(forget=0.05, capacity=5), ThresholdPlayer(), RandomPlayer(), MemoryPlayer()][s % 4]
            for s in range(n)
        ],
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
    lineup=st.sampled_from(sorted(lineups(2))),
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
    assert simulate(dutch(3), [LastAction()] * 3, rounds=3, seed=1, progress=False).meta["engine"] == "reference"


def test_the_memory_players_frames_are_the_reference_frames() -> None:
    players = [MemoryPlayer(), MemoryPlayer(forget=0.1), ThresholdPlayer(), MemoryPlayer(capacity=4)]
    fast = simulate(dutch(4), players, rounds=60, seed=8, chunk_size=25, progress=False)
    ref = simulate(dutch(4), players, rounds=60, seed=8, chunk_size=25, progress=False, engine="reference")
    assert fast.meta["engine"] == "fast"
    pd.testing.assert_frame_equal(fast.rounds, ref.rounds)


def reference_match(rules: DutchRules, players: list[Player], base: int, unit: int) -> list[tuple[object, ...]]:
    chance, rngs = unit_streams(base, unit, rules.players)
    return [
        (unit, r.round_index, -1 if r.caller is None else r.caller, r.turns, r.ended, list(r.scores), list(totals))
        for r, totals, _ in match_rounds(rules, players, chance, rngs)
    ]


@pytest.mark.parametrize("rules_name", sorted(RULE_SETS))
def test_compiled_matches_are_the_reference_matches(rules_name: str) -> None:
    rules = RULE_SETS[rules_name]
    n = rules.players
    for players in (lineups(n)["all three"], lineups(n)["forgetful memory"], lineups(n)["threshold"]):
        out = play_matches(rules, players, base=4242, start=5, count=2)
        got = [
            (int(u), int(r), int(c), int(t), e, s.tolist(), tot.tolist())
            for u, r, c, t, e, s, tot in zip(
                out["match"], out["round"], out["caller"], out["turns"], out["ended"], out["scores"], out["totals"]
            )
        ]
        assert got == reference_match(rules, players, 4242, 5) + reference_match(rules, players, 4242, 6)


def test_a_match_longer_than_the_first_buffer_and_one_that_never_ends() -> None:
    players: list[Player] = [MemoryPlayer(capacity=2), ThresholdPlayer()]
    out = play_matches(dutch(2), players, base=9, start=0, count=3)  # 2-player matches run past 8 rounds each
    assert len(out["match"]) > 3 * 8
    assert [r[:2] for m in range(3) for r in reference_match(dutch(2), players, 9, m)] == list(
        zip(out["match"].tolist(), out["round"].tolist())
    )
    with pytest.raises(ValueError, match="did not reach the limit 100 in 2 rounds"):
        play_matches(dutch(4), [ThresholdPlayer()] * 4, base=9, start=0, count=1, max_rounds=2)
    fast = simulate(dutch(3), players[:1] * 3, matches=6, seed=2, chunk_size=4, progress=False)
    ref = simulate(dutch(3), players[:1] * 3, matches=6, seed=2, chunk_size=4, progress=False, engine="reference")
    assert fast.meta["engine"] == "fast"
    pd.testing.assert_frame_equal(fast.rounds, ref.rounds)
    assert fast.matches is not None and ref.matches is not None
    pd.testing.assert_frame_equal(fast.matches, ref.matches)


@dataclass(frozen=True)
class LastAction:
    """A player of the tests' own, which the kernel does not know: always the last legal action."""

    def act(self, obs: Observation, rng: Stream) -> Action:
        return obs.legal[-1]


def test_what_it_cannot_play_is_refused_with_the_reason() -> None:
    assert kernel_reason([ThresholdPlayer(), RandomPlayer(), MemoryPlayer(forget=0.5)]) is None
    assert "seat 1" in str(kernel_reason([ThresholdPlayer(), LastAction()]))
    with pytest.raises(ValueError, match="cannot play seat 0"):
        play_rounds(dutch(2), [LastAction(), RandomPlayer()], base=1, start=0, count=1)
    with pytest.raises(ValueError, match="engine='fast' cannot play"):
        simulate(dutch(2), [LastAction()] * 2, rounds=2, seed=1, engine="fast", progress=False)
    with pytest.raises(ValueError, match="engine='fast' cannot play"):
        simulate(dutch(2), [LastAction()] * 2, matches=2, seed=1, engine="fast", progress=False)


def test_the_first_compilation_is_announced_before_the_bar(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from ohhell.dutch import kernel

    calls: list[int] = []
    real = kernel.play_rounds

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls.append(kwargs["count"])
        return real(*args, **kwargs)

    monkeypatch.setattr(kernel, "dispatcher_needs_compiling", lambda dispatcher: dispatcher is kernel._rounds)
    monkeypatch.setattr(kernel, "play_rounds", counted)
    res = simulate(dutch(3), MemoryPlayer(), rounds=60, seed=1, chunk_size=20, progress=True)
    err = capsys.readouterr().err
    line = "compiling the Dutch round once, about 28-30 s (later runs load it from numba's cache)..."
    assert calls[0] == 1 and line in err and "compiled in " in err  # one throwaway round first, in this process
    assert err.index(line) < err.index("Dutch 3 players")
    again = simulate(dutch(3), MemoryPlayer(), rounds=60, seed=1, chunk_size=20, progress=False)
    pd.testing.assert_frame_equal(res.rounds, again.rounds)
    simulate(dutch(3), MemoryPlayer(), rounds=60, seed=1, chunk_size=20, progress=True, engine="reference")
    assert "compiling" not in capsys.readouterr().err  # nothing to compile for the reference engine
    monkeypatch.undo()
    assert not kernel.dispatcher_needs_compiling(kernel._rounds)  # built in this process now
