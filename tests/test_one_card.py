"""The exact 1-card analysis (ohhell.exact): oracles, brute force, simulation, contract.

Oracles: P(win) against every deal of 2 and 3 players on the real deck (every
turned-up card), and the leader's closed form for 2-7 players; the bids and
per-seat totals against every deal of the canonical deck (2 and 3 players),
including that each bid is a best response; simulation of the reference engine
with :class:`OneCardOptimal` players within 4 standard errors of the exact
values.
"""

from __future__ import annotations

import itertools
import math
import pickle
from dataclasses import replace
from fractions import Fraction

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ohhell
from ohhell.cli import main
from ohhell.exact import OneCardAnalysis, OneCardOptimal, format_analysis, one_card_analysis
from ohhell.exact.canonical import CanonicalDeck, canonical_deck
from ohhell.rules import (
    BlindRounds,
    BoerConsolation,
    ExactBonus,
    FirstBidderAdjusts,
    FixedHands,
    ForeheadRounds,
    Harsh,
    HighestBidderAdjusts,
    MissScoresTricks,
    MissZero,
    NoRestriction,
    NoTrump,
    Rules,
    Scoring,
    Simultaneous,
    TurnUpTrump,
)
from tests.test_oracle_one_card import leader_wins_probability

IntArray = npt.NDArray[np.int64]


def one_round(rules: Rules) -> Rules:
    return replace(rules, schedule=FixedHands(size=1, rounds=1))


BOEREN = one_round(ohhell.boerenbridge(4))
BONDE = one_round(ohhell.bondebridge(4))


# -- brute force -----------------------------------------------------------------


def _strength(suit: IntArray, rank: IntArray, is_trump: IntArray) -> IntArray:
    led = suit[:, :1]
    out: IntArray = np.where(is_trump, 200 + rank, np.where(suit == led, 100 + rank, 0)).astype(np.int64)
    return out


def real_deck_wins(players: int, trump: bool) -> dict[tuple[int, str, int], Fraction]:
    """P(win) by (position, suit, rank) over every deal of the real deck (every turned-up card)."""
    wins: dict[tuple[int, str, int], int] = {}
    seen: dict[tuple[int, str, int], int] = {}
    ups = range(2, 15) if trump else [0]  # spades are trump: every trump suit is the same up to symmetry
    for up in ups:
        codes = [c for c in range(52) if not (trump and c == 3 * 13 + up - 2)]
        deals = np.array(list(itertools.permutations(codes, players)), dtype=np.int64)
        suit, rank = deals // 13, deals % 13 + 2
        is_trump = (suit == 3) if trump else np.zeros_like(deals, dtype=bool)
        winner = _strength(suit, rank, is_trump.astype(np.int64)).argmax(axis=1)
        for pos in range(players):
            kind = np.where(is_trump[:, pos], 0, 1)
            for k in (0, 1):
                for r in range(2, 15):
                    sel = (kind == k) & (rank[:, pos] == r)
                    if not sel.any():
                        continue
                    key = (pos, "plain" if not trump else ("trump", "side")[k], r)
                    seen[key] = seen.get(key, 0) + int(sel.sum())
                    wins[key] = wins.get(key, 0) + int((sel & (winner == pos)).sum())
    return {key: Fraction(wins[key], seen[key]) for key in seen}


def canonical_deals(deck: CanonicalDeck, players: int) -> IntArray:
    return np.array(list(itertools.permutations(range(deck.size), players)), dtype=np.int64)


def canonical_winner(deck: CanonicalDeck, deals: IntArray) -> IntArray:
    strength = _strength(deck.suit[deals], deck.rank[deals], deck.is_trump[deals].astype(np.int64))
    return np.asarray(strength.argmax(axis=1), dtype=np.int64)


def forehead_signals(deck: CanonicalDeck, deals: IntArray) -> IntArray:
    """k by the definition: unseen cards that, held at this position, would win the trick."""
    ks = np.zeros_like(deals)
    for i in range(deals.shape[1]):
        others = np.delete(deals, i, axis=1)
        for x in range(deck.size):
            trial = deals.copy()
            trial[:, i] = x
            ks[:, i] += ~np.any(others == x, axis=1) & (canonical_winner(deck, trial) == i)
    return ks


