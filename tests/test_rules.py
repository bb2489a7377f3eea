"""Contract tests for rules values: presets, validation, schedules, trump plans, scoring.

Every expected value here is taken from the rule sources in
/work/shared/rules/ (boerenbridge.en.txt, bondebridge.no.txt,
up-and-down-the-river-app.en.txt) or from a policy's own docstring.
"""

from __future__ import annotations

import dataclasses
import pickle

import numpy as np
import pytest

from ohhell import RandomStrategy, play_match
from ohhell.cards import Card, Suit, parse_cards
from ohhell.rules import (
    PRESETS,
    BoerConsolation,
    BoerenbridgeLadder,
    DealerHook,
    DoubleDeck,
    DrawTrump,
    ExactBonus,
    FixedHands,
    FixedRotation,
    Harsh,
    Ladder,
    MissScoresTricks,
    MissZero,
    NoTrump,
    ReducedDeck,
    Rules,
    RulesError,
    Scoring,
    ShortGame,
    Simultaneous,
    StandardDeck,
    Trump,
    TrumpPlan,
    WizardDeck,
    boerenbridge,
    bondebridge,
    compile_rules,
    openspiel,
    preset,
    up_and_down_the_river,
)
from ohhell.rules.scoring import consolation_seats

#: Player counts each source allows (the presets' documented ranges).
PLAYER_RANGES = {
    "boerenbridge": range(2, 8),
    "bondebridge": range(2, 6),
    "up-and-down-the-river": range(3, 8),
    "openspiel": range(3, 8),
}

PRESET_CASES = [(name, n) for name, players in PLAYER_RANGES.items() for n in players]


def ladder(peak: int, repeat_peak: bool = False) -> tuple[int, ...]:
    up = tuple(range(1, peak + 1))
    return up + tuple(range(peak if repeat_peak else peak - 1, 0, -1))


# -- presets: construction and value semantics ---------------------------------


def test_preset_registry_names_every_preset() -> None:
    assert set(PRESETS) == set(PLAYER_RANGES)


@pytest.mark.parametrize(("name", "players"), PRESET_CASES)
def test_preset_is_a_hashable_picklable_value(name: str, players: int) -> None:
    rules = PRESETS[name](players)
    assert rules.players == players
    assert rules == PRESETS[name](players)
    assert hash(rules) == hash(PRESETS[name](players))
    copy = pickle.loads(pickle.dumps(rules))
    assert copy == rules
    assert hash(copy) == hash(rules)
    assert preset(name, players) == rules
    renamed = dataclasses.replace(rules, name="house")
    assert renamed.name == "house"
    assert renamed != rules
    assert dataclasses.replace(renamed, name=rules.name) == rules


@pytest.mark.parametrize(("name", "players"), PRESET_CASES)
def test_preset_compiles_to_consistent_plain_data(name: str, players: int) -> None:
    rules = PRESETS[name](players)
    compiled = compile_rules(rules)
    assert compiled.n_rounds == len(rules.hand_sizes)
    assert tuple(compiled.hand_sizes.tolist()) == rules.hand_sizes
    assert tuple(compiled.players_in_round.tolist()) == (players,) * compiled.n_rounds
    assert sorted(compiled.deck.tolist()) == sorted(c.code for c in rules.deck.cards())
    for r, h in enumerate(rules.hand_sizes):
        table = compiled.score_table(r)
        assert table.shape == (h + 1, h + 1)
        expected = [[rules.scoring.score(b, t) for t in range(h + 1)] for b in range(h + 1)]
        assert table.tolist() == expected


@pytest.mark.parametrize(("name", "players"), PRESET_CASES)
def test_preset_plays_a_whole_match(name: str, players: int) -> None:
    rules = PRESETS[name](players)
    match = play_match(rules, [RandomStrategy()] * players, seed=(2026, players))
    assert [d.hand_size for d in match.deals] == list(rules.hand_sizes)
    assert all(sum(d.tricks_won) == d.hand_size for d in match.deals)


