"""Rules compiled to plain data: what the engine's inner loop reads.

:func:`compile_rules` turns a :class:`~ohhell.rules.Rules` value into arrays
and integers once (cached per rules value).  Every engine path consumes this,
so the policies are interpreted in exactly one place.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import numpy.typing as npt

from ohhell.rules.match_end import TieBreak
from ohhell.rules.restriction import RestrictionKind, dealer_hooked
from ohhell.rules.scoring import round_scores
from ohhell.rules.trump import TrumpPlan
from ohhell.rules.variant import Rules

__all__ = ["CompiledRules", "RoundScore", "compile_rules", "TRUMP_SOURCES", "SIGHTS", "RESTRICTIONS", "TIE_BREAKS"]

#: Integer codes of :class:`~ohhell.rules.trump.TrumpPlan` sources.
TRUMP_SOURCES = ("none", "fixed", "turn-up", "first-round", "draw", "setesdal")
#: Integer codes of what a bidder sees.
SIGHTS = ("own", "blind", "forehead")
#: Integer codes of the bid restrictions (:attr:`CompiledRules.restriction_code`).
RESTRICTIONS: tuple[RestrictionKind, ...] = ("none", "hook", "first-adjusts", "highest-adjusts")
#: Integer codes of the tie-breaks (:attr:`CompiledRules.tie_break_codes`).
TIE_BREAKS: tuple[TieBreak, ...] = ("made_bids", "best_round")

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]


@dataclass(frozen=True, slots=True)
class RoundScore:
    """A round's scores by seat, whether the dealer was hooked, who was consoled."""

    scores: tuple[int, ...]
    hooked: bool
    consoled: tuple[int, ...]


@dataclass(frozen=True, slots=True, eq=False)
class CompiledRules:
    """Plain data derived from a :class:`Rules` value (arrays indexed by round).

    Every closed choice a compiled path reads is here as an integer code:
    ``trump_source`` (:data:`TRUMP_SOURCES`), ``sight`` (:data:`SIGHTS`),
    ``restriction_code`` (:data:`RESTRICTIONS`), ``tie_break_codes``
    (:data:`TIE_BREAKS`, in order); ``draw_plain`` says, per round, that a
    drawn trump card counts only from 2 to 10; ``consolation_points`` (0: no
    Boer consolation) and ``consolation_ties`` give the consolation.
    """

    rules: Rules
    players: int
    n_rounds: int
    hand_sizes: IntArray
    players_in_round: IntArray
    trump_plans: tuple[TrumpPlan, ...]
    trump_source: IntArray
    trump_suit: IntArray
    sight: IntArray
    multiplier: IntArray
    set_aside: IntArray
    score_tables: IntArray
    deck: IntArray
    wizards: bool
    simultaneous: bool
    restriction: RestrictionKind
    identical_first: bool
    tie_breaks: tuple[TieBreak, ...]
    first_dealer: int
    restriction_code: int
    draw_plain: BoolArray
    consolation_points: int
    consolation_ties: bool
    tie_break_codes: IntArray

    def score_round(self, round_index: int, dealer: int, bids: Sequence[int], tricks_won: Sequence[int]) -> RoundScore:
        """Scores of one round from the final bids and tricks (table, then consolation).

        ``hooked`` is True when the dealer's hook forbade a bid in range.

        Examples
        --------
        >>> from ohhell.rules import boerenbridge
        >>> c = compile_rules(boerenbridge(4))
        >>> c.score_round(2, 3, [1, 0, 1, 2], [1, 1, 1, 0]).scores
        (12, 0, 12, 0)
        """
        n = len(bids)
        h = int(self.hand_sizes[round_index])
        hooked = bool(dealer_hooked(self.restriction_code, h, sum(bids) - bids[dealer]))
        scores = np.empty(n, dtype=np.int64)
        consoled = round_scores(
            self.score_tables[round_index],  # the whole table, as the kernel passes it (one compiled version)
            np.asarray(bids, dtype=np.int64),
            np.asarray(tricks_won, dtype=np.int64),
            n,
            dealer,
            hooked,
            self.consolation_points,
            self.consolation_ties,
            scores,
        )
        return RoundScore(scores=tuple(int(x) for x in scores), hooked=hooked, consoled=(dealer,) if consoled else ())

    def score_table(self, round_index: int) -> IntArray:
        """Scores ``[bid, tricks]`` for one round (multiplier applied)."""
        h = int(self.hand_sizes[round_index])
        return self.score_tables[round_index, : h + 1, : h + 1]


@lru_cache(maxsize=256)
def compile_rules(rules: Rules) -> CompiledRules:
    """Compile once; the result is cached per (hashable) rules value."""
    sizes = rules.hand_sizes
    n_rounds = len(sizes)
    hmax = max(sizes)
    plans = rules.trump_plans
    info = rules.information
    cons = rules.scoring.consolation
    mult = np.array([info.multiplier(h) for h in sizes], dtype=np.int64)
    tables = np.zeros((n_rounds, hmax + 1, hmax + 1), dtype=np.int64)
    for r, h in enumerate(sizes):
        tables[r, : h + 1, : h + 1] = rules.scoring.table(h, int(mult[r]))
    return CompiledRules(
        rules=rules,
        players=rules.players,
        n_rounds=n_rounds,
        hand_sizes=np.array(sizes, dtype=np.int64),
        players_in_round=np.array(rules.players_per_round, dtype=np.int64),
        trump_plans=plans,
        trump_source=np.array([TRUMP_SOURCES.index(p.source) for p in plans], dtype=np.int64),
        trump_suit=np.array([-1 if p.suit is None else int(p.suit) for p in plans], dtype=np.int64),
        sight=np.array([SIGHTS.index(info.sight(h)) for h in sizes], dtype=np.int64),
        multiplier=mult,
        set_aside=np.array([rules.set_aside(r) for r in range(n_rounds)], dtype=np.int64),
        score_tables=tables,
        deck=np.array([c.code for c in rules.deck.cards()], dtype=np.int64),
        wizards=rules.deck.has_wizards,
        simultaneous=rules.bidding.simultaneous,
        restriction=rules.restriction.kind,
        identical_first=rules.tricks.identical_cards == "first",
        tie_breaks=tuple(rules.match_end.tie_breaks),
        first_dealer=-1 if rules.first_dealer == "random" else int(rules.first_dealer),
        restriction_code=RESTRICTIONS.index(rules.restriction.kind),
        draw_plain=np.array([p.plain_only for p in plans], dtype=np.bool_),
        consolation_points=0 if cons is None else cons.points,
        consolation_ties=True if cons is None else cons.ties,
        tie_break_codes=np.array([TIE_BREAKS.index(t) for t in rules.match_end.tie_breaks], dtype=np.int64),
    )
