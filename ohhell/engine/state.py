"""The state of one deal: explicit, clearly owned, replayable.

A :class:`DealState` starts after the chance step (:func:`deal`, which
shuffles, sets aside, deals and turns up trump) and moves only through
``apply_*`` calls, each checked against the legal choices.  The same state
drives live play (:mod:`ohhell.engine.play`) and the replay of records.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from numba import njit

from ohhell.cards import Card, Suit
from ohhell.engine.errors import IllegalMoveError
from ohhell.engine.events import BidAdjusted, BidMade, CardPlayed, Event, TrickWon, TrumpNamed
from ohhell.engine.observation import Observation, Phase, Trick
from ohhell.engine.stream import Stream, draw_below, state_array
from ohhell.rules import CompiledRules, Trump
from ohhell.rules.compiled import SIGHTS, TRUMP_SOURCES
from ohhell.rules.restriction import adjust_mask, adjuster, legal_bid_mask
from ohhell.rules.tricks import IdenticalCards, legal_cards, trick_winner
from ohhell.rules.trump import trump_before_deal, trump_of_card

__all__ = ["DealState", "DealResult", "deal", "draw_trump_suits"]


@dataclass(frozen=True, slots=True, kw_only=True)
class DealResult:
    """The complete outcome of one deal (seats local to the deal, 0..players-1)."""

    round_index: int
    players: int
    dealer: int
    hand_size: int
    trump: Trump
    trump_card: Card | None
    exposed: tuple[Card, ...]
    hands: tuple[tuple[Card, ...], ...]
    first_bids: tuple[int, ...]
    bids: tuple[int, ...]
    tricks: tuple[Trick, ...]
    tricks_won: tuple[int, ...]
    scores: tuple[int, ...]
    hooked: bool
    consoled: tuple[int, ...]
    events: tuple[Event, ...]

    @property
    def made(self) -> tuple[bool, ...]:
        return tuple(b == t for b, t in zip(self.bids, self.tricks_won))

    @property
    def winners(self) -> tuple[int, ...]:
        """Seat that won each trick."""
        return tuple(t.winner for t in self.tricks)

    def seat_from_dealer(self, seat: int) -> int:
        return (seat - self.dealer - 1) % self.players


def _named(who: object) -> str:
    """Who made a move, for an error message: a string as given, a player by its ``repr`` (made only on an
    error, so a player whose ``repr`` is long costs nothing per move)."""
    return who if isinstance(who, str) else repr(who)


class DealState:
    """A deal in progress: from :func:`deal` (the chance step), or built directly from known hands (replay)."""

    def __init__(
        self,
        compiled: CompiledRules,
        *,
        round_index: int,
        dealer: int,
        hands: Sequence[Sequence[Card]],
        trump: Trump,
        trump_card: Card | None,
        exposed: Sequence[Card] = (),
        name_trump: bool = False,
        match_totals: Sequence[int] | None = None,
    ) -> None:
        n = len(hands)
        h = int(compiled.hand_sizes[round_index])
        if not 0 <= dealer < n:
            raise ValueError(f"dealer {dealer} is not a seat 0..{n - 1}")
        if any(len(hand) != h for hand in hands):
            raise ValueError(f"round {round_index + 1} deals {h} cards to each seat")
        self.compiled = compiled
        self.round_index = round_index
        self.players = n
        self.dealer = dealer
        self.hand_size = h
        self.initial_hands = tuple(tuple(sorted(hand)) for hand in hands)
        self.hands: list[list[Card]] = [sorted(hand) for hand in hands]
        self.trump = trump
        self.trump_card = trump_card
        self.exposed = tuple(exposed)
        self.match_totals = tuple(match_totals) if match_totals is not None else (0,) * n
        self.bid_order = tuple((dealer + 1 + i) % n for i in range(n))
        self.bids: list[int | None] = [None] * n
        self.first_bids: list[int | None] = [None] * n
        self.adjuster: int | None = None
        self.phase: Phase | None = "name_trump" if name_trump else "bid"
        self.leader = (dealer + 1) % n
        self.trick: list[Card] = []
        self.tricks: list[Trick] = []
        self.tricks_won = [0] * n
        self.events: list[Event] = []

    # -- whose turn, what is legal -------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.phase is None

    @property
    def current_seat(self) -> int:
        if self.phase is None:
            raise ValueError("the deal is over")
        if self.phase == "name_trump":
            return self.dealer
        if self.phase == "adjust":
            assert self.adjuster is not None
            return self.adjuster
        if self.phase == "bid":
            return self.bid_order[sum(b is not None for b in self.first_bids)]
        return (self.leader + len(self.trick)) % self.players

    def legal_bids(self) -> tuple[int, ...]:
        seat = self.current_seat
        h = self.hand_size
        if self.phase == "adjust":
            old = self.bids[seat]
            assert old is not None
            return _bits(adjust_mask(old, h))
        if self.phase != "bid":
            return ()
        earlier = sum(b for b in self.first_bids if b is not None)
        return _bits(legal_bid_mask(self.compiled.restriction_code, h, seat == self.dealer, earlier))

    def legal_cards(self) -> tuple[Card, ...]:
        if self.phase != "play":
            return ()
        return legal_cards(self.hands[self.current_seat], self.trick)

    def legal_suits(self) -> tuple[Suit, ...]:
        return tuple(Suit) if self.phase == "name_trump" else ()

    # -- observations ---------------------------------------------------------

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may know now (legal choices filled in when it is to act)."""
        n = self.players
        sight = SIGHTS[int(self.compiled.sight[self.round_index])]
        bidding = self.phase in ("bid", "adjust", "name_trump")
        hand: tuple[Card, ...] = tuple(self.hands[seat])
        visible: list[tuple[Card, ...] | None] = [None] * n
        if bidding and sight == "blind":
            hand = ()
        elif bidding and sight == "forehead":
            hand = ()
            visible = [tuple(self.hands[s]) if s != seat else None for s in range(n)]
        else:
            visible[seat] = hand
        if self.phase == "bid" and self.compiled.simultaneous:
            bids: tuple[int | None, ...] = (None,) * n
        else:
            bids = tuple(self.bids)
        acting = self.phase is not None and self.current_seat == seat
        return Observation(
            rules=self.compiled.rules,
            round_index=self.round_index,
            phase=self.phase if self.phase is not None else "play",
            seat=seat,
            players=n,
            dealer=self.dealer,
            hand_size=self.hand_size,
            hand=hand,
            visible_hands=tuple(visible),
            trump=self.trump,
            trump_card=self.trump_card,
            exposed=self.exposed,
            bids=bids,
            tricks_won=tuple(self.tricks_won),
            leader=self.leader,
            current_trick=tuple(self.trick),
            completed_tricks=tuple(self.tricks),
            match_totals=self.match_totals,
            legal_bids=self.legal_bids() if acting else (),
            legal_cards=self.legal_cards() if acting else (),
            legal_suits=self.legal_suits() if acting else (),
        )

    # -- transitions ----------------------------------------------------------

    def apply_trump(self, suit: object, who: object = "record") -> None:
        seat = self.current_seat
        if self.phase != "name_trump" or not isinstance(suit, Suit):
            raise IllegalMoveError(
                seat=seat, who=_named(who), phase="trump suit", returned=suit, legal=list(self.legal_suits())
            )
        self.trump = Trump.of(suit)
        self.events.append(TrumpNamed(seat, suit))
        self.phase = "bid"

    def apply_bid(self, bid: object, who: object = "record") -> None:
        seat = self.current_seat
        legal = self.legal_bids()
        value = _as_int(bid)
        if value is None or value not in legal:
            rule = ""
            if self.phase == "bid" and value is not None and 0 <= value <= self.hand_size:
                rule = "the dealer's hook: the bids may not sum to the hand size"
            elif self.phase == "adjust":
                rule = "the bids summed to the hand size: move one up or down"
            raise IllegalMoveError(
                seat=seat, who=_named(who), phase=self.phase or "bid", returned=bid, legal=list(legal), rule=rule
            )
        if self.phase == "adjust":
            old = self.bids[seat]
            assert old is not None
            self.bids[seat] = value
            self.events.append(BidAdjusted(seat, old, value))
            self._start_play()
            return
        self.first_bids[seat] = value
        self.bids[seat] = value
        self.events.append(BidMade(seat, value))
        if all(b is not None for b in self.first_bids):
            final = np.array([b for b in self.bids if b is not None], dtype=np.int64)
            seat = adjuster(self.compiled.restriction_code, self.hand_size, final, self.players, self.dealer)
            self.adjuster = None if seat < 0 else int(seat)
            if self.adjuster is not None:
                self.phase = "adjust"
            else:
                self._start_play()

    def _start_play(self) -> None:
        self.phase = "play"
        self.adjuster = None

    def apply_play(self, card: object, who: object = "record") -> None:
        seat = self.current_seat
        legal = self.legal_cards()
        if not isinstance(card, Card) or card not in legal:
            rule = ""
            if isinstance(card, Card) and card in self.hands[seat]:
                rule = "follow suit"
            elif isinstance(card, Card):
                rule = "the card is not in this hand"
            raise IllegalMoveError(
                seat=seat, who=_named(who), phase="card", returned=card, legal=[str(c) for c in legal], rule=rule
            )
        self.hands[seat].remove(card)
        self.trick.append(card)
        self.events.append(CardPlayed(seat, card))
        if len(self.trick) == self.players:
            ident: IdenticalCards = "first" if self.compiled.identical_first else "last"
            winner = (self.leader + trick_winner(self.trick, self.trump, ident)) % self.players
            self.tricks.append(Trick(self.leader, tuple(self.trick), winner))
            self.tricks_won[winner] += 1
            self.events.append(TrickWon(winner, len(self.tricks) - 1))
            self.trick = []
            self.leader = winner
            if len(self.tricks) == self.hand_size:
                self.phase = None

    def copy(self) -> DealState:
        return copy.deepcopy(self)

    # -- outcome --------------------------------------------------------------

    def result(self) -> DealResult:
        if not self.is_over:
            raise ValueError("the deal is not over yet")
        bids = tuple(int(b) for b in self.bids if b is not None)
        first = tuple(int(b) for b in self.first_bids if b is not None)
        outcome = self.compiled.score_round(self.round_index, self.dealer, bids, self.tricks_won)
        return DealResult(
            round_index=self.round_index,
            players=self.players,
            dealer=self.dealer,
            hand_size=self.hand_size,
            trump=self.trump,
            trump_card=self.trump_card,
            exposed=self.exposed,
            hands=self.initial_hands,
            first_bids=first,
            bids=bids,
            tricks=tuple(self.tricks),
            tricks_won=tuple(self.tricks_won),
            scores=outcome.scores,
            hooked=outcome.hooked,
            consoled=outcome.consoled,
            events=tuple(self.events),
        )


