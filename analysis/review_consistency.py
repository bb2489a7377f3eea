"""Does the review's loss agree with the tournament's score difference, on the very same deals?

A duplicate tournament seats the strong player (``strongest``, the Rollout
player) with three folk players and plays every deal under the four
rotations of the seating (:func:`ohhell.tournament.tournament` with
``records=True``, which also returns the record of every deal it played,
replayed through the reference engine on the simulator's own streams and
checked score for score against the tournament's frame).  Every record is
then reviewed (:func:`ohhell.review.review_records`, the default budget), and
per deal (the tournament's unit: one deal under its four rotations):

- the loss per seat and deal of the folk seats minus that of the strong
  seat, with a t-interval over deals, against
- the tournament's score difference per deal, strong minus folk (the mean of
  the three folk players), with its paired t-interval over the same deals.

Beside it, the same deals (the same cards: the same seed) are played by four
strong players and by four folk players (:func:`ohhell.tournament.deal_records`)
and reviewed: the mean loss per decision of the strong player's self-play
(which measures the review's own upward bias, see the tutorial) and of the
folk players', and the folk table's loss per seat and deal minus the strong
table's.

    python analysis/review_consistency.py                  # writes analysis/results/review_consistency.md
    python analysis/review_consistency.py --deals 20 --out /tmp/rc.md

The strong player is the library's current ``strongest``: a stronger
version moves the numbers.
"""

from __future__ import annotations

import argparse
import time
from dataclasses import replace
from pathlib import Path

import numpy as np
import pandas as pd

import ohhell
from ohhell.engine import Stream
from ohhell.records import DealRecord, replay
from ohhell.review import Budget, review_records
from ohhell.review.decision import values_player
from ohhell.review.match import decision_points
from ohhell.review.values import DEFAULT_BUDGET, t_interval
from ohhell.rules import FixedHands
from ohhell.strategies import CardOdds, Distilled, Folk, Rollout
from ohhell.strategies.registry import strategy
from ohhell.strategies.rollout import PLAYOUTS, Playout
from ohhell.tournament import deal_records, tournament

OUT = Path(__file__).resolve().parent / "results" / "review_consistency.md"
REGRET_HEAD = (
    "| per seat and deal (95% interval) | strong seat | folk seat | folk minus strong"
    " | minus the score difference (paired) |\n|---|---|---|---|---|"
)
SELF_HEAD = (
    "| estimator | four strong: per decision | four folk: per decision | strong: per seat and deal"
    " | folk: per seat and deal | folk minus strong |\n|---|---|---|---|---|---|"
)


def continuation(budget: Budget) -> CardOdds | Distilled:
    """The player every seat is in the review's rollouts: card-odds bids with the rollout policy's cards
    (``CardOdds``), or with the distilled policy's cards (``Distilled``) when ``budget.playout`` says so."""
    return Distilled() if budget.playout == "distilled" else CardOdds()


def reviewed(records: list[tuple[int, DealRecord]], rules: ohhell.Rules, seed: int, budget: Budget) -> pd.DataFrame:
    """One row per decision of the records (``deal`` is the given line number), with its ``regret``.

    ``regret``: the value of the choice the review's continuation policy
    would have made (:class:`~ohhell.strategies.CardOdds`: the card-odds
    bidder and the rollout policy's card, which every seat plays in the
    review's rollouts) less the value of the choice made, both from the
    review's values of that decision (0 where the choice was forced).  Unlike
    the loss, it holds no best-of-means bias, and by the performance
    difference lemma (Kakade and Langford 2002) a seat's summed regret is
    what its decisions cost it against that policy playing its seat.
    """
    review = review_records(records, rules, seed=seed, budget=budget)
    if review.rejected:
        raise RuntimeError(f"records rejected: {review.rejected[:3]}")
    policy, rng = continuation(budget), Stream(0)
    by_line = dict(records)
    regret = []
    for deal in review.deals:
        points = decision_points(by_line[deal.line], rules, deal.result)
        for (obs, _), decision in zip(points, deal.decisions, strict=True):
            if decision.forced:
                regret.append(0.0)
                continue
            if obs.phase == "play":
                own = str(policy.play(obs, rng))
            elif obs.phase == "bid":
                own = str(policy.bid(obs, rng))
            else:
                raise ValueError(f"no policy choice for a {obs.phase!r} decision in these rules")
            regret.append(decision.values[own] - decision.values[decision.chosen])
    return review.frame().assign(regret=regret)


