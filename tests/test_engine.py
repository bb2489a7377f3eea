"""Property and contract tests for the reference engine (deals and matches).

Property tests play whole matches of random valid rules variants
(:func:`tests.strategies.rules_variants`) with :class:`RandomStrategy` (and a
bidder that aims the bids at the hand size, to provoke the hook and the
adjustments) and check every deal against the rules: cards dealt once and
played once, suit followed, tricks and winners, bid restrictions, trump plan,
scores, match totals and winners.  Contract and golden tests cover illegal
moves and the worked examples of the sources.
"""

from __future__ import annotations

import dataclasses
import pickle
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from ohhell import IllegalMoveError, RandomStrategy, play_deal, play_match
from ohhell.cards import WIZARD, Card, Suit
from ohhell.engine import (
    BidAdjusted,
    BidMade,
    DealResult,
    DealState,
    MatchResult,
    Observation,
    Strategy,
    Stream,
    TrumpNamed,
    deal,
    run_deal,
)
from ohhell.rules import (
    BlindRounds,
    BoerConsolation,
    DealerHook,
    DoubleDeck,
    DrawTrump,
    Elimination,
    FirstBidderAdjusts,
    FixedHands,
    FixedRotation,
    ForeheadRounds,
    Harsh,
    HighestBidderAdjusts,
    HighFirst,
    MissScoresTricks,
    MissZero,
    NoRestriction,
    NoTrump,
    OpenHands,
    PlayAllRounds,
    ReducedDeck,
    Rules,
    RulesError,
    Sequential,
    SetesdalTrump,
    ShortGame,
    Simultaneous,
    Trump,
    TurnUpTrump,
    WizardDeck,
    boerenbridge,
    bondebridge,
    compile_rules,
    trick_winner,
)
from ohhell.rules.compiled import CompiledRules
from tests.strategies import rules_variants, seeds

RANDOM = RandomStrategy()


# -- helper strategies -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FillTheHand:
    """Bids so that the bids it can see plus its own make exactly the hand size.

    It provokes the dealer's hook and, with simultaneous bids, makes the first
    bidder bid the whole hand and everyone else 0, so the bids always sum to
    the hand size unless a restriction steps in.  Plays its highest legal card.
    """

    def bid(self, obs: Observation, rng: Stream) -> int:
        if obs.phase == "adjust":
            return obs.legal_bids[-1]
        if obs.rules.bidding.simultaneous:
            want = obs.hand_size if obs.seat_from_dealer == 0 else 0
        else:
            want = obs.hand_size - sum(b for b in obs.bids if b is not None)
        return want if want in obs.legal_bids else obs.legal_bids[0]

    def play(self, obs: Observation, rng: Stream) -> Card:
        return obs.legal_cards[-1]

    def name_trump(self, obs: Observation, rng: Stream) -> Suit:
        return obs.legal_suits[0]


@dataclass(frozen=True, slots=True)
class FixedBid:
    """Always returns ``value`` as its bid (legal or not); plays randomly."""

    value: object = 0

    def bid(self, obs: Observation, rng: Stream) -> int:
        return self.value  # type: ignore[return-value]

    def play(self, obs: Observation, rng: Stream) -> Card:
        return RANDOM.play(obs, rng)

    def name_trump(self, obs: Observation, rng: Stream) -> Suit:
        return RANDOM.name_trump(obs, rng)


@dataclass(frozen=True, slots=True)
class HookBreaker:
    """Bids the one number the dealer's hook forbids, when dealing; otherwise randomly."""

    def bid(self, obs: Observation, rng: Stream) -> int:
        if obs.is_dealer:
            return obs.hand_size - sum(b for b in obs.bids if b is not None)
        return RANDOM.bid(obs, rng)

    def play(self, obs: Observation, rng: Stream) -> Card:
        return RANDOM.play(obs, rng)

    def name_trump(self, obs: Observation, rng: Stream) -> Suit:
        return RANDOM.name_trump(obs, rng)


@dataclass(frozen=True, slots=True)
class PlaysWizard:
    """Always plays the Wizard, which a standard deck does not hold."""

    def bid(self, obs: Observation, rng: Stream) -> int:
        return RANDOM.bid(obs, rng)

    def play(self, obs: Observation, rng: Stream) -> Card:
        return WIZARD

    def name_trump(self, obs: Observation, rng: Stream) -> Suit:
        return RANDOM.name_trump(obs, rng)


@dataclass(frozen=True, slots=True)
class Revoker:
    """Plays a card of its hand that does not follow suit whenever it can."""

    def bid(self, obs: Observation, rng: Stream) -> int:
        return RANDOM.bid(obs, rng)

    def play(self, obs: Observation, rng: Stream) -> Card:
        revokes = [c for c in obs.hand if c not in obs.legal_cards]
        return revokes[0] if revokes else obs.legal_cards[0]

    def name_trump(self, obs: Observation, rng: Stream) -> Suit:
        return RANDOM.name_trump(obs, rng)


# -- independent checks of one deal ----------------------------------------------------


