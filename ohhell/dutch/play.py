"""Playing Dutch rounds and matches with players: the reference engine.

Randomness is explicit, with the project's conventions
(:func:`ohhell.engine.play.streams`): ``seed`` gives one chance
:class:`~ohhell.engine.stream.Stream` (child 0 of ``SeedSequence(seed)``)
and one stream per seat (children 1..players).  The chance stream, in order:
for each round, ``permutation(deck size)`` is the deal (top card first), then
each reshuffle shuffles :meth:`~ohhell.dutch.state.RoundState.chance_cards`
with ``Stream.shuffle``.  Players draw only from their own streams, so a
change of player never changes the cards dealt.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import numpy as np

from ohhell.dutch.players.base import Player
from ohhell.dutch.rules import DutchRules, add_round, match_winners
from ohhell.dutch.state import RoundResult, RoundState, deal
from ohhell.engine.play import streams
from ohhell.engine.stream import SeedLike, Stream

__all__ = ["play_round", "run_round", "iter_match", "match_rounds", "play_match", "MatchResult"]


def _check(rules: DutchRules, players: Sequence[Player]) -> None:
    if len(players) != rules.players:
        raise ValueError(f"{rules.players} players need {rules.players} Dutch players, got {len(players)}")
    for i, p in enumerate(players):
        if not isinstance(p, Player):
            raise TypeError(f"the player for seat {i} must have act(obs, rng); got {p!r}")


def _seated(p: Player, seat: int) -> Player:
    for_round = getattr(p, "for_round", None)
    if for_round is None:
        return p
    out: Player = for_round(seat)
    return out


def run_round(state: RoundState, players: Sequence[Player], chance: Stream, rngs: Sequence[Stream]) -> RoundResult:
    """Drive ``state`` to its end: players act on their observations, chance steps read ``chance``.

    A player with a ``for_round(seat)`` method (a forgetful
    :class:`~ohhell.dutch.players.memory.MemoryPlayer`) is asked for the
    seat's player of this round first, which may keep a memory.
    """
    seated = [_seated(p, seat) for seat, p in enumerate(players)]
    while not state.is_over:
        if state.is_chance:
            cards = state.chance_cards()
            chance.shuffle(cards)
            state.apply_chance(cards)
            continue
        seat = state.seat
        action = seated[seat].act(state.observation(seat), rngs[seat])
        state.apply(action, who=repr(players[seat]))
    return state.result()


def play_round(
    rules: DutchRules,
    players: Sequence[Player],
    *,
    seed: SeedLike = None,
    round_index: int = 0,
    match_totals: Sequence[int] | None = None,
) -> RoundResult:
    """Deal and play one round from ``seed``.

    Examples
    --------
    >>> from ohhell.dutch import dutch, RandomPlayer
    >>> r = play_round(dutch(4), [RandomPlayer()] * 4, seed=7)
    >>> len(r.final_hands), len(r.scores), r.ended
    (4, 4, 'call')
    """
    _check(rules, players)
    chance, rngs, _ = streams(seed, rules.players)
    order = chance.permutation(rules.deck.size)
    state = deal(rules, order, round_index=round_index, match_totals=match_totals)
    return run_round(state, players, chance, rngs)


@dataclass(frozen=True, slots=True, kw_only=True)
class MatchResult:
    """The rounds of a match, the totals and the winners (lowest total; ties are tied winners)."""

    rules: DutchRules
    rounds: tuple[RoundResult, ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    seed_entropy: int | Sequence[int] | None

    def running_totals(self) -> list[tuple[int, ...]]:
        out: list[tuple[int, ...]] = []
        totals = [0] * self.rules.players
        for r in self.rounds:
            totals = [t + s for t, s in zip(totals, r.scores)]
            out.append(tuple(totals))
        return out


def iter_match(
    rules: DutchRules, players: Sequence[Player], *, seed: SeedLike = None, max_rounds: int = 10_000
) -> Iterator[tuple[RoundResult, tuple[int, ...], bool]]:
    """The rounds of one match as they are played, each with the totals after it and whether the match is over.

    Stops after the round in which a total reaches or passes the limit; a
    match still running after ``max_rounds`` rounds is an error.
    """
    _check(rules, players)
    chance, rngs, _ = streams(seed, rules.players)
    yield from match_rounds(rules, players, chance, rngs, max_rounds)


def match_rounds(
    rules: DutchRules, players: Sequence[Player], chance: Stream, rngs: Sequence[Stream], max_rounds: int = 10_000
) -> Iterator[tuple[RoundResult, tuple[int, ...], bool]]:
    """The rounds of one match from given streams (:func:`iter_match` builds them from a seed)."""
    totals = (0,) * rules.players
    for r in range(max_rounds):
        state = deal(rules, chance.permutation(rules.deck.size), round_index=r, match_totals=totals)
        result = run_round(state, players, chance, rngs)
        totals, over = add_round(totals, result.scores, rules.match_end)
        yield result, totals, over
        if over:
            return
    raise ValueError(f"the match did not reach the limit {rules.match_end.limit} in {max_rounds} rounds")


def play_match(
    rules: DutchRules, players: Sequence[Player], *, seed: SeedLike = None, max_rounds: int = 10_000
) -> MatchResult:
    """Play rounds until a total reaches or passes the limit; lowest total wins.

    Examples
    --------
    >>> from ohhell.dutch import dutch, ThresholdPlayer
    >>> m = play_match(dutch(3), [ThresholdPlayer()] * 3, seed=5)
    >>> max(m.totals) >= 100, m.winners == tuple(s for s in range(3) if m.totals[s] == min(m.totals))
    (True, True)
    """
    rounds: list[RoundResult] = []
    totals = (0,) * rules.players
    for result, after, _ in iter_match(rules, players, seed=seed, max_rounds=max_rounds):
        rounds.append(result)
        totals = after
    ss = np.random.SeedSequence(seed) if not isinstance(seed, np.random.SeedSequence) else seed
    return MatchResult(
        rules=rules, rounds=tuple(rounds), totals=totals, winners=match_winners(totals), seed_entropy=ss.entropy
    )