def advantages(
    records: list[DealRecord],
    rules: ohhell.Rules,
    samples: int,
    seed: int,
    model: Rollout | None = None,
    playout: Playout = "policy",
) -> tuple[np.ndarray, np.ndarray]:
    """Per record and seat: the summed advantage of every decision over the continuation policy's own choice.

    For each decision (any seat's), every seat's expected score when the
    choice made is played, less when the policy's choice (``CardOdds``) is,
    both on the same ``samples`` sampled deals from the deciding seat's view
    and then everyone playing the policy (:meth:`Rollout.card_scores_by_seat`
    / :meth:`~Rollout.bid_scores_by_seat`); forced choices add nothing.  By
    the performance difference lemma (Kakade and Langford 2002) the sum over
    a deal's decisions is, in expectation, a seat's score in that deal less
    its score had every seat played the policy.  Returns ``(all, own)``:
    ``[record, seat]`` over every decision, and over the seat's own only.
    ``model``: the values' player (default: the review's,
    :func:`~ohhell.review.decision.values_player`, with ``samples``).
    """
    budget = Budget(batches=2, samples=samples, playout=playout)
    model = values_player(budget) if model is None else model
    policy = continuation(budget)
    n = rules.players
    total = np.zeros((len(records), n))
    own = np.zeros((len(records), n))
    for i, rec in enumerate(records):
        for k, (obs, choice) in enumerate(decision_points(rec, rules)):
            rng = Stream(np.random.SeedSequence(seed, spawn_key=(i, k)))
            if obs.phase == "play":
                if len(obs.legal_cards) == 1:
                    continue
                mine = policy.play(obs, rng)
                cards = model.card_scores_by_seat(obs, rng)
                gain = cards[choice] - cards[mine]  # type: ignore[index]
            elif obs.phase == "bid":
                if len(obs.legal_bids) == 1:
                    continue
                mine_bid = policy.bid(obs, rng)
                bids = model.bid_scores_by_seat(obs, rng)
                gain = bids[choice] - bids[mine_bid]
            else:
                raise ValueError(f"no policy choice for a {obs.phase!r} decision in these rules")
            total[i] += gain
            own[i, obs.seat] += gain[obs.seat]
    return total, own


def seat_deal_loss(frame: pd.DataFrame, lines: list[int], players: int, column: str = "loss") -> np.ndarray:
    """Loss per (line, seat): rows in ``lines`` order, one column per seat (0 where a seat had no decision)."""
    table = frame.groupby(["deal", "seat"])[column].sum().unstack("seat")
    return table.reindex(index=lines, columns=range(players)).fillna(0.0).to_numpy(dtype=np.float64)


