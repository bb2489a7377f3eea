"""Dutch studies: the strength ladder and the five questions of the game, each a function returning tables.

Every function takes its sizes, a ``seed``, ``n_jobs`` and ``progress``,
plays through :func:`ohhell.dutch.sim.simulate` (or, for the calling study,
its own work function on :func:`ohhell.sim.runner.run_chunks`), and returns
a dict of pandas tables in which every estimate has its 95% interval
(``lo``, ``hi``).  Comparisons are paired wherever the design allows it:
two runs with the same seed deal the same cards to unit ``j`` whatever the
players (:mod:`ohhell.dutch.sim`), so "the same deals" means the same seed.

=========================  ===============================================================
function                   question
=========================  ===============================================================
:func:`strength_ladder`    random < threshold < memory, and what forgetting costs
:func:`seat_advantage`     win rate by seat from the first player; per round by seat; tests
:func:`match_length`       rounds to the limit; how often the leader at half-way wins
:func:`memory_matters`     a perfect memory against imperfect ones, by the memory parameter
:func:`powers_worth`       the jack and the queen switched off, moved, or declined by one seat
:func:`when_to_call`       calling now against playing on, from the same positions
=========================  ===============================================================

Players are named as :func:`ohhell.dutch.players.player` reads them
(``"memory"``, ``"memory:forget=0.1"``, ``"threshold"``).
"""

from __future__ import annotations

import copy
import itertools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import partial
from typing import Any

import numpy as np
import pandas as pd
from scipy import stats

from ohhell.dutch.actions import CallDutch
from ohhell.dutch.players import player
from ohhell.dutch.players.base import Player
from ohhell.dutch.players.memory import belief
from ohhell.dutch.rules import DutchRules, dutch
from ohhell.dutch.sim import DutchResult, simulate
from ohhell.dutch.state import RoundResult, RoundState, deal
from ohhell.engine.stream import Stream
from ohhell.sim.runner import run_chunks
from ohhell.sim.streams import Chunk, chunk_base, plan_chunks, unit_streams
from ohhell.stats import mean_ci, proportion_ci

__all__ = [
    "strength_ladder",
    "seat_advantage",
    "match_length",
    "memory_matters",
    "powers_worth",
    "when_to_call",
    "mean_row",
    "STUDIES",
]

Tables = dict[str, pd.DataFrame]


def mean_row(x: Sequence[float] | np.ndarray | pd.Series, confidence: float = 0.95) -> dict[str, float]:
    """``{"estimate", "lo", "hi", "n"}``: the mean of ``x``, its t interval (:func:`ohhell.stats.mean_ci`)."""
    a = np.asarray(x, dtype=np.float64)
    m = float(a.mean())
    sd = float(a.std(ddof=1))
    if sd == 0:
        return {"estimate": m, "lo": m, "hi": m, "n": float(len(a))}
    lo, hi = mean_ci(m, sd, len(a), confidence)
    return {"estimate": m, "lo": float(lo), "hi": float(hi), "n": float(len(a))}


def _share_row(k: float, n: int) -> dict[str, float]:
    lo, hi = proportion_ci(k, n)
    return {"estimate": k / n, "lo": float(lo), "hi": float(hi), "n": float(n)}


def _run(
    rules: DutchRules,
    seats: Sequence[str],
    seed: int,
    n_jobs: int,
    progress: bool,
    *,
    rounds: int | None = None,
    matches: int | None = None,
) -> DutchResult:
    return simulate(
        rules,
        [player(s) for s in seats],
        rounds=rounds,
        matches=matches,
        seed=seed,
        n_jobs=n_jobs,
        progress=progress,
        labels=seats,
    )


# -- the strength ladder ---------------------------------------------------------------------------------