def led_suit_of(cards: Sequence[Card]) -> Suit | None:
    """The suit to follow: the first plain card's, unless a Wizard comes before it."""
    for c in cards:
        if c.is_wizard:
            return None
        if c.is_plain:
            return c.suit
    return None


def check_cards(rules: Rules, d: DealResult) -> None:
    """Each physical card dealt at most once; each dealt card played exactly once, by its holder."""
    assert all(len(hand) == d.hand_size for hand in d.hands)
    out = Counter(c for hand in d.hands for c in hand) + Counter(d.exposed)
    if d.trump_card is not None:
        out[d.trump_card] += 1
    assert out <= Counter(rules.deck.cards()), "more copies of a card than the deck holds"
    played: list[list[Card]] = [[] for _ in range(d.players)]
    for trick in d.tricks:
        for pos, card in enumerate(trick.cards):
            played[trick.seat_of(pos, d.players)].append(card)
    for seat in range(d.players):
        assert Counter(played[seat]) == Counter(d.hands[seat])


def check_tricks(compiled: CompiledRules, d: DealResult) -> None:
    """Trick count, leaders, follow suit against the hands as they were, and every winner."""
    n = d.players
    assert len(d.tricks) == d.hand_size
    assert sum(d.tricks_won) == d.hand_size
    assert Counter(t.winner for t in d.tricks) == Counter({s: k for s, k in enumerate(d.tricks_won) if k})
    ident = "first" if compiled.identical_first else "last"
    hands = [list(h) for h in d.hands]
    leader = (d.dealer + 1) % n
    for trick in d.tricks:
        assert trick.leader == leader
        assert len(trick.cards) == n
        for pos, card in enumerate(trick.cards):
            hand = hands[(leader + pos) % n]
            assert card in hand
            led = led_suit_of(trick.cards[:pos])
            if led is not None and card.is_plain and card.suit != led:
                assert all(c.suit != led for c in hand), f"{card} played while holding {led.name}"
            hand.remove(card)
        assert trick.winner == (leader + trick_winner(trick.cards, d.trump, ident)) % n
        leader = trick.winner


def adjusting_seat(kind: str, d: DealResult) -> int:
    order = [(d.dealer + 1 + i) % d.players for i in range(d.players)]
    if kind == "first-adjusts":
        return order[0]
    return next(s for s in order if d.first_bids[s] == max(d.first_bids))


def check_bids(compiled: CompiledRules, d: DealResult) -> None:
    n, h, kind = d.players, d.hand_size, compiled.restriction
    assert len(d.bids) == len(d.first_bids) == n
    assert all(0 <= b <= h for b in d.bids + d.first_bids)
    made = [e for e in d.events if isinstance(e, BidMade)]
    assert [e.seat for e in made] == [(d.dealer + 1 + i) % n for i in range(n)], "bids go clockwise from the left"
    assert [e.bid for e in made] == [d.first_bids[e.seat] for e in made]
    adjusted = [e for e in d.events if isinstance(e, BidAdjusted)]
    others = sum(d.first_bids) - d.first_bids[d.dealer]
    assert d.hooked == (kind == "hook" and others <= h)
    if kind in ("none", "hook"):
        assert d.bids == d.first_bids
        assert adjusted == []
        if kind == "hook":
            assert sum(d.bids) != h
        return
    assert sum(d.bids) != h
    if sum(d.first_bids) != h:
        assert d.bids == d.first_bids
        assert adjusted == []
        return
    seat = adjusting_seat(kind, d)
    changed = [s for s in range(n) if d.bids[s] != d.first_bids[s]]
    assert changed == [seat]
    assert abs(d.bids[seat] - d.first_bids[seat]) == 1
    assert adjusted == [BidAdjusted(seat, d.first_bids[seat], d.bids[seat])]


def expected_score(rules: Rules, hand_size: int, bid: int, tricks: int) -> int:
    """The round score from the scoring policies' documented meaning (no consolation)."""
    scoring = rules.scoring
    if bid == tricks:
        if bid == 0 and scoring.made_zero is not None:
            base = scoring.made_zero
        else:
            base = scoring.made.base + scoring.made.per_trick * bid  # type: ignore[attr-defined]
    elif isinstance(scoring.miss, MissZero):
        base = 0
    elif isinstance(scoring.miss, Harsh):
        base = -scoring.miss.factor * abs(bid - tricks)
    else:
        assert isinstance(scoring.miss, MissScoresTricks)
        base = tricks
    return rules.information.multiplier(hand_size) * base


def expected_consoled(rules: Rules, d: DealResult) -> tuple[int, ...]:
    rule = rules.scoring.consolation
    dealer = d.dealer
    if rule is None or not d.hooked or d.bids[dealer] == d.tricks_won[dealer]:
        return ()
    mine = abs(d.bids[dealer] - d.tricks_won[dealer])
    others = [abs(b - t) for s, (b, t) in enumerate(zip(d.bids, d.tricks_won)) if s != dealer and b != t]
    if any(m < mine for m in others) or (not rule.ties and mine in others):
        return ()
    return (dealer,)


