"""The rollout player told which cards the other players hold: the information OpenSpiel's ISMCTS gets.

OpenSpiel's ``oh_hell`` resamples an information state by permuting the
cards the other players really hold, never the cards left in the stock, so
ISMCTS asked with the true state knows which cards are out against it
(:func:`ohhell.interop.openspiel.head_to_head`, ``bots_see="state"``).
This bot gives the rollout player the same knowledge, to separate the value
of that knowledge from the strength of the search: its samples deal exactly
the cards the others hold (read from the state's history), as ISMCTS's do;
everything else is :class:`ohhell.strategies.Rollout` with its defaults.

A measurement device for ``bench_strength.py``, not a player of the library.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ohhell.cards.masks import mask_of
from ohhell.engine.stream import Stream, state_array
from ohhell.interop.openspiel import BID_OFFSET, action_from_card, card_from_action, observation_from_state, rules_for
from ohhell.rules import compile_rules
from ohhell.strategies import Rollout
from ohhell.strategies import rollout_core as core
from ohhell.strategies.card_odds import round_odds
from ohhell.strategies.expected_value import ev_inputs
from ohhell.strategies.folk import trump_pair
from ohhell.strategies.rollout import policy_card, shown_out


def _others_cards(state: Any, player: int) -> int:
    """The mask of the cards dealt to the other players (OpenSpiel deals card ``i`` to player ``i mod n``)."""
    game = state.get_game()
    n = int(game.get_parameters()["players"])
    history = [int(a) for a in state.history()]
    h = history[0]
    dealt = history[2 : 2 + n * h]
    return mask_of(card_from_action(a) for i, a in enumerate(dealt) if i % n != player)


def told_rollout_factory(game: Any, seat: int, seed: int) -> Any:
    """``make_bot(game, seat, seed)`` for :func:`~ohhell.interop.openspiel.head_to_head`."""
    import pyspiel

    player_ = Rollout()

    class ToldRollout(pyspiel.Bot):  # type: ignore[misc]
        def __init__(self) -> None:
            pyspiel.Bot.__init__(self)
            self.rng = Stream(seed)
            self.rules = rules_for(game)

        def step(self, state: Any) -> int:
            p = int(state.current_player())
            obs = observation_from_state(state, p, self.rules)
            others = _others_cards(state, p) & ~mask_of(obs.played_cards)
            compiled = compile_rules(obs.rules)
            odds = round_odds(compiled)[obs.round_index]
            table = np.ascontiguousarray(compiled.score_table(obs.round_index))
            under, over = trump_pair(obs.trump)
            st = state_array(self.rng)
            if obs.phase == "bid":
                known, pos, out, _, legal, heard, _, _ = ev_inputs(obs)
                deck = mask_of(obs.hand) | others | out  # the unseen pool is exactly the others' cards
                scores = core.bid_values(known, pos, obs.hand_size, under, over, out, deck, heard, legal, table,
                                         player_.bid_samples, False, False, st)  # fmt: skip
                self.rng.set_state(st[0])
                return BID_OFFSET + int(max(obs.legal_bids, key=lambda b: (scores[b], -b)))
            if len(obs.legal_cards) == 1:
                return action_from_card(obs.legal_cards[0])
            n = obs.players
            played_by = np.zeros(n, dtype=np.int64)
            for leader, cards in [(t.leader, t.cards) for t in obs.completed_tricks] + [
                (obs.leader, obs.current_trick)
            ]:
                for i, c in enumerate(cards):
                    played_by[(leader + i) % n] |= 1 << c.code
            room = np.array([0 if s == p else obs.hand_size - int(played_by[s]).bit_count() for s in range(n)])
            hands_known = np.zeros(n, dtype=np.int64)
            hands_known[p] = mask_of(obs.hand)
            trick = np.zeros(n, dtype=np.int64)
            for i, c in enumerate(obs.current_trick):
                trick[i] = c.code
            bids = np.array([b if b is not None else 0 for b in obs.bids], dtype=np.int64)
            values = core.card_values(
                hands_known, p, room.astype(np.int64), shown_out(obs), others, mask_of(obs.legal_cards), trick,
                len(obs.current_trick), obs.leader, obs.tricks_left, bids, np.array(obs.tricks_won, dtype=np.int64),
                under, over, mask_of(obs.played_cards), table, player_.play_samples, played_by, obs.hand_size, odds,
                obs.dealer, False, st,
            )  # fmt: skip
            self.rng.set_state(st[0])
            scores = {c: float(values[c.code]) for c in obs.legal_cards}
            best = max(scores.values())
            own = policy_card(obs)
            card = own if scores[own] >= best else next(c for c in obs.legal_cards if scores[c] >= best)
            return action_from_card(card)

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

    return ToldRollout()