def _pair(
    rules: DutchRules, weak: str, strong: str, rounds: int, matches: int, seed: int, n_jobs: int, progress: bool
) -> dict[str, Any]:
    """``strong`` in the even seats and ``weak`` in the odd ones, then the other way round, on the same deals.

    Round score: per deal, the weak seats' mean score minus the strong seats'
    (positive: the strong player scores fewer points, so it is better),
    averaged over both seatings.  Match wins: per seed, the strong seats'
    share of the wins minus their share of the seats, averaged over both seatings.
    """
    n = rules.players
    a = [strong if s % 2 == 0 else weak for s in range(n)]
    b = [weak if s % 2 == 0 else strong for s in range(n)]
    diffs, gains = [], []
    for seats in (a, b):
        strong_seats = [s for s in range(n) if seats[s] == strong]
        r = _run(rules, seats, seed, n_jobs, progress, rounds=rounds).rounds
        sc = r.pivot(index="round", columns="seat", values="score").to_numpy(dtype=np.float64)
        weak_seats = [s for s in range(n) if s not in strong_seats]
        diffs.append(sc[:, weak_seats].mean(axis=1) - sc[:, strong_seats].mean(axis=1))
        m = _run(rules, seats, seed, n_jobs, progress, matches=matches).matches
        assert m is not None
        ws = m.pivot(index="match", columns="seat", values="win_share").to_numpy(dtype=np.float64)
        gains.append(ws[:, strong_seats].sum(axis=1) - len(strong_seats) / n)
    d = (diffs[0] + diffs[1]) / 2
    g = (gains[0] + gains[1]) / 2
    share = len([s for s in a if s == strong]) / n
    points = mean_row(d)
    wins = mean_row(g)
    return {
        "weak": weak,
        "strong": strong,
        "players": n,
        "points": points["estimate"],
        "points_lo": points["lo"],
        "points_hi": points["hi"],
        "deals": len(d),
        "win_gain": wins["estimate"],
        "win_gain_lo": wins["lo"],
        "win_gain_hi": wins["hi"],
        "strong_seat_share": share,
        "matches": len(g),
    }


def strength_ladder(
    *,
    players: int = 4,
    ladder: Sequence[str] = ("random", "threshold", "memory"),
    memory: Sequence[str] = ("memory:forget=0.05", "memory:forget=0.2", "memory:forget=0.5", "memory:capacity=2"),
    rounds: int = 1000,
    matches: int = 200,
    seed: int = 2026,
    n_jobs: int = 1,
    progress: bool = False,
) -> Tables:
    """Each step of ``ladder`` (weaker first) and the perfect memory player against each of ``memory``.

    ``steps``: one row per pair (``weak``, ``strong``): ``points`` (the weak
    seats' mean round score minus the strong seats', paired on ``rounds``
    deals in both seatings) and ``win_gain`` (the strong seats' share of the
    match wins above their share of the seats, over ``matches`` seeds in both
    seatings), each with ``_lo`` and ``_hi``.  ``memory``: the same with the
    perfect memory player as the strong one and each imperfect memory as the weak.
    """
    rules = dutch(players)
    steps = [_pair(rules, w, s, rounds, matches, seed, n_jobs, progress) for w, s in itertools.pairwise(ladder)]
    mem = [_pair(rules, m, "memory", rounds, matches, seed, n_jobs, progress) for m in memory]
    return {"steps": pd.DataFrame(steps), "memory": pd.DataFrame(mem)}


# -- seat advantage ----------------------------------------------------------------------------------------


def seat_advantage(
    *,
    players: Sequence[int] = (2, 3, 4, 6),
    player_name: str = "memory",
    rounds: int = 2000,
    matches: int = 300,
    seed: int = 2026,
    n_jobs: int = 1,
    progress: bool = False,
) -> Tables:
    """Win rate by seat from the first player of the match, and per round score by seat from the first player.

    Every seat plays ``player_name``, so the seats differ only in where they sit.
    ``wins``: each seat's share of the match wins (tied winners share),
    seat 0 starting round 1 (the start moves one seat each round); the
    interval is Wilson's at the number of matches.  ``rounds``: mean round
    score by ``seat_from_first`` (0 plays first; the last is the dealer),
    and its difference from the table's mean score in the same round (paired),
    with t intervals.  ``tests``: per player count, a chi-square test of equal
    win shares over the matches with one winner, and a Friedman test of
    equal round scores by seat (the seats of a round are one block).
    """
    wins, per_round, tests = [], [], []
    for n in players:
        rules = dutch(n)
        seats = [player_name] * n
        m = _run(rules, seats, seed, n_jobs, progress, matches=matches).matches
        assert m is not None
        for s in range(n):
            share = m[m["seat"] == s]["win_share"]
            row = _share_row(float(share.sum()), matches)
            wins.append({"players": n, "seat": s, **row, "fair": 1 / n})
        single = m[m["winners"] == 1]
        counts = single[single["winner"]].groupby("seat").size().reindex(range(n), fill_value=0).to_numpy()
        chi = stats.chisquare(counts)
        r = _run(rules, seats, seed, n_jobs, progress, rounds=rounds).rounds
        table = r.pivot(index="round", columns="seat_from_first", values="score").to_numpy(dtype=np.float64)
        centred = table - table.mean(axis=1, keepdims=True)
        for k in range(n):
            score = mean_row(table[:, k])
            diff = mean_row(centred[:, k])
            per_round.append(
                {
                    "players": n,
                    "seat_from_first": k,
                    "score": score["estimate"],
                    "score_lo": score["lo"],
                    "score_hi": score["hi"],
                    "vs_table": diff["estimate"],
                    "vs_table_lo": diff["lo"],
                    "vs_table_hi": diff["hi"],
                    "rounds": rounds,
                }
            )
        fried = stats.friedmanchisquare(*table.T) if n >= 3 else stats.wilcoxon(table[:, 0], table[:, 1])
        tests.append(
            {
                "players": n,
                "wins_chi2": float(chi.statistic),
                "wins_p": float(chi.pvalue),
                "single_winner_matches": int(counts.sum()),
                "rounds_test": "friedman" if n >= 3 else "wilcoxon",
                "rounds_stat": float(fried.statistic),
                "rounds_p": float(fried.pvalue),
            }
        )
    return {"wins": pd.DataFrame(wins), "rounds": pd.DataFrame(per_round), "tests": pd.DataFrame(tests)}