def check_scores(compiled: CompiledRules, d: DealResult) -> None:
    rules = compiled.rules
    table = compiled.score_table(d.round_index)
    assert d.consoled == expected_consoled(rules, d)
    bonus = rules.scoring.consolation.points if rules.scoring.consolation else 0
    for seat, (bid, tricks) in enumerate(zip(d.bids, d.tricks_won)):
        extra = bonus if seat in d.consoled else 0
        assert d.scores[seat] == int(table[bid, tricks]) + extra
        assert d.scores[seat] == expected_score(rules, d.hand_size, bid, tricks) + extra


def check_trump(compiled: CompiledRules, d: DealResult, first: DealResult | None) -> None:
    """The round's trump is what its plan says (``first``: the match's round 1, None outside a match)."""
    plan = compiled.trump_plans[d.round_index]
    set_aside = int(compiled.set_aside[d.round_index])
    drawn = 1 if plan.source == "draw" else 0
    assert len(d.exposed) == set_aside + drawn
    if plan.source != "turn-up":
        assert d.trump_card is None
    named = [e for e in d.events if isinstance(e, TrumpNamed)]
    if plan.source == "none":
        assert d.trump.is_none
    elif plan.source == "fixed":
        assert d.trump == Trump.of(plan.suit)  # type: ignore[arg-type]
    elif plan.source == "first-round":
        if first is None:  # a deal outside a match: a suit drawn at random
            assert len(d.trump.suits) == 1
        else:
            assert d.trump == first.trump
    elif plan.source == "setesdal":
        assert len(d.trump.suits) == 2
    elif plan.source == "draw":
        card = d.exposed[-1]
        counts = card.is_plain and not (plan.plain_only and card.rank > 10)
        assert d.trump == (Trump.of(card.suit) if counts else Trump.none())  # type: ignore[arg-type]
    else:
        assert plan.source == "turn-up"
        card = d.trump_card
        if card is None:  # nothing left in the stock
            dealt = d.players * d.hand_size + len(d.exposed)
            assert dealt == len(compiled.deck)
            assert d.trump.is_none
        elif card.is_wizard:  # the dealer names trump
            assert named == [TrumpNamed(d.dealer, d.trump.suits[0])]
        elif card.is_jester:
            assert d.trump.is_none
        else:
            assert d.trump == Trump.of(card.suit)  # type: ignore[arg-type]
    if plan.source != "turn-up" or d.trump_card is None or not d.trump_card.is_wizard:
        assert named == []


def rank_key(seat: int, totals: list[int], made: list[int], best: list[int], tie_breaks: Sequence[str]) -> tuple:
    return (totals[seat], *[made[seat] if tb == "made_bids" else best[seat] for tb in tie_breaks])


def check_match(rules: Rules, match: MatchResult) -> None:
    """Per deal checks plus totals, dealer rotation, elimination and winners."""
    compiled = compile_rules(rules)
    n = rules.players
    assert len(match.deals) == compiled.n_rounds
    totals, made, best = [0] * n, [0] * n, [None] * n
    knocked: list[tuple[int, int]] = []
    tie_breaks = compiled.tie_breaks
    for r, (d, seats) in enumerate(zip(match.deals, match.seats)):
        assert d.round_index == r
        assert d.hand_size == rules.hand_sizes[r]
        assert d.players == len(seats) == rules.players_per_round[r]
        assert len(set(seats)) == len(seats)
        if r > 0:
            before = match.seats[r - 1]
            gone = [s for s in before if s not in seats]
            assert set(seats) <= set(before)
            if gone:
                assert isinstance(rules.match_end, Elimination)
                assert rules.hand_sizes[r] > rules.hand_sizes[r - 1]
                # the last-placed active seat (totals, then tie-breaks, then the higher seat) leaves
                last = min(before, key=lambda s: (rank_key(s, totals, made, best, tie_breaks), -s))
                assert gone == [last]
                knocked.append((r, last))
            # the deal moves one (active) seat clockwise
            prev_dealer = before[match.deals[r - 1].dealer]
            dealer = seats[d.dealer]
            expected = next(s for k in range(1, n + 1) if (s := (prev_dealer + k) % n) in seats)
            assert dealer == expected
        elif rules.first_dealer != "random":
            assert seats[d.dealer] == rules.first_dealer
        check_cards(rules, d)
        check_tricks(compiled, d)
        check_bids(compiled, d)
        check_scores(compiled, d)
        check_trump(compiled, d, match.deals[0])
        for local, seat in enumerate(seats):
            totals[seat] += d.scores[local]
            made[seat] += int(d.bids[local] == d.tricks_won[local])
            best[seat] = d.scores[local] if best[seat] is None else max(best[seat], d.scores[local])
    assert list(match.totals) == totals
    assert list(match.made_bids) == made
    assert list(match.best_round) == best
    assert list(match.knocked_out) == knocked
    assert match.running_totals()[-1] == match.totals
    survivors = match.seats[-1]
    top = max(rank_key(s, totals, made, best, tie_breaks) for s in survivors)
    assert match.winners == tuple(s for s in survivors if rank_key(s, totals, made, best, tie_breaks) == top)
    assert sorted(match.standings) == list(range(n))
    assert match.standings[0] in match.winners
    assert match.standings[len(survivors) :] == tuple(s for _, s in reversed(knocked))


