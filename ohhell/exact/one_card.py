"""Exact analysis of a 1-card round: who wins, how to bid, what each seat scores.

In a 1-card round every play is forced, so the deal alone decides the trick.
:func:`one_card_analysis` computes, without simulation, for 2-7 players on one
52-card deck with a turned-up trump card or without trump:

* ``win``: P(win) by position and card (trump or side, and rank);
* ``thresholds``: the bid per position, bids heard and card class (or, blind,
  one bid; forehead, the number ``k`` of unseen cards that would win), with
  the conditional P(win) and the expected score of each bid;
* ``summary``: the same per position and bids heard, in words;
* ``seats``: per position, P(win), P(bid 1), P(made) and expected score.

The bidding order, restriction, what a bidder sees (open hands, blind or
forehead for hand size 1) and the score table for hand size 1 (with the
information policy's multiplier) are read from the rules.  See
``docs/explanation/one-card.md`` for the formulas and what is simplified.

Examples
--------
>>> import ohhell
>>> a = one_card_analysis(ohhell.boerenbridge(3))
>>> print(a.seats[["position", "p_win", "p_made", "expected_score"]].round(3).to_string(index=False))
 position  p_win  p_made  expected_score
        0  0.501   0.647           7.144
        1  0.249   0.890           9.269
        2  0.249   0.422           4.432
>>> a.summary.loc[0, "text"]
'bid 1 with any trump or a side 10+'
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np
import pandas as pd

from ohhell.exact.blind import solve_blind
from ohhell.exact.canonical import canonical_deck
from ohhell.exact.forehead import solve_forehead
from ohhell.exact.open_hands import solve_sequential, solve_simultaneous
from ohhell.exact.solution import Decisions, Solution
from ohhell.exact.summary import describe_bids, win_frame
from ohhell.rules import Rules, StandardDeck
from ohhell.rules.bidding import Sight

__all__ = ["OneCardAnalysis", "one_card_analysis", "MIN_PLAYERS", "MAX_PLAYERS"]

MIN_PLAYERS = 2
#: The counting DP runs over the subsets of the other seats: 2**6 for 7 players.
MAX_PLAYERS = 7


@dataclass(frozen=True, slots=True, kw_only=True, eq=False, repr=False)
class OneCardAnalysis:
    """The exact 1-card round of ``rules`` for ``players`` seats (see :func:`one_card_analysis`).

    Positions count from the dealer's left: 0 leads (and bids first), ``players - 1`` deals.
    """

    rules: Rules
    players: int
    trump: bool
    sight: Sight
    simultaneous: bool
    restriction: str
    table: tuple[tuple[int, int], tuple[int, int]]
    win: pd.DataFrame
    thresholds: pd.DataFrame
    summary: pd.DataFrame
    seats: pd.DataFrame
    meta: dict[str, object]
    decisions: Decisions

    def bid(self, position: int, history: tuple[int, ...], signal: int) -> int:
        """The computed bid at ``position`` after hearing ``history`` with ``signal``.

        ``signal``: the canonical card class (open hands), 0 (blind), or ``k``
        (forehead).  Histories that a bid depends on are those of sequential
        open-hands bidding; elsewhere any history gives the same bid (the
        hook may still force the dealer: see :class:`~ohhell.exact.OneCardOptimal`).
        """
        key = (position, tuple(history))
        bids = self.decisions.get(key)
        if bids is None:
            bids = self.decisions[(position, ())]
        return bids[signal]

    def __repr__(self) -> str:
        info = "" if self.sight == "own" else f", sight={self.sight!r}"
        order = "simultaneous" if self.simultaneous else "sequential"
        return (
            f"OneCardAnalysis(rules={self.rules.name!r}, players={self.players}, trump={self.trump}{info},"
            f" {order}, restriction={self.restriction!r}, table={self.table})"
        )


def _check(rules: Rules, players: int | None) -> int:
    if not isinstance(rules, Rules):
        raise TypeError(f"one_card_analysis needs a Rules value, got {rules!r}")
    n = rules.players if players is None else players
    if isinstance(n, bool) or not isinstance(n, int) or not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise ValueError(f"the exact 1-card analysis covers {MIN_PLAYERS} to {MAX_PLAYERS} players, got {n!r}")
    if not isinstance(rules.deck, StandardDeck):
        raise ValueError(
            f"the exact 1-card analysis models one 52-card deck; these rules use {rules.deck!r}"
            " (use dataclasses.replace(rules, deck=StandardDeck()))"
        )
    kind = rules.restriction.kind
    if not rules.bidding.simultaneous and kind in ("first-adjusts", "highest-adjusts"):
        raise ValueError(
            f"sequential bidding with the {kind} restriction is not modelled (a bidder would have to anticipate"
            " later bids); use DealerHook or NoRestriction with sequential bids, or Simultaneous bidding"
        )
    rule = rules.scoring.consolation
    if rule is not None and not rule.ties:
        raise ValueError(
            "the Boer consolation with ties=False depends on every other seat's result and is not modelled;"
            " use BoerConsolation(ties=True) or no consolation"
        )
    return n


def _one_card_trump(rules: Rules) -> tuple[str, ...]:
    """How the rules decide trump in their own 1-card rounds (``turn-up``, ``none``, ``fixed``, ...)."""
    try:
        plans = [p for p, h in zip(rules.trump_plans, rules.hand_sizes) if h == 1]
    except ValueError:
        return ()
    return tuple(sorted({p.source for p in plans}))


def one_card_analysis(rules: Rules, players: int | None = None, *, trump: bool = True) -> OneCardAnalysis:
    """Exact win chances, optimal bids and expected scores of a 1-card round of ``rules``.

    Parameters
    ----------
    rules : the variant: its bidding order, restriction, information policy
        (``sight(1)``, ``multiplier(1)``) and scoring (``table(1)``) are used;
        its deck must be one 52-card deck.  The schedule and trump policy are
        not read (a note in ``meta["notes"]`` says when the rules' own 1-card
        rounds have another trump than ``trump``).
    players : seats (2-7); default ``rules.players``.
    trump : a card is turned up for trump (True) or the round has no trump.

    Raises
    ------
    ValueError : players out of range, another deck, sequential bidding with
        an adjusting restriction, or the Boer consolation with ``ties=False``.

    Examples
    --------
    >>> import ohhell
    >>> a = one_card_analysis(ohhell.boerenbridge(4), trump=False)
    >>> round(float(a.seats["p_win"].sum()), 12)
    1.0
    >>> a.win.query("position == 0 and rank == 14")["p_win"].item()  # leading an ace
    1.0
    """
    n = _check(rules, players)
    t0 = time.perf_counter()
    sight = rules.information.sight(1)
    multiplier = rules.information.multiplier(1)
    table = rules.scoring.table(1, multiplier)
    kind = rules.restriction.kind
    simultaneous = rules.bidding.simultaneous
    consolation = float(rules.scoring.consolation.points) if rules.scoring.consolation is not None else 0.0
    deck = canonical_deck(trump)
    solution: Solution
    if sight == "own" and simultaneous:
        solution = solve_simultaneous(deck, n, table, kind=kind)
    elif sight == "own":
        solution = solve_sequential(deck, n, table, hook=kind == "hook", consolation=consolation)
    elif sight == "blind":
        solution = solve_blind(deck, n, table, simultaneous=simultaneous, kind=kind, consolation=consolation)
    else:
        solution = solve_forehead(n, table, trump=trump, simultaneous=simultaneous, kind=kind, consolation=consolation)
    thresholds = pd.DataFrame(solution.rows)
    summary = describe_bids(thresholds, deck, sight, hook=kind == "hook" and not simultaneous, players=n)
    s = solution.seats
    roles = ["leads" if i == 0 else "" for i in range(n)]
    roles[n - 1] = "deals"
    seats = pd.DataFrame(
        {
            "position": np.arange(n),
            "role": roles,
            "p_win": s.p_win,
            "p_first_bid1": s.p_first_bid1,
            "p_bid1": s.p_bid1,
            "p_made": s.p_made,
            "expected_score": s.score,
        }
    )
    method: list[str] = []
    if simultaneous and kind == "first-adjusts" and sight != "forehead":
        method.append("first-adjusts: position 0 best-responds to the others' bids (theirs are never moved)")
    if simultaneous and kind == "highest-adjusts" and sight != "forehead":
        method.append("highest-adjusts: bids are an equilibrium found by iterated best responses")
    own = _one_card_trump(rules)
    wanted = "turn-up" if trump else "none"
    if own and wanted not in own:
        method.append(
            f"the rules' own 1-card rounds have trump {'/'.join(own)}; this analysis has"
            f" {'a turned-up card' if trump else 'no trump'}"
        )
    meta: dict[str, object] = {
        "players": n,
        "trump": "turned-up card" if trump else "none",
        "deck": f"{deck.size} cards in play",
        "sight": sight,
        "bidding": "simultaneous" if simultaneous else "sequential",
        "restriction": kind,
        "multiplier": multiplier,
        "score_table": table.tolist(),
        "consolation": consolation,
        "iterations": solution.iterations,
        "simplifications": solution.notes,
        "notes": tuple(method),
        "rules": repr(rules),
        "seconds": time.perf_counter() - t0,
    }
    return OneCardAnalysis(
        rules=rules,
        players=n,
        trump=trump,
        sight=sight,
        simultaneous=simultaneous,
        restriction=kind,
        table=((int(table[0, 0]), int(table[0, 1])), (int(table[1, 0]), int(table[1, 1]))),
        win=win_frame(deck, n),
        thresholds=thresholds,
        summary=summary,
        seats=seats,
        meta=meta,
        decisions=solution.decisions,
    )
