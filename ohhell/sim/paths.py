"""The two engine paths that fill chunk arrays: the reference engine and the kernel.

:func:`fast_path_reason` says why a rules/strategies pair cannot take the
compiled path (None when it can); :func:`run_chunk` fills the arrays of one
chunk through the chosen path.  Both read the same streams
(:mod:`ohhell.sim.streams`), so they agree deal for deal.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache
from typing import Literal

import numpy as np

from ohhell.engine import DealResult, Strategy, deal, run_deal
from ohhell.engine.play import _play_rounds
from ohhell.rules import CompiledRules, Rules, Trump, compile_rules
from ohhell.rules.compiled import RESTRICTIONS, SIGHTS, TIE_BREAKS, TRUMP_SOURCES
from ohhell.sim import kernel
from ohhell.sim.arrays import DealArrays, MatchArrays
from ohhell.sim.streams import unit_streams
from ohhell.strategies import CardOdds, Distilled, ExpectedValue, Folk, RandomStrategy, Spoiler, folk_core
from ohhell.strategies.card_odds import round_odds
from ohhell.strategies.compiled_inputs import over_wants
from ohhell.strategies.distilled_core import FEATURES
from ohhell.strategies.distilled_weights import card_weights

__all__ = ["Mode", "Path", "fast_path_reason", "run_chunk", "reference_deals"]

Mode = Literal["deals", "matches"]
Path = Literal["fast", "reference"]


def kernel_strategy(strategy: Strategy) -> tuple[int, int] | None:
    """(kind, flags) of a strategy the kernel plays, or None.

    0 random; 1 folk (flags: tips, spoiler); 2 expected-value bidder with folk
    play (flags: tips, samples << 16); 3 the card-odds player; 4 the distilled player.
    """
    if isinstance(strategy, RandomStrategy):
        return (0, 0)
    if isinstance(strategy, Folk):
        return (1, strategy.flags)
    if isinstance(strategy, Spoiler) and isinstance(strategy.inner, Folk):
        return (1, strategy.inner.flags | folk_core.SPOIL)
    if isinstance(strategy, CardOdds):
        return (3, 0)
    if isinstance(strategy, Distilled):
        return (4, 0)
    if isinstance(strategy, ExpectedValue) and strategy.samples < 2**40:
        return (2, strategy.play_as.flags | strategy.samples << 16)
    return None


@lru_cache(maxsize=16)
def _seat_odds(rules: Rules, policy: bool, distilled: bool) -> np.ndarray:
    """The kernel's odds ``[round, kind - 3, ...]``: the card-odds player's (``policy``) and the distilled
    player's (``distilled``) learned odds, zeros where unused (of size 1 when neither is)."""
    c = compile_rules(rules)
    if not (policy or distilled):
        none = np.zeros((c.n_rounds, 2, 1, 1, 1, 1, 1, 1, 1, 1))
        none.setflags(write=False)  # read-only like learned odds: one compiled kernel for both (numba types differ)
        return none
    parts = [round_odds(c, "policy") if policy else None, round_odds(c, "distilled") if distilled else None]
    shape = next(p for p in parts if p is not None).shape
    odds = np.stack([p if p is not None else np.zeros(shape) for p in parts], axis=1)
    odds.setflags(write=False)
    return odds


def _unsupported(what: str, codes: object, supported: frozenset[int], names: Sequence[str]) -> str | None:
    """``what`` and the codes of ``codes`` outside ``supported`` (by name where known), or None."""
    found = sorted({int(c) for c in np.asarray(codes).ravel()} - supported)
    if not found:
        return None
    said = [f"{names[c]!r} (code {c})" if 0 <= c < len(names) else f"code {c}" for c in found]
    return f"{what} {', '.join(said)}"