@pytest.mark.parametrize("name", sorted(PLAYER_RANGES))
def test_preset_rejects_player_counts_outside_its_source(name: str) -> None:
    allowed = PLAYER_RANGES[name]
    for players in (allowed.start - 1, allowed.stop):
        with pytest.raises(RulesError, match=rf"{allowed.start} to {allowed.stop - 1} players"):
            PRESETS[name](players)


def test_preset_lookup_normalises_names_and_lists_presets_on_error() -> None:
    assert preset("Up_and_Down_the_River", 5) == up_and_down_the_river(5)
    assert preset("boerenbridge") == boerenbridge()
    with pytest.raises(RulesError, match="boerenbridge, bondebridge, openspiel, up-and-down-the-river"):
        preset("whist")


def test_replacing_a_policy_is_validated() -> None:
    harsh = dataclasses.replace(boerenbridge(4), scoring=Scoring(made=ExactBonus(base=10, per_trick=2), miss=Harsh()))
    assert harsh.hand_sizes == boerenbridge(4).hand_sizes
    assert harsh.scoring.score(3, 1) == -2
    with pytest.raises(RulesError, match="sequential"):
        dataclasses.replace(boerenbridge(4), bidding=Simultaneous())


# -- presets: what the sources say ---------------------------------------------


@pytest.mark.parametrize(
    ("players", "sizes"),
    [
        (4, ladder(8)),  # 1-2-3-4-5-6-7-8-7-6-5-4-3-2-1 (15 deals)
        (5, ladder(10)),  # 1..10..1 (19 deals)
        (6, ladder(8)),  # 15 deals; 6 x 8 = 48 < 52
        (7, ladder(7, repeat_peak=True)),  # 1..7,7..1 (14 deals)
    ],
)
def test_boerenbridge_ladders_follow_the_source_table(players: int, sizes: tuple[int, ...]) -> None:
    rules = boerenbridge(players)
    assert rules.hand_sizes == sizes
    assert all(p.source == "turn-up" for p in rules.trump_plans)
    assert isinstance(rules.restriction, DealerHook)


def test_boerenbridge_deal_counts() -> None:
    assert [len(boerenbridge(n).hand_sizes) for n in (4, 5, 6, 7)] == [15, 19, 15, 14]


def test_boerenbridge_for_two_uses_a_26_card_deck_and_a_ladder_to_eight() -> None:
    rules = boerenbridge(2)
    assert rules.deck_size == 26
    assert rules.hand_sizes == ladder(8)


@pytest.mark.parametrize("players", range(2, 6))
def test_bondebridge_has_twenty_rounds_and_the_fixed_rotation(players: int) -> None:
    rules = bondebridge(players)
    assert rules.hand_sizes == tuple(range(1, 11)) + tuple(range(10, 0, -1))
    plans = rules.trump_plans
    # 1-based round numbers as the source counts them
    for rnd in (1, 2, 3, 18, 19, 20):
        assert plans[rnd - 1].source == "none"
    assert plans[4 - 1].suit == Suit.CLUBS
    assert plans[17 - 1].suit == Suit.DIAMONDS
    rotation = [Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES]
    for rnd in range(4, 18):
        assert plans[rnd - 1].source == "fixed"
        assert plans[rnd - 1].suit == rotation[(rnd - 4) % 4]
    assert rules.bidding.simultaneous
    assert rules.restriction.kind == "first-adjusts"


@pytest.mark.parametrize("players", [3, 4, 5])
def test_up_and_down_the_river_plays_19_rounds_with_trump_once(players: int) -> None:
    rules = up_and_down_the_river(players)
    assert rules.hand_sizes == ladder(10)
    sources = [p.source for p in rules.trump_plans]
    assert sources[0] == "turn-up"
    assert sources[1:-1] == ["first-round"] * 17
    assert sources[-1] == "none"  # "In the final round ... This round has no trump"
    match = play_match(rules, [RandomStrategy()] * players, seed=players)
    first = match.deals[0]
    assert first.trump_card is not None
    assert first.trump.suits == (first.trump_card.suit,)
    for d in match.deals[1:-1]:
        assert d.trump == first.trump
        assert d.trump_card is None
    assert match.deals[-1].trump.is_none


