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
- jack (unless ``use_exchange`` is False): the exchange that saves most,
  when that is at least ``min_exchange_gain``; among equal savings, with the
  opponent expected lowest, then the nearest seat clockwise (never by seat
  number, which would make low-numbered seats everyone's target); queen
  (unless ``use_look`` is False): look at an own unknown card, else at an
  unknown card of the opponent expected lowest (ties: the nearest clockwise).

Imperfect memory.  ``forget`` (a probability per turn) and ``capacity`` (a
number of cards) make the player human: it decides on the cards it still
remembers, and a forgotten card counts as unseen (it could be anywhere) in
its belief.  Such a player keeps a :class:`RoundMemory` per seat and round,
which the engine asks for through :meth:`MemoryPlayer.for_round`.  What it
remembers: the location of each card it saw go into a hand (its peeks and
queen looks, the cards it kept, the discard pile's cards taken by anyone),
followed through every exchange it saw.  At each of its decisions every card
it remembered at its previous decision is kept with probability
``(1 - forget) ** t``, ``t`` the turns played since, one ``rng.random()`` per
card in code order (no draws at all when ``forget`` is 0); then the cards
seen since are added; then, above ``capacity``, the oldest sightings are
dropped (sightings are ordered as the events showed them).  Seeing a
forgotten card again (a queen look) brings it back.  The discard pile stays
in view, so it is never forgotten.  With ``forget=0``
and no ``capacity`` the decisions are the perfect player's.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np
from numba import njit

from ohhell.dutch.actions import Action, CallDutch, Decline, Discard, DrawDeck, Exchange, Look, Peek, Swap, TakeDiscard
from ohhell.dutch.observation import Observation
from ohhell.engine.stream import Stream, shuffle_codes, state_array

__all__ = ["MemoryPlayer", "RoundMemory", "Belief", "belief"]


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
    #: probability, per turn, that each remembered card is forgotten
    forget: float = 0.0
    #: at most this many card locations remembered (None: no limit)
    capacity: int | None = None
    #: use the jack's exchange / the queen's look (False: decline it, where the rules let one decline)
    use_exchange: bool = True
    use_look: bool = True

    def __post_init__(self) -> None:
        if self.samples < 1:
            raise ValueError(f"samples must be at least 1, got {self.samples}")
        if isinstance(self.forget, bool) or not 0 <= self.forget <= 1:
            raise ValueError(f"forget is a probability per turn, 0..1, got {self.forget!r}")
        if self.capacity is not None and (
            isinstance(self.capacity, bool) or not isinstance(self.capacity, int) or self.capacity < 0
        ):
            raise ValueError(f"capacity is a whole number of cards >= 0 or None, got {self.capacity!r}")

    @property
    def perfect(self) -> bool:
        """Whether it remembers everything (``forget=0``, no ``capacity``)."""
        return self.forget == 0 and self.capacity is None

    def for_round(self, seat: int) -> MemoryPlayer | RoundMemory:
        """The player for ``seat`` in one round: itself with a perfect memory, else a fresh :class:`RoundMemory`."""
        return self if self.perfect else RoundMemory(self, seat)

    def act(self, obs: Observation, rng: Stream) -> Action:
        if not self.perfect:
            raise TypeError(
                f"{self!r} forgets, so it keeps a memory per seat and round: play it through the engine"
                " (run_round asks for_round(seat)) or act through player.for_round(seat)"
            )
        return self.decide(obs, rng)

    def decide(self, obs: Observation, rng: Stream) -> Action:
        """The choice from ``obs`` as it is (its ``known`` taken as this player's memory)."""
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
        if (
            obs.phase in ("exchange", "look")
            and Decline() in legal
            and not (self.use_exchange if obs.phase == "exchange" else self.use_look)
        ):
            return Decline()
        if obs.phase == "exchange":
            n = obs.players
            hands = [sum(b.expect(obs, s, p) for p in range(h)) for s in range(n)]
            offers = [
                (
                    -(slots[a.position] - b.expect(obs, a.seat, a.other_position)),
                    hands[a.seat],
                    (a.seat - obs.seat) % n,
                    a,
                )
                for a in legal
                if isinstance(a, Exchange)
            ]
            if not offers:
                return Decline()
            loss, _, _, choice = min(offers, key=lambda t: (t[0], t[1], t[2], t[3].position, t[3].other_position))
            return choice if -loss >= self.min_exchange_gain else Decline()
        if obs.phase == "look":  # its own first unknown card, else the first of the hand that seems lowest
            target = obs.seat
            if None not in obs.own:
                opponents = [s for s in range(obs.players) if s != obs.seat]
                target = min(
                    opponents, key=lambda s: (sum(b.expect(obs, s, p) for p in range(h)), (s - obs.seat) % obs.players)
                )
            for p in range(h):
                if obs.known[target][p] is None:
                    return Look(target, p)
            return Decline()
        return legal[0]

    def _call_chance(self, obs: Observation, b: Belief, rng: Stream) -> float:
        """The sampled chance that a call now succeeds (the samples run compiled, on ``rng``'s own numbers)."""
        h, n = obs.hand_size, obs.players
        unknown = [(s, p) for s in range(n) for p in range(h) if obs.known[s][p] is None]
        if len(b.unseen) < len(unknown):
            return 0.0
        base = np.zeros(n)
        for s in range(n):
            base[s] = sum(obs.values[c] for c in obs.known[s] if c is not None) - (
                0.0 if s == obs.seat else self.final_turn_gain
            )
        st = state_array(rng)
        wins = _call_wins(
            np.asarray(b.unseen, dtype=np.int64),
            np.asarray([s for s, _ in unknown], dtype=np.int64),
            base,
            np.asarray(obs.values, dtype=np.int64),
            st,
            self.samples,
            obs.seat,
            obs.rules.call.tie == "caller_wins",
        )
        rng.set_state(st[0])
        return wins / self.samples


@njit(cache=True, error_model="numpy")
def _call_wins(
    pool: np.ndarray,
    owners: np.ndarray,
    base: np.ndarray,
    values: np.ndarray,
    st: np.ndarray,
    samples: int,
    seat: int,
    ties_win: bool,
) -> int:  # pragma: no cover - compiled
    """Of ``samples`` shuffles of ``pool`` (in place, one after the other), those in which a call succeeds.

    Each shuffle fills the unknown positions, in seat and position order
    (``owners``: the seat of each), with the first cards of ``pool``; a seat's
    hand is ``base`` plus those values; the call succeeds when twice the
    caller's hand, rounded, is at most (or, ``ties_win`` False, below) every
    other's.
    """
    wins = 0
    hands = np.empty(base.shape[0])
    for _ in range(samples):
        shuffle_codes(pool, st)
        hands[:] = base
        for i in range(owners.shape[0]):
            hands[owners[i]] += values[pool[i]]
        me = round(hands[seat] * 2)
        ok = True
        for s in range(hands.shape[0]):
            if s != seat:
                other = round(hands[s] * 2)
                if me > other or (me == other and not ties_win):
                    ok = False
                    break
        if ok:
            wins += 1
    return wins


class RoundMemory:
    """One seat's fallible memory for one round of a :class:`MemoryPlayer` (see the module docs).

    Mutable, owned by the round's driver; built by :meth:`MemoryPlayer.for_round`.

    Examples
    --------
    >>> from ohhell.dutch import dutch, play_round
    >>> r = play_round(dutch(4), [MemoryPlayer(forget=0.2), MemoryPlayer()] * 2, seed=3)
    >>> r.ended
    'call'
    """

    __slots__ = ("_clock", "_events", "_last_turn", "_located", "player", "remembered", "seat")

    def __init__(self, player: MemoryPlayer, seat: int) -> None:
        self.player = player
        self.seat = seat
        #: card code -> when it was (last) seen, in sightings counted from 0
        self.remembered: dict[int, int] = {}
        self._clock = 0
        self._last_turn: int | None = None
        self._located: set[int] = set()
        self._events = 0

    def __repr__(self) -> str:
        return repr(self.player)

    def recall(self, obs: Observation, rng: Stream) -> Observation:
        """Update the memory to this decision and return ``obs`` with ``known`` as remembered."""
        if obs.seat != self.seat:
            raise ValueError(f"this memory is seat {self.seat}'s, the observation is seat {obs.seat}'s")
        p = self.player.forget
        if self._last_turn is not None and p > 0:
            elapsed = obs.turn - self._last_turn
            if elapsed > 0:
                keep = (1.0 - p) ** elapsed
                for c in sorted(self.remembered):
                    if rng.random() >= keep:
                        del self.remembered[c]
        self._last_turn = obs.turn
        located = {c for row in obs.known for c in row if c is not None}
        seen = located - self._located
        when: dict[int, int] = {}  # card -> index of the last new event showing it
        for i, e in enumerate(obs.events[self._events :]):
            if e.card is not None and e.card in located:
                when[e.card] = i
                if e.kind in ("peek", "look") and e.seat == self.seat:
                    seen.add(e.card)  # seen again
        for c in sorted(seen, key=lambda c: (when.get(c, -1), c)):
            self.remembered[c] = self._clock
            self._clock += 1
        for c in [c for c in self.remembered if c not in located]:
            del self.remembered[c]  # face up on the discard pile now, in view
        cap = self.player.capacity
        if cap is not None and len(self.remembered) > cap:
            for c in sorted(self.remembered, key=self.remembered.__getitem__)[: len(self.remembered) - cap]:
                del self.remembered[c]
        self._located = located
        self._events = len(obs.events)
        known = tuple(tuple(c if c is not None and c in self.remembered else None for c in row) for row in obs.known)
        return replace(obs, known=known)

    def act(self, obs: Observation, rng: Stream) -> Action:
        return self.player.decide(self.recall(obs, rng), rng)
