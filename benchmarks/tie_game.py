"""The fewest tricks in two coarser games, against the solver's exact fewest (a measurement, not the solver).

The *tie game* of a seat ``s``: the others' cards of a suit are known only by
the interval of ``s``'s cards of that suit they fall in (how many cards of
``s`` lie below them, counted at the start of each trick).  Two cards of the
others in one interval tie; when tied cards of the others top a trick, the
others choose which of those seats takes it, or ``s`` does (the script
solves both).  Every comparison with a card of ``s`` is as in the real
game, so:

- the others choosing the ties have every play of the real game and more:
  the fewest there is at least the real fewest, and "``s`` keeps to at most
  k there" proves it in the real game;
- ``s`` choosing them, the fewest there is at most the real fewest, and a
  refutation there is one in the real game.

Cards of one hand in one interval are interchangeable in the tie game, so it
has far fewer positions than the real game.  This script solves both tie
games by plain minimax with a table of trick boundaries keyed by the coarse
position (pure Python, slow: seconds a deal at 4 x 7) and prints, per deal,
the exact fewest (``fewest_tricks``), each tie game's fewest and the number
of trick boundaries it solved; then how often each equals the exact fewest.

    python benchmarks/tie_game.py --players 4 --cards 7 --deals 20
"""

from __future__ import annotations

import argparse
import time

from solver_deals import random_positions

from ohhell.cards.masks import cards_of
from ohhell.strategies.solver import fewest_tricks


def _cards(mask: int) -> list[int]:
    return [card.code for card in cards_of(mask)]


def _below(mine: int, card: int) -> int:
    """How many cards of ``s`` lie below ``card`` in its suit."""
    q, r = divmod(card, 13)
    return ((mine >> (13 * q)) & 0x1FFF & ((1 << r) - 1)).bit_count()


class TieGame:
    """The fewest tricks of seat ``s`` in the tie game; ``others_choose``: who breaks ties."""

    def __init__(self, players: int, s: int, trump: int, others_choose: bool) -> None:
        self.n, self.s, self.trump, self.others_choose = players, s, trump, others_choose
        self.table: dict[tuple[object, ...], int] = {}

    def _key(self, hands: tuple[int, ...], leader: int) -> tuple[object, ...]:
        mine = hands[self.s]
        coarse = tuple(
            tuple(sorted((c // 13, _below(mine, c)) for c in _cards(h))) for j, h in enumerate(hands) if j != self.s
        )
        return (mine, leader, coarse)

    def fewest(self, hands: tuple[int, ...], leader: int) -> int:
        if hands[self.s] == 0:
            return 0
        key = self._key(hands, leader)
        if key not in self.table:
            self.table[key] = self._trick(list(hands), leader, [], hands[self.s])
        return self.table[key]

    def _strength(self, card: int, seat: int, led: int, mine: int) -> tuple[int, int]:
        q = card // 13
        kind = 2 if q == self.trump else (1 if q == led else 0)
        if kind == 0:
            return (0, 0)
        return (kind, 2 * _below(mine, card) + (1 if seat == self.s else 0))

    def _moves(self, hand: int, led: int, seat: int, mine: int) -> list[int]:
        follow = hand & (0x1FFF << (13 * led)) if led >= 0 else 0
        legal = _cards(follow or hand)
        if seat == self.s:
            return legal
        seen: set[tuple[int, int]] = set()
        out = []
        for c in legal:  # one card per interval
            cls = (c // 13, _below(mine, c))
            if cls not in seen:
                seen.add(cls)
                out.append(c)
        return out

    def _trick(self, hands: list[int], leader: int, played: list[int], mine: int) -> int:
        n, s = self.n, self.s
        if len(played) == n:
            led = played[0] // 13
            strengths = [self._strength(c, (leader + i) % n, led, mine) for i, c in enumerate(played)]
            top = max(strengths)
            values = [
                self.fewest(tuple(hands), w) + (w == s)
                for w in ((leader + i) % n for i, x in enumerate(strengths) if x == top)
            ]
            return max(values) if self.others_choose else min(values)
        p = (leader + len(played)) % n
        led = played[0] // 13 if played else -1
        values = []
        for c in self._moves(hands[p], led, p, mine):
            hands[p] ^= 1 << c
            values.append(self._trick(hands, leader, [*played, c], mine))
            hands[p] ^= 1 << c
        return min(values) if p == s else max(values)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--cards", type=int, default=7)
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    same = {True: 0, False: 0}
    print("deal  exact  others-choose (boundaries, s)  seat-chooses (boundaries, s)")
    for i, (pos, seat) in enumerate(random_positions(args.players, args.cards, "suit", args.deals, args.seed)):
        exact = fewest_tricks(pos, seat)
        row = []
        for others in (True, False):
            game = TieGame(args.players, seat, pos.over, others)
            t0 = time.perf_counter()
            value = game.fewest(pos.hands, pos.leader)
            row.append(f"{value} ({len(game.table):,}, {time.perf_counter() - t0:.1f})")
            if others:
                assert value >= exact, "the others choosing ties cannot do worse than in the real game"
                same[True] += value == exact
            else:
                assert value <= exact, "the seat choosing ties cannot do worse than in the real game"
                same[False] += value == exact
        print(f"{i:4}  {exact:5}  {row[0]:>30}  {row[1]:>28}", flush=True)
    d = args.deals
    print(f"equal to the exact fewest: others choose {same[True]}/{d}, the seat chooses {same[False]}/{d}")


if __name__ == "__main__":
    main()