@pytest.mark.parametrize(("players", "peak"), [(6, 8), (7, 7)])
def test_up_and_down_the_river_caps_the_peak_by_the_deck(players: int, peak: int) -> None:
    # README open point: the cap is min(max setting, what the deck allows with a trump card left).
    assert up_and_down_the_river(players).hand_sizes == ladder(peak)


def test_openspiel_preset_scoring() -> None:
    scoring = openspiel(3).scoring
    for tricks in range(0, 8):
        assert scoring.score(tricks, tricks) == 10 + tricks
        for bid in range(0, 8):
            if bid != tricks:
                assert scoring.score(bid, tricks) == tricks


# -- validation: impossible combinations say what is wrong ---------------------


def test_too_many_cards_names_the_count_and_the_fit() -> None:
    with pytest.raises(RulesError, match="57 cards") as info:
        Rules(players=7, schedule=FixedHands(size=8, rounds=1))
    message = str(info.value)
    assert "7 players x 8 cards" in message
    assert "turned-up trump" in message
    assert "52-card deck" in message
    assert "at most 7 cards each" in message


def test_drawn_trump_card_counts_against_the_deck() -> None:
    with pytest.raises(RulesError, match="53 cards"):
        Rules(players=4, schedule=FixedHands(size=13, rounds=1), trump=DrawTrump())


def test_whole_deck_with_turn_up_plays_without_trump() -> None:
    # README open point: no card left to turn up means no trump for that round.
    rules = Rules(players=4, schedule=FixedHands(size=13, rounds=1))
    match = play_match(rules, [RandomStrategy()] * 4, seed=11)
    assert match.deals[0].trump.is_none
    assert match.deals[0].trump_card is None


def test_ladder_beyond_the_deck_is_rejected_unless_fitted() -> None:
    with pytest.raises(RulesError, match="round 14: 4 players x 14 cards"):
        Rules(players=4, schedule=Ladder(up_to=14))
    assert max(Rules(players=4, schedule=Ladder(up_to=14, fit_to_deck=True)).hand_sizes) == 12


def test_hook_needs_sequential_bidding() -> None:
    with pytest.raises(RulesError) as info:
        Rules(bidding=Simultaneous(), restriction=DealerHook())
    message = str(info.value)
    assert "sequential" in message
    assert "FirstBidderAdjusts" in message


@pytest.mark.parametrize("first_dealer", [4, -1, "left", 1.5])
def test_bad_first_dealer(first_dealer: object) -> None:
    with pytest.raises(RulesError, match=r"first_dealer must be a seat 0\.\.3 or 'random'"):
        Rules(players=4, first_dealer=first_dealer)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("deck", Ladder()),
        ("schedule", StandardDeck()),
        ("trump", "hearts"),
        ("bidding", DealerHook()),
        ("restriction", Simultaneous()),
        ("scoring", MissZero()),
        ("tricks", None),
        ("match_end", 3),
    ],
)
def test_wrong_policy_type_names_the_field(field: str, value: object) -> None:
    with pytest.raises(RulesError, match=rf"Rules\.{field} must be a"):
        Rules(**{field: value})  # type: ignore[arg-type]


@pytest.mark.parametrize(("field", "cls"), [("trump", NoTrump), ("deck", StandardDeck), ("schedule", Ladder)])
def test_policy_class_instead_of_instance_is_a_rules_error(field: str, cls: type) -> None:
    # a class passes a runtime_checkable Protocol check; it must still be rejected up front
    with pytest.raises(RulesError, match=rf"Rules\.{field} must be a policy instance: write {cls.__name__}\(\)"):
        Rules(**{field: cls})


@pytest.mark.parametrize("players", [0, 1, -3])
def test_too_few_players(players: int) -> None:
    with pytest.raises(RulesError, match="players must be an integer >= 2"):
        Rules(players=players)


