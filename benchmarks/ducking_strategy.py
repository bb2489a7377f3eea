"""How far the ducking bound's own strategy is from the fewest tricks (a measurement, not the solver).

The ducking bound (:mod:`ohhell.strategies.solver.bounds`) proves "``s`` keeps
to at most k tricks" by analysing one fixed strategy of ``s``: on lead a safe
lead (a card some other seat must beat: all its cards of that suit above it),
the highest such, else its lowest card; following, a card under the led card
when it has one (the highest such), else its highest card of the suit; void,
its highest plain card while it holds one, else its lowest trump.  However well
that strategy is analysed, the bound can be no lower than what the others can
make it take.  This script plays the strategy against the others' best replies
(plain minimax over their cards, memoised by position; pure Python) on random
deals with a trump suit, and prints how many tricks above the exact fewest
(``fewest_tricks``) the strategy is made to take, and how far above that the
bound itself is at the deal's start (the least ``k`` for which
``bounds._ducks`` proves "at most ``k``"; the number of cards when it proves
none).  ``--follow top`` ducks under the trick's best card so far instead of
the led card.

    python benchmarks/ducking_strategy.py --cards 6 --deals 60
"""

from __future__ import annotations

import argparse
import collections
from collections.abc import Iterator
from functools import cache

import numpy as np

from ohhell.strategies.solver import Position, fewest_tricks
from ohhell.strategies.solver import position as P
from ohhell.strategies.solver.bounds import _ducks


def _bits(x: int) -> Iterator[int]:
    while x:
        b = x & -x
        yield b.bit_length() - 1
        x ^= b


def strategy_value(hands: tuple[int, ...], leader: int, s: int, trump: int, follow: str) -> int:
    """The most tricks the other seats can make ``s`` take while it plays the ducking strategy."""
    n = len(hands)

    def strength(c: int, led: int) -> int:
        q = c // 13
        return 200 + c % 13 if q == trump else (100 + c % 13 if q == led else 0)

    def card_of_s(hands: tuple[int, ...], trick: tuple[int, ...]) -> int:
        mine = hands[s]
        if not trick:
            safe = [
                c
                for c in _bits(mine)
                if any(
                    (h := (hands[j] >> (13 * (c // 13))) & 0x1FFF) and (h & -h).bit_length() - 1 > c % 13
                    for j in range(n)
                    if j != s
                )
            ]
            if safe:
                return max(safe, key=lambda c: c % 13)
            return min(_bits(mine), key=lambda c: (c // 13 == trump, c % 13))
        led = trick[0] // 13
        suit = mine & (0x1FFF << (13 * led))
        if suit:
            if follow == "led":
                under = [c for c in _bits(suit) if c % 13 < trick[0] % 13]
            else:
                top = max(strength(c, led) for c in trick)
                under = [c for c in _bits(suit) if strength(c, led) < top]
            return max(under) if under else max(_bits(suit))
        plain = [c for c in _bits(mine) if c // 13 != trump]
        return max(plain, key=lambda c: c % 13) if plain else min(_bits(mine))

    @cache
    def value(hands: tuple[int, ...], leader: int) -> int:
        return play(hands, leader, ()) if hands[s] else 0

    def play(hands: tuple[int, ...], leader: int, trick: tuple[int, ...]) -> int:
        if len(trick) == n:
            keys = [strength(c, trick[0] // 13) for c in trick]
            w = (leader + keys.index(max(keys))) % n
            return value(hands, w) + (w == s)
        p = (leader + len(trick)) % n
        if p == s:
            options = [card_of_s(hands, trick)]
        else:
            suit = hands[p] & (0x1FFF << (13 * (trick[0] // 13))) if trick else 0
            options = list(_bits(suit or hands[p]))
        best = -1
        for c in options:
            after = list(hands)
            after[p] ^= 1 << c
            best = max(best, play(tuple(after), leader, (*trick, c)))
        return best

    return value(hands, leader)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--cards", type=int, default=6)
    parser.add_argument("--deals", type=int, default=60)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--follow", choices=("led", "top"), default="led")
    args = parser.parse_args()
    rng = np.random.default_rng(args.seed)
    above: collections.Counter[int] = collections.Counter()
    bound: collections.Counter[int] = collections.Counter()
    for _ in range(args.deals):
        deck = rng.permutation(52)
        c, n = args.cards, args.players
        hands = tuple(int(sum(1 << int(x) for x in deck[i * c : (i + 1) * c])) for i in range(n))
        trump, leader, s = int(rng.integers(4)), int(rng.integers(n)), int(rng.integers(n))
        pos = Position(hands=hands, under=-1, over=trump, leader=leader)
        fewest = fewest_tricks(pos, s)
        v = strategy_value(hands, leader, s, trump, args.follow)
        assert v >= fewest, "a strategy of s cannot do better than the fewest"
        above[v - fewest] += 1
        st = P._start(pos, s, None, None).st
        least = next((k for k in range(c) if _ducks(st, k)), c)
        assert least >= fewest, "the bound is sound"
        bound[least - v] += 1
    print(f"{args.players} x {args.cards}, {args.deals} deals, following under the {args.follow} card")
    for k in sorted(above):
        print(f"  the strategy takes {k} above the fewest: {above[k]} deals")
    for k in sorted(bound):
        print(f"  the bound at the start is {k} above the strategy's tricks: {bound[k]} deals")


if __name__ == "__main__":
    main()
