"""The uniformly random player: any legal action, each equally likely."""

from __future__ import annotations

from dataclasses import dataclass

from ohhell.dutch.actions import Action
from ohhell.dutch.observation import Observation
from ohhell.engine.stream import Stream

__all__ = ["RandomPlayer"]


@dataclass(frozen=True, slots=True, kw_only=True)
class RandomPlayer:
    """Chooses uniformly among ``obs.legal`` with one ``rng.integers`` draw.

    Examples
    --------
    >>> from ohhell.dutch import dutch, play_round
    >>> r = play_round(dutch(3), [RandomPlayer()] * 3, seed=1)
    >>> len(r.final_hands), r.ended
    (3, 'call')
    """

    def act(self, obs: Observation, rng: Stream) -> Action:
        return rng.choice(obs.legal)
