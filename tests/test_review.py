"""The game review: oracle, contract, property and consistency tests of ohhell.review."""

from __future__ import annotations

import json
import math
from dataclasses import replace

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ohhell
from ohhell.cards import Card
from ohhell.engine import DealState
from ohhell.exact import one_card_analysis
from ohhell.exact.canonical import canonical_card, canonical_deck
from ohhell.records import DealRecord, write_jsonl
from ohhell.records.record import read_jsonl
from ohhell.review import Budget, evaluate, review_deal, review_records
from ohhell.rules import FixedHands, Trump, compile_rules
from ohhell.strategies import Folk, Rollout

SMALL = Budget(batches=3, samples=12)
BOER = ohhell.boerenbridge(4)


def one_card_state(cards: list[str], trump_card: str, rules: ohhell.Rules = BOER, dealer: int = 3) -> DealState:
    card = Card.parse(trump_card)
    assert card.suit is not None
    return DealState(
        compile_rules(rules), round_index=0, dealer=dealer, hands=[[Card.parse(c)] for c in cards],
        trump=Trump.of(card.suit), trump_card=card,
    )  # fmt: skip


def played(rules: ohhell.Rules, strategy: ohhell.Strategy, seed: int, round_index: int) -> DealRecord:
    return DealRecord.from_result(
        ohhell.play_deal(rules, [strategy] * rules.players, seed=seed, round_index=round_index)
    )


# -- oracles ----------------------------------------------------------------------------------------------------


def test_leader_one_card_values_match_closed_form() -> None:
    """Position 0 has heard nothing: P(win) = C(R - k, n - 1) / C(R, n - 1), R = 50 unseen, k cards beat it."""
    table = BOER.scoring.table(1)
    for mine, beaten_by in (("AS", 12), ("7H", 12 - 5), ("QS", 12 + 2), ("2D", 12 + 12)):
        state = one_card_state([mine, "3C", "KD", "QC"], "4H")  # trump hearts; 4H turned up
        p = math.comb(50 - beaten_by, 3) / math.comb(50, 3)
        v = evaluate(state.observation(0), seed=np.random.SeedSequence(0))
        assert v.exact
        assert v.mean[1] == pytest.approx(p * table[1, 1] + (1 - p) * table[1, 0], abs=1e-9)
        assert v.mean[0] == pytest.approx((1 - p) * table[0, 0] + p * table[0, 1], abs=1e-9)


@pytest.mark.parametrize("heard", [(), (0,), (1,), (0, 1), (1, 1)])
def test_one_card_values_equal_the_exact_analysis(heard: tuple[int, ...]) -> None:
    analysis = one_card_analysis(BOER)
    deck = canonical_deck(True)
    state = one_card_state(["5S", "9H", "JD", "AC"], "TC")
    for b in heard:
        state.apply_bid(b)
    seat = state.current_seat
    obs = state.observation(seat)
    v = evaluate(obs, seed=np.random.SeedSequence(0))
    signal = int(deck.cls[canonical_card(obs.hand[0], obs.trump_card)])
    t = analysis.thresholds
    row = t[(t.position == len(heard)) & (t.history == (" ".join(map(str, heard)) or "-")) & (t.signal == signal)]
    assert v.exact and len(row) == 1
    assert v.mean == {0: row.ev_bid0.item(), 1: row.ev_bid1.item()}


def test_zero_bid_with_the_trump_ace_loses_the_made_score() -> None:
    rec = DealRecord.from_dict({"players": 4, "dealer": 3, "hand_size": 1, "trump": "H", "trump_card": "2H",
                                "hands": [["KS"], ["AH"], ["3C"], ["QD"]], "bids": [0, 0, 0, 0],
                                "tricks": [["KS", "AH", "3C", "QD"]]})  # fmt: skip
    # the dealer's hook: 0 + 0 + 0 + 0 != 1, legal
    review = review_deal(rec, BOER, seed=1)
    seat1 = next(d for d in review.decisions if d.seat == 1 and d.phase == "bid")
    assert seat1.best == "1" and seat1.exact
    assert seat1.loss == pytest.approx(float(BOER.scoring.table(1)[1, 1]))
    assert all(d.forced and d.loss == 0 for d in review.decisions if d.phase == "play")


