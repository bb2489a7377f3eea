"""The memory player's imperfect memory: forgetting per turn and a capacity.

Contract (legal, reproducible, picklable) for forgetful players under every
rule set of the player tests; a hypothesis property that a memory with
nothing to forget decides exactly as the perfect player; worked positions
where cards are forgotten; and a fixed-seed check that forgetting costs points.
"""

from __future__ import annotations

import pickle
from dataclasses import dataclass

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ohhell.dutch import Action, MemoryPlayer, Observation, Player, dutch, play_round, player
from ohhell.dutch.cards import parse
from ohhell.dutch.players.memory import RoundMemory
from ohhell.engine.stream import Stream
from tests.test_dutch_engine import peek_all, play, position
from tests.test_dutch_players import RULE_SETS

FORGETFUL = {
    "forget 0.1": MemoryPlayer(forget=0.1),
    "forget 0.5": MemoryPlayer(forget=0.5),
    "capacity 1": MemoryPlayer(capacity=1),
    "capacity 3, forget 0.3": MemoryPlayer(capacity=3, forget=0.3),
}


@dataclass(frozen=True, slots=True)
class Logged:
    """Seats a player for the round as the engine would, and logs every choice it makes."""

    inner: MemoryPlayer
    log: list[tuple[int, str]]

    def for_round(self, seat: int) -> Player:
        return _LoggedSeat(self.inner.for_round(seat), self.log)

    def act(self, obs: Observation, rng: Stream) -> Action:
        raise AssertionError("the engine must seat the player first")


@dataclass(frozen=True, slots=True)
class _LoggedSeat:
    inner: Player
    log: list[tuple[int, str]]

    def act(self, obs: Observation, rng: Stream) -> Action:
        action = self.inner.act(obs, rng)
        assert action in obs.legal
        self.log.append((obs.seat, str(action)))
        return action


@pytest.mark.parametrize("rules_name", sorted(RULE_SETS))
@pytest.mark.parametrize("name", sorted(FORGETFUL))
def test_forgetful_players_act_legally_and_reproducibly(name: str, rules_name: str) -> None:
    rules = RULE_SETS[rules_name]
    for seed in range(2):
        logs = []
        for _ in range(2):
            log: list[tuple[int, str]] = []
            seats = [Logged(FORGETFUL[name] if s % 2 == 0 else MemoryPlayer(), log) for s in range(rules.players)]
            play_round(rules, seats, seed=seed)  # perfect players in the odd seats: someone calls
            logs.append(log)
        assert logs[0] == logs[1] and logs[0]


def test_a_forgetful_player_pickles_and_refuses_to_act_unseated() -> None:
    p = MemoryPlayer(forget=0.25, capacity=5)
    assert pickle.loads(pickle.dumps(p)) == p and player("memory:forget=0.25,capacity=5") == p
    assert isinstance(p.for_round(1), RoundMemory) and MemoryPlayer().for_round(1) == MemoryPlayer()
    s = position(dutch(2), ["AS 2S 9C 9D", "6C 7C 8C 5C"], "KS", "QD")
    peek_all(s)
    with pytest.raises(TypeError, match="for_round"):
        p.act(s.observation(0), Stream(0))
    for bad in (dict(forget=1.5), dict(forget=-0.1), dict(capacity=-1)):
        with pytest.raises(ValueError):
            MemoryPlayer(**bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="FIELD=VALUE"):
        player("memory:recall=3")


@dataclass(frozen=True, slots=True)
class ThroughMemory:
    """The perfect player, but deciding through a :class:`RoundMemory` that has nothing to forget."""

    inner: MemoryPlayer

    def for_round(self, seat: int) -> Player:
        return RoundMemory(self.inner, seat)

    def act(self, obs: Observation, rng: Stream) -> Action:
        raise AssertionError("the engine must seat the player first")


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 6), rules_name=st.sampled_from(sorted(RULE_SETS)))
def test_nothing_to_forget_decides_as_the_perfect_player(seed: int, players: int, rules_name: str) -> None:
    rules = RULE_SETS[rules_name] if rules_name != "4 players" else dutch(players)
    perfect = MemoryPlayer()
    a = play_round(rules, [perfect] * rules.players, seed=seed)
    b = play_round(rules, [ThroughMemory(perfect)] * rules.players, seed=seed)
    big = MemoryPlayer(capacity=rules.deck.size)  # holds every card: nothing is dropped
    c = play_round(rules, [big] * rules.players, seed=seed)
    assert a.actions == b.actions == c.actions and a.scores == b.scores == c.scores


def _remembered(memory: RoundMemory, obs: Observation, rng: Stream) -> list[list[int | None]]:
    return [list(row) for row in memory.recall(obs, rng).known]


def test_forgetting_and_capacity_on_a_worked_position() -> None:
    s = position(dutch(2), ["AS 2S 9C 9D", "6C 7C 8C 5C"], "KS", "QD 3H TC 4H")
    peek_all(s)
    total = MemoryPlayer(forget=1.0).for_round(0)
    one = MemoryPlayer(capacity=1).for_round(0)
    assert isinstance(total, RoundMemory) and isinstance(one, RoundMemory)
    rng = Stream(1)
    first = s.observation(0)
    own = list(first.known[0])
    assert own[:2] == list(parse("AS 2S")) and own[2:] == [None, None]
    assert _remembered(total, first, rng)[0] == own  # just seen: still there
    assert _remembered(one, first, rng)[0] == [None, own[1], None, None]  # the newest sighting: the second peek
    play(s, "draw", "swap 2")  # seat 0 keeps QD in card 2
    play(s, "draw", "discard")  # seat 1 plays a turn
    later = s.observation(0)
    assert list(later.known[0]) == [*own[:2], parse("QD")[0], None]
    # forget=1: everything seen before the last decision is gone, and QD was seen after it
    assert _remembered(total, later, rng)[0] == [None, None, parse("QD")[0], None]
    assert _remembered(one, later, rng)[0] == [None, None, parse("QD")[0], None]
    play(s, "draw", "discard")  # seat 0 discards 3H; seat 1 to play
    play(s, "draw", "discard")
    assert _remembered(total, s.observation(0), rng)[0] == [None, None, None, None]


def test_forgetting_costs_points_on_the_same_deals() -> None:
    """200 fixed seeds, the perfect player in seats 0, 2 against forget=0.5 in 1, 3, then the seats swapped."""
    rules = dutch(4)
    good, bad = MemoryPlayer(), MemoryPlayer(forget=0.5)
    diffs = []
    for seed in range(200):
        a = play_round(rules, [good, bad, good, bad], seed=seed).scores
        b = play_round(rules, [bad, good, bad, good], seed=seed).scores
        diffs.append(((a[1] + a[3]) - (a[0] + a[2]) + (b[0] + b[2]) - (b[1] + b[3])) / 4)
    d = np.asarray(diffs)
    se = d.std(ddof=1) / np.sqrt(len(d))
    assert d.mean() > 3 * se, (d.mean(), se)
