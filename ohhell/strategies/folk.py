"""The folk player: the rule sources' tips as a strategy, one switch per tip.

:class:`Folk` turns each observation into card masks and asks the compiled
decision core (:mod:`ohhell.strategies.folk_core`), the same code the fast
path runs.  :class:`Spoiler` adds "vri": once its own bid is lost, play to
make the others miss.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace

import numpy as np

from ohhell.cards import Card, Suit
from ohhell.cards.masks import mask_of
from ohhell.engine import Observation, Strategy, Stream, compiled_functions
from ohhell.rules import Trump
from ohhell.strategies import folk_core as core

__all__ = ["Folk", "Spoiler", "trump_pair"]


def trump_pair(trump: Trump) -> tuple[int, int]:
    """(under, over) suit codes, -1 for none; a single trump suit is ``over``."""
    suits = [int(s) for s in trump.suits]
    if len(suits) == 2:
        return suits[0], suits[1]
    return -1, (suits[0] if suits else -1)


def _plain_mask(cards: tuple[Card, ...] | list[Card]) -> int:
    return mask_of(c for c in cards if c.is_plain)


def _legal_bid_mask(bids: tuple[int, ...]) -> int:
    m = 0
    for b in bids:
        m |= 1 << b
    return m


@dataclass(frozen=True, slots=True, kw_only=True)
class Folk:
    """The tips of the rule sources, each a switch (all on by default).

    Bidding: ``count_top_trumps`` (count the trump ace and king first, a
    trick more for many trumps: Bondebridge, Boerenbridge); ``no_trump_high_cards``
    (without trump only high cards and length count; a king needs its queen
    or two guards: Bondebridge); ``bid_low`` (bid low when unsure:
    Bondebridge); ``watch_the_field`` (is the round over- or under-bid? take
    the orphaned trick: both); ``small_rounds`` (in 1- and 2-card rounds bid 1
    for each trump or ace, 0 below a side ten: Boerenbridge);
    ``dealer_backup`` (the dealer's alternative bid under the hook:
    Boerenbridge).  Play: ``protect_bid`` (bid made, shed the lowest cards;
    short, save winners and press: Boerenbridge); ``zero_bid_shed`` (with a 0
    bid get rid of high cards early: Bondebridge); ``track_trumps`` (count the
    trumps; cash side aces once they are gone: Boerenbridge).

    Deterministic: it never reads its random stream.  Bidding blind or on
    the forehead (own hand unseen) it bids as for an empty hand.  With a
    Wizard deck, a Wizard is played to win and a Jester to lose.

    Examples
    --------
    >>> from ohhell import boerenbridge, play_match
    >>> m = play_match(boerenbridge(4), [Folk()] * 4, seed=1)
    >>> Folk().without("bid_low").bid_low, Folk().flags == sum(core.TIPS.values())
    (False, True)
    """

    count_top_trumps: bool = True
    no_trump_high_cards: bool = True
    bid_low: bool = True
    watch_the_field: bool = True
    small_rounds: bool = True
    dealer_backup: bool = True
    protect_bid: bool = True
    zero_bid_shed: bool = True
    track_trumps: bool = True

    @property
    def flags(self) -> int:
        """The switched-on tips as :data:`~ohhell.strategies.folk_core.TIPS` bits."""
        return sum(bit for name, bit in core.TIPS.items() if getattr(self, name))

    def without(self, tip: str) -> Folk:
        """The same player with one tip switched off."""
        if tip not in core.TIPS:
            raise ValueError(f"unknown tip {tip!r}; tips: {', '.join(core.TIPS)}")
        return replace(self, **{tip: False})

    @classmethod
    def tips(cls) -> tuple[str, ...]:
        return tuple(f.name for f in fields(cls))

    def bid(self, obs: Observation, rng: Stream) -> int:
        return folk_bid(obs, self.flags)

    def compiled_functions(self) -> tuple[object, ...]:
        return (core.folk_bid, core.trick_so_far, core.folk_play)

    def play(self, obs: Observation, rng: Stream) -> Card:
        return folk_play(obs, self.flags)

    def name_trump(self, obs: Observation, rng: Stream) -> Suit:
        return longest_suit(obs)


def folk_bid(obs: Observation, flags: int) -> int:
    """The compiled folk bid for an observation."""
    under, over = trump_pair(obs.trump)
    seen = [b for b in obs.bids if b is not None] if obs.phase == "bid" else []
    return int(
        core.folk_bid(
            _plain_mask(obs.hand),
            obs.hand_size,
            obs.players,
            under,
            over,
            flags,
            sum(seen),
            len(seen),
            _legal_bid_mask(obs.legal_bids),
        )
    )


def folk_play(obs: Observation, flags: int) -> Card:
    """The compiled folk card for an observation (Wizards and Jesters by a simple rule)."""
    bid = obs.bids[obs.seat]
    assert bid is not None
    specials = [c for c in obs.legal_cards if not c.is_plain]
    if specials:
        short = obs.tricks_won[obs.seat] < bid
        want = [c for c in specials if c.is_wizard == short]
        if want:
            return want[0]
    legal = _plain_mask(list(obs.legal_cards))
    if legal == 0:
        return obs.legal_cards[0]
    under, over = trump_pair(obs.trump)
    trick = np.array([c.code for c in obs.current_trick if c.is_plain] or [0], dtype=np.int64)
    n_trick = sum(1 for c in obs.current_trick if c.is_plain)
    bids = np.array([b if b is not None else 0 for b in obs.bids], dtype=np.int64)
    won = np.array(obs.tricks_won, dtype=np.int64)
    led, best_key, holder_short = core.trick_so_far(trick, n_trick, obs.leader, obs.players, under, over, bids, won)
    code = core.folk_play(
        _plain_mask(obs.hand), legal, n_trick, led, best_key, holder_short, obs.players, under, over,
        int(bids[obs.seat]), int(won[obs.seat]), obs.tricks_left, _plain_mask(list(obs.played_cards)), flags,
    )  # fmt: skip
    return Card(int(code))


def longest_suit(obs: Observation) -> Suit:
    """The suit with most cards in hand (ties: the higher suit)."""
    counts = [sum(1 for c in obs.hand if c.suit == s) for s in Suit]
    return Suit(max(range(4), key=lambda s: (counts[s], s)))


@dataclass(frozen=True, slots=True, kw_only=True)
class Spoiler:
    """ "Vri": plays ``inner`` until its own bid is lost, then spoils.

    Once it has more tricks than its bid, or cannot reach it any more, it
    lets players who have their bid take tricks and beats players who still
    need them (Bondebridge: "Når du først har røket, spill for å ryke andre.
    En vri koster deg ingenting").

    Examples
    --------
    >>> from ohhell import bondebridge, play_match
    >>> m = play_match(bondebridge(4), [Spoiler(inner=Folk())] + [Folk()] * 3, seed=2)
    >>> len(m.deals)
    20
    """

    inner: Strategy = field(default_factory=Folk)

    def bid(self, obs: Observation, rng: Stream) -> int:
        return self.inner.bid(obs, rng)

    def compiled_functions(self) -> tuple[object, ...]:
        return compiled_functions(self.inner, Folk())

    def play(self, obs: Observation, rng: Stream) -> Card:
        bid = obs.bids[obs.seat]
        mine = obs.tricks_won[obs.seat]
        assert bid is not None
        if mine > bid or mine + obs.tricks_left < bid:
            return folk_play(obs, core.SPOIL | (self.inner.flags if isinstance(self.inner, Folk) else 0))
        return self.inner.play(obs, rng)

    def name_trump(self, obs: Observation, rng: Stream) -> Suit:
        return self.inner.name_trump(obs, rng)