def profile_bids(a: OneCardAnalysis, deck: CanonicalDeck, deals: IntArray) -> tuple[IntArray, IntArray]:
    """First and final bids of every deal when everyone bids by the analysis."""
    n, m = deals.shape[1], deals.shape[0]
    signals = forehead_signals(deck, deals) if a.sight == "forehead" else deck.cls[deals]
    if a.sight == "blind":
        signals = np.zeros_like(deals)
    first = np.zeros((m, n), dtype=np.int64)
    for i in range(n):
        if a.simultaneous or a.sight != "own":
            first[:, i] = np.array(a.decisions[(i, ())])[signals[:, i]]
            continue
        for h in itertools.product((0, 1), repeat=i):
            sel = np.all(first[:, :i] == np.array(h, dtype=np.int64), axis=1)
            first[sel, i] = np.array(a.decisions[(i, h)])[signals[sel, i]]
    final = first.copy()
    if a.restriction == "hook":
        heard = final[:, : n - 1].sum(axis=1)
        final[heard <= 1, n - 1] = heard[heard <= 1]
    one = final.sum(axis=1) == 1
    if a.restriction == "first-adjusts":
        final[one, 0] = 1 - final[one, 0]
    elif a.restriction == "highest-adjusts":
        final[one] = 0
    return first, final


def brute_seats(a: OneCardAnalysis, trump: bool) -> dict[str, IntArray]:
    deck = canonical_deck(trump)
    deals = canonical_deals(deck, a.players)
    won = (canonical_winner(deck, deals)[:, None] == np.arange(a.players)).astype(np.int64)
    first, final = profile_bids(a, deck, deals)
    score = np.array(a.table)[final, won].astype(np.float64)
    rule = a.rules.scoring.consolation
    if rule is not None:
        hooked = first[:, :-1].sum(axis=1) <= 1
        score[:, -1] += rule.points * (hooked & (final[:, -1] != won[:, -1]))
    return {
        "p_win": won.mean(0),
        "p_first_bid1": first.mean(0),
        "p_bid1": final.mean(0),
        "p_made": (final == won).mean(0),
        "expected_score": score.mean(0),
    }


def assert_best_responses(a: OneCardAnalysis, trump: bool) -> None:
    """Open hands: no seat gains by changing its bid for any card class and bids heard (ties: the lower bid)."""
    deck = canonical_deck(trump)
    n = a.players
    deals = canonical_deals(deck, n)
    winner = canonical_winner(deck, deals)
    first, _ = profile_bids(a, deck, deals)
    table = np.array(a.table)
    for i in range(n):
        histories = [()] if a.simultaneous else list(itertools.product((0, 1), repeat=i))
        for h in histories:
            heard = np.all(first[:, : len(h)] == np.array(h, dtype=np.int64), axis=1)
            for cl in range(deck.n_classes):
                sel = heard & (deck.cls[deals[:, i]] == cl)
                if not sel.any():
                    continue
                totals = []
                for b in (0, 1):
                    bids = first[sel].copy()
                    bids[:, i] = b
                    if a.restriction == "hook" and i == n - 1 and sum(h) <= 1:
                        bids[:, i] = sum(h)
                    one = bids.sum(axis=1) == 1
                    if a.restriction == "first-adjusts":
                        bids[one, 0] = 1 - bids[one, 0]
                    elif a.restriction == "highest-adjusts":
                        bids[one] = 0
                    totals.append(int(table[bids[:, i], (winner[sel] == i).astype(np.int64)].sum()))
                best = 1 if totals[1] > totals[0] else 0
                chosen = a.decisions[(i, h)][cl]
                assert totals[chosen] == totals[best], (i, h, deck.label(cl), totals, chosen)


# -- P(win) ------------------------------------------------------------------------