def _bits(mask: int) -> tuple[int, ...]:
    """The set bits of a bid mask, lowest first: the legal bids in order."""
    return tuple(b for b in range(int(mask).bit_length()) if mask >> b & 1)


def _codes(trump: Trump) -> tuple[int, int]:
    """(under, over) suit codes of a trump, -1 for none (a single trump is the over)."""
    suits = [int(s) for s in trump.suits]
    return (suits[0], suits[1]) if len(suits) == 2 else (-1, suits[0] if suits else -1)


def _trump(under: int, over: int) -> Trump:
    if over < 0:
        return Trump.none()
    return Trump.of(Suit(over)) if under < 0 else Trump((Suit(under), Suit(over)))


def _as_int(value: object) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, np.integer)):
        return int(value)
    return None


_FIRST_ROUND, _SETESDAL = 3, 5  # codes of ohhell.rules.compiled.TRUMP_SOURCES


@njit(cache=True, inline="always", error_model="numpy")
def draw_trump_suits(source: int, outside_a_match: bool, st: np.ndarray, k: int) -> tuple[int, int]:
    """The chance step's trump draws from stream ``k`` of ``st``: (under, over), -1 where none is drawn.

    A first-round trump outside a match draws the over-trump
    (``integers(4)``); Setesdal draws the under-trump, then the over-trump
    until it differs.  What they make trump is
    :func:`~ohhell.rules.trump.trump_before_deal`'s decision.
    """
    under = -1
    over = -1
    if source == _FIRST_ROUND and outside_a_match:
        over = draw_below(st, k, 4)
    elif source == _SETESDAL:
        under = draw_below(st, k, 4)
        over = draw_below(st, k, 4)
        while over == under:
            over = draw_below(st, k, 4)
    return under, over