def strategies_for(data: st.DataObject, players: int) -> list[Strategy]:
    """RandomStrategy or FillTheHand per seat."""
    picks = data.draw(st.lists(st.booleans(), min_size=players, max_size=players), label="fill the hand")
    return [FillTheHand() if p else RANDOM for p in picks]


# -- properties over random rules variants -----------------------------------------------


@settings(max_examples=4 * settings.default.max_examples)
@given(rules=rules_variants(), seed=seeds, data=st.data())
def test_every_deal_of_a_match_follows_the_rules(rules: Rules, seed: int, data: st.DataObject) -> None:
    match = play_match(rules, strategies_for(data, rules.players), seed=seed)
    check_match(rules, match)
    # what the examples exercised (pytest --hypothesis-show-statistics)
    event(f"restriction={rules.restriction.kind}")
    event(f"deck={type(rules.deck).__name__}")
    for d in match.deals:
        if any(isinstance(e, TrumpNamed) for e in d.events):
            event("a turned-up Wizard: the dealer named trump")
        if d.bids != d.first_bids:
            event("a bid was adjusted")
        if d.consoled:
            event("a hooked dealer was consoled")
    if match.knocked_out:
        event("a seat was knocked out")


@pytest.mark.parametrize(
    "restriction", [NoRestriction(), DealerHook(), FirstBidderAdjusts(), HighestBidderAdjusts()], ids=repr
)
@given(rules=rules_variants(long_schedules=False), seed=seeds, data=st.data())
def test_bid_restrictions_hold_when_bids_aim_at_the_hand_size(
    restriction: object, rules: Rules, seed: int, data: st.DataObject
) -> None:
    bidding = (
        Sequential()
        if isinstance(restriction, DealerHook)
        else data.draw(st.sampled_from([Sequential(), Simultaneous()]))
    )
    consolation = rules.scoring.consolation if isinstance(restriction, DealerHook) else None
    scoring = dataclasses.replace(rules.scoring, consolation=consolation)
    rules = dataclasses.replace(rules, bidding=bidding, restriction=restriction, scoring=scoring)
    compiled = compile_rules(rules)
    match = play_match(rules, strategies_for(data, rules.players), seed=seed)
    for d in match.deals:
        check_bids(compiled, d)
        check_scores(compiled, d)


@given(rules=rules_variants(long_schedules=False), seed=seeds)
def test_everyone_aiming_at_the_hand_size_forces_the_restriction(rules: Rules, seed: int) -> None:
    match = play_match(rules, [FillTheHand()] * rules.players, seed=seed)
    kind = rules.restriction.kind
    for d in match.deals:
        if kind == "none":
            assert sum(d.bids) == d.hand_size
        elif kind == "hook":
            assert d.hooked
            assert sum(d.bids) != d.hand_size
        else:
            assert sum(d.first_bids) == d.hand_size
            assert sum(d.bids) != d.hand_size
            assert sum(b != f for b, f in zip(d.bids, d.first_bids)) == 1


@given(rules=rules_variants(), seed=seeds)
def test_same_seed_same_match(rules: Rules, seed: int) -> None:
    strategies = [RANDOM] * rules.players
    first = play_match(rules, strategies, seed=seed)
    again = play_match(rules, strategies, seed=seed)
    assert first == again
    assert first.seed_entropy == seed
    assert play_match(rules, strategies, seed=np.random.SeedSequence(seed)) == first


@given(rules=rules_variants(), seed=seeds, data=st.data())
def test_another_strategy_at_one_seat_keeps_the_deals(rules: Rules, seed: int, data: st.DataObject) -> None:
    seat = data.draw(st.integers(0, rules.players - 1), label="seat")
    base = play_match(rules, [RANDOM] * rules.players, seed=seed)
    strategies: list[Strategy] = [RANDOM] * rules.players
    strategies[seat] = FillTheHand()
    other = play_match(rules, strategies, seed=seed)
    for a, b in zip(base.deals, other.deals):
        assert sorted(a.hands) == sorted(b.hands)
        assert a.trump_card == b.trump_card
        assert a.exposed == b.exposed
    if isinstance(rules.match_end, PlayAllRounds):
        # nobody is knocked out, so the very same seats hold the very same hands
        assert [d.hands for d in base.deals] == [d.hands for d in other.deals]
        assert [d.dealer for d in base.deals] == [d.dealer for d in other.deals]