@pytest.mark.parametrize("trump", [True, False])
@pytest.mark.parametrize("players", [2, 3])
def test_win_table_matches_every_deal_of_the_real_deck(players: int, trump: bool) -> None:
    expected = real_deck_wins(players, trump)
    win = one_card_analysis(BOEREN, players, trump=trump).win
    assert len(win) == len(expected)
    for position, suit, rank, p in zip(win["position"], win["suit"], win["rank"], win["p_win"]):
        assert p == pytest.approx(float(expected[(int(position), str(suit), int(rank))]), abs=1e-12)


@pytest.mark.parametrize("players", range(2, 8))
def test_leader_closed_form(players: int) -> None:
    m = players - 1
    a = one_card_analysis(BOEREN, players)
    win = a.win[a.win["position"] == 0].set_index(["suit", "rank"])["p_win"]
    for r in range(2, 15):
        # a side card loses to any of the 12 trumps and to the 14 - r higher cards of its suit
        assert win[("side", r)] == pytest.approx(math.comb(50 - 12 - (14 - r), m) / math.comb(50, m), abs=1e-12)
        # a trump loses to the higher trumps in play: 14 - r, or 13 - r when the turned-up card is above it
        above = Fraction(14 - r, 12)
        p = (1 - above) * Fraction(math.comb(50 - (14 - r), m)) + above * Fraction(math.comb(50 - (13 - r), m))
        assert win[("trump", r)] == pytest.approx(float(p / math.comb(50, m)), abs=1e-12)
    plain = one_card_analysis(BOEREN, players, trump=False)
    lead = plain.seats.loc[0, "p_win"]
    assert lead == pytest.approx(float(leader_wins_probability(players)), abs=1e-12)


@pytest.mark.parametrize("trump", [True, False])
@pytest.mark.parametrize("players", range(2, 8))
def test_exactly_one_position_wins(players: int, trump: bool) -> None:
    a = one_card_analysis(BOEREN, players, trump=trump)
    assert a.seats["p_win"].sum() == pytest.approx(1.0, abs=1e-12)
    sure = (a.win["suit"] == "trump") if trump else (a.win["position"] == 0)
    aces = a.win[(a.win["rank"] == 14) & sure]
    assert (aces["p_win"] == 1.0).all()  # the ace of trumps always wins; without trump, so does an ace led


# -- bids and seat totals against every deal ----------------------------------------

VARIANTS = {
    "hook": BOEREN,
    "sequential-none": replace(BOEREN, restriction=NoRestriction()),
    "hook-consolation": replace(BOEREN, scoring=replace(BOEREN.scoring, consolation=BoerConsolation())),
    "first-adjusts": BONDE,
    "highest-adjusts": replace(BONDE, restriction=HighestBidderAdjusts()),
    "simultaneous-none": replace(BONDE, restriction=NoRestriction()),
    "blind-hook": replace(BOEREN, information=BlindRounds()),
    "blind-highest": replace(BONDE, information=BlindRounds(), restriction=HighestBidderAdjusts()),
    "forehead-hook": replace(BOEREN, information=ForeheadRounds()),
    "forehead-first": replace(BONDE, information=ForeheadRounds()),
}


# the 3-player forehead brute force runs once (with trump) to keep the suite fast
SEAT_CASES = [
    (v, n, t)
    for v in sorted(VARIANTS)
    for n in (2, 3)
    for t in (True, False)
    if not (v.startswith("forehead") and n == 3 and not t)
]


@pytest.mark.parametrize(("variant", "players", "trump"), SEAT_CASES)
def test_seat_totals_match_every_deal(variant: str, players: int, trump: bool) -> None:
    a = one_card_analysis(VARIANTS[variant], players, trump=trump)
    for column, values in brute_seats(a, trump).items():
        np.testing.assert_allclose(a.seats[column].to_numpy(), values, rtol=0, atol=1e-11, err_msg=column)
    if a.sight == "own":
        assert_best_responses(a, trump)