def test_forced_moves_and_best_moves_lose_nothing() -> None:
    rec = played(BOER, Folk(), seed=5, round_index=4)
    review = review_deal(rec, BOER, seed=2, budget=SMALL)
    assert len(review.decisions) == 4 + 4 * 5
    forced = [d for d in review.decisions if d.forced]
    assert forced and all(d.loss == 0 and d.chosen == d.best for d in forced)
    for d in review.decisions:
        if d.forced:
            continue
        assert d.values[d.best] == max(d.values.values())
        assert d.loss == pytest.approx(d.values[d.best] - d.values[d.chosen])
        assert d.loss >= 0 and (d.chosen != d.best or d.loss == 0)
        assert all(d.lo[k] <= d.values[k] <= d.hi[k] for k in d.values)


# -- contract ---------------------------------------------------------------------------------------------------


def test_review_is_reproducible_and_independent_of_other_deals() -> None:
    recs = [played(BOER, Folk(), seed=s, round_index=2) for s in (1, 2)]
    both = review_records(list(enumerate(recs, start=1)), BOER, seed=7, budget=SMALL)
    alone = review_records([(2, recs[1])], BOER, seed=7, budget=SMALL)
    assert [d.to_dict() for d in both.deals[1].decisions] == [d.to_dict() for d in alone.deals[0].decisions]
    other = review_records([(2, recs[1])], BOER, seed=8, budget=SMALL)
    assert [d.values for d in other.deals[0].decisions] != [d.values for d in alone.deals[0].decisions]


