"""Golden tests for each rule of the Dutch source, on hand-built positions.

Each test stacks the deck (:func:`ohhell.dutch.state.stack_deck`) so the
position is the one the rule talks about, plays the actions by their text
and checks the state, what each seat may know, and the scores.
"""

from __future__ import annotations

import pickle
from dataclasses import replace

import pytest

from ohhell.dutch import (
    Call,
    CallDutch,
    Decline,
    Discard,
    DiscardDraw,
    DutchRules,
    Exchange,
    Layout,
    Look,
    MatchEnd,
    Powers,
    RoundState,
    StockOut,
    Turns,
    deal,
    dutch,
    match_winners,
    parse_action,
)
from ohhell.dutch.cards import parse, text
from ohhell.dutch.rules import add_round
from ohhell.dutch.state import stack_deck
from ohhell.engine.errors import IllegalMoveError


def position(rules: DutchRules, hands: list[str], turn_up: str, draw: str = "", *, round_index: int = 0) -> RoundState:
    """The round after the deal of ``hands`` (seat by seat, positions 0..3) with ``turn_up`` on the discard pile."""
    codes = parse(" ".join([*hands, turn_up, draw]))
    h = rules.hand_size
    dealt = [list(codes[i * h : (i + 1) * h]) for i in range(len(hands))]
    rest = codes[len(hands) * h :]
    order = stack_deck(rules, dealt, turn_up=rest[0], draw=rest[1:], round_index=round_index)
    return deal(rules, order, round_index=round_index)


def play(state: RoundState, *actions: str) -> None:
    for a in actions:
        state.apply(parse_action(a), who="test")


def peek_all(state: RoundState) -> None:
    """Every seat peeks at its positions 0 and 1."""
    while phase(state) == "peek":
        play(state, str(state.legal_actions()[0]))


def phase(state: RoundState) -> str:
    """The phase as a plain string (so the checker does not narrow it across actions)."""
    return state.phase


def hand(state: RoundState, seat: int) -> list[str]:
    return [text(c) for c in state.hands[seat]]


def test_the_deal_goes_round_the_table_and_turns_up_one_card() -> None:
    s = position(dutch(3), ["AS 2S 3S 4S", "5S 6S 7S 8S", "9S TS JS QS"], "KS", "AH 2H")
    assert [hand(s, seat) for seat in range(3)] == [
        ["AS", "2S", "3S", "4S"],
        ["5S", "6S", "7S", "8S"],
        ["9S", "TS", "JS", "QS"],
    ]
    assert text(s.discard[-1]) == "KS" and text(s.draw[-1]) == "AH" and text(s.draw[-2]) == "2H"
    assert len(s.draw) == 54 - 12 - 1
    # the opening peek: two of one's own cards, once, privately
    assert phase(s) == "peek" and s.seat == 0
    play(s, "peek 3", "peek 0")
    assert s.observation(0).own == (parse("AS")[0], None, None, parse("4S")[0])
    assert s.observation(1).known[0] == (None,) * 4
    play(s, "peek 0")  # seat 1 now
    with pytest.raises(IllegalMoveError, match="seat 1"):
        play(s, "peek 0")  # never twice at one card
    peek_all(s)
    assert phase(s) == "turn" and s.seat == 0


def test_a_jack_discarded_from_the_deck_is_a_blind_exchange() -> None:
    # the turned-up jack of spades started the discard pile: it has no power
    s = position(dutch(2), ["2C 3C 4C 5C", "KH KD 6C 7C"], "JS", "JD")
    peek_all(s)
    assert phase(s) == "turn"
    play(s, "draw")
    assert s.observation(0).held == parse("JD")[0] and s.observation(1).held is None
    play(s, "discard")
    assert phase(s) == "exchange" and s.seat == 0
    legal = s.legal_actions()
    assert Decline() in legal and all(isinstance(a, Exchange) and a.seat == 1 for a in legal[:-1])
    assert len(legal) == 4 * 4 + 1
    play(s, "exchange 0 1:0")
    assert hand(s, 0) == ["KH", "3C", "4C", "5C"] and hand(s, 1) == ["2C", "KD", "6C", "7C"]
    # nobody looked: seat 0 knows where its 2C went, not what it got; seat 1 the mirror image
    assert s.known_by(0)[0][0] is None and s.known_by(0)[1][0] == parse("2C")[0]
    assert s.known_by(1)[0][0] == parse("KH")[0] and s.known_by(1)[1][0] is None
    event = s.observation(1).events[-1]
    assert (event.kind, event.seat, event.position, event.other, event.other_position) == ("exchange", 0, 0, 1, 0)
    assert phase(s) == "turn" and s.seat == 1