def fast_path_reason(compiled: CompiledRules, strategies: Sequence[Strategy]) -> str | None:
    """Why the compiled path cannot play this; None when it can.

    Checks every code the kernel reads against what it states it supports
    (:data:`ohhell.sim.kernel.TRUMP_SOURCE_CODES` and its neighbours).
    """
    codes = [int(c) for c in compiled.deck]
    plain = [c for c in codes if c < 52]
    copies = copies_of_a_card(compiled)
    if copies > kernel.MAX_COPIES:
        return f"a deck with {copies} copies of a card: the compiled path holds at most {kernel.MAX_COPIES}"
    if copies > 1 and compiled.wizards:
        return "Wizards and Jesters with two copies of a plain card"
    specials = {"Wizards": (52, kernel.MAX_WIZARDS), "Jesters": (53, kernel.MAX_JESTERS)}
    for name, (code, most) in specials.items():
        if codes.count(code) > most:
            return f"a deck with {codes.count(code)} {name}: the compiled path holds at most {most}"
    strange = sorted(set(plain) - kernel.CARD_CODES) + sorted({c for c in codes if c > 53})
    if strange:
        return f"a deck with card codes outside 0..53: {strange}"
    checks = (
        ("trump source", compiled.trump_source, kernel.TRUMP_SOURCE_CODES, TRUMP_SOURCES),
        ("bid restriction", [compiled.restriction_code], kernel.RESTRICTION_CODES, RESTRICTIONS),
        ("bidders' sight", compiled.sight, kernel.SIGHT_CODES, SIGHTS),
        ("tie-break", compiled.tie_break_codes, kernel.TIE_BREAK_CODES, TIE_BREAKS),
    )
    for what, found, supported, names in checks:
        reason = _unsupported(what, found, supported, names)
        if reason is not None:
            return f"{reason}: the compiled path plays only {', '.join(repr(names[c]) for c in sorted(supported))}"
    pairs = [kernel_strategy(s) for s in strategies]
    unsupported = sorted({repr(s) for s, p in zip(strategies, pairs) if p is None or p[0] not in kernel.STRATEGY_KINDS})
    if unsupported:
        return f"strategies without a compiled version: {', '.join(unsupported)}"
    decks = (
        ("the Wizard deck", compiled.wizards, kernel.WIZARD_STRATEGY_KINDS),
        ("two decks", copies > 1, kernel.TWO_DECK_STRATEGY_KINDS),
    )
    for deck, used, kinds in decks:
        unsupported = sorted({repr(s) for s, p in zip(strategies, pairs) if p is not None and p[0] not in kinds})
        if used and unsupported:
            return (
                f"{deck} with {', '.join(unsupported)}: its compiled version samples the unseen"
                " cards of a deck of distinct plain cards"
            )
    return None


def copies_of_a_card(compiled: CompiledRules) -> int:
    """The most copies of one plain card in the deck (2 with two decks; 0 for a deck of no plain card)."""
    plain = compiled.deck[compiled.deck < 52]
    return int(np.bincount(plain).max()) if plain.size else 0


def _trump_row(trump: Trump, card_code: int) -> tuple[int, int, int]:
    suits = [int(s) for s in trump.suits]
    if len(suits) == 2:
        return suits[0], suits[1], card_code
    return -1, (suits[0] if suits else -1), card_code