def test_boerenbridge_ladder_outside_its_table() -> None:
    with pytest.raises(RulesError, match="2-7 players"):
        Rules(players=8, schedule=BoerenbridgeLadder())


def test_short_game_known_leftovers_need_one_standard_deck() -> None:
    for deck in (WizardDeck(), DoubleDeck(), ReducedDeck(size=26)):
        with pytest.raises(RulesError, match=r"use StandardDeck, or ShortGame\(known_leftovers=False\)"):
            Rules(players=3, deck=deck, schedule=ShortGame(), trump=NoTrump())
        Rules(players=3, deck=deck, schedule=ShortGame(known_leftovers=False), trump=NoTrump())


# -- schedules and decks ---------------------------------------------------------


def test_short_game_round_counts_from_the_source() -> None:
    # Bondebridge "kortere spill": 3 players 17 rounds, 4: 13, 5: 10.
    for players, rounds in [(3, 17), (4, 13), (5, 10)]:
        rules = Rules(players=players, schedule=ShortGame(), trump=NoTrump())
        assert rules.hand_sizes == tuple(range(rounds, 0, -1))
    # one or two cards left over in round 1 with 3 or 5 players are laid aside as twos
    assert Rules(players=3, schedule=ShortGame(), trump=NoTrump()).set_aside(0) == 1
    assert Rules(players=5, schedule=ShortGame(), trump=NoTrump()).set_aside(0) == 2
    assert Rules(players=4, schedule=ShortGame(), trump=NoTrump()).set_aside(0) == 0


def test_reduced_deck_default_cards() -> None:
    cards = ReducedDeck().cards()
    expected = {Card.of(rank, suit) for rank in range(9, 15) for suit in Suit} | set(parse_cards("8S 8H"))
    assert len(cards) == 26
    assert set(cards) == expected


def test_reduced_deck_explicit_cards_must_agree_with_size() -> None:
    assert ReducedDeck(size=2, cards_in_play=("AS", "KH")).cards() == parse_cards("KH AS")
    with pytest.raises(ValueError, match="size=3 but 2 cards"):
        ReducedDeck(size=3, cards_in_play=("AS", "KH"))
    with pytest.raises(ValueError, match="distinct plain cards"):
        ReducedDeck(size=2, cards_in_play=("AS", "AS"))


def test_fixed_rotation_with_shorter_schedules_keeps_its_no_trump_ends() -> None:
    rotation = FixedRotation(no_trump_first=1, no_trump_last=1)
    sizes = (1, 2, 3, 2, 1)
    assert [rotation.plan(i, sizes).source for i in range(5)] == ["none", "fixed", "fixed", "fixed", "none"]
    assert [rotation.plan(i, sizes).suit for i in (1, 2, 3)] == [Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS]


# -- scoring tables ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("bid", "made", "score"),
    [(3, 3, 13), (0, 0, 10), (5, 5, 15), (3, 2, 0), (3, 4, 0)],
)
def test_up_and_down_the_river_source_table(bid: int, made: int, score: int) -> None:
    rules = up_and_down_the_river(4)
    assert rules.scoring.score(bid, made) == score
    peak = rules.hand_sizes.index(10)
    assert compile_rules(rules).score_table(peak)[bid, made] == score


@pytest.mark.parametrize(("bid", "made", "score"), [(0, 0, 10), (3, 3, 16), (3, 1, 0), (2, 4, 0)])
def test_boerenbridge_scores(bid: int, made: int, score: int) -> None:
    assert boerenbridge(4).scoring.score(bid, made) == score


def test_boerenbridge_harsh_scoring() -> None:
    harsh = Scoring(made=ExactBonus(base=10, per_trick=2), miss=Harsh())
    assert harsh.score(3, 1) == -2  # "bid 3 and won 1 = -2"
    assert harsh.score(1, 3) == -2
    assert harsh.score(3, 3) == 16
    assert Scoring(made=ExactBonus(base=10, per_trick=2), miss=Harsh(factor=3)).score(0, 2) == -6
    with pytest.raises(ValueError, match="factor"):
        Harsh(factor=0)