# -- match length and luck --------------------------------------------------------------------------------


def _halfway(r: pd.DataFrame, m: pd.DataFrame) -> pd.DataFrame:
    """Per match: rounds, the half-way round (``ceil(rounds / 2)``) and the share of its leaders who win."""
    length = m.groupby("match")["rounds"].first()
    half = np.ceil(length / 2).astype(np.int64)
    at = r.merge(half.rename("half").reset_index(), on="match")
    at = at[at["round"] == at["half"] - 1]
    low = at.groupby("match")["total"].transform("min")
    leaders = at[at["total"] == low][["match", "seat"]]
    won = leaders.merge(m[["match", "seat", "winner"]], on=["match", "seat"])
    out = won.groupby("match")["winner"].mean().rename("leader_wins").to_frame()
    out["rounds"] = length
    out["halfway_round"] = half
    return out.reset_index()


def match_length(
    *,
    players: Sequence[int] = (2, 4, 6),
    limits: Sequence[int] = (50, 100, 150),
    player_name: str = "memory",
    matches: int = 150,
    seed: int = 2026,
    n_jobs: int = 1,
    progress: bool = False,
) -> Tables:
    """Rounds to the limit and how often the leader at half-way wins, by player count and limit.

    ``length``: mean rounds per match (t interval), median and 10%/90%
    quantiles.  ``luck``: the chance that the leader after the half-way
    round (round ``ceil(R / 2)`` of an ``R``-round match; tied leaders count
    as the share of them who win) wins the match, with a Wilson interval at
    the number of matches, beside ``1 / players``, what it would be if the lead said nothing.
    """
    length, luck = [], []
    for n in players:
        for limit in limits:
            rules = dutch(n, limit=limit)
            res = _run(rules, [player_name] * n, seed, n_jobs, progress, matches=matches)
            assert res.matches is not None
            h = _halfway(res.rounds, res.matches)
            row = mean_row(h["rounds"])
            q = h["rounds"].quantile([0.1, 0.5, 0.9]).to_numpy()
            length.append(
                {"players": n, "limit": limit, **row, "q10": q[0], "median": q[1], "q90": q[2], "matches": matches}
            )
            lw = _share_row(float(h["leader_wins"].sum()), len(h))
            luck.append({"players": n, "limit": limit, **lw, "chance": 1 / n, "matches": matches})
    return {"length": pd.DataFrame(length), "luck": pd.DataFrame(luck)}


# -- how much memory matters ------------------------------------------------------------------------------


