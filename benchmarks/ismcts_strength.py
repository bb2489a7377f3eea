"""The information-set search player (``ohhell.strategies.ISMCTS``) against OpenSpiel's ISMCTS, one line-up a run.

The match is :func:`ohhell.interop.openspiel.head_to_head` as in
``bench_strength.py`` (4 players x 7 tricks, OpenSpiel's scoring, duplicate
deals, ISMCTS with random rollouts).  ``--tell`` gives our player the
knowledge OpenSpiel's bot has when it is asked with the true state (which
cards the other players hold between them, as ``told_rollout.py`` does for
the rollout player); ``--see`` is what the OpenSpiel bot is asked with.
``--player rollout`` runs the rollout player through the same bot, for a
comparison in one run.  Besides the match, the time of each of our card
decisions with more than one legal card is recorded (median and 95th
percentile), bids apart.

Usage::

    python benchmarks/ismcts_strength.py --deals 300 --tell --see state
    python benchmarks/ismcts_strength.py --deals 300 --see view --iterations 1500 --uct-c 0.7

A measurement device, not a player of the library.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

CARD_MS: list[float] = []
BID_MS: list[float] = []


def factory(game: Any, seat: int, seed: int, player: Any, tell: bool) -> Any:
    """``make_bot(game, seat, seed)``: ``player`` as a bot, told the others' cards when ``tell``; times each step."""
    import pyspiel
    from told_rollout import _others_cards

    from ohhell.cards.masks import mask_of
    from ohhell.engine.stream import Stream
    from ohhell.interop.openspiel import BID_OFFSET, action_from_card, observation_from_state, rules_for

    rules = rules_for(game)

    class Timed(pyspiel.Bot):  # type: ignore[misc]
        def __init__(self) -> None:
            pyspiel.Bot.__init__(self)
            self.rng = Stream(seed)

        def step(self, state: Any) -> int:
            p = int(state.current_player())
            obs = observation_from_state(state, p, rules)
            others = _others_cards(state, p) & ~mask_of(obs.played_cards) if tell else None
            t0 = time.perf_counter()
            if obs.phase == "bid":
                action = BID_OFFSET + player.bid(obs, self.rng, unseen=others)
                BID_MS.append(1000 * (time.perf_counter() - t0))
            else:
                action = action_from_card(player.play(obs, self.rng, unseen=others))
                if len(obs.legal_cards) > 1:
                    CARD_MS.append(1000 * (time.perf_counter() - t0))
            return action

        def restart(self) -> None:
            pass

        def restart_at(self, state: Any) -> None:
            pass

        def inform_action(self, state: Any, player_id: int, action: int) -> None:
            pass

        def provides_policy(self) -> bool:
            return False

        def provides_force_action(self) -> bool:
            return False

        def is_clonable(self) -> bool:
            return False

    return Timed()


def main() -> None:
    from functools import partial

    from ohhell.interop.openspiel import head_to_head, ismcts
    from ohhell.strategies import Rollout
    from ohhell.strategies.ismcts import ISMCTS

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--simulations", type=int, default=1000, help="OpenSpiel ISMCTS simulations")
    parser.add_argument("--see", choices=("state", "view"), default="state")
    parser.add_argument("--tell", action="store_true", help="tell our player which cards the others hold")
    parser.add_argument("--player", choices=("ismcts", "rollout"), default="ismcts")
    parser.add_argument("--iterations", type=int, default=ISMCTS().iterations)
    parser.add_argument("--worlds", type=int, default=ISMCTS().worlds)
    parser.add_argument("--uct-c", type=float, default=ISMCTS().uct_c)
    args = parser.parse_args()
    if args.player == "ismcts":
        player: Any = ISMCTS(iterations=args.iterations, worlds=args.worlds, uct_c=args.uct_c)
    else:
        player = Rollout()
    start = time.perf_counter()
    result = head_to_head(
        partial(factory, player=player, tell=args.tell),
        ismcts(simulations=args.simulations, seed=args.seed),
        deals=args.deals,
        seed=args.seed,
        bots_see=args.see,
    )
    s = result.summary
    card = np.array(CARD_MS)
    print(f"{player!r}" + (" told" if args.tell else "") + f" vs ISMCTS({args.simulations}), bots see {args.see}")
    print(
        f"| {args.deals} | {result.diff:+.2f} [{result.lo:+.2f}, {result.hi:+.2f}] "
        f"| {s.loc['ours', 'made']:.3f} / {s.loc['theirs', 'made']:.3f} "
        f"| {s.loc['ours', 'bid']:.2f} / {s.loc['ours', 'tricks']:.2f} "
        f"| {s.loc['theirs', 'bid']:.2f} / {s.loc['theirs', 'tricks']:.2f} "
        f"| {s.loc['ours', 'ms_per_decision']:.1f} / {s.loc['theirs', 'ms_per_decision']:.1f} "
        f"| {np.median(card):.1f} / {np.percentile(card, 95):.1f} |"
    )
    print(f"card decisions {card.size}, bids {len(BID_MS)} (median {np.median(BID_MS):.1f} ms); "
          f"{time.perf_counter() - start:.0f} s")  # fmt: skip


if __name__ == "__main__":
    main()