def test_bondebridge_scores_and_the_five_point_zero() -> None:
    scoring = bondebridge(4).scoring
    assert scoring.score(0, 0) == 10  # "en holdt null gir 10 poeng"
    assert scoring.score(5, 5) == 15
    assert scoring.score(5, 4) == 0
    five = dataclasses.replace(scoring, made_zero=5)  # "Fem poeng for null"
    assert five.score(0, 0) == 5
    assert five.score(0, 1) == 0
    assert five.score(2, 2) == 12


def test_miss_scores_tricks_table() -> None:
    table = Scoring(made=ExactBonus(base=10, per_trick=1), miss=MissScoresTricks()).table(2)
    np.testing.assert_array_equal(table, [[10, 1, 2], [0, 11, 2], [0, 1, 12]])


def test_multiplier_applies_to_the_whole_table() -> None:
    scoring = Scoring(made=ExactBonus(base=10, per_trick=2), miss=Harsh())
    np.testing.assert_array_equal(scoring.table(1, multiplier=2), [[20, -2], [-2, 24]])


# -- Boer consolation ----------------------------------------------------------------


@pytest.mark.parametrize("ties", [True, False])
def test_consolation_goes_to_a_hooked_dealer_with_the_strictly_smallest_miss(ties: bool) -> None:
    rule = BoerConsolation(ties=ties)
    # dealer 3 missed by 1; seat 0 missed by 2; seats 1 and 2 made it
    assert consolation_seats(rule, True, 3, [3, 1, 0, 2], [1, 1, 0, 3]) == (3,)


def test_consolation_ties_on_and_off() -> None:
    bids, tricks = [2, 1, 0, 2], [1, 1, 0, 3]  # dealer 3 and seat 0 both missed by 1
    assert consolation_seats(BoerConsolation(ties=True), True, 3, bids, tricks) == (3,)
    assert consolation_seats(BoerConsolation(ties=False), True, 3, bids, tricks) == ()


def test_no_consolation_when_not_closest_made_or_not_hooked() -> None:
    rule = BoerConsolation()
    assert consolation_seats(rule, True, 3, [2, 1, 0, 0], [1, 1, 0, 2]) == ()  # dealer missed by 2 > 1
    assert consolation_seats(rule, True, 3, [1, 1, 0, 2], [1, 1, 0, 2]) == ()  # dealer made it
    assert consolation_seats(rule, False, 3, [1, 1, 0, 0], [1, 1, 0, 2]) == ()  # hook removed nothing
    assert consolation_seats(None, True, 3, [1, 1, 0, 0], [1, 1, 0, 2]) == ()  # rule off


def test_a_drawn_card_makes_its_suit_trump_unless_the_plan_excludes_it() -> None:
    """``TrumpPlan.trump_of_drawn`` on every card of a Wizard deck: its suit, none for a Wizard or a
    Jester, and with ``plain_only`` none for a jack, queen, king or ace (the deal, a seat's view and a
    record's replay all read it)."""
    for plain_only in (False, True):
        plan = TrumpPlan("draw", plain_only=plain_only)
        for card in set(WizardDeck().cards()):
            want = Trump.none()
            if card.suit is not None and not (plain_only and card.rank > 10):
                want = Trump.of(card.suit)
            assert plan.trump_of_drawn(card) == want, (card, plain_only)


def test_the_twos_set_aside_skip_only_a_trump_known_before_the_deal() -> None:
    hearts = Trump.of(Suit.HEARTS)
    assert TrumpPlan("fixed", Suit.HEARTS).shown_before_play(3, hearts) == (
        tuple(parse_cards("2C 2D 2S")),
        False,
    )
    assert TrumpPlan("draw").shown_before_play(3, hearts) == (tuple(parse_cards("2C 2D 2H")), True)
    assert TrumpPlan("turn-up").shown_before_play(0, hearts) == ((), False)
