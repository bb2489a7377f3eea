"""Shared hypothesis strategies for the ohhell tests.

:func:`rules_variants` composes random *valid* :class:`ohhell.rules.Rules`
values from the policies: every combination that constructs is kept, a
combination whose construction raises :class:`~ohhell.rules.RulesError` is
rejected with :func:`hypothesis.assume`.  Hand sizes are kept small (mostly
1..5) so that whole matches stay quick; the long schedules (Boerenbridge's
ladder, the short game) are drawn rarely.

A combination that constructs but is known to break an engine invariant
(see :func:`known_broken`)
is kept out of the generated values so that the property tests check
everything else.
"""

from __future__ import annotations

import dataclasses

from hypothesis import assume
from hypothesis import strategies as st

from ohhell.cards import Card, Suit
from ohhell.rules import (
    BlindRounds,
    BoerConsolation,
    BoerenbridgeLadder,
    DealerHook,
    DoubleDeck,
    DrawTrump,
    Elimination,
    ExactBonus,
    ExplicitSchedule,
    FirstBidderAdjusts,
    FixedHands,
    FixedRotation,
    FollowSuit,
    ForeheadRounds,
    Harsh,
    HighestBidderAdjusts,
    HighFirst,
    Ladder,
    MissScoresTricks,
    MissZero,
    NoRestriction,
    NoTrump,
    NoTrumpRounds,
    OpenHands,
    PlayAllRounds,
    ReducedDeck,
    Rules,
    RulesError,
    Scoring,
    Sequential,
    SetesdalTrump,
    ShortGame,
    Simultaneous,
    StandardDeck,
    TurnUpOnce,
    TurnUpTrump,
    WizardDeck,
)

__all__ = [
    "seeds",
    "suits",
    "tie_breaks",
    "decks",
    "small_schedules",
    "base_trumps",
    "trumps",
    "informations",
    "scorings",
    "match_ends",
    "rules_variants",
    "known_broken",
    "plain_cards",
    "distinct_plain_cards",
]

#: Seeds for a deal or a match.
seeds = st.integers(min_value=0, max_value=2**32 - 1)

suits = st.sampled_from(list(Suit))

tie_breaks = st.sampled_from(
    [(), ("made_bids",), ("best_round",), ("made_bids", "best_round"), ("best_round", "made_bids")]
)

#: Plain cards of one 52-card deck.
plain_cards = st.integers(min_value=0, max_value=51).map(Card)


def distinct_plain_cards(min_size: int, max_size: int) -> st.SearchStrategy[list[Card]]:
    """Distinct plain cards (as one deck would give them)."""
    return st.lists(plain_cards, min_size=min_size, max_size=max_size, unique=True)


@st.composite
def decks(draw: st.DrawFn, players: int) -> object:
    """One of the four decks; a reduced deck large enough for a 2-card round at least."""
    kind = draw(st.sampled_from(["standard", "double", "reduced", "wizard"]))
    if kind == "standard":
        return StandardDeck()
    if kind == "double":
        return DoubleDeck()
    if kind == "reduced":
        return ReducedDeck(size=draw(st.integers(min_value=min(52, 2 * players + 1), max_value=52)))
    return WizardDeck()


@st.composite
def small_schedules(draw: st.DrawFn) -> object:
    """Schedules whose hands stay at 5 cards or fewer."""
    up_to = st.integers(min_value=1, max_value=4)
    kind = draw(st.sampled_from(["ladder", "high-first", "fixed", "explicit"]))
    if kind == "ladder":
        return Ladder(up_to=draw(up_to), repeat_peak=draw(st.booleans()), fit_to_deck=draw(st.booleans()))
    if kind == "high-first":
        return HighFirst(up_to=draw(up_to), repeat_bottom=draw(st.booleans()), fit_to_deck=draw(st.booleans()))
    if kind == "fixed":
        return FixedHands(size=draw(st.integers(1, 5)), rounds=draw(st.integers(1, 3)))
    sizes = draw(st.lists(st.integers(1, 5), min_size=1, max_size=4))
    return ExplicitSchedule(sizes=tuple(sizes))


def base_trumps() -> st.SearchStrategy[object]:
    """Every trump policy except the :class:`NoTrumpRounds` wrapper."""
    return st.one_of(
        st.just(TurnUpTrump()),
        st.just(TurnUpOnce()),
        st.builds(
            FixedRotation,
            order=st.permutations(list(Suit)).map(tuple),
            no_trump_first=st.integers(0, 3),
            no_trump_last=st.integers(0, 3),
        ),
        st.builds(DrawTrump, plain_only=st.booleans()),
        st.just(SetesdalTrump()),
        st.just(NoTrump()),
    )


