"""One rule decision, one compiled function: the codes in CompiledRules, what the kernel supports.

The compiled rule functions of ``ohhell.rules`` are checked here against the
Python policies they replace in the engines (oracle tests over random
inputs); :func:`~ohhell.sim.fast_path_reason` is checked to refuse any code
the kernel does not state it plays.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ohhell
from ohhell.cards import Card, Suit
from ohhell.engine import Stream
from ohhell.engine.state import draw_trump_suits
from ohhell.engine.stream import state_array
from ohhell.rules import (
    BoerConsolation,
    DrawTrump,
    Elimination,
    ExactBonus,
    FirstBidderAdjusts,
    Harsh,
    HighestBidderAdjusts,
    NoRestriction,
    PlayAllRounds,
    Scoring,
    WizardDeck,
    compile_rules,
)
from ohhell.rules.compiled import RESTRICTIONS, TIE_BREAKS, TRUMP_SOURCES
from ohhell.rules.deck import set_aside_twos, twos_set_aside
from ohhell.rules.match_end import last_placed, rank_compare, rank_key, sort_standings, standings, winners
from ohhell.rules.restriction import (
    BidRestriction,
    adjust_mask,
    adjust_options,
    adjuster,
    adjusting_seat,
    dealer_hooked,
    hooked_bid,
    legal_bid_mask,
)
from ohhell.rules.scoring import consolation_seats, consoled, round_scores
from ohhell.rules.trump import trump_before_deal, trump_of_card
from ohhell.sim import fast_path_reason, kernel

RANDOM = ohhell.RandomStrategy()


# -- the codes the kernel reads are in CompiledRules ---------------------------


@pytest.mark.parametrize(
    ("restriction", "code"),
    [(NoRestriction(), 0), (ohhell.rules.DealerHook(), 1), (FirstBidderAdjusts(), 2), (HighestBidderAdjusts(), 3)],
)
def test_the_restriction_code_names_the_policy(restriction: BidRestriction, code: int) -> None:
    c = compile_rules(replace(ohhell.boerenbridge(4), restriction=restriction))
    assert c.restriction_code == code
    assert RESTRICTIONS[c.restriction_code] == c.restriction


def test_consolation_draw_and_tie_break_codes_follow_the_policies() -> None:
    plain = compile_rules(ohhell.boerenbridge(4))
    assert (plain.consolation_points, plain.consolation_ties) == (0, True)
    assert plain.tie_break_codes.tolist() == [0, 1]
    rules = replace(
        ohhell.boerenbridge(4),
        trump=DrawTrump(plain_only=False),
        scoring=Scoring(made=ExactBonus(base=10, per_trick=1), consolation=BoerConsolation(points=3, ties=False)),
        match_end=PlayAllRounds(tie_breaks=("best_round",)),
    )
    c = compile_rules(rules)
    assert (c.consolation_points, c.consolation_ties) == (3, False)
    assert [TIE_BREAKS[t] for t in c.tie_break_codes] == ["best_round"]
    assert not c.draw_plain.any() and c.draw_plain.shape == (c.n_rounds,)
    assert compile_rules(replace(rules, trump=DrawTrump())).draw_plain.all()
    assert compile_rules(replace(rules, match_end=Elimination(tie_breaks=()))).tie_break_codes.shape == (0,)


# -- what the kernel supports is data, checked before it runs -----------------


def test_every_known_code_is_supported_by_the_kernel() -> None:
    assert frozenset(range(len(TRUMP_SOURCES))) == kernel.TRUMP_SOURCE_CODES
    assert frozenset(range(len(RESTRICTIONS))) == kernel.RESTRICTION_CODES
    assert frozenset(range(len(TIE_BREAKS))) == kernel.TIE_BREAK_CODES
    assert fast_path_reason(compile_rules(ohhell.boerenbridge(4)), [RANDOM] * 4) is None


def test_an_unknown_trump_source_code_falls_back_naming_it() -> None:
    c = compile_rules(ohhell.boerenbridge(4))
    sources = c.trump_source.copy()
    sources[3] = len(TRUMP_SOURCES)  # a trump source added to the rules but not to the kernel
    reason = fast_path_reason(replace(c, trump_source=sources), [RANDOM] * 4)
    assert reason is not None and "trump source" in reason and f"code {len(TRUMP_SOURCES)}" in reason


def test_a_trump_source_the_kernel_drops_falls_back_naming_it(monkeypatch: pytest.MonkeyPatch) -> None:
    c = compile_rules(ohhell.bondebridge(4))
    assert fast_path_reason(c, [RANDOM] * 4) is None
    fixed = TRUMP_SOURCES.index("fixed")
    monkeypatch.setattr(kernel, "TRUMP_SOURCE_CODES", kernel.TRUMP_SOURCE_CODES - {fixed})
    reason = fast_path_reason(c, [RANDOM] * 4)
    assert reason is not None and "'fixed'" in reason


def test_an_unknown_restriction_code_falls_back_naming_it() -> None:
    c = compile_rules(ohhell.boerenbridge(4))
    reason = fast_path_reason(replace(c, restriction_code=7), [RANDOM] * 4)
    assert reason is not None and "bid restriction code 7" in reason


def test_unknown_tie_break_and_sight_codes_fall_back_naming_them() -> None:
    c = compile_rules(ohhell.boerenbridge(4))
    reason = fast_path_reason(replace(c, tie_break_codes=np.array([0, 5], dtype=np.int64)), [RANDOM] * 4)
    assert reason is not None and "tie-break code 5" in reason
    sight = c.sight.copy()
    sight[0] = 9
    reason = fast_path_reason(replace(c, sight=sight), [RANDOM] * 4)
    assert reason is not None and "sight code 9" in reason


def test_a_fast_run_with_an_unknown_code_is_refused_not_played() -> None:
    from ohhell.sim import run_chunk

    c = compile_rules(ohhell.boerenbridge(4))
    bad = replace(c, restriction_code=9)
    with pytest.raises(ValueError, match="bid restriction code 9"):
        run_chunk(bad, [RANDOM] * 4, "deals", "fast", 1, 0, 5)


# -- the compiled rule decisions equal the Python policies (oracle tests) -----

KINDS = st.sampled_from(range(len(RESTRICTIONS)))


def _bits(mask: int) -> tuple[int, ...]:
    return tuple(b for b in range(mask.bit_length()) if mask >> b & 1)


@settings(max_examples=300)
@given(code=KINDS, h=st.integers(0, 20), earlier=st.lists(st.integers(0, 20), max_size=6), dealer=st.booleans())
def test_legal_bid_mask_is_the_policy_legal_bids(code: int, h: int, earlier: list[int], dealer: bool) -> None:
    expected = set(range(h + 1))
    if RESTRICTIONS[code] == "hook" and dealer:
        expected.discard(hooked_bid(h, earlier))
    assert _bits(legal_bid_mask(code, h, dealer, sum(earlier))) == tuple(sorted(expected))
    others = sum(earlier)
    assert dealer_hooked(code, h, others) == (RESTRICTIONS[code] == "hook" and hooked_bid(h, earlier) is not None)


@settings(max_examples=300)
@given(code=KINDS, data=st.data())
def test_adjuster_and_adjust_mask_are_the_policy_adjustment(code: int, data: st.DataObject) -> None:
    n = data.draw(st.integers(2, 7), label="players")
    bids = data.draw(st.lists(st.integers(0, 5), min_size=n, max_size=n), label="bids")
    h = data.draw(st.sampled_from([sum(bids), sum(bids) + 1, max(sum(bids) - 1, 0)]), label="hand size")
    dealer = data.draw(st.integers(0, n - 1), label="dealer")
    seat = adjusting_seat(RESTRICTIONS[code], h, bids, dealer)
    assert adjuster(code, h, np.array([*bids, 9, 9], dtype=np.int64), n, dealer) == (-1 if seat is None else seat)
    for b in range(h + 1):
        assert _bits(adjust_mask(b, h)) == adjust_options(b, h)


def test_the_bondebridge_adjustment_example() -> None:
    # 4 players, 6 cards, bids 2, 1, 2, 1 from the dealer's left: the player left of the dealer adjusts
    bids = np.array([1, 2, 1, 2], dtype=np.int64)  # dealer 3: seat 0 is on the dealer's left
    seat = adjuster(RESTRICTIONS.index("first-adjusts"), 6, bids, 4, 3)
    assert seat == 0 and _bits(adjust_mask(int(bids[seat]), 6)) == (0, 2)
    assert adjuster(RESTRICTIONS.index("highest-adjusts"), 6, bids, 4, 3) == 1  # the first 2 from the dealer's left


@settings(max_examples=300)
@given(data=st.data(), points=st.integers(0, 7), ties=st.booleans(), hooked=st.booleans())
def test_round_scores_are_the_table_and_consolation_seats(
    data: st.DataObject, points: int, ties: bool, hooked: bool
) -> None:
    n = data.draw(st.integers(2, 7), label="players")
    h = data.draw(st.integers(1, 8), label="hand size")
    bids = data.draw(st.lists(st.integers(0, h), min_size=n, max_size=n), label="bids")
    tricks = data.draw(st.lists(st.integers(0, h), min_size=n, max_size=n), label="tricks")
    dealer = data.draw(st.integers(0, n - 1), label="dealer")
    table = Scoring(made=ExactBonus(base=10, per_trick=2), miss=Harsh()).table(h)
    rule = BoerConsolation(points=points, ties=ties) if points > 0 else None
    expected = [int(table[b, t]) for b, t in zip(bids, tricks)]
    seats = consolation_seats(rule, hooked, dealer, bids, tricks)
    for s in seats:
        expected[s] += points
    b, t = np.array(bids, dtype=np.int64), np.array(tricks, dtype=np.int64)
    assert consoled(points, ties, hooked, dealer, b, t, n) == (seats == (dealer,))
    scores = np.full(n + 1, -99, dtype=np.int64)
    assert round_scores(table, b, t, n, dealer, hooked, points, ties, scores) == bool(seats)
    assert scores[:n].tolist() == expected and scores[n] == -99


TIE_CODES = st.lists(st.sampled_from([0, 1]), max_size=2, unique=True)


@settings(max_examples=300)
@given(data=st.data(), codes=TIE_CODES)
def test_ranking_is_the_rank_key_order(data: st.DataObject, codes: list[int]) -> None:
    n = data.draw(st.integers(2, 7), label="players")
    small = st.lists(st.integers(0, 3), min_size=n, max_size=n)  # small values: many ties
    totals, made, best = data.draw(small, label="totals"), data.draw(small, label="made"), data.draw(small)
    active = data.draw(st.lists(st.booleans(), min_size=n, max_size=n).filter(any), label="active")
    names = tuple(TIE_BREAKS[c] for c in codes)
    t_, m_, b_ = (np.array(v, dtype=np.int64) for v in (totals, made, best))
    tb = np.array(codes, dtype=np.int64)
    for a in range(n):
        for b in range(n):
            ka, kb = (rank_key(s, totals, made, best, names) for s in (a, b))
            assert rank_compare(a, b, t_, m_, b_, tb) == (ka > kb) - (ka < kb)
    pool = [s for s in range(n) if active[s]]
    order = standings(totals, made, best, names, seats=pool)
    assert last_placed(np.array(active, dtype=np.int64), t_, m_, b_, tb) == order[-1]
    seats = np.array(pool, dtype=np.int64)
    sort_standings(seats, t_, m_, b_, tb)
    assert tuple(seats.tolist()) == order
    top = winners(totals, made, best, names, seats=pool)
    assert tuple(s for s in pool if rank_compare(s, order[0], t_, m_, b_, tb) == 0) == top


@pytest.mark.parametrize("source", TRUMP_SOURCES)
def test_trump_before_the_deal_follows_the_plan(source: str) -> None:
    code = TRUMP_SOURCES.index(source)
    for suit in (-1, 0, 3):
        for first in ((-1, -1), (-1, 2), (0, 1), (-2, -2)):
            got = trump_before_deal(code, suit, first[0], first[1], 1, 3)
            expected = {
                "fixed": (-1, suit),
                "first-round": (-1, 3) if first == (-2, -2) else first,
                "setesdal": (1, 3),
            }.get(source, (-1, -1))
            assert got == expected


@pytest.mark.parametrize("plain_only", [True, False])
def test_trump_of_a_card_is_its_suit_unless_a_drawn_court_card_under_plain_only(plain_only: bool) -> None:
    draw, turn_up = TRUMP_SOURCES.index("draw"), TRUMP_SOURCES.index("turn-up")
    for card in WizardDeck().cards():  # the 52 plain cards, Wizards and Jesters
        suit = -1 if card.suit is None else int(card.suit)
        counts = card.is_plain and not (plain_only and card.rank > 10)
        assert trump_of_card(draw, plain_only, card.code) == (suit if counts else -1)
        assert trump_of_card(turn_up, plain_only, card.code) == suit
        for other in ("none", "fixed", "first-round", "setesdal"):
            assert trump_of_card(TRUMP_SOURCES.index(other), plain_only, card.code) == -1
    assert trump_of_card(turn_up, plain_only, -1) == -1


@settings(max_examples=100)
@given(seed=st.integers(0, 2**32), source=st.sampled_from(range(len(TRUMP_SOURCES))), outside=st.booleans())
def test_the_trump_draws_read_the_stream_as_the_documented_chance_step(seed: int, source: int, outside: bool) -> None:
    stream = Stream(seed)
    st_ = state_array(Stream(seed))
    under, over = -1, -1
    if TRUMP_SOURCES[source] == "first-round" and outside:
        over = stream.integers(4)
    elif TRUMP_SOURCES[source] == "setesdal":
        under, over = stream.integers(4), stream.integers(4)
        while over == under:
            over = stream.integers(4)
    assert draw_trump_suits(source, outside, st_, 0) == (under, over)
    assert tuple(int(w) for w in st_[0]) == stream.state


def test_the_kernel_bundle_reads_every_code_from_compiled_rules() -> None:
    rules = replace(
        ohhell.boerenbridge(5),
        trump=DrawTrump(),
        scoring=Scoring(made=ExactBonus(base=10, per_trick=2), consolation=BoerConsolation(points=4, ties=False)),
        match_end=PlayAllRounds(tie_breaks=("best_round", "made_bids")),
    )
    c = compile_rules(rules)
    k = kernel.kernel_rules(c)
    assert (k.restriction, k.cons_points, k.cons_ties, k.simultaneous) == (1, 4, False, False)
    assert k.tie_breaks.tolist() == [1, 0] and k.draw_plain.all()
    for field in ("hand_sizes", "players_in_round", "trump_source", "trump_suit", "set_aside", "score_tables"):
        assert getattr(k, field) is getattr(c, field)


# -- the twos set aside ------------------------------------------------------------


@given(k=st.integers(0, 4), under=st.integers(-1, 3), over=st.integers(-1, 3))
def test_set_aside_twos_are_the_first_twos_not_of_a_known_trump(k: int, under: int, over: int) -> None:
    """The rule in words (clubs first, skipping a trump known before the deal) against the compiled mask."""
    expected = [Card.of(2, s) for s in Suit if int(s) not in (under, over)][:k]
    mask = set_aside_twos(k, under, over)
    assert [Card(c) for c in range(64) if mask >> c & 1] == expected
    assert list(twos_set_aside(k, [Suit(x) for x in (under, over) if x >= 0])) == expected
