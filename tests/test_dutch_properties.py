"""Property tests for the Dutch engine (hypothesis): cards, pile sizes, memory, scores, replay.

Rounds are played step by step under random rule combinations by random,
threshold, memory and never-calling players; after every step each card is somewhere exactly once, the
hands keep their size, every card a seat "knows" is really there, and the
observation hides other seats' private sightings.  The final scores are
re-derived from the source's card values, written out again here.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace

from hypothesis import given
from hypothesis import strategies as st

from ohhell.dutch import (
    Action,
    Call,
    CallDutch,
    Deck,
    DiscardDraw,
    DutchRules,
    Layout,
    MemoryPlayer,
    Observation,
    Player,
    Powers,
    RandomPlayer,
    StockOut,
    ThresholdPlayer,
    Turns,
    deal,
)
from ohhell.dutch.cards import text
from ohhell.dutch.record import RoundRecord, replay
from ohhell.dutch.state import RoundState
from ohhell.engine.play import streams
from ohhell.engine.stream import Stream


class NeverCalls:
    """Random, but never calls: long rounds, reshuffles and the turn limit."""

    def act(self, obs: Observation, rng: Stream) -> Action:
        options: list[Action] = [a for a in obs.legal if not isinstance(a, CallDutch)] or list(obs.legal)
        return rng.choice(options)


SOURCE_VALUES = {"JK": -3, "A": -1, "J": 10, "Q": 10, "T": 10}


def source_value(card: str) -> int:
    """The source's card values from the text alone: jokers -3, aces -1, black kings 0, red kings 15."""
    if card in SOURCE_VALUES or card[0] in SOURCE_VALUES:
        return SOURCE_VALUES.get(card, SOURCE_VALUES.get(card[0], 0))
    if card[0] == "K":
        return 15 if card[1] in "DH" else 0
    return int(card[0])


@st.composite
def rule_sets(draw: st.DrawFn) -> DutchRules:
    jokers = draw(st.sampled_from([2, 2, 1, 0]))
    rows, columns = draw(st.sampled_from([(2, 2), (2, 2), (1, 3), (2, 3), (1, 2)]))
    size = rows * columns
    most = min(10, (52 + jokers - 2) // size)
    players = draw(st.integers(2, most))
    powers = Powers(
        exchange=draw(st.sampled_from([("J",), ("J", "K"), ()])),
        look=draw(st.sampled_from([("Q",), ("Q", "JK"), ()])),
        optional=draw(st.booleans()),
        spare_caller=draw(st.booleans()),
    )
    return DutchRules(
        players=players,
        deck=Deck(jokers=jokers),
        layout=Layout(rows=rows, columns=columns, peek=draw(st.integers(0, size))),
        powers=powers,
        discard_draw=DiscardDraw(must_swap=draw(st.booleans())),
        call=Call(tie=draw(st.sampled_from(["caller_wins", "caller_loses"])), earliest_turn=draw(st.integers(0, 5))),
        stock_out=StockOut(rule=draw(st.sampled_from(["reshuffle", "end_round"]))),
        turns=Turns(first=draw(st.sampled_from(["rotate", "fixed"])), turn_limit=draw(st.integers(1, 300))),
    )


def check_invariants(state: RoundState, *, views: bool = False) -> None:
    rules = state.rules
    assert Counter(state.all_cards()) == Counter(rules.deck.codes)  # every card exactly once
    assert all(len(h) == rules.hand_size for h in state.hands)
    held = 0 if state.held is None else 1
    assert len(state.draw) + len(state.discard) + held == rules.deck.size - rules.players * rules.hand_size
    assert (state.held is not None) == (state.phase == "drawn")
    for viewer in range(rules.players):
        for (seat, pos), card in state.known[viewer].items():
            assert state.hands[seat][pos] == card, f"seat {viewer} misremembers seat {seat}'s card {pos}"
        if not views:
            continue
        obs = state.observation(viewer)
        for event in obs.events:
            private = event.kind in ("peek", "look") or (event.kind == "draw" and event.source == "deck")
            if private and event.seat != viewer:
                assert event.card is None


KINDS: dict[int, Player] = {0: RandomPlayer(), 1: ThresholdPlayer(), 2: NeverCalls(), 3: MemoryPlayer()}


def play_checked(rules: DutchRules, seed: int, mix: list[int]) -> RoundState:
    players = [KINDS[m] for m in mix]
    chance, rngs, _ = streams(seed, rules.players)
    state = deal(rules, chance.permutation(rules.deck.size), round_index=seed % 7)
    check_invariants(state)
    while not state.is_over:
        if state.is_chance:
            cards = state.chance_cards()
            chance.shuffle(cards)
            state.apply_chance(cards)
        else:
            obs = state.observation(state.seat)
            action = players[state.seat].act(obs, rngs[state.seat])
            assert action in obs.legal
            state.apply(action)
        check_invariants(state)
    check_invariants(state, views=True)
    return state


@given(rules=rule_sets(), seed=st.integers(0, 2**32 - 1), mix=st.lists(st.integers(0, 3), min_size=10, max_size=10))
def test_cards_piles_memory_and_scores(rules: DutchRules, seed: int, mix: list[int]) -> None:
    state = play_checked(rules, seed, mix[: rules.players])
    r = state.result()
    hands = [[text(c) for c in h] for h in r.final_hands]
    values = [sum(source_value(c) for c in h) for h in hands]
    assert list(r.values) == values
    expected = list(values)
    if r.caller is not None:
        others = min(v for s, v in enumerate(values) if s != r.caller)
        won = values[r.caller] < others or (values[r.caller] == others and rules.call.tie == "caller_wins")
        expected[r.caller] = 0 if won else 2 * values[r.caller]
        assert r.ended in ("call", "stock_out")
    else:
        assert r.ended in ("turn_limit", "stock_out")
    assert list(r.scores) == expected
    assert r.ended != "turn_limit" or r.turns == rules.turns.turn_limit


@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 10), mix=st.lists(st.integers(0, 3), min_size=10))
def test_a_record_replays_to_its_outcome(seed: int, players: int, mix: list[int]) -> None:
    from ohhell.dutch import dutch

    rules = replace(dutch(players), turns=Turns(turn_limit=400))
    state = play_checked(rules, seed, mix[:players])
    r = state.result()
    record = RoundRecord.from_json(json.loads(json.dumps(RoundRecord.from_result(r).to_json())))
    again = replay(record, rules)
    assert (again.final_hands, again.scores, again.caller, again.events) == (
        r.final_hands,
        r.scores,
        r.caller,
        r.events,
    )


def test_long_rounds_reshuffle_and_end_at_the_turn_limit_or_the_empty_pile() -> None:
    """Players who never call: the draw pile is rebuilt again and again, or the round ends when it is empty."""
    from ohhell.dutch import dutch

    for seed in range(3):
        rules = replace(dutch(2 + seed), turns=Turns(turn_limit=250))
        r = play_checked(rules, seed, [2] * rules.players).result()
        assert r.ended == "turn_limit" and r.caller is None and len(r.reshuffles) >= 2
        ends = replace(rules, stock_out=StockOut(rule="end_round"))
        e = play_checked(ends, seed, [2] * rules.players).result()
        assert e.ended == "stock_out" and e.reshuffles == () and e.scores == e.values