def test_each_decision_sees_only_its_seat(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every observation graded shows the acting seat's hand and no other."""
    import ohhell.review.decision as decision

    seen = []
    real = decision.evaluate

    def spy(obs: ohhell.Observation, **kw: object) -> object:
        seen.append(obs)
        return real(obs, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(decision, "evaluate", spy)
    rec = played(BOER, Folk(), seed=3, round_index=2)
    review_deal(rec, BOER, seed=1, budget=SMALL)
    assert len(seen) == 4 + 4 * 3
    for obs in seen:
        assert all(h is None for s, h in enumerate(obs.visible_hands) if s != obs.seat)


def test_bad_record_is_rejected_with_deal_seat_and_rule(tmp_path: object) -> None:
    good = [played(BOER, Folk(), seed=s, round_index=1) for s in (1, 2)]
    bad = good[0].to_dict()
    first, second = bad["tricks"][0], bad["tricks"][1]
    bad["tricks"][0], bad["tricks"][1] = second, first  # the wrong leader or a revoke
    path = f"{tmp_path}/match.jsonl"
    write_jsonl(good, path)
    with open(path, "a", encoding="utf-8") as fh:
        fh.write(json.dumps(bad) + "\n" + "{not json\n")
    review = review_records(read_jsonl(path), BOER, seed=1, budget=SMALL)
    assert [d.line for d in review.deals] == [1, 2]
    assert [line for line, _ in review.rejected] == [3, 4]
    assert "trick 1" in review.rejected[0][1] and "seat" in review.rejected[0][1]
    assert "not valid JSON" in review.rejected[1][1]


def test_wizard_deck_is_refused_clearly() -> None:
    rules = ohhell.preset("up-and-down-the-river", 4)
    from ohhell.rules import WizardDeck

    try:
        wiz = replace(rules, deck=WizardDeck())
    except Exception as exc:  # pragma: no cover - the rules may refuse the deck themselves
        pytest.skip(f"no Wizard variant to test: {exc}")
    rec = played(wiz, ohhell.RandomStrategy(), seed=1, round_index=2)
    review = review_records([(1, rec)], wiz, seed=1, budget=SMALL)
    assert review.deals == () and "Wizards" in review.rejected[0][1]


# -- property ---------------------------------------------------------------------------------------------------


@settings(max_examples=8)
@given(seed=st.integers(0, 10_000), size=st.integers(1, 3), preset=st.sampled_from(["boerenbridge", "openspiel"]))
def test_every_decision_is_graded_consistently(seed: int, size: int, preset: str) -> None:
    rules = replace(ohhell.preset(preset, 3), schedule=FixedHands(size=size, rounds=1))
    rec = played(rules, ohhell.RandomStrategy(), seed=seed, round_index=0)
    review = review_deal(rec, rules, seed=seed, budget=Budget(batches=2, samples=4))
    assert len(review.decisions) == 3 * (size + 1)
    for d in review.decisions:
        assert d.chosen in d.values and d.best in d.values
        assert d.loss >= 0 and d.loss_lo <= d.loss <= d.loss_hi
        assert d.forced == (len(d.values) == 1)
        assert json.loads(json.dumps(d.to_dict()))["loss"] == round(d.loss, 4)
        assert d.loss_crossfit == d.loss if d.exact or d.forced else d.loss_crossfit <= d.loss + 1e-9


# -- consistency ------------------------------------------------------------------------------------------------


def test_loss_difference_agrees_with_the_tournament_on_the_same_deals() -> None:
    """The duplicate tournament's own deals (records=True), reviewed: the strong seat loses less than half what the
    folk seats lose a decision, and the loss difference per deal (folk seats minus the strong seat) is positive and
    within the interval of the tournament's score difference per deal (strong minus folk) on those deals.

    At full size (analysis/review_consistency.py, 1000 deals, the default budget) the two agree paired over the
    deals too: -0.04 (-0.26, +0.19) points a deal.
    """
    from ohhell.review.values import t_interval
    from ohhell.tournament import tournament

    rules = replace(BOER, schedule=FixedHands(size=4, rounds=1))
    strong = Rollout(bid_samples=100, play_samples=100)
    seating = {"strong": strong, "folk 1": Folk(), "folk 2": Folk(), "folk 3": Folk()}
    units = 16
    t = tournament(rules, seating, deals=units, seed=3, records=True, n_jobs=1, progress=False)
    assert t.records is not None
    recs = [(k * units + u + 1, t.records[k][u]) for k in range(4) for u in range(units)]
    frame = review_records(recs, rules, seed=0, budget=Budget(batches=4, samples=25)).frame()
    frame["rotation"] = (frame["deal"] - 1) // units
    frame["unit"] = (frame["deal"] - 1) % units
    frame["strong"] = frame["seat"] == frame["rotation"]  # rotation k seats the strong player at seat k
    assert float(frame.loss[frame.strong].mean()) < 0.5 * float(frame.loss[~frame.strong].mean())
    per_seat = frame.groupby(["unit", "rotation", "seat", "strong"]).loss.sum().reset_index()
    by_unit = per_seat.groupby(["unit", "strong"]).loss.mean().unstack("strong")
    gap, lo, hi = t_interval((by_unit[False] - by_unit[True]).to_numpy(), 0.95)
    score = t.deals.groupby(["unit", "player"], observed=True)["score"].mean().unstack("player")
    diff = score["strong"] - score[["folk 1", "folk 2", "folk 3"]].mean(axis=1)
    s_gap, s_lo, s_hi = t_interval(diff.to_numpy(), 0.95)
    assert lo > 0
    assert lo <= s_hi and s_lo <= hi, (gap, lo, hi, s_gap, s_lo, s_hi)


# -- the bias of the best sampled mean ---------------------------------------------------------------------------


def test_crossfit_loss_brackets_the_true_loss_with_the_plain_loss() -> None:
    """Three choices, true values 0, 0.2 and 0.2, batch means with sd 1: the plain loss of choice 0 overstates the true
    loss (0.2) in expectation, the cross-fitted loss understates it, each by more than its standard error allows."""
    from ohhell.review.values import ChoiceValues

    rng = np.random.default_rng(7)
    truth = np.array([0.0, 0.2, 0.2])
    plain, cross = [], []
    for _ in range(4000):
        runs = truth[:, None] + rng.normal(size=(3, 8))
        v = ChoiceValues.from_batches({k: runs[k] for k in range(3)}, confidence=0.95)
        plain.append(v.loss(0))
        cross.append(v.crossfit_loss(0))
    for x, above in ((np.array(plain), True), (np.array(cross), False)):
        se = x.std(ddof=1) / math.sqrt(x.size)
        assert (x.mean() - 0.2 > 4 * se) if above else (0.2 - x.mean() > 4 * se), (x.mean(), se)
    # well-separated values: both estimators agree exactly
    v = ChoiceValues.from_batches({"a": [0.0, 0.1, -0.1, 0.05], "b": [10.0, 10.2, 9.9, 10.1]}, confidence=0.95)
    assert v.crossfit_loss("a") == pytest.approx(v.loss("a")) and v.crossfit_loss("b") == 0.0
    exact = ChoiceValues.from_exact({0: 1.0, 1: 3.0})
    assert exact.crossfit_loss(0) == exact.loss(0) == 2.0
    with pytest.raises(ValueError, match="legal choices"):
        v.crossfit_loss("c")


# -- the tournament's own deals ---------------------------------------------------------------------------------


def test_tournament_records_are_its_deals() -> None:
    """records=True gives each rotation's deals as records whose replayed scores are the tournament's frame, row for
    row (the kernel's folk tables and the reference engine's mixed ones alike), and the same cards in every rotation."""
    from ohhell.records import replay
    from ohhell.tournament import deal_records, tournament

    rules = replace(BOER, schedule=FixedHands(size=3, rounds=1))
    strong = Rollout(bid_samples=6, play_samples=6)
    for seating in ({"strong": strong, "folk 1": Folk(), "folk 2": Folk(), "folk 3": Folk()}, [Folk()] * 4):
        t = tournament(rules, seating, deals=5, seed=4, records=True, n_jobs=1, progress=False)
        assert t.records is not None and [len(r) for r in t.records] == [5] * 4
        for k, recs in enumerate(t.records):
            rows = t.deals[t.deals["rotation"] == k].sort_values(["unit", "seat"])
            scores = [s for rec in recs for s in replay(rec, rules).scores]
            assert scores == rows["score"].tolist()
            assert [r.hands for r in recs] == [r.hands for r in t.records[0]]
    assert tournament(rules, [Folk()] * 4, deals=5, seed=4, n_jobs=1, progress=False).records is None
    again = deal_records(rules, [strong, Folk(), Folk(), Folk()], deals=5, seed=4)
    assert [r.hands for r in again] == [r.hands for r in t.records[0]]  # the same cards, whoever plays them

    class AfterOneChunk:
        def reached(self, result: object) -> bool:
            return True

    early = tournament(rules, [Folk()] * 4, deals=30, seed=4, records=True, n_jobs=1, progress=False, chunk_size=10,
                       stop=AfterOneChunk())  # fmt: skip
    assert early.records is not None and [len(r) for r in early.records] == [10] * 4
    with pytest.raises(ValueError, match="needs deals="):
        tournament(rules, [Folk()] * 4, matches=2, seed=4, records=True, n_jobs=1, progress=False)


def test_tournament_records_catch_a_different_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    """The row-for-row check can fail: replaying on other streams is refused."""
    import ohhell.sim.paths as paths_module
    import ohhell.tournament as tournament_module

    # the replay reads its streams in ohhell.sim.paths (the folk table itself plays on the compiled path)
    real = paths_module.unit_streams
    monkeypatch.setattr(paths_module, "unit_streams", lambda base, unit, players: real(base + 1, unit, players))
    rules = replace(BOER, schedule=FixedHands(size=3, rounds=1))
    with pytest.raises(RuntimeError, match="replayed scores"):
        tournament_module.tournament(rules, [Folk()] * 4, deals=20, seed=4, records=True, n_jobs=1, progress=False)


# -- adjustments (simultaneous bids, the first bidder adjusts) --------------------------------------------------

BONDE = ohhell.bondebridge(4)


def adjusted_record(hands: list[str], first: list[int], adjusted: int, round_index: int) -> DealRecord:
    """A Bondebridge deal (dealer 3, so seat 0 adjusts) with these first bids and seat 0's adjusted bid, played out
    by folk players."""
    cards = [[Card.parse(c) for c in h.split()] for h in hands]
    state = DealState(compile_rules(BONDE), round_index=round_index, dealer=3, hands=cards, trump=Trump.none(),
                      trump_card=None)  # fmt: skip
    for seat in state.bid_order:
        state.apply_bid(first[seat])
    assert state.phase == "adjust" and state.current_seat == 0
    state.apply_bid(adjusted)
    rngs = [ohhell.engine.Stream(np.random.SeedSequence(s)) for s in range(4)]
    return DealRecord.from_result(ohhell.engine.run_deal(state, [Folk()] * 4, rngs))


def test_a_bad_adjustment_is_a_loss_and_the_best_loses_nothing() -> None:
    """Seat 0 leads AS KS QS with no trump: it takes all three tricks, so moving from 2 to 1 loses the made score
    (13 points) and moving to 3 loses nothing."""
    hands = ["AS KS QS", "2S 3D 4C", "5H 6D 7C", "8H 9D TC"]
    table = BONDE.scoring.table(3)
    for adjusted, loss in ((1, float(table[3, 3] - table[1, 3])), (3, 0.0)):
        rec = adjusted_record(hands, [2, 1, 0, 0], adjusted, round_index=2)
        assert rec.first_bids == (2, 1, 0, 0) and rec.bids[0] == adjusted
        review = review_deal(rec, BONDE, seed=1, budget=SMALL)
        adjust = [d for d in review.decisions if d.phase == "adjust"]
        assert len(adjust) == 1 and len(review.decisions) == 4 + 1 + 4 * 3
        d = adjust[0]
        assert d.seat == 0 and d.chosen == str(adjusted) and d.best == "3" and set(d.values) == {"1", "3"}
        assert d.values == {"1": float(table[1, 3]), "3": float(table[3, 3])}  # every sampled deal: three tricks
        assert d.loss == pytest.approx(loss) and d.loss_lo == pytest.approx(loss) == d.loss_hi
        match = review_records([(1, rec)], BONDE, seed=1, budget=SMALL)
        row = match.summary().iloc[0]
        assert row.adjust_loss == pytest.approx(loss)
        if loss:
            from ohhell.review.html_report import render_html
            from ohhell.review.text import decisions_table

            page = render_html(match, threshold=1.0)
            assert "<th>adjust loss</th>" in page and "<th>first bid</th>" in page
            assert "<td>adjustment</td><td>1</td><td>3</td><td>13.00</td>" in page
            assert any(line.split()[2:6] == ["adjust", "-", "1", "3"] for line in decisions_table(match).splitlines())
        assert row.total_loss == pytest.approx(row.bid_loss + row.adjust_loss + row.play_loss)


def test_adjustment_sees_every_first_bid_and_forced_adjustments_lose_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    import ohhell.review.decision as decision

    seen = []
    real = decision.evaluate

    def spy(obs: ohhell.Observation, **kw: object) -> object:
        seen.append(obs)
        return real(obs, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(decision, "evaluate", spy)
    rec = adjusted_record(["AS", "KH", "QD", "JC"], [0, 1, 0, 0], 1, round_index=0)  # 1 card: 0 must go to 1
    review = review_deal(rec, BONDE, seed=1, budget=SMALL)
    (d,) = [d for d in review.decisions if d.phase == "adjust"]
    assert d.forced and d.loss == 0 and d.chosen == d.best == "1"
    adjusting = [o for o in seen if o.phase == "adjust"]
    assert len(adjusting) == 1 and adjusting[0].bids == (0, 1, 0, 0)
    assert all(o.bids == (None,) * 4 for o in seen if o.phase == "bid")  # simultaneous: nothing heard
    assert all(h is None for s, h in enumerate(adjusting[0].visible_hands) if s != 0)
    frame = review_records([(1, rec)], BONDE, seed=1, budget=SMALL)
    assert "adjust loss" in summary_text(frame)


def summary_text(review: object) -> str:
    from ohhell.review.text import summary_table

    return summary_table(review)  # type: ignore[arg-type]


def test_records_without_first_bids_still_replay_and_are_reviewed() -> None:
    """An old record keeps only the final bids: it replays, and is reviewed with no adjustment to grade."""
    from ohhell.records import replay

    hands = ["AS KS QS", "2S 3D 4C", "5H 6D 7C", "8H 9D TC"]
    rec = adjusted_record(hands, [2, 1, 0, 0], 1, round_index=2)
    text = rec.to_json()
    assert json.loads(text)["first_bids"] == [2, 1, 0, 0] and DealRecord.from_json(text) == rec
    old = {k: v for k, v in rec.to_dict().items() if k != "first_bids"}
    legacy = DealRecord.from_dict(old)
    assert legacy.first_bids is None and replay(legacy, BONDE).scores == replay(rec, BONDE).scores
    review = review_deal(legacy, BONDE, seed=1, budget=SMALL)
    assert not [d for d in review.decisions if d.phase == "adjust"] and len(review.decisions) == 4 + 4 * 3
    plain = played(BOER, Folk(), seed=1, round_index=2)
    assert "first_bids" not in plain.to_dict()


@pytest.mark.parametrize(
    ("first", "final", "message"),
    [
        ([2, 1, 0, 0], [1, 0, 0, 0], "seat 1: first bid 1 but final bid 0; only seat 0 adjusts"),
        ([2, 1, 0, 0], [0, 1, 0, 0], "seat 0: adjusted bid 0 is not allowed"),
        ([2, 0, 0, 0], [1, 0, 0, 0], "seat 0: first bid 2 but final bid 1; no adjustment was due"),
        ([2, 1], [2, 1, 0, 0], "first_bids must list 4 seats"),
    ],
)
def test_a_wrong_adjustment_is_rejected(first: list[int], final: list[int], message: str) -> None:
    from ohhell.engine import RecordError
    from ohhell.records import replay

    rec = adjusted_record(["AS KS QS", "2S 3D 4C", "5H 6D 7C", "8H 9D TC"], [2, 1, 0, 0], 3, round_index=2)
    data = {**rec.to_dict(), "first_bids": first, "bids": final}
    with pytest.raises(RecordError, match=message):
        replay(DealRecord.from_dict(data), BONDE)


# -- advise -----------------------------------------------------------------------------------------------------


def test_advise_one_card_is_exact() -> None:
    from ohhell.review.advise import advise_bid

    a = advise_bid(BOER, hand="AH", trump_card="2H", seat_from_dealer=1, bids=[0])
    assert a.exact and a.best == 1
    assert [(r.bid, r.score, r.p_made) for r in a.rows] == [(0, 0.0, 0.0), (1, 12.0, 1.0)]


def test_advise_made_chance_matches_the_score_on_the_same_deals() -> None:
    """Under MissZero scoring a bid's mean score is exactly P(made) x its made score: both from the same deals."""
    from ohhell.review.advise import advise_bid

    a = advise_bid(BOER, hand="AS KH 7C 9D 2S", trump="H", seat_from_dealer=2, bids=[1, 0], seed=3,
                   budget=Budget(batches=4, samples=40))  # fmt: skip
    table = BOER.scoring.table(5)
    assert [r.bid for r in a.rows] == [0, 1, 2, 3, 4, 5]
    for r in a.rows:
        assert r.score == pytest.approx(r.p_made * table[r.bid, r.bid], abs=1e-9)
        assert 0.0 <= r.p_made <= 1.0 and r.score_lo <= r.score <= r.score_hi
    assert a.best == max(a.rows, key=lambda r: r.score).bid


def test_advise_respects_the_hook_and_bad_input() -> None:
    from ohhell.review.advise import advise_bid

    a = advise_bid(BOER, hand="AS KH 7C", trump="H", seat_from_dealer=3, bids=[1, 0, 1], seed=1,
                   budget=Budget(batches=2, samples=10))  # fmt: skip
    assert [r.bid for r in a.rows] == [0, 2, 3]  # 1 would make the bids sum to 3
    with pytest.raises(ValueError, match="bids after 2 bids"):
        advise_bid(BOER, hand="AS KH 7C", trump="H", seat_from_dealer=2, bids=[1])
    with pytest.raises(ValueError, match="no 9-card round"):
        advise_bid(BOER, hand="AS KH 7C 2C 3C 4C 5C 6C 7D", trump="H", seat_from_dealer=0)
    with pytest.raises(ValueError, match="not spades"):
        advise_bid(BOER, hand="AS KH 7C", trump_card="2H", trump="S", seat_from_dealer=0)


def test_advise_simultaneous_bidding() -> None:
    from ohhell.review.advise import advise_bid

    rules = ohhell.bondebridge(4)
    a = advise_bid(rules, hand="AS KH 7C", seat_from_dealer=1, seed=1, budget=Budget(batches=2, samples=10))
    assert [r.bid for r in a.rows] == [0, 1, 2, 3]
    with pytest.raises(ValueError, match="simultaneously"):
        advise_bid(rules, hand="AS KH 7C", seat_from_dealer=1, bids=[1])


# -- command line -----------------------------------------------------------------------------------------------


def test_cli_advise_and_analyse(tmp_path: object, capsys: pytest.CaptureFixture[str]) -> None:
    from ohhell.cli import main

    assert main(["advise", "--rules", "boerenbridge", "--players", "4", "--hand", "AH", "--trump-card", "2H",
                 "--seat-from-dealer", "0", "--format", "json"]) == 0  # fmt: skip
    out = json.loads(capsys.readouterr().out)
    assert out["best"] == 1 and out["exact"]
    assert main(["advise", "--rules", "boerenbridge", "--hand", "AS ZZ", "--seat-from-dealer", "0"]) == 2
    assert "unknown card" in capsys.readouterr().err

    recs = [played(BOER, Folk(), seed=s, round_index=r) for s, r in ((1, 0), (2, 1))]
    path = f"{tmp_path}/m.jsonl"
    write_jsonl(recs, path)
    with open(path, "a", encoding="utf-8") as fh:
        fh.write('{"players": 4}\n')
    status = main(["analyse", path, "--rules", "boerenbridge", "--format", "jsonl", "--batches", "2",
                   "--samples", "5"])  # fmt: skip
    captured = capsys.readouterr()
    assert status == 1 and f"{path}:3: missing keys" in captured.err
    rows = [json.loads(line) for line in captured.out.splitlines()]
    assert len(rows) == 4 * 2 + 4 * 3
    assert {"deal", "seat", "phase", "chosen", "best", "loss", "values"} <= set(rows[0])
    assert {r["deal"] for r in rows} == {1, 2}
    assert main(["analyse", path, "--rules", "boerenbridge", "--batches", "2", "--samples", "5"]) == 1
    assert "loss per deal" in capsys.readouterr().out


# -- the HTML report in a real browser ---------------------------------------------------------------------------


def test_html_report_in_a_headless_browser(tmp_path: object) -> None:
    """The page loads in chromium and its DOM shows every costly decision, marked, with the chart and deal tables."""
    import shutil
    import subprocess

    from ohhell.review.html_report import render_html

    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if browser is None:
        pytest.skip("chromium is not installed (CI installs it in .ci/run: apt-get install -y chromium)")
    recs = [played(BOER, ohhell.RandomStrategy(), seed=s, round_index=r) for s, r in ((1, 0), (2, 1), (3, 2))]
    review = review_records(list(enumerate(recs, start=1)), BOER, seed=1, budget=SMALL)
    costly = [d for d in review.decisions if d.loss > 1.0]
    assert costly  # random players: some decisions cost points
    page = f"{tmp_path}/review.html"
    with open(page, "w", encoding="utf-8") as fh:
        fh.write(render_html(review, threshold=1.0))
    profile = f"{tmp_path}/profile"
    dom = subprocess.run(
        [browser, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         f"--user-data-dir={profile}", "--dump-dom", f"file://{page}"],
        capture_output=True, text=True, timeout=120, check=True,
    ).stdout  # fmt: skip
    assert "<svg" in dom and dom.count('<section class="deal"') == 3
    assert dom.count('class="costly') == len(costly)
    assert f"{len(costly)} costly decisions in 3 deals" in dom
    for d in costly:
        assert f'data-loss="{d.loss:.4f}" data-seat="{d.seat}" data-deal="{d.deal}"' in dom


# -- score sheets: bids only --------------------------------------------------------------------------------------


def test_sheet_bids_graded_from_bid_value_tables() -> None:
    from ohhell.records import ScoreSheet
    from ohhell.review.sheet import SHEET_NOTE, bid_value_table, review_sheet
    from ohhell.strategies.registry import strategy

    table = bid_value_table(BOER, deals=3000, seed=4)
    # the table against the per-deal rows of the same simulation, grouped by hand
    res = ohhell.simulate(BOER, [strategy("strongest-fast")] * 4, deals=3000, seed=4, n_jobs=1, features=True,
                          progress=False)  # fmt: skip
    assert res.deals is not None
    direct = res.deals.groupby(["hand_size", "seat_from_dealer", "bids_before", "bid"], observed=True)["score"].mean()
    merged = table.set_index(["hand_size", "seat_from_dealer", "bids_before", "bid"])["mean"]
    assert np.allclose(merged.sort_index().to_numpy(), direct.sort_index().to_numpy())

    sheet = ScoreSheet(BOER, names=["A", "B", "C", "D"])
    sheet.add_round(bids=[0, 1, 0, 1], tricks=[0, 1, 0, 0])
    sheet.add_round(bids=[1, 2, 0, 0], tricks=[1, 0, 0, 1])
    review = review_sheet(sheet, table, min_hands=5)
    assert review.note == SHEET_NOTE and "cards were not recorded" in review.note
    d = review.decisions
    assert len(d) == 8 and set(d["seat_from_dealer"]) == {0, 1, 2, 3}
    for row in d.itertuples(index=False):
        if row.best is None:
            continue
        assert row.loss == pytest.approx(row.values[row.best] - row.values[row.chosen])
        assert row.loss >= 0 and row.loss_lo <= row.loss <= row.loss_hi
        if row.seat_from_dealer == 3 and row.hand_size == 2:
            assert 1 not in row.values  # the dealer's hooked bid (1 + 0 + 0 + 1 = 2) is not a choice
    assert review.summary["bids"].sum() == 8


def test_cli_sheet_and_budget_errors(tmp_path: object, capsys: pytest.CaptureFixture[str]) -> None:
    from ohhell.cli import main

    path = f"{tmp_path}/sheet.txt"
    with open(path, "w", encoding="utf-8") as fh:
        fh.write("# round 1\n0 1 0 1 / 0 1 0 0\n")
    assert main(["analyse", path, "--sheet", "--rules", "boerenbridge", "--deals", "2000", "--format", "jsonl"]) == 0
    captured = capsys.readouterr()
    rows = [json.loads(line) for line in captured.out.splitlines()]
    assert len(rows) == 4 and all(r["phase"] == "bid" for r in rows)
    assert "cards were not recorded" in captured.err
    assert main(["analyse", path, "--sheet", "--rules", "boerenbridge", "--format", "html"]) == 2
    assert "bids only" in capsys.readouterr().err
    with open(path, "a", encoding="utf-8") as fh:
        fh.write("3 0 0 0 / 1 0 0 1\n")  # a 2-card round: a bid of 3 is out of range
    assert main(["analyse", path, "--sheet", "--rules", "boerenbridge", "--deals", "2000"]) == 2
    assert "sheet.txt:3" in capsys.readouterr().err
    for bad in ({"batches": 1}, {"samples": 0}, {"confidence": 1.0}, {"playout": "tree"}):
        with pytest.raises(ValueError, match="Budget"):
            Budget(**bad)  # type: ignore[arg-type]


def test_the_budget_chooses_what_plays_the_review_deals_out() -> None:
    from ohhell.review.decision import values_player
    from ohhell.review.match import decision_points

    assert values_player(SMALL).playout == "distilled"  # the default
    policy = replace(SMALL, playout="policy")
    assert values_player(policy).playout == "policy"
    rec = played(BOER, Folk(), seed=3, round_index=4)
    obs = next(o for o, _ in decision_points(rec, BOER) if o.phase == "play" and len(o.legal_cards) > 1)
    seed = np.random.SeedSequence(5)
    a, b = evaluate(obs, seed=seed, budget=SMALL), evaluate(obs, seed=seed, budget=policy)
    assert set(a.mean) == set(b.mean) == set(obs.legal_cards)
    assert a.mean != b.mean  # the same samples, played out by another policy


def test_cli_reads_one_json_record_or_a_list(tmp_path: object, capsys: pytest.CaptureFixture[str]) -> None:
    from ohhell.cli import main

    recs = [played(BOER, Folk(), seed=s, round_index=0) for s in (1, 2)]
    one, many = f"{tmp_path}/one.json", f"{tmp_path}/many.json"
    with open(one, "w", encoding="utf-8") as fh:
        json.dump(recs[0].to_dict(), fh, indent=2)
    with open(many, "w", encoding="utf-8") as fh:
        json.dump([r.to_dict() for r in recs] + [{"players": 4}], fh, indent=2)
    assert main(["analyse", one, "--rules", "boerenbridge", "--format", "jsonl"]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 8
    assert main(["analyse", many, "--rules", "boerenbridge", "--format", "jsonl", "--threshold", "-1"]) == 1
    captured = capsys.readouterr()
    assert len(captured.out.splitlines()) == 16 and f"{many}:3: missing keys" in captured.err
