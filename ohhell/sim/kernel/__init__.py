"""The compiled fast path: deals and matches with the built-in strategies, in numba.

A second implementation of the deal and the match for one 52-card (or
reduced) deck, the Wizard deck and two decks, reading the compiled rules
(:class:`~ohhell.rules.CompiledRules`, bundled as :class:`KernelRules` by
:func:`kernel_rules`) and the documented streams (:mod:`ohhell.engine.stream`,
:mod:`ohhell.sim.streams`).  Every rule decision is a compiled function of
:mod:`ohhell.rules` that the reference engine calls too (legal bids, the
adjustment, the trick winner, scores with the consolation, the trump of a
round, knock-outs and standings).  What the kernel plays is stated as sets
of codes (:mod:`~ohhell.sim.kernel.supported`), which
:func:`ohhell.sim.paths.fast_path_reason` checks before it runs.

Its modules are the reference engine's steps:

- :mod:`~ohhell.sim.kernel.deal`: the shuffle, trump, hands, the turned-up card
  (:func:`ohhell.engine.state.deal`);
- :mod:`~ohhell.sim.kernel.bidding`: each seat's bid, the adjustment
  (``DealState.apply_bid``);
- :mod:`~ohhell.sim.kernel.tricks`: the play, one loop per kind of deck
  (``DealState.apply_play``);
- :mod:`~ohhell.sim.kernel.round`: one round from deal to score;
- :mod:`~ohhell.sim.kernel.ledger`: a match's seating, knock-outs, record
  and final standings (:class:`ohhell.engine.ledger.MatchLedger`);
- :mod:`~ohhell.sim.kernel.entry`: the entry points, a chunk of deals or
  of matches;
- :mod:`~ohhell.sim.kernel.bundles`: what the steps pass each other (rules,
  seats, outputs, work buffers), as views without a reference count;
- :mod:`~ohhell.sim.kernel.streams`: the seat streams of a unit.

Hands are bit masks, bit ``code`` for card ``code`` (13 bits a suit), so the
legal cards in ascending card order are the set bits from the lowest:
exactly the order the reference engine offers them, and a random choice
reads the same number.  A Wizard-deck hand gives each Wizard and Jester its
own bit (52-55, 56-59; :mod:`ohhell.cards.masks`); a two-deck hand keeps
the cards it holds twice in a second mask (``doubles``).  Two decks take
their own compiled entry: the kernels' last argument, ``doubles``, is None
for one deck, so numba compiles that version without the two-deck steps
(they cost the standard deck 8-15% when they were a branch of the one
version).  The reference engine stays the definition; tests check this path
against it deal for deal.  Random play reads the seat streams exactly as
:class:`~ohhell.strategies.RandomStrategy` does; the folk player runs the
very decision functions (:mod:`ohhell.strategies.folk_core`) that
:class:`~ohhell.strategies.Folk` calls.
"""

from ohhell.sim.kernel.bundles import (
    DealOutputs,
    KernelRules,
    KernelSeats,
    MatchOutputs,
    deck_bits,
    kernel_rules,
)
from ohhell.sim.kernel.entry import play_deals_kernel, play_matches_kernel
from ohhell.sim.kernel.streams import stream_states
from ohhell.sim.kernel.supported import (
    CARD_CODES,
    MAX_COPIES,
    MAX_JESTERS,
    MAX_WIZARDS,
    RESTRICTION_CODES,
    SIGHT_CODES,
    STRATEGY_KINDS,
    TIE_BREAK_CODES,
    TRUMP_SOURCE_CODES,
    TWO_DECK_STRATEGY_KINDS,
    WIZARD_STRATEGY_KINDS,
)

__all__ = [
    "play_deals_kernel",
    "play_matches_kernel",
    "KernelRules",
    "KernelSeats",
    "DealOutputs",
    "MatchOutputs",
    "kernel_rules",
    "stream_states",
    "TRUMP_SOURCE_CODES",
    "RESTRICTION_CODES",
    "SIGHT_CODES",
    "TIE_BREAK_CODES",
    "CARD_CODES",
    "STRATEGY_KINDS",
    "WIZARD_STRATEGY_KINDS",
    "TWO_DECK_STRATEGY_KINDS",
    "MAX_COPIES",
    "MAX_WIZARDS",
    "MAX_JESTERS",
    "deck_bits",
]
