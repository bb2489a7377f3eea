"""A rules variant: one value composed of one policy per concern.

Build one from scratch, take a preset (:mod:`ohhell.rules.presets`) or change
one policy of a preset with :func:`dataclasses.replace`.  Every combination is
checked when it is built: an impossible one raises :class:`RulesError` saying
what is wrong and what is allowed.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Literal

from ohhell.rules.bidding import BiddingOrder, BidInformation, OpenHands, Sequential
from ohhell.rules.checks import is_integer
from ohhell.rules.deck import Deck, StandardDeck
from ohhell.rules.match_end import MatchEnd, PlayAllRounds
from ohhell.rules.restriction import BidRestriction, DealerHook
from ohhell.rules.schedule import Ladder, Schedule, ShortGame
from ohhell.rules.scoring import Scoring
from ohhell.rules.tricks import FollowSuit
from ohhell.rules.trump import TrumpPlan, TrumpPolicy, TurnUpTrump

__all__ = ["Rules", "RulesError"]


class RulesError(ValueError):
    """A rules variant that cannot be played, with what is wrong and what is allowed."""


_POLICY_TYPES: dict[str, type] = {
    "deck": Deck,
    "schedule": Schedule,
    "trump": TrumpPolicy,
    "bidding": BiddingOrder,
    "information": BidInformation,
    "restriction": BidRestriction,
    "tricks": FollowSuit,
    "scoring": Scoring,
    "match_end": MatchEnd,
}


@dataclass(frozen=True, slots=True, kw_only=True)
class Rules:
    """A complete Oh Hell variant for a given number of players.

    Parameters
    ----------
    name : a label for tables and records.
    players : seats at the table (2 or more; each round must fit the deck).
    deck : :mod:`ohhell.rules.deck` policy.
    schedule : :mod:`ohhell.rules.schedule` policy (hand size per round).
    trump : :mod:`ohhell.rules.trump` policy.
    bidding : :class:`~ohhell.rules.bidding.Sequential` or
        :class:`~ohhell.rules.bidding.Simultaneous`.
    information : what bidders see (open, blind or forehead rounds).
    restriction : :mod:`ohhell.rules.restriction` policy.
    tricks : :class:`~ohhell.rules.tricks.FollowSuit` options.
    scoring : :class:`~ohhell.rules.scoring.Scoring`.
    match_end : :mod:`ohhell.rules.match_end` policy.
    first_dealer : seat of the first dealer, or ``"random"`` (drawn from the
        match's chance stream).

    Examples
    --------
    >>> from dataclasses import replace
    >>> from ohhell.rules.schedule import FixedHands
    >>> Rules(players=7, schedule=FixedHands(size=8, rounds=1))
    Traceback (most recent call last):
    ...
    ohhell.rules.variant.RulesError: round 1: 7 players x 8 cards plus a turned-up trump card needs 57 cards...
    >>> len(Rules(players=4).hand_sizes)
    23
    """

    name: str = "custom"
    players: int = 4
    deck: Deck = field(default_factory=StandardDeck)
    schedule: Schedule = field(default_factory=Ladder)
    trump: TrumpPolicy = field(default_factory=TurnUpTrump)
    bidding: BiddingOrder = field(default_factory=Sequential)
    information: BidInformation = field(default_factory=OpenHands)
    restriction: BidRestriction = field(default_factory=DealerHook)
    tricks: FollowSuit = field(default_factory=FollowSuit)
    scoring: Scoring = field(default_factory=Scoring)
    match_end: MatchEnd = field(default_factory=PlayAllRounds)
    first_dealer: int | Literal["random"] = 0

    def __post_init__(self) -> None:
        if not isinstance(self.name, str):
            raise RulesError(f"Rules.name must be a string (a label), got {self.name!r}")
        for name, kind in _POLICY_TYPES.items():
            value = getattr(self, name)
            if isinstance(value, type):
                raise RulesError(
                    f"Rules.{name} must be a policy instance: write {value.__name__}(), not {value.__name__}"
                )
            if not isinstance(value, kind):
                raise RulesError(f"Rules.{name} must be a {kind.__name__} policy (see ohhell.rules), got {value!r}")
            try:
                hash(value)
            except TypeError:
                raise RulesError(
                    f"Rules.{name} must be hashable (a frozen dataclass whose fields are tuples, not lists),"
                    f" got {value!r}"
                ) from None
        if not is_integer(self.players) or self.players < 2:
            raise RulesError(f"players must be an integer >= 2, got {self.players!r}")
        object.__setattr__(self, "players", int(self.players))
        if self.players > self.deck_size:
            raise RulesError(
                f"players must be at most {self.deck_size} (each player needs a card of the"
                f" {self.deck_size}-card deck), got {self.players}"
            )
        if self.first_dealer != "random" and not (
            is_integer(self.first_dealer) and 0 <= self.first_dealer < self.players
        ):
            raise RulesError(
                f"first_dealer must be a seat 0..{self.players - 1} or 'random', got {self.first_dealer!r}"
            )
        if self.first_dealer != "random":
            object.__setattr__(self, "first_dealer", int(self.first_dealer))
        if self.restriction.kind == "hook" and self.bidding.simultaneous:
            raise RulesError(
                "the dealer's hook needs sequential bidding (the dealer bids last); with simultaneous"
                " bids use FirstBidderAdjusts, HighestBidderAdjusts or NoRestriction"
            )
        if self.scoring.consolation is not None and self.restriction.kind != "hook":
            raise RulesError(
                "the Boer consolation rewards a dealer caught by the hook: it needs restriction=DealerHook()"
            )
        self._check_rounds()

    # -- derived, plain data -------------------------------------------------

    @property
    def deck_size(self) -> int:
        return len(self.deck.cards())

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """The hand size of every round, in order."""
        reserve = 1 if self.trump.keeps_card_back else 0
        try:
            return self.schedule.hand_sizes(self.players, self.deck_size, reserve)
        except ValueError as exc:
            raise RulesError(str(exc)) from exc

    @property
    def players_per_round(self) -> tuple[int, ...]:
        """How many players take part in each round (fewer under elimination)."""
        return self.match_end.players_per_round(self.players, self.hand_sizes)

    @property
    def trump_plans(self) -> tuple[TrumpPlan, ...]:
        sizes = self.hand_sizes
        return tuple(self.trump.plan(i, sizes) for i in range(len(sizes)))

    def set_aside(self, round_index: int) -> int:
        """Twos laid face up before the deal in this round (short game's known leftovers)."""
        if not (isinstance(self.schedule, ShortGame) and self.schedule.known_leftovers):
            return 0
        n = self.players_per_round[round_index]
        left = self.deck_size - n * self.hand_sizes[round_index]
        return left if 0 < left < n else 0

    def _check_rounds(self) -> None:
        sizes = self.hand_sizes
        if not isinstance(sizes, tuple) or not all(is_integer(h) for h in sizes):
            raise RulesError(f"{self.schedule!r}.hand_sizes() must return a tuple of integers, got {sizes!r}")
        if not sizes:
            raise RulesError("the schedule has no rounds")
        for name in _POLICY_TYPES:
            check = getattr(getattr(self, name), "check_table", None)
            if callable(check):
                try:
                    check(self.players, sizes)
                except ValueError as exc:
                    raise RulesError(str(exc)) from exc
        if (
            isinstance(self.schedule, ShortGame)
            and self.schedule.known_leftovers
            and not isinstance(self.deck, StandardDeck)
        ):
            raise RulesError(
                "the short game's known leftovers are twos of one 52-card deck: use StandardDeck,"
                " or ShortGame(known_leftovers=False)"
            )
        deck = self.deck_size
        plans = self.trump_plans
        for i, plan in enumerate(plans):
            if not isinstance(plan, TrumpPlan):
                raise RulesError(f"round {i + 1}: {self.trump!r}.plan() must return a TrumpPlan, got {plan!r}")
        for i, (h, n, plan) in enumerate(zip(sizes, self.players_per_round, plans)):
            if h < 1:
                raise RulesError(f"round {i + 1}: hand size must be at least 1, got {h}")
            aside = self.set_aside(i)
            known = {"fixed": 1, "setesdal": 2, "first-round": 1}.get(plan.source, 0)
            if aside > 4 - known:
                raise RulesError(
                    f"round {i + 1}: the short game leaves {aside} cards over, but only {4 - known} twos are of"
                    " suits that are not trump; the known leftovers suit 3 to 5 players"
                    " (or use ShortGame(known_leftovers=False))"
                )
            need = n * h + aside
            if plan.source == "draw":
                need += 1
                extra = " plus a drawn trump card"
            elif plan.source == "turn-up" and need > deck:
                need += 1
                extra = " plus a turned-up trump card"
            else:
                extra = ""
            if aside:
                extra = f" plus {aside} {'two' if aside == 1 else 'twos'} set aside" + extra
            if need > deck:
                fit = (deck - aside - (1 if plan.uses_stock_card else 0)) // n
                card = " with the trump card" if plan.uses_stock_card else ""
                raise RulesError(
                    f"round {i + 1}: {n} players x {h} cards{extra} needs {need} cards from a"
                    f" {deck}-card deck; at most {fit} cards each fit{card}"
                )

    def describe(self) -> str:
        """Every policy, one per line."""
        lines = [f"{self.name}: {self.players} players, {len(self.hand_sizes)} rounds"]
        lines.append(f"  hand sizes: {' '.join(map(str, self.hand_sizes))}")
        for f in fields(self):
            if f.name not in ("name", "players"):
                lines.append(f"  {f.name}: {getattr(self, f.name)!r}")
        return "\n".join(lines)
