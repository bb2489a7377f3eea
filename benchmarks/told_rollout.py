"""The rollout player told which cards the other players hold: the information OpenSpiel's ISMCTS gets.

OpenSpiel's ``oh_hell`` resamples an information state by permuting the
cards the other players really hold, never the cards left in the stock, so
ISMCTS asked with the true state knows which cards are out against it
(:func:`ohhell.interop.openspiel.head_to_head`, ``bots_see="state"``).
This bot gives the rollout player the same knowledge, to separate the value
of that knowledge from the strength of the search: its samples deal exactly
the cards the others hold (read from the state's history), as ISMCTS's do
(the ``unseen`` argument of :meth:`ohhell.strategies.Rollout.bid` and
:meth:`~ohhell.strategies.Rollout.play`); everything else is
:class:`ohhell.strategies.Rollout` with its defaults.

A measurement device for ``bench_strength.py``, not a player of the library.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from ohhell.cards.masks import mask_of
from ohhell.engine.stream import Stream
from ohhell.interop.openspiel import BID_OFFSET, action_from_card, card_from_action, observation_from_state, rules_for
from ohhell.strategies import Rollout


def _others_cards(state: Any, player: int) -> int:
    """The mask of the cards dealt to the other players (OpenSpiel deals card ``i`` to player ``i mod n``)."""
    game = state.get_game()
    n = int(game.get_parameters()["players"])
    history = [int(a) for a in state.history()]
    h = history[0]
    dealt = history[2 : 2 + n * h]
    return mask_of(card_from_action(a) for i, a in enumerate(dealt) if i % n != player)


def told_rollout_factory(game: Any, seat: int, seed: int, player: Rollout | None = None) -> Any:
    """``make_bot(game, seat, seed)`` for :func:`~ohhell.interop.openspiel.head_to_head`
    (``player``: the rollout player told, default ``Rollout()``; bind it with :func:`told`)."""
    import pyspiel

    player_ = Rollout() if player is None else player

    class ToldRollout(pyspiel.Bot):  # type: ignore[misc]
        def __init__(self) -> None:
            pyspiel.Bot.__init__(self)
            self.rng = Stream(seed)
            self.rules = rules_for(game)

        def step(self, state: Any) -> int:
            p = int(state.current_player())
            obs = observation_from_state(state, p, self.rules)
            others = _others_cards(state, p) & ~mask_of(obs.played_cards)
            if obs.phase == "bid":
                return BID_OFFSET + player_.bid(obs, self.rng, unseen=others)
            return action_from_card(player_.play(obs, self.rng, unseen=others))

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


def told(player: Rollout) -> Any:
    """A ``make_bot`` factory of ``player`` told the others' cards."""
    return partial(told_rollout_factory, player=player)