def test_a_jack_moved_into_a_hand_does_not_trigger_but_one_swapped_out_does() -> None:
    s = position(dutch(2), ["2C 3C 4C QC", "JC 8C 6C 7C"], "9S", "JH 5D")
    peek_all(s)
    play(s, "draw", "swap 2")  # JH into seat 0's hand: no power
    assert phase(s) == "turn" and s.seat == 1 and hand(s, 0)[2] == "JH"
    play(s, "draw", "swap 0")  # 5D in, JC face up out of seat 1's hand: its power
    assert phase(s) == "exchange" and s.seat == 1 and text(s.discard[-1]) == "JC"
    play(s, "decline")
    assert phase(s) == "turn" and s.seat == 0 and hand(s, 0) == ["2C", "3C", "JH", "QC"]


def test_a_queen_is_one_private_look() -> None:
    s = position(dutch(3), ["2C 3C 4C 5C", "6C 7C 8C 9C", "2D 3D 4D 5D"], "9S", "QH")
    peek_all(s)
    play(s, "draw", "discard")
    assert phase(s) == "look"
    assert set(s.legal_actions()) == {Look(o, p) for o in range(3) for p in range(4)} | {Decline()}
    play(s, "look 2:3")
    assert s.known_by(0)[2][3] == parse("5D")[0]
    assert s.known_by(1)[2][3] is None and s.known_by(2)[2][3] is None  # seat 2 peeked 0 and 1 only
    seen = {v: s.observation(v).events[-1] for v in range(3)}
    assert seen[0].card == parse("5D")[0] and seen[1].card is None and seen[2].card is None
    assert (seen[1].kind, seen[1].other, seen[1].other_position) == ("look", 2, 3)
    assert hand(s, 2) == ["2D", "3D", "4D", "5D"] and s.seat == 1  # the card stays; the turn ends


def test_a_queen_replaced_by_a_swap_triggers_its_look() -> None:
    s = position(dutch(2), ["2C 3C 4C QC", "6C 7C 8C 9C"], "9S", "AD")
    peek_all(s)
    play(s, "draw", "swap 3")
    assert phase(s) == "look" and text(s.discard[-1]) == "QC"
    play(s, "look 0:2")
    assert s.known_by(0)[0] == parse("2C 3C 4C AD")


def test_a_card_taken_from_the_discard_pile_must_be_swapped_in() -> None:
    s = position(dutch(2), ["2C 3C 4C 5C", "6C 7C 8C 9C"], "AS")
    peek_all(s)
    play(s, "take")
    assert s.legal_actions() == tuple(parse_action(f"swap {p}") for p in range(4))
    with pytest.raises(IllegalMoveError) as err:
        s.apply(Discard(), who="Stubborn()")
    message = str(err.value)
    for part in ("seat 0", "Stubborn()", "'discard'", "drawn", "swap 0, swap 1, swap 2, swap 3"):
        assert part in message
    play(s, "swap 3")
    assert hand(s, 0) == ["2C", "3C", "4C", "AS"] and text(s.discard[-1]) == "5C"
    # everyone saw the ace go in: both seats know it is seat 0's card 3
    assert s.known_by(0)[0][3] == s.known_by(1)[0][3] == parse("AS")[0]
    # the house rule that lets it go straight back
    loose = replace(dutch(2), discard_draw=DiscardDraw(must_swap=False))
    t = position(loose, ["2C 3C 4C 5C", "6C 7C 8C 9C"], "AS")
    peek_all(t)
    play(t, "take")
    assert Discard() in t.legal_actions()


def call_position(rules: DutchRules, caller_hand: str, other_hand: str) -> RoundState:
    s = position(rules, [caller_hand, other_hand, "KH KD QH QD"], "9S", "8H 8D 7H 7D")
    peek_all(s)
    return s


def test_a_successful_call() -> None:
    s = call_position(dutch(3), "AS 2S 3S JK", "AC 2C 3C 4C")  # 1 against 8 and 50
    play(s, "call")
    assert s.caller == 0 and s.seat == 1 and CallDutch() not in s.legal_actions()
    play(s, "draw", "discard", "draw", "discard")  # seats 1 and 2: one final turn each
    assert s.is_over and s.ended == "call"
    r = s.result()
    assert r.values == (1, 8, 50)  # seats 1 and 2 discarded their draws
    assert r.scores == (0, 8, 50) and r.call_succeeded is True