@given(rules=rules_variants(long_schedules=False), seed=seeds, data=st.data())
def test_play_deal_is_one_round_of_the_rules(rules: Rules, seed: int, data: st.DataObject) -> None:
    round_index = data.draw(st.integers(0, len(rules.hand_sizes) - 1), label="round")
    n = rules.players_per_round[round_index]
    dealer = data.draw(st.integers(0, n - 1), label="dealer")
    d = play_deal(rules, [RANDOM] * n, seed=seed, round_index=round_index, dealer=dealer)
    assert (d.round_index, d.dealer, d.hand_size) == (round_index, dealer, rules.hand_sizes[round_index])
    compiled = compile_rules(rules)
    check_cards(rules, d)
    check_tricks(compiled, d)
    check_bids(compiled, d)
    check_scores(compiled, d)
    check_trump(compiled, d, None)
    assert play_deal(rules, [RANDOM] * n, seed=seed, round_index=round_index, dealer=dealer) == d


# -- observations --------------------------------------------------------------------


def check_observation(state: DealState, seat: int) -> None:
    """What ``seat`` is shown is exactly what the rules let it see."""
    obs = state.observation(seat)
    n = state.players
    compiled = state.compiled
    sight = compiled.rules.information.sight(state.hand_size)
    bidding = state.phase in ("bid", "adjust", "name_trump")
    if bidding and sight == "blind":
        assert obs.hand == ()
        assert obs.visible_hands == (None,) * n
    elif bidding and sight == "forehead":
        assert obs.hand == ()
        for other in range(n):
            assert obs.visible_hands[other] == (None if other == seat else tuple(state.hands[other]))
    else:
        assert obs.hand == tuple(state.hands[seat])
        for other in range(n):
            assert obs.visible_hands[other] == (obs.hand if other == seat else None)
    if state.phase == "bid" and compiled.simultaneous:
        assert obs.bids == (None,) * n
    else:
        assert obs.bids == tuple(state.bids)
    assert obs.current_trick == tuple(state.trick)
    assert obs.completed_tricks == tuple(state.tricks)
    assert (obs.seat, obs.dealer, obs.players, obs.hand_size) == (seat, state.dealer, n, state.hand_size)
    if seat != state.current_seat:
        assert obs.legal_bids == obs.legal_cards == obs.legal_suits == ()
    else:
        assert obs.legal_bids == state.legal_bids()
        assert obs.legal_cards == state.legal_cards()
        assert set(obs.legal_cards) <= set(state.hands[seat])


@pytest.mark.parametrize(
    "information",
    [OpenHands(), BlindRounds(hand_sizes=tuple(range(1, 14))), ForeheadRounds(hand_sizes=tuple(range(1, 14)))],
    ids=lambda i: type(i).__name__,
)
@given(rules=rules_variants(long_schedules=False), seed=seeds, data=st.data())
def test_observations_show_only_what_the_seat_may_see(
    information: object, rules: Rules, seed: int, data: st.DataObject
) -> None:
    bidding = data.draw(st.sampled_from([Sequential(), Simultaneous()]), label="bidding")
    restriction = rules.restriction
    scoring = rules.scoring
    if bidding.simultaneous and isinstance(restriction, DealerHook):
        restriction = FirstBidderAdjusts()
        scoring = dataclasses.replace(scoring, consolation=None)  # the Boer consolation needs the hook
    rules = dataclasses.replace(
        rules, information=information, bidding=bidding, restriction=restriction, scoring=scoring
    )
    compiled = compile_rules(rules)
    round_index = data.draw(st.integers(0, compiled.n_rounds - 1), label="round")
    n = int(compiled.players_in_round[round_index])
    rng = Stream(seed)
    state = deal(compiled, round_index=round_index, dealer=int(rng.integers(n)), players=n, rng=rng)
    strategies = [FillTheHand() if data.draw(st.booleans()) else RANDOM for _ in range(n)]
    while not state.is_over:
        for seat in range(n):
            check_observation(state, seat)
        seat = state.current_seat
        obs = state.observation(seat)
        if state.phase == "name_trump":
            state.apply_trump(strategies[seat].name_trump(obs, rng))
        elif state.phase in ("bid", "adjust"):
            state.apply_bid(strategies[seat].bid(obs, rng))
        else:
            state.apply_play(strategies[seat].play(obs, rng))
    check_tricks(compiled, state.result())


# -- illegal moves --------------------------------------------------------------------


def test_an_illegal_bid_names_seat_strategy_value_and_legal_bids() -> None:
    bad = FixedBid(value=99)
    with pytest.raises(IllegalMoveError) as info:
        play_deal(boerenbridge(4), [RANDOM, RANDOM, bad, RANDOM], seed=1, round_index=2, dealer=0)
    err = info.value
    assert (err.seat, err.who, err.returned, err.legal) == (2, repr(bad), 99, [0, 1, 2, 3])
    message = str(err)
    for part in ("seat 2", "FixedBid(value=99)", "99", "[0, 1, 2, 3]"):
        assert part in message


class _Named(RandomStrategy):
    """Random play that counts how often it is named."""

    calls = 0

    def __repr__(self) -> str:
        type(self).calls += 1
        return "_Named()"


def test_a_player_is_named_only_when_it_breaks_a_rule() -> None:
    # the engine used to build every player's repr at every move: a player with a long repr (a recorder
    # holding its decisions) made a deal quadratic
    _Named.calls = 0
    play_deal(boerenbridge(4), [_Named()] * 4, seed=1, round_index=6)
    assert _Named.calls == 0