def trumps() -> st.SearchStrategy[object]:
    """A trump policy, sometimes wrapped in :class:`NoTrumpRounds`."""
    wrapped = st.builds(
        NoTrumpRounds,
        base=base_trumps(),
        final=st.booleans(),
        one_card=st.booleans(),
        peak=st.booleans(),
        rounds=st.lists(st.integers(0, 3), max_size=2, unique=True).map(tuple),
    )
    return st.one_of(base_trumps(), wrapped)


def informations() -> st.SearchStrategy[object]:
    """Open hands, blind rounds (with a multiplier) or forehead rounds."""
    sizes = st.sampled_from([(1,), (1, 2), (2, 3)])
    return st.one_of(
        st.just(OpenHands()),
        st.builds(BlindRounds, hand_sizes=sizes, multiplier_value=st.integers(1, 3)),
        st.builds(ForeheadRounds, hand_sizes=sizes),
    )


def scorings() -> st.SearchStrategy[Scoring]:
    """Made rule, miss rule, an optional made-zero value and an optional Boer consolation."""
    return st.builds(
        Scoring,
        made=st.builds(ExactBonus, base=st.integers(0, 10), per_trick=st.integers(0, 3)),
        miss=st.one_of(st.just(MissZero()), st.builds(Harsh, factor=st.integers(1, 2)), st.just(MissScoresTricks())),
        made_zero=st.one_of(st.none(), st.integers(0, 10)),
        consolation=st.one_of(st.none(), st.builds(BoerConsolation, points=st.integers(1, 5), ties=st.booleans())),
    )


def match_ends() -> st.SearchStrategy[object]:
    return st.one_of(
        st.builds(PlayAllRounds, tie_breaks=tie_breaks),
        st.builds(Elimination, min_players=st.integers(2, 3), tie_breaks=tie_breaks),
    )


def _fit_consolation(scoring: Scoring, restriction: object) -> Scoring:
    """The Boer consolation exists only with the dealer's hook."""
    if isinstance(restriction, DealerHook):
        return scoring
    return dataclasses.replace(scoring, consolation=None)


def known_broken(rules: Rules) -> bool:
    """Combinations that construct but break an engine invariant (none known today)."""
    return False


@st.composite
def rules_variants(
    draw: st.DrawFn,
    *,
    players: st.SearchStrategy[int] | None = None,
    long_schedules: bool = True,
) -> Rules:
    """A random valid :class:`Rules` value composed from the policies.

    ``players`` overrides the player count (default 2..7).  With
    ``long_schedules`` the Boerenbridge ladder and the short game are drawn
    now and then (about one value in ten); otherwise every hand is 5 cards
    or fewer.
    """
    n = draw(players if players is not None else st.integers(min_value=2, max_value=7))
    deck = draw(decks(n))
    long_kind = draw(st.integers(0, 19)) if long_schedules else 0
    if long_kind == 18:
        schedule: object = BoerenbridgeLadder()
    elif long_kind == 19:
        # The short game deals the whole deck in round 1: keep it short with a
        # small reduced deck, or a standard deck shared by 5 to 7 players.
        if n >= 5 and draw(st.booleans()):
            deck = StandardDeck()
            schedule = ShortGame(known_leftovers=draw(st.booleans()))
        else:
            deck = ReducedDeck(size=n * draw(st.integers(1, 4)) + draw(st.integers(0, n - 1)))
            schedule = ShortGame(known_leftovers=False)
    else:
        schedule = draw(small_schedules())
    bidding = draw(st.sampled_from([Sequential(), Simultaneous()]))
    restrictions = [NoRestriction(), FirstBidderAdjusts(), HighestBidderAdjusts()]
    if not bidding.simultaneous:
        restrictions.append(DealerHook())
    first_dealer = draw(st.one_of(st.just("random"), st.integers(0, n - 1)))
    try:
        rules = Rules(
            name="generated",
            players=n,
            deck=deck,
            schedule=schedule,
            trump=draw(trumps()),
            bidding=bidding,
            information=draw(informations()),
            restriction=(restriction := draw(st.sampled_from(restrictions))),
            tricks=FollowSuit(identical_cards=draw(st.sampled_from(["first", "last"]))),
            scoring=_fit_consolation(draw(scorings()), restriction),
            match_end=draw(match_ends()),
            first_dealer=first_dealer,
        )
    except RulesError:
        assume(False)
        raise AssertionError("unreachable") from None
    assume(not known_broken(rules))
    return rules
