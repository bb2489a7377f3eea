"""Contract tests over every registered Dutch player, and the threshold heuristic's decisions.

Every player x several rule sets: only legal actions, the same decisions for
the same seed, pickles and hashes.  Then worked decisions of the threshold and
memory players, the memory player's belief, and fixed-seed checks that
threshold beats random and memory beats threshold by more than three standard
errors.
"""

from __future__ import annotations

import pickle
from dataclasses import dataclass, replace

import numpy as np
import pytest

from ohhell.dutch import (
    PLAYERS,
    Action,
    Call,
    CallDutch,
    CardValues,
    Decline,
    Discard,
    DiscardDraw,
    DrawDeck,
    DutchRules,
    Exchange,
    Layout,
    Look,
    Observation,
    Player,
    Powers,
    RandomPlayer,
    StockOut,
    Swap,
    TakeDiscard,
    ThresholdPlayer,
    Turns,
    dutch,
    play_round,
    player,
)
from ohhell.dutch.cards import parse
from ohhell.dutch.players.memory import MemoryPlayer, belief
from ohhell.engine.errors import IllegalMoveError
from ohhell.engine.stream import Stream
from tests.test_dutch_engine import peek_all, play, position

RULE_SETS: dict[str, DutchRules] = {
    "2 players": dutch(2),
    "4 players": dutch(4),
    "10 players, 150 turns at most": replace(dutch(10), turns=Turns(turn_limit=150)),
    "no peek, 1 x 3": replace(dutch(5), layout=Layout(rows=1, columns=3, peek=0)),
    "mandatory powers, kings exchange, caller spared": replace(
        dutch(3), powers=Powers(exchange=("J", "K"), optional=False, spare_caller=True)
    ),
    "loose discard, strict ties, late calls, round ends on an empty pile": replace(
        dutch(4),
        discard_draw=DiscardDraw(must_swap=False),
        call=Call(tie="caller_loses", earliest_turn=6),
        stock_out=StockOut(rule="end_round"),
    ),
}


@dataclass(frozen=True, slots=True)
class Checked:
    """Wraps a player and fails the test on any action outside ``obs.legal``; logs every choice."""

    inner: Player
    log: list[tuple[int, str]]

    def act(self, obs: Observation, rng: Stream) -> Action:
        action = self.inner.act(obs, rng)
        assert action in obs.legal, f"{self.inner!r} chose {action} in phase {obs.phase}; legal: {obs.legal}"
        self.log.append((obs.seat, str(action)))
        return action


@pytest.mark.parametrize("rules_name", sorted(RULE_SETS))
@pytest.mark.parametrize("name", sorted(PLAYERS))
def test_players_act_legally_and_reproducibly(name: str, rules_name: str) -> None:
    rules = RULE_SETS[rules_name]
    for seed in range(4):
        logs: list[list[tuple[int, str]]] = []
        for _ in range(2):
            log: list[tuple[int, str]] = []
            result = play_round(rules, [Checked(player(name), log)] * rules.players, seed=seed)
            logs.append(log)
            assert len(result.scores) == rules.players
        assert logs[0] == logs[1] and logs[0]


@pytest.mark.parametrize("name", sorted(PLAYERS))
def test_players_pickle_and_hash(name: str) -> None:
    p = player(name)
    again = pickle.loads(pickle.dumps(p))
    assert again == p and hash(again) == hash(p)
    rules = dutch(3)
    assert play_round(rules, [again] * 3, seed=9).actions == play_round(rules, [p] * 3, seed=9).actions


def test_an_illegal_choice_names_seat_player_action_and_the_legal_ones() -> None:
    @dataclass(frozen=True)
    class AlwaysDiscards:
        def act(self, obs: Observation, rng: Stream) -> Action:
            return Discard()

    with pytest.raises(IllegalMoveError) as err:
        play_round(dutch(2), [AlwaysDiscards(), RandomPlayer()], seed=1)
    message = str(err.value)
    for part in ("seat 0", "AlwaysDiscards()", "'discard'", "peek", "legal: peek 0, peek 1, peek 2, peek 3"):
        assert part in message
    with pytest.raises(TypeError, match="seat 1 must have act"):
        play_round(dutch(2), [RandomPlayer(), "nobody"], seed=1)  # type: ignore[list-item]
    with pytest.raises(ValueError, match="unknown Dutch player 'clever'"):
        player("clever")


def decide(p: Player, obs: Observation) -> Action:
    return p.act(obs, Stream(0))


