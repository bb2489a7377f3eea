"""Playing deals and matches with strategies: the reference engine.

Randomness is explicit.  A deal or match takes ``seed`` (anything
:class:`numpy.random.SeedSequence` accepts, or a ``SeedSequence``), spawns
one chance :class:`~ohhell.engine.stream.Stream` for the cards and one
stream per seat for its strategy, so
changing a strategy never changes the cards dealt (duplicate deals stay
duplicate).  Within the chance stream the draws happen in the order
documented by :func:`ohhell.engine.state.deal`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ohhell.engine.ledger import MatchLedger
from ohhell.engine.state import DealResult, DealState, deal
from ohhell.engine.strategy import Strategy
from ohhell.engine.stream import SeedLike, Stream, seed_sequence
from ohhell.rules import Rules, Trump, compile_rules
from ohhell.rules.compiled import CompiledRules

__all__ = ["play_deal", "play_match", "run_deal", "MatchResult", "Seed", "streams"]

Seed = SeedLike


def streams(seed: Seed, players: int) -> tuple[Stream, list[Stream], np.random.SeedSequence]:
    """The chance stream and one stream per seat: children 0, 1..players of ``SeedSequence(seed)``.

    The children are built from the seed's entropy and spawn key, so passing
    the same SeedSequence twice gives the same streams (``spawn`` would not).
    """
    ss = seed_sequence(seed)
    children = [
        np.random.SeedSequence(ss.entropy, spawn_key=(*ss.spawn_key, i), pool_size=ss.pool_size)
        for i in range(1 + players)
    ]
    return Stream(children[0]), [Stream(c) for c in children[1:]], ss


def _check_strategies(strategies: Sequence[Strategy], players: int) -> None:
    if len(strategies) != players:
        raise ValueError(f"{players} players need {players} strategies, got {len(strategies)}")
    for i, s in enumerate(strategies):
        if not isinstance(s, Strategy):
            raise TypeError(f"strategy for seat {i} must have bid(), play() and name_trump(); got {s!r}")


def run_deal(state: DealState, strategies: Sequence[Strategy], rngs: Sequence[Stream]) -> DealResult:
    """Drive ``state`` to the end, asking each seat's strategy with its own stream."""
    while not state.is_over:
        seat = state.current_seat
        strategy, rng = strategies[seat], rngs[seat]
        obs = state.observation(seat)
        if state.phase == "name_trump":
            state.apply_trump(strategy.name_trump(obs, rng), strategy)
        elif state.phase in ("bid", "adjust"):
            state.apply_bid(strategy.bid(obs, rng), strategy)
        else:
            state.apply_play(strategy.play(obs, rng), strategy)
    return state.result()


def play_deal(
    rules: Rules,
    strategies: Sequence[Strategy],
    *,
    seed: Seed = None,
    round_index: int = 0,
    dealer: int = 0,
) -> DealResult:
    """Deal and play one round of ``rules`` (its ``round_index``-th hand size).

    Examples
    --------
    >>> from ohhell.rules import boerenbridge
    >>> from ohhell.strategies import RandomStrategy
    >>> r = play_deal(boerenbridge(4), [RandomStrategy()] * 4, seed=1, round_index=2)
    >>> r.hand_size, sum(r.tricks_won)
    (3, 3)
    """
    compiled = compile_rules(rules)
    n = int(compiled.players_in_round[round_index])
    _check_strategies(strategies, n)
    chance, seat_rngs, _ = streams(seed, n)
    state = deal(compiled, round_index=round_index, dealer=dealer, players=n, rng=chance)
    return run_deal(state, strategies, seat_rngs)


@dataclass(frozen=True, slots=True, kw_only=True)
class MatchResult:
    """A played match.  Deals keep seats local to the deal; ``seats`` maps them back."""

    rules: Rules
    deals: tuple[DealResult, ...]
    seats: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]
    made_bids: tuple[int, ...]
    best_round: tuple[int, ...]
    standings: tuple[int, ...]
    winners: tuple[int, ...]
    knocked_out: tuple[tuple[int, int], ...]
    seed_entropy: int | Sequence[int] | None

    def running_totals(self) -> list[tuple[int, ...]]:
        """Totals by match seat after each round."""
        totals = [0] * self.rules.players
        out = []
        for d, seats in zip(self.deals, self.seats):
            for local, seat in enumerate(seats):
                totals[seat] += d.scores[local]
            out.append(tuple(totals))
        return out

    def seat_from_dealer(self, deal_index: int, seat: int) -> int | None:
        """Position of match seat ``seat`` from that deal's dealer's left (None if not playing)."""
        seats = self.seats[deal_index]
        return self.deals[deal_index].seat_from_dealer(seats.index(seat)) if seat in seats else None


def play_match(rules: Rules, strategies: Sequence[Strategy], *, seed: Seed = None) -> MatchResult:
    """Play every round of ``rules`` with one strategy per seat.

    Examples
    --------
    >>> from ohhell.rules import bondebridge
    >>> from ohhell.strategies import RandomStrategy
    >>> m = play_match(bondebridge(4), [RandomStrategy()] * 4, seed=7)
    >>> len(m.deals), m.totals == m.running_totals()[-1]
    (20, True)
    """
    compiled = compile_rules(rules)
    n = rules.players
    _check_strategies(strategies, n)
    chance, seat_rngs, ss = streams(seed, n)
    dealer = int(chance.integers(n)) if compiled.first_dealer < 0 else compiled.first_dealer
    return _play_rounds(compiled, strategies, chance, seat_rngs, dealer, ss.entropy)


def _play_rounds(
    compiled: CompiledRules,
    strategies: Sequence[Strategy],
    chance: Stream,
    seat_rngs: Sequence[Stream],
    dealer: int,
    entropy: int | Sequence[int] | None,
) -> MatchResult:
    ledger = MatchLedger(compiled, dealer)
    deals: list[DealResult] = []
    first_trump = Trump.none()  # what a round keeping round 1's trump gets if round 1 itself is such a round
    while not ledger.finished:
        seating = ledger.next_seating()
        state = deal(
            compiled,
            round_index=seating.round_index,
            dealer=seating.dealer,
            players=len(seating.seats),
            rng=chance,
            first_round_trump=first_trump,
            match_totals=[ledger.totals[s] for s in seating.seats],
        )
        result = run_deal(state, [strategies[s] for s in seating.seats], [seat_rngs[s] for s in seating.seats])
        if seating.round_index == 0:
            first_trump = result.trump
        ledger.record(seating, result.scores, result.made)
        deals.append(result)
    return MatchResult(
        rules=compiled.rules,
        deals=tuple(deals),
        seats=tuple(seating.seats for seating, _ in ledger.history),
        totals=tuple(ledger.totals),
        made_bids=tuple(ledger.made),
        best_round=tuple(ledger.best),
        standings=ledger.final_standings(),
        winners=ledger.winners(),
        knocked_out=tuple(ledger.knocked_out),
        seed_entropy=entropy,
    )