@settings(max_examples=25)
@given(
    base=st.integers(0, 20),
    per_trick=st.integers(0, 5),
    miss=st.sampled_from([MissZero(), Harsh(), Harsh(factor=4), MissScoresTricks()]),
    made_zero=st.one_of(st.none(), st.integers(0, 15)),
    restriction=st.sampled_from(["hook", "first-adjusts", "highest-adjusts"]),
    trump=st.booleans(),
)
def test_any_score_table_gives_best_responses(
    base: int,
    per_trick: int,
    miss: MissZero | Harsh | MissScoresTricks,
    made_zero: int | None,
    restriction: str,
    trump: bool,
) -> None:
    scoring = Scoring(made=ExactBonus(base=base, per_trick=per_trick), miss=miss, made_zero=made_zero)
    rules = BOEREN if restriction == "hook" else replace(BONDE, restriction=VARIANTS[restriction].restriction)
    a = one_card_analysis(replace(rules, scoring=scoring), 2, trump=trump)
    assert a.table == tuple(tuple(int(x) for x in row) for row in scoring.table(1))
    for column, values in brute_seats(a, trump).items():
        np.testing.assert_allclose(a.seats[column].to_numpy(), values, rtol=0, atol=1e-11, err_msg=column)
    assert_best_responses(a, trump)


def test_bids_in_words() -> None:
    a = one_card_analysis(BOEREN, 3)
    words = dict(zip(a.summary["history"] + "@" + a.summary["position"].astype(str), a.summary["text"]))
    assert words["-@0"] == "bid 1 with any trump or a side 10+"
    assert words["0 0@2"] == "forced by the hook to bid 0"
    assert a.summary["p_history"].groupby(a.summary["position"]).sum().tolist() == pytest.approx([1.0] * 3)
    # trumps are ranked among the trumps in play: the strategy maps a real trump by the turned-up card
    blind = one_card_analysis(replace(BOEREN, information=BlindRounds()), 3)
    assert blind.meta["multiplier"] == 2 and blind.table == ((20, 0), (0, 24))


# -- simulation ------------------------------------------------------------------------

SIM_DEALS = 20_000
SIM_CASES = {
    "boerenbridge-3": (one_round(ohhell.boerenbridge(3)), True),
    "boerenbridge-4": (one_round(ohhell.boerenbridge(4)), True),
    "boerenbridge-5": (one_round(ohhell.boerenbridge(5)), True),
    "bondebridge-4": (BONDE, False),  # its 1-card rounds have no trump; simultaneous, first bidder adjusts
    "bondebridge-4-forehead": (
        replace(BONDE, trump=TurnUpTrump(), information=ForeheadRounds(), restriction=HighestBidderAdjusts()),
        True,
    ),
}


@pytest.mark.parametrize("case", sorted(SIM_CASES))
def test_simulation_agrees_with_the_exact_values(case: str) -> None:
    rules, trump = SIM_CASES[case]
    a = one_card_analysis(rules, trump=trump)
    n = a.players
    res = ohhell.simulate(
        rules, [OneCardOptimal(a)] * n, deals=SIM_DEALS, seed=(2026, n), n_jobs=1, engine="reference", progress=False
    )
    assert res.deals is not None
    got = res.deals.groupby("seat_from_dealer").agg(
        score=("score", "mean"), made=("made", "mean"), bid=("bid", "mean"), win=("tricks", "mean"), n=("score", "size")
    )
    table = np.array(a.table, dtype=np.float64)
    seats = {c: a.seats[c].to_numpy(dtype=np.float64) for c in ("p_win", "p_bid1", "p_made", "expected_score")}
    for pos in range(n):
        count = int(got["n"].to_numpy()[pos])
        win, bid, made, score = (float(seats[c][pos]) for c in ("p_win", "p_bid1", "p_made", "expected_score"))
        # the exact joint law of (final bid, tricks) for this seat: P(made) + P(bid 1) + P(win) - 1 = 2 P(bid 1, won)
        p11 = (made + bid + win - 1) / 2
        law = {(1, 1): p11, (1, 0): bid - p11, (0, 1): win - p11}
        law[(0, 0)] = 1 - sum(law.values())
        assert min(law.values()) > -1e-12
        second = sum(p * table[b, t] ** 2 for (b, t), p in law.items())
        sd = math.sqrt(max(second - score**2, 0.0))
        # Tolerance: 4 standard errors of the mean of `count` independent deals, from the exact law
        # (SE = sd / sqrt(count) for the score, sqrt(p (1 - p) / count) for a proportion); a correct
        # engine and analysis fall outside with probability about 6e-5 per check, and the seed is fixed.
        for column, exact, spread in (
            ("score", score, sd),
            ("made", made, math.sqrt(made * (1 - made))),
            ("bid", bid, math.sqrt(bid * (1 - bid))),
            ("win", win, math.sqrt(win * (1 - win))),
        ):
            value = float(got[column].to_numpy()[pos])
            tolerance = 4 * spread / math.sqrt(count) + 1e-12
            assert abs(value - exact) <= tolerance, (case, pos, column, value, exact, tolerance)