def memory_matters(
    *,
    players: int = 4,
    perfect: str = "memory",
    imperfect: Sequence[str] = (
        "memory",
        "memory:forget=0.05",
        "memory:forget=0.1",
        "memory:forget=0.2",
        "memory:forget=0.4",
        "memory:capacity=4",
        "memory:capacity=2",
    ),
    matches: int = 100,
    seed: int = 2026,
    n_jobs: int = 1,
    progress: bool = False,
) -> Tables:
    """One perfect memory against ``players - 1`` copies of each imperfect memory: its share of the match wins.

    The perfect player takes each seat in turn, on the same seeds (so each
    seed is played ``players`` times, once per seat, and the seat effect
    cancels); per seed its win share is averaged over the seats.  ``wins``:
    that share with its t interval over seeds (cut to 0..1), beside the fair share
    ``1 / players`` (the first row, perfect against perfect, is the check),
    and its mean round score minus the others' (negative: fewer points), paired per round.
    """
    rows = []
    for other in imperfect:
        shares, margins = [], []
        for s in range(players):
            seats = [perfect if k == s else other for k in range(players)]
            labels = [f"{x}#{k}" for k, x in enumerate(seats)]  # the same player name twice is two labels
            res = simulate(
                dutch(players),
                [player(x) for x in seats],
                matches=matches,
                seed=seed,
                n_jobs=n_jobs,
                progress=progress,
                labels=labels,
            )
            assert res.matches is not None
            shares.append(res.matches[res.matches["seat"] == s]["win_share"].to_numpy())
            sc = res.rounds.pivot(index=["match", "round"], columns="seat", values="score").to_numpy(np.float64)
            others = [k for k in range(players) if k != s]
            margins.append(sc[:, s] - sc[:, others].mean(axis=1))
        share = mean_row(np.mean(shares, axis=0))
        share["lo"], share["hi"] = max(0.0, share["lo"]), min(1.0, share["hi"])  # a t interval of a share
        margin = mean_row(np.concatenate(margins))
        rows.append(
            {
                "imperfect": other,
                "players": players,
                "win_share": share["estimate"],
                "lo": share["lo"],
                "hi": share["hi"],
                "fair": 1 / players,
                "round_margin": margin["estimate"],
                "round_margin_lo": margin["lo"],
                "round_margin_hi": margin["hi"],
                "matches": matches,
            }
        )
    return {"wins": pd.DataFrame(rows)}


# -- what the powers are worth ----------------------------------------------------------------------------

#: the rule variants of :func:`powers_worth`: name -> the ranks of the exchange (jack) and look (queen) powers
POWER_VARIANTS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "canonical (J exchange, Q look)": (("J",), ("Q",)),
    "no jack": ((), ("Q",)),
    "no queen": (("J",), ()),
    "no powers": ((), ()),
    "exchange on 9, look on Q": (("9",), ("Q",)),
    "exchange on J, look on 7": (("J",), ("7",)),
    "exchange on K, look on Q": (("K",), ("Q",)),
}

#: the players of :func:`powers_worth`'s one-seat comparison: name -> the seat-0 player
DECLINERS = {
    "declines the jack": "memory:use_exchange=false",
    "declines the queen": "memory:use_look=false",
    "declines both": "memory:use_exchange=false,use_look=false",
}


def powers_worth(
    *,
    players: int = 4,
    player_name: str = "memory",
    variants: Sequence[str] = tuple(POWER_VARIANTS),
    rounds: int = 1500,
    matches: int = 150,
    seed: int = 2026,
    n_jobs: int = 1,
    progress: bool = False,
) -> Tables:
    """The powers switched off or moved, for the whole table; and declined by one seat, on the same deals.

    ``table``: for each rule variant (:data:`POWER_VARIANTS`), every seat
    playing ``player_name``: the mean points per seat and round, the mean
    turns per round, and the paired difference from the canonical rules on
    the same deals (positive: more points).  ``seat``: seat 0 declines a power
    (:data:`DECLINERS`) while the others use both: its points per round minus
    what seat 0 scores on the same deal when it uses them (positive: declining
    costs points), and its share of the match wins beside ``1 / players``.
    """
    base = dutch(players)
    seats = [player_name] * players
    ref = _run(base, seats, seed, n_jobs, progress, rounds=rounds).rounds
    ref_mean = ref.groupby("round")["score"].mean().to_numpy()
    table = []
    for name in variants:
        exchange, look = POWER_VARIANTS[name]
        rules = replace(base, powers=replace(base.powers, exchange=exchange, look=look))
        r = ref if rules == base else _run(rules, seats, seed, n_jobs, progress, rounds=rounds).rounds
        per = r.groupby("round")["score"].mean().to_numpy()
        turns = r.groupby("round")["turns"].first().to_numpy()
        pts, diff, tr = mean_row(per), mean_row(per - ref_mean), mean_row(turns)
        table.append(
            {
                "variant": name,
                "points": pts["estimate"],
                "points_lo": pts["lo"],
                "points_hi": pts["hi"],
                "vs_canonical": diff["estimate"],
                "vs_canonical_lo": diff["lo"],
                "vs_canonical_hi": diff["hi"],
                "turns": tr["estimate"],
                "turns_lo": tr["lo"],
                "turns_hi": tr["hi"],
                "rounds": rounds,
            }
        )
    seat0 = ref[ref["seat"] == 0]["score"].to_numpy(np.float64)
    one = []
    for name, spec in DECLINERS.items():
        lineup = [spec, *seats[1:]]
        r = _run(base, lineup, seed, n_jobs, progress, rounds=rounds).rounds
        cost = mean_row(r[r["seat"] == 0]["score"].to_numpy(np.float64) - seat0)
        m = _run(base, lineup, seed, n_jobs, progress, matches=matches).matches
        assert m is not None
        w = _share_row(float(m[m["seat"] == 0]["win_share"].sum()), matches)
        one.append(
            {
                "seat_0": name,
                "cost": cost["estimate"],
                "cost_lo": cost["lo"],
                "cost_hi": cost["hi"],
                "rounds": rounds,
                "win_share": w["estimate"],
                "win_lo": w["lo"],
                "win_hi": w["hi"],
                "fair": 1 / players,
                "matches": matches,
            }
        )
    return {"table": pd.DataFrame(table), "seat": pd.DataFrame(one)}