@pytest.mark.parametrize("value", [True, "1", 1.0, None, -1])
def test_a_bid_that_is_not_a_bid_is_illegal(value: object) -> None:
    with pytest.raises(IllegalMoveError, match=r"seat 1 \(FixedBid"):
        play_deal(boerenbridge(4), [RANDOM, FixedBid(value=value), RANDOM, RANDOM], seed=1, round_index=2)


def test_a_hooked_dealer_bid_is_illegal_and_says_why() -> None:
    strategies: list[Strategy] = [HookBreaker(), FixedBid(value=0), FixedBid(value=0), FixedBid(value=0)]
    with pytest.raises(IllegalMoveError, match="dealer's hook") as info:
        play_deal(boerenbridge(4), strategies, seed=3, round_index=3, dealer=0)
    err = info.value
    assert err.seat == 0
    assert err.returned == 4
    assert err.legal == [0, 1, 2, 3]
    assert "HookBreaker()" in str(err)


def test_a_card_not_in_the_hand_is_illegal() -> None:
    with pytest.raises(IllegalMoveError, match="not in this hand") as info:
        play_deal(boerenbridge(4), [RANDOM, RANDOM, RANDOM, PlaysWizard()], seed=5, round_index=4, dealer=0)
    err = info.value
    assert err.seat == 3
    assert err.returned == WIZARD
    assert "PlaysWizard()" in str(err)
    assert "Card('W')" in str(err)
    assert isinstance(err.legal, list)
    assert err.legal and all(isinstance(c, str) for c in err.legal)


def test_not_following_suit_is_illegal() -> None:
    rules = Rules(players=4, schedule=FixedHands(size=8, rounds=1), trump=NoTrump())
    with pytest.raises(IllegalMoveError, match="follow suit") as info:
        play_deal(rules, [Revoker()] * 4, seed=7)
    err = info.value
    assert isinstance(err.returned, Card)
    assert str(err.returned) not in err.legal
    assert "Revoker()" in str(err)


# -- worked examples of the sources --------------------------------------------------


def four_hands(size: int) -> list[list[Card]]:
    """Deterministic hands: the lowest ``4 * size`` cards dealt round the table."""
    return [[Card(code) for code in range(seat, 4 * size, 4)] for seat in range(4)]


def test_boerenbridge_hook_example() -> None:
    # "in a 5-card round where the first three players bid 2, 0, and 1 (total 3), the
    # dealer cannot bid 2 ...; they must bid 0, 1, 3, 4, or 5 instead."
    rules = boerenbridge(4)
    round_index = rules.hand_sizes.index(5)
    state = DealState(
        compile_rules(rules),
        round_index=round_index,
        dealer=3,
        hands=four_hands(5),
        trump=Trump.of(Suit.HEARTS),
        trump_card=None,
    )
    for seat, bid in [(0, 2), (1, 0), (2, 1)]:
        assert state.current_seat == seat
        assert state.legal_bids() == (0, 1, 2, 3, 4, 5)
        state.apply_bid(bid)
    assert state.current_seat == 3
    assert state.legal_bids() == (0, 1, 3, 4, 5)
    assert state.observation(3).legal_bids == (0, 1, 3, 4, 5)
    with pytest.raises(IllegalMoveError, match="dealer's hook"):
        state.apply_bid(2, "dealer")
    assert (state.phase, state.current_seat) == ("bid", 3)
    state.apply_bid(3)
    result = run_deal(state, [RANDOM] * 4, [Stream(i) for i in range(4)])
    assert result.first_bids == result.bids == (2, 0, 1, 3)
    assert result.hooked


@pytest.mark.parametrize("adjust_to", [0, 2])
def test_bondebridge_adjustment_example(adjust_to: int) -> None:
    # "4 players, 6 cards, bids 2, 1, 2, 1: the player left of the dealer bid 1 and must go
    # to 2 or 0."  Bids listed from the dealer: dealer 2, left of dealer 1, then 2 and 1.
    rules = bondebridge(4)
    round_index = 5
    assert rules.hand_sizes[round_index] == 6
    state = DealState(
        compile_rules(rules),
        round_index=round_index,
        dealer=0,
        hands=four_hands(6),
        trump=Trump.of(Suit.HEARTS),  # round 6: the rotation's hearts
        trump_card=None,
    )
    for seat, bid in [(1, 1), (2, 2), (3, 1), (0, 2)]:
        assert state.current_seat == seat
        assert state.observation(seat).bids == (None,) * 4  # simultaneous: nothing seen yet
        state.apply_bid(bid)
    assert state.phase == "adjust"
    assert state.current_seat == 1
    assert state.legal_bids() == (0, 2)
    assert state.observation(1).bids == (2, 1, 2, 1)  # everyone's fingers are shown now
    with pytest.raises(IllegalMoveError, match="move one up or down"):
        state.apply_bid(1)
    with pytest.raises(IllegalMoveError):
        state.apply_bid(3)
    state.apply_bid(adjust_to)
    assert state.phase == "play"
    result = run_deal(state, [RANDOM] * 4, [Stream(i) for i in range(4)])
    assert result.first_bids == (2, 1, 2, 1)
    assert result.bids == (2, adjust_to, 2, 1)
    assert BidAdjusted(1, 1, adjust_to) in result.events
    assert not result.hooked


