"""A threshold heuristic: keep low cards, call when the hand seems low enough.

It reckons a card it has not seen at ``unknown_value`` points (a 54-card
deck averages 316 / 54 = 5.85) and keeps no memory beyond what the
observation's ``known`` gives.
"""

from __future__ import annotations

from dataclasses import dataclass

from ohhell.dutch.actions import Action, CallDutch, Decline, Discard, DrawDeck, Exchange, Look, Swap, TakeDiscard
from ohhell.dutch.observation import Observation
from ohhell.engine.stream import Stream

__all__ = ["ThresholdPlayer"]


@dataclass(frozen=True, slots=True, kw_only=True)
class ThresholdPlayer:
    """Keep low cards, call "Dutch" when the reckoned hand is at most ``call_below``.

    - turn: call when (known cards + ``unknown_value`` per unknown card) <=
      ``call_below``; else take the discard pile's top card when it is worth at
      most ``keep_below`` and less than the worst slot of the hand, else draw;
    - drawn card: swap it for the worst slot (the highest known card, or an
      unknown one reckoned at ``unknown_value``) when lower, else discard it;
    - jack: exchange the highest known own card for a lower known opponent
      card (the lowest; ties: the nearest seat clockwise), or blind for an unknown one when the own card is at least
      ``blind_exchange_from``; else decline;
    - queen: look at an own unknown card, else at the next seat's; the
      opening peek takes the lowest positions.

    Examples
    --------
    >>> from ohhell.dutch import dutch, play_round
    >>> r = play_round(dutch(4), [ThresholdPlayer()] * 4, seed=3)
    >>> r.ended, r.caller is not None
    ('call', True)
    """

    call_below: int = 8
    keep_below: int = 4
    unknown_value: float = 6.0
    blind_exchange_from: int = 9

    def __post_init__(self) -> None:
        if self.blind_exchange_from < 0:
            raise ValueError(f"blind_exchange_from must be 0 or more, got {self.blind_exchange_from}")

    def act(self, obs: Observation, rng: Stream) -> Action:
        legal = obs.legal
        choice = self._choose(obs, rng)
        return choice if choice in legal else legal[0]

    def _slot_values(self, obs: Observation) -> list[float]:
        values = obs.values
        return [self.unknown_value if c is None else float(values[c]) for c in obs.own]

    def _worst(self, obs: Observation) -> tuple[int, float]:
        slots = self._slot_values(obs)
        worst = max(range(len(slots)), key=lambda p: (slots[p], obs.own[p] is not None))
        return worst, slots[worst]

    def _choose(self, obs: Observation, rng: Stream) -> Action:
        values = obs.values
        legal = obs.legal
        if obs.phase == "turn":
            if CallDutch() in legal and sum(self._slot_values(obs)) <= self.call_below:
                return CallDutch()
            top = obs.discard_top
            _, worst_value = self._worst(obs)
            if TakeDiscard() in legal and top is not None and values[top] <= self.keep_below < worst_value:
                return TakeDiscard()
            return DrawDeck() if DrawDeck() in legal else legal[0]
        if obs.phase == "drawn":
            assert obs.held is not None
            worst, worst_value = self._worst(obs)
            if values[obs.held] < worst_value or Discard() not in legal:
                return Swap(worst)
            return Discard()
        if obs.phase == "exchange":
            return self._exchange(obs, rng, values)
        if obs.phase == "look":
            for seat in (obs.seat, (obs.seat + 1) % obs.players):
                for p, c in enumerate(obs.known[seat]):
                    if c is None:
                        return Look(seat, p)
            return Decline()
        return legal[0]

    def _exchange(self, obs: Observation, rng: Stream, values: tuple[int, ...]) -> Action:
        mine = [(values[c], p) for p, c in enumerate(obs.own) if c is not None]
        if not mine:
            return Decline()
        high, pos = max(mine)
        offers = [a for a in obs.legal if isinstance(a, Exchange) and a.position == pos]
        known = [(values[c], a) for a in offers if (c := obs.known[a.seat][a.other_position]) is not None]
        if known:
            n = obs.players
            low, best = min(known, key=lambda t: (t[0], (t[1].seat - obs.seat) % n, t[1].other_position))
            if low < high:
                return best
        if high >= self.blind_exchange_from:
            blind = [a for a in offers if obs.known[a.seat][a.other_position] is None]
            if blind:
                return rng.choice(blind)
        return Decline()