# -- when to call -----------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _CallJob:
    rules: DutchRules
    players: tuple[Player, ...]
    entropy: int
    forks: int


def _play_on(state: RoundState, players: Sequence[Player], chance: Stream, rngs: Sequence[Stream]) -> RoundResult:
    while not state.is_over:
        if state.is_chance:
            cards = state.chance_cards()
            chance.shuffle(cards)
            state.apply_chance(cards)
            continue
        seat = state.seat
        state.apply(players[seat].act(state.observation(seat), rngs[seat]))
    return state.result()


def _fork(
    state: RoundState, players: Sequence[Player], chance: Stream, rngs: Sequence[Stream], call: bool
) -> RoundResult:
    """The round's end after the seat to act calls now (``call``) or plays its turn without calling."""
    s = copy.deepcopy(state)
    c = Stream.from_state(chance.state)
    r = [Stream.from_state(x.state) for x in rngs]
    if call:
        s.apply(CallDutch())
    else:
        obs = s.observation(s.seat)
        obs = replace(obs, legal=tuple(a for a in obs.legal if a != CallDutch()))
        s.apply(players[s.seat].act(obs, r[s.seat]))
    return _play_on(s, players, c, r)


def _call_chunk(job: _CallJob, chunk: Chunk) -> pd.DataFrame:
    """Rounds of one chunk; at ``job.forks`` turn starts per round, chosen at random, both branches are played."""
    base = chunk_base(job.entropy, chunk.index)
    rules, n = job.rules, job.rules.players
    rows: list[dict[str, Any]] = []
    for unit in range(chunk.start, chunk.start + chunk.size):
        chance, rngs = unit_streams(base, unit, n)
        pick = np.random.default_rng([job.entropy, chunk.index, unit])  # which turns are forked: not the game's streams
        state = deal(rules, chance.permutation(rules.deck.size), round_index=unit)
        while not state.is_over:
            if state.is_chance:
                cards = state.chance_cards()
                chance.shuffle(cards)
                state.apply_chance(cards)
                continue
            seat = state.seat
            obs = state.observation(seat)
            if state.phase == "turn" and CallDutch() in obs.legal and pick.random() < job.forks / 12:
                b = belief(obs)
                own = obs.own
                known = [obs.values[c] for c in own if c is not None]
                expected = sum(b.expect(obs, seat, p) for p in range(rules.hand_size))
                others = [sum(b.expect(obs, o, p) for p in range(rules.hand_size)) for o in range(n) if o != seat]
                called = _fork(state, job.players, chance, rngs, True)
                played = _fork(state, job.players, chance, rngs, False)
                rows.append(
                    {
                        "unit": unit,
                        "players": n,
                        "turn": state.turn,
                        "round_turn": state.turn // n,
                        "seat": seat,
                        "known_value": sum(known),
                        "unknown": rules.hand_size - len(known),
                        "expected": expected,
                        "best_other": min(others),
                        "opponent_known": sum(c is not None for o in range(n) if o != seat for c in obs.known[o]),
                        "value_now": sum(obs.values[c] for c in state.hands[seat]),
                        "score_call": called.scores[seat],
                        "score_play": played.scores[seat],
                        "made": bool(called.call_succeeded),
                    }
                )
            state.apply(job.players[seat].act(obs, rngs[seat]))
    return pd.DataFrame(rows)