def test_a_failed_call_doubles_the_callers_hand() -> None:
    t = call_position(dutch(3), "AS 2S 3S 4S", "AC 2C 3C 5C")  # seat 1 will call 9 against 8
    play(t, "draw", "discard")  # seat 0 plays a turn first
    play(t, "call")
    assert t.caller == 1 and t.seat == 2
    play(t, "draw", "discard", "draw", "discard")  # seat 2, then seat 0; not seat 1 again
    assert t.is_over
    r = t.result()
    assert r.caller == 1 and r.values == (8, 9, 50) and r.scores == (8, 18, 50) and r.call_succeeded is False


def test_a_tie_for_lowest_makes_the_call_succeed_or_fail_by_the_tie_option() -> None:
    for rules, expected in ((dutch(3), 0), (replace(dutch(3), call=Call(tie="caller_loses")), 16)):
        s = call_position(rules, "AS 2S 3S 4S", "AC 2C 3C 4C")
        play(s, "call", "draw", "discard", "draw", "discard")
        r = s.result()
        assert r.values[:2] == (8, 8) and r.scores == (expected, 8, 50)


def test_negative_hands_and_a_failed_negative_call() -> None:
    s = call_position(dutch(3), "JK AS KS 2S", "JK AC AD KC")  # -2 against -5
    play(s, "call", "draw", "discard", "draw", "discard")
    r = s.result()
    assert r.values == (-2, -5, 50) and r.scores == (-4, -5, 50) and r.call_succeeded is False


def test_the_caller_may_call_on_the_first_turn_unless_the_table_says_otherwise() -> None:
    s = call_position(dutch(3), "AS 2S 3S 4S", "AC 2C 3C 4C")
    assert CallDutch() in s.legal_actions()
    late = replace(dutch(3), call=Call(earliest_turn=2))
    t = call_position(late, "AS 2S 3S 4S", "AC 2C 3C 4C")
    assert CallDutch() not in t.legal_actions()
    play(t, "draw", "discard", "draw", "discard")
    assert CallDutch() in t.legal_actions()


def test_powers_can_be_given_to_other_ranks_made_mandatory_and_kept_off_the_caller() -> None:
    kings = replace(dutch(2), powers=Powers(exchange=("K",), look=("Q", "JK"), optional=False))
    s = position(kings, ["2C 3C 4C 5C", "6C 7C 8C 9C"], "9S", "KS JD")
    peek_all(s)
    play(s, "draw", "discard")
    assert phase(s) == "exchange" and Decline() not in s.legal_actions()
    play(s, "exchange 1 1:1", "draw", "discard")  # seat 1 discards JD: no power under these rules
    assert phase(s) == "turn" and s.seat == 0
    spare = replace(dutch(2), powers=Powers(spare_caller=True))
    t = position(spare, ["2C 3C 4C 5C", "6C 7C 8C 9C"], "9S", "JD")
    peek_all(t)
    play(t, "call", "draw", "discard")  # seat 1's jack: the only opponent called, so no exchange
    assert t.is_over


def test_an_empty_draw_pile_is_reshuffled_under_the_discard_top() -> None:
    rules = dutch(10)
    hands = [
        "JK JK JC JD",
        "JH JS QC QD",
        "QH QS KC KD",
        "KH KS AC AD",
        "AH AS 2C 2D",
        "2H 2S 3C 3D",
        "3H 3S 4C 4D",
        "4H 4S 5C 5D",
        "5H 5S 6C 6D",
        "6H 6S 7C 7D",
    ]
    s = position(rules, hands, "7H", "7S 8C 8D 8H 8S 9C 9D 9H 9S TC TD TH TS")
    peek_all(s)
    for _ in range(13):
        play(s, "draw", "discard")
    assert s.is_chance and s.draw == [] and len(s.discard) == 14
    assert s.legal_actions() == ()
    pile = s.chance_cards()
    assert [text(c) for c in pile] == ["7H", "7S", "8C", "8D", "8H", "8S", "9C", "9D", "9H", "9S", "TC", "TD", "TH"]
    with pytest.raises(ValueError, match="exactly the 13 cards"):
        s.apply_chance(pile[:-1])
    s.apply_chance(list(reversed(pile)))
    assert phase(s) == "turn" and s.seat == 3 and [text(c) for c in s.discard] == ["TS"]
    assert text(s.draw[-1]) == "TH" and len(s.draw) == 13
    assert s.events[-1].kind == "reshuffle" and s.events[-1].count == 13
    # the other reading: the round ends, hands are scored at face value
    ends = replace(rules, stock_out=StockOut(rule="end_round"))
    t = position(ends, hands, "7H", "7S 8C 8D 8H 8S 9C 9D 9H 9S TC TD TH TS")
    peek_all(t)
    for _ in range(13):
        play(t, "draw", "discard")
    r = t.result()
    assert r.ended == "stock_out" and r.caller is None and r.scores == r.values
    assert r.values[0] == -3 - 3 + 10 + 10 and r.values[3] == 15 + 0 - 1 - 1