def test_threshold_decisions_on_worked_positions() -> None:
    t = ThresholdPlayer()
    # seat 0 peeked AS 2S (1 point) with two unknown cards (6 each): 13 > 8, so no call; the discard KS (0) is kept
    s = position(dutch(2), ["AS 2S 9C 9D", "6C 7C 8C 5C"], "KS", "QD JH")
    peek_all(s)
    assert decide(t, s.observation(0)) == TakeDiscard()
    play(s, "take")
    assert decide(t, s.observation(0)) == Swap(2)  # an unknown slot (6) is worse than what it knows
    play(s, "swap 2")
    # seat 1 knows 6C 7C: 13 + 12 > 8, and the discard 9C is high, so it draws; QD (10) is above its worst slot (7C)
    assert decide(t, s.observation(1)) == DrawDeck()
    play(s, "draw")
    assert decide(t, s.observation(1)) == Discard()
    play(s, "discard")
    assert decide(t, s.observation(1)) == Look(1, 2)  # the queen: its own first unknown card
    play(s, "look 1:2")
    # seat 0 now knows AS 2S KS and one unknown: 1 + 6 = 7 <= 8, so it calls
    assert decide(t, s.observation(0)) == CallDutch()
    # a jack with a known 9 at home and a known lower opponent card: the exchange
    u = position(dutch(2), ["9S 2S 3C 4D", "6C 7C 8C 5C"], "KD", "JD")
    peek_all(u)
    play(u, "draw", "discard")
    u.known[0][(1, 3)] = parse("5C")[0]  # as if a queen had shown it
    assert decide(t, u.observation(0)) == Exchange(0, 1, 3)


def test_threshold_beats_random_play_by_more_than_three_standard_errors() -> None:
    """Seat 0 threshold, seats 1..3 random, 300 fixed seeds: the random seats' mean minus seat 0's score."""
    rules = dutch(4)
    diffs = []
    for seed in range(300):
        r = play_round(rules, [ThresholdPlayer(), RandomPlayer(), RandomPlayer(), RandomPlayer()], seed=seed)
        diffs.append(np.mean(r.scores[1:]) - r.scores[0])
    d = np.asarray(diffs)
    se = d.std(ddof=1) / np.sqrt(len(d))
    assert d.mean() > 3 * se, (d.mean(), se)


def test_memory_belief_on_a_worked_position() -> None:
    s = position(dutch(2), ["AS 2S 9C 9D", "6C 7C 8C 5C"], "KS", "QD 3H TC")
    peek_all(s)
    play(s, "draw", "swap 3")  # seat 0 keeps the queen of diamonds in its card 3; the 9D goes face up
    play(s, "draw", "swap 2")  # seat 1 keeps the 3H (unseen by seat 0) in its card 2; the 8C goes face up
    b = belief(s.observation(0))
    located = parse("AS 2S QD KS 9D 8C")  # its known cards and the discard pile
    assert len(b.unseen) == 54 - len(located) and not set(located) & set(b.unseen)
    values = sorted(CardValues().value(c) for c in b.unseen)
    assert b.mean == pytest.approx(sum(values) / len(values))
    assert b.low_mean == pytest.approx(sum(values[: len(values) // 2]) / (len(values) // 2))
    assert b.kept == {(0, 3), (1, 2)}
    obs = s.observation(0)
    assert b.expect(obs, 1, 2) == b.low_mean and b.expect(obs, 1, 3) == b.mean and b.expect(obs, 0, 0) == -1
    play(s, "draw", "discard")  # seat 0 discards TC; seat 1 to play
    s.draw.append(parse("JH")[0])  # seat 1 draws a jack and exchanges its kept card for seat 0's card 1
    play(s, "draw", "discard", "exchange 2 0:1")
    assert belief(s.observation(0)).kept == {(0, 3), (0, 1)}


def test_memory_decisions_on_a_worked_position() -> None:
    m = MemoryPlayer()
    s = position(dutch(2), ["2H 2S 3C 4D", "6C 7C 8C AC"], "TS", "JD QS")
    peek_all(s)
    play(s, "draw")
    assert decide(m, s.observation(0)) == Discard()  # the jack (10) is above every slot (2, 2, about 6, about 6)
    play(s, "discard")
    assert decide(m, s.observation(0)) == Decline()  # no opponent card is known to be lower
    s.known[0][(1, 3)] = parse("AC")[0]  # as if a queen had shown it
    assert decide(m, s.observation(0)) == Exchange(2, 1, 3)  # its first unknown card (about 6) for the ace
    play(s, "exchange 2 1:3", "draw", "discard")  # seat 1 discards the queen: its look
    assert decide(m, s.observation(1)) == Look(1, 2)  # its own first unknown card
    play(s, "look 1:2")
    assert decide(m, s.observation(0)) == DrawDeck()  # the discard (QS, 10) saves nothing


def test_memory_beats_threshold_by_more_than_three_standard_errors() -> None:
    """100 fixed seeds, each played with the memory player in seats 0 and 2 and then in 1 and 3 (paired)."""
    rules = dutch(4)
    mem, thr = MemoryPlayer(), ThresholdPlayer()
    diffs = []
    for seed in range(100):
        a = play_round(rules, [mem, thr, mem, thr], seed=seed).scores
        b = play_round(rules, [thr, mem, thr, mem], seed=seed).scores
        diffs.append(((a[1] + a[3]) - (a[0] + a[2]) + (b[0] + b[2]) - (b[1] + b[3])) / 4)
    d = np.asarray(diffs)
    se = d.std(ddof=1) / np.sqrt(len(d))
    assert d.mean() > 3 * se, (d.mean(), se)