def interval(x: np.ndarray, confidence: float) -> str:
    m, lo, hi = t_interval(x, confidence)
    return f"{m:+.3f} ({lo:+.3f}, {hi:+.3f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=200, help="deals per rotation (the tournament's units)")
    parser.add_argument("--size", type=int, default=5, help="cards per hand (every deal)")
    parser.add_argument("--seed", type=int, default=2026, help="the tournament's seed (the cards)")
    parser.add_argument("--review-seed", type=int, default=0, help="the review's seed (its sampled deals)")
    parser.add_argument("--batches", type=int, default=DEFAULT_BUDGET.batches)
    parser.add_argument("--samples", type=int, default=DEFAULT_BUDGET.samples)
    parser.add_argument(
        "--playout",
        choices=PLAYOUTS,
        default=DEFAULT_BUDGET.playout,
        help="what plays the review's sampled deals out (and every seat of the policy's table)",
    )
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    t0 = time.perf_counter()
    rules = replace(ohhell.boerenbridge(4), schedule=FixedHands(size=args.size, rounds=1))
    n, d = rules.players, args.deals
    budget = Budget(batches=args.batches, samples=args.samples, playout=args.playout)
    conf = budget.confidence
    strong = strategy("strongest")
    seating = {"strong": strong, "folk 1": Folk(), "folk 2": Folk(), "folk 3": Folk()}
    tr = tournament(rules, seating, deals=d, seed=args.seed, records=True, n_jobs=1, progress=False)
    assert tr.records is not None
    t_play = time.perf_counter() - t0

    # the tournament's deals: rotation k, unit u is line k * d + u + 1; rotation k seats the strong player at seat k
    lines = [[k * d + u + 1 for u in range(d)] for k in range(n)]
    recs = [(lines[k][u], tr.records[k][u]) for k in range(n) for u in range(d)]
    frame = reviewed(recs, rules, args.review_seed, budget)
    rot = frame.assign(rotation=(frame["deal"] - 1) // d)
    is_strong = rot["seat"] == rot["rotation"]
    score = tr.deals.groupby(["unit", "player"], observed=True)["score"].mean().unstack("player")
    folk_names = [p for p in seating if p != "strong"]
    score_gap = (score["strong"] - score[folk_names].mean(axis=1)).to_numpy(dtype=np.float64)
    gaps = {}
    for column in ("loss", "loss_crossfit", "regret"):
        loss = np.stack([seat_deal_loss(frame, lines[k], n, column) for k in range(n)])  # [rotation, unit, seat]
        strong_loss = np.stack([loss[k, :, k] for k in range(n)]).mean(axis=0)
        folk_loss = np.stack([np.delete(loss[k], k, axis=1).mean(axis=1) for k in range(n)]).mean(axis=0)
        gaps[column] = (strong_loss, folk_loss, folk_loss - strong_loss)

    # the identity: every decision's advantage over the policy, for every seat, against the score the seat
    # would have had with every seat playing the policy (the policy's own table on the same cards)
    t_adv = time.perf_counter()
    policy_table = deal_records(rules, [continuation(budget)] * n, deals=d, seed=args.seed)
    policy_scores = np.array([replay(r, rules).scores for r in policy_table], dtype=np.float64)  # [unit, seat]
    adv_all, adv_own = advantages([r for k in range(n) for r in tr.records[k]], rules, budget.batches * budget.samples,
                                  args.review_seed, playout=budget.playout)  # fmt: skip
    adv_all, adv_own = adv_all.reshape(n, d, n), adv_own.reshape(n, d, n)  # [rotation, unit, seat]
    mixed_all = tr.deals.pivot_table(index=["rotation", "unit"], columns="seat", values="score", observed=True)
    actual = mixed_all.to_numpy(dtype=np.float64).reshape(n, d, n) - policy_scores[None, :, :]

    def strong_minus_folk(x: np.ndarray) -> np.ndarray:
        """Per unit: the strong seat's value less the folk seats' mean, averaged over the rotations."""
        return np.stack([x[k, :, k] - np.delete(x[k], k, axis=1).mean(axis=1) for k in range(n)]).mean(axis=0)

    def seats_of(x: np.ndarray, strong_seat: bool) -> np.ndarray:
        if strong_seat:
            return np.stack([x[k, :, k] for k in range(n)]).mean(axis=0)
        return np.stack([np.delete(x[k], k, axis=1).mean(axis=1) for k in range(n)]).mean(axis=0)

    predicted_gap = strong_minus_folk(adv_all)
    t_adv = time.perf_counter() - t_adv

    # self-play tables on the same deals (the same seed: the same cards)
    self_rows = {}
    self_per_seat = {}
    self_scores = {}
    for name, player in (("strong", strong), ("folk", Folk())):
        table = deal_records(rules, [player] * n, deals=d, seed=args.seed)
        f = reviewed([(u + 1, r) for u, r in enumerate(table)], rules, args.review_seed, budget)
        self_rows[name] = f
        self_scores[name] = np.array([replay(r, rules).scores for r in table], dtype=np.float64)  # [unit, seat]
        for column in ("loss", "loss_crossfit", "regret"):
            self_per_seat[name, column] = seat_deal_loss(f, list(range(1, d + 1)), n, column).mean(axis=1)
    # what a folk seat gains when one of its folk opponents is replaced by the strong player: the folk table's
    # seats against the same seats of the mixed tables (the same cards, the same seat streams)
    mixed = tr.deals.pivot_table(index=["rotation", "unit"], columns="seat", values="score", observed=True)
    mixed_scores = mixed.to_numpy(dtype=np.float64).reshape(n, d, n)  # [rotation, unit, seat]
    change = mixed_scores - self_scores["folk"][None, :, :]
    harm = np.stack([np.delete(change[k], k, axis=1).mean(axis=1) for k in range(n)]).mean(axis=0)
    self_gap = (self_scores["strong"] - self_scores["folk"]).mean(axis=1)
    _, r_lo, r_hi = t_interval(gaps["regret"][2] - score_gap, conf)
    regret_verdict = (
        f"The regret difference and the tournament's score difference agree: their paired difference's {conf:.0%}"
        " interval holds 0."
        if r_lo <= 0 <= r_hi
        else f"The regret difference and the tournament's score difference differ too: by"
        f" {interval(gaps['regret'][2] - score_gap, conf)} points per deal (paired)."
    )
    policy_gap_row = (
        "| the policy's gap to the best (loss minus regret) | "
        + " | ".join(interval(gaps["loss"][i] - gaps["regret"][i], conf) for i in range(3))
        + " | |"
    )
    identity_rows = "\n".join(
        f"| {label} | {interval(seats_of(x, True), conf)} | {interval(seats_of(x, False), conf)}"
        f" | {interval(strong_minus_folk(x), conf)} |"
        for label, x in (
            ("score less the policy table's score (played)", actual),
            ("sum of the advantages, every decision (predicted)", adv_all),
            ("of which the seat's own decisions", adv_own),
            ("of which the other seats' decisions", adv_all - adv_own),
            ("played less predicted (paired)", actual - adv_all),
        )
    )
    _, i_lo, i_hi = t_interval(score_gap - predicted_gap, conf)
    identity_verdict = (
        f"They agree: the paired difference's {conf:.0%} interval holds 0, so the review's values add up to the"
        " scores once every decision and every seat is counted."
        if i_lo <= 0 <= i_hi
        else "They do not agree within the interval: the review's model of the table misses part of the score."
    )
    net = gaps["loss"][2] - harm
    net_cf = gaps["loss_crossfit"][2] - harm
    _, lo, hi = t_interval(gaps["loss"][2] - score_gap, conf)
    if lo <= 0 <= hi:
        verdict = (
            "The loss difference per deal and the tournament's score difference on the same deals agree: their"
            f" paired difference's {conf:.0%} interval holds 0."
        )
    else:
        word = "larger" if lo > 0 else "smaller"
        verdict = (
            f"The loss difference per deal is {word} than the tournament's score difference on the same deals, by"
            f" {interval(gaps['loss'][2] - score_gap, conf)} points (paired over deals): a seat's summed losses,"
            " measured against the review's model of the table (every seat then playing the rollout policy), do not"
            " add up to what it scores against the players actually at the table."
        )
        _, cf_lo, cf_hi = t_interval(gaps["loss_crossfit"][2] - score_gap, conf)
        if (cf_lo > 0) == (lo > 0) and not cf_lo <= 0 <= cf_hi:
            verdict += (
                " The cross-fitted loss differs the same way, so the bias of the best sampled mean is not the cause."
            )
    elapsed = time.perf_counter() - t0

    def per_decision(f: pd.DataFrame, column: str = "loss") -> str:
        searched = f[~f["forced"]]
        return f"{f[column].mean():.3f} ({len(f)}); {searched[column].mean():.3f} ({len(searched)} searched)"

    def row(label: str, column: str) -> str:
        strong_loss, folk_loss, gap = gaps[column]
        paired = interval(gap - score_gap, conf)
        return (
            f"| {label} | {interval(strong_loss, conf)} | {interval(folk_loss, conf)} | **{interval(gap, conf)}** |"
            f" {paired} |"
        )

    def self_row(label: str, column: str) -> str:
        gap = self_per_seat["folk", column] - self_per_seat["strong", column]
        return (
            f"| {label} | {per_decision(self_rows['strong'], column)} | {per_decision(self_rows['folk'], column)} |"
            f" {interval(self_per_seat['strong', column], conf)} | {interval(self_per_seat['folk', column], conf)} |"
            f" {interval(gap, conf)} |"
        )

    pairs = tr.pairs[tr.pairs["a"] == "strong"]
    pair_lines = "\n".join(
        f"| strong - {r.b} | {r.diff:+.3f} ({r.lo:+.3f}, {r.hi:+.3f}) |" for r in pairs.itertuples(index=False)
    )
    policy_name = type(continuation(budget)).__name__
    playout_cards = "distilled policy's cards" if args.playout == "distilled" else "rollout policy's cards"
    text = f"""# The review's loss against the tournament's score difference, on the same deals

Command: `python analysis/review_consistency.py --deals {d} --size {args.size} --seed {args.seed}
--review-seed {args.review_seed} --batches {args.batches} --samples {args.samples} --playout {args.playout}`
(ohhell {ohhell.__version__}; {elapsed:.0f} s on one core, {t_play:.0f} s of it the tournament and its replay).

Rules: Boerenbridge, 4 players, every deal {args.size} cards. Strong player: `strongest`
({strong!r}); the numbers describe that version of it. Review budget: {args.batches} batches x
{args.samples} sampled deals per decision. Intervals: {conf:.0%} t-intervals over the {d} deals
(each deal under its {n} rotations counts once).

## The tournament's deals

The tournament (`tournament(..., records=True)`) returned {n} x {d} records; their replayed
scores equal the tournament's frame row for row (checked inside `tournament`).

**Score difference per deal, strong minus folk (the tournament): {interval(score_gap, conf)}.**

Loss per seat and deal, two estimators (`loss`: against the best sampled mean, biased up;
`loss_crossfit`: the best of half the batches valued on the other half, biased down):

| estimator | strong seat | folk seat | folk minus strong | minus the score difference (paired) |
|---|---|---|---|---|
{row("loss", "loss")}
{row("loss_crossfit", "loss_crossfit")}

The tournament's own pairs (strong minus each folk player, paired over deals):

| pair | difference per deal |
|---|---|
{pair_lines}

Mean loss per decision in these deals (all decisions; the searched ones, not forced):

| estimator | strong seats | folk seats |
|---|---|---|
| loss | {per_decision(rot[is_strong])} | {per_decision(rot[~is_strong])} |
| loss_crossfit | {per_decision(rot[is_strong], "loss_crossfit")} | {per_decision(rot[~is_strong], "loss_crossfit")} |

## Self-play on the same deals

{SELF_HEAD}
{self_row("loss", "loss")}
{self_row("loss_crossfit", "loss_crossfit")}

## One explanation checked: what the other seats' decisions cost a seat

A seat's loss counts what its own decisions cost it. The tournament's score difference
also holds what the other seats' decisions cost it: the strong seat sits with three folk
players, a folk seat with two and the strong player. The folk seats of the mixed tables
against the same seats of the folk table (the same cards, the same seat streams, one folk
opponent replaced by the strong player) change by {interval(harm, conf)} per seat and deal.
Were scores additive (what the cards allow, less the seat's own loss, less what the others'
decisions cost it), the score difference would be the loss difference less that change:

| | per deal ({conf:.0%} interval) |
|---|---|
| loss difference (folk minus strong) less the change, `loss` | {interval(net, conf)} |
| the same with `loss_crossfit` | {interval(net_cf, conf)} |
| score difference, strong minus folk (tournament) | {interval(score_gap, conf)} |
| first row minus the score difference (paired) | {interval(net - score_gap, conf)} |

## The same check against the continuation policy's own choice

The loss is measured against the best choice by the review's values, which
are a model of the table: after the decision every seat plays the continuation
policy (`{policy_name}`: the card-odds bidder and the {playout_cards}).
Measured against that policy's own choice instead, the `regret`
(its value less the value of the choice made, from the same values) carries
no best-of-means bias, and by the performance difference lemma (Kakade and
Langford 2002) a seat's summed regret is what its decisions cost it against
that policy in its seat, everyone else then playing as the model has them.
The loss is the regret plus the policy's own gap to the best choice at each
decision, and that gap is larger at the folk seats' decisions than at the
strong seat's, which is what the loss difference adds:

{REGRET_HEAD}
{row("regret", "regret")}
{policy_gap_row}

Self-play on the same deals (four strong players, four folk players):
folk minus strong regret per seat and deal
{interval(self_per_seat["folk", "regret"] - self_per_seat["strong", "regret"], conf)}, against the
self-play tables' own score difference per seat and deal
{interval(self_gap, conf)} (paired difference
{interval(self_per_seat["folk", "regret"] - self_per_seat["strong", "regret"] - self_gap, conf)}).

{regret_verdict}

## The identity that must hold: every decision's advantage, for every seat

A seat's score also moves with the other seats' decisions, which neither the
loss nor the regret counts. The performance difference lemma, for every
decision of the deal (any seat's) and every seat: a seat's score less its
score had every seat played the policy equals, in expectation, the sum over
the deal's decisions of that seat's value of the choice made less its value
of the policy's choice (the review's values player, `Rollout.card_scores_by_seat` / `bid_scores_by_seat`,
{budget.batches * budget.samples} sampled deals from the deciding seat's view,
the same samples for both choices). The policy's own table (`{policy_name}` in
every seat) plays the same cards for the second score. {t_adv:.0f} s of the run.

| per seat and deal ({conf:.0%} interval) | strong seat | folk seat | strong minus folk |
|---|---|---|---|
{identity_rows}

The tournament's score difference, strong minus folk: {interval(score_gap, conf)}; the
predicted difference: {interval(predicted_gap, conf)}; paired difference
{interval(score_gap - predicted_gap, conf)}. {identity_verdict}

## Verdict

{verdict}

The strong player's self-play loss under `loss` is the review's own upward bias (a noisy
best choice counts a little noise as loss) plus what the review's search finds that the strong
player's own search missed; `loss_crossfit` takes most of the bias out (and a little more:
it is biased down), so the two bracket the loss the review's model of the table sees.
"""
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(text, encoding="utf-8")
    print(text)


if __name__ == "__main__":
    main()