def when_to_call(
    *,
    players: Sequence[int] = (2, 4),
    player_name: str = "memory",
    rounds: int = 600,
    forks: int = 3,
    seed: int = 2026,
    n_jobs: int = 1,
    progress: bool = False,
) -> Tables:
    """Calling now against playing on, from the same positions: the calling threshold and the value of a call.

    ``rounds`` rounds per player count, every seat ``player_name``.  At
    about ``forks`` turn starts per round (each turn start is chosen with
    probability ``forks / 12``, from a generator of its own), the round is
    played on twice from that position with copies of every stream: the seat
    to act calls, or takes its turn without calling; the rest is the
    players' own play.  ``gain`` is ``score_play - score_call``
    (positive: calling was worth it).  ``by_value``: by ``players``, the
    number of own cards not known (``unknown``) and the known cards' total
    (``known_value``): the mean gain and the call's success rate, each with
    its interval.  ``thresholds``: per ``players`` and ``unknown``, the
    highest known total at which calling still gains on average (the last
    bin, counting up, with a gain above 0), and the lowest at which its
    interval lies below 0.  ``by_turn``: the gain by round of turns for
    known totals up to 4, and ``by_opponents`` by what is known of the
    opponents' cards.  ``decisions``: every forked position.
    """
    frames = []
    for n in players:
        rules = dutch(n)
        job = _CallJob(rules, tuple(player(player_name) for _ in range(n)), seed + 1000 * n, forks)
        done = run_chunks(
            partial(_call_chunk, job), plan_chunks(rounds, max(10, -(-rounds // 32))), n_jobs=n_jobs, progress=progress
        ).done
        frames.append(pd.concat([done[i] for i in sorted(done)], ignore_index=True))
    d = pd.concat(frames, ignore_index=True)
    d["gain"] = d["score_play"] - d["score_call"]
    d["value_bin"] = d["known_value"].clip(-6, 20)

    def summary(g: pd.DataFrame) -> dict[str, float]:
        gain = mean_row(g["gain"]) if len(g) > 1 else {"estimate": float(g["gain"].mean()), "lo": np.nan, "hi": np.nan}
        made = _share_row(float(g["made"].sum()), len(g))
        return {
            "gain": gain["estimate"],
            "gain_lo": gain["lo"],
            "gain_hi": gain["hi"],
            "made": made["estimate"],
            "made_lo": made["lo"],
            "made_hi": made["hi"],
            "n": len(g),
        }

    def grouped(frame: pd.DataFrame, keys: list[str]) -> pd.DataFrame:
        rows = [
            {**dict(zip(keys, key if isinstance(key, tuple) else (key,), strict=True)), **summary(g)}
            for key, g in frame.groupby(keys)
        ]
        out = pd.DataFrame(rows)
        return out[out["n"] >= 10].reset_index(drop=True) if len(out) else out

    by_value = grouped(d, ["players", "unknown", "value_bin"])
    thresholds = []
    for (seated, u), group in by_value.groupby(["players", "unknown"]):
        g = group.sort_values("value_bin")
        pos = g[g["gain"] > 0]["value_bin"]
        neg = g[g["gain_hi"] < 0]["value_bin"]
        sure = g[g["gain_lo"] > 0]["value_bin"]
        thresholds.append(
            {
                "players": seated,
                "unknown": u,
                "call_up_to": float(pos.max()) if len(pos) else np.nan,
                "sure_gain_up_to": float(sure.max()) if len(sure) else np.nan,
                "sure_loss_from": float(neg[neg > (pos.max() if len(pos) else -99)].min())
                if len(neg[neg > (pos.max() if len(pos) else -99)])
                else np.nan,
                "positions": int(g["n"].sum()),
            }
        )
    low = d[d["known_value"] <= 4]
    by_turn = grouped(low.assign(turn_bin=low["round_turn"].clip(0, 6)), ["players", "unknown", "turn_bin"])
    by_opp = grouped(low.assign(opponents_known=low["opponent_known"].clip(0, 4)), ["players", "opponents_known"])
    return {
        "by_value": by_value,
        "thresholds": pd.DataFrame(thresholds),
        "by_turn": by_turn,
        "by_opponents": by_opp,
        "decisions": d,
    }


#: study name (``study = ...`` in a config) -> its function
STUDIES: Mapping[str, Callable[..., Tables]] = {
    "dutch-strength-ladder": strength_ladder,
    "dutch-seat-advantage": seat_advantage,
    "dutch-match-length": match_length,
    "dutch-memory": memory_matters,
    "dutch-powers": powers_worth,
    "dutch-when-to-call": when_to_call,
}
