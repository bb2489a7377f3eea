"""An observation as the compiled players read it: masks, arrays and the few decisions they share.

The rollout, card-odds, distilled and tree-search players all hand an
:class:`~ohhell.engine.Observation` to compiled code; this module is that
conversion, once: whether the deck is one the compiled cores handle
(:func:`compiled_deck`), the suits each seat has shown out of
(:func:`shown_out`), a card decision's arrays (:func:`play_inputs`), whether
more tricks pay past a bid (:func:`over_wants`), and the two decisions they
fall back on or share: the rollout policy's card (:func:`policy_card`) and,
where the compiled cores do not reach (Wizards, two decks), the folk bid plus
one a Wizard (:func:`wizard_aware_bid`).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from ohhell.cards import Card
from ohhell.cards.masks import mask_of
from ohhell.engine import Observation
from ohhell.rules import Rules, compile_rules
from ohhell.strategies import policy_core
from ohhell.strategies.folk import folk_bid, trump_pair
from ohhell.strategies.folk_core import ALL_TIPS

__all__ = [
    "PlayInputs",
    "play_inputs",
    "compiled_deck",
    "shown_out",
    "nearest_bid",
    "policy_card",
    "over_wants",
    "wizard_aware_bid",
]


def compiled_deck(obs: Observation) -> bool:
    """True when the deck is one set of plain cards (what the compiled cores handle)."""
    cards = obs.rules.deck.cards()
    return all(c.is_plain for c in cards) and len(set(cards)) == len(cards)


def shown_out(obs: Observation) -> np.ndarray:
    """Per seat, a mask of the suits (bit ``suit``) it has failed to follow this deal."""
    void = np.zeros(obs.players, dtype=np.int64)
    tricks = [(t.leader, t.cards) for t in obs.completed_tricks] + [(obs.leader, obs.current_trick)]
    for leader, cards in tricks:
        if not cards or cards[0].suit is None:
            continue
        led = int(cards[0].suit)
        for i, c in enumerate(cards[1:], start=1):
            if c.suit != led:
                void[(leader + i) % obs.players] |= 1 << led
    return void


class PlayInputs(NamedTuple):
    """A card decision as the compiled card searches read it (see :func:`play_inputs`)."""

    hands_known: np.ndarray  # per seat, the cards known to be in the hand (this seat's; 0 for the others)
    played_by: np.ndarray  # per seat, the cards it has played this deal
    room: np.ndarray  # per seat, how many more cards it holds (0 for this seat)
    pool: int  # the cards this seat cannot see that the other hands are dealt from
    played: int  # the cards played this deal
    trick: np.ndarray  # the cards of the trick so far, in order
    bids: np.ndarray  # every seat's bid
    won: np.ndarray  # every seat's tricks so far
    under: int
    over: int  # the trump pair (:func:`~ohhell.strategies.folk.trump_pair`)
    table: np.ndarray  # the round's score table


def play_inputs(obs: Observation, unseen: int | None = None) -> PlayInputs:
    """The arrays and masks of a card decision for the compiled searches (rollout and tree search).

    ``unseen``: a mask of the cards the other hands hold between them, when
    an outside program knows them (default: every card this seat has not
    seen, some of them left in the stock).
    """
    n = obs.players
    hands_known = np.zeros(n, dtype=np.int64)
    hands_known[obs.seat] = mask_of(obs.hand)
    played_by = np.zeros(n, dtype=np.int64)
    for leader, cards in [(t.leader, t.cards) for t in obs.completed_tricks] + [(obs.leader, obs.current_trick)]:
        for i, c in enumerate(cards):
            played_by[(leader + i) % n] |= 1 << c.code
    room = np.array(
        [0 if s == obs.seat else obs.hand_size - int(played_by[s]).bit_count() for s in range(n)], dtype=np.int64
    )
    played = mask_of(obs.played_cards)
    seen = mask_of(obs.hand) | played | mask_of(obs.exposed)
    if obs.trump_card is not None:
        seen |= mask_of((obs.trump_card,))
    deck = mask_of(obs.rules.deck.cards()) if unseen is None else unseen | seen
    trick = np.zeros(n, dtype=np.int64)
    for i, c in enumerate(obs.current_trick):
        trick[i] = c.code
    bids = np.array([b if b is not None else 0 for b in obs.bids], dtype=np.int64)
    won = np.array(obs.tricks_won, dtype=np.int64)
    under, over = trump_pair(obs.trump)
    table = np.ascontiguousarray(compile_rules(obs.rules).score_table(obs.round_index))
    return PlayInputs(hands_known, played_by, room, deck & ~seen, played, trick, bids, won, under, over, table)


def nearest_bid(target: int, legal: tuple[int, ...]) -> int:
    """The legal bid nearest ``target`` (ties: the lower)."""
    return min(legal, key=lambda b: (abs(b - target), b))


def wizard_aware_bid(obs: Observation) -> int:
    """Where the compiled cores do not reach (Wizards, two decks): the folk bid of the plain cards + one per Wizard."""
    wizards = sum(1 for c in obs.hand if c.is_wizard)
    return nearest_bid(folk_bid(obs, ALL_TIPS) + wizards, obs.legal_bids)


def over_wants(rules: Rules) -> bool:
    """Whether more tricks pay once a bid is exceeded, read off the rules' 2-card score table."""
    return bool(policy_core.over_wants_of(np.ascontiguousarray(rules.scoring.table(2, 1), dtype=np.int64)))


def policy_card(obs: Observation) -> Card:
    """The rollout policy's card for an observation (compiled decks only)."""
    under, over = trump_pair(obs.trump)
    trick = np.zeros(obs.players, dtype=np.int64)
    for i, c in enumerate(obs.current_trick):
        trick[i] = c.code
    bids = np.array([b if b is not None else 0 for b in obs.bids], dtype=np.int64)
    code = policy_core.policy_play(
        mask_of(obs.hand), mask_of(obs.legal_cards), trick, len(obs.current_trick), obs.seat, obs.players,
        under, over, bids, np.array(obs.tricks_won, dtype=np.int64), mask_of(obs.played_cards), over_wants(obs.rules),
    )  # fmt: skip
    return Card(int(code))