def _mask(cards: Sequence[object]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c.code  # type: ignore[attr-defined]
    return m


def reference_deals(
    compiled: CompiledRules, strategies: Sequence[Strategy], base: int, start: int, size: int
) -> Iterator[DealResult]:
    """Deals ``start .. start+size-1`` of a chunk with base ``base``, played by the reference engine, in order.

    Deal ``i`` is round ``i mod rounds`` with dealer ``(first dealer + i) mod players``, on its own
    streams (:func:`~ohhell.sim.streams.unit_streams`): the deals ``simulate(deals=...)`` plays.
    """
    players = compiled.players
    first_dealer = max(compiled.first_dealer, 0)
    for unit in range(start, start + size):
        chance, seats = unit_streams(base, unit, players)
        r = unit % compiled.n_rounds
        n = int(compiled.players_in_round[r])
        dealer = (first_dealer + unit) % n
        yield run_deal(deal(compiled, round_index=r, dealer=dealer, players=n, rng=chance), strategies[:n], seats)


def _deals_reference(
    compiled: CompiledRules, strategies: Sequence[Strategy], base: int, start: int, size: int, out: DealArrays
) -> None:
    record = out.plays.shape[0] > 0
    for j, result in enumerate(reference_deals(compiled, strategies, base, start, size)):
        n = len(result.bids)
        out.round[j] = (start + j) % compiled.n_rounds
        out.dealer[j] = result.dealer
        out.trump[j] = _trump_row(result.trump, -1 if result.trump_card is None else result.trump_card.code)
        for s in range(n):
            out.hands[j, s] = _mask(result.hands[s])
            out.bids[j, s] = result.bids[s]
            out.tricks[j, s] = result.tricks_won[s]
            out.scores[j, s] = result.scores[s]
        if record:
            for t, trick in enumerate(result.tricks):
                out.plays[j, t, :n] = [c.code for c in trick.cards]


def _matches_reference(
    compiled: CompiledRules, strategies: Sequence[Strategy], base: int, start: int, size: int, out: MatchArrays
) -> None:
    players = compiled.players
    record = out.plays.shape[0] > 0
    for j in range(size):
        chance, seats = unit_streams(base, start + j, players)
        dealer = int(chance.integers(players)) if compiled.first_dealer < 0 else compiled.first_dealer
        match = _play_rounds(compiled, strategies, chance, seats, dealer, None)
        out.bids[j] = -1
        out.tricks[j] = -1
        for r, (d, seat_map) in enumerate(zip(match.deals, match.seats)):
            out.dealer[j, r] = seat_map[d.dealer]
            out.trump[j, r] = _trump_row(d.trump, -1 if d.trump_card is None else d.trump_card.code)
            for local, s in enumerate(seat_map):
                out.hands[j, r, s] = _mask(d.hands[local])
                out.bids[j, r, s] = d.bids[local]
                out.tricks[j, r, s] = d.tricks_won[local]
                out.scores[j, r, s] = d.scores[local]
            if record:
                for t, trick in enumerate(d.tricks):
                    out.plays[j, r, t, : len(seat_map)] = [c.code for c in trick.cards]
        out.totals[j] = match.totals
        for place, s in enumerate(match.standings):
            out.rank[j, s] = place
        out.winner[j] = [1 if s in match.winners else 0 for s in range(players)]


_Inputs = tuple[kernel.KernelRules, kernel.KernelSeats, bool]
#: The last ``(compiled rules, strategies, kernel inputs)`` a process played, one tuple (replaced at once, so a
#: thread never sees the rules of one entry with the inputs of another): every chunk of a run shares them.
_last_inputs: list[tuple[CompiledRules, tuple[Strategy, ...], _Inputs]] = []


def _kernel_inputs(compiled: CompiledRules, strategies: Sequence[Strategy]) -> _Inputs:
    """``(rules bundle, seats bundle, two decks)`` for the kernel; checked and built once per run and process
    (kept while the very same objects come back, so no stale entry can be matched)."""
    last = _last_inputs[0] if _last_inputs else None
    if (
        last is not None
        and last[0] is compiled
        and len(last[1]) == len(strategies)
        and all(a is b for a, b in zip(last[1], strategies, strict=True))
    ):
        return last[2]
    reason = fast_path_reason(compiled, strategies)
    if reason is not None:
        raise ValueError(f"the compiled path cannot play {reason}")
    pairs = [kernel_strategy(s) for s in strategies]
    kinds = np.array([p[0] if p else 0 for p in pairs], dtype=np.int64)
    flags = np.array([p[1] if p else 0 for p in pairs], dtype=np.int64)
    flags[kinds >= 3] = int(over_wants(compiled.rules))
    odds = _seat_odds(compiled.rules, bool((kinds == 3).any()), bool((kinds == 4).any()))
    weights = np.array(card_weights()) if (kinds == 4).any() else np.zeros((0, FEATURES))
    seats = kernel.KernelSeats(
        kinds=kinds, flags=flags, odds=odds, all_random=bool((kinds == 0).all()), weights=weights
    )
    inputs = (kernel.kernel_rules(compiled), seats, copies_of_a_card(compiled) > 1)
    _last_inputs[:] = [(compiled, tuple(strategies), inputs)]
    return inputs


def run_chunk(
    compiled: CompiledRules,
    strategies: Sequence[Strategy],
    mode: Mode,
    path: Path,
    base: int,
    start: int,
    size: int,
    record_plays: bool = False,
) -> DealArrays | MatchArrays:
    """Play units ``start .. start+size-1`` of a chunk with base ``base`` through ``path``."""
    players = compiled.players
    max_hand = int(compiled.hand_sizes.max())
    out: DealArrays | MatchArrays
    if mode == "deals":
        out = DealArrays.empty(size, players, max_hand, record_plays)
    else:
        out = MatchArrays.empty(size, players, compiled.n_rounds, max_hand, record_plays)
    if path == "reference":
        if isinstance(out, DealArrays):
            _deals_reference(compiled, strategies, base, start, size, out)
        else:
            _matches_reference(compiled, strategies, base, start, size, out)
        return out
    c = compiled
    rules, seats, two_decks = _kernel_inputs(compiled, strategies)
    doubles = np.zeros(players, dtype=np.int64) if two_decks else None
    if isinstance(out, DealArrays):
        deal_out = kernel.DealOutputs(
            out.round, out.dealer, out.trump, out.hands, out.bids, out.tricks, out.scores, out.plays
        )
        kernel.play_deals_kernel(
            np.uint64(base), start, size, players, max(c.first_dealer, 0), rules, seats, deal_out, doubles
        )
    else:
        match_out = kernel.MatchOutputs(
            out.dealer, out.trump, out.hands, out.bids, out.tricks, out.scores, out.totals, out.rank, out.winner,
            out.plays,
        )  # fmt: skip
        kernel.play_matches_kernel(
            np.uint64(base), start, size, players, c.first_dealer, rules, seats, match_out, doubles
        )
    return out
