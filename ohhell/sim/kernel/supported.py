"""What the kernel plays, as the codes of :mod:`ohhell.rules.compiled`.

:func:`ohhell.sim.paths.fast_path_reason` checks a
:class:`~ohhell.rules.CompiledRules` against these sets before the kernel
runs, so a new kind of rule falls back to the reference engine (with a
warning) instead of being played wrong.  Add a code here only with the
step that plays it.
"""

from __future__ import annotations

from ohhell.rules.compiled import RESTRICTIONS, SIGHTS, TIE_BREAKS, TRUMP_SOURCES

__all__ = [
    "TRUMP_SOURCE_CODES",
    "RESTRICTION_CODES",
    "SIGHT_CODES",
    "TIE_BREAK_CODES",
    "CARD_CODES",
    "MAX_COPIES",
    "MAX_WIZARDS",
    "MAX_JESTERS",
    "STRATEGY_KINDS",
    "WIZARD_STRATEGY_KINDS",
    "TWO_DECK_STRATEGY_KINDS",
    "DRAW",
    "TURN_UP",
    "WIZARD",
    "JESTER",
]

#: The trump sources the deal step reads by name (:func:`ohhell.sim.kernel.deal.deal`).
DRAW = TRUMP_SOURCES.index("draw")
TURN_UP = TRUMP_SOURCES.index("turn-up")
#: Card codes of a Wizard and a Jester (:mod:`ohhell.cards`).
WIZARD, JESTER = 52, 53

#: Trump sources (:data:`~ohhell.rules.compiled.TRUMP_SOURCES`): all six, through
#: :func:`ohhell.rules.trump.trump_before_deal` and :func:`~ohhell.rules.trump.trump_of_card`.
TRUMP_SOURCE_CODES = frozenset(
    TRUMP_SOURCES.index(s) for s in ("none", "fixed", "turn-up", "first-round", "draw", "setesdal")
)
#: Bid restrictions (:data:`~ohhell.rules.compiled.RESTRICTIONS`), through :mod:`ohhell.rules.restriction`.
RESTRICTION_CODES = frozenset(RESTRICTIONS.index(r) for r in ("none", "hook", "first-adjusts", "highest-adjusts"))
#: What a bidder sees (:data:`~ohhell.rules.compiled.SIGHTS`): own hand, blind, forehead.
SIGHT_CODES = frozenset(SIGHTS.index(s) for s in ("own", "blind", "forehead"))
#: Tie-breaks (:data:`~ohhell.rules.compiled.TIE_BREAKS`): made bids, best round.
TIE_BREAK_CODES = frozenset(TIE_BREAKS.index(t) for t in ("made_bids", "best_round"))
#: Plain card codes a deck may hold (one 52-card deck or part of it, or two decks).
CARD_CODES = frozenset(range(52))
#: Copies of a plain card a deck may hold (two decks: a hand keeps its second copies in ``doubles``).
MAX_COPIES = 2
#: Wizards (code 52) and Jesters (code 53) a deck may hold: bits 52-55 and 56-59 of a hand (the Wizard deck).
MAX_WIZARDS = 4
MAX_JESTERS = 4
#: Strategy kinds (:func:`ohhell.sim.paths.kernel_strategy`): random, folk, expected value, card odds, distilled.
STRATEGY_KINDS = frozenset({0, 1, 2, 3, 4})
#: Strategy kinds played with the Wizard deck: random, folk, card odds and distilled (whose Python versions
#: play that deck as the folk player with every tip and bid the folk bid plus one a Wizard).  Not the
#: expected-value bidder: it samples the unseen cards of a deck of distinct plain cards.
WIZARD_STRATEGY_KINDS = frozenset({0, 1, 3, 4})
#: Strategy kinds played with two decks: random, folk, card odds, distilled (as with the Wizard deck, same reasons).
TWO_DECK_STRATEGY_KINDS = frozenset({0, 1, 3, 4})