def deal(
    compiled: CompiledRules,
    *,
    round_index: int,
    dealer: int,
    players: int,
    rng: Stream,
    first_round_trump: Trump | None = None,
    match_totals: Sequence[int] | None = None,
) -> DealState:
    """The chance step: shuffle, set aside, draw or turn up trump, and deal.

    Random draws, in this order, from the stream ``rng``: one permutation of
    the deck's card list (``rng.permutation(deck size)``: position ``i`` of
    the shuffled deck holds card ``order[i]`` of the rules' deck); then, for a
    round that keeps round 1's trump but is played outside a match
    (``first_round_trump`` is None), the trump suit (``rng.integers(4)``);
    for a Setesdal round the under-trump suit and the over-trump suit,
    redrawn while equal (``rng.integers(4)`` each).
    Cards go one at a time clockwise from the dealer's left; the next card of
    the stock is the one turned up (or, for a drawn trump, the top card is
    drawn before the deal).
    """
    h = int(compiled.hand_sizes[round_index])
    source = int(compiled.trump_source[round_index])
    plan = compiled.trump_plans[round_index]
    assert TRUMP_SOURCES[source] == plan.source, f"unhandled trump source {source}"
    cards = [Card(int(c)) for c in compiled.deck]
    exposed: list[Card] = []
    order = [cards[i] for i in rng.permutation(len(cards))]
    # round 1's trump, or -2: a deal played outside a match (a first-round trump is then drawn at random)
    first_under, first_over = (-2, -2) if first_round_trump is None else _codes(first_round_trump)
    if plan.source in ("first-round", "setesdal"):
        st = state_array(rng)
        drawn_under, drawn_over = draw_trump_suits(source, first_round_trump is None, st, 0)
        rng.set_state(st[0])
    else:
        drawn_under, drawn_over = -1, -1
    fixed = -1 if plan.suit is None else int(plan.suit)
    under, over = trump_before_deal(source, fixed, first_under, first_over, drawn_under, drawn_over)
    known_trump = _trump(under, over)
    k = int(compiled.set_aside[round_index])
    twos, draws = plan.shown_before_play(k, known_trump)
    if twos:
        order = [c for c in order if c not in twos]
        exposed.extend(twos)
    pos = 0
    if draws:
        drawn = order[0]
        pos = 1
        exposed.append(drawn)
        known_trump = plan.trump_of_drawn(drawn)
    hands: list[list[Card]] = [[] for _ in range(players)]
    for i in range(h * players):
        hands[(dealer + 1 + i) % players].append(order[pos + i])
    pos += h * players
    trump_card: Card | None = None
    name_trump = False
    if plan.source == "turn-up" and pos < len(order):
        trump_card = order[pos]
        name_trump = trump_card.is_wizard  # the dealer names trump
        known_trump = _trump(-1, trump_of_card(source, False, trump_card.code))
    return DealState(
        compiled,
        round_index=round_index,
        dealer=dealer,
        hands=hands,
        trump=known_trump,
        trump_card=trump_card,
        exposed=exposed,
        name_trump=name_trump,
        match_totals=match_totals,
    )