def test_highest_bidder_adjusts_ties_go_to_the_dealers_left() -> None:
    # House rule: the highest bidder adjusts; ties: the one closest to the dealer's left.
    rules = dataclasses.replace(bondebridge(4), restriction=HighestBidderAdjusts())
    state = DealState(
        compile_rules(rules), round_index=5, dealer=0, hands=four_hands(6), trump=Trump.none(), trump_card=None
    )
    for bid in (1, 2, 2, 1):  # seats 1, 2, 3, 0: seats 2 and 3 bid the highest, 2
        state.apply_bid(bid)
    assert state.phase == "adjust"
    assert state.current_seat == 2
    assert state.legal_bids() == (1, 3)


def test_adjusting_from_zero_can_only_go_up() -> None:
    rules = bondebridge(4)
    state = DealState(
        compile_rules(rules), round_index=5, dealer=0, hands=four_hands(6), trump=Trump.none(), trump_card=None
    )
    for bid in (0, 2, 2, 2):
        state.apply_bid(bid)
    assert (state.phase, state.current_seat, state.legal_bids()) == ("adjust", 1, (1,))


def test_boer_consolation_for_a_hooked_dealer() -> None:
    rules = dataclasses.replace(
        boerenbridge(4), scoring=dataclasses.replace(boerenbridge(4).scoring, consolation=BoerConsolation())
    )
    # 1-card round, no trump: seat 0 leads the 2 of clubs and the dealer's ace of clubs wins.
    hands = [[Card.parse("2C")], [Card.parse("3C")], [Card.parse("4C")], [Card.parse("AC")]]
    state = DealState(compile_rules(rules), round_index=0, dealer=3, hands=hands, trump=Trump.none(), trump_card=None)
    for bid in (0, 0, 0):
        state.apply_bid(bid)
    assert state.legal_bids() == (0,)  # hooked: 1 would make the sum 1
    state.apply_bid(0)
    result = run_deal(state, [RANDOM] * 4, [Stream(i) for i in range(4)])
    assert result.tricks_won == (0, 0, 0, 1)
    assert result.hooked
    assert result.consoled == (3,)
    assert result.scores == (10, 10, 10, 0 + 5)


def test_a_turned_up_wizard_lets_the_dealer_name_trump_and_a_jester_means_none() -> None:
    # WizardDeck: "A Wizard turned up lets the dealer name trump; a Jester turned up means no trump."
    rules = Rules(players=3, deck=WizardDeck(), schedule=FixedHands(size=1, rounds=1), trump=TurnUpTrump())
    compiled = compile_rules(rules)
    seen = set()
    for seed in range(400):
        state = deal(compiled, round_index=0, dealer=seed % 3, players=3, rng=Stream(seed))
        card = state.trump_card
        assert card is not None
        if card.is_wizard:
            seen.add("wizard")
            assert (state.phase, state.current_seat) == ("name_trump", state.dealer)
            obs = state.observation(state.dealer)
            assert obs.legal_suits == tuple(Suit)
            assert obs.legal_bids == obs.legal_cards == ()
            with pytest.raises(IllegalMoveError, match="trump suit"):
                state.apply_trump("hearts", "namer")
            result = run_deal(state, [FillTheHand()] * 3, [Stream(i) for i in range(3)])
            assert result.trump == Trump.of(Suit.CLUBS)  # FillTheHand names the first legal suit
            assert result.events[0] == TrumpNamed(result.dealer, Suit.CLUBS)
        elif card.is_jester:
            seen.add("jester")
            assert state.trump.is_none
            assert state.phase == "bid"
    assert seen == {"wizard", "jester"}


# -- elimination ------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_elimination_knocks_out_the_last_placed_seat_on_the_way_up(seed: int) -> None:
    rules = Rules(players=4, schedule=HighFirst(up_to=3), trump=NoTrump(), match_end=Elimination())
    assert rules.players_per_round == (4, 4, 4, 3, 2)
    match = play_match(rules, [RANDOM] * 4, seed=seed)
    assert [len(s) for s in match.seats] == [4, 4, 4, 3, 2]
    assert [r for r, _ in match.knocked_out] == [3, 4]
    totals = [0] * 4
    made = [0] * 4
    best = [-(10**9)] * 4
    for r, (d, seats) in enumerate(zip(match.deals, match.seats)):
        if r in (3, 4):
            before = match.seats[r - 1]
            # lowest total, then fewest made bids, then worst best round, then the higher seat
            last = min(before, key=lambda s: (totals[s], made[s], best[s], -s))
            assert (r, last) in match.knocked_out
            assert last not in seats
        for local, seat in enumerate(seats):
            totals[seat] += d.scores[local]
            made[seat] += int(d.made[local])
            best[seat] = max(best[seat], d.scores[local])
    check_match(rules, match)
    assert set(match.winners) <= set(match.seats[-1])