def test_the_turn_limit_ends_a_round_without_a_call() -> None:
    rules = replace(dutch(2), turns=Turns(turn_limit=3))
    s = position(rules, ["2C 3C 4C 5C", "6C 7C 8C 9C"], "9S", "2D 3D 4D")
    peek_all(s)
    play(s, "draw", "discard", "draw", "discard", "draw", "discard")
    r = s.result()
    assert r.ended == "turn_limit" and r.caller is None and r.scores == (14, 30)


def test_the_first_player_rotates_with_the_round() -> None:
    s = position(dutch(3), ["2C 3C 4C 5C", "6C 7C 8C 9C", "2D 3D 4D 5D"], "9S", round_index=4)
    assert s.first == 1 and s.seat == 1 and hand(s, 1) == ["6C", "7C", "8C", "9C"]
    fixed = replace(dutch(3), turns=Turns(first="fixed"))
    assert position(fixed, ["2C 3C 4C 5C", "6C 7C 8C 9C", "2D 3D 4D 5D"], "9S", round_index=4).first == 0


def test_no_peek_layouts_start_with_the_first_turn() -> None:
    rules = replace(dutch(2), layout=Layout(peek=0))
    s = position(rules, ["2C 3C 4C 5C", "6C 7C 8C 9C"], "9S")
    assert phase(s) == "turn" and s.known_by(0) == ((None,) * 4,) * 2


def test_the_match_ends_after_the_round_that_reaches_the_limit_with_tied_winners() -> None:
    """Two hand-built rounds; the second takes seat 2 past 60 and leaves seats 0 and 1 tied lowest."""
    rules = dutch(3, limit=60)
    first = call_position(rules, "AS 2S 3S 4S", "AC 2C 3C 4C")  # seat 0 calls and ties 8 with seat 1
    play(first, "call", "draw", "discard", "draw", "discard")
    totals, over = add_round((0, 0, 0), first.result().scores, rules.match_end)
    assert totals == (0, 8, 50) and not over
    second = position(rules, ["AH 2H 3H 4D", "AD 2D 3D 4S", "7S 7C 6S 5S"], "9S", "8H 8D 7H 7D", round_index=1)
    peek_all(second)
    assert second.seat == 1  # the second round starts one seat on
    play(second, "call", "draw", "discard", "draw", "discard")  # seat 1 calls 8 and ties seat 0's 8
    r = second.result()
    assert r.values == (8, 8, 25) and r.scores == (8, 0, 25)
    totals, over = add_round(totals, r.scores, rules.match_end)
    assert totals == (8, 8, 75) and over
    assert match_winners(totals) == (0, 1)  # tied winners; seat 2 passed the limit and loses
    # the same at limit 50: the first round alone ends the match, seat 0 wins
    totals, over = add_round((0, 0, 0), first.result().scores, MatchEnd(limit=50))
    assert over and match_winners(totals) == (0,)


def test_a_state_pickles_and_continues_the_same() -> None:
    s = position(dutch(2), ["2C 3C 4C QC", "6C 7C 8C 9C"], "9S", "AD JH")
    peek_all(s)
    play(s, "draw")
    copy = pickle.loads(pickle.dumps(s))
    for state in (s, copy):
        play(state, "swap 3", "look 1:3", "draw", "discard", "exchange 0 0:0")
    assert copy.hands == s.hands and copy.known == s.known and copy.events == s.events


def test_rules_validation_messages() -> None:
    with pytest.raises(ValueError, match="2 to 10 players"):
        dutch(1)
    with pytest.raises(ValueError, match="one power, not two: J"):
        Powers(exchange=("J",), look=("J",))
    with pytest.raises(ValueError, match="tuple of ranks"):
        Powers(exchange=("X",))
    with pytest.raises(ValueError, match=r"peek must be 0\.\.4"):
        Layout(peek=5)
    with pytest.raises(ValueError, match="need 56 cards"):
        DutchRules(players=9, layout=Layout(rows=3, columns=2))
    with pytest.raises(ValueError, match="tie must be"):
        Call(tie="nobody")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="limit must be at least 1"):
        MatchEnd(limit=0)
    with pytest.raises(ValueError, match=r"StockOut\.rule"):
        StockOut(rule="panic")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="not a permutation"):
        deal(dutch(2), list(range(53)))
