"""A compiled Dutch round for the random, threshold and memory players, replaying the reference engine exactly.

:func:`play_rounds` plays rounds ``start .. start + count - 1`` of a run from
one chunk's SplitMix64 ``base`` (the streams of
:func:`ohhell.sim.streams.unit_streams`: chance first, then one per seat) and
returns per round the caller, the turns, how it ended, the final hands, the
hand values and the scores.  It implements :mod:`ohhell.dutch.state` step for
step (the same legal actions in the same order, the same stream draws), with
:class:`~ohhell.dutch.players.RandomPlayer`,
:class:`~ohhell.dutch.players.ThresholdPlayer` and
:class:`~ohhell.dutch.players.MemoryPlayer` decisions (forgetful ones too:
:mod:`ohhell.dutch.players.memory_core`), so every round equals the
reference engine's (the tests check it round for round under several rule
sets).  :func:`kernel_reason` says why a line-up cannot be played here
(another player type).

Examples
--------
>>> from ohhell.dutch import dutch, ThresholdPlayer
>>> out = play_rounds(dutch(4), [ThresholdPlayer()] * 4, base=12345, start=0, count=3)
>>> out["scores"].shape, out["ended"].tolist()
((3, 4), ['call', 'call', 'call'])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from numba import njit

from ohhell.dutch.players.base import Player
from ohhell.dutch.players.memory import MemoryPlayer
from ohhell.dutch.players.memory_core import MEMORY_PARAMS, memory_choice, recall
from ohhell.dutch.players.random import RandomPlayer
from ohhell.dutch.players.threshold import ThresholdPlayer
from ohhell.dutch.rules import DutchRules, dutch
from ohhell.engine.stream import draw_below, shuffle_codes
from ohhell.sim.kernel import stream_states
from ohhell.sim.preflight import announced_compile, dispatcher_needs_compiling

__all__ = ["play_rounds", "play_matches", "kernel_reason", "compile_ahead", "ENDINGS", "COMPILE_SECONDS"]

ENDINGS = ("call", "turn_limit", "stock_out")

# action kinds, as the kernel encodes them: (kind, a, b, c)
_PEEK, _CALL, _DRAW, _TAKE, _SWAP, _DISCARD, _EXCHANGE, _LOOK, _DECLINE = range(9)


def kernel_reason(players: Sequence[Player]) -> str | None:
    """None when every seat is a random, threshold or memory player (the kernel's), else what is not compiled."""
    for s, p in enumerate(players):
        if type(p) not in (RandomPlayer, ThresholdPlayer, MemoryPlayer):
            return f"seat {s}: {p!r} has no compiled version (only random, threshold and memory players do)"
    return None


@njit(cache=True, inline="always", error_model="numpy")
def _put(out: np.ndarray, k: int, kind: int, a: int, b: int, c: int) -> int:
    out[k, 0] = kind
    out[k, 1] = a
    out[k, 2] = b
    out[k, 3] = c
    return k + 1


@njit(cache=True, error_model="numpy")
def _legal(
    phase: int,
    s: int,
    n: int,
    h: int,
    peeked: np.ndarray,
    can_call: bool,
    draw_size: int,
    discard_size: int,
    may_discard: bool,
    spare: int,
    optional: bool,
    out: np.ndarray,
) -> int:
    """The legal actions of ``state.legal_actions()``, in its order, into ``out``; returns how many."""
    k = 0
    if phase == 0:  # peek
        for p in range(h):
            if not peeked[s, p]:
                k = _put(out, k, _PEEK, p, 0, 0)
    elif phase == 1:  # turn
        if can_call:
            k = _put(out, k, _CALL, 0, 0, 0)
        if draw_size > 0:
            k = _put(out, k, _DRAW, 0, 0, 0)
        if discard_size > 0:
            k = _put(out, k, _TAKE, 0, 0, 0)
    elif phase == 2:  # drawn
        for p in range(h):
            k = _put(out, k, _SWAP, p, 0, 0)
        if may_discard:
            k = _put(out, k, _DISCARD, 0, 0, 0)
    elif phase == 3:  # exchange
        for p in range(h):
            for o in range(n):
                if o != s and o != spare:
                    for q in range(h):
                        k = _put(out, k, _EXCHANGE, p, o, q)
        if optional:
            k = _put(out, k, _DECLINE, 0, 0, 0)
    elif phase == 4:  # look
        for o in range(n):
            for q in range(h):
                k = _put(out, k, _LOOK, o, q, 0)
        if optional:
            k = _put(out, k, _DECLINE, 0, 0, 0)
    return k


@njit(cache=True, inline="always", error_model="numpy")
def _start_turn(caller: int, turn: int, turn_limit: int, left: int, end_on_empty: bool, dn: int) -> tuple[int, int]:
    """``RoundState._start_turn``: ``(phase, ended)`` at the start of a turn (phase 1 a turn, 5 a reshuffle;
    ended -1 not, 1 the turn limit, 2 an empty draw pile), from the caller, the turns played, the cards
    ``left`` in the draw pile and ``dn`` on the discard pile."""
    if caller < 0 and turn >= turn_limit:
        return 1, 1
    if left == 0:
        if end_on_empty:
            return 1, 2
        if dn > 1:
            return 5, -1
    return 1, -1


@njit(cache=True, error_model="numpy")
def _worst(known: np.ndarray, s: int, h: int, values: np.ndarray, unknown_value: float) -> tuple[int, float]:
    best = 0
    best_v = unknown_value if known[s, s, 0] < 0 else float(values[known[s, s, 0]])
    for p in range(1, h):
        c = known[s, s, p]
        v = unknown_value if c < 0 else float(values[c])
        if v > best_v or (v == best_v and c >= 0 and known[s, s, best] < 0):
            best = p
            best_v = v
    return best, best_v


@njit(cache=True, error_model="numpy")
def _rounds(
    n: int,
    h: int,
    size: int,
    peek: int,
    values: np.ndarray,
    powers: np.ndarray,
    optional: bool,
    spare_caller: bool,
    must_swap: bool,
    ties_win: bool,
    success_score: int,
    fail_multiplier: int,
    earliest_turn: int,
    end_on_empty: bool,
    rotate: bool,
    turn_limit: int,
    kinds: np.ndarray,
    params: np.ndarray,
    mparams: np.ndarray,
    base: np.uint64,
    start: int,
    count: int,
    matches: bool,
    limit: int,
    max_rounds: int,
    capacity: int,
    unit_out: np.ndarray,
    round_out: np.ndarray,
    totals_out: np.ndarray,
    caller_out: np.ndarray,
    turns_out: np.ndarray,
    ended_out: np.ndarray,
    hands_out: np.ndarray,
    values_out: np.ndarray,
    scores_out: np.ndarray,
) -> tuple[int, int, int]:
    """Play units ``start .. start + count - 1`` into the ``*_out`` rows (at most ``capacity`` of them).

    A unit is one round (``matches`` False: round ``unit`` of a match with
    zero totals) or one whole match (its rounds until a total reaches
    ``limit``, the streams running on from round to round as in
    :func:`ohhell.dutch.play.match_rounds`; ``totals_out`` the totals after
    each round).  Returns ``(units done, rows written, status)``: status 0
    all done, 1 out of rows (the rows of the unfinished unit are not
    counted), 2 a match still running after ``max_rounds`` rounds.
    """
    st = np.zeros((1 + n, 4), dtype=np.uint64)
    order = np.empty(size, dtype=np.int64)
    hands = np.empty((n, h), dtype=np.int64)
    pile = np.empty(size, dtype=np.int64)  # the draw pile, next card at pile[dp]
    disc = np.empty(size, dtype=np.int64)  # the discard pile, top at disc[dn - 1]
    tmp = np.empty(size, dtype=np.int64)
    known = np.empty((n, n, h), dtype=np.int64)
    peeked = np.zeros((n, h), dtype=np.bool_)
    legal = np.zeros((h * n * h + 2, 4), dtype=np.int64)
    choice = np.zeros(4, dtype=np.int64)
    # the memory players' state (ohhell.dutch.players.memory_core): public "kept" marks, each seat's memory,
    # the last event showing each card (public, and per seat private), scratch
    kept = np.zeros((n, h), dtype=np.bool_)
    mk = np.empty((n, h), dtype=np.int64)
    rem = np.empty((n, size), dtype=np.int64)
    memo = np.empty((n, 4), dtype=np.int64)
    shown_pub = np.empty(size, dtype=np.int64)
    shown_own = np.empty((n, size), dtype=np.int64)
    looked = np.empty((n, size), dtype=np.int64)
    vmin = values.min()
    ibuf = np.zeros(size + n * h + values.max() - vmin + 1, dtype=np.int64)
    fbuf = np.empty(n * h + 2 * n)
    st1 = np.zeros((1, 4), dtype=np.uint64)
    order2 = np.empty((size, 2), dtype=np.int64)
    out_row = 0
    totals = np.zeros(n, dtype=np.int64)
    for r in range(count):
        unit = start + r
        stream_states(st, base, unit * (1 + n), 1 + n)
        totals[:] = 0
        played = 0
        match_row = out_row
        while True:  # the rounds of one unit: one in rounds mode, a match's in matches mode
            if out_row == capacity:
                return r, match_row, 1  # out of room: unit r and later are not played
            round_index = played if matches else unit
            for i in range(size):
                order[i] = i
            shuffle_codes(order[:size], st)
            joker = 52
            for i in range(size):
                if order[i] >= 52:
                    order[i] = joker
                    joker += 1
            first = round_index % n if rotate else 0
            for k in range(n * h):
                hands[(first + k) % n, k // n] = order[k]
            disc[0] = order[n * h]
            dn = 1
            pn = size - n * h - 1
            for i in range(pn):
                pile[i] = order[n * h + 1 + i]
            dp = 0
            known[:, :, :] = -1
            peeked[:, :] = False
            kept[:, :] = False
            rem[:, :] = -1
            memo[:, 0] = 0
            memo[:, 1] = -1
            memo[:, 2] = 0
            memo[:, 3] = 0
            shown_pub[:] = -1
            shown_own[:, :] = -1
            looked[:, :] = -1
            ev = 0
            held = -1
            from_deck = False
            seat = first
            turn = 0
            caller = -1
            final_left = 0
            ended = -1
            phase = 0
            npk = np.zeros(n, dtype=np.int64)
            if peek == 0:
                phase, ended = _start_turn(caller, turn, turn_limit, pn - dp, end_on_empty, dn)
            while ended < 0:
                if phase == 5:  # chance: the discard pile under its top card becomes the draw pile
                    m = dn - 1
                    for i in range(m):
                        tmp[i] = disc[i]
                    shuffle_codes(tmp[:m], st)
                    for i in range(m):
                        pile[i] = tmp[i]
                    pn = m
                    dp = 0
                    disc[0] = disc[dn - 1]
                    dn = 1
                    phase = 1
                    ev += 1
                    continue
                s = seat
                spare = caller if spare_caller else -1
                nl = _legal(
                    phase,
                    s,
                    n,
                    h,
                    peeked,
                    caller < 0 and turn >= earliest_turn,
                    pn - dp,
                    dn,
                    from_deck or not must_swap,
                    spare,
                    optional,
                    legal,
                )
                # -- the player's choice -------------------------------------------------------------
                choice[:] = 0
                if kinds[s] == 0:  # random: one draw of its stream
                    j = draw_below(st, 1 + s, nl)
                    choice[:] = legal[j]
                elif kinds[s] == 1:
                    call_below = params[s, 0]
                    keep_below = params[s, 1]
                    unknown_value = params[s, 2]
                    blind_from = params[s, 3]
                    if phase == 0:
                        choice[:] = legal[0]
                    elif phase == 1:
                        total = 0.0
                        for p in range(h):
                            c = known[s, s, p]
                            total += unknown_value if c < 0 else float(values[c])
                        _, worst_v = _worst(known, s, h, values, unknown_value)
                        if caller < 0 and turn >= earliest_turn and total <= call_below:
                            choice[0] = _CALL
                        elif dn > 0 and values[disc[dn - 1]] <= keep_below and keep_below < worst_v:
                            choice[0] = _TAKE
                        elif pn - dp > 0:
                            choice[0] = _DRAW
                        else:
                            choice[:] = legal[0]
                    elif phase == 2:
                        worst, worst_v = _worst(known, s, h, values, unknown_value)
                        if float(values[held]) < worst_v or not (from_deck or not must_swap):
                            choice[0] = _SWAP
                            choice[1] = worst
                        else:
                            choice[0] = _DISCARD
                    elif phase == 3:
                        choice[0] = _DECLINE
                        high = -1000
                        pos = -1
                        for p in range(h):
                            c = known[s, s, p]
                            if c >= 0 and (values[c] > high or (values[c] == high and p > pos)):
                                high = values[c]
                                pos = p
                        if pos >= 0:
                            best_o = -1
                            best_q = -1
                            low = 0
                            blind = 0
                            for o in range(n):
                                if o != s and o != spare:
                                    for q in range(h):
                                        c = known[s, o, q]
                                        if c < 0:
                                            blind += 1
                                        else:
                                            v = values[c]
                                            rel = (o - s) % n
                                            if (
                                                best_o < 0
                                                or v < low
                                                or (
                                                    v == low
                                                    and (
                                                        rel < (best_o - s) % n
                                                        or (rel == (best_o - s) % n and q < best_q)
                                                    )
                                                )
                                            ):
                                                best_o = o
                                                best_q = q
                                                low = v
                            if best_o >= 0 and low < high:
                                choice[0] = _EXCHANGE
                                choice[1] = pos
                                choice[2] = best_o
                                choice[3] = best_q
                            elif high >= blind_from and blind > 0:
                                pick = draw_below(st, 1 + s, blind)
                                i = 0
                                for o in range(n):
                                    if o != s and o != spare:
                                        for q in range(h):
                                            if known[s, o, q] < 0:
                                                if i == pick:
                                                    choice[0] = _EXCHANGE
                                                    choice[1] = pos
                                                    choice[2] = o
                                                    choice[3] = q
                                                i += 1
                    elif phase == 4:
                        choice[0] = _DECLINE
                        found = False
                        for t in range(2):
                            o = s if t == 0 else (s + 1) % n
                            for q in range(h):
                                if not found and known[s, o, q] < 0:
                                    choice[0] = _LOOK
                                    choice[1] = o
                                    choice[2] = q
                                    found = True
                else:  # the memory player (ohhell.dutch.players.memory_core)
                    view = known[s]
                    if mparams[s, 5] > 0 or mparams[s, 6] >= 0:  # forgetful: what it still remembers
                        recall(s, turn, known[s], rem[s], memo[s], shown_pub, shown_own[s], looked[s], ev,
                               mparams[s, 5], int(mparams[s, 6]), st, 1 + s, order2, mk)  # fmt: skip
                        view = mk
                    memory_choice(phase, s, view, kept, values, vmin, disc, dn, held, legal, nl, mparams[s], ties_win,
                                  st, 1 + s, ibuf, fbuf, st1, choice)  # fmt: skip
                if kinds[s] != 0:  # a choice that is not legal is the first legal action, as the players do
                    ok = False
                    for j in range(nl):
                        if (
                            legal[j, 0] == choice[0]
                            and legal[j, 1] == choice[1]
                            and legal[j, 2] == choice[2]
                            and legal[j, 3] == choice[3]
                        ):
                            ok = True
                            break
                    if not ok:
                        choice[:] = legal[0]
                # -- apply it (one event each) -----------------------------------------------------------
                kind = choice[0]
                end_turn = False
                called = False
                if kind == _PEEK:
                    p = choice[1]
                    known[s, s, p] = hands[s, p]
                    peeked[s, p] = True
                    shown_own[s, hands[s, p]] = ev
                    looked[s, hands[s, p]] = ev
                    npk[s] += 1
                    if npk[s] == peek:
                        seat = (s + 1) % n
                        if seat == first:
                            phase, ended = _start_turn(caller, turn, turn_limit, pn - dp, end_on_empty, dn)
                elif kind == _CALL:
                    caller = s
                    final_left = n - 1
                    end_turn = True
                    called = True
                elif kind == _DRAW or kind == _TAKE:  # noqa: SIM109 - plain comparisons for numba
                    if kind == _DRAW:
                        held = pile[dp]
                        dp += 1
                        from_deck = True
                        shown_own[s, held] = ev
                    else:
                        held = disc[dn - 1]
                        dn -= 1
                        from_deck = False
                        shown_pub[held] = ev
                    phase = 2
                elif kind == _SWAP or kind == _DISCARD:  # noqa: SIM109
                    if kind == _SWAP:
                        p = choice[1]
                        out = hands[s, p]
                        hands[s, p] = held
                        for v in range(n):
                            if v == s or not from_deck:
                                known[v, s, p] = held
                            else:
                                known[v, s, p] = -1
                        kept[s, p] = from_deck
                    else:
                        out = held
                    shown_pub[out] = ev
                    disc[dn] = out
                    dn += 1
                    held = -1
                    from_deck = False
                    pw = powers[out]
                    if pw == 1 or pw == 2:
                        phase = 3 if pw == 1 else 4
                        spare2 = caller if spare_caller else -1
                        m = _legal(phase, s, n, h, peeked, False, 0, 0, False, spare2, False, legal)
                        if m == 0:
                            end_turn = True
                    else:
                        end_turn = True
                elif kind == _EXCHANGE:
                    p = choice[1]
                    o = choice[2]
                    q = choice[3]
                    t = hands[s, p]
                    hands[s, p] = hands[o, q]
                    hands[o, q] = t
                    for v in range(n):
                        a = known[v, s, p]
                        b = known[v, o, q]
                        known[v, o, q] = a
                        known[v, s, p] = b
                    ka = kept[s, p]
                    kept[s, p] = kept[o, q]
                    kept[o, q] = ka
                    end_turn = True
                elif kind == _LOOK:
                    o = choice[1]
                    q = choice[2]
                    known[s, o, q] = hands[o, q]
                    shown_own[s, hands[o, q]] = ev
                    looked[s, hands[o, q]] = ev
                    end_turn = True
                else:
                    end_turn = True
                ev += 1
                if end_turn:
                    turn += 1
                    if caller >= 0 and not called:
                        final_left -= 1
                        if final_left == 0:
                            ended = 0
                    if ended < 0:
                        seat = (seat + 1) % n
                        phase, ended = _start_turn(caller, turn, turn_limit, pn - dp, end_on_empty, dn)
            # -- the reveal ----------------------------------------------------------------------------
            best_other = 1 << 30
            for s in range(n):
                v = 0
                for p in range(h):
                    v += values[hands[s, p]]
                    hands_out[out_row, s, p] = hands[s, p]
                values_out[out_row, s] = v
                scores_out[out_row, s] = v
            if caller >= 0:
                for s in range(n):
                    if s != caller and values_out[out_row, s] < best_other:
                        best_other = values_out[out_row, s]
                mine = values_out[out_row, caller]
                if mine < best_other or (ties_win and mine == best_other):
                    scores_out[out_row, caller] = success_score
                else:
                    scores_out[out_row, caller] = mine * fail_multiplier
            caller_out[out_row] = caller
            turns_out[out_row] = turn
            ended_out[out_row] = ended
            unit_out[out_row] = unit
            round_out[out_row] = round_index
            out_row += 1
            played += 1
            if not matches:
                break
            high = -(1 << 62)
            for s in range(n):
                totals[s] += scores_out[out_row - 1, s]
                totals_out[out_row - 1, s] = totals[s]
                high = max(high, totals[s])
            if high >= limit:
                break
            if played == max_rounds:
                return r, match_row, 2  # unit r did not reach the limit
    return count, out_row, 0


#: The compiled round's first compile on this machine, in seconds (least, most; 28 s measured on a busy core,
#: 30 s another day, ``benchmarks/RESULTS-compile.md``): quoted, not relied on.
COMPILE_SECONDS = (28, 30)


def compile_ahead(*, announce: bool) -> float | None:
    """Compile the round now if the first chunk would; the seconds it took, or None (built or cached already).

    One throwaway round in this process, so numba writes its cache before
    any worker starts (the workers load it) and the progress bar measures
    play.  ``announce``: say so on standard error.
    """
    if not dispatcher_needs_compiling(_rounds):
        return None
    return announced_compile(
        "the Dutch round",
        COMPILE_SECONDS,
        lambda: play_rounds(dutch(2), [RandomPlayer()] * 2, base=0, start=0, count=1),
        announce=announce,
    )


def _seat_tables(players: Sequence[Player], n: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The kernel's player kinds and parameter rows (threshold, memory) of a line-up it can play."""
    reason = kernel_reason(players)
    if reason is not None:
        raise ValueError(f"the compiled Dutch round cannot play {reason}")
    kinds = np.array([{RandomPlayer: 0, ThresholdPlayer: 1, MemoryPlayer: 2}[type(p)] for p in players], dtype=np.int64)
    params = np.zeros((n, 4))
    mparams = np.zeros((n, len(MEMORY_PARAMS)))
    for s, p in enumerate(players):
        if isinstance(p, ThresholdPlayer):
            params[s] = (p.call_below, p.keep_below, p.unknown_value, p.blind_exchange_from)
        elif isinstance(p, MemoryPlayer):
            fields = {name: getattr(p, name) for name in MEMORY_PARAMS}
            fields["capacity"] = -1 if p.capacity is None else p.capacity
            mparams[s] = [float(fields[name]) for name in MEMORY_PARAMS]
    return kinds, params, mparams


_OUTPUTS = ("unit", "round", "totals", "caller", "turns", "ended_code", "final_hands", "values", "scores")


def _play(
    rules: DutchRules, players: Sequence[Player], base: int, start: int, count: int, matches: bool, max_rounds: int
) -> dict[str, np.ndarray]:
    n, h = rules.players, rules.hand_size
    kinds, params, mparams = _seat_tables(players, n)
    pieces: list[dict[str, np.ndarray]] = []
    capacity = count * (8 if matches else 1)
    done = 0
    while done < count:
        out = {
            "unit": np.empty(capacity, dtype=np.int64),
            "round": np.empty(capacity, dtype=np.int64),
            "totals": np.zeros((capacity, n), dtype=np.int64),
            "caller": np.empty(capacity, dtype=np.int64),
            "turns": np.empty(capacity, dtype=np.int64),
            "ended_code": np.empty(capacity, dtype=np.int64),
            "final_hands": np.empty((capacity, n, h), dtype=np.int64),
            "values": np.empty((capacity, n), dtype=np.int64),
            "scores": np.empty((capacity, n), dtype=np.int64),
        }
        units, rows, status = _rounds(
            n,
            h,
            rules.deck.size,
            rules.layout.peek,
            np.asarray(rules.value_table(), dtype=np.int64),
            np.asarray(rules.power_table(), dtype=np.int64),
            rules.powers.optional,
            rules.powers.spare_caller,
            rules.discard_draw.must_swap,
            rules.call.tie == "caller_wins",
            rules.call.success_score,
            rules.call.fail_multiplier,
            rules.call.earliest_turn,
            rules.stock_out.rule == "end_round",
            rules.turns.first == "rotate",
            rules.turns.turn_limit,
            kinds,
            params,
            mparams,
            np.uint64(base),
            start + done,
            count - done,
            matches,
            rules.match_end.limit,
            max_rounds,
            capacity,
            *(out[k] for k in _OUTPUTS),
        )
        if status == 2:
            raise ValueError(f"the match did not reach the limit {rules.match_end.limit} in {max_rounds} rounds")
        pieces.append({k: v[:rows] for k, v in out.items()})
        done += units
        capacity *= 2  # out of room: the rest in a larger buffer
    joined = {k: np.concatenate([p[k] for p in pieces]) for k in _OUTPUTS}
    joined["ended"] = np.asarray(ENDINGS, dtype=object)[joined["ended_code"]]
    return joined


def play_rounds(rules: DutchRules, players: Sequence[Player], *, base: int, start: int, count: int) -> dict[str, Any]:
    """Rounds ``start .. start + count - 1`` from chunk base ``base`` (see the module docs).

    Round ``j`` is round ``j`` of a match with zero totals, as in
    :func:`ohhell.dutch.sim.simulate`'s rounds mode.  Returns arrays:
    ``caller`` (-1: nobody), ``turns``, ``ended`` (names; ``ended_code`` the
    index in :data:`ENDINGS`), ``final_hands``
    (round x seat x position codes), ``values`` and ``scores`` (round x seat).
    """
    out = _play(rules, players, base, start, count, False, 1)
    return {k: out[k] for k in ("caller", "turns", "ended", "ended_code", "final_hands", "values", "scores")}


def play_matches(
    rules: DutchRules, players: Sequence[Player], *, base: int, start: int, count: int, max_rounds: int = 10_000
) -> dict[str, Any]:
    """Matches ``start .. start + count - 1`` from chunk base ``base``, as :func:`ohhell.dutch.sim.simulate` plays them.

    Each match is :func:`ohhell.dutch.play.match_rounds` on the unit's
    streams: rounds until a total reaches or passes the limit, the streams
    running on from round to round, the round index counted from 0 in each
    match.  Returns one row per round played: ``match``, ``round`` and
    ``totals`` (round x seat, after the round) beside the arrays of
    :func:`play_rounds`.  A match still running after ``max_rounds`` rounds
    is an error, as on the reference engine.

    Examples
    --------
    >>> from ohhell.dutch import dutch, MemoryPlayer
    >>> out = play_matches(dutch(4), [MemoryPlayer()] * 4, base=12345, start=0, count=2)
    >>> sorted(set(out["match"].tolist())), bool(out["totals"][-1].max() >= 100)
    ([0, 1], True)
    """
    out = _play(rules, players, base, start, count, True, max_rounds)
    out["match"] = out.pop("unit")
    return out