# -- RandomStrategy contract ---------------------------------------------------------------


def test_random_strategy_is_a_picklable_hashable_value() -> None:
    strategy = RandomStrategy()
    assert isinstance(strategy, Strategy)
    copy = pickle.loads(pickle.dumps(strategy))
    assert copy == strategy
    assert hash(copy) == hash(strategy)
    assert repr(strategy) == "RandomStrategy()"


@given(seed=seeds)
def test_random_strategy_is_deterministic_for_a_given_rng(seed: int) -> None:
    rules = boerenbridge(4)
    state = deal(compile_rules(rules), round_index=6, dealer=0, players=4, rng=Stream(seed))
    obs = state.observation(state.current_seat)
    bids = [RANDOM.bid(obs, Stream(seed)) for _ in range(3)]
    assert len(set(bids)) == 1
    assert bids[0] in obs.legal_bids
    for _ in range(4):
        state.apply_bid(RANDOM.bid(state.observation(state.current_seat), Stream(seed)))
    obs = state.observation(state.current_seat)
    cards = [RANDOM.play(obs, Stream(seed)) for _ in range(3)]
    assert len(set(cards)) == 1
    assert cards[0] in obs.legal_cards
    # one rng.integers(len(legal)) draw per decision
    assert cards[0] == obs.legal_cards[Stream(seed).integers(len(obs.legal_cards))]


def test_random_strategy_uses_every_legal_bid() -> None:
    rules = Rules(players=3, schedule=FixedHands(size=3, rounds=1), restriction=NoRestriction())
    seen = {play_deal(rules, [RANDOM] * 3, seed=s).bids[1] for s in range(200)}
    assert seen == {0, 1, 2, 3}


def test_engine_rejects_a_wrong_number_of_strategies() -> None:
    with pytest.raises(ValueError, match="4 players need 4 strategies, got 3"):
        play_match(boerenbridge(4), [RANDOM] * 3, seed=1)
    with pytest.raises(TypeError, match="strategy for seat 1"):
        play_match(boerenbridge(4), [RANDOM, object(), RANDOM, RANDOM], seed=1)  # type: ignore[list-item]


# -- the short game's known leftovers ----------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"players": 3, "trump": DrawTrump()}, "plus 1 two set aside plus a drawn trump card needs 53 cards"),
        ({"players": 5, "trump": DrawTrump()}, "needs 53 cards"),
        ({"players": 3, "deck": DoubleDeck(), "trump": NoTrump()}, "use StandardDeck"),
        ({"players": 3, "deck": ReducedDeck(size=26), "trump": NoTrump()}, "use StandardDeck"),
    ],
)
def test_short_game_leftovers_that_cannot_be_laid_out_are_rejected(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        Rules(schedule=ShortGame(), **kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "kwargs",
    [
        {"players": 3, "trump": DrawTrump()},
        {"players": 3, "deck": DoubleDeck(), "trump": NoTrump()},
        {"players": 3, "deck": ReducedDeck(size=26), "trump": TurnUpTrump()},
    ],
    ids=["draw", "double", "reduced"],
)
def test_short_game_without_known_leftovers_plays_every_card_once(kwargs: dict[str, object]) -> None:
    rules = Rules(schedule=ShortGame(known_leftovers=False), **kwargs)  # type: ignore[arg-type]
    match = play_match(rules, [RANDOM] * rules.players, seed=1)
    check_match(rules, match)
    assert all(d.exposed == () or rules.trump_plans[d.round_index].source == "draw" for d in match.deals)


@pytest.mark.parametrize("players", [3, 5])
def test_short_game_known_leftovers_are_twos_of_non_trump_suits(players: int) -> None:
    # "Left-over cards (3 or 5 players) are swapped for twos of a non-trump suit so
    # everyone knows which cards are in play."
    rules = Rules(players=players, schedule=ShortGame(), trump=FixedRotation(no_trump_first=0))
    match = play_match(rules, [RANDOM] * players, seed=4)
    check_match(rules, match)
    first = match.deals[0]
    assert len(first.exposed) == 52 - players * first.hand_size == rules.set_aside(0)
    assert all(c.rank == 2 and not first.trump.is_trump(c.suit) for c in first.exposed)
    assert players * first.hand_size + len(first.exposed) == 52  # every card is known to be in play


@pytest.mark.parametrize(
    ("players", "trump"),
    [(6, FixedRotation(no_trump_first=0)), (6, SetesdalTrump()), (7, SetesdalTrump())],
    ids=["6-fixed", "6-setesdal", "7-setesdal"],
)
def test_short_game_with_more_leftovers_than_non_trump_twos_is_refused(players: int, trump: object) -> None:
    # more cards left over than twos of suits that are not trump: not every card could be known
    with pytest.raises(RulesError, match=r"only [0-9] twos are of suits that are not trump"):
        Rules(players=players, schedule=ShortGame(), trump=trump)  # type: ignore[arg-type]