# -- contract --------------------------------------------------------------------------


@pytest.mark.parametrize("players", [1, 8, True, 3.0])
def test_players_out_of_range(players: object) -> None:
    with pytest.raises(ValueError, match="2 to 7 players"):
        one_card_analysis(BOEREN, players)  # type: ignore[arg-type]


def test_refuses_what_it_does_not_model() -> None:
    with pytest.raises(ValueError, match="52-card deck"):
        one_card_analysis(ohhell.boerenbridge(2))
    with pytest.raises(ValueError, match="sequential bidding with the first-adjusts"):
        one_card_analysis(replace(BOEREN, restriction=FirstBidderAdjusts()))
    with pytest.raises(ValueError, match="ties=False"):
        one_card_analysis(replace(BOEREN, scoring=replace(BOEREN.scoring, consolation=BoerConsolation(ties=False))))
    with pytest.raises(TypeError, match="Rules"):
        one_card_analysis("boerenbridge")  # type: ignore[arg-type]


def test_strategy_refuses_other_rounds() -> None:
    player = OneCardOptimal(one_card_analysis(BOEREN, 3))
    three = one_round(ohhell.boerenbridge(3))
    with pytest.raises(ValueError, match="1-card rounds only"):
        ohhell.play_deal(replace(three, schedule=FixedHands(size=2, rounds=1)), [player] * 3, seed=1)
    with pytest.raises(ValueError, match="analysis is for 3 players; this deal has 4"):
        ohhell.play_deal(BOEREN, [OneCardOptimal(one_card_analysis(BOEREN, 3))] * 4, seed=1)
    with pytest.raises(ValueError, match="trump=False"):
        ohhell.play_deal(replace(three, trump=NoTrump()), [player] * 3, seed=1)
    with pytest.raises(ValueError, match="analyse these rules"):
        ohhell.play_deal(replace(three, bidding=Simultaneous(), restriction=NoRestriction()), [player] * 3, seed=1)


def test_strategy_pickles_hashes_and_is_deterministic() -> None:
    a = one_card_analysis(BOEREN)
    player = OneCardOptimal(a)
    assert hash(player) == hash(OneCardOptimal(a)) and player == OneCardOptimal(a)
    clone = pickle.loads(pickle.dumps(player))
    assert clone.analysis.decisions == a.decisions
    assert "DataFrame" not in repr(player) and "players=4" in repr(player)
    runs = [ohhell.play_deal(BOEREN, [p] * 4, seed=9).bids for p in (player, clone)]
    assert runs[0] == runs[1]


def test_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["one-card", "--players", "3", "--rules", "boerenbridge"]) == 0
    out = capsys.readouterr().out
    assert "P(win) by card and position" in out and "bid 1 with any trump or a side 10+" in out
    assert "E[score]" in out and out.strip() == format_analysis(one_card_analysis(ohhell.boerenbridge(3))).strip()
    assert main(["one-card", "--players", "4", "--rules", "bondebridge", "--no-trump"]) == 0
    assert "first-adjusts" in capsys.readouterr().out
    assert main(["one-card", "--players", "9", "--rules", "openspiel"]) == 2
    assert "openspiel is played by 3 to 7 players" in capsys.readouterr().err
