"""The memory player: a belief over the unseen positions, and expected-value choices.

Belief.  The cards this seat has not located (the deck minus every card it
knows the position of, the discard pile and the card it holds) are spread
uniformly over every position it does not know and the draw pile; so an
unknown position is worth their mean, except a position its owner filled with
a card drawn from the deck, seen and kept: that one is reckoned at the mean
of the lower half of the unseen values (owners keep low cards).

Choices.

- call "Dutch" when the expected hand is at most ``call_below``, or when it
  is no more than every other expected hand (less ``final_turn_gain``) and
  the call's chance of success is at least ``call_chance``; the chance comes from
  ``samples`` deals of the unseen cards into the unknown positions, the others'
  hands lowered by ``final_turn_gain`` for their last turn;
- take the discard pile's top card when it saves at least what a deck draw is
  expected to save (the mean over unseen cards of the saving on the worst
  slot, zero when the draw would be discarded);
- swap a drawn card into the slot it saves most on, else discard it;
- jack: exchange the own slot worth most for the opponent slot worth least
  when that saves at least ``min_exchange_gain``; queen: look at an own
  unknown card, else at an unknown card of the opponent expected lowest.
"""

from __future__ import annotations

from dataclasses import dataclass

from ohhell.dutch.actions import Action, CallDutch, Decline, Discard, DrawDeck, Exchange, Look, Peek, Swap, TakeDiscard
from ohhell.dutch.observation import Observation
from ohhell.dutch.rules import call_succeeds
from ohhell.engine.stream import Stream

__all__ = ["MemoryPlayer", "Belief", "belief"]


@dataclass(frozen=True, slots=True)
class Belief:
    """What one seat makes of the unseen cards."""

    unseen: tuple[int, ...]  # card codes not located by this seat
    mean: float  # mean value of an unseen card
    low_mean: float  # mean of the lower half of the unseen values
    kept: frozenset[tuple[int, int]]  # positions their owner filled with a deck card it saw and kept

    def expect(self, obs: Observation, seat: int, position: int) -> float:
        card = obs.known[seat][position]
        if card is not None:
            return float(obs.values[card])
        return self.low_mean if (seat, position) in self.kept and seat != obs.seat else self.mean


def belief(obs: Observation) -> Belief:
    """The belief of ``obs.seat`` from its observation alone."""
    located = {c for row in obs.known for c in row if c is not None} | set(obs.discard)
    if obs.held is not None:
        located.add(obs.held)
    unseen = tuple(c for c in obs.rules.deck.codes if c not in located)
    values = sorted(obs.values[c] for c in unseen)
    mean = sum(values) / len(values) if values else 0.0
    low = values[: max(1, len(values) // 2)]
    low_mean = sum(low) / len(low) if values else 0.0
    kept: set[tuple[int, int]] = set()
    source: dict[int, str | None] = {}
    for e in obs.events:
        if e.kind == "draw":
            source[e.seat] = e.source
        elif e.kind == "swap" and e.position is not None:
            if source.get(e.seat) == "deck":
                kept.add((e.seat, e.position))
            else:
                kept.discard((e.seat, e.position))
        elif e.kind == "exchange" and e.position is not None and e.other is not None and e.other_position is not None:
            a, b = (e.seat, e.position), (e.other, e.other_position)
            had_a, had_b = a in kept, b in kept
            kept.discard(a)
            kept.discard(b)
            if had_a:
                kept.add(b)
            if had_b:
                kept.add(a)
    return Belief(unseen=unseen, mean=mean, low_mean=low_mean, kept=frozenset(kept))


@dataclass(frozen=True, slots=True, kw_only=True)
class MemoryPlayer:
    """Belief over unseen positions and expected-value choices (see the module docs).

    Examples
    --------
    >>> from ohhell.dutch import dutch, play_round
    >>> r = play_round(dutch(4), [MemoryPlayer()] * 4, seed=3)
    >>> r.ended
    'call'
    """

    samples: int = 32
    call_chance: float = 0.9
    call_below: float = 2.0
    final_turn_gain: float = 2.0
    min_exchange_gain: float = 1.0

    def __post_init__(self) -> None:
        if self.samples < 1:
            raise ValueError(f"samples must be at least 1, got {self.samples}")

    def act(self, obs: Observation, rng: Stream) -> Action:
        choice = self._choose(obs, rng)
        return choice if choice in obs.legal else obs.legal[0]

    def _choose(self, obs: Observation, rng: Stream) -> Action:
        legal = obs.legal
        if obs.phase == "peek":
            return next(a for a in legal if isinstance(a, Peek))
        b = belief(obs)
        h = obs.hand_size
        slots = [b.expect(obs, obs.seat, p) for p in range(h)]
        worst = max(range(h), key=lambda p: slots[p])
        if obs.phase == "turn":
            if CallDutch() in legal:
                mine = sum(slots)
                others = min(
                    sum(b.expect(obs, s, p) for p in range(h)) - self.final_turn_gain
                    for s in range(obs.players)
                    if s != obs.seat
                )
                # sampling only when the expected hands make a call thinkable
                if mine <= self.call_below or (mine <= others and self._call_chance(obs, b, rng) >= self.call_chance):
                    return CallDutch()
            top = obs.discard_top
            if TakeDiscard() in legal and top is not None:
                take_gain = slots[worst] - obs.values[top]
                draw_gain = sum(max(slots[worst] - obs.values[c], 0.0) for c in b.unseen) / max(1, len(b.unseen))
                if take_gain > 0 and (take_gain >= draw_gain or DrawDeck() not in legal):
                    return TakeDiscard()
            return DrawDeck() if DrawDeck() in legal else legal[0]
        if obs.phase == "drawn":
            assert obs.held is not None
            v = obs.values[obs.held]
            if slots[worst] - v > 0 or Discard() not in legal:
                return Swap(worst)
            return Discard()
        if obs.phase == "exchange":
            best: tuple[float, Action] = (self.min_exchange_gain, Decline())
            for a in legal:
                if isinstance(a, Exchange):
                    gain = slots[a.position] - b.expect(obs, a.seat, a.other_position)
                    if gain >= best[0] and not (gain == best[0] and isinstance(best[1], Exchange)):
                        best = (gain, a)
            return best[1]
        if obs.phase == "look":
            for p in range(h):
                if obs.own[p] is None:
                    return Look(obs.seat, p)
            opponents = [s for s in range(obs.players) if s != obs.seat]
            target = min(opponents, key=lambda s: sum(b.expect(obs, s, p) for p in range(h)))
            for p in range(h):
                if obs.known[target][p] is None:
                    return Look(target, p)
            return Decline()
        return legal[0]

    def _call_chance(self, obs: Observation, b: Belief, rng: Stream) -> float:
        """The sampled chance that a call now succeeds."""
        h, n = obs.hand_size, obs.players
        unknown = [(s, p) for s in range(n) for p in range(h) if obs.known[s][p] is None]
        pool = list(b.unseen)
        if len(pool) < len(unknown):
            return 0.0
        wins = 0
        for _ in range(self.samples):
            rng.shuffle(pool)
            fill = dict(zip(unknown, pool))
            hands = []
            for s in range(n):
                total = 0.0
                for p in range(h):
                    card = obs.known[s][p]
                    total += obs.values[card if card is not None else fill[(s, p)]]
                hands.append(total if s == obs.seat else total - self.final_turn_gain)
            if call_succeeds([round(x * 2) for x in hands], obs.seat, obs.rules.call):
                wins += 1
        return wins / self.samples
